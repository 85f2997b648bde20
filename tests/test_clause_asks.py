"""Rule ask-shapes, clause asks: a turn with no "?" and no statement end asks when its last
clause or sentence opens, lead words aside, with a question form ("back to the blanket. how do
i join the squares", "FCA then - who books the truck") or with "do"/"am"/"have" and a subject
("..., do i just dump them in"); on every backend alike, not for "do it again", an indirect
question ("I don't know how long it lasts") or a decimal point, not with the rule off; and in
the thread such a follow-up is a DRILL_DOWN, not a CONTINUE."""

from __future__ import annotations

from types import ModuleType

from conftest import REFERENCE, turn_scanner
from multihorizon import Config, Session
from multihorizon.text.lexicon import default_lexicon

ASKS = [
    "back to the blanket. how do i join all the squares together",
    "yeah i scroll my phone for ages before sleeping. how bad is that really",
    "FCA then - who books the truck and where does their responsibility end",
    '"blocks inbound" \u2013 whats the rule syntax for allowing only icmpv6 in',
    '"keep the resistance low" for how long, and when can i start running',
    "springtails arrived in a little tub, do i just dump them in",
    "back to the move, schools in bristol, do we apply to the council",
    "ok, am i doing this right",
    "got the quote. so have they included the vat",
]
NOT_ASKS = [
    "Back to etcd: do it again",
    "I don't know how long it lasts",
    "the gauge reads 3.5 when cold",
    "done. do the same for the other one",
    "pressure is 2.1 - 2.4 bar",
    "ok. and then the rest",
    "it rained all day. we stayed in",
    "tried that. how it works is a mystery.",
]


def _scanner(kernels: ModuleType, on: bool) -> object:
    return turn_scanner(kernels, question_forms=True, question_ends=True, ask_shapes=on)


def test_clause_asks_read_as_questions_on_every_backend(kernels: ModuleType) -> None:
    on, off = _scanner(kernels, True), _scanner(kernels, False)
    for text in ASKS:
        assert on.question(text), text  # type: ignore[attr-defined]
        assert not off.question(text), text  # type: ignore[attr-defined]
    for text in NOT_ASKS:
        assert not on.question(text), text  # type: ignore[attr-defined]


def test_clause_asks_agree_with_the_reference(kernels: ModuleType) -> None:
    scanner, reference = _scanner(kernels, True), _scanner(REFERENCE, True)
    words = ["how", "and", "do", "i", "it", "x", "ok", "3.5", "so,"]
    marks = [" ", ". ", ".", " - ", "-", "\u2014", "! ", ", "]
    texts = [a + m + b + n + c for a in words for m in marks for b in words for n in marks
             for c in words]  # fmt: skip
    for text in texts + [text + " y" for text in texts]:
        got = scanner.question(text)  # type: ignore[attr-defined]
        assert got == reference.question(text), repr(text)  # type: ignore[attr-defined]


def test_a_long_turn_is_read_back_once() -> None:
    size = 1_000_000
    assert default_lexicon().is_question("x " * (size // 4) + ". and how")
    assert not default_lexicon().is_question("x " * (size // 2))
    assert not default_lexicon().is_question("- " * (size // 4) + "x")


def _replay(config: Config, turn: str) -> str:
    session = Session(config=config)
    session.user("first time growing a terrarium, closed jar, moss and a fern")
    session.assistant(
        "Add springtails to keep mould down, and mist the glass lightly twice a week."
    )
    return str(session.classify(turn))


def test_a_clause_ask_in_the_thread_drills_down() -> None:
    turn = "springtails arrived in a little tub for the terrarium, do i just dump them in"
    assert _replay(Config(), turn) == "DRILL_DOWN"
    assert _replay(Config(ask_shapes=False), turn) == "CONTINUE"
    assert default_lexicon().is_question(turn)
    assert not default_lexicon(ask_shapes=False).is_question(turn)
