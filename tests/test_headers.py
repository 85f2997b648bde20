from __future__ import annotations

import pytest

from multihorizon.assembly.headers import context_headers, parse_context_headers
from multihorizon.config import INTENT_BLENDS
from multihorizon.dialogue.intent import Intent
from multihorizon.errors import InputError


def test_headers_in_the_spec_format_and_order() -> None:
    headers = context_headers(
        intent=Intent.DRILL_DOWN,
        references_resolved=2,
        active_thread="etcd-config",
        blend=INTENT_BLENDS["DRILL_DOWN"],
        mode="conversation",
    )
    # SPEC-028 §7.1-§7.5 examples.
    assert list(headers.items()) == [
        ("CRP-Context-Turn-Intent", "DRILL_DOWN"),
        ("CRP-Context-References-Resolved", "2"),
        ("CRP-Context-Active-Thread", "etcd-config"),
        ("CRP-Context-Tier-Blend", "30/65/5"),
        ("CRP-Context-Mode", "conversation"),
    ]


def test_headers_round_trip_case_insensitively() -> None:
    headers = context_headers(
        intent=Intent.TOOL_REFERENCE,
        references_resolved=1,
        active_thread="backup-2",
        blend=INTENT_BLENDS["TOOL_REFERENCE"],
        mode="hybrid",
    )
    lowered = {name.lower(): value for name, value in headers.items()}
    assert parse_context_headers(lowered) == {
        "intent": Intent.TOOL_REFERENCE,
        "references_resolved": 1,
        "active_thread": "backup-2",
        "tier_blend": (20, 30, 50),
        "mode": "hybrid",
    }


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CRP-Context-Turn-Intent", "drill"),
        ("CRP-Context-References-Resolved", "-1"),
        ("CRP-Context-Active-Thread", "Etcd Config"),
        ("CRP-Context-Tier-Blend", "30/65"),
        ("CRP-Context-Mode", "chat"),
    ],
)
def test_malformed_header_values_name_the_header(name: str, value: str) -> None:
    with pytest.raises(InputError, match=name):
        parse_context_headers({name: value})


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(InputError, match="mode"):
        context_headers(
            intent=Intent.EXPLORE,
            references_resolved=0,
            active_thread="x",
            blend=INTENT_BLENDS["EXPLORE"],
            mode="chat",
        )


def test_non_ascii_digits_are_a_malformed_count() -> None:
    with pytest.raises(InputError, match="References-Resolved"):
        parse_context_headers({"CRP-Context-References-Resolved": "\u00b2"})
