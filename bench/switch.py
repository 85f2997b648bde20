"""Run benchmark calls on another backend's kernels in this process (``kernels.use``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

import multihorizon as mh
from multihorizon import kernels

__all__ = ["backend"]


@contextlib.contextmanager
def backend(name: str | None) -> Iterator[None]:
    """Run on ``name``'s kernels (None: the live backend), restoring the live one after;
    skips the test when that backend cannot load. Sessions keep the lexicon of the backend
    they were made on: make them inside."""
    if name is None:
        yield
        return
    try:
        previous = kernels.use(name)
    except mh.errors.BackendUnavailableError as exc:
        pytest.skip(str(exc))
    try:
        yield
    finally:
        kernels.use(previous)
