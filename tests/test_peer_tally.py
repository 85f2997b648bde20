"""Rule peer-detection kept as turns are appended (``multiparty.PeerTally``, issue 14): the
same verdict as the walk back over the latest replies that it replaces, on every length of
a log that grows by one turn or many at once."""

from __future__ import annotations

import random
from typing import Any

import pytest

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
