"""Rule clarify-targets (stop 42, issue 15 item 1, SPEC-028 §4.1 entity reference under §5.2
CLARIFY): the closed word classes of "what do you mean by X", "what do you mean that X", "could
you clarify what you mean when you say X", whose X is the term the user asks about (the other
forms' terms are the CLARIFY rules' own). Case-folded, curly apostrophes made straight,
``topic_clause_words.ECHO_STRIP`` off each word.
"""

from __future__ import annotations

__all__ = ["MEANT_LEADS", "MEANT_STOPS"]

# What comes right before the term: "mean by X", "meant by X", "mean that X", "mean when you
# say X", "mean with X" (learners').
MEANT_LEADS = (
    ("mean", "by"), ("meant", "by"), ("mean", "that"), ("meant", "that"), ("mean", "with"),
    ("mean", "when", "you", "say"), ("mean", "when", "you", "said"),
    ("meant", "when", "you", "said"), ("mean", "when", "you", "write"),
    ("mean", "when", "you", "wrote"), ("mean", "when", "you", "state"),
    ("mean", "when", "you", "talk", "about"), ("mean", "when", "u", "say"),
    ("mean", "by", "saying"), ("meant", "by", "saying"),
)  # fmt: skip
# What closes the term before its clause ends: a hedge or a guess after it ("what do you mean
# by outputs here", "... by fruit buds exactly, the flowers?").
MEANT_STOPS = frozenset((
    "here", "exactly", "precisely", "there", "like", "in", "then", "though", "tho", "again",
    "earlier", "before", "above", "just", "now",
))  # fmt: skip
