"""A question asking the assistant to explain a word or a choice of its reply against the one
the user expected, or to say a part of the reply more simply (SPEC-028 §5.2 CLARIFY, issue 15
item 1). Rule choice-asks: "why 'fueron' and not 'iban'?", "how come a 10mm bit and not an
8?", "y every third stroke n not every 2nd?": the words between the opener and the contrast
are the reply's choice (every content word of them the latest reply's); "why is my bread so
dense and not fluffy?" asks about the user's situation and "why does the dough rise and not
collapse?" about the world (DRILL_DOWN). Rule dumb-down-asks: "can you dumb the ISA allowance
bit down", the part named between "dumb" and "down" one an assistant turn said. Reads the
turn's words once each: linear, no regex."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..text.check_words import CHECK_FILLERS
from ..text.choice_words import (
    CHOICE_ASKING,
    CHOICE_CONTRASTS,
    CHOICE_FILLERS,
    CHOICE_FRAMES,
    CHOICE_OPENERS,
    CHOICE_OWN,
    CHOICE_VERBS,
    DUMB_FILLERS,
    DUMB_OBJECTS,
    DUMB_WORDS,
    JUDGE_OPENERS,
    JUDGE_WORDS,
    SENTENCE_ENDS,
    SPLIT_PLAIN,
    SPLIT_WORDS,
)
from ..text.lexicon import Marker
from ..text.tokens import content_terms
from ..text.topic_clause_words import ECHO_CLOSERS, ECHO_STRIP
from .confirm_checks import may_confirm
from .meaning_asks import reply_brought

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = [
    "CHOICE_CHARS",
    "asks_about_a_choice",
    "asks_for_a_split",
    "asks_to_dumb_down",
    "choice_term",
    "dumb_term",
    "judges_wording",
    "said_by",
    "split_breakdowns",
]  # fmt: skip

Hit = tuple[int, int, int, int]  # (category, pattern, start, end) of a marker hit
_CLARIFY = int(Marker.CLARIFY)
_QUOTE_CLOSERS = frozenset("\"'\u2019\u201d")

# A question about a word of the reply is short; a longer turn says more of its own.
CHOICE_CHARS = 160
# The choice and the part to simplify are a name of a few words ("a 10mm bit", "the ISA
# allowance bit"): the contrast or "down" comes within this many words.
_CHOICE_WORDS = 7
_TERM_WORDS = 4
_LEADS = CHECK_FILLERS | CHOICE_FILLERS
# The replies a choice may come from, the latest first: a question on a reply's choice may
# follow a short exchange on another of its points ("y a whistle n not just her name").
_REPLIES_BACK = 3
# How far after a "break it down" its split word and the word after are read (characters).
_AFTER_CHARS = 32
_NOT_AFTER_CLAUSE = ("not",)  # "why a shorter stem, not a higher saddle?": after a comma only


def _words(text: str) -> tuple[list[str], list[str]]:
    tokens = text.casefold().replace("\u2019", "'").split()
    return tokens, [token.strip(ECHO_STRIP) for token in tokens]


def _ends(token: str) -> bool:
    # A lone quote or bracket ends nothing ("why " rsync " and not cp?").
    bare = token.rstrip(ECHO_CLOSERS)
    return bool(bare) and bare[-1] in SENTENCE_ENDS


def _opener(words: list[str], at: int) -> int:
    """Where the choice starts after one of ``CHOICE_OPENERS`` at ``at``, or -1."""
    for opener in CHOICE_OPENERS:
        if tuple(words[at : at + len(opener)]) == opener:
            return at + len(opener)
    return -1


def _unframed(words: list[str]) -> list[str] | None:
    """The choice's words without a frame naming who chose ("did you use", "you said");
    None when a verb put first asks about the world ("is my bread", "does the dough")."""
    for frame in CHOICE_FRAMES:
        if tuple(words[: len(frame)]) == frame:
            rest = words[len(frame) :]
            return rest[1:] if rest[:1] and rest[0] in CHOICE_VERBS else rest
    if words[:1] and words[0] in CHOICE_ASKING:
        return None
    return words


def choice_term(text: str) -> tuple[str, ...]:
    """The content words of the choice a "why X and not Y" question of at most
    ``CHOICE_CHARS`` characters asks about: X, between one of ``CHOICE_OPENERS`` (at a
    sentence's start, after ``_LEADS``) and one of ``CHOICE_CONTRASTS`` within
    ``_CHOICE_WORDS`` words of the same sentence, with words after the contrast; () when X
    names the user's own (``CHOICE_OWN``) or is a question about the world."""
    if len(text) > CHOICE_CHARS:
        return ()
    tokens, words = _words(text)
    start = 0
    while start < len(words):
        at = start
        while at < len(words) and words[at] in _LEADS and not _ends(tokens[at]):
            at += 1
        found = _opener(words, at) if at < len(words) else -1
        if found >= 0:
            term = _choice(tokens, words, found)
            if term:
                return term
        while start < len(words) and not _ends(tokens[start]):
            start += 1
        start += 1
    return ()


def _choice(tokens: list[str], words: list[str], first: int) -> tuple[str, ...]:
    """X of "why X and not Y" from ``first``, the word after the opener (``choice_term``)."""
    last = min(len(words), first + _CHOICE_WORDS + 2)
    for at in range(first + 1, last):
        if _ends(tokens[at - 1]):
            return ()  # the sentence ended before any contrast
        contrast = next((c for c in CHOICE_CONTRASTS if tuple(words[at : at + len(c)]) == c), None)
        if contrast is None:
            continue
        if contrast == _NOT_AFTER_CLAUSE and not tokens[at - 1].endswith(","):
            continue
        after = at + len(contrast)
        if after >= len(words) or not words[after] or _ends(tokens[after - 1]):
            return ()  # nothing set against the choice ("why X and not?")
        chosen = [word for word in words[first:at] if word]
        if not CHOICE_OWN.isdisjoint(chosen):
            return ()  # "why do my legs sink and not float": the user's own
        unframed = _unframed(chosen)
        if unframed is None:
            return ()
        terms = tuple(content_terms(" ".join(unframed))) or _figures(unframed)
        return terms if 0 < len(terms) <= _TERM_WORDS else ()
    return ()


def _figures(words: list[str]) -> tuple[str, ...]:
    """The words that write a figure ("4:1", "10mm"), for a choice with no content word."""
    return tuple(word for word in words if any(char.isdigit() for char in word))


def said_by(terms: tuple[str, ...], said: tuple[str, ...], text: str) -> bool:
    """Whether a turn with content words ``said`` and text ``text`` said every one of
    ``terms`` (``meaning_asks.reply_brought``), a figure among its words as written."""
    if reply_brought(terms, said):
        return True
    figures = [term for term in terms if any(char.isdigit() for char in term)]
    if len(figures) != len(terms):
        return False
    written = {word.strip(ECHO_STRIP) for word in text.casefold().split()}
    return all(figure in written for figure in figures)


def judges_wording(text: str) -> bool:
    """Whether a question judges the user's own wording in quotation marks (rule
    wording-judgements): it opens with one of ``JUDGE_OPENERS`` and, after its first quoted
    phrase closes, one of ``JUDGE_WORDS`` stands ("is 'Dear Tom' too formal ...?"; not "is
    'escrow' the same as a deposit?"). Reads the turn's words once."""
    if len(text) > CHOICE_CHARS:
        return False
    tokens, words = _words(text)
    at = 0
    while at < len(words) and words[at] in _LEADS:
        at += 1
    if at >= len(words) or words[at] not in JUDGE_OPENERS:
        return False
    closed = False
    for token, word in zip(tokens[at + 1 :], words[at + 1 :], strict=True):
        if closed and word in JUDGE_WORDS:
            return True
        closed = closed or token.rstrip(",.?!;:")[-1:] in _QUOTE_CLOSERS
    return False


def dumb_term(text: str) -> tuple[str, ...]:
    """The content words of the part a "dumb the X down" request of at most
    ``CHOICE_CHARS`` characters names between "dumb" and "down" (``DUMB_FILLERS`` aside, in
    one sentence, within ``_CHOICE_WORDS`` words); () for any other turn ("dumb it down"
    names none: a CLARIFY marker of its own)."""
    if len(text) > CHOICE_CHARS:
        return ()
    tokens, words = _words(text)
    for at, word in enumerate(words):
        # "dumb the X down", "dumb it down": not "this dumb printer is down again".
        if (
            word not in DUMB_WORDS
            or words[at + 1 : at + 2] == []
            or words[at + 1] not in DUMB_OBJECTS
        ):
            continue
        for end in range(at + 1, min(len(words), at + _CHOICE_WORDS + 2)):
            if words[end] == "down":
                named = [w for w in words[at + 1 : end] if w and w not in DUMB_FILLERS]
                terms = tuple(content_terms(" ".join(named)))
                return terms if 0 < len(terms) <= _TERM_WORDS else ()
            if _ends(tokens[end]):
                break
    return ()


def asks_about_a_choice(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether the turn asks why a recent reply chose a word or a thing and not another (rule
    choice-asks, ``choice_term``): every content word of the choice is one of the last
    ``_REPLIES_BACK`` replies' (as it is or as the start of a longer word:
    ``meaning_asks.reply_brought``), and no user turn since that reply said them all."""
    if not context.config.choice_asks:
        return False
    confirms = features.has(Marker.CONFIRM_MARK) and may_confirm(features.text)
    if not (features.has(Marker.PLAIN_CLARIFY) or confirms):
        return False  # no contrast the native settle hands on: no such question
    chosen = choice_term(features.text)
    if not chosen or not context.after_a_reply():
        return False
    log, seen = context.log, 0
    for turn_id in range(len(log) - 1, -1, -1):
        if seen == _REPLIES_BACK:
            break
        if log.roles[turn_id] == "user" and said_by(chosen, log.features[turn_id].terms, ""):
            return False  # the user's own word: "I use X, why X and not Y?" asks anew
        if log.roles[turn_id] == "assistant":
            seen += 1
            if said_by(chosen, log.features[turn_id].terms, log[turn_id].content):
                return True
    return False


def asks_to_dumb_down(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether the turn asks to put a part of what an assistant turn said more simply (rule
    dumb-down-asks, ``dumb_term``): one assistant turn said every word of the part."""
    if not (context.config.dumb_down_asks and features.has(Marker.PLAIN_CLARIFY)):
        return False
    named = dumb_term(features.text)
    if not named or not context.after_a_reply():
        return False
    log = context.log
    said: set[int] | None = None
    for term in named:
        turns = {turn for turn in log.turns_mentioning(term) if log.roles[turn] == "assistant"}
        said = turns if said is None else said & turns
    return bool(said)


def split_breakdowns(text: str, hits: Sequence[Hit]) -> tuple[Hit, ...]:
    """The CLARIFY hits "break it down", "break that down" ... that ask for a split (rule
    split-requests): one of ``SPLIT_WORDS`` right after the phrase, and after "into" no
    ``SPLIT_PLAIN`` word ("break it down per channel", "break that down into weeks"; not
    "break it down into simple steps"). Reads a few words after each such hit."""
    found: list[Hit] = []
    for hit in hits:
        kind, _, start, end = hit
        said = text[start:end].casefold()
        if kind != _CLARIFY or not (said.startswith("break") and said.endswith("down")):
            continue
        after = [
            word.strip(ECHO_STRIP) for word in text[end : end + _AFTER_CHARS].casefold().split()
        ]
        if not after or after[0] not in SPLIT_WORDS:
            continue
        # "into a few simple steps", "into more digestible chunks": the plain word may come a
        # few words on.
        if after[0] == "into" and (len(after) < 2 or not SPLIT_PLAIN.isdisjoint(after[1:5])):
            continue
        found.append(hit)
    return tuple(found)


def asks_for_a_split(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether the turn asks to split what the conversation holds by a dimension (rule
    split-requests, ``split_breakdowns``: "break that down per region as well"): more detail
    on the thread, once its "break that down" is no CLARIFY marker (``asking_hits``)."""
    if not (context.config.split_requests and len(context.log) > 0):
        return False
    return bool(split_breakdowns(features.text, features.hits))
