"""``TurnCueReader`` (rule peer-detection's cues in one native call, issue 14): every backend's
reader gives the reference's bits on generated ASCII text; ``turn_cues`` gives the answer of
the regular expressions it replaces (``offers.is_request``, ``offers.asks_for_something``,
``cues.offers_something_else``, ``persons.stance``) on generated text of any kind and on the
turns of real conversations."""

from __future__ import annotations

from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shared_data
from multihorizon._persons_py import StanceReader as ReferenceStance
from multihorizon._turn_cues_py import TurnCueReader as ReferenceReader
from multihorizon.dialogue import features as features_module
from multihorizon.dialogue import turn_cues as tc
from multihorizon.dialogue.features import analyse
from multihorizon.dialogue.intent import is_question
from multihorizon.dialogue.offers import asks_for_something, is_request
from multihorizon.text import cues, persons
from multihorizon.text.lexicon import default_lexicon

STANCE = (
    ["i", "i'm", "me", "my"],
    ["my"],
    ["you", "your"],
    "\"'()[]{}.,;:!?*-\u2019",
    [("shall", "i"), ("i", "found"), ("would", "you", "like")],
    [("and", "you"), ("for", "fun")],
)
LIMITS = {"asks_for_chars": 50, "asks_for_overrun": 8, "open_offer_chars": 30}
PHRASES = (tc.OPENERS, tc.FILLERS, tc.REPEATS, tc.ASKS_FOR_WORDS, tc.ELSES)
# Words of every list, the characters of every class the walk reads, and their neighbours.
WORDS = [
    "ok ", "Okay", "so", "thank you", "thank\tyou ", "thanks", "and then ", "well,", "can you ",
    "Could  you", "please", "i want", "I'd like", "i would like", "let's", "lets", "fix ",
    "RUN", "runs", "again", "re-do", "same thing", "do the same", "i'm looking", "find",
    "finder", "show me", "get me", "play", "else", "elsewhere", "my ", "you ", "I ", "found",
    "shall", "like", "for fun", "x_", "7",
]  # fmt: skip
ALPHABET = st.sampled_from([*WORDS, *" \t\n\x0b\x1c.,!?'\"*>-:;_(", "é", "\u017f", "K"])


def _readers(kernels: ModuleType) -> tuple[object, ReferenceReader]:
    native = kernels.TurnCueReader(
        kernels.StanceReader(*STANCE, answer_chars=80, head_chars=60), *PHRASES, **LIMITS
    )
    reference = ReferenceReader(
        ReferenceStance(*STANCE, answer_chars=80, head_chars=60), *PHRASES, **LIMITS
    )
    return native, reference


# The fixture only selects a backend module: nothing in it changes between examples.
@settings(
    max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(parts=st.lists(ALPHABET, max_size=40), user=st.booleans())
def test_the_reader_is_the_reference(kernels: ModuleType, parts: list[str], user: bool) -> None:
    text = "".join(parts)
    native, reference = _readers(kernels)
    found = native.cues(text, user)  # type: ignore[attr-defined]
    assert found == reference.cues(text, user)
    assert (found is None) == (not text.isascii())


def _expected(text: str, user: bool) -> tuple[bool, bool, bool, int]:
    """What the features read, from the regular expressions: request, asks_for,
    open_offer's "else", stance."""
    return (
        user and is_request(text),
        user and asks_for_something(text),
        cues.offers_something_else(text),
        persons.stance(text),
    )


def _read(text: str, user: bool) -> tuple[bool, bool, bool, int]:
    bits = tc.turn_cues(text, user)
    stance = 1 if bits & tc.SELF_TALK else -1 if bits & tc.TO_LISTENER else 0
    return (
        bool(bits & tc.REQUEST),
        user and bool(bits & tc.ASKS_FOR or is_question(text)),
        bool(bits & tc.OFFERS_ELSE),
        stance,
    )


@settings(max_examples=600, deadline=None)
@given(parts=st.lists(ALPHABET, max_size=60), user=st.booleans())
def test_turn_cues_are_the_regular_expressions(parts: list[str], user: bool) -> None:
    text = "".join(parts)
    assert _read(text, user) == _expected(text, user)


@pytest.mark.parametrize(
    ("text", "bits"),
    [
        ("ok so, can you fix it", tc.REQUEST),
        ("Thank you. Well - please run the tests", tc.REQUEST),
        ("please do it again", 0),
        ("I think you should fix it", 0),
        ("I'd like a table for two", tc.ASKS_FOR | tc.REQUEST),
        ("x" * 495 + " find it", tc.ASKS_FOR),
        ("x" * 500 + " find it", 0),
        ("anything else I can help with", tc.OFFERS_ELSE),
        ("nothing, elsewhere", 0),
    ],
)
def test_turn_cues_read_each_cue(text: str, bits: int) -> None:
    stance = tc.SELF_TALK | tc.TO_LISTENER
    assert tc.turn_cues(text, True) & ~stance == bits
    assert tc.turn_cues(text, False) & ~stance == bits & tc.OFFERS_ELSE


def test_a_request_walk_is_linear_in_the_text() -> None:
    # The regex this walk replaces re-ran its chain from every end mark: "ok. ok. ..." or a
    # run of line breaks took seconds. Each position is walked once.
    for text in ["ok. " * 20_000 + "fix it", "x" + "\n" * 80_000 + "fix it"]:
        assert tc.turn_cues(text, True) & tc.REQUEST
        assert is_request(text)


def test_features_read_the_cues_from_one_call() -> None:
    lexicon = default_lexicon()
    user = analyse("ok, can you find me a hotel? my kids are with me", "user", lexicon)
    assert (user.request, user.asks_for, user.self_talk, user.open_offer) == (
        True,
        True,
        True,
        False,
    )
    reply = analyse("Anything else you need?", "assistant", lexicon)
    assert (reply.open_offer, reply.to_listener, reply.request, reply.asks_for) == (
        True,
        True,
        False,
        False,
    )


def test_a_turns_cues_are_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def counted(text: str, user: bool) -> int:
        calls.append(text)
        return tc.turn_cues(text, user)

    monkeypatch.setattr(features_module, "turn_cues", counted)
    turn = analyse("ok so, can you book it? my kids love it", "user", default_lexicon())
    for _ in range(3):
        assert (turn.request, turn.asks_for, turn.open_offer, turn.stance) == (True, True, False, 1)
        assert (turn.self_talk, turn.to_listener) == (True, False)
    assert len(calls) == 1


def test_the_reader_refuses_bad_arguments(kernels: ModuleType) -> None:
    native, _ = _readers(kernels)
    with pytest.raises(TypeError, match=r"^text"):
        native.cues(b"fix it", True)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match=r"^user"):
        native.cues("fix it", 1)  # type: ignore[attr-defined]
    stance = kernels.StanceReader(*STANCE, answer_chars=80, head_chars=60)
    for bad in ([("Fix",)], [()], [("-x",)]):
        with pytest.raises(ValueError, match=r"phrase|word"):
            kernels.TurnCueReader(stance, bad, *PHRASES[1:], **LIMITS)


@pytest.mark.data
def test_turn_cues_are_the_regular_expressions_on_real_turns() -> None:
    counts = {"tiage.jsonl": 60, "sgd.jsonl": 60, "locomo.jsonl": 2, "dialseg711.jsonl": 60}
    read = 0
    for _, conversation in shared_data.first_conversations(counts):
        for turn in conversation["turns"]:
            text = turn["content"]
            for user in (True, False):
                assert _read(text, user) == _expected(text, user), text
                # The features keep the scanner's question cue for asks_for and open_offer.
                features = analyse(text, "user" if user else "assistant", default_lexicon())
                request, asks_for, offers_else, stance = _expected(text, user)
                assert features.request == request
                assert features.asks_for == asks_for
                assert features.open_offer == (offers_else and is_question(text))
                assert features.stance == stance
            read += 1
    assert read > 1500
