"""Stop 41's action references that name their action by a verb and its object (issue 15 item
1, the refs41 session, rule verb-repeats): "ok run the staging migration again" repeats the
request that ran it, not the latest turn that mentions staging; "draft the apology email again
for ... but ..." the request that asked for the email; "say that again?" stays a
clarification; with the floor of ``refs_holdout41.jsonl``, written before any of it."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import user_turn_reads
from multihorizon.dialogue.verb_repeats import verb_repeat_mentions
from multihorizon.evaluation import evaluate
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"

_KILN = [
    ("user", "fire the glaze kiln to cone 6 with the slow cool program"),
    ("assistant", "The kiln is firing to cone 6 with the slow cool program; it ends at 6 pm."),
    ("user", "what does the slow cool do for the glaze?"),
    ("assistant", "Cooling slowly through 1000 to 800 degrees lets crystals grow in the glaze."),
    ("user", "the studio tech emptied the kiln and cleaned the shelves this morning"),
    ("assistant", "Then the shelves are ready; the kiln can be fired again whenever you like."),
]
_LETTER = [
    ("user", "Could you write a thank-you letter to the Hendry family for the bench donation?"),
    ("assistant", "Dear Hendry family, thank you for the memorial bench in the rose garden."),
    ("user", "How long do memorial plaques usually last outdoors?"),
    ("assistant", "Cast bronze lasts decades; engraved brass needs polishing every year."),
    ("user", "The committee liked the letter and sent it on Monday."),
    ("assistant", "Glad it went out; a photo of the bench would make a nice follow-up letter."),
]


def _session(history: list[tuple[str, str]], config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config or mh.Config(antecedents=True))
    for role, text in history:
        session.user(text) if role == "user" else session.assistant(text)
    return session


def _action(history: list[tuple[str, str]], query: str, config: mh.Config | None = None):
    envelope = _session(history, config).user(query)
    found = [ref.target_turn for ref in envelope.references if ref.type == "action"]
    return found[0] if found else None


@pytest.mark.parametrize(
    ("history", "query", "target"),
    [
        (_KILN, "ok fire the glaze kiln again but with the fast program", 0),
        (_KILN, "right, could you fire it again tonight", 0),
        (_LETTER, "please write the thank-you letter again but for the Osei family", 0),
        (_LETTER, "can u write that letter again for the Osei family", 0),
    ],
)
def test_a_verb_and_its_object_again_repeat_the_request(history, query, target) -> None:
    assert _action(history, query) == target


@pytest.mark.parametrize(
    "text",
    [
        "sorry, say that again?",
        "I fired it again yesterday and the glaze crawled again",
        "the test failed again",
        "what was the temperature again?",
        "we could try the kiln once the shelves are dry, then fire the pots another time",
    ],
)
def test_no_verb_repeat_in_a_report_or_a_question_to_say_again(text) -> None:
    assert verb_repeat_mentions(text, ()) == []


def test_a_verb_no_request_opened_repeats_nothing() -> None:
    # "check the forecast again" where no turn checked anything: no earlier request of
    # other words is its target; a verb of no action of its own ("give me ... again") is
    # left to the other rules ("the first quote" names the quote, not the latest question).
    assert _action(_LETTER, "ok check the forecast again") is None
    fence = [
        ("user", "quote me a fence for 30 metres"),
        ("assistant", "About £1,500 for 30 m of panel fencing."),
        ("user", "do me that fence quote again but for 45 metres"),
        ("assistant", "About £2,200 for 45 m."),
        ("user", "thanks, and what about the gate?"),
        ("assistant", "A matching gate is about £250."),
    ]
    assert verb_repeat_mentions("now give me the first quote again", ()) == []
    assert _action(fence, "now give me the first quote again") != 4


def test_say_that_again_stays_a_clarification() -> None:
    session = _session(_KILN)
    envelope = user_turn_reads(session, "sorry, could you say that again?", mh.Intent.CLARIFY)
    assert not [ref for ref in envelope.references if ref.type == "action"]


def test_every_path_reads_a_verb_repeat_as_a_drill_down() -> None:
    session = _session(_KILN)
    user_turn_reads(session, "ok fire the glaze kiln again but with the fast program",
                    mh.Intent.DRILL_DOWN)  # fmt: skip


def test_the_rule_off_leaves_the_turn_unread() -> None:
    off = mh.Config(antecedents=True, verb_repeats=False)
    assert _action(_KILN, "ok fire the glaze kiln again but with the fast program", off) != 0


def test_the_scan_reads_a_long_turn_in_linear_time() -> None:
    def seconds(size: int) -> float:
        text = "please fire the kiln again. " * size
        return best_seconds(lambda: verb_repeat_mentions(text, ()))

    small, large = seconds(10_000), seconds(100_000)
    assert large < 30 * max(small, 0.001), (small, large)


# ---- hold-out floor ----------------------------------------------------------------------------
# refs_holdout41 (10 conversations, 79 probes, 37 references, controls), written before any
# code of the refs41 session: first run (its branch point) references acc@1 19/37 (action
# 6/16, ordinal 13/20), items 13/20, intent 0.781; end run acc@1 24/37 (action 11/16), items
# 13/20, intent 0.797. Its misses were not read. The floors sit a little below the end run.
ACC_FLOOR = 0.57  # latest-repeats is opt-in: 22/37 by default
ITEM_FLOOR = 0.60


def test_refs_holdout41_floor() -> None:
    found = evaluate(DATA / "refs_holdout41.jsonl", "references").ours
    assert found["acc_at_1"] >= ACC_FLOOR
    assert found["item_accuracy"] >= ITEM_FLOOR


# ---- the rules' on/off observers (tests/test_rules.py) -----------------------------------------


def _observe_verb_repeat(config: mh.Config) -> object:
    return _action(_KILN, "ok fire the glaze kiln again but with the fast program", config)


OBSERVERS = {"verb-repeats": _observe_verb_repeat}


# ---- latest-repeats ----------------------------------------------------------------------------

_FENCE = [
    ("user", "Could you write a quote for painting a garden fence, 30 metres, two coats?"),
    ("assistant", "Quote: 30 m of fence, two coats, labour 2 days at 180, materials 95: 455."),
    ("user", "What's a fair day rate for that kind of work?"),
    ("assistant", "Between 150 and 200 a day is typical for a sole trader painter."),
    ("user", "right, do me that fence quote again but for 45 metres and one coat"),
    ("assistant", "Quote: 45 m of fence, one coat, labour 2 days at 180, materials 70: 430."),
]


_LATEST = mh.Config(antecedents=True, latest_repeats=True)  # opt-in: older tests hold the chain


def test_a_repeat_right_after_a_repeat_takes_its_parameters() -> None:
    assert _action(_FENCE, "same for 20 metres please", _LATEST) == 4
    off = mh.Config(antecedents=True, latest_repeats=False)
    assert _action(_FENCE, "same for 20 metres please", off) == 0


def test_a_repeat_naming_the_first_goes_back_to_it() -> None:
    assert _action(_FENCE, "give me the first quote again but for 20 metres", _LATEST) == 0


def _observe_latest_repeat(config: mh.Config) -> object:
    return _action(_FENCE, "same for 20 metres please", config)


OBSERVERS["latest-repeats"] = _observe_latest_repeat
