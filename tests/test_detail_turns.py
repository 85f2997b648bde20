"""Rule detail-turns (SPEC-028 §4.1 entity references, §4.2 antecedents; issue 15 item 1): a
question naming a thing and asking a detail of it ("the kettle, does its lid lock?", "back
to the greenhouse, for the vents, ...") is about the turn holding the detail, not the turn
that first named the thing nor the latest turn naming it again; the first turn stays when
the question asks no detail word, when only the opening turn holds it, for a demonstrative,
a comparative or a judgement, and a turn that does not name the thing wins only after a
return, in the thing's thread."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.evaluation import evaluate

ON = mh.Config(antecedents=True)
OFF = ON.replace(detail_turns=False)

# detail_holdout36: written before the rule, scored at its start (0.882) and end (0.926);
# detail_tune36 was tuned on (0.809 -> 0.915).
FLOORS = {"detail_holdout36.jsonl": 0.90, "detail_tune36.jsonl": 0.90}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_the_sets_meet_their_floors(name: str) -> None:
    path = Path(__file__).parent / "data" / "handwritten" / name
    assert evaluate(path, "references").ours["acc_at_1"] >= FLOORS[name]


def _kettles(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Which travel kettle should I buy, the Breville Mini or the Swan Compact?")
    session.assistant(
        "The Breville Mini boils half a litre in two minutes and folds flat; the Swan "
        "Compact holds a litre, is heavier and has a dual-voltage switch for travel abroad."
    )  # 1
    session.user("I travel light, mostly hostels.")
    session.assistant(
        "Then the Breville suits you: its lid locks shut so it won't leak in a bag, and it "
        "comes with two plastic cups that nest inside it."
    )  # 3
    session.user("And a plug adapter?")
    session.assistant("Take a universal adapter with a USB port; Swan sells one for about £12.")
    return session  # 5


def test_the_turn_holding_the_detail_comes_first() -> None:
    text = "the breville, does the lid lock so it won't leak?"
    assert _kettles(ON).preview(text).antecedents[0] == 3
    assert _kettles(OFF).preview(text).antecedents[0] == 1


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("the breville, how long does it take to boil?", 1),  # only the opening says it
        ("the breville, what about it?", 1),  # no detail word asked
        ("those plastic cups, do they come with lids?", 3),  # a demonstrative: unmoved
    ],
)
def test_the_other_rules_turn_stays(text: str, first: int) -> None:
    assert _kettles(ON).preview(text).antecedents[0] == _kettles(OFF).preview(text).antecedents[0]
    assert _kettles(ON).preview(text).antecedents[0] == first


def _greenhouse(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("We're putting up a small greenhouse, 8 by 6 feet. Glass or polycarbonate?")
    session.assistant(
        "Polycarbonate is safer with children and holds heat better; glass lets in more light "
        "and lasts longer. For 8 by 6 feet, a greenhouse on a timber base is easy to build."
    )  # 1
    session.user("Polycarbonate then. It gets very hot in July.")
    session.assistant(
        "Fit two roof vents with automatic openers: the wax cylinder opens them at about 20 "
        "degrees and closes them as it cools, with no power needed. Shade paint helps too."
    )  # 3
    session.user("Which tomatoes would grow well in pots in there?")
    session.assistant(
        "Cherry varieties like Sungold and Gardener's Delight crop heavily in pots; use 30 "
        "litre containers and feed weekly once the first truss sets."
    )  # 5
    return session


def test_after_a_return_a_turn_of_the_thread_holds_the_detail() -> None:
    text = "back to the greenhouse, for the automatic openers, at what temperature do they open?"
    assert _greenhouse(ON).preview(text).antecedents[0] == 3
    assert _greenhouse(OFF).preview(text).antecedents[0] != 3


def test_without_a_return_the_turn_must_name_the_thing() -> None:
    # The Sungold reply names no greenhouse: "the greenhouse, ..." is not about it.
    text = "the greenhouse, is it big enough for pots of cherry tomatoes?"
    assert _greenhouse(ON).preview(text).antecedents[0] != 5


def _quotes(config: mh.Config, question_first: bool) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Our chimney needs repointing. What does that usually cost?")
    session.assistant(
        "Repointing a chimney stack usually costs £300 to £700, most of it scaffolding; ask "
        "for the lead flashing to be checked while the scaffold is up."
    )  # 1
    if question_first:
        session.user("Should the scaffolding stay up for a week?")
    else:
        session.user("The roofer quoted £520 for the scaffolding, up for a week.")
    session.assistant("Erection, a week's hire, a ladder beam and taking it down.")  # 3
    return session


def test_a_bare_user_question_holds_no_detail() -> None:
    text = "the scaffolding, is a week enough?"
    assert _quotes(ON, question_first=False).preview(text).antecedents[0] == 2  # told it
    assert _quotes(OFF, question_first=False).preview(text).antecedents[0] == 1
    assert _quotes(ON, question_first=True).preview(text).antecedents[0] != 2  # asked it


def test_a_statement_is_not_moved() -> None:
    text = "The scaffolding quote seems fine to me, we'll go with it."
    on, off = _quotes(ON, False), _quotes(OFF, False)
    assert on.preview(text).antecedents[:1] == off.preview(text).antecedents[:1]


@pytest.mark.timed
@pytest.mark.parametrize("size", [20_000, 200_000])
def test_long_turns_stay_cheap(size: int) -> None:
    session = mh.Session(config=ON)
    session.user("The gutter man quoted " + "fascia and soffit work, " * (size // 24) + "ok?")
    session.assistant("Fascia boards cost about £30 a metre fitted; soffits about the same.")
    session.user("What about the downpipe? " + "it rattles in the wind " * (size // 23))
    session.assistant("A loose downpipe needs new brackets, about £5 each.")
    start = time.perf_counter()
    session.preview("the gutter man, what did he quote for the fascia?")
    assert time.perf_counter() - start < 2.0


def _pension(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("I want to top up my pension before April, I'm a higher rate taxpayer.")
    session.assistant(
        "A personal contribution gets basic-rate relief added by the provider, and you claim "
        "the extra 20% through self assessment."
    )
    session.user("I paid in 2000 last week by bank transfer.")
    session.assistant(
        "The provider adds 500 of relief within about 11 weeks; your annual statement will "
        "show the top-up as a separate line once it's credited."
    )  # 3
    session.user("Separate thing, my car MOT is due, what do they check?")
    session.assistant("Lights, brakes, tyres, emissions, seatbelts and the windscreen.")
    return session


def test_a_return_reaches_the_turn_its_detail_references_name() -> None:
    text = "going back to the pension, when would the statement show the top-up?"
    assert _pension(ON).preview(text).antecedents[0] == 3
    # Rule return-detail-targets reaches the top-up reply too: both off, the pension's reply.
    both_off = OFF.replace(return_detail_targets=False)
    assert _pension(both_off).preview(text).antecedents[0] == 1


def _hall(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("we're booking the scout hall for a fundraiser, 80 people")
    session.assistant("Scout halls usually charge by the hour; ask about the kitchen and chairs.")
    session.user("they quoted 150 for the evening incl. kitchen, parking is on the street only")
    session.assistant("That's fair. Check the noise curfew and whether you need insurance.")
    session.user("the hall also has a stage, can we do a raffle on it?")
    session.assistant("Yes, a small raffle on the night is fine without a licence.")
    return session


def test_a_users_report_after_a_reply_naming_the_thing_holds_its_detail() -> None:
    text = "does the hall's quote include parking?"
    assert _hall(ON).preview(text).antecedents[0] == 2
    assert _hall(OFF).preview(text).antecedents[0] != 2
