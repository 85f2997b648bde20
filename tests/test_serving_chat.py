"""The chat-request path: ``TierSession.sync(messages)`` with real chat-completions shapes."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import multihorizon as mh
from multihorizon.persist.stores import SQLiteStore

SYSTEM = {"role": "system", "content": "You are the on-call assistant for the platform team."}

# A support chat as a client sends it, request after request: text and parts content, a
# named user, a tool call with its JSON arguments and its result.
TURN_1 = [
    SYSTEM,
    {"role": "user", "name": "alice", "content": "How do I configure etcd on three nodes?"},
]
TURN_2 = [
    *TURN_1,
    {
        "role": "assistant",
        "content": "Set --initial-cluster on each member: 1. CA, 2. server certs, 3. restart.",
    },
    {
        "role": "user",
        "name": "alice",
        "content": [
            {"type": "text", "text": "Are all three members healthy right now?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}},
        ],
    },
]
CALL = {
    "id": "call_abc123",
    "type": "function",
    "function": {"name": "run_sql", "arguments": json.dumps({"sql": "SELECT * FROM members"})},
}
ROWS = [{"name": "etcd-1", "healthy": True}, {"name": "etcd-3", "healthy": False}]
TURN_3 = [
    *TURN_2,
    {"role": "assistant", "content": None, "tool_calls": [CALL]},
    {"role": "tool", "tool_call_id": "call_abc123", "content": json.dumps(ROWS)},
    {"role": "assistant", "content": "etcd-3 is failing its health checks."},
    {
        "role": "user",
        "name": "alice",
        "content": [{"type": "text", "text": "Summarise the query result for the channel."}],
    },
]


def _log(session: mh.TierSession) -> list[tuple[str, str]]:
    return [(turn.role, turn.content) for turn in session.session.turns]


def test_each_request_logs_only_what_is_new() -> None:
    assembler = mh.ContextAssembler()
    session = assembler.session("support/42")
    first = session.sync(TURN_1)
    assert _log(session) == [("user", "How do I configure etcd on three nodes?")]
    assert session.session.turns[0].speaker == "alice"
    messages = first.messages()
    assert messages[0]["role"] == "system"
    assert messages[0]["content"].startswith(SYSTEM["content"])  # the request's system text
    assert messages[-1] == {"role": "user", "content": "How do I configure etcd on three nodes?"}

    second = session.sync(TURN_2)
    assert [role for role, _ in _log(session)] == ["user", "assistant", "user"]
    assert _log(session)[2][1] == "Are all three members healthy right now?"  # text parts only
    assert second.user_text == "Are all three members healthy right now?"

    third = session.sync(TURN_3)
    assert [role for role, _ in _log(session)] == ["user", "assistant", "user", "assistant", "user"]
    (entry,) = list(session.session.scratch)
    assert entry.tool_name == "run_sql"
    assert dict(entry.tool_call_args) == {"sql": "SELECT * FROM members"}
    assert entry.structured == ROWS  # JSON content is logged as its structure
    assert entry.scratch_id in session.session.turns[2].tool_calls  # linked to its user turn
    assert third.user_text == "Summarise the query result for the channel."
    assert any(item.tier == "E" for item in third.items)  # the tool output reaches Tier E


def test_a_retried_request_logs_nothing_and_gets_the_same_envelope() -> None:
    session = mh.ContextAssembler().session("retry")
    session.sync(TURN_2)
    first = session.sync(TURN_3)
    turns, entries = len(session.session), len(session.session.scratch)
    again = session.sync(copy.deepcopy(TURN_3))
    assert (len(session.session), len(session.session.scratch)) == (turns, entries)
    assert again.items == first.items
    assert again.headers == first.headers


def test_a_whole_history_on_a_new_session_is_logged_once(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.db")
    assembler = mh.ContextAssembler(store=store)
    envelope = assembler.session("history").sync(TURN_3)
    assert envelope.user_text == "Summarise the query result for the channel."
    # Another replica over the same store sees the same five turns and logs nothing new.
    other = mh.ContextAssembler(store=store).session("history")
    assert len(other.session) == 5
    other.sync(TURN_3)
    assert len(other.session) == 5


def test_the_handler_may_log_the_reply_itself() -> None:
    session = mh.ContextAssembler().session("handler")
    session.sync(TURN_1)
    session.assistant(TURN_2[2]["content"])  # the handler logs the model's reply
    session.sync(TURN_2)  # the client sends the reply back: matched, not logged twice
    assert [role for role, _ in _log(session)] == ["user", "assistant", "user"]


def test_an_edited_earlier_message_raises_and_logs_nothing() -> None:
    session = mh.ContextAssembler().session("edit")
    session.sync(TURN_2)
    before = _log(session)
    edited = copy.deepcopy(TURN_2)
    edited[1]["content"] = "How do I configure Consul on three nodes?"
    with pytest.raises(mh.ChatHistoryError, match=r"messages\[1\].*Consul"):
        session.sync(edited)
    assert _log(session) == before


def test_a_regenerated_reply_raises_or_restarts(tmp_path: Path) -> None:
    store = SQLiteStore(tmp_path / "s.db")
    session = mh.ContextAssembler(store=store).session("regen")
    session.sync(TURN_3)
    regenerated = copy.deepcopy(TURN_3)
    regenerated[-2]["content"] = "Only etcd-3 is unhealthy; restart it after checking disk."
    with pytest.raises(mh.ChatHistoryError, match="regenerated"):
        session.sync(regenerated)
    # The request lacks a reply the session has (the client regenerates the last answer).
    with pytest.raises(mh.ChatHistoryError, match="lacks"):
        session.sync(TURN_2[:2])
    envelope = session.sync(regenerated, on_conflict="restart")
    assert envelope.user_text == "Summarise the query result for the channel."
    assert _log(session)[3] == ("assistant", regenerated[-2]["content"])
    assert len(session.session) == 5
    reloaded = mh.ContextAssembler(store=store).session("regen")
    assert _log(reloaded) == _log(session)


def test_new_tool_outputs_after_the_last_user_message_reach_its_envelope() -> None:
    session = mh.ContextAssembler().session("loop")
    request = [*TURN_2, {"role": "assistant", "content": None, "tool_calls": [CALL]}]
    session.sync(request)
    assert len(session.session.scratch) == 0
    loop = [*request, {"role": "tool", "tool_call_id": "call_abc123", "content": "3 members"}]
    envelope = session.sync(loop)
    assert len(session.session) == 3  # the user turn is not logged again
    assert [item.content for item in envelope.items if item.tier == "E"] == [
        "run_sql (text): 3 members"
    ]


def test_arguments_that_are_not_a_json_object_are_kept_as_text() -> None:
    call: dict[str, Any] = copy.deepcopy(CALL)
    call["function"]["arguments"] = "SELECT 1"
    session = mh.ContextAssembler().session("args")
    session.sync(
        [
            *TURN_1,
            {"role": "assistant", "content": "Checking.", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "call_abc123", "content": ""},
            {"role": "user", "content": "And?"},
        ]
    )
    (entry,) = list(session.session.scratch)
    assert dict(entry.tool_call_args) == {"arguments": "SELECT 1"}
    assert entry.raw_output == "(no output)"


@pytest.mark.parametrize(
    ("messages", "problem"),
    [
        ("hello", "expected a list"),
        ([], "empty"),
        ([{"role": "robot", "content": "x"}], r"messages\[0\]\.role"),
        ([{"role": "user", "content": 3}], r"messages\[0\]\.content"),
        ([{"role": "user", "content": [{"text": "x"}]}], r"content\[0\]"),
        ([SYSTEM], "no user message"),
        ([*TURN_1, {"role": "tool", "tool_call_id": "nope", "content": "x"}], "nope"),
        ([{"role": "user", "content": "x", "name": ""}], r"\.name"),
        # A later message the session would refuse: nothing of the request is logged.
        ([*TURN_1, {"role": "user", "content": "x" * 1_000_001}], r"messages\[2\]\.content"),
    ],
)
def test_malformed_requests_are_refused_naming_the_message(messages: Any, problem: str) -> None:
    session = mh.ContextAssembler().session("bad")
    with pytest.raises(mh.InputError, match=problem):
        session.sync(messages)
    assert len(session.session) == 0


def test_bad_options_are_refused() -> None:
    session = mh.ContextAssembler().session("opts")
    with pytest.raises(mh.InputError, match="on_conflict"):
        session.sync(TURN_1, on_conflict="merge")
    with pytest.raises(mh.InputError, match="budget_tokens"):
        session.sync(TURN_1, budget_tokens=0)
    assert len(session.session) == 0
