"""A definite noun phrase naming something new (ours, SPEC-028 §4.1 entity reference, §4.2
antecedents; rule fresh-definites, issue 15 item 1).

"the logbook, is it still required?", "the lemons for serving, wedges or halves?": the turn
names a thing by "the" that no earlier turn in reach said in any form (its word, another form
of it, a compound holding it, the one thing of a kind it names: ``entity_forms
.naming_groups``). Nothing earlier introduced it, so no earlier turn is its antecedent: the
turn follows on from the turn right before, and the rules that look further back for a turn
holding the question's other words (a "halves" a reply said of wine bottles, a follow-up's
topic) must not force it onto one. Reads the log's entity index only.
"""

from __future__ import annotations

from collections.abc import Sequence

from .definite_mentions import definite_mentions
from .entity_forms import naming_groups
from .features import TurnFeatures
from .references import Reference
from .turnlog import TurnLog

__all__ = ["fresh_definite"]


def fresh_definite(
    turn_id: int,
    features: TurnFeatures,
    resolved: Sequence[Reference],
    log: TurnLog,
    window: int,
) -> bool:
    """Whether a user turn with no resolved reference opens on a definite noun phrase (its
    first, after function words only) naming a thing no turn within ``window`` before it
    named in any form (every word of the phrase unnamed): its antecedent is the turn
    before it. A thing named after it that resolved ("the limit on the IRA") is what the
    turn asks about: the phrase names a detail of it."""
    if turn_id < 1 or features.role != "user" or resolved or features.resume_terms:
        return False  # "Back to the house: ...": a return names its thread, said or not
    if features.names_place:
        return False  # "the buses going there": the place a place word points to
    before = turn_id - 1
    if log.roles[before] != "assistant" or not log.features[before].text.strip(_NO_TEXT):
        return False  # no reply, or one without text (TREC CAsT's): the topic is older
    if not log.features[before].short:
        return False  # after a passage (TREC CAsT's) the topic is older than the turn before
    text = features.text[:_OPENING_CHARS]  # the phrase opens the turn: its start is read
    mentions = definite_mentions(text, ())
    if not mentions or not _opens(text, mentions[0].start):
        return False
    terms = mentions[0].terms
    if any(naming_groups(terms, log, turn_id, window)):
        return False
    roots = tuple(_root(term) for term in terms)
    entities = log.entities
    for turn in range(max(0, turn_id - min(window, _REACH)), turn_id):
        held = entities[turn]
        if len(held) > _MAX_WORDS:
            return False  # a passage names much; its words are not read one by one
        for word in held:
            if word.startswith(roots):
                return False  # "the renewal" after "renew", "the marinade" after "marinate"
    return True


# Turns back, and words per turn, read for another form of the phrase's words (the walk
# stays bounded on a long log or a long turn).
_REACH = 40
_MAX_WORDS = 400


# Derivational endings a thing's name may add to a word said before ("renewal", "payment").
_ENDINGS = ("ments", "ment", "ations", "ation", "ions", "ion", "als", "al", "ers", "er",
            "ings", "ing", "ies", "ency", "ancy", "cy", "ity", "ness", "ship", "es", "ed",
            "y", "s")  # fmt: skip
_MIN_ROOT = 3


_MAX_ROOT = 6  # letters of a root compared: "the marinade" after "marinate"


def _root(term: str) -> str:
    """``term`` less a derivational ending (keeping at least ``_MIN_ROOT`` letters), cut to
    its first ``_MAX_ROOT`` letters: an earlier word opening with it may name the thing."""
    for ending in _ENDINGS:
        if term.endswith(ending) and len(term) - len(ending) >= _MIN_ROOT:
            return term[: -len(ending)][:_MAX_ROOT]
    return term[:_MAX_ROOT]


_OPENING_WORDS = 4  # words a turn may say before its topic ("and what about the ...")
_OPENING_CHARS = 160


def _opens(text: str, start: int) -> bool:
    """Whether the phrase at ``start`` is what the turn is about: only function words come
    before it ("the logbook, ...", "What about the hot water cylinder, ..."), not a topic of
    the turn's own ("teh mist in the mornin, ...": the mist is)."""
    before = text[:start].split()
    if len(before) > _OPENING_WORDS:
        return False
    return all(word.strip(_PUNCTUATION).casefold() in _OPENERS for word in before)


# The words a question may open with before its topic: discourse words, "what/how about",
# an auxiliary ("is the parking permit ...?"). Not "I like the sound of that", "Thanks for
# the help", "I'm in the mood for ...": a clause of the user's own before the phrase.
_OPENERS = frozenset(
    """
    and so ok okay oh also then now but well right yes yeah no um hmm what how about
    is are was were does do did can could should would will has have any
    """.split()  # noqa: SIM905
)


_NO_TEXT = " \t\n.\u2026"  # a reply the source lacks is logged as an ellipsis
_PUNCTUATION = ".,;:!?-\"'()"
