"""Rules that cannot fire cost nothing (issue 14, item 1): each rule's cheap gate answers
exactly as the rule's full reading does. A gate reads what the turn must hold for the rule to
fire (a phrase's first word, a clause mark, a cue's head) and says no without the full pass;
here the full pass runs on every turn of the hand-written sets and of ``../shared/data``, and
on forms made to sit at a gate's edge, and must agree."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from handwritten_corpus import handwritten_files
from multihorizon.config import Config
from multihorizon.dialogue import bare_returns, named_topics, own_lists, phrasing
from multihorizon.text import cues
from multihorizon.text.lexicon import default_lexicon
from multihorizon.text.ordinal_forms import OWN_LIST_CUES
from multihorizon.text.question_forms import TERM_OPENERS
from multihorizon.text.term_frames import FRAME_OPENERS
from multihorizon.text.topic_clause_words import BARE_RETURNS
from shared_data import first_conversations

# Forms at a gate's edge: a clause mark or a dash just inside or outside the head
# named_topic reads, "again" and "the" without a mark, a return after a reaction, curly
# apostrophes, case, cue heads without their cue.
EDGES = [
    "Where, were we?",
    "the refund. Do I need the receipt?",
    "The refund Do I need the receipt",
    "Kiln again. Which cone do I fire to?",
    "OK, API AGAIN? Should it retry?",
    "Right \u2013 the chair, how tall is it?",
    "Going back: is it ok to run the day before?",
    "Ha, got sidetracked. Where were we?",
    "x" * 59 + ", and then what?",
    "x" * 60 + ", and then what?",
    "About the router again, does it need a reset?",
    "Still on the jars: how long do they keep?",
    "Of the phones I\u2019ve listed, which is lighter?",
    "Is the listing mine? of course I did it",
    "the first of mine",
    "What was I asking again?",
    "Can you say that again?",
    "\u0130STANBUL again: where were we",
    "Can you sum up what we covered so far?",
    "Please SUMMARISE the whole session.",
    "A quick overview of everything today?",
    "Run through all that we did",
    "WHAT\u2019S a kettle stitch?",
    "Ok so whats CIRR?",
    "",
    " ",
]


def _handwritten_texts() -> Iterator[str]:
    for path in handwritten_files():
        with path.open(encoding="utf-8") as handle:
            for line in handle:
                conversation = json.loads(line)
                for turn in conversation.get("turns", ()):
                    yield str(turn.get("content") or "")
                for probe in conversation.get("probes", ()):
                    yield str(probe.get("query") or "")


def _texts() -> list[str]:
    return [*EDGES, *_handwritten_texts()]


class _NeverDisjoint:
    """``phrasing._ANNOUNCING`` or ``bare_returns._FIRSTS`` without its gate: every turn's
    hits or words are read."""

    def isdisjoint(self, _kinds: object) -> bool:
        return False


class _EveryPhrase:
    """``bare_returns._BY_FIRST`` without its index: every phrase for any first word."""

    def get(self, _word: str) -> list[tuple[str, ...]]:
        return list(BARE_RETURNS)


def _agree(texts: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for text in texts:
        for clauses in (False, True):
            ungated = named_topics._read_named_topic(text, clauses)
            assert named_topics.named_topic(text, clauses=clauses) == ungated, text
        folded = " " + text.casefold().replace("\u2019", "'")
        assert own_lists._points_at_own(text) == any(cue in folded for cue in OWN_LIST_CUES)
        # Its kept last reading answers as a fresh one, for either ``more`` in either order.
        for more in (True, False, False, True):
            assert own_lists._points_at_own(text, more) == own_lists._reads_own_cue(text, more)
    indexed = [bare_returns.bare_return(text) for text in texts]
    monkeypatch.setattr(bare_returns, "_BY_FIRST", _EveryPhrase())
    monkeypatch.setattr(bare_returns, "_FIRSTS", _NeverDisjoint())
    assert [bare_returns.bare_return(text) for text in texts] == indexed
    asked = [phrasing.term_asked(text) for text in texts]
    monkeypatch.setattr(phrasing, "_TERM_NEEDLES", ("",))
    assert [phrasing.term_asked(text) for text in texts] == asked
    recaps = [cues.recaps_session(text) for text in texts]
    monkeypatch.setattr(cues, "_SUMMARY_NEEDLES", ("",))  # "" is in every text: no gate
    assert [cues.recaps_session(text) for text in texts] == recaps
    lexicon, config = default_lexicon(), Config()
    hits = [tuple(lexicon.scan_turn(text)[0]) for text in texts]
    announced = [phrasing.announced(text, h, config) for text, h in zip(texts, hits, strict=True)]
    monkeypatch.setattr(phrasing, "_ANNOUNCING", _NeverDisjoint())
    assert [phrasing.announced(t, h, config) for t, h in zip(texts, hits, strict=True)] == announced


def test_gates_agree_with_the_full_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts()
    assert len(texts) > 1000
    _agree(texts, monkeypatch)
    # The edges reach both sides of each gate.
    assert named_topics.named_topic("Kiln again. Which cone do I fire to?", clauses=True)[1]
    assert named_topics.named_topic("x" * 60 + ", and then what?") == ((), False)
    assert bare_returns.bare_return("Ha, got sidetracked. Where were we?") == bare_returns.ALONE
    assert own_lists._points_at_own("Of the phones I\u2019ve listed, which is lighter?")
    assert not own_lists._points_at_own("Is the listing mine? of course I did it")
    assert cues.recaps_session("Can you sum up what we covered so far?")
    assert phrasing.announced(
        "Ha, enough bread. Personal thing: how do I ask for a raise?",
        tuple(
            default_lexicon().scan_turn(
                "Ha, enough bread. Personal thing: how do I ask for a raise?"
            )[0]
        ),
        Config(),
    )


def test_needles_are_in_what_they_stand_for() -> None:
    # The gates' soundness on their data: each own-list cue starts with one of the heads,
    # each term opener's first word holds a needle.
    assert all(any(cue.startswith(head) for head in own_lists._CUE_HEADS) for cue in OWN_LIST_CUES)
    assert len(own_lists._CUE_HEADS) < len(OWN_LIST_CUES)
    openers = TERM_OPENERS + FRAME_OPENERS  # rule term-frames widens term_asked's openers
    assert all(any(n in o[0] for n in phrasing._TERM_NEEDLES) for o in openers)


@pytest.mark.data
def test_gates_agree_on_real_turns(monkeypatch: pytest.MonkeyPatch) -> None:
    files = {
        "sgd.jsonl": 20,
        "tiage.jsonl": 20,
        "locomo.jsonl": 1,
        "irc_disentanglement.jsonl": 2,
        "trec_cast_2019.jsonl": 10,
        "swda.jsonl": 10,
    }
    texts = [
        str(turn["content"])
        for _, conversation in first_conversations(files)
        for turn in conversation["turns"]
    ]
    assert len(texts) > 2000
    _agree(texts, monkeypatch)
