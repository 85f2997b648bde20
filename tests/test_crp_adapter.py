"""``multihorizon.crp``: crprotocol's horizons and scratch buffer API on this engine (issue 16),
and the core API the adapter stands on (caller scratch ids and TTLs, ``discard`` /
``purge_stale``, ``Session.analyse``, ``classify_text``, SPEC-029 §9 headers).

These tests need no crprotocol, except where one compares signatures with it or feeds its
``emit_headers`` (skipped, with the reason, where it is not installed).
"""

from __future__ import annotations

import hashlib
import inspect
import math
import time
from typing import Any

import pytest

import multihorizon as mh
from multihorizon.assembly.headers import parse_context_headers, scratch_headers, tokens_saved
from multihorizon.crp.headers import extra_headers, merge_headers, our_headers
from multihorizon.crp.horizons import ContextTier, MultiHorizonContext, TurnEntry
from multihorizon.crp.scratch_buffer import ScratchBuffer, ScratchEntry, ScratchPersistence
from multihorizon.dialogue.textintent import analyse_text, classify_text
from multihorizon.errors import InputError
from multihorizon.persist import restore, snapshot
from multihorizon.tiers.scratch import Persistence
from multihorizon.tiers.scratch import ScratchBuffer as CoreBuffer

ETCD = "How do I configure etcd TLS on three nodes?"
STEPS = "Steps: 1. generate a CA 2. issue server certificates 3. restart etcd with --cert-file"


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _context(**kwargs: Any) -> MultiHorizonContext:
    context = MultiHorizonContext(**kwargs)
    context.add_turn("user", ETCD, ["etcd"])
    context.add_turn("assistant", STEPS)
    return context


# ---- core: caller ids, per-entry TTL, discard, purge_stale ----------------------------------


def test_caller_scratch_id_and_ttl_are_kept() -> None:
    clock = Clock()
    buffer = CoreBuffer(clock=clock)
    entry = buffer.add(tool="run_sql", output="a,b\n1,2", turn_id=0, scratch_id="mine", ttl=5)
    assert (entry.scratch_id, entry.freshness_ttl) == ("mine", 5.0)
    clock.now += 4.9
    assert entry.is_fresh(clock())
    clock.now += 0.2
    assert not entry.is_fresh(clock())
    # Without a ttl the volatility class decides (SPEC-029 §4).
    other = buffer.add(tool="run_sql", output="x", turn_id=0, volatility="REALTIME")
    assert other.freshness_ttl == 30.0


def test_generated_ids_skip_an_id_a_caller_took() -> None:
    buffer = CoreBuffer()
    buffer.add(tool="run_sql", output="x", turn_id=0, scratch_id="scratch_query_001")
    entry = buffer.add(tool="run_sql", output="y", turn_id=0)
    assert entry.scratch_id == "scratch_query_002"
    assert buffer.get("scratch_query_001").raw_output == "x"


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"ttl": -1}, "ttl"),
        ({"ttl": math.nan}, "ttl"),
        ({"ttl": True}, "ttl"),
        ({"ttl": "30"}, "ttl"),
        ({"scratch_id": ""}, "scratch_id"),
        ({"scratch_id": 7}, "scratch_id"),
    ],
)
def test_bad_id_or_ttl_is_refused(kwargs: dict[str, Any], words: str) -> None:
    buffer = CoreBuffer()
    with pytest.raises(InputError, match=words):
        buffer.add(tool="t", output="x", turn_id=0, **kwargs)
    assert len(buffer) == 0


def test_discard_and_purge_stale_follow_spec_029_section_5() -> None:
    clock = Clock()
    buffer = CoreBuffer(clock=clock)
    for name in ("stale", "pinned", "referenced", "fresh"):
        buffer.add(tool="t", output=name, turn_id=0, scratch_id=name, ttl=10)
    buffer.pin("pinned")
    buffer.mark_referenced("referenced", 3)
    clock.now += 5
    buffer.add(tool="t", output="young", turn_id=0, scratch_id="young", ttl=10)
    clock.now += 6  # the first four are stale now, "young" is not
    gone = buffer.purge_stale()
    assert [entry.scratch_id for entry in gone] == ["stale", "fresh"]
    assert sorted(entry.scratch_id for entry in buffer) == ["pinned", "referenced", "young"]
    assert buffer.discard("pinned").scratch_id == "pinned"
    with pytest.raises(InputError, match="pinned"):
        buffer.discard("pinned")


def test_session_tool_output_takes_the_callers_id_and_ttl_and_survives_a_snapshot() -> None:
    session = mh.Session()
    session.user("Run the member health query")
    entry = session.tool_output("sql", [{"m": 1}], scratch_id="scratch_sql_042", ttl=12.5)
    assert session.turns.tool_calls[0] == ("scratch_sql_042",)
    restored, _ = restore(snapshot(session))
    kept = restored.scratch.get("scratch_sql_042")
    assert (kept.ttl, kept.freshness_ttl, kept.created_at) == (12.5, 12.5, entry.created_at)


def test_session_analyse_is_classify_plus_references_and_logs_nothing() -> None:
    session = mh.Session()
    session.user(ETCD)
    session.assistant(STEPS)
    intent, references = session.analyse("tell me more about the second step")
    assert intent is session.classify("tell me more about the second step")
    assert intent is mh.Intent.DRILL_DOWN
    assert [(ref.type, ref.target_turn, ref.item) for ref in references] == [
        ("ordinal", 1, "issue server certificates")
    ]
    assert len(session) == 2


# ---- core: the stateless classifier ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        # SPEC-028 §5.2's order: tool, clarify, references, continue, then similarity.
        ("summarise the query result", "TOOL_REFERENCE"),
        ("what did you mean about the second option?", "CLARIFY"),
        ("fix that bug", "DRILL_DOWN"),  # detected: nothing to resolve it against
        ("the second option", "DRILL_DOWN"),
        ("go on", "CONTINUE"),
        ("and then?", "CONTINUE"),
        ("How do I configure etcd?", "EXPLORE"),  # no active thread: similarity 0
    ],
)
def test_classify_text_follows_the_spec_order(text: str, intent: str) -> None:
    assert classify_text(text) == intent
    assert mh.classify_text(text) == intent


def test_classify_text_first_turn_and_its_mentions() -> None:
    assert classify_text("what do you mean", first_turn=True) is mh.Intent.EXPLORE
    assert classify_text("summarise the query result", True) is mh.Intent.TOOL_REFERENCE
    intent, mentions = analyse_text("what did you mean about the second option")
    assert intent is mh.Intent.CLARIFY
    assert [(m.type, m.ordinal) for m in mentions] == [("ordinal", 2)]
    with pytest.raises(InputError, match="text"):
        classify_text(42)  # type: ignore[arg-type]


# ---- core: SPEC-029 §9 headers and the CRP-Context-Mode list ------------------------------


def test_scratch_headers_and_tokens_saved() -> None:
    assert tokens_saved([(100, 20), (10, 30), (5, 5)]) == 80
    headers = scratch_headers(total=7, pinned=2, saved=1840)
    assert dict(headers) == {
        "CRP-Context-Scratch-Entries": "7/2",
        "CRP-Context-Scratch-Tokens-Saved": "1840",
    }
    with pytest.raises(InputError, match="pinned"):
        scratch_headers(total=1, pinned=2, saved=0)


def test_assembler_emits_scratch_tokens_saved() -> None:
    assembler = mh.ContextAssembler()
    session = assembler.session("t/c")
    session.user("Run the member health query")
    session.tool_output("sql", [{"member": f"etcd-{i}", "healthy": True} for i in range(200)])
    envelope = session.user("what else is there to check on the cluster?", budget_tokens=4000)
    saved = int(envelope.headers["CRP-Context-Scratch-Tokens-Saved"])
    entry = next(iter(session.session.scratch))
    assert 0 < saved < entry.raw_token_count


def test_mode_list_is_parsed_into_both_dimensions() -> None:
    parsed = parse_context_headers({"crp-context-mode": "full-ckf, conversation"})
    assert (parsed["mode"], parsed["activation_mode"]) == ("conversation", "full-ckf")
    assert parse_context_headers({"CRP-Context-Mode": "hybrid"}) == {"mode": "hybrid"}
    for bad in ("full-ckf, loud", "conversation, hybrid", ""):
        with pytest.raises(InputError, match="CRP-Context-Mode"):
            parse_context_headers({"CRP-Context-Mode": bad})


# ---- horizons ----------------------------------------------------------------------------


def test_public_names_and_types() -> None:
    assert ContextTier("ephemeral") is ContextTier.EPHEMERAL
    assert isinstance(ContextTier.PERSISTENT, str)
    assert TurnEntry(1, "user", "hi") == TurnEntry(1, "user", "hi", [], [])
    assert repr(MultiHorizonContext()) == "MultiHorizonContext(turn_log=[], max_turn_log=50)"
    assert ScratchPersistence("pinned") is ScratchPersistence.PINNED


def test_turn_ids_count_from_one_and_never_repeat_after_trimming() -> None:
    context = MultiHorizonContext(max_turn_log=3)
    for index in range(8):
        context.add_turn(("user", "assistant")[index % 2], f"turn {index} about etcd quorum")
    assert [entry.turn_id for entry in context.turn_log] == [6, 7, 8]
    assert len(context.session) == 8  # the whole log stays in the session
    assert [entry.turn_id for entry in context.get_recent_turns(2)] == [7, 8]
    assert context.get_recent_turns(0) == []
    with pytest.raises(InputError, match="n"):
        context.get_recent_turns(-1)


def test_topics_are_caller_tags_plus_threads_and_a_thread_outlives_the_view() -> None:
    context = MultiHorizonContext(max_turn_log=2)
    context.add_turn("user", ETCD, ["etcd"])
    context.add_turn("assistant", STEPS)
    context.add_turn("user", "Actually, what's a good backup strategy for Postgres?")
    context.add_turn("assistant", "Use pg_basebackup nightly plus WAL archiving.")
    entry = context.add_turn("user", "Back to etcd - what about the second step?")
    first_thread = context.threads[0]
    assert first_thread == "thread:" + context.session.threads[0]
    assert entry.topic_tags == [first_thread]  # SPEC-028 §3.3: the thread resumed
    assert entry.referenced_turns == [2]  # "the second step" -> the enumerating reply
    by_thread = context.get_turns_by_topic(first_thread)
    assert [e.turn_id for e in by_thread] == [1, 2, 5]  # 1 and 2 left the view
    assert [e.turn_id for e in context.get_turns_by_topic("etcd")] == [1]
    assert context.last_envelope is not None
    assert context.last_envelope.thread_resumed


def test_add_turn_refuses_what_spec_028_has_no_place_for_and_changes_nothing() -> None:
    context = _context()
    before = (list(context.turn_log), len(context.session))
    for role, content in (("system", "be brief"), ("user", "   "), ("user", 3)):
        with pytest.raises(InputError):
            context.add_turn(role, content)  # type: ignore[arg-type]
    with pytest.raises(InputError, match="topic_tags"):
        context.add_turn("user", "hello", "etcd")  # type: ignore[arg-type]
    assert (list(context.turn_log), len(context.session)) == before
    assert context.add_turn("USER", "and the third step?").turn_id == 3


def test_constructor_turn_log_is_replayed_keeping_ids() -> None:
    given = [TurnEntry(4, "user", ETCD, ["etcd"]), TurnEntry(5, "assistant", STEPS)]
    context = MultiHorizonContext(turn_log=given, max_turn_log=10)
    assert [e.turn_id for e in context.turn_log] == [4, 5]
    assert len(context.session) == 2
    assert context.add_turn("user", "the second step?").referenced_turns == [5]
    with pytest.raises(InputError, match="increase"):
        MultiHorizonContext(turn_log=[TurnEntry(2, "user", "a b"), TurnEntry(2, "user", "c")])
    with pytest.raises(InputError, match="max_turn_log"):
        MultiHorizonContext(max_turn_log=0)


def test_classify_intent_result_and_nothing_logged() -> None:
    context = _context()
    result = context.classify_intent("tell me more about the second step")
    assert result["intent"] == "drill_down"
    assert result["spec_intent"] == "DRILL_DOWN"
    assert 0.0 < result["confidence"] <= 1.0
    assert result["blend"] == {"persistent": 0.30, "conversational": 0.65, "ephemeral": 0.05}
    assert result["cdr_novelty"] is False  # SPEC-028 §4.3
    (reference,) = result["references"]
    assert (reference["type"], reference["turn_id"]) == ("ordinal", 2)
    assert reference["item"] == "issue server certificates"
    assert len(context.session) == 2
    with pytest.raises(InputError):
        context.classify_intent("")


def test_resolve_reference_over_the_contexts_own_history_and_a_foreign_one() -> None:
    context = _context()
    own = [entry.content for entry in context.turn_log]
    assert context.resolve_reference("the second step", own) == STEPS
    history = ["How do I configure etcd?", "Use TLS certificates.", "What about Postgres?"]
    assert context.resolve_reference("what you said about TLS", history) == history[1]
    assert context.resolve_reference("etcd", history) == history[0]  # the turn naming it
    assert context.resolve_reference("it", history) == history[2]  # the latest turn
    assert context.resolve_reference("kubernetes", history) == ""
    assert context.resolve_reference("etcd", []) == ""
    # A history grown by appending is extended, with the same answers.
    longer = [*history, "Use pg_basebackup nightly."]
    assert context.resolve_reference("what you said about TLS", longer) == history[1]
    with pytest.raises(InputError, match=r"turn_history\[1\]"):
        context.resolve_reference("it", ["a", 2])  # type: ignore[list-item]


def test_blend_for_operation() -> None:
    context = MultiHorizonContext()
    # SPEC-028 §5.3 for the spec intents, in any case.
    assert context.blend_for_operation("drill_down") == {
        "persistent": 0.30,
        "conversational": 0.65,
        "ephemeral": 0.05,
    }
    assert context.blend_for_operation("CLARIFY")["conversational"] == 0.75
    # crprotocol's table for its STL operations, and its default for any other name.
    assert context.blend_for_operation("retrieve") == {
        "persistent": 0.80,
        "conversational": 0.15,
        "ephemeral": 0.05,
    }
    assert context.blend_for_operation("juggle")["persistent"] == 0.60
    merged = context.blend_for_operation("RETRIEVE", {"persistent": 0.2})
    assert merged == pytest.approx({"persistent": 0.5, "conversational": 0.375, "ephemeral": 0.125})
    assert math.isclose(sum(merged.values()), 1.0)
    for bad in ({"other": 1.0}, {"persistent": -1}, {"persistent": math.inf}, {"persistent": 0,
                "conversational": 0, "ephemeral": 0}):  # fmt: skip
        with pytest.raises(InputError, match="weights"):
            context.blend_for_operation("RETRIEVE", bad)


# ---- scratch buffer ------------------------------------------------------------------------


def test_store_keeps_the_callers_id_ttl_and_parses_json() -> None:
    buffer = ScratchBuffer("s1")
    text = '{"members": 3, "healthy": [1, 2, 3]}'
    assert buffer.store(text, "scratch_api_001", tool_name="api", freshness_ttl=90) == (
        "scratch_api_001"
    )
    entry = buffer.entries["scratch_api_001"]
    assert (entry.tool_name, entry.freshness_ttl, entry.raw_output) == ("api", 90, text)
    assert entry.structured == {"members": 3, "healthy": [1, 2, 3]}
    assert entry.summary.startswith("[api] json object: 2 keys")
    assert entry.provenance_hash == hashlib.sha256(text.encode()).hexdigest()
    assert entry.is_fresh
    assert entry.persistence is ScratchPersistence.EPHEMERAL
    assert buffer.store(text, "as_text", structure="text") == "as_text"
    assert buffer.entries["as_text"].structured is None
    for kwargs in ({"structure": "json", "data": "a,b"}, {"structure": "yaml", "data": "x"}):
        with pytest.raises(InputError, match="structure"):
            buffer.store(entry_id="bad", **kwargs)
    with pytest.raises(InputError, match="freshness_ttl"):
        buffer.store("x", "bad", freshness_ttl=-1)
    with pytest.raises(InputError, match="entry_id"):
        buffer.store("x", "")
    assert sorted(buffer.entries) == ["as_text", "scratch_api_001"]


def test_freshness_pinning_and_purging_follow_spec_029() -> None:
    buffer = ScratchBuffer("s1")
    for name in ("old", "pinned_old", "new"):
        buffer.store(f"output of {name}", name, tool_name="shell", freshness_ttl=30)
    for name in ("old", "pinned_old"):
        buffer.entries[name].created_at -= 60  # a minute ago: past its 30 s TTL
    buffer.pin("pinned_old")
    assert buffer.get_fresh("old") is None
    # SPEC-029 §4/§5: pinned keeps an entry; it does not make it fresh.
    assert buffer.get_fresh("pinned_old") is None
    assert buffer.get_fresh("new") is buffer.entries["new"]
    assert buffer.purge_expired() == 1
    assert sorted(buffer.entries) == ["new", "pinned_old"]
    assert buffer.get_provenance("pinned_old")["persistence"] == "pinned"


def test_summarise_provenance_and_unknown_ids() -> None:
    buffer = ScratchBuffer()
    rows = "id,name,score\n" + "\n".join(f"{i},n{i},{i * 3}" for i in range(500))
    buffer.store(rows, "t", "sql")
    full = buffer.summarise("t")
    assert full.startswith("[sql] table: 500 rows x 3 columns")
    short = buffer.summarise("t", 6)
    assert buffer.token_counter(short) <= 6
    assert short.endswith("...")
    provenance = buffer.get_provenance("t")
    assert provenance["type"] == "TOOL_GROUNDED"
    assert provenance["tool"] == "sql"
    assert provenance["hash"] == hashlib.sha256(rows.encode()).hexdigest()
    assert provenance["created_at_iso"].endswith("+00:00")
    assert provenance["fresh"] is True
    assert (buffer.get_fresh("nope"), buffer.summarise("nope"), buffer.get_provenance("nope")) == (
        None,
        "",
        {},
    )
    buffer.pin("nope")  # ignored, as crprotocol does
    assert list(buffer.entries) == ["t"]
    with pytest.raises(InputError, match="max_tokens"):
        buffer.summarise("t", 0)


def test_entries_a_caller_builds_join_the_engine() -> None:
    made = ScratchEntry("x", "shell", raw_output="ls -l output", created_at=time.time() - 100)
    assert made.provenance_hash == hashlib.sha256(b"ls -l output").hexdigest()
    assert not made.is_fresh
    buffer = ScratchBuffer("s", {"x": made})
    buffer.entries["y"] = ScratchEntry("y", "shell", raw_output="pwd")
    assert buffer.get_fresh("x") is None
    assert buffer.get_fresh("y") is buffer.entries["y"]
    assert buffer.purge_expired() == 1
    assert list(buffer.entries) == ["y"]


def test_engine_evictions_leave_the_view() -> None:
    buffer = ScratchBuffer()
    for index in range(70):
        buffer.store(f"output {index}", f"e{index}", "shell")
    assert len(buffer.entries) == 64  # SPEC-029 §11: the engine's entry budget
    assert "e0" not in buffer.entries
    assert "e69" in buffer.entries


def test_context_link_makes_tool_output_a_tier_e_reference() -> None:
    context = MultiHorizonContext()
    buffer = ScratchBuffer("s", context=context)
    context.add_turn("user", "Run the query for healthy etcd members")
    rows = [{"member": "etcd-1", "healthy": True}, {"member": "etcd-2", "healthy": False}]
    buffer.store(rows, "scratch_sql_001", tool_name="sql", freshness_ttl=0)
    result = context.classify_intent("summarise the query result")
    assert result["intent"] == "tool_reference"
    assert result["references"][0]["scratch_id"] == "scratch_sql_001"
    turn = context.add_turn("user", "summarise the query result")
    assert buffer.entries["scratch_sql_001"].referenced_by == [turn.turn_id]
    # Stale at once (TTL 0) but referenced by a turn: SPEC-029 §5 keeps it.
    assert buffer.purge_expired() == 0
    assert "scratch_sql_001" in buffer.entries
    # The second reference pins it (SPEC-029 §5).
    context.add_turn("user", "show the query result again")
    assert buffer.entries["scratch_sql_001"].persistence is ScratchPersistence.PINNED
    assert context.session.scratch.get("scratch_sql_001").persistence is Persistence.PINNED


# ---- headers beside crprotocol's -------------------------------------------------------------


def _tool_turn() -> tuple[MultiHorizonContext, ScratchBuffer]:
    context = MultiHorizonContext()
    buffer = ScratchBuffer("s", context=context)
    context.add_turn("user", "Run the query for healthy etcd members")
    buffer.store([{"member": f"etcd-{i}", "healthy": True} for i in range(40)], "q1", "sql")
    context.add_turn("user", "summarise the query result")
    return context, buffer


class _Quality:
    quality_tier = "A"
    envelope_saturation = 0.9
    facts_extracted = 3


def test_headers_coexist_with_crprotocols_emit_headers() -> None:
    emit = pytest.importorskip("crp.headers.emit", reason="crprotocol (test extra) not installed")
    context, buffer = _tool_turn()
    theirs = emit.emit_headers(quality=_Quality(), mode="full-ckf")
    merged = merge_headers(theirs, context, scratch=buffer)
    through_extra = emit.emit_headers(
        quality=_Quality(),
        mode="full-ckf",
        extra=extra_headers(context, activation_mode="full-ckf", scratch=buffer),
    )
    for headers in (merged, through_extra):
        # crprotocol's values stay: its activation mode first, Facts-Used its integer.
        assert headers["CRP-Context-Mode"] == "full-ckf, conversation"
        assert headers["CRP-Context-Facts-Used"] == "3"
        assert headers["CRP-Context-Quality-Tier"] == "A"
        assert headers["CRP-Context-Turn-Intent"] == "TOOL_REFERENCE"
        assert headers["CRP-Context-Tier-Blend"] == "20/30/50"
        assert headers["CRP-Context-Scratch-Entries"] == "1/0"
        assert int(headers["CRP-Context-Scratch-Tokens-Saved"]) > 0
        parsed = parse_context_headers(headers)
        assert (parsed["activation_mode"], parsed["mode"]) == ("full-ckf", "conversation")
    # Without the activation mode the extra headers leave CRP-Context-Mode to crprotocol.
    plain = emit.emit_headers(mode="zero-ckf", extra=extra_headers(context))
    assert plain["CRP-Context-Mode"] == "zero-ckf"
    assert merge_headers({}, context)["CRP-Context-Mode"] == "conversation"


def test_our_headers_need_a_user_turn() -> None:
    with pytest.raises(InputError, match="no user turn"):
        our_headers(MultiHorizonContext())
    with pytest.raises(InputError, match="activation_mode"):
        extra_headers(_tool_turn()[0], activation_mode="conversation")


def test_signatures_match_crprotocol() -> None:
    """Every public class, field, method and property of crprotocol's two modules exists here
    with the same parameters (ours may add keyword-only ones) and return annotation."""
    theirs_h = pytest.importorskip("crp.state.horizons", reason="crprotocol not installed")
    theirs_s = pytest.importorskip("crp.state.scratch_buffer", reason="crprotocol not installed")
    import dataclasses

    import multihorizon.crp.horizons as ours_h
    import multihorizon.crp.scratch_buffer as ours_s

    for theirs, ours in ((theirs_h, ours_h), (theirs_s, ours_s)):
        names = [
            name
            for name, obj in vars(theirs).items()
            if inspect.isclass(obj) and obj.__module__ == theirs.__name__ and name[0] != "_"
        ]
        assert names
        assert set(names) <= set(ours.__all__)
        for name in names:
            their_cls, our_cls = getattr(theirs, name), getattr(ours, name)
            if dataclasses.is_dataclass(their_cls):
                assert [(f.name, f.type) for f in dataclasses.fields(their_cls)] == [
                    (f.name, f.type) for f in dataclasses.fields(our_cls) if not f.kw_only
                ]
            for attr, member in vars(their_cls).items():
                if attr.startswith("_"):
                    continue
                if isinstance(member, property):
                    assert isinstance(inspect.getattr_static(our_cls, attr), property), attr
                elif callable(member):
                    want = inspect.signature(member)
                    got = inspect.signature(getattr(our_cls, attr))
                    params = [p for p in got.parameters.values() if p.kind is not p.KEYWORD_ONLY]
                    assert params == list(want.parameters.values()), attr
                    assert got.return_annotation == want.return_annotation, attr


def test_a_session_handed_over_keeps_its_turns() -> None:
    session = mh.Session()
    session.user(ETCD)
    session.assistant(STEPS)
    context = MultiHorizonContext(session=session)
    assert [(e.turn_id, e.role) for e in context.turn_log] == [(1, "user"), (2, "assistant")]
    assert context.add_turn("user", "the second step?").referenced_turns == [2]


def test_before_any_turn_the_contexts_config_decides() -> None:
    """Our follow-up-question rule (``Config.follow_up_questions``) is off in the spec
    profile, also for the text-only classification of an empty context."""
    turn = "What are its symptoms?"
    assert MultiHorizonContext().classify_intent(turn)["intent"] == "drill_down"
    spec = MultiHorizonContext(session=mh.Session(config=mh.Config.spec()))
    assert spec.classify_intent(turn)["intent"] == "explore"


def test_a_thread_id_never_merges_with_a_callers_tag() -> None:
    context = MultiHorizonContext()
    first = context.add_turn("user", "Tell me about Python", ["python"])
    second = context.add_turn("user", "What about Java?", ["java"])
    assert [e.turn_id for e in context.get_turns_by_topic("python")] == [first.turn_id]
    assert [e.turn_id for e in context.get_turns_by_topic("java")] == [second.turn_id]
    assert all(tag.startswith("thread:") for tag in first.topic_tags[1:])
