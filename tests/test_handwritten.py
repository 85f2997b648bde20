"""Hand-written conversations with reference labels (issue 15 item 1), scored by the
evaluation's references task: the reference target (acc@1 of the antecedents) and the
enumerated item (``gold_item``).

``tests/data/handwritten/references_tune.jsonl`` (30 conversations, 67 probes) was written
first and the ordinal, action and entity rules were tuned on it;
``references_check.jsonl`` (30 others, 64 probes: other domains and phrasings) was written
after, before any result on it was seen. Its first run scored acc@1 0.859 and item 0.775;
its failures were then read and general gaps fixed (lettered inline lists, category nouns,
items named by a definite noun phrase, yes/no questions in repeat requests), so it is no
longer a clean hold-out. The floors sit a little under the figures measured with the
hashing embedder (``multihorizon eval FILE --task references``).

``references_entities_tune.jsonl`` (13 conversations, 52 probes) and
``references_entities_check.jsonl`` (13 others, 51 probes) hold entity references in people's
words (comparatives, bare names, modifiers, plurals, synonyms, possessives), several
candidate things per conversation so the most recent turn is rarely right; both were
written before any code change (first run: tune 0.596, check 0.569). Rule entity-references
was tuned on the tune set; the check set then scored 0.686 (the held-out figure); its misses
were read and two general gaps fixed (a user turn adding something ends a comparison; "the
grinder you suggested"), so it is no longer a clean hold-out. ``tools/reference_report.py``
splits acc@1 by probe kind.

Rule entity-forms (other word forms, kind nouns, names in lower case, the answer holding the
thing, "the ones for the gym") was tuned on ``references_entities_tune.jsonl``, the check
set's misses and ``references_entities_tune2.jsonl`` (8 conversations, 31 probes written
for those forms). ``references_entities_holdout.jsonl`` (16 conversations, 63 probes, domains
none of the other sets use) was written before any of that code and scored once at the
end: 0.698 before, 0.873 after (the held-out figure).

``phrasing_holdout.jsonl`` (15 conversations, 113 probes on logged turns and after them:
ordinals over numbered, lettered, bulleted and prose lists, action references, clarifications,
topic announcements, tool references, entity references without a demonstrative,
resumptions; domains no other file uses) was written by the phrasing stop before any code
change and scored: first run acc@1 0.581, item 0.452; after the changes tuned on
``phrasing_tune.jsonl`` (9 conversations, 57 probes, written after that first run) 0.661 /
0.484 (the held-out figure). Its misses were then read and general gaps fixed (action
references by the request they name, a list opening after a colon, an ordinal past a short
list, demonstratives naming a tool call): 0.758 / 0.645, so it is no longer a clean hold-out.
Intent, resumption and tool targets of both files: ``tests/test_handwritten_resume.py``.

``items_holdout.jsonl`` (14 conversations, 82 enumerated-item probes: numbered, lettered,
bulleted, bold-heading, prose and nested lists, two lists where the turn names the earlier one;
domains no other file uses) was written by the items session before any code change and
scored: first run acc@1 0.744, item 0.524. Rule item-forms was then tuned on
``items_tune.jsonl`` (7 conversations, 38 item probes, other domains; 0.632 -> 0.974) and the
issue's known misses: the hold-out scored 0.780 / 0.658 (the held-out figure). Its misses were
then read and general gaps fixed ("for c", "the very last bit", "the opening step", "the one
that ...", entity items over nested lists, comma "lists" that describe): 0.842 / 0.768, so it
is no longer a clean hold-out.

``items_holdout3.jsonl`` (14 conversations, 87 item probes; domains no other file uses; lists
numbered, lettered, bulleted, under bold headings, in prose, nested, split across two replies,
two per conversation with the earlier named by its topic; items named by position, letter,
paraphrase and superlatives the item text decides) was written by the items4 session before
any code change and scored: first run acc@1 0.736, item 0.494. Rules item-words,
continued-lists and item-pairs (and more quality data: amounts, scale nouns) were then tuned on
``items_tune3.jsonl`` (8 conversations, 45 item probes, other domains; item 0.578 -> 0.911)
and the issue's known causes: the hold-out scored 0.793 / 0.667 at the end (the held-out
figure; its misses were read only then). With the same changes items_holdout went 0.878 /
0.768 -> 0.902 / 0.841 and phrasing_holdout's item 0.645 -> 0.742.

``items_holdout4.jsonl`` (12 conversations, 75 item probes; domains no other file uses;
registers: non-native English, terse, chatty, long multi-clause turns; lists numbered,
lettered, inline "(a) ...", bulleted, under bold headings, one paragraph or one sentence per
item, split across two replies, written by the user) was written by the items5 session
before any code change. Rules counted-lists, own-lists and list-topics (and item-words'
country adjectives, item-forms' scale verbs and item nouns) were then tuned on
``items_tune5.jsonl`` (7 conversations, 30 item probes, other domains) and the misses of
items_holdout3 / items_tune3; its misses were read only after the end run, then one general
gap fixed (a colon lead with the count of the clauses after it), so it is no longer a clean
hold-out (``multihorizon eval FILE --task references``, hashing):

    file                 first run (acc@1 / item)   end (clean)     after its misses
    items_holdout4       0.827 / 0.733              0.853 / 0.813   0.880 / 0.840
    items_tune5          0.700 / 0.267              0.867 / 0.900
    items_holdout3       0.793 / 0.678              0.885 / 0.816
    items_holdout        0.902 / 0.841              0.915 / 0.866
    phrasing_holdout     0.823 / 0.742              0.823 / 0.774

``items_holdout7.jsonl`` (12 conversations, 79 item probes; domains no other file uses;
registers: chatty, terse, non-native English, long multi-clause turns; lists numbered,
lettered, bulleted, bold lead-ins, label lines, nested steps, one sentence per item ("First
... Then ... Finally", "You could A. Or B."), comma and semicolon series, two lists in one
reply, the user's own list, a trailing remark after a list) was written by the items7
session before any code change. Rules sentence-lists, lead-letters, item-over-said,
own-list-words and plain-qualities (and item-words' -ing, prefixed and '-ves' forms,
ordinal-forms' "from day one") were then tuned on ``items_tune7.jsonl`` (8 conversations, 46
item probes, other domains; one conversation added for plain-qualities) and the misses of
the older sets; its misses were read only after the end run, then general gaps fixed (label
lines, "Options:" leads, "the cheaper one" alone, "middle tool, ..."), so it is no longer a
clean hold-out (``multihorizon eval FILE --task references``, hashing):

    file                 first run (acc@1 / item)   end (clean)     after its misses
    items_holdout7       0.797 / 0.608              0.835 / 0.696   0.848 / 0.759
    items_tune7          0.696 / 0.370                              0.891 / 0.870
    items_holdout4       0.880 / 0.840                              0.867 / 0.893
    items_holdout        0.915 / 0.866                              0.927 / 0.866
    items_tune           0.974 / 0.947                              0.974 / 0.974
    (items_holdout3, items_tune3, items_tune5, phrasing_holdout, phrasing_tune unchanged)

``items_holdout13.jsonl`` (10 conversations, 69 reference probes of which 10 negative
controls: "the first time i opened it", "at last", "last week", "number of locks: 0", "my
first pot"; domains no other file uses; numbered, lettered, bulleted, bold-heading, nested and
prose lists, two lists per conversation, the user's own list; "number one", "#3", "option C",
"the 3rd one", "the former/latter", "the penultimate step", "the last option" past a later
list, "the one about grease", "the section on the budget") was written by the items13 session
before any code change. Rules list-nouns, item-echoes, retargeted-items and item-antecedents
were then chosen by counting over every other hand-written file (not tuned on it); scored once
at the end: acc@1 0.826 -> 0.855, item 0.729 -> 0.780, controls 8/10 -> 8/10.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from multihorizon.evaluation import evaluate
from multihorizon.evaluation.metrics import same_item

DATA = Path(__file__).parent / "data" / "handwritten"

# file -> (acc@1 floor, item floor or None without item labels); measured: tune 0.925 /
# 1.000, check 0.891 / 1.000, entities tune 0.904, entities check 0.824, entities tune2
# 0.710, entities hold-out 0.905; phrasing tune 0.969 / 0.929, phrasing hold-out 0.758 / 0.645;
# items tune 0.974 / 0.974, items hold-out 0.902 / 0.841; phrasing hold-out 0.823 / 0.742
# (items4); items tune3 0.933 / 0.911, items hold-out3 0.793 / 0.667. items5: items tune
# 0.974 / 0.947, hold-out 0.915 / 0.866, tune3 0.911 / 0.911, hold-out3 0.885 / 0.816,
# hold-out4 0.880 / 0.840, tune5 0.867 / 0.900, phrasing hold-out 0.823 / 0.774. items7:
# hold-out7 0.848 / 0.759, tune7 0.891 / 0.870, hold-out4 0.867 / 0.893, hold-out 0.927 / 0.866.
# items13: hold-out13 0.855 / 0.780.
FLOORS: dict[str, tuple[float, float | None]] = {
    "references_tune.jsonl": (0.90, 0.97),
    "references_check.jsonl": (0.84, 0.95),
    "references_entities_tune.jsonl": (0.88, None),
    "references_entities_check.jsonl": (0.80, None),
    "references_entities_tune2.jsonl": (0.68, None),
    "references_entities_holdout.jsonl": (0.88, None),
    "phrasing_tune.jsonl": (0.94, 0.90),
    "phrasing_holdout.jsonl": (0.80, 0.75),
    "items_tune.jsonl": (0.94, 0.94),
    "items_holdout.jsonl": (0.89, 0.84),
    "items_tune3.jsonl": (0.91, 0.89),
    "items_holdout3.jsonl": (0.86, 0.79),
    "items_holdout4.jsonl": (0.85, 0.81),
    "items_tune5.jsonl": (0.84, 0.87),
    "items_holdout7.jsonl": (0.82, 0.73),
    "items_tune7.jsonl": (0.86, 0.84),
    "items_holdout13.jsonl": (0.83, 0.75),
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_handwritten_reference_targets_and_items_hold(name: str) -> None:
    report = evaluate(DATA / name, "references")
    target, item = FLOORS[name]
    assert report.ours["acc_at_1"] >= target, report.ours
    if item is not None:
        assert report.ours["item_accuracy"] >= item, report.ours
    # The best baseline of the same run is far below: the labels are not the turn before.
    assert max(values["acc_at_1"] for values in report.baselines.values()) < 0.70


@pytest.mark.parametrize(
    ("ours", "gold", "same"),
    [
        ("Redis as the cache backend", "redis as the cache backend.", True),
        ("Fushimi Inari early", "Day 1: Fushimi Inari early", True),
        ("Redis as the cache backend", "Redis", False),
        ("Memcached", "Redis", False),
        (None, "Redis", False),
    ],
)
def test_item_matching_ignores_case_punctuation_and_labels(
    ours: str | None, gold: str, same: bool
) -> None:
    assert same_item(ours, gold) is same
