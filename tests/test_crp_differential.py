"""Differential tests: the same turns and tool outputs through crprotocol 6.2.5 and through
``multihorizon.crp`` (issue 16).

Where SPEC-028/029 agree with crprotocol the two must agree; where they differ the adapter
must give the spec's answer, and each such case names its section. Every difference here is
a row of the README's "crprotocol drop-in" table. crprotocol's answers are asserted too, so a
change of the peer shows up here rather than silently.
"""

from __future__ import annotations

import hashlib
import time
from typing import Any

import pytest

import multihorizon as mh
from multihorizon.crp import horizons as ours_h
from multihorizon.crp import scratch_buffer as ours_s

theirs_h = pytest.importorskip("crp.state.horizons", reason="crprotocol (test extra) missing")
theirs_s = pytest.importorskip("crp.state.scratch_buffer", reason="crprotocol missing")

ETCD = "How do I configure etcd TLS on three nodes?"
STEPS = "Steps: 1. generate a CA 2. issue server certificates 3. restart etcd with --cert-file"


def _pair(history: bool, config: mh.Config | None = None) -> tuple[Any, Any]:
    theirs = theirs_h.MultiHorizonContext()
    ours = ours_h.MultiHorizonContext(session=mh.Session(config=config or mh.Config()))
    if history:
        for context in (theirs, ours):
            context.add_turn("user", ETCD)
            context.add_turn("assistant", STEPS)
    return theirs, ours


# Turns on which SPEC-028 §5.2 and crprotocol give the same intent, on an empty context and
# after an etcd exchange, under the spec's profile and the default one.
AGREE = [
    ("what do you mean by that?", "clarify"),
    ("explain again please", "clarify"),
    ("Can you clarify the last point?", "clarify"),
    ("I don't understand", "clarify"),
    ("could you explain the TLS part again", "clarify"),
    ("What is quantum computing?", "explore"),
    ("Why is the sky blue?", "explore"),
    ("Tell me about Kubernetes networking", "explore"),
    ("Compare Redis and Memcached", "explore"),
    ("Let's switch to Postgres backups", "explore"),
    ("What about the second approach?", "drill_down"),
    ("and what about the third step?", "drill_down"),
    # §5.2: the reference is checked before the CONTINUE marker "more".
    ("tell me more about the second step", "drill_down"),
]


@pytest.mark.parametrize("history", [False, True], ids=["empty", "after-etcd"])
@pytest.mark.parametrize("profile", ["spec", "default"])
@pytest.mark.parametrize(("turn", "intent"), AGREE)
def test_intents_agree_where_the_spec_agrees(
    turn: str, intent: str, history: bool, profile: str
) -> None:
    theirs, ours = _pair(history, mh.Config.spec() if profile == "spec" else None)
    assert theirs.classify_intent(turn)["intent"] == intent
    assert ours.classify_intent(turn)["intent"] == intent


# (turn, crprotocol's intent, the spec's intent, why). Decided by markers and references, so
# the answer is the same with or without history and in either profile.
DIFFER = [
    # §5.2 checks CLARIFY markers before references; crprotocol's "reference" is no intent.
    ("what did you mean about the second option", "reference", "clarify", "§5.2 order, §5.1"),
    ("what does that mean", "reference", "clarify", "§5.2 order, §5.1"),
    # "again" is one of §5.2's CLARIFY markers, checked first.
    ("Do it again but faster", "reference", "clarify", "§5.2 CLARIFY_MARKERS"),
    # A reference to prior content is DRILL_DOWN (§5.1); "reference" is not an intent.
    ("what you said earlier about TLS", "reference", "drill_down", "§5.1, §5.2"),
    # §5.2's CONTINUE_MARKERS: "go on", "more", "and then".
    ("go on", "explore", "continue", "§5.2 CONTINUE_MARKERS"),
    ("and then?", "explore", "continue", "§5.2 CONTINUE_MARKERS"),
    ("keep going", "explore", "continue", "§5.2 CONTINUE_MARKERS"),
    ("continue", "explore", "continue", "§5.2 CONTINUE_MARKERS"),
    ("tell me more", "drill_down", "continue", "§5.2 CONTINUE_MARKERS"),
    ("more details please", "drill_down", "continue", "§5.2 CONTINUE_MARKERS"),
    # §5.2's first check: a Tier E reference (§4.1 "the query result", SPEC-029 §7).
    ("summarise the query result", "explore", "tool_reference", "§5.2, §4.1"),
    ("Show me that API response", "reference", "tool_reference", "§5.2, SPEC-029 §7"),
    ("the error from the last run", "explore", "tool_reference", "§5.2, SPEC-029 §7"),
    # "so that" and "submit the ..." are no referential expressions (§4.1).
    ("submit the form so that it scales", "reference", "explore", "§4.1"),
]


@pytest.mark.parametrize("history", [False, True], ids=["empty", "after-etcd"])
@pytest.mark.parametrize(("turn", "peer", "spec", "section"), DIFFER)
def test_intents_follow_the_spec_where_crprotocol_differs(
    turn: str, peer: str, spec: str, section: str, history: bool
) -> None:
    theirs, ours = _pair(history, mh.Config.spec())
    assert theirs.classify_intent(turn)["intent"] == peer
    result = ours.classify_intent(turn)
    assert result["intent"] == spec, section
    assert result["spec_intent"] == spec.upper()


def test_a_reference_needs_prior_content_once_there_is_a_log() -> None:
    """ "fix that bug": crprotocol says "reference". With nothing logged the adapter reads
    §5.2's detected references (DRILL_DOWN); after an exchange that never mentioned a bug the
    reference resolves to nothing, so it is no reference to prior content (§5.2) and the
    similarity decides (EXPLORE)."""
    for history, spec in ((False, "drill_down"), (True, "explore")):
        theirs, ours = _pair(history, mh.Config.spec())
        assert theirs.classify_intent("fix that bug")["intent"] == "reference"
        assert ours.classify_intent("fix that bug")["intent"] == spec


def test_similarity_rule_on_the_active_thread() -> None:
    """§5.2's last step: a marker-free turn close to the active thread is CONTINUE (crprotocol
    has no similarity check and says EXPLORE)."""
    theirs, ours = _pair(True, mh.Config.spec())
    turn = "restart etcd with the new server certificates"
    assert theirs.classify_intent(turn)["intent"] == "explore"
    assert ours.classify_intent(turn)["intent"] == "continue"


def test_turn_log_ids_and_trimming() -> None:
    """Both keep the latest ``max_turn_log`` turns; crprotocol's ids repeat after trimming,
    ours never do (§3.1: turn_id identifies a turn; references point at it)."""
    theirs = theirs_h.MultiHorizonContext(max_turn_log=3)
    ours = ours_h.MultiHorizonContext(max_turn_log=3)
    for index in range(6):
        role = ("user", "assistant")[index % 2]
        for context in (theirs, ours):
            context.add_turn(role, f"turn {index} on etcd quorum sizing", topic_tags=["etcd"])
    assert [t.content for t in theirs.turn_log] == [t.content for t in ours.turn_log]
    assert [t.role for t in theirs.turn_log] == [t.role for t in ours.turn_log]
    assert [t.turn_id for t in theirs.turn_log] == [4, 4, 4]
    assert [t.turn_id for t in ours.turn_log] == [4, 5, 6]
    for n in (1, 2, 3, 5):
        assert [t.content for t in theirs.get_recent_turns(n)] == [
            t.content for t in ours.get_recent_turns(n)
        ]
    # A caller's tag: crprotocol searches its view, ours every turn of the session.
    assert len(theirs.get_turns_by_topic("etcd")) == 3
    assert len(ours.get_turns_by_topic("etcd")) == 6


def test_resolve_reference_agreement_and_difference() -> None:
    theirs, ours = _pair(False)
    history = ["How do I configure etcd?", "Use TLS certificates.", "What about Postgres backups?"]
    for reference, expected in (
        ("etcd", history[0]),  # a bare name: the turn mentioning it
        ("kubernetes", ""),  # nothing mentions it
        ("that etcd configuration", history[0]),
    ):
        assert theirs.resolve_reference(reference, history) == expected
        assert ours.resolve_reference(reference, history) == expected
    # §4.2 turn reference "what you said about X": the reply about TLS. crprotocol's
    # word-overlap picks another turn.
    reference = "what you said about TLS"
    assert theirs.resolve_reference(reference, history) == history[2]
    assert ours.resolve_reference(reference, history) == history[1]


def test_blends_agree_on_operations_and_follow_5_3_on_intents() -> None:
    theirs, ours = _pair(False)
    for operation in ("RETRIEVE", "COMPARE", "ANALYSE", "SYNTHESISE", "GENERATE", "VERIFY",
                      "TRANSFORM", "PLAN", "REVISE", "retrieve", "anything"):  # fmt: skip
        assert ours.blend_for_operation(operation) == pytest.approx(
            theirs.blend_for_operation(operation)
        )
    weights = {"persistent": 1.0, "conversational": 1.0, "ephemeral": 2.0}
    assert ours.blend_for_operation("RETRIEVE", weights) == pytest.approx(
        theirs.blend_for_operation("RETRIEVE", weights)
    )
    # SPEC-028 §5.3 where crprotocol has no intents (its default 60/30/10) or another CLARIFY.
    for intent, spec in mh.config.INTENT_BLENDS.items():
        got = ours.blend_for_operation(intent)
        assert got == {"persistent": spec.P, "conversational": spec.C, "ephemeral": spec.E}
    assert theirs.blend_for_operation("DRILL_DOWN")["persistent"] == 0.6
    assert theirs.blend_for_operation("CLARIFY")["conversational"] == 0.7


# ---- scratch buffer ---------------------------------------------------------------------------

OUTPUTS = [
    ("scratch_sql_001", "sql", "id,name,score\n1,a,3\n2,b,6\n3,c,9"),
    ("scratch_api_001", "api", '{"members": 3, "leader": "etcd-1"}'),
    ("scratch_api_002", "api", '[{"a": 1}, {"a": 2}]'),
    ("scratch_shell_001", "shell", "The deployment finished. All 3 nodes are healthy."),
]


def _buffers() -> tuple[Any, Any]:
    theirs = theirs_s.ScratchBuffer("s1")
    ours = ours_s.ScratchBuffer("s1")
    for entry_id, tool, data in OUTPUTS:
        for buffer in (theirs, ours):
            assert buffer.store(data, entry_id, tool_name=tool, freshness_ttl=30) == entry_id
    return theirs, ours


def test_store_agrees_on_ids_fields_structure_and_freshness() -> None:
    theirs, ours = _buffers()
    assert list(theirs.entries) == list(ours.entries)
    for entry_id, tool, data in OUTPUTS:
        a, b = theirs.entries[entry_id], ours.entries[entry_id]
        assert (a.scratch_id, a.tool_name, a.raw_output, a.freshness_ttl) == (
            b.scratch_id, b.tool_name, b.raw_output, b.freshness_ttl,
        )  # fmt: skip
        assert a.structured == b.structured  # JSON text parsed, other text not
        assert a.is_fresh
        assert b.is_fresh
        assert a.summary.startswith(f"[{tool}] ")
        assert b.summary.startswith(f"[{tool}] ")
        assert a.persistence.value == b.persistence.value == "ephemeral"
        # SPEC-029 §2.1 leaves the hash open; ours is SHA-256, crprotocol's BLAKE2b-128.
        assert b.provenance_hash == hashlib.sha256(data.encode()).hexdigest()
        assert len(a.provenance_hash) == 32
    assert "3 rows" in theirs.entries["scratch_sql_001"].summary
    assert "3 rows" in ours.entries["scratch_sql_001"].summary


def test_provenance_keys_agree_and_ours_add_timestamps() -> None:
    theirs, ours = _buffers()
    a = theirs.get_provenance("scratch_sql_001")
    b = ours.get_provenance("scratch_sql_001")
    assert set(a) <= set(b)
    for key in ("type", "tool", "args", "fresh", "created_at"):
        if key != "created_at":
            assert a[key] == b[key], key
    assert {"hash_algorithm", "created_at_iso"} <= set(b)
    assert theirs.get_provenance("nope") == ours.get_provenance("nope") == {}
    assert theirs.summarise("nope") == ours.summarise("nope") == ""
    assert theirs.get_fresh("nope") is None
    assert ours.get_fresh("nope") is None


def test_freshness_and_purge_agree_for_unpinned_unreferenced_entries() -> None:
    theirs, ours = _buffers()
    for buffer in (theirs, ours):
        buffer.entries["scratch_sql_001"].created_at = time.time() - 60
    for entry_id, _, _ in OUTPUTS:
        assert (theirs.get_fresh(entry_id) is None) == (ours.get_fresh(entry_id) is None)
    assert theirs.purge_expired() == ours.purge_expired() == 1
    assert list(theirs.entries) == list(ours.entries)


def test_pinned_stale_entry_is_not_fresh_spec_029_section_4() -> None:
    theirs, ours = _buffers()
    for buffer in (theirs, ours):
        buffer.pin("scratch_api_001")
        buffer.entries["scratch_api_001"].created_at = time.time() - 60
    assert theirs.get_fresh("scratch_api_001") is not None
    assert ours.get_fresh("scratch_api_001") is None
    # Both keep it: pinned entries are never purged (SPEC-029 §5).
    assert theirs.purge_expired() == ours.purge_expired() == 0


def test_referenced_stale_entry_is_kept_spec_029_section_5() -> None:
    theirs, ours = _buffers()
    for buffer in (theirs, ours):
        entry = buffer.entries["scratch_shell_001"]
        entry.referenced_by.append(3)
        entry.created_at = time.time() - 60
    assert theirs.purge_expired() == 1
    assert ours.purge_expired() == 0
    assert "scratch_shell_001" in ours.entries


def test_non_text_data_is_stored_as_json() -> None:
    """crprotocol stores ``str(data)`` (a Python repr) with no structure; ours JSON text and
    the structure (SPEC-029 §2.1 ``structured``)."""
    rows = [{"member": "etcd-1", "healthy": True}]
    theirs, ours = theirs_s.ScratchBuffer(), ours_s.ScratchBuffer()
    theirs.store(rows, "q", "sql")
    ours.store(rows, "q", "sql")
    assert theirs.entries["q"].raw_output == str(rows)
    assert theirs.entries["q"].structured is None
    assert ours.entries["q"].raw_output == '[{"member": "etcd-1", "healthy": true}]'
    assert ours.entries["q"].structured == rows
