"""Rule return-question-words (SPEC-028 §3.3 resumption, issue 15 item 1): a return ("back to
X, ...") goes where its question's words are as well as its named words. When the named
words pick a thread but a later thread holds at least two more of the question's words (a
turn opened it as a new topic and the topic went on there), the later thread takes the
return; when no thread holds a named word ("back to running" after "10k", "pace"), the
thread holding the most question words (at least two, no tie) takes it, else an announced
return goes to the thread left most recently."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon.dialogue.returns import question_return

_DATA = Path(__file__).parent / "data" / "handwritten"
OFF = mh.Config().replace(return_question_words=False)

# backto_holdout37: written before the rule, scored at its start and end (resume 0.955, new
# thread 0.933, intent 0.875 both times); the rule moved no probe of it.
FLOORS = {"backto_holdout37.jsonl": 0.95, "backto_tune37.jsonl": 0.85}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_the_sets_meet_their_resume_floors(name: str) -> None:
    figures, _ = score(_DATA / name)
    assert figures["resume_accuracy"] >= FLOORS[name]


# Three threads: 0 (the boiler), 1 (opened by "we rent, who pays?"), 2 (a cake).
_TERM_THREADS = {
    "boiler": [0],
    "leak": [0],
    "pressure": [0, 1],
    "engineer": [1],
    "landlord": [1],
    "pay": [1],
    "cake": [2],
    "oven": [2],
}
_TURNS = [[0, 1], [2, 3], [4, 5, 6, 7]]


def _moved(found: int, terms: tuple[str, ...], *, announced: bool = True) -> int:
    return question_return(_TERM_THREADS, _TURNS, 2, found, ("boiler",), terms, announced=announced)


def test_a_later_thread_holding_two_question_words_takes_the_return() -> None:
    assert _moved(0, ("boiler", "engineer", "leak", "landlord", "pay")) == 1


def test_one_shared_question_word_leaves_the_named_thread() -> None:
    assert _moved(0, ("boiler", "engineer", "leak")) == 0


def test_a_word_two_threads_used_names_neither() -> None:
    assert _moved(0, ("boiler", "engineer", "pressure")) == 0


def test_an_older_thread_does_not_take_a_return_from_the_named_one() -> None:
    turns = [[4, 5], [0, 1], [6, 7]]
    assert (
        question_return(
            _TERM_THREADS,
            turns,
            2,
            0,
            ("boiler",),
            ("boiler", "engineer", "landlord", "pay"),
            announced=True,
        )
        == 0
    )


def test_no_named_word_held_goes_by_the_question_words() -> None:
    found = question_return(
        _TERM_THREADS,
        _TURNS,
        2,
        -1,
        ("heating",),
        ("heating", "engineer", "landlord"),
        announced=True,
    )
    assert found == 1


def test_no_named_word_nor_question_word_goes_to_the_thread_left_last() -> None:
    turns = [[0, 1], [2, 3], [4, 5]]
    assert question_return(_TERM_THREADS, turns, 2, 0, ("house",), ("house",), announced=True) == 1
    # Not announced: what the other rules found stays.
    assert question_return(_TERM_THREADS, turns, 2, 0, ("house",), ("house",), announced=False) == 0


def _split_boiler(config: mh.Config) -> tuple[mh.Session, list[str]]:
    """A boiler thread, the turn "we rent, who pays?" opening a thread of its own (the
    segmentation's call, which this rule does not change), then a cake aside."""
    session = mh.Session(config=config)
    names = [session.user("Our boiler keeps losing pressure, down to 0.3 bar every two days.")]
    session.assistant(
        "Pressure loss usually means a leak somewhere in the system or a failing expansion "
        "vessel or pressure relief valve. Check radiator valves and visible pipework for drips."
    )
    names.append(session.user("we rent the place, who is supposed to pay for repairs like that?"))
    session.assistant(
        "Your landlord: in a tenancy the landlord must keep the heating and hot water in "
        "repair and covers the cost of the engineer and parts, unless you damaged it."
    )
    names.append(session.user("totally different, how do I stop my sponge cake sinking?"))
    session.assistant(
        "Don't open the oven in the first 20 minutes and check its temperature with a thermometer."
    )
    session.user("kept the door shut this time, it rose fine")
    session.assistant("Great.")
    return session, [envelope.active_thread for envelope in names]


def test_a_return_finds_where_its_topic_went_on() -> None:
    text = "Back to the boiler: if the engineer finds a leak, does the landlord pay?"
    on, names = _split_boiler(mh.Config())
    off, _ = _split_boiler(OFF)
    assert len(set(names)) == 3  # the rent question opened a thread of its own
    assert on.preview(text).active_thread == names[1]
    assert off.preview(text).active_thread == names[0]


def test_a_return_naming_a_thread_exactly_goes_there() -> None:
    session, names = _split_boiler(mh.Config())
    # One question word of the rent thread ("engineer") is chance: the named thread keeps it.
    text = "Back to the boiler, would an engineer check the expansion vessel?"
    assert session.preview(text).active_thread == names[0]


def _timed(size: int) -> float:
    terms = (*(f"word{i}" for i in range(size)), "engineer", "landlord")
    start = time.perf_counter()
    assert _moved(0, terms) == 1
    return time.perf_counter() - start


@pytest.mark.timed
def test_the_rule_reads_each_word_once() -> None:
    # A 1,000,000-character turn holds at most some 100,000 words: one set look-up each.
    small, large = min(_timed(100_000) for _ in range(3)), min(_timed(200_000) for _ in range(3))
    assert large < 2.0
    assert large < 4 * max(small, 1e-3)  # twice the words, about twice the time


def _observe_question_words(config: mh.Config) -> object:
    session, names = _split_boiler(config)
    text = "Back to the boiler: if the engineer finds a leak, does the landlord pay?"
    return session.preview(text).active_thread == names[1]


# The registry's on/off observer of this rule (tests/test_rules.py).
OBSERVERS = {"return-question-words": _observe_question_words}


# Rule announced-return-details: a return announced by naming its topic ("Anyway, about the
# boiler, ...", "The boiler again - ...", "Re the boiler: ...") is a return for rule
# detail-turns too: any turn of the thread may hold the detail it asks.
ANTECEDENTS = mh.Config(antecedents=True)


def _rented_boiler(config: mh.Config, aside: bool = True) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Our combi boiler shows error F28 most mornings, no hot water till I reset it.")
    session.assistant(
        "F28 on many combis means ignition failure. Common causes are low gas pressure, a "
        "frozen condensate pipe in frosty weather, or a worn ignition electrode."
    )  # 1
    session.user("the condensate pipe goes outside and it was frozen this morning")
    session.assistant("That's it: pour warm water along the outside pipe until it thaws.")
    session.user("we rent btw, who is meant to pay for repairs like that?")
    session.assistant(
        "In a rental the landlord is responsible for keeping the heating and hot water "
        "working and pays for the engineer's visit and the repairs, unless you caused it."
    )  # 5
    if aside:
        session.user("Different topic, are part worn tyres a false economy?")
        session.assistant("Often, yes: budget new tyres are usually better value.")
        session.user("ok got two new budget ones fitted for 110")
        session.assistant("Good choice.")
    return session


@pytest.mark.parametrize(
    "text",
    [
        "Anyway, about the boiler, if the engineer finds a leak does the landlord pay?",
        "The boiler again - if the engineer finds a leak does the landlord pay?",
        "Re the boiler: if the engineer finds a leak, does the landlord pay?",
    ],
)
def test_an_announced_return_reaches_the_turn_holding_its_detail(text: str) -> None:
    # Rule return-detail-targets (stop 38) reaches the landlord reply too: both off, turn 0.
    off = ANTECEDENTS.replace(announced_return_details=False, return_detail_targets=False)
    assert _rented_boiler(ANTECEDENTS).preview(text).antecedents[0] == 5
    assert _rented_boiler(off).preview(text).antecedents[0] == 0


def test_a_named_topic_without_an_aside_is_no_return() -> None:
    # The turn before is in the boiler's thread: the rule leaves the other rules' choice.
    text = "Re the boiler: if the engineer finds a leak, does the landlord pay?"
    off = ANTECEDENTS.replace(announced_return_details=False)
    on_first = _rented_boiler(ANTECEDENTS, aside=False).preview(text).antecedents[0]
    assert on_first == _rented_boiler(off, aside=False).preview(text).antecedents[0]


def _observe_announced_details(config: mh.Config) -> object:
    text = "Anyway, about the boiler, if the engineer finds a leak does the landlord pay?"
    # Without rule return-detail-targets, which reaches the same reply.
    alone = config.replace(return_detail_targets=False)
    return _rented_boiler(alone).preview(text).antecedents[:1]


OBSERVERS["announced-return-details"] = _observe_announced_details
