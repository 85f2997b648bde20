"""Reports the question cue reads as questions (SPEC-028 §5.2 CONTINUE; issue 15 item 1,
stop 40): right after an assistant reply in the active thread, in an assistant chat of two, a
short statement that reports what the user did or found goes on with the thread (the house
convention of §5.2: a report after advice is CONTINUE), even when

- it ends with a surprised "?!" on a finding ("done, migrate now wants to drop the users
  table?!", rule surprised-reports): with its "?!" taken off it is no question (``is_question``
  reads it: "why would it drop the table?!" stays a question) and it does not address the
  assistant ("you want me to open the case?!" asks back);
- its last clause drops its subject after a negated auxiliary ("he hates the new food, won't
  eat it", rule elliptic-reports), which rule question-forms reads as an inversion ("won't he
  eat it"): the turn has no "?", its first clause is no question, and the word after the
  auxiliary is no subject (``text.stated_words``).

Both read at most ``TERSE_CHARS`` (rule terse-reports' length: the session hands such a turn
past the native settle, ``session_intent._terse_open``) and none of rule terse-reports' markers
of a move, a reference or a listed item (a gate word of a number only beside a digit).
Linear: ``str`` methods and one question scan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.question_forms import CLAUSE_MARKS, QUESTION_STRIP
from ..text.stated_words import (
    ADDRESSED,
    ELLIPTIC_NEGATIVES,
    INVERTED_SUBJECTS,
    SURPRISE_ENDS,
)
from .intent import is_question
from .terse_reports import NOT_TERSE, TERSE_CHARS

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

# Rule terse-reports' markers of a move, a reference or a listed item, but a gate word of a
# number only beside a digit ("can't find the option in the settings" names no option 2).
_NOT_STATED = tuple(marker for marker in NOT_TERSE if marker is not Marker.GATE_NUMBER)

__all__ = ["elliptic_report", "reports_stated", "surprise_ended", "surprised_report"]


def surprise_ended(text: str) -> bool:
    """Whether ``text`` ends (white space aside) with "?!" or "!?": rule surprised-reports
    may read it, so the native settle's answer is not final (``session_intent``)."""
    body = text.rstrip()
    return body[-2:] in ("?!", "!?")


def surprised_report(text: str) -> bool:
    """Whether ``text`` ends with a run of "?" and "!" holding both ("?!", "!?", "?!!") as its
    only "?" characters, and is no question without that run."""
    body = text.rstrip()
    stem = body.rstrip(SURPRISE_ENDS)
    run = body[len(stem) :]
    if "?" not in run or "!" not in run or "?" in stem:
        return False
    words = stem.casefold().replace("\u2019", "'").split()
    if not words or any(word.strip(QUESTION_STRIP) in ADDRESSED for word in words):
        return False  # "you want me to open the case?!" asks the assistant back
    return not is_question(stem)


def elliptic_report(text: str) -> bool:
    """Whether ``text`` (no "?") has a first clause that is no question and a last clause that
    opens with a negated auxiliary followed by no subject ("won't eat it")."""
    if "?" in text:
        return False
    mark = max(text.rfind(char) for char in CLAUSE_MARKS)
    if mark <= 0 or is_question(text[:mark]):
        return False
    words = [word.strip(QUESTION_STRIP).casefold() for word in text[mark + 1 :].split()[:2]]
    if not words or words[0] not in ELLIPTIC_NEGATIVES:
        return False
    return len(words) > 1 and words[1] not in INVERTED_SUBJECTS


def reports_stated(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user turn right after a reply in the active thread is a report the question
    cue misreads (rules surprised-reports and elliptic-reports, as switched on)."""
    config, log, threads = context.config, context.log, context.threads
    text = features.text
    if not (config.surprised_reports or config.elliptic_reports) or len(text) > TERSE_CHARS:
        return False
    if not (len(log) > 0 and log.roles[-1] == "assistant" and threads.active >= 0):
        return False
    if int(log.thread_index[-1]) != threads.active or log.features[-1].open_offer:
        return False
    if features.has_any(_NOT_STATED):
        return False
    if features.has(Marker.GATE_NUMBER) and any(char.isdigit() for char in text):
        return False  # "option 2 won't boot, tried it": an item of a list, not the gate word
    if context.speakers.multi_party(config) or context.peer_dialogue():
        return False
    if config.surprised_reports and surprised_report(text):
        return True
    return config.elliptic_reports and elliptic_report(text)
