"""Each turn's text is read once: later turns read the feature columns, not the text.

A turn's common cues are read when it is analysed; the deferred ones (an offer, a request, a
place, a judgement) the first time a rule asks, and kept. So after that first ask no later
turn reads an earlier turn's text at all, however long it is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import multihorizon as mh
from multihorizon.dialogue import features, intent, offers
from multihorizon.text import cues, enumerations, lexicon
from multihorizon.text import tokens as text

LONG_REPLY = "How about Alien? It is on at 8 pm in London. " * 20_000  # 920,000 characters


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Patch every text reader a rule may call; returns the lengths of the texts they get."""
    lengths: list[int] = []

    def spy(function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            lengths.extend(len(a) for a in args if isinstance(a, str))
            return function(*args, **kwargs)

        return wrapper

    for module, names in (
        (cues, ("in_a_place", "proper_noun", "names_a_place", "judges_an_option",
                "offers_something_else", "definite_terms", "definite_words", "addressed_name")),
        (offers, ("offers_an_option", "asks_for_something", "is_request")),
        (enumerations, ("enumeration_items", "parse_lists")),
        (features, ("is_question", "content_terms", "turn_terms", "parse_lists",
                    "offers_an_option", "turn_cues")),
        (intent, ("is_question",)),
        (text, ("content_terms", "turn_terms", "definite_terms")),
    ):  # fmt: skip
        for name in names:
            monkeypatch.setattr(module, name, spy(getattr(module, name)))
    monkeypatch.setattr(lexicon.Lexicon, "scan", spy(lexicon.Lexicon.scan))
    # The deferred cues were bound at import: rebind them to the spies.
    monkeypatch.setattr(
        features,
        "_DEFERRED",
        {name: (applies, spy(cue)) for name, (applies, cue) in features._DEFERRED.items()},
    )
    return lengths


@pytest.mark.parametrize(
    "config", [mh.Config(), mh.Config(antecedents=True)], ids=["default", "analysis"]
)
def test_later_turns_never_read_an_earlier_turns_text(
    monkeypatch: pytest.MonkeyPatch, config: mh.Config
) -> None:
    session = mh.Session(config=config)
    session.user("find me a movie for tonight")
    session.assistant(LONG_REPLY)
    turns = ("is it a thriller?", "That sounds great.", "book a hotel there", "do it again")
    lengths = _reads(monkeypatch)
    rounds = []
    for _ in range(3):
        start = len(lengths)
        for turn in turns:
            session.preview(turn)
            session.classify(turn)
            session.user(turn)
            session.assistant("Done.")
        rounds.append(sum(1 for length in lengths[start:] if length > 1000))
    assert lengths, "the spies saw no call: the test would pass vacuously"
    # The long reply's deferred cues are read the first time a rule asks (at most one read
    # per cue, and one for the peer-detection cues read in one call), and never again,
    # however many turns follow.
    assert rounds[0] <= len(features._DEFERRED) + 1, rounds
    assert rounds[1:] == [0, 0], rounds


def test_a_turns_deferred_cues_are_read_at_most_once(monkeypatch: pytest.MonkeyPatch) -> None:
    session = mh.Session(config=mh.Config(antecedents=True))
    calls: list[str] = []

    def counted(name: str, cue: Callable[[str], bool]) -> Callable[[str], bool]:
        def wrapper(value: str) -> bool:
            calls.append(name)
            return cue(value)

        return wrapper

    deferred = {
        name: (applies, counted(name, cue)) for name, (applies, cue) in features._DEFERRED.items()
    }
    monkeypatch.setattr(features, "_DEFERRED", deferred)
    session.user("I'd like to watch a movie tonight.")
    session.assistant("Do you like Rojo? It is a thriller.")
    for _ in range(5):
        session.preview("Who directed this movie?")
        session.preview("That sounds great.")
    # The reply's offer was asked about on every preview, and read once.
    assert 0 < calls.count("offers") <= 2  # once for the reply; once at most for a preview
    assert all(calls.count(name) <= 2 + 10 for name in set(calls))


def test_a_replys_lists_are_parsed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # The parse that gives a reply's items at ``analyse`` also gives all its lists to the
    # later turn that reads them (rule ordinal-forms: "the second of the causes").
    reply = "Common causes:\n1. a worn belt\n2. a loose pulley\n\nFixes: tighten it, or replace it."
    parses: list[str] = []

    def counted(text: str) -> enumerations.Candidates:
        parses.append(text)
        return enumerations.parse_lists(text)

    monkeypatch.setattr(features, "parse_lists", counted)
    lexicon_ = lexicon.default_lexicon()
    reply_features = features.analyse(reply, "assistant", lexicon_)
    assert reply_features.enumeration == enumerations.enumeration_items(reply)
    for _ in range(3):
        assert reply_features.enumeration_lists == enumerations.enumeration_lists(reply)
    assert parses == [reply]
    assert features.analyse("the second one?", "user", lexicon_).enumeration_lists == ()
    assert parses == [reply]  # a user turn's items are not read at analyse
