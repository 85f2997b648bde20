"""Antecedents: every earlier turn the user may mean, best first (opt-in analysis).

``Envelope.antecedents`` serves the evaluation (``multihorizon eval --task references``):
nothing the model sees depends on it, so it is computed only with
``Config.antecedents`` on (rule antecedent-analysis). Its refinements of SPEC-028 §4.2 are
rules place-antecedents and pronoun-chains (and offer-antecedents' judgement half). Every
rule reads the log's feature columns, never an earlier turn's text.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Sequence

from ..config import Config
from ..text.follow_up_words import ASPECT_WORDS
from ..text.followups import HE, SHE, THEY
from ..text.lexicon import Marker
from .asked_values import value_holder
from .clarify_targets import clarify_target
from .detail_holders import detail_holder
from .detail_turns import detail_turn
from .dislocated import dislocated_turn
from .features import TurnFeatures
from .intent import Intent
from .number_holders import number_holder
from .own_lists import ordinal_of
from .references import Reference
from .return_targets import return_target
from .term_origins import term_origin
from .turnlog import TurnLog

__all__ = [
    "answers_question",
    "antecedents",
    "evaluated_offer",
    "follow_up_turn",
    "follows_up_on_topic",
    "holder_turn",
    "names_a_part",
    "place_turn",
    "referenced",
    "topic_turn",
]


def antecedents(
    turn_id: int,
    features: TurnFeatures,
    intent: Intent,
    resolved: Sequence[Reference],
    reply_to: int,
    retrieved: Sequence[int],
    log: TurnLog,
    config: Config,
    *,
    returned_to: int = -1,
) -> tuple[int, ...]:
    """The turns a user turn may refer to, best first: its resolved references, the turn it
    replies to, the place a place word points to, the offer a judgement judges, the turn
    before (or the topic a pronoun chain follows), then Tier C's retrieved turns.
    ``returned_to``: the dormant thread the placement resumed with this turn (-1: none)."""
    found = dict.fromkeys(
        ref.target_turn for ref in resolved if ref.type != "tool" and ref.target_turn is not None
    )
    if config.dislocated_topics:
        topic = _dislocated_topic(turn_id, features, resolved, log)
        if topic >= 0:  # "hammock, do they use it?": the reply that first named it
            found = {topic: None, **found}
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
        built_on = (
            follow_up_turn(
                turn_id, features, log, config.topic_chain, details=config.detail_antecedents
            )
            if config.follow_up_antecedents
            else -1
        )
        holder = -1
        if built_on < 0 and config.holder_antecedents and not resolved:
            holder = holder_turn(turn_id, features, log)
        if built_on >= 0:
            previous = built_on
        elif holder >= 0:
            previous = holder
        elif config.pronoun_chains and follows_up_on_topic(
            features, intent, bool(resolved), questions=config.question_chains
        ):
            previous = topic_turn(previous, log, config.topic_chain, bridges=config.bridging_chains)
        found[previous] = None
    if config.detail_holders and next(iter(found), -1) == turn_id - 1:
        holder = detail_holder(turn_id, features, log)
        if holder >= 0:  # "How much was the deposit?": the reply holding its words first
            found = {holder: None, **found}
    stated = -1
    if config.number_holders and not any(map(_names_an_item_or_act, resolved)):
        stated = number_holder(turn_id, features, log)
        if stated >= 0:  # "that $300-600, is that parts and labour": the turn that said it
            found = {stated: None, **found}
    if stated < 0 and config.asked_values and not any(map(_names_a_turn, resolved)):
        valued = value_holder(turn_id, next(iter(found), -1), features, log)
        if valued >= 0:  # "How much was the deposit?": the turn that stated an amount
            found = {valued: None, **found}
    # A number the turn names is more specific, unless a return repeats the user's own figure.
    if stated < 0 or _own_number(stated, returned_to, log, config):
        found = _detail_first(turn_id, returned_to, found, features, resolved, log, config)
    if not any(map(_picks_or_tool, resolved)):
        found = _term_first(turn_id, features, intent, found, log, config)
    found.update(dict.fromkeys(retrieved))
    return tuple(found)


def _own_number(stated: int, returned_to: int, log: TurnLog, config: Config) -> bool:
    """Whether rule number-holders' ``stated`` turn is the user's own statement of a figure a
    return repeats ("back to the chewing, the playpen, ... at 10 weeks?" after "he is 10
    weeks": no antecedent of the playpen's question; rule return-own-numbers)."""
    return (
        config.return_own_numbers
        and returned_to >= 0
        and stated >= 0
        and log.roles[stated] == "user"
    )


def _detail_first(
    turn_id: int,
    returned_to: int,
    found: dict[int, None],
    features: TurnFeatures,
    resolved: Sequence[Reference],
    log: TurnLog,
    config: Config,
) -> dict[int, None]:
    """``found`` with the turn holding the detail a question asks first: rule detail-turns'
    ("the zenbook, is its fan noisy?": the turn on its fan, not its intro), then rule
    return-detail-targets' for a turn that resumed ``returned_to`` ("back to the greenhouse,
    is bubble wrap enough?": the heating reply)."""
    if config.detail_turns:
        announced = config.announced_return_details
        first = next(iter(found), -1)
        detail = detail_turn(turn_id, first, features, resolved, log, announced=announced)
        if detail >= 0:
            found = {detail: None, **found}
    if config.return_detail_targets and returned_to >= 0:
        first = next(iter(found), -1)
        back = return_target(
            turn_id,
            returned_to,
            first,
            features,
            resolved,
            log,
            second_phrases=config.return_second_phrases,
        )
        if back >= 0:
            found = {back: None, **found}
    return found


def referenced(
    resolved: Sequence[Reference], references: Sequence[Reference], config: Config
) -> tuple[Reference, ...]:
    """The references the antecedents start from: ``resolved`` (the stage's, then the named
    ones), or with rule retargeted-items the turn's ``references`` in their order as the
    item rules left them ("Of my ideas, the first": the user's list, not the latest
    reply's, which the stage's ordinal read and ``resolved`` keeps for the §5.2 intent);
    with rule item-antecedents, when an ordinal names an item by its place, a turn
    reference that names no item ("you suggested") after those that do ("among the knives
    you suggested, the first")."""
    found = (
        [ref for ref in references if ref.target_turn is not None]
        if config.retargeted_items
        else list(resolved)
    )
    if config.item_antecedents and len(found) > 1 and any(map(_by_place, found)):
        found.sort(key=lambda ref: ref.type == "turn" and ref.item is None)  # stable
    return tuple(found)


def _picks_or_tool(ref: Reference) -> bool:
    """Whether a reference is a tool's or picks a list's item by its place (rule
    term-origins leaves those first: "the second option, what is it?")."""
    return ref.type in ("tool", "ordinal")


def _names_an_item_or_act(ref: Reference) -> bool:
    """A list's item ("the cheapest one", "the 2 pm slot") or a repeat request ("write that
    again for an 11-year-old"): more specific than a number the turn names (rule
    number-holders)."""
    return (ref.type == "ordinal" and ref.item is not None) or ref.type == "action"


def _names_a_turn(ref: Reference) -> bool:
    """A reference naming a turn, a list's item, a tool's output or a request to repeat:
    more specific than the kind of value a question asks for (rule asked-values)."""
    return ref.type in ("ordinal", "tool", "turn", "action")


def _by_place(ref: Reference) -> bool:
    """An ordinal naming a list's item by its place ("the first", "the last one")."""
    return ref.type == "ordinal" and ref.item is not None and ordinal_of(ref.surface) is not None


# References a fronted topic may override: they name a thing by its words ("That bell
# mechanic, ...", "The preparation stage, ...") and take the latest turn naming it.
_TOPIC_OVERRIDES = frozenset(("entity", "turn", "ordinal"))


def _dislocated_topic(
    turn_id: int, features: TurnFeatures, resolved: Sequence[Reference], log: TurnLog
) -> int:
    """Rule dislocated-topics (``dislocated.dislocated_turn``): the reply that first named a
    question's fronted topic, unless a reference of the turn is a tool's or names a list's
    item (more specific), else -1."""
    if turn_id < 2 or any(ref.item or ref.type not in _TOPIC_OVERRIDES for ref in resolved):
        return -1
    return dislocated_turn(turn_id, features, log)


_HOLDER_WINDOW = 20  # turns back a follow-up's words are looked for (rule holder-antecedents)


def holder_turn(turn_id: int, features: TurnFeatures, log: TurnLog) -> int:
    """Rule holder-antecedents: a question whose words the turn before never said is about
    the earlier turn that said them ("is iceberg lettuce ok too or only romaine" after the
    reply on hay that followed the one naming romaine; "StoreKit 2 is working for iOS 15
    also?"), else -1. Each word counts one over the number of turns in reach that said it,
    so a word said once weighs most; the turn weighing most wins (the latest among equals),
    and it must weigh at least one word said once. A word the turn before said leaves it
    the antecedent."""
    previous = turn_id - 1
    if not features.question or features.anaphor or turn_id < 2:
        return -1  # "How can I get a degree in it?": what "it" names, the topic's chain
    if features.has(Marker.DEMONSTRATIVE):
        return -1  # "What role did women play in that?": what was just said
    if log.features[previous].offers:
        return -1  # a reply that offers ("How about Judas?") is what "other songs?" is about
    floor = max(0, turn_id - _HOLDER_WINDOW)
    weights: dict[int, float] = {}
    for term in features.terms:
        postings = log.turns_mentioning(term)
        end = bisect_left(postings, turn_id)
        start = bisect_left(postings, floor, 0, end)
        if start == end:
            continue
        if postings[end - 1] == previous:
            return -1  # the turn before holds the question's words: it is the antecedent
        share = 1.0 / (end - start)
        for turn in postings[start:end]:
            weights[turn] = weights.get(turn, 0.0) + share
    best = max(weights, key=lambda turn: (weights[turn], turn), default=-1)
    if best < 0 or weights[best] < 1.0 or log.roles[best] != "assistant":
        return -1  # the user's own words name the topic they keep to, not a detail
    return best


def follows_up_on_topic(
    features: TurnFeatures, intent: Intent, resolved: bool, *, questions: bool = False
) -> bool:
    """Whether a turn's antecedent is the topic its user's follow-ups follow (``topic_turn``):
    it has a pronoun ("can it spread?"), or it is a short follow-up question with nothing
    resolved ("What about treatment?" after "Tell me about lung cancer." "What are its
    symptoms?": lung cancer). The second: TREC CAsT 2019 acc@1 0.538 -> 0.568. ``questions``
    (rule question-chains): any short question with nothing resolved and no name of its own,
    not only a drill-down ("What is the role of iron?" after "What is anemia?" "Can it go
    away?": anemia; not "Where is Paris?"); the chain only walks past turns that lean on the
    topic, so a question after one that set a topic still builds on that one."""
    if features.anaphor:
        return True
    if resolved or not (features.short and features.question):
        return False
    # "Where is Paris?" names a topic of its own.
    return (questions and not features.names) or intent is Intent.DRILL_DOWN


def topic_turn(previous: int, log: TurnLog, chain: int, *, bridges: bool = False) -> int:
    """What a pronoun ("is it treatable?") or a bare follow-up question points back to: the
    turn before, unless that is itself a user's short pronoun follow-up with nothing
    resolved, which points back in turn ("Tell me about lung cancer." "What are its
    symptoms?" "Can it spread?": "it" is lung cancer, turn 0). At most ``chain`` steps. TREC
    CAsT 2019 acc@1 0.417 -> 0.538 (hit@3 0.775 -> 0.814). ``bridges`` (rule
    bridging-chains): a short question naming only a part of the topic (``names_a_part``)
    leans on the topic too and is walked past ("What is anemia?" "What are the symptoms?"
    "Can it go away?": anemia)."""
    for _ in range(chain):
        if previous == 0 or log.roles[previous] != "user" or log.references[previous]:
            break
        earlier = log.features[previous]
        leans = earlier.anaphor or (bridges and names_a_part(earlier))
        if not (earlier.short and leans):
            break
        previous -= 1
    return previous


def names_a_part(features: TurnFeatures) -> bool:
    """Whether a question names only a part of the topic at hand: by a bare definite ("What
    are the symptoms?", ``followups.bridges``) or in words any topic has a part named by
    ("What are common types?", ``ASPECT_WORDS``), and no name of its own."""
    if not features.question or features.names:
        return False  # "What about the Panama Canal?" names a topic of its own
    terms = features.terms
    return features.bridges or (bool(terms) and ASPECT_WORDS.issuperset(terms))


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


# ---- follow-ups in a question-answer session (rule follow-up-antecedents) ------------------

_PEOPLE = HE | SHE | THEY
_OFFER_WINDOW = 8  # turns back in which a reply's offer makes the exchange a task's
_ANCHOR_WINDOW = 200  # turns back a topic's anchor is looked for


def answers_question(turn_id: int, log: TurnLog) -> bool:
    """Whether the turn before ``turn_id`` is a reply that answered the user's question before
    it, in an exchange where the user asks and the assistant answers. A reply that asks, or
    one that offered lately ("I found 3 hotels", "How about Alien?"), puts choices on the
    table, and replies that report tools' results make a task: what follows builds on them
    (rules offer-antecedents, most-recent turn)."""
    reply, asked = turn_id - 1, turn_id - 2
    if asked < 0 or log.roles[reply] != "assistant" or log.roles[asked] != "user":
        return False
    if log.turns_with_tool_calls or not log.features[asked].question:
        return False
    if log.features[reply].question:
        return False
    roles, features = log.roles, log.features
    return not any(
        roles[earlier] == "assistant" and features[earlier].offers
        for earlier in range(reply, max(-1, reply - _OFFER_WINDOW), -1)
    )


def _term_first(
    turn_id: int,
    features: TurnFeatures,
    intent: Intent,
    found: dict[int, None],
    log: TurnLog,
    config: Config,
) -> dict[int, None]:
    """``found`` with the turn a question about a term means first: the reply that brought
    it (rule term-origins), or for a CLARIFY the reply that said the term's head word, the
    earliest among such (rule clarify-targets)."""
    learner = config.learner_meaning_asks
    if config.term_origins:
        origin = term_origin(turn_id, features, log, learner)
        if origin >= 0:  # "what was that ISA thing you mentioned?": the reply that brought it
            found = {origin: None, **found}
    if config.clarify_targets and intent is Intent.CLARIFY:
        target = clarify_target(turn_id, features, log, learner)
        if target >= 0:  # "steady meaning what pace?": the reply that said "steady"
            found = {target: None, **found}
    return found


def follow_up_turn(
    turn_id: int, features: TurnFeatures, log: TurnLog, depth: int, *, details: bool = False
) -> int:
    """The turn a user's follow-up builds on when the reply before it answered their question
    (TREC CAsT 2020's human labels: the topic's opening turn 0.34 of the time, the question
    before 0.31, the answer 0.30), else -1.

    The answer, when the turn takes it up ("Oh almonds? ..."), picks from a set it named
    ("the two options", "which one"), or asks about a person the answer named ("Who was the
    leader?" "How did he ..."). The question before, when the turn asks it again of
    something else ("How about high cholesterol?"), corrects it ("I meant medicare."), or
    follows a name it gave ("And Jared?" "What does he do ...?"). A pronoun that an earlier
    follow-up used the same way ("she" ... "she") builds on what that one built on; a bare
    definite on the latest turn using its word ("the band"). Else the topic's anchor
    (``anchor_turn``): its latest named subject, or its opening question. Whatever it is,
    the answer wins when it holds the follow-up's words or that turn's: it is the latest
    turn holding them (text-less replies hold nothing). ``details`` (rule detail-antecedents):
    before the anchor, the one turn that said a word of the follow-up no other turn said
    ("How much gochugaru for one cabbage?": the reply that named gochugaru)."""
    if not (features.question or features.corrects) or not answers_question(turn_id, log):
        return -1
    reply = turn_id - 1
    if _mentions_any(reply, features.terms, log):
        # The answer holds the follow-up's own words, unless an earlier reply holds more of
        # them (rule detail-antecedents: "a cheap tote" is the reply that said both).
        fuller = _fuller_reply(reply, features.terms, log) if details else -1
        return fuller if fuller >= 0 else reply
    built_on = _built_on(turn_id, features, log, depth)
    if built_on < 0:
        # "How often should I water it?": "it" names the thing, not a word said once.
        alone = details and not features.anaphor
        detail = _only_holder(features.terms, turn_id, log) if alone else -1
        if detail >= 0:
            return detail  # rule detail-antecedents: the one turn that said the word
        built_on = anchor_turn(turn_id - 2, log)
    if built_on < reply and _mentions_any(reply, log.features[built_on].terms, log):
        return reply  # the answer holds the subject's words too, and later
    return built_on


def _mentions_any(turn: int, terms: Sequence[str], log: TurnLog) -> bool:
    """Whether ``turn`` mentions one of ``terms`` (the entity index)."""
    for term in terms:
        postings = log.turns_mentioning(term)
        position = bisect_left(postings, turn)
        if position < len(postings) and postings[position] == turn:
            return True
    return False


def _built_on(turn_id: int, features: TurnFeatures, log: TurnLog, depth: int) -> int:
    reply, asked = turn_id - 1, turn_id - 2
    if features.corrects or features.substitutes:
        return asked
    if _takes_up(features):
        return reply
    persons = features.persons
    before = log.features[asked]
    if persons:
        if persons & _PEOPLE and before.asks_who:
            return reply
        if before.names and not _takes_up(before):
            return asked
        for earlier in _user_turns(asked, log, depth):
            if log.features[earlier].substitutes:
                return earlier  # "How about high cholesterol?": the subject changed there
            if log.features[earlier].persons & persons:
                if depth > 0:
                    found = follow_up_turn(earlier, log.features[earlier], log, depth - 1)
                    if found >= 0:
                        return found
                    if log.features[earlier].anaphor:  # what its own pronoun pointed to
                        return topic_turn(earlier - 1, log, depth)
                return earlier
        if persons & (HE | SHE):
            return reply  # a person nobody named: the answer named them
    # Nothing of its own (-1): the caller falls back on the topic's anchor.
    return _latest_mentioning(features.definite_terms, turn_id, log)


_DETAIL_WINDOW = 20  # turns back an earlier reply holding a follow-up's words is looked for


def _fuller_reply(reply: int, terms: Sequence[str], log: TurnLog) -> int:
    """The latest reply before ``reply`` (within ``_DETAIL_WINDOW`` turns) holding more of
    ``terms`` than ``reply`` does, else -1."""
    counts: dict[int, int] = {}
    for term in terms:
        postings = log.turns_mentioning(term)
        position = bisect_left(postings, reply + 1) - 1
        while position >= 0 and postings[position] >= reply - _DETAIL_WINDOW:
            turn = postings[position]
            if log.roles[turn] == "assistant":
                counts[turn] = counts.get(turn, 0) + 1
            position -= 1
    held = counts.get(reply, 0)
    best = max(counts, key=lambda turn: (counts[turn], turn), default=-1)
    return best if best >= 0 and counts[best] > held else -1


def _only_holder(terms: Sequence[str], turn_id: int, log: TurnLog) -> int:
    """The reply holding most of the ``terms`` that exactly one turn before ``turn_id`` said,
    a reply (the latest among ties), else -1: a word said once names the answer that said it
    (a detail of the user's own question leaves it to the anchor: TREC CAsT 2021 acc@1 0.750
    with it, 0.745 with any turn)."""
    counts: dict[int, int] = {}
    for term in terms:
        postings = log.turns_mentioning(term)
        if bisect_left(postings, turn_id) == 1 and log.roles[postings[0]] == "assistant":
            counts[postings[0]] = counts.get(postings[0], 0) + 1
    return max(counts, key=lambda turn: (counts[turn], turn), default=-1)


def _takes_up(features: TurnFeatures) -> bool:
    """Whether a user turn builds on the answer before it: it takes it up or picks from a
    set the answer named."""
    return features.takes_up_answer or features.contrasts


def _user_turns(start: int, log: TurnLog, count: int) -> Iterator[int]:
    """The user's turns from ``start`` back, at most ``count`` of them."""
    roles = log.roles
    for earlier in range(start, -1, -1):
        if roles[earlier] == "user":
            yield earlier
            count -= 1
            if count <= 0:
                return


def _latest_mentioning(terms: Sequence[str], turn_id: int, log: TurnLog) -> int:
    """The latest earlier turn mentioning one of ``terms`` ("the band" after "Why were the
    Dead such an influential live band?"), else -1."""
    best = -1
    for term in terms:
        postings = log.turns_mentioning(term)
        position = bisect_left(postings, turn_id)
        if position:
            best = max(best, postings[position - 1])
    return best


def anchor_turn(asked: int, log: TurnLog) -> int:
    """The topic a follow-up with nothing of its own builds on: the latest of the user's turns
    that named its subject by name and did not take up an answer ("How does Salt Lake City
    differ?"), else the earliest of them in reach (``_ANCHOR_WINDOW``): the opening question.
    """
    first = asked
    for earlier in range(asked, max(-1, asked - _ANCHOR_WINDOW), -1):
        if log.roles[earlier] != "user":
            continue
        first = earlier
        found = log.features[earlier]
        if found.names and not _takes_up(found):
            return earlier
    return first
