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
_OWN_WORDS = 1e-3  # breaks ties: a word the item itself says over one said under it


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
    if any(_names_list_item(ref, log) for ref in resolution.references):
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


def _names_list_item(ref: Reference, log: TurnLog) -> bool:
    """Whether ``ref`` names an item of one of its turn's lists (not a sentence of the turn:
    "the hydraulic ones" may find the line under the heading "Brakes")."""
    if ref.item is None or ref.target_turn is None or ref.target_turn >= len(log):
        return False
    lists = log.features[ref.target_turn].enumeration_lists
    return not lists or any(ref.item in listed.items for listed in lists)


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
        text = log.features[turn].text
        for listed in log.features[turn].enumeration_lists:
            framing = (*content_terms(listed.lead), *question)
            asked = [t for t in terms if not any(_holds(t, w) for w in framing)]
            picked = _best_of_list(asked, listed.items, _bodies(text, listed.items))
            if picked is not None and picked[1] > best_score:
                best, best_score = (turn, picked[0], picked[2]), picked[1]
    return best


def _bodies(text: str, items: Sequence[str]) -> list[str]:
    """What a heading list says under each heading ("**Brakes**\nHydraulic disc brakes stop
    reliably in the rain."): the text from each item to the next, the last one's to the end
    of its paragraph. Empty strings for a list whose items follow one another line by line
    (the text after its last item is no part of it)."""
    starts: list[int] = []
    at = 0
    for item in items:
        found = text.find(item, at)
        if found < 0:
            return [""] * len(items)
        starts.append(found)
        at = found + len(item)
    bodies: list[str] = []
    for index, start in enumerate(starts):
        line_end = text.find("\n", start + len(items[index]))
        if line_end < 0:
            line_end = len(text)
        if index + 1 < len(starts):
            bodies.append(text[line_end : starts[index + 1]])
        else:
            close = text.find("\n\n", line_end + 1)
            bodies.append(text[line_end : close if close >= 0 else len(text)])
    if not all(body.strip(" \t\n*_#-") for body in bodies[:-1]):
        return [""] * len(items)
    return bodies


def _best_of_list(
    terms: Sequence[str], items: Sequence[str], bodies: Sequence[str] = ()
) -> tuple[str, float, list[str]] | None:
    """The one item of a list that ``terms`` name most (each term 1/k for the k items that
    hold it, in the item or under it when the list has ``bodies``; a term every item holds
    names none): (item, score, the terms it holds)."""
    if len(items) < 2 or not terms:
        return None
    said_under = bodies or [""] * len(items)
    pairs = zip(items, said_under, strict=True)
    words = [content_terms(f"{item} {body}") for item, body in pairs]
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
    matched = [terms[k] for k, hit in enumerate(held[index]) if hit]
    if bodies:
        # Of equals across lists, the item that says the words itself: "keep 7 days locally"
        # in a nested list over the item it sits under.
        own = content_terms(items[index])
        top += _OWN_WORDS * sum(1 for t in matched if any(_holds(t, w) for w in own))
    else:
        top += _OWN_WORDS * len(matched)
    return items[index], top, matched


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
        last = ref.surface.rsplit(None, 1)[-1].casefold().strip(".,;:!?") if ref.surface else ""
        # (Any item it holds is a sentence, not a list's: ``_names_list_item``.)
        if last in ITEM_NOUNS and set(words) & set(said):
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
