"""A question's rare token names the output holding it (SPEC-028 §4.1 tool, §4.2; rule
rare-output-tokens; issue 15 item 1).

People ask for a value only one earlier output shows by a token of that output: an
identifier ("KSV020 which deployment", "Kh8 was in which line", "R. Ostrowska, how much does
she share with me?"), a date or number ("How many spots were left for the 26th?", "move 14
analysis, line 3?") or a word no turn said ("How often did the sessions cleanup run in that
digest?"). §4.2 resolves to the newest output; the rules that read the turn's words against
every output (``tool_references``, ``output_details``) weigh every shared word alike, and a
word several outputs hold outweighs the one only the asked output holds.

``with_rare_tokens`` reads the turn's tokens against each output's token index (built once per
output, cached; a JSON key is left out: it names a field every such output may have): a token of
the turn that exactly one output holds, and that no logged turn said, names that output. The
output naming the most such tokens, when it is the only one, becomes the turn's tool reference:
an existing tool reference moves to it unless its output holds as many of the turn's tokens
("the worst response time in the k6 summary"), or a named one is added (the intent is left
alone, as rule output-details' references). Only for a question or a fragment of at most five
words that is no request nor asks for a reason or advice (``asks_reason``), has no reference to
a said turn and sets no run against another ("first", "before", "now": rules earlier-outputs,
later-outputs and named-runs read those).

Costs nothing with fewer than two outputs; otherwise one pass over the turn's tokens per
output (64 at most by default), each output's tokens read once.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from ..config import Config
from ..text.output_nouns import EARLIER_OUTPUT_WORDS, LATER_OUTPUT_WORDS
from ..text.tokens import STOPWORDS, normalise_term
from ..tiers.scratch import ScratchBuffer, ScratchEntry
from .entry_texts import JSON_KEY
from .features import TurnFeatures
from .fresh_outputs import asks_reason
from .output_details import whole_turn_reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = ["output_tokens", "rare_holder", "with_rare_tokens"]

# Runs of letters and digits (a character class, one pass: no backtracking), and within one
# the letter and digit runs ("python3.11" holds python; "IMG_4412" holds 4412).
_RUNS = re.compile(r"[a-z0-9]+")
_PARTS = re.compile(r"[a-z]+|[0-9]+")
# How much of an output its token index reads (outputs lead with what matters).
_OUTPUT_CHARS = 4000
# How much of a turn is read for its tokens.
_TURN_CHARS = 600
# How many of the latest turns are read for a number the turn names.
_NUMBER_WINDOW = 50
# A fragment that is no question asks for a value when it is this short ("large after",
# "KSV020 which deployment").
_FRAGMENT_WORDS = 5
_ORDINAL_ENDINGS = ("st", "nd", "rd", "th")
_WHEN_WORDS = EARLIER_OUTPUT_WORDS | LATER_OUTPUT_WORDS
# An output's identity (its scratch id, tool, arguments, and its text's length and hash) -> its
# tokens. Keyed by value, not by the entry, so that a closed session's outputs are not kept
# alive (a str caches its hash: one pass per output). Bounded: cleared when it outgrows this.
_CACHE: dict[tuple[str, str, str, int, int], frozenset[str]] = {}
_CACHE_SIZE = 4096
_NUMBERS_KEY = object()  # the ``TurnFeatures.once`` key: a turn's numbers need no Config


def output_tokens(entry: ScratchEntry) -> frozenset[str]:
    """The tokens of an output, its tool's name and its arguments (lower case): each run of
    letters and digits and the letter and digit runs inside it; cached per output."""
    args = " ".join(f"{key} {value}" for key, value in entry.tool_call_args.items())
    raw = entry.raw_output
    key = (entry.scratch_id, entry.tool_name, args, len(raw), hash(raw))
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    # A JSON key names a field, not a value: "What genre?" after a song search asks the genre
    # of the song a reply offered (sgd's gold is that reply), not the search.
    output = JSON_KEY.sub(" ", raw[:_OUTPUT_CHARS])
    text = f"{entry.tool_name} {args} {output}".lower()
    tokens: set[str] = set()
    for run in _RUNS.findall(text):
        tokens.add(run)
        if not (run.isalpha() or run.isdigit()):
            tokens.update(_PARTS.findall(run))
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    found = frozenset(tokens)
    _CACHE[key] = found
    return found


def _turn_tokens(text: str) -> list[str]:
    """The turn's tokens that may name one output: runs of letters of three or more that are
    no stopwords, numbers of two digits or more ("the 26th" is 26), identifiers; of its first
    ``_TURN_CHARS`` characters (a question for a value is short)."""
    tokens: dict[str, None] = {}
    for run in _RUNS.findall(text[:_TURN_CHARS].lower()):
        if run.endswith(_ORDINAL_ENDINGS) and run[:-2].isdigit():
            run = run[:-2]
        if run.isdigit():
            keep = len(run) >= 2
        elif run.isalpha():
            keep = len(run) >= 3 and run not in STOPWORDS
        else:
            keep = True
        if keep:
            tokens[run] = None
    return list(tokens)


def rare_holder(tokens: Sequence[str], entries: Sequence[ScratchEntry], log: TurnLog) -> int:
    """The index of the one entry holding the most of ``tokens`` no other entry holds and no
    logged turn said, else -1."""
    counts = [0] * len(entries)
    indexes = [output_tokens(entry) for entry in entries]
    for token in tokens:
        holders = [i for i, held in enumerate(indexes) if token in held]
        if len(holders) != 1:
            continue
        if _said(token, log):
            continue  # the turn may mean the turn that said it
        counts[holders[0]] += 1
    most = max(counts, default=0)
    if most == 0 or counts.count(most) > 1:
        return -1
    return counts.index(most)


def _held_counts(tokens: Sequence[str], entries: Sequence[ScratchEntry]) -> list[int]:
    """How many of ``tokens`` each entry holds."""
    return [sum(token in output_tokens(entry) for token in tokens) for entry in entries]


def _said(token: str, log: TurnLog) -> bool:
    """Whether a logged turn said ``token``: the entity index for a word, the latest turns'
    numbers for a number (the index holds no bare number)."""
    if not token.isdigit():
        return bool(log.turns_mentioning(normalise_term(token)))
    first = max(0, len(log) - _NUMBER_WINDOW)
    return any(token in _whole_numbers(log.features[turn]) for turn in range(first, len(log)))


def _whole_numbers(features: TurnFeatures) -> frozenset[str]:
    """The numbers a turn holds whole, read once per turn (a question with several numbers
    over 50 long replies read each reply's text once per number before)."""
    return features.once("whole_numbers", _NUMBERS_KEY, lambda: whole_numbers(features.text))


def whole_numbers(text: str) -> frozenset[str]:
    """Every number ``output_details.holds_number`` finds in ``text``, in one pass: each
    maximal run of digits not led by a letter, a digit or a point and not followed by a point
    ("15" in "22:15" and "15th", not in "150", "a15" or "1.5")."""
    found: set[str] = set()
    start = -1
    for position, char in enumerate(text):
        if char.isdigit():
            if start < 0:
                start = position
            continue
        if start >= 0:
            _keep_run(text, start, position, found)
            start = -1
    if start >= 0:
        _keep_run(text, start, len(text), found)
    return frozenset(found)


def _keep_run(text: str, start: int, end: int, found: set[str]) -> None:
    left = text[start - 1] if start else " "
    right = text[end] if end < len(text) else " "
    if not (left.isalnum() or left == ".") and right != ".":
        found.add(text[start:end])


def with_rare_tokens(
    resolution: Resolution,
    features: TurnFeatures,
    scratch: ScratchBuffer,
    log: TurnLog,
    config: Config,
) -> Resolution:
    """``resolution`` with its tool reference on the output a rare token of the turn names
    (rule rare-output-tokens; see the module)."""
    if not config.rare_output_tokens or len(scratch) < 2 or features.request:
        return resolution
    text = features.text
    if asks_reason(text):
        return resolution  # "why does apple use -16", "where do I get the profile": advice
    if not features.question and len(text.split()) > _FRAGMENT_WORDS:
        return resolution
    if any(
        ref.type != "tool" and ref.scratch_entry is None and ref.target_turn is not None
        for ref in resolution.references
    ):
        return resolution  # "what you said about the pre_task": a said turn
    tokens = _turn_tokens(text)
    if not tokens or not _WHEN_WORDS.isdisjoint(tokens):
        return resolution
    entries = list(scratch)
    index = rare_holder(tokens, entries, log)
    if index < 0:
        return resolution
    entry = entries[index]
    turn = entry.turn_id if entry.turn_id >= 0 else None
    every = (*resolution.references, *resolution.resolved, *resolution.named)
    tools = [ref for ref in every if ref.type == "tool"]
    if tools:
        held = _held_counts(tokens, entries)
        ids = [other.entry_id for other in entries]
        moved = {
            id(ref): dataclasses.replace(ref, target_turn=turn, scratch_entry=entry.entry_id)
            for ref in tools
            if ref.scratch_entry != entry.entry_id
            # "the worst response time in the k6 summary": the output named by more words
            and (ref.scratch_entry not in ids or held[ids.index(ref.scratch_entry)] < held[index])
        }
        return resolution.with_changed(moved) if moved else resolution
    return resolution.with_named(whole_turn_reference(text, entry))
