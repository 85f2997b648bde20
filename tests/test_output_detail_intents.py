"""Questions for a value an older tool output showed are TOOL_REFERENCE (issue 15 item 1; rule
output-detail-intents): once the output's exchange is over, a question rule output-details
names that output for is a tool reference for the intent too; not the first question after
the output's summing-up reply, not one asking for a reason or advice, not one asking the
assistant. ``Session.classify`` (the native settle defers such a question), ``preview`` and
``analyse`` agree, on made-up turns and on every turn of the hand-written files with tool
outputs."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.evaluation.replay import read_conversations
from shared_data import log_turn

_HANDWRITTEN = Path(__file__).parent / "data" / "handwritten"


def _audit(config: mh.Config | None = None, *, over: bool = True) -> mh.Session:
    """An npm audit summed up by a reply; ``over``: one more exchange after it."""
    session = mh.Session(config=config or mh.Config())
    session.user("npm audit is screaming in our monorepo, what first?")
    session.tool_output(
        "npm_audit",
        "7 vulnerabilities\ncritical: jsonwebtoken <9.0.0 - signature bypass\n"
        "high: tough-cookie <4.1.3 - prototype pollution\nmoderate: postcss <8.4.31 - parsing",
    )
    session.assistant("Upgrade jsonwebtoken first: the critical one affects auth.")
    if over:
        session.user("Bumped it and axios, reran.")
        session.assistant("Good, run it again when the install finishes.")
    return session


def _intents(session: mh.Session, text: str) -> set[mh.Intent]:
    return {session.classify(text), session.preview(text).intent, session.analyse(text)[0]}


@pytest.mark.parametrize(
    "text",
    [
        "What was the tough-cookie problem?",
        "what version of postcss had the parsing bug",
        "Is prototype pollution serious?",
        "postcss, which versions?",
        "How many vulnerabilities were there in total?",
    ],
)
def test_a_value_an_older_output_showed_is_a_tool_reference(text: str) -> None:
    assert _intents(_audit(), text) == {mh.Intent.TOOL_REFERENCE}, text
    off = _audit(mh.Config(output_detail_intents=False))
    assert mh.Intent.TOOL_REFERENCE not in _intents(off, text), text


@pytest.mark.parametrize(
    "text", ["What was the tough-cookie problem?", "Is prototype pollution serious?"]
)
def test_the_first_question_after_the_outputs_reply_is_left_alone(text: str) -> None:
    # sgd: "What is the phone number?" right after "I found 10 restaurants ...": DRILL_DOWN.
    # Rule summed-output-values reads a value only the output shows (stop 40): off here.
    session = _audit(mh.Config(summed_output_values=False), over=False)
    assert mh.Intent.TOOL_REFERENCE not in _intents(session, text), text


@pytest.mark.parametrize(
    "text",
    [
        "Why would tough-cookie matter?",
        "Should I worry about the tough-cookie problem?",
        "How do I fix prototype pollution in tough-cookie?",
        "What usually causes prototype pollution?",
        "Can you explain the tough-cookie problem?",
    ],
)
def test_reasons_advice_and_asks_of_the_assistant_are_left_alone(text: str) -> None:
    assert mh.Intent.TOOL_REFERENCE not in _intents(_audit(), text), text


@pytest.mark.parametrize(
    "text",
    [
        "That jsonwebtoken bypass, should I worry?",
        "Those 7 vulnerabilities, would upgrading everything fix them?",
        "this tough-cookie thing, can it wait a week?",
    ],
)
def test_a_fronted_topic_an_older_output_holds_is_a_tool_reference(text: str) -> None:
    # Rule fronted-output-topics: whatever it asks, reason and advice too.
    assert _intents(_audit(), text) == {mh.Intent.TOOL_REFERENCE}, text
    off = _audit(mh.Config(fronted_output_topics=False))
    assert mh.Intent.TOOL_REFERENCE not in _intents(off, text), text
    assert mh.Intent.TOOL_REFERENCE not in _intents(_audit(over=False), text), text


@pytest.mark.parametrize(
    "text",
    ["That sounds good, what next?", "That upgrade you suggested, is it risky?", "Those, why?"],
)
def test_a_fronted_topic_no_output_holds_is_left_alone(text: str) -> None:
    assert mh.Intent.TOOL_REFERENCE not in _intents(_audit(), text), text


def test_statements_still_settle_natively_after_an_output() -> None:
    session = _audit()
    view = session._view
    assert view is not None
    assert not view[2]  # a question takes the whole way
    assert view[4]  # a statement's settled intent stands
    assert (
        session.classify("Bumped tough-cookie as well.")
        == session.analyse("Bumped tough-cookie as well.")[0]
    )
    # Within the exchange a question is final only with rule summed-output-values off.
    fresh = _audit(mh.Config(summed_output_values=False), over=False)._view
    assert fresh is not None
    assert fresh[2]


@pytest.mark.parametrize(
    "name",
    ["refs_holdout3.jsonl", "refs_holdout4.jsonl", "refs_tune5.jsonl", "toolq_holdout9.jsonl"],
)
def test_classify_agrees_with_the_stages_on_hand_written_tool_sessions(name: str) -> None:
    """Every user turn and probe of a file with tool outputs: the lock-free ``classify``
    (with the settle deferring questions after an output) gives ``analyse``'s intent."""
    checked = 0
    for conversation in read_conversations(_HANDWRITTEN / name):
        session = mh.Session()
        probes = {p["at_turn"]: p for p in conversation["probes"]}
        for turn in conversation["turns"]:
            if turn["turn_id"] in probes:
                text = probes[turn["turn_id"]]["query"]
                assert session.classify(text) == session.analyse(text)[0], text
                checked += 1
            log_turn(session, turn)
    assert checked > 20
