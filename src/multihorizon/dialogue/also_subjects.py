"""Rule also-subjects (SPEC-028 §5.2 EXPLORE, §3.3 a new thread; issue 15 item 1): a statement
right after a reply that opens by adding ("also ...", "oh and ...", "plus ...") reports back or
adds a detail when its words are the thread's ("also the tap drips more at night"), and brings
a new subject when none is ("also my son has started wetting the bed again"). The house rule
that a statement after advice is CONTINUE even with new words holds for reports; "also" with
nothing of the thread says the user moves on. Reads the turn's words once: linear, no regex."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import ALSO_SUBJECT_OPENERS, Marker
from .phrasing import plain_words

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["ALSO_TERMS", "adds_a_subject"]

# The distinct content words a new subject names at least ("also the cat scratches the sofa":
# cat, scratches, sofa); fewer say too little to tell ("also it leaks").
ALSO_TERMS = 3
# Markers of a turn that goes back, asks to clarify or points at a turn or an action.
_BACK = (Marker.RESUME, Marker.CLARIFY, Marker.TURN_REF, Marker.ACTION_REF, Marker.ANAPHOR)


def adds_a_subject(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a statement that opens with one of ``ALSO_SUBJECT_OPENERS`` right after an
    assistant reply names at least ``ALSO_TERMS`` content words, none in the active thread's
    vocabulary, in an assistant chat of two with no return, clarification or pointer marked."""
    config, log, threads = context.config, context.log, context.threads
    if not (config.also_subjects and features.has(Marker.ALSO_OPENER) and not features.question):
        return False
    if not (len(log) > 0 and log.roles[-1] == "assistant" and threads.active >= 0):
        return False
    if any(features.has(marker) for marker in _BACK):
        return False
    words = plain_words(features.text[:64])
    if not any(tuple(words[: len(form)]) == form for form in ALSO_SUBJECT_OPENERS):
        return False
    terms = set(features.terms)
    vocabulary = threads.vocabulary[threads.active]
    if len(terms) < ALSO_TERMS or any(term in vocabulary for term in terms):
        return False
    return not (context.speakers.multi_party(config) or context.peer_dialogue())
