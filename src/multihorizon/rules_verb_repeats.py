"""The rules of stop 41's action-reference work (issue 15 item 1 §4, the refs41 session:
"ok run the staging migration again", "draft the apology email again for order 5531 but
offer a voucher", "do the same for order 5540" right after such a repeat; SPEC-028 §4.1 "do
it again", §4.2), as data for ``multihorizon.rules`` (joined to ``rules_references``'
``REFERENCE_RULES``): each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Like the registry, this imports nothing of
the engine.

The figures are ``tools/reference_report.py`` (the evaluation's references task, hashing
embedder, antecedent analysis on) and ``tests/handwritten_scoring.py`` with the rule off and
on, everything else on. ``refs_tune41`` was written for the work and tuned on;
``refs_holdout41`` was written before it and scored at its start and its end only (its
misses not read). "Every older file" is the 129 hand-written files of the branch point.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["VERB_REPEAT_OPT_IN_RULES", "VERB_REPEAT_RULES"]

VERB_REPEAT_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "verb-repeats",
        "references",
        "§4.1",
        "A verb of doing or making that opens a clause (after at most acknowledgements and "
        "'can you / please') and is followed within seven words of its sentence by 'again' "
        "is an action reference naming its action and object ('ok run the staging migration "
        "again', 'could you write the caption again for Dolly', 'dump it again but only the "
        "payments table'; not 'I ran it again', 'the test failed again', 'say that again?'). "
        "It repeats the last of twelve user turns that opens with the same verb and names a "
        "word of the object (else the last opening with the verb, else the last request "
        "naming the object), not the latest turn mentioning the thing; with a verb naming no "
        "action ('do', 'give', 'make') the usual walk by the request's words decides.",
        {"verb_repeats": False},
        "references acc@1 action, off -> on (other rules on): refs_holdout41 8 -> 11 of 16, "
        "refs_tune41 8 -> 10 of 10; hand-written intent refs_holdout41 +1, lists_holdout40 "
        "+1 ('Please do the staging deploy again, ...': CONTINUE -> DRILL_DOWN, gold "
        "DRILL_DOWN); every older file's references unchanged probe by probe; "
        "tests/test_verb_repeats.py.",
        "dialogue.verb_repeats.verb_repeat_mentions",
    ),
)

# Opt-in (off by default): the repeat-chain tests of test_reference_forms and
# test_reference_targets3 hold the opposite convention (a repeat of a repeat is the original).
VERB_REPEAT_OPT_IN_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "latest-repeats",
        "references",
        "§4.1",
        "A repeat request whose backward walk meets another repeat request before any request "
        "repeats that one, which carries the latest parameters ('same for 20 metres' after "
        "'do me that fence quote again but for 45 metres and one coat'; 'do the same for "
        "order 5540' after 'draft the apology email again but offer a voucher'), when its "
        "own words name nothing else or name a word of that repeat or of its request, and it "
        "does not name the first ('give me the first quote again', ``ORIGINAL_WORDS``); "
        "before, the walk went on to the request the earlier repeat repeated (rule "
        "repeat-chains).",
        {"latest_repeats": False},
        "references acc@1 action, off -> on (other rules on): refs_holdout41 9 -> 11 of 16, "
        "refs_tune41 8 -> 10 of 10; every older file +3 -1 (again_holdout38, nouns_holdout39, "
        "refs_tune7 gained; phrasing_tune's 'Same thing for Excel please.' after 'Can you "
        "redo it for two regions at once?' now targets that repeat, its gold the requests "
        "before it); pooled intent, resume, new thread, tool unchanged; "
        "tests/test_verb_repeats.py.",
        "dialogue.actions.action_target",
    ),
)
