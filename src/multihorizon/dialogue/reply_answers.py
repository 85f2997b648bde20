"""Answers to the question the assistant's reply put to the user (SPEC-028 §5.2 CONTINUE, rule
reply-answers): in an assistant chat of two, a statement right after a reply that ends by
asking the user something ("Do you shoot mostly stills or video?", "What's the cut-in on the
pressure switch?") answers it, in whatever words: "Mostly weddings, some drone footage in
summer.", "30/50 says on the switch cover". §5.2 "same thread, extend it": CONTINUE, not
EXPLORE for its low similarity (nor DRILL_DOWN for a word pointing back: "two handles, only
the hot one drips"), so it stays in the thread.

Counted over every hand-written file before this rule (stop 36): a user statement right after
a reply ending in "?" is gold CONTINUE 39 times, DRILL_DOWN twice (a quiz's "now 5 harder
ones", read by rule thread-requests first) and EXPLORE never. Not an answer: a question, a
request (rule thread-requests and the rules before it read those), a turn that says the topic
moves on or back, a first clause that says it is about something else ("Unrelated, ..."), a
second matter of another party's ("my daughter also needs braces", "My partner also wants to
know how ..."), a statement asking after all ("wants to know", "tips on"), a reply that only
offers more help ("Anything else?"), or a statement longer than ``ANSWER_CHARS``.

The native settle cannot see the reply: ``Session`` does not take its answer as final for a
statement after such a reply (``replies_asked``), so the statement takes the whole way.
Each check is one pass over the turn's words (str methods, set tests).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.answer_words import (
    ANSWER_ADDING,
    ANSWER_ASKS,
    ANSWER_FILLERS,
    ANSWER_NEGATORS,
    ANSWER_ORDERS,
    ANSWER_OTHERNESS,
    ANSWER_OWNERS,
    OFFER_WORDS,
    QUESTION_CLOSERS,
    SENTENCE_ENDS,
)
from ..text.lexicon import Marker
from ..text.turn_text import CLAUSE_ENDS
from .phrasing import WORD_STRIP

if TYPE_CHECKING:
    from ..config import Config
    from .context import DialogueContext
    from .features import TurnFeatures
    from .turnlog import TurnLog

__all__ = [
    "ANSWER_CHARS",
    "answer_statement",
    "answers_the_reply",
    "asks_the_user",
    "replies_asked",
]

# The longest statement read (characters): an answer may run to a few clauses ("The label
# inside the cap says ..., and I'm fairly sure ..."); a longer turn sets up a matter of its own.
ANSWER_CHARS = 400
# A first clause ends at a token ending with one of these.
# Markers of a turn that moves on ("Unrelated: ..."), back ("Back to the roof.") or asks for
# an explanation.
_MOVES = (Marker.NEW_TOPIC, Marker.RESUME, Marker.EXPLAIN)


def asks_the_user(reply: TurnFeatures) -> bool:
    """Whether an assistant reply ends by asking the user something: its last character
    before closing quotes and brackets is "?", and its last sentence offers no more help
    ("Anything else I can do?", "Any other help you want?": ``OFFER_WORDS``)."""
    text = reply.text.rstrip(QUESTION_CLOSERS)
    if not text.endswith("?") or reply.open_offer:
        return False
    start = max(map(text[:-1].rfind, SENTENCE_ENDS)) + 1  # the last sentence's start
    words = text[start:].casefold().replace("\u2019", "'").split()
    return OFFER_WORDS.isdisjoint(word.strip(WORD_STRIP) for word in words)


def replies_asked(log: TurnLog, config: Config) -> bool:
    """Whether the log's last turn is an assistant reply that asked the user something, under
    rule reply-answers: a statement after it may answer it (``Session`` hands it on)."""
    return (
        config.reply_answers
        and len(log) > 0
        and log.roles[-1] == "assistant"
        and asks_the_user(log.features[-1])
    )


def answer_statement(text: str) -> bool:
    """Whether a statement may answer a question: at most ``ANSWER_CHARS`` characters, no
    first clause of otherness ("Separately, ..."; not "no change, ...": ``ANSWER_NEGATORS``)
    or of another party's second matter
    ("also my water softener ...", "Her brother wants to start too, ..."), no clause that
    opens with an order ("Let me have ...", "No, not now. Tell me ..."), and nothing asked
    for after all ("wants to know", "tips on", "please"). The caller checks it is no
    question."""
    if len(text) > ANSWER_CHARS:
        return False
    first = opening = True  # in the first clause; at a clause's start (fillers aside)
    adding = owner = False
    before = ""
    for token in text.casefold().replace("\u2019", "'").split():
        word = token.strip(WORD_STRIP)
        if word in ANSWER_ASKS or (before == "to" and word == "know"):
            return False  # "My partner also wants to know how ...", "any tips on ..."
        if opening and word in ANSWER_ORDERS:
            return False  # "Let me have the contact number", "No, not now. Tell me ..."
        if first:
            if word in ANSWER_OTHERNESS and before not in ANSWER_NEGATORS:
                return False  # "Unrelated, ...", "Other thing: ..."; not "no change, ..."
            adding = adding or word in ANSWER_ADDING
            owner = owner or word in ANSWER_OWNERS
            if adding and owner:
                return False  # "my daughter also needs braces"
        ends = token[-1] in CLAUSE_ENDS
        first = first and not ends
        opening = ends or (opening and word in ANSWER_FILLERS)
        before = word
    return True


def answers_the_reply(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user statement answers the question the reply just before it asked (rule
    reply-answers): in an assistant chat of two, in the active thread, no marker of a move,
    nothing asked for (``answer_statement``)."""
    config, log, threads = context.config, context.log, context.threads
    return (
        config.reply_answers
        and not features.question
        and threads.active >= 0
        and replies_asked(log, config)
        and int(log.thread_index[-1]) == threads.active
        and not context.speakers.multi_party(config)
        and not context.peer_dialogue()
        and not features.has_any(_MOVES)
        and not features.asks_for
        and answer_statement(features.text)
    )
