"""Rules choice-asks, dumb-down-asks, split-requests, condition-checks, reading-asks and
wording-judgements (stop 39, issue 15 item 1, SPEC-028 §5.2 CLARIFY against DRILL_DOWN), as
data: the closed classes of words with which a user asks the assistant to explain a word or
a choice of its reply against the one the user expected ("why 'fueron' and not 'iban'?", "how
come a 10mm bit and not an 8?"), to say a part of it more simply with the part named in
between ("can you dumb the escrow bit down for me"), to confirm a condition it stated ("so if
it's under 2kg I don't pay duty?"), or which reading a term has ("4:1 is by volume or by
weight exactly?"); and the forms that look alike but ask for more: "break that down per
region" (a split, not a simpler version), "is 'Dear Tom' too formal?" (judging the user's own
wording). Case-folded, curly apostrophes made straight, ``ECHO_STRIP`` off each word.
"""

from __future__ import annotations

__all__ = [
    "CHOICE_ASKING",
    "CHOICE_CONTRASTS",
    "CHOICE_FILLERS",
    "CHOICE_FRAMES",
    "CHOICE_OPENERS",
    "CHOICE_OWN",
    "CHOICE_PHRASES",
    "CHOICE_VERBS",
    "CONDITION_OPENERS",
    "DUMB_FILLERS",
    "DUMB_OBJECTS",
    "DUMB_WORDS",
    "JUDGE_OPENERS",
    "JUDGE_WORDS",
    "READING_LINKS",
    "SENTENCE_ENDS",
    "SPLIT_PLAIN",
    "SPLIT_WORDS",
]

# What opens the question, after ``check_words.CHECK_FILLERS`` ("sorry, why ..."): "why" and
# its shorthand, "how come".
CHOICE_OPENERS = (("why",), ("y",), ("whyy",), ("how", "come"), ("hw", "come"), ("how", "cum"))
# What sets the reply's choice against the expected one: right after the choice's words.
CHOICE_CONTRASTS = (
    ("and", "not"), ("n", "not"), ("but", "not"), ("instead", "of"), ("rather", "than"),
    ("not",),
)  # fmt: skip
# What may stand between the opener and the choice, naming who chose and how, not the choice:
# "why did you use rsync and not cp", "how come you said 'fueron' and not 'iban'" (a frame,
# then one of ``CHOICE_VERBS``). Any other verb put first asks about the world ("why does
# the dough rise and not collapse?": DRILL_DOWN).
CHOICE_FRAMES = (
    ("did", "you"), ("do", "you"), ("did", "u"), ("do", "u"), ("would", "you"), ("you",), ("u",),
)  # fmt: skip
CHOICE_VERBS = frozenset((
    "use", "used", "say", "said", "pick", "picked", "choose", "chose", "go", "went", "write",
    "wrote", "put", "recommend", "recommended", "suggest", "suggested", "do", "did",
))  # fmt: skip
# A verb right after the opener that asks about the world, not the reply's choice.
CHOICE_ASKING = frozenset((
    "is", "are", "was", "were", "does", "do", "did", "can", "could", "should", "would", "will",
    "has", "have", "had", "isn't", "doesn't", "don't", "won't", "can't", "am",
))  # fmt: skip
# Words that lead the question and say nothing ("but why ...", "ok so how come ...").
CHOICE_FILLERS = frozenset(("but", "and", "so", "then", "just", "out", "of", "curiosity"))
# The user's own situation: "why do my legs sink and not float?", "why am I slower and not
# faster?" ask about the user, not the reply's choice (DRILL_DOWN).
CHOICE_OWN = frozenset((
    "i", "i'm", "im", "my", "me", "mine", "we", "we're", "our", "us", "am", "myself",
))  # fmt: skip
# Rule dumb-down-asks: "dumb <the part> down", the words between naming the part; these name
# nothing of it ("the X bit", "the X stuff", "a bit", "for me").
DUMB_FILLERS = frozenset((
    "the", "that", "this", "it", "those", "these", "bit", "bits", "part", "parts", "thing",
    "things", "stuff", "section", "point", "step", "a", "an", "little", "lil", "more", "for",
    "me", "us", "pls", "please", "of", "about", "whole", "all", "your", "ur", "on",
))  # fmt: skip
DUMB_WORDS = frozenset(("dumb", "dumbs"))
# What ends a sentence for these rules (a token ending so, closing quotes aside).
SENTENCE_ENDS = ".!?;"
# What follows "dumb" in a request to simplify: the part named, or "it"/"that" itself.
DUMB_OBJECTS = frozenset(("the", "that", "this", "it", "those", "these", "your", "ur", "all", "a"))
# Rule split-requests: "break it down" followed by one of these asks to split the thing by a
# dimension ("break it down by week", "break that down per region": DRILL_DOWN, more detail),
# not to say it more simply (a CLARIFY marker of the lexicon); after "into" only when no
# ``SPLIT_PLAIN`` word follows ("break it down into simple steps" asks for a simpler version).
SPLIT_WORDS = frozenset(("by", "per", "into", "across", "between"))
SPLIT_PLAIN = frozenset((
    "simple", "simpler", "plain", "plainer", "easy", "easier", "layman", "layman's", "laymans",
    "lay", "steps", "step", "bits", "english", "words", "terms", "baby", "small", "smaller",
    "chunks", "bite-sized", "pieces", "something", "normal", "basic", "everyday", "human",
))  # fmt: skip
_SPLIT_OBJECTS = ("it", "that", "this", "them", "those", "these")
# Rule wording-judgements: a yes/no question that judges the user's own proposed wording, in
# quotation marks ("is 'Dear Tom' too formal for a neighbour?", "would 'Best wishes' sound
# stiff?"): asks nothing of what the wording means, even when the reply used it (DRILL_DOWN).
# It opens with one of ``JUDGE_OPENERS`` and one of ``JUDGE_WORDS`` follows the quote.
JUDGE_OPENERS = frozenset((
    "is", "isn't", "would", "wouldn't", "does", "doesn't", "should", "could", "can", "will",
    "was", "do", "are",
))  # fmt: skip
JUDGE_WORDS = frozenset((
    "too", "ok", "okay", "fine", "good", "better", "best", "worse", "appropriate", "polite",
    "rude", "formal", "informal", "stiff", "weird", "odd", "cheesy", "acceptable",
    "professional", "natural", "friendly", "cold", "casual", "alright", "awkward", "strange",
    "sound", "sounds", "look", "looks", "come", "inappropriate", "unprofessional", "enough",
    "suitable", "okey", "allowed", "correct", "wrong", "overkill",
))  # fmt: skip
# Rule condition-checks: a restating check that puts a condition and its consequence the
# latest reply stated back as a question ("so if the parcel is under 2kg I don't pay duty?",
# "and if I'm under 25 I just skip the deposit?", "So should the operator reject it, I may go
# to the ombudsman?"): one of these opens it, after ``check_words.CHECK_FILLERS``.
CONDITION_OPENERS = (
    ("so", "if"), ("and", "if"), ("so", "when"), ("so", "provided"), ("so", "should"),
    ("so", "as", "long", "as"), ("so", "once"), ("so", "providing"), ("so", "assuming"),
    ("so", "whenever"),
)  # fmt: skip
# Rule reading-asks: a reply's term, then the readings the user hesitates between and
# "exactly" ("4:1 is by volume or by weight exactly?", "the base rate is gross or net
# exactly?"): the links between the term and the readings.
READING_LINKS = frozenset(("is", "are", "=", "means", "meaning", "as", "being"))
# The scanner's phrases of the three rules (``Marker.PLAIN_CLARIFY``): a turn with one goes on
# to the slow path, where the rules read it (the native settle hands it on). "not" alone,
# "instead of" and "rather than" are Marker.CONFIRM_MARK's phrases already (read in a turn
# ending in "?").
CHOICE_PHRASES = (
    "and not", "n not", "but not", "exactly", *sorted(DUMB_WORDS),
    *(" ".join(opener) for opener in CONDITION_OPENERS),
    *(f"break {o} down {w}" for o in _SPLIT_OBJECTS for w in sorted(SPLIT_WORDS)),
)  # fmt: skip
