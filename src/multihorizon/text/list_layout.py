"""Whether a list is laid out or an inline series, and the words that tie an ordinal to an
inline series (SPEC-028 §4.1 "which enumeration", rule laid-out-lists), as data.

A reply's numbered, lettered or bulleted list, or a "First, ... Second, ... Finally, ..."
passage, lays its items out; a comma series in one sentence ("you'll need a spanner, a
bucket, some tape and a towel") mentions them in passing. "The penultimate step" or "#3" after
both means the list laid out; "the second of those tools" names the series. Every read is
bounded: a few characters of an item looked up in its text, a few words after a mention.
"""

from __future__ import annotations

from collections.abc import Sequence

from .list_styles import PLAIN, list_style
from .scan import digit_group, sentence_spans

__all__ = [
    "AFTER_WORDS",
    "CHOICE_WORDS",
    "CLAUSE_OPENERS",
    "CUED_ORDINAL_LEADS",
    "DEMONSTRATIVES",
    "GENERIC_NOUNS",
    "MENTION_DASHES",
    "MENTION_STOPS",
    "MORE_OWN_CUES",
    "NOT_PICK_NOUNS",
    "PAIR_ORDINALS",
    "SERIES_DETERMINERS",
    "SERIES_LEAD_WORDS",
    "colon_series",
    "inline_series",
    "sentence_series",
]


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


# "the second of those", "the third of these": a demonstrative names the list just given.
DEMONSTRATIVES = frozenset(("those", "these", "them"))
# Nouns of an ordinal that say nothing of which list ("the last one", "the second thing").
GENERIC_NOUNS = _words("one ones thing things item items bit bits part parts point points")
# Words pointing at the user's own list beside ``ordinal_forms.OWN_LIST_CUES`` (rule
# own-list-forms): "the second one I put down", "number 3 on my shortlist".
MORE_OWN_CUES: tuple[str, ...] = (
    " i put down", " i wrote down", " i jotted down", " i noted down", " i typed",
    " my shortlist", " my short list", " my short-list",
)  # fmt: skip
# Words before an ordinal word the stage read no reference of, in a turn pointing at the
# user's own list ("the third city I mentioned", "my 2nd"), and nouns after it that make it
# no pick ("the first time I mentioned it").
CUED_ORDINAL_LEADS = _words("the my our")
NOT_PICK_NOUNS = _words("time times")
# Words of a question asking to choose ("which sealant should I use?", "any alternatives?"):
# the latest reply's series answering it is the choice an ordinal picks from.
CHOICE_WORDS = _words(
    "which whichever option options alternative alternatives recommend recommendation instead best"
)
# "the former", "the latter" pick between the two things just said: the latest list.
PAIR_ORDINALS = frozenset(("former", "latter"))
# Characters that close the clause after a mention ("the second step - how long?").
MENTION_STOPS = frozenset(".,;:?!\n()\u2013\u2014")
MENTION_DASHES = frozenset(("-", "--"))  # a dash between blanks closes it too
AFTER_WORDS = 8  # words after a mention read for the words that name a list
_ITEM_HEAD = 24  # characters of an item looked up in its text
_SENTENCE_ENDS = (". ", "? ", "! ", ".\n", "\n")


def inline_series(text: str, items: Sequence[str]) -> bool:
    """Whether ``items`` are an inline series of ``text``: unmarked (``list_style`` PLAIN)
    and within one sentence (no line break or sentence end between the first item and the
    last). A "First, ... Then, ... Finally, ..." passage spans sentences: laid out."""
    if len(items) < 2 or list_style(text, items) != PLAIN:
        return False
    # The first item's last place before the last item's first place after it: "Season with
    # salt first. For the rub use salt, pepper or paprika." is one sentence's series.
    first = text.find(items[0][:_ITEM_HEAD])
    if first < 0:
        return False
    last = text.find(items[-1][:_ITEM_HEAD], first + 1)
    if last < 0:
        return False
    first = text.rfind(items[0][:_ITEM_HEAD], first, last)
    between = text[first:last]
    return not any(end in between for end in _SENTENCE_ENDS)


_SERIES_PARTS = 3  # a colon series with no "and"/"or" before its last part: at least three
_PART_WORDS = 8  # words of one part at most ("£2,400 from Acme", "a used Brompton")
_SERIES_SENTENCES = 12  # sentences of a turn read for one


def colon_series(text: str) -> tuple[str, ...]:
    """The items of the first colon series of ``text`` with no joiner before its last part
    ("my shortlist: Lisbon, Porto, Faro", "three quotes: £2,400 from Acme, £3,100 from Brite,
    £2,750 from Cole"), the list parse's "and"/"or" left out as users type it (rule
    own-list-forms): a colon before a blank, then at least three comma parts, each of a few
    words; thousands separators split nothing. () when there is none."""
    for start, end in sentence_spans(text, _SERIES_SENTENCES):
        if end - start > _SERIES_CHARS:
            continue  # a run-on paragraph: no series, and no per-character walk over it
        colon = text.find(":", start, end)
        while 0 <= colon < end - 1 and not text[colon + 1].isspace():
            colon = text.find(":", colon + 1, end)  # "python:3.12", "10:30": no list's lead
        if colon < 0 or colon >= end - 1:
            continue
        parts: list[str] = []
        begin = colon + 1
        for position in range(colon + 1, end):
            if text[position] == "," and not digit_group(text, position):
                parts.append(text[begin:position].strip())
                begin = position + 1
        parts.append(text[begin:end].strip().rstrip(".!?").strip())
        if len(parts) >= _SERIES_PARTS and all(
            part and len(part.split()) <= _PART_WORDS for part in parts
        ):
            return tuple(parts)
    return ()


# Words a series' first part opens its first item with ("You'll need a spanner", "Pack some
# gloves", "Attach your constitution"): the words before the last of them lead the series.
SERIES_DETERMINERS = _words("a an the some your any two three four")
# A series' first part's words before its first item with no determiner ("You need distilled
# water", "you'll want fresh yeast"); with none of them the first word goes (the verb).
SERIES_LEAD_WORDS = _words(
    "you you'll you\u2019ll we we'll i i'll will would should could can need want also just "
    "then have"
)
# A comma part that opens the sentence with these is a clause before the series ("Before you
# build it, check A, B and C"; "To get faster, learn A, B and C"), not its first item.
CLAUSE_OPENERS = _words("before after to when if once since while as so for on in then first")
_SERIES_CHARS = 400  # a longer sentence is a run-on paragraph, no series
_REPLY_SENTENCES = 40  # sentences of a reply read for series


def sentence_series(text: str) -> tuple[str, ...]:
    """The items of the last comma series of ``text`` that the list parse leaves out as no
    choice offered ("you'll need a spanner, a bucket, some PTFE tape and an old towel"; rule
    named-series): a sentence of at least three comma parts whose last joins two by "and" or
    "or"; the first item from the first part's last determiner ("a spanner"), else its words
    after the first (the verb: "learn finger tricks" -> "finger tricks"). () when none."""
    found: tuple[str, ...] = ()
    for start, end in sentence_spans(text, _REPLY_SENTENCES):
        if end - start > _SERIES_CHARS or text.count(",", start, end) < 2:
            continue
        parts: list[str] = []
        begin, depth = start, 0
        for position in range(start, end):
            char = text[position]
            if char in "([":
                depth += 1
            elif char in ")]":
                depth = max(0, depth - 1)
            elif char == "," and depth == 0 and not digit_group(text, position):
                parts.append(text[begin:position].strip())
                begin = position + 1
        last = text[begin:end].strip().rstrip(".!?").strip()
        joined = _joined(last)
        if joined is None or len(parts) < 2:
            continue
        opener = parts[0].split()[:1]
        second = parts[1].split()[:1]
        if (
            len(parts) + len(joined) >= 4
            and opener
            and opener[0].casefold() in CLAUSE_OPENERS
            and second
            and second[0].casefold() not in SERIES_DETERMINERS
        ):
            parts = parts[1:]  # "Before you build it, check A, B and C" (not "For it, a B")
        head = _series_head(parts[0])
        items = [head, *parts[1:], *joined]
        if all(item and len(item.split()) <= _PART_WORDS for item in items):
            found = tuple(item.removeprefix("and ").removeprefix("or ") for item in items)
    return found


def _joined(last: str) -> list[str] | None:
    """The last comma part split at its "and"/"or" ("some tape and an old towel"), or the
    part itself when the comma before it carried the joiner ("..., and an old towel")."""
    if last.startswith(("and ", "or ")):
        return [last]
    for joiner in (" and ", " or "):
        cut = last.rfind(joiner)
        if cut > 0:
            return [last[:cut].strip(), last[cut + len(joiner) :].strip()]
    return None


def _series_head(first: str) -> str:
    words = first.split()
    for at in range(len(words) - 1, -1, -1):
        if words[at].casefold() in SERIES_DETERMINERS:
            return " ".join(words[at:])
    lead = 0
    while lead < len(words) - 1 and words[lead].casefold() in SERIES_LEAD_WORDS:
        lead += 1
    return " ".join(words[max(lead, 1) :]) if len(words) > 1 else first
