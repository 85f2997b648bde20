"""Which list an ordinal means when several turns hold one (issue 15 item 1, SPEC-028 §4.1,
§4.2): rule list-nouns (an item noun naming an earlier list's lead, "Going back to the
causes, the second one") and rule retargeted-items (the antecedents start from the list
an item rule moved the ordinal to: "Of my ideas, the first")."""

from __future__ import annotations

import pytest

import multihorizon as mh

ON = mh.Config(antecedents=True)

CAUSES = (
    "Probable causes:\n1. A worn brake pad rubbing on the disc\n2. A loose mudguard stay\n"
    "3. A dry chain"
)
SETTINGS = (
    "Check these:\n- Tyre pressure of 4 bar\n- Saddle height at hip level\n- Quick release shut"
)


def _bike(config: mh.Config, turn: str) -> mh.Envelope:
    session = mh.Session(config=config)
    session.user("My bike makes a scraping noise when I ride downhill, any idea why?")
    session.assistant(CAUSES)
    session.user("Fine, and what should I check before a long ride?")
    session.assistant(SETTINGS)
    return session.preview(turn)


def _first_item(envelope: mh.Envelope) -> tuple[int | None, str | None]:
    ref = next(ref for ref in envelope.references if ref.type == "ordinal")
    return ref.target_turn, ref.item


@pytest.mark.parametrize(
    ("turn", "item", "latest"),
    [
        ("About those causes: how do I fix the third?", "A dry chain", "Quick release shut"),
        ("Back on the causes, is the last one serious?", "A dry chain", "Quick release shut"),
    ],
)
def test_an_item_noun_of_an_earlier_lead_names_that_list(turn: str, item: str, latest: str) -> None:
    assert _first_item(_bike(ON, turn)) == (1, item)
    assert _bike(ON, turn).antecedents[0] == 1
    # Without the rule the item noun is set aside: the latest list's item.
    assert _first_item(_bike(ON.replace(list_nouns=False), turn)) == (3, latest)


def test_the_latest_list_stays_when_its_own_lead_says_the_noun() -> None:
    session = mh.Session(config=ON)
    session.user("My bike makes a scraping noise when I ride downhill, any idea why?")
    session.assistant(CAUSES)
    session.user("And the squeak when I brake?")
    session.assistant("Other causes:\n1. Glazed pads\n2. Oil on the disc\n3. A bent rotor")
    turn, item = _first_item(session.preview("For the causes, the second one, how do I clean it?"))
    assert (turn, item) == (3, "Oil on the disc")


def test_a_weak_item_noun_names_no_list() -> None:
    # "one" and "thing" name no kind of list: the spec's latest list.
    turn = "Going back to the things, the second one, is that normal?"
    assert _first_item(_bike(ON, turn))[0] == 3


OWN = (
    "The team wants a leaving present for Ana. I've narrowed it to: a pottery class, a "
    "signed cookbook, a pair of walking poles or a framed photo of the office."
)


def _gift(config: mh.Config, turn: str) -> mh.Envelope:
    session = mh.Session(config=config)
    session.user(OWN)
    session.assistant("All good picks; the class is the most memorable.")
    session.user("What should we write in the card?")
    session.assistant(
        "Some ideas:\n- Thank her for her help\n- Recall a funny moment\n- Keep it short"
    )
    return session.preview(turn)


def test_the_antecedents_follow_an_ordinal_moved_to_the_users_own_list() -> None:
    turn = "Of my ideas, the first, how long does a class take?"
    envelope = _gift(ON, turn)
    assert _first_item(envelope) == (0, "a pottery class")
    assert envelope.antecedents[0] == 0
    # Without the rule the stage's own target (the latest reply's list) came first.
    assert _gift(ON.replace(retargeted_items=False), turn).antecedents[0] == 3


def test_an_ordinal_without_the_users_cue_keeps_the_latest_list() -> None:
    envelope = _gift(ON, "the first, can it be one line?")
    assert _first_item(envelope) == (3, "Thank her for her help")
    assert envelope.antecedents[0] == 3


def _games(config: mh.Config, turn: str) -> tuple[int | None, str | None]:
    session = mh.Session(config=config)
    session.user("Six of us are meeting for board games tonight, what should we play?")
    session.assistant(
        "Good picks:\n1. Codenames, a team word game\n2. Azul, a tile puzzle\n"
        "3. Dixit, a picture guessing game"
    )
    session.user("And snacks?")
    session.assistant("Easy snacks:\n1. Pretzels\n2. Grapes\n3. Popcorn")
    return _first_item(session.preview(turn))


def test_an_earlier_list_whose_nth_item_says_the_turns_word() -> None:
    turn = "Let us open with number one, how big is a team?"
    assert _games(ON, turn) == (1, "Codenames, a team word game")
    assert _games(ON.replace(item_echoes=False), turn) == (3, "Pretzels")


@pytest.mark.parametrize(
    "turn",
    [
        "number one, are salted pretzels ok for kids?",  # the latest list's item says it
        "number one, is it cheap?",  # no first item says a word of it
        "the second, is a picture one ok?",  # Dixit is the third, not the second
    ],
)
def test_the_latest_list_stays_unless_only_another_nth_item_says_the_word(turn: str) -> None:
    assert _games(ON, turn)[0] == 3


def _tents(config: mh.Config, turn: str) -> mh.Envelope:
    session = mh.Session(config=config)
    session.user("Which tents suit a cycling trip?")
    session.assistant("Tents:\n1. A one-person tunnel tent\n2. A two-person dome\n3. A bivvy bag")
    session.user("How do I carry it?")
    session.assistant("Strap the tent under the saddle or on a rear rack.")
    return session.preview(turn)


def test_a_bare_turn_reference_comes_after_the_item_the_turn_names() -> None:
    turn = "from what you listed, the first, is it heavy?"
    assert _first_item(_tents(ON, turn)) == (1, "A one-person tunnel tent")
    assert _tents(ON, turn).antecedents[0] == 1
    # Without the rule "you listed" (the latest reply) came first.
    assert _tents(ON.replace(item_antecedents=False), turn).antecedents[0] == 3
    # A turn reference alone keeps its place.
    assert _tents(ON, "what you said last, is a rack safe?").antecedents[0] == 3
