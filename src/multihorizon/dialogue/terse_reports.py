"""Terse reports with no subject (SPEC-028 §5.2 CONTINUE, rule terse-reports; issue 15 item
1): right after an assistant reply, in an assistant chat of two, a short statement that drops
its subject and reports what the user did, an outcome or a constraint ("swapped the pads,
still squeals", "ordered the 2m cable, comes Friday", "can only train mornings, evenings
impossible", "physio booked for tuesday") goes on with the thread: CONTINUE, in it. The
scan reads such fragments as DRILL_DOWN (a modal opener read as a question, a word of a
reply's list read as an item) or EXPLORE (few words in common with the thread).

The decision is one small function over plain inputs (``terse_report``: the turn's words and
how many of its content words the reply or the thread used), so the native settle may take
it over. A statement that opens with a subject ("the quad bike won't start", "my knee
hurts"), asks, orders, or says it moves on is no terse report; one that opens with no report
word must take up the reply or the thread ("physio booked for tuesday" after "see a
physio"), so "dog keeps barking at night" after advice on running is none.

Linear: one pass over at most ``TERSE_WORDS`` words of a turn of at most ``TERSE_CHARS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.terse_words import (
    TERSE_ASKS,
    TERSE_CONSTRAINTS,
    TERSE_LIMITERS,
    TERSE_MODALS,
    TERSE_NOT_FIRST,
    past_form,
)

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = [
    "NOT_TERSE",
    "TERSE_CHARS",
    "TERSE_WORDS",
    "reports_tersely",
    "terse_report",
    "words_shared",
]

# The longest terse report (characters and words): the fragments of the tune set run to 60
# characters and 10 words; a longer turn says enough to set up a matter of its own.
TERSE_CHARS = 80
TERSE_WORDS = 14
# Markers of a turn that moves on or back, asks for an explanation, or points at a turn, an
# action, an output or a listed item ("the second one worked"): other rules read those.
NOT_TERSE = (
    Marker.NEW_TOPIC,
    Marker.RESUME,
    Marker.EXPLAIN,
    Marker.CLARIFY,
    Marker.TURN_REF,
    Marker.ACTION_REF,
    Marker.TOOL_REF,
    Marker.ORDINAL,
    Marker.GATE_NUMBER,
    Marker.GATE_ONE,
    Marker.ALSO_OPENER,
)


def terse_report(words: Sequence[str], shared: int) -> bool:
    """Whether a statement's case-folded plain words (``phrasing.plain_words``; at most
    ``TERSE_WORDS``, no "?" in the turn) are a terse report with no subject: its first word is
    none of ``TERSE_NOT_FIRST``, no word asks (``TERSE_ASKS``), and it opens with a past form
    ("swapped ...", "booked ..."), a constraint ("only ...", "still ...", "can only ...") or,
    else, ``shared`` (its content words the reply or the thread used) is at least one."""
    if not words or len(words) > TERSE_WORDS or words[0] in TERSE_NOT_FIRST:
        return False
    if any(word in TERSE_ASKS for word in words):
        return False
    first = words[0]
    if first in TERSE_MODALS:
        return len(words) > 1 and words[1] in TERSE_LIMITERS  # "can only", not "can you"
    return past_form(first) or first in TERSE_CONSTRAINTS or shared > 0


def reports_tersely(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user turn is a terse report right after an assistant reply in the active
    thread (rule terse-reports, ``terse_report``): no "?", at most ``TERSE_CHARS``, none of
    ``NOT_TERSE``'s markers, in an assistant chat of two."""
    config, log, threads = context.config, context.log, context.threads
    text = features.text
    if not (config.terse_reports and len(text) <= TERSE_CHARS and "?" not in text):
        return False
    words = features.words.plain  # the turn's record, as the other statement rules read it
    if features.question and not (words[:1] and words[0] in TERSE_MODALS | TERSE_CONSTRAINTS):
        return False  # "grippy socks necessary or is barefoot ok": a question, not "can only ..."
    if not (len(log) > 0 and log.roles[-1] == "assistant" and threads.active >= 0):
        return False
    if int(log.thread_index[-1]) != threads.active or log.features[-1].open_offer:
        return False
    if features.has_any(NOT_TERSE):
        return False
    if context.speakers.multi_party(config) or context.peer_dialogue():
        return False
    return terse_report(words, words_shared(context, set(features.terms)))


def words_shared(context: DialogueContext, terms: set[str]) -> int:
    """How many of ``terms`` the latest reply or the active thread used. Each looked up on its
    own: the thread's vocabulary grows with the log, and a union would copy it every turn."""
    reply, vocabulary = (
        context.log.features[-1].term_set,
        context.threads.vocabulary[context.threads.active],
    )
    return sum(1 for term in terms if term in reply or term in vocabulary)
