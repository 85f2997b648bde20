"""Issue 15 item 1's rules of stop 41 (reports41: reports, answers and reactions after advice,
and added questions on a new event), as data for ``multihorizon.rules`` (through
``rules_phrasing``, which appends them to its rows): each entry is ``(id, stage, section,
summary, off, evidence, function)``, the arguments of one registry row. Like the registry, this
imports nothing of the engine.

Figures: every hand-written file before stop 41 pooled (6,535 logged probes;
``tests/handwritten_scoring``, /work/notes/s41 tools), the rule's switch off -> on, everything
else on; reports_holdout41 (written before the rules, misses not read) and reports_tune41.
../shared/data (tools/eval_all.py, hashing, the three rules on): every row as in the README
table (sgd intent macro-F1 0.672, resumption 0.920, shift F1 0.529; tiage 0.476; dialseg711
0.629; CAsT intent 0.758/0.869/0.882; swda 0.679).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["REACTION_RULES"]

REACTION_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "item-reactions",
        "intent",
        "§5.2",
        "In an assistant chat of two, a statement of at most 80 characters with no '?' right "
        "after a reply in the active thread (no open offer) whose subject is an item of the "
        "reply, 'the'/'that'/'this' and one to four words (an ordinal, '... one', or a word the "
        "reply used, a compound it hyphenated too), then a finite verb of "
        "text.reaction_words ('is', 'kills', 'hurt', 'made', 'worked' ...), says how that item "
        "went: 'the third exercise kills my wrist haha', 'the rice bucket one is brutal lol': "
        "CONTINUE (§5.2, house convention: a reaction to the advice), where the scan read its "
        "pointer at an item as DRILL_DOWN. Not a turn with an asking word anywhere ('the lich "
        "one, how do i make him scary'), no verb ('the second one please'), a word of not "
        "understanding ('the second step is confusing'), or a marker of a move or of a turn, "
        "action or output. The session hands such a turn past the native settle (rule "
        "terse-reports' gate, session_intent._terse_rules_read).",
        {"item_reactions": False},
        "Pooled hand-written (every file before stop 41, 6,535 logged probes), off -> on: "
        "intent 5947 -> 5949 (+2 -0: 'The second coat went on this morning and the grain "
        "already looks much richer.', 'the chicken trick worked, bowl empty in two minutes'), "
        "resume 515/593, new thread 575/645, tool 390/419 unchanged. reports_holdout41 "
        "(written first, misses not read) 61 -> 62 of 74; reports_tune41 39 -> 40 of 43.",
        "dialogue.item_reactions.reacts_to_an_item",
    ),
    (
        "noun-reports",
        "intent",
        "§5.2",
        "Rule outcome-reports also reads a clause whose subject is a noun phrase: 'my'/'our'/"
        "'the'/'his'/'her'/'their', one to three words that are no verb ('is', 'needs', "
        "'will' ...) nor an '-ing' form, then a past form or 'has' and one ('my manager signed "
        "it off this morning', 'the vet has booked an x-ray for monday'; 'signed', 'booked' "
        "count after such a subject): a report on the advice, CONTINUE, right after a reply. "
        "It must take up the advice: a word pointing at its thing ('it', 'them'; not "
        "'his'/'her' or a relative 'that': 'my son broke his arm') or a word the thread or "
        "the reply used. A statement that opens with the noun phrase is read only up to 80 "
        "characters with no '?' (the terse gate hands those past the native settle; 'my' and "
        "'the' are no report openers, so the common statement still settles natively); one "
        "that opens with a report opener ('And the house stuff: the damp specialist quoted "
        "...') up to rule outcome-reports' length. Placement keeps such a CONTINUE in its "
        "thread (rule possessed-topics reads its 'our' as no new topic of the speaker's).",
        {"noun_reports": False},
        "Pooled hand-written (every file before stop 41, 6,535 logged probes), off -> on: "
        "intent 5944 -> 5949 (+5 -0: 'The physio booked me for an MRI, here's the radiology "
        "report.', 'The revised bill has arrived; it is now 1,140 pounds for the year.', 'The "
        "doctor looked in the ear, no wax, ...', 'And the house stuff: the damp specialist "
        "quoted £3,400 ...', '... the hay man came again today, late as usual'), resume, new "
        "thread and tool unchanged. reports_holdout41 62 -> 62 of 74; reports_tune41 38 -> 40 "
        "of 43. A first version read 'hasnt eaten' as a past form after the noun phrase "
        "('my leopard gecko hasnt eaten in 9 days, ...', gold EXPLORE): negated auxiliaries "
        "end it. A first version made 'my'/'the' report openers of the native settle: the "
        "bench's plain statement ('The staging cluster runs three etcd members ...') no longer "
        "settled natively, hence the terse gate's 80 characters.",
        "dialogue.outcome_reports.reports_an_outcome",
    ),
    (
        "event-adders",
        "intent",
        "§5.2 §3.3",
        "Rule adder-questions also reads 'the' and one word new to the conversation before a "
        "past form of an event ('also the boiler broke last night, what now?', 'also the pipe "
        "burst ...'; text.adder_words ADDER_EVENTS for the past forms that are their own base) "
        "as a thing of its own, so the rule's other tests decide (at least two content words, "
        "none the thread's or the reply's, the question naming nothing of the thread): EXPLORE "
        "and a new thread, where the 'the' pointer read it as a question on the thread "
        "(DRILL_DOWN). 'also the dough is sticky, ...?' (no past form, a word of the thread) "
        "stays on it.",
        {"event_adders": False},
        "Pooled hand-written (every file before stop 41, 6,535 logged probes), off -> on: "
        "every figure unchanged (intent 5949, new thread 575/645); reports_holdout41 and "
        "reports_tune41 unchanged (62 of 74, 40 of 43). On the stop's probes after dog-limp "
        "advice ('also the boiler broke last night, what now?', 'also the dishwasher flooded "
        "the kitchen yesterday, who do I call?': DRILL_DOWN -> EXPLORE and a new thread; the "
        "controls 'also the dog ate a sock yesterday, is that related?', 'also the paw bled "
        "a bit ..., is that bad?' stay DRILL_DOWN: tests/test_reactions_and_event_adders.py).",
        "dialogue.adder_questions.added_question",
    ),
)
