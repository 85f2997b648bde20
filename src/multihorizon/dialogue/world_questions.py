"""Questions about the world name no output (SPEC-028 §4.1 tool, §5.2 TOOL_REFERENCE; rules
howto-output-nouns and advice-questions; issue 15 item 1).

Two kinds of question name what outputs are about, or an output's kind, yet ask about the
world, not about what an output says:

- a how-to question ("How do I get valgrind to write the logs to a file?", "where do I find the
  router logs on a fritzbox", "how to download the job logs"), though "the logs" is a
  tool-reference phrase (§4.1's marker list) or an output noun (rule tool-output-nouns): its
  tool references "the" opens name a kind of output; a demonstrative keeps one ("how do I
  read this profile?": one shown) (rule howto-output-nouns);
- an advice question on the subject ("would a partial index be better than caching the
  report?", "should I run ANALYZE now, during office hours?", "Back to the deploy - if we skip
  the lint job on mac, does coverage still upload from linux?"), though an output was just
  shown and it names the output's words (rule advice-questions): it points at nothing shown
  (no demonstrative), holds no number an output shows and no word of worry ("should I be
  worried about the swap?" asks about a value shown).

``world_question`` says which a question is; ``tool_references.match_tool_references`` then
drops such a question's tool references "the" opens and adds none by an output noun (an advice
question: none by an outcome verb, a word an output holds or its being asked right after an
output either). ``output_noun`` is rule tool-output-nouns' reading of an output noun.

Costs nothing for a turn that is not a question; otherwise a look at its first words (and, for
an advice question with a number, the outputs' first characters).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from ..config import Config
from ..text.lexicon import Marker, said_phrase
from ..text.output_nouns import (
    ADVICE_LEADS,
    ADVICE_OPENERS,
    HOWTO_ASKERS,
    HOWTO_MODALS,
    HOWTO_OPENERS,
    HOWTO_PREAMBLES,
    OUTPUT_DETERMINERS,
    POINTING_DETERMINERS,
    TOOL_OUTPUT_NOUNS,
    WORRY_WORDS,
)
from ..text.tokens import STOPWORDS
from ..tiers.scratch import ScratchEntry
from .features import TurnFeatures
from .references import Reference
from .resolution import Resolution

__all__ = ["ADVICE", "HOWTO", "asks_advice", "asks_howto", "output_noun", "without_generic_tools"]

# What ``without_generic_tools`` says a question is: neither, a how-to question, advice.
HOWTO = 1
ADVICE = 2


def without_generic_tools(
    resolution: Resolution,
    features: TurnFeatures,
    entries: Sequence[ScratchEntry],
    config: Config,
) -> tuple[Resolution, int]:
    """``resolution`` without the tool references "the" opens when the turn is a how-to or
    an advice question, and which it is (``HOWTO``, ``ADVICE``, else 0)."""
    if not features.question:
        return resolution, 0
    if config.howto_output_nouns and asks_howto(features.text):
        kind = HOWTO
    elif config.advice_questions and asks_advice(features, entries):
        kind = ADVICE
    else:
        return resolution, 0
    kept = tuple(ref for ref in resolution.references if not _generic_tool(ref))
    if len(kept) == len(resolution.references):
        return resolution, kind
    resolved = tuple(ref for ref in kept if ref.target_turn is not None)
    has_tool = any(ref.type == "tool" for ref in kept)
    changed = dataclasses.replace(resolution, references=kept, resolved=resolved, has_tool=has_tool)
    return changed, kind


def asks_howto(text: str) -> bool:
    """Rule howto-output-nouns: whether a question opens by asking how or where to do
    something ("how do I get valgrind to write the logs to a file", "where can we find the
    router logs", "ok how to export the job logs"): ``HOWTO_OPENERS``, then "to" or an
    auxiliary of ``HOWTO_MODALS`` and a first-person word of ``HOWTO_ASKERS``, after at most
    one word of ``HOWTO_PREAMBLES``."""
    words = _words(text[:_OPENER_CHARS])[:4]
    if words[:1] and words[0] in HOWTO_PREAMBLES:
        words = words[1:]
    if len(words) < 2 or words[0] not in HOWTO_OPENERS:
        return False
    if words[1] == "to":
        return True
    return len(words) >= 3 and words[1] in HOWTO_MODALS and words[2] in HOWTO_ASKERS


def asks_advice(features: TurnFeatures, entries: Iterable[ScratchEntry]) -> bool:
    """Rule advice-questions: whether a question asks for advice on the subject (see the
    module): a clause opening with ``ADVICE_OPENERS`` (the first, or the second when the
    first opens with ``ADVICE_LEADS``: "Back to the deploy - if we skip ..."), no
    demonstrative, no word of ``WORRY_WORDS`` and no number an output shows."""
    text = features.text[:_ADVICE_CHARS]
    if features.has(Marker.DEMONSTRATIVE) or not _opens_advice(text):
        return False
    words = _words(text)
    if not WORRY_WORDS.isdisjoint(words):
        return False
    numbers = [word for word in words if len(word) >= 2 and any(c.isdigit() for c in word)]
    return not any(number in entry.raw_output[:_CONTENT_CHARS] for number in numbers
                   for entry in entries)  # fmt: skip


def output_noun(
    text: str, hits: Iterable[tuple[int, int, int, int]], config: Config, howto: bool
) -> tuple[int, int, int, int] | None:
    """Rule tool-output-nouns: the first output noun ("report", "diff", "counts") a
    determiner opens the noun phrase of ("the QC report", "those counts"), at most two
    content words before it in its clause; None when there is none. In a how-to question
    (``howto``, rule howto-output-nouns) only a demonstrative's ("this profile")."""
    if not config.tool_output_nouns:
        return None
    for hit in hits:
        if hit[0] != _OUTCOME:
            continue
        said = said_phrase(text, hit[2], hit[3])
        determiner = _determiner(text, hit[2])
        if said in TOOL_OUTPUT_NOUNS and determiner:
            return hit if not howto or determiner in POINTING_DETERMINERS else None
    return None


def _determiner(text: str, start: int) -> str:
    """The determiner opening the output noun's phrase at ``start`` ("the", "those"), or ""."""
    clause = text[max(0, start - 60) : start]
    cut = max(clause.rfind(mark) for mark in ".,;:!?\n")
    words = [word.strip(_WORD_EDGES) for word in clause[cut + 1 :].casefold().split()]
    for word in reversed(words[-3:]):
        if word in OUTPUT_DETERMINERS:
            return word
        if word in STOPWORDS:
            return ""  # "the end was result": no one noun phrase
    return ""  # "the copy skip bad rows": no one noun phrase either


def _opens_advice(text: str) -> bool:
    """Whether the first clause of ``text`` (or the second, after a lead) opens with an
    advice opener, preamble words skipped."""
    clauses = _clauses(text)
    first = _words(clauses[0])
    if _advice_at(first):
        return True
    return (
        len(clauses) > 1
        and bool(first)
        and first[0] in ADVICE_LEADS
        and _advice_at(_words(clauses[1]))
    )


def _advice_at(words: list[str]) -> bool:
    start = 0
    while start < len(words) and start < _MAX_PREAMBLE and words[start] in HOWTO_PREAMBLES:
        start += 1
    return any(tuple(words[start : start + len(opener)]) == opener for opener in ADVICE_OPENERS)


def _clauses(text: str) -> list[str]:
    """The first two clauses of ``text``, cut at a comma, colon, semicolon or a dash
    standing alone."""
    cut = len(text)
    for mark in (",", ":", ";", " - ", " \u2013 ", " \u2014 "):
        position = text.find(mark)
        if 0 <= position < cut:
            cut = position
    return [text[:cut], text[cut + 1 :]] if cut < len(text) else [text]


def _generic_tool(ref: Reference) -> bool:
    """A tool reference "the" opens ("the logs", "the router logs"): in a how-to or advice
    question it names a kind of output, not one shown."""
    return ref.type == "tool" and ref.surface[:4].casefold() == "the "


def _words(text: str) -> list[str]:
    stripped = (word.strip(_WORD_EDGES) for word in text.casefold().split())
    return [word for word in stripped if word]


_OUTCOME = int(Marker.TOOL_OUTCOME)
_WORD_EDGES = ",.;:!?\"'()-\u2013\u2014"
# The characters of a question read for a how-to opener, for an advice question, of an output
# for a number; the preamble words skipped before an advice opener.
_OPENER_CHARS = 80
_ADVICE_CHARS = 400
_CONTENT_CHARS = 1500
_MAX_PREAMBLE = 2
