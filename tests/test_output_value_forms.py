"""Stop 39's questions about a tool output's values with no tool word (SPEC-028 §4.1 tool,
§4.2, §5.2 TOOL_REFERENCE; issue 15 item 1): "how many rows for the 3rd?" after a table by
date, "how high was it at 10pm?" after one by hour, "best saturday?" after one by weekday
(rule output-value-forms); "how many jobs did it retry in the last good run?", "in the failed
one ..." pick the run that ended so (rule status-runs). ``Session.classify``, ``preview``,
``analyse`` and ``Session.user`` agree. Controls: the same questions with no output, or an
output of other fields, and a question about the reply. And the hold-out written before the
rules meets its floors."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import intents_by_every_path, tool_target
from handwritten_scoring import score
from multihorizon.dialogue.status_runs import may_name_status, status_run
from multihorizon.text.value_forms import ordinal, value_forms
from timing import best_seconds

_HANDWRITTEN = Path(__file__).parent / "data" / "handwritten"
TOOL = mh.Intent.TOOL_REFERENCE

# fields_holdout39: written before the rules, scored at their start (intent 0.787, tool target
# 0.783) and at their end (0.803, 0.826).
FLOORS = {"intent_accuracy": 0.80, "tool_target_accuracy": 0.82}


@pytest.mark.parametrize("figure", sorted(FLOORS))
def test_the_hold_out_meets_its_floors(figure: str) -> None:
    figures, _ = score(_HANDWRITTEN / "fields_holdout39.jsonl")
    assert figures[figure] >= FLOORS[figure]


def _hours(config: mh.Config | None = None) -> mh.Session:
    """A server's load by hour (a 24-hour clock), its exchange over."""
    session = mh.Session(config=config or mh.Config())
    session.user("the nas gets slow in the evening, cpu by hour from prometheus")
    session.tool_output(
        "prom_query",
        "hour  | cpu_pct | iowait_pct\n16:00 | 12 | 2\n18:00 | 35 | 9\n20:00 | 88 | 41\n"
        "22:00 | 64 | 30\n00:00 | 15 | 3",
        args={"query": "avg by (hour) (cpu_usage_percent{host='nas'})"},
    )
    session.user("what's going on there")
    session.assistant("The evening peak is disk wait: iowait climbs with the CPU load.")
    session.user("turned off the thumbnail job")
    session.assistant("Good, compare tomorrow's curve.")
    return session


def _days(config: mh.Config | None = None) -> mh.Session:
    """Bookings per date and takings per weekday, their exchange over."""
    session = mh.Session(config=config or mh.Config())
    session.user("checking whether the new checkout lost bookings this week, counts per day")
    session.tool_output(
        "sql_query",
        "show_date  | bookings | paid\n2026-11-01 | 212 | 212\n2026-11-02 | 148 | 148\n"
        "2026-11-03 | 97 | 61\n2026-11-04 | 133 | 133",
        args={"query": "SELECT show_date, COUNT(*) FROM bookings GROUP BY show_date"},
    )
    session.user("anything odd?")
    session.assistant("One day is short of payments; the others match.")
    session.user("we switched provider that week")
    session.assistant("That would explain a gap.")
    return session


def _runs(config: mh.Config | None = None) -> mh.Session:
    """A failed nightly build, then the last one that passed, each answered."""
    session = mh.Session(config=config or mh.Config())
    session.user("our nightly keeps flaking, here's last night's")
    session.tool_output(
        "jenkins_build",
        "Build #412 FAILED (23m 10s)\n[stage] phpunit ... 3 failures\n  FAIL MailerTest::"
        "testRetry\n[stage] retries: 4 jobs retried (mailer, pdf, pdf, queue)",
        args={"job": "nightly", "build": 412},
    )
    session.user("why so flaky")
    session.assistant("Mostly timeouts in the mailer and pdf jobs.")
    session.user("pull the last one that passed so we can compare")
    session.tool_output(
        "jenkins_build",
        "Build #409 SUCCESS (19m 02s)\n[stage] phpunit ... 0 failures\n[stage] retries: 1 "
        "jobs retried (queue)",
        args={"job": "nightly", "build": 409},
    )
    session.user("so the difference is the mailer")
    session.assistant("Yes: the queue retried in both, the mailer only in #412.")
    return session


def test_a_date_asked_by_its_day_is_the_outputs() -> None:
    text = "how many rows for the 3rd?"
    assert tool_target(_days(), text) == 0
    assert intents_by_every_path(_days(), text) == {TOOL}
    off = mh.Config(output_value_forms=False)
    assert tool_target(_days(off), text) is None
    assert TOOL not in intents_by_every_path(_days(off), text)


def test_an_hour_asked_on_a_twelve_hour_clock_is_the_outputs() -> None:
    text = "how high was it at 10pm?"
    assert tool_target(_hours(), text) == 0
    assert intents_by_every_path(_hours(), text) == {TOOL}
    off = mh.Config(output_value_forms=False)
    assert TOOL not in intents_by_every_path(_hours(off), text)


def test_a_weekday_asked_in_full_is_the_outputs() -> None:
    session = mh.Session()
    session.user("till totals by weekday for last week")
    session.tool_output(
        "sql_query", "shop | weekday | takings\nnorth | mon | 812.40\nnorth | sat | 1904.10"
    )
    session.user("thanks")
    session.assistant("Saturday is your strongest day by far.")
    session.user("ok")
    session.assistant("Anything else?")
    assert intents_by_every_path(session, "what did north take on saturday?") == {TOOL}


def test_the_last_good_run_is_the_newest_output_that_passed() -> None:
    text = "how many jobs did it retry in the last good run?"
    assert tool_target(_runs(), text) == 1
    assert intents_by_every_path(_runs(), text) == {TOOL}
    assert tool_target(_runs(), "and in the failed one, which test broke?") == 0
    assert tool_target(_runs(), "how long did the passing build take?") == 1
    off = mh.Config(status_runs=False, summed_output_values=False)  # it names a run too
    assert tool_target(_runs(off), text) is None
    assert TOOL not in intents_by_every_path(_runs(off), text)


def _three_runs(config: mh.Config | None = None) -> mh.Session:
    """Three CI runs (failed, failed, passed), each answered, then a list in a reply."""
    session = mh.Session(config=config or mh.Config())
    outputs = (
        "X test 4m\nFAIL TestLedger\nok lint 58s",
        "X test 3m\nDATA RACE in cache.go\nok lint 61s",
        "ok test 4m\nok lint 57s\nok deploy-staging 1m48s",
    )
    for run, output in enumerate(outputs):
        session.user("ci again" if run else "ci is red")
        session.tool_output("gh_run_view", output, args={"run": 8810 + run})
        session.user("hm")
        session.assistant("Noted.")
    session.assistant("Next: 1. add the race detector 2. pin the go version 3. cache modules")
    return session


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("how long did lint take in the second build?", 1),
        ("the second failed run, what was it", 1),
        ("in the first failing run what broke", 0),
        ("the last green build, did it deploy?", 2),
        ("how long was lint in the last failed build?", 1),
    ],
)
def test_a_selector_counts_the_runs_a_status_or_a_build_noun_names(text: str, place: int) -> None:
    session = _three_runs()
    assert tool_target(session, text) == place
    assert [ref.type for ref in session.preview(text).references] == ["tool"]
    assert intents_by_every_path(session, text) == {TOOL}


def test_one_status_for_every_run_names_none_of_them() -> None:
    session = mh.Session()
    session.user("two failures in a row")
    session.tool_output("ci", "X build 3m\nFAIL TestA", args={"run": 1})
    session.tool_output("ci", "X build 4m\nFAIL TestB", args={"run": 2})
    session.user("hmm")
    session.assistant("Different tests each time.")
    entries = list(session.scratch)
    words = ["which", "test", "broke", "in", "the", "failed", "one?"]
    assert status_run(words, [w.strip("?") for w in words], entries) == -1


@pytest.mark.parametrize(
    ("session", "text"),
    [
        (None, "which hour is best to post on instagram?"),
        ("days", "how many rows should a lookup table have?"),
        ("runs", "you said 4 jobs, is that a lot?"),
    ],
)
def test_the_controls_are_no_tool_references(session: str | None, text: str) -> None:
    built = {"days": _days, "runs": _runs}[session]() if session else mh.Session()
    assert TOOL not in intents_by_every_path(built, text)


def test_the_readers() -> None:
    forms = value_forms(
        "hour | x\n06:00 | 4\n22:00 | 3\n2026-03-05 | 12\nsat Nov. 10:10:02 PM: x "
        "2026-12-21T09:41 19:47:38 ERROR"
    )
    assert {"6am", "10pm", "5th", "march", "saturday", "november", "21st", "december"} <= forms
    assert "7pm" not in forms  # 19:47 is no round hour
    assert "zero" not in forms  # no value is nought
    assert {"zero", "3rd", "may", "14th"} <= value_forms("stadium | 0.00 | May 3, 2024 | 14 Nov")
    # A nought is "zero" as a value (a cell, a field's value), not as a word of prose.
    assert "zero" in value_forms('{"retries": 0, "ok": true}')
    assert "zero" in value_forms("region | sales\nNorth | 0\nSouth | 12")
    assert "zero" not in value_forms("ValueError: window must be an integer 0 or greater")
    # Digits other than ASCII ones ("¹", "²") are no figures: read past, not an error.
    assert value_forms("v1.2 released May ¹ 2025 at ²:00, 2026-0²-03") == {"may"}


def test_a_question_about_a_window_is_no_question_about_a_traceback_saying_0() -> None:
    session = mh.Session()
    session.user("my rolling 7D window on the sales dataframe gives weird results")
    session.assistant("Roll within each store on a date index: daily.rolling('7D').mean().")
    session.tool_output("python", "ValueError: window must be an integer 0 or greater")
    session.assistant("A time-based window needs a DatetimeIndex; reset the store level first.")
    query = "and if a store is closed on sundays, does the 7D window treat that as zero?"
    assert session.classify(query) is not mh.Intent.TOOL_REFERENCE
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 22, 31)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "22nd", "31st"
    ]  # fmt: skip
    assert may_name_status("how long did the last good run take")
    assert may_name_status("and in the failed one?")
    assert not may_name_status("how long did the last run take")


@pytest.mark.timed
def test_the_readers_are_linear() -> None:
    # 100k against 10k characters: linear is 10x (tests/test_linear_time.py's bound), best
    # of three runs on a shared machine.
    small, large = "2026-11-03 22:00 sat | " * 400, "2026-11-03 22:00 sat | " * 4_000

    def seconds(text: str) -> float:
        return best_seconds(lambda: (value_forms(text), may_name_status(text + " the good run")))

    assert seconds(large) <= 30 * max(seconds(small), 0.005)


def test_the_last_of_a_status_phrase_picks_no_list_item() -> None:
    session = _runs()
    session.assistant("Options: 1. raise the mailer timeout 2. split the queue")
    refs = session.preview("the last good run, how long did it take").references
    assert [ref.type for ref in refs] == ["tool"]
    # Without a status word "the last" is still the list's last item.
    refs = session.preview("what about the last one?").references
    assert [(ref.type, ref.item) for ref in refs] == [("ordinal", "split the queue")]


def _value_form(config: mh.Config) -> object:
    return _days(config).classify("how many rows for the 3rd?")


def _status_run(config: mh.Config) -> object:
    # Rule summed-output-values names the output too: observed without it.
    session = _runs(config.replace(summed_output_values=False))
    return tool_target(session, "how many jobs did it retry in the last good run?")


# For tests/test_rules.py's on/off test: what each rule decides, as its switch sets it.
OBSERVERS = {"output-value-forms": _value_form, "status-runs": _status_run}
