"""Questions judging things of the world are not about a tool output sharing a word with them
(SPEC-028 §5.2; rule judged-world-questions; issue 15 item 1).

"which filesystem is best for a usb stick?" after a ``df`` listing, "which city has the best
museums?" after a city's weather: the question shares a word with the output ("filesystem",
"city") and asks "which", so rules output-details and summed-output-values read it as asking
a value the output shows. A judging word (``JUDGING_WORDS``: "best", "ideal", "recommended";
``INDEFINITE_JUDGING_WORDS`` after "a": "whats a good ping for shooters?") with a word no
output holds ("usb", "museums") asks which thing of the world is good: not a value shown.
"best saturday?" of a till report holds all its words but the judging one; "which region had
the best latency?", "which model performed best?" rank the output's rows by what they show.
Costs nothing for a question of no judging word; otherwise each output's word counts, read
once (cached on its bounded prefix).
"""

from __future__ import annotations

import itertools
from collections.abc import Collection

from ..config import Config
from ..text.tokens import normalise_term
from ..text.value_questions import (
    INDEFINITE_JUDGING_WORDS,
    JUDGED_MEASURES,
    JUDGED_SHOWINGS,
    JUDGING_WORDS,
)
from ..tiers.scratch import ScratchEntry
from .compound_words import compound_parts
from .features import TurnFeatures
from .output_values import output_value_forms
from .summed_values import output_counts

__all__ = ["judges_world"]

_CONTENT_CHARS = 1500  # characters of an output read (as rule output-details)
_MAX_WORDS = 64
_EDGES = ",;:!?\"'()[]."
_JUDGING_TERMS = frozenset(
    normalise_term(word) for word in JUDGING_WORDS | INDEFINITE_JUDGING_WORDS
)


def judges_world(features: TurnFeatures, scratch: Collection[ScratchEntry], config: Config) -> bool:
    """Whether a question judges things of the world (rule judged-world-questions; see the
    module): a judging word and a word of it no output holds."""
    if not (config.judged_world_questions and features.question and features.terms):
        return False
    words = [word.strip(_EDGES) for word in features.text.casefold().split()[:_MAX_WORDS]]
    if JUDGING_WORDS.isdisjoint(words) and not any(
        before == "a" and word in INDEFINITE_JUDGING_WORDS
        for before, word in itertools.pairwise(words)
    ):
        return False
    # "which region had the best latency?", "which model performed best?": the judging word
    # ranks the output's rows by a measure they show (``JUDGED_MEASURES``, ``JUDGED_SHOWINGS``).
    if any(
        (word in JUDGING_WORDS and after in JUDGED_MEASURES)
        or (before in JUDGED_SHOWINGS and word in JUDGING_WORDS)
        for before, word, after in zip(["", *words[:-1]], words, [*words[1:], ""], strict=True)
    ):
        return False
    rest = frozenset(features.terms) - _JUDGING_TERMS
    return bool(rest) and not any(rest <= _words(entry) for entry in scratch)


def _words(entry: ScratchEntry) -> frozenset[str]:
    """An output's words: its tokens, their compound parts and spoken value forms."""
    counts = frozenset(output_counts(entry.raw_output[:_CONTENT_CHARS]))
    return counts | compound_parts(counts) | output_value_forms(entry)
