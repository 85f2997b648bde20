"""Session.classify's one-call path against the stage-by-stage path, on real conversations,
on every backend (issue 14).

Each user turn of the first conversations of several ``../shared/data`` files is classified
before it is logged three ways: ``classify(text)`` (hashed inside the native call),
``classify(text, embedding=...)`` (the caller's vector) and ``analyse(text)`` (features,
references and §5.2 as separate stages: the definition the fast path must reproduce). All
three must agree, under the default rules and under ``Config.spec()``, and every backend
must give the same intents.
"""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon import _backend, kernels
from shared_data import first_conversations

pytestmark = pytest.mark.data

# File -> conversations replayed: enough turns for every marker family and multi-party chat,
# few enough for the NumPy reference backend.
FILES = {
    "sgd.jsonl": 6,
    "trec_cast_2019.jsonl": 4,
    "swda.jsonl": 3,
    "irc_disentanglement.jsonl": 1,
    "tiage.jsonl": 4,
    "locomo.jsonl": 1,
}
MAX_TURNS = 120
BACKENDS = _backend.available()


def _replay(config: mh.Config) -> list[str]:
    intents: list[str] = []
    embedder = mh.HashingEmbedder()
    for name, conversation in first_conversations(FILES):
        session = mh.Session(config=config, embedder=embedder)
        for turn in list(conversation["turns"])[:MAX_TURNS]:  # type: ignore[call-overload]
            text, speaker = turn["content"], turn.get("speaker")
            if not text.strip():
                continue
            if turn["role"] == "user":
                vector = embedder.embed([text])[0]
                hashed = session.classify(text, speaker=speaker)
                given = session.classify(text, embedding=vector, speaker=speaker)
                staged = session.analyse(text, speaker=speaker)[0]
                where = f"{name} {conversation['conv_id']} turn {turn['turn_id']}: {text!r}"
                assert hashed == given == staged, where
                intents.append(str(staged))
                session.user(text, embedding=vector, speaker=speaker)
            elif turn["role"] == "assistant":
                session.assistant(text, speaker=speaker)
    return intents


@pytest.fixture(scope="module")
def intents_by_backend() -> dict[tuple[str, str], list[str]]:
    found: dict[tuple[str, str], list[str]] = {}
    previous = kernels.backend()
    try:
        for backend in BACKENDS:
            kernels.use(backend)
            for label, config in (("default", mh.Config()), ("spec", mh.Config.spec())):
                found[backend, label] = _replay(config)
    finally:
        kernels.use(previous)
    return found


@pytest.mark.parametrize("label", ["default", "spec"])
def test_every_backend_gives_the_same_intents(
    intents_by_backend: dict[tuple[str, str], list[str]], label: str
) -> None:
    reference = intents_by_backend["python", label]
    assert len(reference) > 300
    for backend in BACKENDS:
        assert intents_by_backend[backend, label] == reference, backend
