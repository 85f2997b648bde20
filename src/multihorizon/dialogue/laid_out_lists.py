"""An ordinal picks the list the assistant laid out, not a later inline series (SPEC-028 §4.1
"which enumeration", rule laid-out-lists).

The spec reads "the second step" against the most recent enumeration. When that is a comma
series in one sentence ("you'll need a spanner, a bucket, some PTFE tape and an old towel")
and a recent reply laid a list out (numbered, lettered, bulleted, "First, ... Finally, ..."),
the ordinal means the laid-out list: the steps, options or ideas the user was given, not the
things mentioned in passing. The series keeps the ordinal when the turn names it: a
demonstrative ("the second of those tools"), or a word right after the ordinal that the
series' reply or the question it answers says and the laid-out list's do not ("the last
thing you suggested to test them" after "how do I test the disks?"), or the series is the
latest reply and answers a question asking to choose ("which sealant should I use?" "You
could use A, B, or C." "the second one?"). The laid-out list must have the item asked for
("the fifth" picks no three-item list; "the penultimate" needs three items); the most recent
such list of the last few replies with lists.

Rule named-series reads the other way round: "the second of those tools" after a reply whose
series the list parse leaves out (it reads offered choices only) picks that series' item.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..config import Config
from ..text.enumerations import Enumeration
from ..text.list_layout import (
    AFTER_WORDS,
    CHOICE_WORDS,
    DEMONSTRATIVES,
    GENERIC_NOUNS,
    MENTION_DASHES,
    MENTION_STOPS,
    PAIR_ORDINALS,
    inline_series,
    sentence_series,
)
from ..text.ordinal_forms import ORDINALS
from ..text.tokens import STOPWORDS, content_terms, normalise_term
from .ordinal_resolution import same_stem
from .own_lists import ordinal_of
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = ["with_laid_out_lists"]

_LIST_TURNS = 3  # replies with lists searched back for a laid-out list, the series' first
_WALK = 12  # turns walked back from the series' reply for them
_NOT_NAMING = STOPWORDS | GENERIC_NOUNS  # words after an ordinal that name no list
_STOP_CHARS = "".join(sorted(MENTION_STOPS))
_CHOICE_CHARS = 300  # characters of a question read for a word asking to choose
_CONFIDENCE = 0.6  # a series the list parse did not read (as the user's own lists)
_WORD_MARKS = ".,;:!?()\"'"  # stripped from a word's ends before it is looked up


def with_laid_out_lists(
    resolution: Resolution, content: str, log: TurnLog, config: Config
) -> Resolution:
    """``resolution`` with each ordinal item of an inline series moved to the laid-out list
    the turn means; unchanged otherwise."""
    if not (config.laid_out_lists or config.named_series) or resolution.addressee is not None:
        return resolution
    changed: dict[int, Reference] = {}
    for ref in resolution.references:
        if ref.type != "ordinal":
            continue
        moved = None
        if config.laid_out_lists and ref.item and ref.target_turn is not None:
            moved = _moved(ref, content, log)
        if moved is None and config.named_series:
            moved = _named_series(ref, content, log)
        if moved is not None:
            changed[id(ref)] = moved
    return resolution.with_changed(changed) if changed else resolution


def _named_series(ref: Reference, content: str, log: TurnLog) -> Reference | None:
    """Rule named-series: "the second of those tools", "the 3rd thing to pack" after a reply
    whose comma series the list parse left out ("you'll need a spanner, a bucket, ..."): the
    item of the most recent such series of the replies since the list the ordinal resolved
    to (of the last ``_WALK`` turns), when the turn names it (a demonstrative, or a word
    after the ordinal the series' reply or its question says) and not that list."""
    number = _number(ref.surface)
    if number is None:
        return None
    demonstrative, words = _after(ref, content)
    if not demonstrative and not words:
        return None  # most ordinals: "the second step, how long?"
    target = ref.target_turn
    resolved = (*log.features[target].terms, *_asked(target, log)) if target is not None else ()
    if demonstrative and any(_held(word, resolved) for word in words):
        return None  # "the second of those steps": the list resolved to
    for turn in range(len(log) - 1, max(-1, len(log) - 1 - _WALK), -1):
        if log.roles[turn] != "assistant":
            continue
        if target is not None and turn < target:
            return None  # the list resolved to is more recent than any series
        series = sentence_series(log.features[turn].text)
        if turn == target and (not series or ref.item in series):
            return None
        if log.enumerations.get(turn) and turn != target:
            return None  # a more recent list the stage read: the spec's reading stands
        if not _fits(number, len(series)):
            continue
        if any(series == listed.items for listed in log.features[turn].enumeration_lists or ()):
            return None
        said = (*log.features[turn].terms, *_asked(turn, log))
        if demonstrative or any(_held(w, said) and not _held(w, resolved) for w in words):
            item = series[number - 1 if number > 0 else number]
            return replace(ref, target_turn=turn, item=item, confidence=_CONFIDENCE)
    return None


def _moved(ref: Reference, content: str, log: TurnLog) -> Reference | None:
    turn = ref.target_turn
    assert turn is not None
    if log.roles[turn] != "assistant":
        return None
    text = log.features[turn].text
    lists = log.features[turn].enumeration_lists or ()
    at = next((k for k in range(len(lists) - 1, -1, -1) if ref.item in lists[k].items), None)
    if at is None or not inline_series(text, lists[at].items):
        return None
    number = _number(ref.surface)
    if number is None:
        return None  # "the nearest one", "the latter" (of the two just named): no position
    demonstrative, words = _after(ref, content)
    found = _laid_out(log, turn, lists[:at], number)
    if found is None:
        return None  # the series is the only list in reach: it is the one meant
    laid_turn, laid = found
    laid_side = (*content_terms(laid.lead), *log.features[laid_turn].terms, *_asked(laid_turn, log))
    series_side = (*log.features[turn].terms, *_asked(turn, log))
    if any(_held(word, series_side) and not _held(word, laid_side) for word in words):
        return None  # "the last thing you suggested to test them": the series' question
    if demonstrative and not any(_held(word, laid_side) for word in words):
        return None  # "the second of those tools": the list just given
    if _answers_choice(turn, log) and not any(
        _held(word, laid_side) and not _held(word, series_side) for word in words
    ):
        return None  # "which sealant?" "You could use A, B, or C." "the second one, ...?"
    index = len(laid.items) + number if number < 0 else number - 1
    return replace(ref, target_turn=laid_turn, item=laid.items[index])


def _number(surface: str) -> int | None:
    """The position an ordinal's words name ("the second step" 2, "#3" 3, "the 4th" 4, "the
    penultimate" -2); None for an item named by its words or for "the former"/"the latter",
    which pick between the two things just said."""
    folded = surface.casefold().split()
    if any(word.strip(_WORD_MARKS) in PAIR_ORDINALS for word in folded):
        return None
    number = ordinal_of(surface)
    if number is not None:
        return number
    for word in folded:
        digits = word.strip(_WORD_MARKS + "#").removesuffix("st").removesuffix("nd")
        digits = digits.removesuffix("rd").removesuffix("th")
        if digits.isascii() and digits.isdigit() and len(digits) <= 2 and int(digits) >= 1:
            return int(digits)
    return None


def _fits(number: int, size: int) -> bool:
    """Whether a list of ``size`` items has the item ``number`` names ("the penultimate"
    of a two-item list is its first: no one says so)."""
    if number < 0:
        return size >= 1 - number if number < -1 else size >= 1  # penultimate: three
    return 1 <= number <= size


def _laid_out(
    log: TurnLog, turn: int, before: Sequence[Enumeration], number: int
) -> tuple[int, Enumeration] | None:
    """The most recent laid-out list that has the item asked for: of the series' own reply
    (the lists before it), then of the replies with lists before it."""
    seen = 0
    # Back from the series' reply, not from now: the series may be several turns old ("the
    # last point" after a digression still means the list laid out before the series).
    for earlier in range(turn, max(-1, turn - _WALK), -1):
        if earlier != turn:
            if log.roles[earlier] != "assistant" or not log.enumerations.get(earlier):
                continue
            seen += 1
            if seen > _LIST_TURNS:
                return None
            lists: Sequence[Enumeration] = log.features[earlier].enumeration_lists or ()
        else:
            lists = before
        text = log.features[earlier].text
        for listed in reversed(lists):
            if _fits(number, len(listed.items)) and not inline_series(text, listed.items):
                return earlier, listed
    return None


def _answers_choice(turn: int, log: TurnLog) -> bool:
    """Whether ``turn`` is the latest reply and answers a question asking to choose ("which
    sealant should I use?", "any alternatives?"): its series is the choice offered."""
    if any(log.roles[later] == "assistant" for later in range(turn + 1, len(log))):
        return False
    if turn == 0 or log.roles[turn - 1] != "user":
        return False
    asked = log.features[turn - 1].text[:_CHOICE_CHARS].casefold().split()
    return any(word.strip(_WORD_MARKS) in CHOICE_WORDS for word in asked)


def _asked(turn: int, log: TurnLog) -> tuple[str, ...]:
    """The words of the question a reply answers (the user turn before it)."""
    return log.features[turn - 1].terms if turn > 0 and log.roles[turn - 1] == "user" else ()


def _held(word: str, side: Sequence[str]) -> bool:
    return any(same_stem(word, said) for said in side)


def _after(ref: Reference, content: str) -> tuple[bool, list[str]]:
    """(whether a demonstrative follows the ordinal, the words naming a list): the noun of
    the ordinal ("the second approach") and the content words after it up to the clause's
    end ("of those tools", "you suggested to test them"), generic nouns aside."""
    noun = ref.surface.casefold().split()[-1].strip(_WORD_MARKS + "#")
    found = [noun] if noun not in ORDINALS and noun not in GENERIC_NOUNS and noun.isalpha() else []
    demonstrative = False
    tail = content[ref.end : ref.end + 16 * AFTER_WORDS]
    for k, raw in enumerate(tail.split()[:AFTER_WORDS]):
        word = raw.casefold().strip("\"'")
        head = word.rstrip(_STOP_CHARS)
        if head in DEMONSTRATIVES and k <= 1:
            demonstrative = True
        elif head.isalpha() and len(head) > 2 and head not in _NOT_NAMING:
            found.append(normalise_term(head))
        if head != word or raw in MENTION_DASHES or any(char in MENTION_STOPS for char in raw):
            break  # the clause ends here
    return demonstrative, found
