"""A question that stops on what the assistant said and asks about it again (rule
recheck-asks, SPEC-028 §5.2 CLARIFY, issue 15, stop 44): "wait, does the glaze go on before
the firing?", "hang on is the 40 the width or the height", "Just to check, is it two coats or
three?", "you said soak them, how long for?". The user re-checks the reply (CLARIFY), not a
question deeper into the topic. Holds in an assistant chat of two, right after a reply, when
the question names a content word of the last ``RECHECK_REPLIES`` replies. Reads the turn's
first ``RECHECK_CHARS`` characters once: linear, no regex.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.recheck_words import (
    RECHECK_ADVICE,
    RECHECK_ASKERS,
    RECHECK_FILLERS,
    RECHECK_MORE,
    RECHECK_NEW,
    RECHECK_OPENERS,
    RECHECK_QUESTION_WORDS,
    RECHECK_RECALLS,
    RECHECK_SAID,
    RECHECK_WAIT_VERB,
)
from ..text.tokens import content_terms
from ..text.topic_clause_words import ECHO_STRIP

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["RECHECK_CHARS", "asks_a_recheck", "recheck_ask"]

# A re-check asks one thing; a longer turn says more of its own.
RECHECK_CHARS = 200
# The replies a re-check may ask about, the latest first ("just to check, is X ...?" after a
# shorter version of the reply that said X).
RECHECK_REPLIES = 3
# A word of the question sharing its first letters with a reply's word names it ("soaking" for
# "soak").
_STEM = 4
# Markers of a new subject: a re-check asks about the reply, it announces nothing.
_NEW_SUBJECT = (Marker.NEW_TOPIC, Marker.TOPIC_OPENER)


def _opener(words: list[str], start: int) -> tuple[int, bool]:
    """The length of the longest re-check opener at ``start`` and whether it names the reply
    ("you said"); (0, False) for none."""
    best, said = 0, False
    for forms, names in ((RECHECK_OPENERS, False), (RECHECK_SAID, True)):
        for form in forms:
            if len(form) > best and tuple(words[start : start + len(form)]) == form:
                best, said = len(form), names
    return best, said


def recheck_ask(text: str) -> tuple[str, ...]:
    """The content words of the question a re-check asks, if the turn is one: at most
    ``RECHECK_CHARS`` characters, opening (after ``RECHECK_FILLERS``) with one of
    ``RECHECK_OPENERS`` ("wait", "hang on", "just to check") and then a question (a "?" at
    its end, or one of ``RECHECK_QUESTION_WORDS`` right after the opener), or with one of
    ``RECHECK_SAID`` ("you said X, ...?"; not a recall, ``RECHECK_RECALLS``: "you said
    something about X") and a "?" at its end. Not "wait" as the verb ("wait a week?":
    ``RECHECK_WAIT_VERB`` after it, with no comma or dash after "wait"), nor "hold on to",
    nor something new after the opener (``RECHECK_NEW``: "wait, what about" is read
    below too), nor a request anywhere (``RECHECK_ASKERS``), nor advice or a judgement asked
    (``RECHECK_ADVICE``: "should I", "worth"), nor more asked (``RECHECK_MORE``), nor more
    said after the question's "?" (the user argues with the reply: "wait why can't they lie
    flat?? we always stacked them").
    () for any other turn."""
    if len(text) > RECHECK_CHARS:
        return ()
    tokens = text.casefold().replace("\u2019", "'").split()
    words = [token.strip(ECHO_STRIP) for token in tokens]
    start = 0
    while start < len(words) and words[start] in RECHECK_FILLERS:
        start += 1
    length, said = _opener(words, start)
    rest = start + length
    if not length or rest >= len(words):
        return ()
    last = tokens[rest - 1]
    marked = last[-1:] in ",:;-.!?" or tokens[rest][:1] in "-\u2013\u2014"
    following = words[rest]
    if words[start] == "wait" and length == 1 and not marked and following in RECHECK_WAIT_VERB:
        return ()  # "wait a week?", "wait until it's dry?": the verb
    if words[start : rest + 1] in (["hold", "on", "to"], ["hang", "on", "to"]):
        return ()
    if said and following in RECHECK_RECALLS:
        return ()  # "you said something about X: what was it?" recalls
    if following == "so" and rest + 1 < len(words):
        following = words[rest + 1]
    if following in RECHECK_NEW or (following in ("what", "how") and _about(words, rest)):
        return ()
    if any(pair in RECHECK_ASKERS for pair in pairwise(words)):
        return ()
    if not (RECHECK_ADVICE.isdisjoint(words[rest:]) and RECHECK_MORE.isdisjoint(words[rest:])):
        return ()  # "..., is this a good price or should I wait?", "what else ...?"
    asks = text.rstrip().endswith("?")
    if "?" in text.rstrip().rstrip("?"):
        return ()  # "wait why can't they? her dad stacked them for years": it argues on
    if not (asks or (not said and following in RECHECK_QUESTION_WORDS)):
        return ()
    return tuple(content_terms(" ".join(words[rest:])))


def _about(words: list[str], at: int) -> bool:
    """Whether "what about" or "how about" stands at ``at`` (after a "so")."""
    index = at + (words[at] == "so")
    return index + 1 < len(words) and words[index + 1] == "about"


def _names_a_reply(context: DialogueContext, asked: tuple[str, ...]) -> bool:
    """Whether a word of ``asked`` is a content word of the last ``RECHECK_REPLIES``
    assistant replies, as it is or sharing its first ``_STEM`` letters."""
    log = context.log
    said: set[str] = set()
    found = 0
    for turn_id in range(len(log) - 1, -1, -1):
        if found == RECHECK_REPLIES:
            break
        if log.roles[turn_id] == "assistant":
            found += 1
            said.update(content_terms(log[turn_id].content))
    stems = {word[:_STEM] for word in said if len(word) >= _STEM}
    return any(word in said or (len(word) >= _STEM and word[:_STEM] in stems) for word in asked)


def asks_a_recheck(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether the turn re-checks what the replies said (rule recheck-asks): ``recheck_ask``
    right after an assistant reply, in an assistant chat of two, with no new-topic marker,
    naming a word of the last ``RECHECK_REPLIES`` replies. The opener phrases are
    ``Marker.PLAIN_CLARIFY``'s (``recheck_words.RECHECK_PHRASES``, ``SURPRISE_PHRASES``)."""
    config, log = context.config, context.log
    if not (config.recheck_asks and len(log) > 0 and log.roles[-1] == "assistant"):
        return False
    if not features.has(Marker.PLAIN_CLARIFY) or features.has_any(_NEW_SUBJECT):
        return False
    asked = recheck_ask(features.text)
    if not asked or not _names_a_reply(context, asked):
        return False
    return not (context.speakers.multi_party(config) or context.peer_dialogue())
