"""A question that names a thing and asks a detail of it ("back to the bike, for the brake
pads, how long do they last?", "the zenbook, is its fan noisy when I'm writing?", "does the
barn's quote include chairs?") is about the turn that holds the detail, deep in the thing's
thread, rather than the turn that first named the thing or the latest turn that names it
again (SPEC-028 §4.1 entity reference, §4.2 antecedents; rule detail-turns, issue 15 item 1).

The thing is the question's topic: its fronted phrase ("the zenbook, ..."), the words of a
return ("back to the bike"), the words of an entity reference it makes ("the barn's quote"),
and a name an earlier user turn wrote. Its detail words are its other content words, less
the words that only ask (``detail_words.NOT_DETAIL_WORDS``). A turn holds the thing when it,
or the user turn it answers, names a topic word (a user's bare question asks, holds
nothing); after a return, any turn of the thing's thread may hold the detail. Each word of
the question weighs one over the number of turns in reach saying it in any form; the
holder weighing most that says a detail word comes first when it weighs more than the turn
the other rules put first. A question with no detail word, or whose detail only the opening
turn holds, keeps that turn ("the sony, how heavy is it"). Reads the entity index (the
log's postings) and earlier turns' kept features; the one text read, a user question's
digits, is ten substring scans kept on that turn's features.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from ..text.detail_words import ABOUT_OPENERS, NOT_DETAIL_WORDS
from ..text.output_nouns import FRONTED_DEMONSTRATIVES
from ..text.tokens import content_terms, words
from ..text.word_forms import related_forms, stems
from .comparatives import comparative_mentions
from .detail_holders import mentions
from .dislocated import dislocated_terms
from .features import TurnFeatures
from .named_topics import named_topic_of
from .references import Reference
from .turnlog import TurnLog

__all__ = ["announced_terms", "detail_turn", "forms_mentioned", "tells", "topic_terms"]

_KEY = object()
_DIGITS = "0123456789"
_HEAD_CHARS = 80  # a fronted topic ends with a comma within this many characters
_MAX_WORDS = 6  # words of a fronted topic (as rule dislocated-topics)
_WINDOW = 20  # turns back the topic and its details are looked for (as rule detail-holders)


def topic_terms(
    features: TurnFeatures, resolved: Sequence[Reference], *, announced: bool = False
) -> tuple[str, ...]:
    """The words naming a user question's thing: its fronted topic ("the zenbook, ...",
    "what about the lenovo, ...") and a return's words ("back to the pension"; with
    ``announced``, a topic its opening names too: "Anyway, about the boiler, ...", "The
    boiler again - ...", "Re the boiler: ..."); without those, the words of the entity
    references it makes ("does the barn's quote include chairs?"). After a fronted topic,
    the question's other references name details ("the statement", "the top-up")."""
    found = dict.fromkeys(dislocated_terms(features))
    found.update(dict.fromkeys(features.resume_terms))
    if announced:
        found.update(dict.fromkeys(announced_terms(features)))
    found.update(dict.fromkeys(_about_terms(features)))
    if not found:
        for ref in resolved:
            if ref.type == "entity":
                found.update(dict.fromkeys(content_terms(ref.surface)))
    return tuple(found)


def announced_terms(features: TurnFeatures) -> tuple[str, ...]:
    """The topic a turn's opening names ("Anyway, about the boiler, ...", "The boiler again
    - ...", "Re the boiler: ..."; ``named_topic_of``, read once per turn)."""
    return named_topic_of(features, True)[0]


def _about_terms(features: TurnFeatures) -> list[str]:
    """The content words fronted after "what about" ("what about the lenovo, is ...")."""
    head = features.text[:_HEAD_CHARS]
    cut = head.find(",")
    if cut < 0:
        return []
    found = words(head[:cut].casefold())
    for opener in ABOUT_OPENERS:
        if tuple(found[: len(opener)]) == opener and 0 < len(found) - len(opener) <= _MAX_WORDS:
            return content_terms(" ".join(found[len(opener) :]))
    return []


def detail_turn(
    turn_id: int,
    first: int,
    features: TurnFeatures,
    resolved: Sequence[Reference],
    log: TurnLog,
    *,
    announced: bool = False,
) -> int:
    """The turn in reach holding the question's thing and the most of its detail words, when
    it weighs more than ``first`` (the antecedent the other rules put first), else -1. With
    ``announced`` (rule announced-return-details), a topic the turn's opening names counts
    as a return's words when the turn before is in none of the topic's threads."""
    if not _asks_a_detail(turn_id, first, features, resolved, log):
        return -1
    floor = max(0, turn_id - _WINDOW)
    topic_words = topic_terms(features, resolved, announced=announced)
    topic = (*topic_words, *_named(features, floor, turn_id, log))
    if not topic:
        return -1
    topic_forms = {stem for term in topic for stem in stems(term)}
    details = [
        term
        for term in features.terms
        if term not in NOT_DETAIL_WORDS and topic_forms.isdisjoint(stems(term))
    ]
    if not details:
        return -1
    holders = _holders(topic, floor, turn_id, log)
    weights: dict[int, float] = {}
    said: dict[int, int] = {}  # how many detail words each turn in reach says
    for term in dict.fromkeys((*topic, *details)):
        turns = _in_reach(forms_mentioned(term, log), floor, turn_id)
        detail = term in details
        for turn in turns:
            weights[turn] = weights.get(turn, 0.0) + 1.0 / len(turns)
            if detail:
                said[turn] = said.get(turn, 0) + 1
    # A passage (TREC CAsT's) names many things in passing: no holder of a detail.
    said = {turn: count for turn, count in said.items() if log.features[turn].short}
    candidates = [turn for turn in said if turn in holders]
    threads = log.thread_index
    returns = bool(features.resume_terms) or (
        # "Anyway, about the boiler, ...", after an aside: the turn before is in another thread
        announced
        and bool(announced_terms(features))
        and int(threads[turn_id - 1]) not in {int(threads[turn]) for turn in holders}
    )
    if returns:
        # A return names the thread, not the turn: any turn of the thread that says a detail
        # word may hold it ("back to the scooter, for the brake pads, ...": the reply on the
        # pads, which names no scooter). Otherwise a turn must name the thing ("what about
        # the lenovo, is the noise a problem?" is not the later reply on the fan's noise).
        topic_threads = {int(threads[turn]) for turn in holders}
        # The turns the question's references to details resolved to ("the statement", "the
        # top-up"), whichever thread the segmentation put them in.
        named = {ref.target_turn for ref in resolved if ref.target_turn is not None}
        candidates.extend(
            turn
            for turn in said
            if turn not in holders
            and (int(threads[turn]) in topic_threads or turn in named)
            and tells(log, turn)
        )
    best = max(candidates, key=lambda turn: (weights[turn], -turn), default=-1)
    if best < 0 or best == first or weights[best] <= weights.get(first, 0.0):
        return -1
    return best


def _asks_a_detail(
    turn_id: int, first: int, features: TurnFeatures, resolved: Sequence[Reference], log: TurnLog
) -> bool:
    """A user question whose antecedent the rule may move: not a judgement or a report
    ("This house sounds good"), nor one whose reference names a list's item, a tool's output,
    a request or a thing by a demonstrative or a comparative (more specific: "this train" is
    the one just offered, "the cheaper apartment" the one rule entity-references picked),
    nor one taking up an offer ("How about Rojo?" "Can you play the song?")."""
    if features.role != "user" or not features.question or turn_id < 2 or first < 0:
        return False
    if any(ref.type != "entity" or ref.item or _demonstrative(ref) for ref in resolved):
        return False
    return not log.features[first].offers and not comparative_mentions(features.text)


def _named(features: TurnFeatures, floor: int, turn_id: int, log: TurnLog) -> tuple[str, ...]:
    """The question's words an earlier user turn in reach wrote as a name ("Marco, a local
    fitter, said £6,500"): a name outweighs the generic words later turns share ("what
    warranty does marco give, should I get it in writing?")."""
    roles = log.roles
    return tuple(
        term
        for term in features.terms
        if any(
            roles[turn] == "user" and term in log.features[turn].names
            for turn in _in_reach(log.turns_mentioning(term), floor, turn_id)
        )
    )


def _holders(topic: Sequence[str], floor: int, turn_id: int, log: TurnLog) -> set[int]:
    """The turns in reach naming a topic word and the turns right after them: the reply to a
    user turn naming the thing, and a user's report stating a number after a reply naming it
    ("they quoted 150 ..."; a remark without one, "I heard they're working on something
    faster", is CAsT's next question). A user's bare question names the thing but holds no
    detail of it."""
    holders: set[int] = set()
    roles = log.roles
    for term in topic:
        # The topic's own forms only ("the system generate" is no "generation"): a verb a
        # reference's words run on to would make any turn of its family a holder.
        for turn in _in_reach(mentions(term, log), floor, turn_id):
            if tells(log, turn):
                holders.add(turn)
            after = turn + 1
            if after < turn_id and (roles[after] != "user" or _states_digits(log, after)):
                holders.add(after)
    return holders


def forms_mentioned(term: str, log: TurnLog) -> Sequence[int]:
    """The turns mentioning ``term`` in any of its forms: its stems (``mentions``) and the
    other forms of a stem ("changing" -> "change", "tubing" -> "tube": ``related_forms``)."""
    found = set(mentions(term, log))
    for form in related_forms(term):
        found.update(log.turns_mentioning(form))
    return sorted(found)


def tells(log: TurnLog, turn: int) -> bool:
    """Whether a turn can hold a detail: a reply, or a user turn that is no bare question
    ("What gear should we buy?" asks it) or states a number too ("a quotation ... for 3,200
    pounds. Is that worthwhile?")."""
    if log.roles[turn] != "user":
        return True
    return not log.features[turn].question or _states_digits(log, turn)


def _states_digits(log: TurnLog, turn: int) -> bool:
    """Whether a turn's text holds a digit: ten C-level scans, read once per turn."""
    features = log.features[turn]
    text = features.text
    return features.once("digits", _KEY, lambda: any(digit in text for digit in _DIGITS))


def _demonstrative(ref: Reference) -> bool:
    """An entity reference by a demonstrative ("this movie", "those in-jokes")."""
    head = ref.surface.split(maxsplit=1)
    return bool(head) and head[0].casefold() in FRONTED_DEMONSTRATIVES


def _in_reach(postings: Sequence[int], floor: int, turn_id: int) -> Sequence[int]:
    end = bisect_left(postings, turn_id)
    return postings[bisect_left(postings, floor, 0, end) : end]
