"""Stop 37's questions around tool outputs (SPEC-028 §4.1 tool, §4.2, §5.2 TOOL_REFERENCE;
issue 15 item 1): a question asking what "it" said, showed or printed is about an output (rule
it-said-outputs), not when "it" is a document ("it said in the docs"); an advice question naming
a thing an output shows has that output as its antecedent, its intent left alone (rule
advice-output-holders); a value or a time picks one output among several (rule
output-selectors). ``Session.classify``, ``preview`` and ``analyse`` agree. And the hold-out
written before the rules meets its floors."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon.dialogue.output_selectors import selector_words
from multihorizon.text.said_words import said_in_source

_HANDWRITTEN = Path(__file__).parent / "data" / "handwritten"
TOOL = mh.Intent.TOOL_REFERENCE
_OFF = {"it_said_outputs": False, "advice_output_holders": False, "output_selectors": False}

# toolsaid_holdout37: written before the rules, scored at their start (intent 0.891, tool
# target 0.769, references acc@1 0.667) and at their end (0.938, 0.885, 0.846).
FLOORS = {"intent_accuracy": 0.92, "tool_target_accuracy": 0.88}


@pytest.mark.parametrize("figure", sorted(FLOORS))
def test_the_hold_out_meets_its_floors(figure: str) -> None:
    figures, _ = score(_HANDWRITTEN / "toolsaid_holdout37.jsonl")
    assert figures[figure] >= FLOORS[figure]


def _intents(session: mh.Session, text: str) -> set[mh.Intent]:
    return {session.classify(text), session.preview(text).intent, session.analyse(text)[0]}


def _tool_targets(session: mh.Session, text: str) -> list[str | None]:
    return [ref.scratch_entry for ref in session.preview(text).references if ref.type == "tool"]


def _kiln(config: mh.Config | None = None) -> tuple[mh.Session, str, str]:
    """A kiln controller's log, then a firmware listing, then a few turns about other things."""
    session = mh.Session(config=config or mh.Config())
    session.user("our pottery kiln controller aborted a glaze firing overnight, here's its log")
    log = session.tool_output(
        "shell",
        "02:10:44 segment 3 ramp 150C/h target 1222C\n03:55:12 thermocouple T2 open circuit\n"
        "03:55:12 firing aborted at 1081C",
        args={"cmd": "tail -3 /var/log/kiln.log"},
    )
    session.assistant("The T2 thermocouple lost contact at 1081 C and the controller stopped.")
    session.user("ok I reseated the thermocouple plug")
    session.assistant("Good. Let me check the firmware too.")
    firmware = session.tool_output(
        "shell", "kilnctl 4.2.1 (build 2024-11-03)\nprofiles: 12\n", args={"cmd": "kilnctl -V"}
    )
    session.assistant("It is on 4.2.1, which is current.")
    session.user("great")
    session.assistant("Anything else about the kiln?")
    return session, log.entry_id, firmware.entry_id


@pytest.mark.parametrize(
    ("text", "which"),
    [
        ("which thermocouple did it say went open?", 0),
        ("what temperature did it say the firing stopped at?", 0),
        ("hmm what version was it saying it runs?", 1),
        ("the number it printed at the end, is that the profile count?", 1),
    ],
)
def test_what_it_said_is_the_output_holding_it(text: str, which: int) -> None:
    session, log, firmware = _kiln()
    assert _intents(session, text) == {TOOL}, text
    assert _tool_targets(session, text)[:1] == [(log, firmware)[which]], text


def test_without_the_rule_an_older_output_said_by_it_is_not_found() -> None:
    # Rule summed-output-values reads "open", which the kiln log shows once: off too.
    session, _, _ = _kiln(mh.Config(**_OFF, summed_output_values=False))
    assert TOOL not in _intents(session, "which thermocouple did it say went open?")


@pytest.mark.parametrize(
    "text",
    [
        "it said in the manual to fire slower above 1000C, should I?",
        "my tutor said cone 6 glazes craze on this clay, is that right?",
        "will it crack the shelves if it aborts again?",
    ],
)
def test_a_document_a_person_or_a_thing_done_is_no_output(text: str) -> None:
    session, _, _ = _kiln()
    assert TOOL not in _intents(session, text), text


def test_an_old_output_is_not_what_it_said_far_later() -> None:
    session, _, _ = _kiln()
    for turn in ("what about glaze recipes?", "and the clay body?", "which cone for stoneware?"):
        session.user(turn)
        session.assistant("Cone 6 is the usual choice.")
    assert TOOL not in _intents(session, "what did it say about shrinkage?")


def _pip(config: mh.Config | None = None) -> tuple[mh.Session, str]:
    session = mh.Session(config=config or mh.Config())
    session.user("card reader service wont install on the pi")
    entry = session.tool_output(
        "shell",
        "Collecting cryptography==3.3.2\n  Building wheel for cryptography ... error\n"
        "  error: can't find Rust compiler\nERROR: Failed building wheel for cryptography",
    )
    session.assistant("The Rust compiler is missing, so the cryptography build fails.")
    session.user("annoying")
    session.assistant("It happens on ARM boards.")
    return session, entry.entry_id


_ADVICE = "would it be faster to install the rust compiler or to bump the version?"


def test_an_advice_question_naming_what_an_output_shows_keeps_its_antecedent() -> None:
    session, entry = _pip()
    assert TOOL not in _intents(session, _ADVICE)
    assert _tool_targets(session, _ADVICE) == [entry]
    off, _ = _pip(mh.Config(advice_output_holders=False))
    assert _tool_targets(off, _ADVICE) == []


def _calls(config: mh.Config | None = None) -> tuple[mh.Session, list[str]]:
    session = mh.Session(config=config or mh.Config())
    session.user("the tram times API is flaky, hitting it a few times")
    bodies = [
        'HTTP/1.1 200 OK\nDate: 09:12:40\nX-Response-Time: 2870ms\n{"stop": "Market"}',
        'HTTP/1.1 404 Not Found\nDate: 09:14:03\nX-Response-Time: 38ms\n{"error": "no stop"}',
        'HTTP/1.1 200 OK\nDate: 09:15:51\nX-Response-Time: 95ms\n{"stop": "Quay"}',
    ]
    ids = []
    for body in bodies:
        ids.append(session.tool_output("http", body).entry_id)
        session.assistant("Noted.")
    session.user("ok")
    session.assistant("Want me to try more stops?")
    session.user("not now, thanks")  # the outputs' exchange is over
    session.assistant("Sure.")
    return session, ids


@pytest.mark.parametrize(
    ("text", "which"),
    [
        ("the one that returned 404, what error did it give?", 1),
        ("the call from 09:12, which stop was it?", 0),
        ("the 38ms response, was that cached?", 1),
        ("the not found one - which stop was missing?", 1),
    ],
)
def test_a_value_or_a_time_picks_one_output_among_several(text: str, which: int) -> None:
    session, ids = _calls()
    assert _intents(session, text) == {TOOL}, text
    assert _tool_targets(session, text)[:1] == [ids[which]], text


def test_without_the_rule_a_value_said_by_the_outputs_picks_none() -> None:
    # Rule summed-output-values reads "error", which one output shows once: off too.
    off, _ = _calls(mh.Config(output_selectors=False, summed_output_values=False))
    assert TOOL not in _intents(off, "the one that returned 404, what error did it give?")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the one that returned 404, what route?", ["404"]),
        ("the reply from 10:47, what was the summary?", ["10:47"]),
        ("the not found one, which city?", ["found"]),
        ("the 41ms response, was it cached?", ["41ms"]),
        ("the lint job on mac, does it upload?", None),  # a kind of run
        ("which is the best one?", None),  # an item's quality
        ("the second run, what did it print?", None),  # a place (rule named-runs)
    ],
)
def test_the_selector_reader(text: str, expected: list[str] | None) -> None:
    found = selector_words(text)
    assert (found[0] if found else None) == expected


def test_the_source_reader() -> None:
    assert said_in_source("it said in the docs to restart", 3, 7)
    assert said_in_source("The manual, what did it say about descaling?", 21, 24)
    assert not said_in_source("what did it say about packet loss?", 9, 12)
    assert not said_in_source("it said in the docs. which host did it say timed out?", 36, 39)


@pytest.mark.timed
def test_the_readers_are_linear() -> None:
    # 100k against 10k characters: linear is 10x (tests/test_linear_time.py's bound), best
    # of three runs on a shared machine.
    small = "the one that it said " + "x it said in the " * 600 + "?"
    large = "the one that it said " + "x it said in the " * 6_000 + "?"
    session, _ = _calls()

    def seconds(text: str) -> float:
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            session.classify(text)
            session.preview(text)
            selector_words(text)
            runs.append(time.perf_counter() - start)
        return min(runs)

    assert seconds(large) <= 30 * max(seconds(small), 0.005)


def _observe_it_said(config: mh.Config) -> object:
    # Rule summed-output-values names the output too: observed without it.
    session, _, _ = _kiln(config.replace(summed_output_values=False))
    text = "which thermocouple did it say went open?"
    return session.classify(text), _tool_targets(session, text)


def _observe_advice_holder(config: mh.Config) -> object:
    session, _ = _pip(config)
    return _tool_targets(session, _ADVICE)


def _observe_selector(config: mh.Config) -> object:
    # Rule summed-output-values names the output too: observed without it.
    session, _ = _calls(config.replace(summed_output_values=False))
    text = "the one that returned 404, what error did it give?"
    return session.classify(text), _tool_targets(session, text)


# For tests/test_rules.py's on/off test of every rule.
OBSERVERS = {
    "it-said-outputs": _observe_it_said,
    "advice-output-holders": _observe_advice_holder,
    "output-selectors": _observe_selector,
}
