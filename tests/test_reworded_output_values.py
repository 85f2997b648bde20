"""Stop 42's questions for a value of a tool output by a word that is not the output's key
(SPEC-028 §4.1 tool, §5.2 TOOL_REFERENCE; rule reworded-output-values; issue 15 item 1):
"how quick was it?" after rsync's "bytes/sec", "under which account?" after a cron log, "how
long is it cached?" after dig, "what brings it in?" after ``npm ls``, "which is the newest?"
after two invoices, "is it set to start on boot?" after ``systemctl status``. ``classify``,
``preview``, ``analyse`` and ``Session.user`` agree (the native settle hands a question on
once an output has a reply). Controls: the world or the advice, evaluative questions, a
value the reply said, a new thread, a newer output holding the value. And the hold-out
written before the rule meets its floors."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from exchanges import intents_by_every_path, tool_target
from handwritten_scoring import score
from multihorizon.text.value_synonyms import (
    SHAPE_ACCOUNT,
    SHAPE_DNS,
    SHAPE_OWNER,
    SHAPE_RATE,
    SHAPE_SIZE,
    SHAPE_TREE,
    SHAPE_VERSION,
    shape_marks,
)
from timing import best_seconds

_HANDWRITTEN = Path(__file__).parent / "data" / "handwritten"
TOOL = mh.Intent.TOOL_REFERENCE
OFF = mh.Config(reworded_output_values=False)

# values_holdout42: written before the rule, scored at the start (intent 0.587, tool target
# 0.286) and at the helper's end (0.810, 0.686); 0.794, 0.657 since a question pointing at
# nothing that brings a subject of its own ("how cold does Lisbon get in January?") is no
# longer read against the output (the review found 4 such general questions taken).
FLOORS = {"intent_accuracy": 0.79, "tool_target_accuracy": 0.65}


@pytest.mark.parametrize("figure", sorted(FLOORS))
def test_the_hold_out_meets_its_floors(figure: str) -> None:
    figures, _ = score(_HANDWRITTEN / "values_holdout42.jsonl")
    assert figures[figure] >= FLOORS[figure]


def _session(user: str, tool: str, output: str, reply: str, config: mh.Config | None) -> mh.Session:
    session = mh.Session(config=config or mh.Config())
    session.user(user)
    session.tool_output(tool, output, args={"cmd": tool})
    session.assistant(reply)
    return session


def _rsync(config: mh.Config | None = None) -> mh.Session:
    return _session(
        "copying the choir recordings to the backup disk",
        "shell",
        "Number of files: 640 (reg: 601, dir: 39)\nNumber of deleted files: 0\n"
        "Total file size: 31.40G bytes\n\nsent 2.02G bytes  received 3.11K bytes  "
        "17.40M bytes/sec\ntotal size is 31.40G  speedup is 15.51",
        "All done, it finished cleanly and nothing was deleted.",
        config,
    )


def _cron(config: mh.Config | None = None) -> mh.Session:
    return _session(
        "did the nightly export of the allotment shop run",
        "shell",
        "Dec 07 01:30:01 shop CRON[4410]: (exporter) CMD (/opt/shop/export.sh)\n"
        "Dec 07 02:00:01 shop CRON[4455]: (root) CMD (/usr/local/bin/rotate.sh)",
        "Yes, cron started the export at 01:30.",
        config,
    )


def _dig(config: mh.Config | None = None) -> mh.Session:
    return _session(
        "moved the bike shop site, checking dns",
        "shell",
        ";; ANSWER SECTION:\nwww.radl.at.   7200   IN   CNAME   radl.netlify.app.\n"
        "radl.netlify.app.   20   IN   A   75.2.60.5",
        "It resolves to the new host now.",
        config,
    )


def _npm(config: mh.Config | None = None) -> mh.Session:
    return _session(
        "audit warns about minimist in the tide-table app",
        "shell",
        "tides@1.4.0 /srv/tides\n├─┬ mkdirp@0.5.5\n│ └── minimist@1.2.5\n"
        "└─┬ optimist@0.6.1\n  └── minimist@0.0.10",
        "Two copies: a current one and a very old one.",
        config,
    )


def _invoices(config: mh.Config | None = None) -> mh.Session:
    return _session(
        "open invoices from the hay supplier please",
        "invoices",
        '[{"invoice": "H-77", "date": "2026-08-03", "amount_eur": 610.0}, '
        '{"invoice": "H-91", "date": "2026-11-19", "amount_eur": 845.5}]',
        "Two are open.",
        config,
    )


def _systemd(config: mh.Config | None = None) -> mh.Session:
    return _session(
        "the planetarium booking mailer, status",
        "shell",
        "● booker.service - Booking mailer\n   Loaded: loaded (/etc/systemd/system/"
        "booker.service; enabled; vendor preset: enabled)\n   Active: active (running)\n"
        "   Main PID: 2231 (python3)\n   Memory: 40.1M",
        "It is running fine.",
        config,
    )


@pytest.mark.parametrize(
    ("build", "text"),
    [
        (_rsync, "how quick was it"),
        (_rsync, "how many folders does it have"),
        (_cron, "under which account does the rotation run?"),
        (_dig, "how long is it cached"),
        (_dig, "whats the expiry on the alias"),
        (_npm, "what brings in the old one"),
        (_invoices, "which of them is the newest?"),
        (_systemd, "is it set to start on boot?"),
        (_systemd, "could you tell me its process id, please?"),
        (_systemd, "how much ram is it using"),
    ],
)
def test_a_value_asked_by_another_word_is_the_outputs(build: object, text: str) -> None:
    assert callable(build)
    assert intents_by_every_path(build(), text) == {TOOL}
    assert tool_target(build(), text) == 0
    assert TOOL not in intents_by_every_path(build(OFF), text)


@pytest.mark.parametrize(
    ("build", "text"),
    [
        (_rsync, "how quick is rsync compared to scp in general?"),  # the world
        (_cron, "which account should own the export job?"),  # advice
        (_dig, "how long should the cache time be before a move?"),  # advice
        (_rsync, "how fast is too fast for a usb disk?"),  # evaluative
        (_systemd, "is it safe to restart it during opening hours?"),  # yes/no, no state word
        (_npm, "how do i update the old one?"),  # how-to
        (_rsync, "what is the quickest way to verify the copy?"),  # a method
        (_rsync, "how big a disk do i need for ten years of recordings?"),  # a requirement
        (_npm, "what version of node do we need?"),  # a requirement
        (_systemd, "will a reboot fix the relay?"),  # yes/no about something else
        (_systemd, "is there a way to make it start on boot?"),  # how-to
        (_dig, "alias = the other name of the site?"),  # a meaning check
        (_rsync, "what speed does wifi 6 give?"),  # a subject of its own
        (_rsync, "how fast is a gigabit link in practice?"),  # a subject of its own
    ],
)
def test_the_controls_are_no_tool_references(build: object, text: str) -> None:
    assert callable(build)
    assert TOOL not in intents_by_every_path(build(), text)


def test_a_value_the_reply_said_or_a_new_thread_names_no_output() -> None:
    session = _rsync()
    session.user("how quick was it")
    session.assistant("17.40M bytes a second.")
    assert TOOL not in intents_by_every_path(session, "and how fast again")
    session = _rsync()
    session.user("other thing: we are planning the choir's spring tour to Ghent")
    session.assistant("Lovely; book the coach early, spring weekends fill up.")
    assert TOOL not in intents_by_every_path(session, "how quick is the coach from Antwerp?")


def test_the_newer_output_holding_the_value_is_the_target_else_the_older() -> None:
    session = _rsync()
    session.user("now the second disk")
    session.tool_output(
        "shell",
        "Number of files: 12 (reg: 10, dir: 2)\nsent 3.1M bytes  received 120 bytes  "
        "1.02M bytes/sec",
        args={"cmd": "rsync"},
    )
    session.assistant("That one finished too.")
    assert tool_target(session, "how quick was it") == 1
    session.user("and the weather for the tour")
    session.tool_output(
        "weather", '{"city": "Ghent", "temp_min_c": 2, "wind_gust_kmh": 41}', args={"c": 1}
    )
    session.assistant("Cold and blustery.")
    assert intents_by_every_path(session, "how gusty will it be") == {TOOL}
    assert tool_target(session, "how gusty will it be") == 2


def test_shape_marks_read_values_of_their_form() -> None:
    def marks(text: str) -> dict[str, list[str]]:
        return shape_marks(text.casefold().split())

    assert marks("sent 1.2g bytes  received 3.4k bytes  8.1m bytes/sec")[SHAPE_RATE] == ["8.1m"]
    assert marks("www.x.org.  300  IN  CNAME  lb.x.net.")[SHAPE_DNS] == ["300"]
    assert SHAPE_TREE in marks("└─┬ webpack@5.88.2")
    assert marks("└─┬ webpack@5.88.2")[SHAPE_VERSION] == ["5.88.2"]
    assert marks("Dec 07 shop CRON[12]: (backup) CMD (x.sh)")[SHAPE_ACCOUNT] == ["backup"]
    assert marks("-rw-r----- 1 shopbak shopbak 2.3G Dec  7 x.tar.gz")[SHAPE_OWNER] == ["shopbak"]
    assert marks("x.tar.gz 2.3G")[SHAPE_SIZE] == ["2.3g"]
    # Prose: no mark ("in 2 cases", "about 5 people (roughly)").
    assert marks("found in 2 cases about 5 people (roughly)") == {}


@pytest.mark.timed
def test_the_scan_is_linear() -> None:
    session = _rsync()

    def ask(n: int) -> None:
        session.classify("how quick was " + "it " * n + "?")

    small = best_seconds(lambda: ask(20_000))
    large = best_seconds(lambda: ask(80_000))
    assert large < small * 8 + 0.05
    big = "(a) " * 200_000
    assert best_seconds(lambda: shape_marks(big.split())) < 5.0


def _reworded_value(config: mh.Config) -> object:
    return _dig(config).classify("how long is it cached")


# For tests/test_rules.py's on/off test: what the rule decides, as its switch sets it.
OBSERVERS = {"reworded-output-values": _reworded_value}
