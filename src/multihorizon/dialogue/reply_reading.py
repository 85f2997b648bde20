"""SPEC-028 §5.2 after the classifier: the rules that change its answer once they have read the
conversation, most of them the reply just before the turn (their tests: ``reply_rules``,
``bare_returns``, ``follow_ups``), in the order they apply."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .adder_questions import ADDED_NEW, ADDED_ON, added_question
from .also_holdings import adds_a_holding
from .also_subjects import adds_a_subject
from .bare_returns import ALONE, bare_return_of
from .choice_asks import asks_about_a_choice, asks_for_a_split, asks_to_dumb_down
from .condition_checks import asks_between_readings, checks_a_condition
from .confirm_checks import confirms_the_reply
from .follow_ups import returns_to_dormant
from .intent import Intent
from .item_reactions import reacts_to_an_item
from .more_likes import asks_more_alike
from .more_requests import asks_for_more
from .new_subjects import opens_new_subject
from .option_picks import picks_an_option
from .plain_terms import asks_an_equation, asks_an_unfamiliar_term, clarifies_an_object
from .plan_reports import reports_a_plan
from .recheck_asks import asks_a_recheck
from .reply_answers import answers_the_reply
from .reply_rules import (
    acked_in_thread,
    acts_on_the_thread,
    asks_about_a_reply_term,
    asks_back_a_term,
    asks_for_a_form,
    asks_on_the_topic,
    asks_what_reply_meant,
    reports_on_the_reply,
    requests_on_the_thread,
    wants_on_the_thread,
)
from .response_reports import reports_a_response
from .stated_reports import reports_stated
from .surprise_echoes import asks_a_surprise_echo
from .term_forms import (
    asks_a_role,
    asks_about_a_lost_part,
    asks_back_pointed,
    asks_versus,
    objects_to_the_reply,
)
from .term_origins import recalls_a_reply_term
from .terse_reports import reports_tersely
from .thread_hows import asks_how_on_the_thread
from .understanding_checks import checks_the_reply

if TYPE_CHECKING:
    from collections.abc import Callable

    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["read_on_the_reply"]

# Intents a term asked back turns into CLARIFY ("Kettle stitch, meaning?"; "more" in "Load
# cell, more?" is no request to go on once the term is asked back).
_ECHO_FROM = frozenset((Intent.DRILL_DOWN, Intent.EXPLORE, Intent.CONTINUE))
# Intents a re-check turns into CLARIFY (rule recheck-asks: "wait, does it go on first?" holds
# a CONTINUE phrase; the rule reads no turn asking for more).
_RECHECK_FROM = _ECHO_FROM
# Intents a split request ("break that down per region") turns into DRILL_DOWN once its
# "break that down" is no CLARIFY marker (rule split-requests).
_SPLIT_FROM = frozenset((Intent.EXPLORE, Intent.CONTINUE))
# Intents rule also-subjects reads ("also my son has started ..."; EXPLORE before report-backs).
_ADDS_FROM = _ECHO_FROM


# Rules that read a turn as asking what the reply meant (§5.2 CLARIFY), in order.
_CLARIFY_READERS: tuple[Callable[[DialogueContext, TurnFeatures], bool], ...] = (
    asks_back_a_term,  # rule echo-clarifications: §5.2 "what do you mean"
    asks_about_a_reply_term,  # rule reply-term-asks: §5.2 "what do you mean"
    checks_the_reply,  # rule understanding-checks: §5.2 what the reply meant
    confirms_the_reply,  # rule confirm-checks: §5.2 what the reply meant, to confirm
    recalls_a_reply_term,  # rule term-recalls: "what was that ISA thing you mentioned?"
    asks_about_a_choice,  # rule choice-asks: "why 'fueron' and not 'iban'?"
    asks_to_dumb_down,  # rule dumb-down-asks: "can you dumb the ISA bit down"
    checks_a_condition,  # rule condition-checks: "so if it's under 2kg I pay no duty?"
    asks_between_readings,  # rule reading-asks: "4:1 is by volume or by weight exactly?"
    asks_versus,  # rule versus-asks: "ammonia vs nitrite, what's the difference?"
    asks_a_role,  # rule role-asks: "could you clarify the role of the captain?"
    asks_back_pointed,  # rule pointed-asks: "stir until ribbony, how does that look"
    asks_about_a_lost_part,  # rule lost-part-terms: "i dont get the escrow bit, ..."
    objects_to_the_reply,  # rule why-objections: "why does X mean Y, it's the same Z"
    asks_an_equation,  # rule equation-checks: "escrow = the lawyer holds it? why not ..."
    asks_an_unfamiliar_term,  # rule unfamiliar-terms: "never heard of a bain-marie, what is it"
    clarifies_an_object,  # rule clarify-objects: "could you clarify what counts as a X?"
    asks_a_surprise_echo,  # rule surprise-echoes: "hang on, X does Y? how does it know"
)

# Rules that read a statement as bringing a new subject (§5.2 EXPLORE, no answer or report),
# in order.
_SUBJECT_READERS: tuple[Callable[[DialogueContext, TurnFeatures], bool], ...] = (
    adds_a_subject,  # rule also-subjects: a new subject, no report (before report-backs)
    opens_new_subject,  # rule new-subjects: a new subject, no answer or report
    adds_a_holding,  # rule also-holdings: a new thing the user has, no answer
)


def read_on_the_reply(context: DialogueContext, features: TurnFeatures, intent: Intent) -> Intent:
    """The rules of ``reply_rules`` that change §5.2's answer after reading the conversation
    (most of them the reply just before the turn)."""
    if context.config.bare_returns and bare_return_of(features) == ALONE:
        return Intent.CONTINUE  # rule bare-returns: "Anyway, where were we?" asks to go on
    if intent in _ECHO_FROM and any(read(context, features) for read in _CLARIFY_READERS):
        return Intent.CLARIFY  # the first rule of _CLARIFY_READERS that reads the turn
    if intent in _RECHECK_FROM and asks_a_recheck(context, features):
        return Intent.CLARIFY  # rule recheck-asks: "wait, does X ...?" asks the reply again
    if intent in _SPLIT_FROM and asks_for_a_split(context, features):
        return Intent.DRILL_DOWN  # rule split-requests: "break that down per region"
    if intent in _ADDS_FROM and any(read(context, features) for read in _SUBJECT_READERS):
        return Intent.EXPLORE  # the first rule of _SUBJECT_READERS that reads the turn
    if intent in _ADDS_FROM and (added := added_question(context, features)) >= 0:
        if added == ADDED_NEW:
            return Intent.EXPLORE  # rule adder-questions: §5.2 a new subject, then a question
        if added == ADDED_ON and intent is Intent.CONTINUE:
            return Intent.DRILL_DOWN  # rule adder-questions: §5.1 a question on the thread
    if intent is Intent.CONTINUE and asks_for_more(context, features):
        return Intent.DRILL_DOWN  # rule more-requests: more of the same, deeper in the thread
    if intent is Intent.CONTINUE and asks_more_alike(context, features):
        return Intent.DRILL_DOWN  # rule more-like-requests: "I need a couple more like the X"
    if intent in (Intent.DRILL_DOWN, Intent.EXPLORE) and reports_a_plan(context, features):
        return Intent.CONTINUE  # rule plan-reports: the user's own next step on the thread
    if intent in (Intent.DRILL_DOWN, Intent.EXPLORE) and reports_stated(context, features):
        return Intent.CONTINUE  # rules surprised-reports, elliptic-reports: a report
    if intent is Intent.DRILL_DOWN and reacts_to_an_item(context, features):
        return Intent.CONTINUE  # rule item-reactions: how an item of the advice went
    if intent in (Intent.DRILL_DOWN, Intent.EXPLORE) and picks_an_option(context, features):
        return Intent.CONTINUE  # rule option-picks: an answer naming an option offered
    if intent in (Intent.DRILL_DOWN, Intent.EXPLORE) and reports_a_response(context, features):
        return Intent.CONTINUE  # rule response-reports: a party answered or came
    if (
        intent in (Intent.DRILL_DOWN, Intent.EXPLORE)
        and reports_tersely(context, features)
        and not requests_on_the_thread(context, features)
        and not wants_on_the_thread(context, features)
        and not asks_for_a_form(context, features)
    ):
        if acts_on_the_thread(context, features):
            return Intent.DRILL_DOWN  # rule action-requests: a request, not a report
        return Intent.CONTINUE  # rule terse-reports: §5.2 "same thread, extend it"
    if intent is Intent.EXPLORE and asks_how_on_the_thread(context, features):
        return Intent.DRILL_DOWN  # rule thread-hows: §5.1 a how-question on the thread's own
    if intent is Intent.EXPLORE and asks_on_the_topic(context, features):
        return Intent.DRILL_DOWN  # rule side-questions: §5.1 a reference to the topic at hand
    if intent in (Intent.EXPLORE, Intent.CONTINUE) and requests_on_the_thread(context, features):
        return Intent.DRILL_DOWN  # rule thread-requests: §5.1 "give me more about" the thread
    if intent in (Intent.EXPLORE, Intent.CONTINUE) and wants_on_the_thread(context, features):
        return Intent.DRILL_DOWN  # rule thread-wants: §5.1 a question about the thread's subject
    if intent is Intent.CONTINUE and acts_on_the_thread(context, features):
        return Intent.DRILL_DOWN  # rule action-requests: §5.1 a request on the thread at hand
    if intent in (Intent.EXPLORE, Intent.CONTINUE) and asks_for_a_form(context, features):
        return Intent.DRILL_DOWN  # rule form-requests: §5.1 "give me more about" the thread
    if intent in (Intent.DRILL_DOWN, Intent.EXPLORE) and answers_the_reply(context, features):
        if acts_on_the_thread(context, features):
            return Intent.DRILL_DOWN  # rule action-requests: a request, not an answer
        return Intent.CONTINUE  # rule reply-answers: §5.2 "same thread, extend it"
    if intent is Intent.EXPLORE and acked_in_thread(context, features):
        return Intent.CONTINUE  # rule also-questions: "ok and ..." stays in its thread
    if intent is Intent.EXPLORE and returns_to_dormant(context, features):
        return Intent.DRILL_DOWN  # rule return-drill-downs: §5.1 a reference to prior content
    if intent is Intent.EXPLORE and reports_on_the_reply(context, features):
        if acts_on_the_thread(context, features):
            return Intent.DRILL_DOWN  # rule action-requests: a request, not a report
        return Intent.CONTINUE  # rule report-backs: §5.2 "same thread, extend it"
    if intent in (Intent.DRILL_DOWN, Intent.EXPLORE) and asks_what_reply_meant(context, features):
        return Intent.CLARIFY  # rule term-questions: §5.2 "what do you mean"
    return intent
