"""The rules of ``intent_for_turn`` that read the conversation before a user turn, most of
them the assistant's reply just before it: term-questions, report-backs, side-questions (with
short-follow-ups), thread-requests and follow-up-forms (``rules.py`` and its data modules
register each with its switch and evidence). Each holds in an assistant chat of two only:
between peers a question or a statement is how a topic moves on (rule peer-replies)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.action_words import ACTION_CUES, ACTION_LEADS, ACTION_VERBS, NOT_ACTED, SAME_FORM_VERBS
from ..text.follow_up_words import (
    FORM_GIVERS,
    FORM_NOUNS,
    REQUEST_GIVERS,
    REQUEST_MAKERS,
    REQUEST_SKIPPED,
    WANT_ASKS,
)
from ..text.followups import has_place_word
from ..text.lexicon import Marker
from .choice_asks import judges_wording
from .done_reports import reports_what_was_done
from .echoes import echoed_term
from .follow_ups import asks_why_of_the_reply, leans_on_the_reply
from .meaning_asks import meaning_term, offered, opens_with_term, reply_brought
from .outcome_reports import reports_an_outcome
from .phrasing import acked_question, plain_words, reports_back, side_question, term_asked
from .reply_terms import opening_echo, quoted_terms
from .term_checks import term_check
from .thread_details import adds_to_the_thread

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures
    from .turnlog import TurnLog

__all__ = [
    "acked_in_thread",
    "asks_about_a_reply_term",
    "asks_back_a_term",
    "asks_for_a_form",
    "asks_on_the_topic",
    "asks_what_reply_meant",
    "builds_on_the_table",
    "opens_with_request",
    "reports_on_the_reply",
    "requests_on_the_thread",
    "wants_on_the_thread",
]


def asks_what_reply_meant(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a question asks what a term of the assistant's reply just before means (rule
    term-questions, ``phrasing.term_asked``): every word of the term is the reply's. In an
    assistant chat of two. Rule term-frames reads more frames and any earlier reply."""
    config, log = context.config, context.log
    if not (config.term_questions and len(log) > 0 and log.roles[-1] == "assistant"):
        return False
    terms = term_asked(features.text, config.term_frames)
    if not terms or context.speakers.multi_party(config) or context.peer_dialogue():
        return False
    if set(terms) <= set(log.features[-1].terms):
        return True
    return config.term_frames and _an_assistant_said(log, terms)


def asks_back_a_term(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a short question asks back a term of an earlier reply (rule
    echo-clarifications, ``echoes.echoed_term``): "Fret buzz?", "Kettle stitch, meaning?",
    "Natural release means I just wait?"; one assistant turn used every word of the term
    (the entity index: ``TurnLog.turns_mentioning``). In an assistant chat of two, right
    after a reply. Rule term-frames reads more frames."""
    config, log = context.config, context.log
    if not (config.echo_clarifications and len(log) > 0 and log.roles[-1] == "assistant"):
        return False
    terms = echoed_term(features.text, config.term_frames)
    if not terms or context.speakers.multi_party(config) or context.peer_dialogue():
        return False
    return _an_assistant_said(log, terms)


def asks_about_a_reply_term(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a short question asks about a term taken from a reply (rule reply-term-asks,
    ``reply_terms``): the term asked back in its opening clause before more words ("sweat?
    they sweat how") or put in quotation marks ('what "drift" refers to'); one assistant
    turn used every word of the term and no user turn used them all (a point the reply
    brought, not the user's own). In an assistant chat of two, right after a reply."""
    config, log = context.config, context.log
    if not (config.reply_term_asks and len(log) > 0 and log.roles[-1] == "assistant"):
        return False
    echoed = opening_echo(features.text)
    quoted = quoted_terms(features.text, features.question)
    if quoted and config.wording_judgements and judges_wording(features.text):
        quoted = []  # rule wording-judgements: "is 'Dear Tom' too formal?" judges, asks nothing
    terms = [echoed, *quoted] if echoed else quoted
    if config.term_checks and (checked := term_check(features.text, config.restated_checks)):
        terms.append(checked)  # rule term-checks: "Red wrigglers, are those the same as ...?"
    # Rule meaning-asks: "porosity, what is it exactly"; the reply just before brought it.
    learner = config.learner_meaning_asks  # "this word X I don't get": rule learner-meaning-asks
    qualified = config.meaning_qualifiers  # "what does X mean here, ...": meaning-qualifiers
    asked = meaning_term(features.text, learner, qualified) if config.meaning_asks else ()
    if not (terms or asked) or context.speakers.multi_party(config) or context.peer_dialogue():
        return False
    brought = asked and reply_brought(asked, log.features[-1].terms)
    if brought and not _user_said(log, asked) and not offered(asked, log[len(log) - 1].content):
        return True  # not when the reply offered it: "Would you like X?" "What's X?"
    if asked and not brought and config.older_reply_terms and opens_with_term(features.text, asked):
        terms.append(asked)  # rule older-reply-terms: "anti-skate, whats that do", any reply's
    elif asked and not brought and learner and not meaning_term(features.text):
        terms.append(asked)  # a learner's form names the word as one: "this word X I don't get"
    return any(_an_assistant_said(log, term) and not _user_said(log, term) for term in terms)


def _user_said(log: TurnLog, terms: tuple[str, ...]) -> bool:
    """Whether one user turn used every word of ``terms``."""
    return _one_turn_said(log, terms, "user")


def _an_assistant_said(log: TurnLog, terms: tuple[str, ...]) -> bool:
    """Whether one assistant turn used every word of ``terms`` (``TurnLog.turns_mentioning``)."""
    return _one_turn_said(log, terms, "assistant")


def _one_turn_said(log: TurnLog, terms: tuple[str, ...], role: str) -> bool:
    said: set[int] | None = None
    for term in terms:
        turns = {turn for turn in log.turns_mentioning(term) if log.roles[turn] == role}
        said = turns if said is None else said & turns
        if not said:
            return False
    return True


def reports_on_the_reply(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user statement reports back on the assistant's reply just before it (rule
    report-backs, ``phrasing.reports_back``; rules done-reports and thread-details widen it):
    in an assistant chat of two, with a thread on the table. Between peers a statement may
    well open a topic (rule peer-replies)."""
    config, log = context.config, context.log
    return (
        config.report_backs
        and not features.question
        and context.threads.active >= 0
        and len(log) > 0
        and log.roles[-1] == "assistant"
        # The chat's kind before the turn's words: it is known already, the words are read.
        and not context.speakers.multi_party(config)
        and not context.peer_dialogue()
        and (
            reports_back(features.text)
            or reports_what_was_done(context, features)
            or adds_to_the_thread(context, features)
            or reports_an_outcome(context, features)
        )
    )


def asks_on_the_topic(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user turn is a side question on the active thread's topic (rule
    side-questions, ``phrasing.side_question``): in an assistant chat of two, with a thread
    on the table, and no reply before it that offered to help with something else ("Anything
    else I can do?"). Between peers a question is how a topic moves on (rule peer-replies)."""
    config, log = context.config, context.log
    return (
        config.side_questions
        and features.question
        and context.threads.active >= 0
        and not (len(log) and log.roles[-1] == "assistant" and log.features[-1].open_offer)
        and not context.speakers.multi_party(config)
        and not context.peer_dialogue()
        and (
            side_question(features.text, features.hits)
            or (config.short_follow_ups and leans_on_the_reply(context, features))
            or (config.reason_follow_ups and asks_why_of_the_reply(context, features))
        )
    )


def requests_on_the_thread(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user turn asks the assistant to make something more of the thread right
    after its reply (rule thread-requests, ``opens_with_request``): "now make it funny",
    "Give me a recipe for a vegan version.", "Now a shopping list for 7 please." In an
    assistant chat of two, with a thread on the table, after a reply that offered no help with
    something else ("Anything else I can do?": a request after it opens a task)."""
    return (
        context.config.thread_requests
        and _requests_after_the_reply(context, features)
        and opens_with_request(features.text)
    )


def acts_on_the_thread(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a statement asks the assistant to act on the thread right after its reply
    (rule action-requests, ``opens_with_action``): "Run fastqc on the raw reads.", "ok place
    the hold for central pickup then", "Now set up the firewall."; no request to go on, in an
    assistant chat of two, after a reply that offered no help with something else (the gates
    of rule thread-requests)."""
    return (
        context.config.action_requests
        and not features.question
        and _requests_after_the_reply(context, features)
        and opens_with_action(features.text)
    )


def opens_with_action(text: str) -> bool:
    """Whether a turn opens, after ``ACTION_LEADS`` words ("ok", "now", "please"), with an
    ``ACTION_VERBS`` verb, or a ``SAME_FORM_VERBS`` one after a word that asks ("now",
    "please"), and a word after it that makes it no noun ("book arrived today": ``NOT_ACTED``
    or a word ending in "ed")."""
    words = plain_words(text[:200])
    cued = False
    for at, word in enumerate(words):
        if word in ACTION_LEADS:
            cued = cued or word in ACTION_CUES
            continue
        if not (word in ACTION_VERBS or (cued and word in SAME_FORM_VERBS)):
            return False
        after = words[at + 1 : at + 2]
        return bool(after) and after[0] not in NOT_ACTED and not after[0].endswith("ed")
    return False


def _requests_after_the_reply(context: DialogueContext, features: TurnFeatures) -> bool:
    """The gates rules thread-requests and form-requests share: a request opener, no CONTINUE
    marker ("give me more options" asks to go on), a thread on the table, right after an
    assistant reply that offered no help with something else, in an assistant chat of two."""
    config, log = context.config, context.log
    return (
        features.has(Marker.REQUEST_OPENER)
        and not features.has(Marker.CONTINUE)
        and context.threads.active >= 0
        and len(log) > 0
        and log.roles[-1] == "assistant"
        and not log.features[-1].open_offer
        and not context.speakers.multi_party(config)
        and not context.peer_dialogue()
    )


def wants_on_the_thread(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user turn says what the user needs to know about the thread right after its
    reply (rule thread-wants, ``WANT_ASKS``): "I need to know where to cut them as well", "I'd
    also like to know whether the new regulations affect us". A question put as a statement,
    about the thread's subject: it names a word of the active thread's vocabulary or adds
    itself to it ("also", "as well", "too"); "I need to know if Brentwood is going to be
    overcast" does neither after a restaurant booking. In an assistant chat of two, after a
    reply that offered no help with something else."""
    config, log, threads = context.config, context.log, context.threads
    if not (
        config.thread_wants
        and features.has(Marker.REQUEST_OPENER)
        and threads.active >= 0
        and len(log) > 0
        and log.roles[-1] == "assistant"
        and not log.features[-1].open_offer
        and not features.has(Marker.NEW_TOPIC)  # "Moving on, I'd like to know ..."
    ):
        return False
    words = " " + " ".join(plain_words(features.text)) + " "
    # "That's all I need to know about weather." closes the topic: no want
    if not any(f" {phrase} " in words and f" all {phrase} " not in words for phrase in WANT_ASKS):
        return False
    vocabulary = threads.vocabulary[threads.active]
    adds = any(f" {word} " in words for word in _ADDING)
    if not (adds or any(term in vocabulary for term in features.terms)):
        return False
    return not context.speakers.multi_party(config) and not context.peer_dialogue()


# "I need to know what to do with the clippings as well": a want that adds to the thread.
_ADDING = ("also", "as well", "too")


def asks_for_a_form(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a user turn opens by asking to be given or shown the thread's matter in a form
    right after its reply (rule form-requests, ``opens_with_form``): "give me a checklist for
    recording day", "OK, show me the first row step by step". The gates of rule
    thread-requests (``requests_on_the_thread``), and no new-topic cue."""
    return (
        context.config.form_requests
        and not features.has(Marker.NEW_TOPIC)
        and _requests_after_the_reply(context, features)
        and opens_with_form(features.text)
    )


def opens_with_form(text: str) -> bool:
    """Whether a turn opens, after ``REQUEST_SKIPPED`` words ("ok", "can you"), with one of
    ``FORM_GIVERS`` and names one of ``FORM_NOUNS`` ("step by step" and "line by line" as
    three words too): "give me a checklist", "show me the first row step by step"."""
    words = plain_words(text[:200])
    first = next((at for at, word in enumerate(words) if word not in _FORM_SKIPPED), len(words))
    if first == len(words) or words[first] not in FORM_GIVERS:
        return False
    joined = " " + " ".join(words[first:]) + " "
    return any(word in FORM_NOUNS for word in words[first:]) or any(
        f" {unit} by {unit} " in joined for unit in ("step", "line")
    )


_FORM_SKIPPED = REQUEST_SKIPPED | {"ok", "okay", "pls"}


def opens_with_request(text: str) -> bool:
    """Whether a turn opens, after ``REQUEST_SKIPPED`` words ("now", "can you", "please"),
    with a verb that makes something (``REQUEST_MAKERS``: "make it funny", "write me a
    toast"), "give me" something indefinite ("give me a checklist", "gimme 3 names"), or is
    "now" and a noun phrase that asks nothing ("Now a shopping list for 7 please.")."""
    words = plain_words(text[:200])
    first = len(words)
    for at, word in enumerate(words):
        if word == "now" and words[at + 1 : at + 2] and words[at + 1] in _FRAGMENT_ARTICLES:
            return "?" not in text  # "Now a legal question. Do I need ...?" announces one
        if word not in REQUEST_SKIPPED:
            first = at
            break
    if first == len(words) or words[first] not in REQUEST_MAKERS | REQUEST_GIVERS:
        return False
    if words[first] in REQUEST_MAKERS:
        return True
    after = words[first + 1 : first + 3]
    thing = after[1:] if after[:1] == ["me"] else after[:1]
    return bool(thing) and (thing[0] in _INDEFINITE or thing[0].isdigit())


# "Now a/the ...": a request of a thing, no verb needed; "give me a/some/3 ...".
_FRAGMENT_ARTICLES = frozenset(("a", "an", "the", "some"))
_INDEFINITE = frozenset((
    "a", "an", "some", "another", "few", "more", "two", "three", "four", "five", "six",
    "seven", "eight", "nine", "ten", "twenty", "several", "couple",
))  # fmt: skip


def acked_in_thread(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether an "ok and" opens the question (rule also-questions: no CONTINUE marker there)
    and nothing says the topic moves on: "ok and" goes on from the reply, so the question is
    no new ground even when its words are ("ok. and reflexive, example please?")."""
    config = context.config
    return (
        config.also_questions
        and features.question
        and acked_question(features.text, features.hits)
        and not context.moves_on(features)
    )


def builds_on_the_table(features: TurnFeatures, log: TurnLog) -> bool:
    """Whether a question's form shows it builds on what the conversation already holds
    (rule follow-up-forms): it picks from a set named before ("the two fats", "which one",
    "other foods"), or asks about a part of the topic by a definite noun phrase and names
    nothing of its own ("Who was the leader?", "What happened to the stadium?"). After an
    answer to the user's question (``antecedents.answers_question``) also: it takes up the
    answer ("Oh almonds? ..."), or points at a place named before ("things to do there")."""
    from .antecedents import answers_question

    if features.contrasts or (features.bridges and not features.names):
        return True
    if not (features.takes_up_answer or (has_place_word(features.text) and features.names_place)):
        return False
    return answers_question(len(log), log)
