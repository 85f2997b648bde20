"""Returns by a dormant thread's words after a digression (rule dormant-returns; SPEC-028
§3.3 resumption; issue 15 item 1): two exchanges into an aside, a turn the weak stay rules
kept there that names only what one dormant thread said (its user turns or its replies) goes
back to that thread; the first follow-up of an aside just opened stays in it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.dialogue.dormant_returns import dormant_return
from multihorizon.dialogue.features import analyse_logged
from multihorizon.dialogue.intent import Intent
from multihorizon.dialogue.threads import ThreadPlan
from multihorizon.evaluation.replay import read_conversations

DATA = Path(__file__).parent / "data" / "handwritten"
OFF = dataclasses.replace(mh.Config(), dormant_returns=False)


def _replay_to(name: str, conv_id: str, turn_id: int, config: mh.Config) -> tuple[str, str]:
    """Our thread of the turn's gold thread when last seen, and where the turn goes."""
    conversation = next(c for c in read_conversations(DATA / name) if c["conv_id"] == conv_id)
    session, ours = mh.Session(config=config), {}
    for turn in conversation["turns"][:turn_id]:
        if turn["role"] == "user":
            ours[turn["thread"]] = session.user(turn["content"]).active_thread
        elif turn["role"] == "assistant":
            session.assistant(turn["content"])
        else:
            session.tool_output(turn["tool"], turn["content"], args=turn.get("args"))
    turn = conversation["turns"][turn_id]
    return ours[turn["thread"]], session.preview(turn["content"]).active_thread


@pytest.mark.parametrize(
    ("name", "conv_id", "turn_id"),
    [
        # "ok seams fixed, roller worked great": "roller" only the wallpaper replies said
        ("resume_holdout12.jsonl", "r12-lasik-wallpaper", 14),
        # "he's home! slept on his bed all afternoon": the greyhound replies' "bed"
        ("resume_holdout13.jsonl", "r13-greyhound-solar", 12),
        # "Did the latest run still have the empty file error?" (TOOL_REFERENCE)
        ("audit_holdout5.jsonl", "a5-pr-review", 14),
    ],
)
def test_a_weak_stay_naming_a_dormant_threads_words_goes_back(
    name: str, conv_id: str, turn_id: int
) -> None:
    wanted, got = _replay_to(name, conv_id, turn_id, mh.Config())
    assert got == wanted
    wanted, got = _replay_to(name, conv_id, turn_id, OFF)
    assert got != wanted


def _chair_after_gpu(config: mh.Config | None = None) -> tuple[mh.Session, str, str]:
    session = mh.Session(config=config)
    session.user("My graphics card fan gets very loud when gaming, is it normal?")
    session.assistant(
        "Under load the fan ramps up; clean the dust from the heatsink and check the "
        "thermal paste if temperatures pass 85 degrees."
    )
    gpu = session.active_thread
    session.user("Unrelated: my office chair keeps sinking slowly. Fixable?")
    session.assistant("A sinking chair has a worn gas cylinder; a new one is cheap to fit.")
    return session, gpu, session.active_thread


@pytest.mark.parametrize("exchanges", [1, 2])
def test_the_aside_must_have_lasted_two_exchanges(exchanges: int) -> None:
    # "heatsink" is the card's word; one exchange into the aside, a weak stay stays there.
    session, gpu, chair = _chair_after_gpu()
    if exchanges == 2:
        session.user("It sinks about 5 cm over an hour")
        session.assistant("That's the cylinder's seal; replace the cylinder.")
    threads = session._threads
    stay = ThreadPlan(threads.active, chair, False, False, "active")
    features = analyse_logged("did that, lots of dust on the heatsink", "user", session._lexicon)
    back = dormant_return(threads, stay, features, Intent.CONTINUE)
    assert back == (-1 if exchanges == 1 else threads.index_of(gpu))
    # A word of the aside keeps it there, however long the aside.
    features = analyse_logged("dust on the heatsink and the cylinder", "user", session._lexicon)
    assert dormant_return(threads, stay, features, Intent.CONTINUE) == -1
