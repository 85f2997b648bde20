"""Issue 15 item 1's rules of stop 42 (clarify42: meaning checks in more forms, and the reply
they ask about), as data for ``multihorizon.rules`` (through ``rules_phrasing``, which
appends them to its rows): each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Like the registry, this imports nothing of
the engine.

Figures: every hand-written file but clarify_holdout42 and clarify_tune42 pooled
(``tests/handwritten_scoring``; references: the evaluation's references task, hashing), the
rule's switch off -> on, everything else on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["CLARIFY_ECHO_RULES"]

_POOLED = (
    "Off -> on, pooled hand-written (every file but clarify_holdout42 and clarify_tune42, "
    "6,972 logged probes; tests/handwritten_scoring), everything else on: intent 6338 -> 6338 "
    "(no probe of another file changes). "
)
_HELD = (
    " clarify_holdout42 (written first), the three rules together against main's code: intent "
    "49 -> 52 of 65 (0.754 -> 0.800), references 27 -> 27 of 28."
)


CLARIFY_ECHO_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "surprise-echoes",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a turn of at most 160 characters "
        "that opens in surprise (SURPRISE_LEADS: 'wait', 'hang on', 'hold on', 'whoa' ...) or "
        "with a clause stating a confusion (CONFUSION_WORDS: 'I do not quite follow;', 'I'm "
        "puzzled,'), restates something as a question (2 to 16 words to its first '?', not "
        "opening with a verb put first, a wh-word or a coordinator: ECHO_OPENERS), and then "
        "asks how or why within three words (REASON_ASKS: 'how does it know', 'but why would "
        "that be') is CLARIFY when at least one content word of the restatement, and a third "
        "of them, are the reply's: the user checks their reading of what the reply said "
        "('hang on, the valve shuts itself when it's full? how does it know'). 'wait, it "
        "worked??' (no how/why) and 'hold on, should I lower the float? how far' (a question "
        "of its own) stay as §5.2 reads them.",
        {"surprise_echoes": False},
        _POOLED + "clarify_tune42 (read while working): 'wait the valve turns itself off when it's "
        "full? how does it know' and 'hang on, the employer's part just disappears if I leave "
        "early? how is that allowed' DRILL_DOWN -> CLARIFY. Its phrases are "
        "Marker.PLAIN_CLARIFY's (text.surprise_words.SURPRISE_PHRASES: 'wait' only before a "
        "word that opens an echo, never 'wait for' or 'wait a'), so the native settle hands "
        "such a turn on." + _HELD,
        "dialogue.surprise_echoes.asks_a_surprise_echo",
    ),
    (
        "unfamiliar-forms",
        "intent",
        "§5.2",
        "Rule unfamiliar-terms widened to formal and learners' statements: 'I do not know this "
        "word X', 'not acquainted with X' (FORMAL_AFTER), 'X is unfamiliar to me', 'X is not "
        "familiar to me' (FORMAL_BEFORE); and the term read without the words that name its "
        "kind (TERM_HEADS: 'the reinstatement procedure' -> 'reinstatement', 'the concept of "
        "an arbitration clause' -> 'arbitration clause', 'the term escrow' -> 'escrow'), so "
        "the reply's term is found: 'I am not familiar with the reinstatement procedure; "
        "could you explain what it entails?' is CLARIFY.",
        {"unfamiliar_forms": False},
        _POOLED + "clarify_tune42: no probe changes (its tribunal probe's term was the user's "
        "own first). Its phrases join Marker.PLAIN_CLARIFY's ('acquainted with', 'unfamiliar "
        "to me', 'know this word' ...)." + _HELD,
        "dialogue.plain_terms.asks_an_unfamiliar_term",
    ),
    (
        "clarify-targets",
        "references",
        "§4.1",
        "A CLARIFY turn's term (meaning-asks': 'steady meaning what pace, like jogging?'; "
        "'what do you mean by/that X', 'could you clarify what you mean when you say X' "
        "(MEANT_LEADS, up to the clause's end or a hedge: MEANT_STOPS); a clarify object's; an "
        "unfamiliar term's; a surprise echo's) points at the assistant turn within 40 turns "
        "holding the most of its content words (at least one, and half of them), then the one "
        "saying its last word (its head: 'lapses' in 'the policy lapses'), then the earliest "
        "(the reply that introduced the term, §4.1), put first among the antecedents, before "
        "the turn's resolved references, unless one of them is a pick or a tool's: an older "
        "turn that shares only a noun of the question ('pace', 'policy') is not what it asks "
        "about. A recall ('what was that X again?') stays rule term-origins' (the reply that "
        "brought X).",
        {"clarify_targets": False},
        "Off -> on: the lead's audit sets a15-a55 (references acc@1, written before the rule, "
        "hashing) 603 -> 605 of 746 (a42, a48), none lost (the helper's first form, the latest "
        "reply among ties, lost two first-use labels there and terms_tune37's t37-executor); "
        "clarify_holdout42 27 -> 27 of 28; intent, resume, new thread and tool target "
        "unchanged (antecedents only). "
        "../shared/data references acc@1 (hashing): trec_cast_2021 0.745 -> 0.750, "
        "trec_cast_2019 0.657, trec_cast_2020 0.671 and sgd 0.775 unchanged." + _HELD,
        "dialogue.clarify_targets.clarify_target",
    ),
)
