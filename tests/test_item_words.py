"""Rule item-words (issue 15 item 1): an item named by its words alone ("which needle type?",
"the coffee rule"), by the amounts the items state ("the least expensive"), and what stays
no pick: a word every item holds, a word of the list's lead, a new topic, two items tied."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.text.item_qualities import item_by_quality

EXTRAS = (
    "Extras:\n1. Good fabric scissors, kept only for fabric\n2. A seam ripper\n"
    "3. Universal and jersey needles\n4. A cutting mat and rotary cutter"
)
SLEEP = (
    "Things with good evidence:\n1. Keep the same wake-up time every day\n2. Cut caffeine "
    "after midday\n3. Keep the bedroom cool, around 18 degrees\n4. Try a structured therapy "
    "for insomnia"
)
MACHINES = (
    "Solid starter machines:\nA. Brother CS6000i, computerised, about 200 dollars\n"
    "B. Janome HD3000, mechanical and heavy-duty, about 450 dollars\n"
    "C. Singer 4423, fast and strong, about 180 dollars\nD. Juki HZL-355Z, quiet, $300"
)


def _refs(reply: str, turn: str, config: mh.Config | None = None) -> list[tuple[int, str]]:
    session = mh.Session(config=config)
    session.user("What would you suggest?")
    session.assistant(reply)
    return [
        (ref.target_turn, ref.item or "")
        for ref in session.preview(turn).references
        if ref.target_turn is not None
    ]


@pytest.mark.parametrize(
    ("reply", "turn", "item"),
    [
        (EXTRAS, "Which needle type for T-shirts?", "Universal and jersey needles"),
        (
            EXTRAS,
            "For the extras, why separate scissors?",
            "Good fabric scissors, kept only for fabric",
        ),
        (EXTRAS, "Do I need a mat underneath?", "A cutting mat and rotary cutter"),
        (SLEEP, "Does decaf count for the coffee rule?", "Cut caffeine after midday"),
        (
            SLEEP,
            "What about the temperature tip, is 18 too cold?",
            "Keep the bedroom cool, around 18 degrees",
        ),
        (SLEEP, "Can a therapist do it online?", "Try a structured therapy for insomnia"),
    ],
)
def test_an_item_named_by_its_words_or_a_word_of_its_group(
    reply: str, turn: str, item: str
) -> None:
    assert (1, item) in _refs(reply, turn)
    assert all(found != item for _, found in _refs(reply, turn, mh.Config(item_words=False)))


@pytest.mark.parametrize(
    "turn",
    [
        "Unrelated: which needle do tattoo artists use?",  # a new topic asks of no item
        "Should I keep the extras in a box?",  # "extras" is the lead's word: the list
    ],
)
def test_no_item_for_a_new_topic_or_the_lists_own_words(turn: str) -> None:
    assert all(not item for _, item in _refs(EXTRAS, turn))


def test_no_item_when_two_items_hold_the_word_alike() -> None:
    reply = "Two ways:\n1. Sharpen the blade on a stone\n2. Replace the blade"
    assert all(not item for _, item in _refs(reply, "How long does a blade last?"))


def test_an_item_reference_stands_where_the_item_less_one_stood() -> None:
    session = mh.Session()
    session.user("What can we do for a seventh birthday party?")
    session.assistant("Ideas:\n- A treasure hunt in the park\n- A pizza-making party\n- A disco")
    session.user("And party bag ideas?")
    session.assistant("More:\n- Seed packets to grow at home\n- A small notebook\n- Bubbles")
    refs = session.preview("For the party ideas, the dancing idea, is it too loud?").references
    resolved = [(ref.target_turn, ref.item) for ref in refs if ref.target_turn is not None]
    assert resolved[0] == (1, "A disco")


@pytest.mark.parametrize(
    ("quality", "index"),
    [("cost:-1", 2), ("cost:1", 1)],
)
def test_the_cheapest_read_off_the_amounts_the_items_state(quality: str, index: int) -> None:
    items = MACHINES.split("\n")[1:]
    assert item_by_quality(quality, items, "Solid starter machines:") == index


def test_amounts_in_other_units_and_ties_decide_nothing() -> None:
    rackets = ["Pure Drive, 300 g", "Clash, 295 g", "Phantom, 0.305 kg"]
    assert item_by_quality("weight:1", rackets, "") == 2
    assert item_by_quality("weight:-1", rackets, "") == 1
    assert item_by_quality("cost:-1", ["A, 100 euros", "B, 100 euros", "C"], "") is None
    assert item_by_quality("cost:-1", ["A, 100 euros", "B"], "") is None  # one amount


def test_the_least_expensive_machine_resolves_to_its_item() -> None:
    found = _refs(MACHINES, "Which one is the least expensive?")
    assert (1, "Singer 4423, fast and strong, about 180 dollars") in found


# ---- rule continued-lists: a numbering that goes on across replies ---------------------------

STRETCHES = (
    "Which stretches for a desk worker?",
    "Start with these:\n1. Neck rolls, slowly both ways\n2. Shoulder shrugs held for five "
    "seconds\n3. A seated spinal twist",
    "Any more?",
    "Sure:\n4. Wrist flexor stretch against the desk\n5. Standing hip flexor lunge\n"
    "6. Chin tucks against a wall",
)


def _after(turns: tuple[str, ...], query: str, config: mh.Config | None = None) -> list[object]:
    session = mh.Session(config=config)
    for index, text in enumerate(turns):
        (session.user if index % 2 == 0 else session.assistant)(text)
    return [
        (ref.target_turn, ref.item)
        for ref in session.preview(query).references
        if ref.target_turn is not None and ref.item
    ]


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("How long should I hold number five?", (3, "Standing hip flexor lunge")),
        ("Is the 2nd one safe with a bad back?", (1, "Shoulder shrugs held for five seconds")),
        ("Can I do the sixth at my desk?", (3, "Chin tucks against a wall")),
        ("And #4, how many reps?", (3, "Wrist flexor stretch against the desk")),
        ("Tell me more about the last one.", (3, "Chin tucks against a wall")),
    ],
)
def test_a_numbering_that_goes_on_from_an_earlier_reply(query: str, found: object) -> None:
    assert _after(STRETCHES, query)[:1] == [found]


def test_continued_lists_follow_the_item_forms_switch() -> None:
    off = _after(STRETCHES, "Is the 2nd one safe with a bad back?", mh.Config(item_forms=False))
    assert off[:1] != [(1, "Shoulder shrugs held for five seconds")]


def test_a_list_that_starts_at_one_keeps_the_spec_rule() -> None:
    turns = (*STRETCHES[:2], "And for the evening?", "Try:\n1. Child's pose\n2. Cat-cow")
    assert _after(turns, "What about the 2nd one?")[:1] == [(3, "Cat-cow")]


# ---- a noun after a size word names the scale ("the biggest impact") -------------------------

ORDERED = (
    "In order of impact:\n1. Virtualise the table\n2. Use a ref for the big array\n3. Debounce"
)


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("Which fix has the biggest impact?", "Virtualise the table"),
        ("What's the most impactful change?", "Virtualise the table"),
        ("Which has the smallest payoff?", "Debounce"),
    ],
)
def test_a_scale_named_by_its_noun(query: str, item: str) -> None:
    assert _refs(ORDERED, query)[:1] == [(1, item)]


# ---- rule item-pairs: several items at once ---------------------------------------------------

GROCERY = (
    "Ideas:\n1. Plan meals for the week\n2. Buy store brands\n3. Shop with a list\n"
    "4. Cook in batches\n5. Use a cashback app"
)
BEANS = (
    "Either a Brazilian Santos for a chocolatey shot or an Ethiopian Yirgacheffe for a fruity one."
)
ONE_THREE = ["Plan meals for the week", "Shop with a list"]
TWO_FOUR = ["Buy store brands", "Cook in batches"]
BOTH = ["a Brazilian Santos for a chocolatey shot", "an Ethiopian Yirgacheffe for a fruity one"]


@pytest.mark.parametrize(
    ("reply", "turn", "items"),
    [
        (GROCERY, "Any tips on the second and third?", ["Buy store brands", "Shop with a list"]),
        (GROCERY, "Numbers 2 and 4, can you expand?", TWO_FOUR),
        (GROCERY, "I like ideas 1, 3 and 5.", [*ONE_THREE, "Use a cashback app"]),
        (GROCERY, "the 2nd, 4th and 5th?", [*TWO_FOUR, "Use a cashback app"]),
        (BEANS, "Are both good with milk?", BOTH),
        (BEANS, "Is either of them decaf?", BOTH),
    ],
)
def test_several_items_picked_at_once(reply: str, turn: str, items: list[str]) -> None:
    assert [item for _, item in _refs(reply, turn)] == items
    off = [item for _, item in _refs(reply, turn, mh.Config(item_pairs=False))]
    assert off != items


@pytest.mark.parametrize(
    "turn",
    ["We both like strong coffee.", "Either way is fine.", "Thank you both!", "Both of us."],
)
def test_both_that_picks_nothing(turn: str) -> None:
    assert _refs(BEANS, turn) == []


def test_item_words_cache_is_the_sessions_own_and_never_saved() -> None:
    # The lists item-words reads are kept per session (next to its log's enumerations), for
    # the replies still in reach only, and are no part of the saved state.
    first, second = mh.Session(), mh.Session()
    first.user("What would you suggest?")
    first.assistant(EXTRAS)
    second.user("What would you suggest?")
    second.assistant(SLEEP)
    assert _items(first, "Which needle type for T-shirts?") == ["Universal and jersey needles"]
    assert _items(second, "Does decaf count for the coffee rule?") == ["Cut caffeine after midday"]
    log = first._log
    assert set(log.item_words) == {1}
    assert not second._log.item_words.keys() - {1}
    assert "item_words" not in log.state()
    for turn in range(12):
        first.user(f"Unrelated question number {turn} about the weather?")
        first.assistant("It depends on where you are.")
    first.preview("Which needle type for T-shirts?")
    assert 1 not in log.item_words  # out of reach: dropped


def _items(session: mh.Session, turn: str) -> list[str]:
    return [ref.item or "" for ref in session.preview(turn).references if ref.item]
