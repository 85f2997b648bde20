"""Issue 15 item 1's rules of stop 37 (items37: whose list an ordinal or a letter names, and
letters that name no item), as data for ``multihorizon.rules`` (through ``rules_references``,
which appends them to its rows): each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Like the registry, this imports nothing of
the engine.

Figures: ``multihorizon eval FILE --task references`` (hashing; ``/tmp`` script as
``tools/item_report.py`` and ``tools/reference_report.py``), item accuracy and acc@1 over every
hand-written file, the rule's switch off -> on, everything else on. ``ownlists_tune37`` was
written for this work and tuned on; ``ownlists_holdout37`` was written before it, its misses
not read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["LIST_RULES"]

LIST_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "letter-values",
        "references",
        "§4.1",
        "A letter label rule letter-picks finds is no pick when it states a value of the "
        "user's own: after a copula in a clause a possessive opens within four words ('my "
        "blood type is B', 'our grade was C'; not with a pick's noun: 'my vote is B', "
        "text.pick_labels VALUE_OWNERS, VALUE_COPULAS, PICK_NOUNS), a drive letter (a capital "
        "closed by a colon after 'to', 'on', 'from' ... DRIVE_LEADS, or after 'or' after "
        "another drive, or before a path: 'copy it to C: or D:', 'C:\\Users'), or a "
        "copyright sign before a year or after 'copyright' ('(c) 2024 Acme Ltd'). Reads a "
        "window of 80 characters before each label.",
        {"letter_values": False},
        "acc@1 off -> on (controls: the turn the letter follows up, no item): ownlists_tune37 "
        "9/11 -> 10/11, ownlists_holdout37 39/48 -> 40/48; item accuracy and every other "
        "hand-written set unchanged; tests/test_items37.py",
        "dialogue.letter_values.is_value",
    ),
    (
        "letter-pairs",
        "references",
        "§4.1",
        "Two letters named together ('plan A or B?', 'A vs B', 'c and d'; text.pick_labels "
        "PAIR_JOINERS) name both: when the label letter-picks reads follows a joiner right "
        "after a lone letter of the same case that no label lead precedes ('plan A'), that "
        "letter is picked too, first, and the label's item after it (both named references).",
        {"letter_pairs": False},
        "no hand-written figure moves (the 'plan A or B?' controls of ownlists_holdout37 and "
        "ownlists_tune37 score the list's turn, read either way); off -> on the first item "
        "named goes from B to A; tests/test_items37.py",
        "dialogue.letter_values.paired_label",
    ),
    (
        "own-ones",
        "references",
        "§4.1",
        "An ordinal reference whose words are a possessive, 'last' or 'first' and 'one(s)' "
        "('My last one broke after a year', 'our first ones were bagged'; text.pick_labels "
        "VALUE_OWNERS, OWN_ONE_ORDINALS, OWN_ONE_WORDS) is a thing of the user's own, no item "
        "of a list: it leaves the references the envelope shows and the named ones (the "
        "stage's resolved, which the §5.2 intent reads, keeps it: classify() agrees).",
        {"own_ones": False},
        "acc@1 off -> on: ownlists_holdout37 38/48 -> 40/48 (its controls); item accuracy "
        "and every other hand-written set unchanged; pooled intent unchanged (resolved "
        "kept); tests/test_items37.py",
        "dialogue.own_lists.without_own_ones",
    ),
    (
        "own-possessive-ordinals",
        "references",
        "§4.1",
        "An ordinal reference opening with the user's possessive ('my third item', 'our "
        "second option'; text.pick_labels.OWN_POSSESSIVES) points at the user's own latest "
        "list as 'the third one on my list' does (rule own-lists' cue); only those references "
        "of the turn are read against it.",
        {"own_possessive_ordinals": False},
        "off -> on: items_holdout7 item 61/79 -> 62/79, acc@1 73/79 -> 74/79 ('my first "
        "DAG'); every other hand-written set unchanged; tests/test_items37.py",
        "dialogue.own_lists.with_own_lists",
    ),
)
