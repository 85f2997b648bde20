"""The rules of stop 39's tool-output work (issue 15 item 1: questions about an output's values
naming no tool word), as data for ``multihorizon.rules`` through ``rules_tool_outputs``: each
entry is ``(id, stage, section, summary, off, evidence, function)``, the arguments of one
registry row. Like the registry, this imports nothing of the engine.

Figures are measured as in ``rules_tool_outputs`` (hashing embedder, the rule off and on,
everything else on).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["TOOL_VALUE_RULES"]

TOOL_VALUE_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "output-value-forms",
        "references",
        "§4.2",
        "An output's dates, clock times and abbreviated day and month names count among its "
        "words in the forms people ask them in ('the 3rd' and 'november' of '2026-11-03', "
        "'10pm' of '22:00' or '10:00 PM', 'saturday' of 'sat'), for rule output-details (the "
        "output holding a question's detail) and its intent gate (output-detail-intents).",
        {"output_value_forms": False},
        "TODO",
        "dialogue.output_values.output_value_forms",
    ),
    (
        "status-runs",
        "references",
        "§4.2",
        "A status word ('good', 'passing', 'failed', 'red') after a determiner ('the', "
        "'last') and before a run noun or a word of the tool's name ('the last good run', "
        "'the failed one', 'the passing build') picks, among outputs that ended differently "
        "(each output's first status token: 'FAILED', 'X', 'ok', 'ready'), the newest that "
        "ended so (the oldest after 'first'/'earlier'): rule named-runs' output, so the "
        "turn's tool references move to it and the turn is TOOL_REFERENCE; 'the last' there "
        "is no ordinal.",
        {"status_runs": False},
        "TODO",
        "dialogue.status_runs.status_run",
    ),
)
