"""Reference targets of the refs7 stop (issue 15 item 1; rules holder-antecedents,
repeat-siblings, repeat-products, introduced-outputs, coded-demonstratives, later-outputs):
each form in several phrasings, with its rule off and on; and the stop's hand-written sets.

``tests/data/handwritten/refs_holdout7`` (12 conversations, 92 reference probes, domains no
other file uses) was written before any code change of the stop and scored once at its start
and once at its end, its misses unread until then; ``refs_tune7`` (6 conversations, 39
reference probes, other domains) was written after that first run and tuned on, with the
misses of refs_holdout4/3, audit_holdout5 and refs_tune5/3 (``tools/reference_report.py``):

    set            acc@1 first / end   tool           demonstrative  entity         action
    refs_holdout7  0.620 / 0.641       0.833 / 0.833  0.500 / 0.550  0.576 / 0.606  0.333 / 0.333
    refs_tune7     0.487 / 0.692       (tuned on; first at main's rules)
    refs_holdout4  0.583 / 0.698       0.649 / 0.676  0.571 / 0.667  0.559 / 0.706  0.250 / 1.000
    refs_holdout3  0.832 / 0.871       audit_holdout5 0.774 / 0.806  refs_tune5 0.771 / 0.792

Tool target of the logged turns (``tools/handwritten_report.py``): refs_holdout7 0.929 /
0.929, refs_tune7 0.600; intent refs_holdout7 0.754 / 0.754, refs_tune7 0.783. Floors a
little under.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon.evaluation import evaluate

REFS7_FLOORS = {"refs_holdout7.jsonl": (0.62, 0.90), "refs_tune7.jsonl": (0.67, 0.55)}


@pytest.mark.parametrize("name", sorted(REFS7_FLOORS))
def test_the_refs7_sets_meet_their_floors(name: str) -> None:
    target, tool = REFS7_FLOORS[name]
    path = Path(__file__).parent / "data" / "handwritten" / name
    assert evaluate(path, "references").ours["acc_at_1"] >= target
    figures, _ = score(path)
    assert figures["tool_target_accuracy"] >= tool, figures


def _pet_care(config: mh.Config) -> mh.Session:
    """Advice in three replies; the user's second turn is no question, so the reply after it
    answered nothing (rule detail-antecedents does not act)."""
    session = mh.Session(config=config)
    session.user("We just adopted two guinea pigs, total beginners here.")
    session.assistant(
        "Give them unlimited timothy hay and a cup of romaine or bell peppers a day for "
        "vitamin C; they cannot make their own."
    )
    session.user("Housing next, we have a spare corner in the living room.")
    session.assistant(
        "A C&C cage of at least 2 by 5 grids, with a hidey for each pig and fleece liners "
        "over absorbent pads."
    )
    session.user("Got it, thanks.")
    session.assistant("Weigh them weekly too: a drop of 50 g or more means a vet visit.")
    return session


@pytest.mark.parametrize(
    ("text", "turn"),
    [
        ("is iceberg lettuce ok too or only romaine?", 1),
        ("Do bell peppers have to be red?", 1),
        ("how many grids if we get a third one", 3),
        ("whats a hidey exactly?", 3),
        ("Are timothy hay cubes okay instead of loose hay?", 1),
    ],
)
def test_a_question_on_an_earlier_replys_words_is_that_reply(text: str, turn: int) -> None:
    def first(config: mh.Config) -> int:
        return _pet_care(config).preview(text).antecedents[0]

    on = mh.Config(antecedents=True)
    assert first(on) == turn, text
    # Rules detail-holders, term-origins and clarify-targets ("whats a hidey exactly?") reach
    # the same reply: off too, to see this rule.
    off = on.replace(
        holder_antecedents=False, detail_holders=False, term_origins=False, clarify_targets=False
    )
    assert first(off) == 5, text


@pytest.mark.parametrize(
    "text",
    [
        "How often should I weigh them?",  # the turn before said it
        "Is that normal?",  # a demonstrative: what was just said
        "Can they eat it every day?",  # a pronoun: the topic's chain
        "What do they like?",  # no word any reply said
    ],
)
def test_the_turn_before_stays_first(text: str) -> None:
    assert _pet_care(mh.Config(antecedents=True)).preview(text).antecedents[0] == 5, text


def test_a_reply_that_offers_keeps_the_question() -> None:
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("Find me some pop songs.")
    session.assistant("Pop songs from the charts are a good start.")
    session.user("Something upbeat please.")
    session.assistant("How about Judas by Lady Gaga from the album Born This Way?")
    assert session.preview("Any other pop songs?").antecedents[0] == 3


def _science_fair(config: mh.Config) -> mh.Session:
    """Two requests that made something, then a question about the board, answered by a
    reply listing the board's panels."""
    session = mh.Session(config=config)
    session.user("My daughter tests whether salt water slows seeds sprouting.")
    session.assistant("Use 0, 1, 2 and 5% salt and count sprouted seeds daily.")
    session.user("Write the hypothesis for her board.")
    session.assistant("If seeds get saltier water, then fewer will sprout.")
    session.user("What should the board look like?")
    session.assistant(
        "Three panels: question and hypothesis on the left, method and photos in the "
        "middle, the results graph and conclusion on the right."
    )
    return session


@pytest.mark.parametrize(
    "text",
    [
        "Same again for the conclusion once she has results.",
        "Now do the same for the method.",
        "And again for the conclusion please.",
    ],
)
def test_a_repeat_naming_a_listed_sibling_repeats_the_siblings_request(text: str) -> None:
    def target(config: mh.Config) -> list[int | None]:
        envelope = _science_fair(config).preview(text)
        return [ref.target_turn for ref in envelope.references if ref.type == "action"][:1]

    on = mh.Config()
    assert target(on) == [2], text
    # Rule repeat-slots passes over the question too: observed without it.
    assert target(on.replace(repeat_siblings=False, repeat_slots=False)) == [4], text


def test_a_repeat_of_a_request_keeps_it() -> None:
    session = _science_fair(mh.Config())
    session.user("Make a title for the board.")
    session.assistant("Salty Seeds: Does Salt Stop Sprouting?")
    envelope = session.preview("Same again for the conclusion.")
    assert [ref.target_turn for ref in envelope.references if ref.type == "action"] == [6]


def _quiz(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Give me five pub quiz questions on 90s music.")
    session.assistant(
        "1. Who sang Wannabe? 2. Which band made Wonderwall? 3. Who was Nirvana's singer?"
    )
    session.user("How many rounds should a two-hour quiz have?")
    session.assistant("Six rounds of ten questions, with a break after the third.")
    return session


@pytest.mark.parametrize(
    ("text", "off"),
    [
        ("More like these but about 80s films.", 2),
        ("Give me three more, harder this time.", 0),  # "give" names the request too
        ("Now one for the sport round.", 2),
        ("Give me a few more on 70s disco.", 0),
        ("Do one for the picture round too.", 2),
        ("Some more like those on 80s films?", 2),
    ],
)
def test_a_repeat_asking_for_more_repeats_the_request_that_made_it(text: str, off: int) -> None:
    def target(config: mh.Config) -> list[int | None]:
        envelope = _quiz(config).preview(text)
        return [ref.target_turn for ref in envelope.references if ref.type == "action"]

    on = mh.Config()
    assert target(on) == [0], text
    # Rule repeat-slots passes over the question too: observed without it.
    assert target(on.replace(repeat_products=False, repeat_slots=False)) == [off], text
    assert mh.Session().classify(text) == mh.Session().preview(text).intent


def _gc_session(config: mh.Config) -> tuple[mh.Session, str]:
    """A GC log, then a reply that repeats its words (the reply is their latest mention)."""
    session = mh.Session(config=config)
    session.user("Our Spring service freezes for a second every few minutes.")
    session.assistant("Turn on GC logging and check the pause times.")
    entry = session.tool_output(
        "gc_log",
        "GC(89) Pause Young (G1 Humongous Allocation) 95.7ms\nGC(90) To-space exhausted\n"
        "GC(91) Pause Full (G1 Compaction Pause) 1874.6ms",
    )
    session.assistant(
        "GC(91) is a full compaction pause of 1.9 s after to-space was exhausted, caused "
        "by humongous allocations."
    )
    return session, entry.entry_id


@pytest.mark.parametrize(
    "text",
    [
        "That to-space exhausted line, what does it mean?",
        "Those humongous allocations, where do they come from?",
        "This compaction, can I avoid it?",
    ],
)
def test_a_demonstrative_an_output_said_first_is_that_output(text: str) -> None:
    def entries(config: mh.Config) -> list[str | None]:
        session, _ = _gc_session(config)
        return [ref.scratch_entry for ref in session.preview(text).references]

    on = mh.Config()
    _, entry = _gc_session(on)
    assert entries(on)[:1] == [entry], text
    assert entry not in entries(on.replace(introduced_outputs=False)), text


def test_a_demonstrative_the_user_said_first_stays_with_the_turn() -> None:
    session, entry = _gc_session(mh.Config())
    # "freezes" was the user's word before the log said anything.
    envelope = session.preview("That freeze, is it the full pause?")
    assert entry not in [ref.scratch_entry for ref in envelope.references]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("This SIGABRT, does it always mean an exception?", True),
        ("Is this SIGABRT from the sign-in button?", True),
        ("That thread, which one is it?", False),  # a plain word: the turn that said it
    ],
)
def test_a_demonstrative_written_as_code_is_the_output_holding_it(text: str, named: bool) -> None:
    def entries(config: mh.Config) -> tuple[list[str | None], str]:
        session = mh.Session(config=config)
        session.user("Our iPad app crashes on sign in, here is the crash log.")
        entry = session.tool_output(
            "crash_log", "Exception Type: EXC_CRASH (SIGABRT)\nThread 0 crashed"
        )
        session.assistant("It aborts inside the sign-in controller.")
        found = [ref.scratch_entry for ref in session.preview(text).references]
        return found, entry.entry_id

    found, entry = entries(mh.Config())
    assert (found[:1] == [entry]) is named, text
    # Rule summed-output-values names the log too for "which one" of its single "Thread 0".
    found, entry = entries(mh.Config(coded_demonstratives=False, summed_output_values=False))
    assert entry not in found, text


@pytest.mark.parametrize(
    "text",
    [
        "Did the latest run still have the empty file error?",
        "Is the empty file error still in the log now?",
        "In the rerun, was there an empty file error?",
    ],
)
def test_a_question_on_the_newest_run_names_the_newest_output(text: str) -> None:
    def entries(config: mh.Config) -> tuple[list[str | None], str]:
        session = mh.Session(config=config)
        session.user("My CI keeps failing, here is the log.")
        session.tool_output("ci_log", "ERROR test_empty_file - FileNotFoundError: empty.txt")
        session.assistant("The empty file fixture is missing.")
        session.user("Added it and pushed again.")
        newest = session.tool_output("ci_log", "ERROR test_unicode_names - AssertionError")
        session.assistant("Only the unicode test fails now.")
        return [ref.scratch_entry for ref in session.preview(text).references], newest.entry_id

    found, newest = entries(mh.Config())
    assert newest in found[:1], text
    found, newest = entries(mh.Config(later_outputs=False, named_runs=False))  # names it too
    assert newest not in found[:1], text
