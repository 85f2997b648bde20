"""Rules understanding-checks and restated-checks (issue 15 item 1, SPEC-028 §5.2 CLARIFY), as
data: the closed classes of words with which a user puts the assistant's reply back in their
own words to check it ("so the batter is just the wall leaning in?", "wait, so I can skip the
primer?", "you mean the blue one?", "meaning I should water less?"; "the cartoon, that's just
the drawing at real size?", "the brayer, the roller thing?")."""

from __future__ import annotations

__all__ = [
    "APPOSITIVE_LINKS",
    "CHECK_BLOCKERS",
    "CHECK_FILLERS",
    "CHECK_INVERTED",
    "CHECK_LED_NEXT",
    "CHECK_LED_OPENERS",
    "CHECK_OPENERS",
    "CHECK_OPENER_PHRASES",
    "CHECK_PRONOUNS",
    "CHECK_TAGS",
    "CHECK_WH",
    "CLOSING_CHECKS",
    "CONFIRM_BARE_TAGS",
    "CONFIRM_CONTRASTS",
    "CONFIRM_LIMITERS",
    "CONFIRM_OUTSIDE",
    "CONFIRM_PHRASES",
    "CONFIRM_RETURNS",
    "CONFIRM_TAGS",
    "CONTRAST_ASKS",
    "RESTATED_LINKS",
    "RESTATING_CONTRASTS",
    "RESTATING_MARKS",
    "RESTATING_NEEDS",
    "RESTATING_SKIPPED",
]

# Rule understanding-checks. What opens the check, after ``CHECK_FILLERS``: a word that says
# "what follows is what I took from your reply" (longest first is not needed: each opener is
# read at the same place, the longest that matches wins).
CHECK_OPENERS = (
    ("so",), ("so", "basically"), ("basically",), ("so", "you", "mean"), ("you", "mean"),
    ("meaning",), ("so", "meaning"), ("that", "means"), ("so", "that", "means"),
    ("which", "means"), ("so", "in", "short"), ("in", "short"),
)  # fmt: skip
# "you mean" and "meaning" open a check only before one of these ("you mean the blue one?",
# "meaning I should water less?"), at the start or after a term the check restates
# ('"spills" meaning it fills ...?'): "what do you mean by ...", "the meaning of ..." are no
# check.
CHECK_LED_OPENERS = frozenset((("you", "mean"), ("meaning",)))
CHECK_LED_NEXT = (
    "the", "a", "an", "i", "we", "it", "it's", "that", "this", "these", "those", "you", "my",
    "your", "our", "there", "they", "he", "she", "no", "not", "only", "just", "like",
)  # fmt: skip
# The scanner's phrases for them (``Marker.CHECK_OPENER``): a turn with one goes on to the
# slow path, where the rule reads it (the native settle hands it on).
CHECK_OPENER_PHRASES = (
    "so", "basically", "that means", "which means", "in short",
    *(" ".join((*opener, word)) for opener in sorted(CHECK_LED_OPENERS) for word in CHECK_LED_NEXT),
)  # fmt: skip
# Words before the opener that say nothing of their own ("wait, so ...", "ok so ...").
CHECK_FILLERS = frozenset((
    "wait", "ok", "okay", "right", "hmm", "hm", "ah", "oh", "sorry", "um", "uh", "erm",
    "alright", "oops", "hang", "hold", "on", "oof", "whoa", "wow", "huh",
))  # fmt: skip
# A check is a statement put as a question ("so I can skip the primer?"). Right after the
# opener these make it a question of its own or a new case: an inverted question ("so should
# I ...", "so is it ...", "so what ..."), a condition or a case ("so if I ...", "so for zone 2
# rides ..."), a sequel ("so then ...", "so now ..."), a report of the user's own doing in
# the past tense is not among them: it has no "?".
CHECK_BLOCKERS = frozenset((
    "should", "can", "could", "would", "will", "shall", "may", "might", "must", "do", "does",
    "did", "is", "are", "was", "were", "am", "have", "has", "had", "isn't", "aren't", "don't",
    "doesn't", "didn't", "can't", "won't", "wouldn't", "shouldn't", "couldn't", "if", "for",
    "then", "now", "what", "what's", "whats", "how", "how's", "hows", "why", "which", "who",
    "where", "when", "whether", "any", "anything", "also", "and", "or", "but", "far", "much",
    "many", "long", "after", "before", "next", "about", "regarding", "as", "with", "to",
))  # fmt: skip
# Wh-words and "any": one that opens a clause of the check ("..., what about ...", "..., any
# ideas?") or comes before a verb put first ("where do I ...") asks something new; "where we
# come down" does not.
CHECK_WH = frozenset((
    "what", "what's", "whats", "how", "how's", "hows", "why", "which", "who", "where", "when",
    "whether", "any", "anything", "anyone", "anybody",
))  # fmt: skip
# A verb put before its subject ("should we", "do I", "can it") asks a question of its own.
CHECK_INVERTED = frozenset((
    "should", "can", "could", "would", "will", "shall", "may", "might", "must", "do", "does",
    "did", "is", "are", "was", "were", "have", "has",
))  # fmt: skip
CHECK_PRONOUNS = frozenset(("i", "we", "you", "he", "she", "it", "they", "there", "that", "this"))
# A verb put first at a clause's start asks anew ("So, the cracks: could the clay itself be the
# problem?") but in a tag that asks whether the check holds ("..., is that right?").
CHECK_TAGS = frozenset((
    ("is", "that", "right"), ("is", "that", "correct"), ("is", "that", "it"),
    ("is", "this", "right"), ("is", "this", "correct"), ("am", "i", "right"),
    ("did", "i", "get", "that", "right"), ("have", "i", "got", "that", "right"),
    ("do", "i", "have", "that", "right"), ("have", "i", "understood"),
    ("did", "i", "understand"), ("is", "that", "what", "you", "mean"),
    ("is", "that", "what", "you", "meant"), ("is", "that", "what", "you're", "saying"),
))  # fmt: skip

# Rule restated-checks (rule term-checks' links, widened): a reply's term in the opening
# clause, then a comma and the user's restatement of it: "the cartoon, that's just the
# drawing?", "the 80 years, it means the remaining term?", "the bail, that means the loop?".
RESTATED_LINKS = (
    ("that's",), ("thats",), ("it's",), ("it", "means"), ("that", "means"), ("this", "means"),
    ("which", "means"), ("meaning",),
)  # fmt: skip
# ... or an appositive guess: "the brayer, the roller thing?", "variometer, the instrument
# that beeps?": only when the guess is all the rest of the turn, one short clause.
APPOSITIVE_LINKS = (("the",), ("a",), ("an",))

# Rule confirm-checks (understanding-checks narrowed to what marks a check, stop 36): a
# restatement asks for confirmation when it closes with one of ``CONFIRM_TAGS`` after a clause
# end or as a sentence of its own ("..., correct?", "... thats it?", "Only five, really?"),
# sets what the reply said against another case (``CONFIRM_CONTRASTS`` at a clause's start:
# "so both, not just the chain?", "... rather than in front of it?"), or restates one of the
# reply's figures with one of ``CONFIRM_LIMITERS`` ("so the cassette is only 40 quid?").
# Rule closing-checks (stop 37): tags that close a restatement by saying it is all there is
# ("so the fee is merely 2%, nothing more?", "only the one form then, that's all?", "2 canes +
# 2 spurs, thats the lot?"): the check asks whether nothing else comes with what the reply said.
CLOSING_CHECKS = (
    ("nothing", "more"), ("nothing", "else"), ("nothing", "extra"), ("nothing", "further"),
    ("nothing", "more", "to", "it"), ("nothing", "else", "to", "it"), ("nothing", "on", "top"),
    ("nothing", "else", "on", "top"), ("no", "more"), ("no", "extras"), ("nothing", "besides"),
    ("that's", "all"), ("thats", "all"), ("is", "that", "all"), ("that", "is", "all"),
    ("that", "is", "it"), ("that's", "the", "lot"), ("thats", "the", "lot"),
    ("that's", "everything"), ("thats", "everything"), ("and", "that's", "it"),
    ("and", "thats", "it"), ("that's", "all", "of", "it"),
)  # fmt: skip
CONFIRM_TAGS = (
    ("right",), ("correct",), ("really",), ("is", "that", "it"),
    ("that's", "it"), ("thats", "it"), ("is", "that", "right"), ("is", "that", "correct"),
    ("is", "that", "true"), ("am", "i", "right"), ("did", "i", "get", "that", "right"),
    ("have", "i", "got", "that", "right"), ("do", "i", "have", "that", "right"),
    ("is", "that", "what", "you", "mean"), ("is", "that", "what", "you", "meant"),
    *CLOSING_CHECKS,
)  # fmt: skip
# With no opener, only these tags make a check ("The intervals are at goal pace, correct?"): a
# bare "..., right?" after the user's own view asks for agreement ("The middle bullet sounds
# like overkill for us, right?": DRILL_DOWN).
CONFIRM_BARE_TAGS = frozenset(tag for tag in CONFIRM_TAGS if tag != ("right",))
CONFIRM_CONTRASTS = (
    ("not",),
    ("and", "not"),
    ("but", "not"),
    ("rather", "than"),
    ("instead", "of"),
    # Stop 38: "..., but never both?", "..., never on the same day?"
    ("never",),
    ("but", "never"),
    ("and", "never"),
)
CONFIRM_LIMITERS = frozenset(("only", "just", "really", "whole"))
# A claim from elsewhere is no restatement of the reply ("I googled it and they all say 12
# hours, is that true?", "my neighbour says 10 is enough, right?": DRILL_DOWN), but for what
# the assistant said ("so you said 12 hours, right?").
CONFIRM_OUTSIDE = frozenset((
    "say", "says", "said", "told", "tells", "googled", "heard", "reckons", "thinks", "claims",
    "according", "online", "internet", "website", "video", "youtube", "forum", "reddit",
    "google",
))  # fmt: skip
# A return to an earlier thread may lead the check ("back to the flat - so the real difference
# is only 300?"): its clause, up to the first clause end, says where, not what is checked.
CONFIRM_RETURNS = (
    ("back", "to"), ("going", "back", "to"), ("go", "back", "to"), ("returning", "to"),
    ("coming", "back", "to"), ("getting", "back", "to"), ("back", "on"),
)  # fmt: skip
# Rule restating-checks (stop 38): a check with no tag, put in the reply's own words, that says
# what the reply said is all it takes ("so the receipt alone is enough and I don't need the
# box?", "so proving is simply leaving it longer?", "so X is just my back leg?"): one of these
# marks, or a need denied ("and I don't need the box?").
RESTATING_MARKS = frozenset((
    "alone", "enough", "simply", "merely", "basically", "essentially", "solely", "purely",
    "just", "only",
))  # fmt: skip
RESTATING_NEEDS = (
    ("don't", "need"), ("dont", "need"), ("do", "not", "need"), ("doesn't", "need"),
    ("doesnt", "need"), ("does", "not", "need"), ("no", "need"), ("needn't",), ("not", "needed"),
)  # fmt: skip
# Words of the check that restate nothing of the reply: the marks' and the needs' words (the
# tokenizer leaves "don" of "don't").
RESTATING_SKIPPED = RESTATING_MARKS | frozenset(
    ("don", "dont", "doesn", "doesnt", "need", "needed", "needn")
)
# Rule contrast-restatements (stop 40): a check that restates the reply's two sides joined by
# a contrast ("So the lease costs more per month but at the end I own nothing?").
RESTATING_CONTRASTS = frozenset(("but", "yet", "whereas", "while"))
# After the contrast these ask something new, no restatement ("so it's hot but can I open the
# door?", "... but who pays for it?"): a verb put first or a wh-word.
CONTRAST_ASKS = frozenset((
    "can", "could", "should", "would", "will", "shall", "must", "do", "does", "did", "is", "are",
    "was", "were", "am", "what", "whats", "what's", "who", "how", "when", "where", "which", "why",
))  # fmt: skip
# The scanner's phrases (``Marker.CONFIRM_MARK``): a turn with one goes on to the slow path.
CONFIRM_PHRASES = tuple(
    sorted(
        {" ".join(tag) for tag in CONFIRM_TAGS}
        | {" ".join(contrast) for contrast in CONFIRM_CONTRASTS}
        | CONFIRM_LIMITERS
        | RESTATING_MARKS
        | RESTATING_CONTRASTS
        | {" ".join(need) for need in RESTATING_NEEDS}
    )
)
