"""Advice asked about a thing an output shows refers to that output (SPEC-028 §4.1 tool, §4.2,
§5.2; rule advice-output-holders; issue 15 item 1).

Rule advice-questions reads "would a partial index be better than caching the report?" as
advice on the subject and drops the tool reference "the" opens: "the report" names a kind of
output, not one shown. But an advice question often names a thing one output shows: "Would an
index make the seq scan faster?" after an EXPLAIN plan, "install rust on the pi or bump the
cryptography pin?" after a failed pip build, "would a soft starter stop that overcurrent?"
after a controller log. The intent stays DRILL_DOWN (advice on the subject), but what it asks
about is in that output, so the output is the turn's antecedent.

``with_advised_output`` adds a named tool reference (``Resolution.with_named``: the intent is
left alone, as rule output-details' references) to the newest output holding the thing:

- in an advice question (``world_questions.asks_advice``), a definite noun phrase of two
  words or more ("the seq scan") every word of which the output shows;
- in any question, a demonstrative no turn resolved ("that overcurrent") every word of which
  the output shows, when the output is no JSON document (one word of a structured output is
  as likely a field's name: "this venue").

Not when the turn already has a tool reference, or resolved to an item, a turn or a request.
Costs nothing for a turn with no such phrase; else one pass over the buffer's entries (their
words cached by ``tool_references``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..config import Config
from ..text.tokens import content_terms
from ..tiers.scratch import ScratchBuffer, ScratchEntry
from .definite_mentions import definite_mentions
from .features import TurnFeatures
from .references import Mention, Reference
from .resolution import Resolution
from .tool_references import entry_words
from .world_questions import asks_advice

__all__ = ["with_advised_output"]

_POINTING = frozenset(("that", "this", "those", "these"))
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
    for ref in resolution.references:
        if ref.type != "entity" or ref.target_turn is not None:
            continue
        if ref.surface.split(None, 1)[0].casefold() not in _POINTING:
            continue
        terms = frozenset(content_terms(ref.surface))
        index = _holder(entries, terms, len(terms), structured=False)
        if index >= 0:
            return resolution.with_named(
                _reference(ref.surface, ref.start, ref.end, entries[index])
            )
    if not (config.advice_questions and asks_advice(features, entries)):
        return resolution
    taken = [Mention(ref.type, ref.surface, ref.start, ref.end) for ref in resolution.references]
    for mention in definite_mentions(features.text, taken):
        terms = frozenset(mention.terms)
        if len(terms) < _DEFINITE_TERMS:
            continue  # "the page", "the table": a kind of thing, more often the subject's
        index = _holder(entries, terms, len(terms), structured=True)
        if index >= 0:
            added = _reference(mention.surface, mention.start, mention.end, entries[index])
            return resolution.with_named(added)
    return resolution


def _holder(
    entries: Sequence[ScratchEntry], terms: frozenset[str], least: int, *, structured: bool
) -> int:
    """The newest entry whose output shows the most of ``terms``, at least ``least`` of
    them (and one); with ``structured`` False, no JSON document. -1 when none does."""
    if not terms:
        return -1
    best, top = -1, max(least, 1) - 1
    for index in range(len(entries) - 1, -1, -1):
        entry = entries[index]
        if not structured and entry.raw_output.lstrip().startswith(("{", "[")):
            continue
        held = len(terms & entry_words(entry)[1])
        if held > top:
            best, top = index, held
    return best


def _reference(surface: str, start: int, end: int, entry: ScratchEntry) -> Reference:
    return Reference(
        "tool",
        surface,
        start,
        end,
        target_turn=entry.turn_id if entry.turn_id >= 0 else None,
        scratch_entry=entry.entry_id,
        confidence=0.6,
    )
