"""Rule also-subjects (SPEC-028 §5.2 EXPLORE, §3.3 a new thread; issue 15 item 1): a statement
right after a reply that opens by adding ("also ...", "oh and ...", "plus ...") reports back or
adds a detail when its words are the thread's ("also the tap drips more at night"), and brings
a new subject when none is ("also my son has started wetting the bed again"). The house rule
that a statement after advice is CONTINUE even with new words holds for reports; "also" with
nothing of the thread says the user moves on. Reads the turn's words once: linear, no regex."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import (
    ALSO_ASK_TAILS,
    ALSO_CONCERN_WORDS,
    ALSO_OWN_SUBJECTS,
    ALSO_SUBJECT_OPENERS,
    Marker,
)
from ..text.tokens import content_terms
from ..text.turn_text import CLAUSE_ENDS, DASHES
from .phrasing import plain_words

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["ALSO_CHANCE_TERMS", "ALSO_TERMS", "adds_a_subject"]

# The distinct content words a new subject names at least ("also the cat scratches the sofa":
# cat, scratches, sofa); fewer say too little to tell ("also it leaks").
ALSO_TERMS = 3
# The longest ask tail read (words).
_TAIL_WORDS = max(len(tail) for tail in ALSO_ASK_TAILS)
# An opening clause also ends at a dash ("also - my roof leaks").
_CLAUSE_ENDS = CLAUSE_ENDS + DASHES
# From this many content words, one in the thread's vocabulary is chance ("... grinding her
# teeth at night" after "the tap drips all night").
ALSO_CHANCE_TERMS = 5
# Markers of a turn that goes back or points at a turn or an action; a CLARIFY marker but a
# bare "again" ("has started wetting the bed again": a thing done again, rule again-reports);
# a pronoun that points back, unless the statement names its own subject first ("also our
# car failed its MOT": ``OWN_SUBJECTS`` right after the opener).
_BACK = (Marker.RESUME, Marker.TURN_REF, Marker.ACTION_REF, Marker.DEMONSTRATIVE)


def adds_a_subject(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a statement that opens with one of ``ALSO_SUBJECT_OPENERS`` right after an
    assistant reply and raises a concern (``ALSO_CONCERN_WORDS``), or one closed by an ask of
    ``ALSO_ASK_TAILS`` in a clause of its own,
    names at least ``ALSO_TERMS`` content words, none in the active thread's vocabulary (one
    from ``ALSO_CHANCE_TERMS``), its first one new to the conversation, in an assistant chat
    of two with no return, clarification or pointer marked."""
    config, log, threads = context.config, context.log, context.threads
    if not (config.also_subjects and features.has(Marker.ALSO_OPENER)):
        return False
    if not (len(log) > 0 and log.roles[-1] == "assistant" and threads.active >= 0):
        return False
    if features.has_any(_BACK) or any(
        kind == Marker.CLARIFY and features.text[start:end].casefold() != "again"
        for kind, _, start, end in features.hits
    ):
        return False
    words = plain_words(features.text[:64])
    opener = max(
        (len(form) for form in ALSO_SUBJECT_OPENERS if tuple(words[: len(form)]) == form),
        default=0,
    )
    if not opener:
        return False
    subject = words[opener] if opener < len(words) else ""
    if features.has(Marker.ANAPHOR) and subject not in ALSO_OWN_SUBJECTS:
        return False
    statement = _statement(features.text) if features.question else features.text
    terms = set(content_terms(statement)) if features.question else set(features.terms)
    if not features.question and not _raises_a_concern(features.text):
        return False  # "also we arrive late at night": a fact added to the situation
    vocabulary = threads.vocabulary[threads.active]
    shared = sum(1 for term in terms if term in vocabulary)
    if len(terms) < ALSO_TERMS or shared > (len(terms) >= ALSO_CHANCE_TERMS):
        return False
    # Its subject, the first content word, is new to the conversation: "Oh and the rash, it's
    # spreading to her arms now." goes back to a subject of an earlier thread.
    first = content_terms(" ".join(words[opener : opener + 4]))
    if first and context.log.turns_mentioning(first[0]):
        return False
    return not (context.speakers.multi_party(config) or context.peer_dialogue())


def _raises_a_concern(text: str) -> bool:
    """Whether a statement holds one of ``ALSO_CONCERN_WORDS`` (read once, word by word)."""
    return any(word in ALSO_CONCERN_WORDS for word in plain_words(text))


def _statement(text: str) -> str:
    """The statement before a closing ask of ``ALSO_ASK_TAILS`` in a clause of its own ("...
    again, any ideas?"), or "" when the question closes otherwise."""
    tokens = text[-200:].casefold().rstrip().rstrip("?!. ").split()
    for size in range(1, min(_TAIL_WORDS, len(tokens) - 1) + 1):
        tail = tuple(token.strip(_CLAUSE_ENDS) for token in tokens[-size:])
        if tail in ALSO_ASK_TAILS and tokens[-size - 1][-1:] in _CLAUSE_ENDS:
            return text[: len(text) - len(text[-200:])] + " ".join(tokens[:-size])
    return ""
