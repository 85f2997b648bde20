"""Statements that open a new subject (SPEC-028 §5.2 EXPLORE, §3.3 a new thread; rule
new-subjects, issue 15 item 1): right after an assistant reply, a statement whose first
clause says it is about another matter ("Separately, the boiler broke and we have no hot
water.", "Unrelated but my passport expires in May.") or adds one with a concern ("Also our
cat keeps scratching the sofa, it's driving us mad.", "oh and my laptop fan is super loud
since the update") and shares nothing with the active thread opens a thread of its own:
EXPLORE, where rule reply-answers (after a reply that asked something) or the report rules
would keep it as an answer or a report. "Also the methods chapter is only half done." takes
up the thread and stays; "also my supervisor is on leave until june" raises no concern and
stays (a fact added to the situation).

The decision is one small function over plain inputs (``new_subject``: the turn's first
words, whether a concern word is among its words, and how many of its content words the
thread or the reply used), so the native settle may take it over. One pass over the turn's
words; the statement is at most ``SUBJECT_CHARS`` characters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..text.answer_words import ANSWER_NEGATORS
from ..text.lexicon import ALSO_CONCERN_WORDS, Marker
from ..text.terse_words import (
    SUBJECT_ADDERS,
    SUBJECT_CONCERNS,
    SUBJECT_OPENING_LEADS,
    SUBJECT_OPENING_ONLY,
    SUBJECT_ORDERS,
    SUBJECT_OTHERNESS,
    past_form,
)
from ..text.turn_text import DASHES, STATEMENT_ENDS
from .terse_reports import words_shared

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = [
    "SUBJECT_CHANCE_TERMS",
    "SUBJECT_CHARS",
    "SUBJECT_TERMS",
    "new_subject",
    "opens_new_subject",
]

# The longest statement read (characters; rule reply-answers' ``ANSWER_CHARS``).
SUBJECT_CHARS = 400
# The distinct content words a new subject names at least (rule also-subjects' ALSO_TERMS).
SUBJECT_TERMS = 3
# From this many content words, one the thread used is chance ("... drilling all day" after
# "write every day"; rule also-subjects' ALSO_CHANCE_TERMS is 5).
SUBJECT_CHANCE_TERMS = 4
# The first words a first clause's otherness is read in ("ok different question, ...", "on a
# separate note"; not "im left handed so other way round").
_OTHER_WORDS = 4
# The first words read for the opener ("oh and also", "on a separate note, ...").
_OPENING = 5
# The opening clause ends at a statement's marks or a dash; no "?" (the rule reads no
# question, and a "?" inside a statement's word, "ok?", ends nothing of it).
_CLAUSE_ENDS = STATEMENT_ENDS + DASHES
_CONCERNS = ALSO_CONCERN_WORDS | SUBJECT_CONCERNS
# Markers of a turn that goes back or points at a turn, an action or an output.
_BACK = (Marker.RESUME, Marker.TURN_REF, Marker.ACTION_REF, Marker.TOOL_REF, Marker.DEMONSTRATIVE)


def new_subject(opening: Sequence[str], concern: bool, terms: int, shared: int) -> bool:
    """Whether a statement opens a new subject: among its first ``_OPENING`` plain words
    (``opening``, clause ends kept on the tokens) its first clause says it is another matter
    (``SUBJECT_OTHERNESS``), or it opens with an adder (``SUBJECT_ADDERS``, after "oh"/"and")
    and raises a concern (``concern``); it names at least ``SUBJECT_TERMS`` content words
    (``terms``) and none the thread or the reply used (``shared``; one from
    ``SUBJECT_CHANCE_TERMS``). Not an order (``SUBJECT_ORDERS``) nor a report after the adder
    ("also checked ...")."""
    if terms < SUBJECT_TERMS or shared > (terms >= SUBJECT_CHANCE_TERMS):
        return False
    words = [token.strip(_CLAUSE_ENDS) for token in opening]
    if words[:1] and words[0] in SUBJECT_ORDERS:
        return False  # "Make a random table of rumours": a request on the thread
    other = False
    adder_at = -1  # where the last adder of the opening stands
    for index, token in enumerate(opening):
        word = words[index]
        if index == adder_at + 1 > 0 and past_form(word):
            # "ok also checked move 22 ...": what the user did, a report. Only right after
            # the adder: "also my passport expired" raises a concern in a past form.
            return False
        # "no change, still ..." says nothing else came up (``ANSWER_NEGATORS``).
        other = other or (
            word in SUBJECT_OTHERNESS
            and index < _OTHER_WORDS
            and (index == 0 or words[index - 1] not in ANSWER_NEGATORS)
            and (
                word not in SUBJECT_OPENING_ONLY
                or index == 0
                or words[index - 1] in SUBJECT_OPENING_LEADS
            )
        )
        # "also ...", "and also ...", "oh and ...", "plus ..." at the turn's opening.
        if index <= 2 and (
            word in SUBJECT_ADDERS or (word == "and" and opening[0].strip(_CLAUSE_ENDS) == "oh")
        ):
            adder_at = index
        if token[-1:] in _CLAUSE_ENDS:
            break  # the first clause ends
    return other or (adder_at >= 0 and concern)


def opens_new_subject(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user statement right after an assistant reply, with a thread on the table,
    opens a new subject (rule new-subjects, ``new_subject``): no question, at most
    ``SUBJECT_CHARS``, none of ``_BACK``'s markers, its first content word new to the
    conversation, in an assistant chat of two."""
    config, log, threads = context.config, context.log, context.threads
    text = features.text
    if not (config.new_subjects and len(text) <= SUBJECT_CHARS and not features.question):
        return False
    if not (len(log) > 0 and log.roles[-1] == "assistant" and threads.active >= 0):
        return False
    if features.has_any(_BACK):
        return False
    # The turn's record (``TurnFeatures.words``, ``terms``): the other statement rules read
    # the same words.
    terms = set(features.terms)
    shared = words_shared(context, terms)
    opening = features.words.tokens[:_OPENING]
    concern = not _CONCERNS.isdisjoint(features.words.plain)
    if not new_subject(opening, concern, len(terms), shared):
        return False
    # Its subject, the first content word past the opener, is new to the conversation ("Oh
    # and the rash, it's spreading" goes back to an earlier thread's subject).
    first = next((term for term in features.terms if term not in _OPENER_TERMS), None)
    if first is not None and log.turns_mentioning(first):
        return False
    return not (context.speakers.multi_party(config) or context.peer_dialogue())


# Opener words content_terms may keep ("separately", "unrelated").
_OPENER_TERMS = SUBJECT_OTHERNESS | SUBJECT_ADDERS
