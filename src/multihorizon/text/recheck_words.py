"""Rule recheck-asks (stop 44, issue 15, SPEC-028 §5.2 CLARIFY): the closed word classes of a
question that opens by stopping on what the assistant said and asks about it again ("wait,
does the glaze go on before the firing?", "hang on is the 40 the width or the height", "just to
check, is it 2 or 3 coats?", "you said soak them, how long for?"). Case-folded, curly
apostrophes made straight, ``topic_clause_words.ECHO_STRIP`` off each word.
``RECHECK_PHRASES`` are ``Marker.PLAIN_CLARIFY``'s: a turn with one goes on to the slow path,
where the rule reads it (the native settle hands it on).
"""

from __future__ import annotations

__all__ = [
    "RECHECK_ADVICE", "RECHECK_ASKERS", "RECHECK_FILLERS", "RECHECK_MORE", "RECHECK_NEW",
    "RECHECK_OPENERS", "RECHECK_PHRASES", "RECHECK_QUESTION_WORDS", "RECHECK_RECALLS",
    "RECHECK_SAID", "RECHECK_WAIT_VERB",
]  # fmt: skip

# What opens the re-check, after ``RECHECK_FILLERS`` (the longest that matches wins).
RECHECK_OPENERS = (
    ("wait",), ("wait", "wait"), ("wait", "a", "sec"), ("wait", "a", "second"),
    ("wait", "a", "minute"), ("wait", "a", "moment"), ("wait", "a", "min"), ("hang", "on"),
    ("hang", "on", "a", "sec"), ("hang", "on", "a", "second"), ("hang", "on", "a", "minute"),
    ("hold", "on"), ("hold", "up"), ("just", "to", "check"), ("just", "to", "be", "sure"),
    ("just", "to", "be", "clear"), ("just", "checking"), ("to", "double", "check"),
    ("just", "to", "double", "check"), ("quick", "check"),
)  # fmt: skip
# Openers that name the reply itself ("you said soak them, how long?", learners' "you say"):
# the clause they open is what the assistant said, the question follows it.
RECHECK_SAID = (
    ("you", "said"), ("you", "say"), ("you", "mentioned"), ("you", "wrote"),
    ("so", "you", "said"), ("so", "you", "say"), ("earlier", "you", "said"),
)  # fmt: skip
# After "you said" these recall a thing said earlier, not the reply re-checked ("You said
# something about the backup permissions: what was it?"): §5.2 as it reads.
RECHECK_RECALLS = frozenset((
    "something", "anything", "earlier", "before", "previously", "once", "last", "at",
))  # fmt: skip
# Words before the opener ("ok wait, ...", "sorry, hang on ...").
RECHECK_FILLERS = frozenset((
    "ok", "okay", "oh", "sorry", "um", "uh", "erm", "hmm", "hm", "ah", "right",
))  # fmt: skip
# "wait" is the verb, not the opener, before these ("wait until it's dry?", "wait for the
# glue?", "wait a week?", "wait longer?"): the turn asks about waiting (§5.2 as it reads).
RECHECK_WAIT_VERB = frozenset((
    "until", "till", "til", "for", "a", "an", "another", "longer", "before", "after", "to",
    "overnight", "or", "and", "two", "three", "few", "some", "more", "at", "in", "then",
))  # fmt: skip
# A question's own words opening the clause after the opener: the re-check asks (a turn
# without "?" asks only so: "hang on is the 40 the width or the height").
RECHECK_QUESTION_WORDS = frozenset((
    "do", "does", "did", "is", "are", "was", "were", "am", "can", "could", "should", "would",
    "will", "has", "have", "must", "what", "whats", "what's", "why", "how", "which", "when",
    "where", "who", "isn't", "doesn't", "don't", "aren't", "shouldn't",
))  # fmt: skip
# After the opener these bring something new, not the reply again ("wait, what about the
# lid?", "hang on, another thing", "wait, also ...", "hold on, my boiler ..."): §5.2 as it
# reads.
RECHECK_NEW = frozenset((
    "also", "another", "and", "unrelated", "different", "random", "separate", "btw", "my",
    "our", "one", "quick", "question",
))  # fmt: skip
# A request after the opener asks for more, not what the reply meant ("wait, can you write
# one for Tuesday too?"): these two words in a row anywhere in the turn.
RECHECK_ASKERS = frozenset((
    ("can", "you"), ("could", "you"), ("would", "you"), ("will", "you"), ("give", "me"),
    ("show", "me"), ("tell", "me"),
))  # fmt: skip
# A question asking for advice or a judgement asks something new, whatever opens it ("you said
# 176 for two, is this a good price or should I wait?", "wait, is it worth buying one?").
RECHECK_ADVICE = frozenset((
    "should", "shall", "worth", "recommend", "better", "best", "good", "bad",
))  # fmt: skip
# A question asking for more goes on (§5.2 CONTINUE, "wait, what else do I need?"), whatever
# opens it; without these a CONTINUE phrase inside the question asks nothing more ("wait, does
# the grout go on first?").
RECHECK_MORE = frozenset((
    "else", "more", "next", "other", "others", "further", "additionally",
))  # fmt: skip
# The scanner's phrases (``Marker.PLAIN_CLARIFY``): the openers the surprise phrases do not
# mark already ("hang on", "hold on", "wait the", "wait you" ... are ``SURPRISE_PHRASES``).
RECHECK_PHRASES = (
    "wait so", "wait why", "wait how", "wait do", "wait does", "wait did",
    "wait can", "wait should", "wait when", "wait which", "wait where", "wait who",
    "wait whats", "wait what's", "wait a sec", "wait a second",
    "wait a minute", "wait a moment", "wait a min",
    # "is", "are", "was" only before a subject ("the wait is long" is no re-check):
    "wait is it", "wait is the", "wait is that", "wait is this", "wait is there", "wait are the",
    "wait are they", "wait are these", "wait are those", "wait was it", "wait was that",
    "just to check", "just to be sure", "just to be clear", "just checking", "double check",
    "quick check", "you said", "you say", "you mentioned", "you wrote",
)  # fmt: skip
