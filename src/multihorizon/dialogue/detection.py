"""Detection of referential expressions in a user turn (SPEC-028 §4.1).

``detect(text, hits, lexicon)`` reads the marker hits of the one matcher pass
(``Lexicon.scan``): each marker-led reading is checked by ``mention_markers``, the readings the
fixed phrases cannot express by ``mention_patterns``; overlapping readings keep the most
specific one. A reply's enumeration comes from ``enumerations``, offers and requests from
``offers``, each read once per turn (``features``).

Cost: no work proportional to the length of the log, and linear in the turn's length.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence

from ..text.lexicon import Lexicon, Marker
from .mention_markers import (
    action_mention,
    choice_mention,
    demonstrative_mention,
    ordinal_mention,
    tool_mention,
    turn_mention,
)
from .mention_patterns import pattern_mentions
from .ordinal_mentions import ordinal_form_mentions
from .references import Mention
from .verb_repeats import verb_repeat_mentions, without_version_objects

__all__ = ["FormsGate", "detect"]

# SPEC-028 §4.1: overlapping detections keep the most specific reading. A tool reference
# ("that API response") is more specific than an entity ("that API"), an ordinal ("the second
# one") than a turn reference, and so on.
# ("speaker" references, "alice: ...", come from the session's speakers, not from mentions.)
_PRIORITY: Mapping[str, int] = {"tool": 5, "ordinal": 4, "turn": 3, "action": 2, "entity": 1}


def detect(
    text: str,
    hits: Sequence[tuple[int, int, int, int]],
    lexicon: Lexicon,
    *,
    ordinal_forms: bool = True,
    item_forms: bool = True,
    forms_gate: FormsGate | None = None,
    verb_repeats: bool = True,
    version_repeats: bool = True,
) -> list[Mention]:
    """The referential expressions of a user turn (SPEC-028 §4.1), in text order.

    ``hits`` are ``lexicon.scan(text)`` (raw ``(kind, phrase_index, start, end)``, BLOCK spans
    already removed). Overlapping detections keep one mention per span: tool > ordinal > turn >
    action > entity. ``ordinal_forms`` (rule ordinal-forms): also the ordinals of
    ``ordinal_mentions`` ("option C", "#2", "the one about caching"); ``item_forms`` (rule
    item-forms) with them those of ``item_forms`` ("go with b", "the cheapest one").
    ``forms_gate``: ``IntentSettler.may_hold_forms``, a superset of "the ordinal forms find
    one" read natively first (issue 14: most turns have none, and reading them costs more).
    ``verb_repeats`` (rule verb-repeats): also "run the staging migration again".
    ``version_repeats`` (rule version-repeats): "the unpaid filter version" that an action
    reference holds or follows is its object, no ordinal.
    """
    if not text:
        return []
    found: list[Mention] = []
    covered_kind, covered_end = -1, -1
    for kind, index, start, end in hits:
        if kind == covered_kind and end <= covered_end:
            continue  # "you said" inside "what you said": the longer phrase already counted
        covered_kind, covered_end = kind, end
        if kind == _DEMONSTRATIVE:
            mention = demonstrative_mention(text, start, end) or choice_mention(text, start, end)
        elif kind == _ORDINAL:
            mention = ordinal_mention(text, lexicon.phrase(index), start, end)
        elif kind == _TURN_REF:
            mention = turn_mention(text, lexicon.phrase(index), start, end)
        elif kind == _TOOL_REF:
            mention = tool_mention(text, start, end)
        elif kind == _ACTION_REF:
            mention = action_mention(text, lexicon.phrase(index), start, end)
        else:
            continue
        if mention is not None:
            found.append(mention)
    pattern_mentions(text, found, hits if lexicon.has_gates else None)
    if verb_repeats:
        found.extend(verb_repeat_mentions(text, hits))
    if ordinal_forms and (
        forms_gate is None
        or not lexicon.has_gates  # then every word of the turn is read: no gate to go by
        or forms_gate(text, [start for kind, _, start, _ in hits if kind in _FORM_GATES])
    ):
        ordinal_form_mentions(text, hits if lexicon.has_gates else None, found, item_forms)
    if version_repeats and len(found) > 1:
        found = without_version_objects(text, found)
    if len(found) > 1:
        found = _deduplicate(text, found)
    return found


#: ``IntentSettler.may_hold_forms``: a turn and its gate hits' starts -> whether the ordinal
#: forms may find one. The gate hits are ``ordinal_form_mentions``' (ordinal_mentions._GATES).
FormsGate = Callable[[str, list[int]], bool]
_FORM_GATES = frozenset((int(Marker.GATE_NUMBER), int(Marker.GATE_ONE), int(Marker.ORDINAL)))
_DEMONSTRATIVE = int(Marker.DEMONSTRATIVE)
_ORDINAL = int(Marker.ORDINAL)
_TURN_REF = int(Marker.TURN_REF)
_TOOL_REF = int(Marker.TOOL_REF)
_ACTION_REF = int(Marker.ACTION_REF)


def _deduplicate(text: str, found: list[Mention]) -> list[Mention]:
    """One mention per span. Same-type overlaps merge (the union span, the richer fields);
    across types the more specific type wins (tool > ordinal > turn > action > entity)."""
    found.sort(key=lambda mention: (mention.start, -mention.end))
    merged: list[Mention] = []
    for mention in found:
        if merged and merged[-1].type == mention.type and mention.start < merged[-1].end:
            merged[-1] = _merge(merged[-1], mention)
        else:
            merged.append(mention)
    ranked = sorted(
        merged, key=lambda mention: (-_PRIORITY[mention.type], mention.start - mention.end)
    )
    # Greedy by priority; ``starts``/``ends`` hold the kept spans sorted (they never overlap),
    # so each overlap test is one bisection: O(m log m) even for a 100 KB turn.
    kept: list[Mention] = []
    starts: list[int] = []
    ends: list[int] = []
    for mention in ranked:
        slot = bisect_left(starts, mention.start)
        if slot > 0 and ends[slot - 1] > mention.start:
            continue  # overlaps the kept span that starts before it
        if slot < len(starts) and starts[slot] < mention.end:
            continue  # overlaps the kept span that starts at or after it
        starts.insert(slot, mention.start)
        ends.insert(slot, mention.end)
        kept.append(mention)
    kept.sort(key=lambda mention: mention.start)
    # "You also mentioned rain gardens earlier": two turn markers, one reference.
    joined: list[Mention] = []
    for mention in kept:
        last = joined[-1] if joined else None
        if (
            last is not None
            and last.type == mention.type == "turn"
            and mention.start - last.end <= 60
            and _GAP_STOP.search(text, last.end, mention.start) is None
        ):
            joined[-1] = Mention(
                "turn",
                text[last.start : mention.end],
                last.start,
                mention.end,
                terms=last.terms or mention.terms,
                speaker=last.speaker or mention.speaker,
            )
        else:
            joined.append(mention)
    return joined


_GAP_STOP = re.compile(r"[.?!;\n]")


def _merge(left: Mention, right: Mention) -> Mention:
    end = max(left.end, right.end)
    longer = left if left.end - left.start >= right.end - right.start else right
    other = right if longer is left else left
    return Mention(
        left.type,
        left.surface + right.surface[left.end - right.start :]
        if right.end > left.end
        else left.surface,
        left.start,
        end,
        terms=longer.terms or other.terms,
        ordinal=longer.ordinal if longer.ordinal is not None else other.ordinal,
        speaker=longer.speaker or other.speaker,
        kind=longer.kind or other.kind,
        scope=longer.scope or other.scope,
        scope_required=longer.scope_required if longer.scope else other.scope_required,
        quality=longer.quality or other.quality,
    )
