"""Ordinal references resolved (SPEC-028 §4.2 ``turn_with_enumeration(ref.ordinal, ...)``):
which list, then which item.

The list is the most recent enumeration (the spec's rule) unless the reference names one by
its words ("the second option from your deployment answer", "in the list of databases, the
third"): then the list of the last ``_SCOPE_TURNS`` turns with lists whose items, lead or
question hold most of those words. The item is the Nth (negative: from the end), or for "the
one about caching" the item whose words match. Each reads the turns' feature columns (a
reply's lists are parsed once, when a rule first asks).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from ..text.enumerations import first_number
from ..text.item_qualities import item_by_quality
from ..text.list_nouns import ADVICE_NOUNS, LIST_NOUNS
from ..text.list_styles import BULLETED, NUMBERED, PLAIN, form_style, list_style
from ..text.ordinal_forms import MIDDLE, PLACE_NOUNS, PLACE_QUESTIONS
from ..text.tokens import content_terms, hyphen_parts, normalise_term, words
from ..text.word_forms import stems
from .references import Mention, Reference
from .turnlog import TurnLog

__all__ = [
    "item_named",
    "item_of_list",
    "item_of_turn",
    "last_enumeration",
    "resolve_ordinal",
    "same_stem",
]

RECENT = 10  # turns: an enumeration this recent resolves with confidence 0.9, older 0.7
_SCOPE_TURNS = 20  # turns with lists searched for a scope or an item by its words
_STEM = 4  # letters two words must share to be one word ("cache"/"caching")


def resolve_ordinal(
    mention: Mention,
    log: TurnLog,
    enumerations: Mapping[int, tuple[str, ...]],
    now: int,
    window: int,
    longer_lists: bool = False,
    item_forms: bool = False,
    marker_styles: bool = False,
    place_scopes: bool = False,
    *,
    named_lists: bool = False,
) -> Reference:
    """SPEC-028 §4.2: ordinal -> the Nth item of the enumeration it names (by default the
    most recent one; ``longer_lists``, rule ordinal-forms: the most recent one that has an
    Nth item). Unresolved when the list has no such item, when a required scope ("the
    third database") matches no list, or when no item is about the words of "the one about
    X" (the caller then tries a turn reference).

    ``item_forms`` (rule item-forms): "the cheapest one" is the item of a recent list that
    says that quality (or the end of a list its lead orders by it); "the third tip" prefers
    the list of tips when the latest list's turn says nothing of tips; "the one about X"
    weighs each word by how few items hold it.

    ``marker_styles`` (rule marker-styles): "option C" / "#3" past a latest list marked
    otherwise mean the latest list of the last few turns with lists marked so.
    ``place_scopes`` (rule place-scopes): "of the towns you listed" names a list answering
    "where ...?". ``named_lists`` (rule named-list-items): "the index suggestion" prefers the
    lists whose turn names them by its noun ("A few suggestions:")."""
    if mention.quality:
        return _by_quality(mention, log, enumerations, now, window) if item_forms else (
            _unresolved(mention)
        )  # fmt: skip
    chosen: tuple[int, tuple[str, ...]] | None = None
    if mention.scope:
        chosen = _scoped_list(
            mention.scope, log, enumerations, now, window, strict=mention.scope_required,
            places=place_scopes,
        )  # fmt: skip
        if chosen is None and mention.scope_required:
            return _unresolved(mention)
    elif item_forms and mention.terms and mention.ordinal is not None:
        chosen = _noun_list(mention.terms, log, enumerations, now, window)
    if mention.ordinal is None:
        noun = _list_noun(mention.surface) if named_lists and chosen is None else ()
        found = _item_about(
            mention.terms, log, enumerations, now, window, chosen, item_forms, noun=noun
        )
        if found is None:
            return _unresolved(mention)
        turn, item = found
        return _target(mention, turn, item, now)
    if chosen is None:
        turn = last_enumeration(enumerations, now, window)
        if turn < 0:
            return _unresolved(mention)
        chosen = (turn, enumerations[turn])
        styled = _styled_list(mention, log, enumerations, now, window) if marker_styles else None
        if styled is not None:
            chosen = styled
        elif longer_lists and _index(mention.ordinal, len(chosen[1])) is None:
            # "the third rule" after a two-way "A or B" reply: the latest list that has a
            # third item (ours: the spec's default list cannot be meant).
            longer = (t for t in _turns_with_lists(enumerations, now, window) if t != turn)
            fits = (t for t in longer if _index(mention.ordinal, len(enumerations[t])) is not None)
            turn = next(fits, turn)
            chosen = (turn, enumerations[turn])
    turn, items = chosen
    if item_forms and not mention.scope and mention.ordinal > 0:
        # Rule continued-lists: "number five" after "Any more?" "4. ... 5. ... 6. ...".
        found = _by_label(mention.ordinal, log, enumerations, now, window, turn)
        if found is not None:
            return _target(mention, found[0], found[1], now)
    index = _index(mention.ordinal, len(items))
    if index is None:
        return _unresolved(mention)  # "option 3" of a two-item list points at nothing
    return _target(mention, turn, items[index], now)


_CONTINUED_TURNS = 3  # turns with lists a numbering may go on across
_STYLE_TURNS = 4  # turns with lists searched for a list marked as the ordinal's form asks
_STYLE_LISTS = 16  # lists of one turn rule marker-styles reads, the latest first


def _styled_list(
    mention: Mention,
    log: TurnLog,
    enumerations: Mapping[int, tuple[str, ...]],
    now: int,
    window: int,
) -> tuple[int, tuple[str, ...]] | None:
    """Rule marker-styles: for "option C" (a letter) or "#3" / "step 3" (digits) when the
    latest list is not marked so, the most recent list of the last ``_STYLE_TURNS`` turns with
    lists (the latest turn's other lists too) marked as the form asks and long enough; for
    digits past a PLAIN latest list (a comma list, prose), a bulleted one when none is
    numbered. None: the latest list is marked as asked, or no list is (the spec's rule)."""
    wanted = form_style(mention.surface)
    if wanted is None or mention.ordinal is None:
        return None
    features = log.features
    turns = list(_turns_with_lists(enumerations, now, window))[:_STYLE_TURNS]
    if not turns:
        return None
    latest = list_style(features[turns[0]].text, enumerations[turns[0]])
    if latest == wanted:
        return None
    fallback: tuple[int, tuple[str, ...]] | None = None
    for turn in turns:
        text = features[turn].text
        # The latest lists of a turn only: each reads its text from the start (linear time).
        for listed in reversed((features[turn].enumeration_lists or ())[-_STYLE_LISTS:]):
            if _index(mention.ordinal, len(listed.items)) is None:
                continue
            style = list_style(text, listed.items)
            if style == wanted:
                return turn, listed.items
            if fallback is None and wanted == NUMBERED and latest == PLAIN and style == BULLETED:
                fallback = (turn, listed.items)
    return fallback


def _by_label(
    ordinal: int,
    log: TurnLog,
    enumerations: Mapping[int, tuple[str, ...]],
    now: int,
    window: int,
    latest: int,
) -> tuple[int, str] | None:
    """Rule continued-lists: when the latest list numbers on from an earlier reply ("4.",
    "5.", "6." after "Any more?"), the item labelled ``ordinal``: in that list, or in the
    earlier list whose numbers hold it ("the 2nd one" is the first reply's second). None
    when the latest list starts at one (the spec's rule decides)."""
    start = first_number(log.features[latest].text, enumerations[latest][0])
    if start <= 1:
        return None
    turns = list(_turns_with_lists(enumerations, now, window))[:_CONTINUED_TURNS]
    for turn in turns:
        items = enumerations[turn]
        first = start if turn == latest else first_number(log.features[turn].text, items[0])
        if first <= ordinal < first + len(items):
            return turn, items[ordinal - first]
    return None


def _index(ordinal: int, size: int) -> int | None:
    if ordinal == MIDDLE:
        return size // 2 if size % 2 else None  # "the middle one" of four: which?
    index = size + ordinal if ordinal < 0 else ordinal - 1
    return index if 0 <= index < size else None


def _unresolved(mention: Mention) -> Reference:
    return Reference(mention.type, mention.surface, mention.start, mention.end, None)


def _target(mention: Mention, turn: int, item: str, now: int) -> Reference:
    confidence = 0.9 if now - turn <= RECENT else 0.7
    return Reference(
        mention.type, mention.surface, mention.start, mention.end, turn, item=item,
        confidence=confidence,
    )  # fmt: skip


def last_enumeration(enumerations: Mapping[int, tuple[str, ...]], now: int, window: int) -> int:
    """The most recent turn before ``now`` with a non-empty enumeration, within ``window``."""
    floor = now - window
    if len(enumerations) <= window:
        best = -1
        for turn, items in enumerations.items():
            if best < turn < now and turn >= floor and items:
                best = turn
        return best
    for turn in range(now - 1, max(-1, floor - 1), -1):
        if enumerations.get(turn):
            return turn
    return -1


def _turns_with_lists(
    enumerations: Mapping[int, tuple[str, ...]], now: int, window: int
) -> Iterator[int]:
    """The turns with lists before ``now``, most recent first, at most ``_SCOPE_TURNS``."""
    floor = max(0, now - window)
    if len(enumerations) <= window:
        turns = sorted((t for t in enumerations if floor <= t < now), reverse=True)
    else:
        turns = [t for t in range(now - 1, floor - 1, -1) if t in enumerations]
    return iter(turns[:_SCOPE_TURNS])


def same_stem(left: str, right: str) -> bool:
    """One word in two forms: "deploy"/"deployment", "cache"/"caching" (a shared start of at
    least four letters that leaves at most three letters of the shorter word over)."""
    if left == right:
        return True
    shared = 0
    for a, b in zip(left, right, strict=False):
        if a != b:
            break
        shared += 1
    return shared >= _STEM and shared >= min(len(left), len(right)) - 3


def _same_word(term: str, word: str) -> bool:
    """``same_stem``, or ``word`` a stem of ``term`` ("dimming" / "dim", rule word-parts)."""
    return same_stem(term, word) or (len(word) >= 3 and word in stems(term))


def _matched(terms: Sequence[str], words: Sequence[str]) -> int:
    return sum(1 for term in terms if any(same_stem(term, word) for word in words))


def _scoped_list(
    scope: Sequence[str],
    log: TurnLog,
    enumerations: Mapping[int, tuple[str, ...]],
    now: int,
    window: int,
    *,
    strict: bool = False,
    places: bool = False,
) -> tuple[int, tuple[str, ...]] | None:
    """The list whose items and lead (twice) or whose turn and question hold most of the
    scope's words; the most recent of equals. None when no list holds any. ``places`` (rule
    place-scopes): a place noun of the scope ("the towns you listed") counts as a lead's
    word for a list that answers a question asking where.

    ``strict`` (a noun after the ordinal: "the third database"): the noun must name what the
    list lists, in its lead, the question it answers, or at least half of its items; "the
    final exam" is no item of a list with one item about exam review.
    """
    best: tuple[int, tuple[str, ...]] | None = None
    best_score = 0
    features, roles = log.features, log.roles
    for turn in _turns_with_lists(enumerations, now, window):
        question: tuple[str, ...] = ()
        asked = turn > 0 and roles[turn - 1] == "user"
        if asked:
            question = features[turn - 1].terms
        # Rule place-scopes: a place noun of the scope is a word of a "where" answer's lead.
        where = int(places and asked and _asks_where(scope, features[turn - 1].text))
        around = _matched(scope, (*features[turn].terms, *question)) + 2 * where
        for listed in features[turn].enumeration_lists or ():
            if strict:
                heading = _matched(scope, (*content_terms(listed.lead), *question)) + where
                named = sum(1 for item in listed.items if _matched(scope, content_terms(item)))
                score = heading + (2 * named >= len(listed.items))
            else:
                words = content_terms(" ".join((listed.lead, *listed.items)))
                score = 2 * _matched(scope, words) + around
            if score > best_score:
                best, best_score = (turn, listed.items), score
    return best


def _asks_where(scope: Sequence[str], question: str) -> bool:
    """Rule place-scopes: whether ``scope`` names places and ``question`` asks where."""
    if not any(word in PLACE_NOUNS for word in scope):
        return False
    return any(word.strip("?,.!") in PLACE_QUESTIONS for word in question.casefold().split())


def _item_about(
    terms: Sequence[str],
    log: TurnLog,
    enumerations: Mapping[int, tuple[str, ...]],
    now: int,
    window: int,
    chosen: tuple[int, tuple[str, ...]] | None,
    weighted: bool = False,
    *,
    noun: tuple[str, ...] = (),
) -> tuple[int, str] | None:
    """The list item whose words hold most of ``terms`` (in the chosen list, else in the
    recent lists, the most recent of equals); ``weighted``: each term counts 1/k in a list
    where k items hold it ("the Klimt museum": "Klimt" names one museum, "museum" three).
    ``noun`` (rule named-list-items): an item of a list whose turn, or the user question
    before it, says one of these words comes before any item of a list that does not."""
    if not terms:
        return None
    if chosen is not None:
        candidates: list[tuple[int, tuple[str, ...]]] = [chosen]
    else:
        candidates = [
            (turn, listed.items)
            for turn in _turns_with_lists(enumerations, now, window)
            for listed in reversed(log.features[turn].enumeration_lists or ())
        ]
    best: tuple[int, str] | None = None
    best_key = (False, 0.0)
    for turn, items in candidates:
        named = bool(noun) and _says(noun, log, turn)
        for item, score in zip(items, _item_scores(terms, items, weighted), strict=True):
            if score > 0 and (named, score) > best_key:
                best, best_key = (turn, item), (named, score)
    return best


def _list_noun(surface: str) -> tuple[str, ...]:
    """Rule named-list-items: the item noun a reference names its list's kind by ("the index
    suggestion" -> the advice nouns; "the router one" -> none: "one" names no kind)."""
    for word in surface.casefold().split():
        if word in LIST_NOUNS:
            return tuple(ADVICE_NOUNS) if word in ADVICE_NOUNS else (word,)
    return ()


def _says(nouns: Sequence[str], log: TurnLog, turn: int) -> bool:
    """Whether ``turn``, or the user question right before it, says one of ``nouns``."""
    features, roles = log.features, log.roles
    question = features[turn - 1].terms if turn > 0 and roles[turn - 1] == "user" else ()
    return _matched(nouns, (*features[turn].terms, *question)) > 0


def _item_scores(terms: Sequence[str], items: Sequence[str], weighted: bool) -> list[float]:
    """Per item, how many of ``terms`` it holds; ``weighted``: each term counts 1/k where k
    items of the list hold it."""
    words = [content_terms(item) for item in items]
    if weighted:
        # Rule word-parts: "the oil one" names "An oil-based primer" by a part, "the dimming
        # one" "Dim the lights" by a stem shorter than same_stem's four letters.
        words = [[*said, *hyphen_parts(said)] for said in words]
        held = [[any(_same_word(t, w) for w in said) for t in terms] for said in words]
    else:
        held = [[any(same_stem(t, w) for w in said) for t in terms] for said in words]
    if not weighted:
        return [float(sum(row)) for row in held]
    counts = [sum(row[k] for row in held) for k in range(len(terms))]
    return [round(sum(1 / counts[k] for k, hit in enumerate(row) if hit), 9) for row in held]


def _noun_list(
    terms: Sequence[str],
    log: TurnLog,
    enumerations: Mapping[int, tuple[str, ...]],
    now: int,
    window: int,
) -> tuple[int, tuple[str, ...]] | None:
    """Rule item-forms: for "the third tip", the latest list whose turn or question says
    "tip"; None (the latest list) when the latest list's turn does, or no lead names it."""
    features, roles = log.features, log.roles
    for rank, turn in enumerate(_turns_with_lists(enumerations, now, window)):
        question = features[turn - 1].terms if turn > 0 and roles[turn - 1] == "user" else ()
        if _matched(terms, (*features[turn].terms, *question)):
            return None if rank == 0 else (turn, enumerations[turn])
    return None


_QUALITY_TURNS = 3  # turns with lists searched for "the cheapest one"


def _by_quality(
    mention: Mention,
    log: TurnLog,
    enumerations: Mapping[int, tuple[str, ...]],
    now: int,
    window: int,
) -> Reference:
    """Rule item-forms: the item of the latest list (of the scope's list, when the turn names
    one) that says the quality asked for, or the end of a list its lead orders by it."""
    scoped = _scoped_list(mention.scope, log, enumerations, now, window) if mention.scope else None
    turns = [scoped[0]] if scoped else list(_turns_with_lists(enumerations, now, window))
    for turn in turns[:_QUALITY_TURNS]:
        for listed in reversed(log.features[turn].enumeration_lists or ()):
            if scoped and listed.items != scoped[1]:
                continue
            index = item_by_quality(mention.quality, listed.items, listed.lead)
            if index is not None:
                return _target(mention, turn, listed.items[index], now)
    return _unresolved(mention)


_NAMED_TURNS = 4  # a definite noun phrase names an item of a list this recent only


def item_named(
    terms: Sequence[str],
    log: TurnLog,
    enumerations: Mapping[int, tuple[str, ...]],
    now: int,
    heads: int = 0,
) -> tuple[int, str] | None:
    """The item of a list of the last ``_NAMED_TURNS`` turns that holds every one of
    ``terms``, the words of a definite noun phrase ("is it the yeast?" after "... one of
    these: the yeast is old, the dough was under-kneaded, ..."); None when there is none.
    ``heads`` (rule item-heads): when that item does not open with the words (or there is
    none), the latest item of the lists of the last ``heads`` turns that does ("and the
    basil?" names "Basil, if you let it flower", not a later step "put the basil in pots")."""
    if not terms:
        return None
    chosen = _item_about(terms, log, enumerations, now, _NAMED_TURNS, None)
    if chosen is not None and _matched(terms, content_terms(chosen[1])) < len(terms):
        chosen = None
    if heads and (chosen is None or not _headed(terms, chosen[1])):
        return _headed_item(terms, log, enumerations, now, heads) or chosen
    return chosen


def _headed(terms: Sequence[str], item: str) -> bool:
    """Rule item-heads: whether an item opens with ``terms`` (its first words, after an
    article, are they in order: "Sunflower hearts, the best all-rounder" for "the sunflower
    hearts"; not "Be off the water before noon" for "the water")."""
    said = words(item[:_HEAD_CHARS])
    while said and said[0].casefold() in _ARTICLES:
        said = said[1:]
    said = [normalise_term(word) for word in said[: len(terms)]]
    return len(said) == len(terms) and all(map(same_stem, terms, said))


_HEAD_CHARS = 80  # an item's opening characters read for its head words
_ARTICLES = frozenset(("a", "an", "the", "some"))


def _headed_item(
    terms: Sequence[str],
    log: TurnLog,
    enumerations: Mapping[int, tuple[str, ...]],
    now: int,
    window: int,
) -> tuple[int, str] | None:
    """Rule item-heads: the latest item opening with ``terms`` of the lists of the last
    ``window`` turns, when one list holds one such item only."""
    for turn in _turns_with_lists(enumerations, now, window):
        for listed in reversed(log.features[turn].enumeration_lists or ()):
            found = [item for item in listed.items if _headed(terms, item)]
            if len(found) == 1:
                return turn, found[0]
    return None


def item_of_list(terms: Sequence[str], items: Sequence[str], weighted: bool = False) -> str | None:
    """The one item of a list that holds the most of ``terms`` ("the cupboard heat" ->
    "Overheating in a closed cupboard"); None when no item holds any, or two hold as many
    (rule entity-items). ``weighted`` (rule item-forms): a term counts 1/k where k items
    hold it."""
    best: str | None = None
    best_score, tied = 0.0, False
    for item, score in zip(items, _item_scores(terms, items, weighted), strict=True):
        if score > best_score:
            best, best_score, tied = item, score, False
        elif score == best_score and score:
            tied = True
    return None if tied else best


def item_of_turn(
    terms: Sequence[str],
    turn: int,
    enumerations: Mapping[int, tuple[str, ...]],
    lists: TurnLog | None,
) -> str | None:
    """The item of ``turn``'s last list that ``item_of_list`` names; with ``lists`` (rule
    item-forms) of any list of the turn, nested ones too, the last first, each term weighed
    by how few items hold it."""
    if lists is None:
        items = enumerations.get(turn, ())
        return item_of_list(terms, items) if items else None
    found = lists.features[turn].enumeration_lists or ()
    return next((n for e in reversed(found) if (n := item_of_list(terms, e.items, True))), None)
