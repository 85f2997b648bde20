"""``Session.classify``: the intent a user turn would get, without logging it (issue 14: the
per-request hot path). Kept apart from the turn path in ``session``; ``SessionIntent`` is a
base class of ``Session`` and reads the session's own components."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from ._intent_py import (
    ALL_CODES,
    CUE_QUESTION,
    INTENT_DRILL_DOWN,
    INTENT_EXPLORE,
    PENDING_EMBEDDING,
    PENDING_QUESTION,
    PENDING_REFERENCES,
)
from .config import Config
from .dialogue import multiparty
from .dialogue.adder_questions import added_question
from .dialogue.also_holdings import adds_a_holding
from .dialogue.context import DialogueContext
from .dialogue.features import TurnFeatures, from_scan
from .dialogue.intent import INTENTS, Intent, IntentClassifier, intent_for_turn
from .dialogue.item_reactions import reacts_to_an_item
from .dialogue.more_likes import asks_more_alike
from .dialogue.option_picks import picks_an_option
from .dialogue.output_detail_intents import may_ask_output_detail, past_outputs
from .dialogue.plan_reports import reports_a_plan
from .dialogue.references import Mention
from .dialogue.reply_answers import answers_the_reply, replies_asked
from .dialogue.reply_rules import reports_on_the_reply
from .dialogue.resolution import Resolution
from .dialogue.response_reports import reports_a_response
from .dialogue.stated_reports import reports_stated, surprise_ended
from .dialogue.summed_values import replied_outputs
from .dialogue.terse_reports import TERSE_CHARS, reports_tersely, terse_report
from .dialogue.threads import Threads
from .dialogue.tool_references import asks_fresh_output
from .dialogue.turnlog import TurnLog
from .inputs import check_speaker, check_text
from .text.holding_words import HOLD_VERBS
from .tiers.scratch import ScratchBuffer

__all__ = ["SessionIntent"]

# What classify reads without the lock: the active thread's recent vectors (None: no active
# thread), whether the log is empty, whether the settle's intent is final (no speaker was
# ever named, no question now may be about a fresh tool output), whether the scratch buffer
# holds an entry, and the intent codes (bit 1 << code) final for a turn that asks nothing (a
# question may ask what an older tool output showed: rule output-detail-intents; 0: none), and
# whether a short statement now may be a terse report (rule terse-reports: ``_terse_open``),
# and whether the turn comes right after a reply in an assistant chat of two
# (``DialogueContext.after_a_reply``: no rule that reads the reply just before the turn can
# fire otherwise; the settle's ``replied``).
_View = tuple[npt.NDArray[np.float32] | None, bool, bool, bool, int, bool, bool]
# A turn's native scan as the settle returns it unsettled: (intent, pending, hits, kinds,
# cues, similarity).
_Scan = tuple[int, int, list[tuple[int, int, int, int]], int, int, float]


# Intent codes rule output-detail-intents never changes.
_NOT_DETAILS = frozenset(
    INTENTS.index(intent) for intent in (Intent.CLARIFY, Intent.TOOL_REFERENCE)
)
# The codes final for a statement that may answer the reply's question: rule reply-answers
# changes only EXPLORE and DRILL_DOWN (``reply_reading``).
_ANSWER_CODES = ALL_CODES & ~sum(1 << INTENTS.index(i) for i in (Intent.EXPLORE, Intent.DRILL_DOWN))


def _same_view(a: _View, b: _View) -> bool:
    return a[0] is b[0] and a[1:] == b[1:]


def _terse_open(after_reply: bool, text: str) -> bool:
    """Whether rule terse-reports may read ``text`` right after a reply (``after_reply``): at
    most ``TERSE_CHARS`` characters and no "?". The native settle cannot see the reply, so
    its answer is not final for such a text (the length first: one check for a long text)."""
    return (
        after_reply
        and isinstance(text, str)
        and len(text) <= TERSE_CHARS
        and ("?" not in text or surprise_ended(text))  # rule surprised-reports: "...?!"
    )


# The codes rules option-picks and response-reports change (to CONTINUE): a pick or a report
# read as a question by its form, as a pointer, or as new ground.
_PICKED_FROM = frozenset((INTENT_EXPLORE, INTENT_DRILL_DOWN))


def _gated_rules_read(
    context: DialogueContext,
    features: TurnFeatures,
    code: int,
    terse_open: bool,
    detected: bool = False,
    answers: bool = False,
) -> bool:
    """Whether a rule whose gate ``Session.user``'s intent stage reads itself changes the
    intent of a turn the native settle gave the final ``code`` (settled with
    ``reports_read``): the report rules (``reply_rules.reports_on_the_reply``: report-backs,
    done-reports, thread-details, outcome-reports), which change only an EXPLORE, the only
    code the settle's gate for them hands on; past the terse gate (``terse_open``),
    ``_terse_rules_read``; for a turn settled because its detection found no mention
    (``detected``), rule adder-questions (``added_question``): its openers beyond the marked
    ones ("btw", "by the way", "another thing") have no gate in the settle (``classify``
    answers such a question with the scan's code), and this stage read them past a pending
    marker; for a code the view's statement codes leave open (``answers``), rule
    reply-answers (``answers_the_reply``: after a reply that asked the user something, it
    changes only an EXPLORE or a DRILL_DOWN statement, the codes the settle then hands on);
    past the terse gate, rules option-picks and response-reports (``picks_an_option``,
    ``reports_a_response``: they change an EXPLORE or a DRILL_DOWN, a pick or a report the
    scan read as a question by its form, as a pointer at an item or as new ground); rule
    plan-reports (``reports_a_plan``: it changes an EXPLORE or a DRILL_DOWN; the settle hands
    no plan on, so it is asked of every settled turn, a length and "?" test for most).
    Each is the rule's own test, so when none holds the Python path gives ``code``
    (tests/test_settled_turns.py replays the hand-written files both ways)."""
    if code == INTENT_EXPLORE and reports_on_the_reply(context, features):
        return True
    if code in _PICKED_FROM and reports_a_plan(context, features):
        return True  # rule plan-reports: the settle's gate for it is none (stop 44)
    if answers and answers_the_reply(context, features):
        return True
    if detected and added_question(context, features) >= 0:
        return True
    # Rules option-picks and response-reports: past the terse gate, as their length is.
    if (
        terse_open
        and code in _PICKED_FROM
        and (picks_an_option(context, features) or reports_a_response(context, features))
    ):
        return True
    return terse_open and _terse_rules_read(context, features)


def _terse_rules_read(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a rule that reads a short statement only past the terse gate (``_terse_open``)
    changes this turn's intent: rule terse-reports (``reports_tersely``; the gate is its
    own), rules surprised-reports and elliptic-reports (``reports_stated``: a text of at most
    ``TERSE_CHARS``, "?" only in a closing "?!"), rule item-reactions (``reacts_to_an_item``:
    a text of at most ``TERSE_CHARS``, no "?"), rule more-like-requests (``asks_more_alike``:
    a text of at most ``TERSE_CHARS``) or rule also-holdings reading a closing
    "too"/"as well" (``adds_a_holding``: a text of at most ``TERSE_CHARS`` may anchor on it).
    Each is the rule's own test, exact, so when none holds the turn is a statement like any
    longer one and the native settle's final code is ``intent_for_turn``'s. A new rule that
    relies on the gate joins here."""
    words = features.words.plain
    # Cheap supersets first: ``terse_report`` holds with ``shared`` 1 whenever it holds at
    # all, and ``added_thing`` finds no thing without a verb of ``HOLD_VERBS`` among a short
    # text's words (it reads the same case-folded, stripped words).
    if terse_report(words, 1) and reports_tersely(context, features):
        return True
    if reports_stated(context, features):  # rules surprised-reports, elliptic-reports
        return True
    if reacts_to_an_item(context, features):  # rule item-reactions
        return True
    if asks_more_alike(context, features):  # rule more-like-requests
        return True
    return not HOLD_VERBS.isdisjoint(words) and adds_a_holding(context, features)


def _final_code(codes: int, code: int, question: bool) -> bool:
    """Whether ``code`` is final under the view's statement ``codes``: for a statement, one of
    them; for a question, any (no rule that reads the reply changes a question's code)."""
    return bool(codes >> code & 1) if not question else codes != 0


def _republisher(session: SessionIntent) -> Callable[[], None]:
    """The scratch buffer's ``on_change`` for ``session``: publishes its view again, under
    its lock. Holds the session weakly (the buffer belongs to it)."""
    owner = weakref.ref(session)

    def republish() -> None:
        held = owner()
        if held is not None:
            with held._lock:
                held._publish_view()

    return republish


class SessionIntent:
    """``classify`` of ``Session`` (its base class), and the state its lock-free path reads."""

    config: Config
    _log: TurnLog
    _threads: Threads
    _scratch: ScratchBuffer
    _speakers: multiparty.Speakers
    _lock: threading.RLock
    _closed: bool
    _classifier: IntentClassifier
    _hashes_inside: bool
    _view: _View | None

    def classify(
        self,
        text: str,
        *,
        embedding: Any = None,
        embedding_model: str | None = None,
        speaker: str | None = None,
    ) -> Intent:
        """The SPEC-028 §5.2 intent a user turn would get, without logging it: the per-request
        hot path (microseconds with a precomputed embedding).

        One native call (``IntentClassifier``) scans the turn, embeds it (default embedder)
        where §5.2 reads the similarity, compares it with the active thread and decides
        §5.2; only a turn whose marker hits may start a reference, or whose answer turns on
        a definite noun phrase, goes on through the references stage (``analyse`` gives the
        same answer, slower). The common turn takes no lock: the call reads the state
        published after the last change (``_publish_view``) and checks ASCII text itself; a
        turn that goes on keeps that scan if nothing it read changed before the lock."""
        view, scanned = self._view, None
        if (
            view is not None
            and speaker is None
            and embedding_model is None
            and (embedding is not None or self._hashes_inside)
        ):
            recent, first_turn, final, tool_outputs, codes, terse, replied = view
            if terse and _terse_open(terse, text):  # no call for a turn not after a reply
                final, codes = False, 0  # rule terse-reports reads it
            # Once an output's exchange is over only a question may ask for its detail (rule
            # output-detail-intents): the settle reads its own question cue, and a question
            # it would settle comes back as its scan with PENDING_QUESTION set.
            found = self._classifier.settle_text(
                text, embedding, recent, first_turn, tool_outputs, codes != 0, final, codes,
                False, False, replied,
            )  # fmt: skip
            if isinstance(found, int):
                return INTENTS[found]  # nothing for the references stage to find
            if found is not None and found[1] & PENDING_QUESTION:
                if found[0] in _NOT_DETAILS:
                    return INTENTS[found[0]]
                found = (found[0], found[1] & ~PENDING_QUESTION, *found[2:])
            scanned = found
        with self._lock:
            return self._classify_held(text, embedding, embedding_model, speaker, view, scanned)

    def _classify_held(
        self,
        text: str,
        embedding: Any,
        embedding_model: str | None,
        speaker: str | None,
        view: _View | None,
        scanned: _Scan | None,
    ) -> Intent:
        """``classify`` under the lock: ``view`` and ``scanned`` are what its lock-free
        path read and scanned (None: nothing)."""
        self._check_open()
        # A text settle_text took is one check_text returns as it is.
        content = text if scanned is not None else check_text(text)
        # The per-request hot path: no call for the arguments left at None.
        who = None if speaker is None else check_speaker(speaker)
        if embedding_model is not None:
            self._check_model(embedding_model)
        if embedding is None and not self._hashes_inside:
            embedding = self._embed(content, None, None)
        # The session's state as _publish_view published it after the last change (made
        # afresh only when there is none, as Session.user's intent stage reads it); the
        # scan above stands while it is what that scan read.
        published = self._view
        current = published if published is not None else self._current_view()
        recent, first_turn, final, tool_outputs, codes, terse, _ = current
        terse_open = _terse_open(terse, content)
        # A question the lock-free settle did not settle under this view (with the view's
        # own codes: not past the terse gate) is one ``_settled_code`` cannot settle
        # either (their arguments differ only for statements): finish's detection decides
        # it below, as before.
        asked = scanned is not None and bool(scanned[4] & CUE_QUESTION) and not terse_open
        if scanned is None or view is None or not _same_view(current, view):
            asked = False
            found = self._classifier.settle(  # not final: the scan itself
                content, embedding, recent, first_turn, tool_outputs, False
            )
            if isinstance(found, int):  # never: not final
                return INTENTS[found]
            scanned = found
        scan = scanned
        finished: list[Any] = []  # finish's answer, once detection has run
        # As Session.user's intent stage decides it (``_gated_scan``). A named speaker takes
        # the whole way (the references stage reads it), and so does a question ``asked``.
        if who is None and not asked:
            code = self._gated_scan(content, embedding, current, scan, terse_open, finished)
            if code >= 0:
                return INTENTS[code]
        if terse_open:
            final, codes = False, 0  # rule terse-reports reads it
        elif who is not None:
            found = self._classifier.settle(
                content, embedding, recent, first_turn, tool_outputs, final, True, codes
            )
            if isinstance(found, int):
                return INTENTS[found]  # nothing for the references stage to find
        code, pending, hits, _, cues, similarity, mentions = (
            finished[0]
            if finished
            else (
                self._classifier.finish(
                    content, scan, first_turn=first_turn, tool_outputs=tool_outputs
                )
            )
        )
        if pending & PENDING_EMBEDDING:  # not a unit float32 vector: validate, normalise
            similarity = self._threads.active_similarity(self._embed(content, embedding, None))
        elif not pending and final and _final_code(codes, code, bool(cues & CUE_QUESTION)):
            return INTENTS[code]  # nothing for the references stage to find
        features = from_scan(content, "user", hits, cues)
        if (
            not pending
            and _final_code(codes, code, features.question)
            and not may_ask_output_detail(features, self._scratch, self._log, self.config)
        ):
            return INTENTS[code]  # no output's detail asked for (output-detail-intents)
        # The intent never reads rule definite-references' finds (``resolve_turn``).
        resolution = self._references(
            content, features, who, named_references=False, mentions=mentions
        )
        return intent_for_turn(self._context(), similarity, features, resolution)

    def _gated_scan(
        self,
        content: str,
        embedding: Any,
        current: _View,
        scan: _Scan,
        terse_open: bool,
        finished: list[Any],
    ) -> int:
        """``classify``'s code as ``Session.user``'s intent stage decides it
        (``_turn_intent``), or -1: the settle's code once final, unless a rule whose gate
        that stage reads itself reads the turn (``_gated_rules_read``), over the features of
        the turn's ``scan``; a scan pending on more than references the settle never
        settles. ``finished`` gets finish's answer when detection ran."""
        first_turn, tool_outputs, codes = current[1], current[3], current[4]
        if scan[1] & ~PENDING_REFERENCES:
            return -1

        def detected() -> bool | None:
            finished.append(
                self._classifier.finish(
                    content, scan, first_turn=first_turn, tool_outputs=tool_outputs
                )
            )
            mentions = finished[0][6]
            return None if mentions is None else bool(mentions)

        code, decided = self._settled_code(
            content, embedding, current[:5], detected, replied=current[6]
        )
        if code < 0:
            return -1
        features = from_scan(content, "user", scan[2], scan[4])
        answers = not codes >> code & 1  # rule reply-answers may read it
        context = self._context()
        if _gated_rules_read(context, features, code, terse_open, decided, answers):
            return -1
        return code

    def _turn_intent(
        self,
        context: DialogueContext,
        content: str,
        vector: npt.NDArray[np.float32],
        features: TurnFeatures,
        resolution: Resolution,
    ) -> Intent:
        """The intent of a user turn being planned (``Session.user``'s intent stage): the
        native settle's code when it is final, as ``classify`` takes it (one call of a few
        microseconds over the turn's text and its unit vector), else ``intent_for_turn``
        over the stages' features and references. Called under the lock."""
        # As classify reads it: the view published after the last change (a planned turn
        # changes nothing), made afresh only when there is none.
        view = self._view
        recent, first_turn, final, tool_outputs, codes, terse, replied = (
            view if view is not None else self._current_view()
        )
        # As in classify: a statement's code is final once no question can ask for an
        # output's detail that the turn does not (rule output-detail-intents). Unlike
        # classify, the settle hands no statement on for the rules whose gates the features
        # known here answer exactly: they are asked themselves once the code is final
        # (``_gated_rules_read``: the report rules, and the terse gate's); and the
        # references stage's detection is known, so a pending marker that started no
        # mention is no reason to go on (as in ``IntentClassifier.finish``).
        code, detected = self._settled_code(
            content,
            vector,
            (recent, first_turn, final, tool_outputs, codes),
            resolution.detected,
            replied=replied,
        )
        if code >= 0 and not _gated_rules_read(
            context, features, code, _terse_open(terse, content), detected, not codes >> code & 1
        ):
            return INTENTS[code]
        # The settle's similarity is not reused: Threads.active_similarity is the definition.
        similarity = self._threads.active_similarity(vector)
        return intent_for_turn(context, similarity, features, resolution)

    def _settled_code(
        self,
        content: str,
        vector: Any,
        view: tuple[Any, bool, bool, bool, int],
        detected: bool | Callable[[], bool | None] | None,
        *,
        replied: bool = True,
    ) -> tuple[int, bool]:
        """The native settle's final code for a user turn before the gated rules read it
        (``_gated_rules_read``: the caller asks them once the code is final, so the settle
        hands no statement on for them, nor one whose code the view's statement codes leave
        open for rule reply-answers: the caller asks it when the code is not among them),
        or -1; and whether the references stage's detection
        (``detected``: whether it found a mention, None when not run, or a call that runs
        it and says so, made only when it can decide) decided it: a pending
        marker that started no mention is then no reason to go on (as in
        ``IntentClassifier.finish``). ``view``: the published view's first five fields;
        ``replied``: its last (the settle's). ``Session.user``'s intent stage and
        ``classify`` both settle here."""
        recent, first_turn, final, tool_outputs, codes = view
        settle = self._classifier.settle
        # Every code may come back (``codes`` 0: none is final): the caller reads rule
        # reply-answers itself.
        args = (content, vector, recent, first_turn, tool_outputs, codes != 0, final, ALL_CODES)
        found = settle(*args, True, False, replied)
        decided = False
        if (
            not isinstance(found, int)
            and found[1] == PENDING_REFERENCES
            and (detected() if callable(detected) else detected) is False
        ):
            found, decided = settle(*args, True, True, replied), True
        if isinstance(found, int):
            return found, decided
        # A question settled but for an older output's detail: the codes that rule never
        # changes stand (rule output-detail-intents).
        if found[1] & PENDING_QUESTION and found[0] in _NOT_DETAILS:
            return found[0], decided
        return -1, decided

    def _publish_view(self) -> None:
        """Publish what ``classify`` reads without the lock (None once closed). Called under
        the lock after every change of the log, the threads, the speakers, the scratch
        buffer (its ``on_change``) or the open state: one attribute replaced whole, so a
        reader sees the state before or after a change, never inside one (the recent
        vectors are replaced, not written in place)."""
        if self._scratch.on_change is None:  # a new buffer (restore): watch it
            self._scratch.on_change = _republisher(self)
        self._view = None if self._closed else self._current_view()

    def _current_view(self) -> _View:
        tool_outputs = len(self._scratch) > 0
        # A question right after a tool output may be about it (rule fresh-output-questions):
        # the settle cannot see that, so its intent is not final then (such a turn takes the
        # whole way), nor after a speaker was named.
        fresh = tool_outputs and asks_fresh_output(self._scratch, self._log, self.config)
        statements_final = not (self._speakers.latest or fresh)
        # A question may ask what an output showed before this exchange: the settle cannot
        # see the buffer, so such a question takes the whole way (rule output-detail-intents).
        past = (
            tool_outputs
            and self.config.output_detail_intents
            and (
                past_outputs(self._scratch, self._log)
                # A question may ask a value of an output its reply summed up (rule
                # summed-output-values): the settle cannot read that either.
                or replied_outputs(self._scratch, self._log, self.config)
            )
        )
        final = statements_final and not past
        # Whether a rule may read the reply just before the turn: each of them asks
        # DialogueContext.after_a_reply's questions (a reply last, neither multi-party nor a
        # peer dialogue) before it reads the turn.
        replied = (
            len(self._log) > 0
            and self._log.roles[-1] == "assistant"
            and not self._speakers.multi_party(self.config)
            and not multiparty.peer_dialogue(self._log, self.config)
        )
        # A statement right after a reply that asked the user something may answer it (rule
        # reply-answers, in an assistant chat of two): its EXPLORE or DRILL_DOWN is not final
        # then, the codes that rule never changes are (and a question's).
        codes = 0
        if statements_final:
            codes = _ANSWER_CODES if replied and self._replies_asked() else ALL_CODES
        # A short statement right after a reply may be a terse report (rule terse-reports):
        # ``_terse_open`` reads the text. The rules past that gate read an assistant chat of
        # two only (``_terse_rules_read``, option-picks, response-reports), as ``replied``.
        terse = self.config.terse_reports and replied
        recent = self._threads.active_recent()
        return recent, not self._log, final, tool_outputs, codes, terse, replied

    def _replies_asked(self) -> bool:
        """Whether rule reply-answers may read a statement now: the last turn is a reply
        that asked the user something (``replies_asked``), in the active thread (the rule
        reads a statement in the active thread only: ``answers_the_reply``)."""
        log, threads = self._log, self._threads
        return (
            replies_asked(log, self.config)
            and threads.active >= 0
            and int(log.thread_index[-1]) == threads.active
        )

    # Session's.
    def _check_open(self) -> None:
        raise NotImplementedError

    def _check_model(self, embedding_model: str | None) -> None:
        raise NotImplementedError

    def _embed(
        self, text: str, embedding: Any, embedding_model: str | None
    ) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def _context(self) -> DialogueContext:
        raise NotImplementedError

    def _references(
        self,
        content: str,
        features: TurnFeatures,
        who: str | None,
        *,
        named_references: bool = True,
        mentions: list[Mention] | None = None,
    ) -> Resolution:
        raise NotImplementedError
