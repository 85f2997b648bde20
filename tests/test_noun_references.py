"""Stop 39's references by a noun (issue 15 item 1, the nouns39 session): "the index
suggestion" after a digression picks the item of the list of suggestions, not of a later list
of options that also says "index" (rule named-list-items); "same again for the builders,
asking them to confirm" repeats the request that made a message, not a later question (rule
message-repeats); with the floor of ``nouns_holdout39.jsonl``, written before any of it."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.dialogue.actions import asks_a_message
from multihorizon.dialogue.references import Mention
from multihorizon.evaluation import evaluate
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"


def _session(history: list[tuple[str, str]], config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config or mh.Config(antecedents=True))
    for role, text in history:
        session.user(text) if role == "user" else session.assistant(text)
    return session


def _reference(
    history: list[tuple[str, str]], query: str, kind: str, config: mh.Config | None = None
) -> tuple[int | None, str | None]:
    envelope = _session(history, config).user(query)
    found = [(ref.target_turn, ref.item) for ref in envelope.references if ref.type == kind]
    return found[0] if found else (None, None)


# ---- named-list-items --------------------------------------------------------------------------

_SLOW_PAGES = [
    ("user", "Our shop's product pages take two seconds to load. What can we do?"),
    (
        "assistant",
        "A few suggestions:\n1. Cache the rendered page for five minutes\n2. Add an index on "
        "products.brand_id\n3. Lazy-load the images below the fold",
    ),
    ("user", "unrelated, the nightly export job is slow too, any way around it?"),
    (
        "assistant",
        "Options:\n- Export from a read replica\n- Write in batches of 10,000 rows\n- Add an "
        "index on orders.updated_at so the scan is short",
    ),
    ("user", "moved it to the replica, it finished in ten minutes"),
    ("assistant", "Good, keep an eye on the replica lag."),
]


@pytest.mark.parametrize(
    "query",
    [
        "back to the product pages: the index suggestion, which columns?",
        "the index idea, is one column enough?",
        "re the product pages, the index tip - would a composite one help?",
    ],
)
def test_an_advice_noun_picks_the_list_of_suggestions(query: str) -> None:
    assert _reference(_SLOW_PAGES, query, "ordinal") == (1, "Add an index on products.brand_id")


def test_without_the_rule_the_latest_list_holding_the_word_is_taken() -> None:
    off = mh.Config(antecedents=True, named_list_items=False)
    turn, item = _reference(_SLOW_PAGES, "the index suggestion, which columns?", "ordinal", off)
    assert (turn, item) == (3, "Add an index on orders.updated_at so the scan is short")


def test_a_reference_with_no_kind_of_list_takes_the_latest_list_holding_the_word() -> None:
    turn, item = _reference(_SLOW_PAGES, "the index one, which columns?", "ordinal")
    assert (turn, item) == (3, "Add an index on orders.updated_at so the scan is short")


def test_an_idea_names_a_list_of_tips_as_one_kind() -> None:
    history = [
        ("user", "how do we speed up the nightly export?"),
        ("assistant", "Some tips:\n- Export from a read replica\n- Add an index on updated_at"),
        ("user", "and the product pages?"),
        ("assistant", "Steps:\n- Add an index on brand_id\n- Lazy-load the images"),
    ]
    assert _reference(history, "the index idea, is it safe?", "ordinal") == (
        1,
        "Add an index on updated_at",
    )


# ---- message-repeats ---------------------------------------------------------------------------

_FLORIST = [
    (
        "user",
        "can you draft an email to the bride confirming the peonies for her June wedding?",
    ),
    ("assistant", "Dear Sophie, I'm delighted to confirm the peonies for 14 June. Rose"),
    ("user", "shorter please, and sign it from the whole shop"),
    ("assistant", "Dear Sophie, peonies confirmed for 14 June. The Rose Street team"),
    ("user", "how much should I charge for a bridal bouquet with 25 stems?"),
    ("assistant", "Roughly 120 to 180 pounds depending on the flowers."),
]


@pytest.mark.parametrize(
    "query",
    [
        "same again but for the venue manager, asking when we can get in to set up",
        "same again for the caterer, and ask her to confirm the table count",
        "Likewise for the photographer, reminding him of the timings.",
    ],
)
def test_a_repeat_asking_for_a_message_repeats_the_email_request(query: str) -> None:
    assert _reference(_FLORIST, query, "action")[0] in (0, 2)


def test_without_the_rule_the_question_is_repeated() -> None:
    off = mh.Config(antecedents=True, message_repeats=False)
    query = "same again but for the venue manager, asking when we can get in to set up"
    assert _reference(_FLORIST, query, "action", off)[0] == 4


def test_a_repeat_with_no_message_cue_is_unchanged() -> None:
    # "same again for a 40-stem bouquet" has a place in the question: it is repeated.
    assert _reference(_FLORIST, "same again for a 40-stem bouquet", "action")[0] == 4


def test_with_no_message_request_in_reach_the_walk_is_as_before() -> None:
    history = [
        ("user", "write me a haiku about autumn rain"),
        ("assistant", "Cold rain on the roof / the maple lets go its red / one leaf at a time"),
    ]
    assert _reference(history, "same again but asking about winter", "action")[0] == 0


def test_the_cue_is_read_after_the_reference_only() -> None:
    config = mh.Config()
    text = "asking nicely: same again for the builders"
    mention = Mention("action", "same again", 15, 25)
    assert not asks_a_message(text, [mention], config)
    text = "same again for the builders, asking them to confirm"
    assert asks_a_message(text, [Mention("action", "same again", 0, 10)], config)
    assert not asks_a_message(text, [Mention("action", "same again", 0, 10)],
                              config.replace(message_repeats=False))  # fmt: skip


@pytest.mark.timed
def test_the_cue_reads_a_long_turn_in_linear_time() -> None:
    config = mh.Config()
    mention = [Mention("action", "same again", 0, 10)]

    def seconds(size: int) -> float:
        text = "same again" + " for" * size + " asking"
        assert not asks_a_message(text, mention, config)
        return best_seconds(lambda: asks_a_message(text, mention, config))

    small, large = seconds(10_000), seconds(200_000)
    assert large < 30 * max(small, 0.001), (small, large)


# ---- hold-out floor ----------------------------------------------------------------------------
# nouns_holdout39 (11 conversations, 71 probes, 35 references, controls), written before any code
# of the nouns39 session (its misses not read): first run (its branch point) references acc@1
# 0.686 (action 7/11, ordinal 17/24), items 16/24, intent 0.845; end run acc@1 0.743, items
# 17/24, intent 0.845. The floors sit a little below the end run.
ACC_FLOOR = 0.72
ITEM_FLOOR = 0.69


def test_nouns_holdout39_floor() -> None:
    found = evaluate(DATA / "nouns_holdout39.jsonl", "references").ours
    assert found["acc_at_1"] >= ACC_FLOOR
    assert found["item_accuracy"] >= ITEM_FLOOR


# ---- the rules' on/off observers (tests/test_rules.py) -----------------------------------------


def _observe_named_list_item(config: mh.Config) -> object:
    return _reference(_SLOW_PAGES, "the index suggestion, which columns?", "ordinal", config)


def _observe_message_repeat(config: mh.Config) -> object:
    query = "same again but for the venue manager, asking when we can get in to set up"
    return _reference(_FLORIST, query, "action", config)


OBSERVERS = {
    "named-list-items": _observe_named_list_item,
    "message-repeats": _observe_message_repeat,
}
