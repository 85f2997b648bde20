"""The ``multihorizon`` command: the demo (README command one), replay and info."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from multihorizon import cli


def test_demo_runs_the_whole_script(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["demo"]) == 0
    out = capsys.readouterr().out
    # Every scripted behaviour shows up: resumption, the ordinal, the clarification, the
    # tool reference with its summary, and the hybrid document request with sub-queries.
    assert "thread configure-etcd (resumed)" in out
    assert "Reference(ordinal 'the second step'" in out
    assert "intent CLARIFY" in out
    assert "intent TOOL_REFERENCE" in out
    assert "[E scratch_query_001 reference" in out
    assert "mode hybrid" in out
    assert "sub-queries:" in out
    assert "CRP-Context-Tier-Blend: 20/30/50" in out
    for line in out.splitlines():
        if line.startswith("  envelope ("):
            used, budget = line.split("(")[1].split(" ")[0].split("/")
            assert int(used) <= int(budget)


def test_replay_a_jsonl_conversation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "c.jsonl"
    turns = [
        {"turn_id": 0, "role": "user", "content": "find me a hotel in Paris"},
        {"turn_id": 1, "role": "tool", "content": '{"hotels": ["Ritz", "Lutetia"]}'},
        {"turn_id": 2, "role": "assistant", "content": "The Ritz or the Lutetia?"},
        {"turn_id": 3, "role": "user", "content": "what about the second option?"},
    ]
    path.write_text(json.dumps({"conv_id": "x", "turns": turns, "probes": []}) + "\n")
    assert cli.main(["replay", str(path), "--budget", "300"]) == 0
    out = capsys.readouterr().out
    assert "tool -> scratch_" in out
    assert "DRILL_DOWN" in out
    assert cli.main(["replay", str(path), "--conversation", "3"]) == 2
    assert cli.main(["replay", str(tmp_path / "missing.jsonl")]) == 2


def test_info(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["info"]) == 0
    assert "backend:" in capsys.readouterr().out
