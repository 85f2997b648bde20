"""Issue 15's rules of stop 43 (intent43: per-turn intent in every register, terse, texting
and learners' English), as data for ``multihorizon.rules`` (through ``rules_phrasing``, which
appends them to its rows): each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Like the registry, this imports nothing of
the engine.

Figures: every hand-written file pooled (``tests/handwritten_scoring``, /work/notes/s43
tools/score.py), the rule's switch off -> on, everything else on; intent_holdout43 (written
before the rules, misses not read) and intent_tune43.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["REGISTER_RULES"]

REGISTER_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "stated-plans",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply in the active thread (rule "
        "terse-reports' gates: at most 80 characters, no '?', no open offer), a statement "
        "that, after at most two thanks or acknowledgements (text.terse_words PLAN_LEADS: "
        "'ty', 'ok', 'thx' ...), opens with 'will' or 'shall' and then a verb of a closed "
        "class (text.question_forms PLAN_VERBS: 'try', 'check', 'do' ...) says what the user "
        "will do next ('will try tmrw', 'ty will report back', 'ok will check the pressure "
        "later'): a reaction to the advice, CONTINUE, as 'gonna try tomorrow' is. Not with a "
        "word that asks after all (PLAN_ASKS: 'will try it, or is there a better way'). Rule "
        "action-requests reads no such plan ('will try' is the user's; 'will you try' asks). "
        "The scanner's half (a stated plan is no question by its 'will') is rule ask-shapes'.",
        {"stated_plans": False},
        "Hand-written pooled (every file, 7,539 logged probes with intent_tune43 and "
        "intent_holdout43), off -> on: intent 6838 -> 6839 (+1 -0: 'ty will try tmrw'), "
        "resume and new thread unchanged. With ask-shapes' stated plans, against main: "
        "+1 -0 as well (the first version, any word but a subject after 'will', lost "
        "lists_holdout40 'will snapshot mode work if the container sits on lvm-thin': hence "
        "the closed class). intent_tune43 36 -> 37 of 42.",
        "dialogue.terse_reports.terse_report",
    ),
    (
        "but-announcements",
        "intent",
        "§5.2 §3.3",
        "Rule announcement-clauses widened: a short opening clause ending in a topic opener "
        "and at most three words may end at a bare 'but' (no comma: texting drops it) when a "
        "question opener or the speaker's own situation follows it ('random q but how do ppl "
        "parallel park', 'random question but my dog keeps eating grass, normal?'), as ', but' "
        "does: an announced new topic, EXPLORE and a new thread. Not 'something else but "
        "cheaper please' (a request for an alternative: no question or situation after it).",
        {"but_announcements": False},
        "Hand-written pooled (every file, 7,539 logged probes), off -> on: intent 6838 -> "
        "6839 (+1 -0: intent_tune43 'random q but how do ppl parallel park without hitting "
        "the kerb': EXPLORE), resume and new thread unchanged.",
        "dialogue.phrasing.announces_topic",
    ),
)
