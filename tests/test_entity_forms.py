"""Entity references in the forms people use (rule entity-forms, issue 15 item 1): other word
forms, compounds, head nouns naming a kind, names typed in lower case, the answer that holds
the thing, "the ones for the gym", comparatives said in words. Several phrasings per form."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.text.word_forms import CATEGORY_MEMBERS, related_forms


def _session(*turns: str, config: mh.Config | None = None) -> mh.Session:
    """A session of alternating user and assistant turns, the user first."""
    session = mh.Session(config=config)
    for index, text in enumerate(turns):
        if index % 2:
            session.assistant(text)
        else:
            session.user(text)
    return session


def _targets(session: mh.Session, text: str) -> list[int | None]:
    return [ref.target_turn for ref in session.preview(text).references]


@pytest.mark.parametrize(
    ("term", "other"),
    [
        ("charging", "charger"),
        ("charger", "charging"),
        ("run", "running"),
        ("run", "runner"),
        ("knive", "knife"),  # "knives", normalised
        ("knife", "knive"),
        ("heavier", "heavy"),
        ("flickering", "flicker"),
        ("eviction", "evict"),
        ("installation", "install"),
    ],
)
def test_related_forms_reach_the_other_form(term: str, other: str) -> None:
    assert other in related_forms(term)
    assert term not in related_forms(term)


@pytest.mark.parametrize(
    "term", ["", "a", "tv", "abc", "\u00e9t\u00e9", "aaaa", "sss", "ies", "ve"]
)
def test_related_forms_take_any_word(term: str) -> None:
    assert all(len(form) >= 3 and form != term for form in related_forms(term))


def test_related_forms_keep_short_stems_whole() -> None:
    # "bed" is no form of "bedding" worth a guess; no form is shorter than three letters.
    assert all(len(form) >= 3 for form in related_forms("beds"))
    assert "be" not in related_forms("bed")


def test_kind_nouns_name_their_members() -> None:
    assert "civic" in CATEGORY_MEMBERS["car"]
    assert "trattoria" in CATEGORY_MEMBERS["place"]
    assert "printer" in CATEGORY_MEMBERS["machine"]


KNIVES = (
    "I want to upgrade my kitchen knives.",
    "A German chef's knife like the Wuesthof Classic is heavy; a Japanese gyuto like the "
    "Tojiro DP is lighter and sharper.",
    "And a cutting board?",
    "End-grain maple boards like the John Boos are gentle on edges.",
)


@pytest.mark.parametrize(
    "question",
    [
        "Does the Japanese knife chip easily?",
        "How often should I hone the knife?",
        "Is the gyuto dishwasher safe?",
    ],
)
def test_a_word_in_another_form_finds_the_turn(question: str) -> None:
    assert _targets(_session(*KNIVES), question)[:1] == [1]


@pytest.mark.parametrize(
    ("turns", "question", "target"),
    [
        (
            (
                "We just bought a used Chevy Bolt.",
                "Charge it to 80% day to day.",
                "Should we install a home charger?",
                "A Level 2 charger like the ChargePoint Home Flex adds 37 miles an hour.",
                "What about road trips?",
                "Plan DC fast stops with A Better Route Planner.",
            ),
            "How long does the charging take?",
            3,
        ),
        (
            (
                "I've started running three times a week.",
                "Keep weekly increases under 10% so your knees adapt.",
                "What should I eat after workouts?",
                "Aim for 20 grams of protein within two hours.",
            ),
            "How long should the runs be?",
            0,
        ),
    ],
)
def test_other_forms_of_a_mention_word(turns: tuple[str, ...], question: str, target: int) -> None:
    assert _targets(_session(*turns), question)[:1] == [target]


SHARPENING = (
    "How should I keep my knives sharp?",
    "Sharpen twice a year on a 1000/6000 whetstone like the King KW-65.",
    "And a cutting board?",
    "End-grain maple boards are gentle on edges.",
)


def test_a_word_inside_a_compound() -> None:
    assert _targets(_session(*SHARPENING), "How long do I soak the stone?")[:1] == [1]


MOVING = (
    "We're moving to Denver in June.",
    "A U-Haul 15-foot truck one way runs about $1,900.",
    "What about my Civic?",
    "An open carrier transport for a 2019 Honda Civic costs about $900.",
    "Any advice on packing?",
    "Label every box by room.",
)


@pytest.mark.parametrize(
    "question",
    ["Is the car insured during transport?", "When will the vehicle arrive?"],
)
def test_a_kind_noun_stands_for_the_one_thing_of_its_kind(question: str) -> None:
    assert _targets(_session(*MOVING), question)[:1] == [3]


def test_a_kind_noun_with_two_candidates_is_no_reference() -> None:
    session = _session(
        "I need a rental at the airport.",
        "Hertz has a Toyota RAV4 for $62 a day.",
        "Anything else?",
        "Sixt has a Nissan Altima for $48 a day.",
        "And a hotel?",
        "The Vintage Hotel is about $210 a night.",
    )
    assert _targets(session, "Does the vehicle have snow tires?") == []


MONITORING = (
    "Our services need better monitoring.",
    "Run Prometheus with the kube-prometheus-stack Helm chart.",
    "What about logs?",
    "Grafana Loki indexes only labels; Elasticsearch searches full text.",
    "And alerting?",
    "Route Alertmanager alerts to PagerDuty.",
)


@pytest.mark.parametrize(
    "question",
    [
        "how long does loki keep logs by default?",
        "does elasticsearch need a lot of memory?",
        "is loki hard to run?",
    ],
)
def test_a_name_typed_in_lower_case(question: str) -> None:
    assert _targets(_session(*MONITORING), question)[:1] == [3]


def test_a_word_capitalised_only_at_a_sentence_start_is_no_name() -> None:
    session = _session(
        "How do I get to Boston?",
        "Trains leave South Station every hour.",
        "And parking?",
        "Garages near the station charge $40 a day.",
    )
    assert _targets(session, "are there later trains?") == []


ESPRESSO = (
    "I want an espresso machine for home, under $800.",
    "The Breville Barista Express at $699 has a grinder; the Gaggia Classic Pro at $449 "
    "needs a separate grinder.",
    "What grinder would go with the Gaggia?",
    "The Baratza Sette 270 at $400 grinds fine enough for espresso.",
    "What beans do you recommend?",
    "Try a medium roast and use it within a month.",
)


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("How long does the machine take to heat up?", 1),  # the answer to the request
        ("Is the cheaper machine good for lattes?", 1),  # the grinder is no machine
    ],
)
def test_the_answer_to_a_request_holds_the_thing(question: str, target: int) -> None:
    assert _targets(_session(*ESPRESSO), question)[:1] == [target]


@pytest.mark.parametrize(
    "question",
    ["How much did I pay for the blender?", "What was wrong with the blender again?"],
)
def test_a_question_recalling_what_the_user_said_keeps_their_turn(question: str) -> None:
    session = _session(
        "I want a new blender; my old Ninja blender cost $89 and cracked.",
        "The Vitamix 5200 is sturdier and costs $449.",
        "I also need a toaster.",
        "The Cuisinart CPT-122 costs about $40.",
    )
    assert _targets(session, question)[:1] == [0]


@pytest.mark.parametrize(
    "question",
    ["Do the ones for the gym have a transparency mode?", "Is the one for the gym waterproof?"],
)
def test_the_one_for_a_purpose_is_the_reply_that_offered_it(question: str) -> None:
    session = _session(
        "I need headphones for flights.",
        "The Sony WH-1000XM5 has the best noise cancelling and costs $399.",
        "What about earbuds for the gym?",
        "The Jabra Elite 8 Active are sweat-proof and cost $199.",
        "And a power bank?",
        "An Anker 737 holds 24,000 mAh.",
    )
    assert _targets(session, question)[:1] == [3]


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("Is the lighter boot okay for bogs?", 1),
        ("Does the heavier boot need breaking in?", 1),
    ],
)
def test_a_comparative_said_in_words(question: str, target: int) -> None:
    session = _session(
        "I need hiking boots for Scotland.",
        "The Salomon Quest 4 is heavy and supportive; the Merrell Moab 3 is lighter.",
        "What socks should I wear?",
        "Merino wool socks stay warm when wet.",
    )
    assert _targets(session, question)[:1] == [target]


def test_switched_off_the_forms_are_not_read() -> None:
    off = mh.Config(entity_forms=False)
    assert _targets(_session(*MONITORING, config=off), "is loki hard to run?") == []
    machine = _targets(
        _session(*ESPRESSO, config=off), "How long does the machine take to heat up?"
    )
    assert machine[:1] == [0]
