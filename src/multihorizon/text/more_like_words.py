"""The words of a request for more of the same kind put as a statement (SPEC-028 §5.2
DRILL_DOWN, rule more-like-requests), as data: how the want opens, the quantities before
"more", and the words that tie the request to a thing already given. Case-folded; read by
set tests in ``dialogue.more_likes``."""

from __future__ import annotations

__all__ = [
    "MORE_LEADS",
    "MORE_LIKES",
    "MORE_NOUN_WORDS",
    "MORE_POINTERS",
    "MORE_QUANTITIES",
    "MORE_WANTS",
]

# Words that may lead the want ("ok great, I need ...", "perfect, now I'd like ...").
MORE_LEADS = frozenset((
    "ok", "okay", "so", "great", "thanks", "cool", "now", "and", "perfect", "nice", "brilliant",
    "awesome", "right", "yeah", "yes", "also", "then",
))  # fmt: skip
# How the want opens: a subject and a verb of wanting, or the verb alone ("need a few more
# like the squats", "I'd love a couple more stretches like that").
MORE_WANTS = (
    ("i", "need"), ("i", "want"), ("i'd", "like"), ("id", "like"), ("i", "would", "like"),
    ("i'd", "love"), ("id", "love"), ("i", "would", "love"), ("i'll", "need"),
    ("we", "need"), ("we'd", "like"), ("need",), ("want",), ("gimme",), ("i", "could", "use"),
    ("could", "use"),
)  # fmt: skip
# The quantities that may stand before "more" ("a couple more", "2 more", "some more").
MORE_QUANTITIES = frozenset((
    "a", "couple", "few", "some", "another", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "several", "of", "bunch", "handful", "lot", "lots",
))  # fmt: skip
# The most words between "more" and the word that ties it to a given thing ("more exercises
# like", "more hip mobility drills similar to").
MORE_NOUN_WORDS = 3
# The words that tie the request to a thing given ("like the calf raises", "similar to the
# squats", "along the lines of that one").
MORE_LIKES = frozenset(("like", "similar", "resembling"))
# What may follow the tie: the given thing itself, pointed at or named.
MORE_POINTERS = frozenset((
    "the", "that", "those", "these", "this", "it", "them", "yours", "your", "to", "one",
    "ones", "my", "what",
))  # fmt: skip
