"""The settle's checks on what reference detection and rules also-questions,
term-questions and echo-clarifications read
(``multihorizon._settle_py``, issue 14) hold as supersets of the Python they stand for, on
the user turns of ``../shared/data`` and on made-up edges: wherever detection finds a
mention, an ordinal form can open, or an "Also," opens a question, the check says so (so
``Session.classify`` sends the turn on). ``test_classify_settle`` and
``test_classify_differential`` hold the C++ and Numba settles to the same answers."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon._settle_py import AddingGates, DetectionGates, EchoGates, TermGates, may_quote
from multihorizon.dialogue.detection import detect
from multihorizon.dialogue.echoes import echo_words, echoed_term
from multihorizon.dialogue.meaning_asks import meaning_term
from multihorizon.dialogue.ordinal_mentions import (
    _may_open,
    forms_without_gates,
    may_pick_by_label,
    ordinal_form_mentions,
)
from multihorizon.dialogue.phrasing import adding_opener, term_asked, term_words
from multihorizon.dialogue.reply_terms import (
    REPLY_TERM_CHARS,
    opening_echo,
    quoted_terms,
    reply_term_words,
)
from multihorizon.dialogue.settle_data import detection_gates, may_hold_form, phrases_among
from multihorizon.dialogue.term_checks import term_check
from multihorizon.text.cues import OPENING_CHARS
from multihorizon.text.lexicon import ADDING_OPENERS, Marker, default_lexicon
from shared_data import first_conversations

FILES = {
    "sgd.jsonl": 40,
    "trec_cast_2019.jsonl": 20,
    "swda.jsonl": 10,
    "tiage.jsonl": 40,
    "dialseg711.jsonl": 30,
    "irc_disentanglement.jsonl": 1,
}
_CONTINUE = 1 << int(Marker.CONTINUE)


def _gates() -> tuple[DetectionGates, AddingGates]:
    lexicon = default_lexicon()
    adding = AddingGates.of((phrases_among(lexicon, ADDING_OPENERS), OPENING_CHARS))
    return DetectionGates.of(detection_gates(lexicon)), adding


def _check(text: str, gates: DetectionGates, adding: AddingGates) -> None:
    lexicon = default_lexicon()
    hits = lexicon.scan(text)
    kinds = 0
    for hit in hits:
        kinds |= 1 << hit[0]
    ungated = forms_without_gates(text) or may_pick_by_label(text)
    if detect(text, hits, lexicon, ordinal_forms=True):
        assert gates.may_detect(text, hits, kinds, True) or ungated, text
    if all(hit[0] != int(Marker.GATE_NUMBER) for hit in hits) and not (kinds & gates.mention_kinds):
        assert not detect(text, hits, lexicon, ordinal_forms=False), text
    if len(text) <= 40:
        found: list[object] = []
        ordinal_form_mentions(text, hits, found)  # type: ignore[arg-type]
        # Capital letters alone and "#2" are the settle's may_pick_without_gates' to read.
        assert not found or gates.short_may_open(text) or may_pick_by_label(text), text
        # IntentClassifier.finish reads the same (rule ordinal-forms' Python side).
        assert not found or may_hold_form(text) or may_pick_by_label(text), text
    for position in range(len(text)):
        if _may_open(text, position):
            assert gates.may_open(text, position), (text, position)
        elif text.isascii():
            assert not gates.may_open(text, position), (text, position)
    if adding_opener(text, hits):
        assert adding.may_add(hits, _CONTINUE), text
    if term_asked(text) or term_asked(text, wide=True):  # wide: rule term-frames
        assert TermGates.of(term_words()).may_ask(text), text
    for wide in (False, True):  # rule echo-clarifications, wide: rule term-frames
        if echoed_term(text, wide):
            assert EchoGates.of((*echo_words(wide), *reply_term_words())).may_echo(text), text
    question = lexicon.is_question(text)
    if opening_echo(text):  # rule reply-term-asks: the gate
        assert len(text) <= REPLY_TERM_CHARS, text
        assert EchoGates.of((*echo_words(False), *reply_term_words())).may_open_echo(text), text
    if term_check(text):  # rule term-checks: the gate, and off none
        assert EchoGates.of((*echo_words(False), *reply_term_words())).may_check(text), text
        assert not EchoGates.of((*echo_words(False), *reply_term_words(False))).may_check(text)
    if meaning_term(text):  # rule meaning-asks: the gate, and off none
        assert EchoGates.of((*echo_words(False), *reply_term_words())).may_mean(text), text
        assert not EchoGates.of((*echo_words(False), *reply_term_words(True, False))).may_mean(text)
    if quoted_terms(text, question):
        assert len(text) <= REPLY_TERM_CHARS, text
        assert question or "?" in text, text
        assert may_quote(text), text


@pytest.mark.data
def test_the_checks_hold_on_real_turns() -> None:
    gates, adding = _gates()
    checked = 0
    for _, conversation in first_conversations(FILES):
        for turn in list(conversation["turns"])[:120]:  # type: ignore[call-overload]
            if turn["role"] == "user" and turn["content"].strip():
                _check(turn["content"], gates, adding)
                checked += 1
    assert checked > 1000


_PIECES = st.sampled_from(
    [
        "the", "next", "to", "last", "second", "from", "end", "top", "bottom", "one", "want",
        "no", "with", "2", "#2", "#", "##3", "3rd", "option", "step", "C", "A", "J", "K", "'s",
        "'", "\u2019", "é", "É", "Also,", "also", "ALSO", "ok", "?", ",", ".", "-", "\n", " ",
        "  ", "maintenance", "window", "pick", "number", "three", "what", "What's", "whats",
        "is", "are", "does", "mean", "stand", "for", "a", "an", "exactly", "of", "my", "it",
        "Soundex", "search", "ok,", "so", '"', "(", ")", "means", "here", "there", "i", "keep",
        "seeing", "again,", "search?", "search.", "like", "!", ";", "how", "meaning", "means",
        "hang", "on", "huh", "=", "i.e.", "fret", "buzz", "meaning?", "what's that", "-",
        "sorry", "the same as", "mean", "you mean", "what's the difference", "*", "']",
        "go", "a.", "option", "i", "I", "B", "b", "flax", "cheapest", "most", "durable",
        "whichever", "two", "very", "opening", "middle", "couple", "eleven", "#b", "(b)",
        "'", "\u2018", "\u201c", "scrat?", "that", "those", "same", "bank,", "vs", "one.",
        "is that", "are those", "so like", "bank",
        "counts as", "who", "read", "how do I read", "stands", "doing what", "is what", "WHAT",
        "Meaning", "porosity,", "what is it", "\u2019s", "its", "their", "does that", "it,",
        "refer to", "your", "mean", "stand for", "good",
    ]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=25), st.booleans())
def test_the_checks_hold_on_edges(pieces: list[str], spaced: bool) -> None:
    gates, adding = _gates()
    _check((" " if spaced else "").join(pieces), gates, adding)


def test_the_plain_and_marker_dense_bench_turns_settle_on_every_backend() -> None:
    import multihorizon as mh

    plain = (
        "We pinned the release on the staging cluster before the rollout and will wait for "
        "the next maintenance window on Friday evening after the backups finish."
    )
    dense = (
        "Thanks. One more thing about the rollout: what do you mean by pinning the release, "
        "and does that bug with the verbose logs still show up when we restart the service?"
    )
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            session = mh.Session()
            session.user("How do I pin a release on the staging cluster?")
            session.assistant("Pin it in the deploy config and restart the service.")
            classifier, view = session._classifier, session._view
            assert view is not None
            for text in (plain, dense):
                found = classifier.settle(text, None, view[0], view[1], False, view[2])
                assert isinstance(found, int), (name, text)
                assert session.classify(text) == session.analyse(text)[0], (name, text)
    finally:
        kernels.use(previous)


def test_the_meaning_gate_settles_what_the_rule_surely_reads_as_none() -> None:
    gates = EchoGates.of((*echo_words(False), *reply_term_words()))
    for text in ("What are its symptoms?", "does that mean it's healed?", "how long is it"):
        assert not meaning_term(text), text
        assert not gates.may_mean(text), text
    for text in ("What are, its symptoms?", "she lacks it, meaning the doctors decide?"):
        assert gates.may_mean(text), text  # a clause ends between: the rule reads on
    assert gates.may_mean("porosity, what is it exactly")
    assert gates.may_mean("caf\u00e9, meaning?")  # not ASCII: sent on
    # A breaker right after the kernel, yet the term loses its ending first: the rule reads
    # a term, so the gate may not settle them (second review of stop 33).
    for text in ("what does your ETA refer to", "whats fair use mean", "what is good faith mean"):
        assert meaning_term(text), text
        assert gates.may_mean(text), text
    with pytest.raises(ValueError, match="28 fields"):
        EchoGates.of((*echo_words(False), *reply_term_words())[:-1])


@pytest.mark.parametrize(
    "text",
    [
        "should I buy tighter shoes for the overhangs or are my rentals ok and the floor",
        "is it worth buying a crash pad for the outdoor boulders near us, and also chalk?",
        "how many sessions a week would you do at my level and for how long also",
    ],
)
def test_an_adding_opener_past_the_opening_is_read_as_the_python_path_reads_it(text: str) -> None:
    # Rule short-follow-ups reads an adding opener anywhere in the turn
    # (adding_opener(inside=True)): the native gate must send such a turn on, so classify()
    # says what analyse() and user() say (it settled CONTINUE past 60 characters).
    session = mh.Session()
    session.user("been bouldering for 2 months, any advice")
    session.assistant("Work on footwork: quiet feet and precise toe placement.")
    assert session.classify(text) == session.analyse(text)[0] == session.preview(text).intent
