"""Names without an article (ours, SPEC-028 §4.1 entity reference): "is Vitamix loud?", "is
Da Enzo open on Sundays?", "does 1Password support SCIM?" name a thing an earlier turn
introduced ("the Vitamix 5200", "Da Enzo al 29", "1Password Business").

Rule entity-references. A name is a word the user turn capitalises mid-sentence
(not its first) or a word mixing letters and digits ("1Password", "V15"); the
mention is resolved as a definite one ("the blender": ``resolve_definite``), so the turn
holding the detail asked about wins, and a name the turn right before used is no reference
(that turn is the antecedent already).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from ..config import Config
from ..text.scan import sentence_spans
from ..text.tokens import STOPWORDS, normalise_term, words
from .definite_mentions import resolve_definite
from .entity_forms import lowercase_names, recalls
from .features import TurnFeatures
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = ["bare_name_mention", "name_references"]

_MAX_NAMES = 4


def _words(spaced: str) -> frozenset[str]:
    """A word list written as prose-like text."""
    return frozenset(spaced.split())


# Capitalised words that name a time, not a thing introduced ("until March 11th", "open on
# Sundays"), as terms.
_CALENDAR = _words(
    """
    january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday
    friday saturday sunday mon tue tues wed thu thur thurs fri sat sun today tomorrow
    tonight yesterday weekend christmas easter
    """
)
# A number with a short suffix is an ordinal, a time or an amount ("11th", "5pm", "500mg"),
# no name; "1Password", "V15", "XE75" are.
_MAX_SUFFIX = 3
_NO_DIGITS = str.maketrans("", "", "0123456789")
_SCAN_CHARS = 600  # a question's names are in its first sentences
_EDGES = ".,;:!?()[]\"'\u201c\u201d\u2018\u2019"
_NOT_NAMES = frozenset({"I", "I'm", "I\u2019m", "I've", "I'd", "I'll"})


def _capitalised(text: str) -> list[str]:
    """The words a text capitalises mid-sentence, normalised as terms (a sentence's first
    word and "I" are no names). One pass over the whitespace-split words."""
    names: list[str] = []
    opens = True  # the next word opens a sentence
    for raw in text.split():
        word = raw.strip(_EDGES)
        if word and not opens and word[0].isupper() and word not in _NOT_NAMES:
            names.append(normalise_term(word))
        opens = raw[-1] in ".?!"
    return names


def bare_name_mention(content: str, features: TurnFeatures) -> Mention | None:
    """One entity mention over the names of a user turn, spanning the first to the last, or
    None. Cheap for the common turn: a turn with no capital after its first character and no
    digit holds no name."""
    if not features.question or features.anaphor:
        # A statement brings its names up itself; with a pronoun ("how is his work related
        # to Comte?") the pronoun's referent is what the turn is about.
        return None
    rest = content[1:]
    has_digit = len(content.translate(_NO_DIGITS)) != len(content)  # in C, not per character
    if rest == rest.lower() and not has_digit:
        return None
    found = dict.fromkeys(_capitalised(content[:_SCAN_CHARS]))
    if has_digit:
        for word in words(content):
            if _mixes_letters_and_digits(word):
                found[normalise_term(word)] = None
    terms = tuple(term for term in found if term not in STOPWORDS and term not in _CALENDAR)
    terms = terms[:_MAX_NAMES]
    if not terms or features.request:
        return None  # a request ("search for a therapist in Walnut Creek") brings names up
    folded = content.casefold()
    if len(folded) != len(content):
        return Mention("entity", content, 0, len(content), terms=terms)
    # A name in a sentence that asks ("That's interesting about Christianity. How are ...
    # used in Islamic ones?": the remark's name is no thing asked about).
    asked = _asking_part(content)
    spans = {term: folded.find(term, asked[0], asked[1]) for term in terms}
    asked_terms = tuple(term for term, at in spans.items() if at >= 0)
    if not asked_terms:
        return None
    start = min(spans[term] for term in asked_terms)
    end = max(spans[term] + len(term) for term in asked_terms)
    return Mention("entity", content[start:end], start, end, terms=asked_terms)


def _asking_part(content: str) -> tuple[int, int]:
    """The span from the first sentence ending in "?" to the last one, or the whole text."""
    asking = [span for span in sentence_spans(content) if _ends_asking(content, span[1])]
    if not asking:
        return 0, len(content)
    return asking[0][0], asking[-1][1]


def _ends_asking(content: str, end: int) -> bool:
    """``content[:end].rstrip().endswith("?")`` without copying the text before ``end`` (a
    copy per sentence made a turn of many sentences quadratic)."""
    at = end - 1
    while at >= 0 and content[at].isspace():
        at -= 1
    return at >= 0 and content[at] == "?"


def _mixes_letters_and_digits(word: str) -> bool:
    if not any(char.isalpha() for char in word) or not any(char.isdigit() for char in word):
        return False
    suffix = len(word) - len(word.rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    return not (word[0].isdigit() and suffix <= _MAX_SUFFIX and suffix == _letters(word))


def _letters(word: str) -> int:
    return sum(1 for char in word if char.isalpha())


def name_references(
    content: str,
    features: TurnFeatures,
    references: Sequence[Reference],
    log: TurnLog,
    config: Config,
) -> tuple[Reference, ...]:
    """Rule entity-references: a name without an article ("is Vitamix loud?") -> the turn
    that introduced it, when no other reference of the turn resolved. Rule entity-forms: a
    question's words another speaker wrote as a name count as names too ("does reaper run
    on linux?"), when the names it capitalises find nothing."""
    if not config.entity_references or any(ref.target_turn is not None for ref in references):
        return ()
    now, window = len(log), config.reference_search_window
    mention = bare_name_mention(content, features)
    reference = None
    if mention is not None:
        reference = _resolved(mention, features, log, now, window, config)
    if reference is None and config.entity_forms and features.question and not features.anaphor:
        names = lowercase_names(_typed_lower(content, features.terms), log, now, window)
        if names and _may_name(features):
            mention = Mention("entity", content, 0, len(content), terms=names)
            reference = _resolved(mention, features, log, now, window, config)
    return () if reference is None else (reference,)


def _typed_lower(content: str, terms: Sequence[str]) -> list[str]:
    """The ``terms`` a question's asking part writes in lower case at a word start ("is loki
    hard to run?"; not "Vitamix looks great. What else do I need?": a remark's name)."""
    start, end = _asking_part(content)
    asked = content[start:end]
    typed: list[str] = []
    for term in terms:
        position = asked.find(term)
        while position > 0 and asked[position - 1].isalnum():
            position = asked.find(term, position + 1)
        if position >= 0:
            typed.append(term)
    return typed


def _may_name(features: TurnFeatures) -> bool:
    """A question with words in lower case that may name a thing: no request, and no name
    it writes with a capital (those are its names: ``bare_name_mention``). Read only when
    such words were found: both cues scan the text."""
    return not features.names and not features.request


def _resolved(
    mention: Mention,
    features: TurnFeatures,
    log: TurnLog,
    now: int,
    window: int,
    config: Config,
) -> Reference | None:
    reference = resolve_definite(
        mention,
        features.terms,
        log,
        now,
        window,
        answers_hold_details=True,
        other_forms=config.entity_forms,
        replies_first=config.entity_forms and not recalls(features.text),
    )
    if reference.target_turn is None:
        return None
    # Only a name another speaker brought up is a reference to what they offered: a name
    # the user brought up ("literary devices in Biblical poetry", sgd's "in Walnut Creek")
    # is the topic they keep talking about (TREC CAsT 2021 lost a probe to it).
    first = _first_naming(mention.terms, log, now, window)
    if first >= now:  # found in another form (rule entity-forms): the turn it resolved to
        first = reference.target_turn
    if log.roles[first] == "user":
        return None
    return reference


def _first_naming(terms: Sequence[str], log: TurnLog, now: int, window: int) -> int:
    """The earliest turn within ``window`` before ``now`` naming one of ``terms``."""
    floor = max(0, now - window)
    first = now
    for term in terms:
        postings = log.turns_mentioning(term)
        at = bisect_left(postings, floor)
        if at < len(postings) and postings[at] < first:
            first = int(postings[at])
    return first
