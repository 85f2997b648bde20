"""A scratch entry's argument text is made once per entry, not per entry per turn (issue 14):
``tool_references`` reads it for every entry at every turn, and an entry never changes in
place (the buffer holds a JSON copy of the arguments)."""

from __future__ import annotations

from typing import Any

import multihorizon as mh
from multihorizon.dialogue import entry_texts
from multihorizon.tiers.scratch import ScratchBuffer


class _CountingArgs(dict[str, Any]):
    """A dict that counts how often its items are read."""

    reads = 0

    def items(self) -> Any:
        type(self).reads += 1
        return super().items()


def _plain(args: dict[str, Any]) -> str:
    return " ".join(f"{key} {value}" for key, value in args.items() if isinstance(value, str | int))


def test_an_entrys_argument_text_is_read_once() -> None:
    args = _CountingArgs(host="db-01", port=5432, verbose=True, ratio=0.5)
    _CountingArgs.reads = 0
    first = entry_texts.args_text(args)
    again = entry_texts.args_text(args)
    assert first == again == "host db-01 port 5432 verbose True"
    assert _CountingArgs.reads == 1


def test_each_entry_has_its_own_text() -> None:
    buffer = ScratchBuffer()
    texts = {}
    for host in ("alpha", "beta", "gamma"):
        entry = buffer.add(tool="ping", output="ok", turn_id=0, args={"host": host})
        texts[host] = entry_texts.args_text(entry.tool_call_args)
    assert texts == {"alpha": "host alpha", "beta": "host beta", "gamma": "host gamma"}
    for entry in buffer:
        assert entry_texts.args_text(entry.tool_call_args) == _plain(dict(entry.tool_call_args))


def test_the_held_texts_are_bounded() -> None:
    for serial in range(entry_texts.HELD + 10):
        assert entry_texts.args_text({"n": serial}) == f"n {serial}"
        assert len(entry_texts._TEXTS) <= entry_texts.HELD


def test_a_session_names_the_entry_by_its_arguments() -> None:
    session = mh.Session(embedder=mh.HashingEmbedder())
    session.user("check the servers for me")
    session.assistant("Running the checks now.")
    frontend = session.tool_output("ping", "64 bytes: time=0.4 ms", args={"host": "frontend"})
    session.tool_output("ping", "64 bytes: time=9.8 ms", args={"host": "database"})
    session.assistant("Both answered.")
    for _ in range(2):  # the second plan reads the held texts
        envelope = session.plan("what did the frontend ping return?").envelope
        targets = [ref.scratch_entry for ref in envelope.references if ref.type == "tool"]
        assert targets == [frontend.scratch_id]
