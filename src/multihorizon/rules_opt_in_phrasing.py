"""Issue 15's phrasing rules that are registered with their evidence but off in ``Config()``
(their rows as ``rules_phrasing``'s, data for ``multihorizon.rules``; ``rules_phrasing``
re-exports them): on unseen conversations or in latency they cost more than they gained.
Like the registry, this imports nothing of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules_adder_topics import ADDER_TOPIC_OPT_IN_RULES
from .rules_rechecks import OPT_IN_RECHECK_RULES

__all__ = ["OPT_IN_PHRASING_RULES"]

# Rules registered with their evidence but off in Config(): on unseen conversations they
# lost more than they gained.
OPT_IN_PHRASING_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "understanding-checks",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a question whose last sentence opens "
        "(after 'wait', 'ok', 'sorry' ...) with one of CHECK_OPENERS ('so', 'so basically', "
        "'basically', 'you mean' or 'meaning' before an article or pronoun, 'that means', 'in "
        "short'; or a term and then 'meaning' or 'you mean') and puts a statement as a question "
        "is CLARIFY: the user restates the reply to check it ('so the batter is just "
        "the wall leaning in as it goes up?', 'wait, so I can skip the primer?', 'you mean the "
        "blue one?'). Not a question of its own: a verb put first or a condition or case right "
        "after the opener ('so should I ...', 'so if ...', 'so for zone 2 rides ...'), a "
        "wh-word opening a clause or before a verb put first, a verb put first at a clause's "
        "start but in a tag ('..., is that right?'), a new-topic marker. CHECK_OPENER_PHRASES "
        "mark Marker.CHECK_OPENER, so the native settle hands such a turn on.",
        {"understanding_checks": False},
        "Off -> on, pooled over every hand-written file (4,006 logged probes outside the stop's "
        "two new sets): intent 3654 -> 3657, 4 CLARIFY found ('so the batter is just the wall "
        "leaning in ...?', 'so cheddaring is a step ...?', 'So it never actually stops "
        "sinking, ...?', 'So the pilot can't really pick ...?'), 1 DRILL_DOWN lost ('So the "
        "derivative of sin(x²) would be cos(x²) times 2x?', a new case worked out); resume, new "
        "thread, tool target and references unchanged. clarify_tune35 (tuned on) 0.811 -> "
        "0.946; clarify_holdout35 0.723 -> 0.754 (not clean: see its header). A gate on a "
        "content word the reply used lost checks in the user's own words and no control. Opt-in: "
        "on the lead's unseen audits a15-a18 (stop 35) it lost 1 logged intent probe and "
        "gained none (217 -> 216 of 242), and its opener 'so' hands every turn holding it "
        "to the Python path.",
        "dialogue.understanding_checks.checks_the_reply",
    ),
    (
        "embedded-continues",
        "intent",
        "§5.2",
        "In a question, a CONTINUE marker that does not open its sentence (other words than an "
        "acknowledgement stand before it: CONTINUE_LEADS, text.continue_words) is part of the "
        "question's own words, no request to go on ('lifetime cover, how much more per month "
        "usually', 'what should I carry on the bike?', 'If the notice is served and they ignore "
        "it, then what?'); 'more tips?', 'Thanks, anything else I should know?', 'That worked. "
        "What's next?' still go on. The question is classified on its words. The native settle "
        "hands on every question with a CONTINUE hit (its adding gate reads every CONTINUE "
        "phrase anywhere).",
        {"embedded_continues": False},
        "Stop 35 (ddcont35), off -> on, pooled over every hand-written file but "
        "ddcont_holdout35 (4,006 probes): intent 3660 -> 3675, DRILL_DOWN read CONTINUE 67 -> "
        "52, CONTINUE read DRILL_DOWN 35 unchanged; resume, new thread, tool target and references "
        "unchanged. ALTERNATIVE_ASKS and MORE_ASKERS keep ../shared/data's requests for more of "
        "the same ('Can you find me more restaurants?'): sgd intent accuracy 0.717, macro-F1 "
        "0.669 -> 0.670 (0.587 without them). ddcont_holdout35 (written first, misses not read) "
        "with rule action-requests: see that rule. Opt-in (stop 35): the native settle "
        "hands every question holding a CONTINUE phrase to the Python path (the marker-dense "
        "bench turn no longer settles natively); pooled hand-written intent +15 with it on.",
        "dialogue.embedded_continues.embedded_continues",
    ),
    *ADDER_TOPIC_OPT_IN_RULES,  # stop 42: adder-topics (rules_adder_topics)
    *OPT_IN_RECHECK_RULES,  # stop 44: recheck-asks, plan-reports (rules_rechecks)
)
