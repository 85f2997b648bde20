"""A turn's peer-detection cues in one native call (rule peer-detection, SPEC-028 §3.3; issue
14): whether a user turn makes a request (``offers.is_request``) or asks for something
(``offers.asks_for_something``), whether a turn closes by offering another topic
(``cues.offers_something_else``), and whom it talks about (``persons.stance``). Rule
peer-detection votes every turn with them; ``TurnFeatures`` reads them in one call the first
time a rule asks for any of them, instead of four scans.

The phrase lists below spell the regular expressions of ``offers`` and ``cues`` word by word
(``tests/test_turn_cues.py`` checks every cue against them, on real turns and generated
text); ``kernels.TurnCueReader`` reads ASCII text, and any other text is read with the
regular expressions themselves.
"""

from __future__ import annotations

from .. import kernels
from .._turn_cues_py import ASKS_FOR, OFFERS_ELSE, REQUEST, SELF_TALK, TO_LISTENER
from ..text import cues, persons
from .mention_markers import ACTION_VERBS
from .offers import asks_for_something, is_request

__all__ = ["ASKS_FOR", "OFFERS_ELSE", "REQUEST", "SELF_TALK", "TO_LISTENER", "turn_cues"]

# offers._REQUEST's opener: "can you", "please", "i want", "i'd like", "let's", an action verb.
OPENERS: tuple[tuple[str, ...], ...] = (
    *((modal, "you") for modal in ("can", "could", "would", "will")),
    ("please",),
    ("i", "want"),
    ("i", "need"),
    ("i", "would", "like"),
    ("i'd", "like"),
    ("lets",),
    ("let's",),
    *((verb,) for verb in ACTION_VERBS),
)
# offers._FILLER_WORD: what may come before the opener ("ok so, can you ...").
FILLERS: tuple[tuple[str, ...], ...] = (
    *(
        (word,)
        for word in [
            "ok",
            "okay",
            "so",
            "now",
            "alright",
            "right",
            "hey",
            "hi",
            "great",
            "thanks",
            "cool",
            "also",
            "and",
            "then",
            "next",
            "first",
            "well",
        ]
    ),
    ("thank", "you"),
)
# offers._REPEAT: a request that repeats an earlier one ("try again").
REPEATS: tuple[tuple[str, ...], ...] = (
    ("again",),
    ("redo",),
    ("re-do",),
    ("same", "thing"),
    ("do", "the", "same"),
    ("repeat", "that"),
)
# offers._ASKS_FOR, with its single spaces kept inside the words (the pattern has " ", not
# [ \t]+).
ASKS_FOR_WORDS: tuple[tuple[str, ...], ...] = tuple(
    (phrase,)
    for phrase in (
        "i'd like",
        "i would like",
        "i want",
        "i need",
        "i'm looking",
        "i am looking",
        "looking for",
        "find",
        "search",
        "show me",
        "recommend",
        "suggest",
        "book",
        "reserve",
        "get me",
        "play",
    )
)
# cues._ELSE.
ELSES: tuple[tuple[str, ...], ...] = (("else",),)
# offers._ASKS_FOR_SCAN_CHARS and search_head's overrun; cues._OPEN_OFFER_CHARS.
ASKS_FOR_CHARS = 500
ASKS_FOR_OVERRUN = 40
OPEN_OFFER_CHARS = 300

# The backend's reader (C++: ASCII text in one pass, None for any other text).
_READER = kernels.TurnCueReader(
    persons.READER,
    OPENERS,
    FILLERS,
    REPEATS,
    ASKS_FOR_WORDS,
    ELSES,
    asks_for_chars=ASKS_FOR_CHARS,
    asks_for_overrun=ASKS_FOR_OVERRUN,
    open_offer_chars=OPEN_OFFER_CHARS,
)


def turn_cues(text: str, user: bool) -> int:
    """The cue bits of one turn (``user``: a user turn): ``REQUEST`` (``is_request``) and
    ``ASKS_FOR`` (``asks_for_something``'s words; a question asks too, which the caller
    reads from ``is_question``) of a user turn, ``OFFERS_ELSE`` (``offers_something_else``,
    which counts only for a question), ``SELF_TALK`` / ``TO_LISTENER`` (``persons.stance``
    +1 / -1). Text that is not ASCII is read with the regular expressions (``ASKS_FOR`` is
    then the whole ``asks_for_something``)."""
    found = _READER.cues(text, user)
    if found is not None:
        return int(found)
    bits = 0
    if user and is_request(text):
        bits |= REQUEST
    if user and asks_for_something(text):
        bits |= ASKS_FOR
    if cues.offers_something_else(text):
        bits |= OFFERS_ELSE
    stance = persons.stance(text)
    return bits | (SELF_TALK if stance > 0 else TO_LISTENER if stance < 0 else 0)
