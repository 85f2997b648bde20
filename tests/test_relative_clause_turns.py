"""Turn references in a relative clause (SPEC-028 §4.1 turn reference, its about-terms): "the
gap at the eaves that you described needs ..." is about the noun phrase before "that you
described", not the words after the verb; "the fact that you mentioned X" names no thing, so
X is read, and a reference with no "that"/"which" reads as before. An adjective before the
noun of that phrase tells one thing from another ("the better antenna you said"), an
adjective with no noun after it names nothing ("the good one you recommended")."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.textintent import analyse_text


def _terms(text: str) -> tuple[str, ...]:
    _, mentions = analyse_text(text)
    return next(m.terms for m in mentions if m.type == "turn")


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("the gap at the eaves that you described needs a product to keep it clear", ("eave",)),
        ("the shop that you recommended closes at 5, any other?", ("shop",)),
        ("the strap which you recommended broke after a week", ("strap",)),
        ("How much is the better antenna you said?", ("better", "antenna")),
        ("the best grit you mentioned, is it for oak?", ("best", "grit")),
    ],
)
def test_the_noun_phrase_before_that_you_verb_is_the_object(
    text: str, terms: tuple[str, ...]
) -> None:
    assert _terms(text) == terms


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("I liked the fact that you mentioned rain gardens", ("rain", "garden")),
        ("the good one you recommended, is it waterproof?", ()),
        ("what you said about better antennas, which brand?", ("antenna",)),
        ("you mentioned rain gardens, are they hard?", ("rain", "garden")),
        ("the Lancet study you mentioned, is it recent?", ("lancet", "study")),
        ("what you said about TLS certificates, do they expire?", ("tls", "certificate", "expire")),
    ],
)
def test_other_turn_references_read_as_before(text: str, terms: tuple[str, ...]) -> None:
    assert _terms(text) == terms


def test_the_reference_resolves_to_the_turn_naming_the_thing() -> None:
    session = mh.Session()
    session.user("Our loft has 100 mm of old insulation. What should we add?")
    session.assistant(
        "Lay a second layer of 170 mm across the joists, and leave a gap at the eaves so "
        "air can move."
    )
    session.user("Any safety points?")
    session.assistant("Wear a mask and gloves, and lift any cables on top of the new layer.")
    text = "the gap at the eaves that you described needs a particular product, which one?"
    refs = [ref for ref in session.preview(text).references if ref.type == "turn"]
    assert refs
    assert refs[0].target_turn == 1
