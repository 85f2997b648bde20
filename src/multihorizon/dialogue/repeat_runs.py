"""Rule repeat-runs (issue 15, lists40; SPEC-028 §4.1 "do it again"): in a repeat request
("redo the disk check as well", "can you redo the staging deploy for me"), a tool reference
that the request's own sentence names after its action reference is the run to do again, the
request's object, not a question about that run's output: the action reference, resolved to
the user request it repeats, is the turn's reference (the house convention of the hand-written
sets: a repeat's target is the request). A tool reference before it, or in another sentence
("redo it. What did the disk check say?"), stays.

Reads only the characters between the two references, at most ``_GAP`` of them: linear.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..text.reference_phrases import AGAIN_OPENERS, AGAIN_PAIRS, AGAIN_REACH, AGAIN_TAILS
from .references import Mention, Reference

if TYPE_CHECKING:
    from .resolution import Resolution

__all__ = [
    "again_end", "object_repeat", "redone", "repeat_objects", "without_repeat_objects",
]  # fmt: skip

_GAP = 40  # characters at most between the action reference and the run it names
_BREAKS = ".?!;\n"


def repeat_objects(
    references: tuple[Reference, ...], content: str, on: bool
) -> tuple[Reference, ...]:
    """``references`` without the tool references that a resolved action reference names as
    its object (rule repeat-runs, ``on``)."""
    if not on or len(references) < 2:
        return references
    actions = [r for r in references if r.type == "action" and r.target_turn is not None]
    if not actions:
        return references
    return tuple(r for r in references if r.type != "tool" or not _named_by(r, actions, content))


def _named_by(tool: Reference, actions: Sequence[Reference], content: str) -> bool:
    for action in actions:
        if action.start <= tool.start and tool.start - action.end <= _GAP:
            gap = content[action.end : max(action.end, tool.start)]
            if not any(mark in gap for mark in _BREAKS):
                return True
    return False


def without_repeat_objects(resolution: Resolution, content: str, on: bool) -> Resolution:
    """``resolution`` without the tool references ``repeat_objects`` drops (its references,
    resolved and named ones; ``has_tool`` read again): what the tool-output rules found too."""
    if len(resolution.references) < 2:
        return resolution  # ``repeat_objects`` keeps one or none as they are (most turns)
    kept = repeat_objects(resolution.references, content, on)
    if len(kept) == len(resolution.references):
        return resolution
    dropped = {id(ref) for ref in resolution.references} - {id(ref) for ref in kept}
    named = tuple(r for r in resolution.named if id(r) not in dropped)
    own = {id(r) for r in named}
    return replace(
        resolution,
        references=kept,
        resolved=tuple(r for r in resolution.resolved if id(r) not in dropped),
        named=named,
        has_tool=resolution.has_tool and any(r.type == "tool" and id(r) not in own for r in kept),
    )


_OBJECT_CHARS = 160  # characters read after "now do" for its object and the "again"
_STRIP = "\"'()[],:\u2019\u2018\u201c\u201d"


def again_end(text: str, end: int) -> int:
    """Rule object-repeats: where the "again" (or "once more") that follows ``end`` within
    ``AGAIN_REACH`` words of the same sentence ends ("now do the staging deploy again"), or
    -1."""
    position = end
    previous = ""
    for word in text[end : end + _OBJECT_CHARS].split()[:AGAIN_REACH]:
        position = text.find(word, position) + len(word)
        said = word.casefold().strip(_STRIP).rstrip(".?!;")
        if said in AGAIN_TAILS or (previous, said) in AGAIN_PAIRS:
            return position - (len(word) - len(word.rstrip(_STRIP + ".?!;")))
        if word[-1:] in ".?!;":
            break
        previous = said
    return -1


def redone(before: str, text: str, end: int) -> int:
    """Rule object-repeats: for "now do" ending at ``end`` that opens the turn or follows an
    acknowledgement (``before``, the word before it), ``again_end``; else -1."""
    return again_end(text, end) if not before or before in AGAIN_OPENERS else -1


def object_repeat(mention: Mention) -> bool:
    """Whether an action reference is rule object-repeats' ("now do the staging deploy
    again": its surface runs from "now do" to the "again")."""
    said = mention.surface.casefold()
    return mention.type == "action" and said.startswith("now do") and len(said) > len("now do")
