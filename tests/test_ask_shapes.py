"""Rule ask-shapes: a turn with no "?" and no question opener still asks when it requests new
output ("Write me a short round-up ...", "ok and rewrite it shorter") or offers a choice between
alternatives in its last clause ("latex sealant or the ones with fibres in"), or when its last
clause or sentence opens, lead words aside, with a question form ("back to the blanket. how do
i join the squares", "FCA then - who books the truck") or with "do"/"am"/"have" and a subject
("..., do i just dump them in": clause asks); on every backend alike, not for statements of a
choice or of progress, not for "4.6 or higher", "do it again", an indirect question ("I don't
know how long it lasts") or a decimal point, not with the rule off; and in the thread such an
ask is a DRILL_DOWN, not a CONTINUE."""

from __future__ import annotations

from types import ModuleType

import pytest

from conftest import REFERENCE, turn_scanner
from multihorizon import Config, Session
from multihorizon.text.lexicon import default_lexicon

ASKS = [
    "Write me a short round-up paragraph for the group chat.",
    "Now draft the 150-word project summary.",
    "now rewrite it shorter",
    "ok and write the reply saying I'll bring them Monday.",
    "Thanks! Summarise that for the newsletter.",
    "latex sealant or the ones with fibres in",
    "and the lock, a d-lock or a chain",
    "wildcard now or wait till xmas",
    "panniers vs a backpack for a laptop",
    "two nodes enough or three",
    # A topic, then what is asked of it; an inversion after "or" wherever it stands.
    "and the valves, presta 44mm enough for deep rims",
    "the fluid, safe with a cat in the house",
    "ok and the tinny thing, same cause",
    "codenames for 7, teams of 3 and 4 or is that unfair",
    "tickets sold on the day only, or can we sell before as well",
    "I could go now or should I wait",
]
NOT_ASKS = [
    "going with the home one then",
    "I'll get the standalone one then, my card has a high limit anyway",
    "find me a house for 3 people rated 4.6 or higher",
    "the alarm chirps every minute or so",
    "brownies or cookies, not sure which",
    "we went with the cheaper one or rather my wife did.",
    "ok add $bibtex_use = 2 to the latexmkrc and run again",
    "the writer made it funny",
    "ok ok ok ok write",
    "Things that help:\n1. Cut caffeine\n2. Try CBT-I, through an app or a therapist",
    "the walls are brick, it's an old terrace",
    "Oh and the rash, it's spreading to her arms now",
    "the bottoms were pretty thick, maybe 2cm",
    "My husband, uh,",
    "Your art's amazing, Caroline. I love how you use it",
    "The tenors are weak, only four of them.",
    "the kitchen table, so I'd find jam all over it",
    "or",
    "",
    "   ",
]


# Clause asks (stop 33): the last clause or sentence opens with a question form.
CLAUSE_ASKS = [
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
CLAUSE_NOT_ASKS = [
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


def test_asks_read_as_questions_on_every_backend(kernels: ModuleType) -> None:
    on, off = _scanner(kernels, True), _scanner(kernels, False)
    for text in ASKS:
        assert on.question(text), text  # type: ignore[attr-defined]
        assert not off.question(text), text  # type: ignore[attr-defined]
    for text in NOT_ASKS:
        assert not on.question(text), text  # type: ignore[attr-defined]


def test_every_backend_agrees_with_the_reference(kernels: ModuleType) -> None:
    scanner, reference = _scanner(kernels, True), _scanner(REFERENCE, True)
    words = ["now", "Write", "or", "more", "so", "ok", "x", "", "é", "\u3000", "vs."]
    marks = [" ", ",", ", ", ".", "  ", "\t"]
    texts = [
        a + m + b + n + c for a in words for m in marks for b in words for n in marks for c in words
    ]
    for text in texts:
        got = scanner.question(text)  # type: ignore[attr-defined]
        assert got == reference.question(text), repr(text)  # type: ignore[attr-defined]


def test_new_shapes_agree_with_the_reference(kernels: ModuleType) -> None:
    scanner, reference = _scanner(kernels, True), _scanner(REFERENCE, True)
    words = ["the", "and", "is", "or", "it", "x", "ok", "uh,", "my,", "x.", "y!"]
    marks = [" ", ", ", ",", "\n"]
    texts = [a + m + b + n + c for a in words for m in marks for b in words for n in marks
             for c in words]  # fmt: skip
    for text in texts + [text + " y" for text in texts]:
        got = scanner.question(text)  # type: ignore[attr-defined]
        assert got == reference.question(text), repr(text)  # type: ignore[attr-defined]


def _replay(config: Config, turn: str) -> str:
    session = Session(config=config)
    session.user("hosting a board game night on saturday, seven people, gamers and non gamers")
    session.assistant("For seven, party games work best: Codenames, Just One or Wavelength.")
    return str(session.classify(turn))


@pytest.mark.parametrize(
    "turn",
    [
        "codenames for seven people or just one for the board game night",
        "Write the board game night invite for seven people.",
        "and the codenames teams, fair for seven people",
        "codenames for seven people, teams of 3 and 4 or is that unfair for the board game night",
    ],
)
def test_an_ask_in_the_thread_drills_down(turn: str) -> None:
    assert _replay(Config(), turn) == "DRILL_DOWN"
    # Rule thread-requests reads "Write the ..." as a request whatever its shape.
    assert _replay(Config(ask_shapes=False, thread_requests=False), turn) == "CONTINUE"
    assert default_lexicon().is_question(turn)
    assert not default_lexicon(ask_shapes=False).is_question(turn)


def test_a_statement_of_choice_still_continues() -> None:
    turn = "going with codenames for the board game night then, seven people"
    assert _replay(Config(), turn) == "CONTINUE"


@pytest.mark.parametrize("size", [10_000, 1_000_000])
def test_a_long_turn_is_read_in_one_pass(size: int) -> None:
    # Four words from the start and the last clause once, whatever the turn's length (the
    # reference's time per character is tests/test_linear_time.py's to bound).
    text = "now " * (size // 8) + "x " * (size // 4) + "or y"
    assert default_lexicon().is_question(text)
    assert not default_lexicon().is_question("or more " * (size // 8))
    assert not default_lexicon().is_question("now " * (size // 4) + "write")
    assert not default_lexicon().is_question("the x, " + "it " * (size // 4))
    assert not default_lexicon().is_question("ok " * (size // 4) + "the x, y")
    assert default_lexicon().is_question("it " * (size // 4) + "or is it")


def test_clause_asks_read_as_questions_on_every_backend(kernels: ModuleType) -> None:
    on, off = _scanner(kernels, True), _scanner(kernels, False)
    for text in CLAUSE_ASKS:
        assert on.question(text), text  # type: ignore[attr-defined]
        assert not off.question(text), text  # type: ignore[attr-defined]
    for text in CLAUSE_NOT_ASKS:
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


def _terrarium_replay(config: Config, turn: str) -> str:
    session = Session(config=config)
    session.user("first time growing a terrarium, closed jar, moss and a fern")
    session.assistant(
        "Add springtails to keep mould down, and mist the glass lightly twice a week."
    )
    return str(session.classify(turn))


def test_a_clause_ask_in_the_thread_drills_down() -> None:
    turn = "springtails arrived in a little tub for the terrarium, do i just dump them in"
    assert _terrarium_replay(Config(), turn) == "DRILL_DOWN"
    assert _terrarium_replay(Config(ask_shapes=False), turn) == "CONTINUE"
    assert default_lexicon().is_question(turn)
    assert not default_lexicon(ask_shapes=False).is_question(turn)
