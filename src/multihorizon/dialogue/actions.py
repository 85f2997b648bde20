"""Which request an action reference repeats (SPEC-028 §4.1 "do it again", §4.2): the
backwards walk over the user's turns, kept apart from ``resolution`` so each module stays one
a reader can hold. ``resolution.resolve`` builds the ``Reference`` from what this finds.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..config import Config
from ..text.lexicon import Marker
from ..text.reference_phrases import PRODUCT_REPEATS
from ..text.tokens import content_terms
from .references import Mention
from .turnlog import TurnLog

__all__ = ["REQUEST", "action_target", "repeats_a_product", "repeats_as_form", "request_words"]

# How a target was found: a request (or question) it repeats, else a yes/no question held
# back or the last user turn that is no acknowledgement (weaker).
REQUEST, FALLBACK = "request", "fallback"
# "Run that check on agent-2": a request this many user turns back that shares a word with
# the repeat request is taken before a more recent one that shares none (rule
# repeats-named-requests).
_NAMED_REQUESTS = 6
_DOING = ("do", "redo", "run", "repeat", "try")
# fmt: off
_YES_NO = frozenset((
    "will", "would", "can", "could", "is", "are", "was", "were", "do", "does", "did", "should",
    "shall", "may", "might", "has", "have",
))
# fmt: on


def action_target(
    log: TurnLog,
    surface: str,
    now: int,
    window: int,
    *,
    questions: bool,
    past_clarifications: bool = False,
    words: Sequence[str] = (),
    chains: bool = False,
) -> tuple[int, str] | None:
    """The last user request an action reference repeats: an imperative, a "can you /
    please" request or (rule repeated-questions, ``questions``) a question ("what's the
    forecast for Thursday?" then "same again for Friday"), that is not itself a repeat
    request (those point further back, to the request they repeated). With ``questions``,
    "do the same" skips a yes/no question ("will I lose my domains?") for an earlier request
    or wh-question, and without any, the last user turn that is no acknowledgement ("Scale
    checkout to 6."). ``past_clarifications`` (rule repeats-past-clarifications): a
    clarification request is passed over. ``words`` (rule repeats-named-requests): the repeat
    request's own content words; among the last requests, the most recent sharing one wins
    ("Write the same thing but with HTTPS" -> "write me the server block"). ``chains`` (rule
    repeat-chains): the first repeat request passed over gives the request it repeated, found
    by its own words before its variation ("Give me a version of that script for 500
    users", then "Same again but for /cart": the script request, not a question between).
    Returns (turn, REQUEST or FALLBACK), or None."""
    roles, features = log.roles, log.features
    doing = questions and surface.casefold().startswith(_DOING)
    held, fallback, first = -1, -1, -1
    wanted = frozenset(words)
    seen = 0
    for turn in range(now - 1, max(-1, now - 1 - window), -1):
        if roles[turn] != "user":
            continue
        earlier = features[turn]
        if earlier.has(Marker.ACTION_REF) and log.references[turn]:
            if chains:
                named = _before_variation(earlier.text)
                chained = action_target(
                    log, surface, turn, window, questions=False,
                    past_clarifications=past_clarifications, words=named,
                )  # fmt: skip
                if chained is not None and not frozenset(named).isdisjoint(
                    features[chained[0]].terms
                ):
                    return chained  # the request its own words name
                chains = False  # one step: its own walk saw the rest
            continue  # "same for April": its request is further back
        if past_clarifications and earlier.has(Marker.CLARIFY):
            continue  # "You lost me, which part is the condition?" asks for no action
        if earlier.request or (questions and earlier.question and not earlier.acknowledgement):
            if doing and not earlier.request and _yes_no(earlier.text):
                held = turn if held < 0 else held
                continue
            if not wanted or not wanted.isdisjoint(earlier.terms):
                return turn, REQUEST
            first = turn if first < 0 else first
            seen += 1
            if seen >= _NAMED_REQUESTS:
                break
            continue
        if questions and fallback < 0 and not earlier.acknowledgement:
            fallback = turn
    if first >= 0:
        return first, REQUEST
    for turn in (held, fallback):
        if turn >= 0:
            return turn, FALLBACK
    return None


def _yes_no(text: str) -> bool:
    """A question that opens with an auxiliary ("Will I lose my domains?")."""
    head = text[:24].split(None, 1)
    return bool(head) and head[0].casefold() in _YES_NO


# What opens a repeat request's variation ("same again for Friday", "run that check on
# agent-2", "do the same but without soy"): the words from there name the new case.
_VARIATION_WORDS = frozenset(
    ("for", "in", "on", "with", "without", "but", "using", "instead", "except")
)


def _before_variation(text: str) -> tuple[str, ...]:
    """The content words of a repeat request before its variation ("Give me a version of that
    script for 500 users" -> give, version, script)."""
    position = 0
    for word in text.split():
        if word.casefold().strip(",.;:!?") in _VARIATION_WORDS:
            return tuple(content_terms(text[:position]))
        position = text.find(word, position) + len(word)
    return tuple(content_terms(text))


def request_words(
    content: str, mentions: Sequence[Mention], terms: tuple[str, ...], config: Config
) -> tuple[str, ...]:
    """Rule repeats-named-requests: the words by which a repeat request names the request it
    repeats. Rule repeat-variations: only those before its variation ("Again but for
    cucumber kimchi." names no request by "kimchi", the topic every request shared)."""
    if not config.repeats_named_requests:
        return ()
    action = next((mention for mention in mentions if mention.type == "action"), None)
    if action is None or not config.repeat_variations:
        return terms
    position = action.start
    for word in content[action.start :].split():
        if word.casefold().strip(",.;:!?") in _VARIATION_WORDS:
            return tuple(content_terms(content[:position]))
        position = content.find(word, position) + len(word)
    return terms


# What opens a variation that names the form of the thing to make again: "same again but as
# a thank-you note", "do that again as a social media post", "turn it into a table".
_FORM_OPENERS = frozenset(("as", "into"))
_ARTICLES = frozenset(("a", "an"))


def repeats_as_form(content: str, mentions: Sequence[Mention], config: Config) -> bool:
    """Rule repeat-forms: whether a repeat request's variation names a form to produce ("same
    again but as a thank-you note"): then it repeats a request that produced something (an
    imperative or a "can you" request), not the question asked last ("What goes in the party
    bags?")."""
    if not config.repeat_forms:
        return False
    action = next((mention for mention in mentions if mention.type == "action"), None)
    if action is None:
        return False
    words = [word.casefold().strip(",.;:!?") for word in content[action.end :].split()[:4]]
    return any(
        first in _FORM_OPENERS and second in _ARTICLES
        for first, second in itertools.pairwise(words)
    )


_PRODUCTS = tuple(phrase.split() for phrase in PRODUCT_REPEATS)


def repeats_a_product(mentions: Sequence[Mention], config: Config) -> bool:
    """Rule repeat-products: whether a repeat request asks for more of a thing made ("more
    like these but about 80s films", "give me three more", "now one for my colleague",
    ``PRODUCT_REPEATS``): then it repeats a request that made something, not the question
    asked last ("How many rounds should a quiz have?")."""
    if not config.repeat_products:
        return False
    action = next((mention for mention in mentions if mention.type == "action"), None)
    if action is None:
        return False
    said = action.surface.casefold().split()
    return any(said[: len(phrase)] == phrase for phrase in _PRODUCTS)
