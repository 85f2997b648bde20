"""Advice asked about a thing an output shows refers to that output (SPEC-028 §4.1 tool, §4.2,
§5.2; rule advice-output-holders; issue 15 item 1).

Rule advice-questions reads "would a partial index be better than caching the report?" as
advice on the subject and drops the tool reference "the" opens: "the report" names a kind of
output, not one shown. But an advice question often names a thing one output shows: "Would an
index make the seq scan faster?" after an EXPLAIN plan, "would it be faster to install the rust
compiler?" after a failed pip build. The intent stays DRILL_DOWN (advice on the subject), but
what it asks about is in that output, so the output is the turn's antecedent.

``with_advised_output`` adds a named tool reference (``Resolution.with_named``: the intent is
left alone, as rule output-details' references) to the newest output holding the thing:

in an advice question (``world_questions.asks_advice``), a definite noun phrase of two words
or more ("the seq scan") every word of which the output shows. (A demonstrative no turn
resolved, "that overcurrent", is left to rules tool-output-nouns and coded-demonstratives:
"That thread, which one is it?" stays with the turn.)

Not when the turn already has a tool reference, or resolved to an item, a turn or a request.
Costs nothing for a turn with no such phrase; else one pass over the buffer's entries (their
words cached by ``tool_references``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..config import Config
from ..tiers.scratch import ScratchBuffer, ScratchEntry
from .definite_mentions import definite_mentions
from .features import TurnFeatures
from .references import Mention
from .resolution import Resolution
from .tool_references import entry_words, output_reference
from .world_questions import asks_advice

__all__ = ["with_advised_output"]

# Words a definite noun phrase of an advice question must have, each shown by the output: "the
# seq scan"; "the category page" after a crawl showing "another page" is the site's page.
_DEFINITE_TERMS = 2


def with_advised_output(
    resolution: Resolution, features: TurnFeatures, scratch: ScratchBuffer, config: Config
) -> Resolution:
    """``resolution`` with a named tool reference to the output an advice question's thing
    is shown in (see the module)."""
    if not (config.advice_output_holders and config.tool_reference_match and features.question):
        return resolution
    if len(scratch) == 0 or any(ref.type == "tool" for ref in resolution.references):
        return resolution
    if any(ref.type in ("ordinal", "turn", "action") for ref in resolution.resolved):
        return resolution
    entries = list(scratch)
    if not (config.advice_questions and asks_advice(features, entries)):
        return resolution
    taken = [Mention(ref.type, ref.surface, ref.start, ref.end) for ref in resolution.references]
    for mention in definite_mentions(features.text, taken):
        terms = frozenset(mention.terms)
        if len(terms) < _DEFINITE_TERMS:
            continue  # "the page", "the table": a kind of thing, more often the subject's
        index = _holder(entries, terms)
        if index >= 0:
            added = output_reference(mention.surface, mention.start, mention.end, entries[index])
            return resolution.with_named(added)
    return resolution


def _holder(entries: Sequence[ScratchEntry], terms: frozenset[str]) -> int:
    """The newest entry whose output shows every word of ``terms``; -1 when none does."""
    best, top = -1, len(terms) - 1
    for index in range(len(entries) - 1, -1, -1):
        held = len(terms & entry_words(entries[index])[1])
        if held > top:
            best, top = index, held
    return best
