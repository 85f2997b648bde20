"""A demonstrative's thing ("that festival story", "those regional figures", "that bell
mechanic") is the turn that introduced it, preferring the turn that holds the detail the
question asks about, as a definite's is ("the blender", ``definite_mentions``), rather than
the latest turn naming it in passing: a recap, a list that names it again, a reply quoting it
(SPEC-028 §4.1 entity reference, §4.2; rule demonstrative-introducers, issue 15 item 1).

§4.2 says "the most recent turn mentioning it"; in a chat the later mention is mostly a
re-mention. The definite ranking reads the entity index and entities column only; when the
turn right before names the thing as fully as any, it is the antecedent and §4.2's target
stands.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..config import Config
from .definite_mentions import resolve_definite
from .entity_forms import recalls
from .features import TurnFeatures
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = ["introduced_entities"]

_MAX_MENTIONS = 4  # entity mentions of one turn ranked (as definite_mentions reads)


def introduced_entities(
    mentions: Sequence[Mention],
    references: Sequence[Reference],
    features: TurnFeatures,
    log: TurnLog,
    config: Config,
) -> list[Reference]:
    """``references`` (one per mention) with each resolved entity reference of a question
    (the turn holds a question mark: "Run that check on agent-2 as well." names the request)
    moved to the turn ``resolve_definite`` ranks first for its mention (and the turn's
    content words), when that one resolves."""
    moved = list(references)
    content, details = features.text, features.terms
    if not config.demonstrative_introducers or "?" not in content:
        return moved
    now, window = len(log), config.reference_search_window
    other_forms = config.entity_forms
    replies_first = other_forms and not recalls(content)
    ranked = 0  # each ranking reads every word of the turn: a few mentions keep it linear
    for index, (mention, reference) in enumerate(zip(mentions, references, strict=True)):
        if mention.type != "entity" or reference.target_turn is None or not mention.terms:
            continue
        ranked += 1
        if ranked > _MAX_MENTIONS:
            break
        found = resolve_definite(
            mention, details, log, now, window, answers_hold_details=True,
            other_forms=other_forms, replies_first=replies_first,
        )  # fmt: skip
        turn = found.target_turn
        if turn is None or turn == reference.target_turn:
            continue
        if not config.offer_antecedents and _offered(reference.target_turn, turn, log):
            continue  # the offer for a request is rule offer-antecedents' move, off here
        moved[index] = dataclasses.replace(reference, target_turn=turn)
    return moved


def _offered(request: int, reply: int, log: TurnLog) -> bool:
    """Whether ``reply`` is the offer answering the user's request ``request``."""
    features = log.features
    return (
        reply == request + 1
        and log.roles[request] == "user"
        and features[request].asks_for
        and features[reply].offers
    )
