"""Words that name a list item without its own words (SPEC-028 §4.1 "which item of which
list", rule item-words), as data: groups of everyday words that stand for one another when a
user picks an item ("the coffee rule" for "Cut caffeine after midday", "the dancing idea"
for "A disco with musical statues"), and the words of a turn that never pick an item on
their own (they say how the turn asks, not what about).

Word forms ("braking" / "Brakes", "memoised" / "memoisation") need no entry: items are
matched by a shared stem first (``dialogue.ordinal_resolution.same_stem``). A group holds
words of one meaning or of one thing and its usual parts, not a topic: "coffee" and
"caffeine" are one group, "coffee" and "breakfast" are not. A country and its adjective are
one group: "the French resort" names "La Rosière in France".
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["NOT_ITEM_WORDS", "RELATED_WORDS", "related_words"]

# One group a line (normalised forms: lower case, singular).
_GROUPS = """
coffee caffeine espresso decaf latte
tea caffeine
temperature cool cold warm degree heat heating chilly thermostat
cook cooking pizza-making baking bake roast
dance dancing disco
music song playlist
money cost price fee budget
phone mobile smartphone
car vehicle driving
bike bicycle cycling
walk walking hike hiking
run running jog jogging
sleep nap bedtime
photo picture photograph camera
video film footage
kid child children toddler
doctor gp physician
medicine medication drug pill tablet
therapy therapist counselling counsellor
exercise workout training
noise loud quiet silent soundproofing
light lighting lamp bulb
water hydration drink
email mail inbox
password passphrase credential
database db sql
cache caching redis memcached
test testing unit-test
deploy deployment release rollout
server host hosting
log logging logrotate
memory ram
disk storage drive ssd
network networking wifi router
error exception failure crash
speed fast faster performance latency
security secure encryption
backup snapshot
search searching lookup
document doc documentation
meeting call
travel trip journey
flight plane airline
hotel accommodation lodging
food meal dish
breakfast morning
dinner evening
garden gardening plant
dairy milk cheese yogurt yoghurt butter
poo poop dung droppings faeces waste
helmet headgear
program software app application
france french
spain spanish
italy italian
germany german
austria austrian
switzerland swiss
poland polish
portugal portuguese
belgium belgian
netherlands holland dutch
greece greek
ireland irish
scotland scottish
sweden swedish
norway norwegian
finland finnish
denmark danish
japan japanese
china chinese
korea korean
india indian
thailand thai
vietnam vietnamese
mexico mexican
argentina argentinian argentine
brazil brazilian
canada canadian
""".strip().splitlines()


def _related() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for line in _GROUPS:
        group = line.split()
        for word in group:
            found.setdefault(word, set()).update(w for w in group if w != word)
    return {word: frozenset(others) for word, others in found.items()}


# Word -> the words of its groups.
RELATED_WORDS: Mapping[str, frozenset[str]] = MappingProxyType(_related())


def related_words(term: str) -> frozenset[str]:
    """The words that stand for ``term`` in an item (none for most words)."""
    return RELATED_WORDS.get(term, frozenset())


# Words of a user turn that never name an item alone: how it asks ("tell me more", "is it
# worth it"), judgements ("good", "best"), and nouns that stand for any item ("one", "tip").
NOT_ITEM_WORDS = frozenset("""
    tell say said mention mentioned explain expand elaborate more detail details help
    worth really actually also just even still maybe perhaps please thanks thank okay
    good great best better bad worse nice fine right wrong sure true real
    much many lot lots bit little enough long time times way ways kind sort type
    work works working need needs want wants use using used make makes made get gets go
    goes going come back again first second third last next list thing things stuff
    one ones option options idea ideas tip tips point points step steps item items part
    question answer suggestion suggestions pick choice choices
    """.split())  # noqa: SIM905  # fmt: skip

# Question words that ask to choose among things ("Which is best on ice?"): a turn asking so
# keeps the list's item its words name (rule fuller-holders gives way).
CHOOSING_WORDS = frozenset(("which", "whichever"))
