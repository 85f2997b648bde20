"""Tier E (SPEC-029): entries, summaries by output type, freshness, pinning, eviction."""

from __future__ import annotations

import datetime
import decimal
import json
import time

import pytest

import multihorizon as mh
from multihorizon.errors import InputError
from multihorizon.tiers.scratch import (
    SUMMARY_TOKENS,
    OutputType,
    Persistence,
    ScratchBuffer,
    Volatility,
    estimate_tokens,
    summarise,
)


def test_every_spec_field_is_set() -> None:
    buffer = ScratchBuffer()
    entry = buffer.add(
        tool="run_sql", output="id,name\n1,a\n2,b\n", turn_id=3, args={"q": "select"}
    )
    assert entry.scratch_id == "scratch_query_001"
    assert (entry.tool_name, entry.kind, entry.turn_id) == ("run_sql", "query", 3)
    assert entry.tool_call_args == {"q": "select"}
    assert entry.raw_output.startswith("id,name")
    assert entry.raw_token_count == estimate_tokens(entry.raw_output)
    assert entry.output_type is OutputType.TABLE
    assert entry.freshness_ttl == 300.0  # VOLATILE by default
    assert entry.persistence is Persistence.EPHEMERAL
    assert entry.referenced_by == ()
    assert len(entry.provenance_hash) == 64
    assert entry.created_at > 0


@pytest.mark.parametrize(
    ("output", "kind", "needle"),
    [
        (
            "Traceback (most recent call last):\n  File x\nKeyError: 'id'",
            OutputType.ERROR,
            "KeyError",
        ),
        ('ERROR: relation "users" does not exist', OutputType.ERROR, "does not exist"),
        ("42", OutputType.SCALAR, "42"),
        (3.25, OutputType.SCALAR, "3.25"),
        ({"status": "ok", "nodes": [1, 2, 3]}, OutputType.JSON, "nodes: list of 3"),
        ([{"id": 1, "ms": 12.5}, {"id": 2, "ms": 40.0}], OutputType.TABLE, "ms: 12.5 to 40"),
        ("name\tsize\nalpha\t10\nbeta\t30\n", OutputType.TABLE, "size: 10 to 30"),
        ("- first\n- second\n- third\n", OutputType.LIST, "list: 3 items"),
        ("The build passed on Linux. Coverage rose to 91%.", OutputType.TEXT, "The build passed"),
    ],
)
def test_summaries_by_output_type(output: object, kind: OutputType, needle: str) -> None:
    entry = ScratchBuffer().add(tool="tool", output=output, turn_id=0)
    assert entry.output_type is kind
    assert needle in entry.summary
    assert estimate_tokens(entry.summary) <= SUMMARY_TOKENS


@pytest.mark.timed
def test_large_outputs_summarise_fast_and_within_the_cap() -> None:
    rows = "id,value,label\n" + "".join(f"{i},{i * 3},row{i}\n" for i in range(1_000_000))
    started = time.perf_counter()
    kind, summary = summarise(rows)
    elapsed = time.perf_counter() - started
    assert kind is OutputType.TABLE
    assert "1000000 rows x 3 columns" in summary
    assert estimate_tokens(summary) <= SUMMARY_TOKENS
    big_json = json.dumps({"items": [{"k": i, "v": "x" * 40} for i in range(600_000)]})
    assert len(big_json) > 30_000_000
    started = time.perf_counter()
    kind, summary = summarise(big_json)
    elapsed += time.perf_counter() - started
    assert kind is OutputType.JSON
    assert "characters" in summary
    # Not a timing test: a full parse of these takes seconds; bounded work takes far less.
    assert elapsed < 2.0


def test_freshness_by_volatility_class() -> None:
    now = [1000.0]
    buffer = ScratchBuffer(clock=lambda: now[0])
    realtime = buffer.add(tool="price_api", output="101.5", turn_id=0, volatility="realtime")
    static = buffer.add(tool="docs", output="text", turn_id=0, volatility=Volatility.STATIC)
    assert realtime.is_fresh(now[0] + 29)
    assert not realtime.is_fresh(now[0] + 31)
    assert static.is_fresh(now[0] + 10**9)
    with pytest.raises(InputError, match="volatility"):
        buffer.add(tool="x", output="y", turn_id=0, volatility="HOURLY")


def test_second_reference_or_keep_pins_and_referenced_by_stays_in_sync() -> None:
    session = mh.Session()
    session.user("run the query")
    entry = session.tool_output("run_sql", "count\n42\n")
    assert session.turns[0].tool_calls == (entry.scratch_id,)
    session.user("summarise the query result")
    assert session.scratch.get(entry.scratch_id).referenced_by == (1,)
    assert session.scratch.get(entry.scratch_id).persistence is Persistence.EPHEMERAL
    session.user("is the query result complete?")
    pinned = session.scratch.get(entry.scratch_id)
    assert pinned.referenced_by == (1, 2)
    assert pinned.persistence is Persistence.PINNED
    other = session.tool_output("http_request", '{"ok": true}')
    session.user("keep that api response")
    assert session.scratch.get(other.scratch_id).persistence is Persistence.PINNED


def test_eviction_drops_old_unreferenced_stale_ephemeral_entries_first() -> None:
    now = [0.0]
    buffer = ScratchBuffer(max_entries=3, clock=lambda: now[0])
    kept = buffer.add(tool="a", output="1", turn_id=0, volatility="REALTIME")
    buffer.mark_referenced(kept.scratch_id, 1)
    pinned = buffer.add(tool="b", output="2", turn_id=0, volatility="REALTIME")
    buffer.pin(pinned.scratch_id)
    stale = buffer.add(tool="c", output="3", turn_id=0, volatility="REALTIME")
    now[0] = 100.0  # all stale now
    fresh = buffer.add(tool="d", output="4", turn_id=0, volatility="STATIC")
    ids = [e.scratch_id for e in buffer]
    assert stale.scratch_id not in ids
    assert {kept.scratch_id, pinned.scratch_id, fresh.scratch_id} == set(ids)
    assert not buffer.full
    for n in range(3):
        buffer.pin(buffer.add(tool="e", output=str(n), turn_id=0).scratch_id)
    assert buffer.full  # everything left is pinned or referenced and still over the budget


def test_bad_tool_output_changes_nothing() -> None:
    session = mh.Session()
    session.user("hello")
    for call, message in [
        (lambda: session.tool_output("", "x"), "tool"),
        (lambda: session.tool_output("t", "   "), "output"),
        (lambda: session.tool_output("t", "x", volatility="SOMETIMES"), "volatility"),
        (lambda: session.tool_output("t", "x", args=["not", "a", "mapping"]), "args"),  # type: ignore[arg-type]
        (lambda: session.tool_output("t", {("a", "b"): 1}), "serialise"),
    ]:
        with pytest.raises(InputError, match=message):
            call()
    assert len(session.scratch) == 0
    assert session.turns[0].tool_calls == ()


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("summarise the query result", "rows_tool"),
        ("what did that API response say?", "api_tool"),
        ("explain the error", "failing_tool"),
        ("check the calculation", "calc_tool"),
        ("sort those results by size", "rows_tool"),
    ],
)
def test_spec_029_tool_references(phrase: str, expected: str) -> None:
    # SPEC-029 §7: each phrase resolves to the latest entry of its kind or output type.
    session = mh.Session()
    session.user("run the checks")
    session.tool_output("rows_tool", [{"id": 1}, {"id": 2}])
    session.tool_output("api_tool", {"status": "ok"}, kind="api")
    session.tool_output("failing_tool", "Error: disk full")
    session.tool_output("calc_tool", 42)
    session.tool_output("note_tool", "A note about nothing in particular.")
    (reference,) = session.preview(phrase).references
    assert session.scratch.get(reference.scratch_entry).tool_name == expected


@pytest.mark.parametrize(
    "output",
    [
        {"price": decimal.Decimal("1.5"), "when": datetime.date(2026, 1, 2)},
        b"",
        b"   ",
        "-,-\n-,-\n",
        "|---|---|\n|---|---|\n",
        [[1, 2], [3, 4]],
    ],
)
def test_odd_outputs_summarise_without_failing(output: object) -> None:
    entry = ScratchBuffer().add(tool="fetch_api", output=output, turn_id=0)
    assert estimate_tokens(entry.summary) <= SUMMARY_TOKENS
