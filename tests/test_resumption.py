"""Thread resumption after digressions and the intent gaps of issue 15 item 1: return
announcements in several phrasings (rule resume-announcements), side questions on the topic at
hand (rule side-questions), the "again" of a return or a repeat request, and a capital letter
alone as a pick of a lettered list (rule ordinal-forms), in ``Session.classify`` as in
``user()``/``preview()``."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.again_markers import again_repeats
from multihorizon.dialogue.named_topics import named_topic
from multihorizon.dialogue.phrasing import side_question
from multihorizon.text.lexicon import default_lexicon


def _hits(text: str) -> list[tuple[int, int, int, int]]:
    return default_lexicon().scan_turn(text)[0]


def _digressed() -> tuple[mh.Session, str, str]:
    """A sourdough thread, then an aside on knives: (session, sourdough thread, aside)."""
    session = mh.Session()
    session.user("My sourdough loaf comes out dense and flat. What am I doing wrong?")
    session.assistant("Probably an underactive starter: it should double within six hours.")
    session.user("Does the water temperature matter for the starter?")
    session.assistant("Yes, aim for a dough around 24 to 26 degrees.")
    bread = session.active_thread
    session.user("Unrelated: how often should I sharpen kitchen knives?")
    session.assistant("Hone before each use and sharpen every two or three months.")
    assert session.active_thread != bread
    return session, bread, session.active_thread


# ---- return announcements ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Back to the bread, how long should the bulk ferment be?",
        "Going back to the loaf: how long should the bulk ferment be?",
        "OK, returning to the sourdough, should I feed the starter twice a day?",
        "Getting back to the starter, how often should I feed it?",
        "Anyway, about the starter, how often should I feed it?",
        "Right, the sourdough again: how long should it prove?",
        "Re the starter, should I use wholemeal flour?",
        "On the sourdough thing, should I use wholemeal flour?",
    ],
)
def test_a_return_announcement_resumes_the_thread_it_names(text: str) -> None:
    session, bread, _ = _digressed()
    envelope = session.preview(text)
    assert envelope.active_thread == bread, text
    assert envelope.intent is not mh.Intent.EXPLORE
    assert envelope.intent is session.classify(text)


@pytest.mark.parametrize(
    "text",
    [
        "Back to the migration: which tool did you say for copying the data again?",
        "Back to the migration, what did you say again?",
    ],
)
def test_the_again_of_a_return_asks_to_recall_not_to_clarify(text: str) -> None:
    session = mh.Session()
    session.user("We're moving from MySQL to Postgres. Which tool copies the data?")
    session.assistant("pgloader: it converts the schema and data in one pass.")
    migration = session.active_thread
    session.user("Different subject: how do I set up a fair on-call rotation?")
    session.assistant("Weekly shifts with a primary and a secondary.")
    envelope = session.preview(text)
    assert envelope.active_thread == migration
    assert envelope.intent is mh.Intent.DRILL_DOWN
    assert session.classify(text) is mh.Intent.DRILL_DOWN


def test_a_clarification_without_a_return_stays_a_clarification() -> None:
    session, _, knives = _digressed()
    for text in ["Can you explain that again?", "Say that again?", "I'm confused, again?"]:
        assert session.classify(text) is mh.Intent.CLARIFY, text
        assert session.preview(text).active_thread == knives


def test_the_again_of_a_repeat_request_is_no_clarify_marker() -> None:
    text = "Do that again for Friday."
    kept = again_repeats(text, _hits(text))
    assert all(text[start:end].casefold() != "again" for kind, _, start, end in kept if kind == 0)
    # Without a repeat or a return, "again" stays a CLARIFY hit.
    plain = "Explain again?"
    assert again_repeats(plain, _hits(plain)) == tuple(_hits(plain))


@pytest.mark.parametrize(
    ("text", "words", "returns"),
    [
        ("For the quotes, what should they include?", ("quote",), False),
        ("Re the crypto, how do I prove how long I held it?", ("crypto",), False),
        ("So for Rome, which day should be the Vatican day?", ("rome",), False),
        ("About the panels, how long is the payback?", ("panel",), False),
        ("Anyway, about the tank, which fish are good?", ("tank",), True),
        ("Right, the chair again: what about the monitor height?", ("chair",), True),
        ("OK, thanks.", (), False),
        ("Hello, how are you?", (), False),
        ("Well, I think so, but not sure", (), False),
        ("For the record.", (), False),
    ],
)
def test_named_topic_reads_the_opening_clause(
    text: str, words: tuple[str, ...], returns: bool
) -> None:
    assert named_topic(text) == (words, returns)


def test_a_named_topic_of_the_active_thread_keeps_the_turn_there() -> None:
    session, _, knives = _digressed()
    session.user("Which whetstone grit should I start with?")
    session.assistant("A 1000 grit stone for regular sharpening.")
    envelope = session.preview("For the whetstone, do I soak it first?")
    assert envelope.active_thread == knives


# ---- side questions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Is a buffet cheaper than a sit-down meal?",
        "Does a string quartet cost much more than a DJ?",
        "Should I get several quotes?",
        "How many people usually skip the evening part?",
    ],
)
def test_a_side_question_stays_in_the_active_thread(text: str) -> None:
    session = mh.Session()
    session.user("We're planning a wedding for 80 guests in September, where should we start?")
    session.assistant("Fix the budget and the date first, then book the venue.")
    wedding = session.active_thread
    envelope = session.preview(text)
    assert envelope.active_thread == wedding, text
    assert envelope.intent is mh.Intent.DRILL_DOWN
    assert session.classify(text) is mh.Intent.DRILL_DOWN


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("Is a buffet cheaper than a sit-down meal?", True),
        ("Should my feet be flat on the floor?", True),
        ("My monstera has brown edges, why?", False),  # a situation of its own
        ("Separately, my knee hurts on stairs, why?", False),
        ("Can you find me a train to Cambridge?", False),  # a request
        ("Is there a rest stop nearby?", False),
        ("Different question: can I compost citrus peel?", False),  # announced
        ("Could you explain how LaTeX tables work?", False),  # asks to explain
        ("Is a buffet cheaper than a sit-down meal for a wedding of eighty guests?", False),
    ],
)
def test_side_question_reads_the_turn_alone(text: str, side: bool) -> None:
    assert side_question(text, _hits(text)) is side


def test_a_side_question_after_an_offer_of_something_else_opens_a_thread() -> None:
    session = mh.Session()
    session.user("Please book a table for two at Nopa tonight.")
    session.assistant("Booked for 7pm. Is there anything else I can help with?")
    envelope = session.preview("What will the weather be like tomorrow?")
    assert envelope.intent is mh.Intent.EXPLORE


def test_a_side_question_naming_a_dormant_threads_words_resumes_it() -> None:
    session = mh.Session()
    session.user("I have three days in Rome in April. What should I not miss?")
    session.assistant("The Colosseum, the Vatican Museums and an evening in Trastevere.")
    rome = session.active_thread
    session.user("Separate question: what's the cabin bag size for Ryanair?")
    session.assistant("The free bag is 40x20x25 cm.")
    assert session.active_thread != rome
    assert session.preview("Is Trastevere safe at night?").active_thread == rome


def test_between_peers_a_short_question_still_moves_on() -> None:
    config = mh.Config(peer_replies=True)
    on = mh.Session(config=config)
    off = mh.Session(config=config.replace(side_questions=False))
    for session in (on, off):
        session.user("I just got back from a hike with my dog.")
        session.assistant("Nice, I love hiking too.")
    text = "Is a buffet cheaper than a sit-down meal?"
    assert on.preview(text).intent is off.preview(text).intent


# ---- picks by a capital letter, "#2" in classify -----------------------------------------------


def _lettered() -> mh.Session:
    session = mh.Session()
    session.user("Which database should I use for the analytics service?")
    session.assistant("Options:\nA. Postgres\nB. ClickHouse\nC. DuckDB\nD. SQLite")
    return session


@pytest.mark.parametrize(
    ("text", "item"),
    [
        ("Is D too slow?", "SQLite"),
        ("B sounds good", "ClickHouse"),
        ("Let's go with C.", "DuckDB"),
        ("I'd pick B.", "ClickHouse"),
        ("Go with A", "Postgres"),
        ("#2 please", "ClickHouse"),
    ],
)
def test_a_capital_letter_alone_picks_an_item(text: str, item: str) -> None:
    session = _lettered()
    envelope = session.preview(text)
    assert [ref.item for ref in envelope.references if ref.type == "ordinal"] == [item]
    assert envelope.intent is mh.Intent.DRILL_DOWN
    assert session.classify(text) is mh.Intent.DRILL_DOWN
    assert session.analyse(text)[0] is mh.Intent.DRILL_DOWN


@pytest.mark.parametrize(
    "text", ["Do I need vitamin D?", "A few more ideas?", "Is C++ faster?", "What is plan B?"]
)
def test_a_capital_letter_in_a_name_or_an_article_picks_nothing(text: str) -> None:
    envelope = _lettered().preview(text)
    assert not [
        ref
        for ref in envelope.references
        if ref.type == "ordinal" and ref.item in ("Postgres", "SQLite", "DuckDB")
    ], text
