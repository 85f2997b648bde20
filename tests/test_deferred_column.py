"""A restored turn log's deferred columns (issue 18 item 4): every Python-level read sees the
values a plain list would hold, and a run is built only when one of its entries is read."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.dialogue.deferred import DeferredColumn
from multihorizon.errors import InputError
from multihorizon.persist import decode, encode


def _column(built: list[str]) -> DeferredColumn[str]:
    """given a, b; a run of c, d, e; given f; a run of g (each run records its builds)."""
    column: DeferredColumn[str] = DeferredColumn()
    column.extend_given(["a", "b"])

    def run(values: list[str]) -> list[str]:
        built.append(values[0])
        return values

    column.defer(3, lambda: run(["c", "d", "e"]), np.array([1.0, 1.0, 1.0]))
    column.extend_given(["f"])
    column.defer(1, lambda: run(["g"]))
    return column


EXPECTED = ["a", "b", "c", "d", "e", "f", "g"]


def test_a_read_builds_only_the_run_that_holds_it() -> None:
    built: list[str] = []
    column = _column(built)
    assert len(column) == 7
    assert column.pending == 2
    assert column[0] == "a"
    assert column[5] == "f"
    assert built == []
    assert column[3] == "d"
    assert built == ["c"]
    assert column.pending == 1
    assert column[-1] == "g"
    assert built == ["c", "g"]
    assert column.pending == 0
    assert column[2] == "c"
    assert built == ["c", "g"]


@pytest.mark.parametrize(
    "read",
    [
        list,
        lambda c: c[:],
        lambda c: c[::-1][::-1],
        lambda c: list(reversed(c))[::-1],
        lambda c: [c[i] for i in range(len(c))],
        lambda c: c.copy(),
        lambda c: [*c],
        lambda c: list(copy.deepcopy(c)),
        lambda c: pickle.loads(pickle.dumps(c)),
    ],
)
def test_every_read_sees_the_values_of_a_plain_list(read: object) -> None:
    column = _column([])
    assert read(column) == EXPECTED  # type: ignore[operator]
    assert column.pending == 0


def test_comparison_membership_and_search_build_first() -> None:
    assert _column([]) == EXPECTED
    assert (_column([]) != EXPECTED) is False
    assert "e" in _column([])
    assert _column([]).index("g") == 6
    assert _column([]).count("d") == 1
    assert _column([]) == _column([])
    assert repr(_column([])) == repr(EXPECTED)


def test_a_slice_builds_only_the_runs_it_covers() -> None:
    built: list[str] = []
    column = _column(built)
    assert column[4:6] == ["e", "f"]
    assert built == ["c"]
    assert column[:2] == ["a", "b"]
    assert built == ["c"]


def test_lengths_come_without_building_a_run_that_gave_them() -> None:
    built: list[str] = []
    column = _column(built)
    assert column.lengths().tolist() == [1.0] * 7
    assert built == ["g"]  # the run without lengths is built to measure it


def test_set_append_and_take_keep_every_position() -> None:
    built: list[str] = []
    column = _column(built)
    column[3] = "D"  # not overwritten by the run's build
    column.append("h")
    other = _column([])
    column.take(other)
    assert other.pending == 2
    assert column.pending == 2
    assert column == [*EXPECTED[:3], "D", *EXPECTED[4:], "h", *EXPECTED]
    assert list(column.given()) == ["a", "b", "f", "a", "b", "f"]  # what extend_given gave


def test_a_run_that_builds_the_wrong_number_of_values_is_refused() -> None:
    column: DeferredColumn[str] = DeferredColumn()
    column.defer(2, lambda: ["x"])
    with pytest.raises(InputError, match="deferred run of 2 turns built 1"):
        column[0]


def _long_session(turns: int) -> mh.Session:
    session = mh.Session(session_id="deferred/log")
    for turn in range(turns):
        text = f"How do I tune etcd quorum number {turn}?"
        session.user(text) if turn % 2 == 0 else session.assistant(f"Set it to {turn}.")
    return session


def test_a_load_leaves_the_segments_texts_unbuilt_until_read() -> None:
    session = _long_session(2100)
    head, turns, records = encode(session)
    restored, _ = decode(head, turns, records)
    log = restored.turns
    assert isinstance(log.contents, DeferredColumn)
    assert log.contents.pending == 2  # turns/0 and turns/1; turns 2048 on: their records
    assert log.contents[5] == session.turns.contents[5]
    assert log.contents.pending == 1
    assert log[2099] == session.turns[2099]
    assert log.contents.pending == 1
    assert list(log.contents) == list(session.turns.contents)
    assert list(log.entities) == list(session.turns.entities)
    assert list(log.references) == list(session.turns.references)
    assert list(log.timestamps) == list(session.turns.timestamps)
    # A session restored from the restored one (a replica that extends) reads the same.
    again, _ = decode(*encode(restored))
    assert list(again.turns) == list(session.turns)
