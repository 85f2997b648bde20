"""Issue 15 item 1's rules of stop 40 (clarify40: asking what the reply's term means, in the
forms people use), as data for ``multihorizon.rules`` (through ``rules_phrasing``, which
appends them to its rows): each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Like the registry, this imports nothing of
the engine.

Figures: every hand-written file but clarify_holdout40 and clarify_tune40 pooled (6,071 logged
probes; ``tests/handwritten_scoring``), the rule's switch off -> on, everything else on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["MEANING_FORM_RULES"]

_POOLED40 = (
    "pooled hand-written (every file but clarify_holdout40 and clarify_tune40, 6,071 logged "
    "probes; tests/handwritten_scoring), the rule's switch off -> on, everything else on: intent "
)
_READ40 = (
    "Its phrases are Marker.PLAIN_CLARIFY's (text.term_form_words.TERM_FORM_PHRASES), so the "
    "native settle hands such a turn on to the Python path. clarify_holdout40 (written first, "
    "misses not read): all stop-40 rules together 48 -> 58 of 64, see the CHANGELOG."
)

# Stop 40 (clarify40, issue 15 item 1): the rows, in the order ``reply_reading`` reads them
# (meaning-qualifiers inside rule reply-term-asks, contrast-restatements inside confirm-checks).


def _figures(tune: int, holdout: int) -> str:
    """A rule's off -> on figures beyond the pooled ones (which no rule of the stop moves)."""
    return (
        f"5515 -> 5515 (no probe of another file changes); clarify_tune40 (tuned on) {tune} -> "
        f"19 of 20; clarify_holdout40 {holdout} -> 58 of 64"
    )


MEANING_FORM_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "meaning-qualifiers",
        "intent",
        "§5.2",
        "Rule meaning-asks widened (read where rule reply-term-asks reads): a 'what does X "
        "mean' may close with a qualifier after its 'mean' ('here', 'in this case', 'in "
        "practice', 'in this context' ...: MEANING_QUALIFIERS), so a guess may follow it ('what "
        "does a service charge mean here, we pay it monthly?'), and a term before 'means' "
        "embedded after 'not sure what', 'not entirely certain what', 'no idea what' ... "
        "(MEANING_EMBEDDERS) is the words after that 'what' ('I am not entirely certain what "
        "'accrued' means in practice. Is it the same as owed?'): CLARIFY when the reply just "
        "before used the term. 'what does the dog need here?' asks no meaning.",
        {"meaning_qualifiers": False},
        "Off -> on, " + _POOLED40 + _figures(18, 56) + ". " + _READ40,
        "dialogue.meaning_asks.meaning_term",
    ),
    (
        "versus-asks",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a question of at most 120 "
        "characters whose first clause is 'X vs Y' ('vs', 'versus') and which asks what tells "
        "them apart ('difference', 'diff', 'same' ...: DIFFERENCE_WORDS), X and Y each at most "
        "four content words or figures, every one of which one of the last three replies "
        "named and no user turn since, is CLARIFY ('ammonia vs nitrite, whats the actual "
        "difference?', 'ISO 400 vs 800, whats the difference in practice'). Two things the "
        "replies did not name ('oak vs ash, which burns longer?') stay DRILL_DOWN.",
        {"versus_asks": False},
        "Off -> on, " + _POOLED40 + _figures(19, 56) + ". " + _READ40,
        "dialogue.term_forms.asks_versus",
    ),
    (
        "role-asks",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, 'clarify' or 'explain' then 'the "
        "role of', 'the purpose of' or 'the function of' X (ROLE_FRAMES), X at most four "
        "content words one of the last three replies named and no user turn since, is "
        "CLARIFY ('Could you clarify the role of the surveyor?'); rule explain-new-content "
        "read 'role' as new ground. 'Could you set out the timetable?' asks for more "
        "(DRILL_DOWN).",
        {"role_asks": False},
        "Off -> on, " + _POOLED40 + _figures(18, 57) + ". " + _READ40,
        "dialogue.term_forms.asks_a_role",
    ),
    (
        "pointed-asks",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a turn of at most 120 characters "
        "whose first clause names a term (at most four content words, one of the last three "
        "replies', no user turn's since, none of 'my', 'our', 'I' ...) and whose next clause "
        "opens with an ask pointing back at it, what it looks like or what it is doing there "
        "('how does that look', 'what does it look like', 'what is it doing': POINTED_ASKS), "
        "is CLARIFY ('stir until ribbony, how does that look, mine goes lumpy', 'and the 's' "
        "in 'c'est', what is it doing there'). 'my batter, how does it look?' is the user's.",
        {"pointed_asks": False},
        "Off -> on, " + _POOLED40 + _figures(18, 56) + ". " + _READ40,
        "dialogue.term_forms.asks_back_pointed",
    ),
    (
        "lost-part-terms",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a turn of at most 120 characters "
        "with 'don't/didn't/do not get/catch the' X 'bit/part/thing/stuff' (LOST_LEADS, "
        "LOST_PARTS; the lexicon's lost-part phrases need 'about'/'on' after the part), X at "
        "most four content words one of the last three replies named and no user turn since, "
        "is CLARIFY ('I don't get the escrow bit, is it a bank account?').",
        {"lost_part_terms": False},
        "Off -> on, "
        + _POOLED40
        + _figures(19, 58)
        + " (no probe of either set changes: their lost parts hold 'rly' or a lexicon phrase; "
        "the brief's form: test_clarify_meaning_qualifiers). " + _READ40,
        "dialogue.term_forms.asks_about_a_lost_part",
    ),
    (
        "why-objections",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a turn of at most 120 characters "
        "that opens with 'why', 'y' or 'how come' and objects after its claim ('it's the "
        "same', 'it's only', 'it's just': OBJECTIONS; not 'tho', 'though': 'why would "
        "latexmk skip biber though' goes deeper), the claim (up to its "
        "clause's end or the objection) restating one of the last three replies (at least two "
        "of its content words and half, a shared four-letter start counting) and none of "
        "'my', 'our', 'I' ..., is CLARIFY: it asks why the reply's rule applies ('why does a "
        "new key mean a remount, it's the same component'). 'why is my glass black, its the "
        "same wood' is the user's own (DRILL_DOWN).",
        {"why_objections": False},
        "Off -> on, " + _POOLED40 + _figures(18, 57) + ". " + _READ40,
        "dialogue.term_forms.objects_to_the_reply",
    ),
    (
        "contrast-restatements",
        "intent",
        "§5.2",
        "Rule restating-checks widened: a check with an opener ('so', 'basically' ...; "
        "understanding-checks' reading) that restates the latest reply on both sides of 'but', "
        "'yet', 'whereas' or 'while' (RESTATING_CONTRASTS; each side names a reply word, the "
        "whole as restating-checks counts it), no verb or wh-word right after the contrast "
        "(CONTRAST_ASKS: '... but can I open the door?' asks on), is CLARIFY ('So the lease "
        "costs more per month but at the end I own nothing and walk away?'). The contrasts are "
        "Marker.CONFIRM_MARK's phrases (the native settle hands a turn of at most "
        "CONFIRM_CHARS ending in '?' on).",
        {"contrast_restatements": False},
        "Off -> on, " + _POOLED40 + _figures(18, 56) + ". clarify_holdout40 (written "
        "first, misses not read): all stop-40 rules together 48 -> 58 of 64.",
        "dialogue.confirm_checks.confirms_the_reply",
    ),
)
