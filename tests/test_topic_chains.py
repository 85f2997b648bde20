"""A run of the user's own questions with no replies between them (rules pronoun-chains,
bridging-chains): a follow-up that leans on the topic points back to the turn that set it,
past the questions that only named a part of it ("What are the symptoms?"). Written by hand
after the shape of TREC CAsT 2019's conversations (user turns only), in other domains."""

from __future__ import annotations

import pytest

import multihorizon as mh

ANALYSIS = mh.Config(antecedents=True)


def _first_antecedent(questions: list[str], follow_up: str, config: mh.Config = ANALYSIS) -> int:
    session = mh.Session(config=config)
    for text in questions:
        session.user(text)
    return session.preview(follow_up).antecedents[0]


@pytest.mark.parametrize(
    ("questions", "follow_up"),
    [
        (["What is a heat pump?", "What are the running costs?"], "Does it work in frost?"),
        (
            ["Tell me about the Hanseatic League.", "Who were the founding members?"],
            "Why did it decline?",
        ),
        (["What is a Roth IRA?", "What is the yearly limit?"], "Can I open one for my kid?"),
        (
            ["How do sourdough starters work?", "What is the right temperature?"],
            "How often should I feed them?",
        ),
        (
            ["What's tinnitus?", "what r the usual causes?", "and the treatment options?"],
            "can it go away by itself?",
        ),
    ],
)
def test_a_pronoun_walks_back_past_parts_of_the_topic(questions: list[str], follow_up: str) -> None:
    assert _first_antecedent(questions, follow_up) == 0


@pytest.mark.parametrize(
    ("questions", "follow_up"),
    [
        (["What is a heat pump?", "What are the running costs?"], "Does it work in frost?"),
        (["What is a Roth IRA?", "What is the yearly limit?"], "Can I open one for my kid?"),
    ],
)
def test_without_the_rule_the_chain_stops_at_the_part(questions: list[str], follow_up: str) -> None:
    off = ANALYSIS.replace(bridging_chains=False)
    assert _first_antecedent(questions, follow_up, off) == 1


@pytest.mark.parametrize(
    ("questions", "follow_up", "expected"),
    [
        # A question naming a subject of its own sets a new topic: the chain stops there.
        (["What is a heat pump?", "How does geothermal heating compare?"], "Is it cheaper?", 1),
        # A definite everyone knows ("the sun") is no part of the topic.
        (["What are solar panels?", "Why is the sun so hot?"], "How hot does it get?", 1),
        # The chain stops at a reply: the answer that said what "it" is.
        (["What is a heat pump?", None, "What are the running costs?"], "Does it work?", 1),
    ],
)
def test_the_chain_stops_at_a_turn_that_sets_a_topic(
    questions: list[str | None], follow_up: str, expected: int
) -> None:
    session = mh.Session(config=ANALYSIS)
    for text in questions:
        if text is None:
            session.assistant("A heat pump moves heat from outside air into the house.")
        else:
            session.user(text)
    assert session.preview(follow_up).antecedents[0] == expected


def test_a_long_bridging_question_is_a_topic_of_its_own() -> None:
    long_part = (
        "What are the running costs of the unit over a full winter, counting the electricity, "
        "the yearly service visit, the filters, the defrost cycles and everything else? "
    ) * 5
    assert _first_antecedent(["What is a heat pump?", long_part], "Is it worth it?") == 1


@pytest.mark.parametrize(
    ("questions", "follow_up"),
    [
        # Questions naming only what any topic has: types, causes, side effects, cost.
        (["What is a Dutch oven?", "What are common types?"], "Is it safe on glass hobs?"),
        (["Tell me about shingles.", "What are the usual causes?"], "Is it contagious?"),
        (["what's lithium used for", "any major side effects?"], "is it addictive?"),
        (["How do e-bikes work?", "What's the typical price?"], "Do they need a licence?"),
    ],
)
def test_a_question_about_aspects_leans_on_the_topic(questions: list[str], follow_up: str) -> None:
    assert _first_antecedent(questions, follow_up) == 0
    off = ANALYSIS.replace(bridging_chains=False)
    assert _first_antecedent(questions, follow_up, off) == 1


@pytest.mark.parametrize(
    ("questions", "follow_up"),
    [
        (["What is anemia?", "Can it go away?"], "What is the role of iron?"),
        (["Tell me about the Suez Canal.", "Who built it?"], "How wide is a tanker?"),
        (["How do solar batteries work?", "How long do they last?"], "Why is lithium used?"),
        (["What is a Roth IRA?", "Can I withdraw from it early?"], "What are income caps?"),
    ],
)
def test_a_short_question_after_a_pronoun_follow_up_builds_on_the_topic(
    questions: list[str], follow_up: str
) -> None:
    # question-chains is opt-in (its CAsT 2019 gain was on the half tuned on only).
    assert _first_antecedent(questions, follow_up, ANALYSIS.replace(question_chains=True)) == 0
    # Without the rule only a drill-down follows the chain: these open like new topics.
    assert _first_antecedent(questions, follow_up) == 1


@pytest.mark.parametrize(
    ("questions", "follow_up"),
    [
        # The turn before named a subject of its own: the question builds on it.
        (["What is anemia?", "What is vitamin B12?"], "Where do you get it?"),
        (["Tell me about the Suez Canal.", "How deep is the Kiel Canal?"], "Who built it?"),
        (["How do solar batteries work?", "Are Tesla Powerwalls reliable?"], "How much?"),
    ],
)
def test_a_question_after_a_new_subject_builds_on_it(questions: list[str], follow_up: str) -> None:
    assert _first_antecedent(questions, follow_up) == 1


@pytest.mark.parametrize(
    ("questions", "follow_up"),
    [
        (["Tell me about the Suez Canal.", "Who built it?"], "Where is Cairo?"),
        (["What is anemia?", "Can it go away?"], "Where is Iceland?"),
    ],
)
def test_a_question_naming_a_name_sets_a_topic_of_its_own(
    questions: list[str], follow_up: str
) -> None:
    assert _first_antecedent(questions, follow_up) == 1
