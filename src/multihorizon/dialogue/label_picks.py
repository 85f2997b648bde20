"""Items picked by a bare label or a roman numeral (SPEC-028 §4.1 "which item of which list"),
rule label-picks:

- a turn that is a label and nothing more but the words of ``text.pick_labels.
  BARE_PICK_WORDS`` ("2 pls", "A please", "option 3 then", "I'll take 4") answers with an
  item: the item of that number of the latest list marked so (digits a numbered list, a
  capital letter a lettered one), else of the latest list;
- after a reply with no list that ends asking "Would you rather A or B?", a bare ordinal
  word ("the latter", "the first one") picks one of the two (``text.or_pairs.question_pair``);
- a roman numeral of two or more letters anywhere in the turn ("option II", "is III
  harder?") picks that item of the latest list labelled with roman numerals (rule
  roman-labels), when one of the last few replies with lists has one long enough.

A named reference, first of the turn's (antecedents, envelope, Tier C; not the §5.2 intent).
Each reads the turn's words once (``str.split``) and the labels of a few lists.
"""

from __future__ import annotations

from ..config import Config
from ..text.list_styles import LETTERED, NUMBERED, ROMAN, list_style
from ..text.or_pairs import question_pair
from ..text.ordinal_forms import ITEM_NOUNS, ORDINALS
from ..text.pick_labels import BARE_PICK_MOST, BARE_PICK_WORDS, roman_value
from .implicit_items import list_turns
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = ["with_label_picks"]

_STRIP = ".,!?:;()\"'*"
_LIST_TURNS = 4  # replies with lists searched for one marked as the label asks
_ROMAN_CHARS = 80  # characters a roman numeral pick is looked for in ("option II, ...")
_CONFIDENCE = 0.6
_ASKED_CHARS = 300  # the end of a reply read for the question that offers two choices


def with_label_picks(
    resolution: Resolution, content: str, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with the item a bare label or a roman numeral picks (rule
    label-picks); unchanged when the turn holds neither or no list in reach has the item."""
    if not config.label_picks or resolution.addressee is not None:
        return resolution
    turns = list_turns(log)[:_LIST_TURNS]
    # After a question offering two choices, only an ordinal the stage found and could not
    # resolve ("the latter"): the gated item rules (dialogue.item_rules) skip a turn with no
    # reference when no reply in reach has a list.
    unresolved = any(r.type == "ordinal" and r.target_turn is None for r in resolution.references)
    asked = _asked_pair(log) if unresolved else None
    if asked is not None:
        picked = _bare_pick(content, [], log, asked)
    elif not turns:
        return resolution
    else:
        picked = _bare_pick(content, turns, log)
    if picked is None:
        picked = _roman_pick(content, turns, log)
    if picked is None:
        return resolution
    if any(ref.item == picked.item for ref in resolution.references):
        return resolution
    return resolution.with_first(picked)


def _asked_pair(log: TurnLog) -> tuple[int, list[str]] | None:
    """(turn, the two choices) when the latest turn is a reply with no list that ends asking
    "Would you rather A or B?" (``text.or_pairs.question_pair``), else None."""
    turn = len(log) - 1
    if turn < 0 or log.roles[turn] != "assistant" or log.enumerations.get(turn):
        return None
    text = log.contents[turn][-_ASKED_CHARS:].rstrip()
    start = max(text.rfind(mark, 0, len(text) - 1) for mark in (". ", "? ", "! ", "\n")) + 1
    pair = question_pair(text[start:].strip())
    return None if pair is None else (turn, pair)


def _bare_pick(
    content: str,
    turns: list[int],
    log: TurnLog,
    asked: tuple[int, list[str]] | None = None,
) -> Reference | None:
    """ "2 pls", "A please", "#3 thanks": a turn of one label and pick words only; after
    ``asked`` (a reply asking "A or B?") an ordinal word ("the latter") picks a choice."""
    if len(content) > 80:
        return None  # a bare pick is short; most turns stop here
    words = content.split()
    if not words or len(words) > BARE_PICK_MOST:
        return None
    label: tuple[str, int, str] | None = None  # (label, number, style asked)
    for word in words:
        bare = word.strip(_STRIP).lstrip("#")
        if bare.casefold() in BARE_PICK_WORDS or not bare:
            continue
        found = _label(bare)
        if found is None or label is not None:
            return None  # another word: the turn says more than a pick
        label = (bare, *found)
    if label is None:
        return None
    surface, number, style = label
    if asked is not None:
        if style or number not in (1, 2, -1):
            return None  # "2 pls" after a question: a count as often as a pick
        return _reference(surface, content, asked[0], asked[1][0 if number == 1 else 1])
    return _pick(surface, content, number, style, turns, log, fallback=style != ROMAN)


def _label(word: str) -> tuple[int, str] | None:
    """(number, the marking it asks for) of a label: "2", "B", "II"; an ordinal word ("2nd",
    "the former") asks for none, so it reads the latest list."""
    if word.casefold() in ORDINALS:
        return ORDINALS[word.casefold()], ""
    if word.isascii() and word.isdigit() and len(word) <= 2 and int(word) >= 1:
        return int(word), NUMBERED  # "0 pls" names no item
    if len(word) == 1 and "A" <= word <= "J" and word != "I":
        return ord(word) - 64, LETTERED
    roman = roman_value(word) if len(word) >= 2 and word.isupper() else None
    return (roman, ROMAN) if roman is not None else None


def _roman_pick(content: str, turns: list[int], log: TurnLog) -> Reference | None:
    """ "option II, how many fabrics?": an upper-case numeral of two or more letters among the
    turn's first words, when a list in reach is labelled with roman numerals."""
    before = ""
    for word in content[:_ROMAN_CHARS].split():
        bare = word.strip(_STRIP)
        # After a capitalised word the numeral is a name's ("World War II", "Henry VIII");
        # in lower case only after an item noun ("option ii", not "ii" or "vi" as words).
        upper = bare.isupper() and not before[:1].isupper()
        if len(bare) >= 2 and (upper or (bare.islower() and before.casefold() in ITEM_NOUNS)):
            number = roman_value(bare)
            if number is not None:
                return _pick(bare, content, number, ROMAN, turns, log, fallback=False)
        before = bare
    return None


def _pick(
    surface: str,
    content: str,
    number: int,
    style: str,
    turns: list[int],
    log: TurnLog,
    *,
    fallback: bool,
) -> Reference | None:
    """The ``number``-th item of the latest list in ``turns`` marked ``style`` (the latest
    lists of a turn first); with ``fallback``, else of the latest list."""
    for turn in turns:
        text = log.features[turn].text
        for listed in reversed(log.features[turn].enumeration_lists or ()):
            if style and number <= len(listed.items) and list_style(text, listed.items) == style:
                return _reference(surface, content, turn, listed.items[number - 1])
    if not turns:
        return None  # after a question that offers two choices, no list in reach
    items = log.enumerations[turns[0]]
    index = number - 1 if number > 0 else len(items) + number  # "the latter": from the end
    if not fallback or not 0 <= index < len(items):
        return None
    return _reference(surface, content, turns[0], items[index])


def _reference(surface: str, content: str, turn: int, item: str) -> Reference:
    at = max(0, content.find(surface))
    return Reference(
        "ordinal", surface, at, at + len(surface), turn, item=item, confidence=_CONFIDENCE
    )
