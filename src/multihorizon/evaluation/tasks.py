"""The four tasks of ``multihorizon eval``, each with its baselines (see ``evaluation``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import kernels
from ..config import Config
from ..dialogue.intent import Intent
from ..embed import Embedder
from ..errors import InputError
from ..text.tokens import content_terms
from .metrics import (
    Binary,
    first_item,
    macro_f1,
    pairwise,
    ranked_metrics,
    recall_metrics,
    same_item,
)
from .replay import Conversation, Replay, replays
from .report import Report

__all__ = ["BY_NAME", "Task"]

SPEC_JOIN = 0.70  # SPEC-028 §3.3


class _CentroidRule:
    """SPEC-028 §3.3 alone: a user turn joins the most similar thread whose centroid reaches
    ``join``, else starts one; other turns stay in the current thread."""

    def __init__(self, dim: int, join: float) -> None:
        self.join = join
        self.sums = np.zeros((0, dim), dtype=np.float64)
        self.current = -1

    def decide(self, vector: npt.NDArray[np.float32]) -> int:
        if self.sums.shape[0] == 0:
            return 0
        norms = np.linalg.norm(self.sums, axis=1, keepdims=True)
        centroids = (self.sums / np.maximum(norms, 1e-12)).astype(np.float32)
        index, _ = kernels.best_above(vector, centroids, self.join)
        return index if index >= 0 else self.sums.shape[0]

    def add(self, vector: npt.NDArray[np.float32], role: str) -> int:
        thread = self.decide(vector) if role == "user" or self.current < 0 else self.current
        if thread == self.sums.shape[0]:
            self.sums = np.vstack((self.sums, np.zeros((1, self.sums.shape[1]))))
        self.sums[thread] += vector
        self.current = thread
        return thread


def _addressed(content: str, speakers: dict[str, int]) -> str | None:
    """The known speaker a message opens by addressing ("nick: ...", "nick, ..."), if any."""
    head = content.lstrip().split(None, 1)[0] if content.strip() else ""
    name = head.rstrip(":,").lower()
    return name if head != name and name in speakers else None


# ---- tasks ----------------------------------------------------------------------------------


def _gold_shift(turns: Sequence[dict[str, Any]], probe: Conversation) -> bool | None:
    if probe.get("gold_topic_shift") is not None:
        return bool(probe["gold_topic_shift"])
    at = probe["at_turn"]
    if at >= len(turns) or turns[at].get("thread") is None:
        return None
    previous = next((t for t in reversed(turns[:at]) if t["role"] != "tool"), None)
    if previous is None or previous.get("thread") is None:
        return None
    return bool(previous["thread"] != turns[at]["thread"])


def _threads(
    conversations: Sequence[Conversation],
    embedder: Embedder,
    config: Config,
    report: Report,
    cache: dict[str, npt.NDArray[np.float32]],
) -> None:
    join = config.thresholds_for(embedder.model_id).join
    systems = [
        "ours",
        "spec-centroid-0.70",
        f"centroid-{join:.2f}",
        "always-shift",
        "one-thread",
        "speaker-links",
    ]
    shift = {name: Binary() for name in systems}
    pairs = {name: Binary() for name in systems}
    resumed = {name: [0, 0] for name in systems}
    has_speakers = False
    for (replay,) in replays(conversations, embedder, [config], cache):
        turns = replay.conversation["turns"]
        rules = {
            "spec-centroid-0.70": _CentroidRule(embedder.dim, SPEC_JOIN),
            f"centroid-{join:.2f}": _CentroidRule(embedder.dim, join),
        }
        # Per logged (non-tool) turn: gold thread and each system's thread.
        gold: list[str | None] = []
        assigned: dict[str, list[Any]] = {name: [] for name in systems}
        latest: dict[str, int] = {}  # speaker -> position of their latest message
        parent: list[int] = []  # speaker-addressing links, union-find
        for turn_id, turn, probes in replay.steps():
            if turn is None or turn["role"] == "tool" or not turn["content"].strip():
                continue
            vector = replay.turn_vectors[turn_id]
            for probe in probes:
                report.probes += 1
                decisions = _decisions(replay, probe, turn, rules, vector)
                _score_probe(decisions, probe, turn, turns, gold, assigned, shift, resumed, replay)
            # Log the turn in every system.
            position = len(gold)
            gold.append(turn.get("thread"))
            for name, rule in rules.items():
                assigned[name].append(rule.add(vector, turn["role"]))
            assigned["one-thread"].append(0)
            assigned["always-shift"].append(position)
            speaker = str(turn.get("speaker") or "").lower()
            has_speakers = has_speakers or bool(speaker)
            parent.append(position)
            # Addressing ("nick: ...") links to the addressee's latest message, else to the
            # speaker's own previous one.
            addressee = _addressed(turn["content"], latest)
            link = latest[addressee] if addressee is not None else latest.get(speaker, -1)
            if link >= 0:
                parent[_root(parent, position)] = _root(parent, link)
            if speaker:
                latest[speaker] = position
        # ours: the thread each turn was logged in (data_ids follow the same skip rule).
        assigned["ours"] = [replay.session.turns.threads[i] for i in range(len(replay.data_ids))]
        assigned["speaker-links"] = [_root(parent, i) for i in range(len(parent))]
        for name in systems:
            pairwise(gold, assigned[name], pairs[name])
        report.conversations += 1
    if not has_speakers:
        systems.remove("speaker-links")
    for name in systems:
        figures: dict[str, float] = {}
        if name != "speaker-links":
            figures.update(shift[name].figures("shift"))
        if resumed[name][1]:
            figures["resume_accuracy"] = resumed[name][0] / resumed[name][1]
        if pairs[name].tp + pairs[name].fn:
            figures.update(pairs[name].figures("pairwise"))
        if name == "ours":
            report.ours = figures
        else:
            report.baselines[name] = figures


def _decisions(
    replay: Replay,
    probe: Conversation,
    turn: dict[str, Any],
    rules: dict[str, _CentroidRule],
    vector: npt.NDArray[np.float32],
) -> dict[str, tuple[bool, Any]]:
    """What each system decides for a probed turn: (a shift?, the thread it chooses)."""
    session = replay.session
    previous = session.active_thread
    chosen = (
        replay.ask(probe).active_thread if turn["role"] == "user" else replay.reply_thread(probe)
    )
    decisions: dict[str, tuple[bool, Any]] = {
        "ours": (bool(previous) and chosen != previous, chosen)
    }
    for name, rule in rules.items():
        choice = rule.decide(vector) if turn["role"] == "user" else rule.current
        decisions[name] = (rule.current >= 0 and choice != rule.current, choice)
    decisions["always-shift"] = (True, None)
    decisions["one-thread"] = (False, 0)
    return decisions


def _score_probe(
    decisions: dict[str, tuple[bool, Any]],
    probe: Conversation,
    turn: dict[str, Any],
    turns: Sequence[dict[str, Any]],
    gold: list[str | None],
    assigned: dict[str, list[Any]],
    shift: dict[str, Binary],
    resumed: dict[str, list[int]],
    replay: Replay,
) -> None:
    """Count one probe's decisions against its gold shift and gold resumption."""
    gold_shift = _gold_shift(turns, probe)
    if gold_shift is not None and gold:
        for name, (predicted, _) in decisions.items():
            shift[name].add(predicted, gold_shift)
    if not probe.get("gold_resumes_thread"):
        return
    wanted = probe.get("gold_thread", turn.get("thread"))
    earlier = [i for i, g in enumerate(gold) if g == wanted]
    if not earlier:
        return
    for name, (_, choice) in decisions.items():
        if name == "always-shift":
            continue
        # Positions in ``gold`` are the session's turn ids.
        target = (
            replay.session.turns.threads[earlier[-1]]
            if name == "ours"
            else assigned[name][earlier[-1]]
        )
        resumed[name][0] += choice == target
        resumed[name][1] += 1


def _root(parent: list[int], node: int) -> int:
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


def _references(
    conversations: Sequence[Conversation],
    embedder: Embedder,
    config: Config,
    report: Report,
    cache: dict[str, npt.NDArray[np.float32]],
) -> None:
    systems: dict[str, list[tuple[Sequence[int], set[int]]]] = {
        name: []
        for name in (
            "ours",
            "most-recent",
            "first-user-turn",
            "nearest-cosine",
            "addressed-speaker",
        )
    }
    has_speakers = False
    items = [0, 0]  # probes with a gold_item: the first item resolved matches / all
    # The antecedents are opt-in analysis (rule antecedent-analysis): this task reads them.
    config = config.replace(antecedents=True)
    for (replay,) in replays(conversations, embedder, [config], cache):
        turns = replay.conversation["turns"]
        latest: dict[str, int] = {}
        for turn_id, turn, probes in replay.steps():
            for probe in probes:
                wanted = set(probe.get("gold_turn_ids") or ())
                gold_item = probe.get("gold_item")
                if not wanted and gold_item is None:
                    continue
                report.probes += 1
                envelope = replay.ask(probe)
                if gold_item is not None:
                    items[0] += same_item(first_item(envelope.references), gold_item)
                    items[1] += 1
                if not wanted:
                    continue
                ours = [
                    replay.tool_ids.get(reference.scratch_entry, -1)
                    for reference in envelope.references
                    if reference.scratch_entry is not None
                ]
                ours.extend(replay.data_ids[turn] for turn in envelope.antecedents)
                systems["ours"].append((list(dict.fromkeys(ours)), wanted))
                at = probe["at_turn"]
                systems["most-recent"].append(([at - 1], wanted))
                first_user = next((t["turn_id"] for t in turns if t["role"] == "user"), 0)
                systems["first-user-turn"].append(([first_user], wanted))
                logged = replay.data_ids
                if logged:
                    scores = kernels.cosine_scores(
                        replay.query(probe), replay.session.turns.embeddings
                    )
                    order = np.argsort(-scores, kind="stable")[:3]
                    systems["nearest-cosine"].append(([logged[i] for i in order], wanted))
                else:
                    systems["nearest-cosine"].append(([], wanted))
                addressed = _addressed(probe["query"], latest)
                systems["addressed-speaker"].append(
                    ([latest[addressed] if addressed is not None else at - 1], wanted)
                )
            if turn is not None and turn.get("speaker"):
                has_speakers = True
                latest[str(turn["speaker"]).lower()] = turn_id
        report.conversations += 1
    if not has_speakers:
        del systems["addressed-speaker"]
    report.ours = ranked_metrics(systems.pop("ours"))
    if items[1]:
        # An enumerated item ("the second option" -> which item?), where probes name one.
        report.ours["item_accuracy"] = items[0] / items[1]
    report.baselines = {name: ranked_metrics(rankings) for name, rankings in systems.items()}


def _intent(
    conversations: Sequence[Conversation],
    embedder: Embedder,
    config: Config,
    report: Report,
    cache: dict[str, npt.NDArray[np.float32]],
) -> None:
    ours: list[tuple[str, str]] = []
    spec: list[tuple[str, str]] = []
    for replay, spec_replay in replays(conversations, embedder, [config, Config.spec()], cache):
        steps = zip(replay.steps(), spec_replay.steps(), strict=True)
        for (_, _, probes), _ in steps:
            for probe in probes:
                gold = probe.get("gold_intent")
                if gold is None:
                    continue
                if gold not in Intent.__members__:
                    raise InputError(f"gold_intent {gold!r} is not one of {list(Intent)}")
                report.probes += 1
                ours.append((str(replay.ask(probe, "classify")), gold))
                spec.append((str(spec_replay.ask(probe, "classify")), gold))
        report.conversations += 1
    majority = Counter(gold for _, gold in ours).most_common(1)
    label = majority[0][0] if majority else ""
    for name, pairs in (
        ("ours", ours),
        ("spec-rule", spec),
        ("majority-class", [(label, gold) for _, gold in ours]),
    ):
        figures = {
            "accuracy": sum(p == g for p, g in pairs) / max(len(pairs), 1),
            "macro_f1": macro_f1(pairs),
        }
        if name == "ours":
            report.ours = figures
        else:
            report.baselines[name] = figures


def _retrieval(
    conversations: Sequence[Conversation],
    embedder: Embedder,
    config: Config,
    report: Report,
    cache: dict[str, npt.NDArray[np.float32]],
) -> None:
    config = config.replace(turns_in_context=max(config.turns_in_context, 20))
    systems: dict[str, list[tuple[Sequence[int], set[int]]]] = {
        name: [] for name in ("ours", "cosine", "bm25", "recency")
    }
    for (replay,) in replays(conversations, embedder, [config], cache):
        for _, _, probes in replay.steps():
            for probe in probes:
                wanted = set(probe.get("gold_turn_ids") or ())
                if not wanted:
                    continue
                report.probes += 1
                session, logged = replay.session, replay.data_ids
                vector = replay.query(probe)
                envelope = replay.ask(probe)
                systems["ours"].append(([logged[item.turn_id] for item in envelope.items], wanted))
                if not logged:
                    for name in ("cosine", "bm25", "recency"):
                        systems[name].append(([], wanted))
                    continue
                top, _ = kernels.top_k(vector, session.turns.embeddings, 20)
                systems["cosine"].append(([logged[i] for i in top], wanted))
                lexical = session.turns.bm25(content_terms(probe["query"]))
                order = np.lexsort((np.arange(lexical.size), -lexical))[:20]
                systems["bm25"].append(([logged[i] for i in order if lexical[i] > 0], wanted))
                systems["recency"].append((logged[::-1][:20], wanted))
        report.conversations += 1
    report.ours = recall_metrics(systems.pop("ours"))
    report.baselines = {name: recall_metrics(rankings) for name, rankings in systems.items()}


Task = Callable[
    [Sequence[Conversation], Embedder, Config, Report, dict[str, npt.NDArray[np.float32]]], None
]
BY_NAME: dict[str, Task] = {
    "threads": _threads,
    "references": _references,
    "intent": _intent,
    "retrieval": _retrieval,
}
