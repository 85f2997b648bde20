"""The rules of stop 36's answers work (SPEC-028 §5.2: a statement that answers the question
the reply asked, or reports what came of its advice, is CONTINUE), as data for
``multihorizon.rules`` (``rules_phrasing`` re-exports them): each entry is ``(id, stage,
section, summary, off, evidence, function)``, the arguments of one registry row. Like the
registry, this imports nothing of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["ANSWER_RULES"]

ANSWER_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "reply-answers",
        "intent",
        "§5.2",
        "In an assistant chat of two, a statement of at most 400 characters right after a "
        "reply in the active thread that ends by asking the user something (its last "
        "character before closing quotes is '?', and it is no open offer such as 'Anything "
        "else?') answers it: CONTINUE (§5.2 'same thread, extend it'), whatever its words, "
        "not EXPLORE for its low similarity nor DRILL_DOWN for a word pointing back ('two "
        "handles, only the hot one drips'), so it stays. Not a question, a request (the "
        "request rules read first), a turn with a marker of a move, a first clause of "
        "otherness ('Separately, ...') or of another party's second matter ('my daughter "
        "also needs braces'), or a statement that asks after all ('wants to know', 'tips'). "
        "After such a reply in the active thread the native settle hands on only a "
        "statement it calls EXPLORE or DRILL_DOWN (settle's statement_codes), so it reaches "
        "the rule; it answers every other code, and questions, itself (stop 37).",
        {"reply_answers": False},
        "Counted over every hand-written file before the rule: a user statement right after "
        "a reply ending in '?' is gold CONTINUE 39 times, DRILL_DOWN twice (quiz requests) "
        "and EXPLORE never. Hand-written pooled (every file, 4,417 logged probes, "
        "/work/notes/s36 tools), off -> on (rule long-reports on): intent 4012 -> 4026 (9 "
        "CONTINUE read EXPLORE or DRILL_DOWN in older files, 5 in answers_holdout36), none "
        "lost; resume 347/413, new thread 391/443, tool 254/266 and references unchanged. "
        "answers_holdout36 (written first, misses not read): 0.721 -> 0.794. "
        "../shared/data (tools/eval_all.py, hashing), both rules off -> on, every move: "
        "dialseg711 shift F1 0.632 -> 0.630, pairwise 0.579 -> 0.576; sgd shift F1 0.526 -> "
        "0.525, pairwise 0.741 -> 0.739; locomo recall@5 0.618 -> 0.629, recall@20 0.759 -> "
        "0.764, hit@10 0.741 -> 0.739; sgd intent, resumption, tiage and the rest unchanged. "
        "Without the offer words of a reply's last question ('Any other help you want?') and "
        "the orders and 'please' of a statement, sgd intent accuracy 0.717 -> 0.715 (its "
        "requests after 'Do you want to book ...?' read CONTINUE).",
        "dialogue.reply_answers.answers_the_reply",
    ),
    (
        "long-reports",
        "intent",
        "§5.2",
        "Rule outcome-reports reads a statement of up to 240 characters (not 80) whose first "
        "word may open a report ('I reboiled it for another twelve minutes and it wrinkles on "
        "the saucer now, though it is rather dark.'): a report after advice may run to a few "
        "clauses. Every other check of the rule stands (a clause of a thing done or handed "
        "over, nothing asked for, no move, it takes up the reply or its thread). The native "
        "settle hands on a statement that long by its first word (its seventh length).",
        {"long_reports": False},
        "Hand-written pooled (every file, 4,417 logged probes), off -> on (rule "
        "reply-answers on): intent 4020 -> 4026 (6 reports of 82 to 190 characters read "
        "EXPLORE: 'I reboiled it for another twelve minutes and it wrinkles on the saucer "
        "now, though it is rather dark.'), none lost; resume, new thread, tool and "
        "references unchanged; answers_holdout36 0.794 -> 0.794. ../shared/data (hashing): "
        "dialseg711, sgd and tiage thread rows and sgd intent unchanged (the real-data moves "
        "of the stop are rule reply-answers').",
        "dialogue.outcome_reports.outcome_chars",
    ),
)
