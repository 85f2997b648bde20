"""The forms people ask a tool output's values in (rule output-value-forms; issue 15 item 1).

An output writes a date as "2026-11-03", a clock time as "22:00", a weekday as "sat"; the
question asks for "the 3rd", "10pm", "saturday". ``value_forms`` reads the spoken forms of an
output's dates, times and abbreviated day and month names, so the output's words hold them
(``dialogue.tool_references.entry_words``) and rule output-details finds the output a question
about "the 3rd" means. Rule weekday-forms adds an ISO date's weekday ("how far did i go on
wednesday" of "2026-06-03") and a clock time's part of the day ("which one is early in the
morning" of "08:30"), reading a CSV row's cells as tokens. One pass of ``str.split`` over a
bounded prefix; no pattern.
"""

from __future__ import annotations

import datetime

__all__ = ["DAY_NAMES", "MONTH_NAMES", "full_name", "value_forms"]

# Abbreviated names -> the full name a question says ("sat" in a table, "saturday" asked).
# fmt: off
DAY_NAMES = {
    "mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday",
    "thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday",
    "sat": "saturday", "sun": "sunday",
}
MONTH_NAMES = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
)
# fmt: on
_MONTH_ABBREVIATIONS = {name[:3]: name for name in MONTH_NAMES} | {"sept": "september"}
_MONTHS = frozenset(MONTH_NAMES)
_WEEKDAYS = (
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
)  # fmt: skip
# The part of the day a clock time's hour falls in (0-23): "which one is early in the
# morning" of "08:30", "the evening run" of "18:45" (rule weekday-forms).
_DAY_PARTS = (
    ("night",) * 5 + ("morning",) * 7 + ("afternoon",) * 5 + ("evening",) * 5 + ("night",) * 2
)
# An ordinal's suffix by the number's last digit (11th-13th take "th").
_SUFFIXES = ("th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th")
# Characters trimmed from a token's edges; "am"/"pm" words that follow a clock time.
_EDGES = ",;:!?\"'()[]{}|<>="
_ZERO = "0.%"  # a number that is nought: "0", "0.00", "0%"
_MERIDIEMS = frozenset(("am", "pm", "a.m.", "p.m."))
# The most spoken forms read from one output.
_MAX_FORMS = 256


def value_forms(text: str, *, weekdays: bool = False) -> frozenset[str]:
    """The spoken forms of ``text``'s values: of an ISO date ("2026-11-03", "2026-11-03T09:41")
    its ordinal day ("3rd") and month name ("november"), of a day beside a month name ("May
    3", "14 Nov") its ordinal; of a clock time ("22:00", "10:10:02 PM") its hour in 12-hour
    form ("10pm"); of an abbreviated day or month name ("sat", "Nov") the full name; of a
    number that is nought ("0.00") "zero". ``weekdays`` (rule weekday-forms): also an ISO
    date's weekday ("2026-06-03": "wednesday") and a clock time's part of the day ("08:30":
    "morning"), with a CSV row's cells read as tokens. Callers bound ``text``."""
    found: set[str] = set()
    # A CSV row is one run of characters ("2026-06-03,Intervals,10.5"): with ``weekdays`` its
    # cells are read as tokens (a comma stays at a cell's end, as in prose).
    tokens = (text.replace(",", ", ") if weekdays else text).split()
    for index, raw in enumerate(tokens):
        token = raw.strip(_EDGES).casefold()
        if not token:
            continue
        if _digits(token[0]):
            after = tokens[index + 1].casefold().strip(_EDGES) if index + 1 < len(tokens) else ""
            before = tokens[index - 1] if index else ""
            _number_forms(token, after, found, _is_cell(raw, before, after), weekdays)
        elif token in DAY_NAMES:
            found.add(DAY_NAMES[token])
        month = _MONTH_ABBREVIATIONS.get(token.rstrip(".")) or (token if token in _MONTHS else None)
        if month is not None:
            # "May 3, 2024", "14 Nov": the month and the day beside it ("3rd", "14th").
            found.add(month)
            for near in (index - 1, index + 1):
                day = tokens[near].strip(_EDGES + ".") if 0 <= near < len(tokens) else ""
                if _digits(day) and len(day) <= 2 and 1 <= int(day) <= 31:
                    found.add(ordinal(int(day)))
        if len(found) >= _MAX_FORMS:
            break
    return frozenset(found)


def full_name(word: str) -> str | None:
    """The full day or month name an abbreviation says ("sept" -> "september", "thu" ->
    "thursday"), as a question may ask it of an output's "2026-09" or "Thu"; else None."""
    word = word.casefold().rstrip(".")
    return DAY_NAMES.get(word) or _MONTH_ABBREVIATIONS.get(word)


def _digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts "¹" and "²", which ``int`` refuses."""
    return text.isascii() and text.isdigit()


def _is_cell(raw: str, before: str, after: str) -> bool:
    """Whether a bare number stands as a value of its own: a table cell ("| 0 |"), a field's
    value ("errors: 0", "count=0", "0,") or alone on its line, not a word of prose ("an
    integer 0 or greater" in a traceback)."""
    return (
        raw.endswith(",")
        or not before
        or before == "|"
        or before.endswith((":", "=", ","))
        or after in ("", "|")
    )


def _number_forms(
    token: str, after: str, found: set[str], cell: bool = True, weekdays: bool = False
) -> None:
    """The forms of one token opening with a digit: a date's, then a time's (a date token
    may carry its time: "2026-12-04T22:10"); with ``weekdays`` a date's weekday and a
    time's part of the day."""
    date, _, time = token.partition("t")
    parts = date.split("-")
    if len(parts) == 3 and len(parts[0]) == 4 and all(_digits(p) for p in parts):
        month, day = int(parts[1]), int(parts[2])
        if 1 <= month <= 12 and 1 <= day <= 31:
            found.add(ordinal(day))
            found.add(MONTH_NAMES[month - 1])
            weekday = _weekday(int(parts[0]), month, day) if weekdays else ""
            if weekday:
                found.add(weekday)
        token = time
    if not token:
        return
    if not token.strip(_ZERO):
        # "which region had zero sales?" of "0.00" or of a cell "0"; a prose "0" says no value.
        if cell or "." in token or "%" in token:
            found.add("zero")
        return
    pieces = token.split(":")
    if len(pieces) < 2 or not all(_digits(p[:2]) for p in pieces[:2]) or len(pieces[0]) > 2:
        return
    hour = int(pieces[0])
    if (
        weekdays
        and hour <= 23
        and after not in _MERIDIEMS
        and (len(pieces) == 2 or len(pieces[0]) == 2)
    ):
        # A clock time ("07:15", "01:42:17"), not a duration's hours ("1:31:10").
        found.add(_DAY_PARTS[hour])
    if after in _MERIDIEMS and 1 <= hour <= 12:
        found.add(f"{hour}{after[0]}m")
    elif 0 <= hour <= 23 and pieces[1][:2] == "00":
        # A round hour of a 24-hour clock ("20:00" in a table by hour): "8pm".
        found.add(f"{hour % 12 or 12}{'am' if hour < 12 else 'pm'}")


def ordinal(number: int) -> str:
    """``3`` -> "3rd", ``11`` -> "11th", ``22`` -> "22nd"."""
    suffix = "th" if 11 <= number % 100 <= 13 else _SUFFIXES[number % 10]
    return f"{number}{suffix}"


def _weekday(year: int, month: int, day: int) -> str:
    """The weekday's name of a date, "" when it is none ("2026-02-30")."""
    try:
        return _WEEKDAYS[datetime.date(year, month, day).weekday()]
    except ValueError:
        return ""
