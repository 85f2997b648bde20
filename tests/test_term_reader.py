"""``TermReader`` (a turn's content words, ``tokens.content_terms``, in one native call, issue
14): every backend's reader gives the reference's words on generated text and on the turns
of real conversations; the C++ reader leaves text that is not ASCII to the reference (None)."""

from __future__ import annotations

from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import shared_data
from multihorizon._terms_py import TermReader as ReferenceReader
from multihorizon.text import tokens

STOPWORDS = ["the", "a", "of", "is", "thing", "things", "ok"]
IE_NOUNS = ["movie", "cookie"]
# Characters and pieces the word pattern and the plural rules turn on.
ALPHABET = st.sampled_from(
    [
        *"abcsyixA0129 _.+#-'\t\n,;?!()/",
        "ies ", "sses", "ches", "xes", "us", "is", "ss", "movies", "Cookies", "Things ",
        "the ", "THE", "ok", "c++", "c#", "v3.5", "pg_dump", "__init__", "e.g.", "-x-",
        "12", "bug's ",
    ]
)  # fmt: skip


def _readers(kernels: ModuleType) -> tuple[object, ReferenceReader]:
    return kernels.TermReader(STOPWORDS, IE_NOUNS), ReferenceReader(STOPWORDS, IE_NOUNS)


# The fixture only selects a backend module: nothing in it changes between examples.
@settings(
    max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(parts=st.lists(ALPHABET, max_size=50))
def test_the_reader_is_the_reference_on_ascii_text(kernels: ModuleType, parts: list[str]) -> None:
    text = "".join(parts)
    native, reference = _readers(kernels)
    assert native.content_terms(text) == reference.content_terms(text)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How do the etcd Backups work?", ["how", "do", "etcd", "backup", "work"]),
        ("c++ and c# in v3.5, pg_dump!", ["c++", "and", "c#", "in", "v3.5", "pg_dump"]),
        ("Movies, cookies, queries, boxes, classes", ["movie", "cookie", "query", "box", "class"]),
        ("status bus analysis glass", ["status", "bus", "analysis", "glass"]),
        ("the the THE 42 7 x", []),
        ("a-b --x-- e.g. __init__", ["a-b", "e.g", "init"]),
        ("Things thing", []),  # "things" folds to a stop word
    ],
)
def test_the_reader_reads_content_words(
    kernels: ModuleType, text: str, expected: list[str]
) -> None:
    native, reference = _readers(kernels)
    assert reference.content_terms(text) == expected
    assert native.content_terms(text) == expected  # type: ignore[attr-defined]


def test_text_that_is_not_ascii_is_left_to_the_reference_or_read(kernels: ModuleType) -> None:
    native, reference = _readers(kernels)
    for text in ["Köln's cafés", "STRASSE straße", "the bug\u2019s fix", "ﬁles İstanbul"]:
        found = native.content_terms(text)  # type: ignore[attr-defined]
        assert found is None or found == reference.content_terms(text)
        assert tokens.content_terms(text) == tokens._REFERENCE.content_terms(text)


def test_the_reader_refuses_what_is_not_text(kernels: ModuleType) -> None:
    native, _ = _readers(kernels)
    with pytest.raises(TypeError, match=r"^text"):
        native.content_terms(b"etcd backups")  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        kernels.TermReader([1, 2], IE_NOUNS)


def test_a_long_text_reads_the_same(kernels: ModuleType) -> None:
    native, reference = _readers(kernels)
    text = "Backups of etcd clusters, v3.5 snapshots and c++ tooling. " * 2000  # GIL released
    assert native.content_terms(text) == reference.content_terms(text)  # type: ignore[attr-defined]


@pytest.mark.data
def test_content_terms_are_the_reference_on_real_turns() -> None:
    counts = {"tiage.jsonl": 60, "sgd.jsonl": 40, "locomo.jsonl": 4, "dialseg711.jsonl": 40}
    read = 0
    for _, conversation in shared_data.first_conversations(counts):
        for turn in conversation["turns"]:
            text = turn["content"]
            assert tokens.content_terms(text) == tokens._REFERENCE.content_terms(text), text
            read += 1
    assert read > 1000


# The pieces the definite pattern turns on: determiners in any case, white space of every
# kind Python's ``\s`` takes, word joiners, digits after a determiner, a word that holds one.
DEFINITE_ALPHABET = st.sampled_from(
    [
        *"abst0_'-. ,\t\n\x0b\x1c\x1f",
        "the ", "The ", "THE", "that ", "this", "those ", "these ", "thes", "bathe ", "x_the ",
        "the the ", "cat", "Dogs", "bug's", "movies ", "ok ", "things", "2nd ", "e-mail",
    ]
)  # fmt: skip


@settings(
    max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(parts=st.lists(DEFINITE_ALPHABET, max_size=40))
def test_the_definite_words_are_the_reference_on_ascii_text(
    kernels: ModuleType, parts: list[str]
) -> None:
    text = "".join(parts)
    native, reference = _readers(kernels)
    assert native.definite_terms(text) == reference.definite_terms(text)  # type: ignore[attr-defined]
    assert native.turn_terms(text) == reference.turn_terms(text)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Is the song by that rental car?", ("song", "by", "rental", "car")),
        ("the the the cat", ()),  # the match takes two words: "cat" is a third
        # "\x1c" is white space to the pattern: "the" is the second word after "THESE".
        ("bathe x_the dog, THESE   Movies\x1cthe bug's fix", ("movie",)),
        ("those 2 dogs, the-dog, this ok thing", ()),
        ("the Things, the Cats and the cat's", ("cat", "and")),
    ],
)
def test_the_reader_reads_definite_words(
    kernels: ModuleType, text: str, expected: tuple[str, ...]
) -> None:
    native, reference = _readers(kernels)
    assert reference.definite_terms(text) == expected
    assert native.definite_terms(text) == expected  # type: ignore[attr-defined]
    terms = tuple(reference.content_terms(text))
    assert native.turn_terms(text) == (terms, expected)  # type: ignore[attr-defined]


def test_definite_words_of_text_that_is_not_ascii(kernels: ModuleType) -> None:
    native, reference = _readers(kernels)
    for text in ["the café's menu", "THE Straße that Köln", "the bug\u2019s fix"]:
        found = native.definite_terms(text)  # type: ignore[attr-defined]
        assert found is None or found == reference.definite_terms(text)
        assert tokens.turn_terms(text) == tokens._REFERENCE.turn_terms(text)
    with pytest.raises(TypeError, match=r"^text"):
        native.definite_terms(b"the song")  # type: ignore[attr-defined]


@pytest.mark.data
def test_definite_words_are_the_reference_on_real_turns() -> None:
    counts = {"tiage.jsonl": 60, "sgd.jsonl": 40, "locomo.jsonl": 4, "dialseg711.jsonl": 40}
    read = 0
    for _, conversation in shared_data.first_conversations(counts):
        for turn in conversation["turns"]:
            text = turn["content"]
            assert tokens.turn_terms(text) == tokens._REFERENCE.turn_terms(text), text
            read += 1
    assert read > 1000
