"""Session: one user turn end to end (SPEC-028 §3-§7), atomic failures, thread safety."""

from __future__ import annotations

import copy
import re
import threading
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.errors import EmbeddingError, InputError, SessionClosedError

ETCD = [
    # SPEC-028 §3.3's example, with assistant replies.
    ("user", "How do I configure etcd? We run etcd 3.5 on three nodes."),
    (
        "assistant",
        "To configure etcd, set --initial-cluster on each member and enable client TLS: "
        "1. generate a CA, 2. issue server certificates, 3. restart the members.",
    ),
    ("user", "Actually, what's a good backup strategy for Postgres? We must keep 30 days."),
    ("assistant", "Use pg_basebackup nightly plus WAL archiving for point-in-time recovery."),
]

# Envelope.antecedents is opt-in analysis (rule antecedent-analysis).
ANALYSIS = mh.Config(antecedents=True)
ANALYSIS_SPEC = mh.Config.spec().replace(antecedents=True)


def replay(session: mh.Session, turns: list[tuple[str, str]] = ETCD) -> list[Any]:
    envelopes = []
    for role, text in turns:
        if role == "user":
            envelopes.append(session.user(text))
        else:
            session.assistant(text)
    return envelopes


def snapshot(session: mh.Session) -> dict[str, Any]:
    log = session.turns
    return {
        "turns": [(t.turn_id, t.role, t.content, t.topic_thread, t.references) for t in log],
        "embeddings": log.embeddings.copy(),
        "threads": session.threads,
        "active": session.active_thread,
        "state": copy.deepcopy(session.thread_state()),
        "scratch": list(session.scratch),
    }


def assert_same(before: dict[str, Any], after: dict[str, Any]) -> None:
    np.testing.assert_array_equal(before["embeddings"], after["embeddings"])
    assert {k: v for k, v in before.items() if k != "embeddings"} == {
        k: v for k, v in after.items() if k != "embeddings"
    }


def test_the_spec_example_resumes_the_etcd_thread() -> None:
    session = mh.Session()
    first, backup = replay(session)
    assert first.intent is mh.Intent.EXPLORE  # the first turn of a session
    assert first.cdr_novelty is True  # SPEC-028 §5.3: novelty helps new ground
    assert backup.active_thread != first.active_thread  # a digression starts a thread
    resumed = session.user("Back to etcd - what about TLS?")
    # SPEC-028 §3.3: turn 5 returns to etcd-config, and its dormant turns come back.
    assert resumed.active_thread == first.active_thread
    assert resumed.thread_resumed
    assert "etcd" in resumed.active_thread
    restored = {item.turn_id for item in resumed.items if item.reason == "active-thread"}
    assert {0, 1} <= restored
    # §6.2: the thread's state returns with it.
    assert resumed.thread_state.thread_id == first.active_thread
    assert any("etcd" in fact or "3.5" in fact for fact in resumed.thread_state.established)
    assert resumed.summary.startswith("Active thread: ")
    # §7: headers in the spec's format.
    assert resumed.headers["CRP-Context-Active-Thread"] == resumed.active_thread
    assert resumed.headers["CRP-Context-Turn-Intent"] == str(resumed.intent)
    assert resumed.headers["CRP-Context-Tier-Blend"] == resumed.blend.header()
    turn = session.turns[4]
    assert (turn.role, turn.topic_thread) == ("user", first.active_thread)
    assert turn.timestamp.endswith("Z")


def test_ordinal_reference_drills_down_at_full_weight() -> None:
    session = mh.Session()
    replay(session)
    envelope = session.user("Tell me about the second step of the etcd setup")
    ordinals = [ref for ref in envelope.references if ref.type == "ordinal"]
    assert ordinals
    assert ordinals[0].target_turn == 1
    assert ordinals[0].item is not None
    assert "server certificates" in ordinals[0].item
    assert envelope.intent is mh.Intent.DRILL_DOWN
    assert envelope.cdr_novelty is False  # SPEC-028 §4.3
    assert envelope.headers["CRP-Context-References-Resolved"] == str(
        sum(ref.target_turn is not None for ref in envelope.references)
    )
    # SPEC-028 §4.2: referenced turns come first, whatever their age.
    assert envelope.items[0].turn_id == 1
    assert envelope.items[0].reason == "reference"
    assert session.turns[len(session.turns) - 1].references == (1,)


def test_clarify_and_continue_stay_in_the_active_thread() -> None:
    session = mh.Session()
    replay(session)
    active = session.active_thread
    clarify = session.user("What do you mean by WAL archiving?")
    assert clarify.intent is mh.Intent.CLARIFY
    assert clarify.active_thread == active
    session.assistant("WAL archiving copies each write-ahead log segment to safe storage.")
    more = session.user("Go on")
    assert more.intent is mh.Intent.CONTINUE
    assert more.active_thread == active
    assert more.blend.header() == "50/40/10"


def test_tool_reference_uses_the_scratch_buffer() -> None:
    session = mh.Session()
    session.user("How many orders did we ship last week?")
    entry = session.tool_output("run_sql", "count: 1234")
    envelope = session.user("Summarise the query result for me")
    assert envelope.intent is mh.Intent.TOOL_REFERENCE
    assert envelope.cdr_novelty is False
    tool_refs = [ref for ref in envelope.references if ref.type == "tool"]
    assert tool_refs
    assert tool_refs[0].scratch_entry == entry.entry_id
    assert session.turns[0].tool_calls == (entry.entry_id,)
    assert envelope.headers["CRP-Context-Tier-Blend"] == "20/30/50"


def test_document_request_is_hybrid_mode() -> None:
    session = mh.Session()
    replay(session)
    envelope = session.user("Write me a guide about what we just discussed")
    assert envelope.mode == "hybrid"
    assert envelope.headers["CRP-Context-Mode"] == "hybrid"


def test_preview_and_classify_log_nothing() -> None:
    session = mh.Session()
    replay(session)
    before = snapshot(session)
    preview = session.preview("Back to etcd - what about TLS?")
    assert preview.turn_id is None
    assert session.classify("what do you mean by that?") is mh.Intent.CLARIFY
    assert_same(before, snapshot(session))
    logged = session.user("Back to etcd - what about TLS?")
    assert (logged.intent, logged.active_thread) == (preview.intent, preview.active_thread)


def test_old_relevant_turns_stay_reachable() -> None:
    # Recency is a bounded bonus by default: a relevant turn 60 turns back still ranks.
    session = mh.Session()
    session.user("Our Kafka consumer group rebalances every few minutes with lag spikes.")
    session.assistant("Raise session.timeout.ms and max.poll.interval.ms for the consumer.")
    for index in range(30):
        session.user(f"Unrelated question {index} about gardening tomatoes and basil {index}.")
        session.assistant(f"Water the basil {index} in the morning and prune tomatoes.")
    envelope = session.user("Why does the Kafka consumer group keep rebalancing?")
    assert 0 in {item.turn_id for item in envelope.items}
    spec = mh.Session(config=mh.Config.spec())
    for role, text in [(t.role, t.content) for t in session.turns]:
        (spec.user if role == "user" else spec.assistant)(text)
    literal = spec.user("Why does the Kafka consumer group keep rebalancing?")
    assert 0 not in {item.turn_id for item in literal.items[:3]}


def test_a_retrieved_question_brings_its_answer() -> None:
    turns = [
        ("user", "I finished a painting for the art show last week."),
        ("assistant", "Wow, that looks amazing! What inspired the painting?"),
        ("user", "A visit to the LGBTQ center: I wanted to capture unity and strength."),
    ]
    for index in range(20):
        turns.append(("assistant", f"Did you water the basil {index} this morning?"))
        turns.append(("user", f"Yes, and I pruned tomatoes {index} too."))
    for config, answered in (
        (mh.Config(), True),
        (mh.Config(answers_follow_questions=False), False),
    ):
        # Every word hashed (version 1): the painting exchange is not the active thread, so
        # only this rule brings its answer (with content words only it is both).
        session = mh.Session(config=config, embedder=mh.HashingEmbedder(version=1))
        for role, text in turns:
            (session.user if role == "user" else session.assistant)(text)
        items = session.preview("What inspired the painting for the art show?").items
        ranked = [item.turn_id for item in items]
        assert (2 in ranked) is answered, (config, items)
        if answered:
            # Right after its question, at its score, marked as the answer.
            position = ranked.index(2)
            assert ranked[position - 1] == 1
            assert items[position].reason == "answer"
            assert items[position].score == items[position - 1].score
    # Referenced turns keep their place and their slots: a referenced question brings no
    # answer in front of the next reference, even with two slots.
    session = _alternating(
        "My parser has a bug in the tokenizer.",
        "Which parser library do you use for the tokenizer?",
        "I use lark, version one.",
        "Try upgrading lark; the EOF check was fixed there.",
        config=mh.Config(turns_in_context=2),
    )
    envelope = session.preview("What about that bug and what you said about the parser library?")
    assert [ref.target_turn for ref in envelope.references] == [0, 1]
    assert sorted((item.turn_id, item.reason) for item in envelope.items) == [
        (0, "reference"),
        (1, "reference"),
    ]
    # A named speaker following up their own question is no answer, whatever the case.
    session = mh.Session()
    for speaker, text in (
        ("Alice", "What inspired the painting for the art show?"),
        ("alice", "I mean the one with the tree."),
        ("bob", "The beach at sunset, I think."),
    ):
        session.user(text, speaker=speaker)
    items = session.preview("What inspired the painting for the art show?").items
    assert all(item.reason != "answer" or item.turn_id != 1 for item in items)
    # A question the same side follows up itself is not answered by that follow-up.
    session = mh.Session()
    session.user("What inspired the painting for the art show?")
    session.user("I mean the one with the tree.")
    session.assistant("The beach at sunset, I think.")
    items = session.preview("What inspired the painting for the art show?").items
    assert all(item.reason != "answer" or item.turn_id != 1 for item in items)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda s: s.user(""), InputError, "empty"),
        (lambda s: s.user("   \n\t"), InputError, "empty"),
        (lambda s: s.user(None), InputError, "expected str"),
        (lambda s: s.user(b"bytes"), InputError, "expected str"),
        (lambda s: s.user("x" * 1_000_001), InputError, "characters"),
        (lambda s: s.user("hi", embedding=np.zeros(3)), EmbeddingError, "dimension 384"),
        (lambda s: s.user("hi", embedding=np.full(384, np.nan)), EmbeddingError, "NaN"),
        (lambda s: s.user("hi", embedding_model="other/model"), EmbeddingError, "model"),
        (lambda s: s.user("hi", timestamp="yesterday"), InputError, "ISO 8601"),
        (lambda s: s.user("hi", timestamp=3.5), InputError, "timestamp"),
        (lambda s: s.assistant(""), InputError, "empty"),
        (lambda s: s.tool_output("", "x"), InputError, "tool"),
        (lambda s: s.preview("hi", embedding=np.ones((2, 384))), EmbeddingError, "1-d"),
        (lambda s: s.user("hi", speaker=7), InputError, "speaker"),
        (lambda s: s.user("hi", speaker="  "), InputError, "speaker"),
        (lambda s: s.assistant("hi", speaker="x" * 201), InputError, "speaker"),
        (lambda s: s.classify("hi", speaker=b"bob"), InputError, "speaker"),
    ],
)
def test_bad_input_is_a_typed_error_and_changes_nothing(
    call: Any, error: type[Exception], message: str
) -> None:
    session = mh.Session()
    replay(session)
    before = snapshot(session)
    with pytest.raises(error, match=message):
        call(session)
    assert_same(before, snapshot(session))
    assert isinstance(error("x"), mh.MultihorizonError)


def test_a_failure_inside_a_turn_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    session = mh.Session()
    replay(session)
    before = snapshot(session)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise MemoryError("simulated")

    # Fail at the last possible step before the commit (retrieval), then during the commit's
    # growth step: either way nothing is half-written.
    # Tier C retrieval: one kernel call (both channels, the adjustments, the ranking and the
    # answers paired)
    monkeypatch.setattr(mh.kernels, "retrieve_context", broken)
    with pytest.raises(MemoryError):
        session.user("Back to etcd - what about TLS?")
    assert_same(before, snapshot(session))
    monkeypatch.undo()
    monkeypatch.setattr(session.turns, "reserve", broken)
    with pytest.raises(MemoryError):
        session.user("Back to etcd - what about TLS?")
    assert_same(before, snapshot(session))


def test_unusual_text_is_handled() -> None:
    session = mh.Session()
    for text in [
        "🙂🙂🙂",
        "İstanbul ΣΊΣΥΦΟΣ straße",
        "lone \ud800 surrogate",
        "!!!",
        "x" * 200_000,
    ]:
        envelope = session.user(text)
        assert envelope.headers["CRP-Context-Active-Thread"]
    assert len(session.turns) == 5


def test_caller_embeddings_and_model_mismatch() -> None:
    session = mh.Session()
    vector = np.random.default_rng(1).standard_normal(384)
    envelope = session.user("custom vector", embedding=vector, embedding_model=session.model_id)
    assert envelope.turn_id == 0
    stored = session.turns[0].embedding
    np.testing.assert_allclose(np.linalg.norm(stored), 1.0, rtol=1e-6)
    with pytest.raises(EmbeddingError):
        session.user("other model", embedding=vector, embedding_model="all-MiniLM-L6-v2")


def test_closed_session_refuses_turns() -> None:
    session = mh.Session()
    session.close()
    with pytest.raises(SessionClosedError):
        session.user("hello")


def test_many_sessions_from_many_threads() -> None:
    sessions = [mh.Session() for _ in range(4)]
    errors: list[BaseException] = []
    barrier = threading.Barrier(8)

    def worker(worker_id: int) -> None:
        session = sessions[worker_id % 4]
        try:
            barrier.wait()
            for index in range(25):
                session.user(f"worker {worker_id} question {index} about etcd and TLS")
                session.assistant(f"worker {worker_id} answer {index}: 1. first, 2. second")
                session.preview("what about the second option?")
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for session in sessions:
        log = session.turns
        assert len(log) == 100
        assert [t.turn_id for t in log] == list(range(100))
        # calls were serialised: no turn lost or duplicated, columns stayed aligned
        assert sorted(log.contents) == sorted(
            text
            for worker in range(8)
            if worker % 4 == sessions.index(session)
            for index in range(25)
            for text in (
                f"worker {worker} question {index} about etcd and TLS",
                f"worker {worker} answer {index}: 1. first, 2. second",
            )
        )
        assert log.embeddings.shape == (100, 384)
        assert len(log.thread_index) == 100


def test_tool_output_before_the_first_turn_is_a_reference_without_a_turn() -> None:
    session = mh.Session()
    entry = session.tool_output("run_sql", "id | name\n1 | foo")
    session.user("How do I configure etcd?")
    session.assistant("Set --initial-cluster on each member.")
    envelope = session.user("Summarise the query result please")
    tool = [ref for ref in envelope.references if ref.type == "tool"]
    assert tool[0].scratch_entry == entry.entry_id
    assert tool[0].target_turn is None  # no turn produced it
    assert envelope.intent is mh.Intent.TOOL_REFERENCE
    assert all(turn.references == () for turn in session.turns)


def test_thread_ids_stay_header_sized() -> None:
    session = mh.Session()
    envelope = session.user("x" * 500_000)
    assert 0 < len(envelope.active_thread) <= 50
    assert envelope.headers["CRP-Context-Active-Thread"] == envelope.active_thread


def test_many_threads_with_one_base_name_get_distinct_ids() -> None:
    session = mh.Session(config=mh.Config.spec())  # 0.70: almost every turn a new thread
    rng = np.random.default_rng(3)
    for _ in range(300):
        session.user("数据库怎么备份", embedding=rng.standard_normal(384))
    names = session.threads
    assert len(names) == len(set(names)) > 250
    assert names[:3] == ("thread", "thread-2", "thread-3")


def test_a_failure_while_preparing_the_thread_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = mh.Session()
    replay(session)
    before = snapshot(session)

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise MemoryError("simulated")

    monkeypatch.setattr(session._threads, "prepare", broken)
    for call in (
        lambda: session.user("A brand new topic: kubernetes ingress"),
        lambda: session.assistant("An answer"),
    ):
        with pytest.raises(MemoryError):
            call()
        assert_same(before, snapshot(session))
    monkeypatch.undo()
    session.user("A brand new topic: kubernetes ingress")  # still usable
    assert len(session.turns) == len(before["turns"]) + 1


def test_a_marker_hit_that_detection_rejects_is_not_a_tool_reference() -> None:
    session = mh.Session()
    replay(session)
    # "the table" is a tool-reference marker; here it is a design question (SPEC-028 §5.2
    # tests the detected references, not marker hits).
    assert session.classify("How do I design the table schema for orders?") is not (
        mh.Intent.TOOL_REFERENCE
    )


def test_composed_and_decomposed_text_are_one_text() -> None:
    composed, decomposed = "Update my résumé", "Update my re\u0301sume\u0301"
    session = mh.Session()
    session.user(composed)
    session.assistant("Done.")
    session.user(decomposed)
    assert session.turns[2].content == composed
    np.testing.assert_array_equal(session.turns[0].embedding, session.turns[2].embedding)


def test_edge_timestamps_and_odd_embedders() -> None:
    session = mh.Session()
    with pytest.raises(InputError, match="out of range"):
        session.user("hi", timestamp="9999-12-31T23:59:59-05:00")
    with pytest.raises(InputError, match="kind"):
        session.tool_output("run_sql", "x", kind="")

    class ListEmbedder:
        model_id, dim = "list-embedder", 3

        def embed(self, texts: Any) -> Any:
            return [[1.0, 2.0, 2.0] for _ in texts]

    listed = mh.Session(embedder=ListEmbedder())  # type: ignore[arg-type]
    listed.user("hello")
    np.testing.assert_allclose(listed.turns[0].embedding, [1 / 3, 2 / 3, 2 / 3], rtol=1e-6)
    tiny = session.user("tiny", embedding=np.full(384, 1e-200))
    assert tiny.turn_id == 0
    np.testing.assert_allclose(np.linalg.norm(session.turns[0].embedding), 1.0, rtol=1e-6)


def test_the_readme_example_does_what_the_readme_says() -> None:
    session = mh.Session()
    session.user("How do I configure etcd? We run etcd 3.5 on three nodes.")
    session.assistant("Set --initial-cluster ...: 1. generate a CA, 2. issue server certs, ...")
    session.user("Actually, what's a good backup strategy for Postgres?")
    session.assistant("Use pg_basebackup nightly plus WAL archiving.")
    env = session.user("Back to etcd - what about the second step?")
    assert env.intent is mh.Intent.DRILL_DOWN
    assert (env.active_thread, env.thread_resumed) == ("configure-etcd", True)
    (reference,) = env.references
    assert (reference.type, reference.target_turn) == ("ordinal", 1)
    assert reference.item is not None
    assert reference.item.startswith("issue server certs")
    assert env.items[0].turn_id == 1
    assert env.summary.startswith("Active thread: ")
    assert session.preview("what about TLS?").turn_id is None
    assert session.classify("go on") is mh.Intent.CONTINUE


def test_speakers_are_entities_and_addressing_refers_to_their_latest_turn() -> None:
    session = mh.Session(config=ANALYSIS)
    session.user("anyone know how to mount a usb drive on ubuntu?", speaker="Bob")
    session.user("is the new kernel in hoary yet", speaker="carol")
    session.user("try the disks utility first", speaker="dave")
    session.user("it does not show up there either", speaker="Bob")
    assert list(session.turns.turns_mentioning("bob")) == [0, 3]
    assert session.turns[3].speaker == "Bob"
    envelope = session.user("bob: check dmesg after plugging it in", speaker="dave")
    (reference,) = [ref for ref in envelope.references if ref.type == "speaker"]
    assert (reference.surface, reference.target_turn) == ("bob", 3)
    assert envelope.intent is mh.Intent.DRILL_DOWN
    assert envelope.active_thread == session.turns[3].topic_thread
    assert envelope.antecedents[0] == 3
    # Addressing yourself, or someone never seen, is no reference.
    assert not session.preview("bob: note to self", speaker="bob").references
    assert not session.preview("zed: hello?", speaker="bob").references


def test_a_speaker_named_mid_turn_is_addressed_only_in_a_multi_party_chat() -> None:
    two = mh.Session()
    two.user("I adopted a puppy last week!", speaker="Caroline")
    two.user("Congrats! What breed is it?", speaker="Melanie")
    # Two people name each other without saying which turn they answer: no reference.
    reply = two.preview("it is a beagle, Melanie, so lots of energy", speaker="Caroline")
    assert not reply.references
    group = mh.Session()
    group.user("my wifi drops every few minutes on 22.04", speaker="ann")
    group.user("is the new kernel in the archive yet", speaker="ben")
    group.user("which chipset is the card?", speaker="cy")
    group.user("ben: not yet, next week", speaker="dee")
    envelope = group.preview("thanks ann, try disabling power saving", speaker="dee")
    (reference,) = [ref for ref in envelope.references if ref.type == "speaker"]
    assert (reference.surface, reference.target_turn) == ("ann", 0)
    assert envelope.active_thread == group.turns[0].topic_thread
    # The opening address outranks a name later in the turn; "nick>" opens like "nick:".
    opened = group.preview("cy> ann said it is an intel card", speaker="dee")
    assert [(r.surface, r.target_turn) for r in opened.references if r.type == "speaker"] == [
        ("cy", 2)
    ]
    # Names shorter than three characters are too often ordinary words.
    short = mh.Session()
    for name, text in (("al", "hello all"), ("bo", "hi there"), ("cy", "what is up")):
        short.user(text, speaker=name)
    assert not short.preview("so al said it works", speaker="bo").references


def test_a_multi_party_message_continues_its_speakers_exchange() -> None:
    session = mh.Session()
    session.user("how do I resize an ext4 partition?", speaker="ann")
    session.user("what is the best irc client for the terminal?", speaker="ben")
    session.user("ann: use resize2fs after growing the partition", speaker="cy")
    session.user("ben: irssi or weechat", speaker="dee")
    # Unaddressed, ann goes on with cy's answer to her, not with the irc exchange.
    envelope = session.preview("ok and does that work while it is mounted", speaker="ann")
    assert envelope.active_thread == session.turns[2].topic_thread
    assert envelope.items[0].turn_id == 2
    assert envelope.items[0].reason == "reply-to"
    # A newcomer's first message opens a thread of its own.
    newcomer = session.preview("hello, my wifi drops every few minutes", speaker="eve")
    assert newcomer.active_thread not in session.threads


def _vector(seed: int) -> np.ndarray:
    """A unit vector; different seeds are nearly orthogonal in 384 dimensions."""
    vector = np.random.default_rng(seed).standard_normal(384).astype(np.float32)
    return vector / np.linalg.norm(vector)


def _alternating(*texts: str, config: mh.Config | None = None) -> mh.Session:
    """A session whose turns are ``texts``, user first, then alternating with replies."""
    session = mh.Session(config=config)
    for index, text in enumerate(texts):
        (session.assistant if index % 2 else session.user)(text)
    return session


def test_an_answer_to_the_question_before_stays_in_its_thread() -> None:
    # Unrelated embeddings: by similarity alone every turn would open a thread.
    for config, stays in ((mh.Config(), True), (mh.Config.spec(), False)):
        session = mh.Session(config=config)
        session.user("I need a table for dinner tonight", embedding=_vector(1))
        session.assistant("Which part of town would you like?", embedding=_vector(2))
        envelope = session.preview("somewhere in the north", embedding=_vector(3))
        assert (envelope.active_thread == session.active_thread) is stays, config
    # "Anything else?" invites a new topic: what follows it is no answer.
    session = mh.Session()
    session.user("I need a table for dinner tonight", embedding=_vector(1))
    session.assistant("Booked. Is there anything else I can do?", embedding=_vector(2))
    envelope = session.preview("I want a taxi to the airport", embedding=_vector(3))
    assert envelope.active_thread != session.active_thread
    # "By the way" says the topic moves on, answer or not, even to a turn resembling the
    # active thread (the centroid rule alone would keep it there).
    session = mh.Session()
    session.user("I need a table for dinner tonight", embedding=_vector(1))
    session.assistant("Which part of town would you like?", embedding=_vector(2))
    for text, moves in (("by the way, my flight got cancelled", True), ("my flight", False)):
        envelope = session.preview(text, embedding=_vector(1))
        assert (envelope.active_thread != session.active_thread) is moves, text
        assert (envelope.intent is mh.Intent.EXPLORE) is moves, text


def test_replies_follow_their_user_unless_peer_replies() -> None:
    # Forced both ways: by default a reply asking "do you have any pets?" reads as a peer's.
    # Rule thread-details keeps a short statement right after a reply: off, to see §3.3 alone.
    for config, opens in (
        (mh.Config(peer_replies=False, thread_details=False), False),
        (mh.Config(peer_replies=True), True),
    ):
        session = mh.Session(config=config)
        session.user("i just got back from a long hike", embedding=_vector(1))
        session.assistant("do you have any pets?", embedding=_vector(2))
        assert (session.turns[1].topic_thread != session.turns[0].topic_thread) is opens
        # A reply to a question follows it even between peers.
        session.user("i have two dogs", embedding=_vector(3))
        session.assistant("cats, mostly", embedding=_vector(4))
        assert session.turns[3].topic_thread == session.turns[2].topic_thread
        # Either peer may ask their way to another topic, here back to the hike (by centroid),
        # though the question resembles the active thread's turns.
        envelope = session.preview("where do you hike?", embedding=_vector(1))
        assert (envelope.active_thread != session.active_thread) is opens
        # Between peers a statement carries on the topic, however unlike it is; by default
        # one that resembles no thread opens a new one.
        envelope = session.preview("my cousin sells used cars", embedding=_vector(5))
        assert (envelope.active_thread == session.active_thread) is opens
        # A statement that resembles a dormant thread goes back to it either way.
        envelope = session.preview("the hike was long", embedding=_vector(1))
        assert envelope.active_thread == session.turns[0].topic_thread


def test_follow_up_questions_drill_down_unless_the_spec_profile() -> None:
    turns = [
        ("user", "Tell me about the great barrier reef."),
        ("assistant", "It is the largest coral reef system, off Queensland, Australia."),
    ]
    default, spec = mh.Session(), mh.Session(config=mh.Config.spec())
    replay(default, turns)
    replay(spec, turns)
    assert default.classify("What threatens its survival?") is mh.Intent.DRILL_DOWN
    assert default.classify("What about the one in Belize?") is mh.Intent.DRILL_DOWN
    assert default.classify("Show me other options") is mh.Intent.CONTINUE
    assert spec.classify("What threatens its survival?") is mh.Intent.EXPLORE


def test_a_definite_noun_phrase_resumes_the_latest_dormant_thread_that_used_its_words() -> None:
    from multihorizon.config import ThreadThresholds
    from multihorizon.dialogue.threads import Threads

    bars = ThreadThresholds(join=0.5, resume=0.4, explore=0.3)
    threads = Threads(8)
    basis = np.eye(8, dtype=np.float32)

    def plan(terms: tuple[str, ...], axis: int, definite: tuple[str, ...] = ()) -> Any:
        return threads.plan(
            embedding=basis[axis],
            intent=mh.Intent.EXPLORE,
            reference_thread=-1,
            resume_words=(),
            definite_terms=definite,
            thresholds=bars,
            first_terms=terms,
        )

    def log(terms: tuple[str, ...], axis: int) -> None:
        threads.reserve(len(threads) + 1)
        turn_id = sum(len(turns) for turns in threads.turns)
        threads.commit(threads.prepare(plan(terms, axis), basis[axis], terms), turn_id)

    # Two dormant threads used "song" (one service split over two threads), then a movie.
    log(("song", "ariana"), 0)
    log(("song", "pop"), 1)
    log(("movie", "fantasy"), 2)
    resumed = plan(("play", "song"), 3, definite=("song",))
    assert (resumed.index, resumed.rule) == (1, "vocabulary")
    # More of its words win over recency.
    assert plan(("song", "ariana"), 3, definite=("song", "ariana")).index == 0
    # A word the active thread used too says nothing about leaving it.
    log(("movie", "song"), 2)
    assert plan(("play", "song"), 3, definite=("song",)).rule == "new"
    # The other way round: a definite phrase only the active thread used keeps the turn
    # there, however unlike the thread it is ("what time does the movie start?")...
    stays = plan(("movie", "start"), 3, definite=("movie",))
    assert (stays.index, stays.rule) == (2, "vocabulary")
    assert plan(("movie", "start"), 3).rule == "new"  # the same turn without the phrase
    # ...which a word the dormant threads used as well does not.
    assert plan(("song", "start"), 3, definite=("song", "start")).rule == "new"


def test_a_pronoun_after_pronoun_follow_ups_points_to_the_turn_they_follow() -> None:
    session = mh.Session(config=ANALYSIS)
    for text in ("What is throat cancer?", "Tell me about lung cancer.", "What are its symptoms?"):
        session.user(text)
    # "it" is lung cancer (turn 1): the follow-up before it points there too.
    assert session.preview("Can it spread to the throat?").antecedents[0] == 1
    # So does a short follow-up question with nothing to resolve...
    assert session.preview("What about treatment?").antecedents[0] == 1
    assert session.preview("How common is lung cancer?").antecedents[0] == 1
    # ...but not a new topic or a statement: the turn before comes first.
    assert session.preview("Where is Paris?").antecedents[0] == 2
    assert session.preview("I smoked for ten years.").antecedents[0] == 2
    # A reply that answered in between holds none of the topic's words: the pronoun still
    # follows the topic (rule follow-up-antecedents; TREC CAsT 2020's human labels).
    session.assistant("Coughing, chest pain and shortness of breath.")
    assert session.preview("Is it curable?").antecedents[0] == 1
    # Without the rule, the reply in between is what a pronoun points back to.
    plain = mh.Session(config=ANALYSIS.replace(follow_up_antecedents=False))
    for text in ("What is throat cancer?", "Tell me about lung cancer.", "What are its symptoms?"):
        plain.user(text)
    plain.assistant("Coughing, chest pain and shortness of breath.")
    assert plain.preview("Is it curable?").antecedents[0] == 3


def test_review_edges_of_the_thread_and_reference_rules() -> None:
    # An embedder without a calibrated opening bar (0.0): peer replies never open a topic,
    # even at cosine -1 to the turn before.
    class Custom:
        model_id = "custom-model"
        dim = 8

        def embed(self, texts: list[str]) -> np.ndarray:
            return np.ones((len(texts), 8), np.float32)

    session = mh.Session(embedder=Custom(), config=mh.Config(peer_replies=True))
    unit = np.eye(8, dtype=np.float32)[0]
    session.user("I went hiking last weekend.", embedding=unit)
    session.assistant("What kind of music do you like?", embedding=-unit)
    assert session.threads == (session.turns[0].topic_thread,)
    # A user's next turn after their own question is no answer to it.
    session = mh.Session(config=ANALYSIS)
    session.user("which hiking trails near Denver are open?", embedding=_vector(1))
    envelope = session.preview("I need to renew my passport for Tokyo", embedding=_vector(2))
    assert envelope.active_thread != session.active_thread
    # The spec profile has neither mid-turn names nor pronoun chains.
    for config, chained in ((ANALYSIS, True), (ANALYSIS_SPEC, False)):
        session = mh.Session(config=config)
        for text in ("Tell me about lung cancer.", "What are its symptoms?"):
            session.user(text)
        assert (session.preview("Can it spread?").antecedents[0] == 0) is chained


def test_a_speaker_named_inside_a_long_token_or_before_a_curly_apostrophe() -> None:
    session = mh.Session()
    for who in ("alice", "bob", "carol"):
        session.user(f"hello from {who} about networking", speaker=who)

    def named(text: str) -> list[str]:
        envelope = session.preview(text, speaker="alice")
        return [ref.surface for ref in envelope.references if ref.type == "speaker"]

    assert named("see " + "x" * 200 + "bob for details") == []
    assert named("i agree with bob\u2019s point") == ["bob"]
    assert named("i agree with bob's point") == ["bob"]


def test_a_place_word_points_to_the_turn_naming_the_place() -> None:
    for config, found in ((ANALYSIS, True), (ANALYSIS_SPEC, False)):
        session = mh.Session(config=config)
        session.user("Please find me something to do around Oakland on the 11th.")
        # A proper noun nearer by, but no place something is "in" or "around".
        session.assistant("there are 10 events, one is a drama at Sony Hall at 8 pm.")
        session.user("how much are the tickets?")
        session.assistant("the tickets are $20 each.")
        envelope = session.preview("I also need a hotel there.")
        assert (envelope.antecedents[0] == 0) is found, config
        # "is there" asks whether something exists: no place.
        assert session.preview("is there a discount for students?").antecedents[0] == 3


def test_judging_an_option_after_asking_about_it_points_to_the_offer() -> None:
    for config, found in ((ANALYSIS, True), (ANALYSIS_SPEC, False)):
        session = _alternating(
            "find me a movie for tonight",
            "How about Alien? It is showing downtown.",
            "when does it start?",
            "It starts at 8 pm.",
            config=config,
        )
        assert (session.preview("That sounds great.").antecedents[0] == 1) is found, config
        # Without the question about it, the judgement is about the turn before.
        assert session.preview("ok, what else is on?").antecedents[0] == 3
    # Other ways to judge ("that seems nice", "perfect!", "that's what I want") and to offer
    # ("I've found", "there are", "do you like").
    for offer in ("I've found Alien at 8 pm.", "There are 2: Alien at 8 pm.", "Do you like Alien?"):
        for judgement in ("That seems nice.", "Perfect! Book it.", "Okay, that's what I want."):
            session = _alternating(
                "find me a movie for tonight",
                offer,
                "is it a thriller?",
                "Yes, a sci-fi thriller.",
                config=ANALYSIS,
            )
            assert session.preview(judgement).antecedents[0] == 1, (offer, judgement)
            # A negation judges nothing favourably: the answer before comes first.
            assert session.preview("Hmm, that is not good.").antecedents[0] == 3
    # An answer that offers something new is what the judgement is about.
    session = _alternating(
        "find me a movie for tonight",
        "I've found Alien at 8 pm.",
        "anything later?",
        "There are later ones: Aliens at 10 pm.",
        config=ANALYSIS,
    )
    assert session.preview("That seems nice.").antecedents[0] == 3


def test_a_demonstrative_for_what_the_user_asked_for_points_to_the_offer_made() -> None:
    for config, offered in ((mh.Config(), True), (mh.Config.spec(), False)):
        session = _alternating(
            "I'd like to watch a movie tonight",
            "Do you like Rojo? Its rating is 98 out of 100.",
            config=config,
        )
        reference = session.preview("Who directed this movie?").references[0]
        assert reference.target_turn == (1 if offered else 0), config
    # A reply that offers nothing (a question back) leaves the request as the antecedent.
    session = _alternating("I'd like to watch a movie tonight", "Which genre do you like?")
    assert session.preview("Who directed this movie?").references[0].target_turn == 0


def test_offers_and_judgements_are_read_where_they_sit_in_long_turns() -> None:
    # The offer leads its reply and the judgement leads the user's turn, however long the
    # replies are (their patterns scan only there, so a short turn stays fast after them).
    filler = " The plot follows a crew in deep space." * 20_000  # 780,000 characters
    session = _alternating(
        "find me a movie for tonight",
        "How about Alien?" + filler,
        "when does it start?",
        "It starts at 8 pm." + filler,
        config=ANALYSIS,
    )
    assert session.preview("That sounds great." + filler).antecedents[0] == 1
    # An offer made only after two pages of text is not read as one.
    session = _alternating(
        "find me a movie for tonight",
        filler + " How about Alien?",
        "when does it start?",
        "It starts at 8 pm.",
        config=ANALYSIS,
    )
    assert session.preview("That sounds great.").antecedents[0] == 3
    # A judgement deep in a long turn is no judgement of the offer.
    session = _alternating(
        "find me a movie for tonight",
        "How about Alien?",
        "when does it start?",
        "It starts at 8 pm.",
        config=ANALYSIS,
    )
    assert session.preview(filler[:2000] + " That sounds great.").antecedents[0] == 3
    # "Anything else?" closing a long reply still offers a new topic (the previous test has
    # the short form).
    session = mh.Session(config=ANALYSIS)
    session.user("I need a table for dinner tonight", embedding=_vector(1))
    session.assistant("Booked." + filler[:5000] + " Anything else?", embedding=_vector(2))
    envelope = session.preview("I want a taxi to the airport", embedding=_vector(3))
    assert envelope.active_thread != session.active_thread
    # A place word in a long turn is not looked up: a long turn is a topic of its own.
    session = _alternating(
        "my sister recommended Sony Hall for tonight", "it has a drama at 8 pm.", config=ANALYSIS
    )
    assert session.preview("book me a hotel near there").antecedents[0] == 0
    long_turn = "book me a hotel near there." + filler[:3000]
    assert session.preview(long_turn).antecedents[0] == 1


def test_bounded_pattern_search_sees_whole_words_at_the_limit() -> None:
    from multihorizon.dialogue.offers import search_head

    pattern = re.compile(r"\bsounds great\b")
    text = "x" * 287 + " sounds greatly overpriced"  # "great" ends at character 300
    assert pattern.search(text, 0, 300) is not None  # a plain cut makes "great" a word
    assert search_head(pattern, text, 300) is None
    assert search_head(pattern, "sounds great", 300) is not None
    assert search_head(pattern, "x" * 300 + " sounds great", 300) is None


def test_a_statement_is_no_request_an_offer_answers() -> None:
    # "that bug" is the user's bug, though the reply lists causes ("there are ...").
    session = _alternating(
        "My parser has a bug: it drops the last token.",
        "There are a few usual causes: an off-by-one, or an EOF check.",
    )
    assert session.preview("Where does that bug come from?").references[0].target_turn == 0
    # Asked for, it is what the reply offered, however the reply writes its apostrophes.
    for reply in (
        "I\u2019ve found one: Rojo.",
        "I'd recommend Rojo.",
        "Sure: do you like Rojo?",
        "What do you think about Rojo?",
    ):
        session = _alternating("I'd like to watch a movie tonight", reply)
        envelope = session.preview("Who directed this movie?")
        assert envelope.references[0].target_turn == 1, reply


def test_a_place_word_falls_back_to_any_proper_noun_within_a_dozen_turns() -> None:
    session = mh.Session(config=ANALYSIS)
    session.user("my sister recommended Sony Hall for tonight")
    session.assistant("it has a drama at 8 pm.")
    assert session.preview("book me a hotel near there").antecedents[0] == 0
    for _ in range(12):
        session.user("ok")
    assert session.preview("book me a hotel near there").antecedents[0] == len(session.turns) - 1
