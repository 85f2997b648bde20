"""Turns that pick a tool run by how it ended (SPEC-028 §4.1 tool, §4.2, §5.2 TOOL_REFERENCE;
rule status-runs; issue 15 item 1).

"how many jobs did it retry in the last good run?", "and in the failed one, how long did the
android build take?": a status word (``text.run_status``: "good", "passing", "failed") naming
a run ("run", "build", "one", a word of the tool's name), after a determiner ("the", "last"),
means the output of the run that ended so, not an item of a list ("the last" is no ordinal
there) nor the newest output. ``status_run`` finds it among the outputs: the newest one whose
own status (its first status token: "Build #412 FAILED", "X ios-build", "ok lint") matches,
the one a selector before it counts ("the first red build", "the second failed run": rule
named-runs' ``RUN_SELECTORS``). Only when two outputs or more show a status and they differ
(one output, or all of one status, names nothing by it).

``earlier_runs.named_run`` asks it first, so rule named-runs' gates hold (a question or a
fragment, no request, no second-person word) and its callers point the turn's tool
references at that output and make it TOOL_REFERENCE. Costs nothing for a turn holding no
status word in its opening words; else one pass over the buffer's entries, each reading a
bounded prefix of its output (cached).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..text.output_nouns import RUN_NOUNS, RUN_SELECTORS
from ..text.run_status import (
    FAILED_WORDS,
    RUN_STATUS_NOUNS,
    STATUS_DETERMINERS,
    STATUS_SHOWN_FAILED,
    STATUS_SHOWN_SUCCEEDED,
    SUCCEEDED_WORDS,
)
from ..text.tokens import normalise_term
from ..tiers.scratch import ScratchEntry
from .tool_references import tool_name_words

__all__ = ["may_name_status", "status_at", "status_run"]

# The words of a turn read, the characters of its opening read at C speed, the characters
# of an output read for its status, and the words between a status word and its noun.
_MAX_WORDS = 64
_HEAD_CHARS = 1024
_STATUS_CHARS = 400
_NOUN_GAP = 1
_EDGES = ",;:!?\"'()[]."
_STATUS_WORDS = SUCCEEDED_WORDS | FAILED_WORDS
_PUNCTUATION = str.maketrans(dict.fromkeys(_EDGES, " "))


def may_name_status(text: str) -> bool:
    """Whether a turn's opening holds a status word (a superset of ``status_run``'s gate)."""
    head = text[:_HEAD_CHARS].casefold().translate(_PUNCTUATION).split()
    return not _STATUS_WORDS.isdisjoint(head)


def status_run(raw: Sequence[str], words: Sequence[str], entries: Sequence[ScratchEntry]) -> int:
    """The index in ``entries`` of the run a turn picks by its status (see the module), else
    -1. ``raw``: the turn's words; ``words``: them casefolded, edges trimmed."""
    for place, word in enumerate(words[:_MAX_WORDS]):
        if word not in _STATUS_WORDS or not place or words[place - 1] not in STATUS_DETERMINERS:
            continue
        if raw[place][-1:] in _EDGES:
            continue  # "is the build good?": the status ends its clause, no noun follows
        if not _names_run(words, place, entries):
            continue
        wanted = word in SUCCEEDED_WORDS
        shown = [_status(entry.raw_output[:_STATUS_CHARS]) for entry in entries]
        if wanted not in shown or (not wanted) not in shown:
            return -1  # no output, or every one, ended so: the status tells none apart
        chosen = [index for index, status in enumerate(shown) if status is wanted]
        at = -1  # the newest that ended so, unless a selector counts them ("the second red")
        for before in words[max(0, place - 2) : place]:
            at = RUN_SELECTORS.get(before, at)
        return chosen[at] if -len(chosen) <= at < len(chosen) else -1
    return -1


def status_at(text: str) -> int:
    """Where a turn's first status word after a determiner starts ("the last good run":
    at "good"), else -1; read over the turn's opening. An ordinal or a turn reference of the
    same phrase ("the last", "the failed one") names no item or turn once the phrase picks a
    run (``earlier_runs.with_named_run`` drops it)."""
    head = text[:_HEAD_CHARS]
    position, before = 0, ""
    for raw in head.split()[:_MAX_WORDS]:
        position = head.find(raw, position)
        word = raw.casefold().strip(_EDGES)
        if word in _STATUS_WORDS and before in STATUS_DETERMINERS:
            return position + (len(raw) - len(raw.lstrip(_EDGES)))
        position += len(raw)
        before = word
    return -1


def _names_run(words: Sequence[str], place: int, entries: Sequence[ScratchEntry]) -> bool:
    """Whether a noun naming a run follows the status word at ``place``."""
    for ahead in range(place + 1, min(place + 2 + _NOUN_GAP, len(words))):
        word = words[ahead]
        if word in RUN_STATUS_NOUNS or word in RUN_NOUNS:
            return True
        term = normalise_term(word)
        if any(term in tool_name_words(entry) for entry in entries):
            return True
    return False


@functools.lru_cache(maxsize=512)
def _status(head: str) -> bool | None:
    """An output's status from its opening: True (succeeded), False (failed), None (shows
    none); its first status token decides."""
    for token in head.casefold().split():
        token = token.strip(_EDGES + "#*-=|")
        if token in STATUS_SHOWN_FAILED:
            return False
        if token in STATUS_SHOWN_SUCCEEDED:
            return True
    return None
