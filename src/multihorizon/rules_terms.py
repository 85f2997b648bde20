"""Issue 15 item 1's rules of stop 37 (checks37: meaning questions in learners' and terse
English, checks closed by "nothing more?", and the turn a term question is about), as data for
``multihorizon.rules`` (through ``rules_phrasing``, which appends them to its rows): each entry
is ``(id, stage, section, summary, off, evidence, function)``, the arguments of one registry
row. Like the registry, this imports nothing of the engine.

Figures: every hand-written file but terms_holdout37 and terms_tune37 pooled (4,690 logged
probes, ``tests/handwritten_scoring``; 2,559 reference probes), the rule's switch off -> on,
everything else on; terms_holdout37 (written first, misses not read) and terms_tune37 (tuned
on) apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["TERM_RULES"]

TERM_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "closing-checks",
        "intent",
        "§5.2",
        "Rule confirm-checks' closing tags widened: a restatement closed, after a clause end "
        "or as a sentence of its own, by a tag saying it is all there is ('so the fee is "
        "merely 2% of the price, nothing more?', 'so that's all it costs, 40 a month, nothing "
        "extra?', '... thats the lot?', '..., is that all?', '... nothing more to it?') is a "
        "check: CLARIFY, read as confirm-checks reads its tags (an opener 'so' ..., or with "
        "none a word of the reply: 'only the one form then, that's it?'). Inverted questions "
        "('so is 2% a good rate?'), 'anything else I should add?' and a tag with no clause "
        "end before it ('Is there nothing else?') stay as they were. text.check_words "
        "CLOSING_CHECKS (among CONFIRM_TAGS, so Marker.CONFIRM_MARK hands such a turn on); "
        "'yes' was left out (a mark on too many turns: the native settle's share).",
        {"closing_checks": False},
        "Off -> on: terms_holdout37 logged intent 49 -> 52 of 69 (every probe 52 -> 55 of "
        "80), terms_tune37 21 -> 22 of 29; pooled hand-written intent 4279 of 4690 both ways "
        "(no probe moved), references, resume, new thread and tool target unchanged.",
        "dialogue.confirm_checks.confirms_the_reply",
    ),
    (
        "learner-meaning-asks",
        "intent",
        "§5.2",
        "Rule meaning-asks' kernels widened with the meaning questions of learners' and terse "
        "English, read by the same scan: statements that the word is unknown with the term "
        "before them ('this word X I don't understand', 'X, this I don't know what it is', "
        "'X I still don't get', 'the letters X mean nothing to me', 'X being what exactly'), "
        "read only when the rest of the clause is a closed class of tails ('I don't "
        "understand why it crashes' names no word), and kernels with the term after them ('X, "
        "what is meaning?', 'never heard of X', 'I don't know the word X'). A lead naming "
        "the term a word ('this word', 'the letters') and hedges before the kernel ('I "
        "still') are taken off; a comparison after the kernel ('what means more to buyers, "
        "price or location?') asks no meaning. As meaning-asks: CLARIFY when the reply just "
        "before brought every word of the term and no user turn used them; a statement form "
        "names the word as one, so any earlier reply's word counts. text.meaning_words "
        "LEARNER_*; the kernels and asking words go to the native settle's meaning gate "
        "(data), so it hands such a turn on.",
        {"learner_meaning_asks": False},
        "Off -> on: terms_holdout37 logged intent 51 -> 52 of 69 (every probe 54 -> 55 of "
        "80), terms_tune37 20 -> 22 of 29; pooled hand-written intent 4279 of 4690 both ways "
        "(no probe moved); references, resume, new thread and tool target unchanged.",
        "dialogue.meaning_asks.meaning_term",
    ),
    (
        "term-recalls",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a question that recalls a term "
        "('what was that ISA thing you mentioned?', 'what were those X you said', 'what was "
        "the X again': a lead 'what was that/the', 'what's that' ... and the term up to "
        "'thing', 'bit', 'you', 'again' ...) or asks to have one explained ('Can you explain "
        "what ESOP is and how it differs from an EMI scheme?', 'remind me what X was'; no "
        "pronoun or auxiliary in the term) is CLARIFY when an assistant turn used every word of "
        "the term and no user turn did. 'what was the name of the dealer?' (no recall word) "
        "asks for content. text.term_origin_words; the leads mark Marker.TERM_RECALL, so the "
        "native settle hands such a turn on.",
        {"term_recalls": False},
        "Off -> on: terms_holdout37 every probe (the evaluation's intent task: its recall "
        "probes follow the last logged turn) 52 -> 55 of 80, logged intent 52 of 69 both "
        "ways; terms_tune37 unchanged; pooled hand-written intent 4279 of 4690 both ways (no "
        "probe moved). Native settle: 352 -> 347 of 1,107 speaker-less user turns of "
        "../shared/data settled natively with the three intent rules of the stop "
        "(bench/settle_fraction.py).",
        "dialogue.term_origins.recalls_a_reply_term",
    ),
    (
        "term-origins",
        "references",
        "§4.1",
        "A question about a term the conversation brought (rule meaning-asks' term, with "
        "learner-meaning-asks' forms, else term-recalls': 'what was that ISA thing you "
        "mentioned?', 'Can you explain what ESOP is and how it differs from ...?', \"sorry, "
        "'vesting' is what exactly?\") is about the turn that first used every word of the "
        "term within 40 turns, put first among the antecedents, when that turn is an "
        "assistant's (a user's own word leaves them as they were) and no reference of the turn "
        "is a tool's or an ordinal's. 'you mentioned' resolves to the latest reply naming the "
        "term; the term's first use is where it was brought and explained.",
        {"term_origins": False},
        "Off -> on: terms_holdout37 references acc@1 15 -> 19 of 19, terms_tune37 5 -> 7 of "
        "8; pooled hand-written references 2275 of 2559 both ways (no probe moved).",
        "dialogue.term_origins.term_origin",
    ),
)
