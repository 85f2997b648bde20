"""The item rules of the references stage (SPEC-028 §4.1 "which item of which list"), in
the order ``Session`` applies them after rule output-details: item-pairs, laid-out-lists,
list-topics,
own-lists, own-list-words, lead-letters, plain-qualities, item-words, item-over-said.

Most turns have no reference and no reply with a list among the turns item-words walks back
(``list_turns``): 88 of 100 user turns of the real-text benchmark sessions
(``bench/long_sessions``), about 4 in 10 of task dialogue (sgd, whose replies list
options). Such a turn is a candidate for none of the rules that read a reply's list or a
reference, so only the two that read neither are run (issue 14, as the gates of the
intent rules):

- item-pairs: needs a pick (a reference) or ``_latest``'s list, a reply in ``list_turns``;
- list-topics, own-lists: need an ordinal reference;
- lead-letters, plain-qualities: pick from ``list_turns``' lists only, and change nothing
  when there are none, whatever the references;
- item-words: names an item of ``list_turns``' lists; run all the same, for the pruning of
  the log's item-words cache it does first;
- item-over-said: needs two references, and own-list-words adds at most one;
- own-list-words: reads the user's own list, so it runs.

``tests/test_reference_gates.py`` checks the gated chain against the full one over the
hand-written sets and real conversations.
"""

from __future__ import annotations

from ..config import Config
from .features import TurnFeatures
from .implicit_items import list_turns, with_implicit_items
from .item_pairs import with_item_pairs
from .label_picks import with_label_picks
from .laid_out_lists import with_laid_out_lists
from .letter_picks import with_clause_picks, with_letter_picks
from .list_topics import with_list_topics
from .ordinal_about import with_ordinal_about
from .ordinal_terms import with_ordinal_terms
from .own_lists import (
    with_own_list_items,
    with_own_list_ordinals,
    with_own_list_words,
    with_own_lists,
    without_own_ones,
)
from .repeat_runs import without_repeat_objects
from .resolution import Resolution
from .sub_steps import with_sub_steps
from .turn_picks import with_item_over_said, with_lead_letter, with_plain_quality
from .turnlog import TurnLog

__all__ = ["with_item_rules"]


def with_item_rules(
    resolution: Resolution,
    content: str,
    features: TurnFeatures,
    log: TurnLog,
    config: Config,
    *,
    gated: bool = True,
) -> Resolution:
    """``resolution`` after the item rules; ``gated=False`` runs every rule on every turn
    (the reading the gate must agree with)."""
    resolution = without_repeat_objects(resolution, content, config.repeat_runs)  # "redo the df"
    resolution = without_own_ones(resolution, config)  # "My last one broke": no pick
    if gated and not resolution.references and not (turns := list_turns(log)):
        resolution = with_own_list_words(resolution, content, features.terms, log, config)
        resolution = with_own_list_ordinals(resolution, content, log, config)
        resolution = with_own_list_items(resolution, content, features.terms, log, config)
        resolution = with_implicit_items(resolution, content, features, log, config, turns)
        return with_letter_picks(resolution, content, features, log, config)
    resolution = with_item_pairs(resolution, content, log, config)
    resolution = with_laid_out_lists(resolution, content, log, config)
    resolution = with_list_topics(resolution, features, log, config)
    resolution = with_own_lists(resolution, content, log, config)
    resolution = with_own_list_words(resolution, content, features.terms, log, config)
    resolution = with_own_list_ordinals(resolution, content, log, config)
    resolution = with_own_list_items(resolution, content, features.terms, log, config)
    resolution = with_lead_letter(resolution, content, log, config)
    resolution = with_label_picks(resolution, content, log, config)
    resolution = with_sub_steps(resolution, content, log, config)
    resolution = with_plain_quality(resolution, content, log, config)
    resolution = with_implicit_items(resolution, content, features, log, config)
    resolution = with_ordinal_about(resolution, content, log, config)
    resolution = with_ordinal_terms(resolution, log, config)
    resolution = with_letter_picks(resolution, content, features, log, config)
    resolution = with_clause_picks(resolution, content, log, config)
    return with_item_over_said(resolution, log, config)
