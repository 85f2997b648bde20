"""Rule situation-setups (SPEC-028 §3.3 thread creation): a turn that sets up a situation of
its own before it asks ("My daughter turns eight next month and wants a sleepover party
with six friends. Any tips on keeping it under control?") opens a topic as an announced one
does, when the situation shares at most one content word with the active thread.

The set-up is structural: a first sentence that is a statement of at least
``SETUP_WORDS`` words, in the speaker's own words (``SITUATION_WORDS``: "my", "our", "we",
...), pointing back at nothing (no pronoun or demonstrative of ``SETUP_POINTERS``, no
"also", "again"), then a sentence that asks. A follow-up in a thread leans on it ("I want it
fizzy. Any tips ...?", "My elbow already hurts after two hours. Is that normal?": short,
or pointing back); counted over every hand-written file and ../shared/data (see the rule's
evidence in ``multihorizon.rules``)."""

from __future__ import annotations

from collections.abc import Set
from typing import TYPE_CHECKING

from ..text.lexicon import QUESTION_OPENERS, SITUATION_WORDS
from ..text.sentences import split_sentences
from ..text.topic_clause_words import SETUP_POINTERS
from .phrasing import WORD_STRIP

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["SETUP_WORDS", "sets_up_new_situation", "sets_up_situation"]

# The first sentence of a set-up has at least this many words (counted over the data: at 8,
# tiage and the hand-written sets lost as many in-thread turns as they gained new topics).
SETUP_WORDS = 10
# The set-up's words the active thread may already hold (a word in common is chance).
SETUP_SHARED = 1
# Only a turn's opening is read: a set-up is its first sentence and a question after it.
_SETUP_CHARS = 600
_SETUP_MIN_CHARS = 32
_I_FORMS = frozenset(("i", "i'm", "i've", "i'd", "im", "ive", "me"))


def sets_up_situation(text: str) -> bool:
    """Whether the turn opens with a statement of its own situation (at least
    ``SETUP_WORDS`` words, a first-person word, nothing pointing back) and then asks."""
    if len(text) < _SETUP_MIN_CHARS:
        return False  # 10 words, a full stop and a question take more
    sentences = split_sentences(text[:_SETUP_CHARS])
    if len(sentences) < 2 or sentences[0].endswith("?"):
        return False
    words = [word.strip(WORD_STRIP) for word in sentences[0].casefold().split()]
    if len(words) < SETUP_WORDS or not SETUP_POINTERS.isdisjoint(words):
        return False
    if SITUATION_WORDS.isdisjoint(words) and _I_FORMS.isdisjoint(words):
        return False
    return any(_asks(sentence) for sentence in sentences[1:])


def _asks(sentence: str) -> bool:
    if sentence.endswith("?"):
        return True
    first = sentence.split(maxsplit=1)[0].casefold().strip(WORD_STRIP) if sentence else ""
    return first in QUESTION_OPENERS


def sets_up_new_situation(context: DialogueContext, features: TurnFeatures) -> bool:
    """``sets_up_situation`` in an assistant chat of two with an active thread, whose words
    share at most ``SETUP_SHARED`` content words with that thread's."""
    config, threads = context.config, context.threads
    if not config.situation_setups or threads.active < 0:
        return False
    if context.speakers.multi_party(config):
        return False
    # The words first: most turns share more with their thread, and the terms are read
    # already; the sentences only for the few that do not.
    vocabulary: Set[str] = threads.vocabulary[threads.active]
    if sum(1 for term in set(features.terms) if term in vocabulary) > SETUP_SHARED:
        return False
    return sets_up_situation(features.text)
