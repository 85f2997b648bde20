"""A list the user wrote themselves (SPEC-028 §4.1 "the second option" -> which enumeration?,
rule own-lists): "I've narrowed it to: a framed map, a steam railway day, binoculars or a
cookery class" and later "the third one on my list", "the second one I mentioned", "of the
phones I listed, the last one", "the first of mine".

The log keeps the lists of replies only (``TurnLog.enumerations``); a user turn's list is read
here, and only when the turn points at the user's own words (``OWN_LIST_CUES``) and has an
ordinal reference: the ordinal is then the item of the latest user turn with a list, within
the turns item-words walks back. Such a reference is ``named`` (it reaches the antecedents,
the envelope and Tier C, not the §5.2 intent).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import repeat

from ..config import Config
from ..text.enumerations import LAST
from ..text.item_words import NOT_ITEM_WORDS
from ..text.list_layout import CUED_ORDINAL_LEADS, MORE_OWN_CUES, NOT_PICK_NOUNS, colon_series
from ..text.ordinal_forms import (
    ADJECTIVE_ORDINALS,
    CARDINALS,
    ITEM_NOUNS,
    ORDINALS,
    OWN_LIST_CUES,
)
from ..text.pick_labels import (
    DEFINITE_WORDS,
    OWN_ONE_ORDINALS,
    OWN_ONE_WORDS,
    OWN_POSSESSIVES,
    VALUE_OWNERS,
)
from ..text.tokens import content_terms
from .implicit_items import list_turns
from .letter_picks import aside_end, inline_items, lettered_list
from .ordinal_resolution import item_of_list, same_stem
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = [
    "ordinal_of",
    "with_own_list_items",
    "with_own_list_ordinals",
    "with_own_list_words",
    "with_own_lists",
    "without_own_ones",
]

_WALK = 12  # turns walked back for the user's list (as rule item-words)
_CONFIDENCE = 0.6
_DEFINITE_CHARS = 8  # characters before an item's word read for "the" / "that"
_HEAD_CHARS = 200  # an ordinal over the user's own list is looked for among these characters
_WORD_MARKS = ".,;:!?()\"'"  # stripped from a word's ends before it is looked up
_LEAD_CHARS = 200  # characters before a list's first item read as its lead (own-list-nouns)
# Each cue's head, up to the space after its first word (" i ", " my "): a prefix of the cue,
# so a turn with no head holds no cue (four searches instead of one per cue; issue 14).
_CUE_HEADS = tuple(
    dict.fromkeys(cue[: cue.find(" ", 1) + 1] if " " in cue[1:] else cue for cue in OWN_LIST_CUES)
)


# The last reading of ``_points_at_own``: (text, more, found). Rules own-list-ordinals and
# own-list-words both ask it of every turn's text (issue 14); the triple is replaced whole,
# so a racing reader sees one reading or the next, each of its own text.
_LAST_POINTED: list[tuple[str | None, bool, bool]] = [(None, False, False)]


def _points_at_own(content: str, more: bool = False) -> bool:
    """Whether a turn holds an ``OWN_LIST_CUES`` cue ("the second one I mentioned"); ``more``
    (rule own-list-forms): or a ``MORE_OWN_CUES`` one ("the second one I put down")."""
    last = _LAST_POINTED[0]
    if last[0] is content and last[1] == more:
        return last[2]
    found = _reads_own_cue(content, more)
    _LAST_POINTED[0] = (content, more, found)
    return found


def _reads_own_cue(content: str, more: bool) -> bool:
    folded = " " + content.casefold().replace("\u2019", "'")
    if more and any(map(folded.__contains__, MORE_OWN_CUES)):  # no frame per cue
        return True
    if not any(map(folded.__contains__, _CUE_HEADS)):
        return False
    return any(map(folded.__contains__, OWN_LIST_CUES))


def with_own_lists(
    resolution: Resolution, content: str, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with its ordinal references read against the user's own latest list
    when the turn points at it ("the second one I mentioned"); unchanged otherwise."""
    if not config.own_lists or resolution.addressee is not None:
        return resolution
    ordinals = [ref for ref in resolution.references if ref.type == "ordinal"]
    if not ordinals:
        return resolution  # most turns
    # Rule own-possessive-ordinals: "my third item", "our second option" point at the
    # user's list as "the third one on my list" does; only those references are read.
    mine = [ref for ref in ordinals if config.own_possessive_ordinals and _possessive(ref)]
    if mine:
        ordinals = mine
    elif not _points_at_own(content, config.own_list_forms):
        return resolution
    found = _own_list(log, config.own_list_forms)
    if found is None:
        return resolution
    turn, items = found
    changed: dict[int, Reference] = {}
    for ref in ordinals:
        number = _own_ordinal(ref.surface)
        if number is None:
            continue
        index = number - 1 if number > 0 else len(items) + number
        if 0 <= index < len(items):
            changed[id(ref)] = replace(
                ref, target_turn=turn, item=items[index], confidence=_CONFIDENCE
            )
    if not changed:
        return resolution
    swap = tuple(changed.get(id(ref), ref) for ref in resolution.references)
    named = tuple(changed.get(id(ref), ref) for ref in resolution.named)
    kept = {id(ref) for ref in resolution.named}
    added = tuple(new for old, new in changed.items() if old not in kept)
    return replace(
        resolution,
        references=swap,
        named=(*named, *added),
    )


# Words after a cued ordinal its cue stands in ("the third city I mentioned", "the 2nd one on
# my shortlist").
_CUE_REACH = 5


def _cued_ordinal(resolution: Resolution, content: str, log: TurnLog) -> Resolution:
    """Rule own-list-forms: an ordinal word the stage read no reference of, after "the" or
    the user's possessive, in a turn that points at the user's own list ("the third city I
    mentioned", "the 2nd on my list"): that list's item, named first. "the first time I
    mentioned it" picks nothing."""
    words = _head_words(content)
    for at, word in enumerate(words[1:], 1):
        number = ORDINALS.get(word)
        if number is None or words[at - 1] not in CUED_ORDINAL_LEADS:
            continue
        if at + 1 < len(words) and words[at + 1] in NOT_PICK_NOUNS:
            return resolution
        if not _points_at_own(" ".join(words[at + 1 : at + 1 + _CUE_REACH]), True):
            continue  # "As I mentioned, my first attempt failed": the cue is not the ordinal's
        found = _own_list(log, True)
        if found is None:
            return resolution
        turn, items = found
        index = number - 1 if number > 0 else len(items) + number
        if not 0 <= index < len(items):
            return resolution
        return resolution.with_first(_word_reference(content, word, turn, items[index]))
    return resolution


def without_own_ones(resolution: Resolution, config: Config) -> Resolution:
    """``resolution`` without its ordinal references that name a thing of the user's own
    (rule own-ones: "My last one broke after a year", "our first ones were bagged": a
    possessive, an ordinal and "one", no item of a list), in the references the envelope
    shows and the named ones; the stage's ``resolved`` (which the §5.2 intent read) stays."""
    if not config.own_ones:
        return resolution
    dropped = {id(ref) for ref in resolution.references if _own_one(ref)}
    if not dropped:
        return resolution  # most turns
    return replace(
        resolution,
        references=tuple(r for r in resolution.references if id(r) not in dropped),
        named=tuple(r for r in resolution.named if id(r) not in dropped),
    )


def _own_one(ref: Reference) -> bool:
    """Whether an ordinal reference's words are a possessive, "last" / "first" and "one(s)"."""
    if ref.type != "ordinal":
        return False
    words = [word.strip(".,;:!?()\"'") for word in ref.surface.casefold().split()]
    return (
        len(words) == 3
        and words[0] in VALUE_OWNERS
        and words[1] in OWN_ONE_ORDINALS
        and words[2] in OWN_ONE_WORDS
    )


def _possessive(ref: Reference) -> bool:
    """Whether an ordinal reference opens with the user's possessive ("my third item", "our
    second option"; rule own-possessive-ordinals)."""
    words = ref.surface.casefold().split()
    return len(words) >= 2 and words[0] in OWN_POSSESSIVES


def with_own_list_words(
    resolution: Resolution, content: str, terms: Sequence[str], log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with the item of the user's own latest list that the turn's words name
    ("the stickers idea I mentioned", "the train experience I suggested"; rule
    own-list-words), when the turn points at the user's own words and no reference of it
    names an item; a ``named`` reference first in the turn's references."""
    if not config.own_list_words or resolution.addressee is not None:
        return resolution
    if any(ref.type == "ordinal" and ref.item is not None for ref in resolution.references):
        return resolution
    if not _points_at_own(content, config.own_list_forms):
        return resolution  # most turns
    found = _own_list(log, config.own_list_forms)
    asked = [t for t in terms if t not in NOT_ITEM_WORDS and t not in ITEM_NOUNS and len(t) >= 3]
    if found is None or not asked:
        return resolution
    turn, items = found
    # Rule own-list-nouns: "the third fish on my list" (a noun of the list's own, which no
    # ordinal reference reads as an item noun).
    lead = _list_lead(log, turn, items)
    item = _ordinal_noun(content, items, lead) if config.own_list_nouns else None
    item = item or item_of_list(asked, items, True) or _said_exactly(asked, items)
    if item is None:
        return resolution
    said = content_terms(item)
    word = next((t for t in asked if any(same_stem(t, w) for w in said)), asked[0])
    folded = " " + content.casefold().replace("\u2019", "'")
    at = max(0, folded.find(word[:4]) - 1)
    end = at + len(word)
    named = Reference("ordinal", content[at:end], at, end, turn, item=item, confidence=_CONFIDENCE)
    return resolution.with_first(named)


def with_own_list_ordinals(
    resolution: Resolution, content: str, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with an ordinal no reply's list answers read against the user's own
    latest list (rule own-list-ordinals): "For the second one, how many logos?", "the third
    round, how do I ..." after the user listed three rounds and the reply listed none, with
    no cue that points at the user's words. Only when no reply after that list has a list
    and no reference of the turn names an item; the item is ``named`` first. With a cue and
    no ordinal reference by place (rule own-list-forms): the ordinal word's item."""
    if not config.own_list_ordinals or resolution.addressee is not None:
        return resolution
    if config.own_list_forms and _points_at_own(content, True):
        placed = [
            r for r in resolution.references if r.type == "ordinal" and _own_ordinal(r.surface)
        ]
        if not placed:  # "the third city I mentioned", "the 2nd on my list, folds ok?"
            return _cued_ordinal(resolution, content, log)
    if any(ref.item is not None for ref in resolution.references):
        return resolution
    open_refs = [r for r in resolution.references if r.type == "ordinal" and r.target_turn is None]
    if not open_refs and ORDINALS.keys().isdisjoint(_head_words(content)):
        return resolution  # most turns: read before the cue, which reads the whole turn
    if _points_at_own(content, config.own_list_forms):
        return resolution  # with a cue ("the second one I mentioned") rule own-lists reads it
    found = _own_list(log, config.own_list_forms)
    if found is None:
        return resolution
    turn, items = found
    if any(later > turn for later in list_turns(log)):
        return resolution  # a reply's list is the latest: the stage's reading stands
    for ref in open_refs:
        number = _own_ordinal(ref.surface)
        index = -1 if number is None else number - 1 if number > 0 else len(items) + number
        if 0 <= index < len(items):
            # The open reference becomes the resolved one (not a second copy of it).
            picked = replace(ref, target_turn=turn, item=items[index], confidence=_CONFIDENCE)
            rest = replace(
                resolution,
                references=tuple(r for r in resolution.references if r is not ref),
                named=tuple(r for r in resolution.named if r is not ref),
            )
            return rest.with_first(picked)
    if not config.own_list_nouns:
        return resolution  # "the third round": an ordinal before a noun of the list
    item = _ordinal_noun(content, items, _list_lead(log, turn, items))
    if item is None:
        return resolution
    word = next(w for w in _head_words(content) if w in ORDINALS)
    return resolution.with_first(_word_reference(content, word, turn, item))


def _word_reference(content: str, word: str, turn: int, item: str) -> Reference:
    """An ordinal reference by the ordinal ``word`` (its first place in ``content``) to
    ``item`` of the user's list in ``turn``."""
    at = max(0, content.casefold().find(word))
    return Reference(
        "ordinal", content[at : at + len(word)], at, at + len(word), turn, item=item,
        confidence=_CONFIDENCE,
    )  # fmt: skip


def with_own_list_items(
    resolution: Resolution, content: str, terms: Sequence[str], log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with the item of the user's own latest list that the turn's words name,
    with no cue pointing at the user's words (rule own-list-items: "would the Air handle
    Docker?" after "A: a MacBook Air ..., B: a ThinkPad ..."), when no reply since that
    list has one, no reference of the turn names an item, and a word that one item alone
    holds (not of the words before the list) names it; a ``named`` reference first."""
    if not config.own_list_items or resolution.addressee is not None:
        return resolution
    if any(ref.item is not None for ref in resolution.references):
        return resolution
    found = _own_list(log, config.own_list_forms)
    if found is None:
        return resolution  # most turns
    turn, items = found
    if any(later > turn for later in list_turns(log)) or _points_at_own(
        content, config.own_list_forms
    ):
        return resolution  # a reply's list is the latest; with a cue own-list-words reads it
    aside = aside_end(content)
    if aside >= 0:  # "Rather than the Dell, would the Air ...": the question's words
        terms = content_terms(content[aside + 1 :])
    text = log.features[turn].text
    lead = content_terms(text[max(0, text.find(items[0]) - _LEAD_CHARS) : text.find(items[0])])
    asked = [
        t for t in terms
        if t not in NOT_ITEM_WORDS and t not in ITEM_NOUNS and len(t) >= 3
        and not any(same_stem(t, w) for w in lead)
    ]  # fmt: skip
    item = item_of_list(asked, items, True) if asked else None
    if item is None:
        return resolution
    said = content_terms(item)
    word = next((t for t in asked if any(same_stem(t, w) for w in said)), asked[0])
    at = content.casefold().find(word[:4])
    # Said as a thing the turn points at ("would the Air ...", "that lodge"), not in passing
    # ("a friend did twenty logos too").
    before = content[max(0, at - _DEFINITE_CHARS) : at].casefold().split() if at >= 0 else []
    if not before or before[-1] not in DEFINITE_WORDS:
        return resolution
    named = Reference(
        "ordinal", content[at : at + len(word)], at, at + len(word), turn, item=item,
        confidence=_CONFIDENCE,
    )  # fmt: skip
    return resolution.with_first(named)


def _list_lead(log: TurnLog, turn: int, items: Sequence[str]) -> str:
    """The words before the first item of the user's list in ``turn`` (own-list-nouns)."""
    text = log.features[turn].text
    first = max(0, text.find(items[0]))
    return text[max(0, first - _LEAD_CHARS) : first]


def _head_words(content: str) -> list[str]:
    """The first ``_HEAD_CHARS`` characters' words, case-folded and stripped of marks."""
    # ``map`` in C, no Python frame per word (issue 14).
    return list(map(str.strip, content[:_HEAD_CHARS].casefold().split(), repeat(_WORD_MARKS)))


def _ordinal_noun(content: str, items: Sequence[str], lead: str) -> str | None:
    """Rule own-list-nouns: the item an ordinal before a noun of the list picks ("the third
    fish on my list" over "... three candidates: tilapia, goldfish and rainbow trout"): the
    noun is a word of the list's lead or of two of its items. None without one."""
    words = [word.strip(".,;:!?()\"'") for word in content.casefold().split()]
    named = [content_terms(item) for item in items]
    heading = content_terms(lead)
    for at, word in enumerate(words[:-1]):
        number = ORDINALS.get(word)
        noun = words[at + 1]
        if number is None or noun in ITEM_NOUNS or noun in NOT_ITEM_WORDS or len(noun) < 3:
            continue
        held = sum(1 for said in named if any(same_stem(noun, w) for w in said))
        if held < 2 and not any(same_stem(noun, w) for w in heading):
            continue
        index = number - 1 if number > 0 else len(items) + number
        return items[index] if 0 <= index < len(items) else None
    return None


def _said_exactly(terms: Sequence[str], items: Sequence[str]) -> str | None:
    """The one item that says the most of ``terms`` in the same form ("poster" picks "put up
    posters", not "post it online" too), or None."""
    counts = [len(set(terms) & set(content_terms(item))) for item in items]
    top = max(counts, default=0)
    return items[counts.index(top)] if top and counts.count(top) == 1 else None


def _own_list(log: TurnLog, colon_lists: bool = False) -> tuple[int, tuple[str, ...]] | None:
    """(turn, items) of the last list of the latest user turn with one, or None;
    ``colon_lists`` (rule own-list-forms): a colon series with no joiner is one."""
    now = len(log)
    for turn in range(now - 1, max(-1, now - 1 - _WALK), -1):
        if log.roles[turn] != "user":
            continue
        features = log.features[turn]
        lists = features.written_lists  # parsed once per turn (issue 14)
        # Options labelled on one line ("A: x, B: y, or C: z"), which the list parse splits
        # at other commas, unless a lettered list was parsed.
        inline = inline_items(features.text)
        if inline and not (lists and lettered_list(features.text, lists[-1].items)):
            return turn, inline
        if lists:
            return turn, lists[-1].items
        series = colon_series(features.text) if colon_lists else ()
        if series:  # rule own-list-forms: "my shortlist: Lisbon, Porto, Faro"
            return turn, series
    return None


def ordinal_of(surface: str) -> int | None:
    """The position an ordinal reference's words name ("The second one" -> 2, "the last one"
    -> LAST, "option three" -> 3), or None."""
    words = [word.strip(".,;:!?()\"'") for word in surface.casefold().split()]
    for at, word in enumerate(words):
        if word in ORDINALS:
            return ORDINALS[word]
        if word in ADJECTIVE_ORDINALS and at > 0 and words[at - 1] == "the":
            return ADJECTIVE_ORDINALS[word]
        if (
            word in CARDINALS
            and at > 0
            and (words[at - 1] in ITEM_NOUNS or words[at - 1] == "number")
        ):
            return CARDINALS[word]
    return None if "last" not in words else LAST


def _own_ordinal(surface: str) -> int | None:
    """``ordinal_of``, and a numeral after "number" ("number 2", "is number 3 too much?")
    over the user's own list, whose items the stage reads no number of."""
    number = ordinal_of(surface)
    words = surface.casefold().split()
    if number is None and len(words) == 2 and words[0] == "number":
        digits = words[1].strip(".,;:!?()\"'")
        if digits.isascii() and digits.isdigit() and len(digits) <= 2 and int(digits) >= 1:
            return int(digits)
    return number
