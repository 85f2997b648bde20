"""The references of a turn found beside its detected mentions (SPEC-028 §4.2, rules
definite-references and entity-references): "the blender" and "the cheaper blender" resolved
to the turn that introduced the thing, and an item of a list a reference's words name (rule
entity-items). Split from ``resolution``, which calls these from ``resolve_turn``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..config import Config
from ..text.ordinal_forms import ITEM_NOUNS
from .comparatives import comparative_mentions, resolve_comparative
from .definite_mentions import definite_mentions, resolve_definite
from .dislocated import dislocated_terms
from .entity_forms import recalls
from .features import TurnFeatures
from .ordinal_resolution import item_named, item_of_turn
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = [
    "comparative_references",
    "crosses",
    "definite_references",
    "overlaps",
    "with_item",
]


def with_item(
    reference: Reference,
    terms: Sequence[str],
    enumerations: Mapping[int, tuple[str, ...]],
    lists: TurnLog | None,
) -> Reference:
    """Rule entity-items: a reference to a turn with a list names the one item about its
    words ("the congestion theory" -> "Channel congestion when neighbours get home"). With
    ``lists`` (rule item-forms): any list of the turn, nested ones too, the last first, each
    term weighed by how few items hold it."""
    turn = reference.target_turn
    named = item_of_turn(terms, turn, enumerations, lists) if turn is not None else None
    return replace(reference, item=named) if named else reference


def comparative_references(
    content: str, log: TurnLog, config: Config
) -> tuple[tuple[Reference, ...], tuple[Mention, ...]]:
    """Rule entity-references: "the cheaper blender" -> the turn offering the cheapest one;
    the references that resolved and every comparative mention (their spans are taken)."""
    if not config.entity_references:
        return (), ()
    mentions = tuple(comparative_mentions(content))
    if not mentions:
        return (), ()
    now, window = len(log), config.reference_search_window
    found = (
        resolve_comparative(mention, log, now, window, users_words=config.entity_forms)
        for mention in mentions
    )
    return tuple(ref for ref in found if ref.target_turn is not None), mentions


def overlaps(reference: Reference, spans: Sequence[Mention]) -> bool:
    return any(m.start < reference.end and reference.start < m.end for m in spans)


def crosses(left: Reference, right: Reference) -> bool:
    return left.start < right.end and right.start < left.end


# Rule item-heads: the turns searched for a list item that opens with a definite phrase's
# words ("and the basil?" a few replies after the list of plants).
_HEAD_TURNS = 12


def definite_references(
    content: str,
    features: TurnFeatures,
    references: Sequence[Reference],
    log: TurnLog,
    config: Config,
    taken: Sequence[Mention] = (),
) -> tuple[Reference, ...]:
    """Rule definite-references: "the blender" -> the turn that introduced it, when no other
    reference of the turn resolved (they are more specific)."""
    if not config.definite_references or any(ref.target_turn is not None for ref in references):
        return ()
    if "the" not in content.casefold():
        return ()
    found = []
    now, window = len(log), config.reference_search_window
    replies_first: bool | None = None  # rule entity-forms, read at the first mention
    # Spans of mentions that did not resolve are free: "the final exam" is no list item.
    for mention in definite_mentions(content, taken, degrees=config.entity_forms):
        # "is it the yeast?" names an item of the list just given (rule ordinal-forms).
        terms = tuple(term for term in mention.terms if term not in ITEM_NOUNS)
        # Rule item-heads: a name ("the basil"), not "the EQ one" (an item by a word of it).
        heads = _HEAD_TURNS if config.item_heads and not _named_by_word(mention, content) else 0
        named = (
            item_named(terms, log, log.enumerations, now, heads) if config.ordinal_forms else None
        )
        if named is not None:
            turn, item = named
            span = (mention.surface, mention.start, mention.end)
            found.append(Reference("ordinal", *span, turn, item=item, confidence=0.6))
            continue
        if features.anaphor and not (config.fronted_definites and _fronted(mention, features)):
            continue  # "can it spread to the throat?": "it" is what the turn is about
        if replies_first is None:
            replies_first = config.entity_forms and not recalls(content)
        reference = resolve_definite(
            mention,
            features.terms,
            log,
            now,
            window,
            answers_hold_details=config.entity_references,
            other_forms=config.entity_forms,
            replies_first=replies_first,
        )
        if config.entity_items:
            lists = log if config.item_forms else None
            reference = with_item(reference, terms, log.enumerations, lists)
        if reference.target_turn is not None:
            found.append(reference)
    return tuple(found)


def _named_by_word(mention: Mention, content: str) -> bool:
    """Whether a definite phrase ends in an item noun, or one follows it ("the EQ one",
    "the lentil option"): it names an item by a word of it, not by its name."""
    said = (*mention.surface.split()[-1:], *content[mention.end : mention.end + 24].split()[:1])
    return any(word.casefold().strip(".,;:!?") in ITEM_NOUNS for word in said)


def _fronted(mention: Mention, features: TurnFeatures) -> bool:
    """Rule fronted-definites (SPEC-028 §4.1 entity): the definite phrase is the question's
    fronted topic ("the blender, can it crush ice?"), so the pronoun after the comma resumes
    it rather than naming something else the turn is about."""
    topic = dislocated_terms(features)
    return bool(topic and mention.terms) and set(mention.terms) <= set(topic)
