"""A package people can adopt: the README-pypi quick start runs as written, the license and
metadata are in place, and a local model folder keeps its model's name."""

from __future__ import annotations

import os
import re
import sys
import tomllib
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.embed import model_name_of

ROOT = Path(__file__).resolve().parents[1]


def _python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def test_the_quick_start_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocks = _python_blocks(ROOT / "README-pypi.md")
    assert len(blocks) >= 2
    monkeypatch.chdir(tmp_path)  # the examples write sessions.db in the working directory
    for number, block in enumerate(blocks):
        exec(compile(block, f"README-pypi.md block {number}", "exec"), {"__name__": "readme"})
    out = capsys.readouterr().out
    assert "DRILL_DOWN configure-etcd" in out
    assert (tmp_path / "sessions.db").exists()


def test_the_readme_serving_example_runs_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Serving:") :]
    section = section[: section.index("\n## ", 1)]
    (block,) = re.findall(r"```python\n(.*?)```", section, re.S)
    monkeypatch.chdir(tmp_path)
    scope: dict[str, Any] = {"__name__": "readme"}
    exec(compile(block, "README.md serving", "exec"), scope)
    session = scope["asm"].session("tenant-a/chat-7")
    assert [turn.role for turn in session.session.turns] == ["user", "assistant", "user"]
    assert len(session.session.scratch) == 1  # the tool output, logged once
    assert scope["env"].messages()[0]["content"].startswith("You are the on-call assistant.")


def test_the_package_metadata() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "Apache-2.0"
    assert project["license-files"] == ["LICENSE"]
    assert project["authors"] == [{"name": "multihorizon developers"}]
    assert project["readme"] == "README-pypi.md"
    assert any(
        c.startswith("Programming Language :: Python :: 3.11") for c in project["classifiers"]
    )
    license_text = (ROOT / "LICENSE").read_text()
    assert "Apache License" in license_text
    assert "Version 2.0, January 2004" in license_text
    assert "END OF TERMS AND CONDITIONS" in license_text
    # The PyPI description has no development-machine paths or benchmark tables.
    long = (ROOT / "README-pypi.md").read_text()
    assert "../shared" not in long
    assert "/work/" not in long
    assert (ROOT / "CHANGELOG.md").read_text().startswith("# Changelog")


def test_a_model_folder_takes_its_models_name(tmp_path: Path) -> None:
    by_name = tmp_path / "all-MiniLM-L6-v2"
    by_name.mkdir()
    assert model_name_of(str(by_name)) == "sentence-transformers/all-MiniLM-L6-v2"
    cached = tmp_path / "models--BAAI--bge-small-en-v1.5" / "snapshots" / "0123abc"
    cached.mkdir(parents=True)
    assert model_name_of(str(cached)) == "BAAI/bge-small-en-v1.5"
    carded = tmp_path / "my-copy"
    carded.mkdir()
    (carded / "README.md").write_text(
        "# paraphrase\n\n```python\nmodel = SentenceTransformer('sentence-transformers/"
        "paraphrase-MiniLM-L3-v2')\n```\n"
    )
    assert model_name_of(str(carded)) == "sentence-transformers/paraphrase-MiniLM-L3-v2"
    unknown = tmp_path / "something-else"
    unknown.mkdir()
    assert model_name_of(str(unknown)) is None
    assert model_name_of("sentence-transformers/all-MiniLM-L6-v2") is None  # a hub name
    assert model_name_of(str(tmp_path / "missing")) is None


class _FakeModel:
    def __init__(self, model: str, device: str = "cpu") -> None:
        self.model = model

    def get_embedding_dimension(self) -> int:
        return 384

    def encode(self, texts: list[str], **_: Any) -> np.ndarray:
        return np.ones((len(texts), 384), dtype=np.float32) / np.sqrt(384)


def test_an_embedder_from_a_folder_gets_the_calibrated_thresholds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = types.ModuleType("sentence_transformers")
    fake.SentenceTransformer = _FakeModel  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sentence_transformers", fake)
    folder = tmp_path / "weights" / "all-MiniLM-L6-v2"
    folder.mkdir(parents=True)
    embedder = mh.SentenceTransformerEmbedder(os.fspath(folder))
    assert embedder.model_id == "sentence-transformers/all-MiniLM-L6-v2"
    session = mh.Session(embedder=embedder)
    calibrated = mh.Config().thresholds_for("sentence-transformers/all-MiniLM-L6-v2")
    assert mh.Config().thresholds_for(session.model_id) == calibrated
    other = mh.SentenceTransformerEmbedder(os.fspath(folder), model_id="mine")
    assert other.model_id == "mine"  # an explicit id still wins
