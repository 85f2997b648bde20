"""Reports that someone the user dealt with responded (SPEC-028 §5.2 CONTINUE, rule
response-reports; issue 15 item 1, stop 42): right after advice in the active thread, in an
assistant chat of two, a short statement whose first clause says a party answered, called or
came ("the engineer came, says the pump motor has gone", "the manufacturer replied, warranty
ran out in june", "agent emailed, the contractor can start on the 12th", "Currys got back to
me, they'll send someone friday") reports what came of the advice: CONTINUE in the thread (the
house convention of §5.2), even when its nouns are new to the thread. The scan reads such a
report as a question by its form (a topic, "the engineer came,", and a comment) or, its words
new, as EXPLORE; rule noun-reports wants a word the thread used.

The subject is a noun phrase (a determiner or none, one to ``RESPONSE_SUBJECT_WORDS`` words,
no pronoun: the report rules with a subject pronoun read those; no party of the user's own
life, ``RESPONSE_OWN_PARTIES``: "my boss emailed, wants me in early" is news of its own), its
verb one of a reply, a call or a visit (``RESPONSE_VERBS``; "got back", "turned up"): a
party's own event ("my son broke his arm") is none. No asking word anywhere, and no later
clause that opens with a question or an order ("the engineer came, should I pay him cash").
Rule terse-reports' length (``TERSE_CHARS``, no "?"): the session hands such a turn past the
native settle (``session_intent._terse_open``) and asks this rule through
``_gated_rules_read``.

Linear: one pass over the words of a turn of at most ``TERSE_CHARS`` characters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.response_words import (
    RESPONSE_ASKS,
    RESPONSE_BACK_VERBS,
    RESPONSE_CLAUSE_OPENERS,
    RESPONSE_DETERMINERS,
    RESPONSE_LEADS,
    RESPONSE_NOT_SUBJECTS,
    RESPONSE_OWN_PARTIES,
    RESPONSE_PARTICLES,
    RESPONSE_SUBJECT_WORDS,
    RESPONSE_TIED_PARTIES,
    RESPONSE_VERBS,
    RESPONSE_WITH_PARTICLE,
)
from ..text.turn_text import comma_clauses
from .option_picks import MOVES
from .terse_reports import TERSE_CHARS

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures
    from .turnlog import TurnLog

__all__ = ["reports_a_response", "response_report"]

_TIE_TURNS = 6  # turns back an everyday party must have been named in
_TIE_CHARS = 2000  # characters of each such turn read
_EDGES = ",.;:!?\"'()"


def _responds(clause: list[str], at: int) -> bool:
    """Whether the clause's word at ``at`` is a verb of responding (with its particle)."""
    word = clause[at]
    if word in RESPONSE_VERBS:
        return True
    return (
        word in RESPONSE_WITH_PARTICLE
        and at + 1 < len(clause)
        and clause[at + 1] in RESPONSE_PARTICLES
    )


def response_report(text: str) -> bool:
    """Whether a statement (at most ``TERSE_CHARS``, no "?") opens with a party that responded
    (``RESPONSE_VERBS``) after a noun-phrase subject of at most ``RESPONSE_SUBJECT_WORDS``
    words, asks nothing (``RESPONSE_ASKS``) and has no later clause that opens with a
    question or an order."""
    if len(text) > TERSE_CHARS or "?" in text:
        return False
    clauses = comma_clauses(text)
    if not clauses or any(word in RESPONSE_ASKS for clause in clauses for word in clause):
        return False
    first = clauses[0]
    start = 0
    while start < len(first) - 1 and first[start] in RESPONSE_LEADS:
        start += 1
    if first[start] in RESPONSE_DETERMINERS:
        start += 1
    found = False
    for at in range(start, min(len(first), start + RESPONSE_SUBJECT_WORDS + 1)):
        if at > start and _responds(first, at):
            found = True
            break
        if first[at] in RESPONSE_NOT_SUBJECTS or first[at] in RESPONSE_OWN_PARTIES:
            return False  # "he came", "the dog is", "my boss emailed": news of its own
    if not found:
        return False
    return all(clause[0] not in RESPONSE_CLAUSE_OPENERS for clause in clauses[1:])


def reports_a_response(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user statement reports that a party responded, right after advice (rule
    response-reports, ``response_report``): at most ``TERSE_CHARS``, no "?", right after a
    reply in the active thread that offered no other help, in an assistant chat of two, none
    of rule option-picks' markers of a move."""
    config, log, threads = context.config, context.log, context.threads
    text = features.text
    if not (config.response_reports and len(text) <= TERSE_CHARS and "?" not in text):
        return False
    if not context.after_a_reply() or threads.active < 0:
        return False
    if int(log.thread_index[-1]) != threads.active or log.features[-1].open_offer:
        return False
    # "got back to me" holds the RESUME marker's "back to": no return to a thread there.
    back = _answers_back(features.words.plain)
    if any(features.has(marker) for marker in (*MOVES, Marker.ORDINAL) if marker != back):
        return False
    return response_report(text) and not _untied_party(features.words.plain, log)


def _untied_party(words: tuple[str, ...], log: TurnLog) -> bool:
    """Whether the report's first words name an everyday party (``RESPONSE_TIED_PARTIES``:
    "the dentist called, ...") that none of the last ``_TIE_TURNS`` turns named: news of its
    own, not what came of the advice (the review found three such reports taken)."""
    named = [word for word in words[: RESPONSE_SUBJECT_WORDS + 2] if word in RESPONSE_TIED_PARTIES]
    if not named:
        return False
    recent: set[str] = set()
    for turn in range(max(0, len(log) - _TIE_TURNS), len(log)):
        text = log.features[turn].text[:_TIE_CHARS].casefold()
        recent.update(word.strip(_EDGES) for word in text.split())  # "your landlord."
    return all(word not in recent for word in named)


def _answers_back(words: tuple[str, ...]) -> Marker | None:
    """Marker.RESUME when a verb of responding takes "back" ("got back to me", "wrote back")
    in the first words (its "back to" is no return to a thread), else None."""
    for at in range(min(len(words), RESPONSE_SUBJECT_WORDS + 3) - 1):
        if words[at] in RESPONSE_BACK_VERBS and words[at + 1] == "back":
            return Marker.RESUME
    return None
