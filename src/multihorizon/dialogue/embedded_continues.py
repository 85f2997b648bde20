"""Rule embedded-continues (SPEC-028 §5.2 CONTINUE): a CONTINUE marker inside a question's
own words asks nothing to go on.

§5.2 reads "go on", "more", "and then" as a request to extend the reply. In a question they
are often the question's own words: "how much more per month usually", "should i have eaten
more before", "what should I carry on the bike?", "What if I get emotional halfway through and
cannot continue?", "If the notice is served and they ignore it, then what?". A marker that
asks to go on opens its sentence, with at most an acknowledgement before it ("more tips?",
"Thanks, anything else I should know?", "ok, and then?", "That worked. What's next?"); one
with other words before it in its sentence is read as none, and the question is classified on
its words (a question on the active topic: DRILL_DOWN). A request for alternatives or for
what else there is goes on wherever it stands ("Can you find me something else?":
``ALTERNATIVE_ASKS``), and so does "more" after a word that asks for more of the same ("Can
you find me more restaurants?": ``MORE_ASKERS``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..config import Config
from ..text.continue_words import (
    ALTERNATIVE_ASKS,
    CONTINUE_LEADS,
    LEAD_WINDOW,
    MORE_ASKERS,
    SENTENCE_ENDS,
)
from ..text.lexicon import ADDING_OPENERS, LEXICON, Marker, said_phrase
from .again_markers import without_idle_agains
from .choice_asks import split_breakdowns
from .phrasing import adding_opener

if TYPE_CHECKING:
    from .features import TurnFeatures

__all__ = ["CONTINUE_PHRASES", "asking_hits", "embedded_continues"]

Hit = tuple[int, int, int, int]  # (category, pattern, start, end) of a marker hit

_CONTINUE = int(Marker.CONTINUE)
# Every CONTINUE phrase and the adding openers: what the native settle's adding gate reads
# under this rule (a question with any of them goes on to the Python path).
CONTINUE_PHRASES = frozenset(LEXICON[Marker.CONTINUE]) | ADDING_OPENERS
_WORD_CHARS = 16  # how far before "more" its word is read
_STRIP = ",.!?;:'\"()[]-\u2018\u2019\u201c\u201d"


def embedded_continues(text: str, hits: Sequence[Hit]) -> tuple[Hit, ...]:
    """The CONTINUE hits of ``hits`` that do not open their sentence (see the module): each
    reads at most ``LEAD_WINDOW`` characters before it, so the scan is linear."""
    return tuple(
        hit
        for hit in hits
        if hit[0] == _CONTINUE
        and not _opens_sentence(text, hit[2])
        and not _asks_for_more(text, hit)
    )


def _asks_for_more(text: str, hit: Hit) -> bool:
    """Whether a hit asks for alternatives or more of the same wherever it stands: an
    ``ALTERNATIVE_ASKS`` phrase not after "or", or "more" right after a ``MORE_ASKERS`` word."""
    phrase = said_phrase(text, hit[2], hit[3])
    before = text[max(0, hit[2] - _WORD_CHARS) : hit[2]].casefold().split()
    word = before[-1].strip(_STRIP) if before else ""
    if phrase in ALTERNATIVE_ASKS:
        return word != "or"  # "cork bark fine or something else": one side of a choice
    return phrase == "more" and word in MORE_ASKERS


def _opens_sentence(text: str, start: int) -> bool:
    """Whether only ``CONTINUE_LEADS`` words stand between ``start`` and the opening of its
    sentence (the turn's start or a ``SENTENCE_ENDS`` character)."""
    low = max(0, start - LEAD_WINDOW)
    before = text[low:start]
    cut = max(before.rfind(end) for end in SENTENCE_ENDS)
    if cut < 0 and low > 0:
        return False  # a long run of words with no sentence end: inside a sentence
    for word in before[cut + 1 :].casefold().split():
        word = word.strip(_STRIP)
        if word and word not in CONTINUE_LEADS:
            return False
    return True


def asking_hits(features: TurnFeatures, config: Config) -> tuple[Hit, ...]:
    """The turn's hits that may decide its intent: no idle "again", no "break it down" that
    asks for a split (rule split-requests: "break it down per channel"), and in a question no
    CONTINUE marker that adds a question (rule also-questions: "Also, ...?") or stands inside
    the question's own words (rule embedded-continues: "how much more per month?")."""
    hits = tuple(without_idle_agains(features, config))
    if config.split_requests and (split := set(split_breakdowns(features.text, hits))):
        hits = tuple(hit for hit in hits if hit not in split)  # "break it down per region"
    if features.question:
        if config.also_questions:
            adding = set(adding_opener(features.text, hits, inside=config.short_follow_ups))
            hits = tuple(hit for hit in hits if hit not in adding)  # a set: linear
        if config.embedded_continues:
            inside = set(embedded_continues(features.text, hits))
            hits = tuple(hit for hit in hits if hit not in inside)
    return hits
