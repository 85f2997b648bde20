"""Item nouns that name a list by what it holds (rule list-nouns, under list-topics): "Going
back to the possible causes, the opening one" after "Likely causes:\\n1. ..." and a later list
of settings. A closed class: the item nouns of ``ordinal_forms.ITEM_NOUNS``, which a reply's
lead uses for its list ("Likely causes:", "Options:"), without the weak ones that name no
kind of thing ("one", "thing", "way", "part", "line", "answer")."""

from __future__ import annotations

from .ordinal_forms import ITEM_NOUNS

__all__ = ["ADVICE_NOUNS", "LIST_NOUNS"]

_WEAK = frozenset(
    ("one", "ones", "thing", "things", "way", "ways", "part", "parts", "line", "lines", "answer",
     "answers")
)  # fmt: skip

LIST_NOUNS: frozenset[str] = ITEM_NOUNS - _WEAK

# Rule named-list-items (nouns39): item nouns one reply's advice list may be introduced by
# and another's be asked about ("A few suggestions:" then "the index suggestion"); one kind,
# folded. Not "option(s)": a list of options offers alternatives to choose, not advice.
ADVICE_NOUNS = frozenset((
    "suggestion", "suggestions", "idea", "ideas", "tip", "tips", "recommendation",
    "recommendations", "advice", "proposal", "proposals", "pointer", "pointers",
))  # fmt: skip
