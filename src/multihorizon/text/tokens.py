"""Text helpers: content words and entities of a turn, term normalisation, thread slugs.

No model calls: regular expressions and a stop-word list. Terms are case-folded and reduced
to a singular form, so "Bugs", "bug" and "bug's" index and look up alike (SPEC-028 §4.2,
"most recent turn mentioning the entity").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from types import MappingProxyType

from .. import kernels
from .._terms_py import WORD, TermReader

__all__ = [
    "LABEL_SKIP",
    "STOPWORDS",
    "content_terms",
    "hyphen_parts",
    "label_terms",
    "normalise_term",
    "slug",
]

# A word list reads best as one block of text.
STOPWORDS = frozenset(
    """
    a about above after again against all also am an and any are aren't as at be because been
    before being below between both but by can can't cannot could couldn't did didn't do does
    doesn't doing don't down during each else few for from further get gets got had hadn't has
    hasn't have haven't having he he'd he'll he's her here here's hers herself him himself his
    how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's like me
    more most mustn't my myself no nor not now of off on once only or other ought our ours
    ourselves out over own please same shan't she she'd she'll she's should shouldn't so some
    such than that that's the their theirs them themselves then there there's these they
    they'd they'll they're they've this those through to too under until up us very was
    wasn't we we'd we'll we're we've were weren't what what's when when's where where's which
    while who who's whom why why's will with won't would wouldn't you you'd you'll you're
    you've your yours yourself yourselves yes yeah ok okay oh hi hello hey thanks thank sure
    well really maybe also actually one two much many thing things something anything way
    lot lots bit kind sort said say says tell told know think go going want need make use
    using used could would might must shall may still even back earlier previous last first
    second third next option options mean meant explain again result results output
    """.split()  # noqa: SIM905
)


# Nouns whose plural "-ies" comes from "-ie", not "-y" ("movies" is no plural of "movy"), so
# "the movie" finds the turn that said "movies".
_IE_NOUNS = frozenset(
    """
    movie cookie calorie zombie selfie rookie hippie smoothie brownie genie pixie prairie
    goalie hoodie freebie auntie birdie bootie budgie collie eyrie necktie pinkie sortie
    veggie walkie yuppie
    """.split()  # noqa: SIM905
)


# Built once from the lists above: the backend's reader (C++: ASCII text in one pass, None
# for other text) and the reference, which reads whatever the backend leaves.
_READER = kernels.TermReader(STOPWORDS, _IE_NOUNS)
_REFERENCE = TermReader(STOPWORDS, _IE_NOUNS)


# The forms the first releases gave these nouns' plurals ("movies" -> "movy"): a stored
# session's words are brought to today's form when it is loaded (``current_term``).
_OLD_IE_FORMS = MappingProxyType({noun[:-2] + "y": noun for noun in _IE_NOUNS})


def current_term(term: str) -> str:
    """A normalised term as ``normalise_term`` makes it today ("movy", stored by the first
    releases for "movies", is "movie")."""
    return _OLD_IE_FORMS.get(term, term)


def current_terms(terms: list[str]) -> list[str]:
    """``current_term`` of each of ``terms`` (one C-level pass: a load maps every distinct
    word of its segments)."""
    return list(map(_OLD_IE_FORMS.get, terms, terms))


def normalise_term(word: str) -> str:
    """Case-folded singular form of one word: "Queries" -> "query", "Movies" -> "movie",
    "bug's" -> "bug"."""
    return _REFERENCE.normalise(word)


def words(text: str) -> list[str]:
    """The words of a text, keeping technical tokens whole ("v3.5", "c++", "pg_dump")."""
    return WORD.findall(text)


def content_terms(text: str) -> list[str]:
    """Distinct normalised content words of a text, in order of first appearance.

    These are a turn's ``entities`` (SPEC-028 §3.1) and the keys of the entity index. One
    native call (``kernels.TermReader``, issue 14); the reference reads what it leaves (text
    that is not ASCII).
    """
    found: list[str] | None = _READER.content_terms(text)
    return _REFERENCE.content_terms(text) if found is None else found


def definite_words(text: str) -> Iterator[str]:
    """``definite_terms`` one at a time, repeats kept (a caller that stops early reads
    less): the reference's reading."""
    return _REFERENCE.definite_words(text)


def definite_terms(text: str) -> tuple[str, ...]:
    """Distinct normalised words right after a definite determiner ("the song", "that rental
    car"; ``TermReader.definite_terms``): one native call, the reference for other text."""
    found: tuple[str, ...] | None = _READER.definite_terms(text)
    return _REFERENCE.definite_terms(text) if found is None else found


def turn_terms(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(content_terms, definite_terms)`` of a user turn in one native call (issue 14)."""
    found: tuple[tuple[str, ...], tuple[str, ...]] | None = _READER.turn_terms(text)
    return _REFERENCE.turn_terms(text) if found is None else found


# Content words that say how a turn talks, not what about ("try something unrelated", "a
# good backup", "my VPN keeps dropping", "switching topics: ..."): a thread's label skips
# them, so it names the topic ("vpn-dropping", not "vpn-keep"), nor greetings and courtesies
# ("Good afternoon. I am a software engineer ..."); nor do the pieces of a
# contraction ("I've" -> "ve", "don't" -> "don") or "re" ("Re the flat: ..."). Normalised forms.
LABEL_SKIP = frozenset(
    """
    try trying tried keep keeping kept start starting started stop seem seemed happen
    happened happening wonder guess hope feel look looking see saw find found getting put
    take took give gave come came check checking fix fixing help helping trouble
    good great best better nice cool quick quickly simple easy new old different unrelated
    random another whole entire general basic main big small little right wrong similar
    real totally completely pretty probably basically currently recently today yesterday
    tomorrow later quite
    question topic subject stuff idea issue problem note change switching switch moving
    gear everything anything something somehow completely thought overview intro
    introduction basics learn learning wondering curious interested interesting know tell
    explain understand
    hello hi hey hiya morning afternoon evening greetings dear thanks thank please sorry
    bother advance advice
    re ve ll don doesn didn isn aren wasn weren won wouldn couldn shouldn haven hasn hadn
    """.split()  # noqa: SIM905
)


def label_terms(terms: Iterable[str]) -> list[str]:
    """The words of ``terms`` a thread label takes: those not in ``LABEL_SKIP``, or all of
    them when every one is."""
    listed = list(terms)
    kept = [term for term in listed if term.casefold() not in LABEL_SKIP]
    return kept or listed


def slug(
    terms: Iterable[str],
    taken: set[str] | frozenset[str],
    *,
    max_words: int = 2,
    first_suffix: int = 2,
) -> str:
    """A short readable thread id from a turn's first content words, unique among ``taken``.

    ``["etcd", "configure", ...]`` -> ``"etcd-configure"``; words that say how the turn
    talks rather than what about are skipped (``label_terms``: "good backup postgres" ->
    ``"backup-postgres"``); a clash gets ``-2``, ``-3`` ...
    (from ``first_suffix``: callers that remember how far a base has counted skip the walk).
    Each word is cut to 24 characters, so an id stays header-sized whatever the turn.
    """
    parts: list[str] = []
    for term in label_terms(terms):
        # Thread ids travel in an HTTP header (SPEC-028 §7.4): ASCII only, accents dropped.
        ascii_term = unicodedata.normalize("NFKD", term.casefold()).encode("ascii", "ignore")
        cleaned = re.sub(r"[^0-9a-z]+", "-", ascii_term.decode()[:_SLUG_WORD]).strip("-")
        if cleaned and cleaned not in parts:
            parts.append(cleaned)
        if len(parts) == max_words:
            break
    base = "-".join(parts) or "thread"
    if base not in taken:
        return base
    suffix = first_suffix
    while f"{base}-{suffix}" in taken:
        suffix += 1
    return f"{base}-{suffix}"


_SLUG_WORD = 24


def hyphen_parts(terms: list[str]) -> list[str]:
    """The content parts of hyphenated terms ("oil-based" -> "oil", "based"), which a turn
    may name an item by ("the oil one"); parts of under three letters or stopwords are
    dropped. One ``str.split`` per hyphenated term."""
    parts: list[str] = []
    for term in terms:
        if "-" in term:
            parts += [p for p in term.split("-") if len(p) >= 3 and p not in STOPWORDS]
    return parts
