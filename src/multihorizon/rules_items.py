"""The rules of issue 15's enumerated-item work (SPEC-028 §4.1 "which item of which list"), as
data for ``multihorizon.rules``: each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Like the registry, this imports nothing of
the engine.

The figures are ``multihorizon eval FILE --task references`` (hashing embedder) with the rule
off and on; ``tests/data/handwritten/items_tune`` was written for it and tuned on,
``items_holdout`` was written before any of it (see ``tests/test_handwritten.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["ITEM_RULES"]

ITEM_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "item-forms",
        "references",
        "§4.1",
        "More ways to pick a list item, as data (text.ordinal_forms, text.item_qualities): "
        "a lower-case letter after a picking word ('go with b', 'what about c?'), a number "
        "closed by a bracket ('4), how long?'), a digit ordinal ending its phrase ('the 7th, "
        "is it safe?'), ordinals to twenty, 'the very last bit', 'the opening step', a run "
        "from one end ('the first two', 'the last couple': one reference per item), an item "
        "by a quality ('the cheapest one', 'which is quickest?', 'the most durable', "
        "'whichever is free': the item that says it, else the end of a list its lead orders, "
        "'from cheapest up'); an item noun names the kind of list ('the third tip' past a "
        "later comma list); items are matched by their rarer words ('the Klimt museum' among "
        "three museums), over every list of the turn, nested ones too.",
        {"item_forms": False},
        "multihorizon eval tests/data/handwritten/items_tune.jsonl --task references "
        "(hashing), off -> on: enumerated item 0.711 -> 0.974, acc@1 0.816 -> 0.974; "
        "items_holdout.jsonl 0.610 -> 0.768, acc@1 0.780 -> 0.842 (its first run, before any "
        "of this: item 0.524; see tests/test_handwritten.py); the other hand-written sets "
        "unchanged. tools/eval_all.py (whole branch): CAsT 2021 acc@1 0.750 -> 0.755, CAsT "
        "2019 0.586 -> 0.589, sgd 0.775 -> 0.776; locomo recall@10 0.691 -> 0.689, CAsT 2021 "
        "intent macro-F1 0.811 -> 0.809.",
        "dialogue.item_forms.quality_pick",
    ),
)
