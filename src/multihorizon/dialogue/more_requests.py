"""Requests for more of the same (SPEC-028 §5.2 DRILL_DOWN, rule more-requests; issue 15 item
1, stop 40): a user turn right after a reply that asks for more of a thing made ("can you give
me three more examples like that to practise", "could you write two more of those", "some more
exercises of this kind but with modal verbs": ``text.reference_phrases.PRODUCT_REPEATS``, the
lexicon's repeat phrases) goes deeper into the thread (the house convention of §5.2), though
§5.2's bare "more" marker reads CONTINUE when the repeat finds no request to repeat (rule
repeat-products looks only for a request that made something). A bare "more examples please"
or "another one please" holds no such phrase and stays CONTINUE.

Linear: one pass over the turn's marker hits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.reference_phrases import PRODUCT_REPEATS

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["asks_for_more"]

_PRODUCTS = frozenset(PRODUCT_REPEATS)
_ACTION = int(Marker.ACTION_REF)


def asks_for_more(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user turn right after a reply, in an assistant chat of two, holds a repeat
    phrase asking for more of a thing made (rule more-requests)."""
    config, log = context.config, context.log
    if not (config.more_requests and features.has(Marker.ACTION_REF)):
        return False
    if not (len(log) > 0 and log.roles[-1] == "assistant"):
        return False
    if context.speakers.multi_party(config) or context.peer_dialogue():
        return False
    text = features.text
    return any(
        hit[0] == _ACTION and text[hit[2] : hit[3]].casefold() in _PRODUCTS for hit in features.hits
    )
