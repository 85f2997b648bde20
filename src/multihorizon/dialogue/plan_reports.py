"""A statement in which the user says what they will do next on the thread (rule plan-reports,
SPEC-028 §5.2 CONTINUE, issue 15, stop 44): "Great, thanks. I'll glaze the second bowl on
Saturday.", "alright I will swap the filter then", "Tomorrow I will try both hands together",
"will do that and report back next week". The user's own next step extends the thread
(§5.2 "same thread, extend it"), whatever details it carries (a time, a price), not a new
subject or a question. Holds in an assistant chat of two, right after a reply, when the plan
names a content word of the last ``PLAN_TURNS`` turns or points back ("I'll try it"). Reads the
turn's first ``PLAN_CHARS`` characters once: linear, no regex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.plan_words import (
    PLAN_BACK,
    PLAN_FILLER_FORMS,
    PLAN_FILLERS,
    PLAN_HEADS,
    PLAN_NOT_NEXT,
    PLAN_TIMES,
    PLAN_WILL_VERBS,
)
from ..text.tokens import content_terms
from ..text.topic_clause_words import ECHO_STRIP

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["PLAN_CHARS", "plan_report", "reports_a_plan"]

# A plan says one next step, with its details; a longer turn says more of its own.
PLAN_CHARS = 200
# The turns whose words the plan may name (user and assistant, the latest first).
PLAN_TURNS = 6
# A word sharing its first letters with a turn's word names it ("glazing" for "glaze").
_STEM = 4
# Markers of a turn that moves on, asks or requests: no plan read here.
_NOT_PLANS = (Marker.NEW_TOPIC, Marker.TOPIC_OPENER, Marker.RESUME, Marker.EXPLAIN)


def _skip_fillers(words: list[str]) -> int:
    """Where the plan may start: after the acknowledgement and time words that open the
    turn (``PLAN_FILLER_FORMS``, ``PLAN_FILLERS``, ``PLAN_TIMES``)."""
    at = 0
    while at < len(words):
        form = next((f for f in PLAN_FILLER_FORMS if tuple(words[at : at + len(f)]) == f), None)
        if form is not None:
            at += len(form)
        elif words[at] in PLAN_FILLERS or words[at] in PLAN_TIMES or not words[at]:
            at += 1
        else:
            break
    return at


def plan_report(text: str) -> tuple[str, ...]:
    """The words of the plan a statement makes, if it is one: at most ``PLAN_CHARS``
    characters with no "?", opening (after ``_skip_fillers``) with one of ``PLAN_HEADS`` ("I'll",
    "I will", "I'm going to", "gonna", "will") and then a word none of ``PLAN_NOT_NEXT`` ("I'll
    need ...", "I'll be ...") and, after a bare "will", one of ``PLAN_WILL_VERBS`` ("will do
    it tonight"; not "will the smell go away"). () for any other turn."""
    if len(text) > PLAN_CHARS or "?" in text:
        return ()
    words = [token.strip(ECHO_STRIP) for token in text.casefold().replace("\u2019", "'").split()]
    start = _skip_fillers(words)
    head = max(
        (len(form) for form in PLAN_HEADS if tuple(words[start : start + len(form)]) == form),
        default=0,
    )
    after = start + head
    if not head or after >= len(words) or words[after] in PLAN_NOT_NEXT:
        return ()
    if words[start] == "will" and words[after] not in PLAN_WILL_VERBS:
        return ()
    return tuple(words[after:])


def _names_the_thread(context: DialogueContext, planned: tuple[str, ...]) -> bool:
    """Whether the plan points back (``PLAN_BACK``) or a content word of it is one of the
    last ``PLAN_TURNS`` turns', as it is or sharing its first ``_STEM`` letters."""
    if not PLAN_BACK.isdisjoint(planned):
        return True
    asked = content_terms(" ".join(planned))
    log = context.log
    said: set[str] = set()
    for turn_id in range(len(log) - 1, max(len(log) - 1 - PLAN_TURNS, -1), -1):
        said.update(content_terms(log[turn_id].content))
    stems = {word[:_STEM] for word in said if len(word) >= _STEM}
    return any(word in said or (len(word) >= _STEM and word[:_STEM] in stems) for word in asked)


def reports_a_plan(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether the turn says the user's next step on the thread (rule plan-reports):
    ``plan_report`` right after an assistant reply, in an assistant chat of two, with no
    new-topic, return or explain marker, naming the thread."""
    config, log = context.config, context.log
    if not (config.plan_reports and len(log) > 0 and log.roles[-1] == "assistant"):
        return False
    # No "?" (``plan_report``), but a bare "will" opens the turn as a question would: the
    # head decides, not ``features.question`` ("will do the strings this weekend").
    if features.has_any(_NOT_PLANS):
        return False
    planned = plan_report(features.text)
    if not planned or not _names_the_thread(context, planned):
        return False
    return not (context.speakers.multi_party(config) or context.peer_dialogue())
