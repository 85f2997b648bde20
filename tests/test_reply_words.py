"""Turns right after a reply that go on with it (rule reply-words; SPEC-028 §3.3; issue 15
item 1): a turn about to open a new thread stays in the active one when it names a word the
reply just brought that no other thread used ("buyer asked if i can send it to a different
address" after a reply on the delivery address), or is a short follow-up question ("When
should I change our address with the bank and the doctor?" while moving house); a word only
a dormant thread used or an announced topic keeps the new thread."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.evaluation.replay import read_conversations
from shared_data import log_turn

DATA = Path(__file__).parent / "data" / "handwritten"
OFF = dataclasses.replace(mh.Config(), reply_words=False)


def _hobby_chat(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("I'm restoring an old sewing machine, a Singer from the 1950s. Where do I start?")
    session.assistant(
        "Clean off the old oil with sewing machine oil and a brush, free the stuck parts, then "
        "check the bobbin case and the tension discs. Order a new belt and a motor brush set."
    )
    return session


@pytest.mark.parametrize(
    "text",
    [
        "Unrelated: is the bobbin of a Pfaff the same size?",  # announced: a topic of its own
        "What's a good podcast about ancient Rome?",  # no word of the thread
        "Can you find me a cheap flight to Oslo?",  # short, but asks for a task
    ],
)
def test_announced_or_unrelated_turns_still_open_a_thread(text: str) -> None:
    session = _hobby_chat()
    assert session.preview(text).active_thread != session.active_thread, text


def _two_topics(config: mh.Config | None = None) -> mh.Session:
    session = _hobby_chat(config)
    session.user("Different thing: my tomato seedlings are leggy and pale.")
    session.assistant(
        "They need more light and a cooler room; tie them to short stakes with soft twine."
    )
    return session


@pytest.mark.parametrize(
    "text", ["twine arrived, the belt snapped though", "the belt snapped and the twine too"]
)
def test_a_word_only_a_dormant_thread_used_leaves_the_turn_to_the_other_rules(text: str) -> None:
    # "twine" the reply brought, "belt" only the machine thread used: not kept by this rule.
    on, off = _two_topics(), _two_topics(OFF)
    assert on.preview(text).active_thread == off.preview(text).active_thread


def _replay_to(path: str, conv_id: str, turn_id: int, config: mh.Config) -> tuple[str, str]:
    """Our thread of a hand-written turn's gold thread when last seen, and where it goes."""
    conversation = next(c for c in read_conversations(path) if c["conv_id"] == conv_id)
    session, ours = mh.Session(config=config), {}
    for turn in conversation["turns"][:turn_id]:
        logged = log_turn(session, turn)
        if isinstance(logged, mh.Envelope):
            ours[turn["thread"]] = logged.active_thread
    turn = conversation["turns"][turn_id]
    return ours[turn["thread"]], session.preview(turn["content"]).active_thread


@pytest.mark.parametrize(
    ("name", "conv_id", "turn_id"),
    [
        # "Tell me about the mid-priced pick in wind.": a word of the reply.
        ("phrasing_holdout.jsonl", "ph-drone-photos", 2),
        # "buyer asked if i can send it to a different address": a statement, EXPLORE.
        ("boundary_holdout11.jsonl", "b11-gout-ebay", 8),
        # "Check which ports are listening after the changes.": a request.
        ("refs_holdout3.jsonl", "hold3-bastion-hardening", 9),
        # Short follow-up questions with no word of the reply.
        ("resume_tune3.jsonl", "t3-moving", 2),  # "When should I change our address ...?"
    ],
)
def test_hand_written_follow_ups_stay_with_the_rule_and_split_without(
    name: str, conv_id: str, turn_id: int
) -> None:
    wanted, got = _replay_to(str(DATA / name), conv_id, turn_id, mh.Config())
    assert got == wanted
    wanted_off, got_off = _replay_to(str(DATA / name), conv_id, turn_id, OFF)
    assert got_off != wanted_off
