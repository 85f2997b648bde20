"""Repeat requests whose variation names a sibling of what an earlier request asked about
(SPEC-028 §4.1 "do it again", §4.2; rule repeat-siblings; issue 15 item 1).

"And again for the Osman." after "Give me discussion questions for the Keegan." names a book
the same reply listed next to the Keegan; "Same again for the conclusion" names a panel the
reply on the board listed next to the hypothesis the user had written. The request repeated
is the latest of the user's requests whose words a reply said next to the variation's words
(``sibling_request``), not a question asked since ("Where could we meet?"). Only a question
taken as the request repeated (rule repeated-questions) gives way: a request the walk found
stands (§4.2's most recent request).

Costs nothing for a turn with no action reference; otherwise the entity index's postings of
the variation's words and one walk back over the user's last requests.
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections.abc import Sequence

from ..text.lexicon import Marker
from ..text.scan import sentence_spans
from ..text.tokens import content_terms
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = ["sibling_repeats", "sibling_request"]

# What opens a repeat request's variation ("same again for Friday", "do the same but with
# feminine nouns"): the words from there name the new case.
_VARIATION_WORDS = frozenset(
    ("for", "in", "on", "with", "without", "but", "using", "instead", "except")
)
# A variation word more replies in reach said than this names the topic every request
# shares ("again but for cucumber kimchi"), not a sibling of one thing asked about.
_SIBLING_REPLIES = 2
_SIBLING_TURNS = 3
_LIST_COMMAS = 2
# The user's requests looked at, newest first; the characters of a reply read.
_REQUESTS = 6
_REPLY_CHARS = 4000


def sibling_repeats(
    mentions: Sequence[Mention],
    references: Sequence[Reference],
    content: str,
    log: TurnLog,
    window: int,
) -> list[Reference]:
    """``references`` with each resolved action reference moved to ``sibling_request``'s
    turn, when it finds one."""
    moved = list(references)
    for index, (mention, reference) in enumerate(zip(mentions, references, strict=True)):
        if mention.type != "action" or reference.target_turn is None:
            continue
        if log.features[reference.target_turn].request:
            continue  # §4.2's last request stands; only a question it took may give way
        turn = sibling_request(content, mention.start, log, len(log), window)
        if turn >= 0 and turn != reference.target_turn:
            moved[index] = dataclasses.replace(reference, target_turn=turn)
    return moved


def sibling_request(content: str, start: int, log: TurnLog, now: int, window: int) -> int:
    """Rule repeat-siblings: the latest of the user's last requests (a request, a question or
    a repeat request, no clarification) holding a word that a reply holding the variation's
    words said too, else -1. The variation is the repeat request's words from its first
    opener at or after ``start`` ("for the Osman"); the words of the repeat request itself
    are no sibling's."""
    variation = _variation_terms(content, start)
    if not variation:
        return -1
    floor = max(0, now - window)
    siblings: set[str] = set()
    for term in variation:
        postings = log.turns_mentioning(term)
        held = postings[bisect_left(postings, floor) : bisect_left(postings, now)]
        replies = [turn for turn in held if log.roles[turn] == "assistant"]
        if 0 < len(replies) <= _SIBLING_REPLIES:
            for turn in replies:
                siblings.update(_sentence_terms(log.contents[turn], term))
    siblings.difference_update(content_terms(content))
    # A sibling is a thing named by few turns ("ishiguro", "hypothesis"), not a word every
    # exchange says ("run", "test", "change").
    siblings = {term for term in siblings if _said_in(term, log, floor, now) <= _SIBLING_TURNS}
    if not siblings:
        return -1
    seen = 0
    for turn in range(now - 1, floor - 1, -1):
        if log.roles[turn] != "user":
            continue
        earlier = log.features[turn]
        asks = earlier.request or earlier.question or earlier.has(Marker.ACTION_REF)
        if not asks or earlier.acknowledgement or earlier.has(Marker.CLARIFY):
            continue
        if not siblings.isdisjoint(earlier.terms):
            return turn
        seen += 1
        if seen >= _REQUESTS:
            break
    return -1


def _said_in(term: str, log: TurnLog, floor: int, now: int) -> int:
    """How many turns from ``floor`` to before ``now`` said ``term``."""
    postings = log.turns_mentioning(term)
    return bisect_left(postings, now) - bisect_left(postings, floor)


def _sentence_terms(text: str, term: str) -> set[str]:
    """The content words of the sentences of ``text`` (its first ``_REPLY_CHARS``) that
    hold ``term`` and list things (``_LIST_COMMAS`` commas or semicolons): siblings are
    listed in one sentence ("Three panels: question and hypothesis on the left, method and
    photos in the middle, the results graph and conclusion on the right.")."""
    text = text[:_REPLY_CHARS]
    found: set[str] = set()
    for start, end in sentence_spans(text):
        sentence = text[start:end]
        if sentence.count(",") + sentence.count(";") < _LIST_COMMAS:
            continue  # no list: "If you can name the parts, split them."
        words = content_terms(sentence)
        if term in words:
            found.update(words)
    return found


def _variation_terms(content: str, start: int) -> tuple[str, ...]:
    """The content words of ``content`` from the first variation opener at or after
    ``start``, or () when it has none."""
    position = start
    for word in content[start:].split():
        if word.casefold().strip(",.;:!?") in _VARIATION_WORDS:
            return tuple(content_terms(content[position:]))
        position = content.find(word, position) + len(word)
    return ()
