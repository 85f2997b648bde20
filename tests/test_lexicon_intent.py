"""Marker lexicon and the SPEC-028 §5.2 classifier."""

from __future__ import annotations

import pytest

from multihorizon.dialogue.intent import Intent, classify, is_question
from multihorizon.text.lexicon import Lexicon, Marker, default_lexicon


def kinds(text: str) -> set[Marker]:
    return {hit.kind for hit in default_lexicon().hits(text)}


@pytest.mark.parametrize(
    "text",
    [
        "so that it scales",
        "edit the file",
        "moreover the cache is warm",
        "it costs more than that",
        "this is fine",
        "",
        "🙂 ζ İstanbul",
    ],
)
def test_substring_traps_do_not_fire(text: str) -> None:
    # SPEC-028 §5.2 checks `phrase in current_turn`; whole-word matching must not fall for
    # markers inside other words or ordinary phrases.
    assert kinds(text) & {Marker.CONTINUE, Marker.CLARIFY, Marker.ACTION_REF} == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What do you mean by quorum?", Marker.CLARIFY),
        ("Explain that again please", Marker.CLARIFY),
        ("Go on", Marker.CONTINUE),
        ("tell me more", Marker.CONTINUE),
        ("and then what happens", Marker.CONTINUE),
        ("what you said earlier about TLS", Marker.TURN_REF),
        ("summarise the query result", Marker.TOOL_REF),
        ("Back to etcd - what about TLS?", Marker.RESUME),
        ("let's go with the second option", Marker.ORDINAL),
        ("do it again but faster", Marker.ACTION_REF),
        ("write me a guide about this", Marker.DOCUMENT),
    ],
)
def test_markers_fire_case_insensitively(text: str, expected: Marker) -> None:
    assert expected in kinds(text)
    assert expected in kinds(text.upper())


def test_hits_carry_offsets_into_the_original_text() -> None:
    text = "OK... GO   ON, and tell me MORE"
    hits = default_lexicon().hits(text)
    for hit in hits:
        assert text[hit.start : hit.end].casefold().split()[0] == hit.phrase.split()[0]


def test_a_custom_lexicon() -> None:
    lexicon = Lexicon({Marker.CLARIFY: ("wie bitte",), Marker.BLOCK: ()})
    assert [hit.kind for hit in lexicon.hits("Wie bitte?")] == [Marker.CLARIFY]


def classify_text(
    text: str,
    *,
    resolved: int = 0,
    tool: bool = False,
    similarity: float = 0.9,
    first: bool = False,
) -> Intent:
    return classify(
        default_lexicon().scan(text),
        has_tool_reference=tool,
        resolved_references=resolved,
        active_similarity=similarity,
        explore_below=0.50,
        first_turn=first,
    )


def test_classifier_follows_the_spec_order() -> None:
    # SPEC-028 §5.2: tool, then clarify, then references, then continue, then similarity.
    assert classify_text("explain the query result", tool=True) is Intent.TOOL_REFERENCE
    assert classify_text("how do I design the table schema?") is not Intent.TOOL_REFERENCE
    assert classify_text("explain that bug again", resolved=1) is Intent.CLARIFY
    assert classify_text("fix that bug, and then deploy", resolved=1) is Intent.DRILL_DOWN
    assert classify_text("and then deploy it") is Intent.CONTINUE
    assert classify_text("how do snapshots work", similarity=0.9) is Intent.CONTINUE
    assert classify_text("how do snapshots work", similarity=0.3) is Intent.EXPLORE
    assert classify_text("go on", first=True) is Intent.EXPLORE
    assert classify_text("the query result?", first=True, tool=True) is Intent.TOOL_REFERENCE
    assert classify_text("how do snapshots work", first=True) is Intent.EXPLORE


def test_trap_sentences_are_not_continue_or_clarify() -> None:
    for text in ("so that it scales", "edit the file", "moreover, it is more than enough"):
        assert classify_text(text, similarity=0.1) is Intent.EXPLORE


@pytest.mark.parametrize(
    ("text", "only"),
    [
        ("Uh-huh.", True),
        ("ok thanks!", True),
        ("Yes, that sounds good.", True),
        ("Yes, that's right.", True),
        ("That is correct.", True),
        ("Yes please book it", False),
        ("  Yeah  ", True),
        ("Okay, now how do I back up Postgres?", False),
        ("Thanks again for the help", False),
        ("Huh?", False),
        ("", False),
    ],
)
def test_acknowledgement_only_turns(text: str, only: bool) -> None:
    lexicon = default_lexicon()
    assert lexicon.acknowledgement_only(text, lexicon.scan(text)) is only


def test_backchannels_continue_and_huh_still_clarifies() -> None:
    lexicon = default_lexicon()

    def intent(text: str) -> Intent:
        hits = lexicon.scan(text)
        return classify(
            hits,
            has_tool_reference=False,
            resolved_references=0,
            active_similarity=0.0,
            explore_below=0.5,
            first_turn=False,
            acknowledgement=lexicon.acknowledgement_only(text, hits),
        )

    assert intent("Uh-huh.") is Intent.CONTINUE
    assert intent("Huh-uh.") is Intent.CONTINUE
    assert intent("Huh? I lost you there") is Intent.CLARIFY
    assert intent("Okay, now how do I back up Postgres?") is Intent.EXPLORE


def test_a_megabyte_of_blocked_phrases_scans_to_nothing() -> None:
    # Every "more" sits inside a BLOCK "more than"; the filter is one sweep (it was
    # quadratic in the number of blocks, minutes on this text).
    text = ("it costs more than that, " * 40_000)[:1_000_000]
    lexicon = default_lexicon()
    assert [hit for hit in lexicon.scan(text) if hit[0] == Marker.CONTINUE] == []
    tell = "tell me more than that"
    assert Marker.CONTINUE in {hit.kind for hit in lexicon.hits(tell)}  # "tell me more" spans past


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("what is etcd", True),
        ("  \n\tHow do I back it up", True),
        ("Tell me about TLS.", True),
        ("etcd is down?", True),
        ("etcd is down.", False),
        ("", False),
        ("   ", False),
        ("whatever works", False),
        ("What, " + "x" * 1_000_000, True),
        ("what" + "x" * 100 + " is it", False),
        (" " * 100 + "what is it", True),
        (" " * 100, False),
        # The first word cut by the fast path's 80-character window is read whole.
        *((" " * spaces + "what is it", True) for spaces in range(74, 82)),
        (" " * 76 + "whatever works", False),
        ("what" + "," * 80 + "x", False),
        ("what" + "!" * 90, True),
        ("\u3000" * 79 + "tell me more", True),
    ],
)
def test_is_question_reads_a_question_mark_or_the_first_word(text: str, question: bool) -> None:
    assert is_question(text) is question
