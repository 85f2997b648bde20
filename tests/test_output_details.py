"""Reference targets of the refs5 stop (issue 15 item 1; rules output-details, earlier-outputs,
introducing-turns): a question about a detail a tool output holds names that output, "the first
crawl" / "now" pick the run of a tool run twice, "you brought up" the turn that introduced it;
each form in several phrasings, with its rule off and on, and the intent left alone."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon.evaluation import evaluate


def _tool_turns(envelope: mh.Envelope) -> list[str | None]:
    return [ref.scratch_entry for ref in envelope.references if ref.type == "tool"]


def _audits(config: mh.Config | None = None) -> tuple[mh.Session, str, str]:
    """Two runs of one tool, each summed up by a reply."""
    session = mh.Session(config=config or mh.Config())
    session.user("npm audit is screaming in our monorepo, what first?")
    first = session.tool_output(
        "npm_audit",
        "7 vulnerabilities\ncritical: jsonwebtoken <9.0.0 - signature bypass\n"
        "high: tough-cookie <4.1.3 - prototype pollution\nmoderate: postcss <8.4.31 - parsing",
    )
    session.assistant("Upgrade jsonwebtoken first: the critical one affects auth.")
    session.user("Bumped it and axios, reran.")
    newer = session.tool_output(
        "npm_audit",
        "2 vulnerabilities\nhigh: semver <7.5.2 - ReDoS\nmoderate: postcss <8.4.31 - parsing",
    )
    session.assistant("Better: semver is the one high left.")
    session.user("How do I force a transitive version?")
    session.assistant("Use overrides in the root package.json and reinstall.")
    return session, first.entry_id, newer.entry_id


@pytest.mark.parametrize(
    "text",
    [
        "What was the tough-cookie problem?",
        "Was the signature bypass exploitable?",
        "Is prototype pollution serious?",
    ],
)
def test_a_detail_only_an_output_holds_names_that_output(text: str) -> None:
    session, first, _ = _audits()
    assert _tool_turns(session.preview(text))[:1] == [first], text
    # rule rare-output-tokens names it too (a token only that output holds): off as well
    # and rule summed-output-values ("tough" the output shows once, no turn said)
    off_rules = {"output_details": False, "rare_output_tokens": False}
    off, _, _ = _audits(mh.Config(**off_rules, summed_output_values=False))
    assert _tool_turns(off.preview(text)) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "What was the postcss issue in the original audit?",
        "Which postcss versions did the first audit flag?",
        "Before the upgrade, what was the postcss issue?",
    ],
)
def test_an_earlier_run_is_the_older_output(text: str) -> None:
    session, first, _ = _audits()
    assert _tool_turns(session.preview(text))[:1] == [first], text
    off, _, newer_off = _audits(mh.Config(earlier_outputs=False, named_runs=False))
    assert _tool_turns(off.preview(text))[:1] in ([newer_off], []), text


@pytest.mark.parametrize(
    "text", ["Is postcss still listed now?", "Does the rerun still show postcss?"]
)
def test_now_is_the_newest_run(text: str) -> None:
    session, _, newer = _audits()
    assert _tool_turns(session.preview(text))[:1] == [newer], text


@pytest.mark.parametrize(
    "text",
    [
        "What year did it come out?",  # a pronoun: the turn that named the thing
        "Can you find me one with fewer vulnerabilities?",  # a request
        "What do you think about overrides?",  # words the replies said, none an output's
    ],
)
def test_no_output_detail_without_a_detail(text: str) -> None:
    session, _, _ = _audits()
    assert _tool_turns(session.preview(text)) == [], text


def test_a_detail_reference_leaves_the_intent_alone() -> None:
    # Rule output-detail-intents (tests/test_output_detail_intents.py) is what changes it.
    config = mh.Config(output_detail_intents=False)
    session, _, _ = _audits(config)
    text = "What was the tough-cookie problem?"
    envelope = session.preview(text)
    assert session.classify(text) is envelope.intent
    off, _, _ = _audits(config.replace(output_details=False, earlier_outputs=False))
    assert off.preview(text).intent is envelope.intent


def test_a_number_an_output_shows_is_its_own() -> None:
    session = mh.Session()
    session.user("My watch tracks sleep, maybe it shows why I wake up tired.")
    export = session.tool_output("sleep_export", "Avg deep: 38 m\nAvg SpO2: 91% (lowest 84%)")
    session.assistant("An oxygen low of 84% is worth showing a doctor.")
    session.user("I do snore loudly.")
    session.assistant("Ask your GP for a home sleep study.")
    envelope = session.preview("That 84%, is it dangerous?")
    assert _tool_turns(envelope) == [export.entry_id]


@pytest.mark.parametrize(
    "text",
    [
        "The side sleeping you brought up, any tricks?",
        "The side sleeping you suggested, does a pillow help?",
        "The side sleeping you raised, is it enough on its own?",
    ],
)
def test_a_verb_of_introducing_is_the_turn_that_introduced_it(text: str) -> None:
    def targets(config: mh.Config) -> list[int | None]:
        session = mh.Session(config=config)
        session.user("I wake up tired every day.")
        session.assistant("Try side sleeping and skip alcohol in the evening.")
        session.user("And if it is apnoea?")
        session.assistant("Mild cases improve with side sleeping; severe ones need CPAP.")
        envelope = session.preview(text)
        return [ref.target_turn for ref in envelope.references if ref.type == "turn"]

    assert targets(mh.Config())[:1] == [1], text
    assert targets(mh.Config(introducing_turns=False))[:1] == [3], text


def test_you_mentioned_stays_the_latest() -> None:
    session = mh.Session()
    session.user("What kinds of tea are there?")
    session.assistant("Green, black and oolong are the main types.")
    session.user("Which has the most caffeine?")
    session.assistant("Black usually; of the types, green and oolong have less.")
    envelope = session.preview("What's the difference between the types you mentioned?")
    assert [ref.target_turn for ref in envelope.references if ref.type == "turn"][:1] == [3]


# The refs5 stop's sets (tests/data/handwritten/refs_holdout4.txt, refs_tune5.txt):
# refs_holdout4 was written before any code change of that stop and scored once at its start
# and once at its end, its misses unread until then:
#
#   set            acc@1 first / end   tool           demonstrative  entity         action
#   refs_holdout4  0.500 / 0.573       0.486 / 0.622  0.429 / 0.571  0.588 / 0.559  0.25 / 0.25
#   refs_tune5     0.396 / 0.771       (tuned on)
#
# Tool target of the logged turns 0.688 / 0.688 (refs_holdout4), 0.778 (refs_tune5). Floors
# a little under.
REFS5_FLOORS = {"refs_holdout4.jsonl": (0.55, 0.65), "refs_tune5.jsonl": (0.74, 0.75)}


@pytest.mark.parametrize("name", sorted(REFS5_FLOORS))
def test_the_refs5_sets_meet_their_floors(name: str) -> None:
    target, tool = REFS5_FLOORS[name]
    path = Path(__file__).parent / "data" / "handwritten" / name
    assert evaluate(path, "references").ours["acc_at_1"] >= target
    figures, _ = score(path)
    assert figures["tool_target_accuracy"] >= tool, figures
