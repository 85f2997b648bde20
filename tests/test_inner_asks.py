"""Rule ask-shapes, stop 34 (followq14): a turn with no "?" asks when a wh-word follows a topic
inside its opening clause ("gutter brackets what spacing, mine sag": inner asks) or when it is
only "and" and a topic ("and the gutters": fragments); a turn opening with "did" and no subject
after it reports a thing done ("did the gutters on saturday, no leaks") and asks nothing. On
every backend alike; not for indirect questions ("cant remember which"), embedded clauses
("cars is what i spend everything on"), "did you ..." or a spoken trail-off ("And the kids,");
not with the rule off; in the thread an inner ask is a DRILL_DOWN and a done report a
CONTINUE."""

from __future__ import annotations

from types import ModuleType

from conftest import REFERENCE, turn_scanner
from multihorizon import Config, Session
from multihorizon.text.lexicon import default_lexicon

ASKS = [
    "gutter brackets what spacing, mine sag in the middle",
    "the downpipe how do i cut it without a mitre saw",
    "stage 2 is how many weeks",
    "sealant where on the joint, inside or out",
    "and the fascia which paint",
    "and the gutters",
    "And the soffits",
]
NOT_ASKS = [
    "bought the brackets online, no idea which",
    "gutter guards i forget which",
    "cars is what i spend everything on",
    "rented them in the village, forget where exactly",
    "this is how we did it last year",
    "from what I hear that might be harder",
    "the kids know how to do it already",
    "sounds like a place where I grew up",
    "And the kids,",
    "and the",
    "and the back gutter",
    "the roof is fine. how it leaks is a mystery.",
    "did the gutters on saturday, no leaks so far",
    "did 20 metres of downpipe in an afternoon",
    "Did the first coat. Drying now",
    "here's how the gutter looks",
    "here\u2019s how the gutter looks",  # a curly apostrophe stops as a straight one does
]
STILL_ASKS = [
    "did you clear the gutters first",
    "did anyone ever fix that",
    "Did, did you play a strong role in it",
    "did the gutters leak?",
    "did y'all fix it",
    "did y\u2019all fix it",
]


def _scanner(kernels: ModuleType, on: bool) -> object:
    return turn_scanner(kernels, question_forms=True, question_ends=True, ask_shapes=on)


def test_inner_asks_and_reports_on_every_backend(kernels: ModuleType) -> None:
    on, off = _scanner(kernels, True), _scanner(kernels, False)
    for text in ASKS:
        assert on.question(text), text  # type: ignore[attr-defined]
        assert not off.question(text), text  # type: ignore[attr-defined]
    for text in NOT_ASKS:
        assert not on.question(text), text  # type: ignore[attr-defined]
    for text in STILL_ASKS:
        assert on.question(text), text  # type: ignore[attr-defined]
    # With the rule off a "did" opener asks, as SPEC-028 §5.2's auxiliary opener does.
    assert off.question("did the gutters on saturday, no leaks so far")  # type: ignore[attr-defined]


def test_new_shapes_agree_with_the_reference(kernels: ModuleType) -> None:
    scanner, reference = _scanner(kernels, True), _scanner(REFERENCE, True)
    words = ["did", "and", "the", "what", "how", "i", "know", "ok", "x", "x,", "y.", "é"]
    marks = [" ", ", ", ". ", "\n"]
    texts = [a + m + b + n + c for a in words for m in marks for b in words for n in marks
             for c in words]  # fmt: skip
    for text in texts + [text + " y" for text in texts] + ["x y z w " + text for text in texts]:
        got = scanner.question(text)  # type: ignore[attr-defined]
        assert got == reference.question(text), repr(text)  # type: ignore[attr-defined]


def test_a_long_turn_is_read_from_its_start() -> None:
    size = 1_000_000
    lexicon = default_lexicon()
    assert lexicon.is_question("x what " + "y " * (size // 2))
    assert not lexicon.is_question("x " * (size // 2) + "what y")
    assert not lexicon.is_question("did x " + "y " * (size // 2) + ".")
    assert lexicon.is_question("and the " + "x" * size)
    assert not lexicon.is_question("and the x " + "y " * (size // 2))


def _replay(config: Config, turn: str) -> str:
    session = Session(config=config)
    session.user("our gutters overflow at the back of the house when it rains hard, what to do")
    session.assistant(
        "Clear the gutters and the downpipe first, then check the gutter brackets: they should "
        "be no more than a metre apart so the gutter keeps its fall towards the downpipe."
    )
    return str(session.classify(turn))


def test_an_inner_ask_drills_down_and_a_done_report_continues() -> None:
    ask = "gutter brackets what spacing for the back gutter, mine sag"
    assert _replay(Config(), ask) == "DRILL_DOWN"
    assert _replay(Config(ask_shapes=False), ask) == "CONTINUE"
    report = "did the downpipe and the back gutter, water runs through now"
    assert _replay(Config(), report) == "CONTINUE"
    assert _replay(Config(ask_shapes=False), report) == "DRILL_DOWN"
