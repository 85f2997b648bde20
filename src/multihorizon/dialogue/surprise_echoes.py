"""A turn that echoes what the reply just said in surprise or confusion, then asks how or why
(rule surprise-echoes, SPEC-028 §5.2 CLARIFY, issue 15 item 1, stop 42): "hang on, the valve
shuts itself when it's full? how does it know", "wait the fund pays nothing if I leave? how is
that fair", "I do not quite follow; one writes the deed oneself? How would anyone accept it?".
The user checks their reading of the reply (CLARIFY), not a question deeper into the topic.
Holds in an assistant chat of two, right after a reply whose words the echo restates. Reads the
turn's words once each: linear, no regex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.surprise_words import (
    CONFUSION_WORDS,
    ECHO_OPENERS,
    REASON_ASKS,
    REASON_FILLERS,
    SURPRISE_LEADS,
    SURPRISE_WORDS,
)
from ..text.tokens import content_terms
from .meaning_asks import reply_brought
from .term_forms import clause_ends_at, form_words, reads_a_form

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["asks_a_surprise_echo", "surprise_echo"]

# An echo and its how/why are short; a longer turn says more of its own.
_ECHO_CHARS = 160
# The echo restates a clause of the reply: a few words, at least two.
_ECHO_WORDS = (2, 16)
# A confusion stated before the echo is a short clause or two ("I do not quite follow;").
_CONFUSION_WORDS = 10
# The how/why opens the clause after the "?" within its first few words ("but how ...").
_REASON_REACH = 3


def _echo_start(tokens: list[str], words: list[str], asked: int) -> int:
    """Where the echo starts: after a surprise lead at the turn's opening ("hang on,", "wait")
    or after a clause that states a confusion ("I do not quite follow;"); -1 for neither."""
    if words[0] in SURPRISE_LEADS:
        start = 0
        while start < asked and (words[start] in SURPRISE_LEADS or words[start] in SURPRISE_WORDS):
            start += 1
        return start
    last = -1
    for index in range(asked):
        if clause_ends_at(tokens[index]):
            last = index
    if 0 <= last < _CONFUSION_WORDS and not CONFUSION_WORDS.isdisjoint(words[: last + 1]):
        start = last + 1
        while start < asked and words[start] in SURPRISE_WORDS:
            start += 1
        return start
    return -1


def _asks_how_or_why(words: list[str]) -> bool:
    """Whether the words after the echo's "?" open with a how or a why ("how does it know",
    "but why would that be", "how come")."""
    reach = [word for word in words if word][: _REASON_REACH + 1]
    for word in reach:
        if word in REASON_ASKS:
            return True
        if word not in REASON_FILLERS:
            return False
    return False


def surprise_echo(text: str) -> tuple[str, ...]:
    """The content words of the echo in a turn of at most ``_ECHO_CHARS`` characters that
    opens in surprise or confusion, restates something as a question and then asks how or why
    ("wait the valve shuts itself when it's full? how does it know" -> ("valve", "shuts",
    "full")); () for any other turn."""
    if len(text) > _ECHO_CHARS or "?" not in text:
        return ()
    tokens, words = form_words(text)
    asked = next(at for at, token in enumerate(tokens) if "?" in token)
    start = _echo_start(tokens, words, asked)
    if start < 0 or not _asks_how_or_why(words[asked + 1 :]):
        return ()
    echo = words[start : asked + 1]
    if not _ECHO_WORDS[0] <= len(echo) <= _ECHO_WORDS[1] or echo[0] in ECHO_OPENERS:
        return ()
    return tuple(content_terms(" ".join(echo)))


def asks_a_surprise_echo(context: DialogueContext, features: TurnFeatures) -> bool:
    """Rule surprise-echoes: a surprise echo then how/why, whose echo restates the reply just
    before: at least one of its content words, and a third of them, are the reply's."""
    if not reads_a_form(context, features, context.config.surprise_echoes):
        return False
    terms = surprise_echo(features.text)
    if not terms:
        return False
    said = tuple(context.log.features[-1].terms)
    named = sum(reply_brought((term,), said) for term in terms)
    return named > 0 and 3 * named >= len(terms)
