"""The rules of stop 42's reference work (issue 15 item 1 §4, the refs42 session: "and the
basil, does it come back?" after a later step mentioned basil; "run the unpaid filter
version again but by quarter" after a question on unpaid customers; "same for the supervisor
job" after a question asked since the cover letter; SPEC-028 §4.1 "do it
again", §4.2), as data for ``multihorizon.rules`` (joined to ``rules_references``'
``REFERENCE_RULES``): each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Like the registry, this imports nothing of
the engine.

The figures are ``tools/reference_report.py`` / ``tools/item_report.py`` (the evaluation's
references task, hashing embedder, antecedent analysis on) and
``tests/handwritten_scoring.py`` with the rule off and on, everything else on.
``refs_tune42`` was written for the work and tuned on; ``refs_holdout42`` was written before
it and scored at its start and end (one of its probes was read to find a resumption the
first version-repeats cost it). "Every older file" is the hand-written files of the branch
point (refs_pooled.py, compared probe by probe).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["RUN_REPEAT_RULES"]

RUN_REPEAT_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "item-heads",
        "references",
        "§4.2",
        "A definite phrase that names a list item by its words ('and the basil, does it come "
        "back?') picks the item that opens with them ('Basil, if you let a few stems flower "
        "late', after an article), the latest such item of the lists of the last twelve "
        "turns, over a nearer item that only mentions them inside ('Put the thyme at the "
        "sunny end, and the basil in pots by the door') or no item at all; not for 'the X "
        "one' / 'the X option' (an item named by a word of it), where the nearer item stays.",
        {"item_heads": False},
        "references acc@1, off -> on (other rules on): refs_holdout42 entity 3 -> 5 of 6, "
        "items 24 -> 26 of 33; refs_tune42 entity 1 -> 2 of 3; every older file 3140 -> "
        "3141 of 3527 (items_holdout4 'With the kicking from the knees' -> 'Kicking too hard "
        "from the knees'), none lost probe by probe; pooled intent, resume, new thread, tool "
        "unchanged; tests/test_named_items_and_run_repeats.py.",
        "dialogue.ordinal_resolution.item_named",
    ),
    (
        "ran-requests",
        "references",
        "§4.1",
        "For an action reference, a user turn that a tool run answered (the log's tool "
        "calls) asked for that run: it is a request the repeat may repeat ('pull total sales "
        "per product for november', 'now just the unpaid ones'), and the latest of the last "
        "six such turns that holds a word of the repeat's object (or a part of a hyphened "
        "one: 'no-reminder' names 'reminder') is taken before a later question that ran "
        "nothing ('who are the big unpaid customers?'); rule verb-repeats takes it before "
        "another turn naming the object ('run the no-reminder version again').",
        {"ran_requests": False},
        "references acc@1 action, off -> on (other rules on): refs_tune42 5 -> 7 of 8 "
        "('redo the total sales per product for october', 'run the unpaid filter version "
        "again but by quarter'), refs_holdout42 6 -> 7 of 14 and its resumptions 7 -> 8 of "
        "8; every older file unchanged probe by probe; pooled intent, resume, new thread, "
        "tool unchanged; tests/test_named_items_and_run_repeats.py.",
        "dialogue.actions.action_target",
    ),
    (
        "version-repeats",
        "references",
        "§4.1",
        "An item-by-words ordinal ending in a noun of a variant ('version', 'variant', "
        "'draft': 'the unpaid filter version') that an action reference holds or follows at "
        "once ('run the unpaid filter version again but by quarter') is the repeat's object, "
        "no ordinal and no turn reference: the action reference (rule verb-repeats' verb and "
        "object) decides the turn, the request that first ran or made it.",
        {"version_repeats": False},
        "references acc@1 action, off -> on (other rules on): refs_tune42 5 -> 7 of 8 ('run "
        "the unpaid filter version again but by quarter', 'run the arm-only version again': "
        "the query, not the reply naming unpaid totals), refs_holdout42 6 -> 7 of 14; every "
        "older file unchanged probe by probe; pooled intent, resume, new thread, tool "
        "unchanged; tests/test_named_items_and_run_repeats.py.",
        "dialogue.verb_repeats.without_version_objects",
    ),
    (
        "slot-requests",
        "references",
        "§4.1",
        "For a repeat request with a variation ('same for the supervisor job please'), a "
        "question asked since the latest of the last six requests that holds a word of the "
        "variation ('could you write a cover letter for the barista job') is passed over "
        "unless it holds one too, even when it has a place for the variation's opener "
        "('what's a good alarm app for early shifts?', rule repeat-slots); it is taken only "
        "when no request is found.",
        {"slot_requests": False},
        "references acc@1 action, off -> on (other rules on): refs_tune42 6 -> 7 of 8 ('same "
        "for the supervisor job at Grind please'); refs_holdout42 unchanged (7 of 14); every "
        "older file unchanged probe by probe; pooled intent, resume, new thread, tool "
        "unchanged; tests/test_named_items_and_run_repeats.py.",
        "dialogue.actions.action_target",
    ),
)
