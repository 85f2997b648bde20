"""Other forms of a word and the kinds of thing a head noun stands for (ours, SPEC-028 §4.2
entity references in people's words, rule entity-forms).

``related_forms("charging")`` lists the index keys another form of the word would have
("charge", "charger", "charged", ...): the turn log's entity index holds each turn's
singular forms (``tokens.normalise_term``), so "the router" finds "routers" already, but not
"charging" -> "charger", "runs" -> "running" or "knives" -> "knife". Light stemming by a
fixed suffix table, no regular expression: a word is cut at its longest listed suffix and
the stem is given every suffix again; looking the candidates up in the index is what decides
which exist, so no dictionary is needed.

``CATEGORY_MEMBERS`` is a small data table of head nouns that name a kind of thing ("the
machine", "the place", "the car") and the words that name a thing of that kind ("printer",
"restaurant", "Civic"): a definite mention whose head no turn names may stand for the one
turn naming such a thing.
"""

from __future__ import annotations

from functools import lru_cache
from types import MappingProxyType

__all__ = ["CATEGORY_MEMBERS", "related_forms", "stems"]

# Suffixes cut from a word (longest first) and given back to its stem. Normalised terms are
# singular already, so plural endings matter only after another suffix ("runners").
_SUFFIXES = ("ations", "ation", "ings", "ing", "ers", "er", "ions", "ion", "ed", "es", "e", "")
_CUT = tuple(suffix for suffix in _SUFFIXES if suffix)
_VOWELS = frozenset("aeiou")
_MIN_STEM = 3  # "bed" is no stem of "bedding"'s kind worth a guess below three letters


def _stems(term: str) -> list[str]:
    """The stems ``term`` may have: cut at its longest suffix of ``_CUT`` (keeping at least
    ``_MIN_STEM`` letters), with a doubled final consonant undone ("running" -> "run")."""
    stems = [term]
    for suffix in _CUT:
        if term.endswith(suffix) and len(term) - len(suffix) >= _MIN_STEM:
            stem = term[: len(term) - len(suffix)]
            stems.append(stem)
            if len(stem) > _MIN_STEM and stem[-1] == stem[-2] and stem[-1] not in _VOWELS:
                stems.append(stem[:-1])
            elif stem.endswith("i"):
                stems.append(stem[:-1] + "y")  # "heavier" -> "heavy"
            break
    if term.endswith("ve") and len(term) > 4:
        stems.append(term[:-2] + "f")  # "knives" is normalised "knive": "knife", "knif"
    elif term.endswith(("fe", "f")) and len(term) > 3:
        stems.append(term[: -2 if term.endswith("e") else -1] + "ve")  # "knife": "knive"
    return stems


@lru_cache(maxsize=4096)  # pure, and asked again for the same words turn after turn
def stems(term: str) -> tuple[str, ...]:
    """``term`` and the stems it may have ("filming" -> "film", "eviction" -> "evict"),
    without the suffixes given back (rule detail-holders)."""
    return tuple(dict.fromkeys(_stems(term)))


@lru_cache(maxsize=4096)  # pure, and asked again for the same words turn after turn
def related_forms(term: str) -> tuple[str, ...]:
    """Index keys of other forms of a normalised ``term``, without ``term`` itself: each stem
    with each suffix of ``_SUFFIXES``, and a short stem with its last consonant doubled
    ("run" -> "running", "runner")."""
    found: dict[str, None] = {}
    if len(term) < _MIN_STEM:
        return ()  # "tv", "go": too short to guess other forms of
    for stem in _stems(term):
        for suffix in _SUFFIXES:
            found[stem + suffix] = None
        last = stem[-1]
        if len(stem) <= 4 and last not in _VOWELS and stem[-2] in _VOWELS:
            for suffix in ("ing", "er", "ed"):
                found[stem + last + suffix] = None
    found.pop(term, None)
    return tuple(word for word in found if len(word) >= _MIN_STEM)


def _table(text: str) -> MappingProxyType[str, frozenset[str]]:
    """``head: member member ...`` lines as a read-only mapping."""
    table: dict[str, frozenset[str]] = {}
    for line in text.strip().splitlines():
        head, _, members = line.partition(":")
        for name in head.split(","):
            table[name.strip()] = frozenset(members.split())
    return MappingProxyType(table)


# Head nouns that stand for a thing of their kind, and the (normalised) words that name one.
# Brands are listed where a kind is mostly named by brand ("my Civic" is a car).
CATEGORY_MEMBERS = _table(
    """
    machine: printer washer dryer dishwasher espresso blender vacuum grinder mixer oven
    device, gadget: phone smartphone laptop tablet router printer watch smartwatch thermostat
        doorbell camera speaker headphone earbud monitor kindle ereader charger
    car, vehicle, ride: sedan suv hatchback minivan coupe wagon civic
        corolla camry accord altima rav4 tesla honda toyota ford chevy chevrolet nissan
        subaru mazda hyundai kia volkswagen vw bmw audi jeep volvo bolt prius
    place, spot, venue: restaurant hotel hostel bar cafe café bakery shop trattoria bistro
        pub inn diner pizzeria taberna brasserie tavern motel resort lodge
    restaurant, eatery: trattoria bistro diner pizzeria taberna brasserie tavern cafe café
    hotel, lodging: hostel inn motel resort lodge
    suitcase, luggage: carry-on carryon roller spinner
    bag: backpack duffel tote carry-on
    app, application, program: app sdk software platform service
    tool, software, library, package: library package framework module sdk plugin
        extension utility app
    drug, medication, medicine, pill, prescription: tablet capsule
    """.replace("\n        ", " ")
)
