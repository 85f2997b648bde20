"""Test builders shared by the behaviour tests: a session after a given exchange, and the check
that `classify`, `analyse` and `user` read a turn alike (they take different paths: the
native settle, the staged view, the full turn)."""

from __future__ import annotations

from collections.abc import Sequence

import multihorizon as mh
from multihorizon import _backend, kernels


def session_after(*texts: str, config: mh.Config | None = None) -> mh.Session:
    """A session that has logged ``texts`` in turn: user, assistant, user, ..."""
    session = mh.Session(config=config) if config is not None else mh.Session()
    for index, text in enumerate(texts):
        if index % 2 == 0:
            session.user(text)
        else:
            session.assistant(text)
    return session


def user_turn_reads(session: mh.Session, text: str, intent: mh.Intent) -> mh.Envelope:
    """Log ``text`` after checking that all three paths read it as ``intent``."""
    assert session.classify(text) is session.analyse(text)[0] is intent, text
    envelope = session.user(text)
    assert envelope.intent is intent, text
    return envelope


def intents_by_every_path(session: mh.Session, text: str) -> set[mh.Intent]:
    """The intent of ``text`` by every path; ``Session.user`` last (it logs the turn)."""
    found = {session.classify(text), session.preview(text).intent, session.analyse(text)[0]}
    return found | {session.user(text).intent}


def every_backend_reads(
    exchange: Sequence[str],
    positives: Sequence[str],
    controls: Sequence[str],
    intent: mh.Intent,
    config: mh.Config | None = None,
) -> None:
    """On every backend and by every path, each positive after ``exchange`` reads as
    ``intent`` and no control does."""
    previous = kernels.backend()
    try:
        for name in _backend.available():
            kernels.use(name)
            for text in positives:
                found = intents_by_every_path(session_after(*exchange, config=config), text)
                assert found == {intent}, (name, text)
            for text in controls:
                found = intents_by_every_path(session_after(*exchange, config=config), text)
                assert intent not in found, (name, text)
    finally:
        kernels.use(previous)


def tool_target(session: mh.Session, text: str) -> int | None:
    """The place among the session's outputs (oldest first) of the turn's tool reference."""
    refs = [ref for ref in session.preview(text).references if ref.type == "tool"]
    ids = [entry.entry_id for entry in session.scratch]
    return ids.index(refs[0].scratch_entry) if refs and refs[0].scratch_entry in ids else None
