"""Questions about what an output's lines hold, whose words the summing-up reply repeated
(SPEC-028 §4.1 tool, §4.2; rule output-content-words; issue 15 item 1).

"does the drip run on tuesdays" after a watering schedule, "Which ones can be cancelled free
of charge?" after a hotel search, "what indexes does order_items have" after a table listing:
the question names no tool and says no "the result", and its words are in the output's lines
(keys, values, headers) but also in the assistant's reply summing it up, so rule
output-details (a word no logged turn said, or two words no reply holds as many of) finds
nothing. The question is about the output when its words are mostly the output's own: half
of its content words or more are held by one output ("who pinned semver" after a git log),
or, for a short question (three content words at most), the noun of its definite noun phrase
("the drip", "the humidity") is. A general or advice question sharing the topic shares fewer
of its words ("whats the lowest temp tomato plants can take before they get damaged" holds
two of six after a sensor table of tomatoes), or says what it asks by a word that
``asks_content`` refuses: a reason, advice or second-person word, a meaning, difference or
judging word ("mean", "different", "normal", "worth"), a pronoun or demonstrative (rules
pronoun-details and introduced-outputs read those), the asker's own lot ("Will I need
surgery for the tear?"); a question of habit never reaches it (rule general-questions).

Which output: the one holding the most of the words, each word weighted by its rarity among
the outputs (a word two outputs hold counts half for each), the newest among equals: "what
indexes does order_items have" is the table listing its indexes, though the slow-query log
names order_items too. A word holds when an output holds it, a compound part or value form of
it (rules compound-output-words, output-value-forms), or an output word sharing its first
five letters ("renew" of "renewals_left", "cancelled" of "free_cancellation").

Costs one pass over the scratch buffer's cached entry words; each output's five-letter
prefixes are computed once and cached with its words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from ..text.tokens import normalise_term
from ..tiers.scratch import ScratchEntry
from .compound_words import compound_parts
from .features import TurnFeatures
from .fresh_outputs import asks_reason, question_words
from .output_values import output_value_forms
from .summing_replies import asks_reasons, said_since
from .tool_references import entry_words
from .turnlog import TurnLog

__all__ = ["asks_content", "content_holder", "held_content"]

# The most content words a question may have for this reading (longer ones carry their own
# subject); the most a question with a definite noun the output holds may have.
_MOST_TERMS = 6
_DEFINITE_TERMS = 3
# A question's words read for a meaning or judging word, its characters read for its opener.
_MAX_WORDS = 48
_OPENER_CHARS = 24
_REASON_CHARS = 400
_MEANING = frozenset(
    ("mean", "means", "meaning", "meant", "measure", "measures", "measuring", "different",
     "difference", "normal", "typical", "ideal", "recommended", "worth", "safe")
)  # fmt: skip
# A pronoun or demonstrative names the question's thing by itself ("the 145 bpm cap, is that
# from my max or a formula"): rules pronoun-details and introduced-outputs read those.
_POINTING = frozenset(("it", "its", "that", "this", "these", "those", "they", "them"))
# "Will I need surgery ...?", "do we have to ...?": the asker's own lot (closed classes).
_OWN_MODALS = frozenset(("will", "would", "do", "am", "must", "shall", "might", "may"))
_ASKERS = frozenset(("i", "we"))
# Letters two words must share at their start to count as one (a stem).
_PREFIX = 5


def content_holder(
    features: TurnFeatures, entries: Sequence[ScratchEntry], log: TurnLog, *, forms: bool = False
) -> int:
    """The index in ``entries`` of the output a question's content words are mostly the
    words of (see the module), else -1. An output counts only when one word it holds was
    first said after it ("was there a mismatch?" after the user asked about a checksum
    mismatch names the user's topic) and no turn after its summing-up reply said another
    of the question's words ("does a scrub fix the mismatch?" after "Run a scrub": the talk
    moved on; ``summing_replies.said_since``)."""
    terms = frozenset(features.terms)
    if not terms or len(terms) > _MOST_TERMS or not asks_content(features.text):
        return -1
    definite = terms.intersection(features.definite_terms)
    helds = [held_content(entry, terms, forms=forms) for entry in entries]
    holders = Counter(term for held in helds for term in held)
    best, top = -1, 0.0
    for index, held in enumerate(helds):
        covers = 2 * len(held) >= len(terms)
        named = len(terms) <= _DEFINITE_TERMS and not definite.isdisjoint(held)
        if not (covers or named) or not _own_word(held, entries[index].turn_id, log):
            continue
        if said_since(terms - held, entries[index].turn_id, log):
            continue
        weight = sum(1.0 / holders[term] for term in held)
        if weight >= top:  # the newest among equals
            best, top = index, weight
    return best


def _own_word(held: frozenset[str], turn_id: int, log: TurnLog) -> bool:
    """Whether a word of ``held`` was first said after the turn the output came after."""
    for term in held:
        turns = log.turns_mentioning(term)
        if not turns or turns[0] > turn_id:
            return True
    return False


def asks_content(text: str) -> bool:
    """Whether a question may ask what an output holds: not for a reason, advice or the
    assistant (``fresh_outputs.asks_reason``: "why do the bottles need to lie down?"; "can
    be" is a property, "Which ones can be cancelled?"), nor a reason or risk noun ("is there
    any risk in ignoring the mismatch?": ``summing_replies.asks_reasons``); not what a word
    means, how things differ or should be ("LCL means we share the container?", "What's
    different about worker-3?", "what's a normal pressure for a combi?"); not pointing by a
    pronoun or demonstrative (``_POINTING``); not about the asker's own lot ("Will I need
    surgery for the tear?": a modal or auxiliary, then "I" or "we"). Reads the first 400
    characters."""
    # "Which ones can be cancelled free of charge?" asks a property, not what one can do.
    head = text[:_REASON_CHARS].casefold()
    if asks_reason(head.replace(" can be ", " are ")) or asks_reasons(head):
        return False
    words = question_words(head, _MAX_WORDS)
    if not (_MEANING.isdisjoint(words) and _POINTING.isdisjoint(words)):
        return False
    first = text[:_OPENER_CHARS].casefold().split()[:2]
    return not (len(first) == 2 and first[0] in _OWN_MODALS and first[1] in _ASKERS)


def held_content(
    entry: ScratchEntry, terms: frozenset[str], *, forms: bool = False
) -> frozenset[str]:
    """The words of ``terms`` an output holds: its words, their compound parts, its value
    forms (``forms``) or a word sharing the first five letters."""
    name, content = entry_words(entry)
    held = terms & (name | content)
    rest = terms - held
    if rest:
        held |= rest & compound_parts(content)
    if forms and terms - held:
        held |= (terms - held) & output_value_forms(entry)
    rest = terms - held
    for term in [term for term in rest if "_" in term]:  # "order_items" of "order_items"
        parts = [normalise_term(part) for part in term.split("_") if part]
        if parts and all(part in content for part in parts):
            held |= {term}
    rest = terms - held
    if rest:
        prefixes = _prefixes(content)
        held |= {term for term in rest if len(term) >= _PREFIX and term[:_PREFIX] in prefixes}
    return held


@lru_cache(maxsize=256)
def _prefixes(content: frozenset[str]) -> frozenset[str]:
    """The first five letters of an output's words of five letters or more, and of each
    part of a compound word ("free_cancellation": "cance")."""
    words = content | compound_parts(content)
    return frozenset(word[:_PREFIX] for word in words if len(word) >= _PREFIX)
