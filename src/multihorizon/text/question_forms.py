"""What makes a turn a question by its form (``Lexicon.is_question``, the scanner's question
cue), as data: the first words that open one and, for rule question-forms, the words that
open a question without a "?" ("does my employer have to pay me", "any way to make it
faster") at the turn's start or at the start of its last clause ("original audit, what was
the postcss issue"). Case-folded; the scanner strips ``QUESTION_STRIP`` from a word's ends.
"""

from __future__ import annotations

__all__ = ["CLAUSE_MARKS", "FORM_OPENERS", "QUESTION_OPENERS", "QUESTION_STRIP", "STATEMENT_ENDS"]

# SPEC-028 §5.2: a turn is a question (``Lexicon.is_question``) when it holds a "?" or its
# first word, with these stripped from its ends, opens one: a wh-word, an auxiliary, or
# "tell me"/"show me".
QUESTION_OPENERS = frozenset((
    "what", "where", "when", "which", "who", "whom", "whose", "why", "how", "is", "are", "was",
    "were", "do", "does", "did", "can", "could", "will", "would", "should", "shall", "may",
    "tell", "give", "show", "list",
))  # fmt: skip
QUESTION_STRIP = ",.!:;"
# Rule question-forms: a turn with no "?" that does not end as a statement does
# (``STATEMENT_ENDS``) is a question when its first word, or the first word after its last
# ``CLAUSE_MARKS`` character, is one of these: a wh-word (contracted too: "whats the peak"),
# an auxiliary that opens an inversion, or "any" ("any way to make it faster"). Not "do",
# "have" or "am": after a comma they open a request ("Back to etcd: do it again", "have a
# look") or a statement ("Am looking for a train"). Each word with an apostrophe comes with a
# typographic one too.
_FORM_WORDS = (
    "what", "where", "when", "which", "who", "whom", "whose", "why", "how", "whats", "what's",
    "wheres", "where's", "hows", "how's", "whos", "who's", "whens", "when's", "whys", "why's",
    "is", "are", "was", "were", "does", "did", "can", "could", "will", "would",
    "should", "shall", "may", "might", "must", "has", "isnt", "isn't", "arent",
    "aren't", "doesnt", "doesn't", "dont", "don't", "didnt", "didn't", "cant", "can't", "wont",
    "won't", "wouldnt", "wouldn't", "shouldnt", "shouldn't", "any", "anything", "anyone",
    "anybody", "anywhere",
)  # fmt: skip
FORM_OPENERS = frozenset(_FORM_WORDS) | {word.replace("'", "\u2019") for word in _FORM_WORDS}
CLAUSE_MARKS = ",;:"
STATEMENT_ENDS = ".!"
