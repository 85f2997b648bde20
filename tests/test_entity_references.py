"""Entity references in people's words (rule entity-references, issue 15 item 1): comparatives
over the amounts offered ("the cheaper blender"), names without an article ("is Vitamix
loud?"), the reply that holds the detail asked about."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.comparatives import comparative_mentions
from multihorizon.text.quantities import amounts


def _session(*turns: str) -> mh.Session:
    session = mh.Session()
    for index, text in enumerate(turns):
        (session.user if index % 2 == 0 else session.assistant)(text)
    return session


def _targets(session: mh.Session, text: str) -> list[int | None]:
    return [ref.target_turn for ref in session.preview(text).references if ref.type == "entity"]


BLENDERS = (
    "I'm shopping for a blender for smoothies.",
    "The Vitamix 5200 is the classic choice: 1380 watts, about $449.",
    "Is there something more affordable?",
    "The Ninja Professional BL610 costs $99 and has a 72-ounce pitcher.",
    "I need a toaster too.",
    "The Cuisinart CPT-122 is a solid 2-slice toaster for about $40.",
)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("about $449 or €1,099.50", [("price", 449.0), ("price", 1099.5)]),
        ("weighs 1.24 kg", [("weight", 1240.0)]),
        ("a 6.4-inch screen", [("length", 6.4 * 2.54)]),
        ("¥9,000 a night, 25 GB of data", [("price", 9000.0), ("storage", 25.0)]),
        ("$4.2M in revenue", [("price", 4.2e6)]),
        ("version 1.14.0, 3 times, 20 kilometres", []),
        ("no amounts here", []),
    ],
)
def test_amounts_read_currency_signs_and_units(text: str, found: list[tuple[str, float]]) -> None:
    assert [(kind, pytest.approx(value)) for kind, value in amounts(text)] == found


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("Is the cheaper blender dishwasher safe?", [("cheaper", "blender")]),
        ("How much RAM does the lighter one have?", [("lighter",)]),
        ("Is the more expensive laptop worth it?", [("more expensive", "laptop")]),
        ("Does the least expensive option include breakfast?", [("least expensive",)]),
        ("I'll take the biggest.", [("biggest",)]),
        ("What's the biggest one?", []),  # asks which: no thing referred to
        ("That's the cheapest.", []),
        ("Is it cheaper than the other?", []),
        ("Which blender is lighter?", []),
    ],
)
def test_comparative_mentions_read_the_comparative_and_its_noun(
    text: str, terms: list[tuple[str, ...]]
) -> None:
    assert [mention.terms for mention in comparative_mentions(text)] == terms


def test_a_comparative_picks_the_offer_stating_the_extreme_amount() -> None:
    session = _session(*BLENDERS)
    # The toaster's $40 is no blender: the comparison ends at the request for a toaster.
    assert _targets(session, "Is the cheaper blender dishwasher safe?") == [3]
    assert _targets(session, "Does the more expensive blender have a warranty?") == [1]
    # With no noun, the latest things compared together (two amounts at least): the
    # toaster alone is compared with nothing.
    assert _targets(session, "Does the cheapest one crush ice?") == [3]


def test_a_comparative_replaces_the_turn_reference_of_its_words() -> None:
    session = _session(
        "I need a laptop for travel and one for video editing.",
        "For travel, the MacBook Air 13 weighs 1.24 kg and costs $1,099.",
        "And for editing?",
        "For editing, the MacBook Pro 16 weighs 2.14 kg and costs $3,499.",
        "What about a monitor?",
        "The Dell U2723QE is a 27-inch 4K monitor with USB-C for about $580.",
    )
    envelope = session.preview("How much RAM does the lighter one have?")
    assert [(ref.type, ref.target_turn) for ref in envelope.references] == [("entity", 1)]
    assert _targets(session, "Is the heavier one worth it for 4K footage?") == [3]


def test_a_comparative_with_no_amount_of_its_kind_resolves_nothing() -> None:
    session = _session(*BLENDERS)
    assert _targets(session, "Is the heavier blender sturdier?") == []


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("Does Vitamix offer a warranty?", 1),
        ("How loud is Ninja at full speed?", 3),
        ("Can Cuisinart toast bagels?", 5),
    ],
)
def test_a_name_without_article_refers_to_the_turn_that_offered_it(text: str, target: int) -> None:
    session = _session(*BLENDERS, "Thanks.", "You're welcome.")
    assert _targets(session, text) == [target]


def test_calendar_words_are_no_names() -> None:
    session = _session(
        "Where can I get brunch?",
        "Wildberry Pancakes opens at 7 am on weekdays.",
        "Thanks.",
        "Enjoy!",
    )
    assert _targets(session, "Are we going on Sunday in March?") == []
    assert _targets(session, "Is Wildberry open on Sunday?") == [1]


def test_a_name_the_user_brought_up_is_their_topic_not_a_reference() -> None:
    session = _session(
        "How are literary devices used in Biblical poetry?",
        "Parallelism is the main device of Biblical poetry.",
        "How did it influence later poets?",
        "Many hymn writers copied its parallel lines.",
    )
    assert _targets(session, "Did Biblical poetry use rhyme?") == []


def test_names_in_a_request_or_a_remark_are_no_reference() -> None:
    session = _session(*BLENDERS, "Thanks.", "You're welcome.")
    assert _targets(session, "Order the Vitamix for me.") in ([], [1])  # "the Vitamix": definite
    assert _targets(session, "Please add Ninja to my cart.") == []
    assert _targets(session, "Vitamix looks great. What else do I need?") == []


def test_the_reply_holds_the_detail_asked_about() -> None:
    session = _session(
        "I have chicken thighs, rice and a bag of spinach. What can I cook?",
        "Sear the thighs for 8 minutes, then bake with the rice for 25 minutes.",
        "What could I do with the spinach?",
        "Wilt it with garlic and olive oil for 2 minutes.",
        "Any dessert that uses up bananas?",
        "Banana bread: bake 60 minutes at 175C.",
    )
    assert _targets(session, "How long do I wilt the spinach?") == [3]
    # The turn right before says "bake", not "thighs": it does not end the search.
    assert _targets(session, "How long do the thighs bake?") == [1]


def test_entity_references_off_keeps_the_definite_rule_as_it_was() -> None:
    session = mh.Session(config=mh.Config(entity_references=False))
    for index, text in enumerate(BLENDERS):
        (session.user if index % 2 == 0 else session.assistant)(text)
    envelope = session.preview("Does Vitamix offer a warranty?")
    assert [ref.target_turn for ref in envelope.references] == []


def test_preview_changes_nothing() -> None:
    session = _session(*BLENDERS)
    before = len(session.turns)
    first = _targets(session, "Is the cheaper blender dishwasher safe?")
    assert _targets(session, "Is the cheaper blender dishwasher safe?") == first
    assert len(session.turns) == before
