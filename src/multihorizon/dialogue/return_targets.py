"""The turn a return means (SPEC-028 §3.3 resumption, §4.2 antecedents; rule
return-detail-targets, issue 15 item 1): once the placement has put a user turn back in a
dormant thread ("back to the greenhouse, is bubble wrap enough in January?", "Returning to
the greenhouse - which thermostat did you mean?", "did the heater you suggested need a
vent?" after an aside), its antecedent is the turn of that thread that holds the most of the
question's detail words, not the turn that named the thread's topic; a return asking no
detail ("back to the greenhouse.", "anyway, bread maker") means the thread's naming turn.

The topic is the words the return names (``detail_turns.topic_terms``: a return's words, a
fronted topic, an announced one; a statement naming nothing else names the topic with all
its words); the details are the turn's other content words, less the words that only ask or
return (``detail_words``). Each detail word weighs one over the number of turns in reach
saying it in any form; a turn of the thread that can hold a detail (a reply, or a user turn
that is no bare question) and weighs most comes first, a reply before a user turn and the
earlier among equals, when it outweighs the turn the other rules put first (a user turn
saying only the words of the question's references merely named the thing). With no detail
word, or none a turn in reach holds (unless the other rules' turn is the thread's), the
thread's naming turn: its turn in reach saying the most of the topic's words, the earliest
among equals, else its earliest. Reads the log's postings and thread column and, for a turn
the placement resumed a thread with, its own text's comparatives (a linear scan).
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from ..text.detail_words import NOT_DETAIL_WORDS, RETURN_WORDS
from ..text.output_nouns import FRONTED_DEMONSTRATIVES
from ..text.tokens import content_terms
from ..text.word_forms import stems
from .comparatives import comparative_mentions
from .detail_turns import forms_mentioned, tells, topic_terms
from .features import TurnFeatures
from .own_lists import ordinal_of
from .references import Reference
from .turnlog import TurnLog

__all__ = ["return_target"]

# Turns back a return's thread is read (a return two digressions later is a dozen turns on;
# the bound keeps the walk constant per turn).
_REACH = 60
# Detail words read at most (each reads its postings once).
_DETAILS = 8
# A pronoun question of at most this many content words and no named topic asks something of
# the pronoun's topic, the one just left (as rule detail-holders' pronoun questions).
_PRONOUN_QUESTION_TERMS = 3


def return_target(
    turn_id: int,
    thread: int,
    first: int,
    features: TurnFeatures,
    resolved: Sequence[Reference],
    log: TurnLog,
    *,
    second_phrases: bool = False,
) -> int:
    """The turn of ``thread`` (the dormant thread the placement resumed with this turn, -1:
    none) that a return means, when it is not ``first`` (the antecedent the other rules put
    first), else -1. A reference that names a turn, an item, a tool's output, a request or a
    thing by a demonstrative is more specific and left to its rule; with ``second_phrases``
    (rule return-second-phrases), a return's words name the thread alone and a thing it names
    besides ("back to the chewing, the playpen, ...") is the detail."""
    if thread < 0 or features.role != "user" or turn_id < 2:
        return -1
    specific = _more_specific(resolved)
    if specific and not (second_phrases and features.resume_terms):
        return -1
    if not features.short:
        return -1  # a passage names much in passing, and its words would all be details
    column = log.thread_index
    if int(column[turn_id - 1]) == thread:
        return -1  # no return: the thread is active
    before = turn_id - 1
    if log.roles[before] != "assistant" or not log.features[before].short:
        # Not an assistant chat of two after a reply (IRC's interleaved talk resumes a thread
        # every other line), or a chat of passages (TREC CAsT's, naming much in passing).
        return -1
    reply = log.features[before]
    if features.judgement or features.request or reply.offers or reply.question:
        # "That sounds good.", "Rojo sounds great", "No, not now. Play the song you just
        # found." after "Anything else?": the turn takes up or answers what the reply put
        # forward, or asks a task of its own (sgd), no return.
        return -1
    floor = max(0, turn_id - _REACH)
    own = [turn for turn in range(floor, turn_id) if int(column[turn]) == thread]
    if not own or comparative_mentions(features.text):
        # Nothing of the thread in reach; "the cheaper apartment" is the one rule
        # entity-references picked.
        return -1
    said = [term for term in features.terms if term not in NOT_DETAIL_WORDS]
    said = [term for term in said if term not in RETURN_WORDS]
    topic = _return_topic(features, said, second_phrases)
    if second_phrases and features.resume_terms:
        second = _second_phrase(topic, own, resolved)
        if second >= 0:  # the turn of the thread the thing named besides the return's is
            return -1 if second == first else second
    if specific:
        return -1
    if not topic and features.anaphor and len(said) <= _PRONOUN_QUESTION_TERMS:
        return -1  # "How often should I water it?": "it" is the topic just left, no return
    if not topic and not features.question:
        topic = said  # "anyway, bread maker": a statement naming only the topic
    topic_forms = {stem for term in topic for stem in stems(term)}
    details = [term for term in said if topic_forms.isdisjoint(stems(term))][:_DETAILS]
    if not details:  # "back to the greenhouse.": the turn that named it
        best = _naming_turn(topic, own, floor, turn_id, log)
        return -1 if best == first else best
    # A user turn saying only the words of the question's references merely named the thing
    # ("I want an espresso machine" for "the machine"): the reply discussing it holds it.
    named = {term for ref in resolved for term in content_terms(ref.surface)}
    if first == _naming_turn(topic or sorted(named), own, floor, turn_id, log) and (
        not topic or first not in own[:2]
    ):
        # "the root canal, does that hurt much?", "the broker search, does it cost anything?":
        # the turn that brought the thing up (after the thread's opening exchange, for a topic
        # the return names) is the one the other rules found; the question asks of it.
        return -1
    held, elsewhere, first_weight = _held(details, named, own, first, floor, turn_id, log)
    if not held:
        if first in elsewhere:  # the other rules' turn, in another thread, holds the detail:
            return -1  # the placement may be wrong ("Who must sign the checklist?")
        if any(ref.target_turn == first for ref in resolved):
            return -1  # "the broker search, does it cost anything?": the turn it names
        # "back to the stove, is it safe overnight?": no turn holds the detail
        best = _naming_turn(topic, own, floor, turn_id, log)
        return -1 if best == first or first in own else best
    best = max(held, key=lambda turn: (held[turn], log.roles[turn] == "assistant", -turn))
    # A turn the other rules put first that holds as much keeps its place.
    return -1 if best == first or held[best] <= first_weight else best


def _return_topic(features: TurnFeatures, said: Sequence[str], second_phrases: bool) -> list[str]:
    """The words the return names, not its references' ("the spinner", "the component":
    details); with ``second_phrases``, a return's own words alone ("back to the puppy - the
    playpen, ...": the playpen is the detail asked about)."""
    named = features.resume_terms
    if not (second_phrases and named):
        named = topic_terms(features, (), announced=True)
    return [term for term in named if term in said]


def _second_phrase(topic: Sequence[str], own: Sequence[int], resolved: Sequence[Reference]) -> int:
    """The turn of the thread (``own``) that the first reference naming none of the return's
    ``topic`` words resolved to ("back to the chewing, the playpen, ...": the playpen's
    reply), else -1. Only an entity or an item named by its words: a turn, a tool's output,
    a request or an item by its place has its own rule."""
    topic_forms = {stem for term in topic for stem in stems(term)}
    mine = set(own)
    for ref in resolved:
        if ref.type not in ("entity", "ordinal") or ref.target_turn not in mine:
            continue
        if ref.type == "ordinal" and (ref.item is None or ordinal_of(ref.surface) is not None):
            continue
        terms = content_terms(ref.surface)
        if terms and all(topic_forms.isdisjoint(stems(term)) for term in terms):
            return ref.target_turn
    return -1


def _more_specific(resolved: Sequence[Reference]) -> bool:
    """A reference other than a plain entity ("the heater you suggested", "the second",
    "that result", "this stove"): its own rule picks its turn. An item an entity reference
    took from a list ("the bread": "strong bread flour") is no pick of the user's."""
    for ref in resolved:
        if ref.type != "entity":
            return True
        head = ref.surface.split(maxsplit=1)
        if head and head[0].casefold() in FRONTED_DEMONSTRATIVES:
            return True
    return False


def _held(
    details: Sequence[str],
    named: Set[str],
    own: Sequence[int],
    first: int,
    floor: int,
    turn_id: int,
    log: TurnLog,
) -> tuple[dict[int, float], set[int], float]:
    """Per turn of the thread that can hold a detail, the weight of the detail words it says
    (each one over the number of turns in reach saying it in any form); and the turns of
    other threads that can hold a detail and say one; and the weight of the words ``first``
    says. A user turn does not hold the ``named`` words (those of the question's
    references), though ``first`` does ("the one-bedroom": the user's turn stating it)."""
    mine = set(own)
    weights: dict[int, float] = {}
    elsewhere: set[int] = set()
    first_weight = 0.0
    for term in dict.fromkeys(details):
        turns = [turn for turn in forms_mentioned(term, log) if floor <= turn < turn_id]
        for turn in turns:
            if turn == first:
                first_weight += 1.0 / len(turns)
            # A passage (TREC CAsT's) names many things in passing: no holder of a detail.
            if not (log.features[turn].short and tells(log, turn)):
                continue
            if term in named and log.roles[turn] == "user":
                continue
            if turn in mine:
                weights[turn] = weights.get(turn, 0.0) + 1.0 / len(turns)
            else:
                elsewhere.add(turn)
    return weights, elsewhere, first_weight


def _naming_turn(
    topic: Sequence[str], own: Sequence[int], floor: int, turn_id: int, log: TurnLog
) -> int:
    """The thread's turn in reach saying the most of the topic's words in any form (the
    earliest among equals: it named the topic), else its earliest turn in reach."""
    mine = set(own)
    count: dict[int, int] = {}
    for term in dict.fromkeys(topic):
        for turn in forms_mentioned(term, log):
            if floor <= turn < turn_id and turn in mine:
                count[turn] = count.get(turn, 0) + 1
    return max(count, key=lambda turn: (count[turn], -turn), default=own[0])
