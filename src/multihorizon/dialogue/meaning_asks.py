"""A question that asks what a term *is* or *means*, wherever the term stands (rule
meaning-asks, SPEC-028 §5.2 CLARIFY, issue 15 item 1): a kernel of the closed class
``text.meaning_words`` ("what does X mean", "X meaning ...?", "What is meaning of X", "X, how
do I read that", "X, who counts as that", "X is doing what") and the term it asks about: the
words after the kernel up to the clause's end, or before it from the clause's start, or, when
the kernel points back ("what is it", "that number"), the clause before. Reads only the turn's
own words, once each: linear, no regex. The caller (``reply_rules.asks_about_a_reply_term``)
checks that the reply just before used every word of the term and no user turn did: the
reply's word asked about, not the user's own nor a new topic ("what is a qubit")."""

from __future__ import annotations

from typing import Any

from ..text.meaning_words import (
    LEARNER_AFTER,
    LEARNER_ASKING,
    LEARNER_BEFORE,
    LEARNER_COMPARATIVES,
    LEARNER_HEDGES,
    LEARNER_LEADS,
    LEARNER_NEEDLES,
    LEARNER_TAILS,
    MEANING_AFTER,
    MEANING_AFTER_ENDS,
    MEANING_ASKS_ON,
    MEANING_BEFORE,
    MEANING_CONSEQUENCE,
    MEANING_COORDINATORS,
    MEANING_CUTS,
    MEANING_EMBEDDERS,
    MEANING_NEEDLES,
    MEANING_POINTERS,
    MEANING_QUALIFIERS,
    MEANING_REFERENCE_NOUNS,
    MEANING_SKIPPED,
    MEANING_SUBJECTS,
    MEANING_WH_NEXT,
    MEANING_WH_WORDS,
)
from ..text.question_forms import QUESTION_OPENERS, TERM_BREAKERS
from ..text.term_frames import FRAME_BREAKERS
from ..text.tokens import content_terms
from ..text.topic_clause_words import ECHO_CLOSERS, ECHO_FILLERS, ECHO_STRIP
from ..text.turn_text import CLAUSE_ENDS

__all__ = [
    "MEANING_CHARS", "meaning_term", "meaning_words", "offered", "opens_with_term", "reply_brought",
]  # fmt: skip

# A question about a word of the reply is short; a longer turn says more of its own.
MEANING_CHARS = 100
# A term is a name of a few content words ("statement of assets and liabilities").
_TERM_WORDS = 5
_DASHES = frozenset(("-", "\u2013", "\u2014"))
_ASKING = frozenset(("what", "what's", "whats", "who", "how"))
# "what does X ...": a meaning only with one of ``MEANING_AFTER_ENDS`` or a pointing "do".
_AUXILIARIES = frozenset(("does", "do"))
_PAIR_FILLERS = frozenset(("hold", "hang"))
_QUOTES = frozenset('"()[]`\u2018\u201c\u201d')
_CLAUSE_OPENERS = MEANING_CUTS | MEANING_SUBJECTS
# Words that make "what is X" ask for content, not a term (rules term-questions, term-frames),
# but the prepositions a term may hold ("payment on account"): the reply just before said it.
_BREAKERS = (TERM_BREAKERS | FRAME_BREAKERS) - frozenset(("in", "on", "for", "to", "at", "by"))


def _clauses(tokens: list[str]) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for index, token in enumerate(tokens):
        core = token.rstrip(ECHO_CLOSERS)
        if token in _DASHES or (core and core[-1] in CLAUSE_ENDS):
            spans.append((start, index + 1))
            start = index + 1
    if start < len(tokens):
        spans.append((start, len(tokens)))
    return spans


_Kernel = tuple[tuple[str, ...], bool, bool]  # words, whether the term follows, statement


def _kernels_by_first_word(learner: bool) -> dict[str, tuple[_Kernel, ...]]:
    """The kernels by first word, each with whether the term follows it and whether it is a
    statement that needs ``LEARNER_TAILS`` after it: ``MEANING_AFTER``'s in their order, then
    ``MEANING_BEFORE``'s (the order ``_kernel`` tries them in); with ``learner`` (rule
    learner-meaning-asks) ``LEARNER_AFTER``'s and ``LEARNER_BEFORE``'s too, the longest of a
    group first ("what is meaning of X" before "APR, what is meaning?")."""
    groups: dict[str, list[_Kernel]] = {}
    lists = [(MEANING_AFTER, True, False), (MEANING_BEFORE, False, False)]
    if learner:
        lists[1:1] = [(LEARNER_AFTER, True, False), (LEARNER_BEFORE, False, True)]
    for kernels, after, statement in lists:
        for kernel in kernels:
            groups.setdefault(kernel[0], []).append((kernel, after, statement))
    if learner:
        for group in groups.values():
            group.sort(key=lambda entry: -len(entry[0]))  # stable: the lists' order on ties
    return {word: tuple(group) for word, group in groups.items()}


# A word opens no kernel unless it is one of these: one lookup per word instead of a slice
# per kernel (issue 14: the gate's needles let a fifth of the turns through).
_KERNELS_BY_FIRST = (_kernels_by_first_word(False), _kernels_by_first_word(True))
_ASKS = (_ASKING, _ASKING | LEARNER_ASKING)
_NEEDLES = (MEANING_NEEDLES, MEANING_NEEDLES + LEARNER_NEEDLES)


def _kernel(
    words: list[str], start: int, end: int, learner: bool = False
) -> tuple[int, int, bool] | None:
    """The first kernel in ``words[start:end]``: its start, its end and whether the term
    follows it (else it comes before). A statement kernel counts only when the rest of the
    clause is all ``LEARNER_TAILS`` ("X, this I don't know what it is")."""
    for index in range(start, end):
        group = _KERNELS_BY_FIRST[learner].get(words[index])
        if group is None:
            continue
        for kernel, after, statement in group:
            stop = index + len(kernel)
            if stop > end or tuple(words[index:stop]) != kernel:
                continue
            if statement and not LEARNER_TAILS.issuperset(words[stop:end]):
                continue  # "I don't understand why it crashes" asks about no word
            if after:
                return index, stop, True
            consequence = index > start and words[index - 1] in MEANING_CONSEQUENCE
            if kernel[0].startswith("mean") and consequence:
                return None  # "does that mean it's healed?", "I mean, ..."
            return index, stop, False
    return None


def _points_back(words: list[str]) -> bool:
    bare = [word for word in words if word not in MEANING_SKIPPED]
    if len(bare) == 1:
        return bare[0] in MEANING_POINTERS
    return len(bare) == 2 and bare[0] in ("that", "this") and bare[1] in MEANING_REFERENCE_NOUNS


def meaning_term(text: str, learner: bool = False, qualified: bool = False) -> tuple[str, ...]:
    """The content words of the term a question of at most ``MEANING_CHARS`` characters asks
    the meaning of, by its first kernel (``meaning_words``); () for any other turn. A turn
    asks: it holds a "?" or its kernel a wh-word ("set pieces meaning what exactly"), or
    with ``learner`` (rule learner-meaning-asks) one of ``LEARNER_ASKING`` ("this word X I
    don't understand"); the term then loses a lead naming it a word ("the letters FSCS")
    and the hedges before a statement kernel ("X I still don't get"). With ``qualified``
    (rule meaning-qualifiers) a "mean" may close with one of ``MEANING_QUALIFIERS`` ("what
    does X mean in this case") and a term before "means" embedded after a "what" is the
    words after it ("I am not entirely certain what 'accrued' means")."""
    if len(text) > MEANING_CHARS:
        return ()
    folded = text.casefold().replace("\u2019", "'")
    if not any(needle in folded for needle in _NEEDLES[learner]):
        return ()
    tokens = folded.split()
    words = [token.strip(ECHO_STRIP) for token in tokens]
    spans = _clauses(tokens)
    for at, (start, end) in enumerate(spans):
        found = _kernel(words, start, end, learner)
        if found is None:
            continue
        first, last, after = found
        if "?" not in text and _ASKS[learner].isdisjoint(words[first:last]):
            return ()
        if any(_asks_on(words[slice(*span)]) for span in spans[at + 1 :]):
            return ()  # "whats a chain checker, and how much does one cost?" asks on
        if after and learner and _compares(words[last:end]):
            return ()  # "what means more to buyers, price or location?"
        if after:
            quoted = not _QUOTES.isdisjoint(text)
            tail = _unqualified(words[last:end]) if qualified else words[last:end]
            asked = _after(tail, words[last - 1] in _AUXILIARIES, quoted)
            if asked is None:
                return ()
            term = asked
        else:
            term = _unfilled(words[start:first])
            if qualified:
                term = _embedded(term)
            while learner and term and term[-1] in LEARNER_HEDGES:
                term = term[:-1]  # "X I still don't get"
        if learner:
            term = _lead_off(term)
        if not term or _points_back(term):
            if at == 0:
                return ()
            term = _cut(_unfilled(words[slice(*spans[at - 1])]))
        terms = tuple(word for word in content_terms(" ".join(term)) if word not in MEANING_SKIPPED)
        return terms if 0 < len(terms) <= _TERM_WORDS else ()
    return ()


def _unqualified(words: list[str]) -> list[str]:
    """``words`` (an "after" kernel's, up to its clause's end) without the
    ``MEANING_QUALIFIERS`` that close them after a "mean" ("X mean in this case" -> "X
    mean"); one pass from the end, each qualifier a few words."""
    end = len(words)
    taken = True
    while taken:
        taken = False
        for qualifier in MEANING_QUALIFIERS:
            at = end - len(qualifier)
            if at > 0 and tuple(words[at:end]) == qualifier:
                end, taken = at, True
                break
    return words if end == len(words) or words[end - 1] != "mean" else words[:end]


def _embedded(term: list[str]) -> list[str]:
    """A term before "means" after a frame that embeds it ("I am not sure what X", "no idea
    what X"): the words after its last "what" that follows one of ``MEANING_EMBEDDERS``,
    when words follow it."""
    for index in range(len(term) - 2, 0, -1):
        if term[index] == "what" and term[index - 1] in MEANING_EMBEDDERS:
            return term[index + 1 :]
    return term


def _compares(words: list[str]) -> bool:
    """Whether the words after a kernel open a comparison ("more to buyers", "the most")."""
    bare = words[1:] if words[:1] == ["the"] else words
    return bool(bare) and bare[0] in LEARNER_COMPARATIVES


def _lead_off(term: list[str]) -> list[str]:
    """``term`` without a ``LEARNER_LEADS`` lead naming it a word when more words follow
    ("this word Nebenkosten", "the letters FSCS"; "this word" alone points back)."""
    for lead in LEARNER_LEADS:
        if len(term) > len(lead) and tuple(term[: len(lead)]) == lead:
            return term[len(lead) :]
    return term


def _asks_on(clause: list[str]) -> bool:
    """Whether a clause after the kernel's asks for something new: it opens (after a
    coordinator) with one of ``MEANING_ASKS_ON`` ("can I just use ...", "and how much ...");
    a check ("is 60 a lot") asks nothing new."""
    words = clause[1:] if clause[:1] and clause[0] in MEANING_COORDINATORS else clause
    if not words or words[0] not in MEANING_ASKS_ON:
        return False
    # A wh-word asks only before a verb or a measure ("how much", "where do they go");
    # before a subject it guesses ("whats the peak, when it doubles").
    return words[0] not in MEANING_WH_WORDS or (len(words) > 1 and words[1] in MEANING_WH_NEXT)


def _after(words: list[str], auxiliary: bool, quoted: bool) -> list[str] | None:
    """The term after an "after" kernel: cut at ``MEANING_CUTS``; a "... mean"/"stand for"
    end taken off, which a "what does" kernel needs; "what does X do" asks for a meaning
    only when X points back ("what's that do"; "what does the ewe do after" asks on); a
    part-naming noun after a quoted or bracketed term ("the (1 | school) part"; "whats the
    chain checker part" asks about a part)."""
    term = _cut(words)
    for ending in MEANING_AFTER_ENDS:
        if len(term) > len(ending) and tuple(term[-len(ending) :]) == ending:
            return term[: -len(ending)]
    if auxiliary and not (term[-1:] == ["do"] and _points_back(term[:-1])):
        return None  # "what does the ewe do after lambing" asks what it does
    nouns = MEANING_REFERENCE_NOUNS if quoted else frozenset()
    while term and (term[-1] in MEANING_SKIPPED or term[-1] in nouns):
        if term[-1] == "do" and not _points_back(term[:-1]):
            return None
        if term[-1] in nouns and _points_back(term):
            break  # "what is that bit": the clause before names the term
        term = term[:-1]  # hedges, 'the "not found" bit', "the (1 | school) part exactly"
    if _points_back(term) or _BREAKERS.isdisjoint(term):
        return term
    return None  # "what are the other steps?", "what is a good one" ask for content


def _unfilled(words: list[str]) -> list[str]:
    """``words`` without the fillers that open them ("sorry", "uh"; "hold" and "hang" only
    before "on": "hold slack meaning ...?" names a hold slack)."""
    index = 0
    while index < len(words) and words[index] in ECHO_FILLERS:
        if words[index] in _PAIR_FILLERS:
            if words[index + 1 : index + 2] != ["on"]:
                break
            index += 1
        index += 1
    return words[index:]


def _cut(words: list[str]) -> list[str]:
    """``words`` up to the first that opens another question: one of ``MEANING_CUTS``, or a
    coordinator before one of them or a subject ("what are lees and why ...", "and I ...";
    "the departure and arrival stations" is one term)."""
    for index, word in enumerate(words):
        if word in MEANING_COORDINATORS:
            if words[index + 1 : index + 2] and words[index + 1] in _CLAUSE_OPENERS:
                return words[:index]
        elif word in MEANING_CUTS:
            return words[:index]
    return words


def meaning_words(on: bool, learner: bool = False) -> tuple[Any, ...]:
    """What ``meaning_term`` reads before the term, as data for the native settle
    (``_meaning_gate_py.MeaningGates``): the longest turn (0 unless ``on``: no turn may
    ask), the kernels the term follows and those it comes before (words in order), the
    words that let a kernel ask without a "?", the words that after a kernel ask for content
    (``_BREAKERS`` but the pointers), those before a "mean" that ask what follows, and the
    endings ``_after`` takes off a term before it looks for those words ("what does your ETA
    refer to": a breaker right after the kernel, yet a term). With ``learner`` (rule
    learner-meaning-asks) its kernels and asking words too: the gate reads no tails, a
    superset."""
    breakers = _BREAKERS - MEANING_POINTERS
    after = MEANING_AFTER + LEARNER_AFTER if learner else MEANING_AFTER
    before = LEARNER_BEFORE + MEANING_BEFORE if learner else MEANING_BEFORE
    return (
        MEANING_CHARS if on else 0, after, before, _ASKS[learner], breakers,
        MEANING_CONSEQUENCE, MEANING_AFTER_ENDS,
    )  # fmt: skip


# A word of the term asked may stand in the reply in a longer form ("develop" for
# "developing", "bisque ware" for "bisqueware"): at least this many letters of it.
_STEM_CHARS = 4


def reply_brought(asked: tuple[str, ...], said: tuple[str, ...]) -> bool:
    """Whether the reply's content words ``said`` hold every word of the term ``asked``:
    as it is, as the start of a longer word of the reply ("develop": "developing"), or with
    the term's words run together ("bisque ware": "bisqueware")."""
    words = set(said)
    if set(asked) <= words or "".join(asked) in words:
        return True
    return all(
        word in words or (len(word) >= _STEM_CHARS and any(w.startswith(word) for w in words))
        for word in asked
    )


def offered(asked: tuple[str, ...], reply: str) -> bool:
    """Whether every sentence of the reply that holds all words of the term ``asked`` is a
    question: the reply offered the thing ("Would you like their phone number?"), and "What
    is the phone number?" takes the offer up, asking for its value, not for what it is."""
    start = 0
    holding = asking = 0
    for index, char in enumerate(reply):
        if char in ".!?\n" or index == len(reply) - 1:
            if set(asked) <= set(content_terms(reply[start : index + 1])):
                holding += 1
                asking += char == "?"
            start = index + 1
    return holding > 0 and asking == holding


def opens_with_term(text: str, asked: tuple[str, ...]) -> bool:
    """Whether the term ``asked`` (``meaning_term``'s) is all of the turn's first clause and
    stands before the question (rule older-reply-terms): "porosity, what is it exactly", "the
    controls, what are they, flags?", "anti-skate, whats that do"; not a question that opens
    with its own word ("What's a clove hitch actually used for?": ``QUESTION_OPENERS``).
    Reads the first clause's characters once."""
    end = 0
    while end < len(text) and end <= MEANING_CHARS and text[end] not in _OPENING_CLAUSE_ENDS:
        end += 1
    if end >= len(text) or end > MEANING_CHARS:
        return False  # no clause before the question
    clause = text[:end].casefold().replace("\u2019", "'").split()
    first = clause[0].strip(ECHO_STRIP).split("'")[0] if clause else ""
    if not first or first in QUESTION_OPENERS or first.removesuffix("s") in _ASKING:
        return False  # "what's", "whats", "hows" too
    return set(content_terms(" ".join(clause))) == set(asked)


# What closes a turn's opening clause for ``opens_with_term``: ``turn_text.CLAUSE_ENDS`` and
# the long dashes, but no "-" (read character by character: "anti-skate" is one term).
_OPENING_CLAUSE_ENDS = frozenset(",;:.?!\u2013\u2014")
