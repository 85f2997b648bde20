"""Building frozen slotted dataclasses made on every turn without the generic attribute path.

A frozen dataclass's generated ``__init__`` stores each field through ``object.__setattr__``
(~0.35 µs a field on the bench box); the field's slot descriptor's own ``__set__`` does the
same store in about half the time. Classes made once or more per turn (``Envelope``,
``TurnPlan``, ``ThreadPlan``, ``ContextItem``, ``PackedItem``) declare ``init=False`` and an
``__init__`` that stores through ``slot_setters``; equality, hashing, ``repr``,
``dataclasses.replace`` (which calls ``__init__`` with every field by name) and the frozen
``__setattr__`` stay the dataclass's (issue 14).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

__all__ = ["slot_setters"]


def slot_setters(cls: type) -> tuple[Callable[[Any, Any], None], ...]:
    """The ``__set__`` of each field's slot of the slotted dataclass ``cls``, in field
    order."""
    return tuple(cls.__dict__[field.name].__set__ for field in fields(cls))
