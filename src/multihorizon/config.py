"""Every constant of the context model in one frozen ``Config``.

``Config.spec()`` is CRP-SPEC-028 as written: its constants, and every rule of
``multihorizon.rules`` switched off. ``Config()`` (the default) switches on the rules whose
evidence holds on real conversations (``../shared/data``); the evidence lives in the rule
registry, beside each rule. Fields are grouped (``GROUPS``: spec constants, retrieval weights,
per-embedder calibration, rule switches, rule constants), every one is type-checked (a wrong
type is a ``ConfigError`` naming the field), and ``diff()``/``describe()``/``repr`` show a
config against the spec. Thread thresholds depend on the embedder, so they are keyed by the
embedder's model id.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from .config_fields import GROUPS, check_scalars, check_unit
from .errors import ConfigError
from .rule_switches import RuleSwitches
from .rules import RULES
from .thresholds import CALIBRATED_THRESHOLDS, SPEC_THRESHOLDS, ThreadThresholds

__all__ = ["GROUPS", "INTENT_BLENDS", "Blend", "Config", "ThreadThresholds"]

Novelty = bool | Literal["partial"]


@dataclass(frozen=True, slots=True)
class Blend:
    """Tier weights of one intent (SPEC-028 §5.3): P + C + E = 1."""

    P: float
    C: float
    E: float
    cdr_novelty: Novelty

    def header(self) -> str:
        """``30/65/5``: the weights as whole percentages (SPEC-028 §7.1), summing to 100
        (largest remainder: thirds give ``34/33/33``)."""
        return _blend_header(self.P, self.C, self.E)


@functools.lru_cache(maxsize=64)
def _blend_header(p: float, c: float, e: float) -> str:
    """``Blend.header`` of these weights (every envelope asks for one of a few blends)."""
    exact = [weight * 100 for weight in (p, c, e)]
    whole = [math.floor(value + 1e-9) for value in exact]
    by_remainder = sorted(range(3), key=lambda tier: (whole[tier] - exact[tier], tier))
    for tier in by_remainder[: 100 - sum(whole)]:
        whole[tier] += 1
    return "/".join(map(str, whole))


# SPEC-028 §5.3, exactly.
INTENT_BLENDS: Mapping[str, Blend] = MappingProxyType(
    {
        "EXPLORE": Blend(P=0.70, C=0.25, E=0.05, cdr_novelty=True),
        "DRILL_DOWN": Blend(P=0.30, C=0.65, E=0.05, cdr_novelty=False),
        "CLARIFY": Blend(P=0.20, C=0.75, E=0.05, cdr_novelty=False),
        "CONTINUE": Blend(P=0.50, C=0.40, E=0.10, cdr_novelty="partial"),
        "TOOL_REFERENCE": Blend(P=0.20, C=0.30, E=0.50, cdr_novelty=False),
    }
)


@dataclass(frozen=True, slots=True, repr=False)
class Config(RuleSwitches):
    """Every constant of the context model, with the spec section it comes from.

    Fields fall into the groups of ``GROUPS``; ``describe()`` lists them with their values and
    ``diff()`` shows what differs from ``Config.spec()``. Rules beyond the spec's text are in
    ``multihorizon.rules`` (their evidence lives there, not here)."""

    # ---- spec constants ----
    # SPEC-028 §3.2: a turn HALF_LIFE turns ago has half the recency weight.
    half_life: float = 6.0
    # SPEC-028 §3.3 / §5.2 bars for any embedder without calibrated ones.
    default_thresholds: ThreadThresholds = SPEC_THRESHOLDS
    # SPEC-028 §5.3.
    intent_blends: Mapping[str, Blend] = field(default_factory=lambda: INTENT_BLENDS)
    # SPEC-024 §7.1: Tier P facts under the floor are dropped before CDR.
    default_relevance_floor: float = 0.55
    # SPEC-003 §5.2: HNSW top-K candidates per query.
    fact_candidates: int = 50
    # SPEC-028 §5.3 "partial" novelty (CONTINUE): floor + (1 - floor) x novelty.
    partial_novelty_floor: float = 0.5
    # SPEC-028 §4.2: the most recent turns searched for "the X" when no entity index hit.
    reference_search_window: int = 200
    # SPEC-028 §6.2: entries kept per ThreadState list (oldest dropped first).
    thread_state_limit: int = 8
    # SPEC-028 §8 hybrid mode: at most this many sub-queries from the active thread.
    max_sub_queries: int = 6
    # SPEC-025 CDGR on document and hybrid turns: connector facts bridging the CDR anchors
    # fill up to ``connector_budget`` of the Tier P budget.
    graph_retrieval: bool = True
    connector_budget: float = 0.30

    # ---- retrieval weights (Tier C; rules recency-bonus, thread-bonus, lexical-channel) ----
    recency_multiplier: float = 0.0
    recency_bonus: float = 0.15
    thread_bonus: float = 0.10
    # LoCoMo recall@12: 0.591 at 0.5, 0.613 at 1.0, 0.618 at 2.0, 0.611 at 3.0.
    lexical_weight: float = 1.0
    lexical_pool: int = 48
    turns_in_context: int = 12

    # ---- per-embedder calibration (rules calibrated-thresholds, relevance-floors) ----
    thread_thresholds: Mapping[str, ThreadThresholds] = field(
        default_factory=lambda: CALIBRATED_THRESHOLDS
    )
    relevance_floors: Mapping[str, float] = field(
        default_factory=lambda: MappingProxyType(
            {
                "multihorizon-hash-384": 0.12,
                "multihorizon-hash2-384": 0.12,
                "sentence-transformers/all-MiniLM-L6-v2": 0.35,
            }
        )
    )

    # ---- rule switches: RuleSwitches, the base class (module rule_switches) ----

    # ---- constants the rules were calibrated with ----
    # Speakers seen from which a chat is multi-party (replies interleave).
    multi_party_speakers: int = 3
    # Turns back a multi-party message's implied reply-to may lie. irc_disentanglement
    # pairwise thread F1 by window: 5 0.62, 10 0.646, 12 0.651, 20 0.618, 60 0.603.
    reply_window: int = 12
    # Turns searched back for the place "there" refers to. sgd acc@1 by window: 5 0.737,
    # 8 0.748, 10 0.752, 12 0.751, 15 0.750, 20 0.746, 30 0.744.
    place_window: int = 12
    # Pronoun follow-ups a pronoun's antecedent is traced back through (TREC CAsT 2019).
    topic_chain: int = 6

    def __post_init__(self) -> None:
        check_scalars(self)
        for name in ("thread_thresholds", "intent_blends", "relevance_floors"):
            if not isinstance(getattr(self, name), Mapping):
                raise ConfigError(
                    f"{name}: must be a mapping, got {type(getattr(self, name)).__name__}"
                )
        if not isinstance(self.default_thresholds, ThreadThresholds):
            raise ConfigError(
                "default_thresholds: must be a ThreadThresholds, got "
                f"{type(self.default_thresholds).__name__}"
            )
        for model, bars in {**self.thread_thresholds, "default": self.default_thresholds}.items():
            if not isinstance(bars, ThreadThresholds):
                raise ConfigError(
                    f"thread_thresholds[{model!r}]: must be a ThreadThresholds, got "
                    f"{type(bars).__name__}"
                )
            for name in ("join", "resume", "explore", "opening"):
                check_unit(f"thread_thresholds[{model!r}].{name}", getattr(bars, name))
        for intent in ("EXPLORE", "DRILL_DOWN", "CLARIFY", "CONTINUE", "TOOL_REFERENCE"):
            blend = self.intent_blends.get(intent)
            if not isinstance(blend, Blend):
                raise ConfigError(f"intent_blends: missing {intent} (or not a Blend)")
            for tier in ("P", "C", "E"):
                check_unit(f"intent_blends[{intent}].{tier}", getattr(blend, tier))
            if abs(blend.P + blend.C + blend.E - 1.0) > 1e-9:
                raise ConfigError(f"intent_blends[{intent}]: P + C + E must be 1")
        for model, floor in self.relevance_floors.items():
            check_unit(f"relevance_floors[{model!r}]", floor)
        # Freeze caller-supplied dicts so a Config cannot change under a session.
        object.__setattr__(
            self, "thread_thresholds", MappingProxyType(dict(self.thread_thresholds))
        )
        object.__setattr__(self, "intent_blends", MappingProxyType(dict(self.intent_blends)))
        object.__setattr__(self, "relevance_floors", MappingProxyType(dict(self.relevance_floors)))

    @classmethod
    def spec(cls) -> Config:
        """SPEC-028's literal model: its constants (half-life 6, join 0.70, explore below 0.50,
        the §5.3 blends, recency as a §3.2 multiplier) and every rule of
        ``multihorizon.rules`` switched off, for every embedder."""
        changes: dict[str, Any] = {}
        for entry in RULES.values():
            changes.update(entry.off)
        return cls(**changes)

    def diff(self, other: Config | None = None) -> dict[str, tuple[Any, Any]]:
        """Fields whose value differs from ``other`` (``Config.spec()`` by default), as
        ``{field: (other's value, this value)}``, in field order."""
        base = Config.spec() if other is None else other
        changed = {}
        for item in dataclasses.fields(self):
            mine, theirs = getattr(self, item.name), getattr(base, item.name)
            if _plain(mine) != _plain(theirs):
                changed[item.name] = (theirs, mine)
        return changed

    def describe(self) -> str:
        """Every field by group, with ``*`` where it differs from ``Config.spec()``."""
        changed = self.diff()
        lines = []
        for group, names in GROUPS.items():
            lines.append(f"{group}:")
            for name in names:
                mark = "*" if name in changed else " "
                lines.append(f" {mark} {name} = {_plain(getattr(self, name))!r}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        changed = self.diff()
        if not changed:
            return "Config.spec()"
        body = ", ".join(f"{name}={_plain(new)!r}" for name, (_, new) in changed.items())
        return f"Config.spec().replace({body})"

    def relevance_floor_for(self, model_id: str) -> float:
        """Tier P's relevance floor for an embedder's model id (SPEC-024 §7.1)."""
        return self.relevance_floors.get(model_id, self.default_relevance_floor)

    def thresholds_for(self, model_id: str) -> ThreadThresholds:
        """The thread bars for an embedder's model id (the default bars for unknown models)."""
        return self.thread_thresholds.get(model_id, self.default_thresholds)

    def replace(self, **changes: Any) -> Config:
        """A copy with some fields changed (validated like a new Config)."""
        return dataclasses.replace(self, **changes)


def _plain(value: Any) -> Any:
    """Mappings as plain dicts, so diffs and reprs compare and read as values."""
    return dict(value) if isinstance(value, Mapping) else value
