"""Two choices offered in one sentence (SPEC-028 §4.1 "the second option" -> which
enumeration?, rule or-pairs), which "the latter" / "the former" and "the baking soda one"
then name:

- each with a clause of its own: "Two common choices: barley malt syrup, for the shine, or
  baking soda, for a darker crust." The comma list (``text.enumerations``) splits every
  comma, so the clauses ("for the shine") became items and no list was read; here the
  sentence is cut at its last ", or ", and every comma part before it but the first must
  open with a word of ``APPOSITIVES``;
- asked: "Would you rather do a road trip or stay in Edinburgh?", "Is it constant or does
  it come and go?": a yes/no question (``ASK_OPENERS``, a subject) with one " or " and no
  comma, cut there, the opening words (``ASK_SKIPS``) dropped. Not a list of the reply
  (an ordinal on it would resolve, and "the latter" answering the question would read as a
  DRILL_DOWN): rule label-picks reads it for a bare ordinal word only.

``str`` methods only."""

from __future__ import annotations

from collections.abc import Callable

from .sentences import word_set

__all__ = ["APPOSITIVES", "ASK_OPENERS", "ASK_SKIPS", "ASK_SUBJECTS", "or_pair", "question_pair"]


# Words that open a clause describing the choice before it ("cotton, which is flat"), not
# another choice.
APPOSITIVES = word_set("""
    which who whose for since because as so though although but while where with without
    giving making meaning if when unless especially ideally best good great fine
    """)
_ITEM_CHARS = 160  # a longer half is a passage, no choice
# A yes/no question that offers two choices opens with one of these and a subject.
ASK_OPENERS = word_set("would do does did should shall is are was were will can could have has")
ASK_SUBJECTS = word_set("you it we i they he she this that your the")
# Words after the subject that open the question, not the first choice ("rather", "like to").
ASK_SKIPS = word_set("rather prefer want like need to go for with more you it have")
_ASK_CHARS = 100  # a half of an asked pair is short


def or_pair(sentence: str, head_of: Callable[[str], str | None]) -> list[str] | None:
    """The two choices of ``sentence`` (no end mark), each with its clauses, or None.
    ``head_of`` reads where the first choice starts in the sentence's first comma part (after
    a colon or an opener: "You could ...", "Two options:")."""
    cut = sentence.rfind(", or ")
    if cut < 0:
        return None
    left, right = sentence[:cut], sentence[cut + 5 :].strip()
    parts = left.split(",")
    if len(parts) < 2 or not right:
        return None  # "A, or B" with no clause: the comma list reads it
    for part in parts[1:]:
        words = part.split()
        if not words or words[0].casefold() not in APPOSITIVES:
            return None  # "A, B, or C": three choices, the comma list's
    head = head_of(parts[0])
    if not head:
        return None
    first = (head + "," + ",".join(parts[1:])).strip()
    if len(first) > _ITEM_CHARS or len(right) > _ITEM_CHARS:
        return None
    return [first, right]


def question_pair(sentence: str) -> list[str] | None:
    """The two choices a yes/no question offers ("Would you rather do A or B?"; ``sentence``
    with its question mark), or None."""
    if not sentence.endswith("?") or "," in sentence or ";" in sentence:
        return None
    body = sentence[:-1].strip()
    cut = body.find(" or ")
    if cut < 0 or body.find(" or ", cut + 4) >= 0:
        return None
    words = body[:cut].split()
    if len(words) < 3 or words[0].casefold() not in ASK_OPENERS:
        return None
    if words[1].casefold() not in ASK_SUBJECTS:
        return None
    skip = 2
    while skip < len(words) - 1 and words[skip].casefold() in ASK_SKIPS:
        skip += 1
    first, second = " ".join(words[skip:]), body[cut + 4 :].strip()
    if not first or not second or max(len(first), len(second)) > _ASK_CHARS:
        return None
    return [first, second]
