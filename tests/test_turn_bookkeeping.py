"""A turn's bookkeeping kept between turns (issue 14): what a turn reuses must follow the
session's changes, read the same as when it was made afresh."""

from __future__ import annotations

import multihorizon as mh
from multihorizon.text.enumerations import enumeration_items, parse_lists


def test_the_dialogue_context_is_reused_until_a_restore_replaces_its_parts() -> None:
    session = mh.Session()
    session.user("How do I configure etcd?")
    session.assistant("Edit etcd.conf and restart the member.")
    other = mh.Session()
    made = other._context()
    assert other._context() is made  # no part changed: the same context
    other.restore(session.state())  # replaces the log, threads, speakers and scratch
    remade = other._context()
    assert remade is not made
    assert remade.log is other._log
    assert remade.threads is other._threads
    assert len(remade.log) == 2


def test_postings_follow_every_new_turn_of_a_term() -> None:
    session = mh.Session()
    session.user("How do I back up postgres?")
    session.assistant("Use pg_dump for postgres.")
    log = session._log
    before, _ = log.postings(("postgre",))
    assert before.tolist() == [0, 1]
    assert log.postings(("postgre",))[0].tolist() == [0, 1]  # read again: the same list
    session.user("Does postgres need a restart after that?")
    after, offsets = log.postings(("postgre", "restart"))
    assert after.tolist()[:3] == [0, 1, 2]
    assert offsets.tolist()[0] == 0


def test_inline_marks_need_two_ends_before_a_word() -> None:
    # The cheap scan for mark ends must never skip a paragraph that holds two marks.
    assert enumeration_items("Options: 1. Redis, 2. Memcached, 3. Postgres.") == (
        "Redis",
        "Memcached",
        "Postgres",
    )
    assert enumeration_items("Pick one: a) red b) blue") == ("red", "blue")
    assert enumeration_items("Steps:\t1.\tstop it 2.\tstart it") == ("stop it", "start it")
    assert parse_lists("We chose 1. Nothing else followed.") == ((), ())
