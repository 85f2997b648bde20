"""Rule meaning-asks (issue 15 item 1, SPEC-028 §5.2 CLARIFY): the closed class of phrases in
which a question asks what a term *is* or *means* (its identity), wherever the term stands
in the turn, as against how, how many, which or when (a question about the thing itself).
Case-folded, curly apostrophes made straight, ``topic_clause_words.ECHO_STRIP`` off each word.

Chosen by counting over every hand-written file (``tools/handwritten_report.py``, the new
hold-out aside): see the rule's registry row (``rules_resumption``).
"""

from __future__ import annotations

__all__ = [
    "LEARNER_AFTER",
    "LEARNER_ASKING",
    "LEARNER_BEFORE",
    "LEARNER_COMPARATIVES",
    "LEARNER_HEDGES",
    "LEARNER_LEADS",
    "LEARNER_NEEDLES",
    "LEARNER_TAILS",
    "MEANING_AFTER",
    "MEANING_AFTER_ENDS",
    "MEANING_ASKS_ON",
    "MEANING_BEFORE",
    "MEANING_CONSEQUENCE",
    "MEANING_COORDINATORS",
    "MEANING_CUTS",
    "MEANING_EMBEDDERS",
    "MEANING_NEEDLES",
    "MEANING_POINTERS",
    "MEANING_QUALIFIERS",
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
# Rule meaning-qualifiers (stop 40, issue 15 item 1): what may close a "what does X mean"
# after its "mean" ("what does 'vesting' mean in this case", "what does size mean here, is it
# glue?"), taken off before the ending is read; a frame that embeds the question ("I am not
# entirely certain what 'accrued' means"): the term is the words after its last "what".
MEANING_QUALIFIERS = (
    ("in", "this", "case"), ("in", "that", "case"), ("in", "this", "context"),
    ("in", "that", "context"), ("in", "context"), ("in", "practice"), ("in", "real", "life"),
    ("in", "real", "terms"), ("in", "this", "sentence"), ("in", "your", "answer"),
    ("in", "your", "reply"), ("here",), ("there",), ("exactly",),
)  # fmt: skip
# The frames that embed the question, a word and "what" ("not sure what", "no idea what"):
# their words are among ``term_form_words.TERM_FORM_PHRASES`` (the settle hands such a turn on).
MEANING_EMBEDDERS = frozenset((
    "sure", "certain", "idea", "clear", "follow", "get", "understand", "know",
))  # fmt: skip
# The substrings one of which every kernel holds (case-folded): the native settle's gate
# (``_settle_py.EchoGates.may_mean``).
MEANING_NEEDLES = ("what", "mean", "stand", "read", "count")

# Rule learner-meaning-asks (stop 37, issue 15 item 1): the meaning questions of learners' and
# terse English, read by the same scan as meaning-asks' kernels. Kernels the term follows:
# "APR, what is meaning?" (the term in the clause before), "never heard of X", "I don't know
# the word X".
LEARNER_AFTER = (
    ("what", "is", "meaning"), ("what", "is", "the", "meaning"), ("what's", "meaning"),
    ("whats", "meaning"), ("what", "meaning"),
    ("never", "heard", "of"), ("not", "familiar", "with"),
    ("don't", "know", "the", "word"), ("dont", "know", "the", "word"),
    ("don't", "understand", "the", "word"), ("dont", "understand", "the", "word"),
    ("don't", "know", "this", "word"), ("dont", "know", "this", "word"),
    ("don't", "understand", "this", "word"), ("dont", "understand", "this", "word"),
)  # fmt: skip
# Kernels the term comes before, a statement that the word is unknown ("this word X I don't
# understand", "X, this I don't know what it is", "the letters X mean nothing to me", "X being
# what exactly"): read only when the rest of the clause after the kernel is all
# ``LEARNER_TAILS`` ("I don't understand why it crashes" asks about no word).
LEARNER_BEFORE = (
    ("don't", "understand"), ("dont", "understand"), ("do", "not", "understand"),
    ("don't", "know"), ("dont", "know"), ("do", "not", "know"), ("don't", "get"),
    ("dont", "get"), ("do", "not", "get"), ("mean", "nothing"), ("means", "nothing"),
    ("being", "what"),
)  # fmt: skip
# The words that let those kernels ask without a "?" (beside meaning-asks' wh-words).
LEARNER_ASKING = frozenset(("understand", "know", "get", "familiar", "heard", "nothing", "what"))
LEARNER_TAILS = frozenset((
    "it", "this", "that", "word", "words", "term", "one", "what", "is", "means", "mean", "exactly",
    "at", "all", "yet", "really", "here", "there", "sorry", "the", "meaning", "of", "to", "me",
    "still", "thing", "expression", "either", "well", "in", "your", "answer", "reply", "you",
    "said", "used", "wrote", "please", "pls", "sadly", "honestly", "fully", "quite",
))  # fmt: skip
# What names the term as a word before it ("this word X", "the letters X"): off the term's
# start when the term goes on after it ("this word" alone points back to the clause before).
LEARNER_LEADS = (
    ("this", "word"), ("the", "word"), ("this", "term"), ("the", "term"), ("the", "letters"),
    ("these", "letters"), ("the", "expression"), ("this", "expression"), ("the", "abbreviation"),
    ("word",), ("term",),
)  # fmt: skip
# What stands between the term and a statement kernel ("X I still don't get"): off its end.
LEARNER_HEDGES = frozenset((
    "i", "i'm", "we", "still", "really", "just", "honestly", "also", "totally", "completely",
    "sorry", "but", "and", "so", "even", "sadly", "truly",
))  # fmt: skip
# A "what means" that compares asks no meaning ("what means more to buyers, price or
# location?"): the words that open such a term.
LEARNER_COMPARATIVES = frozenset(("more", "most", "less", "least", "better", "best"))
# The substrings one of which every learner kernel holds (case-folded).
LEARNER_NEEDLES = ("what", "mean", "know", "understand", "get", "heard", "familiar")
