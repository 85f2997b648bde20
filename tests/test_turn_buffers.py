"""What a logged turn reuses instead of making afresh (issue 14): the postings gathered for
Tier C's lexical channel, the thread summary's text and the blend header. Each gives what
making it afresh gives; the int8 copy written turn by turn is the quantized rows."""

from __future__ import annotations

import numpy as np

import multihorizon as mh
from multihorizon import kernels
from multihorizon.config import INTENT_BLENDS, Blend
from multihorizon.dialogue.features import analyse
from multihorizon.dialogue.threadstate import ThreadState
from multihorizon.dialogue.turnlog import TurnLog
from multihorizon.text.lexicon import default_lexicon

_TEXTS = [
    "the etcd cluster lost a member after the restart",
    "restore the etcd snapshot on a new member",
    "postgres replica lag grows during the backup",
    "the backup of postgres runs at night",
    "kafka consumers time out during the etcd restart",
] * 8


def _log(texts: list[str]) -> TurnLog:
    embedder = mh.HashingEmbedder()
    log = TurnLog(embedder.dim)
    for text, vector in zip(texts, embedder.embed(texts), strict=True):
        features = analyse(text, "user", default_lexicon())
        log.append(
            role="user",
            content=text,
            embedding=vector,
            timestamp="2026-01-01T00:00:00Z",
            thread="t",
            thread_index=0,
            entities=features.terms,
            features=features,
        )
    return log


def _expected(log: TurnLog, terms: list[str]) -> tuple[list[int], list[int]]:
    lists = [list(log.turns_mentioning(term)) for term in dict.fromkeys(terms)]
    lists = [found for found in lists if found]
    offsets = [0]
    for found in lists:
        offsets.append(offsets[-1] + len(found))
    return [turn for found in lists for turn in found], offsets


def test_postings_of_several_terms_are_each_list_in_turn() -> None:
    log = _log(_TEXTS)
    for terms in (["etcd", "restart"], ["postgre", "absent", "backup", "postgre"], ["kafka"]):
        for reuse in (False, True):
            postings, offsets = log.postings(terms, reuse=reuse)
            assert (postings.tolist(), offsets.tolist()) == _expected(log, terms)
    assert [a.tolist() for a in log.postings(["absent"])] == [[], [0]]


def test_postings_of_several_terms_reuse_one_buffer_across_turns() -> None:
    log = _log(_TEXTS)
    first, _ = log.postings(["etcd", "backup"], reuse=True)
    second, offsets = log.postings(["member", "postgre"], reuse=True)
    assert np.shares_memory(first, second)  # gathered into the log's buffer, not a new array
    assert (second.tolist(), offsets.tolist()) == _expected(log, ["member", "postgre"])
    # Any other caller (another thread, outside the session's lock) gets its own array.
    third, _ = log.postings(["member", "postgre"])
    assert not np.shares_memory(third, second)
    # A longer gather grows the buffer (capacity doubles) and still gives every list.
    longer = _log(_TEXTS * 4)
    terms = ["etcd", "backup", "postgre", "member", "restart"]
    postings, offsets = longer.postings(terms, reuse=True)
    expected = _expected(longer, terms)
    assert (postings.tolist(), offsets.tolist()) == expected


def test_column_codes_written_turn_by_turn_are_the_quantized_rows() -> None:
    log = _log(_TEXTS)
    codes, scales = kernels.quantize_rows(log.embeddings)
    assert log._codes.by_column  # hashing vectors are sparse: kept column by column
    assert np.array_equal(log.codes, codes)
    assert np.array_equal(log.scales, scales)


def test_a_summary_is_the_same_text_however_often_it_is_asked() -> None:
    state = ThreadState.new("etcd-restart", "etcd restart", 0)
    states = [state]
    for turn, text in enumerate(
        ["My cluster runs etcd 3.5 on three nodes.", "What about TLS?", "It must run without root."]
    ):
        state = state.update("user", text, turn + 1)
        states.append(state)
    renamed = ThreadState(
        thread_id="etcd-restart",
        title="another title",
        established=state.established,
        open_questions=state.open_questions,
        user_constraints=state.user_constraints,
    )
    for each in [*states, renamed, *states]:
        assert each.summary() == each._summary(None)
    assert renamed.summary() != state.summary()
    assert "Open: What about TLS?" in state.summary()


def test_blend_headers_are_whole_percentages_summing_to_100() -> None:
    assert Blend(P=1 / 3, C=1 / 3, E=1 / 3, cdr_novelty=False).header() == "34/33/33"
    assert INTENT_BLENDS["DRILL_DOWN"].header() == "30/65/5"
    assert Blend(P=0.305, C=0.645, E=0.05, cdr_novelty=False).header() == "31/64/5"
