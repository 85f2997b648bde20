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
one" resolved to a turn): then it stands where that one stood. Rule fuller-holders: no item
when another turn says the item's words and more of the turn's ("where do I buy jam sugar":
the reply on jam sugar, not the list's "Jam jars"), unless the turn asks to choose.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..config import Config
from ..text.enumerations import Enumeration
from ..text.item_qualities import QUALITY_WORDS
from ..text.item_words import CHOOSING_WORDS, NOT_ITEM_WORDS, related_words
from ..text.lexicon import Marker
from ..text.ordinal_forms import ITEM_NOUNS
from ..text.tokens import content_terms, words
from ..text.word_forms import related_forms
from .features import TurnFeatures
from .ordinal_resolution import same_stem
from .references import Reference
from .resolution import Resolution
from .turnlog import TurnLog

__all__ = [
    "ListWords",
    "Words",
    "item_named",
    "list_turns",
    "read_lists",
    "with_implicit_items",
]

_LIST_TURNS = 3  # assistant turns with lists searched, most recent first
_WALK = 12  # turns walked back for them
_MIN_SCORE = 1.0  # at least one word that one item alone holds
_CONFIDENCE = 0.5
_STEM = 4  # letters two forms of one word share (``ordinal_resolution.same_stem``)
_OWN_WORDS = 1e-3  # breaks ties: a word the item itself says over one said under it


def with_implicit_items(
    resolution: Resolution,
    content: str,
    features: TurnFeatures,
    log: TurnLog,
    config: Config,
    turns: list[int] | None = None,
) -> Resolution:
    """``resolution`` with the item the turn's words name (rule item-words), when no
    reference of the turn names an item; unchanged otherwise. ``turns``: ``list_turns(log)``
    when the caller has read it (``with_item_rules``)."""
    if not config.item_words or resolution.addressee is not None or resolution.has_tool:
        return resolution
    turns = list_turns(log) if turns is None else turns
    if log.item_words:
        oldest = len(log) - _WALK
        for old in [t for t in log.item_words if t < oldest]:
            del log.item_words[old]  # out of reach: its lists are read no more
    if not turns:
        return resolution  # most turns: no reply with a list in reach
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
    found = _named_item(terms, turns, log)
    if found is None:
        return resolution
    turn, item, words = found
    fuller = config.fuller_holders and not _chooses(content)
    if fuller and _fuller_holder(terms, words, turn, log) >= 0:
        return resolution  # "where do I buy jam sugar": the reply on it, not "Jam jars"
    return _placed(resolution, content, turn, item, words)


_CHOOSING_CHARS = 300  # where a turn's choosing question word is looked for


def _chooses(content: str) -> bool:
    """Whether the turn asks to choose among things ("Which is best on ice?")."""
    return not CHOOSING_WORDS.isdisjoint(w.casefold() for w in words(content[:_CHOOSING_CHARS]))


def _fuller_holder(terms: Sequence[str], words: Sequence[str], turn: int, log: TurnLog) -> int:
    """Rule fuller-holders: a turn within ``_WALK`` turns, other than the list's ``turn`` and
    the question it answered (whose words frame the list), that says every word the item
    matched (``words``) and more of the turn's ``terms`` than the item does; else -1. That
    turn names the thing asked about more fully than the item sharing one word with it."""
    now = len(log)
    floor = max(0, now - _WALK)
    framing = turn - 1 if turn > 0 and log.roles[turn - 1] == "user" else turn
    counts: dict[int, int] = {}
    for term in terms:
        postings = log.turns_mentioning(term)
        for position in range(bisect_left(postings, now) - 1, -1, -1):
            other = postings[position]
            if other < floor:
                break
            counts[other] = counts.get(other, 0) + 1
    wanted = set(words)
    for other, count in sorted(counts.items(), reverse=True):
        if count <= len(words) or other in (turn, framing):
            continue
        held = log.entities[other]
        if all(word in held for word in wanted):
            return other
    return -1


def _names_list_item(ref: Reference, log: TurnLog) -> bool:
    """Whether ``ref`` names an item of one of its turn's lists (not a sentence of the turn:
    "the hydraulic ones" may find the line under the heading "Brakes")."""
    if ref.item is None or ref.target_turn is None or ref.target_turn >= len(log):
        return False
    if not log.enumerations.get(ref.target_turn):
        return True  # a sentence of a turn without lists: nothing better to name
    return any(ref.item in listed.items for listed, _ in read_lists(ref.target_turn, log))


def list_turns(log: TurnLog) -> list[int]:
    now = len(log)
    turns: list[int] = []
    for turn in range(now - 1, max(-1, now - 1 - _WALK), -1):
        # The log's per-turn items say whether a reply has a list, without parsing them all.
        if log.roles[turn] == "assistant" and log.enumerations.get(turn):
            turns.append(turn)
            if len(turns) == _LIST_TURNS:
                break
    return turns


def item_named(terms: Sequence[str], log: TurnLog) -> tuple[int, str, list[str]] | None:
    """(turn, item, the words it holds) of the item of the replies' lists in reach that
    ``terms`` name (as rule item-words reads a turn's words), or None."""
    asked = [t for t in terms if t not in NOT_ITEM_WORDS and t not in QUALITY_WORDS and len(t) >= 3]
    turns = list_turns(log)
    return _named_item(asked, turns, log) if asked and turns else None


def _named_item(
    terms: Sequence[str], turns: Sequence[int], log: TurnLog
) -> tuple[int, str, list[str]] | None:
    """(turn, item, the turn's words it holds) of the best item of ``turns``' lists, or
    None."""
    best: tuple[int, str, list[str]] | None = None
    best_score = _MIN_SCORE - 1e-9
    for turn in turns:
        for listed, framing in read_lists(turn, log):
            asked = [t for t in terms if not framing.hold(t)]
            picked = _best_of_list(asked, listed)
            if picked is not None and picked[1] > best_score:
                best, best_score = (turn, picked[0], picked[2]), picked[1]
    return best


# Prefixes a word of an item may add to the turn's word ("watering" / "overwatering").
_PREFIXES = ("over", "under", "re", "pre", "un", "non")


def _f_plural_forms(term: str) -> tuple[str, ...]:
    """The other forms of a word whose plural ends in "-ves" ("knive" -> "knife", "leaf";
    "knife" -> "knive"): the normalised singular of "knives" keeps its "v"."""
    if term.endswith("ve"):
        return (term[:-2] + "fe", term[:-2] + "f")
    if term.endswith("fe"):
        return (term[:-2] + "ve",)
    return (term[:-1] + "ve",) if term.endswith("f") else ()


@dataclass(frozen=True, slots=True)
class Words:
    """Words that a term is looked up in: the words themselves, and those of each four-letter
    start (two words of one stem share at least four letters, ``same_stem``)."""

    exact: frozenset[str]
    by_start: dict[str, tuple[str, ...]]

    @classmethod
    def of(cls, words: Sequence[str]) -> Words:
        by_start: dict[str, list[str]] = {}
        for word in words:
            by_start.setdefault(word[:_STEM], []).append(word)
        return cls(frozenset(words), {k: tuple(v) for k, v in by_start.items()})

    def hold(self, term: str) -> bool:
        """Whether one of the words is ``term`` in some form or a word of its group."""
        if term in self.exact:
            return True
        if len(term) >= _STEM and any(
            same_stem(term, w) for w in self.by_start.get(term[:_STEM], ())
        ):
            return True
        if (
            term.endswith("ing")
            and len(term) > _STEM
            and not self.exact.isdisjoint(related_forms(term))
        ):
            return True  # "the drying one" / "let each layer dry" (rule sentence-lists)
        if not self.exact.isdisjoint(_f_plural_forms(term)):
            return True  # "knives" (normalised "knive") / "knife"
        if len(term) > _STEM and any(p + term in self.exact for p in _PREFIXES):
            return True  # "the watering one" / "Overwatering"
        related = related_words(term)
        return bool(related) and not related.isdisjoint(self.exact)


@dataclass(frozen=True, slots=True)
class ListWords:
    """One list of a reply as item-words reads it: its lead's words, its items, each item's
    words with what is said under it, and each item's own words."""

    lead: tuple[str, ...]
    items: tuple[str, ...]
    words: tuple[Words, ...]
    own: tuple[Words, ...]


def read_lists(turn: int, log: TurnLog) -> tuple[tuple[ListWords, Words], ...]:
    """A reply's lists with their framing words (those of its lead and of the question it
    answers: they name the list, not an item), read once per reply while it is one of the
    last ``_WALK`` turns: the log's ``item_words`` cache, dropped with the log (and never
    in its state), holds only those."""
    cache: dict[int, tuple[tuple[ListWords, Words], ...]] = log.item_words
    found = cache.get(turn)
    if found is not None:
        return found
    asked_before = turn > 0 and log.roles[turn - 1] == "user"
    question = log.features[turn - 1].terms if asked_before else ()
    found = tuple((listed, Words.of((*listed.lead, *question))) for listed in _lists_of(turn, log))
    if turn >= len(log) - _WALK:
        cache[turn] = found
    return found


_LEAD_CHARS = 200  # a one-paragraph reply's lead: the words before its list


def _lists_of(turn: int, log: TurnLog) -> tuple[ListWords, ...]:
    """The lists of a reply as item-words reads them. A reply of one paragraph (a comma or
    prose list: "either A, B or C") has one list, the log's items of the turn, and is not
    parsed again: long passages are mostly such, and their lists are rarely picked from."""
    text = log.features[turn].text
    if "\n" in text:
        return _list_words(text, log.features[turn].enumeration_lists)
    items = log.enumerations[turn]
    at = max(0, text.find(items[0]))
    return _list_words(text, (Enumeration(items, text[max(0, at - _LEAD_CHARS) : at]),))


def _list_words(text: str, lists: tuple[Enumeration, ...]) -> tuple[ListWords, ...]:
    """Every list of a reply as item-words reads it (``read_lists`` keeps it while the
    reply is in reach)."""
    found = []
    for listed in lists:
        own = tuple(Words.of(content_terms(item)) for item in listed.items)
        bodies = _bodies(text, listed.items)
        said = zip(listed.items, bodies, strict=True)
        words = tuple(Words.of(content_terms(f"{i} {b}")) for i, b in said) if any(bodies) else own
        found.append(ListWords(tuple(content_terms(listed.lead)), listed.items, words, own))
    return tuple(found)


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
    # A heading list says something on lines of its own under each item; a line list's
    # "bodies" are list markers ("\n2. "), a comma list's a comma and "or".
    if not all("\n" in body and sum(c.isalpha() for c in body) >= 4 for body in bodies[:-1]):
        return [""] * len(items)
    return bodies


def _best_of_list(terms: Sequence[str], listed: ListWords) -> tuple[str, float, list[str]] | None:
    """The one item of a list that ``terms`` name most (each term 1/k for the k items that
    hold it, in the item or under it; a term every item holds names none): (item, score,
    the terms it holds)."""
    items = listed.items
    if len(items) < 2 or not terms:
        return None
    held = [[said.hold(term) for term in terms] for said in listed.words]
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
    # Of equals across lists, the item that says the words itself: "keep 7 days locally" in
    # a nested list over the item it sits under (whose words hold the nested list's).
    own = listed.own[index]
    top += _OWN_WORDS * sum(1 for t in matched if own.hold(t))
    return items[index], top, matched


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
            return resolution.with_changed({id(ref): better})
    start, end = _span(content, words[0])
    named = Reference("ordinal", content[start:end], start, end, turn, item=item,
                      confidence=_CONFIDENCE)  # fmt: skip
    return resolution.with_named(named)


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
