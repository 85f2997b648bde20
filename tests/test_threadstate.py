"""ThreadState and the Active Thread Summary (SPEC-028 §6): rules, format, edge inputs, and
floors measured on the real conversations in ../shared/data."""

from __future__ import annotations

import itertools
import json
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shared_data
from multihorizon.dialogue.threadstate import ThreadState, split_sentences, title_from
from multihorizon.errors import InputError

ETCD_FIRST = "How do I configure etcd? We run etcd 3.5 on three nodes."
ETCD_ANSWER = (
    "To configure etcd, set --listen-client-urls and --advertise-client-urls on every member. "
    "The default client port is 2379. You might also want TLS later."
)


def etcd_thread() -> ThreadState:
    state = ThreadState.new("etcd-config", title_from(ETCD_FIRST), 1)
    return state.update("user", ETCD_FIRST, 1)


# ---------------------------------------------------------------------------------------------
# SPEC-028 §3.3 / §6.1: the etcd example
# ---------------------------------------------------------------------------------------------


def test_etcd_first_turn_establishes_setup_and_opens_question() -> None:
    state = etcd_thread()
    assert state.title == "etcd configuration"
    assert state.established == ("user runs etcd 3.5 on three nodes",)
    assert state.open_questions == ("How do I configure etcd?",)
    assert state.user_constraints == ()
    assert state.last_active_turn == 1


def test_assistant_answer_closes_the_question_and_keeps_its_key_sentence() -> None:
    state = etcd_thread().update("assistant", ETCD_ANSWER, 2)
    assert state.open_questions == ()
    # The key sentence of the answer and one more decisive one; the hedge is left out.
    assert state.established == (
        "user runs etcd 3.5 on three nodes",
        "To configure etcd, set --listen-client-urls and --advertise-client-urls on every member",
        "The default client port is 2379",
    )
    assert state.last_active_turn == 2


def test_unrelated_answer_leaves_the_question_open_but_replied() -> None:
    state = etcd_thread().update("assistant", "Backups are best taken with pg_basebackup.", 2)
    assert state.open_questions == ("How do I configure etcd?",)
    assert state.replied == (True,)


def test_clarifying_question_back_does_not_close() -> None:
    state = etcd_thread().update("assistant", "Which version of etcd do you configure?", 2)
    assert state.open_questions == ("How do I configure etcd?",)
    assert state.replied == (True,)


def test_resumed_thread_adds_open_tls_question() -> None:
    state = etcd_thread().update("assistant", ETCD_ANSWER, 2)
    state = state.update("user", "Back to etcd - what about TLS?", 5)
    assert state.open_questions == ("What about TLS?",)
    assert state.last_active_turn == 5
    assert state.summary() == (
        "Active thread: etcd configuration.\n"
        "Established: user runs etcd 3.5 on three nodes; To configure etcd, set "
        "--listen-client-urls and --advertise-client-urls on every member; The default client "
        "port is 2379.\n"
        "Open: What about TLS?"
    )


# ---------------------------------------------------------------------------------------------
# Extraction rules
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("it must run without root", "it must run without root"),
        ("We can't use Docker.", "user can't use Docker"),
        ("Only open-source tools.", "Only open-source tools"),
        ("We need to stay under $200 a month.", "user needs to stay under $200 a month"),
        ("No more than 3 nodes, please.", "No more than 3 nodes"),
        ("The deadline is Friday.", "The deadline is Friday"),
        ("I don't want to restart the cluster.", "user doesn't want to restart the cluster"),
        ("I'd rather use Debian.", "user would rather use Debian"),
    ],
)
def test_constraints(text: str, expected: str) -> None:
    state = ThreadState.new("t", "t", 0).update("user", text, 1)
    assert state.user_constraints == (expected,)
    assert state.established == ()
    assert state.open_questions == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We run etcd 3.5 on three nodes", "user runs etcd 3.5 on three nodes"),
        ("I'm on Ubuntu 22.04.", "user is on Ubuntu 22.04"),
        ("our cluster has 3 nodes", "user's cluster has 3 nodes"),
        ("I use Postgres 15.", "user uses Postgres 15"),
        ("Currently we run Kafka on bare metal.", "Currently we run Kafka on bare metal"),
        ("The leader changes every few minutes under load.", None),
        ("It fails with error 503 after the upgrade.", "It fails with error 503 after the upgrade"),
    ],
)
def test_user_facts(text: str, expected: str | None) -> None:
    state = ThreadState.new("t", "t", 0).update("user", text, 1)
    assert state.established == (() if expected is None else (expected,))


@pytest.mark.parametrize(
    "text",
    [
        "How do I rotate the certificates?",
        "what about TLS",
        "Is there a way to compact the keyspace",
        "Which version should I pick",
        "How much memory do I need",
        "Can you explain the quorum rule",
        "I'm not sure how the lease TTL works.",
        "Find me a salon in SFO.",
    ],
)
def test_questions_and_requests_open(text: str) -> None:
    state = ThreadState.new("t", "t", 0).update("user", text, 1)
    assert len(state.open_questions) == 1


@pytest.mark.parametrize(
    "text",
    ["When we upgraded, it broke.", "Really?", "I see.", "That sounds good.", "Thanks a lot!"],
)
def test_not_questions(text: str) -> None:
    assert ThreadState.new("t", "t", 0).update("user", text, 1).open_questions == ()


def test_thanks_closes_replied_questions_only() -> None:
    state = ThreadState.new("t", "t", 0).update("user", "How do I tune the heartbeat?", 1)
    state = state.update("assistant", "Raise it to 250 ms on slow disks.", 2)  # no overlap
    state = state.update("user", "Also, where does the WAL live?", 3)
    assert state.open_questions == ("How do I tune the heartbeat?", "Where does the WAL live?")
    assert state.replied == (True, False)
    closed = state.update("user", "Thanks, that works!", 4)
    assert closed.open_questions == ("Where does the WAL live?",)


def test_negated_thanks_does_not_close() -> None:
    state = ThreadState.new("t", "t", 0).update("user", "How do I tune the heartbeat?", 1)
    state = state.update("assistant", "Raise it to 250 ms on slow disks.", 2)
    state = state.update("user", "Thanks, but it still fails.", 3)
    assert state.open_questions == ("How do I tune the heartbeat?",)


def test_acknowledgements_and_sign_offs_are_not_stored() -> None:
    state = ThreadState.new("t", "t", 0)
    for turn, text in enumerate(
        ["Thanks so much and that is all I need.", "That one sounds good.", "Perfect, bye!"]
    ):
        state = state.update("user", text, turn)
    assert (state.established, state.open_questions, state.user_constraints) == ((), (), ())


def test_assistant_facts_are_conservative() -> None:
    answer = (
        "Sure! I can help with that. Use pg_basebackup nightly. The default port is 5432. "
        "Set wal_level to replica. You could also try Barman. Maybe use pgBackRest instead."
    )
    state = ThreadState.new("t", "t", 0).update("assistant", answer, 1)
    # At most two per turn, the most decisive ones, in written order; no hedges, no chat.
    assert state.established == ("Use pg_basebackup nightly", "The default port is 5432")
    assert state.open_questions == ()
    assert state.user_constraints == ()


def test_assistant_chat_establishes_nothing() -> None:
    chat = "Happy to help! What city are you in? I found 10 events for you. It is very popular."
    assert ThreadState.new("t", "t", 0).update("assistant", chat, 1).established == ()


def test_dedupe_moves_repeat_to_newest_place() -> None:
    state = ThreadState.new("t", "t", 0)
    state = state.update("user", "We run etcd 3.5. I use Postgres 15.", 1)
    state = state.update("user", "we RUN etcd 3.5!!", 2)
    assert state.established == ("user uses Postgres 15", "user runs etcd 3.5")


def test_repeated_question_is_asked_again_not_duplicated() -> None:
    state = ThreadState.new("t", "t", 0).update("user", "How do I tune the heartbeat?", 1)
    state = state.update("assistant", "Raise it to 250 ms on slow disks.", 2)
    state = state.update("user", "how do i tune the heartbeat", 3)
    assert state.open_questions == ("How do i tune the heartbeat",)
    assert state.replied == (False,)


def test_limit_drops_oldest() -> None:
    state = ThreadState.new("t", "t", 0)
    for turn in range(12):
        state = state.update("user", f"We run service{turn} on {turn + 2} nodes.", turn, limit=5)
    assert len(state.established) == 5
    assert state.established[0] == "user runs service7 on 9 nodes"
    assert state.established[-1] == "user runs service11 on 13 nodes"
    smaller = state.update("tool", "{}", 13, limit=2)
    assert smaller.established == state.established[-2:]


def test_entries_are_trimmed_at_a_word_boundary() -> None:
    long_fact = "We run " + " ".join(f"component{index}" for index in range(40)) + "."
    (entry,) = ThreadState.new("t", "t", 0).update("user", long_fact, 1).established
    assert len(entry) <= 120
    assert entry.endswith("\u2026")
    assert entry[:-1].split()[-1].startswith("component")  # a whole word before the ellipsis


def test_tool_turn_only_marks_activity() -> None:
    state = etcd_thread()
    after = state.update("tool", '{"status": "must fail? we run 3 nodes"}', 7)
    assert after.last_active_turn == 7
    assert (after.established, after.open_questions) == (state.established, state.open_questions)


# ---------------------------------------------------------------------------------------------
# Summary (SPEC-028 §6.1)
# ---------------------------------------------------------------------------------------------


def test_summary_shape_and_line_order() -> None:
    state = ThreadState(
        thread_id="etcd-config",
        title="etcd configuration",
        established=("user runs v3.5", "3-node cluster"),
        open_questions=("TLS setup approach not yet decided",),
        user_constraints=("it must run without root",),
        last_active_turn=5,
    )
    assert state.summary() == (
        "Active thread: etcd configuration.\n"
        "Established: user runs v3.5; 3-node cluster.\n"
        "Open: TLS setup approach not yet decided.\n"
        "Constraints: it must run without root."
    )


def test_summary_omits_empty_lines_and_falls_back_to_thread_id() -> None:
    assert ThreadState.new("etcd-config", "", 0).summary() == "Active thread: etcd-config."
    state = ThreadState(thread_id="x", title="backup", open_questions=("Which tool?",))
    assert state.summary() == "Active thread: backup.\nOpen: Which tool?"


def test_summary_max_chars_drops_oldest_entries_first() -> None:
    state = ThreadState(
        thread_id="t",
        title="etcd",
        established=("old fact one", "old fact two", "new fact"),
        open_questions=("Which port?",),
    )
    full = state.summary()
    assert state.summary(max_chars=len(full)) == full
    trimmed = state.summary(max_chars=len(full) - 1)
    assert trimmed == (
        "Active thread: etcd.\nEstablished: old fact two; new fact.\nOpen: Which port?"
    )
    # Lists shrink evenly: the longest list loses its oldest entry first.
    assert state.summary(max_chars=len(trimmed) - 1) == (
        "Active thread: etcd.\nEstablished: new fact.\nOpen: Which port?"
    )
    for budget in range(len(full)):
        assert len(state.summary(max_chars=budget)) <= budget
    assert state.summary(max_chars=0) == ""
    with pytest.raises(InputError):
        state.summary(max_chars=-1)


def test_summary_text_is_kept_per_state_and_handed_on_only_while_the_lists_stay() -> None:
    state = etcd_thread()
    text = state.summary()
    assert state.summary() is text
    # A turn that leaves the lists as they were keeps the text; one that changes them does not.
    quiet = state.update("tool", "exit 0", 5)
    assert quiet.summary() is text
    changed = quiet.update("user", "It must run without root.", 6)
    assert changed.summary() != text
    assert changed.summary() == changed._summary(None)
    # Two states with equal lists, in two sessions, render their own texts: nothing is shared.
    twin = ThreadState.restore(state.state())
    assert twin == state
    assert twin.summary() == text
    assert twin.summary() is not text
    # The rendered text is no field of the stored state.
    assert "_rendered" not in state.state()
    with pytest.raises(InputError, match="unknown fields"):
        ThreadState.restore({**state.state(), "_rendered": "forged"})
    with pytest.raises(InputError, match="unknown fields"):
        ThreadState.restore_many([state.state(), {**state.state(), "_rendered": "forged"}])


# ---------------------------------------------------------------------------------------------
# Immutability, validation, persistence
# ---------------------------------------------------------------------------------------------


def test_update_returns_new_object_and_leaves_old_unchanged() -> None:
    state = etcd_thread()
    before = state.to_dict()
    after = state.update("user", "It must run without root.", 2)
    assert after is not state
    assert state.to_dict() == before
    assert after.user_constraints == ("It must run without root",)
    with pytest.raises(AttributeError):
        state.title = "other"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (("bot", "hi", 1), {}),
        (("user", b"hi", 1), {}),
        (("user", "hi", -1), {}),
        (("user", "hi", True), {}),
        (("user", "hi", 1.0), {}),
        (("user", "hi", 1), {"limit": 0}),
    ],
)
def test_bad_arguments_raise_and_change_nothing(args: tuple[Any, ...], kwargs: Any) -> None:
    state = etcd_thread()
    before = state.to_dict()
    with pytest.raises(InputError):
        state.update(*args, **kwargs)
    assert state.to_dict() == before


def test_constructor_validation() -> None:
    with pytest.raises(InputError):
        ThreadState(thread_id="")
    with pytest.raises(InputError):
        ThreadState(thread_id="t", established="not a tuple")  # type: ignore[arg-type]
    with pytest.raises(InputError):
        ThreadState(thread_id="t", open_questions=("a", "b"), replied=(True,))
    lists = ThreadState(thread_id="t", established=["a"])  # type: ignore[arg-type]
    assert lists.established == ("a",)


def test_dict_round_trip() -> None:
    state = etcd_thread().update("assistant", "Unrelated reply.", 2)
    data = json.loads(json.dumps(state.to_dict()))
    assert ThreadState.from_dict(data) == state
    with pytest.raises(InputError):
        ThreadState.from_dict({"title": "no id"})
    with pytest.raises(InputError):
        ThreadState.from_dict({"thread_id": "t", "established": [1, 2]})


def test_repr_is_readable() -> None:
    text = repr(etcd_thread())
    assert text.startswith("ThreadState('etcd-config', title='etcd configuration', turn=1,")
    assert "'How do I configure etcd?'" in text


# ---------------------------------------------------------------------------------------------
# Sentence splitting and titles
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We run v3.5. It works.", ["We run v3.5.", "It works."]),
        (
            "Use a tool, e.g. Barman, for that. Done.",
            ["Use a tool, e.g. Barman, for that.", "Done."],
        ),
        (
            "See https://etcd.io/docs/v3.5/op-guide/ for more. Then restart.",
            ["See https://etcd.io/docs/v3.5/op-guide/ for more.", "Then restart."],
        ),
        ("Edit etcd.conf.yml and pg_hba.conf now", ["Edit etcd.conf.yml and pg_hba.conf now"]),
        (
            "Steps:\n- install it\n- run it\n1. check it",
            ["Steps:", "install it", "run it", "check it"],
        ),
        (
            "first line that wraps\nonto the next line.",
            ["first line that wraps onto the next line."],
        ),
        ("Why?! Because.   Ok", ["Why?!", "Because.", "Ok"]),
        ("Code:\n```\nx = 1. y = 2.\n```\nDone.", ["Code:", "Done."]),
        ("...", []),
        ("", []),
    ],
)
def test_split_sentences(text: str, expected: list[str]) -> None:
    assert split_sentences(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How do I configure etcd?", "etcd configuration"),
        ("What's a good backup strategy for Postgres?", "backup strategy Postgres"),
        ("Can you help me deploy Kafka on k8s?", "Kafka k8s deployment"),
        ("Thanks! Please find me a salon in Lafayette.", "salon Lafayette search"),
        ("I'm on Ubuntu 22.04", "Ubuntu"),
        ("", "general"),
        ("?!...", "general"),
    ],
)
def test_title_from(text: str, expected: str) -> None:
    assert title_from(text) == expected


# ---------------------------------------------------------------------------------------------
# Edge inputs and speed
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   \n\t ",
        "?!.,;:-",
        "\ud800",
        "We run etcd \ud800 3.5 🚀 on três nós.",
        "🚀🚀🚀?",
        "x" * 5000,
    ],
)
@pytest.mark.parametrize("role", ["user", "assistant"])
def test_edge_inputs_do_not_crash(role: str, text: str) -> None:
    state = etcd_thread().update(role, text, 9)
    assert state.last_active_turn == 9
    summary = state.summary()
    summary.encode("utf-8")  # no lone surrogate survives into the summary
    assert title_from(text).encode("utf-8")


def test_lone_surrogate_is_replaced_in_entries() -> None:
    state = ThreadState.new("t", "t", 0).update("user", "We run etcd \ud800 3.5.", 1)
    assert state.established == ("user runs etcd \ufffd 3.5",)


def test_non_ascii_sentences() -> None:
    state = ThreadState.new("t", "t", 0).update(
        "user", "Wir nutzen etcd 3.5. ¿Qué pasa con TLS?", 1
    )
    assert state.established == ("Wir nutzen etcd 3.5",)
    assert state.open_questions == ("¿Qué pasa con TLS?",)


@pytest.mark.timed
@pytest.mark.parametrize("role", ["user", "assistant"])
def test_100kb_turn_is_fast_and_bounded(role: str) -> None:
    text = ("We run etcd 3.5 on three nodes. How do I rotate certs? It must not use root. " * 1400)[
        :100_000
    ]
    start = time.perf_counter()
    state = etcd_thread().update(role, text, 3)
    elapsed = time.perf_counter() - start
    assert elapsed < 0.5  # ~3-5 ms measured; the scan window bounds the work
    for entries in (state.established, state.open_questions, state.user_constraints):
        assert len(entries) <= 8
        assert all(len(entry) <= 120 for entry in entries)
    assert len(state.summary()) < 3 * 8 * 122 + 64


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(st.text(max_size=300), min_size=1, max_size=6),
    limit=st.integers(min_value=1, max_value=5),
    max_chars=st.integers(min_value=0, max_value=400),
)
def test_any_text_keeps_invariants(texts: list[str], limit: int, max_chars: int) -> None:
    state = ThreadState.new("t", "t", 0)
    for turn, text in enumerate(texts):
        role = "user" if turn % 2 == 0 else "assistant"
        state = state.update(role, text, turn, limit=limit)
        for entries in (state.established, state.open_questions, state.user_constraints):
            assert len(entries) <= limit
            assert all(0 < len(entry) <= 120 for entry in entries)
        assert len(state.replied) == len(state.open_questions)
        assert len(state.summary(max_chars=max_chars)) <= max_chars


# ---------------------------------------------------------------------------------------------
# Measured on real conversations (../shared/data): floors with a margin below the measurement
# ---------------------------------------------------------------------------------------------


def _data_dir() -> Path:
    return shared_data.data_dir()


def _conversations(name: str) -> list[dict[str, Any]]:
    path = _data_dir() / f"{name}.jsonl"
    if not path.is_file():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{path} is missing (CI=true requires the shared data)")
        pytest.skip(f"{path} not found: set MULTIHORIZON_DATA to the shared data directory")
    with path.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _informs(turn: dict[str, Any]) -> Iterator[str]:
    """The slot values a user turn informs (sgd dialogue acts) that appear in its text."""
    for act in turn.get("acts", []):
        if act.startswith("INFORM(") and "=" in act:
            value = act[act.index("=") + 1 : -1].casefold()
            if value and value in turn["content"].casefold():
                yield value


@pytest.fixture(scope="module")
def sgd() -> list[dict[str, Any]]:
    return _conversations("sgd")


@pytest.mark.data
def test_sgd_extraction_floors(sgd: list[dict[str, Any]]) -> None:
    """Over every sgd conversation, each gold service thread tracked by its own ThreadState.

    Measured (555 conversations, 1307 threads): 92% of the slot values users inform land in a
    new entry of that turn; 90% of user turns with REQUEST acts open a question, and 90% of
    the opened ones carry REQUEST/INFORM_INTENT acts; 6% of turns with only SELECT / AFFIRM /
    THANK_YOU / GOODBYE / NEGATE acts store anything; 83% of threads end with an established
    fact or a constraint; summaries have median 163 and max 547 characters.
    """
    informed = captured = requests = opened = opened_total = opened_request = 0
    empty_turns = empty_stored = 0
    threads = threads_with_state = 0
    lengths: list[int] = []
    chatter = {"SELECT", "AFFIRM", "THANK_YOU", "GOODBYE", "NEGATE"}
    for conversation in sgd:
        states: dict[str, ThreadState] = {}
        for turn in conversation["turns"]:
            thread, role = turn["thread"], turn["role"]
            if thread not in states:
                if role != "user":
                    continue
                states[thread] = ThreadState.new(thread, title_from(turn["content"]), 0)
            old = states[thread]
            new = old.update(role, turn["content"], turn["turn_id"])
            states[thread] = new
            if role != "user":
                continue
            before = set(old.established + old.user_constraints + old.open_questions)
            added = [
                entry
                for entry in new.established + new.user_constraints + new.open_questions
                if entry not in before
            ]
            added_text = " ".join(added).casefold()
            for value in _informs(turn):
                informed += 1
                captured += value in added_text
            acts = turn.get("acts", [])
            asked = bool(new.open_questions) and new.open_questions != old.open_questions
            if any(act.startswith("REQUEST(") or act == "REQUEST_ALTS" for act in acts):
                requests += 1
                opened += asked
            if asked:
                opened_total += 1
                opened_request += any(act.startswith(("REQUEST", "INFORM_INTENT")) for act in acts)
            if acts and {act.split("(")[0] for act in acts} <= chatter:
                empty_turns += 1
                empty_stored += bool(added)
        for state in states.values():
            threads += 1
            threads_with_state += bool(state.established or state.user_constraints)
            lengths.append(len(state.summary()))
    assert captured / informed >= 0.85, (captured, informed)
    assert opened / requests >= 0.85, (opened, requests)
    assert opened_request / opened_total >= 0.85, (opened_request, opened_total)
    assert empty_stored / empty_turns <= 0.10, (empty_stored, empty_turns)
    assert threads_with_state / threads >= 0.75, (threads_with_state, threads)
    lengths.sort()
    assert lengths[len(lengths) // 2] <= 250
    assert lengths[-1] <= 1000


@pytest.mark.data
def test_sgd_closure_rates(sgd: list[dict[str, Any]]) -> None:
    """A user request closes at the assistant turn that informs the answer, and rarely at
    another conversation's answer. Measured: 58.5% own, 5.2% random other (CLOSE_OVERLAP 0.5;
    0.67 would close only 30% at their own answer)."""
    pairs: list[tuple[str, str]] = []
    for conversation in sgd:
        turns = [turn for turn in conversation["turns"] if turn["role"] != "tool"]
        for question, answer in itertools.pairwise(turns):
            if (
                question["role"] == "user"
                and any(act.startswith("REQUEST(") for act in question.get("acts", []))
                and any(act.startswith("INFORM(") for act in answer.get("acts", []))
            ):
                pairs.append((question["content"], answer["content"]))
    others = [answer for _, answer in pairs]
    random.Random(0).shuffle(others)
    asked = own = other = 0
    for (question, answer), unrelated in zip(pairs, others, strict=True):
        state = ThreadState.new("t", "t", 0).update("user", question, 1)
        if not state.open_questions:
            continue
        asked += 1
        own += len(state.update("assistant", answer, 2).open_questions) < len(state.open_questions)
        other += len(state.update("assistant", unrelated, 2).open_questions) < len(
            state.open_questions
        )
    assert asked >= 700
    assert own / asked >= 0.50, (own, asked)
    assert other / asked <= 0.10, (other, asked)


@pytest.mark.data
def test_cast_closure_rates() -> None:
    """TREC CAsT 2021: each question is followed by its canonical answer passage. Measured: 62%
    closed by their own answer, 32% by the next one (same topic, so partly legitimate)."""
    asked = own = next_total = by_next = 0
    for conversation in _conversations("trec_cast_2021"):
        turns = conversation["turns"]
        pairs = [
            (turns[index]["content"], turns[index + 1]["content"])
            for index in range(len(turns) - 1)
            if turns[index]["role"] == "user" and turns[index + 1]["role"] == "assistant"
        ]
        for index, (question, answer) in enumerate(pairs):
            state = ThreadState.new("t", "t", 0).update("user", question, 1)
            if not state.open_questions:
                continue
            count = len(state.open_questions)
            asked += 1
            own += len(state.update("assistant", answer, 2).open_questions) < count
            if index + 1 < len(pairs):
                next_total += 1
                by_next += len(state.update("assistant", pairs[index + 1][1], 2).open_questions) < (
                    count
                )
    assert asked >= 180
    assert own / asked >= 0.55, (own, asked)
    assert by_next / next_total <= 0.40, (by_next, next_total)
    assert own / asked - by_next / next_total >= 0.20


@pytest.mark.data
def test_cast_2019_questions_open() -> None:
    """Every TREC CAsT 2019 user turn is an information need. Measured: 476 of 479 open; the
    three missed have no content word ("What is it about?"), which is by design."""
    turns = [
        turn["content"]
        for conversation in _conversations("trec_cast_2019")
        for turn in conversation["turns"]
        if turn["role"] == "user"
    ]
    opened = sum(
        bool(ThreadState.new("t", "t", 0).update("user", text, 1).open_questions) for text in turns
    )
    assert len(turns) >= 400
    assert opened / len(turns) >= 0.97, (opened, len(turns))
