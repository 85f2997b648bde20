"""``Session.classify`` answers from the native call whenever the references stage cannot change
its answer, and goes on to that stage whenever it can (issue 14): it must agree with the
stage-by-stage ``analyse`` either way, with and without tool output in the scratch buffer."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.ordinal_mentions import forms_without_gates, ordinal_form_mentions
from multihorizon.dialogue.references import Mention
from multihorizon.text.lexicon import default_lexicon

TURNS = [
    # A demonstrative in a question: DRILL_DOWN whether "that" resolves or not.
    "Thanks, that makes sense. Should we pin the release on the staging cluster before the "
    "rollout, or is it fine to wait until the next maintenance window?",
    "what does that error mean for the rollout?",
    # A demonstrative naming tool output: a tool reference when there is output to point at.
    "what do those logs say?",
    "can you check those logs again?",
    "did the build fail?",  # an outcome question: matched against the tool outputs
    # CLARIFY, unless a tool reference resolves (SPEC-028 §5.2 checks tool references first).
    "what do you mean by those logs?",
    "what do you mean about the build logs, and that failure?",
    # Ordinal forms that no gate word marks.
    "I'd prefer the Italian one.",
    "The soonest one please.",
    "#2 please",
    "2 please",
    "is the next to last one cheaper than the first?",
    "what about the second step?",
    "see you next week then",
]


def _session(tool_output: bool) -> mh.Session:
    session = mh.Session()
    session.user("How do I set up etcd TLS for the three members of our cluster?")
    session.assistant(
        "Three steps:\n1. Create a CA.\n2. Issue server certificates.\n3. Restart each member."
    )
    session.user("Which Italian restaurants are open tonight near the station?")
    session.assistant("Roma is Italian, open until 11. Sakura is Japanese, open until 10.")
    if tool_output:
        session.tool_output("ci_build", "build failed: 3 tests failed\nlogs: timeout in db")
    return session


@pytest.mark.parametrize("tool_output", [False, True], ids=["no-tool-output", "tool-output"])
@pytest.mark.parametrize("text", TURNS)
def test_classify_agrees_with_the_staged_path(text: str, tool_output: bool) -> None:
    session = _session(tool_output)
    vector = session.embedder.embed([text])[0]
    staged = session.analyse(text, embedding=vector)[0]
    assert session.classify(text) is staged
    assert session.classify(text, embedding=vector) is staged


def test_a_named_output_makes_the_demonstrative_a_tool_reference() -> None:
    # The native answer (DRILL_DOWN: "those" points back) is final only without tool output.
    assert _session(False).classify("what do those logs say?") is mh.Intent.DRILL_DOWN
    assert _session(True).classify("what do those logs say?") is mh.Intent.TOOL_REFERENCE


def test_ungated_ordinal_forms_are_seen() -> None:
    session = _session(False)
    assert session.classify("I'd prefer the Italian one.") is mh.Intent.DRILL_DOWN
    assert forms_without_gates("I'd prefer the Italian one.")
    assert forms_without_gates("#2 please")
    assert forms_without_gates("2 please")
    assert not forms_without_gates("We will need one more node for the staging cluster soon.")
    assert not forms_without_gates("Our 3 clusters need one more node each before Friday.")


def _ordinals(text: str) -> list[Mention]:
    found: list[Mention] = []
    ordinal_form_mentions(text, default_lexicon().scan(text), found)
    return found


@pytest.mark.parametrize(
    ("text", "ordinal"),
    [
        ("is the next to last one cheaper?", -2),
        ("go with the second from the end", -2),
        ("the last but one sounds good", -2),
        ("I'll take the third option", 3),
        ("go with 2", 2),
    ],
)
def test_ordinal_forms_at_gate_words(text: str, ordinal: int) -> None:
    assert [mention.ordinal for mention in _ordinals(text)] == [ordinal]


@pytest.mark.parametrize(
    "text",
    ["see you next week then, after the backups", "the next maintenance window is on Friday"],
)
def test_gate_words_that_open_no_form(text: str) -> None:
    assert _ordinals(text) == []
