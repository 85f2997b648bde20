"""The records a turn makes (``Envelope``, ``TurnPlan``, ``ThreadPlan``, a ``ThreadState``
update) are built through their slots' setters (``multihorizon._slots``, issue 14): each
behaves as the frozen dataclass it declares: same fields, equality, hash, ``replace``, no
assignment. ``TurnFeatures.has_any`` answers as ``any(has(m) for m in markers)``."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

import multihorizon as mh
from multihorizon.assembly.envelope import Envelope
from multihorizon.dialogue.features import analyse
from multihorizon.dialogue.threads import ThreadPlan
from multihorizon.dialogue.threadstate import ThreadState
from multihorizon.session import TurnPlan
from multihorizon.text.lexicon import Marker, default_lexicon


def _plan() -> TurnPlan:
    session = mh.Session()
    session.user("How do I configure etcd? We run etcd 3.5 on three nodes.")
    session.assistant("Set --initial-cluster on each member and enable client TLS.")
    return session.plan("and the TLS part, which certificates do I need?")


@pytest.mark.parametrize("kind", [Envelope, TurnPlan, ThreadPlan])
def test_slot_built_records_are_their_dataclasses(kind: type) -> None:
    plan = _plan()
    record = {Envelope: plan.envelope, TurnPlan: plan, ThreadPlan: plan.thread}[kind]
    values = {field.name: getattr(record, field.name) for field in dataclasses.fields(kind)}
    again = kind(**values)
    assert again == record
    assert dataclasses.replace(record) == record
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(record, dataclasses.fields(kind)[0].name, None)
    if kind is ThreadPlan:
        assert hash(again) == hash(record)
        assert kind(*values.values()) == record


def test_envelope_default_antecedents_and_replace() -> None:
    envelope = _plan().envelope
    assert envelope.antecedents == ()
    assert dataclasses.replace(envelope, antecedents=(1, 0)).antecedents == (1, 0)
    assert dataclasses.replace(envelope, antecedents=(1,)) != envelope


@pytest.mark.parametrize(
    "text",
    [
        "Thanks, that works.",  # acknowledges: open questions settle
        "We must keep 30 days of backups. Which tool should I use?",  # asks and constrains
        "I run etcd 3.5 on three nodes",  # a fact only: the questions stay as they are
        "ok",
    ],
)
def test_thread_state_update_matches_a_fresh_state(text: str) -> None:
    state = ThreadState(
        "etcd", ("user runs etcd",), ("How do I back up etcd?",), (), 3, "etcd", (True,)
    )
    state.summary()  # rendered: a copy whose lists did not change hands it on
    after = state.update("user", text, 5)
    fresh = ThreadState(
        after.thread_id,
        after.established,
        after.open_questions,
        after.user_constraints,
        after.last_active_turn,
        after.title,
        after.replied,
    )
    assert after == fresh
    assert after.summary() == fresh.summary()
    assert len(after.replied) == len(after.open_questions)
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.title = "x"  # type: ignore[misc]


def test_has_any_is_any_has() -> None:
    features = analyse(
        "By the way, back to that etcd thing: the first one?", "user", default_lexicon()
    )
    assert features.kinds
    markers = list(Marker)
    for size in (0, 1, 2, 3):
        for group in itertools.islice(itertools.combinations(markers, size), 400):
            assert features.has_any(group) == any(features.has(m) for m in group)
    assert features.has_any(frozenset(markers))
