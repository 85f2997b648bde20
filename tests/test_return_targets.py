"""Rule return-detail-targets (SPEC-028 §3.3 resumption, §4.2 antecedents; issue 15 item 1):
once the placement puts a user turn back in a dormant thread, its antecedent is the turn of
that thread holding the most of the question's detail words (a reply before a user turn),
not the turn that named the topic; a return asking no detail means the thread's naming
turn; a turn the other rules put first that holds as much keeps its place."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon.evaluation import evaluate

_DATA = Path(__file__).parent / "data" / "handwritten"
ON = mh.Config(antecedents=True)
OFF = ON.replace(return_detail_targets=False)


def _greenhouse(config: mh.Config, asides: int = 1) -> mh.Session:
    """A greenhouse thread (size, then heating), then ``asides`` digressions."""
    session = mh.Session(config=config)
    session.user("what size greenhouse would suit a small back garden?")
    session.assistant(
        "For a small garden a 6x4 or 6x6 ft greenhouse is plenty. Put it on a level base of "
        "paving slabs or a timber frame, in full sun, with the ridge running east to west."
    )  # 1
    session.user("and how would I keep it warm through the winter?")
    session.assistant(
        "A small paraffin heater is cheap and needs no mains power, but leave a vent open a "
        "crack for the fumes. Line the glass with bubble wrap to cut losses, and if you have "
        "power an electric fan heater with a thermostat set to 5 C does the job."
    )  # 3
    session.user("Unrelated, but my violin bow has lost a lot of hairs. Worth rehairing?")
    session.assistant("Yes: a rehair costs £50-£80 and takes a day or two at a luthier's.")
    if asides > 1:
        session.user("also, how do I get candle wax off a wool carpet?")
        session.assistant("Freeze it with an ice pack, chip it off, then iron through paper.")
    return session


@pytest.mark.parametrize(
    "text",
    [
        "back to the greenhouse, is bubble wrap enough in January?",
        "Returning to the greenhouse: which thermostats would you use?",
        "ok greenhouse again - the paraffin heating, is it safe with kids about?",
        "Going back to the greenhouse, does the fan heater need its own socket?",
    ],
)
@pytest.mark.parametrize("asides", [1, 2])
def test_a_return_asking_a_detail_means_the_reply_holding_it(text: str, asides: int) -> None:
    assert _greenhouse(ON, asides).preview(text).antecedents[0] == 3


def test_a_bare_return_means_the_turn_that_named_the_topic() -> None:
    for text in ("back to the greenhouse.", "Right, back to the greenhouse then"):
        for asides in (1, 2):
            assert _greenhouse(ON, asides).preview(text).antecedents[0] == 0
            assert _greenhouse(OFF, asides).preview(text).antecedents[0] == 1  # its reply


def test_a_return_whose_words_the_first_exchange_holds_means_it() -> None:
    text = "back to the greenhouse, the paving slab base, does it need concrete under it?"
    assert _greenhouse(ON).preview(text).antecedents[0] == 1


def _side_job(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("my scooter's chain is making a clunking noise, it's a 2016 vespa")
    session.assistant("A Vespa has a belt or a gearbox, not a chain: check the exhaust mounts.")
    session.user("i do some freelance photography on the side, about 3k a year. tell hmrc?")
    session.assistant(
        "Yes, above £1,000 a year: register for Self Assessment by 5 October and file a "
        "return by 31 January; deduct expenses or take the £1,000 trading allowance."
    )  # 3
    session.user("can i claim my camera")
    session.assistant("Yes, as a capital allowance for the share you use for the business.")
    session.user("back to the scooter, the exhaust mounts, how tight?")
    session.assistant("Snug, about 20 Nm; replace the rubber bushes if they're cracked.")
    return session


@pytest.mark.parametrize(
    "text",
    [
        "Sorry, back to the tax thing: when is the deadline for registering?",
        "back to the tax stuff - the trading allowance, can I take it with expenses?",
    ],
)
def test_a_return_by_a_word_its_thread_never_said_reaches_the_detail(text: str) -> None:
    # "tax": no turn said it; the turn of the thread holding the detail words does.
    assert _side_job(ON).preview(text).antecedents[0] == 3


def _bread(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Bought a bread maker, first loaf was dense and short. What went wrong?")
    session.assistant(
        "Usually the yeast or the flour. Use strong bread flour, not plain flour, and "
        "fast-action yeast that is in date. Put the yeast in the pan away from the salt and "
        "water, as the manual says."
    )  # 1
    session.user("my kitchen is cold though, 15 degrees")
    session.assistant(
        "That slows the rise. Use the basic setting, not rapid, and use lukewarm water rather "
        "than cold; add an extra quarter teaspoon of yeast in winter."
    )  # 3
    session.user("my daughter has a choir audition at school next week, any tips?")
    session.assistant("Have her warm up with humming and lip trills, and drink water first.")
    return session


def test_an_item_the_topic_word_picked_does_not_hold_the_return() -> None:
    # "the bread" resolves to the reply's item "strong bread flour" (rule entity-items): it
    # names the thread, not the item, and the basic setting is in the reply after.
    text = "Back to the bread: the basic setting, how long does it take?"
    assert _bread(ON).preview(text).antecedents[0] == 3
    assert _bread(OFF).preview(text).antecedents[0] == 1


def test_no_return_leaves_the_other_rules_choice() -> None:
    # The turn before is in the greenhouse's thread: no return, the rule stays out.
    session = _greenhouse(ON, 0)
    session.user("is the bubble wrap the kind with big bubbles?")
    session.assistant("Yes, horticultural bubble wrap with large bubbles insulates best.")
    text = "and the paving slabs, do they need concrete under them?"
    off = _greenhouse(OFF, 0)
    off.user("is the bubble wrap the kind with big bubbles?")
    off.assistant("Yes, horticultural bubble wrap with large bubbles insulates best.")
    assert session.preview(text).antecedents[:1] == off.preview(text).antecedents[:1]


def test_a_reference_naming_a_turn_is_left_to_its_rule() -> None:
    # "you said" resolves by its own words (rule said-replies and the turn resolution).
    text = "back to the greenhouse, what was the ridge direction you said?"
    on, off = _greenhouse(ON).preview(text), _greenhouse(OFF).preview(text)
    assert on.antecedents[:1] == off.antecedents[:1]


# ---- hold-out floor --------------------------------------------------------------------------
# detailback_holdout38 (10 conversations, 81 probes, 38 with a reference: 27 returns and
# controls '-', 11 entity), written before any code of the backto38 session: first run
# (its branch point) '-' 18/27, entity 11/11, all 29/38, resume 0.969, intent 0.914; end run
# below (its misses not read). The floors sit a little below the end run.
ACC_FLOOR = 0.86
RESUME_FLOOR = 0.96


def test_detailback_holdout38_floor() -> None:
    report = evaluate(_DATA / "detailback_holdout38.jsonl", "references")
    assert report.ours["acc_at_1"] >= ACC_FLOOR, report.ours
    figures, _ = score(_DATA / "detailback_holdout38.jsonl")
    assert figures["resume_accuracy"] >= RESUME_FLOOR, figures


# ---- the rule's on/off observer (tests/test_rules.py) ------------------------------------


def _observe_return_targets(config: mh.Config) -> object:
    return _greenhouse(config).preview("back to the greenhouse.").antecedents[:1]


OBSERVERS = {"return-detail-targets": _observe_return_targets}


def _knee(config: mh.Config) -> mh.Session:
    """A knee thread whose fourth reply brings up an MRI scan, then a pension aside."""
    session = mh.Session(config=config)
    session.user("my knee hurts when i run downhill, goes away after a few min")
    session.assistant(
        "Pain running downhill that settles quickly is often the kneecap tracking badly. Ease "
        "off the descents, strengthen your quads and glutes, and see if it calms in 2-3 weeks."
    )
    session.user("been doing the exercises 2 wks, bit better")
    session.assistant("That's the usual pace; keep going and build the descents back slowly.")
    session.user("now it hurts when i twist, sharp")
    session.assistant("Sharp pain on twisting can be a meniscus tear. See a GP.")
    session.user("meniscus tear how do they check that")
    session.assistant(
        "A physio can test it by hand, and if a tear is likely you may be sent for an MRI "
        "scan, which shows the cartilage; surgery is only for tears that lock the knee."
    )  # 7
    session.user("totally diff thing, can i take money out of my pension at 55")
    session.assistant("Usually from 55, and a quarter of it can be taken tax-free.")
    session.user("the 25% bit, can i take it all at once")
    session.assistant("Yes, as one lump sum, leaving the rest invested to draw later.")
    session.user("im 54 now so next year then")
    session.assistant("Yes, from your 55th birthday.")
    return session


def test_a_thing_brought_up_later_keeps_the_turn_that_brought_it_up() -> None:
    # The entity reference's own turn (the reply that brought the scan up) is what a question
    # about that thing asks of, not the thread's turn saying the question's other words.
    for text in ("the MRI scan, does that hurt much?", "the mri scan, does it hurt?"):
        assert _knee(ON).preview(text).antecedents[0] == 7
