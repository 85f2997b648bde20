"""Questions about how things usually are ask about the world, not an output sharing their
words (SPEC-028 §5.2; rule general-questions; issue 15 item 1).

"In general, how long do customs inspections at transshipment hubs take?" after a tracking
result held at a customs inspection, "whats the usual way to pin a transitive dep?" after a
dependency tree: the question shares words with the output, so rule output-details names it
and rule output-detail-intents reads TOOL_REFERENCE. A word of habit (``HABIT_WORDS``:
"usually", "typically", "in general") asks what holds in general: no output's value. Costs
one split of the question's first characters.
"""

from __future__ import annotations

import itertools

from ..text.output_nouns import HABIT_WORDS

__all__ = ["asks_in_general"]

# Characters and words of a question read for a word of habit; characters trimmed off a word.
_CHARS = 300
_MAX_WORDS = 48
_EDGES = ",;:!?\"'()[]."


def asks_in_general(text: str) -> bool:
    """Whether a question asks how things are in general: a word of ``HABIT_WORDS`` or "in
    general"."""
    words = [word.strip(_EDGES) for word in text[:_CHARS].casefold().split()[:_MAX_WORDS]]
    if not HABIT_WORDS.isdisjoint(words):
        return True
    return any(a == "in" and b == "general" for a, b in itertools.pairwise(words))
