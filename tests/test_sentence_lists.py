"""Rules sentence-lists, lead-letters, item-over-said and own-list-words (issue 15 item 1, the
items7 session): lists written one sentence or clause per item with no number or count
("You could A. Or B.", a run of instructions, "Hone it, sharpen it, and store it"), a letter
opening the turn ("c in an open office?"), a turn reference that yields its item to an
ordinal's, an item of the user's own list named by its words; and what stays no list or no
pick."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.text.enumerations import enumeration_lists

ALTERNATIVES = (
    "You could use CSS grid, which gives even rows. Or, for a masonry look, use CSS columns. "
    "Masonry in grid itself is still experimental."
)
TOAST = (
    "Keep it under three minutes. Open with how you know the couple. Tell one short story. "
    "End by raising a glass to them."
)
KNIVES = (
    "Hone it on a steel every few uses, sharpen on a whetstone every couple of months, and "
    "store it on a magnetic strip."
)
MASONRY = "Or, for a masonry look, use CSS columns"
HONE = "Hone it on a steel every few uses"
LETTERED = (
    "The essentials:\na) A pan set with twelve colours\nb) Two round brushes\nc) Cold-pressed "
    "paper\nd) Masking tape"
)


def _lists(text: str) -> list[tuple[str, ...]]:
    return [listed.items for listed in enumeration_lists(text)]


def _first_item(turns: list[tuple[str, str]], query: str, config: mh.Config | None = None) -> str:
    session = mh.Session(config=config) if config is not None else mh.Session()
    for role, text in turns:
        session.user(text) if role == "user" else session.assistant(text)
    refs = session.preview(query).references
    return next((ref.item for ref in refs if ref.item and ref.target_turn is not None), "")


@pytest.mark.parametrize(
    ("text", "items"),
    [
        (ALTERNATIVES, ("You could use CSS grid, which gives even rows", MASONRY)),
        ("At home you could try a ball. Or nasal strips. Another option is a mouthguard.", 3),
        (TOAST, 4),
        (
            KNIVES,
            (HONE, "sharpen on a whetstone every couple of months", "store it on a magnetic strip"),
        ),
        ("For bedtime, try a chart, offer two choices, and keep the last hour quiet.", 3),
        ("Get some sleep. Eat breakfast. Book a warm-up lesson. And drive your own car.", 4),
        ("Give it two weeks. Water it daily. Keep it warm.", 3),
    ],
)
def test_sentence_lists_are_read(text: str, items: tuple[str, ...] | int) -> None:
    found = _lists(text)
    assert found, text
    if isinstance(items, int):
        assert len(found[-1]) == items, found
    else:
        assert found[-1] == items, found


@pytest.mark.parametrize(
    "text",
    [
        "Keep it short. Then send it.",  # two instructions: prose
        "Water is cheap. Sleep can help. Rest matters.",  # nouns before a verb
        "You could try it. It works well for most people.",  # one offer, no alternative
        "The grid is even. Or so it seems.",  # no offer before "Or"
        "Hone it and store it, since it lasts longer.",
        "Keep the receipt? Return it? Ask the shop?",  # questions
    ],
)
def test_prose_stays_no_sentence_list(text: str) -> None:
    assert _lists(text) == [], _lists(text)


@pytest.mark.parametrize(
    ("reply", "query", "item"),
    [
        (ALTERNATIVES, "the masonry one, does it work in safari?", MASONRY),
        (TOAST, "the story bit, funny or sweet?", "Tell one short story"),
        (KNIVES, "the honing, what angle?", HONE),
    ],
)
def test_items_of_sentence_lists_are_named(reply: str, query: str, item: str) -> None:
    assert _first_item([("user", "Any tips?"), ("assistant", reply)], query) == item


def test_a_letter_opening_the_turn_picks_the_lettered_list() -> None:
    turns = [("user", "What do I need?"), ("assistant", LETTERED), ("user", "And muddy colours?")]
    turns.append(("assistant", "You could let layers dry. Or use fewer colours."))
    assert _first_item(turns, "c - worth it for a beginner?") == "Cold-pressed paper"
    assert _first_item(turns, "b - synthetic or sable?") == "Two round brushes"
    # Rule letter-picks (stop 36) reads a letter over a lettered list too: off with it.
    off = mh.Config().replace(lead_letters=False, letter_picks=False)
    assert _first_item(turns, "c - worth it for a beginner?", off) != "Cold-pressed paper"


@pytest.mark.parametrize(
    "query", ["e.g. what about glue?", "a quick question: glue?", "i think so"]
)
def test_other_openings_pick_no_letter(query: str) -> None:
    turns = [("user", "What do I need?"), ("assistant", LETTERED)]
    assert _first_item(turns, query) not in ("Two round brushes", "Cold-pressed paper")


def test_an_ordinal_item_comes_before_a_turn_references_item() -> None:
    hotels = (
        "Options:\n1. Hotel Sacher, a classic hotel\n2. Hotel Topazz, a boutique hotel\n"
        "3. Hotel Daniel, a design hotel"
    )
    turns = [("user", "Hotels in Vienna?"), ("assistant", hotels)]
    query = "Of the hotels you listed, is the second one quiet?"
    assert _first_item(turns, query) == "Hotel Topazz, a boutique hotel"
    off = mh.Config().replace(item_over_said=False)
    assert _first_item(turns, query, off) == "Hotel Sacher, a classic hotel"


def test_an_item_of_the_users_own_list_is_named_by_its_words() -> None:
    turns = [
        ("user", "I was planning to: put up posters, post it online, price everything with "
                 "stickers, and have a float of coins ready. Anything missing?"),
        ("assistant", "That covers it. Add a table for free items."),
    ]  # fmt: skip
    query = "for the stickers idea I mentioned, round numbers or exact?"
    assert _first_item(turns, query) == "price everything with stickers"
    off = mh.Config().replace(own_list_words=False)
    assert _first_item(turns, query, off) != "price everything with stickers"


def test_a_plain_quality_picks_the_item_at_that_end() -> None:
    tyres = (
        "Good winter tyres:\n1. Michelin Alpin 6, long-lasting\n2. Nokian Snowproof 2, "
        "strong in snow\n3. Debica Frigo HP2, a budget choice at half the price"
    )
    turns = [("user", "Which winter tyres?"), ("assistant", tyres)]
    query = "The cheap one is made in Poland?"
    assert _first_item(turns, query) == "Debica Frigo HP2, a budget choice at half the price"
    assert _first_item(turns, query, mh.Config().replace(plain_qualities=False)) == ""


@pytest.mark.parametrize("query", ["Are the pumpkins ok from day one?", "since day 1 it wilts"])
def test_from_day_one_is_no_pick(query: str) -> None:
    plan = "Plan:\nDay 1: Garlic and onions\nDay 2: Rosemary\nDay 3: Squash"
    turns = [("user", "What should I plant?"), ("assistant", plan)]
    assert _first_item(turns, query) != "Day 1: Garlic and onions"
    assert _first_item(turns, "What about day one, when?") == "Day 1: Garlic and onions"


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("the watering one, how do I check?", "Overwatering, the most common cause"),
        ("the drying one, can I use a hairdryer?", "Let the soil dry out between drinks"),
        ("the leaves one, is it normal?", "Old leaves dying off as it grows"),
    ],
)
def test_item_words_read_other_forms_of_a_word(query: str, item: str) -> None:
    reply = (
        "Usual causes:\n1. Overwatering, the most common cause\n2. Not enough light\n"
        "3. Old leaves dying off as it grows\n4. Let the soil dry out between drinks"
    )
    assert _first_item([("user", "Yellow leaves, why?"), ("assistant", reply)], query) == item


def test_a_ves_plural_names_its_list() -> None:
    turns = [
        ("user", "One good kitchen knife?"),
        ("assistant", "Choices:\n1. Victorinox Fibrox\n2. Tojiro DP\n3. Wusthof Classic"),
        ("user", "How do I keep it sharp?"),
        ("assistant", "Steps:\n1. Hone it weekly\n2. Sharpen it monthly\n3. Store it on a strip"),
    ]
    query = "among the knives you suggested, the first, is it dishwasher safe?"
    assert _first_item(turns, query) == "Victorinox Fibrox"


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("A plan.\n\nBefore the flight: sleep early.\n\nOn the plane: drink water.", 2),
        ("Options: the template, for views; the profiler, for hot spots; or a log line.", 3),
    ],
)
def test_label_lines_and_option_leads_are_lists(text: str, items: int) -> None:
    assert len(_lists(text)[-1]) == items, _lists(text)


@pytest.mark.parametrize(
    "text",
    [
        "A: yes\nB: no",
        "Option 1: Redis\nOption 2: Memcached",
        "Very: nobody loses, and it is fast.",
    ],
)
def test_labelled_lists_keep_their_own_reading(text: str) -> None:
    assert all(":" not in item for items in _lists(text) for item in items)


def test_a_bare_ordinal_opening_a_terse_turn_picks_from_the_list_it_names() -> None:
    turns = [
        ("user", "List stutters. causes?"),
        ("assistant", "Likely culprits:\n1. No stable ids\n2. Heavy body\n3. Big images"),
        ("user", "profiling tool?"),
        ("assistant", "Tools:\n- Instruments\n- Time Profiler\n- printChanges"),
    ]
    assert _first_item(turns, "middle tool, how to read it?") == "Time Profiler"
    assert _first_item(turns, "last culprit: fix how?") == "Big images"


def test_the_cheaper_one_without_another_reference() -> None:
    routes = "Two routes. **Spraying:** the cheaper route. **Digging:** fast but expensive."
    turns = [("user", "How do firms remove it?"), ("assistant", routes)]
    assert _first_item(turns, "the cheaper one, why so slow?") == "**Spraying:** the cheaper route."
    assert _first_item(turns, "the fastest way to get there?") == ""
