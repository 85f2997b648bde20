"""The ``CRP-Context-*`` response headers of SPEC-028 §7, emitted and parsed."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from ..config import Blend
from ..dialogue.intent import Intent
from ..errors import InputError

__all__ = [
    "MODES",
    "SCRATCH_ENTRIES",
    "SCRATCH_TOKENS_SAVED",
    "context_headers",
    "parse_context_headers",
    "scratch_headers",
    "tokens_saved",
]

TURN_INTENT = "CRP-Context-Turn-Intent"  # SPEC-028 §7.2
REFERENCES_RESOLVED = "CRP-Context-References-Resolved"  # SPEC-028 §7.3
ACTIVE_THREAD = "CRP-Context-Active-Thread"  # SPEC-028 §7.4
TIER_BLEND = "CRP-Context-Tier-Blend"  # SPEC-028 §7.1
MODE = "CRP-Context-Mode"  # SPEC-028 §7.5
MODES = ("document", "conversation", "hybrid")
# SPEC-017's activation values of the same header (and SPEC-024's ckf-exhausted): a
# CRP-Context-Mode list may carry one of these beside ours (see parse_context_headers).
ACTIVATION_MODES = ("zero-ckf", "partial-ckf", "full-ckf", "ckf-exhausted")
SCRATCH_ENTRIES = "CRP-Context-Scratch-Entries"  # SPEC-029 §9: total/pinned
SCRATCH_TOKENS_SAVED = "CRP-Context-Scratch-Tokens-Saved"  # SPEC-029 §9.2

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


def tokens_saved(raw_and_sent: Iterable[tuple[int, int]]) -> int:
    """SPEC-029 §9.2 ``CRP-Context-Scratch-Tokens-Saved``: the tokens of tool output kept out
    of the envelope by sending summaries (§2.2). One ``(raw_token_count, tokens_sent)`` pair
    per entry in the envelope; an entry sent whole (or longer than its summary) saves none.
    (Ours: SPEC-029 names the header, not its formula.)"""
    return sum(max(0, int(raw) - int(sent)) for raw, sent in raw_and_sent)


def scratch_headers(*, total: int, pinned: int, saved: int) -> Mapping[str, str]:
    """SPEC-029 §9: ``CRP-Context-Scratch-Entries: 7/2`` (entries/pinned) and
    ``CRP-Context-Scratch-Tokens-Saved: 1840``."""
    if min(total, pinned, saved) < 0 or pinned > total:
        raise InputError(
            f"scratch headers: need 0 <= pinned <= total and saved >= 0, got total={total}, "
            f"pinned={pinned}, saved={saved}"
        )
    return MappingProxyType(
        {SCRATCH_ENTRIES: f"{int(total)}/{int(pinned)}", SCRATCH_TOKENS_SAVED: str(int(saved))}
    )


def parse_context_headers(headers: Mapping[str, str]) -> dict[str, object]:
    """Read the SPEC-028 §7 headers back (names are case-insensitive, as in HTTP).

    Returns ``intent`` (Intent), ``references_resolved`` (int), ``active_thread`` (str),
    ``tier_blend`` ((P, C, E) percentages) and ``mode`` for the headers present; a malformed
    value raises ``InputError`` naming the header. ``CRP-Context-Mode`` may be a list
    ("full-ckf, conversation": SPEC-017's activation value beside SPEC-028 §7.5's, one field
    with two dimensions, RFC 9110 §5.3 list syntax); ``mode`` is its SPEC-028 member (absent
    when it has none) and ``activation_mode`` its SPEC-017 one.
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
        for member in (part.strip() for part in value.split(",")):
            if member in MODES and "mode" not in parsed:
                parsed["mode"] = member
            elif member in ACTIVATION_MODES and "activation_mode" not in parsed:
                parsed["activation_mode"] = member
            else:
                raise InputError(
                    f"{MODE}: expected one of {', '.join(MODES)} (and at most one of "
                    f"{', '.join(ACTIVATION_MODES)}), got {value!r}"
                )
    return parsed
