"""Validation of what a caller hands a session: turn text, speaker names, timestamps.

Each check returns the value in the one form the engine stores (NFC text, ISO 8601 UTC) or
raises ``InputError`` naming the argument, before anything changes.
"""

from __future__ import annotations

import datetime as _dt
import re
import time
import unicodedata
from collections.abc import Callable
from typing import Any

from .errors import InputError

__all__ = [
    "MAX_SPEAKER_CHARS",
    "MAX_TURN_CHARS",
    "check_name",
    "check_speaker",
    "check_text",
    "utc_timestamp",
]

MAX_TURN_CHARS = 1_000_000
MAX_SPEAKER_CHARS = 200
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def utc_timestamp(value: Any) -> str:
    """ISO 8601 UTC (SPEC-028 §3.1). Naive datetimes are taken as UTC."""
    if value is None:
        return _now()
    if isinstance(value, _dt.datetime):
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


# The current second, formatted ("2026-12-05T06:59:33"): a turn appends its microseconds.
_SECOND: tuple[int, str] = (-1, "")


def _now() -> str:
    """The current time as ``utc_timestamp`` formats a datetime (microseconds, "Z"), the
    date and time to the second formatted once per second: a datetime built, converted and
    formatted per turn cost several microseconds of a turn (issue 14)."""
    global _SECOND
    second, micros = divmod(time.time_ns() // 1000, 1_000_000)
    known = _SECOND  # one read: another thread may replace it (with the same or a later one)
    if known[0] != second:
        known = _SECOND = (second, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(second)))
    return f"{known[1]}.{micros:06d}Z"


def check_text(text: Any, name: str = "text") -> str:
    if not isinstance(text, str):
        raise InputError(f"{name}: expected str, got {type(text).__name__}")
    if not text or text.isspace():  # as ``not text.strip()``, without copying the text
        raise InputError(f"{name}: empty turn (only whitespace or nothing)")
    if len(text) > MAX_TURN_CHARS:
        raise InputError(f"{name}: {len(text)} characters, more than the {MAX_TURN_CHARS} allowed")
    text = valid_unicode(text)
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
    name = valid_unicode(name)
    return unicodedata.normalize("NFC", name)


def valid_unicode(text: str) -> str:
    """``text`` with each lone surrogate ("tls \\ud800 config") replaced by U+FFFD. Kept, one
    would make every envelope, header and rendered prompt that quotes the text unencodable
    as UTF-8 when sent to a model. Replaced rather than refused: a turn that arrives from a
    decoder with ``surrogateescape`` still counts, and what is stored is valid text."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


def check_token_count(value: object, text: str) -> int:
    """A pluggable token counter's answer: a non-negative int (not a bool, not a float)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError(
            f"token_counter: expected a non-negative int, got {value!r} for a text of "
            f"{len(text)} characters"
        )
    return value


def checked_counter(counter: Any) -> Callable[[str], int]:
    """A caller's token counter whose every answer is checked (``check_token_count``): a
    negative or fractional count would reach the ``CRP-Context-Tokens-Used`` header."""
    if not callable(counter):
        raise InputError(f"token_counter: expected a callable, got {type(counter).__name__}")

    def count(text: str) -> int:
        return check_token_count(counter(text), text)

    return count


_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$")


def check_name(value: object, what: str) -> str:
    """Tenant and session names: 1-128 characters of letters, digits and ``._:@-``, so a
    name can never reach into another namespace ("../", "/", "*")."""
    # fullmatch: with match, "$" also matched before a final newline ("victim/secret\n").
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise InputError(
            f"{what}: expected 1-128 letters, digits or . _ : @ - (starting with a letter or "
            f"digit), got {value!r}"
        )
    return value
