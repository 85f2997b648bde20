"""Dialogue cues of one turn's text, each defined once (SPEC-028 §3.3, §4.1).

These are read once per turn, when the turn is analysed (``features.analyse``); no rule reads
an earlier turn's text again. Every pattern here is a single forward scan: alternations of
literal words, bounded repeats and fixed-width lookarounds, with no nested unbounded repeat
that could backtrack.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from . import tokens
from .tokens import content_terms

__all__ = [
    "OPENING_CHARS",
    "addressed_name",
    "announces_after",
    "definite_terms",
    "definite_words",
    "in_a_place",
    "judges_an_option",
    "name_tokens",
    "names_a_place",
    "object_terms",
    "offers_something_else",
    "opens_turn",
    "proper_noun",
    "recaps_session",
    "resume_terms",
    "words_after",
]

# A judgement opens a turn ("that sounds great, book it"): read where it can open one.
_JUDGEMENT_CHARS = 300
# "Anything else I can help with?" closes a reply: read where it can close one.
_OPEN_OFFER_CHARS = 300
MAX_NAME_CHARS = 200

# "alice: ...", "alice, ...", "alice> ...", "@alice ..." at the start of a turn.
_ADDRESS = re.compile(r"\s*(?:@([^\s:,>]{1,200})|([^\s:,@>]{1,200})[:,>])")
# "Book a hotel there", "restaurants in that area": a place named before (SPEC-028 §4.1's
# entity reference, for places). "there" as a place, not "is there" / "there are".
_PLACE_WORDS = re.compile(
    r"\b(?:that|the|this|same) (?:area|city|place|town|location|neighbou?rhood)\b"
    r"|\b(?:nearby|near there|around there)\b"
    r"|(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbe )\bthere\b"
    r"(?!\s*(?:is|are|was|were|'s|\u2019s|be|will|won't|isn't|aren't|any|anything|something"
    r"|might|may|should|must|seems?)\b)",
    re.IGNORECASE,
)
# A capitalised word that does not start a sentence, and is not "I", "I'm", ...
_PROPER_NOUN = re.compile(r"(?<![.!?:\n])\s(?!I\b|I['\u2019])[A-Z][\w'\u2019-]")
# "in London", "around the Bay Area", "near Union Square".
_IN_A_PLACE = re.compile(r"\b(?:in|around|near)\s+(?:the\s+)?[A-Z]")
# "That sounds great", "I'd enjoy that", "that one works": the speaker judges an option.
# The word allowed between a verb and its judgement ("sounds really good"), but not a negation
# ("that is not good").
_INTENSIFIER = r"(?:(?!not\b|never\b|n['\u2019]t\b)\w+ )?"
_EVALUATION = re.compile(
    r"\b(?:sounds? " + _INTENSIFIER + r"(?:good|great|cool|perfect|nice|awesome|interesting|fine"
    r"|wonderful|fun|amazing|excellent|lovely)|(?:I'd|I would|I will|I'll) (?:really )?"
    r"(?:enjoy|like) (?:that|it)|works? (?:for me|perfect|great)|that one|I like (?:that|it"
    r"|the sound)|could work|that is good|very cool|sounds like)\b"
    r"|\b(?:that|it|this)(?: is|'s|\u2019s| seems| looks) " + _INTENSIFIER + r"(?:good|great|cool"
    r"|perfect|nice|awesome|fine|wonderful|excellent|lovely|what I want)\b"
    r"|^\W*(?:great|perfect|excellent|awesome|cool|nice|wonderful|fine)\b",
    re.IGNORECASE,
)
_ELSE = re.compile(r"\belse\b", re.IGNORECASE)
# Words that may be a speaker's name anywhere in a turn ("thanks alice", "not aimed at bob").
_NAME_TOKEN = re.compile(r"[^\s:,;!?.()\"'\u2019<>@]{3,}")
_CLAUSE_END = re.compile(r"[.?!;:\n,]|\s[-\u2013\u2014]\s")
_WORD_OVERRUN = 40  # past any word of a pattern, so \b sees the real next character


def names_a_place(text: str) -> bool:
    """Whether a turn points at a place named before ("a hotel there", "in that area")."""
    return _PLACE_WORDS.search(text) is not None


def in_a_place(text: str) -> bool:
    """Whether a turn puts something in a named place ("around Oakland")."""
    return _IN_A_PLACE.search(text) is not None


def proper_noun(text: str) -> bool:
    """Whether a turn names anything by a proper noun mid-sentence ("at Sony Hall")."""
    return _PROPER_NOUN.search(text) is not None


def judges_an_option(text: str) -> bool:
    """Whether a turn opens by judging an option ("that sounds great", "perfect!")."""
    found = _EVALUATION.search(text, 0, _JUDGEMENT_CHARS + _WORD_OVERRUN)
    return found is not None and found.start() < _JUDGEMENT_CHARS


def offers_something_else(text: str) -> bool:
    """Whether a turn closes by offering a new topic ("anything else I can help with?")."""
    return _ELSE.search(text, max(0, len(text) - _OPEN_OFFER_CHARS)) is not None


def addressed_name(text: str) -> tuple[str, int, int] | None:
    """The name a turn opens by addressing ("alice: ...", "@alice ..."), with its span."""
    match = _ADDRESS.match(text)
    if match is None:
        return None
    group = 1 if match.group(1) is not None else 2
    start, end = match.span(group)
    return match.group(group), start, end


def name_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """Words that may be a speaker's name anywhere in a turn, with their spans."""
    for token in _NAME_TOKEN.finditer(text):
        if token.end() - token.start() <= MAX_NAME_CHARS:  # longer than any name
            yield token.group(), token.start(), token.end()


def definite_words(text: str) -> Iterator[str]:
    """``definite_terms``, one at a time (a caller that stops early reads less)."""
    return tokens.definite_words(text)


def definite_terms(text: str) -> tuple[str, ...]:
    """Content words right after a definite determiner ("the song", "that rental car"), as
    entity terms: a definite noun phrase names something already known. One native call
    (``kernels.TermReader``); the reference reads text that is not ASCII."""
    return tokens.definite_terms(text)


def resume_terms(text: str, marker_end: int) -> tuple[str, ...]:
    """The content words after a resume marker ("back to etcd TLS, ..."), to its clause's
    end."""
    tail = text[marker_end : marker_end + 80]
    stop = _CLAUSE_END.search(tail)
    return tuple(content_terms(tail[: stop.start()] if stop else tail))


# A recap asks for a summary ...
_SUMMARY_WORDS = frozenset(
    [
        "summarise",
        "summarize",
        "summarising",
        "summarizing",
        "summary",
        "recap",
        "recapitulate",
        "overview",
    ]
)
_SUMMARY_PAIRS = frozenset((("sum", "up"), ("wrap", "up"), ("go", "over"), ("run", "through")))
_SUMMARY_PAIR_STARTS = frozenset(first for first, _ in _SUMMARY_PAIRS)
# ... of the whole session, not of the topic at hand ("summarise the query result").
_SESSION_WORDS = frozenset(["everything", "whole", "entire", "today", "session", "sessions"])
_SESSION_PAIRS = frozenset(
    (first, second)
    for first in ("this", "the", "our", "whole", "entire")
    for second in ("conversation", "chat", "discussion", "session", "thread", "threads")
) | frozenset(
    (("so", "far"), ("all", "topics"), ("all", "threads"), ("all", "we"), ("all", "that"))
)
_RECAP_CHARS = 300
# Each word a summary is asked with, or a shorter one inside it ("sum" in "summarise"): a
# turn that holds none of them as a substring holds none of those words.
_SUMMARY_NEEDLES = tuple(
    sorted(
        word
        for word in _SUMMARY_WORDS | _SUMMARY_PAIR_STARTS
        if not any(
            other != word and other in word for other in _SUMMARY_WORDS | _SUMMARY_PAIR_STARTS
        )
    )
)
_PUNCTUATION = "\"'()[]{}.,;:!?*-\u2019\u2018\u201c\u201d"


def recaps_session(text: str) -> bool:
    """Whether a turn asks for a summary of the whole session ("Please summarise everything
    we did today", "recap this conversation", "can you sum up what we covered so far?"):
    hybrid mode over every thread (SPEC-028 §8). Read in its opening characters."""
    folded = text[:_RECAP_CHARS].casefold()
    if not any(map(folded.__contains__, _SUMMARY_NEEDLES)):  # no Python frame per needle
        return False  # no summary word even inside another (most turns; issue 14)
    words = [word.strip(_PUNCTUATION) for word in folded.split()]
    if _SUMMARY_WORDS.isdisjoint(words) and _SUMMARY_PAIR_STARTS.isdisjoint(words):
        return False  # asks for no summary (most turns): no word pairs to build
    pairs = set(itertools.pairwise(words))
    pairs |= {(a, c) for a, _, c in zip(words, words[1:], words[2:], strict=False)}
    asks = not _SUMMARY_WORDS.isdisjoint(words) or not _SUMMARY_PAIRS.isdisjoint(pairs)
    return asks and (not _SESSION_WORDS.isdisjoint(words) or not _SESSION_PAIRS.isdisjoint(pairs))


# A topic announcement leads its turn: read where it can lead one.
OPENING_CHARS = 60
_SEPARATORS = frozenset(":-\u2013\u2014;,.!?()[]\"'*>")


def opens_turn(text: str, start: int, fillers: frozenset[str]) -> bool:
    """Whether a phrase found at ``start`` opens the turn: only punctuation, white space and
    ``fillers`` ("ok", "quick", "also") come before it ("OK, quick unrelated question: ...")."""
    if start > OPENING_CHARS:
        return False
    for word in text[:start].casefold().split():
        word = word.strip("".join(_SEPARATORS) + "\u2019\u2018")
        if word and word not in fillers:
            return False
    return True


def announces_after(text: str, end: int) -> bool:
    """Whether what follows an opening phrase makes it an announcement: a colon or dash
    ("Something else: ...", "Another thing - ..."), or the speaker going on to ask ("Something
    else I wanted to ask")."""
    if text[end : end + 1] == "-" and text[end + 1 : end + 2].isalnum():
        return False  # "a quick one-pot dinner": a hyphen inside a word is no dash
    tail = text[end : end + 12].lstrip(" \t")
    if not tail:
        return False
    if tail[0] in ":-\u2013\u2014":
        return True
    first = tail.split(maxsplit=1)[0].casefold().strip(",:")
    return first in ("i", "i'd", "i\u2019d", "i'm", "i\u2019m", "to", "for", "entirely")


def words_after(text: str, end: int) -> int:
    """How many words follow position ``end`` in the turn (counted up to 3)."""
    return len(text[end : end + 200].split()[:3])


_OBJECT_CHARS = 80


def object_terms(text: str, end: int) -> tuple[str, ...]:
    """The content words of the clause after a verb ("explain CSS grid to me?" -> css, grid):
    what an EXPLAIN verb asks about."""
    tail = text[end : end + _OBJECT_CHARS]
    stop = _CLAUSE_END.search(tail)
    return tuple(content_terms(tail[: stop.start()] if stop else tail))
