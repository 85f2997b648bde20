"""Pattern mentions (SPEC-028 §4.1): the references the fixed lexicon phrases cannot express
("option 7", "the one about X", "you also mentioned", "the SQL query output").

Each pattern is tried only where its gate words occur, at the lexicon's gate hits, so a turn
without references costs nothing here. Each runs in time linear in the turn
(``tests/test_linear_time.py``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text.lexicon import Marker
from ..text.tokens import STOPWORDS
from .mention_markers import (
    OF_KIND,
    WORD,
    WORD_RE,
    about_terms,
    clause_head,
    phrase_terms,
    tool_kind,
    word_before,
)
from .references import Mention

__all__ = ["number_gate_nouns", "pattern_mentions"]

_GATE_NUMBER = int(Marker.GATE_NUMBER)
_GATE_ONE = int(Marker.GATE_ONE)
_GATE_GAP = int(Marker.GATE_GAP)
_GATE_TOOL = int(Marker.GATE_TOOL)

# SPEC-028 §4.1 ordinal reference: "option 7", "item #2", "choice 3" (the lexicon only lists
# 1-5 for some of these nouns).
_NUMBERED_REF = re.compile(
    r"\b(?:option|choice|item|step|number|approach|solution|alternative|point|bullet)"
    r"[ \t]*(?:#|no\.?[ \t]*)?(\d{1,2})\b(?![.,]\d)",
    re.IGNORECASE,
)
# SPEC-028 §4.1 turn reference with a topic: "the one about X", "the part on X".
_ONE_ABOUT = re.compile(
    r"\bthe[ \t]+(?:one|part|bit|answer|reply|message|section)[ \t]+"
    r"(?:about|regarding|concerning|where[ \t]+you[ \t]+(?:said|talked[ \t]+about|"
    r"mentioned|explained))\b",
    re.IGNORECASE,
)
# "you also mentioned X", "you just said" with a word between: the lexicon's contiguous
# "you mentioned" misses these.
_GAP_VERB = re.compile(
    r"\b(?:also|just|already|previously|earlier|once)[ \t]+"
    r"(said|mentioned|suggested|recommended|told[ \t]+me|talked[ \t]+about|discussed|"
    r"explained|described|listed|wrote)\b",
    re.IGNORECASE,
)
# Tool output named with a modifier: "the SQL query output", "the latest build logs". Found
# noun first (rare), then its determiner looked up in a short window before it (cheap).
_TOOL_NOUN = re.compile(
    r"\b(?:results?|outputs?|responses?|logs?|tracebacks?|stack[ \t]+traces?|errors?"
    r"(?:[ \t]+messages?)?)\b",
    re.IGNORECASE,
)
_TOOL_DET = re.compile(
    rf"\b(?:the|that|this|those|these|last|latest|same)[ \t]+(?:{WORD}[ \t]+){{0,2}}$",
    re.IGNORECASE,
)
# Substrings without which a pattern above cannot match: cheap tests on the case-folded turn
# (C-level ``in``) that skip the patterns on most turns.
_NUM_GATE = ("option", "choice", "item", "step", "number", "approach", "solution", "alternative",
             "point", "bullet")  # fmt: skip
_ONE_GATE = ("the one", "the part", "the bit", "the answer", "the reply", "the message",
             "the section")  # fmt: skip
_GAP_GATE = ("also", "just", "already", "previously", "earlier", "once")
_TOOL_GATE = ("result", "output", "respons", "log", "trace", "error")


def number_gate_nouns() -> tuple[str, ...]:
    """The nouns ``_NUMBERED_REF`` opens with ("option 7"): a GATE_NUMBER hit that starts with
    none of them is no place for it (the native settle of ``Session.classify`` reads them)."""
    return _NUM_GATE


def _contains_any(folded: str, needles: tuple[str, ...]) -> bool:
    # A plain loop: any() over a generator costs twice as much on this hot path.
    for needle in needles:  # noqa: SIM110
        if needle in folded:
            return True
    return False


def _matches_from(
    text: str, starts: Sequence[int], pattern: re.Pattern[str]
) -> list[re.Match[str]]:
    """``pattern``'s non-overlapping matches tried at ``starts`` (offsets in text order)."""
    found: list[re.Match[str]] = []
    last_end = 0
    for position in starts:
        if position < last_end:
            continue
        match = pattern.match(text, position)
        if match is not None:
            found.append(match)
            last_end = match.end()
    return found


def _matches_at(
    text: str, folded: str, needles: tuple[str, ...], pattern: re.Pattern[str]
) -> list[re.Match[str]]:
    """``pattern``'s non-overlapping matches, tried only where a needle occurs.

    Python's regex engine tries every position; ``str.find`` jumps between needles in C, so
    this is several times faster on a typical turn. When case folding changed the text's
    length ("ß" -> "ss") offsets would not line up, so the plain scan is used.
    """
    if len(folded) != len(text):
        return list(pattern.finditer(text))
    positions: set[int] = set()
    for needle in needles:
        position = folded.find(needle)
        while position >= 0:
            positions.add(position)
            position = folded.find(needle, position + 1)
    return _matches_from(text, sorted(positions), pattern)


def pattern_mentions(
    text: str, found: list[Mention], hits: Sequence[tuple[int, int, int, int]] | None
) -> None:
    """Detections the fixed lexicon phrases cannot express (numbers, gaps, modifiers).

    Each pattern is tried only where its gate words occur: at the lexicon's gate hits when
    ``hits`` carries them (no extra pass over the text), else where ``str.find`` locates
    them in the case-folded text. On a turn without references that keeps detection cheap.
    """
    starts: dict[int, list[int]] | None = None
    folded = ""
    if hits is not None:
        starts = {}
        for gate, _, start, _ in hits:
            if _GATE_NUMBER <= gate <= _GATE_TOOL:
                starts.setdefault(gate, []).append(start)
        if not starts:
            return  # no gate word: no pattern can match
    else:
        folded = text.casefold()

    def candidates(
        family: int, needles: tuple[str, ...], pattern: re.Pattern[str]
    ) -> list[re.Match[str]]:
        if starts is not None:
            return _matches_from(text, starts[family], pattern) if family in starts else []
        if not _contains_any(folded, needles):
            return []
        return _matches_at(text, folded, needles, pattern)

    for match in candidates(_GATE_NUMBER, _NUM_GATE, _NUMBERED_REF):
        found.append(
            Mention("ordinal", match.group(), match.start(), match.end(), ordinal=int(match[1]))
        )
    for match in candidates(_GATE_ONE, _ONE_GATE, _ONE_ABOUT):
        about = _TAIL.match(text, match.end())
        terms = phrase_terms(clause_head(about.group(1))) if about is not None else ()
        found.append(Mention("turn", match.group(), match.start(), match.end(), terms=terms))
    for match in candidates(_GATE_GAP, _GAP_GATE, _GAP_VERB):
        who = word_before(text, match.start())
        if who not in ("you", "i", "we"):
            continue
        start = match.start() - len(who) - 1
        while start > 0 and text[start : start + len(who)].casefold() != who:
            start -= 1  # step back over the spaces between "you" and the adverb
        verb = match.group(1).split()[0].casefold()
        terms = about_terms(text, start, match.end(), verb)
        speaker = "assistant" if who == "you" else "user" if who == "i" else None
        found.append(
            Mention(
                "turn",
                text[start : match.end()],
                start,
                match.end(),
                terms=terms,
                speaker=speaker,
            )
        )
    for match in candidates(_GATE_TOOL, _TOOL_GATE, _TOOL_NOUN):
        determiner = _TOOL_DET.search(text, max(0, match.start() - 40), match.start())
        if determiner is None:
            continue
        start, end = determiner.start(), match.end()
        words = WORD_RE.findall(text, start, end)
        if words[0].casefold() == "the" and len(words) == 2:
            continue  # plain "the result(s)/output/error": the lexicon's phrases decide
        if any(word.casefold() in STOPWORDS for word in words[1:-1]):
            continue  # "the end was result": not one noun phrase
        of = OF_KIND.match(text, end)
        kind = tool_kind(words) or (tool_kind([of.group(1)]) if of is not None else None)
        if kind is None and words[0].casefold() == "the" and of is not None:
            continue  # "the results of the election": not a tool output
        found.append(Mention("tool", text[start:end], start, end, kind=kind))


_TAIL = re.compile(r"[ \t]+([^.?!;:\n]{1,80})")
