"""Reports on what came of the assistant's advice (SPEC-028 §5.2 CONTINUE, rule
outcome-reports): a user statement right after a reply, in an assistant chat of two, with a
clause in which the user (or the people the advice sent them to) did something in the past or
hands over what came of it ("I put a hygrometer in there for two days.", "yep, a merged PR
bumped it. pinned it back, replanned", "We fixed the crash, here is our crash log from before
the fix", "Switched it off last night, here's today's reading") stays in the active thread:
CONTINUE, even when most of its words are new to the thread, where §5.2's similarity would
call it EXPLORE. Not a question, a request, or a turn that says the topic moves on or back.

Rules done-reports and thread-details read short turns whose report opens the turn and takes
up the thread's words; this one reads every clause of a statement of at most ``OUTCOME_CHARS``
whose first word may open a report (``OUTCOME_OPENERS``): counted over every hand-written file
(after the stop-33 relabels), such a statement right after a reply is CONTINUE 93 times and
DRILL_DOWN twice. It must take up the reply or its thread (a word pointing back, or a word
either used): "I bought a used car last week and the brakes squeal." after party tips takes
up nothing and may open a topic.

One pass over a statement of at most ``OUTCOME_CHARS`` characters whose first word is one of
``OUTCOME_OPENERS``: the native settle hands on such a statement the scan calls EXPLORE (its
report openers), and settles every other one as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..text.lexicon import Marker
from ..text.outcome_words import (
    NOUN_REPORT_POINTERS,
    NOUN_REPORT_VERBS,
    NOUN_REPORT_WORDS,
    OUTCOME_DETERMINERS,
    OUTCOME_FILLERS,
    OUTCOME_HAVE,
    OUTCOME_IRREGULAR,
    OUTCOME_MODALS,
    OUTCOME_ORDERS,
    OUTCOME_OTHERNESS,
    OUTCOME_POINTERS,
    OUTCOME_SHARERS,
    OUTCOME_SUBJECTS,
)
from ..text.plan_words import PLAN_OPENERS
from ..text.report_words import DONE_NOT_VERBS, DONE_REQUESTS, DONE_VERBS, PAST_IRREGULAR
from ..text.turn_text import TurnWords, regular_past, turn_words
from .done_reports import done_report
from .phrasing import ACKNOWLEDGED_CHARS, REPORT_OPENERS
from .plan_reports import plan_report
from .returns import any_held
from .terse_reports import TERSE_CHARS
from .thread_details import DETAIL_CHARS

if TYPE_CHECKING:
    from ..config import Config
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = [
    "LONG_OUTCOME_CHARS",
    "OUTCOME_CHARS",
    "OUTCOME_OPENERS",
    "outcome_report",
    "report_chars",
    "report_opener_chars",
    "report_openers",
    "report_reader",
    "reports_an_outcome",
    "reports_by_a_noun",
]

# The longest statement read (characters), and its first word one of ``OUTCOME_OPENERS``:
# what the native settle hands on to rule report-backs (``phrasing.ACKNOWLEDGED_CHARS``), so
# a plain statement ("The staging cluster runs three etcd members ...") still settles there.
OUTCOME_CHARS = ACKNOWLEDGED_CHARS
# The longest statement read with rule long-reports: a report after advice may run to a few
# clauses ("I reboiled it for another twelve minutes and it wrinkles on the saucer now, though
# it is rather dark."); its first word still one of ``OUTCOME_OPENERS``.
LONG_OUTCOME_CHARS = 240
# Every first word a report read here may have (the native settle's report openers).
OUTCOME_OPENERS = (
    OUTCOME_FILLERS
    | OUTCOME_SUBJECTS
    | OUTCOME_SHARERS
    | DONE_VERBS
    | PAST_IRREGULAR
    | OUTCOME_IRREGULAR
) - OUTCOME_ORDERS
# Markers of a turn that moves on ("Unrelated: ..."), back ("Back to the roof.") or asks for
# an explanation.
_MOVES = (Marker.NEW_TOPIC, Marker.RESUME, Marker.EXPLAIN)


def report_chars(config: Config) -> int:
    """The longest statement the scan calls EXPLORE that the native settle hands on whatever
    its first word (rule thread-details; 0: none)."""
    return DETAIL_CHARS if config.report_backs and config.thread_details else 0


def outcome_chars(config: Config) -> int:
    """The longest statement rule outcome-reports reads (rule long-reports widens it)."""
    return LONG_OUTCOME_CHARS if config.long_reports else OUTCOME_CHARS


def report_opener_chars(config: Config) -> int:
    """The longest statement the native settle hands on by its first word (its report
    openers): rule report-backs' and done-reports' ``ACKNOWLEDGED_CHARS``, and with rules
    outcome-reports and long-reports ``LONG_OUTCOME_CHARS``."""
    if config.report_backs and config.outcome_reports:
        return outcome_chars(config)
    return ACKNOWLEDGED_CHARS


def report_openers(config: Config) -> tuple[frozenset[str], int]:
    """The first words with which the native settle hands on a statement it calls EXPLORE
    (rule report-backs' and done-reports', and with rule outcome-reports its own), and the
    longest such statement (``report_opener_chars``)."""
    plans = PLAN_OPENERS if config.plan_reports else frozenset()  # rule plan-reports
    if config.report_backs and config.outcome_reports:
        return REPORT_OPENERS | OUTCOME_OPENERS | plans, report_opener_chars(config)
    return REPORT_OPENERS | plans, ACKNOWLEDGED_CHARS


def report_reader(config: Config) -> Callable[[str], bool] | None:
    """What ``IntentClassifier.finish`` reads to hand a statement on to rules done-reports,
    outcome-reports and plan-reports (None: none is on)."""
    reader = _done_or_outcome(config)
    if not (config.report_backs and config.plan_reports):
        return reader
    if reader is None:
        return lambda text: bool(plan_report(text))
    return lambda text: reader(text) or bool(plan_report(text))


def _done_or_outcome(config: Config) -> Callable[[str], bool] | None:
    """``report_reader`` of rules done-reports and outcome-reports."""
    done = config.report_backs and config.done_reports
    outcome = config.report_backs and config.outcome_reports
    limit, nouns = outcome_chars(config), config.noun_reports
    if done and outcome:
        return lambda text: done_report(text) or outcome_report(text, limit, nouns)
    if outcome:
        return lambda text: outcome_report(text, limit, nouns)
    return done_report if done else None


def _past(word: str) -> bool:
    if word in DONE_NOT_VERBS:
        return False
    if word in PAST_IRREGULAR or word in OUTCOME_IRREGULAR:
        return True
    return regular_past(word)


def outcome_report(text: str, limit: int = OUTCOME_CHARS, nouns: bool = False) -> bool:
    """Whether a statement has a clause that reports a thing done ("Switched it off last
    night", "they fixed it", "I've drafted ...", "She had the eye test today") or hands one
    over ("here's today's reading"), asks for nothing and says no clause before it that the
    report is about something else ("ok totally random but i bought a ukulele"). The caller
    checks it is no question. ``limit``: the longest statement read; ``nouns``: rule
    noun-reports reads a clause whose subject is a noun phrase ("my manager signed it off")."""
    if len(text) > limit:
        return False
    # The turn's record (``turn_words``): the classifier's stage and rule outcome-reports
    # read the same statement, and the other report rules its words.
    record = turn_words(text)
    key = _NOUNS_READ if nouns else _READ
    found = record.read.get(key)
    if found is None:
        found = record.read[key] = _reads_a_report(record, nouns)
    return found


_READ = "outcome-reports"  # this rule's key in a turn's ``TurnWords.read``
_NOUNS_READ = "noun-reports"  # with rule noun-reports' clauses


def _reads_a_report(record: TurnWords, nouns: bool) -> bool:
    words = record.plain
    if not words or _asks(words):
        return False
    if words[0] not in OUTCOME_OPENERS and not (
        nouns
        and words[0] in OUTCOME_DETERMINERS
        and len(record.text) <= TERSE_CHARS
        and "?" not in record.text
    ):
        # The native settle reads the first word alone; a statement of at most TERSE_CHARS
        # with no "?" the session hands on whatever its first word (the terse gate), so rule
        # noun-reports reads "my ..." and "the ..." no longer than that: the common
        # statement ("The staging cluster runs three etcd members ...") still settles.
        return False
    for clause in record.clauses():  # a clause ends at ``STATEMENT_ENDS`` or a joiner
        start = 0
        while start < len(clause) - 1 and clause[start] in OUTCOME_FILLERS:
            start += 1
        if _reports(clause[start:]) or (nouns and _noun_reports(clause[start:])):
            # "Unrelated, ..." is no past form: otherness first
            return OUTCOME_OTHERNESS.isdisjoint(clause[: start + 1])
        if not OUTCOME_OTHERNESS.isdisjoint(clause):
            return False  # "Other thing: my glaze ran off one mug ..."
    return False


def _reports(clause: list[str]) -> bool:
    first, rest = clause[0], clause[1:3]
    if (_past(first) and first not in OUTCOME_ORDERS) or first in OUTCOME_SHARERS:
        return True  # "Switched it off last night", not "Set a reminder for 6pm"
    if first not in OUTCOME_SUBJECTS or not rest:
        return False
    return _past(rest[0]) or (rest[0] in OUTCOME_HAVE and len(rest) > 1 and _past(rest[1]))


def _noun_reports(clause: list[str]) -> bool:
    """Whether a clause opens with a noun phrase that did a thing (rule noun-reports): a word
    of ``OUTCOME_DETERMINERS``, one to ``NOUN_REPORT_WORDS`` words none of which is a verb of
    ``_NOT_NOUNS`` or an "-ing" form, then a past form or "have" and one ("my manager signed
    it off", "the vet has booked an x-ray"). "the dog needs walking" holds none."""
    if not clause or clause[0] not in OUTCOME_DETERMINERS:
        return False
    for at in range(2, min(len(clause), NOUN_REPORT_WORDS + 2)):
        word, before = clause[at], clause[at - 1]
        if before in _NOT_NOUNS or before.endswith("ing") or before in OUTCOME_DETERMINERS:
            return False
        if _noun_past(word):
            return True
        if word in OUTCOME_HAVE and at + 1 < len(clause) and _noun_past(clause[at + 1]):
            return True
    return False


def _noun_past(word: str) -> bool:
    return word in NOUN_REPORT_VERBS or _past(word)


# Words that end a noun phrase with no past form after it ("the dog needs walked", "my boss
# will have signed it"), or say it has not happened ("my gecko hasnt eaten in 9 days": a
# state of the user's own thing, which may open a topic): no report of a thing done.
_NOT_NOUNS = frozenset((
    "is", "are", "was", "were", "be", "been", "needs", "need", "wants", "want", "keeps",
    "will", "would", "can", "could", "should", "must", "might", "may", "won't", "wont",
    "didn't", "didnt", "doesn't", "doesnt", "don't", "dont", "not", "never", "has", "have",
    "had", "to", "and", "or", "but", "of", "for", "with", "in", "on", "at", "hasn't", "hasnt",
    "haven't", "havent", "hadn't", "hadnt", "isn't", "isnt", "wasn't", "wasnt", "aren't",
    "arent", "weren't", "werent", "still", "just",
))  # fmt: skip


def _asks(words: tuple[str, ...]) -> bool:
    """Whether a request word is in ``words`` (``DONE_REQUESTS``), a modal only before the
    person asked ("can you", "could we"): "they can do it saturday" asks nothing."""
    for at, word in enumerate(words):
        if word in DONE_REQUESTS and (
            word not in OUTCOME_MODALS or words[at + 1 : at + 2] in _ASKED
        ):
            return True
    return False


_ASKED = frozenset((person,) for person in ("you", "u", "i", "we", "someone", "anyone"))


def reports_an_outcome(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user statement reports what came of the reply just before it (rule
    outcome-reports). The caller (``reply_rules.reports_on_the_reply``) checks the rest: no
    question, right after a reply, an assistant chat of two, a thread on the table."""
    config = context.config
    nouns = config.noun_reports
    if not config.outcome_reports or not outcome_report(
        features.text, outcome_chars(config), nouns
    ):
        return False
    if features.has_any(_MOVES):
        return False  # "Unrelated, my work VPN disconnects ..." moves on
    if features.asks_for:
        return False
    # It takes up the reply or its thread: a word pointing back, or a word either used ("I
    # bought a used car last week and the brakes squeal." after party tips takes up nothing).
    # Curly apostrophes too ("here\u2019s").
    plain = features.words.plain
    if plain[0] not in OUTCOME_OPENERS:  # rule noun-reports: "my manager signed it off"
        if not NOUN_REPORT_POINTERS.isdisjoint(plain):
            return True  # "it", "them": the advice's thing; not "my son broke his arm"
    elif not OUTCOME_POINTERS.isdisjoint(plain):
        return True  # "Tried your trick today", "I put a hygrometer in there"
    threads, reply = context.threads, context.log.features[-1]
    # Each vocabulary on its own: the thread's grows with the log, a union would copy it.
    return any_held(threads.vocabulary[threads.active], features.terms) or any_held(
        reply.term_set, features.terms
    )


def reports_by_a_noun(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user statement right after a reply, in an assistant chat of two, is a report
    rule noun-reports reads ("Our director approved it this morning and it is now with HR,
    ..."): placement keeps it in the thread it reports on, where rule possessed-topics would
    read its "our" as the speaker's own new topic."""
    plain = features.words.plain
    return (
        context.config.noun_reports
        and not features.question
        and bool(plain)
        and plain[0] in OUTCOME_DETERMINERS
        and context.after_a_reply()
        and reports_an_outcome(context, features)
    )
