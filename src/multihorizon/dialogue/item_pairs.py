"""Several items picked at once (SPEC-028 §4.1 "which item of which list", rule item-pairs):
"the second and third", "numbers 2 and 4", "ideas 1, 3 and 5", "both" over a two-item list.

The schema's reference names one item, so a pick of several is one reference per item, as
rule item-forms does for runs ("the first two"). The first pick of a coordination is the
turn's own ordinal reference; each one joined to it by "and", "or", "&" or a comma becomes a
``named`` reference to the item of the same list that far from it (so a list numbered on from
an earlier reply counts on too). A plural item noun before numbers ("options 2 and 4") and
"both"/"either" after a reply with a two-item list pick from the latest list. Named
references reach the antecedents, the envelope and Tier C, never the §5.2 intent. Each reads
the turn's words once, left to right.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..config import Config
from ..text.enumerations import first_number
from ..text.ordinal_forms import CARDINALS, ORDINALS
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = ["with_item_pairs"]

Token = tuple[str, int, int]

# Words only, no nested repetition: linear in the turn.
_WORD = re.compile(r"[^\W_]+")
_JOINERS = frozenset(("and", "or", "&"))
_FILLERS = frozenset(("the", "number", "no", "#", "item", "option", "step"))
# Plural item nouns before a coordination of numbers: "options 2 and 4", "ideas 1, 3 and 5".
_PLURAL_WORDS = "numbers options ideas items steps points tips suggestions choices picks stages"
_PLURAL_NOUNS = frozenset(_PLURAL_WORDS.split())
_BOTH = frozenset(("both", "either"))
# "both ways", "either way", "we both", "thank you both": no pick of items.
_BOTH_NOT_BEFORE = frozenset(("us", "you", "way", "ways", "side", "sides", "times", "hands"))
_BOTH_NOT_AFTER = frozenset(("we", "you", "they", "us", "them", "i"))
_CONFIDENCE = 0.5


def with_item_pairs(
    resolution: Resolution, content: str, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with one named reference per further item the turn picks (rule
    item-pairs); unchanged when it picks none."""
    if not config.item_pairs or resolution.addressee is not None or not log.enumerations:
        return resolution
    picks = [
        ref
        for ref in resolution.references
        if ref.type == "ordinal" and ref.item is not None and ref.target_turn is not None
    ]
    if not picks and _latest(log) is None:
        return resolution  # no pick to go on from, no list just offered to pick from
    folded = content.casefold()
    if not any(word in folded for word in ("and", "or", "&", ",", "both", "either")):
        return resolution
    tokens = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(folded)]
    added: list[Reference] = []
    for ref in picks:
        added += _coordinated(ref, content, tokens, log)
    if not added:
        added = _plural_picks(content, tokens, log) or _both(content, tokens, log)
    if not added:
        return resolution
    return resolution.with_named(*added)


def _pick(content: str, start: int, end: int, turn: int, item: str) -> Reference:
    return Reference(
        "ordinal", content[start:end], start, end, turn, item=item, confidence=_CONFIDENCE
    )


def _number(word: str) -> int | None:
    if word.isascii() and word.isdigit() and len(word) <= 2:
        return int(word)
    return ORDINALS.get(word) or CARDINALS.get(word)


def _coordinated(
    ref: Reference, content: str, tokens: Sequence[Token], log: TurnLog
) -> list[Reference]:
    """ "the second and third": the items joined after the reference's own pick."""
    said = [t for t in tokens if ref.start <= t[1] and t[2] <= ref.end]
    picked = _number(said[-1][0]) if said else None
    turn = ref.target_turn
    if picked is None or turn is None:
        return []
    items = next((e.items for e in log.features[turn].enumeration_lists if ref.item in e.items), ())
    if not items:
        return []
    base = items.index(ref.item) - picked
    at = next((k for k, t in enumerate(tokens) if t[1] >= ref.end), len(tokens))
    return [
        _pick(content, s, e, turn, items[base + n])
        for n, s, e in _joined_numbers(content, tokens, at, ref.end)
        if 0 <= base + n < len(items)
    ]


def _joined_numbers(
    content: str, tokens: Sequence[Token], at: int, after: int
) -> list[tuple[int, int, int]]:
    """The numbers joined one after another from token ``at`` ("and third", ", 3 and 5"):
    (number, start, end) each; a gap of anything but blanks and one comma ends the run."""
    found: list[tuple[int, int, int]] = []
    previous_end = after
    while at < len(tokens):
        gap = content[previous_end : tokens[at][1]]
        word = tokens[at][0]
        joined = word in _JOINERS and gap.strip() in ("", ",")
        if not joined and gap.strip() != ",":
            break
        if joined:
            at += 1
        while at < len(tokens) and tokens[at][0] in _FILLERS:
            at += 1
        if at >= len(tokens) or (number := _number(tokens[at][0])) is None:
            break
        found.append((number, tokens[at][1], tokens[at][2]))
        previous_end = tokens[at][2]
        at += 1
    return found


def _latest(log: TurnLog) -> tuple[int, tuple[str, ...]] | None:
    """The latest assistant turn, when it is one of the last two turns and has a list."""
    now = len(log)
    for turn in range(now - 1, max(-1, now - 3), -1):
        if log.roles[turn] == "assistant":
            items = log.enumerations.get(turn, ())
            return (turn, items) if items else None
    return None


def _plural_picks(content: str, tokens: Sequence[Token], log: TurnLog) -> list[Reference]:
    """ "options 2 and 4", "ideas 1, 3 and 5": the latest list's items so labelled."""
    for k in range(len(tokens) - 1):
        if tokens[k][0] not in _PLURAL_NOUNS or _number(tokens[k + 1][0]) is None:
            continue
        latest = _latest(log)
        if latest is None:
            return []
        turn, items = latest
        first = first_number(log.features[turn].text, items[0])
        picks = [(_number(tokens[k + 1][0]) or 0, tokens[k + 1][1], tokens[k + 1][2])]
        picks += _joined_numbers(content, tokens, k + 2, tokens[k + 1][2])
        if len(picks) < 2:
            return []
        return [
            _pick(content, s, e, turn, items[n - first])
            for n, s, e in picks
            if 0 <= n - first < len(items)
        ]
    return []


def _both(content: str, tokens: Sequence[Token], log: TurnLog) -> list[Reference]:
    """ "Are both good with milk?" after a reply offering two things: both items."""
    for k, (word, start, end) in enumerate(tokens):
        if word not in _BOTH:
            continue
        following = tokens[k + 1][0] if k + 1 < len(tokens) else ""
        before = tokens[k - 1][0] if k else ""
        if following in _BOTH_NOT_BEFORE or before in _BOTH_NOT_AFTER:
            return []
        if following == "of" and (k + 2 >= len(tokens) or tokens[k + 2][0] not in (
            "them", "these", "those", "the"
        )):  # fmt: skip
            return []
        latest = _latest(log)
        if latest is None or len(latest[1]) != 2:
            return []
        turn, items = latest
        return [_pick(content, start, end, turn, item) for item in items]
    return []
