"""The ``CRP-Context-*`` response headers of SPEC-028 §7, emitted and parsed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from .config import Blend
from .errors import InputError
from .intent import Intent

__all__ = ["MODES", "context_headers", "parse_context_headers"]

TURN_INTENT = "CRP-Context-Turn-Intent"  # SPEC-028 §7.2
REFERENCES_RESOLVED = "CRP-Context-References-Resolved"  # SPEC-028 §7.3
ACTIVE_THREAD = "CRP-Context-Active-Thread"  # SPEC-028 §7.4
TIER_BLEND = "CRP-Context-Tier-Blend"  # SPEC-028 §7.1
MODE = "CRP-Context-Mode"  # SPEC-028 §7.5
MODES = ("document", "conversation", "hybrid")

_BLEND_VALUE = re.compile(r"^(\d{1,3})/(\d{1,3})/(\d{1,3})$")
_THREAD_VALUE = re.compile(r"^[0-9a-z][0-9a-z-]*$")


def context_headers(
    *, intent: Intent, references_resolved: int, active_thread: str, blend: Blend, mode: str
) -> Mapping[str, str]:
    """The headers of one turn, in a fixed order, e.g.::

    CRP-Context-Turn-Intent: DRILL_DOWN
    CRP-Context-References-Resolved: 2
    CRP-Context-Active-Thread: etcd-config
    CRP-Context-Tier-Blend: 30/65/5
    CRP-Context-Mode: conversation
    """
    if mode not in MODES:
        raise InputError(f"mode: must be one of {', '.join(MODES)}, got {mode!r}")
    return MappingProxyType(
        {
            TURN_INTENT: str(intent),
            REFERENCES_RESOLVED: str(int(references_resolved)),
            ACTIVE_THREAD: active_thread,
            TIER_BLEND: blend.header(),
            MODE: mode,
        }
    )


def parse_context_headers(headers: Mapping[str, str]) -> dict[str, object]:
    """Read the SPEC-028 §7 headers back (names are case-insensitive, as in HTTP).

    Returns ``intent`` (Intent), ``references_resolved`` (int), ``active_thread`` (str),
    ``tier_blend`` ((P, C, E) percentages) and ``mode`` for the headers present; a malformed
    value raises ``InputError`` naming the header.
    """
    folded = {name.casefold(): value.strip() for name, value in headers.items()}
    parsed: dict[str, object] = {}
    if (value := folded.get(TURN_INTENT.casefold())) is not None:
        try:
            parsed["intent"] = Intent(value)
        except ValueError:
            raise InputError(f"{TURN_INTENT}: unknown intent {value!r}") from None
    if (value := folded.get(REFERENCES_RESOLVED.casefold())) is not None:
        if not (value.isascii() and value.isdigit()):
            raise InputError(f"{REFERENCES_RESOLVED}: expected a count, got {value!r}")
        parsed["references_resolved"] = int(value)
    if (value := folded.get(ACTIVE_THREAD.casefold())) is not None:
        if not _THREAD_VALUE.match(value):
            raise InputError(f"{ACTIVE_THREAD}: not a thread id: {value!r}")
        parsed["active_thread"] = value
    if (value := folded.get(TIER_BLEND.casefold())) is not None:
        match = _BLEND_VALUE.match(value)
        if match is None:
            raise InputError(f"{TIER_BLEND}: expected P/C/E percentages, got {value!r}")
        parsed["tier_blend"] = tuple(int(group) for group in match.groups())
    if (value := folded.get(MODE.casefold())) is not None:
        if value not in MODES:
            raise InputError(f"{MODE}: expected one of {', '.join(MODES)}, got {value!r}")
        parsed["mode"] = value
    return parsed
