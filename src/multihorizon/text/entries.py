"""How a sentence becomes a short stored entry of a thread's state (SPEC-028 §6.1: "user runs
v3.5, 3-node cluster"): leading discourse words removed, the first person rewritten as
"user", a trailing "please" dropped, cut at a word boundary; and the words that make a
thread's title."""

from __future__ import annotations

import re

from .sentences import word_set
from .statecues import FIRST_PERSON

__all__ = [
    "ENTRY_CHARS",
    "NOMINAL",
    "TITLE_CHARS",
    "TITLE_LEAD",
    "TITLE_STOP",
    "clean",
    "make_entry",
    "third_person",
    "trim",
]


# Each stored entry is cut to at most this many characters at a word boundary (with "…").
ENTRY_CHARS = 120


# Leading discourse words that carry nothing ("So, ", "Back to etcd - "). Interjections need
# punctuation after them, so "No more than 3 nodes" keeps its "No".
_DISCOURSE = re.compile(
    r"(?:(?:(?:so|and|but|also|actually|anyway|anyways|btw|by\s+the\s+way|then|now)\s*[,:;\-"
    r"\u2013\u2014]*\s+)"
    r"|(?:(?:ok|okay|oh|ah|hmm+|hey|hi|hello|well|yes|yeah|yep|no|nope|sure|great|cool|fine|right"
    r"|alright|one\s+more\s+thing|quick\s+question|follow[- ]up)\s*[,:;!.\-\u2013\u2014]+\s*)"
    r"|(?:back\s+to\s+[^,;:.!?\-\u2013\u2014]{1,40}?\s*[,:;\-\u2013\u2014]*\s+))+",
    re.I,
)


_DISCOURSE_FIRST = word_set(
    "so and but also actually anyway anyways btw by then now ok okay oh ah hey hi hello well yes "
    "yeah yep no nope sure great cool fine right alright one quick follow-up follow back"
)


# First-person subject rewritten to "user", for compact entries ("We run etcd 3.5" ->
# "user runs etcd 3.5", the shape of SPEC-028 §6.1).
_SUBJECT = re.compile(
    r"(?:(?P<poss>my|our)\b|(?:i|we)(?P<adv>\s+(?:also|currently|still|now|already|just|only"
    r"|mostly|usually|really|all|both|actually))?(?:(?P<contr>'m|'re|'ve|'d)\b|\s+(?P<verb>[a-z']+)"
    r"\b))",
    re.I,
)


_IRREGULAR = {
    "am": "is",
    "are": "is",
    "was": "was",
    "were": "was",
    "have": "has",
    "do": "does",
    "don't": "doesn't",
    "go": "goes",
    "'m": "is",
    "'re": "is",
    "'ve": "has",
    "'d": "would",
}


_PRESENT_VERBS = word_set(
    """
    run use want need like love prefer enjoy hate deploy host operate manage maintain build keep
    store work live own plan rely see get try know hope require expect develop write support
    handle ship serve migrate upgrade install mount back test monitor log call pay book travel
    teach study stay visit play drive read watch cook paint spend earn share sell buy confirm
    """
)


# Tried only where a run of commas and spaces starts: from inside the run each try re-read it.
_TRAILING_PLEASE = re.compile(r"(?<![,\s])[,\s]+please[.!\s]*$", re.I)


# Titles: words that make a poor topic on their own ("a good backup" -> "backup").
TITLE_STOP = word_set(
    """
    good best better great nice simple easy quick proper right correct correctly way help
    question problem issue please anyone somebody someone everyone guys folks happen happens
    useful interesting fun looking look sounds sound wondering hoping trying try
    """
)


TITLE_LEAD = re.compile(
    r"(?:(?:how|what|why|when|where|which|who)(?:'s)?(?:\s+(?:do|does|did|can|could|should"
    r"|would|will|is|are|to))?(?:\s+(?:i|we|you|one))?\s+|(?:can|could|would|will)\s+you\s+"
    r"(?:please\s+)?(?:help\s+me\s+(?:to\s+|with\s+)?)?|please\s+|help\s+me\s+(?:to\s+|with\s+)?"
    r"|(?:i|we)(?:'d|\s+would)?\s+(?:need|want|like)\s+(?:some\s+)?(?:help\s+(?:with\s+)?|to\s+)?"
    r"|(?:i|we)(?:'m|\s+am|'re|\s+are)\s+looking\s+for\s+|tell\s+me\s+about\s+"
    r"|is\s+there\s+(?:a|an|any)\s+(?:way\s+to\s+)?)+",
    re.I,
)


# A leading action verb becomes a noun at the end: "configure etcd" -> "etcd configuration".
NOMINAL = {
    "configure": "configuration",
    "config": "configuration",
    "install": "installation",
    "set": "setup",
    "deploy": "deployment",
    "migrate": "migration",
    "debug": "debugging",
    "monitor": "monitoring",
    "secure": "security",
    "optimise": "optimisation",
    "optimize": "optimization",
    "scale": "scaling",
    "test": "testing",
    "tune": "tuning",
    "troubleshoot": "troubleshooting",
    "automate": "automation",
    "authenticate": "authentication",
    "encrypt": "encryption",
    "replicate": "replication",
    "book": "booking",
    "find": "search",
    "search": "search",
    "buy": "purchase",
    "reserve": "reservation",
}


TITLE_CHARS = 60


def trim(entry: str, limit: int = ENTRY_CHARS) -> str:
    """``entry`` cut to at most ``limit`` characters at a word boundary, with an ellipsis."""
    if len(entry) <= limit:
        return entry
    if limit < 2:
        return entry[:limit]
    cut = entry.rfind(" ", 0, limit)
    if cut < limit // 2:
        cut = limit - 1
    return entry[:cut].rstrip(" ,;:-\u2013\u2014") + "\u2026"


def clean(sentence: str) -> str:
    """A sentence without leading discourse words ("So, ", "Back to etcd - ")."""
    first = sentence.partition(" ")[0].lower().rstrip(",:;!.-\u2013\u2014")
    if first in _DISCOURSE_FIRST or first.startswith("hmm"):
        match = _DISCOURSE.match(sentence)
        if match:
            sentence = sentence[match.end() :]
    return sentence.strip(" \t\"'\u201c\u201d-\u2013\u2014")


def make_entry(text: str) -> str:
    """A sentence as a stored entry: no closing period or trailing "please", trimmed."""
    if text.endswith(("please", "please.", "Please", "Please.")):
        text = _TRAILING_PLEASE.sub("", text)
    return trim(text.rstrip(" ."))


def third_person(sentence: str, first: str) -> str:
    """``We run etcd 3.5.`` -> ``user runs etcd 3.5``: a compact entry about the user
    (``first`` is the sentence's lower-cased first word)."""
    body = sentence.rstrip(" .!\u2026")
    match = _SUBJECT.match(body) if first in FIRST_PERSON else None
    if match is None:
        return body
    rest = body[match.end() :]
    if match["poss"]:
        return "user's" + rest
    adverb = match["adv"] or ""
    contraction = match["contr"]
    if contraction:
        return f"user{adverb} {_IRREGULAR[contraction.casefold()]}{rest}"
    verb = match["verb"]
    lower = verb.casefold()
    if lower in _IRREGULAR:
        verb = _IRREGULAR[lower]
    elif lower in _PRESENT_VERBS:
        if lower.endswith(("s", "sh", "ch", "x", "z", "o")):
            verb = lower + "es"
        elif lower.endswith("y") and lower[-2:-1] not in "aeiou":
            verb = lower[:-1] + "ies"
        else:
            verb = lower + "s"
    return f"user{adverb} {verb}{rest}"
