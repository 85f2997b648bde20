"""Issue 15 item 1's rules of stop 42 (reports42: answers that pick an option the assistant's
question offered, reports that a party responded, and requests for more of the same put as
a statement), as data for ``multihorizon.rules``
(through ``rules_phrasing``, which appends them to its rows): each entry is ``(id, stage,
section, summary, off, evidence, function)``, the arguments of one registry row. Like the
registry, this imports nothing of the engine.

Figures: every hand-written file before stop 42 pooled (``tests/handwritten_scoring``,
/work/notes/s42 tools), the rule's switch off -> on, everything else on; reports_holdout42
(written before the rules, misses not read) and reports_tune42.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["OPTION_PICK_RULES"]

OPTION_PICK_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "option-picks",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply in the active thread whose last "
        "sentence asks the user to choose (a '?' sentence with 'or'/'vs' or 'which': 'Which "
        "fits him best: the camping trip, the wedding, or something from uni?'), a statement "
        "of at most 80 characters with no '?' that picks an option answers it: 'the camping "
        "trip, definitely', 'uni, when he dyed his hair green for a bet', 'when he locked "
        "himself out in just a towel', 'the light one, the sun comes straight in': CONTINUE "
        "(§5.2, house convention: an answer to the assistant's question), where the scan read "
        "it as a question by its form (a topic and a comment, a clause opening with 'when') "
        "or as a pointer at an item, DRILL_DOWN. Its first clause, leads aside ('defo', "
        "'probably', 'I'd say'), names a content word of the question or describes an "
        "episode ('when'/'where'/'while' and a subject with no modal after it; 'the time "
        "she ...'). Not a turn with an asking word anywhere (text.pick_answer_words."
        "PICK_ASKS: 'how', 'which', 'or', 'tips' ...), a clause that opens with a question "
        "opener or an order ('the wedding, is it too much', 'the camping trip. write it up "
        "for me'), or a marker of a move, a meaning check or a pointer at a turn, action or "
        "output. The session hands such a turn past the native settle (the terse gate: "
        "session_intent._gated_rules_read asks the rule for an EXPLORE or DRILL_DOWN code).",
        {"option_picks": False},
        "Pooled hand-written (every file before stop 42, 7,044 logged probes), off -> on: "
        "intent 6401 -> 6401, resume 531/612, new thread 608/681, tool 442/480 unchanged (no "
        "file before stop 42 holds such a pick after a choice question). reports_holdout42 "
        "(written first, misses not read) 63 -> 63 of 72; reports_tune42 37 -> 38 of 43 "
        "('the socket one, two double sockets by the skirting'); the stop's probe set of picks "
        "after choice questions (tests/test_picks_and_responses.py) 0 -> 7 of 7 picks, its 7 "
        "controls "
        "(picks that ask, order or weigh the options) unchanged.",
        "dialogue.option_picks.picks_an_option",
    ),
    (
        "response-reports",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply in the active thread that offered no "
        "other help, a statement of at most 80 characters with no '?' whose first clause says a "
        "party responded: a noun-phrase subject ('the'/'my'/... or none, one to three words, "
        "no pronoun, no party of the user's own life: text.response_words."
        "RESPONSE_OWN_PARTIES, 'my boss', 'the school') and a verb of a reply, a call or a "
        "visit (RESPONSE_VERBS: 'replied', 'emailed', 'rang', 'came', 'arrived', 'quoted' "
        "...; 'got back', 'turned up'): 'the engineer came, says the pump motor has gone', "
        "'the manufacturer replied, warranty ran out in june', 'agent emailed, the contractor "
        "can start on the 12th', 'Currys got back to me, they'll send someone friday': CONTINUE "
        "(§5.2, house convention: what came of the advice, even with new nouns), where the scan "
        "read it as a question by its form (a topic 'the engineer came,' and a comment) or, its "
        "words new to the thread, EXPLORE (rule noun-reports wants a thread word). Not a turn "
        "with an asking word anywhere (rule option-picks' PICK_ASKS), a later clause that opens "
        "with a question opener or an order ('the engineer came, should I pay him cash'), or "
        "a marker of a move, a meaning check or a pointer at a turn, action, output or item "
        "(the RESUME marker's 'back to' inside 'got back to me' aside). The session hands such "
        "a turn past the native settle (the terse gate: session_intent._gated_rules_read asks "
        "the rule for an EXPLORE or DRILL_DOWN code).",
        {"response_reports": False},
        "Pooled hand-written (every file before stop 42, 7,044 logged probes), off -> on: "
        "intent 6401 -> 6401, resume 531/612, new thread 608/681, tool 442/480 unchanged. "
        "reports_holdout42 (written first, misses not read) 63 -> 63 of 72; reports_tune42 38 "
        "-> 39 of 43 ('agent came round, the inventory check is on the 28th'); the stop's probe "
        "set of reports after advice (tests/test_picks_and_responses.py) 0 -> 5 of 5 reports, its "
        "4 "
        "controls unchanged. A first version read calls of the user's own life ('my boss "
        "emailed, wants me in early tomorrow', gold EXPLORE) as reports: RESPONSE_OWN_PARTIES "
        "leaves them.",
        "dialogue.response_reports.reports_a_response",
    ),
    (
        "more-like-requests",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply in the active thread, a statement of "
        "at most 80 characters with no '?' that opens (leads such as 'ok great' aside) with a "
        "want (text.more_like_words.MORE_WANTS: 'I need', 'I'd like', 'need', 'want', "
        "'gimme' ...), then at most a quantity ('a couple', 'some', '2'), 'more', at most "
        "three words and 'like'/'similar' with a pointer at a thing given ('the', 'that', "
        "'those' ...): 'I need a couple more exercises like the calf raises', 'need a few more "
        "like the squats' asks for more of the same kind: DRILL_DOWN (§5.2, house convention, "
        "as rule more-requests reads 'could you give me two more like the squats'), where "
        "§5.2's bare 'more' read CONTINUE. Not 'feels more like the knee cap' (no want), 'I "
        "need more time to rest it' (no tie to a given thing), or a marker of a move, a "
        "meaning check or a pointer at a turn, action or output. The session hands such a turn "
        "past the native settle (rule terse-reports' gate, session_intent._terse_rules_read).",
        {"more_like_requests": False},
        "Pooled hand-written (every file before stop 42, 7,044 logged probes), off -> on: "
        "intent 6401 -> 6402 (+1 -0, in reports_holdout42), resume 531/612, new thread "
        "608/681, tool 442/480 unchanged. reports_holdout42 (written first, misses not read) "
        "63 -> 64 of 72; reports_tune42 39 -> 40 of 43 ('I need a couple more sessions like "
        "the 800s one'); the stop's probe set (tests/test_picks_and_responses.py) 0 -> 3 of 3 "
        "requests, "
        "its 3 controls ('feels more like the knee cap ...') unchanged.",
        "dialogue.more_likes.asks_more_alike",
    ),
)
