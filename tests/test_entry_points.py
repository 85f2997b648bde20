"""One envelope, two entry points: ``mh.Session`` and the assembler's ``asm.session(id)`` take
the same calls and give envelopes that read the same."""

from __future__ import annotations

import inspect

import pytest

import multihorizon as mh

TURNS = (
    ("user", "How do I configure etcd? We run etcd 3.5 on three nodes."),
    ("assistant", "Set --initial-cluster on each member: 1. generate a CA 2. issue certificates"),
    ("user", "Actually, what's a good backup strategy for Postgres?"),
    ("assistant", "Use pg_basebackup nightly plus WAL archiving."),
)
PROBE = "Back to etcd - tell me more about the second option"


def _replay(log_user: object, log_assistant: object) -> None:
    for role, text in TURNS:
        (log_user if role == "user" else log_assistant)(text)  # type: ignore[operator]


@pytest.mark.parametrize("name", ["classify", "preview", "assistant", "tool_output", "user"])
def test_both_session_types_take_the_same_arguments(name: str) -> None:
    ours = inspect.signature(getattr(mh.Session, name)).parameters
    tiered = inspect.signature(getattr(mh.TierSession, name)).parameters
    # The assembler's turns add their token budget; every other argument is the same.
    extra = {"budget_tokens"} if name in ("preview", "user") else set()
    assert set(tiered) - extra == set(ours)
    for parameter in ours.values():
        assert parameter.kind is not inspect.Parameter.VAR_KEYWORD
        other = tiered[parameter.name]
        assert (other.kind, other.default) == (parameter.kind, parameter.default), parameter


def test_envelopes_from_both_entry_points_read_the_same() -> None:
    session = mh.Session()
    _replay(session.user, session.assistant)
    tiered = mh.ContextAssembler().session("t/envelope")
    _replay(tiered.user, tiered.assistant)
    plain, packed = session.preview(PROBE), tiered.preview(PROBE, budget_tokens=2000)
    for field in (
        "intent",
        "blend",
        "cdr_novelty",
        "active_thread",
        "thread_resumed",
        "references",
        "summary",
        "thread_state",
        "antecedents",
    ):
        assert getattr(packed, field) == getattr(plain, field), field
    assert packed.references[0].type == "ordinal"
    assert packed.thread_resumed
    assert tiered.classify(PROBE) is session.classify(PROBE) is packed.intent
    assert [turn.content for turn in tiered.turns] == [turn.content for turn in session.turns]
    assert packed.mode == plain.mode == "conversation"


def test_typed_arguments_reach_the_session() -> None:
    tiered = mh.ContextAssembler().session("t/typed")
    tiered.user("How do I configure etcd?", speaker="alice")
    turn_id = tiered.assistant("Use --cert-file.", speaker="bot", timestamp="2026-01-01T00:00:00")
    assert tiered.turns[turn_id].speaker == "bot"
    assert tiered.turns[turn_id].timestamp == "2026-01-01T00:00:00.000000Z"
    entry = tiered.tool_output("sql", [{"ok": True}], kind="query", scratch_id="q1", ttl=60.0)
    assert (entry.scratch_id, entry.kind) == ("q1", "query")
    with pytest.raises(TypeError):
        tiered.assistant("x", colour="blue")  # type: ignore[call-arg]
    assert tiered.preview("bob: and TLS?", speaker="carol").turn_id is None


def test_a_plan_commits_only_on_the_state_it_was_made_on() -> None:
    session = mh.Session()
    session.user("How do I configure etcd?")
    plan = session.plan("and TLS?")
    session.user("what about backups?")  # the session moved on under the plan
    with pytest.raises(mh.StalePlanError, match="plan is for turn 1"):
        session.commit(plan)
    assert [turn.content for turn in session.turns] == [
        "How do I configure etcd?",
        "what about backups?",
    ]
    with session.transaction():
        fresh = session.plan("and TLS?")
        assert session.commit(fresh) == 2
    with pytest.raises(mh.InputError, match="preview"):
        session.commit(session.plan("and the key?", logging=False))
    assert len(session.turns) == 3
