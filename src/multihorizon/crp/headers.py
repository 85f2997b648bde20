"""Our SPEC-028/029 headers beside crprotocol's ``emit_headers``, never overwriting its values.

crprotocol's ``crp.headers.emit.emit_headers(..., mode=..., extra=...)`` writes
``CRP-Context-Mode`` with SPEC-017's activation values (``zero-ckf``, ``partial-ckf``,
``full-ckf``), writes ``CRP-Context-Facts-Used`` as an integer, and merges ``extra`` last, so
anything passed there replaces its own value. SPEC-028 §7.5 says the SPEC-017 header "gains
conversational values"; one field then carries two independent dimensions. The decision:

- The SPEC-028 §7.1-7.4 headers (``Tier-Blend``, ``Turn-Intent``, ``References-Resolved``,
  ``Active-Thread``) and SPEC-029 §9's ``Scratch-Entries`` and ``Scratch-Tokens-Saved`` are
  names crprotocol never emits: they are added as they are.
- ``CRP-Context-Mode`` carries both values as an HTTP list (RFC 9110 §5.3), crprotocol's
  first: ``CRP-Context-Mode: full-ckf, conversation``. Ours alone only where crprotocol set
  none. ``multihorizon.assembly.headers.parse_context_headers`` reads such a list back into
  ``activation_mode`` and ``mode``.
- Any other name crprotocol set keeps crprotocol's value (``CRP-Context-Facts-Used`` stays
  its integer; the adapter has no Tier P and emits none).

Two ways to apply it: ``merge_headers(emit_headers(...), ctx)`` after the fact, or
``emit_headers(..., mode=m, extra=extra_headers(ctx, activation_mode=m))`` (without
``activation_mode`` the extra headers leave ``CRP-Context-Mode`` out, so they can never
replace crprotocol's).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..assembly.envelope import Envelope
from ..assembly.headers import (
    ACTIVATION_MODES,
    MODE,
    MODES,
    scratch_headers,
    tokens_saved,
)
from ..errors import InputError
from .horizons import MultiHorizonContext
from .scratch_buffer import ScratchBuffer, ScratchPersistence

__all__ = ["extra_headers", "merge_headers", "our_headers"]


def our_headers(
    source: MultiHorizonContext | Envelope | Mapping[str, str], scratch: ScratchBuffer | None = None
) -> dict[str, str]:
    """The SPEC-028 §7 headers of the latest user turn (a context's ``last_envelope``, an
    envelope, or its headers), plus SPEC-029 §9's scratch headers when ``scratch`` is given."""
    if isinstance(source, MultiHorizonContext):
        if source.last_envelope is None:
            raise InputError("no user turn logged yet: the context has no headers to emit")
        headers = dict(source.last_envelope.headers)
    elif isinstance(source, Envelope):
        headers = dict(source.headers)
    elif isinstance(source, Mapping):
        headers = {str(name): str(value) for name, value in source.items()}
    else:
        raise InputError(
            f"source: expected a MultiHorizonContext, Envelope or headers, got "
            f"{type(source).__name__}"
        )
    if scratch is not None:
        headers.update(_scratch(scratch))
    return headers


def extra_headers(
    source: MultiHorizonContext | Envelope | Mapping[str, str],
    *,
    activation_mode: str | None = None,
    scratch: ScratchBuffer | None = None,
) -> dict[str, str]:
    """Headers safe to pass as ``emit_headers(..., extra=...)``: ours, with
    ``CRP-Context-Mode`` as ``"<activation_mode>, <ours>"`` when the activation mode given
    to ``emit_headers`` is passed here too, and left out otherwise."""
    if activation_mode is not None and activation_mode not in ACTIVATION_MODES:
        raise InputError(
            f"activation_mode: expected one of {', '.join(ACTIVATION_MODES)}, got "
            f"{activation_mode!r}"
        )
    ours = our_headers(source, scratch)
    mode = _pop_mode(ours)
    if activation_mode is not None and mode is not None:
        ours[MODE] = f"{activation_mode}, {mode}"
    return ours


def merge_headers(
    crp_headers: Mapping[str, str],
    source: MultiHorizonContext | Envelope | Mapping[str, str],
    *,
    scratch: ScratchBuffer | None = None,
) -> dict[str, str]:
    """crprotocol's header set (``emit_headers``' result) with ours added: its values stay,
    ``CRP-Context-Mode`` becomes the list of both (see the module)."""
    merged = dict(crp_headers)
    present = {name.casefold(): name for name in merged}
    ours = our_headers(source, scratch)
    mode = _pop_mode(ours)
    for name, value in ours.items():
        if name.casefold() not in present:
            merged[name] = value
    if mode is not None:
        existing = present.get(MODE.casefold())
        if existing is None:
            merged[MODE] = mode
        elif mode not in (part.strip() for part in merged[existing].split(",")):
            merged[existing] = f"{merged[existing]}, {mode}"
    return merged


def _pop_mode(headers: dict[str, str]) -> str | None:
    for name in list(headers):
        if name.casefold() == MODE.casefold():
            value = headers.pop(name).strip()
            if value not in MODES:
                raise InputError(f"{MODE}: expected one of {', '.join(MODES)}, got {value!r}")
            return value
    return None


def _scratch(buffer: ScratchBuffer) -> dict[str, str]:
    """SPEC-029 §9 for a crprotocol-style buffer: entries/pinned, and the tokens its fresh
    entries' summaries save against their raw outputs (§2.2: summaries go in, not raw)."""
    entries = list(buffer.entries.values())
    count = buffer.token_counter
    pinned = sum(1 for entry in entries if entry.persistence is ScratchPersistence.PINNED)
    saved = tokens_saved(
        (entry.raw_token_count, count(entry.summary)) for entry in entries if entry.is_fresh
    )
    return dict(scratch_headers(total=len(entries), pinned=pinned, saved=saved))
