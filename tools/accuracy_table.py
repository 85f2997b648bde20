"""The README's accuracy table, made from ``tools/eval_all.py --json`` reports, so that every
row shows the best baseline of the same run (never a weaker one picked by hand).

    python tools/eval_all.py --json hashing.jsonl
    python tools/eval_all.py --embedder st:all-MiniLM-L6-v2 --json minilm.jsonl
    python tools/accuracy_table.py hashing.jsonl [minilm.jsonl]

For each row: the goal, the best baseline of each run on that metric (its name and value),
ours with each embedder; bold where ours meets the goal. A row whose best baseline beats
ours is printed as measured, with the baseline first: that is the honest reading.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

# (file, task, metric, goal, label). ``goal`` None: no goal, reported for reference.
ROWS: list[tuple[str, str, str, float | None, str]] = [
    ("locomo", "retrieval", "recall_at_10", 0.60, "Tier C retrieval, recall@10"),
    ("locomo", "retrieval", "hit_at_10", 0.65, "Tier C retrieval, hit@10"),
    ("sgd", "references", "acc_at_1", 0.75, "antecedent, acc@1"),
    ("trec_cast_2019", "references", "acc_at_1", None, "antecedent (silver), acc@1"),
    ("trec_cast_2020", "references", "acc_at_1", 0.60, "antecedent (human labels), acc@1"),
    ("trec_cast_2021", "references", "acc_at_1", None, "antecedent (silver), acc@1"),
    ("irc_disentanglement", "references", "acc_at_1", 0.55, "antecedent, acc@1"),
    ("tiage", "threads", "shift_f1", 0.45, "topic shift F1"),
    ("tiage", "threads", "pairwise_f1", None, "threads, pairwise F1"),
    ("dialseg711", "threads", "shift_f1", 0.56, "topic shift F1"),
    ("dialseg711", "threads", "pairwise_f1", None, "threads, pairwise F1"),
    ("sgd", "threads", "resume_accuracy", 0.85, "thread resumption accuracy"),
    ("sgd", "threads", "shift_f1", 0.28, "topic shift F1"),
    ("sgd", "threads", "pairwise_f1", None, "threads, pairwise F1"),
    ("irc_disentanglement", "threads", "pairwise_f1", 0.66, "threads, pairwise F1"),
    ("sgd", "intent", "macro_f1", 0.58, "intent macro-F1"),
    ("trec_cast_2019", "intent", "macro_f1", 0.60, "intent macro-F1"),
    ("trec_cast_2020", "intent", "macro_f1", 0.65, "intent macro-F1"),
    ("trec_cast_2021", "intent", "macro_f1", 0.60, "intent macro-F1"),
    ("swda", "intent", "macro_f1", None, "intent macro-F1 (weak labels)"),
]

# A baseline that scores a metric by construction, not by skill, is shown but named as such:
# one thread never shifts, so it "resumes" every time.
DEGENERATE = {("one-thread", "resume_accuracy")}


def _load(path: str) -> dict[tuple[str, str], dict[str, Any]]:
    reports = [json.loads(line) for line in Path(path).read_text().splitlines() if line]
    return {(r["file"].removesuffix(".jsonl"), r["task"]): r for r in reports}


def _best_baseline(report: dict[str, Any], metric: str) -> tuple[str, float] | None:
    scored = [
        (values[metric], name)
        for name, values in report["baselines"].items()
        if values.get(metric) is not None and (name, metric) not in DEGENERATE
    ]
    if not scored:
        return None
    value, name = max(scored)
    return name, value


def _cell(report: dict[str, Any] | None, metric: str, goal: float | None) -> str:
    if report is None or report["ours"].get(metric) is None:
        return ""
    value = report["ours"][metric]
    text = f"{value:.3f}"
    return f"**{text}**" if goal is not None and value >= goal else text


def _baseline_cell(report: dict[str, Any] | None, metric: str) -> str:
    if report is None:
        return ""
    best = _best_baseline(report, metric)
    return "" if best is None else f"{best[0]} {best[1]:.3f}"


def table(first: str, second: str | None) -> str:
    runs = [_load(first)] + ([_load(second)] if second else [])
    names = [next(iter(run.values()))["embedder"] for run in runs]
    head = "| file | metric | goal | " + " | ".join(
        f"best baseline ({name}) | ours ({name})" for name in names
    )
    lines = [head + " |", "|" + "---|" * (3 + 2 * len(runs))]
    for file, task, metric, goal, label in ROWS:
        cells = [file, label, "" if goal is None else f"≥ {goal:.2f}"]
        for run in runs:
            report = run.get((file, task))
            cells += [_baseline_cell(report, metric), _cell(report, metric, goal)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("reports", nargs="+", help="one or two eval_all --json files")
    args = parser.parse_args()
    if len(args.reports) > 2:
        parser.error("at most two report files (one per embedder)")
    print(table(args.reports[0], args.reports[1] if len(args.reports) > 1 else None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
