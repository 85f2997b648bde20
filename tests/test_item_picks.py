"""Stop 36's item picks (issue 15 item 1, the items36 session): a letter label inside a longer
turn over the user's own lettered list or a reply's (rule letter-picks), the item the question
names when the first one named sits in a clause put aside (clause-picks), "the last one about
X" (ordinal-about), and an item of the user's own list when no reply since has one, by an
ordinal (own-list-ordinals) or by its words (own-list-items); with the floor of
``items_holdout36.jsonl``, written before any of it."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.dialogue.letter_picks import inline_items
from multihorizon.evaluation import evaluate
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"

_OWN_INLINE = (
    "Trying to pick a bike for commuting. Options: A) a steel tourer, second hand, £400, "
    "B) an aluminium hybrid with hub gears £750, C) a folding bike £1,100 so I can take "
    "the train. Thoughts?"
)
_OWN_LINES = (
    "birthday present for my dad, ideas so far:\na) a whisky tasting voucher\n"
    "b) a framed print of his old street\nc) noise cancelling headphones\nwhich one"
)
_REPLY_PROSE = (
    "The hybrid is the sensible commuter: hub gears need little care. The tourer is great "
    "value if the frame is sound. The folder only pays off if the train part is daily."
)
_REPLY_LETTERED = (
    "Three ways to heat the workshop:\n(a) a wood burner, cheap fuel if you have offcuts\n"
    "(b) an oil-filled electric radiator on a timer\n(c) a diesel space heater for quick bursts"
)
_NUMBERED = (
    "A plan for the first month:\n1. Walk twenty minutes after lunch\n2. Swap fizzy drinks "
    "for water\n3. Sleep by eleven on weeknights\n4. Cook at home four nights a week"
)
_BULLETS = (
    "For the kitchen:\n- Keep a jug of water on the table\n- Batch cook soups on Sunday\n"
    "- Keep fruit in a bowl you can see"
)


def _first_item(history: list[tuple[str, str]], query: str, config: mh.Config | None = None):
    session = mh.Session(config=config or mh.Config())
    for role, text in history:
        (session.user if role == "user" else session.assistant)(text)
    envelope = session.user(query)
    return next((ref.item for ref in envelope.references if ref.item is not None), None)


_BIKES = [("user", _OWN_INLINE), ("assistant", _REPLY_PROSE)]
_GIFTS = [("user", _OWN_LINES), ("assistant", "The print is the most personal of the three.")]


# ---- letter-picks ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("is B really worth almost double?", "an aluminium hybrid with hub gears £750"),
        ("what about C if the train is only twice a week", "a folding bike £1,100 so I"),
        ("c - does it fold small enough for a bus?", "a folding bike £1,100 so I"),
        ("I'd lean to (a) then, what should I check on the frame?", "a steel tourer"),
        ("A? how old is too old for a steel frame", "a steel tourer"),
    ],
)
def test_a_letter_in_a_longer_turn_picks_the_item_of_the_users_own_lettered_list(
    query: str, item: str
) -> None:
    found = _first_item(_BIKES, query)
    assert found is not None
    assert found.startswith(item), found


@pytest.mark.parametrize(
    ("query", "item"),
    [
        ("b, where do I get it framed?", "a framed print of his old street"),
        ("and c, which brand is comfortable with glasses", "noise cancelling headphones"),
    ],
)
def test_a_letter_picks_from_a_list_written_one_item_a_line(query: str, item: str) -> None:
    assert _first_item(_GIFTS, query) == item


@pytest.mark.parametrize(
    "query",
    [
        "A friend says commuting by bike in winter is miserable, is that fair?",
        "I think I will decide after a test ride, is that normal in shops?",
        "A quick one: do I need lights by law?",
        "Is vitamin C worth taking in winter if I ride in the rain?",
    ],
)
def test_a_capital_that_is_a_word_picks_no_item(query: str) -> None:
    assert _first_item(_BIKES, query) is None


def test_a_letter_over_a_replys_lettered_list() -> None:
    history = [("user", "how do I heat a cold garage workshop?"), ("assistant", _REPLY_LETTERED)]
    found = _first_item(history, "is c safe in a closed space though?")
    assert found == "a diesel space heater for quick bursts"


def test_a_turn_writing_its_own_lettered_list_picks_nothing_by_its_labels() -> None:
    query = "new idea:\na) a cooking class\nb) a boat trip\nwhich is better?"
    assert _first_item(_GIFTS, query) is None


_INLINE = (
    "Torn between A: a MacBook Air at 999, B: a ThinkPad T14 at 850, or C: a Dell XPS 13 "
    "at 1,100, mostly for coding. Opinions?"
)
_LAPTOPS = [("user", _INLINE), ("assistant", "The ThinkPad has the best keyboard.")]


def test_inline_options_with_colon_labels_are_read_where_the_list_parse_splits_them() -> None:
    assert inline_items(_INLINE)[:2] == ("a MacBook Air at 999", "a ThinkPad T14 at 850")
    assert inline_items("a - the blue sofa, b - the grey one. help")[1] == "the grey one"
    assert inline_items("A friend said: buy the blue one") == ()


def test_a_letter_picks_an_inline_option() -> None:
    assert _first_item(_LAPTOPS, "Would B run Linux without fuss?") == "a ThinkPad T14 at 850"


def test_letter_picks_off_leaves_the_letter_unread() -> None:
    config = mh.Config().replace(letter_picks=False)
    assert _first_item(_BIKES, "is B really worth almost double?", config) is None


# ---- clause-picks ---------------------------------------------------------------------------

_WORKSHOP = [("user", "how do I heat a cold garage workshop?"), ("assistant", _REPLY_LETTERED)]


def test_the_question_after_a_clause_put_aside_names_the_item() -> None:
    query = "Before I settle on (b), would the diesel heater need a vent?"
    assert _first_item(_WORKSHOP, query) == "a diesel space heater for quick bursts"


def test_an_item_only_in_the_clause_put_aside_is_still_the_pick() -> None:
    query = "Before I go with (b), what timer would you get?"
    assert _first_item(_WORKSHOP, query) == "an oil-filled electric radiator on a timer"


def test_clause_picks_off_keeps_the_first_item_named() -> None:
    query = "Before I settle on (b), would the diesel heater need a vent?"
    config = mh.Config().replace(clause_picks=False)
    assert _first_item(_WORKSHOP, query, config) == "an oil-filled electric radiator on a timer"


# ---- ordinal-about --------------------------------------------------------------------------

_HEALTH = [
    ("user", "I want to get a bit healthier, where do I start?"),
    ("assistant", _NUMBERED),
    ("user", "and in the kitchen?"),
    ("assistant", _BULLETS),
]


def test_the_last_one_about_a_word_names_the_last_item_about_it_in_an_earlier_list() -> None:
    found = _first_item(_HEALTH, "the last one about sleep, is eleven too late?")
    assert found == "Sleep by eleven on weeknights"


def test_the_last_one_about_a_word_the_latest_last_item_holds_stays() -> None:
    found = _first_item(_HEALTH, "the last one about fruit, which keeps longest?")
    assert found == "Keep fruit in a bowl you can see"


def test_the_first_one_about_water_counts_among_the_items_about_water() -> None:
    history = _HEALTH[:2]
    found = _first_item(history, "the first one about water, sparkling ok?")
    assert found == "Swap fizzy drinks for water"


def test_ordinal_about_off_reads_the_last_item_of_the_latest_list() -> None:
    config = mh.Config().replace(ordinal_about=False)
    found = _first_item(_HEALTH, "the last one about sleep, is eleven too late?", config)
    assert found == "Keep fruit in a bowl you can see"


# ---- own-list-ordinals ----------------------------------------------------------------------

_ROUNDS = [
    (
        "user",
        "Planning the office away day, three activities in mind: 1) an escape room, 2) a "
        "cooking workshop, 3) a guided river walk. Which suits a mixed group?",
    ),
    ("assistant", "The cooking workshop suits most people; escape rooms suit the keen ones."),
]


def test_an_ordinal_reads_the_users_own_list_when_no_reply_since_has_one() -> None:
    assert _first_item(_ROUNDS, "For the third one, what if it rains?") == "a guided river walk"


def test_an_ordinal_reads_a_later_replys_list_over_the_users_own() -> None:
    history = [*_ROUNDS, ("user", "what should we eat?"), ("assistant", _BULLETS)]
    found = _first_item(history, "the third one, any tips?")
    assert found == "Keep fruit in a bowl you can see"


def test_own_list_ordinals_off_leaves_the_ordinal_unread() -> None:
    config = mh.Config().replace(own_list_ordinals=False)
    assert _first_item(_ROUNDS, "For the third one, what if it rains?", config) is None


# ---- own-list-items -------------------------------------------------------------------------


_OWN_ITEMS = mh.Config().replace(own_list_items=True)  # off by default


def test_an_item_of_the_users_own_options_named_by_its_words() -> None:
    found = _first_item(_LAPTOPS, "would the Air handle Docker with 8 GB?", _OWN_ITEMS)
    assert found == "a MacBook Air at 999"


def test_the_question_after_a_clause_put_aside_names_the_own_item() -> None:
    query = "Rather than the Dell, would the Air handle Docker?"
    assert _first_item(_LAPTOPS, query, _OWN_ITEMS) == "a MacBook Air at 999"


def test_an_item_word_said_in_passing_names_no_own_item() -> None:
    query = "A friend codes on an Air all day, is 8 GB enough?"
    assert _first_item(_LAPTOPS, query, _OWN_ITEMS) is None


def test_own_list_items_off_by_default_leaves_the_words_unread() -> None:
    assert _first_item(_LAPTOPS, "would the Air handle Docker with 8 GB?") is None


def test_the_first_time_is_no_pick_of_the_own_list() -> None:
    assert _first_item(_ROUNDS, "the first time we did an away day it rained all day") is None


# ---- the picks leave the intent alone -------------------------------------------------------


def test_classify_analyse_and_user_agree_on_a_letter_pick() -> None:
    session = mh.Session()
    for role, text in _BIKES:
        (session.user if role == "user" else session.assistant)(text)
    query = "is B really worth almost double?"
    assert session.classify(query) == session.analyse(query)[0] == session.user(query).intent


# ---- linear time and the hold-out -----------------------------------------------------------


@pytest.mark.timed
@pytest.mark.parametrize("unit", ["b, ", "(a) ", "Before c, ", "the last one about x ", "B "])
def test_the_new_scans_are_linear(unit: str) -> None:
    def calls(size: int):
        text = (unit * (size // len(unit) + 1))[:size]
        session = mh.Session()
        session.user(_OWN_INLINE)
        session.assistant(_REPLY_LETTERED)
        return lambda: session.preview(text)

    small_call, large_call = calls(10_000), calls(100_000)
    small, large = best_seconds(small_call), best_seconds(large_call)
    for _ in range(5):  # a shared machine: timed again alternately before a verdict
        if large <= 30 * max(small, 0.005):
            break
        small, large = min(small, best_seconds(small_call)), min(large, best_seconds(large_call))
    assert large <= 30 * max(small, 0.005), (small, large)


# items_holdout36 (11 conversations, 72 probes, 54 reference probes, 46 with an item, 8
# controls), written before any code of the items36 session: first run (its branch point)
# item 0.522, acc@1 0.704; end run item 0.826, acc@1 0.907 (its misses not read). The floors
# sit a little below the end run.
ITEM_FLOOR = 0.80
ACC_FLOOR = 0.88


def test_items_holdout36_floor() -> None:
    report = evaluate(DATA / "items_holdout36.jsonl", "references")
    assert report.ours["item_accuracy"] >= ITEM_FLOOR, report.ours
    assert report.ours["acc_at_1"] >= ACC_FLOOR, report.ours


@pytest.mark.parametrize("question", ["is C worth it?", "C?", "What about C?"])
def test_a_letter_pick_after_a_tool_output_keeps_the_tool_reference(question: str) -> None:
    # The pick replaces an ordinal read on the same letter, never the tool reference the
    # §5.2 intent reads: classify, preview and user agree.
    session = mh.Session()
    session.user("Which heater?")
    session.assistant("A) stove\nB) panels\nC) heat pump")
    session.tool_output("ci", "price list: stove 400, panels 900, heat pump 3000")
    classified = session.classify(question)
    previewed = session.preview(question)
    assert previewed.intent == classified
    assert session.user(question).intent == classified


def test_an_own_list_ordinal_is_resolved_once_with_its_confidence() -> None:
    session = mh.Session()
    session.user("Shortlist: 1. a MacBook Air 2. a ThinkPad X1 3. a Dell XPS. Which is best?")
    session.assistant("For travel the lightest is best; for typing the keyboard matters most.")
    references = session.preview("What about the second one?").references
    ordinals = [r for r in references if r.type == "ordinal"]
    assert len(ordinals) == 1, ordinals
    assert ordinals[0].item == "a ThinkPad X1"
    assert ordinals[0].confidence > 0
