"""multihorizon: the Multi-Horizon Context Model (CRP-SPEC-028), native-accelerated.

Quick start::

    import multihorizon as mh
    session = mh.Session()                       # HashingEmbedder, calibrated Config
    envelope = session.user("Back to etcd - what about TLS?")
    envelope.intent, envelope.active_thread, envelope.references, envelope.headers
"""

from __future__ import annotations

from . import kernels
from ._backend import name as backend
from .assembler import BudgetError, ContextAssembler, ContextEnvelope, PackedItem, TierSession
from .config import Blend, Config, ThreadThresholds
from .embed import Embedder, HashingEmbedder, SentenceTransformerEmbedder
from .envelope import ContextItem, Envelope
from .errors import (
    BackendUnavailableError,
    ConfigError,
    EmbeddingError,
    InputError,
    MultihorizonError,
    SessionClosedError,
)
from .intent import Intent
from .knowledge import Fact, FactStatus, KnowledgeError, KnowledgeStore
from .references import Reference
from .scratch import ScratchBuffer, ScratchEntry
from .session import Session
from .textintent import classify_text
from .threadstate import ThreadState
from .turnlog import Turn

__version__ = "0.1.0"

__all__ = [
    "BackendUnavailableError",
    "Blend",
    "BudgetError",
    "Config",
    "ConfigError",
    "ContextAssembler",
    "ContextEnvelope",
    "ContextItem",
    "Embedder",
    "EmbeddingError",
    "Envelope",
    "Fact",
    "FactStatus",
    "HashingEmbedder",
    "InputError",
    "Intent",
    "KnowledgeError",
    "KnowledgeStore",
    "MultihorizonError",
    "PackedItem",
    "Reference",
    "ScratchBuffer",
    "ScratchEntry",
    "SentenceTransformerEmbedder",
    "Session",
    "SessionClosedError",
    "ThreadState",
    "ThreadThresholds",
    "TierSession",
    "Turn",
    "__version__",
    "backend",
    "classify_text",
    "kernels",
]
