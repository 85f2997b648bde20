"""New topics about the speaker's own people and things (SPEC-028 §3.3 thread creation, rule
possessed-topics): "My son needs a new bicycle for school, he is 11, which wheel size?" right
after a reply about tinnitus names a person or thing of the speaker's ("my son", "our pub
wifi", "his big sister") and says nothing the active thread said. Where ``Threads.plan`` kept
such a turn in the active thread only by its intent (a CONTINUE or follow-up turn, rule
"active"), it leaves: to another thread its centroid reaches, else a new one.

Structural, counted over every hand-written file (turns the weak stay rules kept in the active
thread, CONTINUE or DRILL_DOWN): a possessive determiner among the first ``OPENING_WORDS``
words (a closed class, ``POSSESSIVE_OPENERS``), at least ``MIN_TERMS`` distinct content words
and at most ``SHARED_TERMS`` of them in the active thread's vocabulary: 13 new topics vs 2
turns that stay ("his house is in joint names with my stepmother, is that part of it").
Fewer words or more shared ones catch more stays than topics (4 words: 15 vs 9; 3 words, none
shared: 11 vs 11): a short report in the thread ("my ebike shows error 21 on the display")
leans on it. Not between peers, who talk about themselves ("my kids") all the time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.topic_clause_words import ADDITIVE_LEADS, ADDITIVE_OPENER, POSSESSIVE_OPENERS
from .intent import Intent
from .phrasing import WORD_STRIP

if TYPE_CHECKING:
    from .features import TurnFeatures
    from .threads import ThreadPlan, Threads

__all__ = ["MIN_TERMS", "OPENING_WORDS", "SHARED_TERMS", "opens_possessed_topic"]

# Where the possessive is read: "My son ...", "also my neighbour ...", "And our boiler ...".
OPENING_WORDS = 3
# Distinct content words the turn has at least, and at most shares with the active thread.
MIN_TERMS = 5
SHARED_TERMS = 1
# Only a turn's opening is split into words (inputs run to 1,000,000 characters).
_OPENING_CHARS = 80
_WEAK_STAYS = frozenset((Intent.CONTINUE, Intent.DRILL_DOWN))


def opens_possessed_topic(
    threads: Threads, plan: ThreadPlan, features: TurnFeatures, intent: Intent
) -> bool:
    """Whether a turn ``plan`` kept in the active thread by its intent alone (rule "active")
    opens a topic of the speaker's own: a possessive among its first ``OPENING_WORDS``
    words, ``MIN_TERMS`` distinct content words, at most ``SHARED_TERMS`` of them the active
    thread's."""
    active = threads.active
    if active < 0 or plan.is_new or plan.index != active or plan.rule != "active":
        return False
    if intent not in _WEAK_STAYS:
        return False
    split = features.text[:_OPENING_CHARS].casefold().split(maxsplit=OPENING_WORDS)
    opening = [word.strip(WORD_STRIP) for word in split[:OPENING_WORDS]]
    if POSSESSIVE_OPENERS.isdisjoint(opening) and not _adds(opening):
        return False
    terms = set(features.terms)
    if len(terms) < MIN_TERMS:
        return False
    vocabulary = threads.vocabulary[active]
    return sum(1 for term in terms if term in vocabulary) <= SHARED_TERMS


def _adds(opening: list[str]) -> bool:
    """Whether the turn opens with "also" ("also got some kefir grains ...", "Oh also, ..."),
    not "I also ran ..." (an addition to what the thread did)."""
    if opening[:1] == [ADDITIVE_OPENER]:
        return True
    return len(opening) > 1 and opening[1] == ADDITIVE_OPENER and opening[0] in ADDITIVE_LEADS
