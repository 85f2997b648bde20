"""Questions for a value of an output the reply summed up are about that output (SPEC-028
§4.1 tool, §4.2, §5.2 TOOL_REFERENCE; rule summed-output-values; issue 15 item 1).

After a tool output and the reply summing it up ("the deploy failed at the migration step"),
people ask for a value the output holds and the reply did not say, with no tool word and often
no demonstrative: "which region was it going out to?", "whats the firmware on it", "how many
bags in july", "which folder is the biggest one?". Rule output-detail-intents waits until the
output's exchange is over (the first question after a search's summing-up reply asks about
the thing it offered: sgd's "What is the phone number?"), and rule output-details does not
read a pronoun's question ("what memory is it getting") for a value of its own.

``summed_value_output`` finds the output such a question asks about: of a question that asks
for a value (not a yes/no question, not for a reason, advice or a norm, no request, nothing
asked of the assistant), the output

- holding a word of it that occurs once in the output (a single field's name or value, a
  table's column, a row's label: "camera" of "camera=ASI2600", "bags" of a pivot's header,
  "priya" of a calendar's rows) and that no turn since the output said (the reply left it
  out); a field every record of a result list repeats ("phone_number" of each restaurant
  found) names no one value;
- or holding a word of it when it asks across the output's rows (``AGGREGATE_WORDS``: "which
  day had the most bookings", "how many files in total"); an output holding a path holds the
  nouns of a listing's rows then (``LISTING_NOUNS``: "which folder is the biggest one?");
- or, not a JSON text (a search's records, one of which its reply offered: sgd's "how much
  is a ticket?"), holding a word of a question for an amount (``QUANTITY_WORDS`` after
  "how": "how many came from search that week?", "how big are the backups?"), a row of a
  table, a log or a listing, though the reply said it.

In the last two, a word names the output unless a turn of another thread said it since the
output: after a new topic ("20 min a day, anki or duolingo?"), "how many new cards a day?"
asks nothing of an image listing's "3 days ago".

An output's words here are its tokens (punctuation splits "storage_type" and "frames_ok"),
their compound parts and rule output-value-forms' spoken forms ("july" of "2026-07", "3rd",
"saturday" of "Sat"); a question's abbreviated day or month name counts as the full name
("sept"). Among outputs holding as many such words, the newest: a question after a newer run
means it when it holds the value.

The intent is TOOL_REFERENCE (``output_detail_intents``) and the output the turn's named tool
reference (``output_details.with_output_details``). Costs nothing for a turn that is not such a
question or a session without outputs; otherwise one pass over the buffer's entries, each
output's token counts read once (cached on its bounded prefix) and the entity index's postings
of the question's words.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Collection

import numpy as np
import numpy.typing as npt

from ..config import Config
from ..text.lexicon import Marker
from ..text.output_nouns import HOWTO_ASKERS, HOWTO_OPENERS, POLAR_OPENERS
from ..text.tokens import normalise_term
from ..text.value_forms import full_name
from ..text.value_questions import (
    AGGREGATE_WORDS,
    LISTING_NOUNS,
    MEANING_ENDS,
    NORM_WORDS,
    QUANTITY_WORDS,
    VALUE_LEADS,
)
from ..tiers.scratch import ScratchEntry
from .compound_words import compound_parts
from .features import TurnFeatures
from .fresh_outputs import asks_reason
from .json_records import record_keys
from .output_values import output_value_forms
from .reworded_values import reworded_unasked_output, reworded_value_output
from .tool_references import tool_name_words
from .turnlog import TurnLog
from .typed_values import typed_value_output
from .world_questions import asks_advice

__all__ = ["output_counts", "replied_outputs", "summed_value_output"]

# Characters of an output read (as rule output-details reads its words), the first words of a
# question read for its opener and its lead words, the longest question read.
_CONTENT_CHARS = 1500
_OPENER_WORDS = 3
_MAX_WORDS = 64
_MAX_CHARS = 600
_EDGES = ",;:!?\"'()[]."


def summed_value_output(
    features: TurnFeatures, scratch: Collection[ScratchEntry], log: TurnLog, config: Config
) -> ScratchEntry | None:
    """The output a question asks a value of (rule summed-output-values; see the module),
    else None."""
    if not (config.summed_output_values and features.question):
        return None
    if len(scratch) == 0:
        return None
    if not _asks_value(features, scratch):
        return reworded_unasked_output(features, scratch, log, config)
    held = _held_value_output(features, scratch, log, config) if features.terms else None
    if held is None:
        # rule typed-output-values: "who kicked it off?", "which port did it try?"
        held = typed_value_output(features.text, scratch, log, config)
    if held is None:
        # rule reworded-output-values: "how quick was it?", "under which account?"
        return reworded_value_output(features.text, scratch, log, config)
    return held


def _held_value_output(
    features: TurnFeatures, scratch: Collection[ScratchEntry], log: TurnLog, config: Config
) -> ScratchEntry | None:
    """The output holding a word of a question for a value (see the module), else None."""
    terms = _question_terms(features.terms)
    words = {word.strip(_EDGES) for word in features.text.casefold().split()[:_MAX_WORDS]}
    across = not AGGREGATE_WORDS.isdisjoint(words)
    asks_when = "when" in words
    listed = features.text.casefold().split()[:_MAX_WORDS]
    amount = any(
        word.strip(_EDGES) == "how" and after.strip(_EDGES) in QUANTITY_WORDS
        for word, after in itertools.pairwise(listed)
    )
    best: ScratchEntry | None = None
    top = (0, 0)
    unsaid = frozenset(term for term in terms if not log.turns_mentioning(term))
    threads = log.thread_index
    for entry in scratch:
        if entry.turn_id >= len(log) - 1:
            continue  # no reply yet: rules fresh-output-questions and -replies read it
        content = entry.raw_output[:_CONTENT_CHARS]
        counts = output_counts(content)
        held = terms & counts.keys()
        if config.compound_output_words:  # "windows" of "windows-latest"
            held |= terms & _parts(content)
        if config.output_value_forms:
            held |= terms & output_value_forms(entry)
        if across and "/" in content:
            held |= terms & LISTING_NOUNS  # "which folder is the biggest one?" of a du listing
        held -= tool_name_words(entry)  # "the crawl" of site_crawl: the tool, not a value
        if not held or (asks_when and not output_value_forms(entry)):
            continue  # "when is it paid?" of an output showing no date or time
        single = sum(counts.get(term, 1) == 1 for term in held & unsaid)
        key = (single, len(held))
        # "how many came from search?", "how big are the backups?": a row of a table, a log
        # or a listing; a JSON text's records are what its reply offers one of.
        rows = amount and not entry.raw_output.lstrip().startswith(("{", "["))
        # Any word of it names the output unless a turn of another thread since said it: after
        # a new topic, "how many new cards a day?" of the deck's "20 min a day" is not a value
        # of "3 days ago"; "how much off peak in the first week?" still is.
        named = not held.issubset(_said_elsewhere(held, entry.turn_id, log, threads))
        if (single or ((across or rows) and named)) and key >= top:
            best, top = entry, key  # the newest among equals
    return best


def _said_elsewhere(
    words: Collection[str], since: int, log: TurnLog, threads: npt.NDArray[np.int32]
) -> set[str]:
    """The ``words`` a turn after ``since`` said in a thread other than ``since``'s."""
    thread = threads[since]
    return {
        word
        for word in words
        if any(turn > since and threads[turn] != thread for turn in log.turns_mentioning(word))
    }


def replied_outputs(entries: Collection[ScratchEntry], log: TurnLog, config: Config) -> bool:
    """Whether a question now may ask a value of an output a reply summed up (rule
    summed-output-values; ``Session``'s view: the native settle cannot read the buffer, so a
    question then takes the whole way): a turn was logged after the one some output came
    after."""
    if not config.summed_output_values:
        return False
    oldest = min((entry.turn_id for entry in entries), default=None)
    return oldest is not None and oldest < len(log) - 1


def _asks_value(features: TurnFeatures, scratch: Collection[ScratchEntry]) -> bool:
    """Whether a question asks for a value: no request nor continue marker ("more"), no
    reason, advice or norm asked (``asks_reason``: "why", "should", "can", "you"; rule
    advice-questions' openers; ``NORM_WORDS``), not longer than a question for one value;
    neither its opening nor the clause after its last comma a yes/no question ("that 23:30
    last train, is it on sundays too") or a how-to one ("the EORI number, where we get it?");
    not asking what a thing does or means (``MEANING_ENDS``: "what does it do?")."""
    text = features.text
    if features.request or features.has(Marker.CONTINUE) or len(text) > _MAX_CHARS:
        return False  # "More choices? Anything in Pop music?" asks for more results
    if asks_reason(text):
        return False
    words = [word.strip(_EDGES) for word in text.casefold().split()[:_MAX_WORDS]]
    if not words or words[-1] in MEANING_ENDS or not NORM_WORDS.isdisjoint(words):
        return False
    last = text.rsplit(",", 1)[-1].casefold().split()[:_OPENER_WORDS]
    for opening in (words[:_OPENER_WORDS], [word.strip(_EDGES) for word in last]):
        opener = next((n for n, word in enumerate(opening) if word not in VALUE_LEADS), None)
        if opener is None:
            continue
        if opening[opener] in POLAR_OPENERS:
            return False
        if opening[opener] in HOWTO_OPENERS and not HOWTO_ASKERS.isdisjoint(opening[opener:]):
            return False  # "where we get it?", "how i fix it"
    return not asks_advice(features, scratch)


def _question_terms(terms: Collection[str]) -> frozenset[str]:
    """A question's terms with the full name of an abbreviated day or month ("sept")."""
    found = set(terms)
    for term in terms:
        name = full_name(term)
        if name is not None:
            found.add(name)
    return frozenset(found)


# Punctuation that joins an output's words ("frames_ok=57", '"room":', "photos/1950s"): read
# as spaces, so each part is a word of its own (``_count`` splits snake_case names).
_SPLITTERS = str.maketrans({char: " " for char in "=:;,|\"'()[]{}<>#*`~+\\/\t"})


@functools.lru_cache(maxsize=512)
def output_counts(content: str) -> Counter[str]:
    """How often each normalised word occurs in an output's bounded prefix (one pass of
    ``str.split``); a word of a JSON key inside a list (a field every record of a result
    list has: "phone_number", "genre") counts as repeated, though one record shows it."""
    counts: Counter[str] = Counter()
    for token in content.casefold().translate(_SPLITTERS).split():
        _count(token, counts)
    for key in record_keys(content):
        for token in key.casefold().translate(_SPLITTERS).split():
            _count(token, counts)
    return counts


@functools.lru_cache(maxsize=512)
def _parts(content: str) -> frozenset[str]:
    """The compound parts of an output's words (rule compound-output-words), read once."""
    return compound_parts(frozenset(output_counts(content)))


def _count(token: str, counts: Counter[str]) -> None:
    """Count a token's words: the parts of a snake_case name ("storage_type"), the whole of
    one with a number among its parts ("music_3", "0042_add_pet_size" name one thing)."""
    parts = token.split("_")
    if len(parts) > 1 and any(part.isdigit() for part in parts):
        parts = [token]
    for part in parts:
        part = part.strip(".-!?")
        if part:
            counts[normalise_term(part)] += 1
