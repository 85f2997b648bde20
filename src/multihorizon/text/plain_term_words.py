"""Rules equation-checks, unfamiliar-terms and clarify-objects (stop 41, issue 15 item 1,
SPEC-028 §5.2 CLARIFY): the closed word classes of a question about a term a recent reply used,
put in three unmarked forms ("X = Y? or Z", "never heard of X, what is it", "could you clarify
what X means ..."). Case-folded, curly apostrophes made straight, ``topic_clause_words.ECHO_STRIP``
off each word. ``PLAIN_TERM_PHRASES`` are ``Marker.PLAIN_CLARIFY``'s: a turn with one goes on to
the slow path, where the rules read it (the native settle hands it on).
"""

from __future__ import annotations

__all__ = [
    "ASK_OPENERS", "ASK_REQUESTS", "CLARIFY_LEADS", "CLARIFY_OBJECT_SKIPPED", "EQUATION_CHARS",
    "EQUATION_SIGNS", "FORMAL_AFTER", "FORMAL_BEFORE", "OWN_ASKERS", "PLAIN_TERM_PHRASES",
    "POINTERS", "TERM_HEADS", "UNFAMILIAR_AFTER", "UNFAMILIAR_BEFORE", "UNFAMILIAR_TAILS",
]  # fmt: skip

# Rule equation-checks: the longest turn it reads (the native settle's term-check gate opens
# as far: ``term_checks.check_words``), and what sets the reply's term equal to the user's
# reading of it ("escrow = the lawyer holds the money?"), a token of its own.
EQUATION_CHARS = 140
EQUATION_SIGNS = frozenset(("=", "==", "\u2248"))

# Rule unfamiliar-terms: a statement that the term is new to the user, the term after it
# ("I'm not familiar with X", "never heard of X", "no idea what a X is", "I do not know the
# term X") ...
UNFAMILIAR_AFTER = (
    ("not", "familiar", "with"), ("never", "heard", "of"), ("havent", "heard", "of"),
    ("haven't", "heard", "of"), ("not", "heard", "of"), ("no", "idea", "what"),
    ("never", "come", "across"), ("haven't", "come", "across"), ("havent", "come", "across"),
    ("not", "come", "across"), ("don't", "know", "the", "term"), ("dont", "know", "the", "term"),
    ("do", "not", "know", "the", "term"), ("don't", "know", "what"), ("dont", "know", "what"),
    ("do", "not", "know", "what"), ("no", "clue", "what"), ("unfamiliar", "with"),
    ("dunno", "what"), ("idk", "what"), ("not", "familar", "with"), ("never", "herd", "of"),
    ("nvr", "heard", "of"), ("never", "heared", "of"),
)  # fmt: skip
# Rule unfamiliar-forms (stop 42): learners' and formal statements of it ("I do not know this
# word 'escrow'", "I am not acquainted with X", "the concept of X is unfamiliar to me").
FORMAL_AFTER = (
    ("don't", "know", "this", "word"), ("dont", "know", "this", "word"),
    ("do", "not", "know", "this", "word"), ("don't", "know", "the", "word"),
    ("dont", "know", "the", "word"), ("do", "not", "know", "the", "word"),
    ("don't", "know", "this", "term"), ("do", "not", "know", "this", "term"),
    ("not", "acquainted", "with"),
)  # fmt: skip
# ... or before it ("collimation isn't something I've come across", "X is new to me").
UNFAMILIAR_BEFORE = (
    ("isn't", "something"), ("isnt", "something"), ("is", "not", "something"),
    ("is", "new", "to", "me"), ("is", "a", "new", "one", "on", "me"),
    ("is", "a", "new", "term", "for", "me"), ("is", "a", "new", "term", "to", "me"),
)  # fmt: skip
FORMAL_BEFORE = (
    ("is", "unfamiliar", "to", "me"), ("are", "unfamiliar", "to", "me"),
    ("is", "not", "familiar", "to", "me"), ("is", "unknown", "to", "me"),
)  # fmt: skip
# Rule unfamiliar-forms: words that name the kind of thing the term is, not the term ("the
# reinstatement procedure", "the concept of an arbitration clause", "the word 'escrow'"): off
# its end, off its start before "of", and right after a determiner.
TERM_HEADS = frozenset((
    "procedure", "process", "concept", "notion", "idea", "term", "word", "phrase",
    "expression", "thing", "bit", "stuff", "business", "terminology",
))  # fmt: skip
# What may close the term's clause after it: the verb of an embedded "what X is", hedges.
UNFAMILIAR_TAILS = frozenset((
    "is", "are", "means", "mean", "stands", "for", "tbh", "honestly", "really", "either",
    "at", "all", "exactly", "actually", "here", "then", "tho", "though", "lol", "sorry",
    "supposed", "to", "be", "even", "in", "this", "context", "practice",
))  # fmt: skip
# Rule clarify-objects: "clarify" then a "what" clause ("could you clarify what is meant by a
# material change?", "would you clarify what counts as a dependant here?").
CLARIFY_LEADS = (
    ("clarify", "what"),
    ("clarify", "exactly", "what"),
    ("clarify", "what", "exactly"),
)
# The words of a clarify-object that name no part of the term ("what is meant by", "what
# counts as", "what X involves").
CLARIFY_OBJECT_SKIPPED = frozenset((
    "meant", "mean", "means", "counts", "count", "counted", "exactly", "here", "precisely",
    "involves", "involve", "entails", "entail", "covers", "cover", "refers", "refer",
    "would", "will", "does", "do", "is", "are", "by", "as", "in", "this", "context",
    "case", "practice", "allow", "allows",
))  # fmt: skip
# A clarify-object opening with the user's own ("what I should do", "what you would
# recommend") asks for advice, not a meaning.
OWN_ASKERS = frozenset((
    "i", "i'd", "i'm", "we", "we'd", "you", "you'd", "you're", "to", "my", "our", "your",
    "should", "we're",
))  # fmt: skip

# After the unfamiliar statement, a clause that asks what the term is: it points back at it
# ("what is it", "could you explain what it covers", "what does that actually mean") ...
POINTERS = frozenset((
    "it", "they", "that", "this", "those", "these", "them", "it's", "its", "one", "thing",
    "term", "word", "mean", "means", "meaning",
))  # fmt: skip
# ... and opens with one of these (after a coordinator); "what do I need for it" asks anew.
ASK_OPENERS = frozenset((
    "what", "what's", "whats", "wat", "could", "can", "would", "will", "pls", "please",
    "explain", "care", "mind", "so", "and", "but", "any",
))  # fmt: skip
# The verbs of a request that asks what the term is ("could you explain ..."). Not "tell" or
# "say": "can you tell me about transport there?" asks anew ("tell me what it is" points
# back).
ASK_REQUESTS = frozenset((
    "explain", "describe", "clarify", "define", "elaborate", "expand",
    "is", "are", "does", "do", "exactly", "actually",
))  # fmt: skip

# The scanner's phrases (``Marker.PLAIN_CLARIFY``): the kernels' rarest words in a row.
PLAIN_TERM_PHRASES = (
    "familiar with", "heard of", "come across", "know the term", "clarify what",
    "clarify exactly what", "new to me", "new one on me", "new term", "something i've",
    "something ive", "something i have", "clue what", "dunno what", "idk what", "familar with",
    "herd of", "heared of", "know this word", "know the word", "know this term",
    "acquainted with", "unfamiliar to me", "familiar to me", "unknown to me",
)  # fmt: skip
