"""Reactions to one item of the assistant's advice (SPEC-028 §5.2 CONTINUE, rule
item-reactions; issue 15 item 1, stop 41): right after a reply in the active thread, in an
assistant chat of two, a short statement whose subject is an item of the reply ("the third
exercise kills my wrist haha", "the rice bucket one is brutal lol", "the reverse curls are way
harder than the normal ones") says how that item went for the user: a report on the advice,
CONTINUE in the thread (the house convention of §5.2), though the scan reads its pointer at an
item ("the third exercise", "the ... one") as DRILL_DOWN. Not a question, a request ("the
second one please": no verb after the item), a turn that asks in a later clause ("the lich
one, how do i make him scary": an asking word), nor one that says the item is unclear ("the
second step is confusing": a meaning check).

The subject must name an item: an ordinal or "the ... one" (the scan's markers), or a word the
reply used. Rule terse-reports' length (``TERSE_CHARS``, no "?"): the session hands such a
turn past the native settle (``session_intent._terse_open``) and asks this rule among the
terse gate's (``_terse_rules_read``).

Linear: one pass over at most ``REACTION_WORDS`` words of a turn of at most ``TERSE_CHARS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.reaction_words import (
    REACTION_ADVERBS,
    REACTION_CONFUSED,
    REACTION_LEADS,
    REACTION_NOUN_WORDS,
    REACTION_OPENERS,
    REACTION_VERBS,
)
from ..text.terse_words import TERSE_ASKS
from ..text.tokens import content_terms
from .terse_reports import NOT_TERSE, TERSE_CHARS, TERSE_WORDS

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["item_reaction", "reacts_to_an_item"]

# The most words read (rule terse-reports' word limit and a lead word).
REACTION_WORDS = TERSE_WORDS + 1
# The most words of the item's noun phrase after its opener ("the rice bucket one").
_NOUN_WORDS = 4
_ITEM_MARKERS = (Marker.ORDINAL, Marker.GATE_ONE)
# Markers of a move, an explanation asked for, or a pointer at a turn, an action or an output:
# other rules read those (rule terse-reports' ``NOT_TERSE``). The markers of a listed item
# (ORDINAL, GATE_ONE, and a number's GATE_NUMBER) point at the reply's item: this rule's.
_MOVES = tuple(marker for marker in NOT_TERSE if marker not in (*_ITEM_MARKERS, Marker.GATE_NUMBER))


def item_reaction(words: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The noun phrase of an item a statement's case-folded plain words react to (empty:
    none): after at most one lead word (``REACTION_LEADS``), an opener (``REACTION_OPENERS``),
    one to ``_NOUN_WORDS`` words (adverbs of ``REACTION_ADVERBS`` left out) and a verb of
    ``REACTION_VERBS`` (or a noun with "'s": "the rice one's brutal"); no asking word
    (``TERSE_ASKS``) nor one of not understanding (``REACTION_CONFUSED``) anywhere."""
    if not words or len(words) > REACTION_WORDS:
        return ()
    start = 1 if words[0] in REACTION_LEADS and len(words) > 1 else 0
    if words[start] not in REACTION_OPENERS:
        return ()
    if any(word in TERSE_ASKS or word in REACTION_CONFUSED for word in words):
        return ()
    for at in range(start + 1, min(len(words), start + 2 + _NOUN_WORDS)):
        word = words[at]
        if word in REACTION_VERBS:
            noun = tuple(w for w in words[start + 1 : at] if w not in REACTION_ADVERBS)
            return noun if noun and at + 1 < len(words) else ()
        if word.endswith("'s") and len(word) > 2 and at + 1 < len(words):
            return (*words[start + 1 : at], word[:-2])
        if word in REACTION_OPENERS:
            return ()
    return ()


def reacts_to_an_item(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user statement reacts to an item of the reply just before it (rule
    item-reactions, ``item_reaction``): at most ``TERSE_CHARS``, no "?", right after a reply
    in the active thread that offered no other help, in an assistant chat of two, none of
    ``_MOVES``' markers; its noun phrase pointed at by an ordinal or "... one" or naming a word
    the reply used (or its words are a compound the reply hyphenated, "cat-cow")."""
    config, log, threads = context.config, context.log, context.threads
    text = features.text
    if not (config.item_reactions and len(text) <= TERSE_CHARS and "?" not in text):
        return False
    if features.question or not context.after_a_reply() or threads.active < 0:
        return False
    if int(log.thread_index[-1]) != threads.active or log.features[-1].open_offer:
        return False
    if features.has_any(_MOVES):
        return False
    noun = item_reaction(features.words.plain)
    if not noun:
        return False
    if features.has_any(_ITEM_MARKERS):
        return True
    named = [word for word in noun if word not in REACTION_NOUN_WORDS]
    if not named:
        return False
    reply = log.features[-1].term_set
    # A compound the reply wrote with hyphens ("cat-cow") is one of its terms.
    if "-".join(named) in reply:
        return True
    return any(term in reply for term in content_terms(" ".join(named)))
