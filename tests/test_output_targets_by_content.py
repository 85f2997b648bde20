"""Stop 43's questions naming no tool that mean the output whose content they touch (SPEC-028
§4.1 tool, §4.2, §5.2 TOOL_REFERENCE; issue 15 item 1), the earlier output as often as the
latest: a word the output's own summing-up reply repeated is still that output's detail
("was there a mismatch?" after a backup log and its reply; rule summing-reply-words); a date's
weekday and a clock time's part of the day are among an output's value forms ("how far did I
ride on thursday?" of "2026-04-09", "which session is in the morning?" of "07:15"; rule
weekday-forms); a question of habit ("In general, how long do customs holds last?") names no
output (rule general-questions). ``Session.classify``, ``preview``, ``analyse`` and
``Session.user`` agree. Controls: general questions, advice and risk questions, talk that
moved on, days and parts of the day no output shows. And the hold-out written before the rules
meets its floors."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import intents_by_every_path, tool_target
from handwritten_scoring import score
from multihorizon.dialogue.general_questions import asks_in_general
from multihorizon.dialogue.summing_replies import asks_reasons
from multihorizon.text.value_forms import value_forms
from timing import best_seconds

_HANDWRITTEN = Path(__file__).parent / "data" / "handwritten"
TOOL = mh.Intent.TOOL_REFERENCE

# tools_holdout43: written before the rules, scored at their start (intent 29/45, tool target
# 14/25) and at their end.
FLOORS = {"intent_accuracy": 0.66, "tool_target_accuracy": 0.60}
# Rules summing-reply-words and weekday-forms are opt-in since the stop-43 review (they took
# advice questions whose words the output's reply echoed): these tests switch them on.
ON = mh.Config(summing_reply_words=True, weekday_forms=True)


@pytest.mark.parametrize("figure", sorted(FLOORS))
def test_the_hold_out_meets_its_floors(figure: str) -> None:
    figures, _ = score(_HANDWRITTEN / "tools_holdout43.jsonl", config=ON)
    assert figures[figure] >= FLOORS[figure]


def _backup(config: mh.Config | None = None) -> mh.Session:
    """A backup log and a disk's SMART report, each summed up by a reply, exchanges over."""
    session = mh.Session(config=config or ON)
    session.user("nightly backup looked off, here's the log")
    session.tool_output(
        "backup_log",
        "2026-03-02 01:00:04 start job=photos\n2026-03-02 01:42:17 WARN checksum mismatch on "
        "2 files\n2026-03-02 01:58:40 done transferred=18211 skipped=40",
        args={"job": "photos"},
    )
    session.assistant("It ran an hour, with a checksum mismatch on 2 files and 40 files skipped.")
    session.user("and the disk itself?")
    session.tool_output(
        "smartctl",
        "Device Model: WD40EFRX\nReallocated_Sector_Ct 0\nPower_On_Hours 31877\n"
        "Temperature_Celsius 41",
        args={"device": "/dev/sda"},
    )
    session.assistant("The disk looks healthy: no reallocated sectors, 41 C.")
    session.user("ok good")
    session.assistant("Run a scrub this weekend to be safe.")
    return session


def _rides(config: mh.Config | None = None) -> mh.Session:
    """A week's rides as CSV, then a club's timetable by clock time, exchanges over."""
    session = mh.Session(config=config or ON)
    session.user("exported my rides from the bike computer")
    session.tool_output(
        "ride_export",
        "date,route,distance_km,moving_time\n2026-04-06,canal loop,42.1,1:31:10\n"
        "2026-04-09,hill repeats,28.4,1:12:44\n2026-04-11,coast road,88.0,3:05:02",
        args={"week": 15},
    )
    session.assistant("Three rides, about 158 km, the coast road the longest.")
    session.user("and here's the club timetable")
    session.tool_output(
        "club_schedule",
        "session          start  place\nsprint drills    07:15  velodrome\n"
        "social ride      10:30  market square\nchaingang        18:45  ring road",
        args={"club": "harbour wheelers"},
    )
    session.assistant("Sprint drills, a social ride and the chaingang.")
    session.user("nice")
    session.assistant("Pick one that fits your recovery days.")
    return session


def _customs(config: mh.Config | None = None) -> mh.Session:
    """A shipment held at customs, its exchange over."""
    session = mh.Session(config=config or ON)
    session.user("where is our pallet of kiln parts")
    session.tool_output(
        "track",
        '{"id": "FX-77120", "status": "held", "reason": "customs documentation", '
        '"since": "2026-05-02", "location": "Leipzig hub"}',
        args={"id": "FX-77120"},
    )
    session.assistant("It is held at the Leipzig hub for customs documentation since 2 May.")
    session.user("ugh")
    session.assistant("Send the commercial invoice to the broker.")
    return session


# ---- summing-reply-words --------------------------------------------------------------------


def test_a_word_the_outputs_own_reply_repeated_is_still_its_detail() -> None:
    text = "was there a mismatch?"
    assert tool_target(_backup(), text) == 0  # the earlier output, not the newest
    assert intents_by_every_path(_backup(), text) == {TOOL}
    # Rule output-content-words reads this short question as well: off with it.
    off = ON.replace(summing_reply_words=False, output_content_words=False)
    assert tool_target(_backup(off), text) is None
    assert TOOL not in intents_by_every_path(_backup(off), text)


def test_each_output_keeps_the_questions_about_its_own_content() -> None:
    assert tool_target(_backup(), "how many sectors got reallocated?") == 1
    assert tool_target(_backup(), "how many files were transferred?") == 0


@pytest.mark.parametrize(
    "text",
    [
        "do checksum mismatches usually mean a dying disk?",
        "is there any risk in ignoring the mismatch?",
        "what causes a checksum mismatch in general?",
    ],
)
def test_general_and_risk_questions_name_no_output(text: str) -> None:
    assert TOOL not in intents_by_every_path(_backup(), text)
    assert tool_target(_backup(), text) is None


def test_a_word_the_talk_since_said_is_no_outputs_detail() -> None:
    session = _backup()
    session.user("which scrub tool is best for a nas")
    session.assistant("btrfs scrub if the volume is btrfs, else a plain rsync --checksum pass.")
    text = "does a scrub fix the mismatch?"
    assert tool_target(session, text) is None
    assert TOOL not in intents_by_every_path(session, text)


def test_a_word_the_user_said_before_the_output_is_no_echo() -> None:
    session = mh.Session()
    session.user("is a checksum mismatch after a backup bad? here's the log")
    session.tool_output("backup_log", "WARN checksum mismatch on 2 files\ndone skipped=40")
    session.assistant("Two files had a checksum mismatch; 40 were skipped.")
    session.user("ok")
    session.assistant("Re-run the job for those two.")
    assert tool_target(session, "was there a mismatch?") is None


def test_within_the_outputs_own_exchange_nothing_changes() -> None:
    # The first question after the summing-up reply asks about what it offered (sgd).
    def first(config: mh.Config) -> object:
        session = mh.Session(config=config)
        session.user("any free tables tonight")
        session.tool_output("bookings", '{"results": [{"name": "Chez Alma", "time": "19:30"}]}')
        session.assistant("Chez Alma has a table at 19:30.")
        text = "is chez alma far from the station?"
        return tool_target(session, text), session.classify(text)

    assert first(ON) == first(ON.replace(summing_reply_words=False))


# ---- weekday-forms --------------------------------------------------------------------------


def test_a_dates_weekday_names_the_output_showing_it() -> None:
    text = "how far did i ride on thursday?"  # 2026-04-09, in the earlier output
    assert tool_target(_rides(), text) == 0
    assert intents_by_every_path(_rides(), text) == {TOOL}
    assert tool_target(_rides(ON.replace(weekday_forms=False)), text) == 1  # the newest


def test_a_part_of_the_day_is_the_clock_times_in_it() -> None:
    assert tool_target(_rides(), "which session is in the morning?") == 1
    assert "morning" in value_forms("sprint drills    07:15  velodrome", weekdays=True)


@pytest.mark.parametrize("text", ["and on sunday?", "what's a good morning routine before a ride?"])
def test_days_no_output_shows_name_none(text: str) -> None:
    assert tool_target(_rides(), text) is None
    assert TOOL not in intents_by_every_path(_rides(), text)


def test_the_weekday_reader() -> None:
    forms = value_forms(
        "date,km,time\n2026-04-06,42.1,1:31:10\n2026-02-30,1,0\n01:42:17 WARN", weekdays=True
    )
    assert {"monday", "6th", "april", "night"} <= forms
    assert "tuesday" not in forms  # no 30 February
    assert "morning" not in value_forms("moving 9:12:44", weekdays=True)  # a duration
    assert "monday" not in value_forms("2026-04-06,42.1")  # the rule off: cells unread


# ---- general-questions ----------------------------------------------------------------------


def test_a_question_of_habit_names_no_output() -> None:
    text = "In general, how long do customs holds last?"
    assert tool_target(_customs(), text) is None
    assert TOOL not in intents_by_every_path(_customs(), text)
    off = ON.replace(general_questions=False)
    assert tool_target(_customs(off), text) == 0


@pytest.mark.parametrize(
    ("text", "place"),
    [("how many files were transferred?", 0), ("how many sectors got reallocated?", 1)],
)
def test_questions_of_no_habit_keep_their_output(text: str, place: int) -> None:
    assert tool_target(_backup(ON.replace(general_questions=False)), text) == place
    assert tool_target(_backup(), text) == place


def test_the_habit_and_reason_readers() -> None:
    assert asks_in_general("what's the usual way to pin a dep?")
    assert asks_in_general("In general, how long?")
    assert not asks_in_general("which shop sold the most?")
    assert not asks_in_general("what general settings does it show?")
    assert asks_reasons("is there any reason not to bump numpy?")
    assert not asks_reasons("was there a mismatch?")


@pytest.mark.timed
def test_the_readers_are_linear_to_a_million_characters() -> None:
    small, large = "2026-04-06,42.1,07:15 usual " * 3_600, "2026-04-06,42.1,07:15 usual " * 36_000
    assert len(large) >= 1_000_000

    def seconds(text: str) -> float:
        return best_seconds(
            lambda: (value_forms(text, weekdays=True), asks_in_general(text), asks_reasons(text))
        )

    assert seconds(large) <= 30 * max(seconds(small), 0.005)
    session = _backup()
    question = "was there a mismatch " + "x " * 499_980 + "?"
    assert session.classify(question) in set(mh.Intent)


def _summing_reply(config: mh.Config) -> object:
    # Rule output-content-words (default on) reads this short question as well: off here.
    return tool_target(_backup(config.replace(output_content_words=False)), "was there a mismatch?")


def _weekday(config: mh.Config) -> object:
    return tool_target(_rides(config), "how far did i ride on thursday?")


def _general(config: mh.Config) -> object:
    # The hold's words are the tracking reply's echo: summing-reply-words (opt-in) reads them.
    session = _customs(config.replace(summing_reply_words=True))
    return tool_target(session, "In general, how long do customs holds last?")


# For tests/test_rules.py's on/off test: what each rule decides, as its switch sets it.
OBSERVERS = {
    "summing-reply-words": _summing_reply,
    "weekday-forms": _weekday,
    "general-questions": _general,
}
