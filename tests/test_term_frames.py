"""Issue 15 item 1 (SPEC-028 §5.2 CLARIFY): rule term-frames, the frames in which a short
question asks what a term of an earlier reply means beyond rules term-questions and
echo-clarifications (``text/term_frames``), turns that must not read so, the switch, and
the native settle handing every such turn on (each backend decides the same)."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.echoes import echoed_term
from multihorizon.dialogue.phrasing import first_clause_end, term_asked

QUESTION = "My gears skip under load on climbs and the chain looks old. What should I check?"
REPLY = (
    "Check the chain for stretch with a chain checker; if it is past 0.75 the cassette is "
    "probably worn too. A skipping freehub body or loose derailleur hanger can do the same, "
    "so look for play in the rear wheel."
)
LATER = "Replace both together; a new chain on a worn cassette will skip on the small cogs."

FRAMES = [
    "freehub body?? like the hub itself?",
    "chain checker, so like a ruler?",
    "derailleur hanger I not understand, is it a bolt?",
    "freehub body, i don't understand",
    "chain checker and cassette, what's the difference?",
    "loose derailleur hanger on the wheel, meaning?",
    "what means freehub here",
    "whats a freehub body again, never had one",
    "What's a chain checker? Short answer please.",
    "what does stretch mean here, sorry, new to bikes",
    "stretch how",
    "what's the 'chain checker' bit doing",
    'what is the "freehub body" part?',
]


def _session(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(QUESTION)
    session.assistant(REPLY)
    return session


@pytest.mark.parametrize("text", FRAMES)
def test_a_term_of_the_reply_asked_in_a_frame_clarifies(text: str) -> None:
    session = _session()
    assert session.classify(text) is mh.Intent.CLARIFY, text
    assert session.preview(text).intent is mh.Intent.CLARIFY, text


@pytest.mark.parametrize("text", FRAMES)
def test_every_backend_reads_the_frames_alike(text: str, backend: str) -> None:
    session = _session()
    assert session.classify(text) == session.analyse(text)[0] == mh.Intent.CLARIFY, backend


@pytest.mark.parametrize(
    "text",
    [
        "whats a good chain checker for a road bike",  # asks for a recommendation
        "whats a chain checker, and how much does one cost?",  # asks something new after it
        "chain checker, how much do they cost?",
        "the cassette, which one should I buy?",
        "freehub body, is it expensive to replace?",
        "tell me how",  # no term: not only content words before "how"
        "rim brake how",  # words no reply used
        "what means tubeless here",  # words no reply used
        "whats the chain checker part",  # no quotes: a part of the reply, asked about
    ],
)
def test_questions_asking_something_new_are_no_term_frames(text: str) -> None:
    session = _session()
    assert session.classify(text) is not mh.Intent.CLARIFY, text
    assert session.preview(text).intent is not mh.Intent.CLARIFY, text


def test_a_term_said_by_an_earlier_reply_is_asked_about_too() -> None:
    session = _session()
    session.user("Should I replace just the chain or the cassette too?")
    session.assistant(LATER)
    text = "what's a freehub body exactly?"  # the reply before never said it
    assert session.classify(text) is mh.Intent.CLARIFY
    assert session.preview(text).intent is mh.Intent.CLARIFY
    off = mh.Session(config=mh.Config(term_frames=False))
    off.user(QUESTION)
    off.assistant(REPLY)
    off.user("Should I replace just the chain or the cassette too?")
    off.assistant(LATER)
    assert off.preview(text).intent is not mh.Intent.CLARIFY


@pytest.mark.parametrize("text", FRAMES[:3] + FRAMES[4:6] + FRAMES[-1:])
def test_switched_off_the_frames_read_as_before(text: str) -> None:
    # Rule reply-term-asks reads some of them too ("freehub body?? like the hub itself?").
    session = _session(mh.Config(term_frames=False, reply_term_asks=False))
    assert session.preview(text).intent is not mh.Intent.CLARIFY, text


def test_the_term_stands_in_the_first_clause() -> None:
    assert first_clause_end("whats a handcuff again, i keep seeing it", 1) == 4
    assert first_clause_end("what's a tack", 1) == 3
    assert first_clause_end("what is e.g. this", 2) == 3
    assert term_asked("whats a handcuff again, i keep seeing it", wide=True) == ("handcuff",)
    assert term_asked("whats a handcuff again, i keep seeing it") == ()
    assert term_asked("what means agrees here", wide=True) == ("agree",)
    assert term_asked("whats a handcuff, why is it called that", wide=True) == ()
    assert echoed_term("hot mud?? like heated?", wide=True) == ("hot", "mud")
    assert echoed_term("hot mud?? like heated?") == ()
    assert echoed_term("richer how", wide=True) == ("richer",)
    assert echoed_term("richer how") == ()
    assert term_asked('what\'s the "not found" bit doing', wide=True) == ("found",)
    assert term_asked("what's the not found bit doing", wide=True) == ()
    # A recommendation asked for is no term (term_frames.FRAME_BREAKERS).
    assert term_asked("what's a good chain checker", wide=True) == ()
    assert term_asked("whats a decent freehub, mine broke", wide=True) == ()
