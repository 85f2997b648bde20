"""Rule verb-repeats (issue 15, refs41; SPEC-028 §4.1 "do it again"): a repeat request that
names its action by a verb and its object ("ok run the staging migration again", "could you
draft the apology email again for order 5531 but offer a voucher", "dump it again but only
the payments table") is an action reference, and it repeats the user request that opened
with the same verb (and names the same object when it names one), not the latest turn that
mentions the thing: "ok run the staging migration again" after "ops wiped staging last
night" repeats "run migrate on staging". A verb that no recent request opened and no
request naming the object repeats nothing here (no target); a verb that names no action of
its own ("do me that fence quote again", "give me the first quote again") starts no verb
repeat: the other action rules read it by the request's words.

Detection reads the words before each "again" (found by ``str.find`` in its usual casings)
back to its clause's start, at most ``_BEFORE`` characters; the walk reads each user turn's
first words: linear.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..text.action_words import (
    GENERIC_REPEAT_VERBS,
    NOT_ACTED,
    REPEAT_VERB_LEADS,
    REPEAT_VERBS,
    VARIANT_NOUNS,
)
from ..text.reference_phrases import AGAIN_REACH
from ..text.tokens import content_terms, hyphen_parts
from .references import Mention

if TYPE_CHECKING:
    from .turnlog import TurnLog

__all__ = ["VERB_REPEAT", "verb_repeat_mentions", "verb_request", "without_version_objects"]

VERB_REPEAT = "verb-repeat"  # the ``kind`` of an action mention this rule found
_BEFORE = 160  # characters read back from an "again" for its clause's opening verb
_BREAKS = ".?!;:\n"
_STRIP = "\"'()[],.;:!?\u2019\u2018\u201c\u201d"
# The user turns walked back for the request, and the characters of each read for its verb.
_TURNS = 12
_HEAD = 200
# Words of a repeat's object that name nothing to match a request by.
_NO_OBJECT = frozenset(("again", "one", "thing", "that", "this", "it", "them"))


def _clause_verb(text: str, start: int) -> tuple[int, str] | None:
    """Where the verb opening the clause that ends at ``start`` starts, and the verb: the
    clause's first word past ``REPEAT_VERB_LEADS``, a ``REPEAT_VERBS`` not followed by a word
    that makes it a noun ("list is done"), at most ``AGAIN_REACH`` words before ``start``."""
    reach = max(0, start - _BEFORE)
    begin = max(text.rfind(mark, reach, start) for mark in _BREAKS) + 1
    if begin == 0 and reach > 0:
        return None  # a clause longer than the window: no opening to read
    position = begin
    words: list[tuple[int, str]] = []
    for word in text[begin:start].split():
        at = text.find(word, position)
        position = at + len(word)
        said = word.casefold().strip(_STRIP)
        if said:
            words.append((at + (len(word) - len(word.lstrip(_STRIP))), said))
    index = 0
    while index < len(words) and words[index][1] in REPEAT_VERB_LEADS:
        index += 1
    if index >= len(words) or len(words) - index > AGAIN_REACH + 1:
        return None
    at, verb = words[index]
    if verb not in REPEAT_VERBS:
        return None
    following = words[index + 1][1] if index + 1 < len(words) else ""
    if following in NOT_ACTED or following.endswith("ed"):
        return None  # "the test failed again": a report
    return at, verb


def _agains(text: str) -> list[int]:
    """Where the word "again" starts in ``text`` (any of its usual casings; a blocked marker
    phrase such as "again for" hides the scanner's hit): ``str.find`` passes, linear."""
    starts: list[int] = []
    for form in _AGAIN_FORMS:
        at = text.find(form)
        while at >= 0:
            end = at + len(form)
            before = text[at - 1] if at else " "
            after = text[end] if end < len(text) else " "
            if not (before.isalnum() or after.isalnum()):
                starts.append(at)
            at = text.find(form, end)
    return sorted(starts)


_AGAIN_FORMS = ("again", "Again", "AGAIN")


def verb_repeat_mentions(text: str, hits: Sequence[tuple[int, int, int, int]]) -> list[Mention]:
    """The action references of rule verb-repeats in a user turn: from the opening verb to
    the end of its clause's "again" (``hits`` unread: a blocked phrase such as "again for"
    hides the scanner's "again")."""
    del hits
    found: list[Mention] = []
    for start in _agains(text):
        end = start + len("again")
        opened = _clause_verb(text, start)
        # A verb of no action of its own ("give me the first quote again", "do me that quote
        # again"): the other action rules read it by the request's words.
        if opened is not None and opened[1] not in GENERIC_REPEAT_VERBS:
            at = opened[0]
            found.append(Mention("action", text[at:end], at, end, kind=VERB_REPEAT))
    return found


def _opening(text: str) -> str:
    for word in text[:_HEAD].split():
        said = word.casefold().strip(_STRIP)
        if said and said not in REPEAT_VERB_LEADS:
            return said
    return ""


def verb_request(
    log: TurnLog, surface: str, now: int, window: int, *, ran: bool = False
) -> int | None:
    """The user turn a rule verb-repeats reference repeats: of the last ``_TURNS`` user
    turns, the latest that opens with the reference's verb and names a word of its object
    (any, when it names none), else the latest opening with the verb, else the latest
    request or question naming a word of the object. None when none does: the reference
    repeats nothing said here (the rule finds no reference of a verb of no action of its
    own, ``GENERIC_REPEAT_VERBS``). ``ran`` (rule ran-requests): of the turns naming the
    object, the latest that a tool run answered comes first ("run the no-reminder version
    again" repeats the query that ran, not a later question naming reminders)."""
    said = surface.split()
    while said and said[0].casefold().strip(_STRIP) in REPEAT_VERB_LEADS:
        said = said[1:]  # "now do the plan command again": merged with rule object-repeats'
    verb = said[0].casefold().strip(_STRIP) if said else ""
    objects = frozenset(content_terms(" ".join(said[1:]))) - _NO_OBJECT
    roles, features = log.roles, log.features
    by_verb, by_object, by_run, seen = -1, -1, -1, 0
    # Rule ran-requests: "the no-reminder version" names a run by "reminder" too.
    parts = objects | frozenset(hyphen_parts(list(objects))) if ran else objects
    for turn in range(now - 1, max(-1, now - 1 - window), -1):
        if roles[turn] != "user":
            continue
        seen += 1
        if seen > _TURNS:
            break
        earlier = features[turn]
        shares = bool(objects) and not objects.isdisjoint(earlier.terms)
        if _opening(earlier.text) in (verb, "re" + verb):
            if shares or not objects:
                return turn
            by_verb = turn if by_verb < 0 else by_verb
        elif ran and by_run < 0 and log.tool_calls[turn] and not parts.isdisjoint(earlier.terms):
            by_run = turn
        elif shares and by_object < 0 and (earlier.request or earlier.question):
            by_object = turn
    for turn in (by_verb, by_run, by_object):
        if turn >= 0:
            return turn
    return None


# Rule version-repeats: characters at most between "the X version" and the action reference
# that follows it ("the unpaid filter version again").
_VERSION_GAP = 2


def without_version_objects(text: str, found: list[Mention]) -> list[Mention]:
    """Rule version-repeats: ``found`` without the item-by-words ordinals ending in a noun of
    a variant (``VARIANT_NOUNS``: "the unpaid filter version") that an action reference
    holds or follows at once ("run the unpaid filter version again", "the vegan version
    again please"): the thing the repeat makes or runs once more, which its request named,
    not an item of a list. One pass over the mentions per action reference (few)."""
    actions = [mention for mention in found if mention.type == "action"]
    if not actions:
        return found

    def repeated(mention: Mention) -> bool:
        if mention.type != "ordinal" or mention.ordinal is not None or mention.quality:
            return False
        last = mention.surface.rsplit(None, 1)[-1:]
        if not last or last[0].casefold() not in VARIANT_NOUNS:
            return False
        return any(
            (action.start <= mention.start and mention.end <= action.end)
            or (0 <= action.start - mention.end <= _VERSION_GAP
                and not text[mention.end : action.start].strip())
            for action in actions
        )  # fmt: skip

    return [mention for mention in found if not repeated(mention)]
