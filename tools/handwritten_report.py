"""Per-turn report on a hand-written labelled file (``tests/handwritten_scoring.py``).

python tools/handwritten_report.py tests/data/handwritten/intents_tune.jsonl [-v]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from handwritten_scoring import score

if __name__ == "__main__":
    figures, counts = score(sys.argv[1], "-v" in sys.argv)
    print(sys.argv[1], {k: round(v, 3) for k, v in figures.items()}, counts)
