"""``StanceReader`` (rule peer-detection's ``persons.stance`` in one native call, issue 14):
every backend's reader gives the reference's answer on generated text and on the turns of
real conversations; the C++ reader leaves text that is not ASCII to the reference (None)."""

from __future__ import annotations

from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shared_data
from multihorizon._persons_py import StanceReader as ReferenceReader
from multihorizon.text import persons

# The lists persons.stance reads, in its reader's argument order.
WORDS = (
    ["i", "i'm", "me", "my", "mine"],
    ["my", "mine"],
    ["you", "your", "yourself"],
    "\"'()[]{}.,;:!?*-\u2019",
    [("shall", "i"), ("i", "found"), ("would", "you", "like"), ("i", "have", "found")],
    [("and", "you"), ("for", "fun"), ("do", "you", "like")],
)
ALPHABET = st.sampled_from(
    [
        *"aeiouy 0123\t\n\x0b\x1c.,!?'-*",
        "I ", "my ", "you ", "me ", "Mine ", "shall ", "found ", "would ", "like ", "have ",
        "and ", "for ", "fun ", "do ", "pleasure ", "YOU", "My", "(i)", "you?", "'my'",
    ]
)  # fmt: skip


def _readers(kernels: ModuleType) -> tuple[object, ReferenceReader]:
    native = kernels.StanceReader(*WORDS, answer_chars=90, head_chars=60)
    return native, ReferenceReader(*WORDS, answer_chars=90, head_chars=60)


# The fixture only selects a backend module: nothing in it changes between examples.
@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(parts=st.lists(ALPHABET, max_size=40))
def test_the_reader_is_the_reference_on_ascii_text(kernels: ModuleType, parts: list[str]) -> None:
    text = "".join(parts)
    native, reference = _readers(kernels)
    assert native.stance(text) == reference.stance(text)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i just got off work, my kids are asleep", 1),
        ("would you like a table?", -1),
        ("I found 3 hotels for you", -1),
        ("my pleasure, you are welcome", 1),
        ("what do you do for fun?", 1),
        ("ok", 0),
        ("x" * 91, -1),
    ],
)
def test_the_reader_reads_whom_a_turn_talks_about(
    kernels: ModuleType, text: str, expected: int
) -> None:
    native, reference = _readers(kernels)
    assert reference.stance(text) == expected
    assert native.stance(text) == expected  # type: ignore[attr-defined]


def test_text_that_is_not_ascii_is_left_to_the_reference_or_read(kernels: ModuleType) -> None:
    native, reference = _readers(kernels)
    for text in ["I\u2019m from Köln, and you?", "MY café", "you\u00a0know"]:
        found = native.stance(text)  # type: ignore[attr-defined]
        assert found is None or found == reference.stance(text)
        assert persons.stance(text) == persons.REFERENCE.stance(text)


def test_the_reader_refuses_what_is_not_text(kernels: ModuleType) -> None:
    native, _ = _readers(kernels)
    with pytest.raises(TypeError, match=r"^text"):
        native.stance(b"my kids")  # type: ignore[attr-defined]


@pytest.mark.data
def test_persons_stance_is_the_reference_on_real_turns() -> None:
    counts = {"tiage.jsonl": 60, "sgd.jsonl": 40, "locomo.jsonl": 2, "dialseg711.jsonl": 40}
    read = 0
    for _, conversation in shared_data.first_conversations(counts):
        for turn in conversation["turns"]:
            text = turn["content"]
            assert persons.stance(text) == persons.REFERENCE.stance(text), text
            read += 1
    assert read > 1000
