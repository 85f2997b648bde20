"""Per-turn intent in terse, texting and learners' registers (SPEC-028 §5.2, issue 15, stop
43): stated plans ("will try tmrw") and texting thanks are CONTINUE (rule stated-plans, rule
ask-shapes' stated plans, the lexicon's acknowledgement openers), a bare "but" ends an
announcing clause (rule but-announcements), learners' "I not understand" is CLARIFY and
"huh" taken in with an acceptance asks nothing. Each rule comes with turns it must not
change."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.phrasing import announces_topic
from multihorizon.text.lexicon import default_lexicon
from multihorizon.text.terse_words import states_plan

CLUTCH = "learning 2 drive a manual, keep stalling at junctions lol"
CLUTCH_REPLY = (
    "On a hill, find the biting point, add a bit more gas, then release the handbrake as the "
    "car starts to pull."
)
BANK = "hello, I am new in this country and I want open bank account, what I need bring?"
BANK_REPLY = (
    "Usually a passport, proof of address such as a rental contract or a utility bill, and "
    "sometimes a residence permit."
)
RUN = "signed up for my first half marathon in 12 weeks, I run about 5k three times a week"
RUN_REPLY = (
    "Not a scam: for runs over about 75 minutes, 30 to 60 g of carbohydrate an hour helps; "
    "below that you don't need them."
)


def _session(user: str, reply: str, config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config)
    session.user(user)
    session.assistant(reply)
    return session


def _intent(text: str, user: str = CLUTCH, reply: str = CLUTCH_REPLY, **off: bool) -> str:
    config = mh.Config().replace(**off) if off else None
    return str(_session(user, reply, config).classify(text))


# ---- stated plans ---------------------------------------------------------------------------

PLANS = [
    "will try tmrw",
    "ty will try tmrw",
    "will do",
    "ok will try that tonight",
    "thx will report back",
    "will check the tyre pressure later",
    "will practise in the car park first",
]


@pytest.mark.parametrize("text", PLANS)
def test_a_stated_plan_after_a_reply_continues(text: str) -> None:
    assert _intent(text) == "CONTINUE", text
    assert not default_lexicon().is_question(text), text


@pytest.mark.parametrize(
    "text",
    [
        "will it work on a hill",
        "will the clutch wear out faster",
        "will there be a test on hills",
        "ok will it stall on hills",
        "will snapshot mode work if the container sits on lvm-thin",
        "will paint stick to tiles",
        "will dogs eat grapes",
        "Will, will it stall",
        "will try it, or is there a better way",
        "will you check my mirrors",
    ],
)
def test_a_will_question_or_a_request_is_no_stated_plan(text: str) -> None:
    assert _intent(text) != "CONTINUE", text


def test_plans_read_by_words() -> None:
    assert states_plan(["will", "try", "tmrw"])
    assert states_plan(["ty", "will", "report", "back"])
    assert not states_plan(["will", "it", "hold"])
    assert not states_plan(["will", "snapshot", "mode", "work"])
    assert not states_plan(["ok", "ok", "ok", "will", "try"])  # at most two leads
    assert not states_plan(["will"])


def test_stated_plans_switch_off() -> None:
    # Off, the terse rules read no plan: a plan the scan no longer reads as a question falls
    # back to §5.2's similarity.
    assert _intent("ty will try tmrw", stated_plans=False) != "CONTINUE"


def test_a_plan_is_no_question_on_every_backend() -> None:
    lexicon = default_lexicon()
    for text in ("will try tmrw", "ok will do", "shall do"):
        assert not lexicon.is_question(text), text
    for text in ("will it hold", "will the paint dry", "ok will it hold", "will u come"):
        assert lexicon.is_question(text), text
    # Off (rule ask-shapes off), "will" opens a question as §5.2 writes.
    assert default_lexicon(ask_shapes=False).is_question("will try tmrw")


def test_a_long_plan_text_is_linear() -> None:
    text = ("will try " + "tomorrow " * 120_000)[: mh.inputs.MAX_TURN_CHARS]
    assert len(text) == 1_000_000
    assert not default_lexicon().is_question(text)
    session = _session(CLUTCH, CLUTCH_REPLY)
    assert session.classify(text) in tuple(mh.Intent)
    # No clause stop within reach: the "but" reading looks at the opening only.
    long_but = "random q " + "x " * 499_990 + "but how"
    assert len(long_but) <= mh.inputs.MAX_TURN_CHARS
    assert not _announces(long_but)


# ---- texting acknowledgements and "huh" -----------------------------------------------------


@pytest.mark.parametrize("text", ["huh ok fair enough", "huh, interesting", "huh ok thanks"])
def test_huh_with_an_acceptance_continues(text: str) -> None:
    assert _intent(text, RUN, RUN_REPLY) == "CONTINUE", text


@pytest.mark.parametrize("text", ["huh?", "huh", "huh what", "huh ok so why is that"])
def test_huh_alone_or_asking_still_clarifies(text: str) -> None:
    assert _intent(text, RUN, RUN_REPLY) == "CLARIFY", text


@pytest.mark.parametrize("text", ["ty that worked", "thx, stalled once but fine", "kk"])
def test_texting_thanks_continue(text: str) -> None:
    assert _intent(text) == "CONTINUE", text


def test_texting_thanks_before_a_question_still_asks() -> None:
    assert _intent("ty, is that for hills too") == "DRILL_DOWN"


# ---- learners' confusion --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "sorry I not understand, the proof of address it is which paper exactly?",
        "I no understand the proof of address",
        "i not get it, which paper?",
    ],
)
def test_learners_confusion_clarifies(text: str) -> None:
    assert _intent(text, BANK, BANK_REPLY) == "CLARIFY", text


@pytest.mark.parametrize(
    "text",
    [
        "is a passport from my country ok?",
        "I understand, I bring passport tomorrow",
        "they not open on sunday, I go monday",
    ],
)
def test_learners_turns_without_confusion_do_not_clarify(text: str) -> None:
    assert _intent(text, BANK, BANK_REPLY) != "CLARIFY", text


# ---- "but" ending an announcing clause ------------------------------------------------------


def _announces(text: str, buts: bool = True) -> bool:
    hits = default_lexicon().scan_turn(text)[0]
    return announces_topic(text, hits, clauses=True, buts=buts)


@pytest.mark.parametrize(
    "text",
    [
        "random q but how do ppl parallel park without hitting the kerb",
        "random but how do i get candle wax off a table",
        "random question but my dog keeps eating grass, normal?",
    ],
)
def test_a_bare_but_ends_an_announcing_clause(text: str) -> None:
    assert _announces(text), text
    assert not _announces(text, buts=False), text
    session = _session(CLUTCH, CLUTCH_REPLY)
    envelope = session.preview(text)
    assert envelope.intent is mh.Intent.EXPLORE, text
    assert envelope.active_thread != session.active_thread, text


@pytest.mark.parametrize(
    "text",
    [
        "something else but cheaper please",
        "random thought but the clutch feels heavy",
        "I tried something different but it stalled again",
        "a random spot but it worked",
    ],
)
def test_a_but_without_a_question_or_situation_announces_nothing(text: str) -> None:
    assert not _announces(text), text


def test_but_announcements_switch_off() -> None:
    text = "random q but how do ppl parallel park without hitting the kerb"
    assert _intent(text, but_announcements=False) != "EXPLORE"


# ---- on/off observers (tests/test_rules.py) ---------------------------------------------------


def _observe_stated_plan(config: mh.Config) -> object:
    return _session(CLUTCH, CLUTCH_REPLY, config).classify("ty will try tmrw")


def _observe_but_announcement(config: mh.Config) -> object:
    text = "random q but how do ppl parallel park without hitting the kerb"
    return _session(CLUTCH, CLUTCH_REPLY, config).classify(text)


OBSERVERS = {
    "stated-plans": _observe_stated_plan,
    "but-announcements": _observe_but_announcement,
}
