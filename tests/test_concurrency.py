"""Many threads calling the kernels at once get the same answers as one thread.

Large inputs make the C++ kernels release the GIL, so these calls really overlap.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from types import ModuleType

import numpy as np


def test_concurrent_calls_agree_with_serial_ones(kernels: ModuleType) -> None:
    rng = np.random.default_rng(3)
    matrix = rng.standard_normal((3000, 64)).astype(np.float32)
    queries = rng.standard_normal((16, 64)).astype(np.float32)
    ids = np.arange(3000)
    matcher = kernels.MarkerMatcher([("go on", 1), ("back to", 2), ("it", 3)])
    text = "go on, back to it and edit it. " * 1200
    texts = [f"turn {i}: back to etcd and TLS, go on" * 40 for i in range(16)]

    def work(i: int) -> tuple[object, ...]:
        return (
            kernels.top_k(queries[i], matrix, 5)[0].tolist(),
            kernels.score_turns(queries[i], matrix, ids, current=3000, k=5)[0].tolist(),
            kernels.recency_weights(ids, 3000 + i, 6.0).tobytes(),
            len(matcher.find(text)),
            kernels.hash_embed(texts[i]).tobytes(),
        )

    serial = [work(i) for i in range(16)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        for _ in range(3):
            assert list(pool.map(work, range(16))) == serial
