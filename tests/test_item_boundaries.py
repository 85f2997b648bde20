"""Stop 37's enumerated-item work (issue 15 item 1, the items37 session): amounts with
thousands separators and decimals are no list boundaries; a comma clause opening with a
relative pronoun is no offered list; "number 2" over the user's own list; letters that are no
pick (rule letter-values), two letters named together (letter-pairs), "My last one broke"
(own-ones), "my third item" (own-possessive-ordinals); the References-Resolved header counting
the item picks; with the floor of ``ownlists_holdout37.jsonl``, written before any of it."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.evaluation import evaluate
from multihorizon.text.enumerations import enumeration_lists
from multihorizon.text.scan import digit_group

DATA = Path(__file__).parent / "data" / "handwritten"

_BUDGET = (
    "Our monthly outgoings: 1. Rent £1,250 2. Childcare £800 3. Groceries £450 "
    "4. Travel £1,015.40. Is that sustainable on £4,200?"
)
_DISCUSSES = (
    "It's tight but workable: those four come to £3,515.40, which leaves under £700 for "
    "bills, council tax and savings."
)
_TRIP = (
    "Sailing in Croatia next week. I've got: 1. sunscreen 2. deck shoes 3. a dry bag "
    "4. seasickness tablets. What else?"
)
_ADDED = (
    "Add these:\n1. A light waterproof jacket\n2. Polarised sunglasses with a strap\n"
    "3. A head torch\n4. Cash in euros for harbour fees"
)
_DRIVES = (
    "Three options for the drive: a) a 1TB NVMe b) a 2TB NVMe c) a 2TB SATA SSD. "
    "Mostly photo editing."
)
_PLANS = (
    "The shop offered me:\nA) 30GB for £12 a month\nB) unlimited for £20 a month\n"
    "C) 100GB for £15 a month"
)


def _session(history: list[tuple[str, str]], config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config or mh.Config())
    for role, text in history:
        (session.user if role == "user" else session.assistant)(text)
    return session


def _items(history: list[tuple[str, str]], query: str, config: mh.Config | None = None):
    envelope = _session(history, config).user(query)
    return [ref.item for ref in envelope.references if ref.item is not None]


# ---- amounts are no list boundaries ------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "items"),
    [
        (_BUDGET, ("Rent £1,250", "Childcare £800", "Groceries £450", "Travel £1,015.40")),
        (
            "Three quotes came in: the roof at €14,500, new windows at €6,800, and a septic "
            "tank at €9,250.",
            ("the roof at €14,500", "new windows at €6,800", "a septic tank at €9,250"),
        ),
        (
            "The candidate licences are: 1. MIT, 2. Apache 2.0, 3. MPL 2.0. Which one?",
            ("MIT", "Apache 2.0", "MPL 2.0"),
        ),
        (
            "You could buy A at £1,000, B at £2,000 or C at £3,500.",
            ("A at £1,000", "B at £2,000", "C at £3,500"),
        ),
    ],
)
def test_thousands_separators_and_decimals_stay_in_their_item(text: str, items: tuple) -> None:
    assert enumeration_lists(text)[-1].items == items


def test_digit_group_reads_only_a_separator_or_a_decimal_point() -> None:
    text = "£1,250, 2. Tea £3.50 or 1,2 or 1,2345"
    assert digit_group(text, text.index(","))
    assert digit_group(text, text.index(".50"))
    assert not digit_group(text, text.index(", "))
    assert not digit_group(text, text.index(". "))
    assert not digit_group(text, text.index("1,2 ") + 1)  # "1,2": two picks, no amount
    assert not digit_group(text, text.index("1,2345") + 1)
    assert not digit_group(",", 0)


def test_a_relative_clause_is_no_offered_list() -> None:
    assert enumeration_lists(_DISCUSSES) == ()


def test_number_two_over_the_users_own_list_after_a_reply_that_discusses_it() -> None:
    history = [("user", _BUDGET), ("assistant", _DISCUSSES)]
    assert _items(history, "is number 2 too much for two days a week?") == ["Childcare £800"]
    assert _items(history, "what about the first one I listed?") == ["Rent £1,250"]


# ---- your list / my list -----------------------------------------------------------------


def test_your_list_and_my_list_name_whose_list() -> None:
    history = [("user", _TRIP), ("assistant", _ADDED)]
    assert _items(history, "the last thing on your list, how much?")[0].startswith("Cash")
    assert _items(history, "the second on my list, any brand?")[0] == "deck shoes"
    assert _items(history, "my third item, which size?")[0] == "a dry bag"
    off = mh.Config().replace(own_possessive_ordinals=False)
    assert _items(history, "my third item, which size?", off)[0] == "A head torch"


# ---- letter-values, letter-pairs -----------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "My blood type is B, does that matter here?",
        "should i copy it to C: or D: then?",
        "the spec sheet footer says (c) 2023 Samsung, is it the 990 Pro?",
        "our grade was C last year, is that enough?",
    ],
)
def test_a_letter_that_is_no_pick_names_no_item(query: str) -> None:
    history = [("user", _DRIVES), ("assistant", "Go for the 2TB NVMe: catalogues grow fast.")]
    assert _items(history, query) == []
    # The switch is what keeps it out: off, letter-picks reads the letter as a label.
    assert _items(history, query, mh.Config().replace(letter_values=False))


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("is b worth it?", "a 2TB NVMe"),
        ("my vote is B, any catch?", "a 2TB NVMe"),
        ("what about (c)?", "a 2TB SATA SSD"),
        ("copy the catalogue to C: or D:?", None),
    ],
)
def test_a_letter_pick_stays_a_pick(query: str, item: str | None) -> None:
    history = [("user", _DRIVES), ("assistant", "Go for the 2TB NVMe: catalogues grow fast.")]
    assert _items(history, query)[:1] == ([item] if item else [])


def test_two_letters_named_together_name_both_the_first_first() -> None:
    history = [("user", "new contract, which?"), ("assistant", _PLANS)]
    items = _items(history, "so overall plan A or B if I travel a lot?")
    assert items[:2] == ["30GB for £12 a month", "unlimited for £20 a month"]
    off = _items(
        history,
        "so overall plan A or B if I travel a lot?",
        mh.Config().replace(letter_pairs=False),
    )
    assert off[0] == "unlimited for £20 a month"


# ---- own-ones --------------------------------------------------------------------------------


def test_my_last_one_is_no_pick_of_the_list() -> None:
    history = [
        ("user", "Cordless vacuum shortlist: 1) Shark IZ202 2) Dyson V8 3) Samsung Jet 75."),
        ("assistant", "For dog hair the Shark is the pick; the Samsung has the longest battery."),
    ]
    query = "My last one broke after a year when the battery died, do these last longer?"
    assert _items(history, query) == []
    assert _items(history, query, mh.Config().replace(own_ones=False)) == ["Samsung Jet 75"]
    assert _items(history, "does the last one come with a pet tool?") == ["Samsung Jet 75"]


# ---- the References-Resolved header ------------------------------------------------------------


def test_references_resolved_counts_the_item_picks() -> None:
    # SPEC-028 §7.3: every referential expression resolved this turn; an item rule's pick
    # over the user's own list is one, though the stage's ``resolved`` holds none.
    session = _session([("user", _BUDGET), ("assistant", _DISCUSSES)])
    envelope = session.user("is number 2 too much?")
    resolved = [ref for ref in envelope.references if ref.target_turn is not None]
    assert resolved
    assert resolved[0].item == "Childcare £800"
    assert envelope.headers["CRP-Context-References-Resolved"] == str(len(resolved))


def test_references_resolved_counts_both_letters_of_a_pair() -> None:
    envelope = _session([("user", "which?"), ("assistant", _PLANS)]).user("A or B?")
    assert envelope.headers["CRP-Context-References-Resolved"] == "2"


def test_no_reference_counts_zero() -> None:
    envelope = _session([("user", _BUDGET), ("assistant", _DISCUSSES)]).user("thanks, that helps")
    assert envelope.headers["CRP-Context-References-Resolved"] == "0"


# ---- hold-out floor ------------------------------------------------------------------------
# ownlists_holdout37 (11 conversations, 64 probes, 48 reference probes, 35 with an item, 13
# controls), written before any code of the items37 session: first run (its branch point)
# item 0.714, acc@1 0.667; end run item 0.857, acc@1 0.833 (its misses not read). The floors
# sit a little below the end run.
ITEM_FLOOR = 0.82
ACC_FLOOR = 0.80


def test_ownlists_holdout37_floor() -> None:
    report = evaluate(DATA / "ownlists_holdout37.jsonl", "references")
    assert report.ours["item_accuracy"] >= ITEM_FLOOR, report.ours
    assert report.ours["acc_at_1"] >= ACC_FLOOR, report.ours


# ---- the rules' on/off observers (tests/test_rules.py) ------------------------------------


def _observe_letter_value(config: mh.Config) -> object:
    history = [("user", _DRIVES), ("assistant", "Go for the 2TB NVMe: catalogues grow fast.")]
    return _items(history, "My blood type is B, does that matter here?", config)


def _observe_letter_pair(config: mh.Config) -> object:
    return _items([("user", "which?"), ("assistant", _PLANS)], "plan A or B?", config)


def _observe_own_one(config: mh.Config) -> object:
    history = [("user", _TRIP), ("assistant", "Good list; add a hat.")]
    return _items(history, "My last one blew away, which hat stays on?", config)


def _observe_own_possessive_ordinal(config: mh.Config) -> object:
    return _items([("user", _TRIP), ("assistant", _ADDED)], "my third item, which size?", config)


OBSERVERS = {
    "letter-values": _observe_letter_value,
    "letter-pairs": _observe_letter_pair,
    "own-ones": _observe_own_one,
    "own-possessive-ordinals": _observe_own_possessive_ordinal,
}
