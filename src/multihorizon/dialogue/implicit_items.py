"""Items named by their words alone (SPEC-028 §4.1 "which item of which list", rule
item-words): "Which needle type for T-shirts?" after a list of sewing extras names "Universal
and jersey needles"; "the coffee rule" names "Cut caffeine after midday". No ordinal, no "the
one about": the turn's content words pick the one item of a recent list that holds them.

A word counts for an item when the item holds it in some form ("braking" / "Brakes") or a
word of its group (``text.item_words``: "coffee" / "caffeine"), weighed 1/k where k items of
that list hold it; a word of the list's lead or of the question the list answers names the
list, not an item, and counts for none. The item is the one best item, unique in its list, of
the last few assistant turns with lists, the most recent of equals. Such a reference is
``named`` (it reaches the antecedents, the envelope and Tier C, not the §5.2 intent), unless
it replaces a reference of the turn that said the same word and named no item ("the cooking
one" resolved to a turn): then it stands where that one stood.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..config import Config
from ..text.item_qualities import QUALITY_WORDS
from ..text.item_words import NOT_ITEM_WORDS, related_words
from ..text.lexicon import Marker
from ..text.ordinal_forms import ITEM_NOUNS
from ..text.tokens import content_terms
from .features import TurnFeatures
from .ordinal_resolution import same_stem
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = ["with_implicit_items"]

_LIST_TURNS = 3  # assistant turns with lists searched, most recent first
_WALK = 8  # turns walked back for them
_MIN_SCORE = 1.0  # at least one word that one item alone holds
_CONFIDENCE = 0.5


def with_implicit_items(
    resolution: Resolution,
    content: str,
    features: TurnFeatures,
    log: TurnLog,
    config: Config,
) -> Resolution:
    """``resolution`` with the item the turn's words name (rule item-words), when no
    reference of the turn names an item; unchanged otherwise."""
    if not config.item_words or resolution.addressee is not None or resolution.has_tool:
        return resolution
    if any(ref.item is not None and ref.target_turn is not None for ref in resolution.references):
        return resolution
    if features.has(Marker.NEW_TOPIC) or features.has(Marker.TOPIC_OPENER):
        return resolution  # "Unrelated: how do I cache cargo builds?" asks of no item
    # A quality word asks about a property ("the fastest way to the airport"); "the fastest
    # one" is rule item-forms' pick.
    terms = [
        t for t in features.terms
        if t not in NOT_ITEM_WORDS and t not in QUALITY_WORDS and len(t) >= 3
    ]  # fmt: skip
    if not terms:
        return resolution
    found = _named_item(terms, log)
    if found is None:
        return resolution
    turn, item, words = found
    return _placed(resolution, content, turn, item, words)


def _list_turns(log: TurnLog) -> list[int]:
    now = len(log)
    turns: list[int] = []
    for turn in range(now - 1, max(-1, now - 1 - _WALK), -1):
        if log.roles[turn] == "assistant" and log.features[turn].enumeration_lists:
            turns.append(turn)
            if len(turns) == _LIST_TURNS:
                break
    return turns


def _named_item(terms: Sequence[str], log: TurnLog) -> tuple[int, str, list[str]] | None:
    """(turn, item, the turn's words it holds) of the best item, or None."""
    best: tuple[int, str, list[str]] | None = None
    best_score = _MIN_SCORE - 1e-9
    for turn in _list_turns(log):
        asked_before = turn > 0 and log.roles[turn - 1] == "user"
        question = log.features[turn - 1].terms if asked_before else ()
        for listed in log.features[turn].enumeration_lists:
            framing = (*content_terms(listed.lead), *question)
            asked = [t for t in terms if not any(_holds(t, w) for w in framing)]
            picked = _best_of_list(asked, listed.items)
            if picked is not None and picked[1] > best_score:
                best, best_score = (turn, picked[0], picked[2]), picked[1]
    return best


def _best_of_list(
    terms: Sequence[str], items: Sequence[str]
) -> tuple[str, float, list[str]] | None:
    """The one item of a list that ``terms`` name most (each term 1/k for the k items that
    hold it; a term every item holds names none): (item, score, the terms it holds)."""
    if len(items) < 2 or not terms:
        return None
    words = [content_terms(item) for item in items]
    held = [[any(_holds(term, word) for word in said) for term in terms] for said in words]
    counts = [sum(row[k] for row in held) for k in range(len(terms))]
    scores: list[float] = []
    for row in held:
        kept = (1 / counts[k] for k, hit in enumerate(row) if hit and counts[k] < len(items))
        scores.append(sum(kept))
    top = max(scores)
    if top <= 0 or scores.count(top) > 1:
        return None
    index = scores.index(top)
    return items[index], top, [terms[k] for k, hit in enumerate(held[index]) if hit]


def _holds(term: str, word: str) -> bool:
    return same_stem(term, word) or word in related_words(term)


def _placed(
    resolution: Resolution, content: str, turn: int, item: str, words: Sequence[str]
) -> Resolution:
    """The item reference, in the place of an item-less reference that says one of ``words``
    and end in an item noun ("the cooking one" -> the pizza party; not "the cheaper
    printer", which names a kind), else as a named reference after the others."""
    for ref in resolution.references:
        said = content_terms(ref.surface)
        if ref.item is None and said and said[-1] in ITEM_NOUNS and set(words) & set(said):
            better = replace(ref, target_turn=turn, item=item, type="ordinal")
            return replace(
                resolution,
                references=tuple(better if r is ref else r for r in resolution.references),
                resolved=tuple(better if r is ref else r for r in resolution.resolved),
                named=tuple(better if r is ref else r for r in resolution.named),
            )
    start, end = _span(content, words[0])
    named = Reference("ordinal", content[start:end], start, end, turn, item=item,
                      confidence=_CONFIDENCE)  # fmt: skip
    return replace(
        resolution,
        references=(*resolution.references, named),
        named=(*resolution.named, named),
    )


def _span(content: str, word: str) -> tuple[int, int]:
    """Where the turn says ``word`` (a normalised form: "needle" in "needles"), else the
    whole turn."""
    folded = content.casefold()
    at = folded.find(word[: max(3, len(word) - 1)])
    if at < 0:
        return 0, len(content)
    end = at
    while end < len(content) and (content[end].isalnum() or content[end] in "-'"):
        end += 1
    return at, end
