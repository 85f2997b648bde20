"""A question picking one output among several by what it showed is about that output
(SPEC-028 §4.1 tool, §4.2, §5.2 TOOL_REFERENCE; rule output-selectors; issue 15 item 1).

When a tool ran several times, people pick one of its outputs by a value or a time it showed,
not by its place: "the one that returned 404, what route did it give?", "the call at 10:42,
what came back?", "the not found one, which city?", "the 41ms response, was it cached?". §4.2
resolves to the newest output; rule named-runs reads places ("the first run") and argument
values, rule rare-output-tokens a token no turn said, but the value that picks the output is
often said in a reply too ("York is not found").

``with_selected_output`` reads a selector phrase: "the" and, at most ``_MAX_BEFORE`` words on,
a noun of ``SELECTOR_NOUNS`` ("one", "call", "run", "response"); its words are those before
"one" ("the not found one") or the tokens with a digit before another noun ("the 41ms
response"; "the lint job" names a kind of run), none of a quality or a place ("the best one",
"the second run"), and, after a word of ``SELECTOR_LINKS`` ("that", "from", "at"), those
up to the clause's end, less ``SELECTOR_FILLERS``. A word counts as shown by an output when its
normalised form is one of the output's words; a token with a digit ("404", "10:42", "41ms"),
when the output's text holds it not inside a longer number. The one output showing the most of
them, more than any other, is the turn's tool reference (any tool reference the turn has moves
to it, else one is added): §5.2 TOOL_REFERENCE.

Only for a question, with two outputs or more, that resolved to no other item, turn or request
("the second option", "what you said") and asks no advice (rule advice-questions), when the
turn has an outcome verb or the picked output's exchange is over
(``output_details.exchange_over``): ``Session.classify`` hands such a question to the
references stage (an outcome question always; one with a number or a word a
past output holds, rule output-detail-intents), so both calls read the same reference.

Costs nothing for a turn with no selector noun after "the"; otherwise one pass over the
buffer's entries (their words cached by ``tool_references``), each output's first
``_CONTENT_CHARS`` read for the selector's tokens.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..config import Config
from ..text.item_qualities import DEGREE_WORDS, SUPERLATIVES
from ..text.lexicon import Marker
from ..text.ordinal_forms import ADJECTIVE_ORDINALS, ORDINALS
from ..text.said_words import SELECTOR_FILLERS, SELECTOR_LINKS, SELECTOR_NOUNS
from ..text.tokens import STOPWORDS, normalise_term
from ..text.turn_text import CLAUSE_ENDS, DASHES
from ..tiers.scratch import ScratchBuffer, ScratchEntry
from .features import TurnFeatures
from .output_details import exchange_over
from .references import Reference
from .resolution import Resolution
from .tool_references import entry_words, output_reference
from .turnlog import TurnLog
from .world_questions import asks_advice

__all__ = ["selector_words", "with_selected_output"]

_OUTCOME = int(Marker.TOOL_OUTCOME)
# Words between "the" and the selector noun; words read after the link; characters of the
# question read for a selector; of an output read for a token.
_MAX_BEFORE = 3
_MAX_AFTER = 8
_SELECTOR_CHARS = 300
_CONTENT_CHARS = 1500
_WORD_EDGES = ",.;:!?\"'()[]"
# Words that pick by quality or place (rules item-forms, named-runs read them).
_PICKS = frozenset((*SUPERLATIVES, *DEGREE_WORDS, *ORDINALS, *ADJECTIVE_ORDINALS, "best", "worst"))
# A noun phrase also ends at a dash ("the log - what does it say").
_CLAUSE_ENDS = CLAUSE_ENDS + DASHES


def with_selected_output(
    resolution: Resolution,
    features: TurnFeatures,
    scratch: ScratchBuffer,
    log: TurnLog,
    config: Config,
) -> Resolution:
    """``resolution`` with its tool reference on the output a selector phrase picks (see the
    module)."""
    if not (config.output_selectors and config.tool_reference_match and features.question):
        return resolution
    if len(scratch) < 2:
        return resolution
    if config.advice_questions and asks_advice(features, scratch):
        return resolution  # rule advice-questions: "if we skip the lint job on mac, does ..."
    found = selector_words(features.text)
    if found is None:
        return resolution
    words, start, end = found
    # "the one that returned light rain" read as an item or a turn is the selector's own
    # reading, which this one replaces; another item, turn or request ("the second option",
    # "what you said") is what the turn is about.
    own = tuple(ref for ref in resolution.references if _picks(ref) and ref.start == start)
    if any(_picks(ref) and ref not in own for ref in resolution.resolved):
        return resolution
    entries = list(scratch)
    index = _picked(entries, words)
    if index < 0:
        return resolution
    entry = entries[index]
    outcome = any(hit[0] == _OUTCOME for hit in features.hits)
    if not (outcome or exchange_over(entry.turn_id, log)):
        return resolution  # the native settle may have answered (see the module)
    target = entry.turn_id if entry.turn_id >= 0 else None
    references = tuple(
        dataclasses.replace(ref, target_turn=target, scratch_entry=entry.entry_id)
        if ref.type == "tool"
        else ref
        for ref in resolution.references
        if ref not in own
    )
    if not any(ref.type == "tool" for ref in references):
        added = output_reference(features.text[start:end], start, end, entry, 0.7)
        references = (*references, added)
    named = tuple(ref for ref in resolution.named if ref.type != "tool" and ref not in own)
    resolved = tuple(ref for ref in references if ref.target_turn is not None)
    return dataclasses.replace(
        resolution, references=references, resolved=resolved, named=named, has_tool=True
    )


def _picks(ref: Reference) -> bool:
    return ref.type in ("ordinal", "turn", "action")


def selector_words(text: str) -> tuple[list[str], int, int] | None:
    """(the selector's words, its span) of the first selector phrase in ``text`` ("the one
    that returned 404" -> ["404"]), or None."""
    spans = _spans(text[:_SELECTOR_CHARS])
    folded = [text[a:b].casefold().strip(_WORD_EDGES) for a, b in spans]
    for at, word in enumerate(folded):
        if word != "the":
            continue
        for noun in range(at + 1, min(at + 2 + _MAX_BEFORE, len(folded))):
            if folded[noun] in SELECTOR_NOUNS:
                break
            if text[spans[noun][1] - 1] in _CLAUSE_ENDS:
                noun = -1
                break
        else:
            continue
        if noun < 0:
            continue
        words = folded[at + 1 : noun]
        if folded[noun] != "one":
            # "the lint job", "the reference build": a kind of run, no value it showed;
            # "the 41ms response" is one.
            words = [word for word in words if any(char.isdigit() for char in word)]
        last = noun
        open_clause = text[spans[noun][1] - 1] not in _CLAUSE_ENDS and noun + 1 < len(folded)
        if open_clause and folded[noun + 1] in SELECTOR_LINKS:
            for after in range(noun + 2, min(noun + 2 + _MAX_AFTER, len(folded))):
                words.append(folded[after])
                last = after
                if text[spans[after][1] - 1] in _CLAUSE_ENDS:
                    break
        if not _PICKS.isdisjoint(words):
            continue  # "the best one", "the second run": an item's quality or place
        kept = [w for w in words if w not in SELECTOR_FILLERS and w not in STOPWORDS]
        kept = [w for w in kept if any(c.isalnum() for c in w)]
        if kept:
            return kept, spans[at][0], spans[last][1]
    return None


def _spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each whitespace-separated word of ``text`` (one pass)."""
    spans: list[tuple[int, int]] = []
    start = -1
    for index, char in enumerate(text):
        if char.isspace():
            if start >= 0:
                spans.append((start, index))
                start = -1
        elif start < 0:
            start = index
    if start >= 0:
        spans.append((start, len(text)))
    return spans


def _picked(entries: Sequence[ScratchEntry], words: list[str]) -> int:
    """The one entry showing the most of ``words``, more than any other; -1 when none."""
    best, top, tied = -1, 0, False
    for index, entry in enumerate(entries):
        content = entry_words(entry)[1]
        head = entry.raw_output[:_CONTENT_CHARS].casefold()
        held = sum(
            _holds_token(head, word) if _coded(word) else normalise_term(word) in content
            for word in words
        )
        if held > top:
            best, top, tied = index, held, False
        elif held == top and held > 0:
            tied = True
    return -1 if tied else best


def _coded(word: str) -> bool:
    return any(char.isdigit() for char in word)


def _holds_token(head: str, token: str) -> bool:
    """Whether ``head`` holds ``token`` not inside a longer number ("404" in "HTTP/1.1 404",
    "10:42" in "10:42:05", not "42" in "1420"); one-character tokens count for nothing."""
    if len(token) < 2:
        return False
    at = head.find(token)
    while at >= 0:
        before = head[at - 1] if at > 0 else " "
        after = head[at + len(token)] if at + len(token) < len(head) else " "
        if not (before.isdigit() or after.isdigit() or (after == "." and token[-1].isdigit())):
            return True
        at = head.find(token, at + 1)
    return False
