"""Stop 38's action references across a clarification (issue 15 item 1, the again38 session):
"now the same but for a full marathon" after "what does tempo pace mean?" repeats the plan
asked for before it (rule repeat-slots), a turn opening with a verb of making is a request
it may repeat (made-requests), "Now in Spanish." and "one more for spring" are repeat
requests, "again, thanks" thanks once more (again-thanks); with the floor of
``again_holdout38.jsonl``, written before any of it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.dialogue.actions import makes
from multihorizon.evaluation import evaluate
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"

_PLAN = "give me a 12-week plan for a half marathon, I run three times a week now"
_PLANNED = (
    "Weeks 1-4: an easy 5 km, 6 x 400 m intervals and a long run from 8 to 12 km. Weeks 5-8: "
    "a 20-minute run at tempo pace, long run to 16 km. Weeks 9-11: long run to 19 km. Week 12: "
    "taper."
)
_TEMPO = "what does tempo pace mean?"
_TEMPO_SAID = "Comfortably hard: the pace you could hold for about an hour."


def _session(history: list[tuple[str, str]], config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config or mh.Config(antecedents=True))
    for role, text in history:
        session.user(text) if role == "user" else session.assistant(text)
    return session


def _action_target(
    history: list[tuple[str, str]], query: str, config: mh.Config | None = None
) -> int | None:
    envelope = _session(history, config).user(query)
    targets = [ref.target_turn for ref in envelope.references if ref.type == "action"]
    return targets[0] if targets else None


_CLARIFIED = [
    ("user", _PLAN), ("assistant", _PLANNED), ("user", _TEMPO), ("assistant", _TEMPO_SAID),
]  # fmt: skip


# ---- repeat-slots ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "now the same but for a full marathon",
        "same again for a 10k",
        "ok and the same thing for my wife, she's a beginner",
        "likewise for a trail ultra pls",
    ],
)
def test_a_repeat_passes_over_the_clarification_to_the_plan(query: str) -> None:
    assert _action_target(_CLARIFIED, query) == 0


def test_without_the_rule_the_clarification_is_taken() -> None:
    off = mh.Config(antecedents=True, repeat_slots=False)
    assert _action_target(_CLARIFIED, "now the same but for a full marathon", off) == 2


def test_a_question_with_a_place_for_the_variation_is_repeated() -> None:
    history = [
        ("user", "Plan a day out in Leeds for two adults."),
        ("assistant", "Morning at the Royal Armouries, lunch at Kirkgate Market, a canal walk."),
        ("user", "What's the forecast for Leeds on Thursday?"),
        ("assistant", "Light rain in the morning, dry from noon, 12 C."),
    ]
    assert _action_target(history, "same again for Friday") == 2


def test_a_yes_no_question_is_passed_over() -> None:
    history = [
        ("user", "Can you write a polite reminder email for an invoice 30 days late?"),
        ("assistant", "Hi Sam, a quick reminder that invoice 118 is still open ..."),
        ("user", "Is charging interest legal for a sole trader?"),
        ("assistant", "Yes, under the late payment rules, 8% over the base rate."),
    ]
    assert _action_target(history, "Same again but for my other client, softer") == 0


def test_a_repeat_without_a_variation_keeps_the_latest_turn() -> None:
    # "same again" right after the request: nothing to pass over.
    history = [("user", _PLAN), ("assistant", _PLANNED)]
    assert _action_target(history, "same again") == 0


# ---- made-requests -----------------------------------------------------------------------------

_ROUTINE = [
    ("user", "Plan a 20-minute stretching routine for my office team."),
    ("assistant", "3 min neck rolls, 5 min seated twists, 5 min lunges, 4 min chest opener."),
    ("user", "We tried the lunges yesterday, people liked them."),
    ("assistant", "Great, keep them in; they undo hours of sitting."),
]


def test_a_turn_opening_with_a_verb_of_making_is_repeated() -> None:
    assert _action_target(_ROUTINE, "do the same for the warehouse team") == 0
    off = mh.Config(antecedents=True, made_requests=False)
    assert _action_target(_ROUTINE, "do the same for the warehouse team", off) == 2


@pytest.mark.parametrize(
    ("text", "made"),
    [
        ("Plan a 20-minute warm-up for my choir", True),
        ("Hello, please make me a 6 weeks plan", True),
        ("gimme an all grain recipe for a pale ale", True),
        ("PowerShell script that renames the .jpeg files to .jpg please", True),
        ("Plan changed, we leave on Friday", False),
        ("make sure it still runs", False),
        ("yes please", False),
        ("What's a good plan for a beginner?", False),
    ],
)
def test_makes(text: str, made: bool) -> None:
    assert makes(text) is made


# ---- repeat phrasings --------------------------------------------------------------------------

_HAIKU = [("user", "write me a haiku about autumn rain"), ("assistant", "Cold rain on the roof")]
_TRANSLATED = [
    ("user", "Translate 'the meeting moved to Monday' into Dutch."),
    ("assistant", "De vergadering is verplaatst naar maandag."),
]


@pytest.mark.parametrize(
    "query", ["Now in Spanish.", "ok now in Swedish", "one more in German", "And for Italian?"]
)
def test_opener_and_variation_repeats(query: str) -> None:
    assert _action_target(_TRANSLATED, query) == 0


@pytest.mark.parametrize(
    "query",
    [
        "now in the logs I see an error after the deploy",
        "and for the record, it failed twice",
        "Now in production it crashes.",
        "Yes, there was one more in the left corner, I took it out with pliers.",
    ],
)
def test_now_in_and_and_for_inside_a_longer_turn_repeat_nothing(query: str) -> None:
    assert _action_target(_TRANSLATED, query) is None


def test_one_more_for_and_repeat_the_plan() -> None:
    assert _action_target(_HAIKU, "ok one more for spring") == 0
    assert _action_target(_CLARIFIED, "repeat the plan but for 6 weeks") == 0


# ---- again-thanks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["again, thanks", "Again, many thanks.", "again thank you so much"]
)
def test_again_thanks_is_an_acknowledgement(text: str) -> None:
    session = _session(_HAIKU)
    assert session.classify(text) == "CONTINUE"
    assert session.user(text).intent == "CONTINUE"
    off = mh.Config(again_thanks=False)
    if text == "again, thanks":
        assert _session(_HAIKU, off).user(text).intent == "CLARIFY"


@pytest.mark.parametrize("text", ["again?", "sorry, again?", "again pls"])
def test_a_bare_again_still_asks(text: str) -> None:
    assert _session(_HAIKU).user(text).intent == "CLARIFY"


def test_classify_and_user_agree_on_the_repeat_turns() -> None:
    for query in ("Now in Spanish.", "one more in German", "And for Italian?", "again, thanks"):
        session = _session(_TRANSLATED)
        assert session.classify(query) == session.user(query).intent, query


# ---- linear time -------------------------------------------------------------------------------


@pytest.mark.timed
@pytest.mark.parametrize("unit", ["for ", "for x ", "what is ", "please ", "plan "])
def test_the_walk_reads_a_long_question_in_linear_time(unit: str) -> None:
    def timed(size: int) -> float:
        session = _session([("user", _PLAN), ("assistant", _PLANNED)])
        session.user(unit * (size // len(unit)) + "?")
        session.assistant(_TEMPO_SAID)
        return best_seconds(lambda: session.preview("now the same but for a full marathon"))

    small, large = timed(10_000), timed(100_000)
    assert large < 30 * max(small, 0.005), (small, large)
    # Its first words only, and a long turn never ends a "... please" statement.
    assert makes(unit * 200_000) is (unit == "plan ")


# ---- hold-out floor ----------------------------------------------------------------------------
# again_holdout38 (12 conversations, 64 probes, 24 action references, controls), written before
# any code of the again38 session: first run (its branch point) action acc@1 0.417, intent
# 0.873; end run acc@1 0.875, intent 0.952 (its misses read once, after the first rule). The
# floors sit a little below the end run.
ACC_FLOOR = 0.83
INTENT_FLOOR = 0.93


def test_again_holdout38_floor() -> None:
    path = DATA / "again_holdout38.jsonl"
    assert evaluate(path, "references").ours["acc_at_1"] >= ACC_FLOOR
    assert evaluate(path, "intent").ours["accuracy"] >= INTENT_FLOOR


# ---- the rules' on/off observers (tests/test_rules.py) -----------------------------------------


def _observe_repeat_slot(config: mh.Config) -> object:
    return _action_target(_CLARIFIED, "now the same but for a full marathon", config)


def _observe_made_request(config: mh.Config) -> object:
    return _action_target(_ROUTINE, "do the same for the warehouse team", config)


def _observe_again_thanks(config: mh.Config) -> object:
    return _session(_HAIKU, config).user("again, thanks").intent


OBSERVERS = {
    "repeat-slots": _observe_repeat_slot,
    "made-requests": _observe_made_request,
    "again-thanks": _observe_again_thanks,
}


def test_verbs_that_make_only_for_someone() -> None:
    assert makes("give me a 12-week plan for a half marathon")
    assert not makes("Give it a day and see")
    assert not makes("Come to think of it, the plan was too long")
    assert not makes("Put it in the oven and it burned")


@pytest.mark.timed
@pytest.mark.parametrize("unit", ["do it again ", "same again, do that again. "])
def test_many_agains_are_read_in_linear_time(unit: str) -> None:
    """Each "again" was checked against every action reference's span (review of stop 40:
    8,300 "do it again" took 7 s in ``classify``): one bisection each now."""
    session = mh.Session()
    session.user("can you rename the build job for me")
    session.assistant("Renamed it to build-and-test.")

    def calls(size: int) -> Callable[[], object]:
        text = unit * (size // len(unit)) + "?"
        return lambda: session.classify(text)

    small, large = best_seconds(calls(10_000)), best_seconds(calls(100_000))
    assert large <= 30 * max(small, 0.005)
