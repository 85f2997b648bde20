"""Item picks a turn makes around its other references (SPEC-028 §4.1 "which item of which
list"):

- rule lead-letters: a lower-case letter opening the turn ("c in an open office?", "b -
  synthetic or sable?", "d, can I use compost?") picks that item of the latest list, as
  "option c" would; so does a bare ordinal and noun opening a terse turn ("middle tool,
  how to read it?", "last culprit: fix with X?"), on the list whose lead says the noun.
  A ``named`` reference (antecedents, envelope, Tier C; not the §5.2 intent). Read
  before rule item-words, which then names no other item.
- rule item-over-said: "Of the hotels you listed, is the second one quiet?": the turn
  reference "you listed" finds the first item that says "hotel"; the ordinal names the
  item meant, so a turn reference keeps its turn but gives up its item to an item
  reference of the same turn.
- rule plain-qualities: "The cheap one, is it ok on motorways?": a plain adjective of a
  scale (``text.item_qualities``) before "one" or an item noun picks the item at that end
  of the latest list, as "the cheapest one" does ("a budget choice" says cheap), in the
  place of the item-less reference the phrase made. Read before rule item-words.

Each reads the turn's first characters or its few references once.
"""

from __future__ import annotations

from dataclasses import replace

from ..config import Config
from ..text.item_qualities import QUALITY_WORDS, SUPERLATIVES, item_by_quality
from ..text.ordinal_forms import ITEM_NOUNS, MIDDLE, ORDINALS
from .implicit_items import list_turns
from .own_lists import ordinal_of
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = ["with_item_over_said", "with_lead_letter", "with_plain_quality"]

# Letters that may open a turn as a pick: not "a" or "i" (an article, a pronoun).
_LEAD_LETTERS = "bcdefgh"
# What may follow the letter: a space before a word, or a mark that ends the pick.
_AFTER_LETTER = frozenset(" ,-:)?\u2013\u2014")
_CONFIDENCE = 0.6


def with_lead_letter(
    resolution: Resolution, content: str, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with the item a letter opening the turn picks (rule lead-letters), when
    the latest list has that many items and no reference of the turn names an item."""
    if not config.lead_letters or resolution.addressee is not None or len(content) < 3:
        return resolution
    at = len(content) - len(content.lstrip())
    letter = content[at]
    if letter not in _LEAD_LETTERS or content[at + 1 : at + 2] not in _AFTER_LETTER:
        return _lead_ordinal(resolution, content, log)  # most turns: none
    if content[at + 1] == "." and content[at + 2 : at + 3] not in (" ", ""):
        return resolution  # "e.g."
    if any(ref.item is not None for ref in resolution.references):
        return resolution
    turns = list_turns(log)
    index = _LEAD_LETTERS.index(letter) + 1  # "b" is the second item
    # The latest list its replier lettered ("b) Two round brushes"), else the latest list.
    lettered = [t for t in turns if _lettered(log.contents[t], log.enumerations[t], index)]
    turn = lettered[0] if lettered else turns[0] if turns else -1
    if turn < 0 or index >= len(log.enumerations[turn]):
        return resolution
    item = log.enumerations[turn][index]
    picked = Reference("ordinal", letter, at, at + 1, turn, item=item, confidence=_CONFIDENCE)
    return resolution.with_first(picked)


def _lettered(text: str, items: tuple[str, ...], index: int) -> bool:
    """Whether the list labels its item ``index`` with its letter ("b) ...", "(b) ...")."""
    if index >= len(items):
        return False
    at = text.find(items[index])
    label = text[max(0, at - 4) : at].strip().strip("(*").casefold()
    return at > 0 and label[:1] == _LEAD_LETTERS[index - 1] and label[1:2] in (")", ".", ":")


def with_item_over_said(resolution: Resolution, log: TurnLog, config: Config) -> Resolution:
    """``resolution`` with the items of its turn references dropped when another reference
    of the turn names a list item (rule item-over-said); an ordinal on another list than
    the one whose item the turn reference found ("For the bins you described, the first
    kind") is read against that one (the list the words name, as rule list-topics)."""
    if not config.item_over_said or len(resolution.references) < 2:
        return resolution  # most turns
    picks = [r for r in resolution.references if r.type == "ordinal" and r.item is not None]
    said = [r for r in resolution.references if r.type == "turn" and r.item is not None]
    if not picks or not said:
        return resolution
    changed = {id(r): replace(r, item=None) for r in said}
    named = said[0].target_turn
    for pick in picks:
        moved = _on_named_list(pick, said[0].item, named, log)
        if moved is not None:
            changed[id(pick)] = moved
    return resolution.with_changed(changed)


def _on_named_list(
    pick: Reference, found: str | None, turn: int | None, log: TurnLog
) -> Reference | None:
    """``pick`` read against the list of ``turn`` that holds ``found``, when that is another
    turn's list; else None."""
    if turn is None or turn == pick.target_turn or turn >= len(log):
        return None
    number = ordinal_of(pick.surface)
    items = log.enumerations.get(turn, ())
    if number is None or found not in items:
        return None
    index = number - 1 if number > 0 else len(items) + number
    if not 0 <= index < len(items):
        return None
    return replace(pick, target_turn=turn, item=items[index])


def with_plain_quality(
    resolution: Resolution, content: str, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with an item-less "the cheap one" made the item at that end of the
    latest list's scale (rule plain-qualities); unchanged otherwise."""
    if not config.plain_qualities or resolution.addressee is not None:
        return resolution
    if any(ref.item is not None for ref in resolution.references):
        return resolution
    if not resolution.references:
        return _plain_quality_phrase(resolution, content, log)
    for ref in resolution.references:
        words = [w.strip(".,;:!?") for w in ref.surface.casefold().split()]
        if len(words) < 2 or words[-1] not in ITEM_NOUNS or words[-2] not in QUALITY_WORDS:
            continue
        found = _quality_item(QUALITY_WORDS[words[-2]], log)
        if found is None:
            return resolution
        better = replace(ref, type="ordinal", target_turn=found[0], item=found[1])
        return resolution.with_changed({id(ref): better})
    return resolution


def _quality_item(quality: tuple[str, int], log: TurnLog) -> tuple[int, str] | None:
    """(turn, item) of the latest list in reach with an item at that end of the scale."""
    for turn in list_turns(log):
        for listed in reversed(log.features[turn].enumeration_lists or ()):
            index = item_by_quality(f"{quality[0]}:{quality[1]}", listed.items, listed.lead)
            if index is not None:
                return turn, listed.items[index]
    return None


_PHRASE_WORDS = 12  # "the cheaper one" is read among the turn's first words


def _plain_quality_phrase(resolution: Resolution, content: str, log: TurnLog) -> Resolution:
    """A turn with no reference: its "the cheaper one" (the, a quality word, an item noun
    among its first words) as a named reference to the item at that end."""
    words = content.split(None, _PHRASE_WORDS)[:_PHRASE_WORDS]
    folded = [w.casefold().strip(".,;:!?") for w in words]
    for at in range(len(folded) - 2):
        quality = QUALITY_WORDS.get(folded[at + 1])
        if folded[at] != "the" or quality is None or folded[at + 2] not in ITEM_NOUNS:
            continue
        if folded[at + 1] in SUPERLATIVES or folded[at + 3 : at + 4] == ["to"]:
            return resolution  # rule item-forms' "the fastest"; "the quick way to the airport"
        found = _quality_item(quality, log)
        if found is None:
            return resolution
        start = content.find(words[at])
        end = content.find(words[at + 2], start) + len(words[at + 2].rstrip(".,;:!?"))
        picked = Reference("ordinal", content[start:end], start, end, found[0], item=found[1],
                           confidence=_CONFIDENCE)  # fmt: skip
        return resolution.with_named(picked)
    return resolution


_ORDINAL_ENDS = ",:?;"  # what closes "middle tool," / "last culprit:"


def _lead_ordinal(resolution: Resolution, content: str, log: TurnLog) -> Resolution:
    """A terse turn opening with a bare ordinal and a noun ("middle tool, how to read it?"):
    that item of the list in reach whose lead says the noun, else of the latest list."""
    words = content.split(None, 2)[:2]
    if len(words) < 2 or words[1][-1:] not in _ORDINAL_ENDS:
        return resolution  # most turns
    first = words[0].casefold()
    number = MIDDLE if first == "middle" else ORDINALS.get(first)
    noun = words[1].rstrip(_ORDINAL_ENDS).casefold()
    if number is None or not noun.isalpha() or any(r.item for r in resolution.references):
        return resolution
    lists = [(t, e) for t in list_turns(log) for e in reversed(log.features[t].enumeration_lists)]
    if not lists:
        return resolution
    named = [(t, e) for t, e in lists if noun[:4] in e.lead.casefold()]
    turn, listed = named[0] if named else lists[0]
    size = len(listed.items)
    index = (
        (size // 2 if size % 2 else -1)
        if number == MIDDLE
        else number - 1
        if number > 0
        else size + number
    )
    if not 0 <= index < size:
        return resolution
    end = len(content) - len(content.lstrip()) + len(words[0]) + 1 + len(words[1]) - 1
    start = len(content) - len(content.lstrip())
    picked = Reference("ordinal", content[start:end], start, end, turn,
                       item=listed.items[index], confidence=_CONFIDENCE)  # fmt: skip
    return resolution.with_first(picked)
