"""Rule new-ground-questions (SPEC-028 §5.2 EXPLORE, issue 15 item 2): a long question that
names many content words of its own, at most one of them in the active thread's vocabulary,
is new ground even when a pronoun or demonstrative in it points back or the hashed cosine
passes the explore bar: the pointer points into the turn itself ("Our daughter's school has
asked parents to pay for a residential trip ... How do we say no without it looking bad?"),
not at the thread. In an assistant chat of two, with no reference resolved to prior content,
no return, clarification or turn reference marked, and no acknowledgement opening it.

Counted over every hand-written file but the two hold-outs and ../shared/data (a question
§5.2 calls DRILL_DOWN, at least ``NEW_GROUND_CHARS`` characters, ``NEW_GROUND_TERMS``
distinct content words, at most ``NEW_GROUND_SHARED`` in the active thread's vocabulary):
hand-written 8 gold EXPLORE vs 2 DRILL_DOWN, sgd and dialseg711 7 gold EXPLORE vs none (1
turn without a topic shift); only under the explore bar: 5 vs 1 and 5 vs none."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._intent_py import CUE_QUESTION, INTENT_DRILL_DOWN
from ..text.lexicon import Marker
from .own_antecedents import brings_a_party
from .phrasing import plain_words

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures
    from .resolution import Resolution

__all__ = ["NEW_GROUND_CHARS", "NEW_GROUND_TERMS", "may_ask_on_new_ground", "on_new_ground"]

# Distinct content words a question names of its own (at 8: hand-written 13 vs 13).
NEW_GROUND_TERMS = 10
# Rule own-new-ground: the distinct content words a question that sets up a party of its own
# ("My daughter wants a pony ...", "our toddler refuses ...") names, none said before (at 6:
# "My arrows keep landing to the left of the gold. What am I doing wrong?" in archery).
OWN_GROUND_TERMS = 7
# Of which the active thread's vocabulary may hold this many (a word in common is chance).
NEW_GROUND_SHARED = 1
# The shortest question read (characters): the native settle hands on a DRILL_DOWN question
# at least this long (``kernels.IntentSettler``'s fifth length), and no shorter one.
NEW_GROUND_CHARS = 80
# Markers of a turn that goes back ("Back to the jumper, ..."), asks to clarify, or opens by
# acknowledging the reply ("Thanks, that makes sense. Should we ...?": it builds on it).
_BACK = (Marker.RESUME, Marker.CLARIFY, Marker.TURN_REF, Marker.ACTION_REF, Marker.ACK_OPENER)


def on_new_ground(context: DialogueContext, features: TurnFeatures, resolution: Resolution) -> bool:
    """Whether a question §5.2 calls DRILL_DOWN asks on new ground (see the module)."""
    config, threads = context.config, context.threads
    if not (
        config.new_ground_questions
        and features.question
        and len(features.text) >= NEW_GROUND_CHARS
        and threads.active >= 0
        and not resolution.prior
        and not resolution.has_tool
        and not features.has_any(_BACK)
    ):
        return False
    terms = set(features.terms)
    if len(terms) >= NEW_GROUND_TERMS:
        vocabulary = threads.vocabulary[threads.active]
        if sum(1 for term in terms if term in vocabulary) > NEW_GROUND_SHARED:
            return False
    elif not (
        config.own_new_ground
        and len(terms) >= OWN_GROUND_TERMS
        and _sets_up_its_own(context, features)
    ):
        return False
    return not context.speakers.multi_party(config) and not context.peer_dialogue()


def _sets_up_its_own(context: DialogueContext, features: TurnFeatures) -> bool:
    """Rule own-new-ground: a question that brings a party of its own ("my daughter", "our
    landlord": ``OWNERS`` before a content word) and names no word said before in the
    conversation (the log's entity index: user turns and replies) sets up a situation of its
    own, in fewer words than ``NEW_GROUND_TERMS``."""
    said = context.log.turns_mentioning
    if any(said(term) for term in features.terms):
        return False
    return brings_a_party(plain_words(features.text))


def may_ask_on_new_ground(chars: int, code: int, cues: int, text: str, acked: int) -> bool:
    """A superset of ``on_new_ground`` from the scan (``IntentClassifier.finish``; the native
    settle reads the same and the first turn): a DRILL_DOWN question of at least ``chars``
    characters (0: the rule is off) with no acknowledgement opener (``acked``: its hits)."""
    return bool(chars and code == INTENT_DRILL_DOWN and cues & CUE_QUESTION) and (
        len(text) >= chars and not acked
    )
