"""The words people use to pick an item of a list (SPEC-028 §4.1 "the second option"), as data.

Detection (``dialogue.ordinal_mentions``) reads a user turn's words against these tables, so
a new form is a new entry here, not a new pattern: "number three", "option C", "#2", "the
3rd one", "the penultimate step", "the second-to-last idea", "the final one", "the former",
"the one about caching", "the bullet on indexes", "the second option from your deployment
answer", "in the list of databases, the third".

An item number is 1-based; a negative number counts from the end of the list: -1 the last
item (``enumerations.LAST``), -2 the one before it ("the penultimate").
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .enumerations import LAST
from .item_qualities import quality_gate_words

__all__ = [
    "ABOUT_WORDS",
    "ADJECTIVE_ORDINALS",
    "CARDINALS",
    "DATE_BEFORE",
    "FROM_END",
    "GENERIC_SCOPE",
    "ITEM_FOLLOWERS",
    "ITEM_NOUNS",
    "LABELLED_NOUNS",
    "LABEL_IDIOMS",
    "LETTERS",
    "LETTER_PICK_BEFORE",
    "LOWER_LETTERS",
    "LOWER_LETTER_AFTER",
    "MIDDLE",
    "NOT_MODIFIERS",
    "NOUN_SCOPES",
    "ORDINALS",
    "OWN_LIST_CUES",
    "PICK_WORDS",
    "PLACE_NOUNS",
    "PLACE_QUESTIONS",
    "RUN_COUNTS",
    "RUN_ENDS",
    "SCOPE_AFTER",
    "SCOPE_BEFORE",
    "SCOPE_DETERMINERS",
    "STANDALONE_FILLERS",
    "gate_words",
]


def _words(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


# Ordinal words: "the third", "the 3rd one", "the final step", "the former".
ORDINALS: Mapping[str, int] = MappingProxyType({
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
    "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
    "nineteenth": 19, "twentieth": 20,
    "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8, "9th": 9,
    **{f"{number}th": number for number in range(10, 21)},
    "last": LAST, "final": LAST, "latter": LAST, "former": 1, "penultimate": -2,
    "antepenultimate": -3,
})  # fmt: skip

# Adjectives that are ordinals only right after "the" and before an item noun: "the opening
# step", "the closing suggestion" (not "the closing date", "its opening hours").
ADJECTIVE_ORDINALS: Mapping[str, int] = MappingProxyType(
    {"opening": 1, "closing": LAST, "concluding": LAST}
)

# Multi-word ordinals counted from the end: "the second to last", "the last but one".
FROM_END: Mapping[tuple[str, ...], int] = MappingProxyType({
    ("second", "to", "last"): -2, ("second", "last"): -2, ("next", "to", "last"): -2,
    ("last", "but", "one"): -2, ("one", "before", "last"): -2, ("third", "to", "last"): -3,
    ("third", "last"): -3, ("second", "from", "last"): -2, ("second", "from", "the", "end"): -2,
    # A list read top to bottom (issue 15 phrasing stop): "the top choice", "the bottom one".
    **{("top", noun): 1 for noun in ("one", "choice", "option", "pick", "bullet", "item")},
    **{("bottom", noun): -1 for noun in ("one", "choice", "option", "pick", "bullet", "item")},
})  # fmt: skip

# Cardinal words after an item noun or "number": "option three", "number two".
CARDINALS: Mapping[str, int] = MappingProxyType({
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
})  # fmt: skip

# Letter labels after an item noun: "option C", "choice (b)", "answer a".
LETTERS: Mapping[str, int] = MappingProxyType(
    {letter: index for index, letter in enumerate("abcdefghij", 1)}
)

# Nouns that name an item of a list: "the second option", "suggestion 3", "the bullet on X".
ITEM_NOUNS = _words("""
    one ones option options choice choices item items point points step steps approach
    approaches method methods way ways solution solutions suggestion suggestions idea ideas
    alternative alternatives example examples recommendation recommendations version versions
    variant variants bullet bullets entry entries thing things tip tips strategy strategies
    proposal proposals plan plans candidate candidates pick picks fix fixes answer answers
    line lines stage stages phase phases part parts section sections reason reasons
    problem problems issue issues cause causes stop stops exercise exercises task tasks
    rule rules trick tricks basic basics topic topics area areas consideration considerations
    factor factors aspect aspects role roles skill skills drill drills habit habits
    exclusion exclusions row rows
    """)

# Item nouns that take a label after them ("option C", "idea 4", "step #2", "point two"):
# these, not the weak ones ("one", "way", "thing"), are gate words.
LABELLED_NOUNS = _words("""
    option choice item step approach method solution suggestion idea alternative
    recommendation tip bullet point strategy proposal plan candidate entry stage phase variant
    version example answer day week round level part fix rule trick topic
    """)

# "the middle one": the centre item of a list of odd length (item number 0 is no real item).
MIDDLE = 0

# After "the one" / an item noun, these introduce what the item is about: "the one about
# caching", "the bullet on indexes", "the option with Redis", "the step where you ...".
ABOUT_WORDS = _words("""
    about on with regarding concerning mentioning involving where for using that which
    """)

# Verbs and prepositions before a bare number that picks an item: "go with 2", "I'll take 3".
PICK_WORDS = _words("with take pick choose chose try prefer want select picking choosing")

# A capital letter alone picks an item of a lettered list ("Is D too slow?", "B sounds good",
# "I'd pick B.") after the turn's opening, a picking word or one of these; never after a
# noun ("vitamin D", "plan B", "type A"). "A" and "I" also need a clause end after them.
LETTER_PICK_BEFORE = _words("is was about and or than vs versus but maybe then so if for on")

# Lower-case letters that pick an item after a picking word or these ("go with b", "what
# about c?", "I'll take d."); "a" and "i" only in a short turn (``ordinal_mentions``).
LOWER_LETTERS = "bcdefghj"
LOWER_LETTER_AFTER = _words("about for towards toward")

# "the first two", "the last couple", "the top three": a run of items from one end of a list.
# The schema's reference names one item, so a run is one reference per item (at most three).
RUN_ENDS: Mapping[str, int] = MappingProxyType({"first": 1, "top": 1, "last": LAST, "bottom": LAST})
RUN_COUNTS: Mapping[str, int] = MappingProxyType({"two": 2, "couple": 2, "pair": 2, "three": 3})

# A labelled noun after these words is an idiom, no pick: "from day one", "since day 1".
LABEL_IDIOMS: Mapping[str, frozenset[str]] = MappingProxyType(
    {"day": frozenset(("from", "since")), "week": frozenset(("from", "since"))}
)

# Before "the 4th", a date ("on the 4th", "by the 12th"); otherwise "the 7th, is it safe?"
# picks an item.
DATE_BEFORE = _words("on by until till from since before after of")

# A scope naming places ("of the towns you listed", "back to the places") names the list that
# answers a question asking where (rule place-scopes): the items are place names, which hold
# no such noun. Normalised forms (``text.tokens.normalise_term``).
PLACE_NOUNS = _words("town place city village base spot area resort destination region location")
PLACE_QUESTIONS = _words("where whereabouts")

# Item nouns that say what kind of list is meant ("the third tip", "the second step"): such a
# noun names the list whose lead or question holds it when the latest list's turn does not
# ("A few tips: ..." then a reply with a comma list; "the third tip" is still a tip).
NOUN_SCOPES = _words("""
    step steps tip tips stage stages phase phases rule rules method methods approach
    approaches strategy strategies exercise exercises task tasks stop stops reason reasons
    cause causes trick tricks fix fixes recommendation recommendations topic topics area areas
    """)

# A turn made only of a number and these picks an item: "2", "2 please", "number 2 it is".
STANDALONE_FILLERS = _words("""
    ok okay please thanks then it is let's lets go do i'll ill take pick choose the one number
    option sure yes yeah fine
    """)

# Where a scope follows the ordinal: "the second option from your deployment answer", "the
# third of the databases", "the first in that list", "the last one among the hotels".
SCOPE_AFTER = _words("from in of among for")
SCOPE_DETERMINERS = _words("your the that this those these my our")
# Cues before the ordinal that open a scope: "in the list of databases, the third", "back to
# the Pending causes: the second".
SCOPE_BEFORE: tuple[tuple[str, ...], ...] = (
    ("list", "of"), ("back", "to"), ("regarding",), ("as", "for"), ("about", "the"),
    ("among",), ("from",), ("of",), ("in",), ("for",),
)  # fmt: skip

# Words of a scope that name no particular list: "from your last answer", "of those options".
GENERIC_SCOPE = _words("""
    answer answers reply replies response responses message messages list lists earlier
    previous last latest first above before option options suggestion suggestions idea ideas
    item items step steps point points one ones you your said gave listed mentioned suggested
    recommended wrote list thing things choice choices them those these that this the my our
    tell me more about please again
    """)


# Words that may follow a bare ordinal when it stands for an item: "the second is better"
# (the linking verbs first: "is", "sounds", "would").
ITEM_FOLLOWERS = _words("""
    is was sounds seems looks works would will could
    should might has have and or but vs versus please then instead one good better best bad
    worse fine ok okay right cheaper faster easier safe safer enough cheap expensive available
    possible worth too also really still just more less much any
    """)

# Modifiers that are no item's words: "the middle one", "the other one", "the cheaper one".
NOT_MODIFIERS = _words("""
    middle next other same new old cheaper cheapest better best faster fastest easier easiest
    simpler simplest shorter longer bigger smaller first last top bottom
    """)


def gate_words() -> tuple[str, ...]:
    """The words without which no form here can match: the lexicon's GATE_NUMBER group holds
    them, so detection runs only at their hits."""
    # Not "one": "the flax one" is looked for by ``ordinal_mentions`` itself (a gate on
    # "one" sent every "one month" turn to reference detection, 18 -> 70 us a classify).
    words = set(LABELLED_NOUNS) | set(ORDINALS) | {"number", "next", "middle", "top", "bottom"}
    # A bare number is a gate only after a word that picks ("go with 2", "no. 4"): turns
    # with a number in them are common, and a gate hit sends a turn to reference detection
    # (Session.classify 18 -> 50 us on "my bill is 40 dollars for one month"-like turns
    # with every small number a gate). "#2" is found by its "#" (``ordinal_mentions``).
    for number in range(1, 21):
        words |= {f"{pick} {number}" for pick in (*PICK_WORDS, "no")}
    # "go with b", "what about c": a lower-case letter after a picking word (not "a" or "i",
    # the article and the pronoun: "with a friend" would send most turns to detection).
    for letter in LOWER_LETTERS:
        words |= {f"{pick} {letter}" for pick in (*PICK_WORDS, *LOWER_LETTER_AFTER)}
    words |= set(quality_gate_words()) | set(ADJECTIVE_ORDINALS)
    words |= {f"{end} {count}" for end in RUN_ENDS for count in RUN_COUNTS}
    return tuple(sorted(words))


# Words by which a user points at a list they wrote themselves (rule own-lists): "the second
# one I mentioned", "of the phones I listed", "the third one on my list", "the first of mine".
OWN_LIST_CUES: tuple[str, ...] = (
    " i mentioned", " i listed", " i suggested", " i named", " i gave", " i came up with",
    " i narrowed", " of mine", " my list", " my options", " my ideas", " my choices",
    " my suggestions", " i've listed", " i've mentioned", " i had listed", " i planned",
    " i had planned", " i was planning",
)  # fmt: skip
