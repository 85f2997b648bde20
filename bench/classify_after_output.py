"""``Session.classify`` once a tool output's exchange is over, side by side with a previous
copy (issue 14): the view is final for statements only (rule output-detail-intents: a
question may ask what an older output showed), so the settle must tell a question from a
statement. Per call p50 / p99 of a question and a statement, both copies interleaved.

    python bench/classify_after_output.py --previous DIR [--calls N]

``DIR`` as for ``bench/intent_latency.py --previous`` (one ``<name>/multihorizon`` copy);
every call's intent must be the same in both.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import multihorizon as mh
from intent_latency import previous_package

TEXTS = {
    "question": "How do I raise the statement timeout on the staging cluster's primary?",
    "statement": "We raised the pool size on the staging cluster and will rerun it tonight.",
}


def build_session(package: Any = mh) -> Any:
    """A session whose last tool output's exchange is over (a reply after it, then a turn)."""
    session = package.Session()
    session.user("Run the CI build for the staging branch, please.")
    session.tool_output("ci_build", "build failed: 3 tests failed\nlogs: timeout in db")
    session.assistant("The build failed on three tests; the log shows a db timeout.")
    session.user("Ok, I will look at the database settings for the staging cluster.")
    session.assistant("Check the pool size and the statement timeout on the primary first.")
    view = session._view
    if view is None or view[2] or not view[4]:
        raise SystemExit("expected a view final for statements only")
    return session


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--previous", required=True, help="folder holding <name>/multihorizon")
    args = parser.parse_args(argv)
    sides = {"ours": build_session(), "previous": build_session(previous_package(args.previous))}
    times: dict[tuple[str, str], list[float]] = {}
    clock = time.perf_counter_ns
    for _ in range(args.calls):
        for kind, text in TEXTS.items():
            answers = set()
            for side, session in sides.items():
                start = clock()
                answer = session.classify(text)
                times.setdefault((kind, side), []).append(clock() - start)
                answers.add(str(answer))
            if len(answers) != 1:
                raise SystemExit(f"intents differ on {text!r}: {answers}")
    for kind in TEXTS:
        print(f"{kind}: {session_answer(sides['ours'], TEXTS[kind])}")
        p50 = {}
        for side in sides:
            samples = sorted(times[kind, side])
            p50[side] = statistics.median(samples)
            p99 = samples[int(0.99 * (len(samples) - 1))]
            print(f"  {side:9s} p50 {p50[side] / 1000:6.2f} us  p99 {p99 / 1000:6.2f} us")
        print(f"  ours / previous p50: {p50['ours'] / p50['previous']:.2f}")
    return 0


def session_answer(session: Any, text: str) -> str:
    return str(session.classify(text))


if __name__ == "__main__":
    raise SystemExit(main())
