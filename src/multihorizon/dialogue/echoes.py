"""Two forms of issue 15 item 1 that read a turn's opening words (SPEC-028 §5.2 CLARIFY, §3.3
new threads): a term of an earlier reply asked back ("Fret buzz?", "Kettle stitch,
meaning?", "Natural release means I just wait?", rule echo-clarifications) and a topic
announcement put as a request for leave ("Can I ask you about something else?", rule
asked-announcements). The words are data (``text.topic_clause_words``); each function reads
only the turn's own text, word by word: linear, no regex."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..text.lexicon import LEXICON, OPENING_FILLERS, Marker
from ..text.term_frames import FRAME_LINKS, FRAME_TAILS, FRAME_TERM_WORDS
from ..text.tokens import content_terms
from ..text.topic_clause_words import (
    CLAUSE_OPENERS,
    ECHO_BLOCKERS,
    ECHO_CLOSERS,
    ECHO_FILLERS,
    ECHO_HEDGES,
    ECHO_LINKS,
    ECHO_STRIP,
    ECHO_TAILS,
    OTHER_TOPIC_OPENERS,
    PERMISSION_ASKERS,
    PERMISSION_TAILS,
    TERM_ARTICLES,
)
from ..text.turn_text import CLAUSE_MARKS

__all__ = [
    "ECHO_CHARS",
    "after_reaction",
    "asks_leave_to_move_on",
    "echo_words",
    "echoed_term",
]

# A term asked back is short: the hand-written sets' longest is 56 characters
# ("time-driven trigger, meaning it just runs on a schedule?").
ECHO_CHARS = 64
# A term is a name of a few words ("dvla check code"), not a clause.
_TERM_WORDS = 4
# An echoed term's clause ends at a clause mark or the question's "?" ("Kettle stitch,
# meaning?"): no "." or "!", as the rule has always read it; the native settle reads the same
# set (``echo_words``), so the two stay one definition.
_CLAUSE_ENDS = CLAUSE_MARKS + "?"
_DASHES = frozenset(("-", "\u2013", "\u2014"))
# Fillers that take the next word with them ("hang on", "hold on").
_PAIR_FILLERS = frozenset(("hang", "hold"))
# Topic openers that say by themselves the topic is another one ("something else",
# "different"); "quick question" asks on.
_LEAVING_OPENERS = OTHER_TOPIC_OPENERS | frozenset(CLAUSE_OPENERS)
# How far after the announcing phrase its question may end ("... about something else for a
# sec?"), in words, and how many words before it the request for leave may take ("Can I
# pick your brain on something else?").
_AFTER_WORDS = 4
_BETWEEN_WORDS = 6
_NEW_TOPICS = frozenset(LEXICON[Marker.NEW_TOPIC])


def _words(text: str) -> list[str]:
    return text.casefold().replace("\u2019", "'").split()


def _ends_clause(token: str) -> bool:
    bare = token.rstrip("\"')\u201d\u2019*")
    return bool(bare) and bare[-1] in _CLAUSE_ENDS


_WIDE_LINKS = ECHO_LINKS + FRAME_LINKS
_WIDE_TAILS = ECHO_TAILS | FRAME_TAILS
Links = Mapping[str, tuple[tuple[str, ...], ...]]


def _by_first_word(links: tuple[tuple[str, ...], ...]) -> Links:
    """``links`` by their first word, each word's in the table's order."""
    found: dict[str, list[tuple[str, ...]]] = {}
    for link in links:
        found.setdefault(link[0], []).append(link)
    return {first: tuple(phrases) for first, phrases in found.items()}


# Looked up by the word at each place (issue 14): a question's every word was compared with
# every link, a slice of stripped words built per link.
_LINKS = _by_first_word(ECHO_LINKS)
_WIDE_LINKS_BY_FIRST = _by_first_word(_WIDE_LINKS)


def _link_at(bare: list[str], index: int, links: Links) -> int:
    """The length of the first phrase of ``links`` (the table's order) that the stripped
    words ``bare`` hold at ``index`` (0: none)."""
    if index >= len(bare):
        return 0
    for link in links.get(bare[index], ()):
        if tuple(bare[index : index + len(link)]) == link:
            return len(link)
    return 0


def echoed_term(text: str, wide: bool = False) -> tuple[str, ...]:
    """The content words of a term a short question asks back (rule echo-clarifications):
    the term alone ("Fret buzz?", "Wait, 'proud'?"), before a guess at its meaning ("Natural
    release means I just wait?", "Backfill, you mean the old rows?") or before a tail that
    asks what it is (``ECHO_TAILS``: "Float pin, what's that?", "Kettle stitch, meaning?").
    () for any other turn. The caller checks that a reply used the words. ``wide`` (rule
    term-frames): the ``term_frames`` links and tails too ("hot mud?? like heated?",
    "valley and mountain fold, what's the difference?"), a term of up to
    ``FRAME_TERM_WORDS`` words, a bare "how" after a term without "?" ("richer how")."""
    links = _WIDE_LINKS_BY_FIRST if wide else _LINKS
    tails = _WIDE_TAILS if wide else ECHO_TAILS
    most = FRAME_TERM_WORDS if wide else _TERM_WORDS
    if len(text) > ECHO_CHARS:
        return ()
    words = _words(text)
    # "richer how" (rule term-frames): a bare "how" after a term of content words only.
    bare_how = wide and "?" not in text and len(words) > 1 and words[-1].strip(ECHO_STRIP) == "how"
    if not (bare_how or text.rstrip().endswith("?")):
        return ()
    if bare_how:
        words = words[:-1]
    stripped = [word.strip(ECHO_STRIP) for word in words]  # what the links are compared with
    index = 0
    while index < len(words) and words[index].strip(ECHO_STRIP) in ECHO_FILLERS:
        index += 2 if words[index].strip(ECHO_STRIP) in _PAIR_FILLERS else 1
    term: list[str] = []
    ended = linked = False
    while index < len(words) and len(term) < most:
        if term and (span := _link_at(stripped, index, links)):
            index, linked = index + span, True
            break
        token = words[index]
        index += 1
        if token in _DASHES:
            ended = bool(term)
            if ended:
                break
            continue
        bare = token.strip(ECHO_STRIP)
        if bare:
            term.append(bare)
        if _ends_clause(token):
            ended = True
            break
    ended = ended or (bare_how and index == len(words))
    if not term or term[0] in ECHO_BLOCKERS or not (ended or linked):
        return ()
    if bare_how and (linked or len(content_terms(" ".join(term))) != len(term)):
        return ()
    rest = [word.strip(ECHO_STRIP) for word in words[index:]]
    rest = [word for word in rest if word]
    if rest and not linked:
        if (span := _link_at(stripped, index, links)) == 0:
            tail = " ".join(word for word in rest if word not in ECHO_HEDGES)
            if tail not in tails:
                return ()
    elif not (rest or linked or bare_how) and not words[-1].rstrip(ECHO_CLOSERS).endswith("?"):
        return ()
    if term[0] in TERM_ARTICLES:
        term = term[1:]
    terms = tuple(content_terms(" ".join(term)))
    return terms if 0 < len(terms) <= _TERM_WORDS else ()


def echo_words(wide: bool) -> tuple[Any, ...]:
    """What ``echoed_term`` reads, as data for the native settle (``_settle_py.EchoGates``):
    the longest turn, the most words of a term, the fillers (and those that take the next
    word), blockers, links, tails, hedges, what is stripped off a word, the characters that
    end a clause and the closers after them, and whether a bare "how" ends a term (``wide``:
    rule term-frames)."""
    return (
        ECHO_CHARS,
        FRAME_TERM_WORDS if wide else _TERM_WORDS,
        ECHO_FILLERS,
        _PAIR_FILLERS,
        ECHO_BLOCKERS,
        _WIDE_LINKS if wide else ECHO_LINKS,
        _WIDE_TAILS if wide else ECHO_TAILS,
        ECHO_HEDGES,
        ECHO_STRIP,
        _CLAUSE_ENDS,
        ECHO_CLOSERS,
        wide,
    )


def asks_leave_to_move_on(text: str, start: int, end: int) -> bool:
    """Whether an announcing phrase at ``start:end`` ("something else", "unrelated",
    "different") sits in a request for leave that opens the turn (rule asked-announcements):
    "Can I ask you about something else?", "Mind if I switch to a different thing?", "Could
    I ask an unrelated question?". The request (``PERMISSION_ASKERS``) opens the turn's
    first sentence, at most ``_BETWEEN_WORDS`` words before the phrase, and its question ends
    at most ``_AFTER_WORDS`` words after it with no topic named there (only
    ``PERMISSION_TAILS``: "Can I ask something else about the tank?" asks on)."""
    phrase = " ".join(_words(text[start:end]))
    if phrase not in _LEAVING_OPENERS and phrase not in _NEW_TOPICS:
        return False
    head = _words(text[:start])
    asker = next(
        (
            offset
            for offset in range(min(len(head), 4))
            for asks in PERMISSION_ASKERS
            if tuple(word.strip(ECHO_STRIP) for word in head[offset : offset + len(asks)]) == asks
        ),
        -1,
    )
    if asker < 0 or len(head) - asker > _BETWEEN_WORDS + 3:
        return False
    if any(token.strip(ECHO_STRIP) not in OPENING_FILLERS for token in head[:asker]):
        return False  # "Why can I not ...": the request does not open the turn
    if any(token.rstrip("\"')")[-1:] in ".?!" for token in head[asker:]):
        return False  # the phrase lies in a later sentence
    after = text[end:]
    stop = min((after.find(mark) for mark in "?:" if mark in after), default=-1)
    if stop < 0:
        return False
    between = [word.strip(ECHO_STRIP) for word in after[:stop].casefold().split()]
    between = [word for word in between if word]
    return len(between) <= _AFTER_WORDS and PERMISSION_TAILS.issuperset(between)


# A reaction before an announcement is short ("Ha, enough bread.", "Thanks, that helps!",
# "Perfect."): at most this many words, ending within this many characters.
_REACTION_WORDS = 6
_REACTION_CHARS = 48


def after_reaction(text: str) -> int:
    """Where the sentence after a short opening reaction starts (rule
    reaction-announcements: "Ha, enough bread. Personal thing: ..."), or -1: the first
    sentence ends at "." or "!" within ``_REACTION_CHARS`` characters, asks nothing and has
    at most ``_REACTION_WORDS`` words; some text follows it."""
    for index, char in enumerate(text[:_REACTION_CHARS]):
        if char == "?":
            return -1
        if char in ".!" and (index + 1 == len(text) or text[index + 1].isspace()):
            if len(text[:index].split()) > _REACTION_WORDS:
                return -1
            rest = index + 1
            while rest < len(text) and text[rest].isspace():
                rest += 1
            return rest if rest < len(text) else -1
    return -1
