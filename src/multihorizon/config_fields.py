"""The fields of ``Config`` by group (spec constants, retrieval weights, per-embedder
calibration, rule switches, rule constants) and the checks each group's values get. Reads the
rule registry for the switches; ``config`` re-exports ``GROUPS``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .errors import ConfigError
from .rules import RULES

__all__ = [
    "BOOL_FIELDS",
    "GROUPS",
    "POSITIVE_INTS",
    "SWITCHES",
    "UNIT_FLOATS",
    "check_scalars",
    "check_unit",
    "is_number",
]


def check_unit(name: str, value: Any) -> None:
    if not (is_number(value) and math.isfinite(value) and 0.0 <= value <= 1.0):
        raise ConfigError(f"{name}: must be a number in [0, 1], got {value!r}")


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


# What each field is, for validation and for ``Config.describe``: the groups a reader looks
# for (spec constants, retrieval weights, per-embedder calibration, rule switches, the
# constants those rules were calibrated with).
SPEC_CONSTANTS = (
    "half_life",
    "default_thresholds",
    "intent_blends",
    "default_relevance_floor",
    "fact_candidates",
    "partial_novelty_floor",
    "reference_search_window",
    "thread_state_limit",
    "max_sub_queries",
    "graph_retrieval",
    "connector_budget",
)
WEIGHTS = (
    "recency_multiplier",
    "recency_bonus",
    "thread_bonus",
    "lexical_weight",
    "lexical_pool",
    "turns_in_context",
)
CALIBRATION = ("thread_thresholds", "relevance_floors")
# Every rule's switch, in the registry's order (``multihorizon.rules``: a rule names the field
# that turns it off); rules switched off through a weight or a calibration are not switches.
SWITCHES = tuple(
    name
    for name in dict.fromkeys(field for rule in RULES.values() for field in rule.off)
    if name not in WEIGHTS and name not in CALIBRATION
)
RULE_CONSTANTS = ("multi_party_speakers", "reply_window", "place_window", "topic_chain")
GROUPS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "spec constants": SPEC_CONSTANTS,
        "retrieval weights": WEIGHTS,
        "per-embedder calibration": CALIBRATION,
        "rule switches": SWITCHES,
        "rule constants": RULE_CONSTANTS,
    }
)
UNIT_FLOATS = frozenset(
    (
        "recency_multiplier",
        "recency_bonus",
        "thread_bonus",
        "default_relevance_floor",
        "partial_novelty_floor",
        "connector_budget",
    )
)
POSITIVE_INTS = frozenset(
    (
        "turns_in_context",
        "fact_candidates",
        "max_sub_queries",
        "lexical_pool",
        "reference_search_window",
        "thread_state_limit",
        "multi_party_speakers",
        "reply_window",
        "place_window",
        "topic_chain",
    )
)
# peer_replies is three-way: True or False force it, None detects it (rule peer-detection).
BOOL_FIELDS = frozenset((*SWITCHES, "graph_retrieval")) - {"peer_replies"}


def check_scalars(config: Any) -> None:
    """``Config``'s checks of its plain fields: the rule switches are bools (``peer_replies``
    may be None), counts positive integers, weights in [0, 1], the half-life a finite
    positive number and the lexical weight finite and not negative (a ``ConfigError`` names
    the field)."""
    for name in BOOL_FIELDS:
        value = getattr(config, name)
        if not isinstance(value, bool):
            raise ConfigError(f"{name}: must be True or False, got {value!r}")
    if not (config.peer_replies is None or isinstance(config.peer_replies, bool)):
        raise ConfigError(f"peer_replies: must be True, False or None, got {config.peer_replies!r}")
    for name in POSITIVE_INTS:
        value = getattr(config, name)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ConfigError(f"{name}: must be an integer >= 1, got {value!r}")
    for name in UNIT_FLOATS:
        check_unit(name, getattr(config, name))
    half_life = config.half_life
    if not (is_number(half_life) and math.isfinite(half_life) and half_life > 0):
        raise ConfigError(f"half_life: must be a finite number > 0, got {half_life!r}")
    weight = config.lexical_weight
    if not (is_number(weight) and math.isfinite(weight) and weight >= 0):
        raise ConfigError(f"lexical_weight: must be a finite number >= 0, got {weight!r}")
