"""Deterministic summaries of tool output (SPEC-029 §3), for Tier E's scratch buffer.

By output type (table, JSON, list, scalar, text, error), at most ``SUMMARY_TOKENS`` tokens,
no model call. Large outputs are summarised from a bounded prefix plus whole-output counts
(``str.count`` runs in C), so a 50 MB JSON document or a million-row table costs
milliseconds, not a parse.
"""

from __future__ import annotations

import enum
import json
import re
from collections.abc import Callable
from typing import Any

from ..errors import InputError

__all__ = [
    "PREFIX_CHARS",
    "SUMMARY_TOKENS",
    "OutputType",
    "as_text",
    "estimate_tokens",
    "is_small",
    "json_copy",
    "summarise",
]

SUMMARY_TOKENS = 256  # SPEC-029 §3: hard cap
PREFIX_CHARS = 64 * 1024  # what a summary reads of a large output


class OutputType(enum.StrEnum):
    TABLE = "table"
    JSON = "json"
    LIST = "list"
    SCALAR = "scalar"
    TEXT = "text"
    ERROR = "error"


def estimate_tokens(text: str) -> int:
    """The default token estimate: about four characters per token, at least one per word
    boundary-free run (cheap and never zero for non-empty text)."""
    return (len(text) + 3) // 4


def as_text(output: Any) -> tuple[str, Any]:
    """Raw text and, for structured output, the structure (dicts, lists, numbers)."""
    if isinstance(output, str):
        return output, None
    if isinstance(output, (bytes, bytearray)):
        return bytes(output).decode("utf-8", "replace"), None
    if isinstance(output, bool) or output is None:
        return json.dumps(output), output
    if isinstance(output, (int, float)):
        return repr(output), output
    if isinstance(output, (list, tuple, dict)):
        try:
            text = json.dumps(output, default=str)
        except (TypeError, ValueError) as exc:
            raise InputError(f"output: cannot serialise ({exc})") from None
        # The structure as JSON sees it (Decimal, datetime ... as strings), so summaries
        # only ever meet JSON types.
        return text, json.loads(text)
    return str(output), None


def json_copy(value: Any) -> Any:
    """A deep copy in JSON's terms (what a stored entry holds): lists for tuples, str keys,
    str for values JSON has no form for."""
    return json.loads(json.dumps(value, default=str))


def is_small(structured: Any) -> bool:
    return isinstance(structured, (int, float, bool, str)) or (
        isinstance(structured, (list, dict)) and len(structured) <= 100
    )


_ERROR = re.compile(
    r"^\s*(?:error\b|fatal\b|traceback \(most recent call last\)|exception\b|\w+(?:Error|"
    r"Exception):|panic:|err(?:or)?\s*[:=])",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"^-?\d+(?:[.,]\d+)*(?:e[-+]?\d+)?%?$", re.IGNORECASE)
_ENTITY = re.compile(r"\b[A-Z][\w.-]*[A-Za-z0-9](?:\s+[A-Z][\w.-]*[A-Za-z0-9])*")


def summarise(
    raw: str, structured: Any = None, count_tokens: Callable[[str], int] = estimate_tokens
) -> tuple[OutputType, str]:
    """The output's type and its deterministic summary (at most SUMMARY_TOKENS tokens)."""
    text = raw.strip()
    if not text:
        return OutputType.TEXT, "(empty output)"
    if structured is None and text[:1] in "[{" and len(text) <= PREFIX_CHARS:
        try:
            structured = json.loads(text)
        except ValueError:
            structured = None
    if _ERROR.match(text[:200]):
        kind, lines = OutputType.ERROR, [text[: 4 * SUMMARY_TOKENS]]
    elif isinstance(structured, (int, float)) or (
        structured is None and _NUMBER.match(text[:64]) and "\n" not in text[:64]
    ):
        kind, lines = OutputType.SCALAR, [text[:200]]
    elif (
        isinstance(structured, list)
        and structured
        and all(isinstance(row, dict) for row in structured[:50])
    ):
        kind, lines = OutputType.TABLE, _table_of_records(structured)
    elif isinstance(structured, (dict, list)):
        kind, lines = (
            (OutputType.LIST, _list_summary([json.dumps(x, default=str) for x in structured]))
            if isinstance(structured, list)
            else (OutputType.JSON, _json_summary(structured))
        )
    elif text[:1] in "[{":
        kind, lines = OutputType.JSON, _large_json_summary(text)
    elif _looks_tabular(text):
        kind, lines = OutputType.TABLE, _delimited_table(text)
    elif _looks_like_list(text):
        items = [line.strip() for line in text[:PREFIX_CHARS].splitlines() if line.strip()]
        kind, lines = OutputType.LIST, _list_summary(items, total=_count_lines(text))
    else:
        kind, lines = OutputType.TEXT, _text_summary(text)
    return kind, _cap(lines, count_tokens)


def _cap(lines: list[str], count_tokens: Callable[[str], int]) -> str:
    """Drop lines from the end (keeping the first) until the summary fits the cap; a single
    line too long is cut."""
    kept = list(lines)
    while len(kept) > 1 and count_tokens("\n".join(kept)) > SUMMARY_TOKENS:
        kept.pop(-1 if len(kept) > 2 else 1)
    summary = "\n".join(kept)
    while count_tokens(summary) > SUMMARY_TOKENS and len(summary) > 16:
        summary = summary[: int(len(summary) * 0.8)] + " ..."
    return summary


def _count_lines(text: str) -> int:
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def _looks_tabular(text: str) -> bool:
    head = text[:PREFIX_CHARS].splitlines()[:6]
    if len(head) < 2:
        return False
    for separator in ("\t", "|", ",", ";"):
        counts = {line.count(separator) for line in head if line.strip()}
        if len(counts) == 1 and min(counts) >= 1:
            return True
    return False


def _looks_like_list(text: str) -> bool:
    head = [line for line in text[:PREFIX_CHARS].splitlines()[:20] if line.strip()]
    if len(head) < 2:
        return False
    bullet = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)])\s+")
    return sum(1 for line in head if bullet.match(line)) >= len(head) * 0.6 or all(
        len(line) < 80 for line in head
    )


def _delimited_table(text: str) -> list[str]:
    prefix = text[:PREFIX_CHARS]
    lines = [line for line in prefix.splitlines() if line.strip()]
    separator = max(("\t", "|", ",", ";"), key=lambda s: lines[0].count(s))
    rows = [[cell.strip() for cell in line.strip().strip("|").split(separator)] for line in lines]
    rows = [row for row in rows if not all(set(cell) <= set("-: ") for cell in row)]  # md rules
    if not rows:
        return _text_summary(text)
    header, body = rows[0], rows[1:]
    total = max(0, _count_lines(text.strip()) - 1 - (len(lines) - 1 - len(body)))
    out = [f"table: {total} rows x {len(header)} columns: {', '.join(header)}"]
    sampled = len(body) < total
    for column, name in enumerate(header):
        values = [_to_float(row[column]) for row in body if column < len(row)]
        numbers = [v for v in values if v is not None]
        if numbers and len(numbers) >= len(values) * 0.8:
            scope = f" (first {len(body)} rows)" if sampled else ""
            out.append(f"{name}: {min(numbers):g} to {max(numbers):g}{scope}")
    for row in body[:3]:
        out.append("row: " + " | ".join(row))
    if total > 3 and not sampled and len(body) > 3:
        out.append("last: " + " | ".join(body[-1]))
    return out


def _table_of_records(records: list[Any]) -> list[str]:
    columns: list[str] = []
    for record in records[:50]:
        for key in record:
            if key not in columns:
                columns.append(str(key))
    out = [f"table: {len(records)} rows x {len(columns)} columns: {', '.join(columns)}"]
    for column in columns:
        numbers = [
            float(r[column])
            for r in records[:1000]
            if isinstance(r, dict)
            and isinstance(r.get(column), (int, float))
            and not isinstance(r.get(column), bool)
        ]
        if numbers:
            out.append(f"{column}: {min(numbers):g} to {max(numbers):g}")
    for record in records[:3]:
        out.append("row: " + json.dumps(record, default=str)[:200])
    if len(records) > 3:
        out.append("last: " + json.dumps(records[-1], default=str)[:200])
    return out


def _json_summary(value: dict[str, Any]) -> list[str]:
    out = [f"json object: {len(value)} keys: {', '.join(list(map(str, value))[:30])}"]
    for key, item in list(value.items())[:20]:
        if isinstance(item, (str, int, float, bool)) or item is None:
            out.append(f"{key}: {json.dumps(item)[:80]}")
        elif isinstance(item, list):
            out.append(f"{key}: list of {len(item)}")
        else:
            out.append(f"{key}: object of {len(item)} keys")
    return out


def _large_json_summary(text: str) -> list[str]:
    head = text[:PREFIX_CHARS]
    keys = list(dict.fromkeys(re.findall(r'"([^"\\]{1,40})"\s*:', head)))[:30]
    shape = "array" if text[0] == "[" else "object"
    return [
        f"json {shape}: {len(text):,} characters (summarised from the first "
        f"{len(head):,}); keys: {', '.join(keys)}",
        head[:300] + " ...",
    ]


def _list_summary(items: list[str], total: int | None = None) -> list[str]:
    count = len(items) if total is None else total
    out = [f"list: {count} items"]
    out.extend(f"- {item[:120]}" for item in items[:5])
    if count > 5 and len(items) > 5:
        out.append("...")
        out.extend(f"- {item[:120]}" for item in items[-2:])
    return out


def _text_summary(text: str) -> list[str]:
    prefix = text[:PREFIX_CHARS]
    sentence = re.split(r"(?<=[.!?])\s", prefix, maxsplit=1)[0]
    entities = list(dict.fromkeys(match.group() for match in _ENTITY.finditer(prefix)))[:12]
    out = [sentence[:600]]
    if entities:
        out.append("entities: " + ", ".join(entities))
    return out


def _to_float(cell: str) -> float | None:
    try:
        return float(cell.replace(",", "")) if cell else None
    except ValueError:
        return None
