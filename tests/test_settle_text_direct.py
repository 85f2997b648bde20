"""``IntentSettler.settle_text_direct``, what ``Session.classify``'s lock-free path calls (issue
14): the same answer as ``settle_text`` for every argument it takes; a call it does not take
itself (a flag that is not exactly a bool, an int subclass, a wrong count) and a call that
raises go through ``settle_text`` with the same arguments, so they answer and raise as it does.
It takes positional arguments only (the native one is a METH_FASTCALL builtin)."""

from __future__ import annotations

import gc
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.dialogue import intent

TEXTS = [
    "Thanks, that makes sense. Should we pin the release before the rollout?",
    "ok",
    "We will pin the release and wait for the next maintenance window on Friday.",
    "What did you mean by that second option?",
    "Thanks, my résumé is done.",  # not ASCII: None
    "   ",
    "",
    "a" * 1_000_000,  # longer than check_text takes: None, in time linear in nothing
]


def _setup(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, np.ndarray, np.ndarray]:
    """A session's settler (the active backend's), the recent rows and a unit vector."""
    made: list[Any] = []
    built = intent._settler
    monkeypatch.setattr(intent, "_settler", lambda *args: made.append(built(*args)) or made[-1])
    session = mh.Session()
    session.user("How do I set up etcd TLS for the three members of our cluster?")
    recent = np.asarray(session.turns[0].embedding, np.float32)[None]
    vector = session.embedder.embed(["ok"])[0].copy()
    direct = made[0].settle_text_direct  # what classify calls
    assert type(session._classifier.settle_text) is type(direct)
    return made[0], recent, vector


def _answer(call: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return ("ok", call(*args, **kwargs))
    except Exception as error:  # the error is the answer compared
        return ("raised", type(error), str(error))


def test_direct_answers_as_settle_text_for_every_argument_count(
    backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    settler, recent, vector = _setup(monkeypatch)
    direct = settler.settle_text_direct
    for text in TEXTS:
        for embedding in (None, vector):
            full = (text, embedding, recent, False, False, True, True, 31, False, False, True)
            for count in range(6, 12):
                args = full[:count]
                found = _answer(direct, *args)
                assert found == _answer(settler.settle_text, *args), (text[:20], count)


def test_direct_answers_as_settle_text_for_every_flag(
    backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    settler, recent, vector = _setup(monkeypatch)
    direct = settler.settle_text_direct
    for text in TEXTS[:4]:
        for flags in range(1 << 7):
            bits = [bool(flags >> i & 1) for i in range(7)]
            for codes in (31, 0, 3):
                args = (text, vector, recent, *bits[:4], codes, *bits[4:])
                assert _answer(direct, *args) == _answer(settler.settle_text, *args)


class _Codes(int):
    """An int subclass: the direct call leaves it to settle_text."""


@pytest.mark.parametrize(
    ("at", "value"),
    [
        (3, 1),  # an int for a flag
        (5, np.bool_(True)),  # numpy's bool
        (6, None),
        (7, _Codes(31)),
        (7, 2**70),  # past int64
        (7, -1),
        (7, "31"),
        (1, np.zeros(3, np.float32)),  # a wrong-sized embedding
        (1, [0.0] * 384),
        (2, np.zeros((2, 5), np.float32)),  # wrong-sized rows
        (2, np.full((1, 384), np.nan, np.float32)),  # a non-finite row
        (2, "rows"),
    ],
)
def test_odd_arguments_answer_and_raise_as_settle_text(
    backend: str, monkeypatch: pytest.MonkeyPatch, at: int, value: Any
) -> None:
    settler, recent, vector = _setup(monkeypatch)
    direct = settler.settle_text_direct
    for text in (TEXTS[0], TEXTS[1], TEXTS[3]):
        args = [text, vector, recent, False, False, True, True, 31, False, False, True]
        args[at] = value
        assert _answer(direct, *args) == _answer(settler.settle_text, *args)


def test_wrong_counts_go_through_settle_text(backend: str, monkeypatch: pytest.MonkeyPatch) -> None:
    settler, recent, vector = _setup(monkeypatch)
    direct = settler.settle_text_direct
    text = TEXTS[0]
    for args in ((text, vector, recent), (text,) * 12):
        assert _answer(direct, *args) == _answer(settler.settle_text, *args)
        assert _answer(direct, *args)[0] == "raised"


def test_the_direct_call_keeps_its_settler_alive(
    backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    settler, recent, vector = _setup(monkeypatch)
    direct = settler.settle_text_direct
    expected = direct(TEXTS[0], vector, recent, False, False, True)
    del settler
    gc.collect()
    assert direct(TEXTS[0], vector, recent, False, False, True) == expected
