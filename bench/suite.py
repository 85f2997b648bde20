"""Who is timed on what: every kernel's contenders, reference result, check and target.

Shared by ``test_bench_kernels.py`` (pytest-benchmark) and ``compare.py`` (the interleaved
table), so both time the same calls and hold them to the same checks.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import peers
import workloads

CORE_MODULE = "multihorizon._core"
NUMBA_MODULE = "multihorizon._kernels_numba"
REFERENCE_MODULE = "multihorizon._kernels_py"


#: Spelled by name: ruff flags a literal multiplication sign as a confusable "x".
TIMES = "\N{MULTIPLICATION SIGN}"


class Unavailable(Exception):
    """A contender cannot run here (an optional module is missing)."""


def load(module_name: str) -> ModuleType:
    """Import a backend or peer dependency, or raise ``Unavailable`` naming it."""
    try:
        return importlib.import_module(module_name)
    except ImportError as exc:
        raise Unavailable(f"{module_name} is not importable: {exc}") from exc


#: The C++ core's SIMD paths, widest first (``_core._simd_level()`` names the live one).
SIMD_LEVELS = ("avx512", "avx2", "generic")


def narrower_simd_levels() -> tuple[str, ...]:
    """The C++ SIMD paths below the live one that this build can be switched to."""
    try:
        core = load(CORE_MODULE)
    except Unavailable:
        return ()
    live = str(core._simd_level())
    if live not in SIMD_LEVELS:
        return ()
    below = SIMD_LEVELS[SIMD_LEVELS.index(live) + 1 :]
    if hasattr(core, "_set_simd_level"):
        return below
    # Builds without _set_simd_level can only drop to the portable loops.
    return ("generic",) if below else ()


@contextlib.contextmanager
def simd_level(level: str | None) -> Iterator[None]:
    """Run the C++ kernels at ``level`` while inside (``None``: leave the live level)."""
    if level is None:
        yield
        return
    core = load(CORE_MODULE)
    if hasattr(core, "_set_simd_level"):
        core._set_simd_level(level)
    else:
        core._use_generic_simd(True)
    try:
        yield
    finally:
        if hasattr(core, "_set_simd_level"):
            core._set_simd_level("best")
        else:
            core._use_generic_simd(False)


@dataclass(frozen=True)
class Call:
    """A bound kernel call: ``function(*args, **kwargs)`` is what gets timed."""

    function: Callable[..., Any]
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)

    def __call__(self) -> Any:
        return self.function(*self.args, **self.kwargs)


@dataclass(frozen=True)
class Contender:
    """One implementation of a kernel.

    ``role`` is ``cpp``, ``numba``, ``reference`` or ``peer``; ``bind`` builds the call
    (compiling a matcher, say) outside the timed region and raises ``Unavailable`` when the
    implementation cannot load. A ``cpp`` contender with a ``simd`` level runs the C++
    kernels on that narrower path (``cpp-avx2``, ``cpp-generic``).
    """

    name: str
    role: str
    bind: Callable[[], Call]
    simd: str | None = None

    def active(self) -> contextlib.AbstractContextManager[None]:
        """Calls of this contender must run inside this context."""
        return simd_level(self.simd)


@dataclass(frozen=True)
class Target:
    """Issue 2's bar for the C++ kernel, called from Python."""

    max_cpp_ns: float
    #: ``(contender name, factor)``: the C++ median must be at least ``factor`` times faster.
    faster_than: tuple[str, float] | None = None

    def describe(self) -> str:
        text = f"≤ {format_ns(self.max_cpp_ns)}"
        if self.faster_than is not None:
            name, factor = self.faster_than
            text += f", ≥ {factor:g}{TIMES} vs {name}"
        return text


@dataclass(frozen=True)
class Kernel:
    name: str
    workload: str
    contenders: tuple[Contender, ...]
    reference_result: Callable[[], Any]
    check: Callable[[Any, Any], None]
    target: Target


def format_ns(nanoseconds: float) -> str:
    """Three significant figures in µs or ms: 0.952 µs, 29.3 µs, 818 µs, 10.5 ms."""
    unit, value = ("ms", nanoseconds / 1e6) if nanoseconds >= 1e6 else ("µs", nanoseconds / 1e3)
    rounded = float(f"{value:.3g}")  # so 999.6 prints as 1000, not 1.000
    decimals = max(0, 2 - math.floor(math.log10(rounded))) if rounded > 0 else 0
    return f"{value:.{decimals}f} {unit}"


def benchmark_contender(benchmark: Any, kernel: Kernel, contender: Contender) -> None:
    """One pytest-benchmark measurement of ``contender`` in ``kernel``'s group, its result
    checked against the kernel's reference; skipped where the contender is unavailable."""
    import pytest  # only the pytest groups measure this way; the scripts do not need it

    try:
        call = contender.bind()
    except Unavailable as exc:
        pytest.skip(str(exc))
    benchmark.group = kernel.name
    with contender.active():
        result = benchmark(call.function, *call.args, **call.kwargs)
    kernel.check(kernel.reference_result(), result)


def _backends(bind_module: Callable[[ModuleType], Call]) -> tuple[Contender, ...]:
    """The cpp (each SIMD path), numba and reference contenders of a kernel."""

    def bound(module_name: str) -> Callable[[], Call]:
        return lambda: bind_module(load(module_name))

    narrower = tuple(
        Contender(f"cpp-{level}", "cpp", bound(CORE_MODULE), simd=level)
        for level in narrower_simd_levels()
    )
    return (
        Contender("cpp", "cpp", bound(CORE_MODULE)),
        *narrower,
        Contender("numba", "numba", bound(NUMBA_MODULE)),
        Contender("numpy-reference", "reference", bound(REFERENCE_MODULE)),
    )


def _peer(name: str, bind: Callable[[], Call]) -> Contender:
    return Contender(name, "peer", bind)


def _reference() -> ModuleType:
    return load(REFERENCE_MODULE)


# --------------------------------------------------------------------------------------------
# The seven kernels
# --------------------------------------------------------------------------------------------


def _marker_call(make_matcher: Callable[[list[tuple[str, int]]], Any]) -> Call:
    work = workloads.markers()
    return Call(make_matcher(work.phrases).find, (work.text,))


def _pyahocorasick_call() -> Call:
    load("ahocorasick")
    return _marker_call(peers.AhoCorasickMarkerMatcher)


@functools.cache
def _marker_reference() -> list[tuple[int, int, int, int]]:
    return list(_marker_call(_reference().MarkerMatcher)())


def _markers() -> Kernel:
    work = workloads.markers()
    return Kernel(
        name="markers",
        workload=f"{len(work.phrases)} phrases, {len(work.text)}-char turn",
        contenders=(
            *_backends(lambda module: _marker_call(module.MarkerMatcher)),
            _peer("pyahocorasick", _pyahocorasick_call),
            _peer("re", lambda: _marker_call(peers.RegexMarkerMatcher)),
        ),
        reference_result=_marker_reference,
        check=workloads.check_markers,
        target=Target(1_000, ("pyahocorasick", 2.0)),
    )


def _cosine_call(function: Callable[..., Any]) -> Call:
    work = workloads.cosine()
    return Call(function, (work.query, work.centroids))


def _cosine() -> Kernel:
    rows, dim = workloads.cosine().centroids.shape
    return Kernel(
        name="cosine",
        workload=f"1 x {rows}x{dim} float32",
        contenders=(
            *_backends(lambda module: _cosine_call(module.cosine_scores)),
            _peer("numpy", lambda: _cosine_call(peers.numpy_cosine)),
        ),
        reference_result=functools.cache(lambda: _cosine_call(_reference().cosine_scores)()),
        check=workloads.check_scores,
        target=Target(1_500),
    )


def _top_k_call(function: Callable[..., Any]) -> Call:
    work = workloads.top_k()
    return Call(function, (work.query, work.matrix, work.k))


def _top_k() -> Kernel:
    work = workloads.top_k()
    rows, dim = work.matrix.shape
    return Kernel(
        name="top_k",
        workload=f"top-{work.k} of {rows:,}x{dim}",
        contenders=(
            *_backends(lambda module: _top_k_call(module.top_k)),
            _peer("numpy", lambda: _top_k_call(peers.numpy_top_k)),
        ),
        reference_result=functools.cache(lambda: _top_k_call(_reference().top_k)()),
        check=workloads.check_ranking,
        target=Target(300_000),
    )


def _recency_call(function: Callable[..., Any]) -> Call:
    work = workloads.recency()
    return Call(function, (work.turn_ids, work.current, work.half_life))


def _recency() -> Kernel:
    work = workloads.recency()
    return Kernel(
        name="recency",
        workload=f"{len(work.turn_ids):,} ids, half-life {work.half_life:g}",
        contenders=(
            *_backends(lambda module: _recency_call(module.recency_weights)),
            _peer("numpy-pow", lambda: _recency_call(peers.numpy_recency)),
            _peer("numpy-exp2", lambda: _recency_call(peers.numpy_recency_exp2)),
        ),
        reference_result=functools.cache(lambda: _recency_call(_reference().recency_weights)()),
        check=workloads.check_recency,
        target=Target(5_000),
    )


def _score_turns_call(function: Callable[..., Any]) -> Call:
    work = workloads.score_turns()
    return Call(function, (work.query, work.embeddings, work.turn_ids), work.options())


def _score_turns() -> Kernel:
    work = workloads.score_turns()
    rows, dim = work.embeddings.shape
    return Kernel(
        name="score_turns",
        workload=f"{rows:,}x{dim}, top-{work.k}, {len(work.forced)} forced, active thread",
        contenders=(
            *_backends(lambda module: _score_turns_call(module.score_turns)),
            _peer("numpy", lambda: _score_turns_call(peers.numpy_score_turns)),
        ),
        reference_result=functools.cache(lambda: _score_turns_call(_reference().score_turns)()),
        check=workloads.check_ranking,
        target=Target(400_000, ("numpy-reference", 3.0)),
    )


def _bm25_call(function: Callable[..., Any]) -> Call:
    work = workloads.bm25()
    return Call(function, (work.postings, work.offsets, work.lengths))


def _bm25() -> Kernel:
    work = workloads.bm25()
    return Kernel(
        name="bm25",
        workload=f"{len(work.offsets) - 1} terms, {len(work.postings):,} postings, "
        f"{len(work.lengths):,} turns",
        contenders=(
            *_backends(lambda module: _bm25_call(module.bm25_scores)),
            _peer("numpy-dense", lambda: _bm25_call(peers.numpy_bm25_dense)),
        ),
        reference_result=functools.cache(lambda: _bm25_call(_reference().bm25_scores)()),
        check=workloads.check_bm25,
        target=Target(50_000, ("numpy-dense", 2.0)),
    )


def _hash_embed_call(function: Callable[..., Any], content: bool = False) -> Call:
    work = workloads.hash_embed()
    return Call(function, (work.text, work.dim), {"skip_function_words": content})


def _hash_embed(content: bool = False) -> Kernel:
    """Every word hashed (HashingEmbedder version 1), or content words only (version 2,
    the default embedder): the same turn, so the two groups read side by side."""
    work = workloads.hash_embed()
    return Kernel(
        name="hash_embed_content" if content else "hash_embed",
        workload=f"{len(work.text)}-char turn, dim {work.dim}",
        # No peer: no common library computes these features with a fixed cross-process
        # hash, and timing a different embedding would not be the same work.
        contenders=_backends(lambda module: _hash_embed_call(module.hash_embed, content)),
        reference_result=functools.cache(
            lambda: _hash_embed_call(_reference().hash_embed, content)()
        ),
        check=workloads.check_embedding,
        target=Target(10_000),
    )


@functools.cache
def kernels() -> tuple[Kernel, ...]:
    return (
        _markers(),
        _cosine(),
        _top_k(),
        _recency(),
        _score_turns(),
        _hash_embed(),
        _hash_embed(content=True),
        _bm25(),
    )
