"""A short question right after a reply that asks the reason for it or the time of it ("Why no
compost?", "Why not a weedkiller first?", "when can i start cycling") takes up the reply:
DRILL_DOWN in the active thread, not a new topic, whatever words it names (rule
reason-follow-ups, SPEC-028 §5.2 and §3.3, issue 15 item 1). A question about the world ("Why
is the sky blue?"), a topic announced, a name new to the conversation or a party of the turn's
own ("why does my cat ...") keeps §5.2's EXPLORE. Also the floor of the hold-out written for it
(``ddexp_holdout35``), and the other direction (rule own-new-ground): a long question that sets
up a party of its own ("Our landlord says ...") and names no word said before is new ground in
fewer words than rule new-ground-questions reads."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.dialogue.phrasing import SIDE_QUESTION_CHARS

sys.path.insert(0, str(Path(__file__).resolve().parent))
import handwritten_scoring

TURF = "We want to lay turf in the back garden this weekend, how should we prepare the soil?"
TURF_REPLY = (
    "Dig or rotavate to about 10 cm, take out stones and roots, rake level and firm it by "
    "treading across in small steps. Scatter a pre-turf fertiliser, rake once more, and lay "
    "the rolls within a day of delivery, staggered like brickwork. Water them well after."
)
ASKS = [
    "Why no compost?",
    "why not plastic edging underneath",
    "Why not a weedkiller first?",
]
HOLDOUT = Path(__file__).resolve().parent / "data" / "handwritten" / "ddexp_holdout35.jsonl"


def _turf(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(TURF)
    session.assistant(TURF_REPLY)
    return session


def _thread(session: mh.Session) -> str | None:
    return session.preview("Should we water it daily?").active_thread  # a side question


@pytest.mark.parametrize("text", ASKS)
def test_a_reason_asked_of_the_reply_drills_down_in_its_thread(text: str) -> None:
    session = _turf()
    thread = _thread(session)
    assert session.classify(text) is mh.Intent.DRILL_DOWN, text
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.DRILL_DOWN, text
    assert envelope.active_thread == thread, text
    assert session.user(text).intent is mh.Intent.DRILL_DOWN, text


@pytest.mark.parametrize("text", ASKS)
def test_without_the_rule_the_reason_is_new_ground(text: str) -> None:
    off = _turf(mh.Config().replace(reason_follow_ups=False))
    assert off.classify(text) is mh.Intent.EXPLORE, text


@pytest.mark.parametrize(
    "text",
    [
        # A question about the world, no person asking about the reply.
        "Why is the sky blue?",
        # A topic announced before the question.
        "Random question, why do cats purr?",
        # A name new to the conversation.
        "Why did the Romans leave Britain?",
        # A party of the turn's own that the conversation never named.
        "why does my parrot scream every evening",
    ],
)
def test_a_reason_about_something_new_stays_new_ground(text: str) -> None:
    session = _turf()
    assert session.classify(text) is mh.Intent.EXPLORE, text
    assert session.preview(text).intent is mh.Intent.EXPLORE, text


def test_not_right_after_a_reply() -> None:
    # Two user turns in a row: the question follows the user's own turn, not a reply.
    session = mh.Session()
    session.user(TURF)
    session.user("We also have a dog who digs.")
    on = session.classify("Why staggered?")
    off = mh.Session(config=mh.Config().replace(reason_follow_ups=False))
    off.user(TURF)
    off.user("We also have a dog who digs.")
    assert on is off.classify("Why staggered?")


def test_a_long_turn_is_read_in_linear_time() -> None:
    # Past SIDE_QUESTION_CHARS the rule reads nothing; a 1,000,000-character turn returns.
    session = _turf()
    text = "why " * 250_000
    assert len(text) > SIDE_QUESTION_CHARS
    assert session.classify(text) in set(mh.Intent)


LANDLORD = (
    "Our landlord says the broken boiler in the flat can wait until next week. Is that even legal?"
)


def test_a_party_of_its_own_on_new_ground_explores() -> None:
    session = _turf()
    assert session.classify(LANDLORD) is mh.Intent.EXPLORE
    envelope = session.preview(LANDLORD)
    assert envelope.intent is mh.Intent.EXPLORE
    assert envelope.active_thread != _thread(session)
    assert session.user(LANDLORD).intent is mh.Intent.EXPLORE
    off = _turf(mh.Config().replace(own_new_ground=False))
    assert off.classify(LANDLORD) is mh.Intent.DRILL_DOWN


@pytest.mark.parametrize(
    "text",
    [
        # A word said before: the party may well be on the thread's subject.
        "My neighbour says the turf should be laid in autumn, not in spring. Is that right?",
        # No party of its own.
        "The landlord says the broken boiler in the flat can wait until next week. Is that legal?",
        # Fewer than seven content words.
        "Our landlord says the boiler can wait a week. Is that legal?",
    ],
)
def test_a_question_without_a_new_party_of_its_own_keeps_its_reading(text: str) -> None:
    session = _turf()
    off = _turf(mh.Config().replace(own_new_ground=False))
    assert session.classify(text) is off.classify(text), text


def test_holdout_floor() -> None:
    # First run on the branch point (main 594a9ae): intent 0.783, new thread 0.636, resume 0.8.
    figures, counts = handwritten_scoring.score(str(HOLDOUT))
    assert counts["intent"] == 69
    assert figures["intent_accuracy"] >= 0.78
    assert figures["new_thread_accuracy"] >= 0.63
    assert figures["resume_accuracy"] >= 0.8
