"""Where a turn goes (SPEC-028 §3.3): what each rule of ``Threads.plan`` reads, gathered from
one turn's features, its references and the dialogue so far (a ``DialogueContext``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..text.lexicon import Marker
from . import multiparty
from .adder_questions import ADDED_NEW, added_question
from .also_holdings import adds_a_holding
from .also_subjects import adds_a_subject
from .bare_returns import bare_return_of
from .dormant_returns import dormant_return
from .echoes import echoed_term
from .intent import Intent
from .named_topics import named_topic_of
from .new_subjects import opens_new_subject
from .outcome_reports import reports_by_a_noun
from .phrasing import announced_turn, asks_for_something, opens_with_return
from .possessed_topics import opens_possessed_topic
from .reply_rules import asks_on_the_topic, requests_on_the_thread
from .reply_words import takes_up_last_reply
from .returns import last_left, question_return
from .situation_setups import sets_up_new_situation
from .term_returns import term_return
from .threads import ThreadPlan

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures
    from .resolution import Resolution

__all__ = ["thread_for_reply", "thread_for_turn"]


# How many of the active thread's latest turns a follow-up may take a reply's word from
# (rule reply-follow-ups): the exchange at hand, not the whole thread.
REPLY_WINDOW = 6
# Intents of a user turn that a peer's new question may take to another thread.
_MAY_OPEN = frozenset((Intent.EXPLORE, Intent.DRILL_DOWN))
_POINTS_BACK = (Marker.ANAPHOR, Marker.DEMONSTRATIVE)


def thread_for_turn(
    context: DialogueContext,
    vector: npt.NDArray[np.float32],
    features: TurnFeatures,
    intent: Intent,
    resolution: Resolution,
    who: str | None,
) -> ThreadPlan:
    """SPEC-028 §3.3 for one user turn: what each thread rule reads, from the turn's features,
    its references and the dialogue so far, then ``Threads.plan`` decides."""
    log, config, speakers = context.log, context.config, context.speakers
    reference_thread = next(
        (
            int(log.thread_index[ref.target_turn])
            for ref in resolution.resolved
            if ref.type != "tool" and ref.target_turn is not None
        ),
        -1,
    )
    reply_to = resolution.reply_to
    # "By the way, ..." says the topic moves on, whatever the turn before asked.
    announced = announced_turn(features, config)
    moves_on = announced or multiparty.moves_on(features, config)
    # "My daughter turns eight next month and wants a party. Any tips?" sets up a situation
    # the active thread never talked about: a topic of its own (rule situation-setups).
    sets_up = intent in _MAY_OPEN and sets_up_new_situation(context, features)
    sets_up = sets_up or _new_subject(context, features, intent)
    resume_words = features.resume_terms if config.resume_markers else ()
    recap = config.session_recaps and features.recap
    reacts = multiparty.reacts_only(features, log, speakers, config)
    stays = (intent is Intent.CLARIFY and config.intent_threads) or recap or reacts
    multi_party = config.multi_party_threads and who is not None and speakers.multi_party(config)
    # The later rules' inputs, read only when the earlier rules leave the turn open
    # (``Threads.plan``'s ``Lazy``; issue 14): most turns stay in the active thread first.
    late = _LaterInputs(context, vector, features, intent, resolution, who, moves_on, sets_up)
    plan = context.threads.plan(
        embedding=vector,
        intent=intent,
        reference_thread=reference_thread,
        reply_thread=int(log.thread_index[reply_to]) if reply_to >= 0 else -1,
        multi_party=multi_party,
        points_back=lambda: features.has_any(_POINTS_BACK),
        resume_words=resume_words,
        definite_terms=features.definite_terms if config.vocabulary_resume else (),
        thresholds=context.thresholds,
        first_terms=features.terms,
        answers=late.answers,
        carries_on=late.carries_on,
        opens_topic=late.opens_topic,
        intent_threads=config.intent_threads,
        recap=recap,
        reacts=reacts,
        announced=announced or sets_up,
        named_thread=_echo_thread(context, vector, features, intent)
        if (named := _named_thread(context, vector, features, resume_words, stays)) < 0
        else named,
        side_question=late.side_question,
        takes_up_reply=late.takes_up_reply,
    )
    # "ok desktop's back, nvidia-smi shows 550.120 now" after an aside (rule term-returns):
    # in an assistant chat of two, where nothing else placed the turn.
    if config.term_returns and not (moves_on or sets_up or stays or speakers.multi_party(config)):
        back = term_return(context.threads, plan, features, intent)
        if back >= 0 and not late.opens_topic() and not multiparty.peer_dialogue(log, config):
            return ThreadPlan(back, context.threads.names[back], False, True, "terms")
    weak = (
        None
        if moves_on or sets_up or stays
        else _weak_stay(context, vector, plan, features, intent)
    )
    if weak is not None:
        return weak
    # "buyer asked if i can send it to a different address" right after a reply on the
    # address goes on with it (rule reply-words): no thread of its own.
    if (
        plan.is_new
        and not (moves_on or sets_up or late.opens_topic())
        and takes_up_last_reply(context, features, intent)
    ):
        active = context.threads.active
        return ThreadPlan(active, context.threads.names[active], False, False, "vocabulary")
    return plan


def _new_subject(context: DialogueContext, features: TurnFeatures, intent: Intent) -> bool:
    """Whether an EXPLORE turn is a new subject that leaves the thread (rule new-subjects):
    "Also our cat keeps scratching the sofa, it's driving us mad." as rules new-subjects or
    also-subjects read it, or "I've also got my grade 6 exam in May" as rule also-holdings
    reads it."""
    if intent is not Intent.EXPLORE:
        return False
    if context.config.new_subjects and (
        opens_new_subject(context, features) or adds_a_subject(context, features)
    ):
        return True
    return adds_a_holding(context, features) or added_question(context, features) == ADDED_NEW


def _weak_stay(
    context: DialogueContext,
    vector: npt.NDArray[np.float32],
    plan: ThreadPlan,
    features: TurnFeatures,
    intent: Intent,
) -> ThreadPlan | None:
    """Rules dormant-returns and possessed-topics, on a turn ``plan`` kept in the active
    thread by its intent alone (no announcement, set-up, clarification, recap or reaction),
    in an assistant chat of two (None: the plan stands)."""
    config, log, threads = context.config, context.log, context.threads
    if plan.rule != "active" or context.speakers.multi_party(config):
        return None
    # "ok seams fixed, roller worked great" two exchanges into an aside (rule
    # dormant-returns): a word one dormant thread alone said, none the aside said.
    if (
        config.dormant_returns
        and (back := dormant_return(threads, plan, features, intent)) >= 0
        and not multiparty.peer_dialogue(log, config)
    ):
        return ThreadPlan(back, threads.names[back], False, True, "terms")
    # "My son needs a new bicycle for school, which wheel size?" after a reply on tinnitus:
    # the speaker's own thing, none of the thread's words (rule possessed-topics).
    if (
        config.possessed_topics
        and opens_possessed_topic(threads, plan, features, intent)
        and not multiparty.peer_dialogue(log, config)
        # "Our director approved it this morning, ...": a report on the advice (rule
        # noun-reports), not the speaker's own new topic.
        and not (intent is Intent.CONTINUE and reports_by_a_noun(context, features))
    ):
        return threads.leave(vector, context.thresholds.join, features.terms)
    return None


class _LaterInputs:
    """What the later rules of ``Threads.plan`` read of one user turn, each read when first
    asked for and kept (``plan`` and rule term-returns may both ask)."""

    def __init__(
        self,
        context: DialogueContext,
        vector: npt.NDArray[np.float32],
        features: TurnFeatures,
        intent: Intent,
        resolution: Resolution,
        who: str | None,
        moves_on: bool,
        sets_up: bool,
    ) -> None:
        self.context, self.vector, self.features = context, vector, features
        self.intent, self.resolution, self.who = intent, resolution, who
        self.moves_on, self.sets_up = moves_on, sets_up
        self._read: dict[str, bool] = {}

    def answers(self) -> bool:
        """Rule question-topics: it answers the question of the turn before."""
        context = self.context
        return not self.moves_on and multiparty.answers_previous(
            self.who, self.features, context.log, context.speakers, context.config
        )

    def carries_on(self) -> bool:
        """Rule peer-replies: a statement between peers carries on the active thread."""
        if "carries_on" not in self._read:
            context = self.context
            self._read["carries_on"] = not self.moves_on and multiparty.peer_carries_on(
                self.features, context.log, context.speakers, context.config
            )
        return self._read["carries_on"]

    def opens_topic(self) -> bool:
        """Rule question-topics ("by the way" before a new topic) and peer-replies (a peer's
        new question)."""
        if "opens_topic" not in self._read:
            context, intent = self.context, self.intent
            self._read["opens_topic"] = (self.moves_on and intent is Intent.EXPLORE) or (
                intent in _MAY_OPEN
                and not self.resolution.resolved
                and multiparty.peer_opens(
                    self.features,
                    self.vector,
                    context.log,
                    context.speakers,
                    context.config,
                    context.thresholds,
                )
            )
        return self._read["opens_topic"]

    def side_question(self) -> bool:
        """Rules side-questions and thread-requests: on the topic at hand, whatever its
        words."""
        if "side_question" not in self._read:
            context, features = self.context, self.features
            self._read["side_question"] = self.intent is Intent.DRILL_DOWN and (
                asks_on_the_topic(context, features) or requests_on_the_thread(context, features)
            )
        return self._read["side_question"]

    def takes_up_reply(self) -> bool:
        """Rule reply-follow-ups (``_takes_up_reply``)."""
        return (
            not self.moves_on and not self.sets_up and _takes_up_reply(self.context, self.features)
        )


def _takes_up_reply(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a question asks about a word the active thread's latest replies brought (rule
    reply-follow-ups; its last ``REPLY_WINDOW`` turns): in an assistant chat of two, right
    after a reply in that thread. "Mesh or powerline, which is better?" after "add a mesh
    node or a powerline adapter" follows the reply up; between peers a question is how a
    topic moves on (rule peer-replies)."""
    log, config, threads = context.log, context.config, context.threads
    if not (
        config.reply_follow_ups
        and features.question
        and len(log) > 0
        and log.roles[-1] == "assistant"
        and int(log.thread_index[-1]) == threads.active
        and not context.speakers.multi_party(config)
        and not multiparty.peer_dialogue(log, config)
    ):
        return False
    if asks_for_something(features.text):
        return False  # "Can you find me a hotel there?" opens a task of its own
    replies = [
        turn
        for turn in threads.turns[threads.active][-REPLY_WINDOW:]
        if log.roles[turn] == "assistant"
    ]
    return threads.takes_up(replies, features.terms)


def _echo_thread(
    context: DialogueContext,
    vector: npt.NDArray[np.float32],
    features: TurnFeatures,
    intent: Intent,
) -> int:
    """The thread whose words a term asked back names (rule echo-clarifications; -1: none):
    "Time-driven trigger, meaning?" after a digression asks about the thread that said it,
    which it resumes; a term of the active thread keeps the turn there."""
    config = context.config
    if intent is not Intent.CLARIFY or not config.echo_clarifications:
        return -1
    terms = echoed_term(features.text, config.term_frames)
    if not terms:
        return -1
    return context.threads.return_target(
        vector, (), terms, context.thresholds, variants=config.return_variants
    )


def _named_thread(
    context: DialogueContext,
    vector: npt.NDArray[np.float32],
    features: TurnFeatures,
    resume_words: tuple[str, ...],
    stays: bool,
) -> int:
    """The thread a turn names (``Threads.return_target``; -1: none): after a resume marker,
    and with rule resume-announcements "The chair again: ...", "Anyway, about the tank, ...",
    "For the quotes, ...". Without the rule, a turn that stays where it is for another rule (a
    clarification, a recap, a reaction) names none. With rule bare-returns, a return naming
    no topic ("Anyway, where were we?") names the thread left most recently."""
    config = context.config
    threads = context.threads
    multi_party = context.speakers.multi_party(config)
    # "Anyway, where were we?" names no topic: the thread left last (rule bare-returns).
    two = threads.active >= 0 and len(threads) >= 2
    if config.bare_returns and not multi_party and two and bare_return_of(features):
        return last_left(threads.turns, threads.active)
    topic_words: tuple[str, ...] = ()
    returns = False
    announcements = config.resume_announcements and not multi_party
    if announcements:
        topic_words, returns = named_topic_of(features, config.again_returns)
        if returns and not resume_words:  # "The chair again: ...", "Anyway, about the tank"
            resume_words, topic_words = topic_words, ()
    elif stays:
        return -1
    if not resume_words and not topic_words:
        # ``return_target`` finds nothing without words, and rule return-question-words reads
        # only named words: most turns stop here (issue 14).
        return -1
    if announcements:
        returns = returns or opens_with_return(features.text, features.hits)
    found = context.threads.return_target(
        vector,
        resume_words,
        topic_words,
        context.thresholds,
        returns=returns,
        variants=config.return_variants,
        terms=features.terms,
    )
    # The question's words weigh too (rule return-question-words): where the topic went on,
    # or, when no thread holds the named words, which thread it asks about. A topic named
    # without a return ("Re the boiler: ...") is one when it names a dormant thread.
    named = resume_words or (topic_words if 0 <= found != threads.active else ())
    if config.return_question_words and named and found != threads.active:
        found = question_return(
            threads.term_threads,
            threads.turns,
            threads.active,
            found,
            named,
            features.terms,
            announced=returns,
        )
    return found


def thread_for_reply(
    context: DialogueContext, features: TurnFeatures, vector: npt.NDArray[np.float32]
) -> ThreadPlan:
    """The thread of a reply: the active one, unless it opens a topic between peers."""
    return context.threads.plan_reply(
        vector,
        opens_topic=multiparty.peer_opens(
            features, vector, context.log, context.speakers, context.config, context.thresholds
        ),
        join=context.thresholds.join,
        first_terms=features.terms,
    )
