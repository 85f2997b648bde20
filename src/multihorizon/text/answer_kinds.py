"""The kind of value a question asks for, from its question words ("how much" -> an amount,
"what year" -> a year, "when" -> a date or a time), and whether a turn states a value of that
kind: rule asked-values (ours, SPEC-028 §4.1 entity reference, §4.2 antecedents; issue 15
item 1). Closed classes as data: question words, units, month and day names.

Both read a text once, word by word (``str.split``), with no pattern that can backtrack.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .quantities import amounts

__all__ = ["AMOUNT", "ASKED_KINDS", "RECALL_WORDS", "asked_kind", "states_kind"]

AMOUNT, NUMBER, YEAR, PERCENT, WHEN, DURATION = (
    "amount",
    "number",
    "year",
    "percent",
    "when",
    "duration",
)
# Question words -> the kind of value that answers them (the first pair of words that is a
# key, else the first word that is one).
ASKED_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "how much": AMOUNT,
        "how many": NUMBER,
        "what year": YEAR,
        "which year": YEAR,
        "what percentage": PERCENT,
        "what percent": PERCENT,
        "what time": WHEN,
        "what day": WHEN,
        "what date": WHEN,
        "when": WHEN,
        "how long": DURATION,
        "how big": AMOUNT,
        "what size": AMOUNT,
        "how heavy": AMOUNT,
        "how fast": NUMBER,
        "how old": NUMBER,
        "how far": NUMBER,
    }
)
# A question recalls a value said before when its verb is a copula or "did", or it says
# "again" ("How much was the deposit?", "What year is the Civic?", "how long again?"); "How
# long should the grace period be?" asks for advice, whose value nobody stated yet.
RECALL_WORDS = frozenset(("is", "are", "was", "were", "did", "again"))
_NUMBER_WORDS = frozenset(
    """
    one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty
    forty fifty sixty hundred thousand dozen half
    """.split()  # noqa: SIM905
)
_TIME_UNITS = frozenset(
    """
    second seconds sec secs minute minutes min mins hour hours hr hrs h day days night
    nights week weeks wk month months year years yr yrs
    """.split()  # noqa: SIM905
)
# Month names but "may" (a verb far more often), day names, times of day.
_DATE_WORDS = frozenset(
    """
    january february march april june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday
    friday saturday sunday today tomorrow tonight noon midnight am pm a.m. p.m.
    """.split()  # noqa: SIM905
)
_ORDINAL_ENDS = ("st", "nd", "rd", "th")
_STRIP = ".,;:!?()[]\"'"


def asked_kind(text: str) -> str | None:
    """The kind of value a question asks for and recalls ("How much was the deposit?":
    AMOUNT), or None: no question word of ``ASKED_KINDS`` opening the text or a clause after
    a comma ("the deposit, how much was it"; not "when you boot, is there ..."), or no recall
    word (a copula, "did", "again": ``RECALL_WORDS``)."""
    raw = text.casefold().split()
    words = [word.strip(_STRIP) for word in raw]
    if RECALL_WORDS.isdisjoint(words):
        return None
    for at, (first, second) in enumerate(zip(words, [*words[1:], ""], strict=True)):
        if at and not raw[at - 1].endswith(","):
            continue
        kind = ASKED_KINDS.get(f"{first} {second}") or ASKED_KINDS.get(first)
        if kind is not None:
            return kind
    return None


def states_kind(text: str, kind: str) -> bool:
    """Whether ``text`` states a value of ``kind``: an amount ("$1,800", "30 ml"), a number,
    a year ("2014"), a percentage, a date or a time ("May 3", "10:30", "Friday"), a
    duration ("20 minutes", "two weeks")."""
    if kind == AMOUNT:
        return bool(amounts(text))
    if kind == PERCENT:
        return "%" in text or "percent" in text.casefold()
    words = [word.strip(_STRIP) for word in text.casefold().split()]
    if kind == NUMBER:
        return any(_is_number(word) for word in words)
    if kind == YEAR:
        return any(len(word) == 4 and word.isdigit() and word[:2] in ("19", "20") for word in words)
    if kind == WHEN:
        return any(_is_date_word(word) for word in words)
    return any(
        _is_number(word) and unit in _TIME_UNITS
        for word, unit in zip(words, [*words[1:], ""], strict=True)
    )


def _is_number(word: str) -> bool:
    return word in _NUMBER_WORDS or any("0" <= char <= "9" for char in word)


def _is_date_word(word: str) -> bool:
    if word in _DATE_WORDS:
        return True
    if ":" in word and word.replace(":", "").isdigit():
        return True  # "10:30"
    digits = word.rstrip("apm.").rstrip("stndrh")
    return (
        bool(digits)
        and digits.isdigit()
        and word != digits
        and word.endswith((*_ORDINAL_ENDS, "am", "pm"))
    )
