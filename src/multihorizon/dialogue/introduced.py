"""A turn reference by a verb of introducing ("the side sleeping you brought up", "the
conditional requests you raised") to the turn that introduced what it names (SPEC-028 §4.2
turn with about-terms; rule introducing-turns; issue 15 item 1).

§4.2's turn reference with about-terms is the turn mentioning the most of them, the most
recent among equals. A reply that repeats a suggestion (a draft, a recap, code using it)
then wins over the one that made it; "you brought up", "you raised", "you suggested" name the
turn that first said it. ``introducing_turn`` moves such a reference to the earliest turn of
the same speaker's role holding every about-term, within the entity index's last postings
(``resolution._coverage``: the cost does not grow with the log).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ..text.reference_phrases import INTRODUCING_PHRASES
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = ["introducing_turn"]


def introducing_turn(
    mention: Mention, reference: Reference, log: TurnLog, masks: Mapping[int, int]
) -> Reference:
    """``reference`` moved to the earliest turn of its target's role that holds every
    about-term (``masks``: turn id -> bit mask of the terms it mentions), when the mention
    says a verb of introducing and its target holds them all; else ``reference``."""
    turn = reference.target_turn
    if turn is None or not mention.terms or not _introduces(mention.surface):
        return reference
    full = (1 << len(mention.terms)) - 1
    if masks.get(turn) != full:
        return reference
    roles = log.roles
    first = min((t for t, mask in masks.items() if mask == full and roles[t] == roles[turn]))
    if first == turn:
        return reference
    return dataclasses.replace(reference, target_turn=first)


def _introduces(surface: str) -> bool:
    folded = " ".join(surface.casefold().split())
    return any(phrase in folded for phrase in INTRODUCING_PHRASES)
