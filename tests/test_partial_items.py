"""Rule partial-items (SPEC-028 §4.1 ordinal and turn references; issue 15 item 1): a
reference by an item's words ("the dog walker idea") whose list item holds only some of them
is about the assistant turn that said them all; an item holding every word, a reference by
place or quality, one word, and words no turn says together keep the item."""

from __future__ import annotations

import pytest

import multihorizon as mh

ON = mh.Config(antecedents=True)
OFF = ON.replace(partial_items=False)


def _neighbours(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("the neighbours' dog barks all day while they're at work, how do i raise it")
    session.assistant(
        "Talk to them in person and keep it factual. Suggest a dog walker at lunchtime, and "
        "if nothing changes the council's noise team can step in."
    )
    session.user("what if they get defensive")
    session.assistant(
        "A few tips:\n1. Stay calm and don't argue about how loud the dog is\n2. Offer to "
        "record a short clip\n3. Follow up in a week"
    )
    return session


def _first(config: mh.Config, text: str) -> int | None:
    refs = _neighbours(config).preview(text).references
    return refs[0].target_turn if refs else None


@pytest.mark.parametrize(
    "text",
    ["the dog walker idea, is that cheeky to suggest?", "the dog walker one, how much is it?"],
)
def test_words_an_item_holds_in_part_name_the_turn_saying_them_all(text: str) -> None:
    assert _first(ON, text) == 1, text
    assert _first(OFF, text) == 3, text


@pytest.mark.parametrize(
    ("text", "turn"),
    [
        ("the clip idea, phone or camera?", 3),  # one word: the item
        ("the short clip one, how long?", 3),  # the item holds every word
        ("the second one, how soon?", 3),  # by place
        ("the dog clip idea, is it legal?", 3),  # no turn says every word
    ],
)
def test_other_item_references_keep_the_item(text: str, turn: int) -> None:
    assert _first(ON, text) == turn, text
    assert _first(OFF, text) == turn, text


def _observe(config: mh.Config) -> tuple[int, ...]:
    return _neighbours(config).preview("the dog walker idea, is that cheeky?").antecedents


OBSERVERS = {"partial-items": _observe}
