"""Rule ordinal-terms (issue 15 item 1, SPEC-028 §4.1 "which item"): an ordinal whose words
open exactly one item's own name ("first fix", "the first aid kit", "second coat") names that
item, not the item at its place; other ordinals keep their place."""

from __future__ import annotations

import pytest

import multihorizon as mh

ON = mh.Config(antecedents=True)
OFF = ON.replace(ordinal_terms=False)

ORDER = (
    "The usual order:\n1. Strip out the old suite.\n2. First fix plumbing and electrics.\n"
    "3. Board and tank the walls.\n4. Tiling.\n5. Second fix: fitting the taps and lights."
)
KIT = "Pack these:\n- Water\n- First aid kit\n- Torch\n- Spare socks"
COATS = (
    "How I'd paint it:\n1. Sand and wipe down.\n2. Second-hand brushes are fine for primer.\n"
    "3. Two coats of gloss."
)


def _picked(reply: str, turn: str, config: mh.Config = ON) -> list[str | None]:
    session = mh.Session(config=config)
    session.user("what do I need to know?")
    session.assistant(reply)
    return [ref.item for ref in session.preview(turn).references if ref.type == "ordinal"]


@pytest.mark.parametrize(
    ("turn", "item"),
    [
        ("what did you mean by first fix exactly?", "First fix plumbing and electrics."),
        ("sorry, second fix - what's that?", "Second fix: fitting the taps and lights."),
        ("is first fix a job for an electrician?", "First fix plumbing and electrics."),
    ],
)
def test_an_ordinal_opening_an_item_names_that_item(turn: str, item: str) -> None:
    assert _picked(ORDER, turn)[:1] == [item]
    assert _picked(ORDER, turn, OFF)[:1] != [item]  # the spec's rule: the item at its place


def test_a_compound_opening_an_item_names_it() -> None:
    assert _picked(KIT, "is the first aid kit really needed for a day hike?")[:1] == [
        "First aid kit"
    ]


@pytest.mark.parametrize(
    ("reply", "turn", "item"),
    [
        (ORDER, "the first one, how long does it take?", "Strip out the old suite."),
        (ORDER, "the second step, who does it?", "First fix plumbing and electrics."),
        (ORDER, "the last one, how long?", "Second fix: fitting the taps and lights."),
        (KIT, "the second one, what goes in it?", "First aid kit"),
        (KIT, "the first item, how much?", "Water"),
    ],
)
def test_other_ordinals_keep_their_place(reply: str, turn: str, item: str) -> None:
    assert _picked(reply, turn)[:1] == [item]
    assert _picked(reply, turn) == _picked(reply, turn, OFF)


@pytest.mark.parametrize(
    "turn",
    [
        "the second coat, same brush?",  # opens no item ("Second-hand", "Two coats")
        "the first sanding, how fine?",
        "my first attempt at sanding failed",
    ],
)
def test_words_opening_no_item_change_nothing(turn: str) -> None:
    assert _picked(COATS, turn) == _picked(COATS, turn, OFF)


def test_words_opening_two_items_name_neither() -> None:
    reply = "Two routes:\n1. First class by train.\n2. First class by coach.\n3. Drive."
    assert _picked(reply, "what's first class like?") == _picked(
        reply, "what's first class like?", OFF
    )


def test_a_determined_list_noun_keeps_the_item_at_its_place() -> None:
    # "the first point" counts points; an item opening "First point of contact" is not it.
    reply = (
        "Here is a checklist:\n1. Write down your symptoms.\n2. Bring your medication list."
        "\n3. First point of contact is the receptionist.\n4. Ask about follow-up."
    )
    for turn in ("the first point, why write them down?", "tell me more about the first point"):
        assert _picked(reply, turn)[:1] == ["Write down your symptoms."]
    assert _picked(reply, "what is first point of contact?")[:1] == [
        "First point of contact is the receptionist."
    ]


def _observe_ordinal_terms(config: mh.Config) -> object:
    return _picked(ORDER, "what did you mean by first fix exactly?", config)


OBSERVERS = {"ordinal-terms": _observe_ordinal_terms}
