"""Typed errors. Each is also the matching builtin, so ``except ValueError`` still works."""

from __future__ import annotations

__all__ = ["BackendUnavailableError", "MultihorizonError"]


class MultihorizonError(Exception):
    """Base class of every error this library raises on purpose."""


class BackendUnavailableError(MultihorizonError, ImportError):
    """A forced kernel backend (``MULTIHORIZON_BACKEND``) cannot be loaded."""
