"""A question that checks a guessed meaning of a term a reply brought (rule term-checks,
SPEC-028 §5.2 CLARIFY, issue 15): the term opens the clause the turn's first "?" ends, then
a check follows its comma ("Red wrigglers, are those the same as the ones from fishing
shops?", "working load limit vs breaking strength, same thing just different names?") or a
verb puts the guess after it ("mainsheet is which rope?", "Aiming point on the bank. The bank
is the grass at the edge?"). Reads only the turn's own words, once each: linear, no regex.
The caller (``reply_rules.asks_about_a_reply_term``) checks that an assistant turn used every
word of the term and no user turn did: the reply's point asked back, not a new one (a
question that asks for more, "the quick one, is it in the paper every day?", has no check)."""

from __future__ import annotations

from typing import Any

from ..text.check_words import APPOSITIVE_LINKS, RESTATED_LINKS
from ..text.plain_term_words import EQUATION_CHARS
from ..text.tokens import content_terms
from ..text.topic_clause_words import (
    CHECK_INVERSIONS,
    CHECK_LINKS,
    CHECK_VERBS,
    ECHO_BLOCKERS,
    ECHO_CLOSERS,
    ECHO_FILLERS,
    ECHO_STRIP,
    TERM_ARTICLES,
)

__all__ = ["CHECK_CHARS", "check_words", "term_check"]

# The hand-written sets' longest check is 82 characters ('a "certified copy issued by the
# GRO", is that different from the one my parents have?'); a longer turn says more.
CHECK_CHARS = 100
# A term is a name of a few words ("working load limit vs breaking strength").
_TERM_WORDS = 7
# A guess after the verb is a short phrase ("the grass at the edge?"); a longer clause says
# more than a guess ("Good Boys is fine and can you also search for songs for me?").
_GUESS_WORDS = 8
_SENTENCE_ENDS = ".!;"
# What sets two terms of the reply side by side: no word of either ("working load limit vs
# breaking strength, same thing ...?").
_SIDE_BY_SIDE = frozenset(("vs", "versus"))


def term_check(text: str, restated: bool = False) -> tuple[str, ...]:
    """The content words of the term whose guessed meaning the turn checks: in the clause
    its first "?" ends (after the last sentence end before it, ``ECHO_FILLERS`` skipped), at
    most ``_TERM_WORDS`` words, then a comma and one of ``CHECK_LINKS`` or one of
    ``CHECK_VERBS`` and more words; the term's first word no ``ECHO_BLOCKERS`` word ("Is it
    ...", "what is ..." ask no check). With ``restated`` (rule restated-checks) the comma may
    also lead to one of ``RESTATED_LINKS`` ("the cartoon, that's just the drawing?") or to an
    appositive guess that is the rest of the turn ("the brayer, the roller thing?"). () for
    any other turn."""
    if len(text) > CHECK_CHARS or "?" not in text:
        return ()
    tokens = text.casefold().replace("\u2019", "'").split()
    if "," not in text and CHECK_VERBS.isdisjoint(token.strip(ECHO_STRIP) for token in tokens):
        return ()  # neither shape can hold: one pass of C-level steps (issue 14)
    start = asked = 0
    for asked, token in enumerate(tokens):
        if "?" in token:
            break
        if token.rstrip(ECHO_CLOSERS)[-1:] in _SENTENCE_ENDS:
            start = asked + 1
    index = start
    while index < asked and tokens[index].strip(ECHO_STRIP) in ECHO_FILLERS:
        index += 1
    term: list[str] = []
    while index <= asked and len(term) < _TERM_WORDS:
        token = tokens[index]
        index += 1
        word = token.strip(ECHO_STRIP)
        if word in CHECK_VERBS and term:
            # "wort means?" guesses nothing: the term alone (rule echo-clarifications').
            guess = index <= asked and asked - index < _GUESS_WORDS
            if not guess or tokens[index].strip(ECHO_STRIP) in CHECK_INVERSIONS:
                return ()
            return _bare(term)
        if word:
            term.append(word)
        core = token.rstrip(ECHO_CLOSERS)
        if core.endswith(","):
            following = tuple(tokens[at].strip(ECHO_STRIP) for at in range(index, len(tokens))[:3])
            if any(following[: len(link)] == link for link in CHECK_LINKS):
                return _bare(term)
            if restated and any(following[: len(ln)] == ln for ln in RESTATED_LINKS):
                return _bare(term)
            if restated and following[:1] in APPOSITIVE_LINKS and _guess_ends(tokens, index):
                return _bare(term)
            return ()
        if core[-1:] in ":.!;?":
            return ()
    return ()


def _guess_ends(tokens: list[str], start: int) -> bool:
    """Whether ``tokens[start:]`` is one short clause that ends the turn with its "?": an
    appositive guess ("the roller thing?"), not a clause that goes on to ask ("the one you
    said, is it ok?")."""
    rest = tokens[start:]
    if not rest or len(rest) > _GUESS_WORDS or not rest[-1].rstrip(ECHO_CLOSERS).endswith("?"):
        return False
    return all(token.rstrip(ECHO_CLOSERS)[-1:] not in ",:;.!?" for token in rest[:-1])


def _bare(term: list[str]) -> tuple[str, ...]:
    if not term or term[0] in ECHO_BLOCKERS or term[0] in _SIDE_BY_SIDE:
        return ()
    words = [word for word in term if word not in _SIDE_BY_SIDE]
    return tuple(content_terms(" ".join(words[1:] if words[0] in TERM_ARTICLES else words)))


def check_words(on: bool, restated: bool = False, equations: bool = False) -> tuple[Any, ...]:
    """What ``term_check`` reads beside ``echoes.echo_words`` (its fillers, blockers, strip
    and closers), as data for the native settle (``_settle_py.EchoGates.may_check``): the
    longest turn (0 unless ``on``: no turn may check), the most words of a term and of a
    guess, the links (with ``restated``, rule restated-checks' too: the native gate reads an
    appositive link as any other, a superset of ``_guess_ends``), the verbs and the
    inversions. With ``equations`` (rule equation-checks, ``plain_terms.equation_term``) the
    longest turn is ``EQUATION_CHARS``: the gate reads "X = Y? ..." that far."""
    chars = (max(CHECK_CHARS, EQUATION_CHARS) if equations else CHECK_CHARS) if on else 0
    links = CHECK_LINKS + RESTATED_LINKS + APPOSITIVE_LINKS if restated else CHECK_LINKS
    return chars, _TERM_WORDS, _GUESS_WORDS, links, CHECK_VERBS, CHECK_INVERSIONS
