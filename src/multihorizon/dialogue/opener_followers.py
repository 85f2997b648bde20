"""The word an ordinal or item form needs after its opener (issue 14, item 1).

``ordinal_mentions._may_open`` reads the word at a gate hit (or at each word of a short
turn) and lets every opener through to the 260-character window ``_mention_at`` and the
item forms read. Most never open a form there: on real turns "the", "is", "with", "for"
open about nine reads in ten, and the window read costs a tenth of the references stage.
For these openers every form also needs a particular next word, which ``_may_open`` has read
already; ``follows`` says whether it is one (a necessary condition, never a sufficient
one):

- "is", "are" (``item_forms.quality_pick`` only): a degree word ("is most reliable").
- "the": a degree word ("the least sedating", ``quality_pick``; "costs the most",
  ``_scale_verb``), a run's end ("the first two", ``run_of_items``), an item noun ("the one
  about caching", ``_about_item``), an ordinal ("the third", "the 7th", ``_ordinal_word``,
  ``numbered_ordinal``), "middle" or the first word of a ``FROM_END`` phrase ("the second
  to last").
- a picking word that opens nothing else ("with", "take", "about", "for"): a number ("go
  with 2", ``_number_pick``) or a letter ("go with b", ``letter_after_pick``).

An opener of another kind too (a ``FROM_END`` first word, an item noun, an ordinal) is not
restricted. ``tests/test_reference_gates.py`` checks that the forms found with the rule are
those found without it, at every word of the hand-written and real turns.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..text.item_qualities import DEGREE_WORDS, SUPERLATIVES, WHICHEVER
from ..text.ordinal_forms import (
    ADJECTIVE_ORDINALS,
    FROM_END,
    ITEM_NOUNS,
    LABELLED_NOUNS,
    LETTERS,
    LOWER_LETTER_AFTER,
    ORDINALS,
    PICK_WORDS,
    RUN_ENDS,
)

__all__ = ["follows"]

_FROM_END_FIRST = frozenset(phrase[0] for phrase in FROM_END)
# Openers of some form by themselves, whatever follows: never restricted here.
_SELF_OPENERS = frozenset((
    *_FROM_END_FIRST, *ITEM_NOUNS, *LABELLED_NOUNS, *ORDINALS, *ADJECTIVE_ORDINALS, *RUN_ENDS,
    *SUPERLATIVES, WHICHEVER, "middle", "number", "no", "very", "one", "ones",
))  # fmt: skip
_AFTER_THE = frozenset((
    *DEGREE_WORDS, *RUN_ENDS, *ITEM_NOUNS, *ORDINALS, "middle", *_FROM_END_FIRST,
))  # fmt: skip
_NEXT: dict[str, frozenset[str]] = {"the": _AFTER_THE, "is": frozenset(DEGREE_WORDS)}
_NEXT["are"] = _NEXT["is"]
# Picking words that open nothing but a picked number or letter.
_PICKS_ONLY = (PICK_WORDS | LOWER_LETTER_AFTER) - _SELF_OPENERS - set(_NEXT)


def follows(word: str, after: Sequence[str]) -> bool:
    """Whether a form may open at ``word`` (case-folded) with ``after`` the words after it
    (none, or the next first): False only where no form can."""
    if word in _SELF_OPENERS:
        return True
    needed = _NEXT.get(word)
    if needed is not None:
        return bool(after) and after[0] in needed
    if word in _PICKS_ONLY:
        return bool(after) and (after[0] in LETTERS or (after[0].isascii() and after[0].isdigit()))
    return True
