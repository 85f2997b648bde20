"""Validation of what a caller hands a session: turn text, speaker names, timestamps.

Each check returns the value in the one form the engine stores (NFC text, ISO 8601 UTC) or
raises ``InputError`` naming the argument, before anything changes.
"""

from __future__ import annotations

import datetime as _dt
import unicodedata
from typing import Any

from .errors import InputError

__all__ = ["MAX_SPEAKER_CHARS", "MAX_TURN_CHARS", "check_speaker", "check_text", "utc_timestamp"]

MAX_TURN_CHARS = 1_000_000
MAX_SPEAKER_CHARS = 200


def utc_timestamp(value: Any) -> str:
    """ISO 8601 UTC (SPEC-028 §3.1). Naive datetimes are taken as UTC."""
    if value is None:
        moment = _dt.datetime.now(_dt.UTC)
    elif isinstance(value, _dt.datetime):
        moment = value if value.tzinfo is not None else value.replace(tzinfo=_dt.UTC)
    elif isinstance(value, str):
        try:
            moment = _dt.datetime.fromisoformat(value.strip())
        except ValueError:
            raise InputError(f"timestamp: not ISO 8601: {value!r}") from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=_dt.UTC)
    else:
        raise InputError(
            f"timestamp: expected a datetime or ISO 8601 string, got {type(value).__name__}"
        )
    try:
        utc = moment.astimezone(_dt.UTC)
    except OverflowError:
        raise InputError(f"timestamp: {value!r} is out of range in UTC") from None
    return utc.isoformat(timespec="microseconds").replace("+00:00", "Z")


def check_text(text: Any, name: str = "text") -> str:
    if not isinstance(text, str):
        raise InputError(f"{name}: expected str, got {type(text).__name__}")
    if not text.strip():
        raise InputError(f"{name}: empty turn (only whitespace or nothing)")
    if len(text) > MAX_TURN_CHARS:
        raise InputError(f"{name}: {len(text)} characters, more than the {MAX_TURN_CHARS} allowed")
    # One form for "résumé" however it was typed (composed or decomposed), so words, entities
    # and hashed features agree; the check is cheap and most text is already NFC.
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def check_speaker(speaker: Any) -> str | None:
    if speaker is None:
        return None
    if not isinstance(speaker, str):
        raise InputError(f"speaker: expected str or None, got {type(speaker).__name__}")
    name = speaker.strip()
    if not name or len(name) > MAX_SPEAKER_CHARS:
        raise InputError(
            f"speaker: expected 1 to {MAX_SPEAKER_CHARS} characters, got {len(name)} after strip"
        )
    return unicodedata.normalize("NFC", name)
