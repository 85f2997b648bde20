"""Rule answers-follow-questions as it was written in Python before ``kernels.pair_answers``
(stop 30): the definition the native pairing is checked against, by ``test_with_answers``
(random rankings, every backend) and ``test_tier_c_differential`` (replayed conversations),
and each row's reason."""

from __future__ import annotations

from multihorizon.dialogue.turnlog import TurnLog

Walk = list[tuple[int, float, bool]]  # (turn row, score, whether it is an answer brought along)
Chosen = list[tuple[int, float, str]]  # (turn row, score, the reason it is in context)


def answered_by(log: TurnLog, question: int, answer: int) -> bool:
    """Whether ``answer`` answers the question turn ``question``: the other side speaks."""
    if not log.asks_question(question):
        return False
    if log.roles[question] != log.roles[answer]:
        return True
    asker, replier = log.speakers[question], log.speakers[answer]
    return asker is not None and replier is not None and asker.casefold() != replier.casefold()


def with_answers(
    log: TurnLog, ranked: list[int], scores: list[float], forced: int, k: int, follow: bool
) -> Walk:
    """The k slots in rank order after the ``forced`` rows, each unforced question followed by
    its answer when ``follow`` (a slot check before each candidate and each answer)."""
    chosen = [(ranked[at], scores[at], False) for at in range(forced)]
    if not follow:
        chosen += [(ranked[at], scores[at], False) for at in range(forced, len(ranked))]
        return chosen[:k]
    seen = set(ranked[:forced])
    for row, score in zip(ranked[forced:], scores[forced:], strict=True):
        if len(chosen) >= k:
            break
        if row in seen:
            continue
        chosen.append((row, score, False))
        seen.add(row)
        answer = row + 1
        fits = len(chosen) < k and answer < len(log) and answer not in seen
        if fits and answered_by(log, row, answer):
            chosen.append((answer, score, True))
            seen.add(answer)
    return chosen[:k]


def reasons(log: TurnLog, walk: Walk, forced: int, targets: set[int], active: int) -> Chosen:
    """Each walked row's reason, as the Python stage gave it: the ``forced`` leading rows a
    reference (a row in ``targets``) or the turn replied to, then an answer brought along, a
    turn of the ``active`` thread, or relevant."""
    out = []
    for at, (row, score, answer) in enumerate(walk):
        if at < forced:
            reason = "reference" if row in targets else "reply-to"
        elif answer:
            reason = "answer"
        elif active >= 0 and int(log.thread_index[row]) == active:
            reason = "active-thread"
        else:
            reason = "relevant"
        out.append((row, score, reason))
    return out
