"""``Session.classify`` settles as ``Session.user``'s intent stage does (issue 14, stop 41): one
``SessionIntent._settled_code`` for both, and the rules whose gates the stage reads itself
(``session_intent._gated_rules_read``: the report rules, the terse gate's, adder-questions
after detection, and rule reply-answers for a statement code the view leaves open) are asked
once the settle's code is final, over the features of the turn's scan. Every turn classify
answers must be the intent ``Session.user`` then gives it: the hand-written files and real
conversations (tool outputs included) are replayed, each user turn classified first.
"""

from __future__ import annotations

import json

import pytest

import multihorizon as mh
from handwritten_corpus import handwritten_files
from multihorizon import session_intent
from multihorizon.dialogue.intent import Intent, intent_for_turn
from shared_data import first_conversations, log_turn

REAL = {"sgd.jsonl": 10, "trec_cast_2019.jsonl": 4, "tiage.jsonl": 8, "dialseg711.jsonl": 6}


def _classified_then_logged(conversations: list[list[dict[str, object]]]) -> tuple[int, int]:
    """Every user turn classified (given embedding and hashed inside) before ``Session.user``
    logs it; the three must agree. Returns (turns, turns classify settled past a gate)."""
    embedder = mh.HashingEmbedder()
    settled = [0]
    gated = session_intent._gated_rules_read

    def counted(*args: object) -> bool:
        read = gated(*args)  # type: ignore[arg-type]
        settled[0] += not read
        return read

    turns = 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(session_intent, "_gated_rules_read", counted)
        for conversation in conversations:
            session = mh.Session(embedder=embedder)
            for turn in conversation:
                text = str(turn["content"])
                if turn["role"] == "user" and text.strip() and not turn.get("speaker"):
                    vector = embedder.embed([text])[0]
                    given = session.classify(text, embedding=vector)
                    hashed = session.classify(text)
                    logged = log_turn(session, turn)
                    assert given == hashed == logged.intent, text  # type: ignore[union-attr]
                    turns += 1
                else:
                    log_turn(session, turn)
    return turns, settled[0]


def test_classify_gives_session_user_s_intent_on_the_hand_written_files() -> None:
    conversations = [
        json.loads(line)["turns"]
        for path in handwritten_files()
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    turns, settled = _classified_then_logged(conversations)
    assert turns > 1000
    assert settled > 100  # the gates let many codes stand (counted in classify and user)


@pytest.mark.data
def test_classify_gives_session_user_s_intent_on_real_conversations() -> None:
    conversations = [list(c["turns"])[:120] for _, c in first_conversations(REAL)]  # type: ignore[call-overload]
    turns, _ = _classified_then_logged(conversations)
    assert turns > 150


def _asked_chat() -> mh.Session:
    session = mh.Session()
    session.user("My sourdough starter smells like nail polish remover, is it dead?")
    session.assistant(
        "It is hungry, not dead: that smell is acetone from a starved culture. Feed it twice "
        "a day at a 1:1:1 ratio for a few days. How warm is your kitchen?"
    )
    return session


def _python_path_calls(session: mh.Session, text: str) -> tuple[Intent, int]:
    called = [0]

    def recorded(*args: object) -> Intent:
        called[0] += 1
        return intent_for_turn(*args)  # type: ignore[arg-type]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(session_intent, "intent_for_turn", recorded)
        found = session.classify(text, embedding=session.embedder.embed([text])[0])
    return found, called[0]


def test_a_short_statement_after_a_reply_is_settled_without_the_python_rules(
    backend: str,
) -> None:
    # Past the terse gate (at most TERSE_CHARS, after a reply): the terse rules and the report
    # rules are asked, none reads it, so the settle's code stands (it took the whole way
    # before stop 41).
    session = mh.Session()
    session.user("My sourdough starter smells like nail polish remover, is it dead?")
    session.assistant(
        "It is hungry, not dead: that smell is acetone from a starved culture. Feed it twice "
        "a day at a 1:1:1 ratio for a few days."
    )
    text = "my landlord raised the rent"
    found, calls = _python_path_calls(session, text)
    assert calls == 0
    assert found is session.user(text).intent is Intent.EXPLORE


@pytest.mark.parametrize(
    "text",
    [
        "about 18 degrees most days",  # answers the reply's question (rule reply-answers)
        "fed it, smells better now",  # a terse report (rule terse-reports)
    ],
)
def test_a_statement_a_gated_rule_reads_takes_the_python_path(backend: str, text: str) -> None:
    session = _asked_chat()
    found, calls = _python_path_calls(session, text)
    assert calls == 1
    assert found is Intent.CONTINUE
    assert session.user(text).intent is Intent.CONTINUE
