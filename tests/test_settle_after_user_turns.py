"""After a user turn (no reply just before it, or a peer's) the native settle decides the
turns whose only gates stand for rules that read the reply just before the turn (issue 14,
stop 43): the
report rules', term-questions', echo-clarifications', reply-term-asks' (term-checks',
meaning-asks'), and the slow-path markers of ``settle_data.REPLY_KINDS`` (a request opener,
a check opener, a confirm mark, a term recall, an "also" opener). Each of those rules checks
first that the last turn is an assistant's, so after a user turn none can change the scan's
code. Right after a reply the same turns still go on. Every backend answers the same, and
classify, analyse and user agree with the settle."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon._kernels_py import IntentSettler
from multihorizon.dialogue.intent import INTENTS
from multihorizon.dialogue.settle_data import REPLY_KINDS, detection_gates
from multihorizon.text.lexicon import Marker, default_lexicon

# Conversational-search turns, one after another with no reply between (trec_cast_2019's
# form): each held back by a gate of a reply rule only.
_OPENING = "Tell me about the Neverending Story film."
_AFTER_USER = [
    "What is it about?",  # meaning-asks' gate
    "What do they eat?",  # meaning-asks' gate
    "Tell me more about tiger sharks.",  # REQUEST_OPENER (thread-requests)
    "How do they compare with tigers for being dangerous?",  # REQUEST_OPENER
    "They're in pots on the balcony.",  # a short statement (report-backs, thread-details)
    # TERM_RECALL (term-recalls); not "you mentioned", a re-check opener (rule recheck-asks)
    # whose Marker.PLAIN_CLARIFY stands in every chat
    "What was that film you talked about?",
]


def _session(replied: bool) -> mh.Session:
    session = mh.Session()
    session.user(_OPENING)
    if replied:
        session.assistant(
            "The Neverending Story is a 1984 fantasy film about a boy, Bastian, who reads a "
            "book about Atreyu's quest to save the land of Fantasia from the Nothing."
        )
    return session


def _settle(session: mh.Session, text: str) -> object:
    """The settle as classify's lock-free path calls it, with the session's view."""
    view = session._view
    assert view is not None
    recent, first_turn, final, tool_outputs, codes, _terse, replied = view
    return session._classifier.settle_text(
        text, None, recent, first_turn, tool_outputs, codes != 0, final, codes,
        False, False, replied,
    )  # fmt: skip


def test_the_view_says_whether_the_last_turn_is_a_reply() -> None:
    session = mh.Session()
    assert session._view is not None
    assert not session._view[6]
    session.user(_OPENING)
    assert session._view is not None
    assert not session._view[6]
    session.assistant("It is a 1984 fantasy film.")
    assert session._view is not None
    assert session._view[6]
    session.user("Who directed it?")
    assert session._view is not None
    assert not session._view[6]


def test_after_a_peer_reply_reply_gates_settle_too() -> None:
    # Between peers no rule reads the reply as an assistant's (rule peer-detection).
    config = mh.Config().replace(peer_replies=True)
    for text in _AFTER_USER:
        session = mh.Session(config=config)
        session.user(_OPENING)
        session.assistant("oh i loved that film as a kid, the luckdragon was my favourite")
        assert session._view is not None
        assert not session._view[6]
        settled = _settle(session, text)
        staged = session.analyse(text)[0]
        assert session.classify(text) is staged, text
        assert isinstance(settled, int), text
        assert INTENTS[settled] is staged, text


def test_after_a_user_turn_reply_gates_settle_on_every_backend() -> None:
    previous = kernels.backend()
    answers: dict[str, list[object]] = {}
    try:
        for name in _backend.available():
            kernels.use(name)
            found: list[object] = []
            for replied in (False, True):
                for text in _AFTER_USER:
                    session = _session(replied)
                    settled = _settle(session, text)
                    staged = session.analyse(text)[0]
                    assert session.classify(text) is staged, (name, replied, text)
                    assert session.preview(text).intent is staged, (name, replied, text)
                    if isinstance(settled, int):
                        assert INTENTS[settled] is staged, (name, replied, text)
                        found.append(settled)
                    else:
                        found.append(None)
            answers[name] = found
    finally:
        kernels.use(previous)
    assert len({tuple(found) for found in answers.values()}) == 1, answers
    found = answers["python"]
    after_user, after_reply = found[: len(_AFTER_USER)], found[len(_AFTER_USER) :]
    # After a user turn every one settles; right after a reply each goes on.
    assert all(isinstance(code, int) for code in after_user), after_user
    assert all(code is None for code in after_reply), after_reply


def test_user_turns_in_a_row_get_the_intent_the_whole_way_gives() -> None:
    session = mh.Session()
    for text in [_OPENING, *_AFTER_USER]:
        expected = session.analyse(text)[0]
        assert session.classify(text) is expected, text
        assert session.user(text).intent is expected, text


_REQUEST = 1 << int(Marker.REQUEST_OPENER)


def _reference(reply_kinds: int) -> IntentSettler:
    return IntentSettler(
        default_lexicon().scanner, rules=0, explore_below=0.3, dim=8,
        skip_function_words=False, masks=(_REQUEST, 0, 0, 0, 0), clarify=-1,
        again_phrases=(), switches=(False,) * 9, lengths=(0,) * 7, capitals="", joiners="",
        needles=(), detection=detection_gates(default_lexicon()), reply_kinds=reply_kinds,
    )  # fmt: skip


@pytest.mark.parametrize("name", _backend.available())
@pytest.mark.parametrize("replied", [False, True])
def test_reply_kinds_leave_the_slow_path_only_after_a_user_turn(name: str, replied: bool) -> None:
    previous = kernels.backend()
    try:
        kernels.use(name)
        settler = kernels.IntentSettler(
            default_lexicon().scanner, rules=0, explore_below=0.3, dim=8,
            skip_function_words=False, masks=(_REQUEST, 0, 0, 0, 0), clarify=-1,
            again_phrases=(), switches=(False,) * 9, lengths=(0,) * 7, capitals="",
            joiners="", needles=(), detection=detection_gates(default_lexicon()),
            reply_kinds=_REQUEST,
        )  # fmt: skip
        text = "Tell me more about tiger sharks."
        found = settler.settle(
            text, None, None, False, False, True, True, 31, False, False, replied
        )
        assert isinstance(found, int) is (not replied)
        # Without reply_kinds the marker always sends the turn on.
        plain = _reference(0).settle(text, None, None, False, False, True, True, 31, False, False)
        assert not isinstance(plain, int)
    finally:
        kernels.use(previous)


def test_reply_kinds_are_a_bit_mask() -> None:
    with pytest.raises(ValueError, match="reply_kinds"):
        _reference(-1)
    assert all(0 <= kind < 64 for kind in REPLY_KINDS)
    assert int(Marker.PLAIN_CLARIFY) not in REPLY_KINDS  # split-requests reads any turn


def test_a_long_turn_after_a_user_turn_settles_in_linear_time() -> None:
    session = _session(False)
    text = "tell me more about " + "sharks and tigers " * 55_000
    assert len(text) > 990_000
    assert session.classify(text) is session.analyse(text)[0]
