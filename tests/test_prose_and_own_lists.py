"""Rules counted-lists, own-lists and list-topics (issue 15 item 1), and item-words' country
adjectives and item-forms' scale verbs: a prose list announced by its count (one sentence or
one paragraph per item), a list the user wrote themselves, an earlier list named by its
topic, "the French resort", "which weighs the most"; and what stays no list or no pick."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.text.enumerations import enumeration_lists

PURIFIERS = (
    "Three fit that room. The Levoit is the cheapest at about 100 euros. The Coway costs "
    "200 euros and is the quietest at night. The Blueair is the biggest and most powerful."
)
GRINDERS = (
    "Here are two good routes.\n\nThe Comandante C40 is a hand grinder. It takes a minute "
    "per cup.\n\nThe Baratza Encore is electric and quick.\n\nWant a third option?"
)


def _items(reply: str, turn: str, first: str = "What would you suggest?") -> list[str]:
    session = mh.Session()
    session.user(first)
    session.assistant(reply)
    return [ref.item or "" for ref in session.preview(turn).references if ref.item]


@pytest.mark.parametrize(
    ("text", "items"),
    [
        (PURIFIERS, 3),
        (GRINDERS, 2),
        ("Two drills help. Side kicking teaches the roll. Catch-up slows the stroke.", 2),
        ("There are two ways to see it. One is cost. One is speed.", 2),
        ("A few things help. Sleep early. Eat well. Walk daily.", 3),
        ("Here's what works for most people. Sleep early. Walk daily.", 2),
        ("Two tools: LeakCanary finds leaked activities, and runTest fails a leaking test.", 2),
        ("Here are a few options.\n\nThe X is good.\n\nThe Y is fast.\n\nAny questions?", 2),
    ],
)
def test_a_list_announced_by_its_count(text: str, items: int) -> None:
    lists = enumeration_lists(text)
    assert len(lists) == 1
    assert len(lists[0].items) == items


@pytest.mark.parametrize(
    "text",
    [
        "It takes two hours. Then bake it. Then let it cool.",  # a count of something else
        "Three fit that room. The Levoit is cheap. The Coway is quiet.",  # two, not three
        "Give it two weeks. It likes water. Keep it warm.",  # no announcement (three
        # instructions in a row are rule sentence-lists': tests/test_sentence_lists.py)
        "Very: nobody can lose alone, and a round takes five minutes.",  # two clauses
        "There are some bugs here. A. B. C. D. E. F. G.",  # more than a few
        "Here are two good routes.\n\nThe first.\n\nThe second.\n\nThe third.",
    ],
)
def test_no_list_without_the_announced_count(text: str) -> None:
    assert enumeration_lists(text) == ()


@pytest.mark.parametrize(
    ("turn", "item"),
    [
        ("How loud is the middle one?", "The Coway costs 200 euros and is the quietest at night"),
        ("Which is the quietest?", "The Coway costs 200 euros and is the quietest at night"),
        ("The last one, is it overkill?", "The Blueair is the biggest and most powerful"),
    ],
)
def test_an_item_of_a_sentence_list(turn: str, item: str) -> None:
    assert _items(PURIFIERS, turn)[:1] == [item]


def test_an_item_of_a_paragraph_list() -> None:
    found = _items(GRINDERS, "The latter, how loud is it?")
    assert found[:1] == ["The Baratza Encore is electric and quick."]


@pytest.mark.parametrize(
    ("turn", "item"),
    [
        ("The second one I mentioned, does it get updates for long?", "a Pixel 8"),
        ("Of the phones I listed, is the last one too complicated?", "a Galaxy S23"),
        ("The first of mine, can I set it up remotely?", "an iPhone 15"),
    ],
)
def test_an_ordinal_over_the_users_own_list(turn: str, item: str) -> None:
    reply = "The iPhone is the simplest to set up; the Pixel has the cleanest Android."
    first = "I'm choosing between an iPhone 15, a Pixel 8 and a Galaxy S23. Which is easiest?"
    assert _items(reply, turn, first)[:1] == [item]


def test_own_lists_need_the_turn_to_point_at_the_users_words() -> None:
    reply = "Options:\n1. Redis\n2. Memcached\n3. A database table"
    first = "I'm choosing between an iPhone 15, a Pixel 8 and a Galaxy S23. Which is easiest?"
    assert _items(reply, "The second one, is it fast?", first)[:1] == ["Memcached"]
    off = mh.Config(own_lists=False)
    session = mh.Session(config=off)
    session.user(first)
    session.assistant("The iPhone is simplest.")
    refs = session.preview("The second one I mentioned, any good?").references
    assert not [ref.item for ref in refs if ref.item]


RESORTS = (
    "Beginner resorts:\nA) Obergurgl in Austria, gentle blue runs\nB) Cervinia in Italy, "
    "long cruisy slopes\nC) La Rosière in France, sunny pistes"
)


@pytest.mark.parametrize(
    ("turn", "item"),
    [
        ("The French resort, does the sun spoil the snow?", "La Rosière in France, sunny pistes"),
        ("Tell me about the Austrian pick.", "Obergurgl in Austria, gentle blue runs"),
        ("Is the Italian one crowded at Easter?", "Cervinia in Italy, long cruisy slopes"),
    ],
)
def test_an_item_named_by_its_countrys_adjective(turn: str, item: str) -> None:
    assert _items(RESORTS, turn)[:1] == [item]


EARBUDS = (
    "Good picks:\n- Jabra Elite 8, the toughest\n- Beats Powerbeats Pro, the heaviest of "
    "these\n- Sony WF-C700N, the lightest\n- Shokz OpenRun, bone conduction"
)


@pytest.mark.parametrize(
    ("turn", "item"),
    [
        ("Which of them weighs the least?", "Sony WF-C700N, the lightest"),
        ("which weighs the most?", "Beats Powerbeats Pro, the heaviest of these"),
        ("Which is the most rugged?", "Jabra Elite 8, the toughest"),
    ],
)
def test_a_scale_named_by_its_verb(turn: str, item: str) -> None:
    assert _items(EARBUDS, turn)[:1] == [item]


def test_a_scale_verb_outside_a_which_question_picks_nothing() -> None:
    assert _items(EARBUDS, "My old pair weighs the most of anything I own.") == []


def _two_lists(query: str, config: mh.Config | None = None) -> list[tuple[int | None, str]]:
    session = mh.Session(config=config)
    session.user("Which peppers should I grow for hot sauce?")
    session.assistant("Peppers:\n1. Jalapeño\n2. Fresno\n3. Habanero\n4. Scotch bonnet")
    session.user("How do I make it shelf stable?")
    session.assistant("Steps:\n1. Add vinegar\n2. Simmer it\n3. Bottle it hot\n4. Refrigerate")
    refs = session.preview(query).references
    return [(ref.target_turn, ref.item) for ref in refs if ref.item]


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("Pepper number four, where can I get seeds?", (1, "Scotch bonnet")),
        ("Of the peppers, the second one, how hot is it?", (1, "Fresno")),
        ("The second one, how long?", (3, "Simmer it")),  # no topic said: the latest list
        ("For the shelf stable steps, the second one, how long?", (3, "Simmer it")),
    ],
)
def test_an_earlier_list_named_by_its_topic(query: str, found: tuple[int, str]) -> None:
    assert _two_lists(query)[:1] == [found]


def test_list_topics_off_keeps_the_latest_list() -> None:
    off = mh.Config(list_topics=False)
    assert _two_lists("Pepper number four, where can I get seeds?", off)[:1] == [(3, "Refrigerate")]
