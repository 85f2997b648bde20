"""Antecedents: every earlier turn the user may mean, best first (opt-in analysis).

``Envelope.antecedents`` serves the evaluation (``multihorizon eval --task references``):
nothing the model sees depends on it, so it is computed only with
``Config.antecedents`` on (rule antecedent-analysis). Its refinements of SPEC-028 §4.2 are
rules place-antecedents and pronoun-chains (and offer-antecedents' judgement half). Every
rule reads the log's feature columns, never an earlier turn's text.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..config import Config
from .features import TurnFeatures
from .intent import Intent
from .references import Reference
from .turnlog import TurnLog

__all__ = ["antecedents", "evaluated_offer", "follows_up_on_topic", "place_turn", "topic_turn"]


def antecedents(
    turn_id: int,
    features: TurnFeatures,
    intent: Intent,
    resolved: Sequence[Reference],
    reply_to: int,
    retrieved: Sequence[int],
    log: TurnLog,
    config: Config,
) -> tuple[int, ...]:
    """The turns a user turn may refer to, best first: its resolved references, the turn it
    replies to, the place a place word points to, the offer a judgement judges, the turn
    before (or the topic a pronoun chain follows), then Tier C's retrieved turns."""
    found = dict.fromkeys(
        ref.target_turn for ref in resolved if ref.type != "tool" and ref.target_turn is not None
    )
    if reply_to >= 0:
        found[reply_to] = None
    if turn_id > 0 and config.place_antecedents and features.names_place:
        place = place_turn(turn_id, log, config.place_window)
        if place >= 0:
            found.setdefault(place, None)
    if config.offer_antecedents and features.judgement:
        offer = evaluated_offer(turn_id, log)
        if offer >= 0:
            found.setdefault(offer, None)
    if turn_id > 0:
        # Real dialogue answers the turn before far more often than anything else (sgd
        # carried-over values: 0.68 the previous turn, 0.27 Tier C's best item).
        previous = turn_id - 1
        if config.pronoun_chains and follows_up_on_topic(features, intent, bool(resolved)):
            previous = topic_turn(previous, log, config.topic_chain)
        found[previous] = None
    found.update(dict.fromkeys(retrieved))
    return tuple(found)


def follows_up_on_topic(features: TurnFeatures, intent: Intent, resolved: bool) -> bool:
    """Whether a turn's antecedent is the topic its user's follow-ups follow (``topic_turn``):
    it has a pronoun ("can it spread?"), or it is a short follow-up question with nothing
    resolved ("What about treatment?" after "Tell me about lung cancer." "What are its
    symptoms?": lung cancer). The second: TREC CAsT 2019 acc@1 0.538 -> 0.568."""
    if features.anaphor:
        return True
    return intent is Intent.DRILL_DOWN and not resolved and features.short and features.question


def topic_turn(previous: int, log: TurnLog, chain: int) -> int:
    """What a pronoun ("is it treatable?") or a bare follow-up question points back to: the
    turn before, unless that is itself a user's short pronoun follow-up with nothing
    resolved, which points back in turn ("Tell me about lung cancer." "What are its
    symptoms?" "Can it spread?": "it" is lung cancer, turn 0). At most ``chain`` steps. TREC
    CAsT 2019 acc@1 0.417 -> 0.538 (hit@3 0.775 -> 0.814)."""
    for _ in range(chain):
        if previous == 0 or log.roles[previous] != "user" or log.references[previous]:
            break
        earlier = log.features[previous]
        if not (earlier.short and earlier.anaphor):
            break
        previous -= 1
    return previous


def evaluated_offer(turn_id: int, log: TurnLog) -> int:
    """The offer an evaluation ("that sounds good") judges when the user asked about it and
    the reply only answered: offer (turn_id - 3), the user's question about it, the answer
    that offered nothing new, then the evaluation. Else -1."""
    if turn_id < 3:
        return -1
    offer, question, answer = turn_id - 3, turn_id - 2, turn_id - 1
    roles, features = log.roles, log.features
    if not (roles[offer] == roles[answer] == "assistant" and roles[question] == "user"):
        return -1
    if not (features[question].question and not features[answer].question):
        return -1
    if features[answer].offers or not features[offer].offers:
        return -1
    return offer


def place_turn(turn_id: int, log: TurnLog, window: int) -> int:
    """The turn a place word ("a hotel there") points to, among the last ``window``: the
    latest that puts something in a named place ("around Oakland", "in the Bay Area"), else
    the latest naming anything by a proper noun ("at Sony Hall"), else -1. A turn longer
    than a few paragraphs is a topic of its own, not a place (``features.SHORT_TURN_CHARS``)."""
    earlier_turns = range(turn_id - 1, max(-1, turn_id - 1 - window), -1)
    features = log.features
    for earlier in earlier_turns:
        if features[earlier].in_a_place:
            return earlier
    for earlier in earlier_turns:
        if features[earlier].proper_noun:
            return earlier
    return -1
