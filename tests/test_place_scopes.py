"""Rule place-scopes (issue 15 item 1, SPEC-028 §4.1 "which enumeration"): a scope naming
places ("of the towns you listed") names the list that answers a question asking where,
whose items (place names) hold no such noun."""

from __future__ import annotations

import pytest

import multihorizon as mh

ON = mh.Config(antecedents=True)
GORGE = "The Gorner gorge, an easy hour"
OFF = ON.replace(place_scopes=False)


def _trip(config: mh.Config, turn: str, question: str = "where should we stay?") -> object:
    session = mh.Session(config=config)
    session.user(f"Ten days driving in the Alps in June, {question}")
    session.assistant(
        "Good bases:\n1. Annecy, by the lake\n2. Chamonix, under Mont Blanc\n3. Zermatt, car-free"
    )
    session.user("And what walks should we not miss?")
    session.assistant(
        "Walks worth the time:\n1. The Lac Blanc trail, about four hours\n2. The Gorner gorge, "
        "an easy hour\n3. The Semnoz ridge, short and steep"
    )
    envelope = session.preview(turn)
    return next((r.target_turn, r.item) for r in envelope.references if r.type == "ordinal")


@pytest.mark.parametrize(
    "turn",
    [
        "Of the towns you listed, how many nights would you give the second?",
        "back to the places, number 2, is parking easy?",
    ],
)
def test_a_place_scope_names_the_list_that_answers_where(turn: str) -> None:
    assert _trip(ON, turn) == (1, "Chamonix, under Mont Blanc")
    assert _trip(OFF, turn) == (3, GORGE)  # the spec's latest list


def test_without_a_where_question_the_latest_list_stays() -> None:
    turn = "Of the towns you listed, how many nights would you give the second?"
    assert _trip(ON, turn, "what is worth seeing?") == (3, GORGE)


def test_a_scope_of_no_place_is_not_read_as_one() -> None:
    assert _trip(ON, "Of the walks you listed, how long is the second?") == (3, GORGE)
