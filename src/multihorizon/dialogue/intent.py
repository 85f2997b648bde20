"""Per-turn intent (SPEC-028 §5): the five intents and the §5.2 classifier, in its order.

The classifier reads one marker-matcher pass (``lexicon.Lexicon.scan``), the turn's
references, and one similarity: no model call. Markers match whole words, case-folded, so
"moreover", "edit", "more than" and "so that" do not fire (SPEC-028 §5.2 writes
``phrase in current_turn``, which would).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .. import kernels
from .._intent_py import (
    CUE_QUESTION,
    DECIDE_ACKNOWLEDGEMENT,
    DECIDE_CLARIFY,
    DECIDE_CONTINUE,
    DECIDE_FIRST_TURN,
    DECIDE_NAMES_KNOWN,
    DECIDE_NEW_TOPIC,
    DECIDE_POINTS_BACK,
    DECIDE_QUESTION,
    DECIDE_RESOLVED,
    DECIDE_TOOL,
    INTENT_CLARIFY,
    INTENT_DRILL_DOWN,
    PENDING_REFERENCES,
    RULE_ACKNOWLEDGEMENT_CONTINUES,
    RULE_FIRST_TURN_EXPLORE,
    RULE_FOLLOW_UP_QUESTIONS,
    RULE_QUESTION_TOPICS,
)
from .._settler_py import SettleCall
from ..config import Config
from ..inputs import MAX_TURN_CHARS
from ..text.cues import OPENING_CHARS
from ..text.lexicon import ADDING_OPENERS, Lexicon, Marker, default_lexicon
from ..text.turn_text import turn_words
from .again_markers import says_again
from .detection import detect
from .echoes import echo_words, echoed_term
from .embedded_continues import CONTINUE_PHRASES, asking_hits, embedded_continues
from .new_ground import NEW_GROUND_CHARS, may_ask_on_new_ground, on_new_ground
from .ordinal_mentions import may_pick_by_label, ungated_triggers
from .outcome_reports import report_chars, report_openers, report_reader
from .output_requests import FETCH, held_tool_reference
from .own_antecedents import OWN_ANTECEDENT_CHARS, may_point_into_itself, points_into_itself
from .phrasing import (
    ACKNOWLEDGED_CHARS,
    SIDE_QUESTION_CHARS,
    acknowledged_statement,
    adding_opener,
    announced_turn,
    explains,
    reports_back,
    term_asked,
    term_words,
)
from .references import Mention
from .reply_rules import builds_on_the_table
from .reply_terms import may_ask_reply_term, reply_term_words
from .settle_data import (
    REPLY_KINDS,
    adder_gates,
    again_phrases,
    confirm_gates,
    detection_gates,
    may_hold_form,
    opens_with_adder,
    phrases_among,
    slow_kinds,
)

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures
    from .resolution import Resolution

__all__ = ["INTENTS", "Intent", "IntentClassifier", "classify", "intent_for_turn", "is_question"]


class Intent(enum.StrEnum):
    """SPEC-028 §5.1."""

    EXPLORE = "EXPLORE"
    DRILL_DOWN = "DRILL_DOWN"
    CLARIFY = "CLARIFY"
    CONTINUE = "CONTINUE"
    TOOL_REFERENCE = "TOOL_REFERENCE"


#: The intent of each code ``kernels.intent_decision`` and ``TurnScanner.classify`` return.
INTENTS = tuple(Intent)

_CLARIFY = int(Marker.CLARIFY)
_CONTINUE = int(Marker.CONTINUE)
_OUTCOME = int(Marker.TOOL_OUTCOME)
_ACK_OPENER = int(Marker.ACK_OPENER)
_POINTS_BACK = frozenset((int(Marker.ANAPHOR), int(Marker.DEMONSTRATIVE)))
# Categories from which detection can read a tool reference (``mention_markers``: "those
# logs", "the same error"; ``mention_patterns``: GATE_TOOL), and those only the slow path reads
# (``phrasing``, rules explain-new-content, session-recaps, return-drill-downs, NEW_TOPIC's).
_TOOL_KINDS = frozenset((int(Marker.DEMONSTRATIVE), int(Marker.TOOL_REF), int(Marker.GATE_TOOL)))
_SLOW_PATH_KINDS = frozenset(
    int(m)
    for m in (Marker.NEW_TOPIC, Marker.TOPIC_OPENER, Marker.EXPLAIN, Marker.RECAP, Marker.RESUME)
)
# The scanner's answers only a tool reference can change (``IntentClassifier._settled``).
_SETTLED_CODES = frozenset((INTENT_DRILL_DOWN, INTENT_CLARIFY))


# TurnScanner.classify's answer: (intent, pending, hits, kinds, cues, similarity).
_Scanned = tuple[int, int, list[tuple[int, int, int, int]], int, int, float]


# IntentClassifier.classify's answer when it is not a settled intent code.
_Classified = tuple[
    int, int, list[tuple[int, int, int, int]], int, int, float, list[Mention] | None
]


def _mask_of(categories: frozenset[int]) -> int:
    mask = 0
    for category in categories:
        mask |= 1 << category
    return mask


def is_question(text: str) -> bool:
    """A question or a request for information: "?" or a wh-/auxiliary/"tell me" opener
    (``lexicon.QUESTION_OPENERS``; ``Lexicon.is_question``)."""
    return default_lexicon().is_question(text)


def classify(
    hits: Sequence[tuple[int, int, int, int]],
    *,
    has_tool_reference: bool,
    resolved_references: int,
    active_similarity: float,
    explore_below: float,
    first_turn: bool,
    acknowledgement: bool = False,
    question: bool = False,
    names_known: bool = False,
    new_topic: bool = False,
    clarify: bool = False,
    announced: bool = False,
    points_back: bool = False,
) -> Intent:
    """SPEC-028 §5.2, in its order.

    ``hits`` are the turn's marker hits; ``has_tool_reference`` whether a tool reference was
    detected; ``resolved_references`` how many references to prior content resolved;
    ``active_similarity`` the best cosine between the turn and the active thread's turns;
    ``explore_below`` the bar under which a marker-free turn is new ground (0.50 in the spec);
    ``acknowledgement`` whether the turn is only a backchannel ("ok", "uh-huh", "thanks");
    ``question`` whether it asks something (``is_question``); ``names_known`` whether it
    names something the conversation already holds by a definite noun phrase ("the two
    policies" after policies came up); ``new_topic`` whether it says the topic moves on ("by
    the way"); ``clarify`` whether it asks to clarify without a CLARIFY marker ("explain
    that again", rule explain-new-content); ``announced`` whether it opens by announcing a
    new topic ("Switching topics: ...", rule topic-announcements): EXPLORE unless it
    refers to tool output; ``points_back`` whether something else in it points back (a
    tool phrase with no output to point at, rule tool-reference-match)."""
    if announced and not has_tool_reference:
        return Intent.EXPLORE
    kinds = {hit[0] for hit in hits}
    flags = 0
    # SPEC-028 §5.2 tests the detected references: "the table schema" is a TOOL_REF marker
    # hit that detection rejects, not a reference to tool output.
    if has_tool_reference:
        flags |= DECIDE_TOOL
    # The first turn of a session has nothing before it to clarify, continue or drill into.
    if first_turn:
        flags |= DECIDE_FIRST_TURN
    if clarify or _CLARIFY in kinds:
        flags |= DECIDE_CLARIFY
    if resolved_references:
        flags |= DECIDE_RESOLVED
    if _CONTINUE in kinds:
        flags |= DECIDE_CONTINUE
    if acknowledgement:
        flags |= DECIDE_ACKNOWLEDGEMENT
    if question:
        flags |= DECIDE_QUESTION
    if names_known:
        flags |= DECIDE_NAMES_KNOWN
    if points_back or not kinds.isdisjoint(_POINTS_BACK):
        flags |= DECIDE_POINTS_BACK
    if new_topic:
        flags |= DECIDE_NEW_TOPIC
    # The order of the checks (and the rules of ours among them) is
    # ``kernels.intent_decision``'s, defined once in ``multihorizon._intent_py``.
    return INTENTS[kernels.intent_decision(flags, active_similarity, explore_below)]


class IntentClassifier:
    """SPEC-028 §5.2 for a session's user turns in one native call (``kernels.IntentSettler``
    over ``kernels.TurnScanner``), built once per (lexicon, config): the rules of ours that
    ``Config`` switches on, the explore bar of the session's embedder, its dimension, and how
    a turn given without an embedding is hashed inside the call (``skip_function_words``:
    the default ``HashingEmbedder``'s version 2)."""

    __slots__ = (
        "_acknowledged",
        "_adders",
        "_adding",
        "_always_pending",
        "_checks",
        "_details",
        "_dim",
        "_done",
        "_echoes",
        "_embedded",
        "_explore_below",
        "_frames",
        "_inside",
        "_item_forms",
        "_lexicon",
        "_new_ground",
        "_openers",
        "_ordinal_forms",
        "_outcomes",
        "_own_parties",
        "_repeats",
        "_reply_terms",
        "_reports",
        "_rules",
        "_scanner",
        "_side_questions",
        "_slow_path",
        "_terms",
        "_tool_kinds",
        "_tool_match",
        "may_hold_forms",
        "settle",
        "settle_text",
    )

    #: ``kernels.IntentSettler.settle`` over this classifier's rules, the native call itself
    #: (no Python frame around it): ``settle(text, embedding, recent, first_turn,
    #: tool_outputs, final[, questions_final[, statement_codes]])`` gives the intent code when
    #: nothing else can change it, else the scan for ``finish`` (see ``classify``; the last
    #: two: which settled codes may come back, ``IntentSettlerBase.settle``).
    settle: SettleCall
    #: ``kernels.IntentSettler.settle_text`` (its ``settle_text_direct``, past pybind11's
    #: dispatcher): ``settle`` of a caller's unchecked text, or None for a text
    #: ``inputs.check_text`` may change or refuse (``settle``'s arguments, positional).
    settle_text: Callable[..., int | _Scanned | None]

    def __init__(
        self,
        lexicon: Lexicon,
        config: Config,
        *,
        explore_below: float,
        dim: int,
        skip_function_words: bool = False,
    ) -> None:
        self._scanner = lexicon.scanner
        self._rules = (
            (RULE_FIRST_TURN_EXPLORE if config.first_turn_explore else 0)
            | (RULE_ACKNOWLEDGEMENT_CONTINUES if config.acknowledgement_continues else 0)
            | (RULE_FOLLOW_UP_QUESTIONS if config.follow_up_questions else 0)
            | (RULE_QUESTION_TOPICS if config.question_topics else 0)
        )
        self._explore_below = explore_below
        self._dim = dim
        # Without the gate words, reference detection searches every turn's text itself.
        self._always_pending = 0 if lexicon.has_gates else PENDING_REFERENCES
        # Outcome verbs ("fail") and acknowledgements ("ok") are common: only a question with one
        # (tool-reference-match) or a short statement opening with one (acknowledged-statements).
        self._outcomes = (1 << _OUTCOME) if config.tool_reference_match else 0
        acknowledged = config.acknowledged_statements and config.acknowledgement_continues
        self._acknowledged = (1 << _ACK_OPENER) if acknowledged else 0
        # A category only the slow path reads (a request, a check) goes on whatever is found.
        asks = config.thread_requests or config.thread_wants or config.form_requests
        requests = (asks or config.action_requests) << Marker.REQUEST_OPENER
        choices = config.choice_asks or config.dumb_down_asks or config.split_requests
        choices = choices or config.condition_checks or config.reading_asks
        choices = choices or config.surprise_echoes  # "hang on, X? how ..." (stop 42)
        choices = choices or config.recheck_asks  # "wait, does X ...?" (stop 44)
        requests |= config.understanding_checks << Marker.CHECK_OPENER  # "so X is just Y?"
        requests |= config.confirm_checks << Marker.CONFIRM_MARK  # "so X, not Y?"
        also = config.also_subjects or config.also_holdings or config.adder_questions
        requests |= also << Marker.ALSO_OPENER  # "one more thing, ..." too (adder-questions)
        requests |= config.term_recalls << Marker.TERM_RECALL  # "what was that X you said"
        requests |= choices << Marker.PLAIN_CLARIFY  # "why X and not Y?", "so if ...?"
        self._slow_path = _mask_of(_SLOW_PATH_KINDS) | requests
        self._tool_kinds = _mask_of(_TOOL_KINDS)
        self._lexicon = lexicon
        self._tool_match = config.tool_reference_match
        # "#2 please", "B sounds good": a pick no gate word shows (rule ordinal-forms).
        self._ordinal_forms = config.ordinal_forms
        self._item_forms = config.item_forms  # "go with b", "the cheapest one"
        # An "again" beside a return announcement or a repeat request may be no CLARIFY
        # marker (rule resume-announcements); a short question the native decision calls
        # EXPLORE may be a side question (rule side-questions): only the references stage's
        # caller, with the session at hand, can tell.
        # A bare "again" reporting a thing done again (again-reports), or asking none (again-asks).
        self._repeats = config.resume_announcements or config.again_reports or config.again_asks
        self._side_questions = config.side_questions
        self._new_ground = NEW_GROUND_CHARS if config.new_ground_questions else 0  # 0: off
        self._own_parties = config.own_antecedents  # "My son ... is he too young?"
        # "Also, do I need winter tyres?" opens with a CONTINUE marker that asks for nothing
        # more (rule also-questions): the caller reads the hits without it.
        self._adding = config.also_questions
        self._adders = adder_gates() if config.adder_questions else None  # "One more thing, ..."
        # "Should I also ...?" too (rule short-follow-ups): the settle hands it on already.
        self._inside = config.also_questions and config.short_follow_ups
        # "how much more per month?": a CONTINUE marker inside a question's own words is none
        # (rule embedded-continues); the settle hands on every question with one.
        self._embedded = config.embedded_continues
        # Rules report-backs ("They're in pots ...") and done-reports ("ok did six of them ...").
        self._done = report_reader(config)  # and rule outcome-reports: "Tried your trick ..."
        self._openers = report_openers(config)  # first words the settle hands on, and how long
        self._reports = config.report_backs
        # "we only have the one bathroom" may add to the thread (rule thread-details): any
        # statement of at most DETAIL_CHARS the scan calls EXPLORE goes on.
        self._details = report_chars(config)
        # "What's a Soundex search?" may ask what the reply meant (rule term-questions).
        self._terms = config.term_questions
        # "Fret buzz?", "Kettle stitch, meaning?" may ask back a term (echo-clarifications).
        self._echoes = config.echo_clarifications
        # "hot mud?? like heated?", "whats a handcuff again, i keep seeing it" (term-frames).
        self._frames = config.term_frames
        self._reply_terms = config.reply_term_asks  # "sweat? they sweat how" (reply-term-asks)
        # "X, is that Y?" (term-checks), "porosity, what is it exactly" (meaning-asks), "X = Y?"
        ons = config.term_checks, config.meaning_asks, config.restated_checks
        checks = (*ons, config.learner_meaning_asks, config.equation_checks)  # equation-checks
        self._checks = tuple(self._reply_terms and on for on in checks)
        settler = _settler(self, lexicon, skip_function_words)
        # settle_text_direct: settle_text past pybind11's dispatcher, for classify's hot path.
        self.settle, self.settle_text = settler.settle, settler.settle_text_direct
        self.may_hold_forms = settler.may_hold_forms  # the references stage's forms gate

    def classify(
        self,
        text: str,
        embedding: Any,
        recent: Any,
        *,
        first_turn: bool,
        tool_outputs: bool = True,
        final: bool = False,
    ) -> int | _Classified:
        """``TurnScanner.classify`` of a validated turn (``embedding`` None: hashed inside):
        ``(intent, pending, hits, kinds, cues, similarity, mentions)``; ``INTENTS[intent]``
        is the answer when ``pending`` is 0; ``mentions`` are the turn's detected references
        when detection ran here (for the references stage to reuse), else None.
        ``tool_outputs``: whether the session's scratch buffer holds an entry (a tool
        reference can resolve only then). ``final``: the caller reads nothing else when
        ``pending`` is 0, so the intent code alone (an int) may come back instead, whenever
        the native call can tell that nothing below would change it (the common case)."""
        found = self.settle(text, embedding, recent, first_turn, tool_outputs, final)
        if isinstance(found, int):
            return found
        return self.finish(text, found, first_turn=first_turn, tool_outputs=tool_outputs)

    def finish(
        self, text: str, scanned: _Scanned, *, first_turn: bool, tool_outputs: bool
    ) -> _Classified:
        """``classify`` of a turn ``settle`` did not settle, from its ``scanned`` tuple: the
        rules of ours that read the text, and reference detection where it can decide."""
        code, pending, hits, kinds, cues, similarity = scanned
        turn_words(text, fresh=True)  # the turn's words, read by the rules below and later
        # Ordinal forms without a gate word are read below, unless detection read them here.
        ungated = self._ordinal_forms
        mentions: list[Mention] | None = None
        # A CLARIFY "again" may be a return or a repeat request: the caller decides that.
        again = bool(self._repeats and kinds & (1 << _CLARIFY) and says_again(text, hits))
        adds = bool(
            self._adding
            and kinds & (1 << _CONTINUE)
            and cues & CUE_QUESTION
            and adding_opener(text, hits, inside=self._inside)
        )
        adds = adds or bool(
            self._embedded
            and kinds & (1 << _CONTINUE)
            and cues & CUE_QUESTION
            and embedded_continues(text, hits)
        )
        adds = adds or opens_with_adder(self._adders, text, hits, kinds, cues)  # adder-questions
        slow = slow_kinds(text, kinds & self._slow_path)  # a CONFIRM_MARK only in a check
        if pending == PENDING_REFERENCES and not slow and not again:
            if self._settled(code, kinds, tool_outputs):
                pending = 0
            elif self._lexicon.has_gates:
                # With no mention, the references stage resolves nothing and the scanner's
                # §5.2 answer stands ("the next maintenance window": a gate word, no form).
                mentions = detect(
                    text, hits, self._lexicon, ordinal_forms=self._ordinal_forms,
                    item_forms=self._item_forms, forms_gate=self.may_hold_forms,
                )  # fmt: skip
                if not mentions:
                    pending, ungated = 0, False
        # Rule tool-reference-match reads an outcome question only against tool outputs.
        outcomes = self._outcomes if tool_outputs else 0
        if not pending and kinds & (outcomes | self._acknowledged):
            question = cues & CUE_QUESTION
            if (kinds & outcomes and question) or (
                kinds & self._acknowledged and not question and len(text) <= ACKNOWLEDGED_CHARS
            ):
                pending = PENDING_REFERENCES
        if not pending and (
            (ungated and (may_hold_form(text) or may_pick_by_label(text)))
            or again
            or adds
            or (
                self._terms
                and not first_turn
                and cues & CUE_QUESTION
                and term_asked(text, self._frames)
            )
            or (self._echoes and not first_turn and echoed_term(text, self._frames))
            or (
                self._reply_terms
                and not first_turn
                and may_ask_reply_term(text, bool(cues & CUE_QUESTION), *self._checks)
            )
            or (
                self._reports
                and INTENTS[code] is Intent.EXPLORE
                and not first_turn
                and not cues & CUE_QUESTION
                and (
                    reports_back(text)
                    or (self._done is not None and self._done(text))
                    or len(text) <= self._details
                )
            )
            or may_ask_on_new_ground(self._new_ground, code, cues, text, kinds & self._acknowledged)
            or (self._own_parties and may_point_into_itself(code, cues, text, hits))
            or (
                self._side_questions
                and INTENTS[code] is Intent.EXPLORE
                and not first_turn
                and cues & CUE_QUESTION
                and len(text) <= SIDE_QUESTION_CHARS
            )
        ):
            pending = PENDING_REFERENCES
        return code, pending | self._always_pending, hits, kinds, cues, similarity, mentions

    def _settled(self, code: int, kinds: int, tool_outputs: bool) -> bool:
        """Whether the references stage cannot change a DRILL_DOWN or a CLARIFY. What it
        adds to §5.2 is a resolved reference to prior content (DRILL_DOWN, below CLARIFY and
        the same as a DRILL_DOWN: the scanner's DRILL_DOWN is a question's, which pointing
        back leaves one; PENDING_NAMES is never set beside either) or a tool reference.
        Only DEMONSTRATIVE ("those logs"), TOOL_REF and GATE_TOOL readings are tool
        references, and under rule tool-reference-match one counts only when it resolves to
        a tool output; without one it points back (a question's DRILL_DOWN still)."""
        if code not in _SETTLED_CODES:
            return False
        if self._tool_match and not tool_outputs:
            return True  # no tool reference can resolve, so none is counted
        return not kinds & self._tool_kinds


def _settler(classifier: IntentClassifier, lexicon: Lexicon, skip: bool) -> Any:
    """The native settle of ``classifier``'s rules (``kernels.IntentSettler``): what
    ``IntentClassifier.classify`` reads after the scan, as masks, switches and data."""
    capitals, joiners, needles, standalone = ungated_triggers()
    return kernels.IntentSettler(
        lexicon.scanner,
        rules=classifier._rules,
        explore_below=classifier._explore_below,
        dim=classifier._dim,
        skip_function_words=skip,
        masks=(
            classifier._slow_path,
            classifier._tool_kinds,
            classifier._outcomes,
            classifier._acknowledged,
            (1 << _CONTINUE) if classifier._adding or classifier._embedded else 0,
        ),
        clarify=_CLARIFY,
        again_phrases=again_phrases(lexicon),
        switches=(
            classifier._tool_match,
            classifier._ordinal_forms,
            classifier._repeats,
            classifier._side_questions,
            bool(classifier._always_pending),
            classifier._terms,
            classifier._reports,
            classifier._echoes,
            classifier._reply_terms,
        ),
        lengths=(
            ACKNOWLEDGED_CHARS,
            SIDE_QUESTION_CHARS,
            standalone,
            classifier._details,
            classifier._new_ground,
            OWN_ANTECEDENT_CHARS if classifier._own_parties else 0,
            classifier._openers[1],
        ),
        capitals=capitals,
        joiners=joiners,
        needles=needles,
        report_openers=sorted(classifier._openers[0]),
        max_chars=MAX_TURN_CHARS,
        detection=detection_gates(lexicon),
        # An adding opener counts anywhere with rule short-follow-ups (``phrasing.adding_opener(
        # inside=True)``), every CONTINUE phrase with embedded-continues: the gate reads so.
        adding=(
            phrases_among(lexicon, CONTINUE_PHRASES if classifier._embedded else ADDING_OPENERS),
            MAX_TURN_CHARS if classifier._inside or classifier._embedded else OPENING_CHARS,
        ),
        terms=term_words(),
        echoes=(*echo_words(classifier._frames), *reply_term_words(*classifier._checks)),
        confirms=confirm_gates(),  # a CONFIRM_MARK turn no check: the settle decides it
        adders=classifier._adders,  # an ADDER_OPENER hit opening a question goes on
        reply_kinds=classifier._slow_path & _mask_of(REPLY_KINDS),  # rules read a reply only
    )


# Markers that decide a turn's intent before a definite noun phrase could.
_DECIDED_BY_MARKERS = _POINTS_BACK | {_CLARIFY, _CONTINUE}


@functools.cache
def _late_rules() -> tuple[
    Callable[[DialogueContext, TurnFeatures, Resolution], bool],
    Callable[[DialogueContext, TurnFeatures, Intent], Intent],
]:
    """The rules ``intent_for_turn`` calls whose modules cannot be imported at the top (the
    reply rules' module reads ``Intent``, output details read turn features, whose cues use
    ``is_question`` above), imported once: an import inside the function ran on every call
    (~1 us each, issue 14)."""
    from .output_detail_intents import asks_output_detail
    from .reply_reading import read_on_the_reply

    return asks_output_detail, read_on_the_reply


def intent_for_turn(
    context: DialogueContext, similarity: float, features: TurnFeatures, resolution: Resolution
) -> Intent:
    """SPEC-028 §5.2 for one user turn of a session: what each intent rule reads, from the
    turn's features, its references and the dialogue so far, then ``classify`` decides.
    ``similarity`` is the turn's to the active thread (``Threads.active_similarity``)."""
    asks_output_detail, read_on_the_reply = _late_rules()
    config, log = context.config, context.log
    hits = asking_hits(features, config)  # rules also-questions, embedded-continues
    if config.session_recaps and features.has(Marker.RECAP) and features.recap and len(log):
        # Rule session-recaps: a recap of the session revisits what was said (§5.1
        # DRILL_DOWN: reference to prior content, novelty off), whatever its words.
        return Intent.DRILL_DOWN
    detected_tool = resolution.has_tool
    # Rules tool-reference-match, fetch-requests, handed-outputs ("Pull the crash stats.").
    has_tool, unasked = held_tool_reference(context, features, resolution)
    question = config.follow_up_questions and (features.question or unasked == FETCH)
    acknowledgement = config.acknowledgement_continues and features.acknowledgement
    if (
        config.acknowledgement_continues
        and config.acknowledged_statements
        and not (acknowledgement or features.question)
    ):
        # "OK, I changed it and reconnected.": reports back, as a bare "ok" would.
        acknowledgement = (
            acknowledged_statement(features.text, features.hits)
            and not features.has(Marker.NEW_TOPIC)
            and not features.asks_for
        )
    new_topic = context.moves_on(features)
    announced = announced_turn(features, config)
    # Whether a definite noun phrase names something already said: only where it can
    # change the intent (a marker, a reference or an acknowledgement decides first).
    names_known = (
        question
        and not (resolution.prior or resolution.has_tool or acknowledgement)
        and all(hit[0] not in _DECIDED_BY_MARKERS for hit in hits)
        and (
            features.any_definite(log.turns_mentioning)
            # Rule follow-up-forms; a turn that says the topic moves on builds on nothing.
            or (
                config.follow_up_forms
                and len(log) > 0
                and not new_topic
                and builds_on_the_table(features, log)
            )
        )
    )
    intent = classify(
        hits,
        has_tool_reference=has_tool,
        resolved_references=resolution.prior,
        active_similarity=similarity,
        explore_below=context.thresholds.explore,
        first_turn=config.first_turn_explore and len(log) == 0,
        acknowledgement=acknowledgement,
        question=question,
        names_known=names_known,
        new_topic=new_topic,
        clarify=explains(features.text, features.hits, config, log.turns_mentioning),
        announced=announced,
        points_back=detected_tool and not has_tool,
    )
    if intent is Intent.DRILL_DOWN and (
        on_new_ground(context, features, resolution)
        or (not names_known and points_into_itself(context, features, resolution, similarity))
    ):
        return Intent.EXPLORE  # rules new-ground-questions, own-antecedents: it points into it
    if announced and intent is Intent.EXPLORE:
        return intent  # "Can I ask you about something else?" asks nothing of the reply
    if (
        not unasked
        and intent is not Intent.CLARIFY
        and asks_output_detail(context, features, resolution)
    ):
        return Intent.TOOL_REFERENCE  # rule output-detail-intents: "cadence first time round"
    return read_on_the_reply(context, features, intent)
