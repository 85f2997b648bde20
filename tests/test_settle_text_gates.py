"""The native settle's text gates at a lower cost (issue 14, stop 42): ``settle.hpp``'s
``may_mean`` compares a word with rule meaning-asks' kernels only where one starts with it
(``SettleRules.meaning_firsts``), and ``may_echo`` strips the turn's words once for the echo
links instead of once per link and position (and copies no word list). Neither may change
an answer: every backend settles the same turns, on turns made to put each kernel and each
link at the start, inside and at the end of short turns, with and without a "?", and a
settled code is the code the unsettled path gives with nothing pending.
"""

from __future__ import annotations

import numpy as np
import pytest

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon.dialogue.echoes import echo_words
from multihorizon.dialogue.intent import IntentClassifier
from multihorizon.dialogue.meaning_asks import meaning_words
from multihorizon.text.lexicon import default_lexicon

BACKENDS = _backend.available()


def _phrases(groups: tuple[tuple[str, ...] | str, ...]) -> list[str]:
    return [words if isinstance(words, str) else " ".join(words) for words in groups]


def _turns() -> list[str]:
    """Short turns around every meaning kernel and echo link of the default data."""
    meaning = meaning_words(True, learner=True)
    kernels_ = sorted(set(_phrases(meaning[1]) + _phrases(meaning[2])))
    links = sorted(set(_phrases(echo_words(True)[5]) + _phrases(echo_words(False)[5])))
    assert kernels_  # the data the gates read is there
    assert links
    # A kernel's later word alone ("mean") starts no kernel: the index is of first words.
    turns = ["is that what they mean", "does it mean anything", "what is meant here"]
    for kernel in kernels_:
        turns += [
            f"porosity, {kernel} exactly",
            f"{kernel} porosity?",
            f"So {kernel} the float pin?",
            f"the kettle stitch {kernel}",
            f"does that {kernel} it's healed?",
            f"{kernel.upper()} SOUNDEX, {kernel}",
        ]
    for link in links:
        turns += [
            f"Fret buzz {link} the same?",
            f"fret buzz? {link} the same",
            f"hot mud {link} heated how",
            f"so the float pin - {link}?",
            f"{link}?",
        ]
    return turns


def _recent() -> np.ndarray:
    rows = np.random.default_rng(42).standard_normal((3, 384)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _answers(config: mh.Config, texts: list[str]) -> list[tuple[str, bool, bool, int | None]]:
    """Per text and state, the settle's answer; a settled code is the unsettled path's."""
    classifier = IntentClassifier(
        default_lexicon(), config, explore_below=0.3, dim=384, skip_function_words=True
    )
    recent = _recent()
    answers: list[tuple[str, bool, bool, int | None]] = []
    for text in texts:
        for first_turn, tool_outputs, rows in ((False, False, recent), (False, True, recent)):
            found = classifier.settle(text, None, rows, first_turn, tool_outputs, True)
            scan = classifier.settle(text, None, rows, first_turn, tool_outputs, False)
            assert not isinstance(scan, int)
            if isinstance(found, int):
                full = classifier.classify(
                    text, None, rows, first_turn=first_turn, tool_outputs=tool_outputs
                )
                assert not isinstance(full, int)
                assert (full[0], full[1]) == (found, 0), text
            code = found if isinstance(found, int) else None
            answers.append((text, first_turn, tool_outputs, code))
    return answers


@pytest.mark.parametrize("config", [mh.Config(), mh.Config.spec()], ids=["default", "spec"])
def test_every_backend_settles_the_kernel_and_link_turns_the_same(config: mh.Config) -> None:
    texts = _turns()
    found = {}
    previous = kernels.backend()
    try:
        for name in BACKENDS:
            kernels.use(name)
            found[name] = _answers(config, texts)
    finally:
        kernels.use(previous)
    for name in BACKENDS:
        assert found[name] == found["python"], name
    if config == mh.Config():
        # The turns fall on both sides of the gates: some settle, most go on.
        settled = sum(answer[-1] is not None for answer in found["python"])
        assert 0 < settled < len(found["python"])
