"""Rule also-holdings (SPEC-028 §5.2 EXPLORE, §3.3 a new thread; issue 15 item 1): right after
an assistant reply, a statement that adds a new thing the user has, got, was given, lent,
offered or bought ("I've also got my grade 6 piano exam in three weeks", "Also we've been lent
a caravan for August", "another thing, we've been offered a free range cooker") and shares no
content word with the active thread or the reply brings a subject of its own: EXPLORE and a
new thread, where rule reply-answers or the report rules would keep it as an answer or a
report. Rules also-subjects and new-subjects need a concern word for an added statement;
here the new thing's noun phrase, after a verb of having (``HOLD_VERBS``), is enough.

Stays: "I have also bought galvanised anchors for the posts" (the thread's posts), "I've also
got the receipts" (the reply asked for the receipt), "also it still squeaks" (no thing added),
"I also need a rental car" (no verb of having: the same booking). One pass over at most
``HOLD_WORDS + HOLD_GAP + 4`` tokens of the turn's opening; str methods and set tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.holding_words import (
    HOLD_ANCHORS,
    HOLD_BARE_NOT,
    HOLD_GAP,
    HOLD_LEADS,
    HOLD_LINKS,
    HOLD_NOT_THINGS,
    HOLD_OBJECTS,
    HOLD_OPENERS,
    HOLD_STARTS,
    HOLD_TAILS,
    HOLD_VERBS,
    HOLD_WORDS,
)
from ..text.lexicon import Marker
from ..text.terse_words import past_form
from ..text.tokens import content_terms
from ..text.turn_text import DASHES, STATEMENT_ENDS, WORD_STRIP
from .new_subjects import SUBJECT_CHARS
from .terse_reports import TERSE_CHARS, words_shared

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["HOLD_TERMS", "added_thing", "adds_a_holding"]

# The distinct content words (verbs of having aside) a statement with a new thing names at
# least ("also got 2 tickets for the test": tickets, test); "also got one" says too little.
HOLD_TERMS = 2
_CLAUSE_ENDS = STATEMENT_ENDS + DASHES  # a token ending one ends the clause
# Markers of a turn that goes back or points at a turn, an action or an output, or moves back.
_BACK = (Marker.RESUME, Marker.TURN_REF, Marker.ACTION_REF, Marker.TOOL_REF, Marker.DEMONSTRATIVE)
# The anchors as the scanner's markers show them: a turn with neither cannot hold one.
_ANCHOR_MARKERS = (Marker.ALSO_OPENER, Marker.TOPIC_OPENER)


def added_thing(text: str, tails: bool = False) -> int:
    """Where the new thing's noun phrase starts among the turn's first tokens (its index), or
    -1: an anchor ("also" among the first ``HOLD_WORDS`` words of the first clause, leads
    such as "oh," aside, or an opener of ``HOLD_OPENERS`` at the opening), then within
    ``HOLD_GAP`` words of the same clause a verb of ``HOLD_VERBS``, then (past "me"/"us") a
    word of ``HOLD_STARTS`` or a number, and a thing of ``HOLD_NOT_THINGS`` not right after
    it ("I also have a question about ..."). With ``tails`` (a text of at most
    ``TERSE_CHARS``), a text that ends with "too" or "as well" ("My parents bought us a
    trampoline too") holds its anchor at the opening: the verb within ``HOLD_GAP`` words."""
    limit = HOLD_WORDS + HOLD_GAP + 4
    tokens = text[: limit * 40].casefold().replace("\u2019", "'").split(maxsplit=limit)[:limit]
    words = [token.strip(WORD_STRIP) for token in tokens]
    anchor = next((len(form) - 1 for form in HOLD_OPENERS if tuple(words[: len(form)]) == form), -1)
    for index in range(min(HOLD_WORDS, len(words)) if anchor < 0 else 0):
        if words[index] in HOLD_ANCHORS:
            anchor = index
            break
        if tokens[index][-1:] in _CLAUSE_ENDS and words[index] not in HOLD_LEADS:
            break  # the first clause ended without an anchor
    if anchor < 0 and not (tails and len(text) <= TERSE_CHARS and _ends_adding(text)):
        return -1
    for index in range(anchor + 1, min(anchor + 1 + HOLD_GAP, len(words))):
        if tokens[index - 1][-1:] in _CLAUSE_ENDS and index - 1 > anchor:
            return -1  # "also, thanks. We have a ..." : the clause ended
        if words[index] not in HOLD_VERBS:
            continue
        start = index + 1
        if start < len(words) and words[start] in HOLD_OBJECTS:
            start += 1
        if start >= len(words) or tokens[index][-1:] in _CLAUSE_ENDS:
            continue
        first = words[start]
        if first in HOLD_STARTS or first[:1].isdigit():
            thing = words[start + 1] if start + 1 < len(words) else ""
            if thing in HOLD_NOT_THINGS or first in HOLD_NOT_THINGS or thing in HOLD_LINKS:
                return -1
            return start
        if _bare_thing(first):
            return start  # "also I've got jury service in March": no determiner
    return -1


def _bare_thing(word: str) -> bool:
    """Whether a case-folded word may open a thing's noun phrase without a determiner
    ("jury", "travel", "dentist"): letters only, none of ``HOLD_BARE_NOT`` or
    ``HOLD_NOT_THINGS``, no past form ("have tried ...", "got told ...")."""
    return (
        word.isalpha()
        and word not in HOLD_BARE_NOT
        and word not in HOLD_NOT_THINGS
        and not past_form(word)
    )


def adds_a_holding(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user statement right after an assistant reply, with a thread on the table,
    adds a new thing (rule also-holdings, ``added_thing``): no question, at most
    ``SUBJECT_CHARS``, none of ``_BACK``'s markers; at least ``HOLD_TERMS`` content words
    besides the verbs of having, none the thread or the reply used; the thing's first content
    word new to the conversation; in an assistant chat of two."""
    config, log, threads = context.config, context.log, context.threads
    text = features.text
    if not (config.also_holdings and len(text) <= SUBJECT_CHARS and not features.question):
        return False
    # A text of at most TERSE_CHARS right after a reply goes past the native settle (rule
    # terse-reports): its "too" or "as well" may anchor; a longer one needs a marked anchor.
    tails = config.terse_reports and len(text) <= TERSE_CHARS
    if not (tails or features.has_any(_ANCHOR_MARKERS)):
        return False  # no "also", "plus", "oh and" or "another thing": nothing to read
    if not (len(log) > 0 and log.roles[-1] == "assistant" and threads.active >= 0):
        return False
    if features.has_any(_BACK):
        return False
    start = added_thing(text, tails)
    if start < 0:
        return False
    terms = {term for term in content_terms(text) if len(term) > 2 and term not in HOLD_VERBS}
    if len(terms) < HOLD_TERMS or words_shared(context, terms):
        return False
    # The thing is new to the conversation ("I've also got the rash cream" goes back).
    thing = content_terms(" ".join(text.split(maxsplit=start + 4)[start : start + 4]))
    if thing and log.turns_mentioning(thing[0]):
        return False
    return not (context.speakers.multi_party(config) or context.peer_dialogue())


def _ends_adding(text: str) -> bool:
    """Whether a short text ends with one of ``HOLD_TAILS`` ("... a trampoline too.")."""
    words = tuple(text[-40:].casefold().rstrip(WORD_STRIP + " ").split()[-2:])
    return any(words[len(words) - len(tail) :] == tail for tail in HOLD_TAILS)
