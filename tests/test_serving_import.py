"""``import multihorizon`` is light: optional parts load on first use."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import multihorizon as mh

PROBE = """
import json, sys
import multihorizon
print(json.dumps({"backend": multihorizon.backend, "modules": sorted(sys.modules)}))
"""


def test_the_import_loads_no_optional_part() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    ).stdout
    found = json.loads(out)
    modules = set(found["modules"])
    heavy = {"numba", "hnswlib", "redis", "asyncio", "sentence_transformers", "torch"}
    if found["backend"] == "numba":
        heavy.discard("numba")  # the live backend (MULTIHORIZON_BACKEND=numba) is no option
    assert not modules & heavy
    inner = {name for name in modules if name.startswith("multihorizon.")}
    # The backend is decided at import; the dialogue, stores and evaluation wait.
    assert {
        "multihorizon.session",
        "multihorizon.persist.stores",
        "multihorizon.evaluation",
    }.isdisjoint(inner)
    if found["backend"] == "cpp":
        assert "multihorizon._kernels_numba" not in inner


def test_every_public_name_resolves() -> None:
    for name in mh.__all__:
        assert getattr(mh, name) is not None, name
    assert mh.Session.__name__ == "Session"
    assert mh.persist.SnapshotError.__name__ == "SnapshotError"  # submodules load on access
    assert "ContextAssembler" in dir(mh)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="NoSuchThing"):
        mh.NoSuchThing  # noqa: B018
