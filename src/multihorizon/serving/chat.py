"""The chat-request path: an OpenAI chat-completions ``messages`` list against a session.

Chat APIs are stateless: every request carries the whole conversation. ``TierSession.sync``
reads it with ``parse_messages`` and logs only what the session does not have yet, found
with ``new_from``:

- ``system`` and ``developer`` messages are the caller's instructions, not turns: they are
  not logged; their text (joined) heads the envelope's ``messages()``.
- ``user`` and ``assistant`` messages with text are turns (``name`` is the speaker);
  ``content`` is a str or a list of parts, whose ``{"type": "text"}`` parts are joined by
  newlines (other parts, images or audio, carry no text and are skipped; a message with no
  text at all is not a turn). An assistant message with only ``tool_calls`` is not a turn:
  it declares the calls.
- ``tool`` messages are tool outputs (``tool_output``), named by the declared call their
  ``tool_call_id`` answers, with that call's arguments (the JSON ``arguments`` string, read as
  an object; arguments that are not a JSON object are kept as ``{"arguments": <string>}``).
  Content that is a JSON object or array is logged as that structure. They are linked to the
  latest turn before them (a tool message before any turn has nothing to link to and is not
  logged).

Matching is by position and content: the k-th turn of the request must be the session's
k-th turn (same role, same text), and the tool outputs after it the outputs linked to that
turn, in order (compared by tool name and output while the scratch buffer still holds them;
outputs the session has beyond the request's, from tools run server-side, are fine).
A request that repeats what the session has (a retried request) logs nothing. A request
that disagrees with the session before its end (an earlier message edited, a reply
regenerated, a turn the session has that the request lacks) raises ``ChatHistoryError``
naming the first difference and logs nothing; ``on_conflict="restart"`` instead discards
the session (in memory and in the store) and logs the request from its first message.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..dialogue.turnlog import TurnLog
from ..errors import InputError, MultihorizonError
from ..inputs import check_speaker, check_text
from ..tiers.scratch import MAX_OUTPUT_CHARS, ScratchBuffer

__all__ = ["ChatHistoryError", "ChatItem", "parse_messages"]

ROLES = ("system", "developer", "user", "assistant", "tool")
MAX_MESSAGES = 100_000


class ChatHistoryError(MultihorizonError, ValueError):
    """A chat request disagrees with the session's history before its end (an earlier
    message was edited, a reply regenerated). Nothing was logged."""


@dataclass(frozen=True, slots=True)
class ChatItem:
    """One message that the session logs: a turn (``user``/``assistant``) or a tool output."""

    index: int  # position in the request's messages
    role: str  # "user", "assistant" or "tool"
    text: str  # NFC; a tool output's text as the scratch buffer stores it
    name: str | None = None
    tool: str | None = None
    args: Mapping[str, Any] | None = None
    output: Any = None  # what tool_output receives: the text or its JSON structure


def _text(content: Any, where: str) -> str:
    """The text of a message's content: a str, a list of parts, or None."""
    if content is None:
        return ""
    if isinstance(content, str):
        text = content
    elif isinstance(content, list):
        texts = []
        for n, part in enumerate(content):
            if not isinstance(part, Mapping) or not isinstance(part.get("type"), str):
                raise InputError(f"{where}.content[{n}]: expected a part with a 'type'")
            if part["type"] == "text":
                value = part.get("text")
                if not isinstance(value, str):
                    raise InputError(f"{where}.content[{n}].text: expected str")
                texts.append(value)
        text = "\n".join(texts)
    else:
        raise InputError(
            f"{where}.content: expected str, a list of parts or null, got {type(content).__name__}"
        )
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


def _calls(message: Mapping[str, Any], where: str) -> dict[str, tuple[str, dict[str, Any]]]:
    """An assistant message's declared tool calls: id -> (function name, arguments)."""
    calls = message.get("tool_calls") or []
    if not isinstance(calls, list):
        raise InputError(f"{where}.tool_calls: expected a list")
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for n, call in enumerate(calls):
        at = f"{where}.tool_calls[{n}]"
        function = call.get("function") if isinstance(call, Mapping) else None
        call_id = call.get("id") if isinstance(call, Mapping) else None
        if not isinstance(call_id, str) or not call_id or not isinstance(function, Mapping):
            raise InputError(f"{at}: expected {{'id': str, 'function': {{'name', 'arguments'}}}}")
        name = function.get("name")
        if not isinstance(name, str) or not name.strip():
            raise InputError(f"{at}.function.name: expected a non-empty str")
        raw = function.get("arguments", "")
        args: dict[str, Any] = {}
        if isinstance(raw, str) and raw.strip():
            try:
                parsed = json.loads(raw)
            except ValueError:
                parsed = None
            args = parsed if isinstance(parsed, dict) else {"arguments": raw}
        elif isinstance(raw, Mapping):
            args = dict(raw)
        found[call_id] = (name, args)
    return found


def _tool_output(text: str) -> tuple[Any, str]:
    """What ``tool_output`` receives and the raw text the scratch buffer will hold."""
    stripped = text.strip()
    if stripped[:1] in ("{", "["):
        try:
            structure = json.loads(stripped)
        except ValueError:
            pass
        else:
            if isinstance(structure, dict | list):
                return structure, json.dumps(structure, default=str)
    if not stripped:
        text = "(no output)"  # an empty result is still a result; the buffer needs text
    return text, text


def parse_messages(messages: Any) -> tuple[str | None, list[ChatItem]]:
    """The system text (None when there is none) and the items to log, in order. Raises
    ``InputError`` naming the message for any malformed one (nothing is logged)."""
    if isinstance(messages, str | bytes) or not isinstance(messages, Sequence):
        raise InputError(f"messages: expected a list of messages, got {type(messages).__name__}")
    if not messages:
        raise InputError("messages: empty")
    if len(messages) > MAX_MESSAGES:
        raise InputError(f"messages: {len(messages)}, more than {MAX_MESSAGES}")
    system: list[str] = []
    items: list[ChatItem] = []
    declared: dict[str, tuple[str, dict[str, Any]]] = {}
    turns = 0
    for index, message in enumerate(messages):
        where = f"messages[{index}]"
        if not isinstance(message, Mapping):
            raise InputError(f"{where}: expected an object, got {type(message).__name__}")
        role = message.get("role")
        if role not in ROLES:
            raise InputError(f"{where}.role: expected one of {', '.join(ROLES)}, got {role!r}")
        text = _text(message.get("content"), where)
        name = message.get("name")
        if name is not None and (not isinstance(name, str) or not name.strip()):
            raise InputError(f"{where}.name: expected a non-empty str")
        if role in ("system", "developer"):
            if text.strip():
                system.append(text)
        elif role == "tool":
            call_id = message.get("tool_call_id")
            if call_id not in declared:
                raise InputError(
                    f"{where}.tool_call_id: {call_id!r} answers no tool call declared before it"
                )
            if turns:
                tool, args = declared[call_id]
                output, raw = _tool_output(text)
                if len(raw) > MAX_OUTPUT_CHARS:
                    raise InputError(
                        f"{where}.content: {len(raw)} characters, more than {MAX_OUTPUT_CHARS}"
                    )
                items.append(ChatItem(index, "tool", raw, None, tool, args, output))
        else:
            if role == "assistant":
                declared.update(_calls(message, where))
            if text.strip():
                # Checked here as the session will check it, so that a request is refused
                # whole before any of it is logged.
                text = check_text(text, f"{where}.content")
                items.append(ChatItem(index, role, text, check_speaker(name)))
                turns += 1
    return ("\n\n".join(system) if system else None), items


def _differs(where: str, request: str, session: str) -> ChatHistoryError:
    return ChatHistoryError(
        f"{where}: the request has {request}, the session {session}: an earlier message was "
        "edited or a reply regenerated (on_conflict='restart' rebuilds the session from the "
        "request)"
    )


def _short(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def new_from(items: Sequence[ChatItem], log: TurnLog, scratch: ScratchBuffer) -> int:
    """The position in ``items`` of the first item the session does not have (``len(items)``
    when it has them all). Raises ``ChatHistoryError`` when they disagree before that."""
    turns = len(log)
    k, j = -1, 0  # the latest turn matched, and the tool outputs matched after it
    for position, item in enumerate(items):
        where = f"messages[{item.index}]"
        if item.role != "tool":
            # Tool outputs the session has beyond the request's are fine: a handler may run
            # tools server-side and never send their messages back.
            k, j = k + 1, 0
            if k >= turns:
                return position
            role, content = log.roles[k], log.contents[k]
            if role != item.role or content != item.text:
                raise _differs(
                    where,
                    f"{item.role} {_short(item.text)}",
                    f"{role} {_short(content)} (turn {k})",
                )
            continue
        calls = log.tool_calls[k]
        if j >= len(calls):
            if k + 1 < turns:
                raise _differs(where, "a tool output", f"turn {k + 1} there")
            return position
        entry_id = calls[j]
        if entry_id in scratch:  # evicted entries are matched by position only
            entry = scratch.get(entry_id)
            if entry.tool_name != item.tool or entry.raw_output != item.text:
                raise _differs(
                    where,
                    f"tool {item.tool} {_short(item.text)}",
                    f"tool {entry.tool_name} {_short(entry.raw_output)}",
                )
        j += 1
    if k + 1 < turns:
        raise _differs(
            f"messages[{len(items) and items[-1].index}]",
            "nothing more",
            f"{turns - k - 1} more turn(s) (a reply the request lacks)",
        )
    return len(items)
