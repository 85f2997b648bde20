"""Rule own-antecedents (SPEC-028 §5.2 EXPLORE, issue 15 item 1): a question §5.2 calls
DRILL_DOWN only because a pronoun or demonstrative in it points back ("My brother asked me to
give a speech at his birthday party, how long should it be?", "my kid has a verruca on her
foot, can she still go swimming") points into the turn itself when, before the first such
pointer, the turn brings a party of its own ("my brother", "our landlord": a possessive
determiner and a content word) and none of its content words was said before in the
conversation (the log's entity index: user turns and replies). The pointer then has its
antecedent in the turn, and §5.2's own test decides: under the explore bar the turn is
EXPLORE. A turn naming a word said before ("my wife thinks the tiles are too dark, can they
be ...") or passing the bar stays DRILL_DOWN, as does one with "one" ("which one is gentlest
on it?": a pick from a set said before). In an assistant chat of two, with no reference
resolved to prior content, no definite phrase naming what was said, and no return,
clarification, turn or action reference, or acknowledgement opening marked.

Counted over every hand-written file (the features of all 3,648 probes) before it was
written: see ``rules_phrasing`` for the figures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._intent_py import CUE_QUESTION, INTENT_DRILL_DOWN
from ..text.lexicon import Marker
from ..text.tokens import content_terms
from .phrasing import plain_words

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures
    from .resolution import Resolution

Hit = tuple[int, int, int, int]

__all__ = [
    "OWNERS",
    "OWN_ANTECEDENT_CHARS",
    "brings_a_party",
    "may_point_into_itself",
    "points_into_itself",
]

# The possessive determiners of the speaker's own side: "my brother", "our landlord" ("your"
# is the assistant's side, "his"/"her"/"their" are pointers themselves).
OWNERS = frozenset(("my", "our"))
# The shortest question read (characters): the native settle hands on a DRILL_DOWN question
# at least this long with "my" or "our" in it (``kernels.IntentSettler``'s sixth length).
OWN_ANTECEDENT_CHARS = 40
# "Which one is gentlest on it?" picks from a set said before.
_PICKS = frozenset(("one", "ones"))
# Pointers that may have their antecedent in the turn.
_POINTERS = (int(Marker.ANAPHOR), int(Marker.DEMONSTRATIVE))
# Markers of a turn that goes back, asks to clarify, points at a turn or an action, may pick
# from a set ("the cheaper one"), or opens by acknowledging the reply ("Thanks. My son ... is
# that normal?" builds on it).
_BACK = (
    Marker.RESUME, Marker.CLARIFY, Marker.TURN_REF, Marker.ACTION_REF, Marker.ACK_OPENER,
    Marker.GATE_ONE,
)  # fmt: skip


def points_into_itself(
    context: DialogueContext, features: TurnFeatures, resolution: Resolution, similarity: float
) -> bool:
    """Whether a DRILL_DOWN question's pointers point into the turn (see the module)."""
    config, threads = context.config, context.threads
    if not (
        config.own_antecedents
        and features.question
        and len(features.text) >= OWN_ANTECEDENT_CHARS
        and similarity < context.thresholds.explore
        and threads.active >= 0
        and not resolution.prior
        and not resolution.has_tool
        and not features.has_any(_BACK)
    ):
        return False
    pointers = [hit[2] for hit in features.hits if hit[0] in _POINTERS]
    if not pointers:
        return False
    said = context.log.turns_mentioning
    if any(said(term) for term in features.terms):
        return False  # a word said before: the turn may well be about what was said
    if not _PICKS.isdisjoint(plain_words(features.text)):
        return False
    if not brings_a_party(plain_words(features.text[: min(pointers)])):
        return False
    return not context.speakers.multi_party(config) and not context.peer_dialogue()


def brings_a_party(words: list[str]) -> bool:
    """Whether a possessive of ``OWNERS`` stands before a content word in ``words``."""
    return any(
        word in OWNERS and content_terms(words[at + 1]) for at, word in enumerate(words[:-1])
    )


def may_point_into_itself(code: int, cues: int, text: str, hits: Sequence[Hit]) -> bool:
    """A superset of ``points_into_itself`` from the scan (``IntentClassifier.finish``): a
    DRILL_DOWN question of at least ``OWN_ANTECEDENT_CHARS`` characters with a pointer hit
    after a possessive of ``OWNERS`` (a word test, no turn log read)."""
    if not (
        code == INTENT_DRILL_DOWN and cues & CUE_QUESTION and len(text) >= OWN_ANTECEDENT_CHARS
    ):
        return False
    pointers = [hit[2] for hit in hits if hit[0] in _POINTERS]
    return bool(pointers) and not OWNERS.isdisjoint(plain_words(text[: min(pointers)]))
