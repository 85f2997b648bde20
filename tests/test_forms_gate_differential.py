"""The ordinal-forms gate of ``Session.user``'s references stage (issue 14):
``IntentSettler.may_hold_forms`` is a superset of "``ordinal_form_mentions`` finds a form"
on every backend, the backends (C++, Numba's and the Python reference) agree, and
``detect`` finds the same with the gate as without it."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon.dialogue import detection, ordinal_mentions
from multihorizon.dialogue.ordinal_mentions import ordinal_form_mentions
from multihorizon.dialogue.references import Mention
from multihorizon.text.lexicon import default_lexicon
from shared_data import first_conversations
from test_settle_gates import _PIECES

FILES = {"sgd.jsonl": 30, "swda.jsonl": 10, "tiage.jsonl": 30, "trec_cast_2019.jsonl": 10}


@cache
def _settlers() -> dict[str, Any]:
    """Each available backend's ``IntentSettler``, as a session builds it."""
    previous = kernels.backend()
    try:
        found = {}
        for name in _backend.available():
            kernels.use(name)
            found[name] = mh.Session()._forms_gate.__self__
        return found
    finally:
        kernels.use(previous)


def _check(text: str) -> bool:
    """The gate's verdict on ``text``, checked (see the module docstring)."""
    lexicon = default_lexicon()
    hits = lexicon.scan(text)
    starts = [start for kind, _, start, _ in hits if kind in detection._FORM_GATES]
    verdicts = {name: gate.may_hold_forms(text, starts) for name, gate in _settlers().items()}
    assert len(set(verdicts.values())) == 1, (text, verdicts)
    found: list[Mention] = []
    ordinal_form_mentions(text, hits, found)
    verdict = next(iter(verdicts.values()))
    assert verdict or not found, (text, found)
    for gate in _settlers().values():
        gated = detection.detect(text, hits, lexicon, forms_gate=gate.may_hold_forms)
        assert gated == detection.detect(text, hits, lexicon), text
    return verdict


def test_the_gate_reads_the_hits_ordinal_form_mentions_reads() -> None:
    assert detection._FORM_GATES == ordinal_mentions._GATES


def test_the_gate_rules_out_turns_without_a_form_and_keeps_picks() -> None:
    assert not _check("So they are pretty limited.")
    assert not _check("I think the rollout went well and the backups finished early.")
    for text in (
        "go with C",
        "the second one please",
        "Let's take #2 then, since it was cheaper than the others we looked at.",
        "I would rather pick 4), how long does that one take to install on a laptop?",
        "The one about caching sounds right for us, if the team agrees with it.",
        "Hmm, is D too slow for a dataset of this size, or would it be fine overall?",
    ):
        assert _check(text), text


def test_a_bad_argument_is_refused_on_every_backend() -> None:
    for name, gate in _settlers().items():
        with pytest.raises(ValueError, match="gate_starts"):
            gate.may_hold_forms("the second one", [-1])
        with pytest.raises(TypeError):
            gate.may_hold_forms(b"the second one", [])
        assert gate.may_hold_forms("the second one", [10_000]), name  # a short turn's tokens


@pytest.mark.data
def test_the_gate_holds_on_real_turns() -> None:
    checked = 0
    for _, conversation in first_conversations(FILES):
        for turn in list(conversation["turns"])[:100]:  # type: ignore[call-overload]
            if turn["role"] == "user" and turn["content"].strip():
                _check(turn["content"])
                checked += 1
    assert checked > 500


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=25), st.booleans())
def test_the_gate_holds_on_edges(pieces: list[str], spaced: bool) -> None:
    _check((" " if spaced else "").join(pieces))
