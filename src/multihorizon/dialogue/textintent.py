"""The SPEC-028 §5.2 intent of a text on its own, with no conversation behind it.

``Session.classify`` classifies a turn against its session (references resolved against the
turn log, similarity to the active thread). ``classify_text`` needs no session: the same
marker pass, reference detection and §5.2 order, with what a session would add taken as
absent. It is what a caller without a turn log asks ("is this a clarification?"), and what
``multihorizon.crp`` answers before any turn is logged.

Without a log, §5.2's ``if refs`` reads the *detected* references (its pseudocode tests
detection; nothing can resolve), and the similarity to the active thread is 0 (there is no
thread), so a turn with no marker and no reference is EXPLORE.
"""

from __future__ import annotations

from .._intent_py import CUE_ACKNOWLEDGEMENT, CUE_QUESTION
from ..config import Config
from ..errors import InputError
from ..text.lexicon import Lexicon, Marker, default_lexicon
from ..thresholds import SPEC_THRESHOLDS
from .detection import detect
from .intent import Intent, classify
from .phrasing import announced, explains
from .references import Mention

__all__ = ["analyse_text", "classify_text"]

_NEW_TOPIC = int(Marker.NEW_TOPIC)
_DEFAULT_CONFIG = Config()


def _nothing_known(term: str) -> bool:
    return False


def analyse_text(
    text: str,
    first_turn: bool = False,
    *,
    config: Config | None = None,
    lexicon: Lexicon | None = None,
) -> tuple[Intent, tuple[Mention, ...]]:
    """The intent of ``text`` alone and the referential expressions detected in it.

    ``first_turn``: classify it as the first turn of a conversation (ours, rule
    ``first_turn_explore``: a first turn has nothing to clarify, continue or drill into, so it
    is EXPLORE unless it names tool output). ``config`` chooses the rules beyond the spec
    (``Config.spec()`` turns them off); ``lexicon`` the marker phrases.
    """
    if not isinstance(text, str):
        raise InputError(f"text: expected str, got {type(text).__name__}")
    rules = _DEFAULT_CONFIG if config is None else config
    words = (
        default_lexicon(rules.question_forms, rules.question_ends, rules.ask_shapes)
        if lexicon is None
        else lexicon
    )
    hits, _, cues = words.scan_turn(text)
    mentions = tuple(detect(text, hits, words)) if hits or text else ()
    question = rules.follow_up_questions and bool(cues & CUE_QUESTION)
    intent = classify(
        hits,
        has_tool_reference=any(mention.type == "tool" for mention in mentions),
        # SPEC-028 §5.2: "if refs" - detected, as nothing is there to resolve them against.
        resolved_references=sum(1 for mention in mentions if mention.type != "tool"),
        active_similarity=0.0,  # no active thread
        explore_below=SPEC_THRESHOLDS.explore,
        first_turn=first_turn and rules.first_turn_explore,
        acknowledgement=rules.acknowledgement_continues and bool(cues & CUE_ACKNOWLEDGEMENT),
        question=question,
        names_known=False,
        new_topic=rules.question_topics and any(hit[0] == _NEW_TOPIC for hit in hits),
        # No conversation: nothing is known, so "explain X" clarifies only what points back.
        clarify=explains(text, hits, rules, _nothing_known),
        announced=announced(text, hits, rules),
    )
    return intent, mentions


def classify_text(text: str, first_turn: bool = False, *, config: Config | None = None) -> Intent:
    """The SPEC-028 §5.2 intent of ``text`` with no conversation behind it (see the module).

    >>> classify_text("what did you mean about the second option?")
    <Intent.CLARIFY: 'CLARIFY'>
    """
    return analyse_text(text, first_turn, config=config)[0]
