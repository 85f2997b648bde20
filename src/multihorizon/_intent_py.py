"""Reference turn scanner and §5.2 decision: the readable definition every backend agrees with.

A user turn's classification is one coarse kernel call (issue 14): ``TurnScanner.classify``
reads the text once (the marker hits with BLOCK spans removed, which categories hit, whether
the turn is a question or only an acknowledgement), embeds it when no embedding is given,
takes its best cosine to the active thread's recent turns, and decides SPEC-028 §5.2 with
``intent_decision``. Only what needs the turn log (references, "names something already
said") is left to the caller, and ``pending`` says when it can change the answer.

The cue *data* (question openers, function words, the backchannel length) is the lexicon's
(``multihorizon.text.lexicon``), passed in at construction, so no backend holds its own copy.
Words are case-folded by Unicode simple case folding, as the marker matcher folds them.

The C++ backend (``_core.TurnScanner``, ``cpp/include/multihorizon/intent.hpp``) does the same
in one native call; the reference and Numba backends subclass ``TurnScannerBase`` over their
own matcher, cosine and hashing kernels (the cue logic is not numeric work).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

import numpy as np

from ._question_py import folded as _folded
from ._question_py import question as is_question
from ._unicode_py import is_word
from ._validate import as_int, as_phrases, as_real

__all__ = [
    "ALL_CODES",
    "CUE_ACKNOWLEDGEMENT",
    "CUE_QUESTION",
    "DECIDE_ACKNOWLEDGEMENT",
    "DECIDE_CLARIFY",
    "DECIDE_CONTINUE",
    "DECIDE_FIRST_TURN",
    "DECIDE_NAMES_KNOWN",
    "DECIDE_NEW_TOPIC",
    "DECIDE_POINTS_BACK",
    "DECIDE_QUESTION",
    "DECIDE_RESOLVED",
    "DECIDE_TOOL",
    "INTENT_CLARIFY",
    "INTENT_CONTINUE",
    "INTENT_DRILL_DOWN",
    "INTENT_EXPLORE",
    "INTENT_TOOL_REFERENCE",
    "PENDING_EMBEDDING",
    "PENDING_NAMES",
    "PENDING_QUESTION",
    "PENDING_REFERENCES",
    "RULE_ACKNOWLEDGEMENT_CONTINUES",
    "RULE_FIRST_TURN_EXPLORE",
    "RULE_FOLLOW_UP_QUESTIONS",
    "RULE_QUESTION_TOPICS",
    "TurnScannerBase",
    "intent_decision",
]

Hit = tuple[int, int, int, int]

# Intent codes (the order of ``dialogue.intent.Intent``).
INTENT_EXPLORE, INTENT_DRILL_DOWN, INTENT_CLARIFY, INTENT_CONTINUE, INTENT_TOOL_REFERENCE = range(5)
# Every intent code as a bit (``IntentSettler.settle``'s ``statement_codes`` by default).
ALL_CODES = (1 << 5) - 1

# What ``intent_decision`` is told about a turn, one bit each.
DECIDE_TOOL = 1 << 0  # a tool reference was detected
DECIDE_FIRST_TURN = 1 << 1  # the session's first turn (rule first-turn-explore on)
DECIDE_CLARIFY = 1 << 2  # a CLARIFY marker hit
DECIDE_RESOLVED = 1 << 3  # a reference to prior content resolved
DECIDE_CONTINUE = 1 << 4  # a CONTINUE marker hit
DECIDE_ACKNOWLEDGEMENT = 1 << 5  # only a backchannel (rule acknowledgement-continues on)
DECIDE_QUESTION = 1 << 6  # a question (rule follow-up-questions on)
DECIDE_NAMES_KNOWN = 1 << 7  # names by a definite noun phrase something already said
DECIDE_POINTS_BACK = 1 << 8  # an ANAPHOR or DEMONSTRATIVE marker hit
DECIDE_NEW_TOPIC = 1 << 9  # "by the way" (rule question-topics on)

# The rules of ours that ``classify`` applies (``multihorizon.rules``), one bit each.
RULE_FIRST_TURN_EXPLORE = 1 << 0
RULE_ACKNOWLEDGEMENT_CONTINUES = 1 << 1
RULE_FOLLOW_UP_QUESTIONS = 1 << 2
RULE_QUESTION_TOPICS = 1 << 3

# The cues of ``scan``, one bit each.
CUE_QUESTION = 1 << 0
CUE_ACKNOWLEDGEMENT = 1 << 1

# Why ``classify``'s intent is not final: the caller has work to do first.
PENDING_REFERENCES = 1 << 0  # a reference marker hit: detect and resolve references
PENDING_NAMES = 1 << 1  # whether a definite noun phrase names something said decides it
PENDING_EMBEDDING = 1 << 2  # the embedding is not a unit float32 vector: normalise it first
# Set by IntentSettler.settle only: the answer is final but for a question (the caller said
# questions are not final: one may ask what an older tool output showed).
PENDING_QUESTION = 1 << 3

_APOSTROPHES = frozenset((ord("'"), 0x2019))
_UNDERSCORE = ord("_")


def intent_decision(flags: int, similarity: float, explore_below: float) -> int:
    """SPEC-028 §5.2, in its order, over one turn's ``DECIDE_*`` bits; an ``INTENT_*`` code.

    ``similarity`` is the turn's best cosine to the active thread's turns; ``explore_below``
    the bar under which a turn with no marker is new ground (0.50 in the spec). The rules of
    ours are in the bits the caller sets (``TurnScanner.classify`` sets them by its ``rules``):

    1. a detected tool reference: TOOL_REFERENCE (§5.2 tests detection: "the table schema"
       is a TOOL_REF marker that detection rejects);
    2. ours, first-turn-explore: the first turn has nothing to clarify or continue: EXPLORE;
    3. a CLARIFY marker: CLARIFY;
    4. a reference to prior content that resolved: DRILL_DOWN;
    5. a CONTINUE marker, or (ours, acknowledgement-continues) a bare acknowledgement:
       CONTINUE;
    6. ours, follow-up-questions: a question that points back without naming ("What are its
       symptoms?") or names something already said: DRILL_DOWN;
    7. §5.2: similarity below the bar, or (ours, question-topics) "by the way": EXPLORE;
    8. ours, follow-up-questions: a question on the active topic: DRILL_DOWN; else CONTINUE.
    """
    if flags & DECIDE_TOOL:
        return INTENT_TOOL_REFERENCE
    if flags & DECIDE_FIRST_TURN:
        return INTENT_EXPLORE
    if flags & DECIDE_CLARIFY:
        return INTENT_CLARIFY
    if flags & DECIDE_RESOLVED:
        return INTENT_DRILL_DOWN
    if flags & (DECIDE_CONTINUE | DECIDE_ACKNOWLEDGEMENT):
        return INTENT_CONTINUE
    question = bool(flags & DECIDE_QUESTION)
    if question and flags & (DECIDE_NAMES_KNOWN | DECIDE_POINTS_BACK):
        return INTENT_DRILL_DOWN
    if similarity < explore_below or flags & DECIDE_NEW_TOPIC:
        return INTENT_EXPLORE
    return INTENT_DRILL_DOWN if question else INTENT_CONTINUE


def _as_masks(value: Any) -> tuple[int, int, int, int, int]:
    masks = tuple(as_int(mask, "intent_masks") for mask in value)
    if len(masks) != 5 or any(not 0 <= mask < (1 << 63) for mask in masks):
        raise ValueError("intent_masks: expected 5 category bit masks in [0, 2**63)")
    return masks


class TurnScannerBase:
    """One pass over a turn's text: marker hits, the categories that hit, and its cues.

    Each backend's ``TurnScanner`` is this class over its own kernels (``matcher_type``,
    ``best_above``, ``hash_embed``), except C++'s, which does it all in one native call.

    Parameters
    ----------
    phrases : iterable of (str, int)
        The lexicon, as for ``MarkerMatcher``; categories must be in [0, 63).
    block, acknowledge : int
        The BLOCK category (hits inside a BLOCK span are dropped, the BLOCK hits too) and the
        ACKNOWLEDGE category (never dropped: "uh huh" blocks "huh", not itself).
    question_openers : iterable of str
        First words that make a turn a question ("what", "how", "tell"), case-folded.
    question_strip : str
        Characters stripped from both ends of the first word before the test (",.!:;").
    form_openers, clause_marks, statement_ends, question_ends : iterable of str, str, str, 4
        iterables of str: rules question-forms and question-ends (``_question_py.question``).
    function_words : iterable of str
        Words that may stand between acknowledgements ("ok, thanks" / "yes that's right").
    backchannel_chars : int
        A longer turn is never only an acknowledgement.
    intent_masks : 5 ints
        Category bit masks for ``classify``: CLARIFY, CONTINUE, points back (ANAPHOR,
        DEMONSTRATIVE), NEW_TOPIC, and the categories that may start a reference.
    """

    # The kernels it stands on, set by each backend's subclass.
    # (Typed Any: a Callable class attribute would be read by mypy as a method.)
    matcher_type: ClassVar[Any]  # phrases -> a MarkerMatcher
    best_above: ClassVar[Any]  # (query, matrix, threshold) -> (row, score)
    hash_embed: ClassVar[Any]  # (text, dim) -> float32 (dim,)
    squared_norm: ClassVar[Any]  # (vector) -> float: the sum normalise_embedding reads

    def __init__(
        self,
        phrases: Iterable[tuple[str, int]],
        *,
        block: int,
        acknowledge: int,
        question_openers: Iterable[str],
        question_strip: str,
        form_openers: Iterable[str] = (),
        clause_marks: str = "",
        statement_ends: str = "",
        question_ends: Sequence[Iterable[str]] = ((), (), (), ()),
        function_words: Iterable[str],
        backchannel_chars: int,
        intent_masks: Sequence[int],
    ) -> None:
        pairs = as_phrases(phrases)
        if any(not 0 <= category < 63 for _, category in pairs):
            raise ValueError("phrases: a TurnScanner's categories must be in [0, 63)")
        self._matcher = type(self).matcher_type(pairs)
        self._block = as_int(block, "block")
        self._acknowledge = as_int(acknowledge, "acknowledge")
        self._openers = frozenset(_folded(word) for word in question_openers)
        self._strip = frozenset(ord(char) for char in question_strip)
        self._forms = (
            frozenset(_folded(word) for word in form_openers),
            frozenset(ord(char) for char in clause_marks),
            frozenset(ord(char) for char in statement_ends),
            tuple(frozenset(_folded(word) for word in words) for words in question_ends),
        )
        self._function_words = frozenset(_folded(word) for word in function_words)
        self._backchannel_chars = as_int(backchannel_chars, "backchannel_chars")
        masks = _as_masks(intent_masks)
        self._clarify, self._continue, self._points_back, self._new_topic = masks[:4]
        self._references = masks[4]

    def __len__(self) -> int:
        return len(self._matcher)

    @property
    def points_back(self) -> int:
        """The categories that point back (ANAPHOR, DEMONSTRATIVE) as a bit mask."""
        return self._points_back

    def __repr__(self) -> str:
        return f"TurnScanner({len(self)} phrases)"

    # ---- cues ----------------------------------------------------------------------------

    def question(self, text: str) -> bool:
        """A question or a request for information (``_question_py.question``)."""
        if not isinstance(text, str):
            raise TypeError(f"text: expected str, got {type(text).__name__}")
        return is_question(text, self._openers, self._strip, *self._forms)

    def _only_function_words(self, text: str, start: int, end: int) -> bool:
        """Every word of ``text[start:end]`` (a word character other than "_", then word
        characters and apostrophes) is a function word."""
        position = start
        while position < end:
            cp = ord(text[position])
            if not is_word(cp) or cp == _UNDERSCORE:
                position += 1
                continue
            word_end = position + 1
            while word_end < end and (
                is_word(ord(text[word_end])) or ord(text[word_end]) in _APOSTROPHES
            ):
                word_end += 1
            if _folded(text[position:word_end]) not in self._function_words:
                return False
            position = word_end
        return True

    def acknowledgement(self, text: str, hits: Sequence[Hit]) -> bool:
        """Only a backchannel: acknowledgement phrases and function words ("ok thanks!"), at
        most ``backchannel_chars`` characters. ``hits`` are ``scan``'s."""
        if len(text) > self._backchannel_chars:
            return False
        position, seen = 0, False
        for kind, _, start, end in hits:
            if kind != self._acknowledge:
                continue
            seen = True
            if start > position and not self._only_function_words(text, position, start):
                return False
            position = max(position, end)
        return seen and self._only_function_words(text, position, len(text))

    # ---- one pass ------------------------------------------------------------------------

    def _filtered(self, raw: list[Hit]) -> list[Hit]:
        """``raw`` without BLOCK hits and the hits a BLOCK span covers (acknowledgements
        excepted). Hits come sorted by start, so one sweep keeps the furthest end of the
        blocks begun so far: linear, however many blocks a long text holds."""
        blocked = [(start, end) for kind, _, start, end in raw if kind == self._block]
        if not blocked:
            return raw
        kept = []
        reach, next_block = -1, 0
        for hit in raw:
            kind, _, start, end = hit
            while next_block < len(blocked) and blocked[next_block][0] <= start:
                reach = max(reach, blocked[next_block][1])
                next_block += 1
            if kind == self._block or (kind != self._acknowledge and end <= reach):
                continue
            kept.append(hit)
        return kept

    def scan(self, text: str) -> tuple[list[Hit], int, int]:
        """``(hits, kinds, cues)``: the marker hits ``(category, phrase, start, end)`` in text
        order with BLOCK spans removed, the bit mask of the categories among them, and the
        ``CUE_*`` bits (question, acknowledgement)."""
        if not isinstance(text, str):
            raise TypeError(f"text: expected str, got {type(text).__name__}")
        hits = self._filtered(self._matcher.find(text))
        kinds = 0
        for hit in hits:
            kinds |= 1 << hit[0]
        cues = CUE_QUESTION if self.question(text) else 0
        if self.acknowledgement(text, hits):
            cues |= CUE_ACKNOWLEDGEMENT
        return hits, kinds, cues

    def classify(
        self,
        text: str,
        embedding: Any,
        recent: Any,
        *,
        rules: int,
        first_turn: bool,
        explore_below: float,
        dim: int,
    ) -> tuple[int, int, list[Hit], int, int, float]:
        """SPEC-028 §5.2 for a user turn with no reference resolved and nothing named known.

        ``embedding``: the turn's vector, or None to embed ``text`` with ``hash_embed``;
        ``dim``: the session's dimension (an embedding of another shape, or not a unit float32
        vector, is left to the caller: ``PENDING_EMBEDDING``); ``recent``: the active
        thread's recent turn vectors (2-d), or None when there is no active thread
        (similarity 0). ``rules``: the ``RULE_*`` bits on. Returns ``(intent, pending, hits,
        kinds, cues, similarity)``; ``intent`` is final when ``pending`` is 0 (``PENDING_*``).
        """
        hits, kinds, cues = self.scan(text)
        rule_bits = as_int(rules, "rules")
        bar = as_real(explore_below, "explore_below")
        pending = PENDING_REFERENCES if kinds & self._references else 0
        size = as_int(dim, "dim")
        if size < 1:
            raise ValueError(f"dim: must be at least 1, got {size}")
        vector = type(self).hash_embed(text, size) if embedding is None else embedding
        if not _is_unit_float32(vector, size, type(self).squared_norm):
            return INTENT_EXPLORE, pending | PENDING_EMBEDDING, hits, kinds, cues, 0.0
        similarity = 0.0 if recent is None else type(self).best_above(vector, recent, -2.0)[1]
        flags = self._decision_flags(kinds, cues, rule_bits, first_turn)
        intent = intent_decision(flags, similarity, bar)
        if intent_decision(flags | DECIDE_NAMES_KNOWN, similarity, bar) != intent:
            pending |= PENDING_NAMES
        return intent, pending, hits, kinds, cues, similarity

    def _decision_flags(self, kinds: int, cues: int, rules: int, first_turn: bool) -> int:
        flags = 0
        if first_turn and rules & RULE_FIRST_TURN_EXPLORE:
            flags |= DECIDE_FIRST_TURN
        if kinds & self._clarify:
            flags |= DECIDE_CLARIFY
        if kinds & self._continue:
            flags |= DECIDE_CONTINUE
        if cues & CUE_ACKNOWLEDGEMENT and rules & RULE_ACKNOWLEDGEMENT_CONTINUES:
            flags |= DECIDE_ACKNOWLEDGEMENT
        if cues & CUE_QUESTION and rules & RULE_FOLLOW_UP_QUESTIONS:
            flags |= DECIDE_QUESTION
        if kinds & self._points_back:
            flags |= DECIDE_POINTS_BACK
        if kinds & self._new_topic and rules & RULE_QUESTION_TOPICS:
            flags |= DECIDE_NEW_TOPIC
        return flags


def _is_unit_float32(vector: Any, dim: int, squared_norm: Callable[[Any], float]) -> bool:
    """A float32 array of shape ``(dim,)`` whose squared norm is finite and within 1e-5 of
    1: what ``embed.normalise_embedding`` returns unchanged (``squared_norm``: the backend's
    kernel, which it calls too, so the two agree to the last bit)."""
    if type(vector) is not np.ndarray or vector.dtype != np.float32 or vector.shape != (dim,):
        return False
    squared = squared_norm(vector)
    return bool(np.isfinite(squared)) and abs(squared - 1.0) <= 1e-5
