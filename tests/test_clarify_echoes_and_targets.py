"""Issue 15 item 1, stop 42 (clarify42): meaning checks in more forms, and the reply they ask
about. Rule surprise-echoes: a surprise echo of what the reply said, then how/why ("hang on,
the float shuts the water off by itself? how does it know"); rule unfamiliar-forms: formal and
learners' statements that a term is new ("I am not familiar with the X procedure; could you
explain what it entails?", "the concept of X is unfamiliar to me"): CLARIFY. Rule
clarify-targets: a CLARIFY's term points at the latest reply that used it, not an older turn
sharing a noun of the question. Controls: the user's own outcome in surprise, a question of
its own after "hold on", "wait for", terms no reply used.

``clarify_holdout42.jsonl`` (10 conversations, 65 probes, written before any code change of
the stop, scored at the start and at the end): see the CHANGELOG."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import intents_by_every_path, session_after
from handwritten_scoring import score
from multihorizon import _backend, kernels
from multihorizon.dialogue.clarify_targets import meant_term
from multihorizon.dialogue.plain_terms import unfamiliar_term
from multihorizon.dialogue.surprise_echoes import surprise_echo
from multihorizon.text.lexicon import Marker, default_lexicon
from timing import best_seconds

_DATA = Path(__file__).parent / "data" / "handwritten"

_CISTERN = "my toilet cistern keeps running after a flush, what do i check"
_CISTERN_REPLY = (
    "Lift the lid and watch the float: the float valve should shut the water off once the "
    "float rises to the fill line. If the water keeps rising into the overflow tube, lower "
    "the float with the adjustment screw; if it still trickles, the flush valve seal is worn."
)


def test_floor() -> None:
    figures, _ = score(_DATA / "clarify_holdout42.jsonl")
    assert figures["intent_accuracy"] >= 0.78


_FORMS = [
    ("hang on, the float valve shuts the water off by itself? how does it know", "surprise_echoes"),
    ("wait the float rises and shuts the valve? how", "surprise_echoes"),
    ("whoa, the seal is worn if it still trickles?? why would that be", "surprise_echoes"),
    ("Sorry, I do not quite follow; the float shuts the valve? How would it know?", None),
    (
        "I am not familiar with the adjustment screw procedure; could you explain what it entails?",
        "unfamiliar_forms",
    ),
    (
        "The concept of an overflow tube is unfamiliar to me; would you explain what it is?",
        None,
    ),
    ("I'm not acquainted with the term flush valve, what is it?", "unfamiliar_forms"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "switch"), _FORMS)
def test_the_forms_are_clarify_and_their_switch_turns_them_off(
    text: str, switch: str | None
) -> None:
    assert session_after(_CISTERN, _CISTERN_REPLY).classify(text) is mh.Intent.CLARIFY
    if switch is None:
        return  # read by an older rule too
    off = dataclasses.replace(mh.Config(), **{switch: False})
    assert session_after(_CISTERN, _CISTERN_REPLY, config=off).classify(text) is not (
        mh.Intent.CLARIFY
    )


@pytest.mark.parametrize(
    "text",
    [
        "wait, it actually stopped?? how did that happen",  # the user's own outcome
        "wait it actually worked??",  # no how or why
        "hold on, should I lower the float? how far",  # a question of its own
        "wait for the float to rise? how long",  # "wait for" opens no echo
        "hang on, the plumber came round yesterday? how do i pay him",  # not the reply's
        "I am not familiar with the plumbing procedure; who should I call?",  # asks anew
        "The concept of a combi boiler is unfamiliar to me; what is it?",  # no reply named it
    ],
)
def test_questions_of_their_own_stay_unclarified(text: str) -> None:
    assert session_after(_CISTERN, _CISTERN_REPLY).classify(text) is not mh.Intent.CLARIFY


def test_the_terms_read() -> None:
    assert surprise_echo("hang on, the float shuts it off? how does it know") == ("float", "shut")
    assert surprise_echo("hang on, the float shuts it off? ok thanks") == ()  # no how/why
    assert surprise_echo("so the float shuts it off? how") == ()  # no surprise
    assert surprise_echo("wait, my water bill doubled? why would that be") == ()  # the user's own
    assert surprise_echo("hang on, our float is the black thing? how do I set it") == ()
    assert unfamiliar_term("I am not familiar with the reinstatement procedure; explain pls") == (
        "reinstatement",
    )
    assert unfamiliar_term("the concept of a grace period is unfamiliar to me") == (
        "grace",
        "period",
    )
    assert unfamiliar_term("the concept of a grace period is unfamiliar to me", False) == ()
    assert meant_term("what do you mean that the policy lapses, in practice?") == (
        "policy",
        "lapse",
    )
    assert meant_term("what do you mean by fruit buds here, the flowers?") == ("fruit", "bud")
    assert meant_term("Could you clarify what you mean when you say it lapses?") == ("lapse",)
    assert meant_term("what do you mean?") == ()


_POLICY = (
    "I need life insurance, what should I look at",
    "Compare the policy terms: the sum assured, the term, and the premium.",
    "ok I picked one",
    "Good. Make sure you pay on time: if you miss the grace period, it lapses.",
)


def _first_antecedent(text: str, config: mh.Config) -> int:
    session = session_after(*_POLICY, config=config.replace(antecedents=True))
    return session.user(text).antecedents[0]


def test_a_clarify_points_at_the_reply_that_said_its_head_word() -> None:
    on = mh.Config()
    off = on.replace(clarify_targets=False)
    text = "what do you mean that the policy lapses, in practice?"
    assert _first_antecedent(text, on) == 3  # the reply that said "lapses"
    assert _first_antecedent(text, off) == 1  # the older reply sharing "policy"
    # A recall asks what the reply that brought the term said (rule term-origins).
    assert _first_antecedent("what was that policy terms thing you mentioned", on) == 1


def test_ordinary_turns_with_wait_settle_natively() -> None:
    session = session_after(_CISTERN, _CISTERN_REPLY)
    classifier, view = session._classifier, session._view
    assert view is not None
    text = "should I wait for the cistern to refill before I flush?"
    assert isinstance(classifier.settle(text, None, view[0], view[1], False, view[2]), int)
    # "wait" is no phrase of Marker.PLAIN_CLARIFY but before a word that opens an echo.
    lexicon = default_lexicon()
    for text in ("wait for it", "wait a week", "wait until then", "wait till 5", "the wait is"):
        kinds = {int(kind) for kind, *_ in lexicon.scan(text)}
        assert int(Marker.PLAIN_CLARIFY) not in kinds, text
    assert int(Marker.PLAIN_CLARIFY) in {int(kind) for kind, *_ in lexicon.scan("wait, the X")}


def test_classify_analyse_and_user_agree_on_every_backend() -> None:
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            for text, _ in _FORMS:
                session = session_after(_CISTERN, _CISTERN_REPLY)
                assert intents_by_every_path(session, text) == {mh.Intent.CLARIFY}, (name, text)
    finally:
        kernels.use(previous)


@pytest.mark.timed
@pytest.mark.parametrize(
    ("prefix", "unit", "suffix"),
    [
        ("hang on, ", "float ", "? how does it know"),
        ("I am not familiar with the ", "float ", " procedure; explain pls"),
        ("what do you mean by ", "float ", " here?"),
    ],
)
def test_linear_in_the_turn_and_the_reply(prefix: str, unit: str, suffix: str) -> None:
    def calls(size: int) -> Callable[[], object]:
        text = prefix + (unit * (size // len(unit) + 1))[:size] + suffix
        reply = _CISTERN_REPLY + " float" * (size // 8)
        session = session_after(_CISTERN, reply)
        return lambda: session.classify(text)

    small, large = best_seconds(calls(10_000)), best_seconds(calls(100_000))
    assert large <= 30 * max(small, 0.005)


def _observe(text: str) -> Callable[[mh.Config], object]:
    def observe(config: mh.Config) -> object:
        return session_after(_CISTERN, _CISTERN_REPLY, config=config).classify(text)

    return observe


def _observe_target(config: mh.Config) -> object:
    return _first_antecedent("what do you mean that the policy lapses, in practice?", config)


# Rule switch tests (``test_rules.OBSERVE``): what each rule of stop 42 decides, on and off.
OBSERVERS = {
    "surprise-echoes": _observe(_FORMS[0][0]),
    "unfamiliar-forms": _observe(_FORMS[4][0]),
    "clarify-targets": _observe_target,
}
