"""Two checks of what the latest reply said, put with no mark word (SPEC-028 §5.2 CLARIFY:
asking what the reply meant; issue 15 item 1, stop 39). Rule condition-checks: a condition
and its consequence the reply stated, put back as a question ("so if the parcel is under 2kg
I don't pay duty?", "and if I'm under 25 I just skip the deposit?"); "so if I'm under 25
what else changes?" and "so if it rains should I cover it?" ask anew (DRILL_DOWN). Rule
reading-asks: a reply's term and the readings the user hesitates between, with "exactly"
("4:1 is by volume or by weight exactly?"). Both read the turn's words once each and the
latest reply's content words: linear, no regex."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.check_words import (
    CHECK_FILLERS,
    CHECK_INVERTED,
    CHECK_PRONOUNS,
    CHECK_WH,
    RESTATING_SKIPPED,
)
from ..text.choice_words import CONDITION_OPENERS, READING_LINKS, SENTENCE_ENDS
from ..text.lexicon import Marker
from ..text.tokens import content_terms
from ..text.topic_clause_words import ECHO_CLOSERS, ECHO_STRIP
from .choice_asks import said_by
from .confirm_checks import may_confirm

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["asks_between_readings", "checks_a_condition", "condition_check", "reading_term"]

# Rule condition-checks: the check's content words the reply must have said (at least two,
# and half of them), a word sharing its first letters with one of the reply's counting
# ("raked" for "rake"), as rule restating-checks reads them.
_RESTATED_WORDS = 2
_STEM_CHARS = 4
# Rule reading-asks: the term is a name of a few words before its link ("the base rate is").
_TERM_WORDS = 4
# A question on a term is short; a longer turn says more of its own.
_READING_CHARS = 100


def _last_sentence(text: str) -> list[str]:
    """The words of the turn's last sentence, case-folded, ``ECHO_STRIP`` off each."""
    tokens = text.casefold().replace("\u2019", "'").split()
    start = 0
    for at, token in enumerate(tokens[:-1]):
        bare = token.rstrip(ECHO_CLOSERS)
        if bare and bare[-1] in SENTENCE_ENDS:  # a lone quote or bracket ends nothing
            start = at + 1
    return [token.strip(ECHO_STRIP) for token in tokens[start:]]


def _opened(words: list[str]) -> int:
    """Where the condition starts after ``CHECK_FILLERS`` and one of ``CONDITION_OPENERS``,
    or -1."""
    at = 0
    while at < len(words) and words[at] in CHECK_FILLERS:
        at += 1
    for opener in CONDITION_OPENERS:
        if tuple(words[at : at + len(opener)]) == opener:
            return at + len(opener)
    return -1


def condition_check(text: str, said: frozenset[str]) -> bool:
    """Whether the turn's last sentence, a question (``confirm_checks.may_confirm``), opens
    with one of ``CONDITION_OPENERS`` and restates the content words ``said`` (at least
    ``_RESTATED_WORDS`` of its own, and half, theirs), with no wh-word (``CHECK_WH``: "what
    else") and no verb put before its subject ("should I", "do I": ``CHECK_INVERTED``)."""
    if not may_confirm(text):
        return False
    words = _last_sentence(text)
    start = _opened(words)
    if start < 0:
        return False
    rest = words[start:]
    for at, word in enumerate(rest):
        if word in CHECK_WH:
            return False  # "so if I'm under 25 what else changes?" asks anew
        if word in CHECK_INVERTED and rest[at + 1 : at + 2] and rest[at + 1] in CHECK_PRONOUNS:
            return False  # "so if it rains should I cover it?"
    checked = [word for word in content_terms(" ".join(rest)) if word not in RESTATING_SKIPPED]
    stems = {word[:_STEM_CHARS] for word in said if len(word) >= _STEM_CHARS}
    shared = sum(
        word in said or (len(word) >= _STEM_CHARS and word[:_STEM_CHARS] in stems)
        for word in checked
    )
    return shared >= _RESTATED_WORDS and 2 * shared >= len(checked)


def reading_term(text: str) -> tuple[str, ...]:
    """The term a "X is A or B exactly?" question of at most ``_READING_CHARS`` characters
    asks about: the words before one of ``READING_LINKS`` at its start (after
    ``CHECK_FILLERS``), when "exactly" and an "or" between readings follow; () otherwise."""
    if len(text) > _READING_CHARS or not may_confirm(text):
        return ()
    words = _last_sentence(text)
    if "exactly" not in words or "or" not in words:
        return ()
    start = 0
    while start < len(words) and words[start] in CHECK_FILLERS:
        start += 1
    for at in range(start + 1, min(len(words), start + _TERM_WORDS + 1)):
        if words[at] in READING_LINKS:
            if "or" not in words[at + 1 :] or words[start] in CHECK_INVERTED:
                return ()
            named = words[start:at]
            terms = tuple(content_terms(" ".join(named)))
            figures = tuple(word for word in named if any(char.isdigit() for char in word))
            return terms or figures
    return ()


def checks_a_condition(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether the turn puts a condition and consequence of the latest reply back as a
    question (rule condition-checks, ``condition_check``). The openers are among
    ``Marker.PLAIN_CLARIFY``'s phrases: the native settle hands such a turn on."""
    if not (context.config.condition_checks and features.has(Marker.PLAIN_CLARIFY)):
        return False
    if not context.after_a_reply():
        return False
    return condition_check(features.text, frozenset(context.log.features[-1].terms))


def asks_between_readings(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether the turn asks which reading a term of the latest reply has (rule
    reading-asks, ``reading_term``): the reply said every word of the term ("exactly" is
    one of ``Marker.PLAIN_CLARIFY``'s phrases: the native settle hands the turn on)."""
    if not (context.config.reading_asks and features.has(Marker.PLAIN_CLARIFY)):
        return False
    term = reading_term(features.text)
    if not term or not context.after_a_reply():
        return False
    log = context.log
    return said_by(term, log.features[-1].terms, log[len(log) - 1].content)
