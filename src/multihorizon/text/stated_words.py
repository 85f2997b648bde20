"""Words of stop 40's reports that the question cue reads as questions (SPEC-028 §5.2
CONTINUE, rules surprised-reports and elliptic-reports; issue 15 item 1): data, read by
``dialogue.stated_reports``."""

from __future__ import annotations

__all__ = ["ADDRESSED", "ELLIPTIC_NEGATIVES", "INVERTED_SUBJECTS", "SURPRISE_ENDS"]

# The characters a surprised statement ends with ("migrate now wants to drop the table?!",
# "it's been running all night!?"): a "?" that shares its final run with a "!".
SURPRISE_ENDS = "?!"
# Words that make a surprised turn ask the assistant about its own advice ("you want me to open
# the case?!", "that's way more than you said?!"): a question back, not a finding. Not "your"
# ("having followed your advice, it now reports a fan error!?" reports).
ADDRESSED = frozenset(("you", "you're", "youre", "you've", "u"))
# Negated auxiliaries that open a clause (rule question-forms' openers reads them as an
# inversion: "won't he eat it"): with no subject after them the clause drops its subject and
# states ("he hates the new food, won't eat it", "reset it twice, doesn't help").
# fmt: off
_NEGATIVES = (
    "won't", "wont", "doesn't", "doesnt", "don't", "dont", "didn't", "didnt", "can't", "cant",
    "isn't", "isnt", "aren't", "arent", "wouldn't", "wouldnt", "shouldn't", "shouldnt",
)
ELLIPTIC_NEGATIVES = frozenset(_NEGATIVES) | {word.replace("'", "\u2019") for word in _NEGATIVES}
# Words that make such a clause an inversion after all ("doesn't it need oil", "won't the
# council pay"): a subject pronoun or the opening of a noun phrase.
INVERTED_SUBJECTS = frozenset((
    "i", "you", "u", "he", "she", "it", "we", "they", "there", "this", "that", "these",
    "those", "the", "a", "an", "my", "your", "his", "her", "our", "their", "its", "any",
    "anyone", "someone", "one", "mine", "yours",
))
# fmt: on
