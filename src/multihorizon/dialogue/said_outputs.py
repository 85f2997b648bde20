"""Questions asking what "it" said, showed or printed are about a tool output (SPEC-028 §4.1
tool, §5.2 TOOL_REFERENCE; rule it-said-outputs; issue 15 item 1).

People ask for what an output says with no output noun and no tool name, only "it" as the
subject of an outcome verb: "what was the version it said it was on?", "which host did it say
timed out?", "the number it printed at the end, is that bytes?", "whats it saying is missing",
several turns after the output. ``tool_references`` adds a tool reference for an outcome verb
only when the turn's words name an output or the output is the newest since the user's last
turn; "it" names none, so such a question lost its reference once anything was said between.

``with_said_output`` adds the reference: to the output the question's words name (the newest
among equals, as rule tool-reference-match weighs them), else the newest output when it was
produced within the user's last ``_RECENT_USER_TURNS`` turns (an "it" that far back still
points at the output under discussion; older, it is more likely the subject's own). Not when
the verb's sentence names a document or a message ("it said in the docs to restart":
``text.said_words.said_in_source``), nor when the turn resolved to an item, a turn or a
request, nor for a statement ("it said 42, fixed it" reports).

Costs nothing for a turn with no outcome verb, no question or an empty buffer; otherwise one
pass over the buffer's entries, their words cached by ``tool_references``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..config import Config
from ..text.lexicon import FINDING_VERBS, Marker
from ..text.said_words import SAID_SUBJECTS, SAID_VERBS, WORD_EDGES, said_in_source
from ..tiers.scratch import ScratchBuffer, ScratchEntry
from .features import TurnFeatures
from .resolution import Resolution
from .tool_references import entry_words, output_reference
from .turnlog import TurnLog

__all__ = ["said_by_it", "with_said_output"]

_OUTCOME = int(Marker.TOOL_OUTCOME)
# How many of the user's latest turns the newest output may be older than and still be what
# "it" is (the question's own turn not counted).
_RECENT_USER_TURNS = 3
# Turns back the user's turns are looked for.
_USER_WINDOW = 60
# Name and argument words say which output far more surely than a word of its content.
_NAME_WEIGHT = 3


def with_said_output(
    resolution: Resolution,
    features: TurnFeatures,
    scratch: ScratchBuffer,
    log: TurnLog,
    config: Config,
) -> Resolution:
    """``resolution`` with a tool reference for a question asking what "it" said (see the
    module), when it has none."""
    if not (config.it_said_outputs and config.tool_reference_match and features.question):
        return resolution
    if len(scratch) == 0 or any(ref.type == "tool" for ref in resolution.references):
        return resolution
    if any(ref.type in ("ordinal", "turn", "action") for ref in resolution.resolved):
        return resolution  # "the second option, did it say ...": that item
    hit = said_by_it(features, finding=config.finding_outcomes)
    if hit is None:
        return resolution
    entries = list(scratch)
    index = _named(entries, frozenset(features.terms))
    if index < 0 and _recent(entries[-1], log):
        index = len(entries) - 1
    if index < 0:
        return resolution
    entry = entries[index]
    _, _, start, end = hit
    added = output_reference(features.text[start:end], start, end, entry)
    references = (*resolution.references, added)
    resolved = tuple(ref for ref in references if ref.target_turn is not None)
    return dataclasses.replace(resolution, references=references, resolved=resolved, has_tool=True)


def said_by_it(features: TurnFeatures, finding: bool = True) -> tuple[int, int, int, int] | None:
    """The first outcome verb of what an output says (``SAID_VERBS``: "said", "printed",
    "showing") whose subject is "it" ("did it say", "it printed", "whats it saying") in a
    sentence naming no document; else None. Without ``finding`` (rule finding-outcomes
    off) the verbs of what a tool found ("did it find") are none."""
    text = features.text
    for hit in features.hits:
        if hit[0] != _OUTCOME:
            continue
        start, end = hit[2], hit[3]
        phrase = text[start:end].casefold()
        verb = phrase.removeprefix("it ").split(None, 1)[:1]
        if not verb or verb[0] not in SAID_VERBS:
            continue  # "will it fail the smog test": what the thing does
        if not finding and phrase.removeprefix("it ") in FINDING_VERBS:
            continue
        before = text[max(0, start - 8) : start].split()[-1:]
        subject = phrase.startswith("it ") or (
            bool(before) and before[0].casefold().strip(WORD_EDGES) in SAID_SUBJECTS
        )
        if subject and not said_in_source(text, start, end):
            return hit
    return None


def _named(entries: Sequence[ScratchEntry], words: frozenset[str]) -> int:
    """The entry naming the most of ``words`` (name and argument words weigh more), the
    newest among equals; -1 when none names any."""
    best, top = -1, 0
    for index, entry in enumerate(entries):
        name, content = entry_words(entry)
        score = _NAME_WEIGHT * len(words & name) + len(words & content)
        if score > 0 and score >= top:
            best, top = index, score
    return best


def _recent(entry: ScratchEntry, log: TurnLog) -> bool:
    """Whether ``entry`` was produced after the ``_RECENT_USER_TURNS``-th latest user turn."""
    roles = log.roles
    seen = 0
    for turn in range(len(log) - 1, max(-1, len(log) - 1 - _USER_WINDOW), -1):
        if roles[turn] == "user":
            seen += 1
            if seen == _RECENT_USER_TURNS:
                return entry.turn_id >= turn
    return True
