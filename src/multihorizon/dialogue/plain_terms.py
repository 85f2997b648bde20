"""Questions about a term a recent reply used, in three unmarked forms (rules equation-checks,
unfamiliar-terms and clarify-objects, SPEC-028 §5.2 CLARIFY, issue 15 item 1, stop 41): the
term set equal to the user's reading and a second clause ("escrow = the lawyer holds the
money? why not just pay", "the cap = per year or per claim?"); the term stated new to the user,
then what-is or nothing ("never heard of a bain-marie, what is it", "I'm not familiar with a
lasting power of attorney, could you explain what it covers?", "no idea what a fascia board is
tbh"); "clarify" with a "what" clause about it ("Could you clarify what is meant by a material
change?", "Can you clarify what the examiner expects in the viva?"). Each holds in an assistant
chat of two, right after a reply, when one of the last three replies named the term and no user
turn since did (``term_forms.reply_named``). Reads the turn's words once each (the kernels by
their first word): linear, no regex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.plain_term_words import (
    ASK_OPENERS,
    ASK_REQUESTS,
    CLARIFY_LEADS,
    CLARIFY_OBJECT_SKIPPED,
    EQUATION_CHARS,
    EQUATION_SIGNS,
    FORMAL_AFTER,
    FORMAL_BEFORE,
    OWN_ASKERS,
    POINTERS,
    TERM_HEADS,
    UNFAMILIAR_AFTER,
    UNFAMILIAR_BEFORE,
    UNFAMILIAR_TAILS,
)
from ..text.tokens import content_terms
from ..text.topic_clause_words import CHECK_INVERSIONS, ECHO_BLOCKERS, ECHO_CLOSERS, ECHO_FILLERS
from .term_checks import check_words
from .term_forms import clause_ends_at, form_term, form_words, reads_a_form, reply_named

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = [
    "asks_an_equation",
    "asks_an_unfamiliar_term",
    "clarifies_an_object",
    "clarify_object",
    "equation_term",
    "unfamiliar_term",
]  # fmt: skip

# A question about a term is short; a longer turn says more of its own. An equation check
# reads no more than the native settle's term-check gate hands on (``check_words``: the
# longest turn, the most words of a guess up to its "?", none of ``CHECK_INVERSIONS`` opening
# it): classify, analyse and user read it alike.
_EQUATION_CHARS = EQUATION_CHARS
_GUESS_WORDS = check_words(True)[2]
_UNFAMILIAR_CHARS = 140
_CLARIFY_CHARS = 120
# The term before "=" is a name of a few words ("the management service fee").
_TERM_SPAN = 6
# What makes an embedded "what X is" about something else than a term ("what time it is").
_PRONOUNS = frozenset(("it", "they", "he", "she", "them", "there", "this", "that", "you"))
_COPULAS = frozenset(("is", "are", "means", "mean", "stands"))
_OWN_WORDS = frozenset(("i", "i'm", "we", "we're", "my", "our", "me", "us", "mine", "ours"))
# What may stand before a head that names the term's kind ("the term escrow").
_HEAD_DETERMINERS = frozenset(("the", "this", "that", "a", "an"))
# A clause after the statement asks what the term is within its first few words.
_ASK_REACH = 6


def _clauses(tokens: list[str]) -> list[tuple[int, int]]:
    spans, start = [], 0
    for index, token in enumerate(tokens):
        if clause_ends_at(token):
            spans.append((start, index + 1))
            start = index + 1
    if start < len(tokens):
        spans.append((start, len(tokens)))
    return spans


def _unfilled(words: list[str], start: int, end: int) -> int:
    while start < end and words[start] in ECHO_FILLERS:
        start += 1
    return start


def equation_term(text: str) -> tuple[str, ...]:
    """The term a question of at most ``_EQUATION_CHARS`` characters sets equal to a reading
    ("escrow = the lawyer holds the money? why not just pay the seller" -> ("escrow",)): the
    words of its first clause (fillers aside) before one of ``EQUATION_SIGNS``, at most
    ``_TERM_SPAN`` words; () for any other turn."""
    if len(text) > _EQUATION_CHARS or "?" not in text:
        return ()
    tokens, words = form_words(text)
    asked = next(at for at, token in enumerate(tokens) if "?" in token)
    if any(token.rstrip(ECHO_CLOSERS)[-1:] in ".!;" for token in tokens[:asked]):
        return ()  # the settle's gate reads the sentence of the "?" only
    start = _unfilled(words, 0, len(words))
    if start == len(words) or words[start] in ECHO_BLOCKERS:
        return ()
    for index in range(start, min(asked, start + _TERM_SPAN + 1)):
        if tokens[index] in EQUATION_SIGNS:
            guess = asked - index - 1 < _GUESS_WORDS and words[index + 1] not in CHECK_INVERSIONS
            return form_term(words[start:index]) if index > start and guess else ()
        if clause_ends_at(tokens[index]):
            return ()
    return ()


def _after_kernels(kernels: tuple[tuple[str, ...], ...]) -> dict[str, tuple[tuple[str, ...], ...]]:
    groups: dict[str, list[tuple[str, ...]]] = {}
    for kernel in kernels:
        groups.setdefault(kernel[0], []).append(kernel)
    return {word: tuple(sorted(group, key=len, reverse=True)) for word, group in groups.items()}


# The kernels without and with rule unfamiliar-forms' (index: ``wide``).
_AFTER_BY_FIRST = (
    _after_kernels(UNFAMILIAR_AFTER),
    _after_kernels(UNFAMILIAR_AFTER + FORMAL_AFTER),
)
_BEFORE = (UNFAMILIAR_BEFORE, UNFAMILIAR_BEFORE + FORMAL_BEFORE)
_BEFORE_FIRST = tuple(frozenset(kernel[0] for kernel in kernels) for kernels in _BEFORE)


def _kernel_at(words: list[str], index: int, end: int, wide: bool) -> tuple[int, bool]:
    """The length of an unfamiliar kernel at ``words[index]`` (0 for none) and whether the
    term follows it (``wide``: rule unfamiliar-forms' kernels too)."""
    for kernel in _AFTER_BY_FIRST[wide].get(words[index], ()):
        if index + len(kernel) <= end and tuple(words[index : index + len(kernel)]) == kernel:
            return len(kernel), True
    if words[index] in _BEFORE_FIRST[wide]:
        for kernel in _BEFORE[wide]:
            if tuple(words[index : index + len(kernel)]) == kernel:
                return len(kernel), False
    return 0, False


def _tailed(term: list[str], embedded: bool) -> list[str]:
    """``term`` without the ``UNFAMILIAR_TAILS`` that close it; an embedded "what X is" must
    close with a copula ("no idea what a blot is"; "no idea what happened" names no term)."""
    end, copula = len(term), False
    while end > 0 and term[end - 1] in UNFAMILIAR_TAILS:
        copula = copula or term[end - 1] in _COPULAS
        end -= 1
    return term[:end] if copula or not embedded else []


def _headless(term: list[str]) -> list[str]:
    """``term`` without the ``TERM_HEADS`` that name its kind (stop 42): "the concept of an
    arbitration clause" -> "an arbitration clause", "the term escrow" -> "escrow", "the
    reinstatement procedure" -> "the reinstatement"."""
    for index, word in enumerate(term[:-2]):
        if word in TERM_HEADS and term[index + 1] == "of":
            term = term[index + 2 :]
            break
    lead = 1 if term[:1] and term[0] in _HEAD_DETERMINERS else 0
    if len(term) > lead + 1 and term[lead] in TERM_HEADS:
        term = term[lead + 1 :]  # "the term escrow", "this word 'lapse'"
    end = len(term)
    while end > 1 and term[end - 1] in TERM_HEADS:
        end -= 1
    return term[:end]


def _asks_what(words: list[str]) -> bool:
    """Whether a clause after the statement asks what the term is: it opens with one of
    ``ASK_OPENERS`` and points back at the term or asks to explain it within ``_ASK_REACH``
    words ("what is it", "could you explain what it covers"); "what do I need for it" asks
    anew."""
    start = 0
    while start < len(words) and words[start] in ("so", "and", "but"):
        start += 1
    if start == len(words) or words[start] not in ASK_OPENERS:
        return False
    head = words[start + 1 : start + 1 + _ASK_REACH]
    if not _OWN_WORDS.isdisjoint(head[:2]):
        return False  # "what do I need for it", "can I skip it"
    asked = words[start : start + 1 + _ASK_REACH]  # "explain pls"
    return not (POINTERS.isdisjoint(head) and ASK_REQUESTS.isdisjoint(asked))


def unfamiliar_term(text: str, wide: bool = True) -> tuple[str, ...]:
    """The term a turn of at most ``_UNFAMILIAR_CHARS`` characters states it does not know
    (``UNFAMILIAR_AFTER``: "never heard of X", "no idea what a X is"; ``UNFAMILIAR_BEFORE``:
    "X isn't something I've come across"), when nothing or a clause asking what it is
    follows; () for any other turn. ``wide`` (rule unfamiliar-forms, stop 42): the formal
    and learners' kernels too, and the term without the ``TERM_HEADS`` that name its kind
    ("the reinstatement procedure", "the concept of X")."""
    if len(text) > _UNFAMILIAR_CHARS:
        return ()
    tokens, words = form_words(text)
    spans = _clauses(tokens)
    for at, (start, end) in enumerate(spans):
        for index in range(start, end):
            length, after = _kernel_at(words, index, end, wide)
            if not length:
                continue
            if after:
                embedded = words[index + length - 1] == "what"
                term = _tailed(words[index + length : end], embedded)
            else:
                term = words[_unfilled(words, start, index) : index]
            term = _headless(term) if wide else term
            if not term or not _PRONOUNS.isdisjoint(term):
                return ()
            rest = [word for span in spans[at + 1 : at + 2] for word in words[slice(*span)]]
            return form_term(term) if not rest or _asks_what(rest) else ()
    return ()


def clarify_object(text: str) -> tuple[str, ...]:
    """The content words of the "what" clause after "clarify" in a turn of at most
    ``_CLARIFY_CHARS`` characters ("could you clarify what is meant by a material change?" ->
    ("material", "change")), ``CLARIFY_OBJECT_SKIPPED`` aside; () when the clause is the user's
    own ("clarify what I should do") or any other turn."""
    if len(text) > _CLARIFY_CHARS:
        return ()
    tokens, words = form_words(text)
    for index, word in enumerate(words):
        if word != "clarify":
            continue
        for lead in CLARIFY_LEADS:
            stop = index + len(lead)
            if tuple(words[index:stop]) != lead:
                continue
            end = stop
            while end < len(tokens) and not clause_ends_at(tokens[end]):
                end += 1
            clause = words[stop : end + 1]
            if not clause or clause[0] in OWN_ASKERS or not _OWN_WORDS.isdisjoint(clause):
                return ()
            kept = " ".join(word for word in clause if word not in CLARIFY_OBJECT_SKIPPED)
            terms = tuple(content_terms(kept))
            return terms if 0 < len(terms) <= _TERM_SPAN else ()
        return ()
    return ()


def asks_an_equation(context: DialogueContext, features: TurnFeatures) -> bool:
    """Rule equation-checks: "X = Y? ..." where a recent reply named X."""
    config = context.config
    if not (config.equation_checks and config.reply_term_asks and config.term_checks):
        return False  # the settle's term-check gate is open only with both rules on
    if not context.after_a_reply():
        return False
    term = equation_term(features.text)
    return bool(term) and reply_named(context, [term])


def asks_an_unfamiliar_term(context: DialogueContext, features: TurnFeatures) -> bool:
    """Rule unfamiliar-terms: "never heard of X, what is it" where a recent reply named X."""
    if not reads_a_form(context, features, context.config.unfamiliar_terms):
        return False
    term = unfamiliar_term(features.text, context.config.unfamiliar_forms)
    return bool(term) and reply_named(context, [term])


def clarifies_an_object(context: DialogueContext, features: TurnFeatures) -> bool:
    """Rule clarify-objects: "could you clarify what X ..." where a recent reply named at
    least half the clause's content words (and one), no user turn since all of them."""
    if not reads_a_form(context, features, context.config.clarify_objects):
        return False
    terms = clarify_object(features.text)
    named = [(word,) for word in terms if reply_named(context, [(word,)])]
    return bool(named) and 2 * len(named) >= len(terms)
