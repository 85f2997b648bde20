"""Rule item-forms (issue 15 item 1): more ways people name an item of a list, each with
several phrasings, resolved to the item and the turn of the list; and what stays no pick."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.text.enumerations import enumeration_items, enumeration_lists
from multihorizon.text.item_qualities import adjective_stem, item_by_quality

NUMBERED = (
    "Some options:\n1. Redis, the fastest cache\n2. Memcached, simple and cheap\n"
    "3. Postgres unlogged tables\n4. A local LRU dict in process\n5. Varnish in front of the "
    "API\n6. CDN edge caching\n7. SQLite on tmpfs\n8. Hazelcast grid\n9. Aerospike\n"
    "10. DynamoDB DAX\n11. Couchbase\n12. Ignite\n13. Dragonfly, a Redis-compatible server\n"
    "14. KeyDB"
)
FIRST, SECOND = "Redis, the fastest cache", "Memcached, simple and cheap"
LETTERED = (
    "Three setups, from cheapest up:\na) Two USB mics on one laptop\nb) A recorder with two "
    "dynamic mics\nc) A mixing desk with two studio mics"
)


def _items(reply: str, turn: str, config: mh.Config | None = None) -> list[tuple[int, str]]:
    session = mh.Session(config=config or mh.Config(antecedents=True))
    session.user("What should we use?")
    session.assistant(reply)
    return [
        (ref.target_turn, ref.item or "")
        for ref in session.preview(turn).references
        if ref.target_turn is not None and ref.type == "ordinal"
    ]


@pytest.mark.parametrize(
    ("turn", "item"),
    [
        ("go with b", "Memcached, simple and cheap"),
        ("I think I'll pick c.", "Postgres unlogged tables"),
        ("what about d, is it safe?", "A local LRU dict in process"),
        ("Let's take e please", "Varnish in front of the API"),
        ("What about 4), how long does it keep keys?", "A local LRU dict in process"),
        ("2) sounds fine", "Memcached, simple and cheap"),
        ("the 7th, is it fast enough?", "SQLite on tmpfs"),
        ("How fast is the 3rd?", "Postgres unlogged tables"),
        ("Is the thirteenth one production ready?", "Dragonfly, a Redis-compatible server"),
        ("Tell me about the fourteenth option.", "KeyDB"),
        ("I'd go with 13", "Dragonfly, a Redis-compatible server"),
        ("the quickest one, how do I install it?", "Redis, the fastest cache"),
        ("Which of these is cheapest?", "Memcached, simple and cheap"),
        ("whichever is simplest, really", "Memcached, simple and cheap"),
        ("I'd go for c, how do I set it up?", "Postgres unlogged tables"),
        ("For C, what about backups?", "Postgres unlogged tables"),
        ("Isn't the 9th a bit niche?", "Aerospike"),
        ("What about the very last one?", "KeyDB"),
        ("Tell me more about the opening suggestion.", "Redis, the fastest cache"),
        ("How is the closing option licensed?", "KeyDB"),
        ("What about the one that runs a grid?", "Hazelcast grid"),
    ],
)
def test_a_form_names_the_item(turn: str, item: str) -> None:
    assert _items(NUMBERED, turn)[:1] == [(1, item)]


@pytest.mark.parametrize(
    ("turn", "items"),
    [
        ("the first two look good", [FIRST, SECOND]),
        ("Is the first couple hard to run?", [FIRST, SECOND]),
        ("What do the last two cost?", ["Dragonfly, a Redis-compatible server", "KeyDB"]),
    ],
)  # fmt: skip
def test_a_run_of_items_is_one_reference_per_item(turn: str, items: list[str]) -> None:
    assert [item for _, item in _items(NUMBERED, turn)] == items


@pytest.mark.parametrize(
    ("turn", "item"),
    [
        ("Is the priciest one worth it?", "A mixing desk with two studio mics"),
        ("the most expensive, does it need a computer?", "A mixing desk with two studio mics"),
        ("Which is the cheapest to start with?", "Two USB mics on one laptop"),
    ],
)
def test_a_lead_that_orders_the_list_answers_a_superlative(turn: str, item: str) -> None:
    assert _items(LETTERED, turn)[:1] == [(1, item)]


@pytest.mark.parametrize(
    "turn",
    [
        "What's the fastest way to get to the airport from the station?",
        "We met on the 4th, after the launch.",
        "For the first two weeks we will test in staging.",
        "I had lunch with a friend and it was fine.",
        "The first couple of days were slow.",
        "See f(4) for the formula.",
        "The closing date is Friday and the opening hours are short.",
        "It was the very first time we tried it.",
    ],
)
def test_no_pick_where_no_item_is_meant(turn: str) -> None:
    assert _items(NUMBERED, turn) == []


def test_an_item_noun_names_the_kind_of_list() -> None:
    session = mh.Session()
    session.user("We're renting a houseboat. Tips?")
    session.assistant(
        "A few tips:\n* No licence is needed\n* Locks close at 6 pm\n* Moor before dark\n"
        "* Bring gloves"
    )
    session.user("What happens in the lesson?")
    session.assistant("About an hour: steering, mooring, and one lock with an instructor.")
    refs = [ref for ref in session.preview("Is the third tip strict?").references if ref.item]
    assert [(ref.target_turn, ref.item) for ref in refs] == [(1, "Moor before dark")]
    # Rule laid-out-lists reads the bulleted list over the later inline series too: off here.
    off = mh.Config(item_forms=False, laid_out_lists=False)
    session = mh.Session(config=off)
    for turn in range(4):
        text = (
            "We're renting a houseboat. Tips?",
            "A few tips:\n* No licence is needed\n"
            "* Locks close at 6 pm\n* Moor before dark\n* Bring gloves",
            "What happens in the lesson?",
            "About an hour: steering, mooring, and one lock with an instructor.",
        )[turn]
        (session.user if turn % 2 == 0 else session.assistant)(text)
    old = [ref.item for ref in session.preview("Is the third tip strict?").references if ref.item]
    assert old != ["Moor before dark"]


def test_rarer_words_pick_among_items_that_share_a_kind_word() -> None:
    reply = (
        "Museums worth a visit:\n1. Kunsthistorisches Museum, old masters\n2. Belvedere, home "
        "of Klimt's The Kiss\n3. Leopold Museum, the largest Schiele collection"
    )
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("Which museums should we see?")
    session.assistant(reply)
    session.user("And where should we stay?")
    session.assistant("The Sacher, by the opera.")
    refs = session.preview("Is the Klimt museum worth a whole morning?").references
    assert [ref.item for ref in refs if ref.item][:1] == ["Belvedere, home of Klimt's The Kiss"]


def test_item_by_quality_reads_items_then_leads() -> None:
    items = ["Gin and tonic", "A mule, the cheapest", "A spritz"]
    assert item_by_quality("cost:-1", items, "") == 1
    assert item_by_quality("cost:1", items, "") is None  # nothing says it
    # "cheapest to most effort": the first item is the cheapest, the last the most effort.
    assert item_by_quality("effort:1", items, "Things to try, cheapest to most effort:") == 2
    assert item_by_quality("cost:-1", ["a", "b", "c"], "From cheapest up:") == 0
    assert item_by_quality("cost:1", ["a", "b", "c"], "From cheapest up:") == 2
    # An adjective no scale lists: its stem, and "least"/"non-" the low end.
    found = item_by_quality(
        "~sedat:-1", ["Cetirizine", "X, the least sedating", "Y, non-sedating"], ""
    )
    assert found == 1
    assert [adjective_stem(w) for w in ("cheapest", "easiest", "flattest", "safest")] == [
        "cheap", "eas", "flat", "saf",
    ]  # fmt: skip


def test_sections_under_headings_are_a_list() -> None:
    bold = (
        "Ideas for the shelter:\n\n**Dog walk**\nWalkers collect pledges.\n\n**Quiz night**\n"
        "Tables pay a fee.\n\n**Bake sale**\nVolunteers bake."
    )
    assert enumeration_items(bold) == ("Dog walk", "Quiz night", "Bake sale")
    marked = "Two ways.\n\n### Rolling restart\nOne pod at a time.\n\n### Blue-green\nSwitch."
    assert enumeration_items(marked) == ("Rolling restart", "Blue-green")
    # A lone bold line is emphasis; bold lines with nothing under them are no sections.
    assert enumeration_items("**Note:** back up first.\nThen upgrade.") == ()
    assert enumeration_items("**Warning**\n**Danger**") == ()
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("Fundraising ideas?")
    session.assistant(bold)
    refs = session.preview("How much should we charge for the quiz one?").references
    assert [ref.item for ref in refs if ref.item] == ["Quiz night"]


def test_a_nested_list_is_a_list_of_its_own_under_its_item() -> None:
    text = "Pick one:\n1. Frontend\n   - React\n   - Vue\n2. Backend\n   - Django\n   - Rails"
    assert enumeration_items(text) == ("Frontend", "Backend")  # "the second" is still Backend
    lists = enumeration_lists(text)
    assert [(listed.lead, listed.items) for listed in lists[1:]] == [
        ("Frontend", ("React", "Vue")),
        ("Backend", ("Django", "Rails")),
    ]
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("Which stack?")
    session.assistant(text)
    refs = session.preview("Tell me more about the one with Rails.").references
    assert [ref.item for ref in refs if ref.item] == ["Rails"]


def test_either_keeps_each_action_whole() -> None:
    text = "You could either add an index, rewrite the query as a join, or cache the counts."
    assert enumeration_items(text) == (
        "add an index", "rewrite the query as a join", "cache the counts",
    )  # fmt: skip
    assert enumeration_items("You can either repot it now or wait until spring.") == (
        "repot it now", "wait until spring",
    )  # fmt: skip
    # Without "either" the items are the verb's objects, as before.
    assert enumeration_items("You could use Redis, Memcached or Postgres.") == (
        "Redis", "Memcached", "Postgres",
    )  # fmt: skip


def test_a_comma_of_description_is_no_list() -> None:
    assert enumeration_items("Very: nobody can lose alone, and a round takes five minutes.") == ()
    assert enumeration_items("Try this: Redis, Memcached, or Postgres.") == (
        "Redis", "Memcached", "Postgres",
    )  # fmt: skip
