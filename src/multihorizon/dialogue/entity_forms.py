"""Entity references in the forms people use (ours, SPEC-028 §4.1 entity reference; rule
entity-forms): the words of a mention looked up in other forms, names typed in lower case,
and "the ones for the gym" taken to the reply that offered them.

- ``naming_groups``: each word of a mention ("the charging", "the stone", "the car") as the
  index keys that may stand for it within the window: the word itself; else another form of
  it ("charger", ``word_forms.related_forms``); else a compound of a recent turn holding it
  ("whetstone", "UserProfile"); else, for a head noun naming a kind ("car", "machine",
  ``word_forms.CATEGORY_MEMBERS``), the words naming a thing of that kind, when they point
  at one candidate only (one turn, or a user turn and the reply to it).
- ``lowercase_names``: the words of a question that another speaker's turn wrote as a name
  ("is the rheem noisy?" after "such as the Rheem ProTerra").
- ``offered_replies``: "the ones for the gym" resolved to the user's turn that asked for
  them is the reply that answered it.
- ``recalls``: a question that recalls what was said ("How much did I pay for the
  blender?") asks about the turn that said it, not the answer to it
  (``definite_mentions.resolve_definite``'s ``replies_first``).

Every read is of the log's entity index and columns; the text of an earlier turn is read
only to see how it wrote a word the index found there (its first ``_NAME_SCAN_CHARS``). The
engine calls these only for a turn with a candidate form (a definite noun phrase, a name, a
question with no other reference), never from ``Session.classify``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import replace

from ..text.tokens import LABEL_SKIP, STOPWORDS, words
from ..text.word_forms import CATEGORY_MEMBERS, related_forms
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = ["lowercase_names", "naming_groups", "offered_replies", "recalls"]

_COMPOUND_TURNS = 8  # turns back whose words may hold a mention's word as a part
_MIN_PART = 5  # letters of a word that may be found inside a compound ("stone", "profile")
_MAX_NAME_TURNS = 2  # a name is rare: turns within the window naming it
_MAX_NAMES = 4
_NAME_SCAN_CHARS = 2000  # an earlier turn's text read to see how it writes a word


def _latest_within(term: str, log: TurnLog, now: int, floor: int) -> int:
    """The latest turn in [floor, now) whose entities hold ``term``, else -1."""
    postings = log.turns_mentioning(term)
    cut = bisect_left(postings, now)
    if cut and postings[cut - 1] >= floor:
        return int(postings[cut - 1])
    return -1


def naming_groups(
    terms: Sequence[str], log: TurnLog, now: int, window: int
) -> list[tuple[str, ...]]:
    """Per term of a mention, the index keys standing for it within ``window`` before
    ``now`` (see the module's docstring); an empty group when none does."""
    floor = max(0, now - window)
    groups: list[tuple[str, ...]] = []
    for term in terms:
        if _latest_within(term, log, now, floor) >= 0:
            groups.append((term,))
            continue
        # Most forms are in no turn: an index miss costs one lookup.
        forms = tuple(
            form
            for form in related_forms(term)
            if log.turns_mentioning(form) and _latest_within(form, log, now, floor) >= 0
        )
        if not forms:
            forms = _compounds(term, log, now)
        if not forms and term in CATEGORY_MEMBERS:
            forms = _one_candidate(CATEGORY_MEMBERS[term], log, now, floor)
        groups.append(forms)
    return groups


def _compounds(term: str, log: TurnLog, now: int) -> tuple[str, ...]:
    """Words of the last ``_COMPOUND_TURNS`` turns that begin or end with ``term`` and hold
    at least three more letters ("whetstone" for "stone", "userprofile" for "profile")."""
    if len(term) < _MIN_PART:
        return ()
    entities = log.entities
    recent = [entities[turn] for turn in range(max(0, now - _COMPOUND_TURNS), now)]
    if term not in " ".join(" ".join(held) for held in recent):
        return ()  # the common case, found by one substring search
    found: dict[str, None] = {}
    for held in reversed(recent):
        for word in held:
            if len(word) >= len(term) + 3 and (word.endswith(term) or word.startswith(term)):
                found[word] = None
    return tuple(found)


def _one_candidate(members: frozenset[str], log: TurnLog, now: int, floor: int) -> tuple[str, ...]:
    """The ``members`` named within the window when they point at one candidate: one turn,
    or a user's turn and the reply right after it; else none."""
    named = {member: _latest_within(member, log, now, floor) for member in members}
    named = {member: turn for member, turn in named.items() if turn >= 0}
    turns = sorted(set(named.values()))
    if not turns:
        return ()
    one = len(turns) == 1 or (
        len(turns) == 2
        and turns[1] == turns[0] + 1
        and log.roles[turns[0]] == "user"
        and log.roles[turns[1]] != "user"
    )
    return tuple(sorted(named)) if one else ()


def lowercase_names(terms: Sequence[str], log: TurnLog, now: int, window: int) -> tuple[str, ...]:
    """The ``terms`` of a question that name something another speaker brought up by name:
    the first of the few turns within ``window`` holding the word is not the user's and
    writes it as a name ("the Nginx proxy"; not only at a sentence's start: "Trains leave
    at 5" cost sgd a probe when a question typed in lower case could take it)."""
    floor = max(0, now - window)
    names: list[str] = []
    for term in terms:
        if term in STOPWORDS or term in LABEL_SKIP or not term.isalpha():
            continue
        postings = log.turns_mentioning(term)
        cut, first = bisect_left(postings, now), bisect_left(postings, floor)
        if not 0 < cut - first <= _MAX_NAME_TURNS:
            continue
        turn = int(postings[first])
        content = log.contents[turn][:_NAME_SCAN_CHARS]
        if log.roles[turn] == "user" or not _written_as_name(content, term):
            continue
        names.append(term)
        if len(names) == _MAX_NAMES:
            break
    return tuple(names)


def _written_as_name(content: str, term: str) -> bool:
    """Whether ``content`` writes ``term`` (at word starts) as a name: with a capital every
    time and once at least mid-sentence (a sentence's or a heading's first word is
    capitalised whatever it is: "Vets ...", "How to Become a Vet")."""
    folded = content.casefold()
    if len(folded) != len(content):
        return False  # offsets differ: no judgement
    position = folded.find(term)
    mid_sentence = False
    while position >= 0:
        if position == 0 or not folded[position - 1].isalnum():
            if not content[position].isupper():
                return False
            before = content[max(0, position - 3) : position].rstrip()
            mid_sentence = mid_sentence or (bool(before) and before[-1] not in _SENTENCE_ENDS)
        position = folded.find(term, position + 1)
    return mid_sentence


_SENTENCE_ENDS = frozenset('.!?:\n"\u201c')


# Words of a question that recalls what was said ("How much did I pay for the blender?",
# "What was the rent?", "What's wrong with the toaster again?"): the turn that said it is
# asked about, not the answer to it.
_RECALLING = frozenset(("again", "did", "was", "were", "remind"))


def recalls(text: str) -> bool:
    """Whether a question recalls something said (``_RECALLING``)."""
    return any(word.casefold() in _RECALLING for word in words(text[:_RECALL_CHARS]))


_RECALL_CHARS = 300


def offered_replies(
    mentions: Sequence[Mention], references: Sequence[Reference], log: TurnLog
) -> list[Reference]:
    """``references`` (one per mention) with each "the one for X" (an ordinal mention by
    what the item is about, resolved to a turn with no item) that resolved to a user's turn
    moved to the reply that answered it (``_offered_reply``)."""
    now = len(log)
    return [
        _offered_reply(reference, log, now)
        if mention.type == "ordinal" and mention.ordinal is None and reference.type == "turn"
        else reference
        for mention, reference in zip(mentions, references, strict=True)
    ]


def _offered_reply(reference: Reference, log: TurnLog, now: int) -> Reference:
    """A reference by what a thing is for ("the ones for the gym") that resolved to the user's
    turn asking for it is the reply that answered: the thing is what the reply offered."""
    turn = reference.target_turn
    if turn is None:
        return reference
    reply = turn + 1
    roles, features = log.roles, log.features
    if reply >= now or roles[turn] != "user" or roles[reply] == "user":
        return reference
    if features[reply].question:
        return reference  # a question back offers nothing
    return replace(reference, target_turn=reply, item=None)  # the user's sentence is no item
