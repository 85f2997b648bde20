"""Rules closing-checks, learner-meaning-asks, term-recalls and term-origins (stop 37, issue 15
item 1, SPEC-028 §5.2 CLARIFY and §4.1 entity references): a restatement closed by "nothing
more?", "that's all?" is a check; a meaning question in learners' or terse English ("this word
X I don't get", "the letters X mean nothing to me", "X being what") asks what a reply's word
means; "what was that X thing you mentioned?" and "explain what X is" recall a reply's term;
a question about a term is about the reply that first used it, not the latest turn.

``terms_holdout37.jsonl`` (10 conversations, 80 probes, 19 with a target turn, in domains no
other file held; written before any code change of the stop and scored twice, its misses not
read): logged-turn intent 0.696 on main's code, 0.754 at the end; every-probe intent (the
evaluation's intent task) 0.600 -> 0.688; references acc@1 15/19 -> 19/19.
``terms_tune37`` (4 conversations, 33 probes, tuned on): intent 0.655 -> 0.759."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multihorizon as mh
from handwritten_scoring import score
from multihorizon import _backend, kernels
from multihorizon._settle_py import EchoGates
from multihorizon.dialogue.confirm_checks import confirm_check
from multihorizon.dialogue.echoes import echo_words
from multihorizon.dialogue.meaning_asks import meaning_term
from multihorizon.dialogue.reply_terms import reply_term_words
from multihorizon.dialogue.term_origins import asked_term, recalled_term
from multihorizon.embed import HashingEmbedder
from multihorizon.evaluation.replay import read_conversations, replays
from timing import best_seconds

_DATA = Path(__file__).parent / "data" / "handwritten"

_CAR = "The dealer offer me PCP for a used Golf, 199 a month. Is good deal or not?"
_CAR_REPLY = (
    "It depends on the APR and the balloon payment. With PCP you pay a deposit, then monthly "
    "payments for three or four years, and at the end you either pay the balloon to keep the "
    "car, hand it back, or part-exchange it. The dealer's admin fee is only 2% of the price, "
    "and the mileage limit is 8,000 a year."
)
_CAR_MORE = "Extra miles cost 8 to 12p each; a used car from a main dealer often has a warranty."


def _car(config: mh.Config | None = None, more: bool = False) -> mh.Session:
    session = mh.Session(config=config)
    session.user(_CAR)
    session.assistant(_CAR_REPLY)
    if more:
        session.user("and the warranty?")
        session.assistant(_CAR_MORE)
    return session


@pytest.mark.parametrize(
    ("name", "intent"), [("terms_holdout37.jsonl", 0.75), ("terms_tune37.jsonl", 0.75)]
)
def test_floors(name: str, intent: float) -> None:
    figures, _ = score(_DATA / name)
    assert figures["intent_accuracy"] >= intent


def _references(name: str, config: mh.Config) -> int:
    hits = 0
    conversations = read_conversations(_DATA / name)
    for (replay,) in replays(conversations, HashingEmbedder(), [config]):
        for _, _, probes in replay.steps():
            for probe in probes:
                wanted = set(probe.get("gold_turn_ids") or ())
                if wanted:
                    ours = [replay.data_ids[turn] for turn in replay.ask(probe).antecedents]
                    hits += bool(ours) and ours[0] in wanted
    return hits


def test_term_origins_hold_the_hold_out_floor_and_off_loses_it() -> None:
    on = mh.Config(antecedents=True)
    assert _references("terms_holdout37.jsonl", on) >= 18  # of 19 (19 at the end)
    assert _references("terms_holdout37.jsonl", on.replace(term_origins=False)) <= 15


def test_switches_off_lose_the_tune_set() -> None:
    off = mh.Config(closing_checks=False, learner_meaning_asks=False)
    on, _ = score(_DATA / "terms_tune37.jsonl")
    without, _ = score(_DATA / "terms_tune37.jsonl", config=off)
    assert on["intent_accuracy"] - without["intent_accuracy"] >= 0.09


# ---- closing-checks ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "so the fee is merely 2% of the price, nothing more?",
        "so that's all it costs, 199 a month, nothing extra?",
        "so 3 or 4 years then hand it back, is that all?",
        "ok so deposit + monthly payments + balloon, thats the lot?",
        "so the balloon is just the last payment, nothing else to it?",
    ],
)
def test_closing_tags_mark_a_check(text: str) -> None:
    assert confirm_check(text, lambda: frozenset(), lambda: frozenset(("balloon",)))
    assert not confirm_check(text, lambda: frozenset(), lambda: frozenset(), closing=False)
    assert _car().classify(text) is mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "so is 2% a good rate?",  # an inverted question asks anew
        "anything else I should add?",
        "Is there nothing else?",  # no clause end before the tag
        "so should I take it, nothing more to check?",
    ],
)
def test_questions_with_closing_words_are_no_checks(text: str) -> None:
    assert not confirm_check(text, lambda: frozenset(), lambda: frozenset(("balloon",)))
    assert _car().classify(text) is not mh.Intent.CLARIFY


def test_a_bare_closing_tag_must_name_a_reply_word() -> None:
    text = "the balloon comes at the end, nothing more?"
    assert confirm_check(text, lambda: frozenset(), lambda: frozenset(("balloon",)))
    assert not confirm_check(text, lambda: frozenset(), lambda: frozenset(("deposit",)))


# ---- learner-meaning-asks ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("balloon, this I don't know", ("balloon",)),
        ("this word balloon I still don't get", ("balloon",)),
        ("the mileage limit, this I don't know what it is", ("mileage", "limit")),
        ("balloon being what exactly", ("balloon",)),
        ("balloon, I don't know this word", ("balloon",)),
        ("I don't know the word balloon", ("balloon",)),
        ("never heard of part-exchange", ("part-exchange",)),
        ("the letters APR mean nothing to me", ("apr",)),
        ("APR, what is meaning?", ("apr",)),
    ],
)
def test_learner_forms_name_the_term(text: str, term: tuple[str, ...]) -> None:
    assert meaning_term(text, learner=True) == term
    assert meaning_term(text) != term  # meaning-asks alone reads none of them
    session = _car()
    assert session.classify(text) is mh.Intent.CLARIFY
    # rule unfamiliar-terms (stop 41) reads "never heard of X" too
    off = mh.Config(learner_meaning_asks=False, unfamiliar_terms=False)
    assert _car(off).classify(text) is not mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "I don't understand why the price is so high",  # the clause goes on: no word asked
        "I don't know what to do",
        "I don't know if the deposit is refundable",
        "we still don't get a reply from the dealer",
        "what means more to buyers, price or mileage?",  # a comparison, no term
        "what means the most for the price, the age or the mileage?",
    ],
)
def test_learner_kernels_need_the_clause_to_end(text: str) -> None:
    assert not meaning_term(text, learner=True)


def test_a_learner_form_names_an_older_reply_word() -> None:
    # "balloon" is two replies back: the form names it as a word, so any reply's counts.
    session = _car(more=True)
    assert session.classify("this word balloon I still don't get") is mh.Intent.CLARIFY
    assert session.classify("I don't know the word giraffe") is not mh.Intent.CLARIFY


def test_a_users_own_word_is_no_reply_term() -> None:
    session = _car()
    assert session.classify("this word Golf I still don't get") is not mh.Intent.CLARIFY


# ---- term-recalls ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("what was that balloon thing you mentioned?", ("balloon",)),
        ("what were those monthly payments you said", ("monthly", "payment")),
        ("what was the mileage limit again", ("mileage", "limit")),
        ("Can you explain what a balloon payment is and how it differs from a deposit?",
         ("balloon", "payment")),
        ("could you remind me what the admin fee was?", ("admin", "fee")),
    ],
)  # fmt: skip
def test_recalls_name_the_term(text: str, term: tuple[str, ...]) -> None:
    assert recalled_term(text) == term
    assert asked_term(text) in (term, meaning_term(text))
    on, off = _car(more=True), _car(mh.Config(term_recalls=False), more=True)
    assert on.classify(text) is mh.Intent.CLARIFY
    assert on.classify(text) == on.analyse(text)[0]
    if not meaning_term(text):
        assert off.classify(text) is not mh.Intent.CLARIFY


@pytest.mark.parametrize(
    "text",
    [
        "what was the name of the dealer?",  # no recall stop: asks for content
        "what was that?",
        "can you explain what you did?",  # a pronoun is no term
        "what was that like for you?",
    ],
)
def test_no_recall(text: str) -> None:
    assert not recalled_term(text)


# ---- term-origins ------------------------------------------------------------------------


def _origin_session(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("my employer offers shares to staff, is it worth joining?")
    session.assistant(
        "Usually yes. An ESOP lets staff own shares through a trust; some firms also run an "
        "EMI scheme for key people, which gives tax-advantaged options."
    )
    session.user("how do I find out which one we have?")
    session.assistant("Ask HR for the scheme rules; they list the plan type and vesting dates.")
    session.user("ok, and when can I sell?")
    session.assistant("Once the ESOP shares vest, usually after three years, you can sell them.")
    session.user("ok, I will ask HR about the ESOP tomorrow")
    return session


@pytest.mark.parametrize(
    "query",
    [
        "Can you explain what ESOP is and how it differs from an EMI scheme?",
        "what was that ESOP thing you mentioned?",
        "sorry, 'ESOP' is what exactly?",
    ],
)
def test_a_term_question_is_about_the_reply_that_brought_it(query: str) -> None:
    on = mh.Config(antecedents=True)
    envelope = _origin_session(on).preview(query)
    assert envelope.antecedents[0] == 1


def test_without_term_origins_a_recall_means_the_latest_mention() -> None:
    on = mh.Config(antecedents=True)
    query = "what was that ESOP thing you mentioned?"  # "you mentioned": the latest reply
    assert _origin_session(on.replace(term_origins=False)).preview(query).antecedents[0] == 5


def test_a_users_own_term_keeps_the_default() -> None:
    on = mh.Config(antecedents=True)
    session = _origin_session(on)
    envelope = session.preview("what was that staff thing you mentioned?")  # the user's word
    off = _origin_session(on.replace(term_origins=False)).preview(
        "what was that staff thing you mentioned?"
    )
    assert envelope.antecedents[:1] == off.antecedents[:1]


# ---- the native settle hands these turns on ----------------------------------------------

_FORMS = (
    "this word balloon I still don't get",
    "the letters APR mean nothing to me",
    "balloon being what exactly",
    "what was that balloon thing you mentioned?",
    "Can you explain what a balloon payment is and how it differs from a deposit?",
    "so the fee is merely 2% of the price, nothing more?",
    "ok so deposit + monthly payments + balloon, thats the lot?",
)


def test_classify_analyse_and_user_agree_on_every_backend() -> None:
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            for text in _FORMS:
                session = _car(more=True)
                intent = session.classify(text)
                assert intent is mh.Intent.CLARIFY, (name, text)
                assert intent == session.analyse(text)[0], (name, text)
                assert session.user(text).intent == intent, (name, text)
    finally:
        kernels.use(previous)


_PIECES = st.sampled_from(
    [
        "this", "word", "the", "letters", "I", "i", "still", "don't", "dont", "do", "not",
        "understand", "know", "get", "mean", "means", "nothing", "to", "me", "being", "what",
        "is", "meaning", "never", "heard", "of", "exactly", "balloon", ",", "?", ".", "it",
        "why", "APR,", "'", '"', "familiar", "with", "what's", "whats", "X", "\u2019",
    ]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=14))
def test_the_meaning_gate_holds_for_learner_forms(pieces: list[str]) -> None:
    text = " ".join(pieces)
    gates = EchoGates.of((*echo_words(False), *reply_term_words()))
    if meaning_term(text, learner=True):
        assert gates.may_mean(text), text


@pytest.mark.timed
@pytest.mark.parametrize(
    ("prefix", "unit", "suffix"),
    [
        ("what was that ", "balloon ", "thing you mentioned?"),
        ("can you explain what ", "x ", "is?"),
        ("this word ", "balloon ", "I don't get"),
        ("so ", "only 40, ", "nothing more?"),
    ],
)
def test_linear_in_the_turn(prefix: str, unit: str, suffix: str) -> None:
    def calls(size: int) -> Callable[[], object]:
        text = prefix + (unit * (size // len(unit) + 1))[:size] + suffix
        session = _car()
        return lambda: (session.classify(text), asked_term(text, True), recalled_term(text))

    small, large = best_seconds(calls(10_000)), best_seconds(calls(100_000))
    assert large <= 30 * max(small, 0.005)


# The on/off observations of ``test_rules`` (every rule's switch changes what it decides).
def _observe_closing_check(config: mh.Config) -> object:
    return _car(config).classify("so that's all it costs, 199 a month, nothing extra?")


def _observe_learner_meaning_ask(config: mh.Config) -> object:
    return _car(config).classify("this word balloon I still don't get")


def _observe_term_recall(config: mh.Config) -> object:
    return _car(config, more=True).classify("what was that balloon thing you mentioned?")


def _observe_term_origin(config: mh.Config) -> object:
    return _origin_session(config).preview("what was that ESOP thing you mentioned?").antecedents


OBSERVERS = {
    "closing-checks": _observe_closing_check,
    "learner-meaning-asks": _observe_learner_meaning_ask,
    "term-recalls": _observe_term_recall,
    "term-origins": _observe_term_origin,
}
