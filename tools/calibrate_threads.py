"""Calibrate the thread thresholds per embedder by replaying real conversations through the
library's own rules (the replay harness of ``multihorizon eval``).

Each bar of ``ThreadThresholds`` (``config.py``) is read by one set of rules, and is chosen
here by the figures those rules produce on ``../shared/data`` (its README), replayed through
``Session`` with every other rule as ``Config()`` has it:

- ``join`` (the §3.3 centroid rule, ``threads.Threads.plan``): the mean of the threads task's
  headline figures, shift F1 on tiage and dialseg711, resume accuracy on sgd, pairwise
  same-thread F1 on irc_disentanglement.
- ``explore`` (§5.2's similarity cut, ``intent.classify``; through rule intent-threads it also
  moves threads): the mean of intent macro-F1 on sgd and TREC CAsT 2019 and 2021, and shift F1
  on dialseg711.
- ``resume`` (the dormant-thread bar after "back to ...", ``Threads.plan``): resume accuracy on
  sgd.
- ``opening`` (peer mode's question-opens-a-topic bar, ``multiparty.peer_opens``; read where
  rule peer-detection finds peers, or with ``Config(peer_replies=True)``): shift F1 on tiage,
  detected and forced.

Every figure is measured with ``Config()`` as shipped (peers detected, ``peer_replies=None``)
except those marked forced, which use ``Config(peer_replies=True)``.

The search is coordinate-wise: each bar over a grid around the shipped value, the others held
at their shipped values. Ties keep the value closest to the shipped one. The tool prints every
grid point, so a plateau is visible, and the chosen bars beside the shipped ones.

Run: ``python tools/calibrate_threads.py [--embedder hashing|st:all-MiniLM-L6-v2]
[--limit N] [--only join,explore,resume,opening] [--json OUT]``. ``--limit`` replays the first
N conversations of each file. With hashing, on two cores, a full run takes about ten minutes.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from multihorizon.config import Config, ThreadThresholds
from multihorizon.evaluation import evaluate, make_embedder

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from shared_data import MISSING_DATA, locate

STEP = 0.02
POINTS = 4  # grid points on each side of the shipped value

# (file, task, metric, peer mode forced) measured for each bar; the objective is their mean.
OBJECTIVES: dict[str, tuple[tuple[str, str, str, bool], ...]] = {
    "join": (
        ("tiage", "threads", "shift_f1", False),
        ("dialseg711", "threads", "shift_f1", False),
        ("sgd", "threads", "resume_accuracy", False),
        ("irc_disentanglement", "threads", "pairwise_f1", False),
    ),
    "explore": (
        ("sgd", "intent", "macro_f1", False),
        ("trec_cast_2019", "intent", "macro_f1", False),
        ("trec_cast_2021", "intent", "macro_f1", False),
        ("dialseg711", "threads", "shift_f1", False),
    ),
    "resume": (("sgd", "threads", "resume_accuracy", False),),
    "opening": (("tiage", "threads", "shift_f1", False), ("tiage", "threads", "shift_f1", True)),
}


def grid(shipped: float) -> list[float]:
    """The shipped value and ``POINTS`` steps either side of it, inside [0, 1]."""
    values = {round(shipped + STEP * k, 2) for k in range(-POINTS, POINTS + 1)}
    return sorted(value for value in values if 0.0 < value < 1.0)


def objective(
    bar: str,
    bars: ThreadThresholds,
    model_id: str,
    run: Callable[[str, str, Config], dict[str, float]],
) -> tuple[float, dict[str, float]]:
    """The mean of ``bar``'s figures with ``bars`` for this embedder, and each figure."""
    figures: dict[str, float] = {}
    for name, task, metric, forced in OBJECTIVES[bar]:
        # Forced peer mode, or Config()'s own choice (rule peer-detection).
        peer = True if forced else Config().peer_replies
        config = Config().replace(thread_thresholds={model_id: bars}, peer_replies=peer)
        label = f"{name} {metric}" + (" (peer mode)" if forced else "")
        figures[label] = run(name, task, config)[metric]
    return sum(figures.values()) / len(figures), figures


def calibrate(
    bar: str, shipped: ThreadThresholds, model_id: str, run: Callable[..., dict[str, float]]
) -> tuple[float, list[dict[str, Any]]]:
    """The best value of ``bar`` on its grid (ties: the one nearest the shipped value)."""
    rows: list[dict[str, Any]] = []
    current = getattr(shipped, bar)
    for value in grid(current):
        score, figures = objective(bar, dataclasses.replace(shipped, **{bar: value}), model_id, run)
        rows.append({"bar": bar, "value": value, "objective": score, **figures})
        print(
            f"  {bar} {value:.2f}: {score:.4f}  "
            + ", ".join(f"{key} {figure:.3f}" for key, figure in figures.items()),
            flush=True,
        )
    best = max(rows, key=lambda row: (round(row["objective"], 4), -abs(row["value"] - current)))
    return float(best["value"]), rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", default="hashing")
    parser.add_argument("--data", type=Path, default=locate())
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--only", default=",".join(OBJECTIVES), help="bars to calibrate")
    parser.add_argument("--json", default=None, help="also write every grid point as JSON lines")
    args = parser.parse_args(argv)
    if args.data is None:
        parser.error(MISSING_DATA)
    bars = [bar.strip() for bar in args.only.split(",") if bar.strip()]
    unknown = [bar for bar in bars if bar not in OBJECTIVES]
    if unknown:
        parser.error(f"--only: unknown bar(s) {', '.join(unknown)}")
    embedder = make_embedder(args.embedder)
    shipped = Config().thresholds_for(embedder.model_id)
    caches: dict[str, dict[str, Any]] = {}

    def run(name: str, task: str, config: Config) -> dict[str, float]:
        report = evaluate(
            args.data / f"{name}.jsonl",
            task,
            embedder=embedder,
            config=config,
            limit=args.limit,
            cache=caches.setdefault(name, {}),
        )
        return dict(report.ours)

    print(f"{embedder.model_id}: shipped {shipped}")
    chosen: dict[str, float] = {}
    rows: list[dict[str, Any]] = []
    for bar in bars:
        print(f"{bar}:", flush=True)
        chosen[bar], grid_rows = calibrate(bar, shipped, embedder.model_id, run)
        rows.extend(grid_rows)
    print("\n| bar | shipped | best on its grid |\n|---|---|---|")
    for bar, value in chosen.items():
        print(f"| {bar} | {getattr(shipped, bar):.2f} | {value:.2f} |")
    if args.json:
        Path(args.json).write_text("".join(json.dumps(row) + "\n" for row in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
