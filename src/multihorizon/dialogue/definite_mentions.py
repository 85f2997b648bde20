"""Entity references without a demonstrative (ours, SPEC-028 §4.1 entity reference): "the
blender", "the final exam", "the apartment" name something the conversation introduced.

Each resolves to the turn that introduced the thing, preferring the turn that also holds the
detail the turn asks about ("does the studio have laundry?": the turn about the studio's
laundry). Rule definite-references; it reads the entity index and the entities column.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence

from ..text.ordinal_forms import ITEM_NOUNS, ORDINALS
from ..text.tokens import STOPWORDS, normalise_term
from .entity_forms import naming_groups
from .features import TurnFeatures
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = ["definite_mentions", "resolve_definite"]


def _word_set(spaced: str) -> frozenset[str]:
    """A word list written as prose-like text."""
    return frozenset(spaced.split())


# "the" and one or two words; each match is anchored at "the" and reads two words.
_DEFINITE = re.compile(r"\bthe[ \t]+([^\W\d_][\w'-]*)(?:[ \t]+([^\W\d_][\w'-]*))?", re.I)
# Heads that name no thing of the conversation: "the same", "the way", "the best", times.
_NOT_THINGS = _word_set(
    """
    same other way best worst rest end beginning start middle whole most least time times
    day days week weeks month months year years morning evening night weekend today tomorrow
    moment point reason difference problem thing things fact case idea meantime past future
    world internet web news weather people person answer question lot kind sort part
    cost costs price prices address number phone telephone name date rating location area
    type director actor actors cast genre search result results details detail info
    information total fee fees rate rates distance duration schedule availability
    """
)
_VERBS = _word_set(
    "sound sounds seem seems look looks work works is are was were has have had do does did "
    "can could will would should may might must go goes"
)
_DEGREES = frozenset(("more", "less"))
_PER_TERM = 64  # postings read per term (the log's length does not matter)
_MAX_MENTIONS = 4


def definite_mentions(
    text: str, taken: Sequence[Mention], *, degrees: bool = False
) -> list[Mention]:
    """Definite noun phrases ("the blender") outside the spans of ``taken`` mentions. With
    ``degrees`` (rule entity-forms) "the more comfortable (pair)" names the thing by its
    adjective ("comfortable")."""
    found: list[Mention] = []
    for match in _DEFINITE.finditer(text):
        start, end = match.span()
        if any(m.start < end and start < m.end for m in taken):
            continue
        head = match.group(1).casefold()
        second = match.group(2)
        folded = second.casefold() if second is not None else ""
        if folded in _VERBS:
            folded = ""  # "the developments sound exciting"
        if head.endswith(("est", "ed")) and len(head) > 4:
            continue  # "the biggest", "the recommended amount": a description, no name
        adjective = head in ORDINALS or (degrees and head in _DEGREES)
        if adjective and folded and not _names_no_thing(folded):
            head = ""  # "the final exam", "the more comfortable": an adjective before it
        elif _names_no_thing(head):
            continue
        terms = [normalise_term(head)] if head else []
        if folded and folded not in STOPWORDS and not folded.endswith(("ing", "ed", "ly")):
            terms.append(normalise_term(second))
        else:
            end = match.end(1)
        if not terms:
            continue
        found.append(Mention("entity", text[start:end], start, end, terms=tuple(terms)))
        if len(found) == _MAX_MENTIONS:
            break
    return found


def _names_no_thing(word: str) -> bool:
    return word in STOPWORDS or word in _NOT_THINGS or word in ORDINALS or word in ITEM_NOUNS


def resolve_definite(
    mention: Mention,
    details: Sequence[str],
    log: TurnLog,
    now: int,
    window: int,
    answers_hold_details: bool = False,
    other_forms: bool = False,
    replies_first: bool = False,
) -> Reference:
    """The turn that introduced what ``mention`` names: among the turns within ``window``
    mentioning its head word, the one with the most of its words, then the most of the
    turn's ``details`` (its other content words), then the earliest. A user's request
    answered by an offer gives way to the offer. Unresolved when the turn right before
    names it too: that turn is the antecedent already.

    With ``answers_hold_details`` (rule entity-references) the reply to a user turn naming
    the thing competes with the same count ("What could I do with the spinach?" "Wilt it
    with garlic..." ... "how long do I wilt the spinach?": the reply holds the detail),
    and the turn right before stops the search only when it names the thing as fully as
    any turn ("the thighs bake": the turn before says "bake", not "thighs").

    With ``other_forms`` (rule entity-forms) a word no turn within the window holds counts
    in its other forms ("charging": "charger"), as part of a compound ("stone": "whetstone")
    or, for a head noun naming a kind ("the car"), as the one thing of that kind. With
    ``replies_first`` (rule entity-forms) the reply to the user's question, request or
    addition naming the thing comes before it when both hold as much of the detail asked
    about: the answer is where the thing is described ("I want an espresso machine." "The
    Gaggia Classic Pro ..." ... "the machine")."""
    groups = (
        naming_groups(mention.terms, log, now, window)
        if other_forms
        else [(term,) for term in mention.terms]
    )
    counts, heads = _naming_counts(groups, log, now, window)
    if not counts:
        return Reference(mention.type, mention.surface, mention.start, mention.end, None)
    wanted = [term for term in details if term not in mention.terms]
    entities, roles, features = log.entities, log.roles, log.features
    named_before = counts.get(now - 1, 0)
    most = max(counts.values())
    top = _most_named(counts, heads if other_forms else set())
    naming = set(top)
    replies: set[int] = set()
    if answers_hold_details:
        if named_before < most:
            named_before = 0
        replies.update(_answers(top, log, now))
        top.update(replies)
    # Only the answer to a question or a request: a user telling about their own thing ("My
    # lease ends on August 31") holds what they later ask about it themselves. A reply with
    # no text (TREC CAsT's) holds nothing.
    replies = {r for r in replies if replies_first and _asked(features[r - 1]) and entities[r]}
    introduced = min(heads or counts)
    if roles[introduced] == "user" and not _asked(features[introduced]):
        replies.clear()  # the user told about the thing first ("the studio I rent has ..."):
        # what they said of it is what they ask about, not a later answer naming it too

    def rank(turn: int) -> tuple[int, bool, bool, int]:
        held = entities[turn]
        found = sum(1 for term in wanted if term in held)
        return found, turn in replies, turn in naming, -turn

    if named_before:
        # The turn right before names it: the turn follows up on that one, which is already
        # its first antecedent (sgd acc@1 0.758 -> 0.769, TREC CAsT 2021 0.724 -> 0.740).
        return Reference(mention.type, mention.surface, mention.start, mention.end, None)
    turn = max(top, key=rank)
    reply = turn + 1
    if (
        reply < now
        and roles[turn] == "user"
        and roles[reply] != "user"
        and features[turn].asks_for
        and features[reply].offers
    ):
        # "Find me a therapist." "Dr. Lee is in Santa Rosa." ... "the therapist": the one
        # the reply offered, not the request for one (as rule offer-antecedents does).
        turn = reply
    named = most if turn in top else counts.get(turn, 0)  # an offer after the request: 0
    confidence = 0.6 if named == len(groups) else 0.45
    return Reference(
        mention.type, mention.surface, mention.start, mention.end, turn, confidence=confidence
    )


def _most_named(counts: dict[int, int], heads: set[int]) -> set[int]:
    """The turns naming the most of a mention's words (only their details are read); of
    those, with ``heads`` (rule entity-forms: the turns naming its first word), the ones in
    ``heads`` ("the streamer support": "streaming", not "supports"), as for a
    demonstrative's phrase (``resolution._resolve_entity``)."""
    most = max(counts.values())
    top = {turn for turn, count in counts.items() if count == most}
    return (top & heads) or top


def _naming_counts(
    groups: Sequence[Sequence[str]], log: TurnLog, now: int, window: int
) -> tuple[dict[int, int], set[int]]:
    """Turn -> how many of ``groups`` (the keys standing for each word of a mention) it
    names, over the turns within ``window`` before ``now`` (the latest ``_PER_TERM``
    postings of each key); and the turns naming the first group."""
    floor = now - window
    counts: dict[int, int] = {}
    first: set[int] = set()
    for index, keys in enumerate(groups):
        naming: set[int] = set()
        for term in keys:
            postings = log.turns_mentioning(term)
            cut = bisect_left(postings, now)
            for position in range(cut - 1, max(-1, cut - 1 - _PER_TERM), -1):
                turn = postings[position]
                if turn < floor:
                    break
                naming.add(int(turn))
        for turn in naming:
            counts[turn] = counts.get(turn, 0) + 1
        if index == 0:
            first = naming
    return counts, first


def _asked(features: TurnFeatures) -> bool:
    return features.question or features.asks_for or features.adds


def _answers(turns: set[int], log: TurnLog, now: int) -> list[int]:
    """Rule entity-references: the reply right after each user turn of ``turns`` (naming the
    thing) competes with it; an answer often holds the detail ("Wilt it with garlic"), a
    question back ("What inspired the painting?") holds none."""
    roles, features = log.roles, log.features
    return [
        turn + 1
        for turn in turns
        if turn + 1 < now
        and roles[turn] == "user"
        and roles[turn + 1] != "user"
        and not features[turn + 1].question
    ]
