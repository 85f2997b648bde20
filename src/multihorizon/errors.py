"""Typed errors. Each is also the matching builtin, so ``except ValueError`` still works.

A call that raises one of these has changed nothing: sessions and stores are exactly as they
were before the call.
"""

from __future__ import annotations

__all__ = [
    "BackendUnavailableError",
    "ConfigError",
    "EmbeddingError",
    "InputError",
    "MultihorizonError",
    "SessionClosedError",
    "StalePlanError",
]


class MultihorizonError(Exception):
    """Base class of every error this library raises on purpose."""


class BackendUnavailableError(MultihorizonError, ImportError):
    """A forced kernel backend (``MULTIHORIZON_BACKEND``) cannot be loaded."""


class ConfigError(MultihorizonError, ValueError):
    """A ``Config`` value is out of range or inconsistent."""


class InputError(MultihorizonError, ValueError):
    """A turn's text, timestamp, role or other argument is unusable (empty, wrong type, ...)."""


class EmbeddingError(MultihorizonError, ValueError):
    """An embedding has the wrong dimension, model id, dtype, or non-finite values
    (SPEC-024 §2.5: one embedding model per session)."""


class SessionClosedError(MultihorizonError, RuntimeError):
    """The session was closed; it accepts no more turns."""


class StalePlanError(MultihorizonError, RuntimeError):
    """A ``TurnPlan`` was committed to a session that changed since it was planned (plan and
    commit inside one ``Session.transaction()`` to keep them together)."""
