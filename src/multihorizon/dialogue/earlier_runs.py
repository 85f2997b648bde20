"""Turns that name one run of a tool among several (SPEC-028 §4.1 tool, §4.2, §5.2
TOOL_REFERENCE; rule named-runs; issue 15 item 1).

When a tool ran more than once, people pick one of its outputs by its place among the runs or
by the argument that set it apart, several turns and other outputs later: "going back to the
first run, which file was it going to delete", "in the first inspect how long had sync_crm
been running", "hrv first time", "the original match list", "in query 2, how many times did I
pay at the kiosk?", "move 14 analysis, line 3?". ``named_run`` finds that output:

- a run selector (``RUN_SELECTORS``: "first", "second", "original", "previous") opening, at
  most two words before it, a run noun (``RUN_NOUNS``: "run", "time", "scan", "listing",
  "query", ...) or a word of the tool's own name ("the first inspect" after
  ``celery_inspect``), not a noun placing a line inside one output ("the first two rows", "the
  last line": ``RUN_POSITION_NOUNS``) nor a selector a person or verb opens ("I first check");
- or a number of the turn that is the argument value of exactly one run of a tool, where its
  other runs had another value for that argument ("query 2" for ``{"id": 2}``, "move 14").

The tool is the one that ran more than once (the one whose outputs hold the most of the turn's
words when several did, the newest among equals); a selector counts its runs in order, "the
previous"/"the earlier" the one before its newest. Not for a request, a question to the
assistant (a second-person word: "the estrid option you gave first"), nor a statement longer
than a fragment ("ran it a second time, same result" reports a run).

``with_named_run`` points the turn's tool references at that output (adding one when there is
none), ``asks_named_run`` makes the turn TOOL_REFERENCE (``output_detail_intents`` asks it).
Costs nothing for a turn with neither a selector nor a digit, or fewer than two outputs; else
one pass over the buffer's entries (their words cached by ``tool_references``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from ..config import Config
from ..text.output_nouns import (
    RUN_NOUNS,
    RUN_POSITION_NOUNS,
    RUN_SELECTORS,
    RUN_SUBJECTS,
    SECOND_PERSON_WORDS,
)
from ..text.run_status import BUILD_RUN_NOUNS
from ..text.tokens import STOPWORDS, normalise_term
from ..text.turn_text import CLAUSE_ENDS
from ..tiers.scratch import ScratchBuffer, ScratchEntry
from .features import TurnFeatures
from .output_details import whole_turn_reference
from .references import Reference
from .resolution import Resolution
from .status_runs import may_name_status, status_at, status_run
from .tool_references import entry_words, tool_name_words
from .turnlog import TurnLog

__all__ = ["asks_named_run", "named_run", "with_named_run"]

# The most words of a turn that asks nothing and still names a run's detail ("hrv first
# time", "worst note first scan"), and the first words read for a selector.
_FRAGMENT_WORDS = 6
_MAX_WORDS = 64
# Words between a selector and its noun: "the first dry run", "the original match list".
_NOUN_GAP = 2
_EDGES = ",;:!?\"'()[]."


def named_run(features: TurnFeatures, entries: Sequence[ScratchEntry], config: Config) -> int:
    """The index in ``entries`` of the run a turn names (see the module), else -1."""
    if not config.named_runs or len(entries) < 2:
        return -1
    text = features.text
    raw = text.split()[:_MAX_WORDS]
    words = [word.casefold().strip(_EDGES).removesuffix("'s") for word in raw]
    if not SECOND_PERSON_WORDS.isdisjoint(words) or features.request:
        return -1
    if not (features.question or len(raw) <= _FRAGMENT_WORDS or _asks_inside(text, words)):
        return -1  # "ran it a second time, same result": reports a run
    if config.status_runs:
        by_status = status_run(raw, words, entries)  # rule status-runs: "the last good run"
        if by_status >= 0:
            return by_status
    if not _may_name(words):
        return -1
    tools = _by_tool(entries)
    runs = {name: found for name, found in tools.items() if len(found) > 1}
    by_argument = _by_argument(words, entries, runs)
    if by_argument >= 0:
        return by_argument
    runs = runs or {"": list(range(len(entries)))}  # one run each: all of them in order
    for place, word in enumerate(words):
        selector = RUN_SELECTORS.get(word)
        if selector is None or (place and words[place - 1] in RUN_SUBJECTS):
            continue
        noun = _run_noun(raw, words, place, entries, tools, config.status_runs)
        if noun is None:
            continue
        term = normalise_term(noun)
        named = [name for name in tools if _names(term, entries, tools[name])]
        # "the first listing" after one list_timers call and two journalctl runs: that call.
        chosen = tools[named[0]] if len(named) == 1 else runs[_tool_of(term, words, entries, runs)]
        at = selector if selector >= 0 else len(chosen) + selector
        if 0 <= at < len(chosen):
            return chosen[at]
    return -1


def _may_name(words: list[str]) -> bool:
    """Whether a turn's words hold a run selector or a number (what names a run)."""
    return any(word in RUN_SELECTORS or word.isdigit() for word in words)


def _may_name_any(text: str, config: Config) -> bool:
    """``_may_name_text``, or (rule status-runs) a status word in the turn's opening."""
    return _may_name_text(text) or (config.status_runs and may_name_status(text))


def _may_name_text(text: str) -> bool:
    """A superset of ``_may_name`` over a turn's opening characters, at C speed: a digit, or
    a selector among its words with punctuation read as spaces."""
    head = text[:_HEAD_CHARS]
    if any(digit in head for digit in _DIGITS):
        return True
    return not _SELECTORS.isdisjoint(head.casefold().translate(_PUNCTUATION).split())


# The characters of a turn a selector or a number is looked for in (64 words' worth).
_HEAD_CHARS = 1024
_DIGITS = "0123456789"
_SELECTORS = frozenset(RUN_SELECTORS)
_PUNCTUATION = str.maketrans(dict.fromkeys(_EDGES + "'", " "))


def _asks_inside(text: str, words: list[str]) -> bool:
    """Whether a turn with no question cue asks past its opening ("in the first inspect how
    long had sync_crm been running"): a wh-word inside it, not ending as a statement does."""
    return not text.rstrip().endswith((".", "!")) and not _WH_WORDS.isdisjoint(words[1:])


# Wh-words that ask inside a turn that opens otherwise (a closed class).
_WH_WORDS = frozenset(("what", "which", "how", "when", "where", "who"))


def _by_tool(entries: Sequence[ScratchEntry]) -> dict[str, list[int]]:
    """Each tool's runs: name -> its entries' indexes, oldest first."""
    runs: dict[str, list[int]] = {}
    for index, entry in enumerate(entries):
        runs.setdefault(entry.tool_name, []).append(index)
    return runs


def _run_noun(
    raw: list[str],
    words: list[str],
    place: int,
    entries: Sequence[ScratchEntry],
    runs: dict[str, list[int]],
    builds: bool = False,
) -> str | None:
    """The run noun a selector at ``place`` opens, in its clause, else None. ``builds``
    (rule status-runs): a CI's run nouns too ("the second build", ``BUILD_RUN_NOUNS``)."""
    for ahead in range(place + 1, min(place + 2 + _NOUN_GAP, len(words))):
        if raw[ahead - 1][-1:] in CLAUSE_ENDS:
            return None  # "first, what was the total": the clause ends at the selector
        word = words[ahead]
        if word in RUN_POSITION_NOUNS:
            return None  # "the first two rows", "the last line": a place inside an output
        if (
            word in RUN_NOUNS
            or (builds and word in BUILD_RUN_NOUNS)
            or any(_names(normalise_term(word), entries, runs[name]) for name in runs)
        ):
            return word
        if word in STOPWORDS and not word.isdigit():
            return None
    return None


def _tool_of(
    term: str, words: list[str], entries: Sequence[ScratchEntry], runs: dict[str, list[int]]
) -> str:
    """The rerun tool a noun's ``term`` names by its name, else whose outputs hold most of
    ``words`` (when no tool ran twice, "": every output in order)."""
    named = [name for name in runs if _names(term, entries, runs[name])]
    if len(named) == 1:
        return named[0]
    terms = {normalise_term(word) for word in words if word and word not in STOPWORDS}

    def held(name: str) -> tuple[int, int]:
        count = 0
        for index in runs[name]:
            title, content = entry_words(entries[index])
            count += len(terms & (title | content))
        return count, runs[name][-1]

    return max(named or runs, key=held)


def _names(term: str, entries: Sequence[ScratchEntry], indexes: list[int]) -> bool:
    """Whether ``term`` is a word of the name of a tool that gave one of ``indexes``, or
    that word with an ending ("listing" for ``list_timers``)."""
    for index in indexes:
        for word in tool_name_words(entries[index]):
            if term == word or (
                len(word) >= _STEM_CHARS
                and term.startswith(word)
                and len(term) - len(word) <= _ENDING_CHARS
            ):
                return True
    return False


# A tool name's word read with an ending: at least four letters, an ending of three at most.
_STEM_CHARS = 4
_ENDING_CHARS = 3


def _by_argument(
    words: list[str], entries: Sequence[ScratchEntry], runs: dict[str, list[int]]
) -> int:
    """The run whose argument a number of the turn is, when that argument told the tool's
    runs apart ("query 2" for ``{"id": 2}``); else -1."""
    numbers = [word for word in words if word.isdigit()]
    if not numbers:
        return -1
    for name, indexes in runs.items():
        if not name:
            continue  # one run per tool: no argument tells its runs apart
        for key in entries[indexes[0]].tool_call_args:
            values = [_argument(entries[index], key) for index in indexes]
            if None in values or len(set(values)) < len(values):
                continue  # the runs share the argument's value: it names none of them
            for number in numbers:
                if number in values:
                    return indexes[values.index(number)]
    return -1


def _argument(entry: ScratchEntry, key: str) -> str | None:
    value = entry.tool_call_args.get(key)
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None
    return str(value).strip()


def asks_named_run(
    features: TurnFeatures, scratch: Collection[ScratchEntry], log: TurnLog, config: Config
) -> bool:
    """Rule named-runs: whether a turn names one run of a tool among several (TOOL_REFERENCE,
    §5.2 ``r.type == "tool"``), once the exchange that run came in is over."""
    if not config.named_runs or len(scratch) < 2 or not _may_name_any(features.text, config):
        return False
    entries = list(scratch)
    index = named_run(features, entries, config)
    return index >= 0 and entries[index].turn_id < len(log) - 1


def with_named_run(
    resolution: Resolution,
    features: TurnFeatures,
    scratch: ScratchBuffer,
    log: TurnLog,
    config: Config,
) -> Resolution:
    """``resolution`` with its tool references pointed at the run the turn names (rule
    named-runs), or one added to it (a named reference, as rule output-details' are)."""
    if not config.named_runs or len(scratch) < 2 or not _may_name_any(features.text, config):
        return resolution
    entries = list(scratch)
    index = named_run(features, entries, config)
    if index < 0:
        return resolution
    entry = entries[index]
    turn = entry.turn_id if entry.turn_id >= 0 else None
    if config.status_runs:
        resolution = _without_status_phrase(resolution, features.text)
    every = (*resolution.references, *resolution.resolved, *resolution.named)
    if any(ref.type == "tool" for ref in every):
        moved = {
            id(ref): dataclasses.replace(ref, target_turn=turn, scratch_entry=entry.entry_id)
            for ref in every
            if ref.type == "tool"
        }
        return resolution.with_changed(moved)
    return resolution.with_named(whole_turn_reference(features.text, entry))


def _without_status_phrase(resolution: Resolution, text: str) -> Resolution:
    """Rule status-runs: ``resolution`` without the ordinal, turn or entity reference of the
    phrase that picked a run by its status ("the last" of "the last good run", "the failed
    one"): that phrase names the run, not a list's item, a said turn or a thing."""
    at = status_at(text)
    if at < 0:
        return resolution

    def kept(ref: Reference) -> bool:
        return ref.type == "tool" or not ref.start <= at <= ref.end + 1

    if all(kept(ref) for ref in resolution.references):
        return resolution
    resolved = tuple(ref for ref in resolution.resolved if kept(ref))
    return dataclasses.replace(
        resolution,
        references=tuple(ref for ref in resolution.references if kept(ref)),
        resolved=resolved,
        named=tuple(ref for ref in resolution.named if kept(ref)),
        prior=sum(1 for ref in resolved if ref.type != "tool"),
    )
