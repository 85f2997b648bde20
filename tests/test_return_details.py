"""Rules return-second-phrases and return-own-numbers (SPEC-028 §3.3 resumption, §4.2
antecedents; issue 15 item 1): a return that names its thread and then a second thing
("back to the chewing, the playpen, how long can he stay in it?") means the turn of the
thread that thing's reference resolved to, its words being the detail, not the thread's
topic; and a return repeating a figure only the user stated ("... at 10 weeks?") still gets
the turn of the thread holding its detail, not the user's own statement of the figure."""

from __future__ import annotations

from pathlib import Path

import multihorizon as mh
from handwritten_scoring import score
from multihorizon.evaluation import evaluate

_DATA = Path(__file__).parent / "data" / "handwritten"
ON = mh.Config(antecedents=True)
SECOND_OFF = ON.replace(return_second_phrases=False)
NUMBER_OFF = ON.replace(return_own_numbers=False)


def _puppy(config: mh.Config) -> mh.Session:
    """A puppy thread (chewing, then a playpen for work days), then a car aside."""
    session = mh.Session(config=config)
    session.user("our new puppy is 10 weeks old and chews everything, furniture, cables, shoes")
    session.assistant(
        "That's normal teething. Give him frozen chew toys and swap them in whenever he chews "
        "something he shouldn't; don't punish him."
    )  # 1
    session.user("what about when we're at work?")
    session.assistant(
        "At 10 weeks he shouldn't be left long. Use a playpen with his bed, water and toys in "
        "it, and have someone let him out every two hours for the toilet."
    )  # 3
    session.user("unrelated, car makes a squeaking noise when i brake")
    session.assistant("Usually worn brake pads: most have a wear indicator that squeals.")
    session.user("how much are new pads roughly")
    session.assistant("About £100-£150 fitted for the front pads on a small car.")
    return session


def test_a_return_naming_a_second_thing_means_that_things_turn() -> None:
    for text in (
        "back to the chewing, the playpen, how long can he stay in it at 10 weeks?",
        "back to the puppy - the playpen, can he sleep in it overnight?",
    ):
        assert _puppy(ON).preview(text).antecedents[0] == 3, text
        # Off, the return's own phrase ("the chewing", "the puppy") keeps its naming turn.
        assert _puppy(SECOND_OFF).preview(text).antecedents[0] == 0, text


def test_controls_keep_their_turns() -> None:
    # A bare return: the thread's naming turn; a return whose detail the first reply holds:
    # that reply; an entity reference in the thread: the turn it names.
    assert _puppy(ON).preview("anyway, the puppy").antecedents[0] == 0
    text = "back to the chewing, are the frozen toys safe for his teeth?"
    assert _puppy(ON).preview(text).antecedents[0] == 1
    assert _puppy(ON).preview("the playpen, how big should it be?").antecedents[0] == 3


def _dog_and_blender(config: mh.Config) -> mh.Session:
    """A blender thread, then a puppy aside whose user turn states his age (10 weeks), its
    reply advising a playpen, a crate question, and a return to the blender."""
    session = mh.Session(config=config)
    session.user("want a blender for smoothies and soup, under 150")
    session.assistant("The Ninja Foodi Power Blender or a refurbished Vitamix; both do hot soup.")
    session.user("other thing, my puppy is 10 weeks and chews everything")
    session.assistant(
        "That's normal teething. Give him frozen chew toys, and use a playpen or crate when "
        "you can't watch him so he can't reach cables and shoes."
    )  # 3
    session.user("he cries in the crate at night")
    session.assistant("Put the crate next to your bed for the first weeks and cover it.")
    session.user("back to the blender, the soup one, can it do smoothies as well?")
    session.assistant("Yes, it has a cold blend setting.")
    return session


def test_a_return_repeating_the_users_own_figure_gets_the_detail_turn() -> None:
    text = "back to the chewing, the playpen, how long can he stay in it at 10 weeks?"
    assert _dog_and_blender(ON).preview(text).antecedents[0] == 3
    # Off, the user's own turn stating "10 weeks" (rule number-holders) comes first.
    assert _dog_and_blender(NUMBER_OFF).preview(text).antecedents[0] == 2


def test_a_figure_a_reply_stated_still_names_its_turn() -> None:
    # "£100-£150" was stated by a reply: rule number-holders' turn, whatever the return.
    session = _puppy(ON)
    session.user("back to the puppy, he chewed a shoe")
    session.assistant("Swap in a chew toy straight away, calmly.")
    text = "the car - is the £100-£150 for both axles?"
    assert session.preview(text).antecedents[0] == 7


# ---- hold-out floor --------------------------------------------------------------------------
# returns_holdout39 (10 conversations, 85 probes, 39 with a reference: 24 returns and
# controls '-', 15 entity), written before any code of the returns39 session: first run (its
# branch point) '-' 21/24, entity 14/15, all 35/39, resume 0.969, intent 0.953; end run the
# same (its misses not read). The floors sit a little below the end run.
ACC_FLOOR = 0.87
RESUME_FLOOR = 0.96


def test_returns_holdout39_floor() -> None:
    report = evaluate(_DATA / "returns_holdout39.jsonl", "references")
    assert report.ours["acc_at_1"] >= ACC_FLOOR, report.ours
    figures, _ = score(_DATA / "returns_holdout39.jsonl")
    assert figures["resume_accuracy"] >= RESUME_FLOOR, figures


# ---- the rules' on/off observers (tests/test_rules.py) ----------------------------------------


def _observe_second_phrases(config: mh.Config) -> object:
    text = "back to the puppy - the playpen, can he sleep in it overnight?"
    return _puppy(config).preview(text).antecedents[:1]


def _observe_own_numbers(config: mh.Config) -> object:
    text = "back to the chewing, the playpen, how long can he stay in it at 10 weeks?"
    return _dog_and_blender(config).preview(text).antecedents[:1]


OBSERVERS = {
    "return-second-phrases": _observe_second_phrases,
    "return-own-numbers": _observe_own_numbers,
}
