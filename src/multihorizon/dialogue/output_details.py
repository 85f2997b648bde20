"""Questions about a detail a tool output holds (SPEC-028 §4.1 tool, §4.2; rules
output-details and earlier-outputs; issue 15 item 1).

People ask about what an output showed without naming it: "How many spots were left for the
26th?" after an availability check, "How many duplicates did flagstat count?", "in the first
inspect how long had sync_crm been running". After the tool-reference stage
(``tool_references.match_tool_references``), ``with_output_details``

- adds a tool reference for a question with no tool reference and none to a turn, an item or
  a request, to the output holding the most of its words, when that output holds a word no
  logged turn said (a detail only the output shows) or more of its words than any logged turn
  holds (rule output-details);
- moves a tool reference to an older output of the same tool when the question says it means
  an earlier one ("the first search", "the original audit", "before the fix") and that output
  holds as many of its words (rule earlier-outputs).

Rules detail-fragments, pronoun-details and rerun-details widen output-details' gates: a
fragment setting one run against another ("hrv first time"), a one-sentence pronoun question
for a value only an output shows ("How much organic matter did it find?"), and a question whose
words a reply said that sets one run against another ("what was the dew point the first week").

All find named references only (``resolution.named``, as rule output-holders' definite
references): the intent is left alone, so ``Session.classify``'s native settle stands.
Costs nothing for a turn that is not a question or an empty scratch buffer; otherwise one
pass over the buffer's entries (their words cached by ``tool_references``) and the entity
index's postings of the question's words.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from ..config import Config
from ..text.lexicon import Marker
from ..text.output_nouns import EARLIER_OUTPUT_WORDS, LATER_OUTPUT_WORDS, POLAR_OPENERS
from ..tiers.scratch import ScratchBuffer, ScratchEntry
from .compound_words import compound_parts
from .content_questions import content_holder
from .features import TurnFeatures
from .fresh_outputs import asks_reason
from .general_questions import asks_in_general
from .judged_questions import judges_world
from .output_values import output_value_forms
from .references import Reference
from .resolution import Resolution
from .summed_values import summed_value_output
from .summing_replies import asks_reasons, echoed_words, said_since
from .tool_references import entry_words, output_reference, tool_name_words
from .turnlog import TurnLog

__all__ = [
    "asks_detail",
    "exchange_over",
    "holds_number",
    "output_detail",
    "question_numbers",
    "whole_turn_reference",
    "with_fresh_targets",
    "with_output_details",
]

# Words an output must share with a question, beyond what any logged turn shares, when none of
# them is a detail only the output holds.
_MORE_HELD = 2
# The most words of a fragment that is not a question yet asks for a run's detail ("cadence
# first time round"; rule detail-fragments).
_FRAGMENT_WORDS = 5
_FRAGMENT_CHARS = 64


def with_output_details(
    resolution: Resolution,
    features: TurnFeatures,
    scratch: ScratchBuffer,
    log: TurnLog,
    config: Config,
) -> Resolution:
    """``resolution`` with a tool reference added to the output holding a question's detail
    (rule output-details) or moved to the earlier output it asks about (rule
    earlier-outputs); see the module."""
    if len(scratch) == 0 or not asks_detail(features, config):
        return resolution
    entries = list(scratch)
    if not any(ref.type == "tool" for ref in resolution.references) and judges_world(
        features, entries, config
    ):
        return resolution  # rule judged-world-questions: "which city has the best museums?"
    if not features.terms:  # rule typed-output-values alone: "when did that go in?"
        if any(ref.type == "tool" for ref in resolution.references):
            return resolution
        typed = summed_value_output(features, entries, log, config)
        if typed is None:
            return resolution
        return resolution.with_named(whole_turn_reference(features.text, typed))
    terms = frozenset(features.terms)
    if any(ref.type == "tool" for ref in resolution.references):
        when = _asks_when(features.text) if config.earlier_outputs else 0
        if when > 0 and config.later_outputs:  # "latest audit, anything critical left"
            moved = {id(ref): _newest(ref, entries) for ref in resolution.references}
        elif when < 0:
            moved = {id(ref): _earlier(ref, entries, terms) for ref in resolution.references}
        else:
            return resolution
        return resolution.with_changed(moved)
    added = output_detail(resolution, features, entries, log, config)
    if added is None:
        summed = summed_value_output(features, entries, log, config)
        if summed is None:
            return resolution
        added = whole_turn_reference(features.text, summed)  # rule summed-output-values
    return resolution.with_named(added)


def with_fresh_targets(
    resolution: Resolution,
    features: TurnFeatures,
    scratch: ScratchBuffer,
    log: TurnLog,
    config: Config,
) -> Resolution:
    """Rule fresh-output-targets: a turn logged right after tool outputs (those produced
    since the latest logged turn) means one of them, unless it asks for an earlier run
    ("before I adjusted it": ``_asks_when`` < 0). A tool reference to an older output moves
    to the fresh output holding the most of its words and numbers, the newest among equals
    ("Is customers:read in the scope list?" right after a token introspection), unless the
    older output a reference names holds more of them ("which flags did you mean?"). Counted
    first: 53 of the 54 hand-written turns right after an output with older outputs in the
    buffer mean a fresh one, the other asks for an earlier one ("What was the EC before I
    adjusted it?")."""
    if not config.fresh_output_targets or len(scratch) == 0 or len(log) == 0:
        return resolution
    if not any(ref.type == "tool" for ref in resolution.references):
        return resolution
    entries = list(scratch)
    fresh = [entry for entry in entries if entry.turn_id == len(log) - 1]
    if not fresh or len(fresh) == len(entries) or _asks_when(features.text) < 0:
        return resolution
    ids = {entry.entry_id for entry in fresh}
    terms, numbers = frozenset(features.terms), question_numbers(features.text)

    def held(entry: ScratchEntry) -> int:
        shown = entry.raw_output[:_CONTENT_CHARS]
        held = _held(entry, terms, forms=config.output_value_forms)
        return len(held) + sum(holds_number(shown, n) for n in numbers)

    best = max(reversed(fresh), key=held)  # the newest among equals
    most = held(best)
    by_id = {entry.entry_id: entry for entry in entries}

    def moved(ref: Reference) -> Reference:
        if ref.type != "tool" or ref.scratch_entry is None or ref.scratch_entry in ids:
            return ref
        chosen = by_id.get(ref.scratch_entry)
        if chosen is not None and held(chosen) > most:
            return ref  # "which flags did you mean?": only the older output holds them
        turn = best.turn_id if best.turn_id >= 0 else None
        return dataclasses.replace(ref, target_turn=turn, scratch_entry=best.entry_id)

    every = (*resolution.references, *resolution.resolved, *resolution.named)
    return resolution.with_changed({id(ref): moved(ref) for ref in every})


def output_detail(
    resolution: Resolution,
    features: TurnFeatures,
    entries: Sequence[ScratchEntry],
    log: TurnLog,
    config: Config,
    *,
    pronouns: bool = True,
) -> Reference | None:
    """The tool reference rule output-details adds to a question with no tool reference
    (``resolution`` holds none): to the output holding its detail, else None.
    ``pronouns=False``: not for a pronoun's question (rule pronoun-details off), as rule
    output-detail-intents asks (sgd's "What is their address?" stays DRILL_DOWN)."""
    if not config.output_details:
        return None
    if config.general_questions and asks_in_general(features.text):
        return None  # rule general-questions: "how long do inspections usually take?"
    said_ref = any(
        ref.type in ("ordinal", "turn", "action") and ref.target_turn is not None
        for ref in resolution.references
    )
    if said_ref and not _asks_rerun(features, config):
        return None  # "what you said", "the second one", "do it again": said turns
    numbers = question_numbers(features.text)
    pointing = not numbers and (features.anaphor or features.has(Marker.DEMONSTRATIVE))
    if features.request or (pointing and not (pronouns and _asks_pronoun_value(features, config))):
        # "What year did it come out?", "Is that place free?": about a thing said (the turn
        # that named it), though an output holds the field asked for; a number the output
        # shows ("that 84%") is its own. "Can you find one with parking?" asks for more.
        return None
    when = _asks_when(features.text) if config.earlier_outputs else 0
    terms, parts = frozenset(features.terms), config.compound_output_words
    forms = config.output_value_forms
    index = _detail_holder(
        entries,
        terms,
        numbers,
        log,
        when,
        own_only=pointing,
        parts=parts,
        forms=forms,
        replies=config.summing_reply_words and not when and not asks_reasons(features.text),
        days=config.weekday_forms,
    )
    points = features.anaphor or features.has(Marker.DEMONSTRATIVE)
    if index < 0 and config.output_content_words and not (points or when):
        index = content_holder(features, entries, log, forms=forms)  # rule output-content-words
    if index < 0:
        return None
    entry = entries[index]
    if said_ref and sum(other.tool_name == entry.tool_name for other in entries) < 2:
        return None
    if pointing and not exchange_over(entry.turn_id, log):
        return None  # "Where is it?" after a search's summing-up reply: the thing it offered
    added = whole_turn_reference(features.text, entry)
    if when > 0 and config.later_outputs:  # "In the rerun, was there an empty file error?"
        added = _newest(added, entries)
    return added


def whole_turn_reference(text: str, entry: ScratchEntry) -> Reference:
    """A tool reference to ``entry`` spanning the whole turn: what a rule that finds the
    output a turn asks about, with no phrase of the turn naming it, adds (a named one)."""
    end = len(text.rstrip())
    return output_reference(text[:end], 0, end, entry)


def _held(
    entry: ScratchEntry,
    terms: frozenset[str],
    parts: bool = False,
    forms: bool = False,
    days: bool = False,
) -> frozenset[str]:
    name, content = entry_words(entry)
    held = terms & (name | content)
    if forms:  # rule output-value-forms: "the 3rd" of "2026-11-03", "10pm" of "22:00"
        # Rule weekday-forms: "wednesday" of "2026-06-03", "morning" of "08:30".
        held |= terms & output_value_forms(entry, weekdays=days)
    return held | (terms & compound_parts(content)) if parts else held


def _detail_holder(
    entries: Sequence[ScratchEntry],
    terms: frozenset[str],
    numbers: Sequence[str],
    log: TurnLog,
    when: int,
    *,
    own_only: bool = False,
    parts: bool = False,
    forms: bool = False,
    replies: bool = False,
    days: bool = False,
) -> int:
    """The output a question's words are a detail of (rule output-details), else -1: the one
    holding the most words no logged turn said, then the most of its words (a number of the
    question it shows counts as both: "that 84%"); the newest among equals, the oldest when
    the question asks for an earlier one (``when`` < 0). Without a detail of its own, an
    output is the words' origin when it holds two of them (or a number) and no turn before
    it holds as many and none after it (a reply summing it up) more; or when the question
    names its tool ("the crawl" after ``site_crawl``) or sets one run against another ("now",
    "the first crawl": ``when`` != 0) and the tool ran more than once. ``replies`` (rule
    summing-reply-words): a word only an output's own summing-up replies said is unsaid for
    that output."""
    said = {term for term in terms if log.turns_mentioning(term)}
    # Numbers the recent turns show, per turn (rare: most questions hold no number).
    per_turn: Counter[int] = Counter()
    unsaid_numbers = set(numbers)
    if numbers:
        for turn in range(max(0, len(log) - _NUMBER_WINDOW), len(log)):
            shown = [n for n in numbers if holds_number(log.contents[turn], n)]
            per_turn[turn] += len(shown)
            unsaid_numbers.difference_update(shown)
    said_numbers = set(numbers) - unsaid_numbers
    best, top, best_held = -1, (0, 0), frozenset[str]()
    echoed = frozenset[str]()
    if replies and said:  # rule summing-reply-words: the words only outputs' replies said

        def holds(entry: ScratchEntry) -> frozenset[str]:
            return _held(entry, frozenset(said), parts, forms, days)

        echoed = echoed_words(said, entries, log, holds)
    for index, entry in enumerate(entries):
        shown = [n for n in numbers if holds_number(entry.raw_output[:_CONTENT_CHARS], n)]
        # Rule output-value-forms: "that 23:30 last train, is it on sundays too" holds a
        # number a turn said and the output does not show: its "sundays" is no "Sun" asked.
        held = _held(entry, terms, parts, forms and said_numbers.issubset(shown), days)
        # Not when the talk since moved on to the question's other words.
        own = said if said_since(terms - held, entry.turn_id, log) else said - echoed
        key = (len(held - own) + len(unsaid_numbers.intersection(shown)), len(held) + len(shown))
        if key[1] and (key > top or (key == top and when >= 0)):
            best, top, best_held = index, key, held
    if best < 0:
        return -1
    unsaid, count = top
    entry = entries[best]
    if unsaid:
        return best
    if own_only:
        return -1  # "What year did it come out?": a pronoun's question needs a detail of its own
    if count >= _MORE_HELD or count > len(best_held):  # two words, or a number it shows
        for term in said:  # each turn's said words, only now: postings run long
            per_turn.update(log.turns_mentioning(term))
        before = max((n for t, n in per_turn.items() if t <= entry.turn_id), default=0)
        after = max((n for t, n in per_turn.items() if t > entry.turn_id), default=0)
        if count > before and count >= after:
            return best
    named = tool_name_words(entry) & best_held
    if named and len(best_held) > len(named):
        return best
    reruns = sum(other.tool_name == entry.tool_name for other in entries)
    return best if when and reruns > 1 else -1


def _asks_pronoun_value(features: TurnFeatures, config: Config) -> bool:
    """Rule pronoun-details: a question with a pronoun that asks for a value ("What did it
    peak at today?", "trim size it was?"), in one sentence, not a yes/no question
    (``POLAR_OPENERS``: "Is the impeller a separate part, or do they come together?") nor one
    for a reason. A sentence before it ("Great. What type of music is it?") accepts what a
    reply offered and asks about that thing."""
    if not (config.pronoun_details and features.anaphor) or asks_reason(features.text):
        return False
    core = features.text.strip().rstrip(_ENDS)
    if any(mark in core for mark in _SENTENCE_ENDS):
        return False  # "Great. What type of music is it?": the thing the reply just offered
    first = features.text.lstrip()[:_OPENER_CHARS].split(maxsplit=1)[:1]
    return not first or first[0].casefold().strip(_EDGES) not in POLAR_OPENERS


def _asks_rerun(features: TurnFeatures, config: Config) -> bool:
    """Rule rerun-details: a question with a reference to a said turn that sets one run of a
    tool against another ("what was the dew point the first week", "the missing fixture ...
    in the first log?") may still ask for that run's detail (when the tool ran more than
    once), unless it asks for a reason or asks the assistant ("The days 2 to 7 thing you
    brought up, why skip the first day?")."""
    return (
        config.rerun_details and _asks_when(features.text) != 0 and not asks_reason(features.text)
    )


def exchange_over(turn_id: int, log: TurnLog) -> bool:
    """Whether two user turns were logged from ``turn_id``, the turn an output came after, on:
    the one it answered (or the first after it) and another since (the output's exchange is
    over; rules pronoun-details and output-detail-intents)."""
    users = 0
    for turn in range(max(turn_id, 0), len(log)):
        if log.roles[turn] == "user":
            users += 1
            if users >= 2:
                return True
    return False


def asks_detail(features: TurnFeatures, config: Config) -> bool:
    """Whether a turn may ask about an output's detail: a question, or (rule
    detail-fragments) a short fragment setting one run against another ("hrv first time",
    "and the flow now": ``_asks_when`` != 0) that is not a request."""
    if features.question:
        return True
    if not config.detail_fragments or features.request:
        return False
    text = features.text
    if len(text) > _FRAGMENT_CHARS or len(text.split()) > _FRAGMENT_WORDS:
        return False
    return _asks_when(text) != 0


def holds_number(text: str, number: str) -> bool:
    """Whether ``text`` holds ``number`` as a token (not inside a longer number)."""
    position = text.find(number)
    while position >= 0:
        end = position + len(number)
        left = text[position - 1] if position else " "
        right = text[end] if end < len(text) else " "
        if not (left.isalnum() or left == ".") and not (right.isdigit() or right == "."):
            return True
        position = text.find(number, position + 1)
    return False


def question_numbers(text: str) -> list[str]:
    """The numbers a question names ("84%", "147/92", "1.41", "404s"): a word holding a
    digit, its edges and a plural "s" trimmed, of at least two characters."""
    found = []
    for word in text.split()[:_MAX_WORDS]:
        word = word.strip(_EDGES)
        if word.endswith("s") and word[:-1].isdigit():
            word = word[:-1]
        if len(word) >= 2 and any(char.isdigit() for char in word):
            found.append(word)
    return found[:_MAX_NUMBERS]


# How many of the latest turns are read for a number a question names, the most numbers and
# the first words of a question read for them, the characters of an output read.
_NUMBER_WINDOW = 50
_MAX_NUMBERS = 4
_MAX_WORDS = 64
_CONTENT_CHARS = 1500
_OPENER_CHARS = 16
_ENDS = "?!. "
_SENTENCE_ENDS = ("?", ". ", "! ")
_EDGES = ",;:!?\"'()[]"


def _asks_earlier(text: str) -> bool:
    return _asks_when(text) < 0


def _asks_when(text: str) -> int:
    """-1 when a question means an earlier run of a tool ("the first crawl", "before I cut
    the salt"), 1 when it means the newest against an earlier one ("now", "the rerun"), else
    0 (``EARLIER_OUTPUT_WORDS``, ``LATER_OUTPUT_WORDS``)."""
    words = {word.strip(_EDGES).removesuffix("'s") for word in text.casefold().split()}
    if not EARLIER_OUTPUT_WORDS.isdisjoint(words):
        return -1
    return 1 if not LATER_OUTPUT_WORDS.isdisjoint(words) else 0


def _newest(ref: Reference, entries: Sequence[ScratchEntry]) -> Reference:
    """Rule later-outputs: a tool reference moved to the newest output of its entry's tool
    when the question says it means the newest run ("latest audit, anything critical
    left", "is it still there now?"), whichever output its words matched best."""
    if ref.type != "tool" or ref.scratch_entry is None:
        return ref
    chosen = next((e for e in entries if e.entry_id == ref.scratch_entry), None)
    if chosen is None:
        return ref
    newest = next(e for e in reversed(entries) if e.tool_name == chosen.tool_name)
    if newest.entry_id == chosen.entry_id:
        return ref
    return dataclasses.replace(
        ref,
        target_turn=newest.turn_id if newest.turn_id >= 0 else None,
        scratch_entry=newest.entry_id,
    )


def _earlier(ref: Reference, entries: Sequence[ScratchEntry], terms: frozenset[str]) -> Reference:
    """Rule earlier-outputs: a tool reference moved to the oldest output of its entry's tool
    that holds as many of the question's words ("the first search", "the original audit")."""
    if ref.type != "tool" or ref.scratch_entry is None:
        return ref
    chosen = next((e for e in entries if e.entry_id == ref.scratch_entry), None)
    if chosen is None:
        return ref
    wanted = len(_held(chosen, terms))
    for entry in entries:
        if entry.entry_id == chosen.entry_id:
            return ref
        if entry.tool_name == chosen.tool_name and len(_held(entry, terms)) >= wanted:
            return dataclasses.replace(
                ref,
                target_turn=entry.turn_id if entry.turn_id >= 0 else None,
                scratch_entry=entry.entry_id,
            )
    return ref
