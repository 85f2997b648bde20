"""Reference targets in people's words (issue 15 item 1, rules tool-output-nouns,
fresh-output-questions, detail-antecedents, repeat-variations): each form in several
phrasings, resolved to the output, reply or request it means, with ``Session.classify``
agreeing with the turn path."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon.evaluation import evaluate


def _two_outputs(*, answered: bool) -> tuple[mh.Session, str, str]:
    """A session with a failing test run, then a diff of the setup file (the newest); rule
    fresh-output-questions on."""
    session = mh.Session(config=mh.Config(antecedents=True, fresh_output_questions=True))
    session.user("Half our Jest tests fail after upgrading Node. Run the suite.")
    tests = session.tool_output(
        "jest",
        "FAIL src/api/client.test.ts\n  TypeError: fetch is not a function\n"
        "Tests: 14 failed, 212 passed, 226 total\nTime: 38.2 s",
    )
    session.assistant("fetch is not a function in the client test: the polyfill is gone.")
    session.user("Show me what changed in the test setup.")
    diff = session.tool_output(
        "git_diff", "--- a/jest.setup.ts\n+++ b/jest.setup.ts\n-import 'whatwg-fetch';\n-TZ=UTC"
    )
    if answered:
        session.assistant("The setup no longer imports the polyfill or pins the time zone.")
    return session, tests.entry_id, diff.entry_id


def _tool_entries(envelope: mh.Envelope) -> list[str | None]:
    return [ref.scratch_entry for ref in envelope.references if ref.type == "tool"]


@pytest.mark.parametrize(
    ("text", "which"),
    [
        ("Which import does the diff drop?", "diff"),
        ("What did the test run report for the client test?", "tests"),
        ("How long did the test run take according to the jest output?", "tests"),
        ("Which lines does the diff remove?", "diff"),
        ("That stack trace, which file does it point to?", "tests"),
        ("What's the error in the client test?", "tests"),
    ],
)
def test_an_output_named_by_its_kind_is_that_output(text: str, which: str) -> None:
    session, tests, diff = _two_outputs(answered=True)
    envelope = session.preview(text)
    assert _tool_entries(envelope)[:1] == [tests if which == "tests" else diff], text
    assert envelope.intent is mh.Intent.TOOL_REFERENCE
    assert session.classify(text) is envelope.intent


@pytest.mark.parametrize(
    "text",
    [
        "Which role is it using?",
        "So the import is gone?",
        "Is that everything it changed?",
        "Did it touch the lockfile too?",
    ],
)
def test_a_question_right_after_an_output_is_about_it(text: str) -> None:
    session, _, diff = _two_outputs(answered=False)
    envelope = session.preview(text)
    assert _tool_entries(envelope)[:1] == [diff], text
    assert envelope.intent is mh.Intent.TOOL_REFERENCE
    assert session.classify(text) is mh.Intent.TOOL_REFERENCE


@pytest.mark.parametrize(
    "text", ["Which role is it using?", "Did it touch anything else?", "How do I fix it?"]
)
def test_once_something_was_said_after_an_output_a_bare_question_is_not_about_it(
    text: str,
) -> None:
    session, _, _ = _two_outputs(answered=True)
    envelope = session.preview(text)
    assert not _tool_entries(envelope), text
    assert session.classify(text) is envelope.intent


@pytest.mark.parametrize(
    "text", ["What else is there to check on the cluster?", "Is there another way to mock fetch?"]
)
def test_a_question_past_the_output_just_produced_is_not_about_it(text: str) -> None:
    session, _, _ = _two_outputs(answered=False)
    envelope = session.preview(text)
    assert not _tool_entries(envelope), text
    assert session.classify(text) is envelope.intent


def test_a_demonstrative_only_an_output_holds_is_that_output() -> None:
    session = mh.Session()
    session.user("Our nightly export can't write to the reports bucket.")
    policy = session.tool_output(
        "aws", '{"Statement": [{"Effect": "Deny", "Action": "s3:PutObject"}]}'
    )
    session.assistant("Any upload without KMS encryption is denied.")
    envelope = session.preview("That deny statement, does it cover GetObject too?")
    assert _tool_entries(envelope) == [policy.entry_id]


def _kimchi() -> mh.Session:
    session = mh.Session(config=mh.Config(antecedents=True))
    session.user("I want to make my first batch of napa cabbage kimchi.")
    session.assistant(
        "Salt a quartered cabbage for 2 hours, rinse, then rub in a paste of gochugaru, "
        "garlic, ginger and fish sauce, with sliced radish."
    )
    session.user("How long do I ferment it?")
    session.assistant("One to two days at room temperature, then move it to the fridge.")
    return session


@pytest.mark.parametrize(
    "text",
    [
        "How much gochugaru for one cabbage?",
        "Can I leave out the radish?",
        "Is there a substitute for ginger?",
    ],
)
def test_a_follow_up_builds_on_the_reply_that_alone_said_its_word(text: str) -> None:
    assert _kimchi().preview(text).antecedents[:1] == (1,)


def test_a_follow_up_with_no_word_of_its_own_builds_on_the_topic() -> None:
    assert _kimchi().preview("What else should I know?").antecedents[:1] == (0,)


@pytest.mark.parametrize(
    "text",
    [
        "Again but for cucumber kimchi.",
        "Do the same but without any fish sauce.",
        "Once more for a radish kimchi, please.",
        "Same again for white kimchi.",
    ],
)
def test_a_repeat_request_is_not_named_by_its_variation(text: str) -> None:
    session = _kimchi()
    session.user("Give me a recipe for a vegan version.")
    session.assistant("Replace the fish sauce with soy sauce and miso, and add kombu.")
    envelope = session.preview(text)
    assert [ref.target_turn for ref in envelope.references if ref.type == "action"] == [4]


# The refs stop's sets (tests/data/handwritten/refs_*.txt): refs_holdout was written before any
# code change and scored acc@1 0.505, tool target 0.176 at first; 0.674 / 0.765 after the
# changes tuned on refs_tune with every rule of that stop on (the held-out figure); 0.716 /
# 0.765 once its misses were read and one general gap fixed (a question right after an output
# whose "the X" was said before), so it is no longer a clean hold-out. refs_tune: 0.911 /
# 1.000. Without rule fresh-output-questions (on by default) refs_holdout 0.621 / 0.294,
# refs_tune 0.800 / 0.167. Floors a little under.
REFS_FLOORS = {
    ("refs_tune.jsonl", False): (0.77, 0.15),
    ("refs_holdout.jsonl", False): (0.59, 0.25),
    ("refs_tune.jsonl", True): (0.88, 0.95),
    ("refs_holdout.jsonl", True): (0.69, 0.70),
}


@pytest.mark.parametrize(("name", "fresh"), sorted(REFS_FLOORS))
def test_the_refs_sets_meet_their_floors(name: str, fresh: bool) -> None:
    target, tool = REFS_FLOORS[name, fresh]
    config = mh.Config(fresh_output_questions=fresh)
    path = Path(__file__).parent / "data" / "handwritten" / name
    assert evaluate(path, "references", config=config).ours["acc_at_1"] >= target
    figures, _ = score(path, config=config)
    assert figures["tool_target_accuracy"] >= tool, figures
