"""A knowledge store on disk: facts, vectors, the hnswlib index and the CDGR edges, with a
manifest of each file's SHA-256 written last (a half-written or corrupt save is refused)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .facts import Fact, KnowledgeError, fact_from_record, fact_record
from .knowledge_graph import FactGraph
from .knowledge_index import FactIndex

__all__ = ["FILES", "FORMAT_VERSION", "read_graph", "read_manifest", "read_rows", "write_store"]

FORMAT_VERSION = 1
FILES = ("facts.json", "vectors.npy", "index.hnsw", "edges.json")


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_store(
    target: Path,
    *,
    facts: Sequence[Fact],
    vectors: npt.NDArray[np.float32],
    index: FactIndex,
    graph: FactGraph,
    manifest: dict[str, Any],
) -> None:
    """Write beside ``target``, then swap it in: a crash mid-save leaves the previous save
    whole (and a half-written one is never in place). Call under the store's lock."""
    folder = target.with_name(f".{target.name}.saving-{os.getpid()}-{threading.get_ident()}")
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    records = [fact_record(fact) for fact in facts]
    (folder / "facts.json").write_text(json.dumps(records), encoding="utf-8")
    np.save(folder / "vectors.npy", vectors)
    index.save(str(folder / "index.hnsw"))
    (folder / "edges.json").write_text(json.dumps(graph.records()), encoding="utf-8")
    manifest = {
        "format": FORMAT_VERSION,
        **manifest,
        "sha256": {name: sha256(folder / name) for name in FILES},
    }
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    previous = target.with_name(f".{target.name}.previous-{os.getpid()}")
    if target.exists():
        os.replace(target, previous)
    os.replace(folder, target)
    if previous.exists():
        shutil.rmtree(previous)


def read_manifest(folder: Path) -> dict[str, Any]:
    """The manifest, after checking the format and every file's checksum."""
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise KnowledgeError(f"{folder}: no readable manifest.json ({exc})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT_VERSION:
        raise KnowledgeError(
            f"{folder}: format {manifest.get('format') if isinstance(manifest, dict) else '?'}"
            f" is not {FORMAT_VERSION}"
        )
    for name, digest in manifest.get("sha256", {}).items():
        path = folder / name
        if not path.is_file() or sha256(path) != digest:
            raise KnowledgeError(f"{path}: missing or corrupt (checksum mismatch)")
    return manifest


def read_rows(folder: Path, count: int, dim: int) -> tuple[list[Fact], npt.NDArray[np.float32]]:
    """The saved facts and their vectors, checked against the manifest's count."""
    records = json.loads((folder / "facts.json").read_text(encoding="utf-8"))
    vectors = np.load(folder / "vectors.npy")
    if len(records) != count or vectors.shape != (count, dim):
        raise KnowledgeError(f"{folder}: facts, vectors and manifest disagree on the count")
    return [fact_from_record(record) for record in records], vectors


def read_graph(folder: Path) -> FactGraph:
    try:
        return FactGraph.from_records(
            json.loads((folder / "edges.json").read_text(encoding="utf-8"))
        )
    except (OSError, ValueError, TypeError) as exc:
        raise KnowledgeError(f"{folder}/edges.json: unreadable ({exc})") from None
