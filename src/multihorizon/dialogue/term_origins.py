"""A question about a term the conversation brought is about the turn that brought it (rule
term-origins, SPEC-028 §4.1 entity reference, issue 15 item 1): "Can you explain what ESOP is
and how it differs from an EMI scheme?", "what was that ISA thing you mentioned?", "sorry,
'vesting' is what exactly?" mean the reply that first used the term, not the latest turn.

The term is meaning-asks' (``meaning_asks.meaning_term``, learner forms with rule
learner-meaning-asks), else a recall ("what was that X thing you mentioned", "what was the X
again") or an explain frame ("explain what X is"). The turn that first used every word of
it within ``_WINDOW`` turns is the antecedent when it is an assistant turn (a user's own word
names no turn of the assistant's). Reads the turn's own words once each (no regex) and the
log's entity index (its postings), never an earlier turn's text.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from ..text.term_origin_words import (
    EXPLAIN_LEADS,
    EXPLAIN_STOPS,
    RECALL_LEADS,
    RECALL_STOPS,
    TERM_SHAPES,
)
from ..text.tokens import content_terms
from ..text.topic_clause_words import ECHO_STRIP
from ..text.turn_text import CLAUSE_ENDS
from .features import TurnFeatures
from .meaning_asks import meaning_term
from .turnlog import TurnLog

if TYPE_CHECKING:
    from .context import DialogueContext

__all__ = ["asked_term", "recalled_term", "recalls_a_reply_term", "term_origin"]

_TERM_WORDS = 5  # a term is a name of a few words ("the guaranteed future value")
_CHARS = 240  # a question about a term says it early: the frames are read this far
_WINDOW = 40  # turns back the turn that brought the term is looked for
_ARTICLES = frozenset(("a", "an", "the", "that", "this", "those", "these"))


def asked_term(text: str, learner: bool = False) -> tuple[str, ...]:
    """The content words of the term a user question asks about: ``meaning_term``'s, else
    ``recalled_term``'s; () for any other turn."""
    return meaning_term(text, learner) or recalled_term(text)


def recalled_term(text: str) -> tuple[str, ...]:
    """The content words of the term a recall ("what was that ISA thing you mentioned?") or
    an explain frame ("explain what ESOP is", "remind me what X was") asks about, else ()."""
    folded = text[:_CHARS].casefold().replace("\u2019", "'")
    if not any(map(folded.__contains__, _RECALL_NEEDLES)):
        return ()  # no word either frame opens with: most statements (issue 14)
    tokens = folded.split()
    words = [token.strip(ECHO_STRIP) for token in tokens]
    for at, word in enumerate(words):
        if word == "what" and at > 0 and (words[at - 1] in EXPLAIN_LEADS or _reminded(words, at)):
            term = _term_to(words, tokens, at + 1, EXPLAIN_STOPS, TERM_SHAPES)
        elif word in _RECALL_FIRST:
            lead = next((n for n in _RECALL_SIZES if tuple(words[at : at + n]) in _RECALLS), 0)
            if not lead:
                continue
            term = _term_to(words, tokens, at + lead, RECALL_STOPS, _NO_SHAPES)
        else:
            continue
        if term:
            return term
    return ()


_RECALLS = frozenset(RECALL_LEADS)
_RECALL_FIRST = frozenset(lead[0] for lead in RECALL_LEADS)
_RECALL_SIZES = sorted({len(lead) for lead in RECALL_LEADS}, reverse=True)
# Some word of ``recalled_term``'s frames holds one of these (an explain frame's "what", a
# recall's first word): a text holding none asks about no term.
_RECALL_NEEDLES = tuple(sorted(_RECALL_FIRST | {"what"}))


def _reminded(words: list[str], at: int) -> bool:
    """Whether "what" follows "remind me" ("remind me what X was")."""
    return at > 1 and words[at - 1] == "me" and words[at - 2] == "remind"


_NO_SHAPES: frozenset[str] = frozenset()


def _term_to(
    words: list[str], tokens: list[str], start: int, stops: frozenset[str], shapes: frozenset[str]
) -> tuple[str, ...]:
    """The content words from ``start`` up to the first of ``stops`` within ``_TERM_WORDS``
    words of the clause, none of ``shapes`` among them (an explain frame's term holds no
    pronoun or verb: "explain what you did"; a recall's may: "that tell us once thing");
    () without such a stop."""
    term: list[str] = []
    for index in range(start, min(start + _TERM_WORDS + 1, len(words))):
        word = words[index]
        if word in stops and term:
            return tuple(content_terms(" ".join(term)))
        if word in shapes or not word:
            return ()
        if word not in _ARTICLES or term:
            term.append(word)
        if tokens[index].rstrip("\"')]")[-1:] in CLAUSE_ENDS:
            break
    return ()


def recalls_a_reply_term(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a turn recalls a term an assistant turn used and no user turn used (rule
    term-recalls, §5.2 CLARIFY: what the reply meant): ``recalled_term``. Right after a
    reply, in an assistant chat of two."""
    config, log = context.config, context.log
    if not (config.term_recalls and len(log) > 0 and log.roles[-1] == "assistant"):
        return False
    terms = recalled_term(features.text)
    if not terms or context.speakers.multi_party(config) or context.peer_dialogue():
        return False
    said = {role: _one_said(log, terms, role) for role in ("assistant", "user")}
    return said["assistant"] and not said["user"]


def _one_said(log: TurnLog, terms: tuple[str, ...], role: str) -> bool:
    """Whether one turn of ``role`` used every word of ``terms`` (the entity index)."""
    held: set[int] | None = None
    for term in terms:
        turns = {turn for turn in log.turns_mentioning(term) if log.roles[turn] == role}
        held = turns if held is None else held & turns
        if not held:
            return False
    return True


def term_origin(turn_id: int, features: TurnFeatures, log: TurnLog, learner: bool) -> int:
    """The turn that first used every word of the term a user question asks about
    (``asked_term``) within ``_WINDOW`` turns, when it is an assistant turn; else -1."""
    if features.role != "user" or turn_id < 1:
        return -1
    terms = asked_term(features.text, learner)
    if not terms:
        return -1
    floor = max(0, turn_id - _WINDOW)
    held: set[int] | None = None
    for term in terms:
        postings = log.turns_mentioning(term)
        end = bisect_left(postings, turn_id)
        turns = set(postings[bisect_left(postings, floor, 0, end) : end])
        held = turns if held is None else held & turns
        if not held:
            return -1
    first = min(held) if held else -1
    return first if first >= 0 and log.roles[first] == "assistant" else -1
