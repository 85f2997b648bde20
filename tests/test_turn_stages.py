"""Issue 14 items 1 and 5 (branch turnstage35): the turn's Python stages do no work a turn does
not need. No import statement runs inside a rule on a turn (each cost about a microsecond,
gate or not: the rules read ``DialogueContext.moves_on`` / ``peer_dialogue``, and
``intent_for_turn`` its late rules imported once), and ``meaning_asks._kernel`` finds a
kernel by one lookup per word; its answer is the scan it replaced (every kernel tried at every
word, ``MEANING_AFTER``'s before ``MEANING_BEFORE``'s)."""

from __future__ import annotations

import builtins
import itertools
from typing import Any

import pytest

import multihorizon as mh
from multihorizon.dialogue import meaning_asks
from multihorizon.dialogue.meaning_asks import meaning_term
from multihorizon.text.meaning_words import MEANING_AFTER, MEANING_BEFORE, MEANING_CONSEQUENCE


def _scanned_kernel(words: list[str], start: int, end: int) -> tuple[int, int, bool] | None:
    """The reading ``_kernel`` must keep: at each word, every kernel in table order."""
    for index in range(start, end):
        for kernel in MEANING_AFTER:
            if tuple(words[index : index + len(kernel)]) == kernel and index + len(kernel) <= end:
                return index, index + len(kernel), True
        for kernel in MEANING_BEFORE:
            if tuple(words[index : index + len(kernel)]) == kernel and index + len(kernel) <= end:
                if kernel[0].startswith("mean") and (
                    index > start and words[index - 1] in MEANING_CONSEQUENCE
                ):
                    return None
                return index, index + len(kernel), False
    return None


def _kernel_words() -> list[str]:
    words = {word for kernel in (*MEANING_AFTER, *MEANING_BEFORE) for word in kernel}
    return sorted(words | set(MEANING_CONSEQUENCE) | {"grout", "haze", "it", "the"})


def test_kernel_agrees_with_the_scan_on_every_short_sequence() -> None:
    vocabulary = _kernel_words()
    # Every sequence of up to three of the kernel words, each span of it: ties between
    # kernels that share a first word, kernels cut by the clause's end, consequences.
    checked = 0
    for size in range(1, 4):
        for words in itertools.product(vocabulary, repeat=size):
            listed = list(words)
            for start in range(size):
                for end in range(start, size + 1):
                    assert meaning_asks._kernel(listed, start, end) == _scanned_kernel(
                        listed, start, end
                    ), (listed, start, end)
                    checked += 1
    assert checked > 10_000


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("grout haze, what is it exactly", ("grout", "haze")),
        ("What is meaning of back-butter?", ("back-butter",)),
        ("does that mean it's healed?", ()),
        ("spacers are what, plastic crosses?", ("spacer",)),
        ("what time do you open?", ()),
    ],
)
def test_meaning_term_reads_as_before(text: str, term: tuple[str, ...]) -> None:
    assert meaning_term(text) == term


@pytest.fixture
def counted_imports(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = builtins.__import__

    def counting(name: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", counting)
    return seen


def test_no_import_runs_inside_a_turn(counted_imports: list[str]) -> None:
    session = mh.Session()
    # Turns that reach the Python intent rules (reply rules, thread wants and requests,
    # also-questions, new ground), so each rule that imported inside itself runs.
    turns = [
        ("user", "How do I stop grout haze on new wall tiles?"),
        ("assistant", "Wipe the tiles with a damp sponge within the hour; the haze is cement."),
        ("user", "ok and what about the spacers, do they come out first?"),
        ("assistant", "Yes, pull the spacers before grouting so the joints fill evenly."),
        ("user", "I need to know how long the grout cures as well."),
        ("assistant", "About a day before light use, three days before wet use."),
        ("user", "Give me more about sealing the grout afterwards"),
        ("assistant", "Seal it once cured with a penetrating sealer, two thin coats."),
        ("user", "that worked, the haze came off with the sponge"),
    ]
    for role, text in turns:
        getattr(session, role)(text)  # a first run may load what a module imports late
    counted_imports.clear()
    again = mh.Session()
    for role, text in turns:
        getattr(again, role)(text)
    assert counted_imports == []
