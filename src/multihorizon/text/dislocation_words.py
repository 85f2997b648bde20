"""The closed word classes that tell a fronted topic ("hammock, do they actually use it?",
"The EORI number, where do we get it?") from other openings before a comma ("Okay, what
time?", "If I sand it, is it smooth?", "Sounds great, book it"): SPEC-028 §4.1 entity
references, rule dislocated-topics (``dialogue.dislocated``). Case-folded."""

from __future__ import annotations

__all__ = ["NOT_TOPIC_WORDS", "QUESTION_OPENERS"]


def _word_set(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


# A fronted topic is a noun phrase: none of these is in it (pronouns, auxiliaries and
# modals, question words, subordinating conjunctions, discourse particles).
NOT_TOPIC_WORDS = _word_set(
    """
    i me my you your we our us he him his she her they them their it its
    am is are was were be been being do does did done have has had can could shall should
    will would may might must let let's i'm i've i'd i'll you're it's that's there's
    what what's how how's why which who whom whose where when whats hows
    if unless because since although though while as once until before after so then
    yes no yeah yep nope ok okay sure thanks thank well hmm oh ah also and but or alright
    right actually sorry wait hi hello hey please sounds sound great cool perfect nice
    good fine awesome
    """
)
# The clause after a fronted topic asks about it: it opens with a question word or an
# auxiliary ("deload week, what % exactly", "hammock, do they use it").
QUESTION_OPENERS = _word_set(
    """
    what what's whats how how's why which who where when whose is are was were do does did
    can could should would will shall may might must any anything
    """
)
