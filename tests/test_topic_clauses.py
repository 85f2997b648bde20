"""Topic announcements and returns in an opening clause of their own, and clarification
without the canonical markers (rules announcement-clauses and again-returns; SPEC-028 §3.3,
§5.2; issue 15 item 1)."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.named_topics import named_topic
from multihorizon.dialogue.phrasing import announces_topic
from multihorizon.text.lexicon import default_lexicon

KILN = (
    "I'm renting time on a community kiln for a glaze firing. What cone do stoneware glazes need?"
)
KILN_REPLY = "Most stoneware glazes mature at cone 5 or 6; check the label and the clay's range."
RAIL = "Unrelated: is a monthly rail pass cheaper than daily tickets for a commute?"
RAIL_REPLY = "Usually only from about four days a week; look for a flexi ticket instead."


def _kiln(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(KILN)
    session.assistant(KILN_REPLY)
    return session


def _announces(text: str, clauses: bool = True) -> bool:
    hits = default_lexicon().scan_turn(text)[0]
    return announces_topic(text, hits, clauses=clauses)


@pytest.mark.parametrize(
    "text",
    [
        "Quite a different subject: how do I descale a kettle with vinegar?",
        "Slight tangent: my phone's VPN app drains the battery, is that normal?",
        "Off on a tangent, but can a lasagne be assembled the day before?",
        "On an unconnected note, I have to give a talk next week. How many slides?",
        "Something quite different: my dad is flying with insulin pens.",
        "Quick detour: what's the easiest knot to tie a boat to a cleat?",
        "Before I forget, what's a decent lock for a bike at the station?",
        "While I have you: my lawnmower won't start after the winter.",
        "Nothing to do with the kiln, but my cron job fails under cron. Why?",
        "Switching lanes: I forgot to file my tax return last year.",
        # A clause of its own ending in a full stop; "for" before a person names no topic.
        "Different thing. My car makes a grinding noise when I brake, is that bad?",
        "Other subject. The smoke alarm in the hall keeps chirping all night.",
        "Completely switching subjects for my husband: his speaker pairs but plays nothing.",
        "Odd one for you: there's a wasp nest in the shed roof. Can I remove it?",
        "Not related, but my landlord wants to raise the rent in March.",
    ],
)
def test_an_announcing_clause_opens_a_thread(text: str) -> None:
    assert _announces(text), text
    session = _kiln()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.EXPLORE, text
    assert envelope.active_thread != session.active_thread, text


@pytest.mark.parametrize(
    "text",
    [
        "Is there a different glaze that fires lower?",
        "I want a different cone, which one is safer?",
        "Different glazes for the same kiln: which fires lower?",
        "Different for stoneware?",
        "Switching to the electric kiln, do I need a new shelf?",
        "Different glazes, same cone?",
        "Do the pots fire differently: any reason?",
        "Different glaze. Same cone though, right?",
    ],
)
def test_a_clause_that_asks_or_names_its_topic_announces_nothing(text: str) -> None:
    assert not _announces(text), text


@pytest.mark.parametrize(
    "text",
    [
        "Quite a different subject: how do I descale a kettle with vinegar?",
        "Off on a tangent, but can a lasagne be assembled the day before?",
        "On an unconnected note, I have to give a talk next week. How many slides?",
        "Something quite different: my dad is flying with insulin pens.",
    ],
)
def test_announcement_clauses_off_reads_only_phrases_that_open_the_turn(text: str) -> None:
    assert not _announces(text, clauses=False), text
    assert (
        mh.classify_text(text, config=mh.Config().replace(announcement_clauses=False))
        is not (mh.classify_text(text))
        or mh.classify_text(text) is mh.Intent.EXPLORE
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Kiln again: how long does it take to cool down?", ("kiln",)),
        ("OK, glaze again. Can I dip twice?", ("glaze",)),
        ("Stoneware glazes again, do they need a bisque first?", ("stoneware", "glaze")),
        ("Still on the kiln: can I open it at 200 degrees?", ("kiln",)),
        ("Circling back to the firing, how long does it take?", ("firing",)),
    ],
)
def test_a_return_clause_names_its_topic(text: str, words: tuple[str, ...]) -> None:
    assert named_topic(text, clauses=True) == (words, True), text
    assert named_topic(text) != (words, True), text


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Right, the glaze. Can I dip twice?", ("glaze",)),
        ("So, the kiln shelf: does it need kiln wash?", ("kiln", "shelf")),
        ("Ok, the firing - how long does it take?", ("firing",)),
        # Not a name alone: a framing noun, a statement, a comma that goes on, nothing after.
        ("The problem is: it cracks.", ()),
        ("I have the glaze. It is blue and green.", ()),
        ("The kiln, how hot does the lid get?", ()),
        ("Right, the kiln.", ()),
    ],
)
def test_a_definite_name_alone_names_a_topic(text: str, words: tuple[str, ...]) -> None:
    assert named_topic(text, clauses=True) == (words, False), text
    assert named_topic(text) == ((), False), text


def test_a_definite_name_alone_goes_back_to_the_thread_that_said_it() -> None:
    session = _kiln()
    kiln = session.active_thread
    session.user(RAIL)
    session.assistant(RAIL_REPLY)
    envelope = session.preview("Right, the glazes. Do they need a bisque firing first?")
    assert envelope.active_thread == kiln


@pytest.mark.parametrize(
    "text",
    [
        "Try again, it still fails.",
        "Same again for Friday please.",
        "Sorry, say that again?",
        "Never again: that shop was awful.",
        "Thanks again, that helped a lot.",
    ],
)
def test_again_without_a_topic_names_none(text: str) -> None:
    assert named_topic(text, clauses=True)[1] is False, text


@pytest.mark.parametrize(
    "text",
    [
        "Kiln again: how long does it take to cool down before I open it?",
        "Still on the kiln: can I open it at 200 degrees?",
        "The glaze firing again, how long does it take to cool down?",
    ],
)
def test_a_return_clause_resumes_its_thread_as_a_drill_down(text: str) -> None:
    session = _kiln()
    first = session.active_thread
    session.user(RAIL)
    session.assistant(RAIL_REPLY)
    envelope = session.preview(text)
    assert envelope.active_thread == first, text
    if "again" in text:
        assert envelope.intent is mh.Intent.DRILL_DOWN, text


def test_again_returns_off_leaves_a_bare_again_a_clarification() -> None:
    text = "Kiln again: how long does it take to cool down before I open it?"
    for config, expected in ((mh.Config(), mh.Intent.DRILL_DOWN), (None, None)):
        session = _kiln(config)
        session.user(RAIL)
        session.assistant(RAIL_REPLY)
        if expected is not None:
            assert session.preview(text).intent is expected
    # (Rule again-asks off too: it reads no ask to say anything again here either.)
    off = _kiln(mh.Config().replace(again_returns=False, again_asks=False))
    off.user(RAIL)
    off.assistant(RAIL_REPLY)
    assert off.preview(text).intent is mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "Mature, as in what?",
        "Cone 6? Never heard that term.",
        "Cone 6, what's that exactly?",
        "The clay's range, what's that in practice?",
        "I'm not sure I get the cone part.",
        "Could you unpack the cone numbers?",
        "Say it like I'm not a potter.",
        "Cones, bodies, ranges: a lot of new words. What's the simple idea?",
        "Sorry, you lost me at the cones.",
    ],
)
def test_clarification_without_the_canonical_markers(text: str) -> None:
    assert _kiln().preview(text).intent is mh.Intent.CLARIFY, text
    assert mh.classify_text(text) is mh.Intent.CLARIFY, text
