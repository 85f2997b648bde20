"""DRILL_DOWN against CONTINUE (issue 15 item 1, stop 35): a CONTINUE marker inside a
question's own words asks nothing to go on (rule embedded-continues: "lifetime cover, how much
more per month usually"), and a statement that asks the assistant to act on the thread right
after its reply drills down (rule action-requests: "Run fastqc on the raw reads.").

``ddcont_holdout35.jsonl`` (10 conversations, 89 probes: DRILL_DOWN and CONTINUE turns in
varied registers beside EXPLORE, CLARIFY and TOOL_REFERENCE controls; domains no other file
uses) was written before any change and scored once at each end; its misses were not read:

| file | intent acc | macro-F1 |
|---|---|---|
| ddcont_holdout35, first run (main 594a9ae) | 0.798 | 0.822 |
| ddcont_holdout35, end run | 0.809 | 0.830 |

Pooled over every other hand-written file (4,006 probes): intent 3651 -> 3675, DRILL_DOWN
read CONTINUE 77 -> 52, CONTINUE read DRILL_DOWN 34 -> 35; references, resumption, new
threads and tool targets unchanged. The floors sit a little under the end run.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon.dialogue.embedded_continues import embedded_continues
from multihorizon.dialogue.reply_rules import opens_with_action
from multihorizon.text.lexicon import default_lexicon

HOLDOUT = Path(__file__).parent / "data" / "handwritten" / "ddcont_holdout35.jsonl"

DOSE = "My dad just started on insulin pens, twice a day. How do I help him keep track?"
DOSE_REPLY = (
    "Keep a logbook by the fridge: the time, the dose and the meter reading before each "
    "injection. Rotate the injection site around the belly, a finger's width from the last one."
)
# Rule embedded-continues is opt-in (the native settle hands every question holding a CONTINUE
# phrase on): its tests switch it on.
ON = mh.Config().replace(embedded_continues=True)
NO_INSIDE = ON.replace(embedded_continues=False)
NO_ACTIONS = ON.replace(action_requests=False)


def _dose(config: mh.Config | None = ON, reply: str = DOSE_REPLY) -> mh.Session:
    session = mh.Session(config=config)
    session.user(DOSE)
    session.assistant(reply)
    return session


def _every_path(session: mh.Session, text: str) -> mh.Intent:
    """The intent of ``text`` by classify, analyse and preview, which must agree."""
    intent = session.classify(text)
    assert session.analyse(text)[0] is intent, text
    assert session.preview(text).intent is intent, text
    return intent


def test_the_holdout_meets_its_floor() -> None:
    figures, counts = score(HOLDOUT)
    assert counts["intent"] == 89
    assert figures["intent_accuracy"] >= 0.79  # 0.798 with Config(): as its first run
    figures, _ = score(HOLDOUT, config=ON)
    assert figures["intent_accuracy"] >= 0.80  # 0.809 with rule embedded-continues on
    assert figures["intent_macro_f1"] >= 0.82


@pytest.mark.parametrize(
    "text",
    [
        "should he eat more before the evening dose",
        "is the logbook more useful than an app?",
        "what should he carry on him when he goes out?",
        "If he forgets the morning dose, then what?",
        "what if he feels shaky and can't continue with his walk?",
    ],
)
def test_a_question_with_a_marker_in_its_own_words_drills_down(text: str) -> None:
    assert _every_path(_dose(), text) is mh.Intent.DRILL_DOWN, text
    assert _every_path(_dose(NO_INSIDE), text) is mh.Intent.CONTINUE, text


@pytest.mark.parametrize(
    "text",
    ["more tips?", "Thanks, anything else I should know?", "ok, and then?", "Done. What's next?"],
)
def test_a_marker_that_opens_its_sentence_still_goes_on(text: str) -> None:
    assert _every_path(_dose(), text) is mh.Intent.CONTINUE, text


@pytest.mark.parametrize(
    ("text", "inside"),
    [
        ("how much more per month", ["more"]),
        ("Great, more tips?", []),
        ("That worked. What's next?", []),
        ("ok and then?", []),
        ("why does it keep going off to the side", ["keep going"]),
        ("x" * 80 + " more?", ["more"]),
        ("Can you find me more restaurants?", []),
        ("Are there any other options?", []),
        ("cork bark fine or something else", ["something else"]),
        ("", []),
    ],
)
def test_embedded_continues(text: str, inside: list[str]) -> None:
    hits = default_lexicon().scan(text)
    found = [text[hit[2] : hit[3]].casefold() for hit in embedded_continues(text, hits)]
    assert found == inside


@pytest.mark.parametrize(
    "text",
    [
        "Check the logbook dose for the last week.",
        "ok try the belly on the left side tomorrow then",
        "Now split the dose log by morning and evening.",
        "please compare the injection sites for him",
    ],
)
def test_a_request_to_act_on_the_thread_drills_down(text: str) -> None:
    assert _every_path(_dose(), text) is mh.Intent.DRILL_DOWN, text
    assert _every_path(_dose(NO_ACTIONS), text) is not mh.Intent.DRILL_DOWN, text


@pytest.mark.parametrize(
    "text",
    [
        "checked the logbook, he skipped two evenings",
        "set the alarm on his phone for 8, he took it on time",
        "book arrived today, he likes it",
        "Totally different thing: check the tyre pressure on my bike.",
    ],
)
def test_reports_and_new_topics_keep_their_intent(text: str) -> None:
    assert _every_path(_dose(), text) is _every_path(_dose(NO_ACTIONS), text), text


def test_a_request_after_an_offer_of_other_help_keeps_section_5_2() -> None:
    offered = DOSE_REPLY + " Is there anything else I can help you with?"
    text = "Check the opening hours of the pharmacy on Elm Street."
    assert _dose(reply=offered).classify(text) is _dose(NO_ACTIONS, reply=offered).classify(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Run fastqc on the raw reads.", True),
        ("Great, please book the 07:05 then.", True),
        ("Now set up the firewall.", True),
        ("set to false, builds now", False),
        ("Split the batch and it worked", False),
        ("fix worked!", False),
        ("list is done", False),
        ("I ran it", False),
        ("check", False),
        ("", False),
    ],
)
def test_opens_with_action(text: str, expected: bool) -> None:
    assert opens_with_action(text) is expected


@pytest.mark.parametrize("others", [True, False])
def test_the_native_settle_hands_an_action_request_on(others: bool) -> None:
    # the verb marks the request opener, which sends the turn on to the full path whether or
    # not the other request rules are on
    config = mh.Config().replace(thread_requests=others, thread_wants=others, form_requests=others)
    assert _dose(config).classify("Check the logbook dose for the last week.") is (
        mh.Intent.DRILL_DOWN
    )


def test_the_native_settle_hands_an_embedded_marker_on() -> None:
    # with rule also-questions off, the adding gate still reads every CONTINUE phrase
    config = ON.replace(also_questions=False)
    assert _dose(config).classify("should he eat more before the evening dose") is (
        mh.Intent.DRILL_DOWN
    )
