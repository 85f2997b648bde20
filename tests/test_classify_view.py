"""``Session.classify``'s lock-free path (issue 14): the state it reads is published after
every change (a turn, a reply, a restore, a close), so it answers as the locked,
stage-by-stage ``analyse`` does at every point of a session; and the text it takes without
``inputs.check_text`` is only text that check would return as it is."""

from __future__ import annotations

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.inputs import MAX_TURN_CHARS

# Each reads one part of the published state: the first turn ("Thanks": EXPLORE on the first
# turn, CONTINUE after), the active thread's vectors (a plain statement or question: the
# similarity decides), a speaker named (the references stage reads every turn then).
PROBES = [
    "Thanks, that makes sense.",
    "Thanks, that makes sense. Should we pin the release on the staging cluster first?",
    "We run three etcd members behind a load balancer in the lab.",
    "How do I rotate the etcd client certificates without downtime?",
    "Which Italian restaurants are open tonight near the station?",
    "ok",
]


def _agrees(session: mh.Session) -> None:
    for text in PROBES:
        vector = session.embedder.embed([text])[0]
        staged = session.analyse(text, embedding=vector)[0]
        assert session.classify(text) is staged, text
        assert session.classify(text, embedding=vector) is staged, text


def test_every_change_is_seen(backend: str) -> None:
    session = mh.Session()
    _agrees(session)  # the first turn
    session.user("How do I set up etcd TLS for the three members of our cluster?")
    _agrees(session)
    session.assistant("Create a CA, issue server certificates, restart each member.")
    _agrees(session)
    session.user("Which Italian restaurants are open tonight near the station?")
    _agrees(session)
    session.tool_output("ci_build", "build failed: 3 tests failed\nlogs: timeout in db")
    _agrees(session)
    with session.transaction():
        plan = session.plan("Roma or Sakura, which is closer to the station?")
        session.commit(plan)
    _agrees(session)
    session.user("alice: what do you think about Roma?", speaker="bob")
    _agrees(session)
    # A restore replaces the parts the published state came from.
    copy = mh.Session()
    copy.restore(session.state())
    _agrees(copy)
    fresh = mh.Session()
    fresh.restore(mh.Session().state())
    _agrees(fresh)


def test_a_closed_session_refuses(backend: str) -> None:
    session = mh.Session()
    session.user("How do I set up etcd TLS for the three members of our cluster?")
    session.close()
    with pytest.raises(mh.SessionClosedError):
        session.classify("Thanks, that makes sense.")


@pytest.mark.parametrize("text", [None, 3, b"ok", "", "   ", "\t\n"])
def test_bad_text_is_refused_as_before(backend: str, text: object) -> None:
    session = mh.Session()
    session.user("How do I set up etcd TLS for the three members of our cluster?")
    with pytest.raises(mh.InputError):
        session.classify(text)  # type: ignore[arg-type]


def test_text_check_text_would_change_takes_the_whole_way(backend: str) -> None:
    session = mh.Session()
    session.user("Was ist ein Résumé? How do I write one for a café job?")
    composed, decomposed = "Thanks, my résumé is done.", "Thanks, my re\u0301sume\u0301 is done."
    assert session.classify(decomposed) is session.classify(composed)
    assert session.classify("Thanks \ud800 ok") is session.analyse("Thanks \ufffd ok")[0]
    with pytest.raises(mh.InputError):
        session.classify("a" * (MAX_TURN_CHARS + 1))


def test_settle_text_takes_only_what_check_text_returns_as_it_is(backend: str) -> None:
    session = mh.Session()
    session.user("How do I set up etcd TLS for the three members of our cluster?")
    classifier = mh.Session()._classifier  # the settler under test
    recent = np.asarray(session.turns[0].embedding, np.float32)[None]
    typical = "Thanks, that makes sense. Should we pin the release before the rollout?"
    code = classifier.settle_text(typical, None, recent, False, False, True, True)
    assert code == classifier.settle(typical, None, recent, False, False, True)
    assert isinstance(code, int)
    for text in ("Thanks, my résumé is done.", "   ", "", 7, None, "a" * (MAX_TURN_CHARS + 1)):
        assert classifier.settle_text(text, None, recent, False, False, True, True) is None
    # Not final (a speaker was named): settle's tuple, for the caller to go on from.
    found = classifier.settle_text(typical, None, recent, False, False, False, True)
    assert not isinstance(found, int)
    assert found == classifier.settle(typical, None, recent, False, False, False)


def test_a_turn_that_goes_on_keeps_its_scan_only_while_the_state_stands(backend: str) -> None:
    # "We pinned ...": a gate word ("next"), so the references stage runs; a reply logged
    # between two calls changes what the second one reads.
    session = mh.Session()
    session.user("How do I set up etcd TLS for the three members of our cluster?")
    text = "We will pin the release and wait for the next maintenance window on Friday."
    assert session.classify(text) is session.analyse(text)[0]
    session.assistant("Pinning works; the next window is Friday at ten.")
    assert session.classify(text) is session.analyse(text)[0]
    session.tool_output("ci_build", "build failed: 3 tests failed")
    assert session.classify(text) is session.analyse(text)[0]


def test_the_scratch_buffer_s_changes_are_published(backend: str) -> None:
    # Whether a question may be about the output just produced (rule fresh-output-questions)
    # is published with the rest: a tool output, and its discarding straight through
    # ``session.scratch``, each change what the lock-free path reads.
    session = mh.Session()
    session.user("Can you check which AWS account the CLI is logged in to?")
    question = "Which role is it using?"
    before = session.classify(question)
    assert before is session.analyse(question)[0]
    entry = session.tool_output("sts_get_caller_identity", '{"Arn": "arn:aws:iam::1:role/ci"}')
    assert session.classify(question) is session.analyse(question)[0]
    published = session._view
    assert published is not None
    assert not published[2]
    session.scratch.discard(entry.scratch_id)
    assert session._view is not published
    assert session.classify(question) is session.analyse(question)[0] is before
    session.tool_output("sts_get_caller_identity", '{"Arn": "arn:aws:iam::1:role/ci"}')
    session.assistant("It is the ci role.")  # said since: the output is no longer fresh
    assert session._view is not None
    # Still not final for a question: one may ask a value of the output the reply summed up
    # (rule summed-output-values); with the rule off it is.
    assert not session._view[2]
    off = mh.Session(config=mh.Config(summed_output_values=False))
    off.user("Can you check which AWS account the CLI is logged in to?")
    off.tool_output("sts_get_caller_identity", '{"Arn": "arn:aws:iam::1:role/ci"}')
    off.assistant("It is the ci role.")
    assert off._view is not None
    assert off._view[2]
    assert session.classify(question) is session.analyse(question)[0]


@pytest.mark.parametrize("switch", ["ask_shapes", "question_ends", "question_forms"])
def test_a_question_rule_off_reads_the_same_question_on_both_paths(switch: str) -> None:
    # analyse() kept its lexicon's question cue for rules that read the default lexicon's:
    # with a question rule off, classify() (which keeps none) and analyse() disagreed.
    config = mh.Config().replace(**{switch: False})
    session = mh.Session(config=config)
    session.user("Planning drinks for a party of twenty, what should I get?")
    session.assistant("Beer, wine and one soft option cover most guests.")
    for text in ("beer or wine worse", "knee pads what brand", "and the floor", "did the run"):
        assert session.classify(text) == session.analyse(text)[0], (switch, text)
