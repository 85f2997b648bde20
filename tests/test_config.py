from __future__ import annotations

import math

import pytest

from multihorizon.config import INTENT_BLENDS, Blend, Config, ThreadThresholds
from multihorizon.errors import ConfigError


def test_spec_profile_pins_every_spec_constant() -> None:
    spec = Config.spec()
    # SPEC-028 §3.2 half-life, §3.3 join bar, §5.2 explore bar.
    assert spec.half_life == 6.0
    bars = spec.thresholds_for("any-model")
    assert bars.join == 0.70
    assert bars.explore == 0.50
    # §3.2 recency is a multiplier in the spec; no bonuses.
    assert (spec.recency_multiplier, spec.recency_bonus, spec.thread_bonus) == (1.0, 0.0, 0.0)
    # §5.3, exactly.
    expected = {
        "EXPLORE": (0.70, 0.25, 0.05, True),
        "DRILL_DOWN": (0.30, 0.65, 0.05, False),
        "CLARIFY": (0.20, 0.75, 0.05, False),
        "CONTINUE": (0.50, 0.40, 0.10, "partial"),
        "TOOL_REFERENCE": (0.20, 0.30, 0.50, False),
    }
    got = {
        name: (blend.P, blend.C, blend.E, blend.cdr_novelty)
        for name, blend in spec.intent_blends.items()
    }
    assert got == expected
    # None of our additions: no lexical channel, no follow-up or vocabulary rules.
    assert spec.lexical_weight == 0.0
    assert not spec.follow_up_questions
    assert not spec.vocabulary_resume
    assert not spec.question_topics
    assert not spec.peer_replies
    assert not spec.name_mentions
    assert not spec.pronoun_chains
    assert not spec.place_antecedents
    assert not spec.offer_antecedents
    assert not spec.answers_follow_questions


def test_blend_header_is_whole_percentages() -> None:
    # SPEC-028 §7.1 example.
    assert INTENT_BLENDS["DRILL_DOWN"].header() == "30/65/5"
    assert INTENT_BLENDS["CONTINUE"].header() == "50/40/10"


def test_default_profile_has_calibrated_bars_per_builtin_embedder() -> None:
    config = Config()
    hashed = config.thresholds_for("multihorizon-hash-384")
    assert hashed != config.default_thresholds
    assert config.thresholds_for("unknown-model") == config.default_thresholds
    for bars in config.thread_thresholds.values():
        assert 0.0 <= bars.resume <= bars.join <= 1.0


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"half_life": 0.0}, "half_life"),
        ({"half_life": math.nan}, "half_life"),
        ({"recency_bonus": 1.5}, "recency_bonus"),
        ({"turns_in_context": 0}, "turns_in_context"),
        ({"turns_in_context": True}, "turns_in_context"),
        ({"default_thresholds": ThreadThresholds(join=1.2, resume=0.5, explore=0.5)}, "join"),
        (
            {"default_thresholds": ThreadThresholds(0.5, 0.5, 0.5, opening=math.nan)},
            "opening",
        ),
        (
            {"intent_blends": {**INTENT_BLENDS, "EXPLORE": Blend(0.5, 0.5, 0.5, True)}},
            "EXPLORE",
        ),
        ({"intent_blends": {"EXPLORE": INTENT_BLENDS["EXPLORE"]}}, "DRILL_DOWN"),
    ],
)
def test_bad_values_are_refused_by_name(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Config().replace(**changes)


def test_config_is_immutable_even_through_caller_dicts() -> None:
    blends = dict(INTENT_BLENDS)
    config = Config(intent_blends=blends)
    blends["EXPLORE"] = Blend(0.0, 1.0, 0.0, False)
    assert config.intent_blends["EXPLORE"] == INTENT_BLENDS["EXPLORE"]
    with pytest.raises(TypeError):
        config.intent_blends["EXPLORE"] = Blend(0.0, 1.0, 0.0, False)  # type: ignore[index]
    with pytest.raises(AttributeError):
        config.half_life = 3.0  # type: ignore[misc]


@pytest.mark.parametrize(
    "blend",
    [Blend(math.nan, 0.5, 0.5, True), Blend(1.5, -0.5, 0.0, True), Blend(0.5, 0.5, math.inf, True)],
)
def test_blend_weights_must_be_finite_and_in_the_unit_interval(blend: Blend) -> None:
    with pytest.raises(ConfigError, match="intent_blends"):
        Config(intent_blends={**INTENT_BLENDS, "EXPLORE": blend})


def test_custom_blend_headers_sum_to_100() -> None:
    assert Blend(1 / 3, 1 / 3, 1 / 3, True).header() == "34/33/33"
    assert Blend(0.125, 0.625, 0.25, True).header() == "13/62/25"
    for blend in INTENT_BLENDS.values():
        assert sum(map(int, blend.header().split("/"))) == 100
