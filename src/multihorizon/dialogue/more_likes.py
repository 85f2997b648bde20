"""Requests for more of the same kind put as a statement (SPEC-028 §5.2 DRILL_DOWN, rule
more-like-requests; issue 15 item 1, stop 42): right after a reply, in an assistant chat of two,
"I need a couple more exercises like the calf raises", "I'd like a few more exercises like the
lunges", "need a few more like the squats" ask for more of what the reply gave: deeper into the
thread (the house convention of §5.2), as rule more-requests reads "could you give me two more
like the squats". The scan reads the statement's bare "more" as CONTINUE, and rule
more-requests' repeat phrases ("3 more drills like that") do not hold a noun or "the".
A question ("could I get two more like the squats?") is read as one already.

The want opens the turn (leads aside: "ok great, I need ..."), then at most a quantity ("a
couple", "some", "2"), "more", at most ``MORE_NOUN_WORDS`` words, and "like"/"similar" with
a pointer at a given thing ("the", "that", "those"): "feels more like the knee cap" wants
nothing, "I need more time to rest it" ties nothing. Rule terse-reports' length
(``TERSE_CHARS``): the session hands such a turn past the native settle
(``session_intent._terse_open``) and asks this rule among the terse gate's
(``_terse_rules_read``).

Linear: one pass over at most the first words of a turn of at most ``TERSE_CHARS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.more_like_words import (
    MORE_LEADS,
    MORE_LIKES,
    MORE_NOUN_WORDS,
    MORE_POINTERS,
    MORE_QUANTITIES,
    MORE_WANTS,
)
from ..text.tokens import content_terms
from ..text.turn_text import comma_clauses
from .option_picks import MOVES
from .terse_reports import TERSE_CHARS

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["asks_more_alike", "liked_words", "more_like_request"]

# The most quantity words before "more" ("a couple of", "a bunch of").
_QUANTITY_WORDS = 3
_REPLY_CHARS = 4000  # characters of the reply read for the thing the want names


def _want_end(words: list[str], start: int) -> int:
    """Where the want that opens at ``start`` ends (``MORE_WANTS``), or -1."""
    for want in MORE_WANTS:
        end = start + len(want)
        if tuple(words[start:end]) == want:
            return end
    return -1


def more_like_request(text: str) -> bool:
    """Whether a statement of at most ``TERSE_CHARS`` opens (leads aside) with a want, then at
    most a quantity, "more", at most ``MORE_NOUN_WORDS`` words and "like"/"similar" with a
    pointer at a given thing (``MORE_POINTERS``)."""
    return liked_words(text) is not None


def liked_words(text: str) -> tuple[str, ...] | None:
    """The words after the pointer of a ``more_like_request`` ("the calf raises" ->
    ("calf", "raises"); "like that" -> ()), or None for any other turn."""
    if len(text) > TERSE_CHARS:
        return None
    words = [word for clause in comma_clauses(text) for word in clause]
    start = 0
    while start < len(words) - 1 and words[start] in MORE_LEADS:
        start += 1
    at = _want_end(words, start)
    if at < 0:
        return None
    limit = min(len(words), at + _QUANTITY_WORDS + 1)
    while (
        at < limit and words[at] != "more" and (words[at] in MORE_QUANTITIES or words[at].isdigit())
    ):
        at += 1
    if at >= len(words) or words[at] != "more":
        return None
    for tie in range(at + 1, min(len(words) - 1, at + MORE_NOUN_WORDS + 2)):
        if words[tie] in MORE_LIKES:
            return tuple(words[tie + 2 :]) if words[tie + 1] in MORE_POINTERS else None
    return None


def asks_more_alike(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user turn right after a reply in the active thread, in an assistant chat of
    two, asks for more of the same kind as a statement (rule more-like-requests,
    ``more_like_request``): at most ``TERSE_CHARS``, no "?" (a question's code the settle
    decides), none of rule option-picks' markers of a move."""
    config, log, threads = context.config, context.log, context.threads
    text = features.text
    if not (config.more_like_requests and len(text) <= TERSE_CHARS and "?" not in text):
        return False
    if not context.after_a_reply() or threads.active < 0:
        return False
    if int(log.thread_index[-1]) != threads.active:
        return False
    if features.has_any(MOVES):
        return False
    liked = liked_words(text)
    if liked is None:
        return False
    if not liked:
        return True  # "a few more like that": the reply's kind
    # "like the squats" names a thing the reply gave; "like the doctor said", "like the ones
    # in ikea" bring their own (the review found 8 of 10 such wants taken).
    reply = set(content_terms(log.features[len(log) - 1].text[:_REPLY_CHARS]))
    return not reply.isdisjoint(content_terms(" ".join(liked)))
