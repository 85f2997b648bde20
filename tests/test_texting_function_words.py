"""Function words in texting spellings ("shud", "wat", "cud", "teh") are no content words
and open a question after a fronted topic as their full forms do ("the lid, shud it be
airtight?"): SPEC-028 §4.1 entity references. Words that only look like them ("watt",
"cuddle", "shudder", "wattage") stay content words, and the full forms read as before."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.text.tokens import content_terms


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("how thick did u say the wood shud be", ["thick", "wood"]),
        ("wat size wheels cud i get", ["size", "wheel"]),
        ("teh mist in the mornin", ["mist", "mornin"]),
    ],
)
def test_texting_spellings_are_no_content_words(text: str, terms: list[str]) -> None:
    assert content_terms(text) == terms


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("a 60 watt bulb for the shed", ["watt", "bulb", "shed"]),
        ("the puppy wants a cuddle", ["puppy", "cuddle"]),
        ("the shudder when braking", ["shudder", "braking"]),
        ("what wattage should the heater be", ["wattage", "heater"]),
    ],
)
def test_look_alikes_and_full_forms_read_as_before(text: str, terms: list[str]) -> None:
    assert content_terms(text) == terms


def _jar() -> mh.Session:
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("making a closed terrarium in a big jar, wat do i put in it")
    session.assistant("Gravel at the bottom, a thin layer of charcoal, then 5-8 cm of potting mix.")
    session.user("how much water")
    session.assistant(
        "A few tablespoons. Close the lid and watch it for a day: a little mist in the "
        "morning is perfect."
    )
    session.user("cool and the plants")
    session.assistant("Fittonia, a small fern and some cushion moss.")
    return session


@pytest.mark.parametrize("text", ["the lid, shud it be airtight", "the lid, should it be airtight"])
def test_a_texting_question_after_a_fronted_topic_resolves_it(text: str) -> None:
    refs = [ref for ref in _jar().preview(text).references if ref.type == "entity"]
    assert [ref.target_turn for ref in refs] == [3]
