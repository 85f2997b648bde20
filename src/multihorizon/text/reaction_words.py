"""The words of a reaction to one item of the assistant's advice (SPEC-028 §5.2 CONTINUE, rule
item-reactions): "the third exercise kills my wrist haha", "the rice bucket one is brutal lol",
"that second stretch hurt a bit". Closed classes, case-folded; read by set tests
(``dialogue.item_reactions``)."""

from __future__ import annotations

__all__ = [
    "REACTION_ADVERBS",
    "REACTION_CONFUSED",
    "REACTION_LEADS",
    "REACTION_NOUN_WORDS",
    "REACTION_OPENERS",
    "REACTION_VERBS",
]

# The words that open the item's noun phrase ("the third exercise", "that rice one").
REACTION_OPENERS = frozenset(("the", "that", "this", "those", "these"))
# Words that may come before it: an acknowledgement or a laugh ("ok the second one is easy",
# "haha the rice one is brutal").
REACTION_LEADS = frozenset((
    "ok", "okay", "so", "well", "haha", "lol", "omg", "wow", "hmm", "honestly", "ngl", "ugh",
    "oof", "man", "yeah", "yep", "yes", "fyi", "btw",
))  # fmt: skip
# The finite verbs that end the item's noun phrase and say what it did to the user or how it
# went (a copula, a verb of hurting, of working, of seeming), present or past: a statement
# about the item, not a request for it ("the second one please") nor a question on it ("the
# lich one, how do i make him scary").
REACTION_VERBS = frozenset((
    "is", "was", "are", "were", "isn't", "isnt", "wasn't", "wasnt", "aren't", "arent",
    "kills", "killed", "hurts", "hurt", "burns", "burned", "burnt", "stings", "stung", "aches",
    "ached", "pulls", "pulled", "destroys", "destroyed", "wrecks", "wrecked", "works",
    "worked", "helps", "helped", "feels", "felt", "looks", "looked", "seems", "seemed",
    "sounds", "sounded", "tastes", "tasted", "smells", "smelled", "fits", "makes", "made",
    "gets", "got", "takes", "took", "gives", "gave", "went", "goes", "did", "does", "doesn't",
    "doesnt", "didn't", "didnt", "won't", "wont", "can't", "cant", "wasn't", "has", "had",
    "left", "keeps", "kept", "cracked", "snapped", "broke",
))  # fmt: skip
# Words of not understanding the item ("the second step is confusing"): a meaning check
# (§5.2 CLARIFY) for the rules that read those, no reaction.
REACTION_CONFUSED = frozenset((
    "confusing", "confused", "unclear", "understand", "mean", "means", "meant", "explain",
    "lost", "sure", "clear", "weird", "strange",
))  # fmt: skip
# Adverbs that may stand between the item and its verb ("the cat cow one really pulls on my
# hamstrings"): no part of the item's name.
REACTION_ADVERBS = frozenset((
    "really", "so", "just", "totally", "actually", "absolutely", "kinda", "literally",
    "properly", "honestly", "definitely", "seriously", "still", "also", "def", "rly",
))  # fmt: skip
# The words of the noun phrase that name no item of the reply by themselves ("one", "ones").
REACTION_NOUN_WORDS = frozenset(("one", "ones", "bit", "part", "thing"))
