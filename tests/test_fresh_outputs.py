"""Turns logged right after a tool output, before anything else was said (issue 15 item 1;
rules fresh-output-replies and fresh-value-questions, beside fresh-output-questions): a reply
that asks nothing ("92% on /var, that's a lot") and a question for a value even when a word
of it names something said before ("Which of those is the biggest?") are about the output;
a turn that turns away or a question asking advice about a thing said is not.
``Session.classify``, ``preview`` and ``analyse`` agree, on made-up turns and on every probe
(logged and after the log) of hand-written files with tool outputs."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.evaluation.replay import read_conversations
from shared_data import log_turn

_HANDWRITTEN = Path(__file__).parent / "data" / "handwritten"


def _disk(config: mh.Config | None = None) -> mh.Session:
    """A disk-usage listing right after the user's turn, nothing said since."""
    session = mh.Session(config=config or mh.Config())
    session.user("The backup server keeps filling up, and the disk is new. What's eating it?")
    session.assistant("Let's look at which directories are biggest.")
    session.user("ok, running du on it now")
    session.tool_output(
        "du",
        "412G /var/backups/nightly\n96G /var/backups/weekly\n18G /var/log\n"
        "3.1G /home/builder\nFilesystem usage: 92% of 560G",
    )
    return session


def _intents(session: mh.Session, text: str) -> set[mh.Intent]:
    return {session.classify(text), session.preview(text).intent, session.analyse(text)[0]}


@pytest.mark.parametrize(
    "text",
    ["92%, that's a lot", "nightly is huge. way more than I thought", "Wow. Four hundred gigs."],
)
def test_a_reply_to_a_fresh_output_is_a_tool_reference(text: str) -> None:
    session = _disk()
    assert _intents(session, text) == {mh.Intent.TOOL_REFERENCE}, text
    tool = [ref for ref in session.preview(text).references if ref.type == "tool"]
    assert tool
    assert tool[0].scratch_entry is not None
    off = _disk(mh.Config(fresh_output_replies=False))
    assert mh.Intent.TOOL_REFERENCE not in _intents(off, text), text


@pytest.mark.parametrize(
    "text", ["Which of those is the biggest?", "Are they all from the server?"]
)
def test_a_fresh_value_question_naming_something_said_is_a_tool_reference(text: str) -> None:
    assert _intents(_disk(), text) == {mh.Intent.TOOL_REFERENCE}, text
    off = _disk(mh.Config(fresh_value_questions=False))
    assert mh.Intent.TOOL_REFERENCE not in _intents(off, text), text


@pytest.mark.parametrize(
    "text",
    [
        "Actually, never mind, let's plan the team offsite instead.",
        "Anyway, what's a good laptop bag?",
        "Actually, the server, is it under warranty?",
        "Why are they all on the server?",
    ],
)
def test_turning_away_or_asking_advice_is_left_alone(text: str) -> None:
    assert mh.Intent.TOOL_REFERENCE not in _intents(_disk(), text), text


def _reran(config: mh.Config | None = None) -> mh.Session:
    """Two disk listings, the second right before the turn asked."""
    session = _disk(config)
    session.assistant("The nightly backups take most of it: prune the old ones.")
    session.user("Pruned everything older than a month, listing again.")
    session.tool_output("du", "120G /var/backups/nightly\n96G /var/backups/weekly\n18G /var/log")
    return session


def _replayed(
    name: str, conv_id: str, at: int, config: mh.Config
) -> tuple[mh.Session, dict[str, int]]:
    """A hand-written conversation replayed up to turn ``at``; its tool turns' entry ids."""
    session, ids = mh.Session(config=config), dict[str, int]()
    conversation = next(
        c for c in read_conversations(_HANDWRITTEN / name) if c["conv_id"] == conv_id
    )
    for turn in conversation["turns"][:at]:
        entry = log_turn(session, turn)
        if isinstance(entry, mh.ScratchEntry):
            ids[entry.entry_id] = turn["turn_id"]
    return session, ids


@pytest.mark.parametrize(
    ("conv_id", "at", "text"),
    [
        ("rh-graphql-partial", 7, "Is customers:read in the scope list?"),
        ("rh-exome-variants", 11, "Does the target file match the reference?"),
    ],
)
def test_a_turn_right_after_a_new_output_means_the_new_one(
    conv_id: str, at: int, text: str
) -> None:
    def targets(config: mh.Config) -> list[int]:
        session, ids = _replayed("refs_holdout.jsonl", conv_id, at, config)
        refs = session.preview(text).references
        return [ids.get(r.scratch_entry or "", -1) for r in refs if r.type == "tool"]

    assert targets(mh.Config())[:1] == [at - 1], text
    # rule rare-output-tokens finds "target" in the fresh output only: off as well
    off = mh.Config(fresh_output_targets=False, rare_output_tokens=False)
    assert targets(off)[:1] != [at - 1], text


def test_a_turn_right_after_a_rerun_asking_for_the_first_keeps_it() -> None:
    session = _reran()
    tool = [
        r
        for r in session.preview("what was nightly before pruning?").references
        if r.type == "tool"
    ]
    assert tool
    assert tool[0].scratch_entry != session._scratch.most_recent().entry_id  # type: ignore[union-attr]


def test_nothing_changes_once_something_was_said_after_the_output() -> None:
    session = _disk()
    session.assistant("The nightly backups take most of it: 412G.")
    assert mh.Intent.TOOL_REFERENCE not in _intents(session, "right, makes sense")


@pytest.mark.parametrize(
    "name", ["refs_holdout4.jsonl", "refs_tune5.jsonl", "refs_tune7.jsonl", "refs_holdout.jsonl"]
)
def test_classify_agrees_with_the_stages_on_every_probe(name: str) -> None:
    """Every logged user turn and every probe after the log of a file with tool outputs:
    the lock-free ``classify`` gives ``analyse``'s intent."""
    checked = 0
    for conversation in read_conversations(_HANDWRITTEN / name):
        session = mh.Session()
        turns = conversation["turns"]
        at: dict[int, list[str]] = {}
        for probe in conversation["probes"]:
            at.setdefault(min(probe["at_turn"], len(turns)), []).append(probe["query"])
        for index in range(len(turns) + 1):
            for text in at.get(index, []):
                assert session.classify(text) == session.analyse(text)[0], text
                checked += 1
            if index == len(turns):
                break
            turn = turns[index]
            log_turn(session, turn)
    assert checked > 40
