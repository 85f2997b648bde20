"""The words of a terse report with no subject (SPEC-028 §5.2 CONTINUE, rule terse-reports),
as data: "swapped the pads, still squeals", "can only train mornings, evenings impossible",
"physio booked for tuesday", "no track near me, only roads". Case-folded; read by set tests
(``dialogue.terse_reports``)."""

from __future__ import annotations

from .answer_words import ANSWER_ADDING, ANSWER_ASKS, ANSWER_ORDERS, ANSWER_OTHERNESS
from .outcome_words import OUTCOME_IRREGULAR, OUTCOME_ORDERS
from .report_words import DONE_NOT_VERBS, DONE_VERBS, PAST_IRREGULAR
from .turn_text import regular_past

__all__ = [
    "SUBJECT_ADDERS",
    "SUBJECT_CONCERNS",
    "SUBJECT_OPENING_LEADS",
    "SUBJECT_OPENING_ONLY",
    "SUBJECT_ORDERS",
    "SUBJECT_OTHERNESS",
    "TERSE_ASKS",
    "TERSE_CONSTRAINTS",
    "TERSE_LIMITERS",
    "TERSE_MODALS",
    "TERSE_NOT_FIRST",
    "TERSE_PAST",
    "past_form",
]

# First words of a statement that has a subject of its own ("the quad bike won't start", "my
# knee hurts", "I ..."), asks ("how", "should"), gives an order ("send it to Jack"), greets, or
# says the talk moves on or adds a matter ("unrelated", "also", "btw"): no terse report.
TERSE_NOT_FIRST = (
    frozenset((
        "the", "a", "an", "my", "our", "his", "her", "their", "your", "its", "this", "that",
        "these", "those", "i", "we", "he", "she", "they", "it", "you", "i'm", "we're", "it's",
        "i've", "we've", "i'd", "we'd", "i'll", "we'll", "there", "there's", "what", "how",
        "why", "when", "where", "which", "who", "whose", "is", "are", "was", "were", "does",
        "do", "should", "would", "will", "shall", "may", "might", "must", "any", "anyone",
        "anything", "hi", "hello", "hey", "thanks", "thank", "thx", "ok", "okay", "oh", "plus",
        "and", "but", "so", "if", "or", "back", "now", "please", "pls", "plz", "explain",
        "need", "needs", "want", "wanna", "gimme", "list", "recommend", "suggest", "compare",
        "describe", "write", "draft", "summarise", "summarize", "translate", "more", "another",
        "what's", "whats", "how's", "hows", "same", "shorter", "longer", "simpler",
        "that's", "thats", "yes", "yeah", "yep", "sure", "great", "good", "awesome", "perfect",
        "cool", "alright", "all", "sounds", "nope",
    ))
    | ANSWER_ORDERS
    | ANSWER_OTHERNESS
    | ANSWER_ADDING
    | OUTCOME_ORDERS
)  # fmt: skip
# Past forms a report opens with ("swapped the pads", "ordered the 2m cable", "rebuilt ...").
TERSE_PAST = (DONE_VERBS | PAST_IRREGULAR | OUTCOME_IRREGULAR) - OUTCOME_ORDERS - DONE_NOT_VERBS
# First words of a constraint or a state the user reports ("only mornings", "no track near
# me", "still squeals", "cant do intervals", "never managed more than 3").
TERSE_CONSTRAINTS = frozenset((
    "only", "no", "not", "never", "still", "already", "cant", "can't", "cannot", "couldnt",
    "couldn't", "wont", "won't", "dont", "don't", "didnt", "didn't", "doesnt", "doesn't",
    "hardly", "barely",
))  # fmt: skip
# A modal that opens a constraint only before one of ``TERSE_LIMITERS`` ("can only train
# mornings", "could barely walk"); "can you ..." asks.
TERSE_MODALS = frozenset(("can", "could"))
TERSE_LIMITERS = frozenset(("only", "not", "never", "barely", "hardly", "just"))
# Words with which a statement asks after all, without "?" ("latex sealant or the ones with
# fibres in", "rebuild how long roughly", "any advice") or wants something new ("landlord
# just emailed he wants to put the rent up").
# A clause that asks the assistant to do something ("Not now. Find me a restaurant there.",
# "No, I would like to find a home there", "No, but I do need a rental car") is no report.
TERSE_ASKS = ANSWER_ASKS | ANSWER_ORDERS | frozenset((
    "how", "what", "what's", "whats", "which", "why", "when", "where", "who", "whether", "or",
    "vs", "versus", "want", "wants", "wanted", "need", "needs", "like", "schedule", "reserve",
))  # fmt: skip

# Words of a first clause that say the statement is about another matter ("Separately, ...",
# "Unrelated but ...", "btw ...", "on another note"): rule new-subjects.
SUBJECT_OTHERNESS = ANSWER_OTHERNESS | frozenset(("btw", "note"))
# Otherness words that say "another matter" only where a clause opens ("anyway, the boiler
# ...", "ok anyway ..."): after other words they mean "regardless" ("rang the surgery anyway,
# nurse said it's healing"), a report.
SUBJECT_OPENING_ONLY = frozenset(("anyway", "anyhow"))
# The words such an otherness word may follow and still open the clause.
SUBJECT_OPENING_LEADS = frozenset(
    ("ok", "okay", "oh", "ah", "but", "so", "and", "well", "right", "alright", "hmm")
)
# The openers that add a matter ("also", "oh and", "plus") as rule also-subjects reads them.
SUBJECT_ADDERS = frozenset(("also", "plus", "additionally", "besides"))
# A new concern a statement raises after "also" (rule new-subjects, beside rule also-subjects'
# ``ALSO_CONCERN_WORDS``): trouble, annoyance, a deadline ("driving us mad", "super loud",
# "got stolen", "expires in May", "is selling the flat").
SUBJECT_CONCERNS = frozenset((
    "mad", "crazy", "annoying", "annoyed", "loud", "noisy", "stolen", "expires", "expired",
    "expiring", "selling", "sold", "renovating", "scratching", "barking", "biting", "chewing",
    "crying", "bleeding", "bleed", "bleeds", "itchy", "sore", "pain", "painful", "aches",
    "swollen", "beeping", "flickering", "flickers", "squeaks", "squeaking", "rattles",
    "rattling", "overdue", "cancelled", "canceled", "refused", "rejected", "evicted", "fired",
    "missing", "won't", "can't", "ruined", "ripped", "torn", "burst",
))  # fmt: skip
# Words that open a request ("Make a random table of rumours", "Please look for other
# hotels"), no new subject.
SUBJECT_ORDERS = ANSWER_ORDERS | OUTCOME_ORDERS | frozenset(("please", "pls", "plz"))


def past_form(word: str) -> bool:
    """Whether a case-folded word is a past form a report opens with: one of ``TERSE_PAST``
    ("took", "sent") or a regular "-ed" form (``turn_text.regular_past``: "checked",
    "booked"), of letters only: unlike rules done-reports' and outcome-reports' test, rule
    terse-reports has read no "-ed" token holding another character ("re-seeded") as one,
    and keeps that reading."""
    return word in TERSE_PAST or (regular_past(word) and word.isalpha())
