"""In-thread statements that share few words with their thread (SPEC-028 §5.2 "same thread,
extend it", rule thread-details): a short statement right after a reply in the active thread
that asks for nothing, says nothing of a new topic and names nothing new to the conversation
adds to that thread: a detail of the user's situation ("we only have the one bathroom and a
small living room", "mine is an older model"), an answer to the reply ("16g, setting 8E"), a
report of what came of it ("yep, first seam came out perfect"). It is CONTINUE, not EXPLORE
for its low similarity, and stays. A genuine change of topic without an announcement comes as
a question, a longer turn that sets up its own context, a request, or a report of something
done that takes up nothing of the topic ("I bought a used car last week and the brakes
squeal."; rule done-reports).

One pass over the turn's words (``phrasing.asks_for_something``, ``done_reports``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.report_words import DETAIL_ORDERS, DETAIL_REQUESTS
from .done_reports import done_report, reports_what_was_done
from .phrasing import asks_for_something, plain_words

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["DETAIL_CHARS", "adds_to_the_thread"]

# The longest statement read (characters): the in-thread statements of the hand-written sets
# run to 59; a longer one sets up context of its own ("The staging cluster runs three etcd
# members behind a load balancer in our lab.").
DETAIL_CHARS = 60
# Markers of a turn that moves on ("Unrelated: ..."), back ("Back to what we were talking
# about.") or asks for an explanation ("explain quantum tunnelling"; rule explain-new-content).
_MOVES = (Marker.NEW_TOPIC, Marker.RESUME, Marker.EXPLAIN)


def adds_to_the_thread(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a short user statement adds to the active thread right after its reply (rule
    thread-details). The caller (``reply_rules.reports_on_the_reply``) checks the rest: no
    question, an assistant chat of two, a thread on the table."""
    log, text = context.log, features.text
    if not (
        context.config.thread_details
        and len(text) <= DETAIL_CHARS
        and len(log) > 0
        and log.roles[-1] == "assistant"
        and int(log.thread_index[-1]) == context.threads.active
    ):
        return False
    if features.has_any(_MOVES):
        return False  # the topic moves on or back; "explain quantum tunnelling" asks
    if features.asks_for or asks_for_something(text):
        return False  # "Can you find me a hotel there?" asks for something of its own
    words = plain_words(text)
    if not words or words[0] in DETAIL_ORDERS or not DETAIL_REQUESTS.isdisjoint(words):
        return False  # "I'll need a train to the airport." asks for a task of its own
    if done_report(text) and not reports_what_was_done(context, features):
        return False  # "I bought a used car last week ..." takes up nothing of the topic
    # A name new to the conversation ("My Toyota needs tyres.") brings a topic of its own.
    return all(log.turns_mentioning(name) for name in features.names)
