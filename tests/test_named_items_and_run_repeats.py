"""Stop 42's references (issue 15 item 1 §4, the refs42 session): a definite name picks the
list item it heads over a later step that mentions it (rule item-heads); a repeat of a run
repeats the turn the tool run answered, not a later question naming the same thing (rule
ran-requests); "the X version again" is the repeat's object, no ordinal (rule
version-repeats); with the floor of ``refs_holdout42.jsonl``, written before any of it."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.dialogue.references import Mention
from multihorizon.dialogue.verb_repeats import without_version_objects
from multihorizon.evaluation import evaluate
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"

_HERBS = [
    ("user", "building a herb spiral, which herbs should i plant in it?"),
    (
        "assistant",
        "Good herbs for a spiral:\n1. Rosemary at the dry top\n2. Sage, a single plant gets "
        "big\n3. Oregano for the middle band\n4. Mint in a sunk pot at the bottom",
    ),
    ("user", "how do i actually build it"),
    (
        "assistant",
        "Building it:\n1. Mark a circle about 2 m across\n2. Lay a spiral wall of bricks\n3. "
        "Fill the top with gravelly soil\n4. Plant the rosemary at the top and the mint pot "
        "by the base",
    ),
]
_KITCHEN = [
    ("user", "what should i stock for a first kitchen"),
    (
        "assistant",
        "Basics:\n1. A chef's knife and a board\n2. One big frying pan\n3. A colander\n4. "
        "Olive oil, salt and pepper",
    ),
    ("user", "and cleaning it?"),
    (
        "assistant",
        "Cleaning:\n1. Wipe the counters daily\n2. Scrub the frying pan with hot water, no "
        "soap on cast iron\n3. Descale the kettle monthly",
    ),
]


def _session(history, config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config or mh.Config(antecedents=True))
    for entry in history:
        role, text = entry[0], entry[1]
        if role == "user":
            session.user(text)
        elif role == "assistant":
            session.assistant(text)
        else:
            session.tool_output(entry[2], text)
    return session


def _item(history, query: str, config: mh.Config | None = None) -> str | None:
    envelope = _session(history, config).user(query)
    return next((ref.item for ref in envelope.references if ref.item), None)


# ---- item-heads ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("history", "query", "item"),
    [
        (_HERBS, "and the mint, will it spread everywhere?", "Mint in a sunk pot at the bottom"),
        (_HERBS, "the rosemary, does it need feeding", "Rosemary at the dry top"),
        (_KITCHEN, "the colander, metal or plastic?", "A colander"),
    ],
)
def test_a_name_picks_the_item_it_heads(history, query, item) -> None:
    assert _item(history, query) == item


def test_a_name_only_a_later_step_says_stays_there() -> None:
    # "the counters" heads no item; the cleaning step that says it is meant.
    assert _item(_KITCHEN, "the counters, which spray?") == "Wipe the counters daily"


def test_the_x_one_is_no_name() -> None:
    # "the frying one" names an item by a word of it: the nearer list's step, as before.
    found = _item(_KITCHEN, "the frying one, how hot should the water be?")
    assert found != "One big frying pan"


def test_item_heads_off_takes_the_nearer_mention() -> None:
    off = mh.Config(antecedents=True, item_heads=False)
    assert _item(_HERBS, "and the mint, will it spread everywhere?", off) != (
        "Mint in a sunk pot at the bottom"
    )


# ---- ran-requests and version-repeats -----------------------------------------------------------

_SALES = [
    ("user", "pull total sales per product for november"),
    ("tool", "product|total\nsourdough|3120\ncroissant|2480", "sql"),
    ("assistant", "November: sourdough 3120, croissant 2480."),
    ("user", "now just the orders that are still unpaid"),
    ("tool", "product|total\nsourdough|410\ncroissant|120", "sql"),
    ("assistant", "Unpaid in November: sourdough 410, croissant 120."),
    ("user", "who are the big unpaid customers"),
    ("assistant", "Mostly the two cafés on wholesale accounts."),
    ("user", "different topic, which flour suppliers do we use"),
    ("tool", "name|kg\nMillers Co|800\nStone Mill|300", "sql"),
    ("assistant", "Millers Co and Stone Mill."),
]


def _action(history, query: str, config: mh.Config | None = None) -> int | None:
    session = _session(history, config)
    envelope = session.user(query)
    found = [ref.target_turn for ref in envelope.references if ref.type == "action"]
    return found[0] if found else None


def _user_turn(history, text: str) -> int:
    """The logged turn id of a user turn (tool outputs are no logged turns)."""
    logged = [entry for entry in history if entry[0] != "tool"]
    return next(i for i, entry in enumerate(logged) if entry[1] == text)


def test_a_repeat_of_a_run_repeats_the_turn_the_run_answered() -> None:
    unpaid = _user_turn(_SALES, "now just the orders that are still unpaid")
    assert _action(_SALES, "run the unpaid filter version again but by quarter") == unpaid
    first = _user_turn(_SALES, "pull total sales per product for november")
    assert _action(_SALES, "redo the total sales per product for october") == first


def test_the_version_is_no_ordinal_of_the_repeat() -> None:
    envelope = _session(_SALES).user("run the unpaid filter version again but by quarter")
    assert [ref.type for ref in envelope.references] == ["action"]


def test_the_rules_off_keep_the_question_or_the_ordinal() -> None:
    query = "run the unpaid filter version again but by quarter"
    unpaid = _user_turn(_SALES, "now just the orders that are still unpaid")
    off = mh.Config(antecedents=True, ran_requests=False)
    assert _action(_SALES, query, off) != unpaid
    off = mh.Config(antecedents=True, version_repeats=False)
    assert [ref.type for ref in _session(_SALES, off).user(query).references] != ["action"]


def test_a_repeat_with_no_run_named_walks_as_before() -> None:
    # "do the same for Lewes" names nothing a run asked for: the usual walk (the request).
    letters = [
        ("user", "can you write a cover letter for the staff nurse job at St Mary's"),
        ("assistant", "Dear Recruitment Team, I am applying for the Staff Nurse post."),
        ("user", "what should I wear to the interview"),
        ("assistant", "Smart and simple: a plain shirt and trousers."),
    ]
    assert _action(letters, "now do the same for the clinic in Lewes") == 0


def test_a_version_no_action_follows_stays_an_ordinal() -> None:
    said = "is the short version ok for the form?"
    mention = Mention("ordinal", "the short version", 3, 20, terms=("short",))
    assert without_version_objects(said, [mention]) == [mention]


def test_the_version_scan_is_linear() -> None:
    def seconds(size: int) -> float:
        text = "the unpaid version again. " * size
        found = [
            Mention("ordinal", "the unpaid version", 26 * i, 26 * i + 18, terms=("unpaid",))
            for i in range(0, size, max(1, size // 50))
        ]
        found.append(Mention("action", "again", 19, 24))
        return best_seconds(lambda: without_version_objects(text, found))

    small, large = seconds(10_000), seconds(100_000)
    assert large < 30 * max(small, 0.001), (small, large)


# ---- slot-requests and the "mention" message cue ------------------------------------------------

_LETTERS = [
    ("user", "could you write a cover letter for the barista job at Bean There, 2 years at Costa"),
    ("assistant", "Dear Hiring Manager,\n\nI am applying for the barista role at Bean There."),
    ("user", "unrelated, what's a good alarm app for early shifts"),
    ("assistant", "Alarmy makes you solve a puzzle to turn it off."),
    ("user", "i tried it this morning and it worked"),
    ("assistant", "Great!"),
]


def test_a_variation_naming_the_request_passes_a_later_question() -> None:
    assert _action(_LETTERS, "same for the supervisor job please") == 0
    off = mh.Config(antecedents=True, slot_requests=False)
    assert _action(_LETTERS, "same for the supervisor job please", off) == 2


def test_a_variation_naming_the_question_keeps_it() -> None:
    # The variation names the question's own words: the question is repeated.
    assert _action(_LETTERS, "same for late shifts") == 2


def test_mention_in_the_variation_asks_for_the_message_again() -> None:
    query = "now do the same for the supervisor post at Grind, mention my food hygiene cert"
    assert _action(_LETTERS, query) == 0


# ---- hold-out floor ----------------------------------------------------------------------------
# refs_holdout42 (10 conversations, 78 probes, 47 references, controls), written before any
# code of the refs42 session: first run (its branch point) references acc@1 30/47 (action
# 5/14, entity 3/6, ordinal 22/27), items 24/33, intent 0.966; end run acc@1 33/47 (action
# 6/14, entity 5/6, ordinal 22/27), items 26/33, intent 0.966. One probe was read (a
# resumption version-repeats first cost); the floors sit a little below the end run.
ACC_FLOOR = 0.68
ITEM_FLOOR = 0.76


def test_refs_holdout42_floor() -> None:
    found = evaluate(DATA / "refs_holdout42.jsonl", "references").ours
    assert found["acc_at_1"] >= ACC_FLOOR
    assert found["item_accuracy"] >= ITEM_FLOOR


# ---- the rules' on/off observers (tests/test_rules.py) -----------------------------------------


def _observe_item_heads(config: mh.Config) -> object:
    return _item(_HERBS, "and the mint, will it spread everywhere?", config)


def _observe_ran_requests(config: mh.Config) -> object:
    return _action(_SALES, "redo the total sales per product for october", config)


def _observe_version_repeats(config: mh.Config) -> object:
    envelope = _session(_SALES, config).user("run the unpaid filter version again but by quarter")
    return [ref.type for ref in envelope.references]


def _observe_slot_requests(config: mh.Config) -> object:
    return _action(_LETTERS, "same for the supervisor job please", config)


OBSERVERS = {
    "slot-requests": _observe_slot_requests,
    "item-heads": _observe_item_heads,
    "ran-requests": _observe_ran_requests,
    "version-repeats": _observe_version_repeats,
}
