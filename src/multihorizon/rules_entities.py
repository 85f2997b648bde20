"""The rules of stop 43's entity-reference work (issue 15 item 1, the entities43 session:
references without a demonstrative in the words people use, SPEC-028 §4.1, §4.2), as data for
``multihorizon.rules`` (joined to ``rules_references``' ``REFERENCE_RULES``): each entry is
``(id, stage, section, summary, off, evidence, function)``, the arguments of one registry
row. Like the registry, this imports nothing of the engine.

The figures are ``tools/reference_report.py`` (the evaluation's references task, hashing
embedder, antecedent analysis on) and ``/work/notes/s43/tools/score.py`` over every
hand-written file with the rule off and on, everything else on. ``entities_tune43`` was
written for the work and tuned on; ``entities_holdout43`` was written before it and scored at
its start and its end only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["ENTITY_RULES"]

ENTITY_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "fresh-definites",
        "analysis",
        "§4.2",
        "A user turn with no resolved reference that opens (after function words only) on a "
        "definite noun phrase no turn in reach named in any form ('the logbook, is it still "
        "required?', 'What about the hot water cylinder, ...'; no word of it, another form, "
        "a compound, a word opening with its root: 'the renewal' after 'renew') names "
        "something new: its first antecedent is the turn before it, not an earlier turn "
        "holding one of its other words ('halves' a reply said of wine bottles). A return "
        "('Back to the house: ...') names its thread and is left to the return rules. Acts "
        "only with antecedent analysis on.",
        {"fresh_definites": False},
        "entities_tune43 (tuned on) control 2 -> 4 of 5, entity 26 of 30 unchanged; every other "
        "hand-written file (score.py, 3,501 reference probes): entity_holdout35's control 'the "
        "mot is next month too' fixed, none lost, intent/resume/new-thread/tool/items "
        "unchanged. Without the opener words ('Thanks for the help', 'I like the sound of "
        "that' opened it) and the place-word and reply-with-text gates: sgd acc@1 0.7753 -> "
        "0.7706, TREC CAsT 2019 0.6568 -> 0.6124; with them CAsT 2019/2020/2021 and sgd "
        "unchanged (0.6568, 0.6714, 0.7448, 0.7753). Rejected: letting a thing named after "
        "the phrase resolve ('the limit on the IRA', 'the rent on the apartment': -5 "
        "hand-written probes).",
        "dialogue.fresh_definites.fresh_definite",
    ),
    (
        "partial-items",
        "references",
        "§4.1",
        "A reference by an item's words ('the dog walker idea', 'the X Y one'; no place, no "
        "quality) whose list item holds only some of them in any form (a later sentence list "
        "saying 'the dog') is about the latest assistant turn in reach saying every word (a "
        "reply that suggested 'a dog walker at lunchtime' in prose), when one does: a turn "
        "reference to it.",
        {"partial_items": False},
        "entities_tune43 (tuned on) entity 25 -> 26 of 30 ('the dog walker idea'); every other "
        "hand-written file's reference, item and intent probes unchanged (score.py); "
        "TREC CAsT 2019/2020/2021 and sgd references unchanged.",
        "dialogue.partial_items.whole_phrase_turns",
    ),
)
