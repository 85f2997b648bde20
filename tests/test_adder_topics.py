"""A new subject after an add-on opener, and a general how-question on the thread's own things
(SPEC-028 §5.2, §3.3; issue 15 item 1, stop 42): "also the ferry to the islands, is it bookable
ahead or just turn up" names its topic in a bare noun phrase (rule adder-topics), "my office
chair creaks ..." after a reply that named an office is about a chair (rule adder-heads), and
"Which school has language courses?" after advice that named the school asks on nothing of the
thread (rule adder-reply-words), nor does "One more question: ..." after "Good question" (rule
adder-opener-terms): EXPLORE and a new thread. "how do people vape less without
quitting outright?" in a thread on vaping asks deeper on it (rule thread-hows): DRILL_DOWN.
``classify``, ``analyse`` and ``user`` agree on every backend."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import user_turn_reads
from handwritten_scoring import score
from multihorizon.dialogue.adder_questions import split_tail, topic_end
from multihorizon.dialogue.thread_hows import term_forms
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"


def _trip(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(
        "first time baking sourdough bread, my loaf comes out flat, what am I doing wrong?"
    )
    session.assistant(
        "Usually the dough is underproofed or the starter is weak. Feed the starter twice a day "
        "for a few days, let the dough rise until it has grown by half, and shape it tightly "
        "before the final proof."
    )
    return session


def _visa(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Hello, I must renew my work visa before June. Which documents I need?")
    session.assistant(
        "You need your passport, the employment contract, a recent payslip and proof of "
        "address. Book the appointment early; the office is busy in spring."
    )
    return session


def _move(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(
        "We're moving house next month with two kids and a dog, and I'm overwhelmed. Where do "
        "we even start with packing?"
    )
    session.assistant(
        "Start with the rooms you use least: the loft, the garage, the spare room. Pack one "
        "room at a time, label every box with its room, and keep a box of essentials for the "
        "first night. Book the removal van now; the end of the month is busy."
    )
    session.user("Booked the van for the 28th, and we've done the loft already.")
    session.assistant(
        "Great progress. Next do the garage, and use up the freezer food so there's less to "
        "move. Give the new address to the bank, the doctor and the school this week."
    )
    return session


def _balcony(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Quick question, I want to plant tomatoes on my balcony. Which pots are good?")
    session.assistant(
        "Good question. Use pots of at least 20 litres with drainage holes in the sunniest "
        "spot, and train the plants up a cane as they grow; bush varieties suit balconies best."
    )
    return session


def _vape(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user("I'm trying to budget better and vaping is costing me 25 a week on pods")
    session.assistant(
        "Switch to a refillable device with bottled e-liquid: it costs a fraction of the pods. "
        "Set a weekly amount and buy the liquid in bulk once a month."
    )
    return session


def _reads(session: mh.Session, text: str, intent: mh.Intent) -> None:
    thread = session.active_thread
    envelope = user_turn_reads(session, text, intent)
    assert (envelope.active_thread != thread) is (intent is mh.Intent.EXPLORE), text


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("also the ferry to the islands, is it bookable ahead or just turn up", mh.Intent.EXPLORE),
        ("also the car hire at the airport, cheaper to book now or on arrival?", mh.Intent.EXPLORE),
        ("oh and the parking near the stadium - do we prebook it?", mh.Intent.EXPLORE),
        # Controls: a verb in the clause, one word, the thread's own thing, no subject at all.
        ("also the dough is sticky, normal?", mh.Intent.DRILL_DOWN),
        ("also the starter, how long is it good in the fridge?", mh.Intent.DRILL_DOWN),
        ("also the final proof in the fridge, how long?", mh.Intent.DRILL_DOWN),
        ("also, how long should it rest?", mh.Intent.DRILL_DOWN),
        ("also tried a longer proof, still flat", mh.Intent.CONTINUE),
    ],
)
def test_a_topic_before_a_comma(text: str, intent: mh.Intent) -> None:
    _reads(_trip(mh.Config(adder_topics=True)), text, intent)  # rule adder-topics is opt-in


@pytest.mark.parametrize(
    "text",
    [
        "also the dutch oven lid, on or off for the first 20 minutes?",
        "also the scoring blade, a razor or a sharp knife?",
        "also the steam in the oven, ice cubes or a tray of water?",
    ],
)
def test_by_default_a_topic_new_in_words_stays_on_the_thread(text: str) -> None:
    # Why adder-topics is opt-in: these name words the thread never said, yet ask on it.
    assert user_turn_reads(_trip(), text, mh.Intent.DRILL_DOWN).intent is mh.Intent.DRILL_DOWN


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "while I'm at it, my office chair creaks every time I lean back, should I oil it "
            "or buy a new one?",
            mh.Intent.EXPLORE,
        ),
        # Controls: the user's own visa first, the reply's office as the head.
        ("also my visa photo is blurry, do I need a new one?", mh.Intent.DRILL_DOWN),
        ("one more question about the appointment: can I move it?", mh.Intent.DRILL_DOWN),
    ],
)
def test_a_compound_subject_whose_head_is_new(text: str, intent: mh.Intent) -> None:
    _reads(_visa(), text, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "One more question: my brother comes in June and he don't speak English. Which "
            "school has language courses?",
            mh.Intent.EXPLORE,
        ),
        (
            "while I'm at it, my wisdom tooth aches when I chew, should I wait or book the "
            "dentist?",
            mh.Intent.EXPLORE,
        ),
        # Controls: a request on the thread, a report, a question on its own things.
        ("while I'm at it, can you make me a checklist for the last week?", mh.Intent.DRILL_DOWN),
        ("also found the dog's old crate in the loft, still works", mh.Intent.CONTINUE),
        ("also the boxes, where do people get them cheap?", mh.Intent.DRILL_DOWN),
    ],
)
def test_a_word_only_the_replies_used(text: str, intent: mh.Intent) -> None:
    _reads(_move(), text, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "One more question: my parents visit in May and don't drive. Which trains go to "
            "the coast?",
            mh.Intent.EXPLORE,
        ),
        # Controls: the opener names the thread's thing, or asks at once.
        ("One more question about the pots: how often I must water them?", mh.Intent.DRILL_DOWN),
        ("one more question, should the cane go in before planting?", mh.Intent.DRILL_DOWN),
    ],
)
def test_the_openers_words_share_nothing(text: str, intent: mh.Intent) -> None:
    _reads(_balcony(), text, intent)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("how do people vape less without quitting outright?", mh.Intent.DRILL_DOWN),
        ("how do people cut down on pods without quitting outright?", mh.Intent.DRILL_DOWN),
        # Controls: a thing of its own, and the user's own case.
        ("how do people cut down on sugar without quitting outright?", mh.Intent.EXPLORE),
        ("how do people learn to swim as adults?", mh.Intent.EXPLORE),
    ],
)
def test_a_general_how_question(text: str, intent: mh.Intent) -> None:
    user_turn_reads(_vape(), text, intent)


def test_the_word_checks() -> None:
    tokens = ["also", "the", "ferry", "to", "the", "islands,", "is", "it", "bookable"]
    words = [token.strip(",") for token in tokens]
    assert topic_end(tokens, words, 1) == 6
    tokens = ["also", "the", "dough", "is", "sticky,", "normal?"]
    assert topic_end(tokens, [token.strip(",?") for token in tokens], 1) == -1
    tokens = ["also", "the", "starter,", "how", "long?"]
    assert topic_end(tokens, [token.strip(",?") for token in tokens], 1) == -1  # one word
    text = "also the car hire at the airport, cheaper to book now or on arrival?"
    assert split_tail(text, True, topics=True) is not None
    assert split_tail(text, True) is None  # the rule off: a long closing clause asks nothing
    assert term_forms("vaping") >= {"vape", "vaping", "vapes"}
    assert "vaping" in term_forms("vape")


def test_the_rules_read_only_after_a_reply() -> None:
    session = mh.Session()
    text = "how do people vape less without quitting outright?"
    assert session.classify(text) is mh.Intent.EXPLORE


@pytest.mark.timed
def test_the_scans_are_linear() -> None:
    # 100k against 10k characters: linear is 10x (tests/test_linear_time.py's bound), best of
    # three runs on a shared machine.
    def cost(text: str) -> float:
        return best_seconds(lambda: (split_tail(text, True, True), term_forms(text)))

    for unit in ("also the ", "the x, ", "x ", "also the ferry to the isles, "):
        small, large = cost(unit * (10_000 // len(unit))), cost(unit * (100_000 // len(unit)))
        assert large <= 30 * max(small, 0.005), (unit, small, large)


def test_the_hold_out_keeps_its_floor() -> None:
    # Written before the rules (stop 42); first run 0.867 intent (52 of 60), 1.0 new thread,
    # 0.9 resumption; the rules read none of its probes (end 0.867).
    figures, counts = score(DATA / "adders_holdout42.jsonl")
    assert counts["intent"] == 60
    assert figures["intent_accuracy"] >= 0.86
    assert figures["new_thread_accuracy"] >= 0.9
    tune, _ = score(DATA / "adders_tune42.jsonl")
    # 41 of 44 with the stop's default rules (43 with the opt-in adder-topics too, 35 off).
    assert tune["intent_accuracy"] >= 0.93


def _observe_topic(config: mh.Config) -> object:
    return _trip(config).classify(
        "also the ferry to the islands, is it bookable ahead or just turn up"
    )


def _observe_head(config: mh.Config) -> object:
    return _visa(config).classify(
        "while I'm at it, my office chair creaks every time I lean back, should I oil it?"
    )


def _observe_reply_word(config: mh.Config) -> object:
    return _move(config).classify(
        "One more question: my brother comes in June and he don't speak English. Which school "
        "has language courses?"
    )


def _observe_opener(config: mh.Config) -> object:
    return _balcony(config).classify(
        "One more question: my parents visit in May and don't drive. Which trains go to the coast?"
    )


def _observe_how(config: mh.Config) -> object:
    return _vape(config).classify("how do people vape less without quitting outright?")


# The on/off observers of ``test_rules`` (rule id -> what the rule decides).
OBSERVERS = {
    "adder-topics": _observe_topic,
    "adder-heads": _observe_head,
    "adder-reply-words": _observe_reply_word,
    "adder-opener-terms": _observe_opener,
    "thread-hows": _observe_how,
}
