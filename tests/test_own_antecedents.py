"""A question whose pronoun or demonstrative points at a party the turn brings itself ("My
brother asked me to give a speech at his birthday party, how long should it be?") opens a topic
of its own: EXPLORE under the explore bar when it names no word said before (rule
own-antecedents, SPEC-028 §5.2, issue 15 item 1). A party the thread knows, a word of the
conversation, a pick from a set or a return stay DRILL_DOWN; the native settle hands every
such question on (``may_point_into_itself`` is a superset of the rule)."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon._settler_py import contains_owner
from multihorizon.dialogue.own_antecedents import OWN_ANTECEDENT_CHARS, may_point_into_itself
from multihorizon.text.lexicon import default_lexicon

KETTLE = "Our kettle has white flakes floating in the water after boiling. Is it safe to drink?"
KETTLE_REPLY = (
    "Yes, the flakes are limescale from hard water and harmless. Descale it with citric acid "
    "or white vinegar: fill it halfway, boil, leave an hour, rinse twice."
)
OWN = [
    "My brother asked me to give a speech at his birthday party, how long should it be?",
    "my kid has a verruca on the sole of her foot, can she still go swimming",
    "My father passed away last month and I'm named as executor in his will. Where do I start?",
]


def _kettle(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(KETTLE)
    session.assistant(KETTLE_REPLY)
    return session


@pytest.mark.parametrize("text", OWN)
def test_a_question_on_a_party_of_its_own_explores(text: str) -> None:
    assert _kettle().classify(text) is mh.Intent.EXPLORE, text
    # Rule own-new-ground reads some of these too: the rule alone, without it.
    alone = mh.Config().replace(own_new_ground=False)
    session = _kettle(alone)
    assert session.classify(text) is mh.Intent.EXPLORE, text
    assert session.preview(text).intent is mh.Intent.EXPLORE, text
    off = _kettle(alone.replace(own_antecedents=False))
    assert off.classify(text) is mh.Intent.DRILL_DOWN, text


@pytest.mark.parametrize(
    "text",
    [
        # The party is new but a word of the thread is in the turn: on its subject.
        "My wife thinks the limescale comes back within a week, should we descale it monthly?",
        # A pick from a set said before.
        "My sister has the same problem, which one of those is gentler on it?",
        # No party of the turn's own before the pointer.
        "Does it matter how long you leave it standing before you pour it out?",
        # A return.
        "Back to my question, is it really fine for a baby to drink that water?",
    ],
)
def test_a_question_on_the_thread_stays_a_drill_down(text: str) -> None:
    session = _kettle()
    assert session.classify(text) is mh.Intent.DRILL_DOWN, text
    assert session.preview(text).intent is mh.Intent.DRILL_DOWN, text


def test_the_first_question_of_a_session_is_untouched() -> None:
    assert mh.Session().classify(OWN[0]) is mh.Intent.EXPLORE


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (OWN[0], True),
        (OWN[1], True),
        # No possessive before the pointer, or none at all.
        ("Does it matter how long you leave it standing before pouring it out?", False),
        ("Is the cabin big enough for his family of five, with my parents?", False),
        # Too short, or no question.
        ("My son: is he ok?", False),
        ("My brother asked me to give a speech at his birthday party next week.", False),
    ],
)
def test_the_settle_gate(text: str, expected: bool) -> None:
    hits, _, cues = default_lexicon().scan_turn(text)
    assert may_point_into_itself(1, cues, text, hits) is expected, text
    assert not may_point_into_itself(0, cues, text, hits)  # an EXPLORE is no DRILL_DOWN


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My son", True),
        ("is (our) plan", True),
        ("OUR", True),
        ("\u201cmy\u201d brother", True),
        ("my_son", True),  # a superset: "_" is no letter
        ("your hour for my", True),
        ("economy four", False),
        ("mystery tour", False),
        ("m y o u r", False),
        ("", False),
    ],
)
def test_contains_owner(text: str, expected: bool) -> None:
    assert contains_owner(text) is expected, text


def test_the_native_settle_hands_such_questions_on() -> None:
    # A DRILL_DOWN question that long with "my"/"our" before its first pointer goes on.
    session = _kettle()
    recent = session._threads.active_recent()
    settle = session._classifier.settle
    own = "My son keeps asking about it, is it fine to boil it twice?"
    plain = "Is it fine to boil it twice, or does it get worse each time?"
    assert len(own) >= OWN_ANTECEDENT_CHARS
    after = "Is it fine to boil it twice for my son, or does it get worse each time?"
    assert not isinstance(settle(own, None, recent, False, False, True), int)
    assert isinstance(settle(plain, None, recent, False, False, True), int)
    assert isinstance(settle(after, None, recent, False, False, True), int)  # "my" after "it"
    off = _kettle(mh.Config().replace(own_antecedents=False))
    assert isinstance(off._classifier.settle(own, None, recent, False, False, True), int)


def test_the_gate_is_a_superset_of_the_rule_over_hand_written_turns() -> None:
    # Every question the rule turns EXPLORE is one the gate hands on (both read the scan).
    import multihorizon.dialogue.intent as intent_module

    fired: list[str] = []
    rule = intent_module.points_into_itself

    def spy(*args: object) -> bool:
        found = rule(*args)  # type: ignore[arg-type]
        if found:
            fired.append(args[1].text)  # type: ignore[attr-defined]
        return found

    intent_module.points_into_itself = spy  # type: ignore[assignment]
    try:
        for text in OWN:
            _kettle(mh.Config().replace(own_new_ground=False)).preview(text)  # the rule alone
    finally:
        intent_module.points_into_itself = rule
    assert fired == OWN
    lexicon = default_lexicon()
    for text in fired:
        hits, _, cues = lexicon.scan_turn(text)
        assert may_point_into_itself(1, cues, text, hits), text
