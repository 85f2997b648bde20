"""New subjects brought in beside the thread after an opener (rule adder-situations, rule
adder-questions widened; SPEC-028 §5.2, §3.3; issue 15 item 1, stop 41): "and one more: my
partner ...", "last thing, my brother ...", a closing clause that asks with the wh-word last
("..., reset how?"), a one-word statement before a question on a thing of its own ("my son is
12. Which phone contract ...?") and "the" with two new words before a verb ("the kitchen tap
drips") are EXPLORE in a thread of their own; "one more coat ...?" (no clause mark), "one more:
should I ...?" (asks at once), "last thing, the tin is ..." and "Can I bake with it?" stay on
the thread. "one more"/"last thing" are Marker.ADDER_OPENER's words: the native settle hands a
question on only where one opens the turn (its positional gate), so every path agrees."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon import _backend, kernels
from multihorizon.dialogue.adder_questions import split_added
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"
OFF = mh.Config(adder_situations=False)


def _deck(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Refinishing our garden deck, sanded it down. Which varnish holds up outside?")
    session.assistant(
        "An exterior decking oil or a marine varnish; apply thin coats and let each one dry "
        "for 24 hours before the next."
    )
    return session


def _loaf(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("My rye loaf comes out dense every time. What am I doing wrong?")
    session.assistant(
        "Rye needs a long, warm proof and a very wet mix; knead it little and bake it in a "
        "tin at 230 degrees, then let it rest a day before you cut it."
    )
    return session


def _agree(session: mh.Session, text: str) -> mh.Envelope:
    intent = session.classify(text)
    assert session.analyse(text)[0] is intent, text
    envelope = session.user(text)
    assert envelope.intent is intent, text
    return envelope


@pytest.mark.parametrize(
    ("text", "decides"),
    [
        ("and one more: my sister wants to learn to sail, does she need a licence?", True),
        ("One more - our neighbour's hedge grows over the fence, who has to cut it?", True),
        ("one more thing: my car radio lost all its presets, reset how?", True),
        ("one more thing, my son is 12. Which phone contract is good for kids?", True),
        ("while I'm at it, the kitchen tap drips non stop, any quick fix?", True),
        ("oh and the garage door squeaks like mad, spray it or grease it?", True),
        ("one more thing, the bike shed roof leaks in heavy rain, felt or sheets?", True),
        ("also the car battery died twice this week, test it where?", True),
        # Rules situation-setups and new-subjects read these too; every path agrees.
        ("last thing, my brother visits in May. Where can he park near the centre?", False),
        ("also my laptop battery is down to 55% health, swap it at what point?", False),
    ],
)
def test_a_new_subject_after_an_opener_opens_a_thread(text: str, decides: bool) -> None:
    session = _deck()
    before = session.active_thread
    envelope = _agree(session, text)
    assert envelope.intent is mh.Intent.EXPLORE, text
    assert envelope.active_thread != before, text
    if decides:  # switched off, the turn is no EXPLORE in a thread of its own
        off = _agree(_deck(OFF), text)
        assert (off.intent, off.active_thread != before) != (mh.Intent.EXPLORE, True), text


@pytest.mark.parametrize(
    "text",
    [
        "one more coat after this or two?",  # no clause mark: more of the thread's thing
        "one more: should I cover it while it proofs?",  # asks at once
        "last thing, the tin is non-stick, do I still grease it?",  # the thread's own thing
        "Also, my starter is 5 days old. Can I bake with it?",  # the question names one word
        "one more question about the rye: how long does it keep?",  # names the thread's subject
        "also the crust is too hard, normal?",  # "the" and one word: the thread's own situation
        "also the loaf sinks, tastes sour, normal?",  # "sinks" is the loaf's verb, no noun
    ],
)
def test_a_question_on_the_thread_stays(text: str) -> None:
    session = _loaf()
    before = session.active_thread
    envelope = _agree(session, text)
    assert envelope.intent is not mh.Intent.EXPLORE, text
    assert envelope.active_thread == before, text


def _move(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("We're moving to Toronto next year, which work visa should I apply for?")
    session.assistant(
        "Most skilled workers apply through Express Entry, or get an employer-sponsored work "
        "permit. Check your points score on the Canada immigration website first."
    )
    return session


@pytest.mark.parametrize(
    ("text", "new"),
    [
        # A name the thread used sets the scene of a question on two words of its own.
        ("One more thing, my son is 9. How does school enrolment work in Toronto?", True),
        ("also my wife is pregnant. Which hospital in Toronto is good for the birth?", True),
        # Asks on the name, or names only adverbs beside it: on the thread.
        ("Also, my wife is coming too. Can she work in Canada?", False),
        ("One more thing, my wife is a dentist. Can she work in Toronto straight away?", False),
        ("last thing, our budget is 2000 a month. Is that enough for Toronto?", False),
    ],
)
def test_a_name_of_the_thread_sets_the_scene_only(text: str, new: bool) -> None:
    session = _move()
    before = session.active_thread
    envelope = _agree(session, text)
    assert (envelope.intent is mh.Intent.EXPLORE) is new, text
    assert (envelope.active_thread != before) is new, text
    if new:  # the rule decides it
        off = _agree(_move(OFF), text)
        assert (off.intent, off.active_thread != before) != (mh.Intent.EXPLORE, True), text


def _boiler() -> mh.Session:
    session = mh.Session()
    session.user("our new combi boiler keeps losing pressure, down to 0.5 every few days. why?")
    session.assistant(
        "Usually a small leak or a faulty pressure relief valve. Check under the boiler and "
        "around the radiator valves for drips, and look at the outside pipe from the valve."
    )
    return session


@pytest.mark.parametrize(
    "text",
    [
        # A closing clause of a few words: the turn shares no word with the thread by chance.
        "last thing, my sister's flat has the same boiler, hers never drops, why mine?",
        # "same" compares a thing with the thread's: no subject of its own.
        "one more thing, my dad had the same model, his was fine, bad luck?",
    ],
)
def test_a_comparison_with_the_thread_stays(text: str) -> None:
    session = _boiler()
    before = session.active_thread
    envelope = _agree(session, text)
    assert envelope.intent is not mh.Intent.EXPLORE, text
    assert envelope.active_thread == before, text


def test_a_report_after_the_opener_goes_on() -> None:
    session = _deck()
    envelope = _agree(session, "one more thing, I tried the marine varnish on a test board, fine")
    assert envelope.intent is mh.Intent.CONTINUE


@pytest.mark.parametrize(
    ("text", "statement", "question"),
    [
        ("and one more: my partner wants to climb, do we need shoes?", "my partner", "do"),
        ("Last thing, my wife is a nurse. Is her diploma valid here?", "my wife", "is"),
        ("one more - the back gutter overflows when it rains, clean it how?", "the back", "clean"),
        ("final thing: our cat is 14 and drinks a lot, vet or wait?", "our cat", "vet"),
        ("also the car battery died twice, test it where?", "the car", "test"),
    ],
)
def test_the_clause_marked_opener_and_the_closing_clause(
    text: str, statement: str, question: str
) -> None:
    found = split_added(text)
    assert found is not None, text
    start, end, words = found
    assert " ".join(words[start : start + 2]) == statement, text
    assert words[end] == question, text


@pytest.mark.parametrize(
    "text",
    [
        "one more coat of varnish or two?",
        "one more cup, is that too much?",  # the statement asks at once
        "last thing I want is a flat loaf, how do I avoid that?",
        "and one more: my partner wants to climb, do we need shoes?",
        "also the car battery died twice, test it where?",
    ],
)
def test_bare_forms_and_the_switch_off_read_no_added_question(text: str) -> None:
    assert split_added(text, situations=False) is None, text
    if text.startswith(("one more coat", "one more cup", "last thing I")):
        assert split_added(text) is None, text


def test_a_long_closing_clause_is_no_question_of_its_own() -> None:
    # More than five words after the last comma with no question word at its start: the
    # turn holds no question the rule reads.
    assert split_added("also my sister, she is moving to a new flat in the autumn?") is None


def _settles(text: str) -> dict[str, bool]:
    """Per backend: whether the native settle answers ``text`` after a reply itself, with
    classify and analyse agreeing on it."""
    found = {}
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            session = _deck()
            classifier, view = session._classifier, session._view
            assert view is not None
            settled = classifier.settle(text, None, view[0], view[1], False, view[2])
            assert session.classify(text) is session.analyse(text)[0], (name, text)
            found[name] = isinstance(settled, int)
    finally:
        kernels.use(previous)
    return found


@pytest.mark.parametrize(
    ("text", "settles"),
    [
        ("and one more: my sister wants to sail, does she need a licence?", False),
        ("Last thing, my brother visits in May. Where can he park?", False),
        ("Thanks. One more, my brother visits in May. Where can he park?", True),  # not a lead
    ],
)
def test_the_gate_hands_on_only_an_opening_opener(text: str, settles: bool) -> None:
    found = _settles(text)
    assert set(found.values()) == {settles}, (text, found)


def test_the_split_reads_a_bounded_opening() -> None:
    # The rule reads at most ADDER_TOKENS tokens of the turn's first characters: a turn of a
    # million characters costs what a short one does.
    long_turn = "one more: my partner wants to climb, " + "do we need shoes " * 60_000 + "?"
    assert best_seconds(lambda: split_added(long_turn)) < 0.05


def test_the_hold_out_keeps_its_floor() -> None:
    # Written before any code change of stop 41 (misses not read): first run 52/62 intent
    # (0.839), new thread 5/10, resume 8/10; at the end 55/62 (0.887), 9/10, 8/10.
    figures, counts = score(DATA / "adders_holdout41.jsonl")
    assert counts["intent"] == 62
    assert figures["intent_accuracy"] >= 0.85
    assert figures["new_thread_accuracy"] >= 0.75
    assert figures["resume_accuracy"] >= 0.8


def _observe_adder_situation(config: mh.Config) -> object:
    session = _deck(config)
    envelope = session.preview(
        "and one more: my sister wants to learn to sail, does she need a licence?"
    )
    return envelope.intent, envelope.active_thread == session.active_thread


# The on/off observer of ``test_rules`` (rule id -> what the rule decides).
OBSERVERS = {"adder-situations": _observe_adder_situation}
