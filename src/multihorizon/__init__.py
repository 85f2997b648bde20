"""multihorizon: the Multi-Horizon Context Model (CRP-SPEC-028), native-accelerated.

Quick start::

    import multihorizon as mh
    session = mh.Session()                       # HashingEmbedder, calibrated Config
    envelope = session.user("Back to etcd - what about TLS?")
    envelope.intent, envelope.active_thread, envelope.references, envelope.headers
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

# Decided at import, as documented: the compiled core when it loads (fast: Numba is imported
# only when it is the backend chosen).
from . import kernels
from ._backend import name as backend
from .errors import (
    BackendUnavailableError,
    ConfigError,
    EmbeddingError,
    InputError,
    MultihorizonError,
    SessionClosedError,
    StalePlanError,
)

if TYPE_CHECKING:
    from .assembly.assembler import (
        BudgetError,
        ContextAssembler,
        ContextEnvelope,
        PackedItem,
        TierSession,
    )
    from .assembly.envelope import ContextItem, Envelope
    from .config import Blend, Config, ThreadThresholds
    from .dialogue.intent import Intent
    from .dialogue.references import Reference
    from .dialogue.textintent import classify_text
    from .dialogue.threadstate import ThreadState
    from .dialogue.turnlog import Turn
    from .embed import Embedder, HashingEmbedder, SentenceTransformerEmbedder
    from .serving.chat import ChatHistoryError
    from .session import Session
    from .tiers.knowledge import Fact, FactStatus, KnowledgeError, KnowledgeStore
    from .tiers.scratch import ScratchBuffer, ScratchEntry

# Everything else loads on first use (PEP 562), so `import multihorizon` costs a few
# milliseconds over numpy's import instead of hundreds: a serving process, a CLI call and a
# test collection each load only what they touch.
_LAZY = {
    "assembly.assembler": (
        "BudgetError",
        "ContextAssembler",
        "ContextEnvelope",
        "PackedItem",
        "TierSession",
    ),
    "serving.chat": ("ChatHistoryError",),
    "config": ("Blend", "Config", "ThreadThresholds"),
    "embed": ("Embedder", "HashingEmbedder", "SentenceTransformerEmbedder"),
    "assembly.envelope": ("ContextItem", "Envelope"),
    "dialogue.intent": ("Intent",),
    "tiers.knowledge": ("Fact", "FactStatus", "KnowledgeError", "KnowledgeStore"),
    "dialogue.references": ("Reference",),
    "tiers.scratch": ("ScratchBuffer", "ScratchEntry"),
    "session": ("Session",),
    "dialogue.textintent": ("classify_text",),
    "dialogue.threadstate": ("ThreadState",),
    "dialogue.turnlog": ("Turn",),
}
_HOME = {name: module for module, names in _LAZY.items() for name in names}


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is not None:
        value = getattr(importlib.import_module(f".{module}", __name__), name)
        globals()[name] = value
        return value
    # A submodule not imported yet (``multihorizon.persist``): import it.
    if not name.startswith("__") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


__version__ = "0.1.0"

__all__ = [
    "BackendUnavailableError",
    "Blend",
    "BudgetError",
    "ChatHistoryError",
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
    "StalePlanError",
    "ThreadState",
    "ThreadThresholds",
    "TierSession",
    "Turn",
    "__version__",
    "backend",
    "classify_text",
    "kernels",
]
