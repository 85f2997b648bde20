"""Returns that do not announce themselves (SPEC-028 §3.3 resumption, rule term-returns):
"ok desktop's back, nvidia-smi shows 550.120 now" after a digression about a chair names
the first thread's things, not "back to". Where ``Threads.plan`` placed such a turn only for
want of a better rule (a CONTINUE, TOOL_REFERENCE or follow-up turn kept in the active
thread; the active thread's centroid; a new thread, no centroid reaching the bar and no
announcement), the words it shares with one dormant thread alone decide instead: a code
word ("nvidia-smi", "E24", "ETag": ``shaped_terms``) anywhere; two words for a turn that
would open a new thread and asks a question, not for a task of its own.

Counted over every hand-written file (the turns after a second thread exists; 253 returns
to a thread left, 402 turns staying in theirs, 95 opening one): a turn sharing two or more
words with one dormant thread, words no other thread used, is a return to it for 129 of 253
returns and for 14 of 497 other turns; a code for 16 returns and 4 other turns. At the
stays this rule reopens, two words were even (3 returns won, 3 stays lost: CONTINUE,
TOOL_REFERENCE and follow-up turns), so there only a code decides. In task dialogues
(../shared/data sgd, dialseg711) names, dates and places carry from one request to the
next ("San Jose", "14th", "the hotel"): capitalised names and numbers are no codes, and
statements and requests ("I am looking for a place to stay", "Can you find ...") with two
such words open their own thread (dialseg711 pairwise F1 0.5852 -> 0.5728 with them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from typing import TYPE_CHECKING

from ..text.tokens import content_terms
from .intent import Intent
from .phrasing import asks_for_something

if TYPE_CHECKING:
    from .features import TurnFeatures
    from .threads import ThreadPlan, Threads

__all__ = ["dormant_by_terms", "shaped_terms", "term_return"]

# How much of a turn is read for shaped words: a return names its things early; a paste
# longer than this is no return by its words (inputs run to 1,000,000 characters).
READ_CHARS = 2000
# Distinct plain words one dormant thread alone must share with a turn that would open a
# new thread.
NEW_WORDS = 2
_EDGE = ".,;:!?()[]{}\"'`*<>"
_JOINS = (".", "_")
# The longest part of a hyphenated code word that reads as an abbreviation ("smi", "fpm").
_SHORT_PART = 3
# What may follow a number in prose: ordinals, times, decades, units of everyday amounts.
_NUMBER_TAILS = frozenset(
    ("st", "nd", "rd", "th", "am", "pm", "a.m.", "p.m.", "s", "k", "h", "min", "mins", "x")
)
_STAYS = frozenset((Intent.CONTINUE, Intent.TOOL_REFERENCE, Intent.DRILL_DOWN))


def shaped_terms(text: str) -> frozenset[str]:
    """The content words of a turn written as a code, not as prose: letters and digits
    ("E24", "TS-453D", "php8.2"), a hyphen, dot or underscore between letters
    ("nvidia-smi", "moment.js", "fastcgi_pass"), a capital after the first letter ("ETag",
    "RTX"). Dates, times and amounts ("14th", "6pm", "12.50") and names written with a
    capital ("Geiranger") are no codes: a task dialogue carries them from one topic to the
    next. One pass over the first ``READ_CHARS`` characters."""
    found: set[str] = set()
    for raw in text[:READ_CHARS].split():
        if raw.isalpha() and raw[1:].islower():
            continue  # a word of prose, as ``_is_code`` reads it (most tokens)
        token = raw.strip(_EDGE)
        if len(token) > 1 and _is_code(token):
            found.update(content_terms(token))
    return frozenset(found)


def _is_code(token: str) -> bool:
    if token.isalpha():  # most words of prose: only a capital after the first letter counts
        rest = token[1:]
        return not rest.islower() and any(map(str.isupper, rest))
    # ``map`` over the characters: no Python frame per character.
    if not any(map(str.isalpha, token)):
        return False  # "550.120", "12:45": a number
    if any(map(str.isdigit, token)):
        return token.lstrip("0123456789").casefold() not in _NUMBER_TAILS  # not "14th"
    if any(map(str.isupper, token[1:])):
        return True  # "ETag", "RTX"
    if "-" in token[1:-1]:
        # "nvidia-smi", "php-fpm": a short part; "self-expression", "south-facing" are prose
        parts = [len(part) for part in token.split("-")]
        return min(parts) <= _SHORT_PART < max(parts)
    # "moment.js", "fastcgi_pass"; not "e.g." or "U.S."
    return any(mark in token[1:-1] and min(map(len, token.split(mark))) >= 2 for mark in _JOINS)


def dormant_by_terms(
    term_threads: Mapping[str, Sequence[int]],
    active: int,
    terms: Sequence[str],
    shaped: Set[str],
) -> tuple[int, int, bool]:
    """The dormant thread a turn's words name (-1: none), how many of its words that thread
    alone used, and whether one of them is ``shaped`` (a code). ``term_threads``: word ->
    the threads whose vocabulary holds it (``Threads.term_threads``). One dormant thread
    alone holding a code of the turn, the active thread none, is named; else the dormant
    thread alone holding the most of the turn's words (no tie), more than the active thread
    alone holds."""
    counts: dict[int, int] = {}
    with_shape: set[int] = set()
    for term in dict.fromkeys(terms):
        owners = term_threads.get(term, ())
        if len(owners) != 1:
            continue  # a word two threads used names neither
        counts[owners[0]] = counts.get(owners[0], 0) + 1
        if term in shaped:
            with_shape.add(owners[0])
    if len(with_shape) == 1 and active not in with_shape:
        (named,) = with_shape
        return named, counts[named], True
    own = counts.pop(active, 0)
    if not counts:
        return -1, 0, False
    best = max(counts.values())
    leaders = [index for index, count in counts.items() if count == best]
    if len(leaders) != 1 or best <= own:
        return -1, 0, False
    return leaders[0], best, False


def term_return(threads: Threads, plan: ThreadPlan, features: TurnFeatures, intent: Intent) -> int:
    """The dormant thread a turn returns to by its words (-1: none) where ``plan`` kept it
    in the active thread or opened a new one for want of anything better (the caller rules
    out announcements, clarifications, recaps, reactions and chats of more than two): a
    stay yields to a code it shares with that thread alone; a new thread to a code too, or,
    for a question that asks for no task, to ``NEW_WORDS`` words."""
    if len(threads) < 2 or threads.active < 0:
        return -1
    weak_stay = (plan.rule == "active" and intent in _STAYS) or (
        plan.rule == "centroid" and plan.index == threads.active
    )
    if not (plan.is_new or weak_stay):
        return -1
    # Only a word one dormant thread alone used can name it (``dormant_by_terms`` counts no
    # other): without one, the turn's codes need not be read (most turns; issue 14).
    term_threads, active = threads.term_threads, threads.active
    for term in features.terms:
        owners = term_threads.get(term)
        if owners is not None and len(owners) == 1 and owners[0] != active:
            break
    else:
        return -1
    shaped = features.once("shaped_terms", None, lambda: shaped_terms(features.text))
    by_words = plan.is_new and features.question
    if not (shaped or by_words):
        return -1
    # Only a code can move a stay or a statement: its other words need not be looked up.
    terms = features.terms if by_words else [term for term in features.terms if term in shaped]
    owner, shared, named = dormant_by_terms(threads.term_threads, threads.active, terms, shaped)
    if owner < 0:
        return -1
    if named:
        return owner
    if by_words and shared >= NEW_WORDS:
        # "Can you help me find a hotel with free parking?" asks for a task of its own.
        return -1 if asks_for_something(features.text) else owner
    return -1
