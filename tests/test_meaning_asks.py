"""Issue 15 item 1 (SPEC-028 §5.2 CLARIFY): rule meaning-asks, a question that asks what a term
the reply just brought is or means, wherever the term stands ("grout haze, what is it exactly",
"What is meaning of back-butter?", "the 1:3 bit, how do I read that", "X, who counts as
that", ``dialogue/meaning_asks``); turns that must not read so (a how / how many / which
question about the same term, the user's own term, a term no reply said, a question for
content); the switch; and the native settle handing every such turn on (each backend decides
the same)."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.meaning_asks import MEANING_CHARS, meaning_term, reply_brought

QUESTION = "Retiling the splashback behind the sink this weekend, first time. Any tips?"
REPLY = (
    "Back-butter each tile as well as combing adhesive onto the wall, keep 2 mm spacers in the "
    "joints, and let it cure for a day before grouting. Wipe off the grout haze within the "
    "hour. Mix the grout about 1:3 water to powder and seal it once it has cured; a "
    "competent person should do any electrics behind the tiles."
)

MEANINGS = [
    "grout haze, what is it exactly",
    "What is meaning of back-butter? I not understand this part.",
    "the 1:3 mix, how do I read that",
    "competent person, who counts as that?",
    "what does cure actually mean here",
    "back-butter meaning both sides?",
    "spacers are what, plastic crosses?",
]


def _session(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(QUESTION)
    session.assistant(REPLY)
    return session


@pytest.mark.parametrize("text", MEANINGS)
def test_a_question_about_what_the_replys_term_means_clarifies(text: str) -> None:
    session = _session()
    assert session.classify(text) is mh.Intent.CLARIFY, text
    assert session.preview(text).intent is mh.Intent.CLARIFY, text


@pytest.mark.parametrize("text", MEANINGS)
def test_every_backend_reads_them_alike(text: str, backend: str) -> None:
    session = _session()
    assert session.classify(text) == session.analyse(text)[0] == mh.Intent.CLARIFY, backend


@pytest.mark.parametrize(
    "text",
    [
        "grout haze, how do I get it off once it's dry?",  # how: a question about the thing
        "how many spacers per square metre?",  # how many
        "which adhesive is best for back-buttering?",  # which, a word for content
        "what is the splashback usually made of?",  # the user's own term
        "what is a wet saw, do I need one?",  # no reply said it
        "what are the other steps?",  # asks for content
        "does that mean I can grout on Sunday?",  # what follows, not what it is
    ],
)
def test_other_questions_about_the_same_terms_are_no_clarification(text: str) -> None:
    session = _session()
    assert session.classify(text) is not mh.Intent.CLARIFY, text
    assert session.preview(text).intent is not mh.Intent.CLARIFY, text


@pytest.mark.parametrize("text", MEANINGS[:4])
def test_switched_off_they_read_as_before(text: str) -> None:
    on, off = _session(), _session(mh.Config(meaning_asks=False))
    assert on.preview(text).intent is mh.Intent.CLARIFY
    assert off.preview(text).intent is not mh.Intent.CLARIFY, text


def test_between_peers_a_meaning_question_is_no_clarification() -> None:
    session = mh.Session()
    session.user(QUESTION, speaker="ann")
    session.user(REPLY, speaker="bob")
    assert session.preview("grout haze, what is it exactly", speaker="ann").intent is not (
        mh.Intent.CLARIFY
    )


def test_an_opening_meaning_question_explores() -> None:
    session = mh.Session()
    assert session.classify("what is grout haze, in plain words") is mh.Intent.EXPLORE


def test_the_reader() -> None:
    assert meaning_term("porosity, what is it exactly") == ("porosity",)
    assert meaning_term("What does easy pace actually mean?") == ("easy", "pace")
    assert meaning_term("What is meaning of low-acid?") == ("low-acid",)
    assert meaning_term("Handrails, who decides what counts as one?") == ("handrail",)
    assert meaning_term("hold slack meaning the other direction?") == ("hold", "slack")
    assert meaning_term("bisque ware is what, the first firing?") == ("bisque", "ware")
    assert meaning_term("what's MREG for exactly") == ("mreg",)
    assert meaning_term("what is the (1 | school) part exactly") == ("school",)
    assert meaning_term("anti-skate, whats that do") == ("anti-skate",)
    assert meaning_term("what does the ewe do after lambing") == ()  # asks what it does
    assert meaning_term("does that mean its healed?") == ()  # a consequence
    assert meaning_term("I mean, how many?") == ()
    assert meaning_term("what are the other steps?") == ()  # content
    assert meaning_term("What is the best bike lock?") == ()
    assert meaning_term("what is that bit exactly") == ()  # points back at nothing
    assert meaning_term("the lees meaning the sediment") == ()  # no question
    assert meaning_term("x meaning?" + " " * MEANING_CHARS) == ()  # too long
    assert meaning_term("how long does it take") == ()  # no kernel
    assert meaning_term("grout haze, what is it, and how do I get it off?") == ()  # asks on
    assert meaning_term("whats the peak, when it doubles") == ("peak",)  # a guess after it
    assert meaning_term("whats the chain checker part") == ("chain", "checker", "part")


def test_the_reply_may_hold_a_longer_form() -> None:
    assert reply_brought(("develop",), ("keep", "developing"))
    assert reply_brought(("bisque", "ware"), ("bisqueware", "glaze"))
    assert not reply_brought(("pin",), ("pinch",))  # three letters: no stem
    assert not reply_brought(("grout", "float"), ("grout", "haze"))
