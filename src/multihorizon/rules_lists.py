"""Issue 15 item 1's rules of stop 37 (items37: whose list an ordinal or a letter names, and
letters that name no item) and stop 38 (lists38: a laid-out list over a later inline series,
a series named by the turn, the user's own colon lists), as data for ``multihorizon.rules``
(through ``rules_references``, which appends them to its rows): each entry is ``(id, stage,
section, summary, off, evidence, function)``, the arguments of one registry row. Like the
registry, this imports nothing of the engine.

Figures: ``multihorizon eval FILE --task references`` (hashing; ``/tmp`` script as
``tools/item_report.py`` and ``tools/reference_report.py``), item accuracy and acc@1 over every
hand-written file, the rule's switch off -> on, everything else on. ``ownlists_tune37`` was
written for this work and tuned on; ``ownlists_holdout37`` was written before it, its misses
not read. Stop 38: ``lists_tune38`` written for that work and tuned on, ``lists_holdout38``
written before it (first and end runs only, its misses not read).
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
        "hand-written set unchanged; tests/test_item_boundaries.py",
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
        "named goes from B to A; tests/test_item_boundaries.py",
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
        "kept); tests/test_item_boundaries.py",
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
        "DAG'); every other hand-written set unchanged; tests/test_item_boundaries.py",
        "dialogue.own_lists.with_own_lists",
    ),
    (
        "laid-out-lists",
        "references",
        "§4.1",
        "An ordinal whose item is of an inline series (an unmarked list within one sentence: "
        "'you could bring a printed copy, a glass of water, a pen or cue cards'; "
        "text.list_layout.inline_series) picks the most recent list a reply of the last three "
        "with lists laid out (numbered, lettered, bulleted, 'First, ... Finally, ...') that has "
        "the item asked for ('the fifth' needs five items, 'the penultimate' three): 'the "
        "second approach', 'the penultimate step', '#3', 'the last one you named'. The series "
        "keeps it when the turn names it: a demonstrative after the ordinal ('the second of "
        "those') unless its noun is the laid-out list's, or a word after the ordinal up to the "
        "clause's end that the series' reply or its question says and the laid-out list's do "
        "not ('the last thing you suggested to test them'); 'the former'/'the latter' and items "
        "named by their words ('the nearest one') are not moved; nor is a bare ordinal when the "
        "series is the latest reply and answers a question asking to choose ('which sealant "
        "should I use?' 'You could use A, B, or C.'; text.list_layout.CHOICE_WORDS). Rule "
        "list-topics leaves an "
        "item that holds a word of the turn in place ('the first one, how stiff a brush?').",
        {"laid_out_lists": False},
        "item accuracy off -> on (everything else on): lists_tune38 65/82 -> 76/82; "
        "lists_holdout38 46/53 either way (its later series are no lists the parse reads); "
        "every other hand-written set unchanged (items, acc@1, intent); "
        "tests/test_laid_out_lists.py. Stop 43: the laid-out list is looked for back from "
        "the series' reply, not from the turn (a stop-43 audit's 'what about the last "
        "point?' ten turns after the series fell to it); every hand-written file unchanged.",
        "dialogue.laid_out_lists.with_laid_out_lists",
    ),
    (
        "named-series",
        "references",
        "§4.1",
        "An ordinal the turn ties to a reply's comma series that the list parse "
        "leaves out as no choice offered ('you'll need a spanner, a bucket, some PTFE tape and "
        "an old towel'; text.list_layout.sentence_series: three comma parts or more, the last "
        "joined by 'and'/'or', the first item from the first part's last determiner) picks "
        "the series' item: after a demonstrative ('the second of those tools') or a word "
        "after the ordinal the reply or its question says ('the 3rd thing to pack'), not the "
        "list the ordinal resolved to: the most recent such series of the replies since that "
        "list, within 12 turns, none with a list of its own (confidence 0.6).",
        {"named_series": False},
        "item accuracy off -> on: lists_tune38 73/82 -> 76/82; lists_holdout38 43/53 -> "
        "46/53; every other hand-written set unchanged; tests/test_laid_out_lists.py",
        "dialogue.laid_out_lists.with_laid_out_lists",
    ),
    (
        "own-list-forms",
        "references",
        "§4.1",
        "The user's own list (rule own-lists) may be a colon series with no joiner ('my "
        "shortlist: Lisbon, Porto, Faro', 'three quotes: £2,400 from Acme, £3,100 from Brite, "
        "£2,750 from Cole'; text.list_layout.colon_series: three comma parts or more of at "
        "most eight words, thousands separators split nothing), and 'I put down', 'I wrote "
        "down', 'my shortlist' (text.list_layout.MORE_OWN_CUES) point at it as 'I listed' "
        "does; with such a cue and no ordinal reference by place, an ordinal word after 'the' "
        "or 'my' picks its item ('the third city I mentioned', 'the 2nd on my shortlist'; not "
        "'the first time', NOT_PICK_NOUNS).",
        {"own_list_forms": False},
        "item accuracy off -> on: lists_tune38 67/82 -> 76/82; ownlists_holdout37 30/35 -> "
        "31/35 (acc@1 0.833 -> 0.854); lists_holdout38 44/53 -> 46/53; every other "
        "hand-written set unchanged; tests/test_laid_out_lists.py",
        "dialogue.own_lists.with_own_lists",
    ),
    (
        "ordinal-terms",
        "references",
        "§4.1",
        "An ordinal whose words (its determiner aside, two or more, not ending in 'one') open "
        "exactly one item of the lists of the turn it resolved to names that item, not the "
        "item at its place: 'what did you mean by first fix?' over '1. Strip out the old "
        "tiles. 2. First fix plumbing ... 5. Second fix: fitting the taps' is the second item, "
        "'the first aid kit' over '- Water - First aid kit - Torch' the second. An item that "
        "holds the words later ('the first fix did not hold') is not named by them, nor "
        "does a determiner before a list noun ('the first point', 'your second tip') name an "
        "item opening 'First point of contact': those count by place.",
        {"ordinal_terms": False},
        "Found on a stop-43 audit conversation written before any code (a60, a bathroom "
        "refit: 'what did you mean by first fix exactly?' got the first item), its miss read "
        "then. Every hand-written file (147, 1,219 item probes) off -> on: unchanged, none "
        "holds such an ordinal; tests/test_ordinal_terms.py.",
        "dialogue.ordinal_terms.with_ordinal_terms",
    ),
)
