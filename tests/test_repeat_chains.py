"""Issue 15, stop 44 (statements44): a chain of repeated requests refers to the original request,
the turn holding the content, not to the repeat before it (SPEC-028 §4.1, an action
reference), in more forms: "and once more but in a formal tone", "once more as a headline",
"do it again as a tweet", "and another for Leo", "and again, this time for Ravi". Controls:
the same words inside a statement of the user's own or a thanks ("thanks again for the help"),
and turns that repeat nothing."""

from __future__ import annotations

import pytest

import multihorizon as mh

_CHAIN = [
    "Summarise this paragraph in one sentence: The council approved a new cycle lane on Mill "
    "Road after a two-year consultation, despite objections from shop owners who fear losing "
    "parking.",
    "The council approved a Mill Road cycle lane after two years of consultation, over shop "
    "owners' parking worries.",
    "now the same but for a 10 year old",
    "The town decided to build a special lane for bikes on Mill Road, even though some shop "
    "owners were worried about parking.",
]
_CARDS = [
    "Write a two-line birthday message for my colleague Dana, she loves hiking and bad puns.",
    "Happy birthday, Dana! May your year be peak after peak, every trail un-for-gettable.",
    "now the same for my brother Tom, he's into football",
    "Happy birthday, Tom! Here's to a year of clean sheets and last-minute winners.",
]


def _after(turns: list[str], text: str) -> mh.Envelope:
    session = mh.Session(config=mh.Config(antecedents=True))
    for index, turn in enumerate(turns):
        (session.user if index % 2 == 0 else session.assistant)(turn)
    return session.user(text)


@pytest.mark.parametrize(
    ("turns", "text"),
    [
        (_CHAIN, "and once more but in a formal tone"),
        (_CHAIN, "once more as a headline please"),
        (_CHAIN, "do it again as a tweet"),
        (_CARDS, "and another for Leo, he loves trains"),
        (_CARDS, "and again, this time for Ravi (cricket)"),
        (_CARDS, "another for my aunt Maria, she gardens"),
    ],
)
def test_each_repeat_of_a_chain_refers_to_the_original_request(turns: list[str], text: str) -> None:
    envelope = _after(turns, text)
    assert envelope.intent is mh.Intent.DRILL_DOWN
    actions = [ref.target_turn for ref in envelope.references if ref.type == "action"]
    assert actions[:1] == [0], text
    assert envelope.antecedents[0] == 0


@pytest.mark.parametrize(
    "text",
    [
        "thanks again for the help, that's all for now",
        "I read it once more and it's fine",
        "the lane got delayed again as a result of the objections",  # rule repeat-forms'
        "my brother wants another one of those football shirts",
        "we went to the park again this weekend",
        "ok, I'll send it to her tonight",
        "lovely, that made me laugh",
        "she laughed once more at the pun",
        # The stop's review: a told doing, not a request (the phrase must open the turn).
        "I tried once more but it still reads too salesy",
        "I asked once more but the shop said no",
        "ran the oven once more as a test and the crust burnt",
        "she bought another for my brother, so we have two",
        "I had another for my lunch, it was great",
        "haha and another for the road",
    ],
)
def test_turns_that_repeat_nothing_have_no_action_reference(text: str) -> None:
    envelope = _after(_CARDS, text)
    assert not [ref for ref in envelope.references if ref.type == "action"], text
