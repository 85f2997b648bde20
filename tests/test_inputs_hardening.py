"""Every bad input gets a typed error naming it; accepted text is always valid UTF-8 (#18)."""

from __future__ import annotations

from typing import Any

import pytest

import multihorizon as mh
from multihorizon.inputs import check_name
from multihorizon.persist.stores import MemoryStore, RedisStore


def _encodes(value: Any) -> None:
    if isinstance(value, str):
        value.encode("utf-8")  # raises on a lone surrogate
    elif isinstance(value, dict):
        for key, item in value.items():
            _encodes(key)
            _encodes(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _encodes(item)


def test_lone_surrogates_are_replaced_and_every_output_encodes() -> None:
    session = mh.Session()
    envelope = session.user("tls \ud800 config", speaker="al\udfffice")
    session.assistant("use \udc80 certs")
    session.tool_output("probe", "handshake \ud83d failed")
    assert session.turns[0].content == "tls \ufffd config"
    assert session.turns[0].speaker == "al\ufffdice"
    again = session.user("what about the tls config?")
    for result in (envelope, again):
        _encodes(result.headers)
        _encodes([item.content for item in result.items])
        _encodes(repr(result))
    assembled = mh.ContextAssembler().session("t/chat")
    context = assembled.user("tls \ud800 config")
    assembled.tool_output("probe", "handshake \ud83d failed")
    context = assembled.user("and the handshake?")
    _encodes(context.render())
    _encodes(context.messages())
    _encodes(dict(context.headers))


@pytest.mark.parametrize("bad", [-1, 1.5, True, "3", None])
def test_token_counter_answers_must_be_non_negative_ints(bad: object) -> None:
    assembler = mh.ContextAssembler(token_counter=lambda text: bad)
    with pytest.raises(mh.InputError, match="token_counter: expected a non-negative int"):
        assembler.session("t/chat").user("hello there, how do I configure etcd?")


def test_token_counter_must_be_callable() -> None:
    with pytest.raises(mh.InputError, match="token_counter"):
        mh.ContextAssembler(token_counter=3)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["victim/secret\n", "secret\n", "a b", "", "x" * 129, "../x"])
def test_names_are_full_matches(name: str) -> None:
    with pytest.raises(mh.InputError):
        check_name(name, "session_id")
    with pytest.raises(mh.InputError):
        MemoryStore().save("t", name, b"head", first_turn=0, expected_version=0)


@pytest.mark.parametrize("session_id", ["a b", "victim/secret\n", "t/", "/x", "x\n", 7])
def test_session_ids_the_assembler_refuses_are_refused(session_id: Any) -> None:
    with pytest.raises(mh.InputError, match="session_id"):
        mh.Session(session_id=session_id)


def test_good_session_ids_are_kept() -> None:
    assert mh.Session(session_id="tenant/conv").session_id == "tenant/conv"
    assert mh.Session(session_id="conv-1").session_id == "conv-1"


def test_redis_url_errors_are_typed() -> None:
    pytest.importorskip("redis")
    with pytest.raises(mh.InputError, match="url"):
        RedisStore("not-a-url")
