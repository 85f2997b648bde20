"""Follow-ups in a question-answer session (rules follow-up-antecedents, follow-up-forms): the
cues of ``text.followups`` and what a user's follow-up builds on. The conversations are
written after TREC CAsT 2020 (daltonj/treccastweb, human antecedent labels)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import multihorizon as mh
from multihorizon.evaluation.replay import MISSING_REPLY
from multihorizon.text import followups

ANALYSIS = mh.Config(antecedents=True)


@pytest.mark.parametrize(
    "text",
    [
        "Oh almonds? Can you show me some recipes with it?",
        "Oh that much water? How much of that is for meat?",
        "Oh you need an agent to make reservations?",
        "They met at the Kit Kat Club?  Where is that?",
        "So there are two types. Is the other fat good for you?",
        "Oh I like fish.  What other foods are good sources?",
        "Interesting. That\u2019s later than I expected. Who were the winners?",
        "Wow, that's better than I thought.  What are common treatments?",
    ],
)
def test_turns_that_take_up_the_answer(text: str) -> None:
    assert followups.takes_up_answer(text)


@pytest.mark.parametrize(
    "text",
    [
        "Interesting. What is the impact of burning on the environment?",
        "Oh what can they do to fix it?",
        "I was wondering about quantum computing - anything interesting?",
        "And notable moments in their rivalry?",
        "What are the differences of the two fats?",
        "Tell me more about biodegradable plastics.",
        "I meant medicare.",
        "",
    ],
)
def test_turns_that_ask_on_their_own(text: str) -> None:
    assert not followups.takes_up_answer(text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("What are the differences of the two fats?", True),
        ("Is the other fat good for you?", True),
        ("Which one is more expensive?", True),
        ("What other foods are good sources?", True),
        ("Are both of them safe?", True),
        ("On the other hand, is it cheap?", False),
        ("Is it more expensive than other brands?", True),
        ("What is the capital of France?", False),
    ],
)
def test_picking_from_a_set(text: str, found: bool) -> None:
    assert followups.contrasts_a_set(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Who was the leader?", True),
        ("What happened to the stadium?", True),
        ("How do you make the flour?", True),
        ("What was the impact of the 2002 games?", True),
        ("Why is the sky blue?", False),
        ("What is the capital of France?", False),
        ("How does the internet work?", False),
        ("What are strap-in bindings?", False),
    ],
)
def test_a_bare_definite_names_a_part_of_the_topic(text: str, found: bool) -> None:
    assert followups.bridges(text) is found


def test_opening_moves_and_pronouns() -> None:
    assert followups.substitutes("How about high cholesterol?")
    assert followups.substitutes("Ok. But what about my dog?")
    assert followups.substitutes("And Jared?")
    assert not followups.substitutes("And notable moments in their long rivalry?")
    assert followups.corrects("I meant medicare.")
    assert followups.corrects("No, I mean the funny car.")
    assert followups.corrects("Okay, but I meant their response to the protests.")
    assert not followups.corrects("Tell me what you meant by that.")
    persons = followups.pronoun_persons("How did he lose his finger? Was it bad?")
    assert persons == followups.HE | followups.IT
    assert followups.pronoun_persons("Does she have children?") == followups.SHE
    assert followups.pronoun_persons("Who wrote Cassidy?") == 0
    assert followups.new_names("What does he do at the White House?") == ("white", "house")
    assert followups.new_names("I think I like it.") == ()


_ZERO = np.zeros(384, dtype=np.float32)


def _qa(*questions: str, config: mh.Config = ANALYSIS) -> mh.Session:
    """A session of questions, each answered by a reply whose text is unknown."""
    session = mh.Session(config=config)
    for question in questions:
        session.user(question)
        session.assistant(MISSING_REPLY, embedding=_ZERO)
    return session


def _first(session: mh.Session, text: str) -> int:
    return session.preview(text).antecedents[0]


def test_a_follow_up_builds_on_the_topic_the_question_the_answer_or_a_name() -> None:
    # Pronouns of the same person follow what the first of them followed: Melania (turn 0).
    trump = _qa(
        "What is Melania Trump's religion?",
        "What did she do before she was married?",
        "Does she have children?",
    )
    assert _first(trump, "When did she become a model?") == 0
    # A person nobody named: the answer named them.
    assert _first(trump, "How old is he?") == 5
    # Asked after "who ...?": the answer.
    band = _qa("Why were the Dead such an influential live band?", "Who was the leader?")
    assert _first(band, "How did he lose his finger?") == 3
    # A bare definite whose word an earlier turn used: that turn.
    assert _first(band, "Why did the band break up?") == 0
    # A name given by the question before.
    names = _qa("Do we pay the First Lady?", "And Jared?")
    assert _first(names, "What does he do at the White House?") == 2
    # Taking up the answer, picking from a set: the answer.
    food = _qa("What is the environmental cost of food production?")
    assert _first(food, "Oh that much water? How much of that is for meat?") == 1
    assert _first(food, "Which one is worse?") == 1
    # Asking the question again of something else, correcting it: the question.
    health = _qa("What is high blood carbon dioxide?", "What are the treatments for it?")
    assert _first(health, "How about high cholesterol?") == 2
    assert _first(health, "I meant in children.") == 2
    # Nothing of its own: the topic's opening question.
    empire = _qa(
        "Can I have some information on the labor systems of the Ottoman Empire?",
        "What was the role of slavery?",
    )
    assert _first(empire, "How did it govern?") == 0
    assert _first(empire, "What was the culture like?") == 0


def test_an_answer_that_holds_the_words_is_the_antecedent() -> None:
    # The latest turn holding the topic's words (or the follow-up's own) is the answer.
    session = mh.Session(config=ANALYSIS)
    session.user("What are the mechanisms of depression?")
    session.assistant("An imbalance of serotonin and dopamine is one mechanism of depression.")
    session.user("What is the role of serotonin?")
    session.assistant("Serotonin relays signals between neurons; too little deepens depression.")
    assert _first(session, "How can I balance it?") == 3
    assert _first(session, "Which foods raise serotonin?") == 3


def test_no_follow_up_rule_where_replies_offer_or_report_tools() -> None:
    # A task assistant's replies offer choices or report tools' results: the turn before.
    offered = mh.Session(config=ANALYSIS)
    offered.user("Can you find me a movie for tonight?")
    offered.assistant("How about Alien? It is showing downtown.")
    offered.user("When does it start?")
    offered.assistant("It starts at 8 pm.")
    assert _first(offered, "Is there a discount for students?") == 3
    tools = mh.Session(config=ANALYSIS)
    tools.user("What is the weather in Berkeley on March 11th?")
    tools.tool_output("weather", {"temperature": 83, "rain": 0.28})
    tools.assistant("It will be 83 degrees with a 28 percent chance of rain.")
    tools.user("Is it windy in Berkeley?")
    tools.assistant("Not much.")
    assert _first(tools, "What is the humidity?") == 3
    # Switched off: the turn before.
    plain = _qa(
        "What was the role of slavery?", config=ANALYSIS.replace(follow_up_antecedents=False)
    )
    assert _first(plain, "What was the culture like?") == 1


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Who was the leader?", mh.Intent.DRILL_DOWN),
        ("What happened to the stadium?", mh.Intent.DRILL_DOWN),
        ("Which one is more expensive?", mh.Intent.DRILL_DOWN),
        ("Oh almonds? Can you show me some recipes with them?", mh.Intent.DRILL_DOWN),
        ("How does the internet work?", mh.Intent.EXPLORE),
        ("What is the capital of France?", mh.Intent.EXPLORE),
        ("By the way, who was the leader?", mh.Intent.EXPLORE),
    ],
)
def test_follow_up_forms_drill_down(text: str, intent: mh.Intent) -> None:
    for config in (mh.Config(), mh.Config(follow_up_forms=False)):
        session = mh.Session(config=config)
        session.user("Why were the Dead such an influential live band?")
        session.assistant("They toured constantly and let fans record every show.")
        found = session.classify(text)
        assert session.preview(text).intent is found  # one answer on both paths
        if config.follow_up_forms:
            assert found is intent, text
        elif text == "Who was the leader?":
            assert found is mh.Intent.EXPLORE  # switched off: below the explore bar


def test_a_reply_without_text_is_replayed_so_labels_can_name_it(tmp_path: Path) -> None:
    """TREC CAsT 2020 keeps only a reply's passage id (``content_missing``): the replay logs
    the reply without words, so the turn the labels name exists in the session."""
    import json

    from multihorizon.evaluation import evaluate

    conversation = {
        "conv_id": "c",
        "turns": [
            {"turn_id": 0, "role": "user", "content": "What is the climate like in Utah?"},
            {"turn_id": 1, "role": "assistant", "content": "", "content_missing": True},
            {"turn_id": 2, "role": "user", "content": "Oh that dry? How much rain falls?"},
        ],
        "probes": [
            {"at_turn": 2, "query": "Oh that dry? How much rain falls?", "gold_turn_ids": [1]}
        ],
    }
    path = tmp_path / "missing.jsonl"
    path.write_text(json.dumps(conversation) + "\n")
    report = evaluate(path, "references")
    assert report.ours["acc_at_1"] == 1.0  # the reply it takes up, by its index
    # An empty turn that is not a reply with missing text is still skipped.
    conversation["turns"][1].pop("content_missing")
    path.write_text(json.dumps(conversation) + "\n")
    assert evaluate(path, "references").ours["acc_at_1"] == 0.0
