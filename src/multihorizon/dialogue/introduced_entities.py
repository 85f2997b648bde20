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

from .definite_mentions import resolve_definite
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = ["introduced_entities"]


def introduced_entities(
    mentions: Sequence[Mention],
    references: Sequence[Reference],
    details: Sequence[str],
    log: TurnLog,
    window: int,
    *,
    other_forms: bool,
    replies_first: bool,
) -> list[Reference]:
    """``references`` (one per mention) with each resolved entity reference moved to the
    turn ``resolve_definite`` ranks first for its mention (``details``: the turn's content
    words), when that one resolves."""
    now = len(log)
    moved = list(references)
    for index, (mention, reference) in enumerate(zip(mentions, references, strict=True)):
        if mention.type != "entity" or reference.target_turn is None or not mention.terms:
            continue
        found = resolve_definite(
            mention, details, log, now, window, answers_hold_details=True,
            other_forms=other_forms, replies_first=replies_first,
        )  # fmt: skip
        if found.target_turn is not None and found.target_turn != reference.target_turn:
            moved[index] = dataclasses.replace(reference, target_turn=found.target_turn)
    return moved
