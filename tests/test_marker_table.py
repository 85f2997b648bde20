"""The marker scanner's packed table (issue 14): every backend finds exactly the reference's
hits over the built-in lexicon and over lexicons built to stress the packing (states that
differ from the separator state's row, handles past 16 bits), on random text."""

from __future__ import annotations

import random
import string
from types import ModuleType

import pytest

from conftest import CORE, REFERENCE
from multihorizon.text.lexicon import LEXICON

PHRASES = [(phrase, int(kind)) for kind, group in LEXICON.items() for phrase in group]
# Punctuation and spacing between words, and a few letters no phrase holds (a symbol outside
# the alphabet sends the scan back to the root) or that fold (Unicode simple case folding).
GAPS = [" ", " ", " ", ", ", ". ", "? ", " - ", "\n", "  ", "'", "/", "_"]
ODD_WORDS = ["ÉCOLE", "straße", "İstanbul", "naïve", "ΣΟΦΊΑ", "x1", "42", "über", "ǅemal", "ﬁle"]


def _words(phrases: list[tuple[str, int]]) -> list[str]:
    return sorted({word for phrase, _ in phrases for word in phrase.split()})


def _random_text(rng: random.Random, phrases: list[tuple[str, int]], words: int) -> str:
    vocabulary = _words(phrases)
    parts = []
    for _ in range(words):
        roll = rng.random()
        if roll < 0.25:
            # A whole phrase, often cut short or with its last word running on: the partial
            # and failed matches that walk the failure links.
            phrase = rng.choice(phrases)[0]
            if rng.random() < 0.3:
                phrase = phrase[: rng.randrange(1, len(phrase) + 1)]
            elif rng.random() < 0.2:
                phrase += rng.choice(string.ascii_lowercase)
            parts.append(phrase.upper() if rng.random() < 0.1 else phrase)
        elif roll < 0.8:
            parts.append(rng.choice(vocabulary))
        elif roll < 0.9:
            parts.append(rng.choice(ODD_WORDS))
        else:
            parts.append("".join(rng.choices(string.ascii_lowercase, k=rng.randrange(1, 9))))
        parts.append(rng.choice(GAPS))
    return "".join(parts)


def test_builtin_lexicon_hits_match_the_reference(kernels: ModuleType) -> None:
    rng = random.Random(40)
    matcher = kernels.MarkerMatcher(PHRASES)
    reference = REFERENCE.MarkerMatcher(PHRASES)
    texts = [_random_text(rng, PHRASES, rng.randrange(1, 80)) for _ in range(150)]
    found = 0
    for text in texts:
        hits = matcher.find(text)
        assert hits == reference.find(text), text
        found += len(hits)
    assert found > 1000  # the texts do exercise the lexicon


def test_every_builtin_phrase_is_found_alone_and_in_context(kernels: ModuleType) -> None:
    matcher = kernels.MarkerMatcher(PHRASES)
    reference = REFERENCE.MarkerMatcher(PHRASES)
    for index, (phrase, category) in enumerate(PHRASES):
        text = f"so, {phrase}!"
        hits = matcher.find(text)
        assert hits == reference.find(text)
        assert any(hit[:2] == (category, index) for hit in hits), phrase


def _separator_heavy_phrases(rng: random.Random) -> list[tuple[str, int]]:
    # Many multi-word phrases sharing first and second words: states ending at a word
    # boundary whose rows differ from the separator state's in many columns.
    heads = ["a", "an", "the", "to", "of", "on", "in", "at", "so", "do", "is", "it"]
    phrases = []
    for _ in range(400):
        words = [rng.choice(heads) for _ in range(rng.randrange(1, 5))]
        if rng.random() < 0.5:
            words.append("".join(rng.choices("abcdefgh", k=rng.randrange(1, 4))))
        phrases.append((" ".join(words), rng.randrange(0, 60)))
    return phrases


def test_separator_heavy_lexicon_matches_the_reference(kernels: ModuleType) -> None:
    rng = random.Random(7)
    phrases = _separator_heavy_phrases(rng)
    matcher = kernels.MarkerMatcher(phrases)
    reference = REFERENCE.MarkerMatcher(phrases)
    for _ in range(100):
        text = _random_text(rng, phrases, rng.randrange(1, 60))
        assert matcher.find(text) == reference.find(text), text


@pytest.mark.skipif(CORE is None, reason="the C++ kernel is not built")
def test_lexicon_past_16_bit_handles_matches_the_reference() -> None:
    # ~75k trie states: every state owns a distinct handle, so the table must take its
    # 32-bit layout (the built-in lexicon's ~29k slots take the 16-bit one).
    rng = random.Random(16)
    phrases = [
        (" ".join("".join(rng.choices("abcdefghij", k=5)) for _ in range(2)), i % 50)
        for i in range(8000)
    ]
    assert CORE is not None
    matcher = CORE.MarkerMatcher(phrases)
    reference = REFERENCE.MarkerMatcher(phrases)
    found = 0
    for _ in range(60):
        text = _random_text(rng, phrases, rng.randrange(1, 60))
        hits = matcher.find(text)
        assert hits == reference.find(text), text
        found += len(hits)
    assert found > 100
