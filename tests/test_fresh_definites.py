"""Rule fresh-definites (SPEC-028 §4.1 entity references, §4.2 antecedents; issue 15 item 1):
a turn that opens on a definite noun phrase naming something no earlier turn said ("the
skewers, wooden or metal?") has the turn before it as its antecedent, not an earlier reply
holding one of its other words; a phrase said before in any form, a return, a phrase that
does not open the turn (a clause of the user's own before it: "Thanks for the help"), a place
word, a turn with a resolved reference and a turn after a passage or a reply without text
(TREC CAsT's) are left to the other rules."""

from __future__ import annotations

import time

import pytest

import multihorizon as mh

ON = mh.Config(antecedents=True)
OFF = ON.replace(fresh_definites=False)


def _barbecue(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("I'm hosting a barbecue for twelve on Sunday. How much meat should I buy?")
    session.assistant(
        "Plan on about 250 g of meat per adult, so around 3 kg: half of it sausages and "
        "burgers, half chicken thighs. Marinate the thighs overnight."
    )
    session.user("And drinks?")
    session.assistant(
        "Two or three drinks per guest for the afternoon: a crate of beer, four bottles of "
        "wine, and plenty of water and squash for the children."
    )
    return session


def _flat(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("We're renting our first flat. What do we pay up front?")
    session.assistant(
        "A deposit of five weeks' rent, capped by law, a holding deposit of one week, and "
        "the first month in advance. The letting agent can't charge any other fees."
    )
    session.user("And the inventory check at move-in?")
    session.assistant("The landlord pays for it; the deposit is checked against it when you leave.")
    return session


@pytest.mark.parametrize(
    "text",
    [
        "the skewers, wooden or metal, and soaked overnight?",  # "overnight": the meat reply
        "the lemons for the drinks, wedges or halves?",  # "half" of the meat
    ],
)
def test_a_new_thing_follows_the_turn_before(text: str) -> None:
    assert _barbecue(ON).preview(text).antecedents[0] == 3, text
    assert _barbecue(OFF).preview(text).antecedents[0] == 1, text


@pytest.mark.parametrize(
    "text",
    [
        "What about the boiler service, is that in advance too?",  # after function words
        "Is the parking permit paid in advance too?",
    ],
)
def test_a_new_thing_after_function_words_follows_the_turn_before(text: str) -> None:
    assert _flat(ON).preview(text).antecedents[0] == 3, text
    assert _flat(OFF).preview(text).antecedents[0] != 3, text


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("the marinade, how long overnight?", 1),  # "marinate": a word opening with its root
        ("the sausages, pork or beef?", 1),  # said before
        ("back to the barbecue, can I marinate the thighs in the morning?", 1),  # a return
        ("how long should the thighs grill, and the skewers?", 1),  # opens on a said thing
    ],
)
def test_a_thing_said_before_is_left_to_the_other_rules(text: str, first: int) -> None:
    assert _barbecue(ON).preview(text).antecedents[0] == first, text
    assert _barbecue(OFF).preview(text).antecedents[0] == first, text


@pytest.mark.parametrize(
    "text",
    [
        "the agency, are they allowed to charge fees?",  # "agent": the root of "agency"
        "The letting agent, can they charge for references?",  # said before
        "Back to the flat: can the holding deposit be refunded?",  # a return
        "We signed yesterday and the gas certificate came, is the deposit protected?",
        "the first month, is it paid before the holding deposit?",  # resolved references
        "Thanks for the help. Is the agent's fee capped?",  # a clause before the phrase
        "I like the sound of that, when is the rent due?",
        "What about the buses going there?",  # a place word: its place
    ],
)
def test_controls_are_left_to_the_other_rules(text: str) -> None:
    assert _flat(ON).preview(text).antecedents[0] == _flat(OFF).preview(text).antecedents[0]


def test_a_million_character_turn_is_read_in_linear_time() -> None:
    session = _barbecue(ON)
    text = ("the skewers, " + "wooden or metal and how many per guest " * 26_000)[:1_000_000]
    assert len(text) == 1_000_000
    started = time.perf_counter()
    session.preview(text)
    assert time.perf_counter() - started < 30


def _observe(config: mh.Config) -> tuple[int, ...]:
    return _barbecue(config).preview("the lemons for the drinks, wedges or halves?").antecedents


OBSERVERS = {"fresh-definites": _observe}
