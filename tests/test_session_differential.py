"""Session.user on every backend: the same decisions, turn by turn (issue 14, item 1).

The first conversations of several ``../shared/data`` files are replayed through
``shared_data.log_turn`` (user turns, replies, tool outputs) once per backend
(``kernels.use``); every user turn's envelope must carry the same intent, active thread,
resolved references and context items (turn id and the rule that chose it) as the NumPy
reference's. Scores may differ in the last
float32 bit between backends; the decisions may not. Few enough turns that the reference
backend replays them in a few seconds.
"""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon import _backend, kernels
from shared_data import DIFFERENTIAL_FILES, DIFFERENTIAL_TURNS, first_conversations, log_turn

pytestmark = pytest.mark.data

BACKENDS = _backend.available()

# One user turn's decisions: intent, active thread, (mention type, target turn) per
# reference, (turn id, reason) per context item.
Decisions = tuple[str, str, tuple[tuple[str, int | None], ...], tuple[tuple[int, str], ...]]


def _replay() -> list[tuple[str, Decisions]]:
    decisions: list[tuple[str, Decisions]] = []
    embedder = mh.HashingEmbedder()
    for name, conversation in first_conversations(DIFFERENTIAL_FILES):
        session = mh.Session(embedder=embedder)
        for turn in list(conversation["turns"])[:DIFFERENTIAL_TURNS]:  # type: ignore[call-overload]
            envelope = log_turn(session, turn, embedder)
            if not isinstance(envelope, mh.Envelope):
                continue  # a reply, a tool output or an empty turn
            where = f"{name} {conversation['conv_id']} turn {turn['turn_id']}"
            decisions.append(
                (
                    where,
                    (
                        str(envelope.intent),
                        envelope.active_thread,
                        tuple((str(ref.type), ref.target_turn) for ref in envelope.references),
                        tuple((item.turn_id, item.reason) for item in envelope.items),
                    ),
                )
            )
    return decisions


@pytest.fixture(scope="module")
def decisions_by_backend() -> dict[str, list[tuple[str, Decisions]]]:
    found: dict[str, list[tuple[str, Decisions]]] = {}
    previous = kernels.backend()
    try:
        for backend in BACKENDS:
            kernels.use(backend)
            found[backend] = _replay()
    finally:
        kernels.use(previous)
    return found


def test_the_replay_exercises_every_decision(
    decisions_by_backend: dict[str, list[tuple[str, Decisions]]],
) -> None:
    reference = [turn for _, turn in decisions_by_backend["python"]]
    assert len(reference) > 100
    assert any(references for _, _, references, _ in reference)
    reasons = {reason for *_, items in reference for _, reason in items}
    assert {"relevant", "active-thread"} <= reasons
    assert len({thread for _, thread, _, _ in reference}) > 5


@pytest.mark.parametrize("backend", [name for name in BACKENDS if name != "python"])
def test_every_backend_decides_as_the_reference(
    decisions_by_backend: dict[str, list[tuple[str, Decisions]]], backend: str
) -> None:
    reference = decisions_by_backend["python"]
    found = decisions_by_backend[backend]
    assert [where for where, _ in found] == [where for where, _ in reference]
    for (where, expected), (_, got) in zip(reference, found, strict=True):
        assert got == expected, where
