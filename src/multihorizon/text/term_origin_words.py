"""Rule term-origins (stop 37, issue 15 item 1, SPEC-028 §4.1 entity references): the closed
word classes of a question about a term the conversation brought, beside rule meaning-asks'
kernels ("what does X mean"): a recall ("what was that ISA thing you mentioned?", "what was the
X again") and an explain frame ("Can you explain what ESOP is and how it differs from ...?").
Case-folded, curly apostrophes made straight, ``topic_clause_words.ECHO_STRIP`` off each word.
"""

from __future__ import annotations

__all__ = [
    "EXPLAIN_LEADS", "EXPLAIN_STOPS", "RECALL_LEADS", "RECALL_PHRASES", "RECALL_STOPS",
    "TERM_SHAPES",
]  # fmt: skip

# What opens a recall; the term follows it up to one of ``RECALL_STOPS``.
RECALL_LEADS = (
    ("what", "was", "that"), ("what", "was", "the"), ("what", "was", "this"),
    ("what", "were", "those"), ("what", "were", "the"), ("what", "were", "these"),
    ("what's", "that"), ("whats", "that"), ("what", "is", "that"), ("wat", "was", "that"),
)  # fmt: skip
# What ends a recall's term and makes it one: the thing named as said before ("... thing you
# mentioned", "... you said", "... again"); a question without one asks for content ("what was
# the name of the app?").
RECALL_STOPS = frozenset((
    "thing", "things", "bit", "stuff", "part", "you", "u", "again", "ya", "business",
))  # fmt: skip
# Verbs that ask to have a term explained when "what" follows them ("explain what X is"),
# and the words that close the term there.
EXPLAIN_LEADS = frozenset(("explain", "remind", "clarify", "describe", "define"))
EXPLAIN_STOPS = frozenset(("is", "are", "means", "mean", "stands", "was", "were"))
# The scanner's phrases (``Marker.TERM_RECALL``): a turn with one goes on to the slow path,
# where rule term-recalls reads it (the native settle hands it on).
RECALL_PHRASES = tuple(
    sorted(
        {" ".join(lead) for lead in RECALL_LEADS}
        | {f"{lead} what" for lead in EXPLAIN_LEADS}
        | {"remind me what"}
    )
)
# Words a term never holds: pronouns, auxiliaries, question words ("explain what you did",
# "remind me what I should do").
TERM_SHAPES = frozenset((
    "i", "me", "my", "you", "your", "we", "our", "us", "he", "him", "his", "she", "her",
    "they", "them", "their", "it", "its", "should", "would", "could", "can", "do", "does",
    "did", "to", "will", "have", "has", "had", "what", "how", "why", "when", "where", "which",
    "who", "if", "and", "or", "but", "happened", "happens", "going", "need", "said",
))  # fmt: skip
