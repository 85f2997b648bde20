"""A turn's features, computed once when the turn is analysed (SPEC-028 §3.1, §4.1, §5.2).

``analyse`` reads a turn's text once: one marker-matcher pass, its content words, and every
cue a later rule asks about (is it a question, a request, an acknowledgement, does it offer
or judge an option, does it name a place). The turn log keeps the record beside the turn, so
no rule reads an earlier turn's text again: the rules that look back read these columns.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import cues
from .intent import is_question
from .lexicon import Lexicon, Marker
from .references import asks_for_something, enumeration_items, is_request, offers_an_option
from .text import content_terms

__all__ = ["Hits", "TurnFeatures", "analyse"]

Hits = tuple[tuple[int, int, int, int], ...]  # (category, pattern, start, end) per marker hit

_ANAPHOR = int(Marker.ANAPHOR)
_RESUME = int(Marker.RESUME)
# A follow-up is a short question: a longer turn is a topic of its own, for the pronoun chain
# and for the place a place word points to (SPEC-028 §4.2 refinements, see rules.py).
FOLLOW_UP_CHARS = 500
SHORT_TURN_CHARS = 4 * FOLLOW_UP_CHARS


@dataclass(frozen=True, slots=True)
class TurnFeatures:
    """What the rules need to know about one turn's text."""

    hits: Hits
    terms: tuple[str, ...]  # distinct normalised content words, in order
    question: bool  # a question or a request for information (``intent.is_question``)
    acknowledgement: bool  # only a backchannel ("ok thanks")
    anaphor: bool  # a pronoun that points back ("it", "its")
    short: bool  # at most FOLLOW_UP_CHARS characters
    definite_terms: tuple[str, ...]  # words of its definite noun phrases ("the song")
    opening_name: tuple[str, int, int] | None  # the name it opens by addressing ("alice: ")
    resume_terms: tuple[str, ...]  # the words after its first resume marker ("back to etcd")
    # User turns: an actionable request ("do it again" points to it); asks for something.
    request: bool = False
    asks_for: bool = False
    # Replies: offers an option ("How about Alien?"); its last enumeration's items.
    offers: bool = False
    enumeration: tuple[str, ...] = ()
    # A question that closes by offering a new topic ("anything else?").
    open_offer: bool = False
    # Places: puts something in a named place; names anything by a proper noun (short turns).
    in_a_place: bool = False
    proper_noun: bool = False
    # Points at a place named before ("there"); judges an option ("sounds great").
    names_place: bool = False
    judgement: bool = False

    def has(self, marker: Marker) -> bool:
        """Whether a marker of this category hit."""
        kind = int(marker)
        return any(hit[0] == kind for hit in self.hits)


def analyse(text: str, role: str, lexicon: Lexicon, *, analysis: bool = False) -> TurnFeatures:
    """Every feature of one validated turn's text, read once. The place and judgement cues
    feed only the antecedent analysis (``Config.antecedents``): without it they stay False."""
    hits = tuple(lexicon.scan(text))
    question = is_question(text)
    short_turn = len(text) <= SHORT_TURN_CHARS
    user = role == "user"
    return TurnFeatures(
        hits=hits,
        terms=tuple(content_terms(text)),
        question=question,
        acknowledgement=lexicon.acknowledgement_only(text, list(hits)),
        anaphor=any(hit[0] == _ANAPHOR for hit in hits),
        short=len(text) <= FOLLOW_UP_CHARS,
        definite_terms=cues.definite_terms(text),
        opening_name=cues.addressed_name(text),
        resume_terms=next(
            (cues.resume_terms(text, end) for kind, _, _, end in hits if kind == _RESUME), ()
        ),
        request=user and is_request(text),
        asks_for=user and asks_for_something(text),
        offers=not user and offers_an_option(text),
        enumeration=() if user else enumeration_items(text),
        open_offer=question and cues.offers_something_else(text),
        in_a_place=analysis and short_turn and cues.in_a_place(text),
        proper_noun=analysis and short_turn and cues.proper_noun(text),
        names_place=analysis and short_turn and cues.names_a_place(text),
        judgement=analysis and cues.judges_an_option(text),
    )
