"""multihorizon: the Multi-Horizon Context Model (CRP-SPEC-028), native-accelerated."""

from __future__ import annotations

from . import kernels
from ._backend import name as backend
from .errors import BackendUnavailableError, MultihorizonError

__version__ = "0.1.0"

__all__ = ["BackendUnavailableError", "MultihorizonError", "__version__", "backend", "kernels"]
