"""List labels a turn picks an item by (SPEC-028 §4.1 "the second option" -> which item?), as
data: roman numerals (rule roman-labels: "I. Simple squares\nII. Rail fence" is a numbered
list, and "option II" picks its item) and the words a bare pick may carry ("2 pls", "B
please", "#3 thanks": rule label-picks)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .sentences import word_set

__all__ = [
    "ABOUT_WORDS",
    "BARE_PICK_MOST",
    "BARE_PICK_WORDS",
    "CLAUSE_OPENERS",
    "DEFINITE_WORDS",
    "DRIVE_LEADS",
    "LABEL_CLOSERS",
    "LABEL_FOLLOWERS",
    "LABEL_LEADS",
    "LABEL_LETTERS",
    "NOT_SUB_LABELS",
    "OWN_ONE_ORDINALS",
    "OWN_ONE_WORDS",
    "OWN_POSSESSIVES",
    "PAIR_JOINERS",
    "PARENT_CUES",
    "PICK_NOUNS",
    "ROMAN_NUMERALS",
    "SUB_NOUNS",
    "VALUE_COPULAS",
    "VALUE_OWNERS",
    "VALUE_WORDS",
    "roman_value",
]


_UPPER = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")
ROMAN_NUMERALS: Mapping[str, int] = MappingProxyType(
    {
        **{numeral: value for value, numeral in enumerate(_UPPER, 1)},
        **{numeral.lower(): value for value, numeral in enumerate(_UPPER, 1)},
    }
)

# The words around a bare label that leave it a pick ("2 pls", "option 3 then", "number 4
# thanks", "I'll take 2"): a turn of a label and only these is an answer naming an item.
BARE_PICK_WORDS = word_set("""
    pls plz please thanks thank thx ty then ok okay sure yes yeah yep number no option opt
    choice one the i'll ill i'd id take go with let's lets choose pick like prefer for me
    sounds good maybe probably prob def defo deffo think i guess do that is it hmm so well
    """)
BARE_PICK_MOST = 8  # words: a longer turn says more than a pick

# Letters that label the items of a lettered list, in order ("b) ..." is the second item;
# rule letter-picks). "i" is left out: a lone "I" is the pronoun.
LABEL_LETTERS = "abcdefgh"
# What may close a letter label in a turn ("b, is it worth it", "C?", "(a)", "c: how"; rule
# letter-picks): a lone upper-case letter mid-sentence needs none ("is B worth it").
LABEL_CLOSERS = frozenset(",?:;!)")
# Words a letter label follows mid-sentence ("what about C if ...", "is b worth it", "go with
# C then", "and A?"); after any other word a letter is a name's ("vitamin C", "plan B,",
# "grade B"). A label in brackets ("(b)") or opening the turn needs none.
LABEL_LEADS = word_set("""
    about and or is with to for on of option options choice pick picking prefer between then
    if but go going lean leaning take taking choose choosing vs versus than like re was
    would does did do maybe so also not probably prob def defo definitely say want picked
    chose went got vote think thinking
    """)
# Words after a lone "a" / "A" that show it is a label, not the article ("what about a if we
# ...", "a or b?", "A then?"; rule letter-picks): no noun phrase starts with them.
LABEL_FOLLOWERS = word_set("""
    if then or and instead too though but vs versus is was would could will does did rather
    over because since
    """)
# Words before an item's own word that point at it as a thing already named ("would the Air
# handle Docker?", "that lodge"; rule own-list-items).
DEFINITE_WORDS = word_set("the that this those these")
# Words after "the last one" / "the first one" that say what the item is about ("the last one
# about watering", "the one with pull-ups"; rule ordinal-about).
ABOUT_WORDS = word_set("about with on re regarding mentioning covering involving")
# Openers of a clause the turn puts aside before its question ("before I go with (b), would
# the wood-fired route ...", "Even though c is cheapest, does the infrared one ..."; rule
# clause-picks): an item named there is not the one asked about when the question names
# another.
CLAUSE_OPENERS = (
    "before", "even though", "although", "though", "whilst", "while", "since", "rather than",
    "instead of", "apart from", "besides", "now that", "given that", "once", "after",
)  # fmt: skip

# Nouns of an item nested under another (rule sub-steps: "the second sub-step of step 2",
# "the third sub-point under configuring"); "sub step" in two words counts too.
SUB_NOUNS = word_set("""
    sub-step sub-steps substep substeps sub-point sub-points subpoint subpoints sub-item
    sub-items subitem subitems sub-bullet sub-bullets sub-option sub-options sub-task
    sub-tasks subtask subtasks sub-list sublist
    """)
# Number-letter words that name no sub-item ("a 3d printer", "2d sprites").
NOT_SUB_LABELS = word_set("2d 3d 4d")
# Words before the words that name the parent item ("under configuring", "of the data step").
PARENT_CUES = word_set("under of in for within from below beneath")


def roman_value(label: str) -> int | None:
    """1-39 for a numeral of I, V and X written in one case ("III", "iv", "XIV"), else None
    (written the canonical way only: not "IIII", not "VX")."""
    if label in ROMAN_NUMERALS:
        return ROMAN_NUMERALS[label]
    folded = label.casefold()
    if not label or not (label.isupper() or label.islower()) or set(folded) - set("ivx"):
        return None
    value = _roman_sum(folded)
    tens, ones = divmod(value, 10)
    canonical = "x" * tens + ("", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix")[ones]
    return value if 0 < value < 40 and canonical == folded else None


def _roman_sum(folded: str) -> int:
    """The value of a numeral of i, v and x read by the subtractive rule."""
    values = {"i": 1, "v": 5, "x": 10}
    total = highest = 0
    for letter in reversed(folded):
        value = values[letter]
        total += -value if value < highest else value
        highest = max(highest, value)
    return total


# Rule letter-values: a letter that states a value of the user's own, no pick. After a copula
# (``VALUE_COPULAS``) in a clause opened by a possessive (``VALUE_OWNERS``: "my blood type is
# B", "our plot was C", "his grade is B") unless the noun is a pick's ("my vote is B", "our
# choice is (a)": ``PICK_NOUNS``).
VALUE_OWNERS = word_set("my our his her their")
VALUE_COPULAS = word_set("is was are were")
PICK_NOUNS = word_set("""
    vote pick choice preference favourite favorite answer option guess bet money fave
    decision winner instinct gut lean
    """)
# Words a drive letter follows ("copy it to C:", "on D:", "from E:"; rule letter-values): a
# capital closed by a colon after them, or before a path ("C:\\Users"), names a drive.
DRIVE_LEADS = word_set("to on onto into from in drive partition disk disc")
VALUE_WORDS = 4  # words between the possessive and the copula ("my blood type is B")
# Rule letter-pairs: the words between two labels a turn names together ("plan A or B?", "A vs
# B", "A and B, which is cheaper?"): the first letter, which no lead word precedes, is a
# label too.
PAIR_JOINERS = word_set("or and vs vs. versus /")
# Rule own-ones: words after a possessive and an ordinal that make it a thing of the user's
# own, not an item of a list ("My last one broke", "our first ones were bagged").
OWN_ONE_WORDS = word_set("one ones")
OWN_ONE_ORDINALS = word_set("last first")
# Rule own-possessive-ordinals: the user's own possessives before an ordinal ("my third item",
# "our second option"): the user's list, as "the third one on my list".
OWN_POSSESSIVES = word_set("my our")
