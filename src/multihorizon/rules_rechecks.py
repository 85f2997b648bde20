"""Issue 15's rules of stop 44 (statements44: re-checks of the reply, reports of the user's own
progress), as data for ``multihorizon.rules`` (through ``rules_phrasing``, which appends them
to its rows): each entry is ``(id, stage, section, summary, off, evidence, function)``, the
arguments of one registry row. Like the registry, this imports nothing of the engine.

Figures: every hand-written file but statements_tune44 and statements_holdout44 pooled (the
lead's list, 153 files, 7,720 logged probes; ``tests/handwritten_scoring``; references: the
evaluation's references task, hashing), the rule's switch off -> on, everything else on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["OPT_IN_RECHECK_RULES"]


# Off in Config() (the stop's review): registered through rules_opt_in_phrasing.
OPT_IN_RECHECK_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "recheck-asks",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a question of at most 200 "
        "characters that opens (after 'ok', 'sorry' ...) by stopping on the reply "
        "(RECHECK_OPENERS: 'wait', 'hang on', 'hold on', 'just to check', 'to double check' "
        "...; RECHECK_SAID: 'you said', learners' 'you say', 'you mentioned') and asks about it "
        "again is CLARIFY when a word of the question is a content word of the last three "
        "replies: 'wait, does the grout go on before the spacers come out?', 'hang on is the 3 "
        "mm the gap or the tile thickness', 'You said a damp sponge, how damp exactly?'. A "
        "question: a '?' at its end, or a verb put first or a wh-word right after the opener "
        "(not after 'you said'). Not 'wait' as the verb ('wait a week?', 'wait till the "
        "weekend ...': RECHECK_WAIT_VERB after it with no comma), 'hold on to', something new "
        "after the opener ('what about', 'also', 'my', 'another': RECHECK_NEW), a request "
        "('can you', 'give me': RECHECK_ASKERS), advice or a judgement asked ('should', "
        "'worth', 'good': RECHECK_ADVICE), more asked ('else', 'more', 'next': RECHECK_MORE), "
        "more said after the question's '?' (the user argues: 'wait why can't they lie flat?? "
        "her dad had them in piles'), a new-topic marker. Questions without an opener ('why "
        "can't I ...', 'will it be quick') stay as §5.2 reads them. text.recheck_words; the "
        "openers join Marker.PLAIN_CLARIFY's phrases, so the native settle hands such a turn on.",
        {"recheck_asks": False},
        "Off -> on, pooled hand-written: intent 6972 -> 6973 of 7,720 ('hold on whats the yarn "
        "in front bit, like in front of what' CONTINUE -> CLARIFY), none lost (the first "
        "reading lost 'You said 176 for two persons, this is a good price for March or I should "
        "wait?' and 'Wait why can't they lie flat?? Her dad had them in piles for years haha', "
        "both DRILL_DOWN, hence RECHECK_ADVICE and the argument after '?'); resume, new thread, "
        "tool target and references unchanged. statements_tune44 "
        "(read while working): 'hang on is the 0.75 the chain or the cassette number', 'Wait, "
        "you say five each day, so all hiragana take me about ten days?', 'Just to check, is "
        "\"at your earliest convenience\" not a little old-fashioned?', 'wait why does the mat "
        "matter if ive got a warm bag' DRILL_DOWN -> CLARIFY. statements_holdout44 (written "
        "first): see the CHANGELOG.",
        "dialogue.recheck_asks.asks_a_recheck",
    ),
    (
        "plan-reports",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a statement of at most 200 "
        "characters with no '?' that opens (after acknowledgement and time words: 'Great, "
        "thanks.', 'ok', 'tomorrow', 'this evening': PLAN_FILLERS, PLAN_TIMES) with the user's "
        "own future (PLAN_HEADS: 'I'll', 'I will', 'I shall', 'I'm going to', 'gonna', 'we'll', "
        "a bare 'will') is CONTINUE when the plan points back ('it', 'them', 'that', 'both': "
        "PLAN_BACK) or names a content word of the last six turns: the user says their own "
        "next step on the thread ('ok I'll pick up a set on the way home, the shop shuts at 6', "
        "'will change them one by one tomorrow', 'Excellent. I shall use the director version "
        "tomorrow morning when I write to her.'), whatever details it carries. Not with a want "
        "or a state after the head ('I'll need', 'I'll be', 'I will have': PLAN_NOT_NEXT), a "
        "bare 'will' before anything but a plan's verb ('will the strings stretch', 'will "
        "snapshot mode work if ...': PLAN_WILL_VERBS), a new-topic, "
        "return or explain marker, nor a plan naming nothing the thread said ('I will paint "
        "the spare room next weekend.'). The native settle hands no plan on: "
        "session_intent._gated_rules_read asks the rule of every settled EXPLORE or "
        "DRILL_DOWN (a length and '?' test for most), and PLAN_OPENERS join the report openers.",
        {"plan_reports": False},
        "Off -> on, pooled hand-written: intent +3 of 7,720 ('Okay, I'll book it this week.', "
        "'Thank you, I shall order it this week.' EXPLORE -> CONTINUE; 'I'll get the "
        "standalone one then, my card has a high limit anyway' DRILL_DOWN -> CONTINUE), none "
        "lost (a first reading with any word after a bare 'will' lost 'will snapshot mode "
        "work if the container sits on lvm-thin', a question: hence PLAN_WILL_VERBS); resume, "
        "new thread, tool target and references unchanged. statements_tune44 (read while "
        "working): 'Excellent. I shall use the director version tomorrow morning when I write "
        "to her.' DRILL_DOWN -> CONTINUE. statements_holdout44 (written first): see the "
        "CHANGELOG.",
        "dialogue.plan_reports.reports_a_plan",
    ),
)
