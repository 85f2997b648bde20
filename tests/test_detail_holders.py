"""Rule detail-holders (SPEC-028 §4.1 entity references, §4.2 antecedents; issue 15 item 1):
a question naming a thing an earlier reply introduced ("How much was the deposit?") is about
the reply that holds the most of its words, the earliest among equals, not the latest reply
that repeats a word in passing; the turn before stays first after a reply that asks or
offers, after a passage, when the turn judges the reply, and when the turn before holds
more of the words."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.evaluation import evaluate

ON = mh.Config(antecedents=True)
OFF = ON.replace(detail_holders=False)

# entity_holdout12: written before the rule, scored at its start (0.780) and end.
FLOORS = {"entity_holdout12.jsonl": 0.80, "refs_holdout4.jsonl": 0.82}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_the_sets_meet_their_floors(name: str) -> None:
    path = Path(__file__).parent / "data" / "handwritten" / name
    assert evaluate(path, "references").ours["acc_at_1"] >= FLOORS[name]


def _flat(config: mh.Config, last_reply: str) -> mh.Session:
    session = mh.Session(config=config)
    session.user("We're renting our first flat. What do we pay up front?")
    session.assistant(
        "A deposit of five weeks' rent, capped by law, a holding deposit of one week, and "
        "the first month in advance. The letting agent can't charge any other fees."
    )
    session.user("And the inventory check at move-in?")
    session.assistant(last_reply)
    return session


_IN_PASSING = "The landlord pays for it; the deposit is checked against it when you leave."


def test_the_reply_that_introduced_it_comes_first() -> None:
    text = "How much was the deposit?"
    assert _flat(ON, _IN_PASSING).preview(text).antecedents[0] == 1
    assert _flat(OFF, _IN_PASSING).preview(text).antecedents[0] == 3


@pytest.mark.parametrize(
    "text",
    [
        "Who pays for the inventory?",  # the latest reply holds more of the words
        "When is it checked?",  # no word an earlier reply said
        "That sounds great. Is the deposit protected?",  # judges the reply
    ],
)
def test_the_turn_before_stays_first(text: str) -> None:
    assert (
        _flat(ON, _IN_PASSING + " Landlords pay for the inventory.").preview(text).antecedents[0]
        == 3
    ), text


@pytest.mark.parametrize(
    "last_reply",
    [
        "The landlord pays for it. Shall I draft a checklist for the deposit return?",  # asks
        "I found 3 clerks who check deposit items: Acme, Brick and Co, and Castle. How about Acme?",
        " ".join([_IN_PASSING] * 12),  # a passage, not a reply to a follow-up
    ],
)
def test_no_override_after_a_reply_that_asks_offers_or_is_a_passage(last_reply: str) -> None:
    session = _flat(ON, last_reply)
    assert session.preview("How much was the deposit?").antecedents[0] == 3


def test_a_word_every_reply_says_names_nothing_introduced() -> None:
    session = mh.Session(config=ON)
    session.user("Find me a song for the party.")
    session.assistant("Try the song Pisces by Jinjer.")
    session.user("Something calmer?")
    session.assistant("The song Holocene by Bon Iver is calmer.")
    session.user("Anything older?")
    session.assistant("The song Harvest Moon by Neil Young.")
    session.user("One more?")
    session.assistant("The song Pink Moon by Nick Drake.")
    assert session.preview("How long is the song?").antecedents[0] == 7


@pytest.mark.parametrize(
    "text",
    ["the filming tip, where do I put the phone?", "Which eviction setting did you mean?"],
)
def test_a_word_in_another_form_finds_the_reply(text: str) -> None:
    def squats(config: mh.Config) -> mh.Session:
        session = mh.Session(config=config)
        session.user("How do I check my squat form at home?")
        session.assistant("Film a set from the side at hip height; evict clutter from the frame.")
        session.user("My knees cave in at the bottom.")
        session.assistant("Push them out over your toes, and film again next week to compare.")
        return session

    assert squats(ON).preview(text).antecedents[0] == 1, text
    assert squats(OFF).preview(text).antecedents[0] == 3, text
