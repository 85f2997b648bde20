"""New subjects added without a concern word, announced questions and answers that open with
"no" (rule also-holdings and the stop-38 announcement phrases; SPEC-028 §5.2, §3.3; issue 15
item 1, stop 38): right after a reply, "I've also got my grade 6 exam in May" or "Also we've
been lent a caravan for August" adds a new thing the user has and shares nothing with the
thread: EXPLORE in a thread of its own; "I have also bought anchors for the posts" (the
thread's posts), "also it still squeaks" and "I also need a rental car" stay. "Not related to
this but ...?" and "On another matter, ..." announce a new topic; "no aphids that we can see"
answers the reply's question. ``Session`` hands every turn with "also" past the native
settle, so classify, analyse and user agree on every backend."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import user_turn_reads
from handwritten_scoring import score
from multihorizon.dialogue.also_holdings import added_thing
from multihorizon.dialogue.new_subjects import new_subject
from multihorizon.dialogue.reply_answers import answer_statement

DATA = Path(__file__).parent / "data" / "handwritten"


def _offer(config: mh.Config | None = None, reply: str = "") -> mh.Session:
    session = mh.Session(config=config)
    session.user("I've been offered a job as a data analyst at 42k. Should I negotiate the salary?")
    session.assistant(
        "Yes, a polite counter is normal: research the market rate for the role, ask for 5-10% "
        "more and mention your experience. You can also ask to move the start date." + reply
    )
    return session


def _refund(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("The shop won't refund my faulty kettle, they say it's past 30 days.")
    session.assistant(
        "Within six months of purchase you can still ask for a repair or a replacement under "
        "consumer law. Did you keep the receipt?"
    )
    return session


@pytest.mark.parametrize(
    "text",
    [
        "I've also got my driving test next month",
        "Also we've been lent a camper van for the summer",
        "also got given a crate of old vinyl records from my uncle",
        "The vicar has also handed me the flower rota for the whole of Advent.",
        "Also my colleague lend me his bicycle for going to office in summer.",
        "another thing, weve been offered a free range cooker from my sisters old flat",
        "We have also inherited a small wildlife pond with the house.",
        "oh and we've also adopted two rescue kittens",
        "My parents bought us a trampoline for the garden too",  # short: "too" anchors
        "We've been given a puppy by the neighbours as well",
    ],
)
def test_a_new_thing_added_is_a_new_subject_and_thread(text: str) -> None:
    session = _offer()
    before = session.active_thread
    envelope = user_turn_reads(session, text, mh.Intent.EXPLORE)
    assert envelope.active_thread != before, text


@pytest.mark.parametrize(
    "text",
    [
        "I've also got a dentist appointment clash on the start date",  # the reply's start date
        "I've also got the market rate figures from a friend in the role",  # the thread's words
        "also it still feels low for the role",  # no thing added
        "I also need a rental car for the first week",  # no verb of having
        "I also have a question about the pension",  # asks
        "also got it in writing now",  # no new thing
    ],
)
def test_an_addition_that_shares_the_thread_or_adds_no_thing_is_not_the_rules(text: str) -> None:
    on, off = _offer().user(text), _offer(mh.Config(also_holdings=False)).user(text)
    assert (on.intent, on.active_thread) == (off.intent, off.active_thread), text


def test_the_receipts_the_reply_asked_for_answer_it() -> None:
    session = _refund()
    before = session.active_thread
    envelope = user_turn_reads(session, "I've also got the receipts for it", mh.Intent.CONTINUE)
    assert envelope.active_thread == before


def test_the_switch_turns_the_rule_off() -> None:
    text = "I've also got my driving test next month"
    session = _offer(mh.Config(also_holdings=False), " Do you have a competing offer?")
    assert session.classify(text) is session.analyse(text)[0] is not mh.Intent.EXPLORE
    on = _offer(reply=" Do you have a competing offer?")
    assert user_turn_reads(on, text, mh.Intent.EXPLORE).active_thread != "job-offer"


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I've also got my driving test next month", 3),
        ("Also I have been offered a place on a course", 5),
        ("also got 2 tickets for the test match", 2),
        ("My sister has also lent us her caravan", 6),
        ("another thing: weve been given a puppy", 5),
        ("I have also bought galvanised anchors", -1),  # no determiner: no new thing named
        ("also, thanks. We have a dog", -1),  # the clause ended before the verb
        ("I also have a question about parking", -1),
        ("I also have to leave early", -1),
        ("we also got rid of the old one", -1),
        ("the boiler is old, my son also has a cold", -1),  # the anchor past the first clause
        ("also had a look at the filter", -1),
        ("My parents bought us a trampoline too", -1),  # a tail anchors in a short text only
    ],
)
def test_the_added_thing_is_read_where_it_stands(text: str, start: int) -> None:
    assert added_thing(text) == start, text


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("My parents bought us a trampoline too", 4),
        ("We've been given a puppy as well.", 3),
        ("I have a cold too", 2),  # read; the rule's term count turns it down
        ("Bought a new drill too, it's great" + " really" * 20, -1),  # longer than TERSE_CHARS
        ("so I got it working too", -1),
    ],
)
def test_a_short_text_may_anchor_on_its_tail(text: str, start: int) -> None:
    assert added_thing(text, tails=True) == start, text


@pytest.mark.timed
def test_the_added_thing_reads_a_bounded_opening() -> None:
    # A turn of a million characters costs about what one of a thousand does (best of three
    # each: a ratio on this shared machine, no wall-clock limit).
    def cost(text: str) -> float:
        spent = []
        for _ in range(3):
            began = time.perf_counter()
            added_thing(text, tails=True)
            spent.append(time.perf_counter() - began)
        return min(spent)

    for unit in ("also ", "a", "I've also got a "):
        small, large = cost(unit * (1_000 // len(unit))), cost(unit * (1_000_000 // len(unit)))
        assert large < 20 * max(small, 0.002), (unit, small, large)


@pytest.mark.parametrize(
    "text",
    [
        "Not related to this but what's a good name for a goldfish?",
        "nothing to do with this, but how do I reset my router?",
        "On another matter, the printer in the study keeps jamming on every page.",
        "While I have you, can a Christmas cactus go outside in summer?",
        "Different question: how long do boiled eggs keep in the fridge?",
    ],
)
def test_an_announced_matter_is_a_new_topic_and_thread(text: str) -> None:
    session = _offer(reply=" Do you have a competing offer?")
    before = session.active_thread
    envelope = user_turn_reads(session, text, mh.Intent.EXPLORE)
    assert envelope.active_thread != before, text


@pytest.mark.parametrize(
    "text",
    [
        "no aphids that we can see, and the new growth looks fine",
        "none that I can see, but the soil is damp",
        "no, nothing like that, just yellow spots",
        "nope, the undersides are clean",
    ],
)
def test_an_answer_that_opens_with_no_continues_the_thread(text: str) -> None:
    session = mh.Session()
    session.user("the leaves of my potted lemon tree are curling and going pale, what's wrong")
    session.assistant(
        "Curling often means pests or water stress. Do you see any aphids on the leaves?"
    )
    before = session.active_thread
    envelope = user_turn_reads(session, text, mh.Intent.CONTINUE)
    assert envelope.active_thread == before, text


@pytest.mark.parametrize(
    "text",
    [
        "no change, still slow even after boiling water",
        "no other blockage that I can see, the trap looked clean",
        "nothing different after the plunger, it still gurgles",
    ],
)
def test_an_otherness_word_after_a_negation_is_an_answer(text: str) -> None:
    session = mh.Session()
    session.user("The kitchen sink drains really slowly since the weekend.")
    session.assistant("Often it's a grease plug in the trap. Have you tried a plunger on it yet?")
    before = session.active_thread
    envelope = user_turn_reads(session, text, mh.Intent.CONTINUE)
    assert envelope.active_thread == before, text


def test_an_otherness_word_that_opens_still_moves_on() -> None:
    assert not answer_statement("different thing, my boiler pressure keeps dropping")
    assert answer_statement("no change, still slow")
    assert not new_subject(["no", "change,", "still", "slow", "after"], False, 4, 0)
    assert new_subject(["different", "thing,", "the", "boiler", "leaks"], False, 4, 0)


def test_the_hold_out_keeps_its_floor() -> None:
    # Written before the rule (stop 38); first run 0.780 intent, 0.750 new thread.
    figures, counts = score(DATA / "subjects_holdout38.jsonl")
    assert counts["intent"] == 59
    assert figures["intent_accuracy"] >= 0.83
    assert figures["new_thread_accuracy"] >= 0.83


def _observe_also_holding(config: mh.Config) -> object:
    session = _offer(config, " Do you have a competing offer?")
    envelope = session.preview("I've also got my driving test next month")
    return envelope.intent, envelope.active_thread == session.active_thread


# The on/off observer of ``test_rules`` (rule id -> what the rule decides).
OBSERVERS = {"also-holdings": _observe_also_holding}
