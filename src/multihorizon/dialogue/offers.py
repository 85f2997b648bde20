"""Offers and requests (SPEC-028 §4.1-§4.2 refinements, rule offer-antecedents and action
references): whether a reply offers an option, whether a user turn asks for something or
makes an actionable request. Read once per turn, on first use (``features``)."""

from __future__ import annotations

import re

from ..text.scan import ChainScanner
from .intent import is_question
from .mention_markers import ACTION_VERBS

__all__ = ["asks_for_something", "is_request", "offers_an_option", "search_head"]

# SPEC-028 §4.2 action reference: the antecedent is the last user turn that asks for something.
_FILLER_WORD = (
    r"(?:ok(?:ay)?|so|now|alright|right|hey|hi|great|thanks|thank[ \t]+you|cool|also|and"
    r"|then|next|first|well)"
)
# A request opens a sentence: after the start or an end mark, quotes, bullets and fillers
# ("ok so, can you ..."). Scanned in one pass (scan.ChainScanner): the equivalent pattern
# searched over a run of "\n" or "ok. ok. ..." took 11 s for 4,000 characters.
_REQUEST = ChainScanner(
    lead=re.compile(r"[\s\"'*>-]*"),
    blocks=re.compile(r"[.!?\n][\s\"'*>.!?-]*"),
    filler=re.compile(_FILLER_WORD + r"\b[\s,!.:-]*", re.IGNORECASE),
    opener=re.compile(
        r"(?:can|could|would|will)[ \t]+you\b"
        # "I'd like a table for two", "I want you to ...", "I need the logs": asks, with or
        # without "to" ("i 'd" with a space never occurs: the apostrophe joins the words).
        r"|please\b|i[ \t]+(?:want|need|would[ \t]+like)\b|i['\u2019]d[ \t]+like\b"
        r"|let'?s\b|(?:" + "|".join(ACTION_VERBS) + r")\b",
        re.IGNORECASE,
    ),
)
# A user turn that itself repeats an earlier request is not the request: "try again".
_REPEAT = re.compile(
    r"\b(?:again|redo|re-do|same[ \t]+thing|do[ \t]+the[ \t]+same|repeat[ \t]+that)\b",
    re.IGNORECASE,
)

# ---------------------------------------------------------------------------------------------
# Offers and requests (Config.offer_antecedents)

# How an assistant offers an option: "How about X?", "I found 3", "I'd recommend X".
_OFFER = re.compile(
    r"\b(?:how about|what about|there is|there['\u2019]s|there are|i found"
    r"|i(?:['\u2019]ve| have) found|i have \d+|you (?:may|might|would) (?:like|enjoy)"
    r"|i(?:['\u2019]d| would) (?:recommend|suggest)|named|called|is among|maybe you"
    r"|people enjoy|popular|what do you think (?:about|of)|what are your thoughts (?:on|about)"
    r"|would you like to try|you might consider)\b"
    # "Do you like Rojo?" opening a sentence offers; "which genre do you like?" asks.
    r"|(?:^|[.!?:]\s+)do you like\b",
    re.IGNORECASE,
)
# How a user asks for something to be found or done: "I'd like to watch a movie", "find me a
# hotel", "book a table" (a question counts too: ``intent.is_question``).
_ASKS_FOR = re.compile(
    r"\b(?:i(?:['\u2019]d| would) like|i want|i need|i(?:['\u2019]m| am) looking"
    r"|looking for|find|search|show me|recommend|suggest|book|reserve|get me|play)\b",
    re.IGNORECASE,
)
# Offers lead their reply: only the first _OFFER_SCAN_CHARS are read, which also keeps a short
# turn fast after a long reply (the pattern scans about 7 MB/s: 150 ms for a 1 MB turn).
_OFFER_SCAN_CHARS = 2000
_ASKS_FOR_SCAN_CHARS = 500


def search_head(pattern: re.Pattern[str], text: str, limit: int) -> re.Match[str] | None:
    """``pattern.search`` over the first ``limit`` characters of ``text``, with a match that
    starts inside them allowed to run on (so a word cut at the limit is no whole word)."""
    found = pattern.search(text, 0, limit + _WORD_OVERRUN)
    return found if found is not None and found.start() < limit else None


_WORD_OVERRUN = 40  # past any word of a pattern, so \b sees the real next character


def offers_an_option(text: str) -> bool:
    """Whether a turn offers an option ("How about Alien?", "I found 3 hotels")."""
    return search_head(_OFFER, text, _OFFER_SCAN_CHARS) is not None


def asks_for_something(text: str) -> bool:
    """Whether a user turn asks for something ("I'd like to watch a movie", "find me a hotel",
    a question), as opposed to telling ("my parser has a bug")."""
    return is_question(text) or search_head(_ASKS_FOR, text, _ASKS_FOR_SCAN_CHARS) is not None


def is_request(text: str) -> bool:
    """Whether a user turn makes an actionable request (an imperative, "can you", "please")
    that does not itself repeat an earlier one ("try again"): what "do it again" points to
    (SPEC-028 §4.1 action references)."""
    return _REQUEST.found_in(text) and _REPEAT.search(text) is None
