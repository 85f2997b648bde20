"""Questions about what an output's lines hold, whose words its summing-up reply repeated
(issue 15, SPEC-028 §4.1 tool, §4.2, §5.2; rule output-content-words): "was the condensate
trap cleared?" after a service report is that report, "how many trv valves?" the quote after
it; the earlier output as often as the newest. General or advice questions on the same topic
("what's a normal boiler pressure for a combi?", "how often should a boiler be serviced?")
name no output. Each with the rule off and on."""

from __future__ import annotations

import time

import pytest

import multihorizon as mh
from multihorizon.dialogue.content_questions import asks_content

_REPORT = (
    "Boiler: Worcester Greenstar 30i\nFlue gas CO: 38 ppm (ok)\n"
    "Pressure: 0.6 bar - low, topped up to 1.3\nCondensate trap: partially blocked, cleared\n"
    "Expansion vessel: 0.4 bar, recharge advised"
)
_QUOTE = (
    "item,qty,price\ntrv_valve,6,14.50\nradiator 600x1000,2,128.00\n"
    "powerflush,1,420.00\nlabour_day,1,260.00"
)


def _boiler(config: mh.Config | None = None) -> tuple[mh.Session, str, str]:
    """A service report and a quote, each summed up by a reply repeating its words."""
    session = mh.Session(config=config or mh.Config())
    session.user("the engineer came round for the boiler, here's his report")
    report = session.tool_output("service_report", _REPORT)
    session.assistant(
        "The engineer cleared a partly blocked condensate trap, topped the pressure up from "
        "0.6 to 1.3 bar and advised recharging the expansion vessel; flue gas CO was fine."
    )
    session.user("and he left a quote for new radiators")
    quote = session.tool_output("quote_parser", _QUOTE)
    session.assistant(
        "Six trv valves, two 600x1000 radiators, a powerflush at 420 and a day's labour at 260."
    )
    session.user("ok let me think it over")
    session.assistant("Sure, take your time.")
    return session, report.entry_id, quote.entry_id


def _tool_turns(envelope: mh.Envelope) -> list[str | None]:
    return [ref.scratch_entry for ref in envelope.references if ref.type == "tool"]


_ABOUT_REPORT = [
    "was the condensate trap cleared?",
    "what pressure was the expansion vessel at",
    "flue gas reading ok?",
    "trap?",
    "the vessel?",
]
_ABOUT_QUOTE = [
    "how much is the powerflush?",
    "how many trv valves",
    "what does the labour day come to",
    "valves?",
    "powerflush?",
]
# Of those, the ones only this rule reads (one or two words the reply repeated).
_ONLY_THIS_RULE = frozenset(("trap?", "the vessel?", "valves?", "powerflush?"))
# Same topic, not the outputs' content: general, advice, meaning or the asker's own lot.
_CONTROLS = [
    "how often should a boiler be serviced?",
    "is a powerflush really worth the money",
    "how long does a condensate trap usually last",
    "Will I need a new flue soon?",
    "whats the difference between a powerflush and a chemical flush",
    "what is a good flue gas reading",
    "what size radiator for a small bedroom",
    "can a blocked trap damage a boiler",
    "do i need to bleed radiators after a powerflush",
    # A word the user said before the outputs is the user's topic, not their content.
    "what's the boiler model",
]


@pytest.mark.parametrize(
    ("text", "which"),
    [*((t, 0) for t in _ABOUT_REPORT), *((t, 1) for t in _ABOUT_QUOTE)],
)
def test_a_question_mostly_of_an_outputs_words_is_that_output(text: str, which: int) -> None:
    session, report, quote = _boiler()
    wanted = (report, quote)[which]
    assert _tool_turns(session.preview(text))[:1] == [wanted], text
    assert session.classify(text) == "TOOL_REFERENCE", text
    if text in _ONLY_THIS_RULE:  # the others rule output-details reads already
        off, _, _ = _boiler(mh.Config(output_content_words=False))
        assert off.classify(text) != "TOOL_REFERENCE", text


@pytest.mark.parametrize("text", _CONTROLS)
def test_a_general_question_on_the_topic_names_no_output(text: str) -> None:
    session, _, _ = _boiler()
    off, _, _ = _boiler(mh.Config(output_content_words=False))
    assert session.classify(text) != "TOOL_REFERENCE", text
    assert off.classify(text) == session.classify(text), text
    assert _tool_turns(session.preview(text)) == _tool_turns(off.preview(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "LCL means we share the container with others?",
        "Will I need surgery for the tear?",
        "the 145 bpm cap, is that from my max or a formula",
        "why do the bottles need to lie down again?",
        "What's different about worker-3?",
    ],
)
def test_questions_of_meaning_pointing_or_ones_own_lot_are_not_read(text: str) -> None:
    assert not asks_content(text)


def test_can_be_is_a_property_not_advice() -> None:
    assert asks_content("Which ones can be cancelled free of charge?")
    assert not asks_content("can I cancel it myself?")


def test_a_million_character_question_is_read_in_linear_time() -> None:
    session, _, _ = _boiler()
    text = ("was the condensate trap cleared " * 31_250)[: 1_000_000 - 1] + "?"
    assert len(text) == 1_000_000
    start = time.perf_counter()
    assert not asks_content("why " + text[4:])
    assert asks_content(text)
    session.preview(text)
    assert time.perf_counter() - start < 60


def _content_words(config: mh.Config) -> object:
    session, _, _ = _boiler(config)
    return str(session.classify("the vessel?"))


# For tests/test_rules.py's on/off test: what the rule decides, as its switch sets it.
OBSERVERS = {"output-content-words": _content_words}
