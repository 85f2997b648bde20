"""The CLARIFY "again"s that ask for no clarification (SPEC-028 §5.2 lists "again" among
its CLARIFY markers): in a return, inside a request to repeat an action, in a report of a
thing done again, in a turn that asks nobody to say anything again. One pass over the turn's
words near each hit: linear, no regex on the whole turn.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.topic_clause_words import (
    AGAIN_ALONE_WORDS,
    AGAIN_ASK_WORDS,
    AGAIN_REPORT_FILLERS,
    AGAIN_REPORT_REACH,
    AGAIN_REPORT_SUBJECTS,
    AGAIN_THANKS,
    AGAIN_THANKS_WORDS,
)
from .named_topics import named_topic, named_topic_of
from .phrasing import Hits

if TYPE_CHECKING:
    from ..config import Config
    from .features import TurnFeatures

__all__ = ["again_repeats", "says_again", "without_idle_agains"]

_CLARIFY = int(Marker.CLARIFY)
_ACTION_REF = int(Marker.ACTION_REF)
_RESUME = int(Marker.RESUME)


def says_again(text: str, hits: Hits) -> bool:
    """Whether a CLARIFY hit ends in "again" ("again", "say again"): rules
    resume-announcements and return-drill-downs read those."""
    return any(
        kind == _CLARIFY and text[start:end].casefold().endswith("again")
        for kind, _, start, end in hits
    )


def without_idle_agains(features: TurnFeatures, config: Config) -> Hits:
    """A turn's hits without the CLARIFY "again"s that ask for nothing (``again_repeats``
    under the rules resume-announcements, again-reports, again-asks and again-returns)."""
    if not (config.resume_announcements or config.again_reports or config.again_asks):
        return features.hits
    return again_repeats(
        features.text,
        features.hits,
        clauses=config.again_returns,
        repeats=config.resume_announcements,
        reports=config.again_reports,
        named=lambda: named_topic_of(features, config.again_returns),
        asks=config.again_asks,
        thanks=config.again_thanks,
    )


def again_repeats(
    text: str,
    hits: Hits,
    *,
    clauses: bool = False,
    repeats: bool = True,
    reports: bool = False,
    named: Callable[[], tuple[tuple[str, ...], bool]] | None = None,
    asks: bool = False,
    thanks: bool = False,
) -> Hits:
    """The hits without the CLARIFY "again"s that ask for no clarification. With ``repeats``
    (rule resume-announcements): in a turn that announces a return ("Back to the migration:
    which tool did you say again?", "OK, the puppy again: ..."), where they ask to recall, and
    inside a request to repeat an action ("same again for Friday", "do that again"). With
    ``reports`` (rule again-reports): a bare "again" in a statement reporting something done
    again ("I ran it again and it passed", "Tried again, same error"). With ``asks`` (rule
    again-asks): a bare "again" in a turn that asks nobody to say anything again
    (``_asks_again``); with ``thanks`` (rule again-thanks) neither in a turn that only
    thanks once more ("again, thanks"). Other CLARIFY phrases stay. ``named``:
    ``named_topic`` of the text, when the caller keeps it."""
    if all(kind != _CLARIFY for kind, _, _, _ in hits):
        return tuple(hits)  # no CLARIFY phrase to take out (most turns)
    returns = repeats and (
        any(kind == _RESUME for kind, _, _, _ in hits)
        or (named() if named is not None else named_topic(text, clauses=clauses))[1]
    )
    # The action references' spans by start, each with the furthest end up to it: whether
    # one holds a hit is one bisection, not a pass over them all (a turn of many "again"s).
    actions = sorted((start, end) for kind, _, start, end in hits if kind == _ACTION_REF)
    firsts = [first for first, _ in actions]
    reaches = list(itertools.accumulate((last for _, last in actions), max))
    statement = reports and "?" not in text
    bare = any(k == _CLARIFY and text[s:e].casefold() == "again" for k, _, s, e in hits)
    asked = not (asks and bare) or _asks_again(text, thanks)

    def asks_nothing(start: int, end: int) -> bool:
        said = text[start:end].casefold()
        if returns:  # "which tool did you say again?" asks to recall, not to explain
            return said.endswith("again")
        if said != "again":
            return False
        if not asked:
            return True
        held = bisect.bisect_right(firsts, start)  # the spans that start at or before it
        if repeats and held and reaches[held - 1] >= end:
            return True
        return statement and _reports_again(text, start)

    return tuple(hit for hit in hits if hit[0] != _CLARIFY or not asks_nothing(hit[2], hit[3]))


def _asks_again(text: str, thanks: bool = False) -> bool:
    """Whether a turn with a bare "again" asks to say something again (rule again-asks,
    ``AGAIN_ASK_WORDS``): one of those words, "what" right before an "again", a question
    that ends in it ("Which channels were they again?" asks to recall), or a turn of at
    most ``AGAIN_ALONE_WORDS`` words. One pass over the turn's words."""
    words = [word.strip(_AGAIN_STRIP) for word in text.casefold().split()]
    words = [word for word in words if word]
    if thanks and not AGAIN_THANKS.isdisjoint(words) and AGAIN_THANKS_WORDS.issuperset(words):
        return False  # "again, thanks": thanks once more (rule again-thanks)
    if len(words) <= AGAIN_ALONE_WORDS or not AGAIN_ASK_WORDS.isdisjoint(words):
        return True
    if words[-1] == "again" and "?" in text:
        return True
    return any(word == "again" and words[i - 1] == "what" for i, word in enumerate(words) if i)


# Stripped from a word's ends before ``_asks_again`` reads it.
_AGAIN_STRIP = "\"'()[],.;:!?\u2019\u2018\u201c\u201d-"


def _reports_again(text: str, start: int) -> bool:
    # The clause holding the "again" at ``start``: back to the last sentence or clause mark,
    # within AGAIN_REPORT_REACH characters (else the marker stays).
    reach = max(0, start - AGAIN_REPORT_REACH)
    begin = max(text.rfind(mark, reach, start) for mark in ".!;:,\n")
    if begin < 0 and reach > 0:
        return False
    words = [word.strip("\"'()") for word in text[begin + 1 : start].casefold().split()]
    words = [word for word in words if word]
    first = next((word for word in words if word not in AGAIN_REPORT_FILLERS), "")
    # "I ran it again", "It failed again"; "Tried again": a verb in the past with its subject
    # left out. Not "Explain it again", "Say it again", "Can you go over that again".
    return first in AGAIN_REPORT_SUBJECTS or (len(first) > 3 and first.endswith("ed"))
