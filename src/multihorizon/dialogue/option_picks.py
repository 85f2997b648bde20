"""Answers that pick one of the options the assistant's question offered (SPEC-028 §5.2
CONTINUE, rule option-picks; issue 15 item 1, stop 42): right after a reply in the active
thread whose last sentence asks the user to choose ("Which fits him best: the camping trip,
the wedding, or something from uni?"), a short statement that names an option, often by
describing it ("the camping trip, definitely", "uni, when he dyed his hair green for a bet",
"when he locked himself out in just a towel", "the light one, the sun comes straight in"),
answers the question: CONTINUE in the thread (the house convention of §5.2). The scan reads
such a pick as a question by its form (a topic and a comment, a clause opening with "when")
or as a pointer at an item, DRILL_DOWN; rule reply-answers reads statements only.

The pick's first clause, leads aside ("defo", "probably", "I'd say"), names a word of the
reply's question or opens a described episode ("when he ...", "the time she ..."); no later
clause asks ("the camping one, how long should it be"), and no word asks anywhere
(``PICK_ASKS``). Rule terse-reports' length (``TERSE_CHARS``, no "?"): the session hands such
a turn past the native settle (``session_intent._terse_open``) and asks this rule through
``_gated_rules_read``.

Linear: one pass over the words of a turn of at most ``TERSE_CHARS`` characters and one over
the reply's last sentence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.pick_answer_words import (
    CHOICE_WORDS,
    EPISODE_NOUNS,
    EPISODE_OPENERS,
    PICK_ASKS,
    PICK_LEADS,
    PICK_NOT_AFTER_SUBJECT,
    PICK_QUESTION_OPENERS,
    PICK_SUBJECTS,
)
from ..text.tokens import content_terms
from ..text.turn_text import WORD_STRIP, comma_clauses
from .reply_answers import asks_the_user
from .terse_reports import TERSE_CHARS

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["MOVES", "choice_sentence", "option_pick", "picks_an_option"]

# Markers of a move, an explanation or a meaning asked for, or a pointer at a turn, an action
# or an output: other rules read those (a pointer at a listed item is a pick's own; rule
# response-reports reads the same).
MOVES = (
    Marker.NEW_TOPIC,
    Marker.RESUME,
    Marker.EXPLAIN,
    Marker.CLARIFY,
    Marker.TURN_REF,
    Marker.ACTION_REF,
    Marker.TOOL_REF,
    Marker.ALSO_OPENER,
)
# What ends the sentence before a reply's last one.
_SENTENCE_ENDS = ".!?\n"
# What may follow the question's "?" at the end of a reply.
_CLOSERS = " \t\r\n\"')]*_\u201d\u2019"


def choice_sentence(reply: str) -> str:
    """The reply's last sentence when it asks the user to choose (``CHOICE_WORDS``: an
    alternative or a "which"), else "" (the caller checks the reply asks the user)."""
    text = reply.rstrip(_CLOSERS)
    if not text.endswith("?"):
        return ""
    start = max(map(text[:-1].rfind, _SENTENCE_ENDS)) + 1
    sentence = text[start:]
    words = (word.strip(WORD_STRIP) for word in sentence.casefold().split())
    return sentence if not CHOICE_WORDS.isdisjoint(words) else ""


def _episode(clause: list[str], start: int) -> bool:
    """Whether the clause describes an episode from ``start``: "when"/"where"/"while", a
    subject and no modal or auxiliary after it ("when he locked himself out"), or "the"/
    "that", a noun of time and then a subject or a subordinator ("the time she got ...")."""
    rest = clause[start:]
    if len(rest) >= 3 and rest[0] in EPISODE_OPENERS:
        return rest[1] in PICK_SUBJECTS and rest[2] not in PICK_NOT_AFTER_SUBJECT
    if len(rest) >= 4 and rest[0] in ("the", "that") and rest[1] in EPISODE_NOUNS:
        follower = rest[2]
        return follower in EPISODE_OPENERS or (
            follower in PICK_SUBJECTS and rest[3] not in PICK_NOT_AFTER_SUBJECT
        )
    return False


def option_pick(text: str, choice: str) -> bool:
    """Whether a statement (at most ``TERSE_CHARS``, no "?") picks an option of the reply's
    choice question ``choice`` (``choice_sentence``): no asking word (``PICK_ASKS``); its
    first clause, leads aside, describes an episode or opens with no question opener and
    names a content word of ``choice``; every later clause describes an episode or opens with
    no question opener."""
    if not choice or len(text) > TERSE_CHARS or "?" in text:
        return False
    clauses = comma_clauses(text)
    if not clauses or any(word in PICK_ASKS for clause in clauses for word in clause):
        return False
    first = clauses[0]
    start = 0
    while start < len(first) - 1 and first[start] in PICK_LEADS:
        start += 1
    if not _episode(first, start):
        if first[start] in PICK_QUESTION_OPENERS:
            return False  # "is the camping one too long", "tell me the wedding one"
        named = content_terms(" ".join(first[start:]))
        offered = set(content_terms(choice))
        if not any(term in offered for term in named):
            return False
    for clause in clauses[1:]:
        if clause[0] in PICK_QUESTION_OPENERS and not _episode(clause, 0):
            return False  # "the wedding, is it too much": the later clause asks
    return True


def picks_an_option(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user statement picks an option the reply just before it offered (rule
    option-picks, ``option_pick``): at most ``TERSE_CHARS``, no "?", right after a reply in
    the active thread that asked the user to choose, in an assistant chat of two, none of
    ``_MOVES``' markers."""
    config, log, threads = context.config, context.log, context.threads
    text = features.text
    if not (config.option_picks and len(text) <= TERSE_CHARS and "?" not in text):
        return False
    if not context.after_a_reply() or threads.active < 0:
        return False
    reply = log.features[-1]
    if int(log.thread_index[-1]) != threads.active or not asks_the_user(reply):
        return False
    if features.has_any(MOVES):
        return False
    return option_pick(text, choice_sentence(reply.text))
