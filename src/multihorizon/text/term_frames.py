"""Rule term-frames (issue 15 item 1, SPEC-028 §5.2 CLARIFY): the closed classes of words in
which a short question asks what a term of an earlier reply means, beyond those of rules
term-questions (``question_forms.TERM_*``) and echo-clarifications
(``topic_clause_words.ECHO_*``). Case-folded, curly apostrophes made straight.

Chosen by counting over every hand-written file (``tools/handwritten_report.py``): a short
turn (at most 80 characters) whose first clause is a term an assistant turn used, and the
user's own turns did not, is CLARIFY in 38 of 74 turns; the others go on with a question of
their own ("The knots, which is easier to learn?", "lifetime cover, how much more per month
usually"), the CLARIFY ones with one of the frames below or nothing at all.
"""

from __future__ import annotations

__all__ = [
    "FRAME_BREAKERS",
    "FRAME_HEDGES",
    "FRAME_LINKS",
    "FRAME_OPENERS",
    "FRAME_PART_ENDS",
    "FRAME_PART_WORDS",
    "FRAME_TAILS",
    "FRAME_TERM_WORDS",
    "REST_ASKS",
]

# Between a term asked back and a guess at its meaning ("hot mud?? like heated?",
# "fingerspelling I not understand, is it the letters?", "Red wrigglers, are those the same
# as the ones from fishing shops?"): a comparison or a report of not understanding.
FRAME_LINKS = (
    ("like",), ("so", "like"), ("i", "not", "understand"), ("i", "don't", "understand"),
    ("i", "dont", "understand"), ("i", "do", "not", "understand"), ("not", "sure", "i",
    "understand"), ("i", "don't", "get", "it"), ("i", "dont", "get", "it"), ("is", "that",
    "the", "same", "as"), ("are", "those", "the", "same", "as"), ("are", "they", "the", "same",
    "as"), ("is", "it", "the", "same", "as"), ("same", "as"),
)  # fmt: skip
# Whole tails after a term and its comma that ask what sets it apart from a neighbour
# ("valley and mountain fold, what's the difference?").
FRAME_TAILS = frozenset((
    "what's the difference", "what is the difference", "whats the difference",
    "what's the difference between them", "what is the difference between them",
))  # fmt: skip
# A term asked back may be a name of up to this many words ("treasure hunt with picture
# clues"), its content words still at most four.
FRAME_TERM_WORDS = 6
# "What means 'agrees' here?": the non-native opener of a term question.
FRAME_OPENERS = (("what", "means"),)
# "What does the 2 actually mean there?": where the term stands, no part of it.
FRAME_HEDGES = frozenset(("here", "there"))
# 'What's the "not found" bit doing?': after a quoted term, the part of the reply it names
# (the words only; the native settle reads them as hedges, a superset).
FRAME_PART_ENDS = frozenset((
    ("bit",), ("part",), ("bit", "doing"), ("part", "doing"), ("bit", "do"), ("part", "do"),
))  # fmt: skip
FRAME_PART_WORDS = frozenset(word for part in FRAME_PART_ENDS for word in part)
# "What's a good X?", "what's a decent lock for a bike?" ask for a recommendation, not what a
# term means (only the first clause's term is read, so these guard it).
FRAME_BREAKERS = frozenset((
    "good", "decent", "cheap", "nice", "better", "safe", "reasonable", "sensible", "typical",
    "usual", "realistic", "fair", "affordable", "popular", "recommended",
))  # fmt: skip
# After a term question's first clause the turn may go on without asking anything new
# ("whats a handcuff again, i keep seeing it", "What's a sleep regression? Keep it short
# please."): no "?" and none of these words there ("what's a tack, and how long is it?").
REST_ASKS = frozenset((
    "what", "what's", "whats", "where", "when", "which", "who", "whom", "whose", "why", "how",
    "can", "could", "should", "would", "will", "is", "are", "does", "do", "did",
))  # fmt: skip
