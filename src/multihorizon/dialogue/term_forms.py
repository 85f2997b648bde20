"""Questions about a term a recent reply used, in four forms people put them (rules
versus-asks, role-asks, pointed-asks and lost-part-terms, SPEC-028 §5.2 CLARIFY, issue 15 item
1): "ammonia vs nitrite, whats the actual difference?" when the reply named both; "Could you
clarify the role of the tower captain?"; "sticking the landing, how does that look, I always
wobble" or "the s in c'est, what is it doing there"; "i dont get the escrow bit, is it a bank
account?". Each holds in an assistant chat of two, right after a reply, when one of the last
three replies named the term and no user turn since did, and only on a turn with one of
``Marker.PLAIN_CLARIFY``'s phrases (``term_form_words.TERM_FORM_PHRASES``: the native settle
hands such a turn on). Reads the turn's words once each: linear, no regex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.term_form_words import (
    DIFFERENCE_WORDS,
    LOST_LEADS,
    LOST_PARTS,
    OBJECTIONS,
    POINTED_ASKS,
    ROLE_FRAMES,
    VERSUS_WORDS,
    WHY_OPENERS,
)
from ..text.tokens import content_terms
from ..text.topic_clause_words import ECHO_CLOSERS, ECHO_FILLERS, ECHO_STRIP
from .meaning_asks import reply_brought

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = [
    "LOST", "POINTED", "ROLE", "VERSUS", "asks_a_role", "asks_about_a_lost_part",
    "asks_back_pointed", "asks_versus", "clause_ends_at", "form_term", "form_words",
    "objected_claim", "objects_to_the_reply", "reads_a_form", "reply_named", "term_form",
]  # fmt: skip

# A question about a term of the reply is short; a longer turn says more of its own.
_FORM_CHARS = 120
# A term is a name of a few content words ("the tower captain", "ISO 400").
_TERM_WORDS = 4
_CLAUSE_ENDS = ",;:.!?"
# What makes the term the user's own ("my batter, how does it look?").
_OWN = frozenset(("my", "our", "mine", "ours", "i", "i'm", "we", "me", "us", "myself"))

# The replies a term may come from, the latest first ("the pyramid, how does that look"
# a turn after the reply that built it).
_REPLIES = 3

VERSUS, ROLE, POINTED, LOST = "versus", "role", "pointed", "lost"


def form_words(text: str) -> tuple[list[str], list[str]]:
    """The turn's tokens, case-folded, and its words (``ECHO_STRIP`` off each token)."""
    tokens = text.casefold().replace("\u2019", "'").split()
    return tokens, [token.strip(ECHO_STRIP) for token in tokens]


def clause_ends_at(token: str) -> bool:
    """Whether a token closes its clause (",;:.!?" before any closing quote or bracket)."""
    return token.rstrip(ECHO_CLOSERS)[-1:] in _CLAUSE_ENDS


def form_term(words: list[str]) -> tuple[str, ...]:
    """The content words of a term of at most ``_TERM_WORDS``, () when it is the user's own."""
    if not _OWN.isdisjoint(words):
        return ()
    terms = (*content_terms(" ".join(words)), *(word for word in words if _figure(word)))
    return terms if 0 < len(terms) <= _TERM_WORDS else ()


def _figure(word: str) -> bool:
    """Whether a word writes a figure ("400", "4:1"): content words leave figures out."""
    return any(char.isdigit() for char in word)


def _versus(tokens: list[str], words: list[str]) -> list[tuple[str, ...]]:
    """The two terms of "X vs Y, ... difference ..." in the turn's first clause ("ammonia vs
    nitrite, whats the actual difference?"): X from the clause's start (fillers aside), Y up
    to its end, one of ``DIFFERENCE_WORDS`` after them."""
    start = 0
    while start < len(words) and words[start] in ECHO_FILLERS:
        start += 1
    for index in range(start, len(tokens)):
        if words[index] in VERSUS_WORDS and index > start:
            end = index + 1
            while end < len(tokens) and not clause_ends_at(tokens[end]):
                end += 1
            if DIFFERENCE_WORDS.isdisjoint(words[end:]) and DIFFERENCE_WORDS.isdisjoint(
                words[index + 1 : end + 1]
            ):
                return []
            left, right = form_term(words[start:index]), form_term(words[index + 1 : end + 1])
            return [left, right] if left and right else []
        if clause_ends_at(tokens[index]):
            return []
    return []


def _role(words: list[str]) -> list[tuple[str, ...]]:
    """The term after a ``ROLE_FRAMES`` frame that follows "clarify" or "explain" ("could
    you clarify the role of the tower captain?"), up to the clause's end."""
    for index, word in enumerate(words):
        if word not in ("clarify", "explain"):
            continue
        for frame in ROLE_FRAMES:
            stop = index + 1 + len(frame)
            if tuple(words[index + 1 : stop]) == frame:
                term = form_term(words[stop : stop + _TERM_WORDS + 2])
                return [term] if term else []
    return []


def _pointed(tokens: list[str], words: list[str]) -> list[tuple[str, ...]]:
    """The term in the clause before a ``POINTED_ASKS`` ask that points back at it ("stir
    until ribbony, how does that look"): the turn's first clause, the ask opening the next."""
    first = 0
    while first < len(tokens) and not clause_ends_at(tokens[first]):
        first += 1
    at = first + 1
    if first == 0 or not any(tuple(words[at : at + len(ask)]) == ask for ask in POINTED_ASKS):
        return []
    term = form_term(words[:at])
    return [term] if term else []


def _lost(words: list[str]) -> list[tuple[str, ...]]:
    """The term a lost part names ("i dont get the escrow bit", "didnt catch the float
    part"): after one of ``LOST_LEADS``, up to one of ``LOST_PARTS`` at most
    ``_TERM_WORDS`` words on."""
    for index, word in enumerate(words):
        if word not in _LOST_FIRST:
            continue
        for lead in LOST_LEADS:
            start = index + len(lead)
            if tuple(words[index:start]) != lead:
                continue
            for end in range(start + 1, min(start + _TERM_WORDS + 1, len(words))):
                if words[end] in LOST_PARTS:
                    term = form_term(words[start:end])
                    return [term] if term else []
            return []
    return []


_LOST_FIRST = frozenset(lead[0] for lead in LOST_LEADS)


def term_form(text: str) -> tuple[str, list[tuple[str, ...]]]:
    """The form of a short question about a term (``VERSUS``, ``ROLE`` or ``LOOK``) and the
    terms it asks about; ("", []) for any other turn."""
    if len(text) > _FORM_CHARS:
        return "", []
    tokens, words = form_words(text)
    if terms := _versus(tokens, words):
        return VERSUS, terms
    if terms := _role(words):
        return ROLE, terms
    if terms := _pointed(tokens, words):
        return POINTED, terms
    if terms := _lost(words):
        return LOST, terms
    return "", []


def objected_claim(text: str) -> list[str]:
    """The words of a claim a "why" question objects to ("why does a new key mean a remount,
    it's the same component" -> "does a new key mean a remount"): the turn opens (after
    ``ECHO_FILLERS``) with one of ``WHY_OPENERS`` and one of ``OBJECTIONS`` stands after the
    opener's next word; the claim runs to the first clause end or objection. [] for any
    other turn."""
    if len(text) > _FORM_CHARS:
        return []
    tokens, words = form_words(text)
    start = 0
    while start < len(words) and words[start] in ECHO_FILLERS:
        start += 1
    opener = next(
        (len(form) for form in WHY_OPENERS if tuple(words[start : start + len(form)]) == form), 0
    )
    if not opener:
        return []
    first = end = start + opener
    while end < len(tokens):
        if end > first and _objects(words, end):
            return words[first:end]  # "why does X mean Y it's the same Z"
        end += 1
        if clause_ends_at(tokens[end - 1]):
            break  # the claim's clause ends with this word
    if end > first and any(_objects(words, at) for at in range(end, len(words))):
        return words[first:end]  # "why X, it's the same Y"
    return []


def _objects(words: list[str], at: int) -> bool:
    """Whether one of ``OBJECTIONS`` starts at ``words[at]``."""
    return words[at] in _OBJECTION_FIRST and any(
        tuple(words[at : at + len(objection)]) == objection for objection in OBJECTIONS
    )


_OBJECTION_FIRST = frozenset(objection[0] for objection in OBJECTIONS)
# A claim restates a reply: at least this many of its content words, and half, a recent
# reply's (a word sharing its first four letters with one of the reply's counts).
_CLAIM_WORDS = 2
_STEM_CHARS = 4


def objects_to_the_reply(context: DialogueContext, features: TurnFeatures) -> bool:
    """Rule why-objections: a "why" question put to a recent reply's own claim, with an
    objection after it ("why does a new key mean a remount, it's the same component", "how
    come the bishop goes before e3, its the same piece"): the claim's words
    (``objected_claim``) restate one of the last ``_REPLIES`` replies, and none is the user's
    own ("why is my glass black, it's the same wood")."""
    if not reads_a_form(context, features, context.config.why_objections):
        return False
    claim = objected_claim(features.text)
    if not claim or not _OWN.isdisjoint(claim):
        return False
    checked = (*content_terms(" ".join(claim)), *(word for word in claim if _figure(word)))
    log, seen = context.log, 0
    for turn in range(len(log) - 1, -1, -1):
        if log.roles[turn] != "assistant":
            continue
        said = set(log.features[turn].terms)
        said.update(word for word in form_words(log[turn].content)[1] if _figure(word))
        stems = {word[:_STEM_CHARS] for word in said if len(word) >= _STEM_CHARS}
        shared = sum(
            word in said or (len(word) >= _STEM_CHARS and word[:_STEM_CHARS] in stems)
            for word in checked
        )
        if shared >= _CLAIM_WORDS and 2 * shared >= len(checked):
            return True
        seen += 1
        if seen == _REPLIES:
            break
    return False


def reads_a_form(context: DialogueContext, features: TurnFeatures, switch: bool) -> bool:
    """Whether a rule of the forms reads the turn: its switch on, right after a reply in an
    assistant chat of two, the turn holding one of ``Marker.PLAIN_CLARIFY``'s phrases."""
    log = context.log
    return (
        switch
        and len(log) > 0
        and log.roles[-1] == "assistant"
        and features.has(Marker.PLAIN_CLARIFY)
        and not context.speakers.multi_party(context.config)
        and not context.peer_dialogue()
    )


def reply_named(context: DialogueContext, terms: list[tuple[str, ...]]) -> bool:
    """Whether one of the last ``_REPLIES`` assistant replies named each term and no user
    turn since named one of them (the reply's term asked back, not the user's own)."""
    log = context.log
    replies: list[tuple[str, ...]] = []
    since: list[tuple[str, ...]] = []
    for turn in range(len(log) - 1, -1, -1):
        if len(replies) == _REPLIES:
            break
        if log.roles[turn] == "assistant":
            figures = (word for word in form_words(log[turn].content)[1] if _figure(word))
            replies.append((*log.features[turn].terms, *figures))
        elif log.roles[turn] == "user":
            since.append(tuple(log.features[turn].terms))
    for term in terms:
        if not any(reply_brought(term, said) for said in replies):
            return False
        if any(set(term) <= set(said) for said in since):
            return False
    return True


def _asks(context: DialogueContext, features: TurnFeatures, form: str, switch: bool) -> bool:
    if not reads_a_form(context, features, switch):
        return False
    found, terms = term_form(features.text)
    if found == VERSUS and not features.question:
        return False  # "zone 2 vs zone 3, the difference is huge" asks nothing
    return found == form and reply_named(context, terms)


def asks_versus(context: DialogueContext, features: TurnFeatures) -> bool:
    """Rule versus-asks: "X vs Y, what's the difference?" where the reply just before named
    both X and Y (two new things the reply did not name: DRILL_DOWN)."""
    return _asks(context, features, VERSUS, context.config.versus_asks)


def asks_a_role(context: DialogueContext, features: TurnFeatures) -> bool:
    """Rule role-asks: "could you clarify the role of X?" where the reply just before named X."""
    return _asks(context, features, ROLE, context.config.role_asks)


def asks_back_pointed(context: DialogueContext, features: TurnFeatures) -> bool:
    """Rule pointed-asks: "X, how does that look", "X, what is it doing there" where a recent
    reply said X."""
    return _asks(context, features, POINTED, context.config.pointed_asks)


def asks_about_a_lost_part(context: DialogueContext, features: TurnFeatures) -> bool:
    """Rule lost-part-terms: "i dont get the X bit, ..." where a recent reply said X."""
    return _asks(context, features, LOST, context.config.lost_part_terms)
