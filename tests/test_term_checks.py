"""Issue 15 item 1 (SPEC-028 §5.2 CLARIFY): rule term-checks, a question that checks a guessed
meaning of a term a reply brought ("Red wrigglers, are those the same as ...?", "mainsheet is
which rope?", ``dialogue/term_checks``) and the restatement phrases beside it ("so you're
saying ...?"); turns that must not read so (the term is the user's own, no reply said it, the
question asks for something new); the switch; and the native settle handing every such turn on
(each backend decides the same)."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.term_checks import CHECK_CHARS, term_check

QUESTION = "I'm starting a worm bin on my balcony for kitchen scraps. How do I set it up?"
REPLY = (
    "Use a plastic tub with air holes, shredded cardboard as bedding, and red wrigglers rather "
    "than garden worms. Bury scraps under the bedding and keep it as damp as a wrung-out "
    "sponge. Harvest the castings after about three months. Avoid citrus and onion peels."
)

CHECKS = [
    "red wrigglers, are those the same as the ones from fishing shops?",
    "Shredded cardboard, is that just boxes torn up?",
    "castings is the worm poo?",
    "Got it. The bedding is the cardboard layer?",
    "citrus vs onion peels, same reason?",
    "the castings, so like the compost itself?",
    "So you're saying the bin should never get wet at all?",
]


def _session(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(QUESTION)
    session.assistant(REPLY)
    return session


@pytest.mark.parametrize("text", CHECKS)
def test_a_check_of_what_the_reply_said_clarifies(text: str) -> None:
    session = _session()
    assert session.classify(text) is mh.Intent.CLARIFY, text
    assert session.preview(text).intent is mh.Intent.CLARIFY, text


@pytest.mark.parametrize("text", CHECKS)
def test_every_backend_reads_them_alike(text: str, backend: str) -> None:
    session = _session()
    assert session.classify(text) == session.analyse(text)[0] == mh.Intent.CLARIFY, backend


@pytest.mark.parametrize(
    "text",
    [
        "the castings, is it ok to use them on tomatoes right away?",  # asks for more
        "the balcony is south facing, is that a problem in summer?",  # the user's own term
        "coffee grounds, are those fine to add?",  # no reply said it
        "Is it safe to keep the bin indoors?",  # a question, no term checked
        "the bedding, how often should I change it?",  # a term, then a new question
        "how long is the harvest?",  # a question word opens it
        "Red wrigglers is fine, and can you also list what they eat first?",  # no check
    ],
)
def test_checks_of_the_users_own_or_new_words_are_no_clarification(text: str) -> None:
    session = _session()
    assert session.classify(text) is not mh.Intent.CLARIFY, text
    assert session.preview(text).intent is not mh.Intent.CLARIFY, text


@pytest.mark.parametrize("text", CHECKS[:5])
def test_switched_off_they_read_as_before(text: str) -> None:
    # Rule versus-asks (stop 40) reads "citrus vs onion peels, same reason?" too.
    on, off = _session(), _session(mh.Config(term_checks=False, versus_asks=False))
    assert on.preview(text).intent is mh.Intent.CLARIFY
    assert off.preview(text).intent is not mh.Intent.CLARIFY, text


def test_between_peers_a_check_is_no_clarification() -> None:
    session = mh.Session()
    session.user(QUESTION, speaker="ann")
    session.user(REPLY, speaker="bob")
    text = "red wrigglers, are those the same as the ones from fishing shops?"
    assert session.preview(text, speaker="ann").intent is not mh.Intent.CLARIFY


def test_the_reader() -> None:
    assert term_check("Red wrigglers, are those the same as bait worms?") == ("red", "wriggler")
    assert term_check("mainsheet is which rope?") == ("mainsheet",)
    assert term_check("Aiming point on the bank. The bank is the grass?") == ("bank",)
    assert term_check("load limit vs breaking strength, same thing?") == (
        "load", "limit", "breaking", "strength",
    )  # fmt: skip
    assert term_check("wort means?") == ()  # the term alone: rule echo-clarifications'
    assert term_check("the quick one, is it in the paper?") == ()  # no check link
    assert term_check("Is it safe?") == ()  # a question word opens it
    assert term_check("the bank is steep. ok?") == ()  # the "?" ends another clause
    assert term_check("one two three four five six seven eight is what?") == ()  # too long
    assert term_check("bank is " + "x" * CHECK_CHARS + "?") == ()
    assert term_check("bank is the edge") == ()  # no question mark
    assert term_check("whether is there any other bin?") == ()  # a question word opens it
    assert term_check("the bedding is it too wet?") == ()  # the verb put first asks
    assert term_check("castings is fine and can you also list what to feed them?") == ()
