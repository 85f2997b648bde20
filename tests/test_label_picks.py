"""Stop 35's item forms (issue 15 item 1, the items35 session): pipe tables and roman-numbered
lines read as lists (rules table-rows, roman-labels), two choices with clauses of their own
(or-pairs), bare-label and roman-numeral picks (label-picks), sub-items of a nested list
(sub-steps) and an ordinal before a noun of the user's own list (own-list-nouns); with the
floor of ``items_holdout35.jsonl``, written before any of it."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.evaluation import evaluate
from multihorizon.text.enumerations import enumeration_items, enumeration_lists
from multihorizon.text.list_styles import LETTERED, ROMAN, form_style, list_style
from multihorizon.text.pick_labels import roman_value
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"

_TABLE = (
    "Here is how they compare:\n\n| Plan | Price | Support |\n|---|---|---|\n"
    "| Basic | 5/month | email only |\n| Pro | 12/month | chat and email |\n"
    "| Business | 30/month | phone, 24/7 |\n\nAll three include SSL."
)
_ROMAN = (
    "Three layouts suit a small plot:\nI. Raised beds in a grid\nII. A keyhole bed with "
    "compost in the middle\nIII. Long borders along the fence\n\nWhich appeals?"
)
_NESTED = (
    "Do it in this order:\n1. Unbox and connect\n   a. Plug the WAN cable into the modem\n"
    "   b. Power it on and wait two minutes\n2. Configure the network\n   a. Open the admin "
    "page in a browser\n   b. Change the admin password\n   c. Set the wifi name\n"
    "3. Update the firmware"
)


def _items(text: str) -> list[tuple[str, ...]]:
    return [listed.items for listed in enumeration_lists(text)]


def _first_item(history: list[tuple[str, str]], query: str, config: mh.Config | None = None):
    session = mh.Session(config=config or mh.Config())
    for role, text in history:
        (session.user if role == "user" else session.assistant)(text)
    envelope = session.user(query)
    return next((ref.item for ref in envelope.references if ref.item is not None), None)


# ---- table-rows -----------------------------------------------------------------------------


def test_a_pipe_table_is_a_list_of_its_body_rows_with_the_header_as_its_lead() -> None:
    lists = enumeration_lists(_TABLE)
    rows = [listed for listed in lists if listed.items[0].startswith("Basic")]
    assert rows
    assert rows[0].items == (
        "Basic | 5/month | email only",
        "Pro | 12/month | chat and email",
        "Business | 30/month | phone, 24/7",
    )
    assert "Plan" in rows[0].lead  # "the first plan" names the table


@pytest.mark.parametrize(
    "text",
    [
        "| a | b |\n| c | d |\n| e | f |",  # no separator: pipes in prose or code
        "| Plan | Price |\n|---|---|\n| Basic | 5 |",  # one body row
        "Use a | b | c in the shell.",
    ],
)
def test_pipes_without_a_table_of_two_rows_are_no_list(text: str) -> None:
    assert not any(items[0].startswith(("a |", "c |", "Basic")) for items in _items(text))


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("the second row, is chat support any good?", "Pro | 12/month | chat and email"),
        ("the business one, is phone support worth it?", "Business | 30/month | phone, 24/7"),
        ("last row - 24/7 really?", "Business | 30/month | phone, 24/7"),
    ],
)
def test_a_row_is_picked_by_its_place_or_its_words(query: str, item: str) -> None:
    history = [("user", "which hosting plan for a small shop"), ("assistant", _TABLE)]
    assert _first_item(history, query) == item


# ---- roman-labels and label-picks -------------------------------------------------------------


def test_roman_numbered_lines_are_one_list_and_a_ninth_letter_stays_a_letter() -> None:
    assert (
        "Raised beds in a grid",
        "A keyhole bed with compost in the middle",
        "Long borders along the fence",
    ) in _items(_ROMAN)
    lettered = "\n".join(f"{letter}) item {letter}" for letter in "abcdefghij")
    assert _items(lettered) == [tuple(f"item {letter}" for letter in "abcdefghij")]
    assert list_style(_ROMAN, _items(_ROMAN)[0]) == ROMAN
    assert form_style("option II") == ROMAN
    assert form_style("option C") == LETTERED


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("option III, how deep should it be?", "Long borders along the fence"),
        ("II please", "A keyhole bed with compost in the middle"),
        ("is the layout II hard to build?", "A keyhole bed with compost in the middle"),
        ("2 pls", "A keyhole bed with compost in the middle"),
        ("3 pls", "Long borders along the fence"),
    ],
)
def test_a_bare_label_or_a_numeral_picks_the_item(query: str, item: str) -> None:
    history = [("user", "Which layout for the garden?"), ("assistant", _ROMAN)]
    assert _first_item(history, query) == item
    off = mh.Config().replace(label_picks=False)
    assert _first_item(history, query, off) != item


@pytest.mark.parametrize(
    "query",
    [
        "any good World War II history books?",
        "2 hours a week, is that enough?",
        "I have 2 kids and a dog",
        "option VII?",  # no seventh item
    ],
)
def test_numbers_and_numerals_that_pick_nothing(query: str) -> None:
    history = [("user", "Which layout for the garden?"), ("assistant", _ROMAN)]
    assert _first_item(history, query) is None


def test_a_bare_letter_prefers_the_lettered_list() -> None:
    history = [
        ("user", "our lease ends in March, options?"),
        ("assistant", "Broadly:\nA) Renew for five years\nB) Renew with a break clause"),
        ("user", "and costs?"),
        ("assistant", "Consider:\n1. Agent fees\n2. Fit-out\n3. Moving"),
    ]
    assert _first_item(history, "B please") == "Renew with a break clause"


# ---- or-pairs -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        (
            "For the batting you have two choices: cotton, which is flat and traditional, or "
            "polyester, which is lighter and cheaper.",
            ("cotton, which is flat and traditional", "polyester, which is lighter and cheaper"),
        ),
        (
            "You could take the bus, which is slower, or a taxi.",
            ("the bus, which is slower", "a taxi"),
        ),
    ],
)
def test_two_choices_with_clauses_of_their_own(text: str, pair: tuple[str, str]) -> None:
    assert _items(text) == [pair]


def test_three_choices_stay_a_comma_list_and_a_remark_is_no_pair() -> None:
    assert _items("You could use Redis, Memcached, or Postgres.") == [
        ("Redis", "Memcached", "Postgres")
    ]
    assert _items("I went to Rome, which was hot, or so it felt.") == []


def test_the_latter_of_a_pair_with_clauses() -> None:
    history = [
        ("user", "what goes in the water for bagels?"),
        (
            "assistant",
            "Two common choices: barley malt syrup, for the shine, or baking soda, for a "
            "darker crust.",
        ),
    ]
    assert (
        _first_item(history, "the latter, how much per litre?") == "baking soda, for a darker crust"
    )


# ---- sub-steps ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("step 1a, which port?", "Plug the WAN cable into the modem"),
        ("2b - must it be long?", "Change the admin password"),
        ("the second sub-step of step 2, how long?", "Change the admin password"),
        ("in step 2, the third sub-point: can I reuse my old name?", "Set the wifi name"),
        ("the first sub step under configuring the network?", "Open the admin page in a browser"),
        ("sub-step b of step 1, how long?", "Power it on and wait two minutes"),
    ],
)
def test_a_sub_item_is_picked_under_its_parent(query: str, item: str) -> None:
    history = [("user", "how do I set up the new router"), ("assistant", _NESTED)]
    assert _first_item(history, query) == item
    assert _first_item(history, query, mh.Config().replace(sub_steps=False)) != item


def test_a_number_letter_word_is_no_sub_item_without_a_nested_list() -> None:
    history = [("user", "how do I set up the new router"), ("assistant", _NESTED)]
    assert _first_item(history, "is a 3d printer hard to set up too?") is None
    flat = [("user", "plan?"), ("assistant", "Steps:\n1. Cut\n2. Sew\n3. Press")]
    assert _first_item(flat, "2b, is that the sewing?") in (None, "Sew")


# ---- own-list-nouns -------------------------------------------------------------------------


_OWN = [
    (
        "user",
        "I have narrowed the fish down to three: tilapia, goldfish and rainbow trout. Which?",
    ),
    ("assistant", "Goldfish: it copes with a cold garage."),
]


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("the third fish on my list, is oxygen a problem?", "rainbow trout"),
        ("and the first fish I mentioned, how much heating?", "tilapia"),
    ],
)
def test_an_ordinal_before_a_noun_of_the_users_own_list(query: str, item: str) -> None:
    assert _first_item(_OWN, query) == item
    # Rule own-list-forms picks by the ordinal word after "the" with the cue too: off here.
    off = mh.Config().replace(own_list_nouns=False, own_list_forms=False)
    assert _first_item(_OWN, query, off) != item


def test_an_ordinal_before_another_noun_is_no_pick_of_the_own_list() -> None:
    assert _first_item(_OWN, "the first time I kept fish on my list of hobbies, it failed") is None


# ---- linear time and the hold-out -----------------------------------------------------------


@pytest.mark.timed
@pytest.mark.parametrize("unit", ["| a | b |\n", "|---|\n", "x, which y, ", ", or ", "2b ", "II "])
def test_the_new_scans_are_linear(unit: str) -> None:
    def calls(size: int):
        text = (unit * (size // len(unit) + 1))[:size]
        session = mh.Session()
        session.user("which?")
        session.assistant(_NESTED)
        return lambda: (enumeration_lists(text), session.preview(text))

    small_call, large_call = calls(10_000), calls(100_000)
    small, large = best_seconds(small_call), best_seconds(large_call)
    for _ in range(5):  # a shared machine: timed again alternately before a verdict
        if large <= 30 * max(small, 0.005):
            break
        small, large = min(small, best_seconds(small_call)), min(large, best_seconds(large_call))
    assert large <= 30 * max(small, 0.005), (small, large)


def test_items_holdout35_floor() -> None:
    report = evaluate(DATA / "items_holdout35.jsonl", "references")
    assert report.ours["item_accuracy"] >= ITEM_FLOOR, report.ours
    assert report.ours["acc_at_1"] >= ACC_FLOOR, report.ours


# items_holdout35 (10 conversations, 64 reference probes, 54 with an item, 10 controls),
# written before any code of the items35 session: first run (its branch point) item 0.593,
# acc@1 0.797; end run item 0.778, acc@1 0.844 (its misses not read). The floors sit a
# little below the end run.
ITEM_FLOOR = 0.75
ACC_FLOOR = 0.82


# ---- label-picks after an either/or question -------------------------------------------------


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("the latter", "stay in Edinburgh and take day trips"),
        ("the first one please", "do a road trip around the Highlands"),
    ],
)
def test_a_bare_ordinal_picks_a_choice_the_reply_asked_about(query: str, item: str) -> None:
    history = [
        ("user", "planning a week in Scotland"),
        (
            "assistant",
            "Lovely. Would you rather do a road trip around the Highlands or stay in "
            "Edinburgh and take day trips?",
        ),
    ]
    intents = []
    for config in (mh.Config(), mh.Config().replace(label_picks=False)):
        session = mh.Session(config=config)
        for role, text in history:
            (session.user if role == "user" else session.assistant)(text)
        envelope = session.user(query)
        intents.append(envelope.intent)
    # Answering the reply's question: the §5.2 intent is not moved by the named pick.
    assert intents[0] is intents[1]
    assert _first_item(history, query) == item
    assert _first_item(history, query, mh.Config().replace(label_picks=False)) is None
    assert _first_item(history, "2 pls") is None  # digits after a question: a count too


# ---- word-parts -----------------------------------------------------------------------------

_PARTS = [
    ("user", "tips?"),
    (
        "assistant",
        "Options:\n- An oil-based primer under emulsion\n- Dim the lights an hour before "
        "bed\n- A water-borne paint with fungicide",
    ),
    ("user", "and naps?"),
    ("assistant", "One nap after lunch of about 90 minutes is typical."),
]


def test_an_item_named_by_a_part_of_a_hyphenated_word() -> None:
    query = "the oil one, does it smell for days?"
    assert _first_item(_PARTS, query) == "An oil-based primer under emulsion"
    off = mh.Config().replace(item_forms=False)
    assert _first_item(_PARTS, query, off) != "An oil-based primer under emulsion"


def test_an_item_named_by_a_short_stem() -> None:
    # "dimming" and "dim" share three letters, under same_stem's four: the ordinal "the
    # dimming one" resolved to no item (and item-words, which finds it by its related forms
    # with item-forms off, gives way to that reference).
    query = "the dimming one, is a night light ok?"
    assert _first_item(_PARTS, query) == "Dim the lights an hour before bed"


def test_a_numeral_after_a_question_with_no_list_in_reach_picks_nothing() -> None:
    history = [("user", "a week in Scotland"), ("assistant", "Would you rather drive or fly?")]
    assert _first_item(history, "option II") is None  # read no list (it raised before)
    assert _first_item(history, "the former") == "drive"


def test_a_zero_label_names_no_item() -> None:
    # "0 pls" is no pick: a digit label counts from 1 (a stop-35 review finding: it took the
    # last item)
    session = mh.Session()
    session.user("Which low-light plants could live in my bathroom?")
    session.assistant("Try one of these:\n1. Snake plant\n2. Pothos\n3. ZZ plant")
    for text in ("0 pls", "option 0"):
        items = [ref.item for ref in session.preview(text).references if ref.item]
        assert "ZZ plant" not in items, text


def test_roman_labels_past_twelve_continue_their_list() -> None:
    assert [roman_value(label) for label in ("XI", "XIII", "XIV", "xix", "XXXIX")] == [
        11, 13, 14, 19, 39,
    ]  # fmt: skip
    assert [roman_value(label) for label in ("IIII", "VX", "Ii", "XL")] == [None] * 4
    reply = "Chapters:\nXI. Arrival\nXII. The storm\nXIII. Landfall\nXIV. Home"
    assert enumeration_items(reply) == ("Arrival", "The storm", "Landfall", "Home")
