"""The forms of issue 15 item 1's resumption rules, each in several phrasings: returns by
an inflection of the thread's words (rule return-variants), follow-ups on a reply's words
(reply-follow-ups), "Also, ..." questions (also-questions), reports back on a reply
(report-backs), "And ...?" fragments (side-questions) and "Another thing, how ...?"
announcements (topic-announcements)."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.phrasing import (
    acked_question,
    adding_opener,
    announces_topic,
    reports_back,
    term_asked,
)
from multihorizon.dialogue.returns import inflections, words_held
from multihorizon.text.lexicon import Marker


def _hits(text: str) -> tuple[tuple[int, int, int, int], ...]:
    return tuple(mh.Session().features_of(text, "user").hits)


@pytest.mark.parametrize(
    ("named", "said"),
    [("move", "moving"), ("tomatoe", "tomato"), ("booking", "book"), ("baked", "bake")],
)
def test_a_named_word_matches_its_inflections(named: str, said: str) -> None:
    assert said in inflections(named)
    assert words_held({said}, [named], True) == 1
    assert words_held({said}, [named], False) == 0


def test_short_stems_are_not_swapped() -> None:
    # "bee" -> "be" would match every "be..." word a thread used.
    assert "be" not in inflections("bee")
    assert all(len(form) >= 3 for form in inflections("bee"))


@pytest.mark.parametrize(
    "text",
    [
        "They're in pots and I water them every day.",
        "It's on the hallway wall, away from radiators.",
        "We tried that, she just bites harder.",
        "I did that yesterday and nothing changed.",
        "That's what the log says too.",
    ],
)
def test_statements_that_report_back(text: str) -> None:
    assert reports_back(text)


@pytest.mark.parametrize(
    "text",
    [
        "My monstera has brown edges on its leaves.",
        "It would be great if you could book it for Friday.",
        "I want that in metric please.",
        "We're moving flats next month and need a removal company for the whole flat.",
    ],
)
def test_statements_that_do_not_report_back(text: str) -> None:
    assert not reports_back(text)


@pytest.mark.parametrize(
    ("text", "adds"),
    [
        ("Also, do I need winter tyres in Austria?", True),
        ("OK also, what's the best parking app in Madrid?", True),
        ("Can I also pay by card?", False),
        ("Is there a cheaper option also?", False),
        ("ok and the straps, how tight should they be roughly", True),
        ("OK, and the one with the big sensor, is it sharper at dusk?", True),
        ("ok and?", False),
        ("Okay, and... ?", False),
    ],
)
def test_also_opening_a_question(text: str, adds: bool) -> None:
    assert bool(adding_opener(text, _hits(text))) is adds


@pytest.mark.parametrize(
    ("text", "goes_on"),
    [
        ("What else should I buy with it?", False),
        ("What else could she test if she doesn't like that one?", False),
        ("What else can you find?", True),
        ("what else is there", True),
    ],
)
def test_what_else_goes_on_only_when_it_asks_for_more(text: str, goes_on: bool) -> None:
    continues = [hit for hit in _hits(text) if hit[0] == int(Marker.CONTINUE)]
    assert bool(continues) is goes_on


def test_ok_and_before_a_question_of_its_own_drills_down() -> None:
    def replay(config: mh.Config) -> str:
        session = mh.Session(config=config)
        session.user("hosting a board game night on saturday, seven people, gamers and non gamers")
        session.assistant("For seven, party games work best: Codenames, Just One or Wavelength.")
        return str(session.classify("ok and the board game night snacks, what should seven get"))

    assert replay(mh.Config()) == "DRILL_DOWN"
    assert replay(mh.Config(also_questions=False)) == "CONTINUE"


def test_ok_and_keeps_a_question_in_its_thread() -> None:
    # audit_holdout7 a7-french: without its marker the question read as new ground (EXPLORE)
    # and opened a thread the later return then missed.
    session = mh.Session()
    session.user("how do I form the passé composé in french, my teacher said some take être")
    session.assistant("Most verbs take avoir; verbs of movement take être: allé, allée, allés.")
    text = "ok. and reflexive, example please?"
    assert acked_question(text, _hits(text))
    assert str(session.classify(text)) == "CONTINUE"


def test_an_also_after_the_question_adds_only_inside() -> None:
    text = "Can you pull up my alarms for me also?"  # sgd: rule short-follow-ups reads it
    assert adding_opener(text, _hits(text), inside=True)
    assert not adding_opener(text, _hits(text))
    assert not adding_opener("Also?", _hits("Also?"), inside=True)


@pytest.mark.parametrize(
    ("text", "announces"),
    [
        ("Another thing, how do I clean white trainers?", True),
        ("Something else, what temperature do I roast potatoes at?", True),
        ("Quick question, does nginx reload it by itself?", False),
        ("Another thing, the fan is still loud.", False),
    ],
)
def test_other_topic_openers_followed_by_a_question(text: str, announces: bool) -> None:
    assert announces_topic(text, _hits(text)) is announces


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("What's a Soundex search?", ("soundex", "search")),
        ("What is the 50/30/20 rule exactly?", ("rule",)),
        ("Sorry, what does CIRR stand for?", ("cirr",)),
        ("What are wildcards?", ("wildcard",)),
        ("What does it mean?", ()),
        ("What does the reset button do?", ()),
        ("What is the best way to store the bottles for a month or more?", ()),
        # TREC CAsT: questions about content, not a term.
        ("What are his desires?", ()),
        ("What is the NFL policy?", ()),
        ("What are the benefits of cow milk?", ()),
        ("What does the slow blink mean?", ()),
    ],
)
def test_the_term_a_question_asks_about(text: str, terms: tuple[str, ...]) -> None:
    assert term_asked(text) == terms


def test_a_term_of_the_reply_is_clarify_a_new_one_is_not() -> None:
    session = mh.Session()
    session.user("I'm researching my family tree. Where do I find old birth records?")
    session.assistant("Search the indexes with wildcards and phonetic (Soundex) options.")
    assert session.classify("What's a Soundex search?") is mh.Intent.CLARIFY
    assert session.classify("What are wildcards?") is mh.Intent.CLARIFY
    assert session.classify("What is a parish register?") is not mh.Intent.CLARIFY


def _two_topics(session: mh.Session) -> str:
    session.user("I want to run my first half marathon in 12 weeks. Can you sketch a plan?")
    session.assistant("Three runs a week: one easy, one with intervals, one long run.")
    running = session.active_thread
    session.user("Separately, my knee hurts when I go down stairs, should I worry?")
    session.assistant("If it lasts more than two weeks, see a physio.")
    return running


@pytest.mark.parametrize(
    "text",
    [
        "Coming back to the training plan, what should I eat before the long runs?",
        "So, the half marathon: how many gels during the race?",
        "One more on the intervals: how fast should they be?",
        "Regarding the plan from earlier, can I swap the days?",
    ],
)
def test_returns_in_many_phrasings_resume_the_thread(text: str) -> None:
    session = mh.Session()
    running = _two_topics(session)
    assert session.preview(text).active_thread == running


@pytest.mark.parametrize(
    "text",
    [
        "Mesh or powerline, which is better in an old stone house?",
        "How many mesh nodes would I need?",
        "Does the powerline adapter need its own socket?",
    ],
)
def test_a_question_on_the_reply_s_words_stays(text: str) -> None:
    session = mh.Session()
    session.user("The wifi upstairs is really weak. What can I do?")
    session.assistant("Move the router up, or add a mesh node or a powerline adapter upstairs.")
    assert session.preview(text).active_thread == session.active_thread


def test_also_questions_open_a_thread_and_are_explore() -> None:
    session = mh.Session()
    session.user("Our new puppy keeps biting hands during play. How do we stop it?")
    session.assistant("Stop playing for a few seconds, then redirect to a chew toy.")
    text = "Also, do I need winter tyres in Austria?"
    assert session.classify(text) is mh.Intent.EXPLORE
    assert session.preview(text).active_thread != session.active_thread


def test_a_report_back_continues_the_thread() -> None:
    session = mh.Session()
    session.user("Our smart thermostat keeps the flat at 23 degrees though it's set to 20.")
    session.assistant("Check where it's mounted: near a radiator or in sun it reads too warm.")
    text = "It's on the hallway wall, away from radiators."
    assert session.classify(text) is mh.Intent.CONTINUE
    assert session.preview(text).active_thread == session.active_thread
