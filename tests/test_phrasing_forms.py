"""References, clarifications and topic announcements in the words people use (issue 15 item
1, phrasing stop): several phrasings of each form, through a default ``Session``.

The forms are lexicon data (``text.lexicon``: NEW_TOPIC, TOPIC_OPENER, CLARIFY, TURN_REF,
TOOL_OUTCOME, ACTION_REF; ``text.topic_clause_words``: OTHER_TOPIC_OPENERS;
``text.ordinal_forms``) and the rules said-replies, repeats-past-clarifications and
entity-items (``rules_phrasing``).
"""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.phrasing import announces_topic, side_question
from multihorizon.text.enumerations import enumeration_items
from multihorizon.text.lexicon import default_lexicon

ROUTER_CAUSES = (
    "Likely causes:\n- Channel congestion when neighbours get home\n- A scheduled firmware "
    "check that reboots the radio\n- Overheating in a closed cupboard\n- A Mac-only bug with "
    "5 GHz roaming"
)


def _router() -> mh.Session:
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("My home router drops Wi-Fi every evening around 9. What could it be?")
    session.assistant(ROUTER_CAUSES)
    session.user("Which app shows the channels around me?")
    session.assistant("WiFi Analyzer on Android shows every network and its channel.")
    return session


@pytest.mark.parametrize(
    "text",
    [
        "Separately, which wine goes with a blue cheese?",
        "Separately, my knee hurts when I go down stairs, should I worry?",
        "Quick one, which blade cuts plywood cleanly?",
        "On another subject: my printer says paper jam with no paper in it.",
        "Changing gears, how often should gutters be cleaned?",
        "Shifting gears: what's a good podcast about history?",
        "On a separate note, how do I descale a kettle?",
    ],
)
def test_topic_announcements_open_a_new_thread_as_explore(text: str) -> None:
    session = mh.Session()
    session.user("I'm putting together a cheese board for eight people. Which cheeses?")
    session.assistant("Pick four: a Comté, a Brie de Meaux, a Roquefort and an ash goat's cheese.")
    before = session.preview("How much of each?").active_thread
    envelope = session.user(text)
    assert envelope.intent == "EXPLORE"
    assert envelope.active_thread != before


@pytest.mark.parametrize(
    "text",
    [
        "Should I train grip strength separately with a hangboard?",
        "Can I pay for the two cheeses separately?",
        "Is a quick one-pot dinner possible?",
    ],
)
def test_separately_inside_a_question_announces_nothing(text: str) -> None:
    lexicon = default_lexicon()
    assert not announces_topic(text, lexicon.scan(text))
    assert side_question(text, lexicon.scan(text))


@pytest.mark.parametrize(
    "text",
    [
        "Can you dumb down the curly braces part?",
        "Sorry, can you put that in plainer terms?",
        "Whoa, too much jargon. Simplify the employer of record bit?",
        "Give me the short version of all that?",
        "Hmm, I lost the thread there. Why no stopping?",
        "I still don't quite get what a clear point means here.",
        "Eh? What's a four-thirds sensor in normal words?",
    ],
)
def test_clarifications_without_the_canonical_markers(text: str) -> None:
    session = mh.Session()
    session.user("In Google Sheets, how do I sum sales for two regions?")
    session.assistant('=SUM(SUMIF(B2:B500, {"North","South"}, D2:D500)) adds both regions.')
    assert session.classify(text) == "CLARIFY"


def _pipeline() -> mh.Session:
    session = mh.Session()
    session.user("Our Jenkins pipeline times out on the integration stage.")
    session.tool_output(
        "jenkins",
        "[Pipeline] stage (integration)\n212 passed\nTimeout has been exceeded\nERROR: "
        "test_refund_flow hung for 600s waiting for stripe-mock",
        args={"job": "api-pipeline"},
    )
    session.assistant("The refund test hung waiting for stripe-mock.")
    session.user("Is stripe-mock running on the agent?")
    session.tool_output(
        "docker", "CONTAINER ID   IMAGE   STATUS\n(no containers)", args={"cmd": "docker ps"}
    )
    session.assistant("No stripe-mock container is running.")
    return session


@pytest.mark.parametrize(
    ("text", "tool"),
    [
        ("So what did docker ps show?", "docker"),
        ("What was the stage doing when it timed out?", "jenkins"),
        ("How many tests passed before the hang?", "jenkins"),
        ("What did the container listing print?", "docker"),
        ("Which test hung according to jenkins?", "jenkins"),
    ],
)
def test_tool_references_in_outcome_words(text: str, tool: str) -> None:
    session = _pipeline()
    envelope = session.preview(text)
    assert envelope.intent == "TOOL_REFERENCE"
    entries = {entry.entry_id: entry.tool_name for entry in session.scratch}
    named = [entries[ref.scratch_entry] for ref in envelope.references if ref.scratch_entry]
    assert named[:1] == [tool]


@pytest.mark.parametrize(
    "text", ["Can you show me how to start stripe-mock?", "Did you find any other mocks?"]
)
def test_requests_and_what_you_found_are_no_tool_references(text: str) -> None:
    assert _pipeline().classify(text) != "TOOL_REFERENCE"


def _heater() -> mh.Session:
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("My garage workshop gets to 2 °C in winter. What heating would you suggest?")
    session.assistant(
        "For a 20 m² uninsulated garage: a 2 kW oil-filled radiator is safe and cheap to "
        "buy, or a 3 kW fan heater warms quickly but costs more to run."
    )
    session.user("What paddle length should I get for my kayak?")
    session.assistant("About 210 to 220 cm for a low-angle stroke.")
    session.user("Quick one, which blade for cutting plywood on a circular saw?")
    session.assistant("A fine-tooth blade with 40 to 60 teeth gives clean cuts.")
    return session


@pytest.mark.parametrize(
    ("text", "turn"),
    [
        ("What wattage heater did you suggest?", 1),
        ("Which radiator did you recommend?", 1),
        ("What length of paddle did you say?", 3),  # the reply to the question about it
        ("which of those was cheapest to run?", 1),
        ("Would either of those heaters work in a bigger garage?", 1),
    ],
)
def test_references_without_a_demonstrative(text: str, turn: int) -> None:
    envelope = _heater().preview(text)
    assert envelope.intent == "DRILL_DOWN"
    assert envelope.antecedents[:1] == (turn,)


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("Tell me more about the Mac-only one.", "A Mac-only bug with 5 GHz roaming"),
        ("Is the 5-GHz one common?", "A Mac-only bug with 5 GHz roaming"),
        ("How would I confirm the congestion theory?", "Channel congestion when neighbours"),
        ("How do I rule out the cupboard heat?", "Overheating in a closed cupboard"),
        ("Should the second cause be checked first?", "A scheduled firmware check"),
    ],
)
def test_items_named_by_modifiers_and_noun_phrases(text: str, item: str) -> None:
    envelope = _router().preview(text)
    items = [ref.item for ref in envelope.references if ref.item]
    assert items
    assert items[0].startswith(item)


def test_semicolon_lists_are_enumerations() -> None:
    text = (
        "The main approaches are gradual retreat, where you sit by the cot; timed check-ins, "
        "where you return at growing intervals; and the pick-up-put-down method."
    )
    assert enumeration_items(text) == (
        "gradual retreat, where you sit by the cot",
        "timed check-ins, where you return at growing intervals",
        "the pick-up-put-down method",
    )
    assert enumeration_items("Blot, don't rub; dab with cold water; then blot dry.") == ()


@pytest.mark.parametrize(
    "text",
    [
        "Same thing for Excel please.",
        "Do that again for three regions.",
        "Same calculation for the East region.",
        "Redo it for the South.",
    ],
)
def test_repeat_requests_pass_over_clarification_requests(text: str) -> None:
    session = mh.Session()
    session.user("In Google Sheets, how do I sum sales for one region?")
    session.assistant('=SUMIF(B2:B500, "North", D2:D500) adds column D where B says North.')
    session.user("You lost me a bit. Which part is the condition?")
    session.assistant('"North" is the condition; B2:B500 is where it is checked.')
    envelope = session.preview(text)
    assert [ref.target_turn for ref in envelope.references if ref.type == "action"] == [0]


@pytest.mark.parametrize(
    "text",
    [
        "About the router again, how do I rule out the cupboard heat?",
        "Regarding the router again: is the firmware check on by default?",
    ],
)
def test_a_named_topic_with_again_returns_and_is_no_clarification(text: str) -> None:
    session = mh.Session()
    session.user("My home router drops Wi-Fi every evening around 9. What could it be?")
    session.assistant(ROUTER_CAUSES)
    router = session.preview("Is it the firmware?").active_thread
    session.user("On another subject: my printer says paper jam with no paper in it.")
    session.assistant("Check the rear roller for a torn scrap; a dirty sensor also causes it.")
    envelope = session.preview(text)
    assert envelope.intent == "DRILL_DOWN"
    assert envelope.active_thread == router


def test_a_list_opens_after_its_colon() -> None:
    text = (
        "Try these, cheapest first: put a baffle on the pole, move the feeder away from "
        "trees, or buy a weight-activated feeder."
    )
    assert enumeration_items(text) == (
        "put a baffle on the pole",
        "move the feeder away from trees",
        "buy a weight-activated feeder",
    )


def test_an_ordinal_past_a_short_list_means_an_earlier_longer_one() -> None:
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("I was given a juniper bonsai. What should I do first?")
    session.assistant(
        "A few basics: (a) keep it outdoors; (b) water when the soil is dry; (c) don't "
        "repot it this year; (d) feed it in the growing season."
    )
    session.user("What fertiliser would you use?")
    session.assistant("An organic pellet such as Biogold, or a liquid 10-10-10 at half strength.")
    envelope = session.preview("When would the third rule stop applying?")
    assert [ref.item for ref in envelope.references] == ["don't repot it this year"]
    off = mh.Session(config=mh.Config(antecedents=True, ordinal_forms=False))
    assert off.preview("When would the third rule stop applying?").references == ()
