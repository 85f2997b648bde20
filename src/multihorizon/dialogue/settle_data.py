"""What reference detection reads, as data for the native settle of ``Session.classify``
(issue 14; ``_settle_py.DetectionGates`` and ``AddingGates`` define the checks, and
``cpp/include/multihorizon/settle.hpp`` is their C++ twin). Kept beside ``detection``: a new
marker-led reading or pattern gate there belongs in ``MENTION_KINDS`` here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._intent_py import CUE_QUESTION
from .._settle_py import DetectionGates
from .._settler_py import opens_with_adder as _opens_with_adder
from ..text.adder_words import ADDER_LEADS, ADDER_OPENING_CHARS
from ..text.item_qualities import DEGREE_WORDS, SUPERLATIVES, WHICHEVER
from ..text.lexicon import Lexicon, Marker
from ..text.ordinal_forms import (
    ADJECTIVE_ORDINALS,
    CARDINALS,
    FROM_END,
    ITEM_NOUNS,
    LABELLED_NOUNS,
    LOWER_LETTER_AFTER,
    ORDINALS,
    PICK_WORDS,
    RUN_COUNTS,
    RUN_ENDS,
)
from ..text.topic_clause_words import ECHO_CLOSERS
from .confirm_checks import CONFIRM_CHARS, may_confirm
from .mention_patterns import number_gate_nouns
from .ordinal_mentions import forms_without_gates, gate_openers, ungated_triggers

__all__ = [
    "MENTION_KINDS",
    "REPLY_KINDS",
    "adder_gates",
    "again_phrases",
    "confirm_gates",
    "detection_gates",
    "form_anchors",
    "may_hold_form",
    "opens_with_adder",
    "phrases_among",
    "slow_kinds",
]

#: The categories a hit of which may give ``detection.detect`` a mention by itself: its
#: marker-led readings and every pattern gate but GATE_NUMBER, whose hits the settle reads
#: one by one ("the next maintenance window" is no form; "option 7", "the next one" may be).
MENTION_KINDS = frozenset(
    int(marker)
    for marker in (
        *(Marker.DEMONSTRATIVE, Marker.ORDINAL, Marker.TURN_REF, Marker.TOOL_REF),
        *(Marker.ACTION_REF, Marker.GATE_ONE, Marker.GATE_GAP, Marker.GATE_TOOL),
    )
)


#: The slow path's categories whose every rule reads the reply just before the turn, each
#: checking that the turn comes right after one in an assistant chat of two
#: (``DialogueContext.after_a_reply``): REQUEST_OPENER (rules thread-requests,
#: action-requests, form-requests, thread-wants), CHECK_OPENER (understanding-checks),
#: CONFIRM_MARK (confirm-checks, choice-asks), TERM_RECALL (term-recalls), ALSO_OPENER
#: (also-subjects, also-holdings, adder-questions). Anywhere else no such rule can fire,
#: so a hit of one sends no turn on (``IntentSettlerBase``'s ``reply_kinds``). Not
#: PLAIN_CLARIFY: rule split-requests reads it after any turn.
REPLY_KINDS = frozenset(
    int(marker)
    for marker in (
        *(Marker.REQUEST_OPENER, Marker.CHECK_OPENER, Marker.CONFIRM_MARK),
        *(Marker.TERM_RECALL, Marker.ALSO_OPENER),
    )
)


_CONFIRM = 1 << int(Marker.CONFIRM_MARK)


def confirm_gates() -> tuple[int, int, str]:
    """``IntentSettlerBase``'s ``confirms``: the CONFIRM_MARK category and what
    ``confirm_checks.confirm_check`` reads first, the longest turn and the closers it strips
    after the "?" (rule confirm-checks reads no other turn: the settle decides one with a
    CONFIRM_MARK hit, "only", "just", "really", itself)."""
    return int(Marker.CONFIRM_MARK), CONFIRM_CHARS, ECHO_CLOSERS


def again_phrases(lexicon: Lexicon) -> list[int]:
    """The phrases ``again_markers.says_again`` accepts: a hit's text ends as its phrase's
    last word ("again")."""
    return [
        index
        for index in range(len(lexicon.scanner))
        if _last_word(lexicon.phrase(index)).endswith("again")
    ]


def _last_word(phrase: str) -> str:
    """The last word of a phrase, case-folded (a word: letters, digits and "_")."""
    spaced = "".join(char if char.isalnum() or char == "_" else " " for char in phrase)
    words = spaced.casefold().split()
    return words[-1] if words else ""


_ADDER = int(Marker.ADDER_OPENER)
_ADDER_LEADS = tuple(sorted(ADDER_LEADS))
_LEAD_SET = frozenset(ADDER_LEADS)


def adder_gates() -> tuple[int, int, tuple[str, ...]]:
    """``IntentSettlerBase``'s ``adders`` (rule adder-questions): the ADDER_OPENER category,
    how far into a turn a hit of it may start (``adder_words.ADDER_OPENING_CHARS``) and the
    words that may stand before it (``ADDER_LEADS``): a positional gate, so "one more thing"
    later in a turn, or after "Thanks.", costs the settle nothing."""
    return _ADDER, ADDER_OPENING_CHARS, _ADDER_LEADS


def opens_with_adder(
    gates: tuple[int, int, tuple[str, ...]] | None,
    text: str,
    hits: Sequence[tuple[int, int, int, int]],
    kinds: int,
    cues: int,
) -> bool:
    """Whether a question opens with an ADDER_OPENER hit (``adder_gates``; None: the rule is
    off): the settle's check (``_settler_py.opens_with_adder``), so ``IntentClassifier.
    finish`` hands on the turns the settle does."""
    if gates is None or not (kinds >> gates[0] & 1 and cues & CUE_QUESTION):
        return False
    return _opens_with_adder(text, hits, gates[0], gates[1], _LEAD_SET)


def slow_kinds(text: str, kinds: int) -> int:
    """Of a turn's slow-path categories ``kinds``, those that send it on: CONFIRM_MARK only
    where rule confirm-checks may read the turn (``confirm_checks.may_confirm``; the
    settle's twin: ``IntentSettlerBase.slow_kinds``)."""
    if kinds & _CONFIRM and not may_confirm(text):
        return kinds & ~_CONFIRM  # no check for rule confirm-checks to read
    return kinds


def detection_gates(lexicon: Lexicon) -> tuple[Any, ...]:
    """``DetectionGates.of``'s argument for ``lexicon``: the mention kinds as a mask, the
    GATE_NUMBER category, the phrases at which "option 7"'s pattern may start (those opening
    with one of its nouns), ``ordinal_mentions._may_open``'s words and window, and the words
    ``_opens`` reads in a turn short enough to be only a pick."""
    openers, from_end, before_chars, after_chars, short_openers = gate_openers()
    nouns = number_gate_nouns()
    numbered = [
        index
        for index in range(len(lexicon.scanner))
        if lexicon.phrase(index).casefold().startswith(nouns)
    ]
    mask = 0
    for kind in MENTION_KINDS:
        mask |= 1 << kind
    gate = int(Marker.GATE_NUMBER)
    words = sorted(openers), from_end, before_chars, after_chars, sorted(short_openers)
    return (mask, gate, numbered, *words, *form_anchors())


def form_anchors() -> tuple[list[str], list[str]]:
    """The words one of which every form ``ordinal_mentions._mentions_at`` finds holds
    (beside a token with a digit or "#", or a letter label): ordinals and cardinals, item
    nouns ("the one about ...", "the flax option"), superlatives and degree words ("the
    cheapest", "the most durable"), "whichever", a run's ends and counts ("the first two"),
    FROM_END's first words and "middle"; and the words after which "a" or "i" may be a label
    ("go with a", "option i"). ``_settle_py.DetectionGates.anchored`` reads them."""
    anchors = {
        *ORDINALS, *ADJECTIVE_ORDINALS, *CARDINALS, *ITEM_NOUNS, *DEGREE_WORDS,
        *SUPERLATIVES, WHICHEVER, *RUN_COUNTS, *RUN_ENDS, "middle", "one", "ones",
        *(phrase[0] for phrase in FROM_END),
    }  # fmt: skip
    before = {*PICK_WORDS, *LOWER_LETTER_AFTER, *LABELLED_NOUNS, "number"}
    return sorted(anchors), sorted(before)


def _short_gates() -> DetectionGates:
    """What ``DetectionGates.short_may_open`` reads (no lexicon: no marker is read there)."""
    openers, from_end, before_chars, after_chars, short_openers = gate_openers()
    words = sorted(openers), from_end, before_chars, after_chars, sorted(short_openers)
    return DetectionGates.of((0, -1, (), *words, *form_anchors()))


_SHORT_GATES = _short_gates()
_SHORT_CHARS = ungated_triggers()[3]


def may_hold_form(text: str) -> bool:
    """Whether ``ordinal_mentions.ordinal_form_mentions`` may find a form that no gate word
    shows (``IntentClassifier.finish``): ``forms_without_gates``, and in a turn short enough
    to be only a pick the native settle's test (``DetectionGates.short_may_open``: a token
    that opens a form where ``_may_open`` holds, and a word every form holds, so "That is
    correct." holds none; True on text not ASCII)."""
    if not forms_without_gates(text):
        return False
    return len(text) > _SHORT_CHARS or _SHORT_GATES.short_may_open(text)


def phrases_among(lexicon: Lexicon, words: frozenset[str]) -> list[int]:
    """The phrase indexes whose text is one of ``words`` (case-folded, blanks and hyphens
    aside: a hit's text is its phrase's words, so a hit whose text is one has such a
    phrase)."""
    wanted = {"".join(word.replace("-", " ").split()) for word in words}
    return [
        index
        for index in range(len(lexicon.scanner))
        if "".join(lexicon.phrase(index).casefold().replace("-", " ").split()) in wanted
    ]
