"""Two shapes of a short question whose subject is a term taken from a reply (rule
reply-term-asks, SPEC-028 §5.2 CLARIFY, issue 15): the term asked back in the turn's opening
clause, before anything else ("sweat? they sweat how", "Chip-and-PIN? My card just has
contactless, what is that?"), and a term put in quotation marks ('Could you elaborate on what
"drift" refers to here?', "what does 'preserver' do that paint doesn't?"). Each function reads
only the turn's own text, word by word or character by character: linear, no regex. The
caller (``reply_rules.asks_about_a_reply_term``) checks that an assistant turn used the term
and the user had not: a point of the reply asked about, not a new one."""

from __future__ import annotations

from typing import Any

from ..text.question_forms import TERM_HEDGES
from ..text.tokens import content_terms
from ..text.topic_clause_words import (
    ECHO_BLOCKERS,
    ECHO_CLOSERS,
    ECHO_FILLERS,
    ECHO_HEDGES,
    ECHO_STRIP,
    TERM_ARTICLES,
)
from .meaning_asks import meaning_term, meaning_words
from .phrasing import SIDE_QUESTION_CHARS
from .plain_terms import equation_term
from .term_checks import check_words, term_check

__all__ = [
    "REPLY_TERM_CHARS",
    "may_ask_reply_term",
    "opening_echo",
    "quoted_terms",
    "reply_term_words",
]

# A question about a reply's term is short: the hand-written sets' longest of these shapes is
# 62 characters ('Could you elaborate on what "drift" refers to in this context?'), as short
# as a side question. The native settle sends on every such turn with a "?" (settle.hpp).
REPLY_TERM_CHARS = SIDE_QUESTION_CHARS
# A term is a name of a few words ("turn of the key"), not a clause; a quotation a phrase
# (what's "the thick top of the cream"?, 6 words: stop 36 raised 5 to 8).
_TERM_WORDS = 4
_QUOTED_WORDS = 8
_HEDGES = ECHO_HEDGES | TERM_HEDGES  # "phacelia exactly?" asks back "phacelia"
_DOUBLE_QUOTES = frozenset('"\u201c\u201d')
_SINGLE_OPEN = frozenset("'\u2018")
_SINGLE_CLOSE = frozenset("'\u2019")


def opening_echo(text: str) -> tuple[str, ...]:
    """The content words of a term the turn's opening clause asks back before more words or
    with a hedge: after ``ECHO_FILLERS`` ("wait", "sorry"), at most ``_TERM_WORDS`` words
    whose last ends with "?" ("the weight? I've heard this at the club", "ligaments
    softening? how do I feel for that", "phacelia exactly?": the hedge dropped), the first
    no ``ECHO_BLOCKERS`` word ("Is it safe? ..." asks no term). () for any other turn, a
    bare "Fret buzz?" too (rule echo-clarifications reads that)."""
    if len(text) > REPLY_TERM_CHARS or "?" not in text:
        return ()
    tokens = text.casefold().replace("\u2019", "'").split()
    index = 0
    while index < len(tokens) and tokens[index].strip(ECHO_STRIP) in ECHO_FILLERS:
        index += 1
    term: list[str] = []
    while index < len(tokens) and len(term) < _TERM_WORDS:
        token = tokens[index]
        index += 1
        word = token.strip(ECHO_STRIP)
        if word:
            term.append(word)
        core = token.rstrip(ECHO_CLOSERS)
        if core.endswith("?"):
            break
        if core[-1:] in ",:;.!":
            return ()
    else:
        return ()
    more = any(token.strip(ECHO_STRIP) for token in tokens[index:])
    bare = [word for word in term if word not in _HEDGES]
    # A term alone is rule echo-clarifications' ("Fret buzz?"), unless hedged ("exactly?").
    if not bare or bare[0] in ECHO_BLOCKERS or not (more or len(bare) < len(term)):
        return ()
    return tuple(content_terms(" ".join(bare[1:] if bare[0] in TERM_ARTICLES else bare)))


def reply_term_words(
    checks: bool = True,
    meanings: bool = True,
    restated: bool = True,
    learner: bool = True,
    equations: bool = True,
) -> tuple[Any, ...]:
    """What ``opening_echo`` reads beside ``echoes.echo_words`` (its fillers, blockers and
    strip), as data for the native settle (``_settle_py.EchoGates.may_open_echo``): the
    longest turn, the most words of a term, the hedges; then rule term-checks'
    (``term_checks.check_words``, its longest turn 0 unless ``checks``) and rule
    meaning-asks' (``meaning_asks.meaning_words``, its longest turn 0 unless ``meanings``);
    with ``restated``, rule restated-checks' links among rule term-checks'; with ``learner``,
    rule learner-meaning-asks' kernels among rule meaning-asks'; with ``equations``, rule
    term-checks' longest turn as long as rule equation-checks reads."""
    return (
        REPLY_TERM_CHARS, _TERM_WORDS, _HEDGES, *check_words(checks, restated, equations),
        *meaning_words(meanings, learner),
    )  # fmt: skip


def may_ask_reply_term(
    text: str,
    question: bool,
    checks: bool,
    meanings: bool = False,
    restated: bool = False,
    learner: bool = False,
    equations: bool = False,
) -> bool:
    """Whether the turn has one of rule reply-term-asks' shapes (an opening echo, a quoted
    term) or, with ``checks``, rule term-checks' ("Red wrigglers, are those the same ...?")
    or, with ``meanings``, rule meaning-asks' ("porosity, what is it exactly"), with
    ``restated`` rule restated-checks' ("the brayer, the roller thing?"), with ``learner``
    rule learner-meaning-asks' ("this word X I don't get"), with ``checks`` and ``equations``
    rule equation-checks' ("escrow = the lawyer holds it? why ..."): what the caller must read
    against the log."""
    return bool(
        opening_echo(text)
        or quoted_terms(text, question)
        or (checks and term_check(text, restated))
        or (meanings and meaning_term(text, learner))
        or (checks and equations and equation_term(text))
    )


def quoted_terms(text: str, question: bool = False) -> list[tuple[str, ...]]:
    """The content words of each phrase of at most ``_QUOTED_WORDS`` words the question puts
    in quotation marks ('what "drift" refers to', "what does 'preserver' do"): double quotes
    paired in order, a single quote only after a space or at the start and closed before a
    space or the end (an apostrophe inside a word opens nothing). [] for a turn longer than
    ``REPLY_TERM_CHARS``, or with no "?" unless ``question`` (the scan's question cue:
    'what's the "...Qb6" part doing exactly')."""
    if len(text) > REPLY_TERM_CHARS or not (question or "?" in text):
        return []
    found: list[tuple[str, ...]] = []
    opened = -1
    single = -1
    for index, char in enumerate(text):
        if char in _DOUBLE_QUOTES:
            if opened < 0:
                opened = index + 1
            else:
                _add(text[opened:index], found)
                opened = -1
        elif single < 0 and char in _SINGLE_OPEN and (index == 0 or text[index - 1].isspace()):
            single = index + 1
        elif single >= 0 and char in _SINGLE_CLOSE and index > single:
            after = text[index + 1 : index + 2]
            if not after or not after.isalnum():
                _add(text[single:index], found)
                single = -1
    return found


def _add(phrase: str, found: list[tuple[str, ...]]) -> None:
    words = phrase.split()
    if 0 < len(words) <= _QUOTED_WORDS:
        terms = tuple(content_terms(phrase))
        if terms:
            found.append(terms)
