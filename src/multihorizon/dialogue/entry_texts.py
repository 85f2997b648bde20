"""A scratch entry's argument text, made once per entry (issue 14): the tool-reference rules
(``tool_references``) read it for every entry of the buffer at every turn (~22 entries a turn
on the assembler's bench, 6,550 joins in 300 turns). An entry never changes in place (the
buffer holds a JSON copy of the call's arguments, and ``dataclasses.replace`` keeps that
dict), so the text is held by the identity of the entry's own argument dict, beside the dict
itself (an id is not reused while its object is held)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

__all__ = ["JSON_KEY", "args_text"]

# A JSON object's key ("genre": ...): a quoted string of bounded length before a colon (a
# character class and bounded repeats: no backtracking past 74 characters).
JSON_KEY = re.compile(r'"[^"\\\n]{0,64}"\s{0,8}:')

HELD = 1024  # argument texts held (a session's buffer holds 64 entries by default)
_TEXTS: dict[int, tuple[Mapping[str, Any], str]] = {}


def args_text(args: Mapping[str, Any]) -> str:
    """The words of a call's arguments: ``key value`` for each str or int value, in order."""
    held = _TEXTS.get(id(args))
    if held is not None and held[0] is args:
        return held[1]
    text = " ".join(f"{key} {value}" for key, value in args.items() if isinstance(value, str | int))
    if len(_TEXTS) >= HELD:
        _TEXTS.clear()  # bounded: a long run's old entries are read again
    _TEXTS[id(args)] = (args, text)
    return text
