"""What ``import multihorizon`` adds to numpy's import, in fresh interpreters.

    python bench/import_time.py [--runs 15]

Each run is a new ``python -c`` process that times its own imports with ``perf_counter``
(interpreter start-up excluded); the figures are medians over the runs. Rows: numpy alone;
numpy then ``import multihorizon`` (the target: at most 60 ms more); and, for information,
the first use of the main classes (``multihorizon.ContextAssembler``, which loads the
dialogue modules; hnswlib, the stores' clients, asyncio, Numba and the evaluation still load
only when used). It also checks that Numba and hnswlib are not imported by
``import multihorizon`` when the compiled backend is live.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

PROBE = """
import json, sys, time
t0 = time.perf_counter()
import numpy
t1 = time.perf_counter()
import multihorizon
t2 = time.perf_counter()
multihorizon.ContextAssembler
t3 = time.perf_counter()
loaded = sorted({m.split(".")[0] for m in sys.modules} & {"numba", "hnswlib", "redis", "asyncio"})
print(json.dumps({"numpy": t1 - t0, "multihorizon": t2 - t1, "first_use": t3 - t2,
                  "backend": multihorizon.backend, "loaded_by_import": loaded}))
"""

PROBE_IMPORT_ONLY = """
import json, sys
import multihorizon
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules}
                        & {"numba", "hnswlib", "redis", "asyncio", "sqlite3"})))
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="fresh interpreters (default 15)")
    args = parser.parse_args(argv)
    rows = []
    for _ in range(args.runs):
        out = subprocess.run(
            [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
        ).stdout
        rows.append(json.loads(out))
    only = json.loads(
        subprocess.run(
            [sys.executable, "-c", PROBE_IMPORT_ONLY], capture_output=True, text=True, check=True
        ).stdout
    )

    def median_ms(key: str) -> float:
        return statistics.median(row[key] for row in rows) * 1e3

    added = median_ms("multihorizon")
    print(f"backend {rows[0]['backend']}, {args.runs} fresh interpreters, medians:")
    print(f"  import numpy                         {median_ms('numpy'):7.1f} ms")
    print(f"  import multihorizon (after numpy)    {added:7.1f} ms  (target <= 60 ms)")
    print(f"  first use of ContextAssembler        {median_ms('first_use'):7.1f} ms")
    print(f"  optional modules loaded by the import alone: {only or 'none'}")
    return 0 if added <= 60 else 1


if __name__ == "__main__":
    raise SystemExit(main())
