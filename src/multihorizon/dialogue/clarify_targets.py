"""The reply a CLARIFY asks about is the assistant turn that brought its term (rule
clarify-targets, SPEC-028 §4.1 entity reference, §5.2 CLARIFY, issue 15 item 1, stop 42):
"steady meaning what pace, like jogging?", "what do you mean that the policy lapses, in
practice?", "hang on, the valve shuts itself? how does it know" mean the reply that said
"steady", "lapses", "shuts itself", not an older turn that shares a noun of the question
("pace", "policy").

The term is the CLARIFY rules' own: meaning-asks' (``meaning_asks.meaning_term``), "what do
you mean by/that X" (``meant_term``), a clarify object's ("could you clarify what the slab
is?"), an unfamiliar term's or a surprise echo's; a recall ("what was that X again?") stays
rule term-origins' (the reply that brought X). The assistant turn within ``_WINDOW`` turns
holding the most of its words, then its last word (the head: "lapses" in "the policy
lapses"), then the earliest (the reply that introduced the term, as §4.1 entity references
mean the turn that introduced the thing), at least one word and half of them, is the
antecedent. Reads the turn's own words once each (no regex) and the log's entity index,
never an earlier turn's text.
"""

from __future__ import annotations

from bisect import bisect_left

from ..text.clarify_target_words import MEANT_LEADS, MEANT_STOPS
from ..text.tokens import content_terms
from .features import TurnFeatures
from .meaning_asks import meaning_term
from .plain_terms import clarify_object, unfamiliar_term
from .surprise_echoes import surprise_echo
from .term_forms import clause_ends_at, form_words
from .turnlog import TurnLog

__all__ = ["clarified_term", "clarify_target", "meant_term"]

_WINDOW = 40  # turns back the reply that used the term is looked for (as term-origins)
_CHARS = 240  # a question about a term says it early: the frames are read this far
_TERM_WORDS = 6  # a term is a name or a short clause ("the policy lapses")
_LEADS_BY_FIRST: dict[str, tuple[tuple[str, ...], ...]] = {}
for _lead in sorted(MEANT_LEADS, key=len, reverse=True):
    _LEADS_BY_FIRST.setdefault(_lead[0], ())
    _LEADS_BY_FIRST[_lead[0]] += (_lead,)


def meant_term(text: str) -> tuple[str, ...]:
    """The content words of the X in "what do you mean by X", "... mean that X", "... mean
    when you say X" (``MEANT_LEADS``), up to its clause's end or one of ``MEANT_STOPS``, at
    most ``_TERM_WORDS`` of them; () for any other turn."""
    folded = text[:_CHARS]
    if "mean" not in folded.casefold():
        return ()
    tokens, words = form_words(folded)
    for index, word in enumerate(words):
        for lead in _LEADS_BY_FIRST.get(word, ()):
            stop = index + len(lead)
            if tuple(words[index:stop]) != lead or clause_ends_at(tokens[stop - 1]):
                continue
            end = stop
            while end < len(words) and words[end] not in MEANT_STOPS:
                end += 1
                if clause_ends_at(tokens[end - 1]):
                    break
            terms = tuple(content_terms(" ".join(words[stop:end])))
            return terms if 0 < len(terms) <= _TERM_WORDS else ()
    return ()


def clarified_term(text: str, learner: bool) -> tuple[str, ...]:
    """The term a CLARIFY turn asks about: meaning-asks', "mean by/that X"'s, a clarify
    object's, an unfamiliar term's or a surprise echo's; () when none reads one."""
    found = meaning_term(text, learner) or meant_term(text) or clarify_object(text)
    return found or unfamiliar_term(text) or surprise_echo(text)


def clarify_target(turn_id: int, features: TurnFeatures, log: TurnLog, learner: bool) -> int:
    """The assistant turn within ``_WINDOW`` turns holding the most words of the term a
    CLARIFY turn asks about (``clarified_term``), at least one and half of them, then its last
    word, then the earliest; -1 for none."""
    if features.role != "user" or turn_id < 1:
        return -1
    terms = clarified_term(features.text, learner)
    if not terms:
        return -1
    floor = max(0, turn_id - _WINDOW)
    counts: dict[int, int] = {}
    for term in dict.fromkeys(terms):
        postings = log.turns_mentioning(term)
        end = bisect_left(postings, turn_id)
        for turn in postings[bisect_left(postings, floor, 0, end) : end]:
            if log.roles[turn] == "assistant":
                counts[turn] = counts.get(turn, 0) + 1
    # The term's last word is its head ("the policy lapses": what lapses is asked about), so
    # a turn saying it goes first; among turns alike, the one that introduced the term (§4.1).
    heads = set(log.turns_mentioning(terms[-1]))
    best = max(counts, key=lambda turn: (counts[turn], turn in heads, -turn), default=-1)
    return best if best >= 0 and 2 * counts[best] >= len(terms) else -1
