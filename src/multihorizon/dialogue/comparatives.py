"""Comparative references (ours, SPEC-028 §4.1 entity reference): "the cheaper blender",
"the lighter one", "the more expensive laptop" pick, among the things the conversation
offered, the one whose turn states the lowest or highest amount of the compared kind.

Rule entity-references. The things compared are the ones offered since the turn that named
the noun ("blender"), through the follow-ups that ask for alternatives ("anything more
affordable?"), up to a request about something new ("I need a toaster too"); with no noun
("the lighter one") every turn within the window that states such an amount competes. Every
read is of the log's columns (terms, features): no earlier turn's text is scanned twice.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace

from ..text.quantities import COMPARATIVES, DEGREE_WORDS, comparative_words
from ..text.tokens import STOPWORDS, normalise_term, words
from .definite_mentions import resolve_definite
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = ["comparative_mentions", "resolve_comparative"]


def _words(spaced: str) -> frozenset[str]:
    """A word list written as prose-like text."""
    return frozenset(spaced.split())


# Nouns that name no kind of thing ("the cheaper one", "the bigger place", "the pricier
# option"): the comparison runs over everything offered.
_ANY_THING = _words(
    """
    one ones option options choice choices pick picks thing things model models version
    versions place places deal deals alternative alternatives kind
    """
)
# Words of a user turn that keep comparing rather than ask about something new ("is there
# something more affordable?", "any Android alternative?", "compare that with Bitwarden").
_KEEPS_COMPARING = _words(
    """
    alternative alternatives instead else other others compare compared comparison cheaper
    affordable pricier budget option options versus vs
    """
)
_MAX_MENTIONS = 2
_MAX_STARTS = 4  # turns naming the noun a comparison may start from
# "what's the biggest?", "that's the cheapest": the comparative is what the turn asks for or
# states, not a thing it refers to.
_COPULAS = _words("is are was were s")
_ASKING = _words("what which who that it this")
# Substrings every comparative holds: most turns hold none and cost one scan each.
_STEMS = tuple(_words("cheap pric expens afford light heav bigg larg small cost dear"))


def comparative_mentions(text: str) -> list[Mention]:
    """ "the" + a comparative (+ the noun it describes): "the cheaper blender", "the more
    expensive one". ``terms``: the comparative's key in ``quantities.COMPARATIVES`` and
    the noun's term when it names a kind of thing. Empty for most turns: the words are read
    only when the text holds "the"."""
    folded_text = text.casefold()
    if "the " not in folded_text or not any(map(folded_text.__contains__, _STEMS)):
        return []
    tokens = words(text)
    folded = [token.casefold() for token in tokens]
    found: list[Mention] = []
    cursor = 0
    starts: list[int] = []  # each token's offset, found on demand
    for index, word in enumerate(folded[:-1]):
        if word != "the":
            continue
        second = folded[index + 2] if index + 2 < len(folded) else ""
        key, span = comparative_words(folded[index + 1], second)
        if not span or _asks_which(folded, index):
            continue
        after = index + 1 + span
        noun = folded[after] if after < len(folded) else ""
        terms = [key]
        if noun and noun not in STOPWORDS and noun not in _ANY_THING:
            terms.append(normalise_term(noun))
        names_noun = noun and (noun in _ANY_THING or noun not in STOPWORDS)
        last = after if names_noun else after - 1
        while len(starts) <= last:
            cursor = text.find(tokens[len(starts)], cursor)
            starts.append(cursor)
            cursor += len(tokens[len(starts) - 1])
        start, end = starts[index], starts[last] + len(tokens[last])
        found.append(Mention("entity", text[start:end], start, end, terms=tuple(terms)))
        if len(found) == _MAX_MENTIONS:
            break
    return found


def _asks_which(folded: Sequence[str], the: int) -> bool:
    """Whether the "the" at ``the`` follows "what is", "which are", "that's": a predicate."""
    return the >= 2 and folded[the - 1] in _COPULAS and folded[the - 2] in _ASKING


def resolve_comparative(
    mention: Mention, log: TurnLog, now: int, window: int, *, users_words: bool = False
) -> Reference:
    """The turn stating the lowest (or highest) amount of the compared kind among the turns
    that offered the things compared (see the module's docstring); unresolved when no turn
    states one. With ``users_words`` (rule entity-forms) a request is about something new
    when it names a word no user turn since the start named: "What grinder would go with the
    Gaggia?" asks for something new though the reply before mentioned "a built-in
    grinder"."""
    kinds, sign = COMPARATIVES[mention.terms[0]]
    floor = max(0, now - window)
    noun = mention.terms[1] if len(mention.terms) > 1 else ""
    if noun:
        # From each turn naming the noun, latest first ("either phone" names it last, in a
        # reply about a case): the first stretch stating two amounts, else the latest.
        starts = _naming_turns(noun, log, now, floor)
        segments = [
            (first, _compared_until(first, log, now, users_words)) for first in reversed(starts)
        ]
        for first, until in reversed(segments):
            turn = _extreme(range(first, until), kinds, sign, log, at_least=2)
            if turn is not None:
                return Reference(
                    mention.type, mention.surface, mention.start, mention.end, turn, confidence=0.6
                )
        segments = (
            segments[-1:] if segments else [(floor, _compared_until(floor, log, now, users_words))]
        )
    else:
        # The latest things compared together: a part of the window stating two amounts at
        # least ("the lighter one" after two laptops and a monitor); else the whole window
        # ("the pricier one" after "Tell me about the Dyson" ... "How about the Shark?").
        # (A request's new words are read over every turn here: not the user's only, which
        # would read each word's postings over the whole window.)
        segments = [(floor, now), *_segments(floor, log, now, False)]
    for first, until in reversed(segments):
        turn = _extreme(range(first, until), kinds, sign, log, at_least=1 if noun else 2)
        if turn is not None:
            return Reference(
                mention.type, mention.surface, mention.start, mention.end, turn, confidence=0.6
            )
    turn = _extreme(range(floor, now), kinds, sign, log, at_least=1) if not noun else None
    if turn is None and users_words:
        return _said_in_words(mention, log, now, window)
    confidence = 0.0 if turn is None else 0.6
    return Reference(
        mention.type, mention.surface, mention.start, mention.end, turn, confidence=confidence
    )


def _said_in_words(mention: Mention, log: TurnLog, now: int, window: int) -> Reference:
    """Rule entity-forms: with no amounts to compare, the turn that says the comparative
    itself, or another form of it, of the thing ("the lighter boot": "the Merrell Moab 3 Mid
    is lighter and cheaper"), found as "the lighter boot" would be (``resolve_definite``)."""
    words = tuple(word for word in mention.terms[0].split() if word not in DEGREE_WORDS)
    said = Mention(mention.type, mention.surface, mention.start, mention.end, words)
    found = resolve_definite(
        said, mention.terms[1:], log, now, window,
        answers_hold_details=True, other_forms=True, replies_first=True,
    )  # fmt: skip
    return found if found.target_turn is not None else replace(found, confidence=0.0)


def _extreme(
    turns: range, kinds: Sequence[str], sign: int, log: TurnLog, at_least: int
) -> int | None:
    """The turn of ``turns`` stating the extreme amount (``sign``) of one of ``kinds``: of the
    kind most of them state ("bigger": screen inches, not storage); the earliest on a tie.
    None when fewer than ``at_least`` amounts of the kind compete."""
    by_kind: dict[str, list[tuple[float, int]]] = {}
    features = log.features
    for turn in turns:
        for kind, value in features[turn].amounts:
            if kind in kinds:
                by_kind.setdefault(kind, []).append((sign * value, turn))
    if not by_kind:
        return None
    kind = max(by_kind, key=lambda name: (len({turn for _, turn in by_kind[name]}), name))
    if len(by_kind[kind]) < at_least:
        return None
    return max(by_kind[kind], key=lambda pair: (pair[0], -pair[1]))[1]


def _segments(floor: int, log: TurnLog, now: int, users_words: bool) -> list[tuple[int, int]]:
    """The window cut at each request about something new: the things compared together."""
    segments: list[tuple[int, int]] = []
    first = floor
    while first < now:
        until = _compared_until(first, log, now, users_words)
        segments.append((first, until))
        first = until
    return segments


def _naming_turns(noun: str, log: TurnLog, now: int, floor: int) -> list[int]:
    """The turns within the window naming ``noun``, oldest first (at most ``_MAX_STARTS``)."""
    postings = log.turns_mentioning(noun)
    cut = bisect_left(postings, now)
    first = max(bisect_left(postings, floor), cut - _MAX_STARTS)
    return [int(turn) for turn in postings[first:cut]]


def _compared_until(first: int, log: TurnLog, now: int, users_words: bool) -> int:
    """The first user turn after ``first`` that asks about something new: it asks for
    something, names a word no turn since ``first`` named, and keeps no comparison going."""
    for turn in range(first + 1, now):
        if log.roles[turn] != "user":
            continue
        features = log.features[turn]
        if not (features.asks_for or features.adds):
            continue
        terms = log.entities[turn]
        if any(term in _KEEPS_COMPARING for term in terms):
            continue
        if any(_new_since(term, first, turn, log, users_words) for term in terms):
            return turn
    return now


def _new_since(term: str, first: int, turn: int, log: TurnLog, users_words: bool) -> bool:
    """Whether no turn in [first, turn) named ``term`` (with ``users_words``: no user turn,
    over at most ``_MAX_READ`` of them)."""
    postings: Sequence[int] = log.turns_mentioning(term)
    cut = bisect_left(postings, first)
    if not users_words:
        return cut >= len(postings) or postings[cut] >= turn
    roles = log.roles
    for position in range(cut, min(len(postings), cut + _MAX_READ)):
        if postings[position] >= turn:
            return True
        if roles[postings[position]] == "user":
            return False
    return cut + _MAX_READ >= len(postings)


_MAX_READ = 64
