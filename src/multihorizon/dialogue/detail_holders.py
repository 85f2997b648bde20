"""A question naming a thing an earlier reply introduced ("How much was the deposit?", "the
G string bit", "Which room is the final exam in?") is about the reply that holds the most of
its words, weighted by how rarely the conversation said them, rather than the latest reply
that repeats a word in passing; among replies holding them equally, the earliest, which
introduced the thing (SPEC-028 §4.1 entity reference, §4.2 antecedents; rule detail-holders,
issue 15 item 1).

A word is looked up in its other forms too (its stems, a hyphenated word's parts: "the head
noun under another form"). Reads the entity index only (the log's postings), never an
earlier turn's text.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from ..text.tokens import STOPWORDS
from ..text.word_forms import stems
from .dislocated import dislocated_terms
from .features import TurnFeatures
from .turnlog import TurnLog

__all__ = ["detail_holder", "mentions"]

_WINDOW = 20  # turns back a question's words are looked for (as rule holder-antecedents)
# The least a reply must weigh: a word of the question that at most three turns in reach said
# (a word every other turn says, "song" in a music booking, names nothing introduced).
_LEAST_WEIGHT = 0.3
# A pronoun question with at most this many content words asks something of the pronoun's
# topic ("Can they eat it every day?"): a reply holding one of its words is no antecedent.
_PRONOUN_QUESTION_TERMS = 3
_MIN_PART = 3  # letters of a part of a hyphenated word looked up alone ("zero-second": zero)


def detail_holder(turn_id: int, features: TurnFeatures, log: TurnLog) -> int:
    """The earlier reply, before the turn before, that holds at least as much of a user
    turn's words as the turn before does, each word weighing one over the number of turns in
    reach that said it (the earliest among equals), else -1.

    Only after a short reply that answered (``features.short``): not after one that offers
    or asks ("How about Alien?", "Please confirm: ..."), whose words the next turn takes up,
    nor after a passage (TREC CAsT's), which names many things in passing; and not when the
    turn judges what the reply put forward ("That suits me well. ..."), nor for a short
    pronoun question when the reply holds only one of its words ("How often should I water
    it?"). A reply holding as
    much as the turn before wins only when the question that one answered held none of the
    words (else the words are that exchange's subject, not said in passing)."""
    previous = turn_id - 1
    if turn_id < 3 or features.role != "user" or log.roles[previous] != "assistant":
        return -1
    before = log.features[previous]
    if not before.short or before.question or before.offers or features.judgement:
        return -1
    floor, asked = max(0, turn_id - _WINDOW), turn_id - 2
    roles = log.roles
    weights: dict[int, float] = {}
    words: dict[int, int] = {}  # how many of the words each reply holds
    asked_it = False  # the question the turn before answered holds one of the words
    for term in features.terms:
        postings = mentions(term, log)
        end = bisect_left(postings, turn_id)
        start = bisect_left(postings, floor, 0, end)
        if start == end:
            continue
        said = bisect_left(postings, asked, start, end)
        asked_it = asked_it or (said < end and postings[said] == asked)
        share = 1.0 / (end - start)
        for turn in postings[start:end]:
            if roles[turn] == "assistant":
                weights[turn] = weights.get(turn, 0.0) + share
                words[turn] = words.get(turn, 0) + 1
    best = max(weights, key=lambda turn: (weights[turn], -turn), default=-1)
    if best < 0 or best == previous or weights[best] < _LEAST_WEIGHT:
        return -1
    if words[best] < 2 and _pronoun_question(features):
        return -1
    held = weights.get(previous, 0.0)
    if weights[best] < held or (weights[best] == held and asked_it):
        # The turn before holds more of the words, or as many and answered a question on
        # them ("What is the role of serotonin?"): it stays the antecedent.
        return -1
    return best


def _pronoun_question(features: TurnFeatures) -> bool:
    """A pronoun question of a few words with no fronted topic ("Can they eat it every
    day?"): it asks something of the pronoun's topic, so one word of it an earlier reply said
    names nothing ("the sealant, how much per tyre again": the fronted topic names it)."""
    few = len(features.terms) <= _PRONOUN_QUESTION_TERMS
    return features.anaphor and few and not dislocated_terms(features)


def mentions(term: str, log: TurnLog) -> Sequence[int]:
    """The turns mentioning ``term`` in another form too: its stems ("the filming tip": the
    reply that said "Film a set", "eviction": "evicts", ``word_forms.stems``) and, for a
    hyphenated word, its parts ("the zero-second fade": "a snap (zero seconds)")."""
    keys = list(stems(term))
    if "-" in term:
        keys.extend(part for part in term.split("-") if len(part) >= _MIN_PART)
    keys = [key for key in dict.fromkeys(keys) if key not in STOPWORDS]
    if keys == [term]:
        return log.turns_mentioning(term)
    found: set[int] = set()
    for key in keys:
        found.update(log.turns_mentioning(key))
    return sorted(found)
