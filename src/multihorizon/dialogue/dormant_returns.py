"""Returns by a dormant thread's words after a digression (SPEC-028 §3.3 resumption, rule
dormant-returns): "ok seams fixed, roller worked great" two exchanges into an aside about an
eye operation names what only the wallpapering thread said (its user turns or its replies:
"seam", "roller"), and nothing the aside said. Where ``Threads.plan`` kept such a turn in the
active thread only for want of a better rule (a CONTINUE, TOOL_REFERENCE or follow-up turn),
the one dormant thread alone holding its words takes it back.

Counted over every hand-written file (the turns after a second thread exists): a turn that
shares no word with the active thread and at least one word with one dormant thread alone
(the most words, no tie) names the thread it returns to for 232 returns (221 of them placed
there already by other rules; 16 returns go elsewhere), and comes at 42 in-thread turns and
15 new topics; among the turns the weak stay rules kept,
the returns it would fix were all at least two exchanges into the digression, and the stays
it would move were, but for one, the first follow-up of a thread just opened (its vocabulary
is one exchange: sharing nothing with it says little). So the aside must have lasted two
exchanges (``AFTER_TURNS`` logged turns since the dormant thread's last turn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .intent import Intent
from .phrasing import asks_for_something
from .term_returns import dormant_by_terms
from .turn_cues import ASKS_FOR

if TYPE_CHECKING:
    from .features import TurnFeatures
    from .threads import ThreadPlan, Threads

__all__ = ["AFTER_TURNS", "dormant_return"]

# Logged turns (user and assistant) since the dormant thread's last turn: two exchanges of
# the digression.
AFTER_TURNS = 4
_STAYS = frozenset((Intent.CONTINUE, Intent.TOOL_REFERENCE, Intent.DRILL_DOWN))


def dormant_return(
    threads: Threads, plan: ThreadPlan, features: TurnFeatures, intent: Intent
) -> int:
    """The dormant thread a weak stay returns to by its words (-1: none): ``plan`` kept the
    turn in the active thread by rule (intent ``_STAYS``), the turn shares no word with the
    active thread, and one dormant thread alone holds the most of its words, at least
    ``AFTER_TURNS`` turns after that thread's last. One pass over the turn's words."""
    active = threads.active
    if len(threads) < 2 or active < 0 or plan.is_new or plan.index != active:
        return -1
    if plan.rule != "active" or intent not in _STAYS:
        return -1
    term_threads = threads.term_threads
    dormant = False
    for term in features.terms:
        owners = term_threads.get(term)
        if owners is None:
            continue
        if active in owners:
            return -1  # a word of the active thread keeps the turn there
        dormant = dormant or (len(owners) == 1)
    if not dormant:
        return -1
    owner, _, _ = dormant_by_terms(term_threads, active, features.terms, frozenset())
    if owner < 0 or threads.turns[active][-1] - threads.turns[owner][-1] < AFTER_TURNS:
        return -1
    # "Can I have their phone number please?", "I need it for 6 people" ask for a task at
    # hand (task dialogues carry "number", "book", "day" from one request to the next).
    if features.peer_cues() & ASKS_FOR or asks_for_something(features.text):
        return -1
    return owner
