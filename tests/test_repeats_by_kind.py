"""Stop 40's repeats by kind and by object (issue 15 item 1, the lists40 session): "write a
similar one to the letting agent" is an action reference to the request that made the letter
(rule similar-repeats), "the tflint thing again but for errors" repeats the question that
named tflint, not an older request that names nothing (rule repeats-named-questions), "redo
the disk check" targets the request, not the run's output (rule repeat-runs), "now do the
staging deploy again" is a repeat request (rule object-repeats); ordinals
naming an earlier list by its noun and items named by a word of theirs (controls, already
resolved); with the floor of ``lists_holdout40.jsonl``, written before any of it."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from multihorizon.dialogue.repeat_runs import again_end
from multihorizon.dialogue.similar_repeats import similar_asks
from multihorizon.evaluation import evaluate
from timing import best_seconds

DATA = Path(__file__).parent / "data" / "handwritten"


def _session(history: list[tuple[str, str]], config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config or mh.Config(antecedents=True))
    for role, text in history:
        session.user(text) if role == "user" else session.assistant(text)
    return session


def _reference(
    history: list[tuple[str, str]], query: str, kind: str, config: mh.Config | None = None
) -> tuple[int | None, str | None]:
    envelope = _session(history, config).user(query)
    found = [(ref.target_turn, ref.item) for ref in envelope.references if ref.type == kind]
    return found[0] if found else (None, None)


# ---- similar-repeats ---------------------------------------------------------------------------

_NOTICE = [
    ("user", "Could you draft a note to the allotment committee asking to move the compost bays?"),
    ("assistant", "Dear committee, could we discuss moving the compost bays nearer the gate? Jo"),
    ("user", "Is the committee allowed to charge for compost?"),
    ("assistant", "Usually yes, if the constitution lets it set charges for shared materials."),
]


@pytest.mark.parametrize(
    "query",
    [
        "Could you write a similar one to the water board about the leaking trough?",
        "and something along those lines for the parish council",
        "Great. Now one along the same lines to the treasurer, asking for the accounts.",
        "pls do something similar for the site rep",
    ],
)
def test_a_similar_one_repeats_the_request_that_made_the_message(query: str) -> None:
    assert _reference(_NOTICE, query, "action")[0] == 0


def test_without_the_rule_a_similar_one_is_no_reference() -> None:
    off = mh.Config(antecedents=True, similar_repeats=False)
    query = "Could you write a similar one to the water board about the leaking trough?"
    assert _reference(_NOTICE, query, "action", off) == (None, None)


@pytest.mark.parametrize(
    "query",
    [
        "I wrote a similar one last year and nobody answered.",
        "is there something similar for a smaller plot?",
        "we had a similar one at our old site",
        "Our neighbours sent something similar in March, with no reply.",
    ],
)
def test_a_similar_thing_that_asks_for_nothing_is_no_repeat(query: str) -> None:
    assert _reference(_NOTICE, query, "action") == (None, None)


def test_the_check_reads_the_sentence_before_and_a_few_words_after() -> None:
    text = "Thanks. And something similar for the council?"
    start = text.index("something similar")
    assert similar_asks(text, start, start + len("something similar"))
    text = "Thanks. And something similar, I guess, would be nice"
    start = text.index("something similar")
    assert not similar_asks(text, start, start + len("something similar"))


@pytest.mark.timed
def test_the_check_reads_a_long_turn_in_linear_time() -> None:
    def seconds(size: int) -> float:
        text = "and " * size + "something similar" + " for" * size
        start = text.index("something similar")
        end = start + len("something similar")
        return best_seconds(lambda: similar_asks(text, start, end))

    small, large = seconds(10_000), seconds(400_000)
    assert large < 30 * max(small, 0.001), (small, large)


# ---- repeats-named-questions -------------------------------------------------------------------

_INFRA = [
    ("user", "write a terraform command to plan the staging workspace with staging.tfvars"),
    ("assistant", "terraform workspace select staging && terraform plan -var-file=staging.tfvars"),
    ("user", "unrelated, how do i make tflint fail the ci job on warnings"),
    ("assistant", "Run tflint --minimum-failure-severity=warning; it exits non-zero on any."),
    ("user", "ok added it, the job fails now on an unused variable"),
    ("assistant", "Good, remove the variable or use it and the job will pass."),
]


@pytest.mark.parametrize(
    "query",
    ["ok the tflint thing again but for errors only", "the tflint one again with notices"],
)
def test_a_repeat_naming_its_object_takes_the_question_that_named_it(query: str) -> None:
    assert _reference(_INFRA, query, "action")[0] == 2


def test_without_the_rule_the_older_request_is_taken() -> None:
    off = mh.Config(antecedents=True, repeats_named_questions=False)
    query = "ok the tflint thing again but for errors only"
    assert _reference(_INFRA, query, "action", off)[0] == 0


def test_a_repeat_naming_nothing_is_unchanged() -> None:
    # "do it again for prod" names no object: the walk as before (the plan request).
    assert _reference(_INFRA, "do it again for prod", "action")[0] == 0


# ---- repeat-runs and object-repeats ----------------------------------------------------------


def _ops(config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config or mh.Config(antecedents=True))
    session.user("Please run the nightly sync of the photo archive to the cold bucket.")
    session.tool_output("rclone", "Transferred: 1,204 files, 38.2 GiB\nErrors: 0", args={})
    session.assistant("The sync finished: 1,204 files copied with no errors.")
    session.user("Also check how full the /srv volume is.")
    session.tool_output("df", "Filesystem Size Used Avail Use%\n/dev/sdb1 4.0T 3.1T 78%", args={})
    session.assistant("/srv is 78 percent full.")
    session.user("Is 78 percent a level I should worry about?")
    session.assistant("Not yet; plan to add space before it passes 85 percent.")
    return session


def _kinds(session: mh.Session, query: str) -> list[tuple[str, int | None]]:
    return [(ref.type, ref.target_turn) for ref in session.preview(query).references]


def test_a_repeat_request_keeps_the_request_not_the_run_it_names() -> None:
    assert _kinds(_ops(), "redo the disk check as well please") == [("action", 2)]


def test_without_the_rule_the_run_is_a_tool_reference_too() -> None:
    off = mh.Config(antecedents=True, repeat_runs=False)
    assert ("tool", 2) in _kinds(_ops(off), "redo the disk check as well please")


def test_a_question_about_the_run_before_the_repeat_stays() -> None:
    kinds = _kinds(_ops(), "what did the disk check say? redo it")
    assert [kind for kind, _ in kinds] == ["action", "tool"]


@pytest.mark.parametrize(
    ("query", "turn"),
    [
        ("now do the photo sync again", 0),
        ("ok now do the disk check once more", 2),
        ("Now do the archive sync again for the videos folder", 0),
    ],
)
def test_now_do_its_object_again_is_a_repeat_request(query: str, turn: int) -> None:
    assert _reference_in(_ops(), query) == turn


def _reference_in(session: mh.Session, query: str) -> int | None:
    found = [ref.target_turn for ref in session.preview(query).references if ref.type == "action"]
    return found[0] if found else None


@pytest.mark.parametrize(
    "query", ["now do the dishes", "I now do the sync again every night", "now do the sync"]
)
def test_now_do_with_no_again_or_after_a_subject_is_no_repeat(query: str) -> None:
    assert _reference_in(_ops(), query) is None


def test_without_the_rule_now_do_before_a_stopword_is_no_repeat() -> None:
    off = mh.Config(antecedents=True, object_repeats=False)
    assert _reference_in(_ops(off), "now do the photo sync again") is None


def test_the_again_is_read_in_its_sentence_only() -> None:
    assert again_end("now do the sync again", 6) == len("now do the sync again")
    assert again_end("now do the sync. Then again, maybe not", 6) == -1
    assert again_end("now do the a b c d e f g again", 6) == -1  # past the reach


@pytest.mark.timed
def test_the_again_is_read_in_linear_time() -> None:
    def seconds(size: int) -> float:
        text = "now do" + " x" * size + " again"
        return best_seconds(lambda: again_end(text, 6))

    small, large = seconds(10_000), seconds(400_000)
    assert large < 30 * max(small, 0.001), (small, large)


# ---- controls: ordinals over two lists ---------------------------------------------------------

_FLAMENCO = [
    ("user", "started flamenco guitar, which palos should i learn first"),
    (
        "assistant",
        "Good starter palos:\n1. Tangos, a 4-beat rhythm\n2. Sevillanas, short fixed verses\n"
        "3. Soleá, the 12-beat compás\n4. Bulerías, fast and playful",
    ),
    ("user", "and how do i practise the right hand"),
    (
        "assistant",
        "Work on three techniques:\n- Rasgueado, the fingers flicking out\n- Picado, "
        "alternating index and middle\n- Alzapúa, the thumb striking down and up",
    ),
]


@pytest.mark.parametrize(
    ("query", "wanted"),
    [
        ("the second palo, is it hard?", (1, "Sevillanas, short fixed verses")),
        ("the thumb one, like slap bass?", (3, "Alzapúa, the thumb striking down and up")),
        ("the last one, any exercise for it?", (3, "Alzapúa, the thumb striking down and up")),
    ],
)
def test_an_ordinal_or_a_named_item_picks_its_list(query: str, wanted: tuple) -> None:
    assert _reference(_FLAMENCO, query, "ordinal") == wanted


# ---- hold-out floor ----------------------------------------------------------------------------
# lists_holdout40 (11 conversations, 80 probes, 44 references, controls), written before any
# code of the lists40 session: first run (its branch point) references acc@1 0.795 (action
# 8/13, ordinal 26/29), items 24/29, intent 0.811; end run acc@1 0.841 (action 10/13), items
# 24/29, intent 0.849. Not clean at the end: a regression diff printed its misses once mid-way
# (see the CHANGELOG). The floors sit a little below the end run.
ACC_FLOOR = 0.82
ITEM_FLOOR = 0.80


def test_lists_holdout40_floor() -> None:
    found = evaluate(DATA / "lists_holdout40.jsonl", "references").ours
    assert found["acc_at_1"] >= ACC_FLOOR
    assert found["item_accuracy"] >= ITEM_FLOOR


# ---- the rules' on/off observers (tests/test_rules.py) -----------------------------------------


def _observe_similar_repeat(config: mh.Config) -> object:
    query = "Could you write a similar one to the water board about the leaking trough?"
    return _reference(_NOTICE, query, "action", config)


def _observe_named_question(config: mh.Config) -> object:
    return _reference(_INFRA, "ok the tflint thing again but for errors only", "action", config)


def _observe_repeat_run(config: mh.Config) -> object:
    return _kinds(_ops(config), "redo the disk check as well please")


def _observe_object_repeat(config: mh.Config) -> object:
    return _reference_in(_ops(config), "now do the photo sync again")


OBSERVERS = {
    "similar-repeats": _observe_similar_repeat,
    "repeats-named-questions": _observe_named_question,
    "repeat-runs": _observe_repeat_run,
    "object-repeats": _observe_object_repeat,
}
