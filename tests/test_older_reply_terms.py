"""Issue 15 item 1 (SPEC-028 §5.2 CLARIFY): rule older-reply-terms, a question that asks what a
term means with the term alone before it ("autolyse, what is it exactly", "the levain, what is
that?") when an earlier reply, not the one just before, brought the term
(``meaning_asks.opens_with_term``); turns that must not read so (a question opening with its
own word, the user's own term, a term no reply said); the switch; each backend alike."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.meaning_asks import meaning_term, opens_with_term

QUESTION = "My sourdough starter finally doubles in a day. How do I make my first loaf?"
REPLY = (
    "Mix a levain the night before, then do an autolyse of flour and water for 30 minutes, add "
    "the levain and salt, and bulk ferment with four sets of stretch and folds until the dough "
    "has risen by half. Shape, proof in the fridge overnight and bake in a hot cast iron pot."
)
FOLLOW_UP = "how long will bulk take in a cold kitchen, maybe 17 degrees?"
FOLLOW_UP_REPLY = "Eight to ten hours; look for a domed, bubbly surface and jiggly sides."

OLDER_TERMS = [
    "autolyse, what is it exactly",
    "the levain, what is it exactly",
    "stretch and folds, whats that mean",
    "cast iron pot, what is it for exactly",
]


def _session(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(QUESTION)
    session.assistant(REPLY)
    session.user(FOLLOW_UP)
    session.assistant(FOLLOW_UP_REPLY)
    return session


@pytest.mark.parametrize("text", OLDER_TERMS)
def test_a_term_of_an_earlier_reply_asked_before_the_question_clarifies(text: str) -> None:
    session = _session()
    assert session.classify(text) is mh.Intent.CLARIFY, text
    assert session.preview(text).intent is mh.Intent.CLARIFY, text


@pytest.mark.parametrize("text", OLDER_TERMS)
def test_every_backend_reads_them_alike(text: str, backend: str) -> None:
    session = _session()
    assert session.classify(text) == session.analyse(text)[0] == mh.Intent.CLARIFY, backend


@pytest.mark.parametrize("text", OLDER_TERMS)
def test_switched_off_they_read_as_before(text: str) -> None:
    off = _session(mh.Config(older_reply_terms=False))
    assert off.preview(text).intent is not mh.Intent.CLARIFY, text
    assert off.classify(text) is not mh.Intent.CLARIFY, text


@pytest.mark.parametrize(
    "text",
    [
        "what's an autolyse actually used for?",  # opens with its question word
        "the starter, what is it exactly",  # the user's own term
        "the banneton, what is that?",  # no reply said it
    ],
)
def test_other_questions_are_no_clarification(text: str) -> None:
    session = _session()
    assert session.classify(text) is not mh.Intent.CLARIFY, text
    assert session.preview(text).intent is not mh.Intent.CLARIFY, text


def test_the_reader() -> None:
    assert opens_with_term("autolyse, what is it exactly", meaning_term("autolyse, what is it"))
    assert opens_with_term("the controls, what are they, flags?", ("control",))
    assert not opens_with_term("what's a clove hitch used for?", ("clove", "hitch"))
    assert not opens_with_term("porosity what is it", ("porosity",))  # no clause before
    assert not opens_with_term("x" * 200 + ", what is it", ("x",))
