"""Rule peer-detection kept as turns are appended (``multiparty.PeerTally``, issue 14): the
same verdict as the walk back over the latest replies that it replaces, on every length of
a log that grows by one turn or many at once."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import multihorizon as mh
from handwritten_corpus import handwritten_files
from multihorizon.config import Config
from multihorizon.dialogue import multiparty

READ = multiparty.PEER_REPLIES_READ
LOOKBACK = 4 * READ


class _Log:
    """What the tally reads of a turn log: its length, roles and features (here each
    turn's vote itself, read by the patched vote)."""

    def __init__(self) -> None:
        self.roles: list[str] = []
        self.features: list[int] = []
        self.peer_tally: Any = None  # where ``peer_dialogue`` keeps its tally

    def __len__(self) -> int:
        return len(self.roles)


def _walk(roles: list[str], votes: list[int]) -> bool:
    """The reference reading: from the newest turn back, at most LOOKBACK turns and up to the
    READ-th reply."""
    balance = replies = read = 0
    count = len(roles)
    for index in range(count - 1, max(0, count - LOOKBACK) - 1, -1):
        balance += votes[index]
        if roles[index] != "assistant":
            continue
        replies += votes[index]
        read += 1
        if read == READ:
            break
    return read >= 1 and replies > 0 and balance > 0


@pytest.fixture
def counted_votes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each turn's vote is its feature; returns the list of turns voted, in order."""
    voted: list[int] = []

    def vote(role: str, turn: Any) -> tuple[bool, int]:
        voted.append(turn)
        return role == "assistant", turn

    monkeypatch.setattr(multiparty, "_peer_vote", vote)
    return voted


@pytest.mark.parametrize("seed", range(6))
def test_tally_matches_the_walk_at_every_length(seed: int, counted_votes: list[int]) -> None:
    rng = random.Random(seed)
    log, config = _Log(), Config()
    reply_share = rng.choice((0.1, 0.5, 0.9))  # IRC-like to assistant-chat-like
    for _ in range(400):
        # Mostly one turn at a time; now and then a run (a restore appends many at once).
        grow = rng.choice((1, 1, 1, 1, 2, 3, LOOKBACK + rng.randrange(40)))
        for _ in range(grow):
            log.roles.append("assistant" if rng.random() < reply_share else "user")
            log.features.append(rng.choice((-2, -2, 0, 1, 1, 2)))
        expected = _walk(log.roles, log.features)
        assert multiparty.peer_dialogue(log, config) is expected  # type: ignore[arg-type]
        assert multiparty.peer_dialogue(log, config) is expected  # type: ignore[arg-type]


def test_each_turn_is_voted_once_and_memory_stays_bounded(counted_votes: list[int]) -> None:
    log, config = _Log(), Config()
    tally = multiparty.PeerTally()
    for turn in range(2000):
        log.roles.append("assistant" if turn % 2 else "user")
        log.features.append(turn)
        tally.verdict(log)  # type: ignore[arg-type]
    assert counted_votes == list(range(2000))  # one vote per turn, in order
    assert tally.kept() <= 2 * LOOKBACK + 2
    assert multiparty.peer_dialogue(log, config) is _walk(log.roles, log.features)  # type: ignore[arg-type]


def test_forced_setting_reads_nothing(counted_votes: list[int]) -> None:
    log = _Log()
    log.roles += ["user", "assistant"]
    log.features += [1, 2]
    assert multiparty.peer_dialogue(log, Config(peer_replies=False)) is False  # type: ignore[arg-type]
    assert counted_votes == []


class _FailingFeatures(list[int]):
    """Turn features whose read of one index raises once (a restored turn analysed when
    first read, failing), then reads as the list."""

    def __init__(self, values: list[int], failing: int) -> None:
        super().__init__(values)
        self.failing = failing

    def __getitem__(self, index: Any) -> Any:
        if index == self.failing:
            self.failing = -1
            raise RuntimeError("analysis failed")
        return super().__getitem__(index)


def test_a_read_that_fails_partway_leaves_the_votes_before_it(
    counted_votes: list[int],
) -> None:
    rng = random.Random(7)
    roles = [rng.choice(("user", "assistant")) for _ in range(120)]
    votes = [rng.choice((-2, -1, 0, 1, 2)) for _ in range(120)]
    log = _Log()
    log.roles = roles[:40]
    log.features = _FailingFeatures(votes[:40], failing=25)
    tally = multiparty.PeerTally()
    with pytest.raises(RuntimeError):
        tally.verdict(log)  # type: ignore[arg-type]
    # Then the log reads, and grows: the tally gives the walk's verdict at every length (a
    # turn voted twice would shift its running sums).
    for count in range(40, 121):
        log.roles, log.features = roles[:count], votes[:count]
        assert tally.verdict(log) == _walk(roles[:count], votes[:count]), count  # type: ignore[arg-type]


def _vote_by_properties(role: str, turn: Any) -> tuple[bool, int]:
    """The vote as the turn's named cues spell it (``request``, ``self_talk``,
    ``to_listener``, ``open_offer``): what ``_peer_vote`` reads from the cue bits at once."""
    if role == "user":
        if turn.request or (not turn.question and turn.asks_for):
            return False, -2
        return False, 1 if turn.self_talk else 0
    serves = turn.open_offer
    return True, 2 * (int(turn.self_talk and not serves) - int(turn.to_listener or serves))


def test_the_vote_from_the_cue_bits_is_the_vote_by_the_named_cues() -> None:
    session = mh.Session()
    votes: set[tuple[bool, int]] = set()
    for path in handwritten_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            for turn in json.loads(line)["turns"]:
                role = "user" if turn["role"] == "user" else "assistant"
                fresh = session.features_of(turn["content"], role)
                vote = multiparty._peer_vote(role, fresh)  # bits first, properties after
                assert vote == _vote_by_properties(role, session.features_of(turn["content"], role))
                votes.add(vote)
    # Every kind of vote occurs: the comparison covers each branch.
    assert {(False, -2), (False, 0), (False, 1), (True, 0), (True, 2), (True, -2)} <= votes


def test_the_tally_is_kept_with_its_log() -> None:
    session = mh.Session(embedder=mh.HashingEmbedder())
    session.user("i just got off work, my kids are asleep")
    session.assistant("nice, my dog is snoring next to me. what do you do for fun?")
    session.user("i play chess with my brother. and you?")
    log = session.turns
    verdict = multiparty.peer_dialogue(log, session.config)
    assert isinstance(log.peer_tally, multiparty.PeerTally)
    assert log.peer_tally.kept() == len(log) == 3  # every turn voted, once
    assert multiparty.peer_dialogue(log, session.config) is verdict is True
