"""Which request an action reference repeats (SPEC-028 §4.1 "do it again", §4.2): the
backwards walk over the user's turns, kept apart from ``resolution`` so each module stays one
a reader can hold. ``resolution.resolve`` builds the ``Reference`` from what this finds.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

from ..config import Config
from ..text.action_words import (
    MAKING_FOR,
    MAKING_LEADS,
    MAKING_RECIPIENTS,
    MAKING_VERBS,
    MESSAGE_CUES,
    MESSAGE_NOUNS,
    NOT_ACTED,
    ORIGINAL_WORDS,
)
from ..text.lexicon import Marker
from ..text.reference_phrases import PRODUCT_REPEATS
from ..text.tokens import content_terms, hyphen_parts
from .meaning_asks import meaning_term, reply_brought
from .references import Mention
from .turnlog import TurnLog

__all__ = [
    "NO_REPEAT_CUES", "REQUEST", "RepeatCues", "Slot", "action_target", "asks_a_message",
    "makes", "message_request", "repeat_cues",
    "repeat_slot", "repeats_a_product", "repeats_as_form", "request_words",
]  # fmt: skip

# How a target was found: a request (or question) it repeats, else a yes/no question held
# back or the last user turn that is no acknowledgement (weaker).
REQUEST, FALLBACK = "request", "fallback"
# "Run that check on agent-2": a request this many user turns back that shares a word with
# the repeat request is taken before a more recent one that shares none (rule
# repeats-named-requests).
_NAMED_REQUESTS = 6
_DOING = ("do", "redo", "run", "repeat", "try")
# Rule repeats-named-questions: words of a repeat request that name no object of its own.
_NAMING_VERBS = MAKING_VERBS | frozenset((*_DOING, "again", "same", "similar"))
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
    slot: Slot | None = None,
    made: bool = False,
    named_questions: bool = False,
    latest: bool = False,
    ran: bool = False,
    slot_requests: bool = False,
) -> tuple[int, str] | None:
    """The last user request an action reference repeats: an imperative, a "can you / please"
    request or (rule repeated-questions, ``questions``) a question ("what's the forecast for
    Thursday?" then "same again for Friday"), that is not itself a repeat request (those point
    further back, to the request they repeated). With ``questions``, "do the same" skips a
    yes/no question ("will I lose my domains?") for an earlier request or wh-question, and
    without any, the last user turn that is no acknowledgement ("Scale checkout to 6.").
    ``past_clarifications`` (rule repeats-past-clarifications): a clarification request is
    passed over. ``words`` (rule repeats-named-requests): the repeat request's own content
    words; among the last requests, the most recent sharing one wins ("Write the same thing but
    with HTTPS" -> "write me the server block"). ``chains`` (rule repeat-chains): the first
    repeat request passed over gives the request it repeated, found by its own words before its
    variation ("Give me a version of that script for 500 users", then "Same again but for
    /cart": the script request, not a question between). ``slot`` (rule repeat-slots,
    ``repeat_slot``): the repeat request's variation; a question with no place for it is passed
    over for an earlier request ("what does tempo pace mean?" before "now the same but for a
    full marathon": the plan asked for before it), and taken only when no request is found.
    ``made`` (rule made-requests): a turn opening with a verb of making is a request too ("Plan
    a 20-minute warm-up for my choir", ``makes``). ``named_questions`` (rule
    repeats-named-questions): a question holding a word of ``words`` but verbs of doing is taken
    first; ``latest``: rule latest-repeats (``_names_it``); ``ran``, ``slot_requests``: rules
    ran-requests (``_named_run``) and slot-requests (``_slot_request``). Returns (turn, REQUEST
    or FALLBACK), or None."""
    roles, features, seen = log.roles, log.features, 0
    doing = questions and surface.casefold().startswith(_DOING)
    held, fallback, first, passed, wanted = -1, -1, -1, -1, frozenset(words)
    objects = wanted - _NAMING_VERBS if named_questions else frozenset()
    named_run, slot_named = _named_turns(log, now, window, wanted, slot, made, ran, slot_requests)
    for turn in range(now - 1, max(-1, now - 1 - window), -1):
        if roles[turn] != "user":
            continue
        earlier = features[turn]
        if earlier.has(Marker.ACTION_REF) and log.references[turn]:
            if latest and max(held, first, passed) < 0 and _names_it(log, turn, wanted):
                return turn, REQUEST  # the last repeat, with its parameters (latest-repeats)
            if chains:
                chained = _chain(log, surface, turn, window, past_clarifications, made, objects)
                if chained is not None:
                    return chained  # the request its own words name
                chains = False  # one step: its own walk saw the rest
            continue  # "same for April": its request is further back
        if past_clarifications and earlier.has(Marker.CLARIFY):
            continue  # "You lost me, which part is the condition?" asks for no action
        asked = earlier.request or (made and makes(earlier.text)) or turn == named_run
        if turn > named_run >= 0 and not asked:
            continue  # a question since the run it repeats (rule ran-requests)
        if asked or (questions and earlier.question and not earlier.acknowledgement):
            if objects and not asked and not objects.isdisjoint(earlier.terms):
                return turn, REQUEST  # the question its object names (repeats-named-questions)
            if doing and not asked and _yes_no(earlier.text):
                held = turn if held < 0 else held
                continue
            if slot is not None and not asked and _no_place(log, turn, slot, slot_named):
                passed = turn if passed < 0 else passed
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
    return _no_request_found(first, passed, held, fallback)


def _no_request_found(first: int, passed: int, held: int, fallback: int) -> tuple[int, str] | None:
    """``action_target``'s answer when its walk returned none: the first request or question
    sharing no word, else a question passed over (only when no request is found), else a
    yes/no question held back or the last user turn that is no acknowledgement (weaker)."""
    for turn in (first, passed):
        if turn >= 0:
            return turn, REQUEST
    for turn in (held, fallback):
        if turn >= 0:
            return turn, FALLBACK
    return None


# Rule message-repeats: the user turns walked back for a request that made a message.
_MESSAGE_TURNS = 12
# The words of a repeat request's variation read for what its message asks.
_MESSAGE_WORDS = 16


def message_request(log: TurnLog, now: int, window: int, made: bool) -> tuple[int, str] | None:
    """Rule message-repeats: for a repeat request that ``asks_a_message``, the latest of the
    last ``_MESSAGE_TURNS`` user turns that asks for something (a request, or with ``made`` a
    turn opening with a verb of making) and names a message (``MESSAGE_NOUNS``: "draft an
    email to our customers", "can u write a text to Mrs Patel"), repeat requests passed over,
    as (turn, REQUEST); None when there is none (``action_target`` walks as before)."""
    roles, features = log.roles, log.features
    seen = 0
    for turn in range(now - 1, max(-1, now - 1 - window), -1):
        if roles[turn] != "user":
            continue
        seen += 1
        if seen > _MESSAGE_TURNS:
            break
        earlier = features[turn]
        if earlier.has(Marker.ACTION_REF) and log.references[turn]:
            continue  # "same again for Mr Okafor": its request is further back
        asked = earlier.request or (made and makes(earlier.text))
        if asked and not MESSAGE_NOUNS.isdisjoint(earlier.terms):
            return turn, REQUEST
    return None


def asks_a_message(content: str, mentions: Sequence[Mention], config: Config) -> bool:
    """Rule message-repeats: whether a repeat request's variation says what a message asks
    or tells its addressee ("same again but for the venue manager, asking when we can set
    up": ``MESSAGE_CUES``), read in its first ``_MESSAGE_WORDS`` words after the reference."""
    if not config.message_repeats:
        return False
    action = next((mention for mention in mentions if mention.type == "action"), None)
    if action is None:
        return False
    words = content[action.end : action.end + _SLOT_CHARS].split()[:_MESSAGE_WORDS]
    return any(word.casefold().strip(_STRIP) in MESSAGE_CUES for word in words)


# Rule made-requests: the words of a turn read for its opening verb; a turn of at least four
# words ending in a "please" asks too (its last _MAKING_TAIL characters are read).
_MAKING_WORDS = 6
_MAKING_TAIL = 16
_PLEASE = frozenset(("please", "pls", "plz", "plse"))
_NOT_MADE = NOT_ACTED | frozenset(("sure", "sense"))  # "make sure it runs" makes nothing


def makes(text: str) -> bool:
    """Rule made-requests: whether a user turn opens with a verb of making (``MAKING_VERBS``),
    after at most a few greetings or fillers (``MAKING_LEADS``), not followed by a word that
    makes it a noun with its verb ("plan changed", "draft is done"), or is a statement of at
    least four words that ends in "please". Its first and last words only."""
    head = text[:_SLOT_CHARS]
    words = [word.casefold().strip(_STRIP) for word in head.split()[:_MAKING_WORDS]]
    ends = head[-_MAKING_TAIL:].split()[-1:] if len(head) == len(text) and "?" not in head else ()
    if ends and ends[0].casefold().strip(_STRIP) in _PLEASE and len(words) >= _MAKING_WORDS - 2:
        return True  # "PowerShell script that renames all .jpeg files to .jpg please"
    for index, word in enumerate(words):
        if word in MAKING_VERBS or word in MAKING_FOR:
            after = words[index + 1] if index + 1 < len(words) else ""
            if word in MAKING_FOR:
                return after in MAKING_RECIPIENTS
            return after not in _NOT_MADE and not after.endswith("ed")
        if word not in MAKING_LEADS:
            return False
    return False


def _chain(
    log: TurnLog,
    surface: str,
    turn: int,
    window: int,
    past_clarifications: bool,
    made: bool,
    objects: frozenset[str],
) -> tuple[int, str] | None:
    """Rule repeat-chains: the request an earlier repeat request (``turn``) repeated, found by
    its own words before its variation, when it holds one of them (``_chained``)."""
    named = _before_variation(log.features[turn].text)
    chained = action_target(
        log, surface, turn, window, questions=False,
        past_clarifications=past_clarifications, words=named, made=made,
    )  # fmt: skip
    if chained is not None and _chained(log.features[chained[0]].terms, named, objects):
        return chained
    return None


def _no_place(log: TurnLog, turn: int, slot: Slot, slot_named: int) -> bool:
    """Rule repeat-slots: a question with no place for the variation (``_holds``); rule
    slot-requests: or one asked since ``slot_named`` (``_slot_request``) that holds no word
    of the variation."""
    if not _holds(log, turn, slot):
        return True
    return turn > slot_named >= 0 and slot.terms.isdisjoint(log.features[turn].terms)


def _chained(terms: Sequence[str], named: Sequence[str], objects: frozenset[str]) -> bool:
    """Rule repeat-chains: whether the request an earlier repeat request chains to (its
    ``terms``) holds a word of that repeat's own (``named``) and, under rule
    repeats-named-questions, one of this repeat's ``objects`` if it names any ("the tflint
    thing again" past "now do the plan command again": the plan request is not meant)."""
    held = frozenset(terms)
    return not held.isdisjoint(named) and (not objects or not held.isdisjoint(objects))


def _names_original(content: str) -> bool:
    """Rule latest-repeats: whether a repeat request names the first of the repeats ("give
    me the first quote again"): an ``ORIGINAL_WORDS`` word in its first characters."""
    words = content[:_SLOT_CHARS].casefold().split()
    return any(word.strip(_STRIP) in ORIGINAL_WORDS for word in words)


def _names_it(log: TurnLog, turn: int, words: frozenset[str]) -> bool:
    """Rule latest-repeats: whether a repeat request met first in the walk (``turn``) is the
    one a newer repeat repeats, with its parameters ("do the same for order 5540" after
    "draft the apology email again but offer a voucher": the voucher email): it, or a turn it
    resolved to, holds a word of ``words`` but verbs of doing (the words by which the newer
    repeat names what it repeats), or those are none ("same for 20 metres")."""
    objects = words - _NAMING_VERBS
    if not objects:
        return True
    turns = (turn, *log.references[turn])
    return any(not objects.isdisjoint(log.features[t].terms) for t in turns if 0 <= t < turn)


def _named_turns(
    log: TurnLog,
    now: int,
    window: int,
    wanted: frozenset[str],
    slot: Slot | None,
    made: bool,
    ran: bool,
    slot_requests: bool,
) -> tuple[int, int]:
    """``_named_run`` (rule ran-requests, ``ran``) and ``_slot_request`` (rule slot-requests,
    ``slot_requests``, with a variation), -1 for a rule off."""
    named_run = _named_run(log, now, window, wanted - _NAMING_VERBS) if ran else -1
    slot_named = _slot_request(log, now, window, slot, made) if slot and slot_requests else -1
    return named_run, slot_named


def _named_run(log: TurnLog, now: int, window: int, objects: frozenset[str]) -> int:
    """Rule ran-requests: the latest of the last ``_NAMED_REQUESTS`` user turns that a tool
    run answered (the log's tool calls) and that holds a word of ``objects``, no repeat
    request itself; -1 when there is none. ``action_target`` takes such a turn as a
    request ("pull total sales per product for november"), before a later question that
    ran nothing ("run the unpaid filter version again" past "who are the big unpaid
    customers?" to "now just the unpaid ones")."""
    if not objects:
        return -1
    objects |= frozenset(hyphen_parts(list(objects)))  # "no-reminder" names "reminder"
    roles, features, seen = log.roles, log.features, 0
    for turn in range(now - 1, max(-1, now - 1 - window), -1):
        if roles[turn] != "user":
            continue
        seen += 1
        if seen > _NAMED_REQUESTS:
            break
        earlier = features[turn]
        if earlier.has(Marker.ACTION_REF) and log.references[turn]:
            continue
        if log.tool_calls[turn] and not objects.isdisjoint(earlier.terms):
            return turn
    return -1


def _slot_request(log: TurnLog, now: int, window: int, slot: Slot, made: bool) -> int:
    """Rule slot-requests: the latest of the last ``_NAMED_REQUESTS`` user turns that asks
    for something (a request, or with ``made`` a turn opening with a verb of making) and
    holds a word of the variation ``slot``, no repeat request itself; -1 when there is
    none. ``action_target`` passes over a question asked since it unless the question holds
    a word of the variation too ("same for the supervisor job" after "write a cover letter
    for the barista job", past "what's a good alarm app for early shifts?", which has a
    place for "for ..." but names no job)."""
    if not slot.terms:
        return -1
    roles, features, seen = log.roles, log.features, 0
    for turn in range(now - 1, max(-1, now - 1 - window), -1):
        if roles[turn] != "user":
            continue
        seen += 1
        if seen > _NAMED_REQUESTS:
            break
        earlier = features[turn]
        if earlier.has(Marker.ACTION_REF) and log.references[turn]:
            continue
        asked = earlier.request or (made and makes(earlier.text))
        if asked and not slot.terms.isdisjoint(earlier.terms):
            return turn
    return -1


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


# Rule repeat-slots: the words that open the place a repeat request's variation fills ("same
# again for Friday", "now the same in bash", "do it on staging"), and the words after one that
# fill no place ("is there an index for that?", "whats OG stand for").
_SLOT_OPENERS = frozenset(("for", "in", "on", "with", "without", "using"))
_NO_FILLERS = frozenset(("that", "this", "it", "them", "those", "these", "me", "you", "us"))
_STRIP = "\"'()[],.;:!?\u2019\u2018\u201c\u201d"
# A question's place for the variation is read in its first this many characters (a user
# turn may run to 1,000,000). The variation opens at most _SLOT_REACH words after the action
# reference ("same again but for", "do that again for"): "I might do it once the kids are
# in bed" holds none.
_SLOT_CHARS = 2000
_SLOT_REACH = 2
_BARE_DOING = frozenset(("do it", "do that", "do it for", "do that for"))


# Where a question opens ("unrelated but is it normal ...?"): an auxiliary among its first
# _POLAR_WORDS words before any question word makes it a yes/no question.
_POLAR_WORDS = 5
_QUESTION_WORDS = frozenset((
    "what", "what's", "whats", "which", "who", "whom", "whose", "when", "where", "why", "how",
    "how's", "hw", "wat", "wut",
))  # fmt: skip


def _polar(text: str) -> bool:
    """A yes/no question: an auxiliary comes before any question word among its first words
    ("Is charging interest legal ...?", "unrelated but is it normal ...?"; not "What time
    is it?")."""
    for word in text[:_SLOT_CHARS].split()[:_POLAR_WORDS]:
        said = word.casefold().strip(_STRIP)
        if said in _QUESTION_WORDS:
            return False
        if said in _YES_NO:
            return True
    return False


class Slot(NamedTuple):
    """A repeat request's variation: the word that opens it and its content words."""

    opener: str
    terms: frozenset[str]


class RepeatCues(NamedTuple):
    """What rules repeat-slots, made-requests, message-repeats and repeats-named-questions
    give ``action_target``: the repeat request's variation (``repeat_slot``), whether a turn
    opening with a verb of making is a request (``makes``), whether the variation asks for a
    message (``asks_a_message``) and whether a question its words name is taken."""

    slot: Slot | None = None
    made: bool = False
    message: bool = False
    named_questions: bool = False
    latest: bool = False  # rule latest-repeats
    ran: bool = False  # rule ran-requests
    slot_requests: bool = False  # rule slot-requests


def repeat_cues(content: str, mentions: Sequence[Mention], config: Config) -> RepeatCues:
    """``RepeatCues`` of a turn under ``config``."""
    return RepeatCues(
        repeat_slot(content, mentions, config),
        config.made_requests,
        asks_a_message(content, mentions, config),
        config.repeats_named_questions,
        config.latest_repeats and not _names_original(content),
        config.ran_requests,
        config.slot_requests,
    )


NO_REPEAT_CUES = RepeatCues()  # the rules off: a default argument


def repeat_slot(content: str, mentions: Sequence[Mention], config: Config) -> Slot | None:
    """Rule repeat-slots: the variation of a repeat request ("now the same but for a full
    marathon" -> for, {full, marathon}), None without one ("same again", "do that again but
    shorter", an opener further on) or with the rule off. Reads the reference's words and
    ``_SLOT_REACH`` more."""
    if not config.repeat_slots:
        return None
    action = next((mention for mention in mentions if mention.type == "action"), None)
    if action is None or action.surface.casefold() in _BARE_DOING:
        return None  # "can't wait to do it with the kids": a statement as often as a request
    position = action.start  # the reference may hold the opener: "same thing for"
    words = content[action.start : action.start + _SLOT_CHARS].split()
    reach = len(action.surface.split()) + _SLOT_REACH
    for word in words[:reach]:
        position = content.find(word, position) + len(word)
        said = word.casefold().strip(_STRIP)
        if said in _SLOT_OPENERS:
            return Slot(said, frozenset(content_terms(content[position : position + _SLOT_CHARS])))
    return None


def _holds(log: TurnLog, turn: int, slot: Slot) -> bool:
    """Whether a question has a place for a repeat request's variation (rule repeat-slots):
    it shares a word with the variation, or holds the variation's opener before a word that
    names something ("What's the forecast for Thursday?" for "same again for Friday"); never
    a question about what a word of the reply before it means ("what does tempo pace
    mean?", rule meaning-asks) nor a yes/no question ("Is charging interest legal for a sole
    trader?" before "Same again but for my other client": the reminder email asked for
    before it; ``_polar``)."""
    features = log.features[turn]
    if not slot.terms.isdisjoint(features.terms):
        return True
    text = features.text[:_SLOT_CHARS]
    if _polar(text):
        return False
    asked = meaning_term(text)
    if asked and turn > 0 and reply_brought(asked, log.features[turn - 1].terms):
        return False
    words = [word.casefold().strip(_STRIP) for word in text.split()]
    return any(
        word == slot.opener and following and following not in _NO_FILLERS
        for word, following in itertools.pairwise(words)
    )
