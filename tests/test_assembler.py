"""The envelope assembler (SPEC-028 §2.2): budget split, packing, sandwich, headers, atomicity."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.errors import EmbeddingError, InputError

FACTS = [
    mh.Fact("etcd-tls", "etcd client TLS: set --cert-file and --key-file per member.", "d", 0.8),
    mh.Fact("etcd-peers", "etcd members list each other in --initial-cluster.", "d", 0.8),
    mh.Fact("pg-backup", "Postgres backups: pg_basebackup nightly plus WAL archiving.", "r", 0.7),
    mh.Fact("coffee", "A conical burr grinder gives an even espresso grind.", "blog", 0.5),
]


@pytest.fixture
def assembler() -> mh.ContextAssembler:
    kb = mh.KnowledgeStore(embedder=mh.HashingEmbedder())
    kb.add_many(FACTS)
    return mh.ContextAssembler(knowledge=kb)


def converse(session: mh.TierSession) -> None:
    session.user("How do I configure etcd TLS? We run etcd 3.5 on three nodes.")
    session.assistant("For etcd TLS: 1. generate a CA, 2. issue server certificates, 3. restart.")
    session.user("Actually, what's a good backup strategy for Postgres?")
    session.assistant("Use pg_basebackup nightly plus WAL archiving.")


@pytest.mark.parametrize("budget", [40, 60, 100, 250, 1000, 4000])
def test_the_envelope_never_exceeds_the_budget(assembler: mh.ContextAssembler, budget: int) -> None:
    session = assembler.session("t/1")
    converse(session)
    session.tool_output("run_sql", [{"id": i, "bytes": i * 10} for i in range(200)])
    envelope = session.user("Back to etcd - what about the second step?", budget_tokens=budget)
    assert envelope.used_tokens <= budget
    assert sum(envelope.tier_tokens.values()) == envelope.used_tokens
    assert envelope.headers["CRP-Context-Tokens-Used"] == str(envelope.used_tokens)
    assert envelope.items[0].tier == "S"  # the Active Thread Summary leads
    # Each item is counted as render() writes it (label and spacing included), so the
    # rendered context is within the budget too.
    assert mh.tiers.scratch.estimate_tokens(envelope.render()) <= budget
    for item in envelope.items:
        assert item.tokens >= mh.tiers.scratch.estimate_tokens(item.content)


def test_references_follow_the_summary_at_full_weight(assembler: mh.ContextAssembler) -> None:
    session = assembler.session("t/2")
    converse(session)
    envelope = session.user("Back to etcd - tell me more about the second step?")
    assert envelope.turn.references
    second = envelope.items[1]
    assert (second.tier, second.source_id, second.reason) == ("C", "turn:1", "reference")


def test_blend_splits_the_budget_and_unused_tokens_flow(assembler: mh.ContextAssembler) -> None:
    session = assembler.session("t/3")
    session.user("What's a good backup strategy for Postgres?")
    session.assistant("Use pg_basebackup nightly plus WAL archiving.")
    # Announced: a short unannounced question would read as a side question on backups
    # (rule side-questions).
    envelope = session.user(
        "Different question: do etcd members list each other?", budget_tokens=4000
    )
    assert envelope.intent is mh.Intent.EXPLORE
    tiers = {item.tier for item in envelope.items}
    assert "P" in tiers  # a relevant fact made it in
    # With far more budget than candidates, every candidate of every tier is taken.
    assert envelope.headers["CRP-Context-Facts-Used"].split("/")[0] == str(
        sum(1 for item in envelope.items if item.tier == "P")
    )
    # A tight budget keeps the P share first for EXPLORE (70/25/5).
    tight = session.preview(
        "Different question: do etcd members list each other?", budget_tokens=90
    )
    assert tight.used_tokens <= 90


def test_tool_reference_brings_the_fresh_raw_output(assembler: mh.ContextAssembler) -> None:
    session = assembler.session("t/4")
    converse(session)
    entry = session.tool_output(
        "sql", [{"member": "etcd-1", "healthy": True}], args={"q": "select"}, volatility="STABLE"
    )
    envelope = session.user("summarise the query result")
    assert envelope.intent is mh.Intent.TOOL_REFERENCE
    tool = [item for item in envelope.items if item.tier == "E"]
    assert tool[0].source_id == entry.scratch_id
    assert "etcd-1" in tool[0].content
    assert envelope.headers["CRP-Context-Scratch-Freshness"] == "fresh"
    assert envelope.headers["CRP-Context-Scratch-Entries"] == "1/0"
    assert session.session.scratch.get(entry.scratch_id).referenced_by == (4,)
    session.user("and keep that query result")  # second reference: pinned
    assert session.session.scratch.pinned == 1


def test_stale_entries_warn_exclude_or_reinvoke() -> None:
    clock = [1_000.0]

    def run(policy: str, reinvoke: Any = None) -> mh.ContextEnvelope:
        assembler = mh.ContextAssembler(stale_policy=policy, reinvoke=reinvoke)
        session = assembler.session("t")
        session.user("check the cluster health")
        session.session.scratch.clock = lambda: clock[0]
        session.tool_output("health_api", {"status": "ok"}, volatility="REALTIME")
        clock[0] += 120  # REALTIME is fresh for 30 s
        session.session.scratch.clock = lambda: clock[0]
        mh.tiers.scratch._now = lambda: clock[0]  # type: ignore[attr-defined]
        return session.user("what did that API response say?")

    original = mh.tiers.scratch._now
    try:
        warned = run("warn")
        tool = [i for i in warned.items if i.tier == "E"]
        assert tool[0].content.split(": ", 1)[1].startswith("NOTE: This result is from 2 minutes")
        assert warned.headers["CRP-Context-Scratch-Freshness"].startswith("stale; age=120s")
        excluded = run("exclude")
        assert not [i for i in excluded.items if i.tier == "E"]
        fresh = run("reinvoke", lambda entry: {"status": "degraded"})
        tool = [i for i in fresh.items if i.tier == "E"]
        assert "degraded" in tool[0].content
    finally:
        mh.tiers.scratch._now = original  # type: ignore[attr-defined]


def test_coverage_keeps_delivered_facts_out_of_later_explore_turns() -> None:
    # Every word hashed (version 1): there the second question is below the EXPLORE bar; with
    # content words only it is a DRILL_DOWN of the first, which turns novelty off (§5.3).
    embedder = mh.HashingEmbedder(version=1)
    kb = mh.KnowledgeStore(embedder=embedder)
    kb.add_many(FACTS)
    assembler = mh.ContextAssembler(knowledge=kb, embedder=embedder)
    session = assembler.session("t/5")
    first = session.user("How do I set the etcd TLS cert-file?")
    delivered = {item.source_id for item in first.items if item.tier == "P"}
    assert "etcd-tls" in delivered
    later = session.user("Is there anything about etcd TLS key-file settings?")
    assert later.turn.intent is mh.Intent.EXPLORE
    assert "etcd-tls" not in {item.source_id for item in later.items if item.tier == "P"}
    # Sessions share the store, not the coverage.
    other = assembler.session("t/6").user("How do I set the etcd TLS cert-file?")
    assert "etcd-tls" in {item.source_id for item in other.items if item.tier == "P"}


def test_render_and_messages(assembler: mh.ContextAssembler) -> None:
    session = assembler.session("t/7")
    converse(session)
    envelope = session.user("what about etcd TLS again?")
    text = envelope.render()
    assert text.startswith("[thread ")
    assert [block.split("]")[0] for block in text.split("\n\n[")][:1] == [
        "[thread " + envelope.turn.active_thread
    ]
    messages = envelope.messages(system="You are helpful.")
    assert [m["role"] for m in messages] == ["system", "user"]
    assert messages[0]["content"].startswith("You are helpful.")
    assert messages[1]["content"] == "what about etcd TLS again?"


def test_a_pluggable_token_counter_is_respected() -> None:
    words = lambda text: len(text.split())  # noqa: E731 - a real tokenizer's shape
    assembler = mh.ContextAssembler(token_counter=words)
    session = assembler.session("t")
    converse(session)
    envelope = session.user("what about the second step?", budget_tokens=50)
    assert sum(words(item.content) for item in envelope.items) <= 50
    assert words(envelope.render()) <= 50


def test_bad_calls_change_nothing(assembler: mh.ContextAssembler) -> None:
    session = assembler.session("t/8")
    converse(session)
    before = (len(session.session), len(session.coverage), session.session.active_thread)
    with pytest.raises(mh.BudgetError, match="Active Thread Summary"):
        session.user("Back to etcd TLS", budget_tokens=1)
    for budget in (0, -5, 2.5, True, "100", 10**9):
        with pytest.raises(InputError, match="budget_tokens"):
            session.user("Back to etcd TLS", budget_tokens=budget)  # type: ignore[arg-type]
    with pytest.raises(InputError):
        session.user("")
    with pytest.raises(EmbeddingError):
        session.user("hi", embedding=np.full(384, np.nan))
    assert (len(session.session), len(session.coverage), session.session.active_thread) == before
    with pytest.raises(InputError, match="session_id"):
        assembler.session("")
    with pytest.raises(InputError, match="stale_policy"):
        mh.ContextAssembler(stale_policy="ignore")
    with pytest.raises(InputError, match="reinvoke callback"):
        mh.ContextAssembler(stale_policy="reinvoke")
    other = mh.KnowledgeStore(dim=8)
    with pytest.raises(EmbeddingError, match="dimension"):
        mh.ContextAssembler(knowledge=other)


def test_huge_turns_and_tool_outputs_of_any_shape(assembler: mh.ContextAssembler) -> None:
    session = assembler.session("t/9")
    session.user("load the table")
    for output in (42, 3.5, None, True, ["a", "b"], {"k": [1, 2]}, b"bytes\xff", "x" * 2_000_000):
        session.tool_output("tool", output)
    envelope = session.user("word " * 200_000, budget_tokens=4000)
    assert envelope.used_tokens <= 4000


def test_many_sessions_from_many_threads(assembler: mh.ContextAssembler) -> None:
    errors: list[BaseException] = []

    def talk(n: int) -> None:
        try:
            session = assembler.session(f"tenant/{n}")
            for _ in range(5):
                converse(session)
                session.user("Back to etcd - the second step?", budget_tokens=300)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    workers = [threading.Thread(target=talk, args=(n,)) for n in range(6)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert not errors
    assert len(assembler.session("tenant/0").session) == 25


def test_hybrid_turns_add_connectors_within_their_share() -> None:
    class Bridged(mh.KnowledgeStore):
        """A store whose graph always offers the coffee fact as a connector."""

        def connectors(self, anchors: Any, query: Any, **kwargs: Any) -> list[Any]:
            fact = self.get("coffee")
            return [mh.tiers.knowledge.ScoredFact(fact, 0.2, 1.0, 1.0, 0.5)]

    kb = Bridged(embedder=mh.HashingEmbedder())
    kb.add_many(FACTS)
    session = mh.ContextAssembler(knowledge=kb).session("t")
    session.user("Tell me about espresso grinders")
    session.assistant("Burr grinders give an even grind.")
    envelope = session.user("Write me a guide about etcd TLS and Postgres backups")
    assert envelope.turn.mode == "hybrid"
    assert envelope.sub_queries
    assert envelope.headers["CRP-Context-Connectors-Included"] == "1/1"
    (connector,) = [item for item in envelope.items if item.reason == "connector"]
    assert connector.source_id == "coffee"
    plain = session.preview("How do I configure etcd TLS?")
    assert "CRP-Context-Connectors-Included" not in plain.headers  # conversation mode


def test_the_readme_assembler_example_runs() -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The envelope assembler", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), namespace)
    env = namespace["env"]
    assert env.intent is mh.Intent.TOOL_REFERENCE
    assert env.items[0].tier == "S"
    assert any(item.tier == "E" and "etcd-1" in item.content for item in env.items)
    assert env.headers["CRP-Context-Tier-Blend"] == "20/30/50"
    assert env.used_tokens <= 4000


def test_document_mode_runs_cdr_window_after_window(assembler: mh.ContextAssembler) -> None:
    session = assembler.session("t/doc")
    parts = ["etcd client TLS certificates", "etcd members initial cluster", "Postgres backups"]
    first = session.document("Write an operations guide", parts, budget_tokens=400)
    assert first.headers["CRP-Context-Mode"] == "document"
    assert first.sub_queries == tuple(parts)
    delivered = {item.source_id for item in first.items if item.tier == "P"}
    assert {"etcd-tls", "pg-backup"} <= delivered
    assert len(session.session) == 0  # the task is not a turn
    # The next window of the same task gets new material only (CDR novelty, SPEC-003 §14).
    second = session.document("Write an operations guide", parts, completed=parts[:1])
    assert not delivered & {item.source_id for item in second.items if item.tier == "P"}
    for bad in ([], [""], ["x"] * 65):
        with pytest.raises(InputError, match="sub_queries"):
            session.document("task", bad)
    with pytest.raises(InputError, match="task"):
        session.document(" ", parts)


def test_tier_e_candidates_are_reused_only_while_every_entry_is_fresh() -> None:
    clock = [1_000.0]
    assembler = mh.ContextAssembler()
    session = assembler.session("t/cache")
    session.user("check the cluster health")
    session.session.scratch.clock = lambda: clock[0]
    session.tool_output("health_api", {"status": "ok"}, volatility="REALTIME")
    session.tool_output("sql", [{"id": 1}], volatility="STABLE")

    def tier_e(envelope: mh.ContextEnvelope) -> list[tuple[str, str, int]]:
        return [(i.source_id, i.content, i.tokens) for i in envelope.items if i.tier == "E"]

    first = session.preview("what did that API response say?")
    assert session._tool.cached is not None
    again = session.preview("what did that API response say?")
    assert tier_e(again) == tier_e(first)
    assert again.headers["CRP-Context-Scratch-Freshness"] == "fresh"
    session._tool.cached = None
    assert tier_e(session.preview("what did that API response say?")) == tier_e(first)
    # Past REALTIME's 30 s, with nothing else changed, the entry is stale at once.
    clock[0] += 31
    stale = session.preview("what did that API response say?")
    assert stale.headers["CRP-Context-Scratch-Freshness"].startswith("stale; age=31s")
    assert any("NOTE: This result is from 1 minutes" in content for _, content, _ in tier_e(stale))
    # A new entry changes the candidates too.
    session.tool_output("sql", [{"id": 2}], volatility="STABLE")
    assert len(tier_e(session.preview("and the rows?"))) == 3


def test_tier_e_reuse_agrees_with_the_freshness_test_to_the_last_bit() -> None:
    # With a clock near zero, now - created_at >= 30 while now < created_at + 30: the entry
    # is stale by its own test, and the reused candidates must say so too.
    created = 0.8799244158186337
    stale_now = 30.879924415818632
    assert not stale_now - created < 30.0
    assert stale_now < created + 30.0
    clock = [created]
    session = mh.ContextAssembler().session("t/ulp")
    session.session.scratch.clock = lambda: clock[0]
    session.user("what is the weather?")
    session.tool_output("get_weather", "sunny, 21C", volatility="REALTIME")
    clock[0] = created + 1
    session.preview("and the weather now?")
    clock[0] = stale_now
    reused = [i.content for i in session.preview("and the weather now?").items if i.tier == "E"]
    assert reused
    assert all("may be outdated" in content for content in reused)


def test_reinvoke_is_stored_only_when_the_turn_commits() -> None:
    clock = [1_000.0]
    original = mh.tiers.scratch._now
    mh.tiers.scratch._now = lambda: clock[0]  # type: ignore[attr-defined]
    try:
        calls: list[str] = []

        def reinvoke(entry: mh.ScratchEntry) -> object:
            calls.append(entry.scratch_id)
            return {"status": "degraded"}

        assembler = mh.ContextAssembler(stale_policy="reinvoke", reinvoke=reinvoke)
        session = assembler.session("t/r")
        session.user("check the cluster health")
        session.session.scratch.clock = lambda: clock[0]
        entry = session.tool_output("health_api", {"status": "ok"}, volatility="REALTIME")
        clock[0] += 120
        preview = session.preview("what did that API response say?")
        assert "degraded" in next(i for i in preview.items if i.tier == "E").content
        assert session.session.scratch.get(entry.scratch_id).raw_output == '{"status": "ok"}'
        with pytest.raises(mh.BudgetError):
            session.user("what did that API response say?", budget_tokens=1)
        assert session.session.scratch.get(entry.scratch_id).raw_output == '{"status": "ok"}'
        session.user("what did that API response say?")
        assert "degraded" in session.session.scratch.get(entry.scratch_id).raw_output
        assert len(calls) == 2  # the preview and the committed turn (the budget failed first)
    finally:
        mh.tiers.scratch._now = original  # type: ignore[attr-defined]


def test_one_entry_named_twice_is_packed_once(assembler: mh.ContextAssembler) -> None:
    session = assembler.session("t/dup")
    session.user("run it")
    session.tool_output("run_sql", [{"id": 1}])
    envelope = session.user("compare the query result with the sql output")
    tool = [item.source_id for item in envelope.items if item.tier == "E"]
    assert len(tool) == len(set(tool)) == 1


def test_an_id_without_a_tenant_is_the_default_tenant(tmp_path: Any) -> None:
    from multihorizon.persist.stores import SQLiteStore

    store = SQLiteStore(tmp_path / "s.db")
    mh.ContextAssembler(store=store).session("x").user("hello")
    again = mh.ContextAssembler(store=store).session("default/x")
    assert [t.content for t in again.session.turns] == ["hello"]


def test_the_sandwich_keeps_input_order_for_equal_strengths() -> None:
    from multihorizon.assembly.envelope import PackedItem
    from multihorizon.assembly.packing import sandwich

    # P's best and C's best both have strength 0.5 x score / best = 0.5 exactly: a tie,
    # which keeps the input order (P first) rather than whatever rounding would decide.
    fact = PackedItem("P", "fact", "x", 0.744, 1, "cdr")
    turn = PackedItem("C", "turn", "y", 0.75, 1, "relevant")
    weak = PackedItem("C", "weak", "z", 0.1, 1, "relevant")
    packed = sandwich([fact, turn, weak], {"P": 0.5, "C": 0.5, "E": 0.0})
    assert packed[0] is fact  # the strongest first
    assert packed[-1] is turn  # the second strongest last (SPEC-003 §7.4)
