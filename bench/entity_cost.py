"""What rules entity-references and entity-forms cost ``Session.classify`` and
``Session.preview``, side by side.

    python bench/entity_cost.py [--calls N] [--switch entity_references|entity_forms]

Two sessions of the intent workload (``intent_workload.build_session``: 50 threads, 200
turns), one with ``Config()`` and one with the switch off, answer the same turns
interleaved, one call per sample, so machine noise hits both alike. Turns: the workload's
typical follow-up and marker-dense turn (no candidate form: the rule should cost nothing),
and four with candidate forms (a comparative, a name in a question, a question typed in
lower case, a definite noun phrase in another form). Prints per-call p50 and the ratio
on/off of the p50s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent))

import intent_workload
import multihorizon as mh

TURNS = {
    "typical": intent_workload.turn_text(),
    "heavy": intent_workload.heavy_turn_text(),
    "comparative": "Is the cheaper cluster release fine for staging, or the bigger one?",
    "name": "Does Kalomi support verbose logs on the staging cluster before Friday?",
    "lowercase": "does kalomi keep verbose logs on the staging cluster?",
    "definite": "How long does the charging of the staging cluster take?",
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--switch", default="entity_references")
    args = parser.parse_args()
    calls = args.calls
    sessions = {
        name: intent_workload.build_session(
            SimpleNamespace(
                Session=partial(mh.Session, config=mh.Config().replace(**{args.switch: on}))
            )
        )
        for name, on in (("on", True), ("off", False))
    }
    print(f"{'turn':12s} {'call':8s} {'on p50 us':>10s} {'off p50 us':>11s} {'on/off':>7s}")
    for label, text in TURNS.items():
        for call in ("classify", "preview"):
            samples: dict[str, list[float]] = {name: [] for name in sessions}
            bound = {name: getattr(session, call) for name, session in sessions.items()}
            embedding = intent_workload.turn_embedding(sessions["on"], text)
            for _ in range(calls):
                for name, method in bound.items():
                    start = time.perf_counter()
                    method(text, embedding=embedding)
                    samples[name].append(time.perf_counter() - start)
            on, off = (statistics.median(samples[name]) * 1e6 for name in ("on", "off"))
            print(f"{label:12s} {call:8s} {on:10.1f} {off:11.1f} {on / off:7.3f}")


if __name__ == "__main__":
    main()
