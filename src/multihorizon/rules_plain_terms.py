"""Issue 15 item 1's rules of stop 41 (clarify41: asking what a term a recent reply used means,
in its unmarked forms), as data for ``multihorizon.rules`` (through ``rules_phrasing``, which
appends them to its rows): each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Like the registry, this imports nothing of
the engine.

Figures: every hand-written file but clarify_holdout41 pooled (``tests/handwritten_scoring``),
the rule's switch off -> on, everything else on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["PLAIN_TERM_RULES"]

_HELD = (
    " clarify_holdout41 (written first, misses not read): all three rules together 49 -> 54 of "
    "62 (intent 0.790 -> 0.871); see the CHANGELOG."
)


def _figures(pooled: str, holdout: int) -> str:
    """A rule's off -> on figures: pooled hand-written, then the hold-out."""
    return (
        "Off -> on, pooled hand-written (every file but clarify_holdout41, 6,535 logged probes; "
        f"tests/handwritten_scoring), everything else on: intent {pooled}; clarify_holdout41 "
        f"{holdout} -> 54 of 62."
    )


PLAIN_TERM_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "equation-checks",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a question of at most 140 "
        "characters whose first clause sets a term (at most six words, four content words, "
        "none of 'my', 'our', 'I' ...) equal to a reading with '=' (EQUATION_SIGNS) and whose "
        "reading runs to its '?' in fewer than eight words, not opening with a pronoun (the "
        "native settle's term-check gate: the turns it hands on), whatever follows the '?', "
        "is CLARIFY when one of the last three replies named the term and no user turn since "
        "did ('escrow = the lawyer holds the money? why not just pay the seller', 'the cap = "
        "per year or per claim?'). 'deposit = 25k, paid it today' asks nothing (CONTINUE).",
        {"equation_checks": False},
        _figures("5942 -> 5942 (no probe of another file changes)", 54)
        + " Its reach beyond rule term-checks is turns of 101 to 140 characters (the gate "
        "opens as far): 'the trub = the sludge at the bottom of the bucket? should i scrape it "
        "out or ...' DRILL_DOWN -> CLARIFY (test_clarify_unmarked_terms); no hold-out probe is "
        "that long." + _HELD,
        "dialogue.plain_terms.asks_an_equation",
    ),
    (
        "unfamiliar-terms",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a turn of at most 140 characters "
        "that states a term new to the user ('not familiar with', 'never heard of', 'no idea "
        "what', 'don't know the term' ... X: UNFAMILIAR_AFTER; 'X isn't something I've come "
        "across', 'X is new to me': UNFAMILIAR_BEFORE; an embedded 'what X' closing with "
        "'is', 'are' or 'means'), followed by nothing or by a clause that asks what it is "
        "(ASK_OPENERS, pointing back or asking to explain within six words: 'what is it', "
        "'could you explain what it covers'; not 'what do I need for it'), is CLARIFY when one "
        "of the last three replies named the term and no user turn since did ('never heard "
        "of a bain-marie, what is it', 'no idea what a fascia board is tbh'). A term no reply "
        "named stays as §5.2 reads it.",
        {"unfamiliar_terms": False},
        _figures("5942 -> 5942 (no probe of another file changes)", 50)
        + _HELD
        + " Its phrases are Marker.PLAIN_CLARIFY's "
        "(text.plain_term_words.PLAIN_TERM_PHRASES), so the native settle hands such a turn on.",
        "dialogue.plain_terms.asks_an_unfamiliar_term",
    ),
    (
        "clarify-objects",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a turn of at most 120 characters "
        "with 'clarify what' (CLARIFY_LEADS) and a clause after it that is not the user's own "
        "(no 'I', 'we', 'my' ...; not opening with 'you', 'to', 'should': OWN_ASKERS), whose "
        "content words (CLARIFY_OBJECT_SKIPPED aside: 'meant', 'counts', 'involves' ...) one "
        "of the last three replies named, at least one and half of them, is CLARIFY ('Could "
        "you clarify what is meant by a material change?', 'Can you clarify what the examiner "
        "expects in the viva?'). 'Could you clarify whether we need to file by March?' asks "
        "a fact (DRILL_DOWN).",
        {"clarify_objects": False},
        _figures("5942 -> 5942 (no probe of another file changes)", 53)
        + _HELD
        + " Its phrases are Marker.PLAIN_CLARIFY's, so the native "
        "settle hands such a turn on.",
        "dialogue.plain_terms.clarifies_an_object",
    ),
)
