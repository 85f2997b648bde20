"""Issue 15 item 1 (SPEC-028 §5.2 CLARIFY): rule reply-term-asks, a short question about a
term a reply brought, asked back in the opening clause before more words or put in quotation
marks (``dialogue/reply_terms``); turns that must not read so (the term is the user's own,
no reply said it, the question asks something new); the switch; and the native settle
handing every such turn on (each backend decides the same)."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.reply_terms import REPLY_TERM_CHARS, opening_echo, quoted_terms

QUESTION = "We want to press about 80 litres of cider from our own apples. Where to start?"
REPLY = (
    "Wash and scrat the apples, press the pulp, and ferment the juice with an airlock. When "
    "the gravity stops falling, rack it off the lees into clean demijohns."
)

ASKS = [
    "scrat? never heard the word",
    "the lees? is that the sludge",
    "Wait, demijohns? we only have buckets",
    "airlock exactly?",
    'Could you say what "scrat" involves here?',
    "what does 'rack it off' do to the cider?",
    'what\'s the "gravity" part doing exactly',  # a question without "?"
]


def _session(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(QUESTION)
    session.assistant(REPLY)
    return session


@pytest.mark.parametrize("text", ASKS)
def test_a_term_of_the_reply_asked_about_clarifies(text: str) -> None:
    session = _session()
    assert session.classify(text) is mh.Intent.CLARIFY, text
    assert session.preview(text).intent is mh.Intent.CLARIFY, text


@pytest.mark.parametrize("text", ASKS)
def test_every_backend_reads_them_alike(text: str, backend: str) -> None:
    session = _session()
    assert session.classify(text) == session.analyse(text)[0] == mh.Intent.CLARIFY, backend


@pytest.mark.parametrize(
    "text",
    [
        "pulp? we have a juicer already, is that fine",  # the user said "pulp" too (below)
        "cider? we want perry too, is that the same process",  # the user said it first
        "yeast? do we need to buy some",
        'is "wild" yeast safe to use?',  # no reply said "wild"
        "Is it safe? the apples have some bruises",  # a question, no term asked back
        "the gravity, how often should I measure it?",  # a term then a new question
    ],
)
def test_questions_on_the_users_own_or_new_words_are_no_reply_terms(text: str) -> None:
    session = _session()
    if text.startswith("pulp"):
        session.user("Do we need to keep the pulp after pressing?")
        session.assistant("No, compost it or feed it to animals; it has done its job.")
    assert session.classify(text) is not mh.Intent.CLARIFY, text
    assert session.preview(text).intent is not mh.Intent.CLARIFY, text


@pytest.mark.parametrize("text", ASKS[:3] + ASKS[4:5])
def test_switched_off_they_read_as_before(text: str) -> None:
    on, off = _session(), _session(mh.Config(reply_term_asks=False))
    assert on.preview(text).intent is mh.Intent.CLARIFY
    assert off.preview(text).intent is not mh.Intent.CLARIFY, text


def test_between_peers_a_term_asked_back_is_no_clarification() -> None:
    session = mh.Session()
    session.user(QUESTION, speaker="ann")
    session.user(REPLY, speaker="bob")
    assert session.preview("scrat? never heard the word", speaker="ann").intent is not (
        mh.Intent.CLARIFY
    )


def test_the_readers() -> None:
    assert opening_echo("sweat? they sweat how") == ("sweat",)
    assert opening_echo("Hang on, the weight? I've heard this at the club") == ("weight",)
    assert opening_echo("phacelia exactly?") == ("phacelia",)
    assert opening_echo("Is it safe? I mean for kids") == ()  # a question word opens it
    assert opening_echo("the valves, presta or schrader?") == ()  # the first clause is no "?"
    assert opening_echo("one two three four five? six") == ()  # no term of five words
    assert opening_echo("x" * REPLY_TERM_CHARS + "? more") == ()
    assert quoted_terms('what "drift" refers to here?') == [("drift",)]
    assert quoted_terms("what does 'preserver' do that paint doesn't?") == [("preserver",)]
    assert quoted_terms("I don't think it's 'done' yet, is it?") == [("done",)]
    assert quoted_terms('what "drift" refers to here') == []  # no question mark, no cue
    assert quoted_terms('what "drift" refers to here', question=True) == [("drift",)]
    assert quoted_terms("it's John's car, isn't it?") == []  # apostrophes quote nothing
    assert quoted_terms('is "a b c d e f" right?') == []  # a quotation of six words
