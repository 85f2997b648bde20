"""The words by which people pick an item of a list by a quality (SPEC-028 §4.1 ordinal
references beyond a number: "the cheapest of the three", "the quickest one", "whichever is
free", "the most durable finish"), as data.

A quality is a scale and an end of it: ``("cost", LOW)`` for "cheapest", "least expensive"
and "budget"; ``("cost", HIGH)`` for "priciest" and "most expensive". Detection
(``dialogue.item_forms``) reads a superlative in a user turn; resolution
(``dialogue.ordinal_resolution``) picks the item that says the same end of the same scale
("Motel One, the cheapest, clean and central"), or the end of a list whose lead orders it
("Three setups, from cheapest up:").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

__all__ = [
    "DEGREE_WORDS",
    "HIGH",
    "LOW",
    "QUALITY_WORDS",
    "SCALE_NOUNS",
    "SCALE_VERBS",
    "SUPERLATIVES",
    "WHICHEVER",
    "adjective_stem",
    "item_by_quality",
    "quality_gate_words",
    "scale_noun_quality",
]

HIGH = 1
LOW = -1

# One scale per line: the words for its low end, then the words for its high end. Plain and
# superlative forms both: an item says "cheap" or "the cheapest", a lead "from cheapest up".
_SCALES: dict[str, tuple[str, str]] = {
    "cost": (
        "cheap cheaper cheapest inexpensive budget affordable free low-cost bargain",
        "expensive pricey pricier priciest costly costlier costliest luxury premium dear "
        "dearest high-end splurge",
    ),
    "time": (
        "quick quicker quickest fast faster fastest short shorter shortest rapid speedy "
        "speediest instant",
        "slow slower slowest long longer longest lengthy time-consuming",
    ),
    "effort": (
        "easy easier easiest simple simpler simplest basic beginner effortless painless "
        "straightforward",
        "hard harder hardest difficult complex complicated advanced tricky trickiest "
        "demanding effort laborious involved",
    ),
    "strength": (
        "weak weaker weakest fragile flimsy",
        "strong stronger strongest tough tougher toughest durable sturdy sturdiest robust "
        "hard-wearing rugged",
    ),
    "size": (
        "small smaller smallest tiny compact little",
        "big bigger biggest large larger largest huge roomy spacious",
    ),
    "weight": ("light lighter lightest lightweight", "heavy heavier heaviest bulky"),
    "safety": (
        "risky riskier riskiest dangerous unsafe",
        "safe safer safest secure reliable",
    ),
    "noise": ("quiet quieter quietest calm calmest peaceful", "loud louder loudest noisy lively"),
    "heat": (
        "mild milder mildest cool coolest cold colder coldest chilly",
        "spicy spicier spiciest hot hotter hottest warm warmer warmest",
    ),
    "incline": ("flat flatter flattest gentle gentlest level", "steep steeper steepest hilly"),
    "popularity": ("obscure niche", "popular most-popular classic famous well-known"),
    "importance": (
        "minor marginal negligible",
        "important importance impactful impact effective priority payoff valuable",
    ),
    "distance": (
        "near nearer nearest close closer closest central",
        "far farther farthest further furthest remote",
    ),
}

# Word -> (scale, end).
QUALITY_WORDS: Mapping[str, tuple[str, int]] = MappingProxyType({
    word: (scale, end)
    for scale, ends in _SCALES.items()
    for end, words in zip((LOW, HIGH), ends, strict=True)
    for word in words.split()
})  # fmt: skip

# The superlatives that pick an item on their own ("the cheapest", "which is quickest"): the
# lexicon's gate words for this form. "most"/"least" + an adjective ("the most durable") are
# read at the gates "the most" and "the least".
# Not the distance scale's: "the nearest restaurant", "the closest station" ask for a new
# thing far more often than for an item (1% of ../shared/data user turns
# would reach detection for them).
SUPERLATIVES = frozenset(
    word
    for word, (scale, _) in QUALITY_WORDS.items()
    if word.endswith("est") and scale != "distance"
)

# Nouns that name a scale after a size word: "the biggest impact" is the high end of
# importance, "the smallest price" the low end of cost (rule item-words).
SCALE_NOUNS: Mapping[str, str] = MappingProxyType({
    "impact": "importance", "payoff": "importance", "difference": "importance",
    "effect": "importance", "win": "importance", "price": "cost", "cost": "cost",
    "weight": "weight", "effort": "effort", "risk": "safety",
})  # fmt: skip
_SIZE_ENDS: Mapping[str, int] = MappingProxyType({
    "biggest": HIGH, "largest": HIGH, "greatest": HIGH, "highest": HIGH,
    "smallest": LOW, "lowest": LOW, "least": LOW, "most": HIGH,
})  # fmt: skip


def scale_noun_quality(adjective: str, noun: str) -> str | None:
    """ "biggest impact" -> "importance:1", "lowest price" -> "cost:-1"; risk is safety's
    low end ("the biggest risk" is the least safe); None when ``noun`` names no scale."""
    scale = SCALE_NOUNS.get(noun)
    end = _SIZE_ENDS.get(adjective)
    if scale is None or end is None:
        return None
    return f"{scale}:{-end if noun == 'risk' else end}"


# Verbs that name a scale before a bare degree word: "which weighs the most" is the heavy
# end of weight, "which costs the least" the cheap end of cost (rule item-forms).
SCALE_VERBS: Mapping[str, str] = MappingProxyType({
    "weigh": "weight", "weighs": "weight", "cost": "cost", "costs": "cost",
})  # fmt: skip

# Degree words before an adjective: "the most durable" (its scale's high end), "the least
# sedating" (the low end of whatever the adjective measures).
DEGREE_WORDS: Mapping[str, int] = MappingProxyType({"most": HIGH, "least": LOW})

# "whichever is free", "whichever works": the item that says the adjective after it.
WHICHEVER = "whichever"


def adjective_stem(word: str) -> str:
    """The plain form a comparative or superlative is made from, as a prefix to match: the
    words of an item that start with it say the same thing ("cheapest" -> "cheap",
    "easiest" -> "eas", "flattest" -> "flat", "safest" -> "saf")."""
    for suffix in ("est", "er"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if base.endswith("i"):
                return base[:-1]  # easiest -> eas(y)
            if len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "aeiou":
                return base[:-1]  # flattest -> flat
            return base
    return word


def quality_gate_words() -> tuple[str, ...]:
    """The lexicon gate words of this form: the superlatives, the degree words after "the",
    and "whichever"."""
    degree = (f"{lead} {word}" for lead in ("the", "is", "are") for word in DEGREE_WORDS)
    return (*sorted(SUPERLATIVES), *degree, WHICHEVER)


def _words(text: str) -> list[str]:
    """Lower-case words of ``text`` (hyphens kept: "low-cost", "non-sedating"); one pass."""
    kept = (char if char.isalnum() or char == "-" else " " for char in text.casefold())
    return "".join(kept).split()


def _readings(words: list[str], scale: str) -> list[tuple[int, bool]]:
    """Each place ``words`` say an end of ``scale`` (a "~stem" scale: a word that starts with
    the stem): (the end said, whether as a superlative). "most X" is X's end as a
    superlative, "least X" the other end; "non-X" the low end of a stem."""
    found: list[tuple[int, bool]] = []
    stem = scale[1:] if scale.startswith("~") else ""
    for index, word in enumerate(words):
        negated = word.startswith("non-")
        word = word.removeprefix("non-")
        if stem:
            if not (len(stem) >= 3 and word.startswith(stem) and len(word) - len(stem) <= 4):
                continue
            end = LOW if negated else HIGH
        else:
            known = QUALITY_WORDS.get(word)
            if known is None or known[0] != scale:
                continue
            end = known[1]
        before = words[index - 1] if index else ""
        degree = DEGREE_WORDS.get(before)
        superlative = word.endswith("est") or degree is not None
        found.append((end * degree if degree is not None else end, superlative))
    return found


def item_by_quality(quality: str, items: Sequence[str], lead: str) -> int | None:
    """The index of the item that is ``quality``'s end of its scale ("cost:-1": the
    cheapest): the one item that says it (as a superlative counts twice), else the end of a
    list its lead orders by that scale ("from cheapest up", "cheapest to most effort");
    None when neither tells."""
    scale, _, asked = quality.rpartition(":")
    want = int(asked)
    strong_scores, plain_scores = [], []
    for item in items:
        readings = [strong for end, strong in _readings(_words(item), scale) if end == want]
        strong_scores.append(sum(readings))
        plain_scores.append(len(readings))
    # An item that says it as a superlative ("the cheapest"), then a lead that orders the
    # list, then the one item that says the plain adjective ("fast to act"; "hard drive" is
    # weaker evidence than "cheapest to most effort").
    unique = _unique_best(strong_scores)
    if unique is None:
        unique = _ordered_end(scale, want, _words(lead), len(items))
    if unique is None:
        unique = _unique_best(plain_scores)
    return unique if unique is not None else _by_amount(scale, want, items)


# The units an item states an amount of a scale in ("about 180 dollars", "$180", "305 g",
# "an hour"): rule item-words reads "the least expensive" off the amounts when no item says
# it in words. Prefix symbols are read before the number, the words after it.
_UNIT_WORDS: dict[str, str] = {
    "cost": "dollar dollars usd euro euros eur pound pounds gbp quid $ € £",
    "weight": "g gram grams kg kilo kilos kilogram kilograms lb lbs oz",
    "time": "min mins minute minutes hour hours hr hrs day days week weeks",
}
_UNITS = {scale: frozenset(words.split()) for scale, words in _UNIT_WORDS.items()}
_TIME_SCALE = {
    "min": 1,
    "mins": 1,
    "minute": 1,
    "minutes": 1,
    "hour": 60,
    "hours": 60,
    "hr": 60,
    "hrs": 60,
    "day": 1440,
    "days": 1440,
    "week": 10080,
    "weeks": 10080,
}
_WEIGHT_SCALE = {"kg": 1000, "kilo": 1000, "kilos": 1000, "kilogram": 1000,
                 "kilograms": 1000, "lb": 454, "lbs": 454, "oz": 28}  # fmt: skip


def _by_amount(scale: str, want: int, items: Sequence[str]) -> int | None:
    """The item with the lowest (``want`` LOW) or highest amount in ``scale``'s units, when
    at least two items state one and that end is one item's; None otherwise."""
    units = _UNITS.get(scale)
    if units is None:
        return None
    amounts = [_amount(item, units) for item in items]
    stated = [a for a in amounts if a is not None]
    if len(stated) < 2:
        return None
    end = min(stated) if want == LOW else max(stated)
    return amounts.index(end) if stated.count(end) == 1 else None


def _amount(item: str, units: frozenset[str]) -> float | None:
    """The first amount ``item`` states in ``units``, in one unit (minutes, grams)."""
    tokens = item.casefold().replace("$", " $ ").replace("€", " € ").replace("£", " £ ").split()
    for index, token in enumerate(tokens):
        number = token.strip(".,;:()").replace(",", "")
        if not number or not number.replace(".", "", 1).isdigit():
            continue
        before = tokens[index - 1] if index else ""
        after = tokens[index + 1].strip(".,;:()") if index + 1 < len(tokens) else ""
        unit = after if after in units else before if before in units else ""
        if unit:
            return float(number) * _TIME_SCALE.get(unit, _WEIGHT_SCALE.get(unit, 1))
    return None


def _unique_best(scores: list[int]) -> int | None:
    best = max(scores, default=0)
    return scores.index(best) if best > 0 and scores.count(best) == 1 else None


def _ordered_end(scale: str, want: int, lead: list[str], size: int) -> int | None:
    """A lead that orders its list: its first quality word names the first item's end, a
    second one ("cheapest to most effort") the last item's."""
    said: list[tuple[str, int]] = []
    for index, word in enumerate(lead):
        known = QUALITY_WORDS.get(word)
        if known is None:
            continue
        degree = DEGREE_WORDS.get(lead[index - 1] if index else "")
        said.append((known[0], known[1] * (degree if degree is not None else 1)))
    if not said or size < 2:
        return None
    ends = ((said[-1], size - 1, 0), (said[0], 0, size - 1)) if len(said) > 1 else (
        (said[0], 0, size - 1),
    )  # fmt: skip
    for (named, end), same, other in ends:
        if named == scale:
            return same if end == want else other
    return None
