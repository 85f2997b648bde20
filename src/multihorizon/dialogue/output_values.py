"""The spoken forms of a tool output's values (SPEC-028 §4.1 tool, §4.2; rule
output-value-forms; issue 15 item 1).

"how many rows for the 3rd?" after a table with a row "2026-11-03", "best saturday?" after one
with "sat", "how high was iowait at 10pm" after one by hour ("22:00"): the question asks a value
in a form the output does not write. ``output_value_forms`` reads an output's dates, clock
times and abbreviated day and month names in the forms people say them
(``text.value_forms``), normalised as terms, so rule output-details (and the intent's
gate, rule output-detail-intents) count them among the output's words. Read once per output
(cached on its bounded prefix, as ``tool_references.entry_words``); linear in that prefix.
"""

from __future__ import annotations

import functools

from ..text.tokens import content_terms
from ..text.value_forms import value_forms
from ..tiers.scratch import ScratchEntry

__all__ = ["output_value_forms"]

# Characters of an output read, as rule output-details reads its words.
_CONTENT_CHARS = 1500


def output_value_forms(entry: ScratchEntry, *, weekdays: bool = False) -> frozenset[str]:
    """The spoken forms of ``entry``'s output values, as normalised terms ("3rd", "november",
    "10pm", "saturday"); with ``weekdays`` (rule weekday-forms) also its dates' weekdays and
    its clock times' parts of the day ("wednesday", "morning")."""
    return _forms(entry.raw_output[:_CONTENT_CHARS], weekdays)


@functools.lru_cache(maxsize=512)
def _forms(content: str, weekdays: bool) -> frozenset[str]:
    forms = value_forms(content, weekdays=weekdays)
    return frozenset(content_terms(" ".join(sorted(forms)))) if forms else frozenset()
