"""Rule meaning-asks (issue 15 item 1, SPEC-028 §5.2 CLARIFY): the closed class of phrases in
which a question asks what a term *is* or *means* (its identity), wherever the term stands
in the turn, as against how, how many, which or when (a question about the thing itself).
Case-folded, curly apostrophes made straight, ``topic_clause_words.ECHO_STRIP`` off each word.

Chosen by counting over every hand-written file (``tools/handwritten_report.py``, the new
hold-out aside): see the rule's registry row (``rules_resumption``).
"""

from __future__ import annotations

__all__ = [
    "MEANING_AFTER",
    "MEANING_AFTER_ENDS",
    "MEANING_ASKS_ON",
    "MEANING_BEFORE",
    "MEANING_CONSEQUENCE",
    "MEANING_COORDINATORS",
    "MEANING_CUTS",
    "MEANING_NEEDLES",
    "MEANING_POINTERS",
    "MEANING_REFERENCE_NOUNS",
    "MEANING_SKIPPED",
    "MEANING_SUBJECTS",
    "MEANING_WH_NEXT",
    "MEANING_WH_WORDS",
]

# Kernels the term follows, up to its clause's end ("what does easy pace actually mean",
# "What is meaning of X", "how do I read that", "who counts as that", "what mean X").
MEANING_AFTER = (
    ("what", "is", "the", "meaning", "of"), ("what", "is", "meaning", "of"),
    ("what's", "the", "meaning", "of"), ("meaning", "of"),
    ("what", "does"), ("what", "do"), ("what", "mean"), ("what", "means"),
    ("what", "is"), ("what", "are"), ("what's",), ("whats",), ("what", "exactly", "is"),
    ("what", "exactly", "are"),
    ("how", "do", "i", "read"), ("how", "should", "i", "read"), ("how", "do", "you", "read"),
    ("how", "to", "read"), ("how", "would", "i", "read"),
    ("who", "counts", "as"), ("what", "counts", "as"), ("who", "count", "as"),
)  # fmt: skip
# What closes a "what does X ..." kernel: only these ask for a meaning ("what does X do"
# asks for one only when X points back: "anti-skate, what's that do").
MEANING_AFTER_ENDS = (("mean",), ("stand", "for"), ("refer", "to"))
# Kernels the term comes before in its clause ("X meaning?", "X means the left side?",
# "bisque ware is what", "thumb the map is doing what", "X stands for?").
MEANING_BEFORE = (
    ("meaning", "what"), ("meaning",), ("means",), ("mean",), ("stands", "for"), ("stand", "for"),
    ("is", "doing", "what"), ("doing", "what"), ("is", "what"), ("are", "what"),
)  # fmt: skip
# Before a "mean" these ask what follows from it, not what it is ("does that mean it's
# healed?", "I mean, how many"): the word just before the kernel.
MEANING_CONSEQUENCE = frozenset(("i", "you", "that", "it", "this", "does", "do", "did", "we"))
# Words that point back at a term named in the clause before ("porosity, what is it", "X,
# how do I read that", "X, who counts as one"), and nouns that do so after "that"/"this"
# ("that number", "this bit").
MEANING_POINTERS = frozenset(("it", "that", "this", "those", "these", "they", "them", "one"))
MEANING_REFERENCE_NOUNS = frozenset((
    "bit", "part", "word", "term", "thing", "number", "phrase", "line", "one", "ones", "value",
))  # fmt: skip
# Words a term never holds: they end it ("the lock ID, where is that from"); a coordinator
# ends it before one of them or a subject ("what are lees and why take it off them"), not
# inside a name ("the departure and arrival stations").
MEANING_CUTS = frozenset((
    "why", "how", "where", "when", "which", "who", "can", "could", "should", "would", "will",
    "is", "are", "was", "if", "because",
))  # fmt: skip
MEANING_COORDINATORS = frozenset(("and", "or", "but", "so"))
# A later clause opening with one of these asks for something new, a quantity, a way or a
# choice ("What's gritty soil, can I just use compost?", "X, and how much does one cost?");
# not "is"/"are": a check of a guess ("X, how do I read that, is 60 a lot") asks on the term.
MEANING_ASKS_ON = frozenset((
    "how", "can", "could", "should", "would", "will", "do", "does", "did", "when", "where",
    "which", "why", "shall", "must",
))  # fmt: skip
# Of those, the wh-words ask only before a verb or a measure ("how much", "where do they
# go"); before a subject they guess ("whats the peak, when it doubles").
MEANING_WH_WORDS = frozenset(("how", "when", "where", "which", "why"))
MEANING_WH_NEXT = MEANING_ASKS_ON | frozenset((
    "is", "are", "was", "were", "much", "many", "long", "often", "far", "big", "old", "soon",
))  # fmt: skip
MEANING_SUBJECTS = frozenset(("i", "i'm", "you", "it", "it's", "we", "they", "she", "he", "what"))
# Words dropped from a term: hedges and fillers around it ("what is it exactly", "what does
# the 2 actually mean there", "what's MREG for", "what's that do").
MEANING_SKIPPED = frozenset((
    "exactly", "actually", "again", "really", "precisely", "then", "here", "there", "even",
    "please", "now", "just", "for", "supposed", "to", "in", "practice", "do", "the", "a", "an",
))  # fmt: skip
# The substrings one of which every kernel holds (case-folded): the native settle's gate
# (``_settle_py.EchoGates.may_mean``).
MEANING_NEEDLES = ("what", "mean", "stand", "read", "count")
