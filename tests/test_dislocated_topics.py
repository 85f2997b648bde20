"""Rule dislocated-topics (SPEC-028 §4.1 entity references, issue 15 item 1): a question
opening with a fronted topic ("hammock, do they actually use it?") is about the reply that
first named it, not the latest reply; other openings before a comma are no topic."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.dialogue.dislocated import _topic_terms
from multihorizon.evaluation import evaluate

# entity_holdout9: written before the rule, scored at its start (0.600) and end (0.725).
FLOORS = {"entity_holdout9.jsonl": 0.70, "refs_holdout7.jsonl": 0.66}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_the_sets_meet_their_floors(name: str) -> None:
    path = Path(__file__).parent / "data" / "handwritten" / name
    assert evaluate(path, "references").ours["acc_at_1"] >= FLOORS[name]


def _ferrets(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("We are getting two ferrets next month. What do they need?")
    session.assistant(
        "A large multi-level cage with a hammock, a litter tray in one corner, and a "
        "high-protein ferret kibble; they also escape through any gap over an inch."
    )
    session.user("How much do they sleep?")
    session.assistant("Up to 18 hours a day, so put the cage somewhere quiet.")
    session.user("Can they be left alone at the weekend?")
    session.assistant("One night at most, with water bottles and food topped up.")
    return session


@pytest.mark.parametrize(
    "text",
    [
        "hammock, do they actually use it or just chew it",
        "litter tray, do they learn to use it fast?",
        "the escape gap thing, how small can they squeeze through",
    ],
)
def test_a_fronted_topic_is_the_reply_that_named_it(text: str) -> None:
    on = mh.Config(antecedents=True)
    assert _ferrets(on).preview(text).antecedents[0] == 1, text
    # Rule fronted-definites makes "the escape gap thing" the turn's reference as well.
    off = on.replace(dislocated_topics=False, fronted_definites=False)
    assert _ferrets(off).preview(text).antecedents[0] != 1, text


@pytest.mark.parametrize(
    "text",
    [
        "hammock: worth getting a second one?",
        "that litter tray, which corner works best?",
        "For the kibble, how much per day?",
    ],
)
def test_a_fronted_topic_another_rule_found_stays_first(text: str) -> None:
    assert _ferrets(mh.Config(antecedents=True)).preview(text).antecedents[0] == 1, text


@pytest.mark.parametrize(
    "text",
    [
        "Okay, what about the hammock?",  # a discourse particle, no topic
        "If they chew the hammock, is that bad?",  # a conditional clause
        "Sounds great, thanks for the hammock tip.",  # no question after it
        "water bottles, how many do I need?",  # the turn before names it
        "the weekend, is one night really the limit?",  # the turn before names it
    ],
)
def test_other_openings_leave_the_antecedents(text: str) -> None:
    on = mh.Config(antecedents=True)
    off = on.replace(dislocated_topics=False)
    assert _ferrets(on).preview(text).antecedents == _ferrets(off).preview(text).antecedents


def test_a_list_item_named_by_an_ordinal_stays_first() -> None:
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("Tips for mooring a houseboat?")
    session.assistant("1. Check the depth. 2. Use two lines. 3. Keep fenders out.")
    session.user("And mooring fees?")
    session.assistant("Mooring fees run 300 to 900 a month depending on the marina.")
    envelope = session.preview("About mooring, the third tip, is it strict?")
    assert envelope.antecedents[0] == 1


def test_the_topic_reader_is_bounded() -> None:
    text = "hammock, what " + "is it, " * 200_000 + "?"
    assert _topic_terms(text) == ("hammock",)
    assert _topic_terms("word " * 200_000) == ()
