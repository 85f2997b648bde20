"""Every task on every file of ``../shared/data``, one embedder, one process (the embeddings
of a file are made once and shared by its tasks).

    python tools/eval_all.py [--embedder hashing|st:all-MiniLM-L6-v2] [--data DIR] [--json OUT]
                             [--cache-dir DIR]

``--cache-dir`` keeps each file's embeddings on disk between runs (per embedder id), which
makes a second MiniLM run minutes shorter; the figures are the same with or without it.

Prints each report's table, then one markdown table of every metric (ours and baselines),
which is the README's accuracy table.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from multihorizon.evaluation import evaluate, make_embedder

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from shared_data import MISSING_DATA, locate

RUNS = [
    ("locomo", "retrieval"),
    ("sgd", "references"),
    ("trec_cast_2019", "references"),
    ("trec_cast_2020", "references"),
    ("trec_cast_2021", "references"),
    ("irc_disentanglement", "references"),
    ("tiage", "threads"),
    ("dialseg711", "threads"),
    ("sgd", "threads"),
    ("irc_disentanglement", "threads"),
    ("sgd", "intent"),
    ("trec_cast_2019", "intent"),
    ("trec_cast_2020", "intent"),
    ("trec_cast_2021", "intent"),
    ("swda", "intent"),
]


def _cache_path(cache_dir: str, model_id: str, name: str) -> Path:
    return Path(cache_dir) / model_id.replace("/", "--") / f"{name}.npz"


def _read_cache(cache_dir: str | None, model_id: str, name: str) -> dict[str, Any]:
    if cache_dir is None or not _cache_path(cache_dir, model_id, name).exists():
        return {}
    with np.load(_cache_path(cache_dir, model_id, name)) as stored:
        texts = json.loads(bytes(stored["texts"]).decode("utf-8"))
        return dict(zip(texts, stored["vectors"], strict=True))


def _write_cache(cache_dir: str | None, model_id: str, name: str, cache: dict[str, Any]) -> None:
    if cache_dir is None:
        return
    path = _cache_path(cache_dir, model_id, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    texts = list(cache)
    encoded = np.frombuffer(json.dumps(texts).encode("utf-8"), dtype=np.uint8)
    np.savez(path, texts=encoded, vectors=np.stack([cache[text] for text in texts]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", default="hashing")
    parser.add_argument("--data", type=Path, default=locate())
    parser.add_argument("--json", default=None, help="also write the reports as JSON lines")
    parser.add_argument("--cache-dir", default=None, help="keep embeddings here between runs")
    args = parser.parse_args()
    if args.data is None:
        parser.error(MISSING_DATA)
    embedder = make_embedder(args.embedder)
    reports: list[dict[str, Any]] = []
    caches: dict[str, dict[str, Any]] = {}
    for name, task in RUNS:
        if name not in caches:
            caches[name] = _read_cache(args.cache_dir, embedder.model_id, name)
        cache = caches[name]
        before = len(cache)
        report = evaluate(args.data / f"{name}.jsonl", task, embedder=embedder, cache=cache)
        if len(cache) > before:
            _write_cache(args.cache_dir, embedder.model_id, name, cache)
        print(report.table(), flush=True)
        reports.append(report.as_dict())
    if args.json:
        Path(args.json).write_text("".join(json.dumps(r) + "\n" for r in reports))
    print(f"\n| file | task | metric | ours ({reports[0]['embedder']}) | baselines |")
    print("|---|---|---|---|---|")
    for report in reports:
        for metric, value in report["ours"].items():
            others = ", ".join(
                f"{baseline} {values[metric]:.3f}"
                for baseline, values in report["baselines"].items()
                if metric in values
            )
            print(f"| {report['file']} | {report['task']} | {metric} | {value:.3f} | {others} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
