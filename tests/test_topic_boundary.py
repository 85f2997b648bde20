"""The new-topic boundary (SPEC-028 §3.3 thread creation, §5.2 EXPLORE; issue 15): an
opening clause of otherness and a topic noun announces a topic (rule other-topic-clauses);
a turn that sets up a situation of its own the active thread never talked about leaves it
(rule situation-setups)."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.echoes import after_reaction
from multihorizon.dialogue.other_clauses import other_topic_clause
from multihorizon.dialogue.phrasing import announced
from multihorizon.dialogue.situation_setups import sets_up_situation
from multihorizon.text.lexicon import default_lexicon

DECK = "We're building a small deck off the back door. What spacing should the joists have?"
DECK_REPLY = (
    "For decking boards of 25 mm, joists at 400 mm centres are standard; at 600 mm the "
    "boards can bounce. Leave concrete for the posts to set for a night before loading them."
)


def _deck(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(DECK)
    session.assistant(DECK_REPLY)
    return session


def _clause(text: str) -> bool:
    return other_topic_clause(text, default_lexicon().scan_turn(text)[0], after_reaction(text))


@pytest.mark.parametrize(
    "text",
    [
        "Other question. My grandmother's watch stopped after a swim, can it be saved?",
        "Quick other question, the boiler pressure drops every night.",
        "Separate question, the car battery keeps dying overnight. Why?",
        "different thing, our cat scratches the sofa, any fix",
        "Other thing: the printer at work only prints blank pages.",
        "diff topic. upstairs kids running around at 6am, what can I say to them",
        "Random one: is a lottery win taxed in Spain?",
        "Ok thanks. Another question, my passport expires in May and I fly in April.",
    ],
)
def test_a_clause_of_otherness_opens_a_thread(text: str) -> None:
    assert _clause(text), text
    session = _deck()
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.EXPLORE, text
    assert envelope.active_thread != session.active_thread, text


@pytest.mark.parametrize(
    "text",
    [
        "Other question about the joists, do they need a gap at the wall?",  # names a topic
        "Another one please.",  # asks for more
        "A different one, please, in hardwood.",  # another item
        "the other thing, is it treated?",  # points back
        "Other thing?",  # asks
        "Other question.",  # nothing after it
    ],
)
def test_no_clause_when_it_names_points_back_or_asks_for_more(text: str) -> None:
    assert not _clause(text), text


def test_other_topic_clauses_off_leaves_the_clause_unannounced() -> None:
    text = "Separate question, the car battery keeps dying overnight. Why?"
    hits = default_lexicon().scan_turn(text)[0]
    assert announced(text, hits, mh.Config())
    assert not announced(text, hits, mh.Config(other_topic_clauses=False))


SETUP = (
    "My daughter turns eight next month and wants a sleepover party with six friends. "
    "Any tips on keeping the night under control?"
)


def test_a_situation_of_its_own_leaves_the_thread() -> None:
    # Off, the reply's "night" keeps it (rule reply-follow-ups).
    assert sets_up_situation(SETUP)
    session = _deck()
    assert session.preview(SETUP).active_thread != session.active_thread
    off = _deck(mh.Config(situation_setups=False))
    assert off.preview(SETUP).active_thread == off.active_thread


@pytest.mark.parametrize(
    "text",
    [
        # Short, or pointing back, or asking nothing: a follow-up of the thread at hand.
        "My elbow already hurts after two hours. Is that normal?",
        "I want it to be done by the weekend, my parents are visiting then. Is that realistic?",
        "We also have a sloping garden that drops about thirty centimetres at the end. Ok?",
        "My neighbour built his deck last summer with the boards much closer together.",
        "How far apart should the posts be? My garden is on clay soil near a big tree.",
    ],
)
def test_no_set_up_when_short_pointing_back_or_asking_nothing(text: str) -> None:
    assert not sets_up_situation(text), text


def test_a_set_up_that_shares_the_threads_words_stays() -> None:
    text = (
        "My brother-in-law offered to lend us his mitre saw for cutting the decking boards "
        "and joists. Should I take him up on it?"
    )
    session = _deck()
    assert session.preview(text).active_thread == session.active_thread
