"""Rule marker-styles (issue 15 item 1, SPEC-028 §4.1 "which enumeration"): "option C" picks
a lettered list and "#3" / "step 3" a numbered one when the latest list is marked otherwise;
an ordinal word ("the third") keeps the spec's latest list."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.text.list_styles import (
    BULLETED,
    LETTERED,
    NUMBERED,
    PLAIN,
    form_style,
    list_style,
)

ON = mh.Config(antecedents=True)
# Rule letter-picks (stop 36) reads "option C" over the lettered list as well, rule
# laid-out-lists (stop 38) "#2" over a later comma list: off with it.
OFF = ON.replace(marker_styles=False, letter_picks=False, laid_out_lists=False)

LETTERED_REPLY = (
    "Ways to cut the bill:\nA) Switch to a fixed tariff\nB) Move the washing to night hours\n"
    "C) Fit a smart thermostat\nD) Insulate the hot water tank"
)
NUMBERED_REPLY = (
    "To read the meter:\n1. Find the serial number\n2. Press the display button twice\n"
    "3. Note the night reading\n4. Send a photo to the supplier"
)
COMMA_REPLY = "Batteries get expensive. Try a smart plug, a timer switch or a clamp meter."
BULLETED_REPLY = (
    "Worth checking:\n- The standing charge per day\n- The exit fee\n- The unit rate at night"
)


def _item(replies: tuple[str, ...], turn: str, config: mh.Config) -> tuple[int | None, str | None]:
    session = mh.Session(config=config)
    for n, reply in enumerate(replies):
        session.user(f"Question {n + 1} about my electricity bill, what can I do?")
        session.assistant(reply)
    envelope = session.preview(turn)
    ref = next(ref for ref in envelope.references if ref.type == "ordinal")
    return ref.target_turn, ref.item


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        ("option C, is it worth it in a flat?", (1, "Fit a smart thermostat")),
        ("what about D, how thick a jacket?", (1, "Insulate the hot water tank")),
    ],
)
def test_a_letter_past_a_numbered_list_picks_the_lettered_one(
    turn: str, expected: tuple[int, str]
) -> None:
    replies = (LETTERED_REPLY, NUMBERED_REPLY)
    assert _item(replies, turn, ON) == expected
    assert _item(replies, turn, OFF)[0] == 3  # the spec's rule: the latest list


def test_digits_past_a_comma_list_pick_the_numbered_one() -> None:
    replies = (NUMBERED_REPLY, COMMA_REPLY)
    assert _item(replies, "#2, how long does that take?", ON) == (
        1,
        "Press the display button twice",
    )
    assert _item(replies, "step 3, why at night?", ON) == (1, "Note the night reading")
    assert _item(replies, "#2, how long does that take?", OFF)[0] == 3


def test_digits_past_a_comma_list_fall_back_to_a_bulleted_one() -> None:
    replies = (BULLETED_REPLY, COMMA_REPLY)
    assert _item(replies, "#2 on your list, how much?", ON) == (1, "The exit fee")
    assert _item(replies, "#2 on your list, how much?", OFF) == (3, "a timer switch")


@pytest.mark.parametrize(
    "turn",
    ["the third one, why at night?", "#3, why at night?", "the 3rd, why at night?"],
)
def test_a_list_marked_as_asked_or_an_ordinal_word_keeps_the_latest_list(turn: str) -> None:
    assert _item((LETTERED_REPLY, NUMBERED_REPLY), turn, ON) == (3, "Note the night reading")


def test_a_letter_with_no_lettered_list_keeps_the_latest_list() -> None:
    replies = (BULLETED_REPLY, NUMBERED_REPLY)
    assert _item(replies, "option B, how?", ON) == _item(replies, "option B, how?", OFF)


def test_the_same_reply_holds_a_numbered_and_a_bulleted_list() -> None:
    reply = f"{NUMBERED_REPLY}\n\nExtras:\n- Ask for a smart meter\n- Read it monthly\n- Keep bills"
    for config, item in ((ON, "Note the night reading"), (OFF, "Keep bills")):
        session = mh.Session(config=config)
        session.user("How do I check my meter?")
        session.assistant(reply)
        found = session.preview("step 3, which one?").references
        ref = next(r for r in found if r.type == "ordinal")
        assert (ref.target_turn, ref.item) == (1, item)


@pytest.mark.parametrize(
    ("surface", "style"),
    [
        ("#3", NUMBERED),
        ("step 3", NUMBERED),
        ("number 12", NUMBERED),
        ("4)", NUMBERED),
        ("option C", LETTERED),
        ("b", LETTERED),
        ("d)", LETTERED),
        ("the third", None),
        ("the 3rd one", None),
        ("last option", None),
    ],
)
def test_form_style(surface: str, style: str | None) -> None:
    assert form_style(surface) == style


@pytest.mark.parametrize(
    ("text", "items", "style"),
    [
        ("Steps:\n1. Drain it\n2. Refill it", ("Drain it", "Refill it"), NUMBERED),
        ("**Step 1:** Drain it\n**Step 2:** Refill it", ("Drain it", "Refill it"), NUMBERED),
        ("Pick:\na) Drain it\nb) Refill it", ("Drain it", "Refill it"), LETTERED),
        ("Two. Option A: drain it. Option B: refill it.", ("drain it", "refill it"), LETTERED),
        ("Pick:\n- Drain it\n- Refill it", ("Drain it", "Refill it"), BULLETED),
        ("You could drain it, refill it or wait.", ("drain it", "refill it", "wait"), PLAIN),
        ("Vitamin D3 drain it", ("drain it", "x"), PLAIN),
        ("Use ed25519: short keys, fast, safe.", ("short keys", "fast", "safe"), PLAIN),
        ("", ("drain it",), PLAIN),
    ],
)
def test_list_style(text: str, items: tuple[str, ...], style: str) -> None:
    assert list_style(text, items) == style


def test_a_reply_of_many_lists_reads_its_latest_ones() -> None:
    # A reply of forty bulleted groups and a closing lettered list: "option B" past a numbered
    # list still finds the lettered one (only a turn's latest lists are read: linear time).
    groups = "\n\n".join(
        f"Group {k}:\n- alpha{k} plan\n- beta{k} plan\n- gamma{k} plan" for k in range(40)
    )
    long_reply = groups + "\n\nPicks:\nA) The early train\nB) The night bus\nC) A hire car"
    replies = (long_reply, NUMBERED_REPLY)
    assert _item(replies, "option B, how long?", ON) == (1, "The night bus")
