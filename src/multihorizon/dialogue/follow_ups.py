"""Questions that lean on what is already on the table (SPEC-028 §5.2 DRILL_DOWN, §3.3):
a short follow-up right after a reply (rule short-follow-ups) and a return that names a
dormant thread (rule return-drill-downs). Each reads the turn's features and the dialogue."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.tokens import content_terms
from ..text.turn_words import (
    REASON_ASKERS,
    REASON_OPENERS,
    REASON_PERSON_WORDS,
    REASON_PERSONS,
    SIDE_SKIPPED,
)
from .again_markers import says_again
from .named_topics import named_topic_of
from .own_antecedents import OWNERS
from .phrasing import FOLLOW_UP_TERMS, SIDE_QUESTION_CHARS, plain_words, short_follow_up

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = [
    "WIDER_FOLLOW_UP_TERMS",
    "asks_why_of_the_reply",
    "leans_on_the_reply",
    "returns_to_dormant",
]

# Markers of a question that announces a topic or asks to explain something of its own
# ("Random question: why ...?", "Explain why ..."): no reason asked of the reply.
_OWN_TOPIC = (Marker.NEW_TOPIC, Marker.TOPIC_OPENER, Marker.EXPLAIN)

# Rule wider-follow-ups: the content words a short follow-up may name when one of them was
# said before ("what should entry cost per team" after a reply on the quiz's teams); rule
# short-follow-ups alone reads ``FOLLOW_UP_TERMS``.
WIDER_FOLLOW_UP_TERMS = FOLLOW_UP_TERMS + 1


def leans_on_the_reply(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a question right after a reply in the active thread leans on that topic for
    its meaning ("How long should I warm up?" after a reply on an audition; rule
    short-follow-ups, ``phrasing.short_follow_up``). The caller checks the rest of rule
    side-questions: an assistant chat of two, a question, a thread on the table."""
    log, active = context.log, context.threads.active
    after = len(log) > 0 and log.roles[-1] == "assistant" and int(log.thread_index[-1]) == active
    limit = FOLLOW_UP_TERMS
    if context.config.wider_follow_ups and _names_a_known_word(context, features):
        limit = WIDER_FOLLOW_UP_TERMS
    # A name new to the conversation ("Also, do I need winter tyres in Austria?") brings a
    # topic of its own.
    return (
        after
        and short_follow_up(features.text, features.hits, features.terms, limit)
        and all(log.turns_mentioning(name) for name in features.names)
    )


def _names_a_known_word(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether one of the turn's content words was said before in the conversation (the log's
    entity index, ``TurnLog.turns_mentioning``: no earlier turn is read again)."""
    log = context.log
    return any(log.turns_mentioning(term) for term in features.terms)


def returns_to_dormant(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a resume marker names words a dormant thread used ("Going back to Spanish,
    should I learn Mexican Spanish?"): a return revisits prior content, DRILL_DOWN whatever
    its similarity to the thread it leaves (rule return-drill-downs)."""
    config = context.config
    if not config.return_drill_downs:
        return False
    if config.resume_markers and features.resume_terms:
        return context.threads.dormant_holds(features.resume_terms)
    if (
        config.again_returns
        and config.resume_announcements
        and says_again(features.text, features.hits)
    ):
        # Rule again-returns: "Kiln again: how long ...?" names a dormant thread's words too.
        # Only turns with a CLARIFY "again" (which the native settle hands on) are read here.
        named, returns = named_topic_of(features, True)
        return returns and bool(named) and context.threads.dormant_holds(named)
    return False


def asks_why_of_the_reply(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a short question right after a reply in the active thread asks the reason for
    what it said or the time of it ("Why no goldfish?", "Why not a longer shutter?", "when
    can i start cycling on a static bike"; rule reason-follow-ups, ``REASON_OPENERS``, or
    ``REASON_ASKERS`` with a person after it: not "Why is the sky blue?"): it takes up the
    reply (§5.2 DRILL_DOWN) whatever words it names. Not with a topic
    announcement or a request to explain, a name new to the conversation ("Why did the
    Romans leave Britain?"), or a party of its own the conversation never named ("why does
    my cat ...": a situation set up). The caller checks the rest of rule side-questions: an
    assistant chat of two, a question, a thread on the table."""
    log, active = context.log, context.threads.active
    if not (
        len(features.text) <= SIDE_QUESTION_CHARS
        and len(log) > 0
        and log.roles[-1] == "assistant"
        and int(log.thread_index[-1]) == active
        and not features.has_any(_OWN_TOPIC)
    ):
        return False
    words = plain_words(features.text)
    first = next((at for at, word in enumerate(words) if word not in SIDE_SKIPPED), len(words))
    if not (
        any(tuple(words[first : first + len(opener)]) == opener for opener in REASON_OPENERS)
        or (
            words[first : first + 1] != []
            and words[first] in REASON_ASKERS
            and not REASON_PERSONS.isdisjoint(words[first + 1 : first + 1 + REASON_PERSON_WORDS])
        )
    ):
        return False
    said = log.turns_mentioning
    if not all(said(name) for name in features.names):
        return False
    # "why does my cat ...": a possessive before a content word the conversation never said.
    return not any(
        word in OWNERS and any(not said(term) for term in content_terms(words[at + 1]))
        for at, word in enumerate(words[:-1])
    )
