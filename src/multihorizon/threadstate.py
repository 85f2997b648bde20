"""Thread state and the Active Thread Summary (SPEC-028 §6), extracted without a model call.

A ``ThreadState`` holds what one topic thread has settled (``established``), what is still
unresolved (``open_questions``) and what the user required (``user_constraints``). It is
immutable: ``update`` returns a new state, so a session keeps the old one until its whole turn
has succeeded, and a failed call leaves everything as it was.

Extraction is regular expressions and small word lists, compiled at import. Each sentence of a
user turn goes to at most one list, checked in this order: a question or request (open), a
constraint, a fact (established). An assistant turn closes the open questions it answers and
establishes at most two decisive sentences. The rules are heuristics, measured on the real
conversations in ``../shared/data`` (``tests/test_threadstate.py`` holds the measured floors).

Speed: ``update`` runs on every turn of a chat request, so every cue list is checked first
against the set of words in the sentence, and its regular expression (for phrases) runs only
when a trigger word is present; Python's ``re`` has no multi-pattern scan, so an unanchored
alternation of many phrases costs microseconds per sentence.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import InputError
from .text import STOPWORDS, content_terms, words

__all__ = ["ThreadState", "split_sentences", "title_from"]

# Each stored entry is cut to at most this many characters at a word boundary (with "…").
ENTRY_CHARS = 120

# SPEC-028 §6.2: a question stays open until an assistant turn answers it. It counts as
# answered when at least this share of the question's content keys (and at least one) appear
# in the assistant turn. Measured (tests/test_threadstate.py): on sgd user requests answered
# by the next assistant turn, 0.5 closes ~59% of questions at their own answer and ~5% at a
# random other answer; 0.67 drops own-answer closure to ~30%. Questions the overlap misses are
# closed by the user's "thanks" / "that works" once an assistant turn has replied.
CLOSE_OVERLAP = 0.5

# Content keys are content terms cut to this many characters: a cheap stem, so "configure"
# matches "configuration" and "encrypt" matches "encryption" (shorter terms must be equal).
_KEY_CHARS = 6

# Assistant turns establish facts conservatively, so long answers do not flood the summary:
# at most this many sentences per turn, each scoring at least _ASSISTANT_FACT_SCORE.
_MAX_ASSISTANT_FACTS = 2
_ASSISTANT_FACT_SCORE = 4  # see _assistant_score: 1 + at least 3 points

# Very long turns (pasted logs, documents) are scanned only at the head and the tail, which
# bounds the cost of one update; a question usually sits at the end of a long paste.
_SCAN_HEAD = 12_000
_SCAN_TAIL = 4_000

_ROLES = frozenset({"user", "assistant", "tool"})


def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# ---------------------------------------------------------------------------------------------
# Sentence splitting
# ---------------------------------------------------------------------------------------------

_FENCE = re.compile(r"```.*?(?:```|\Z)", re.S)
# End punctuation (optionally closed by a quote or bracket) followed by whitespace: "v3.5",
# URLs and dotted names have no space after their dots and stay whole.
# The end mark is captured, not looked behind for: a pattern that starts with a character
# class lets ``re`` skip ahead, and it splits three times faster.
_SENTENCE_END = re.compile(r"([.!?\u2026][\"'\u201d\u2019)\]]*)\s+")
# A piece whose last word is one of these did not end a sentence.
_ABBREVIATIONS = _word_set(
    "e.g. i.e. etc. vs. cf. approx. incl. esp. resp. mr. mrs. ms. dr. prof. st. fig. eq. ca. al."
)
_LIST_MARKER = re.compile(r"(?:[-*\u2022+>#]+|\(?\d{1,3}[.)]|\(?[a-zA-Z][)])\s+")
_HAS_WORD = re.compile(r"[^\W_]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")
_SPACES = re.compile(r"\s+")
_TYPOGRAPHIC = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def _sanitise(text: str) -> str:
    """ASCII quotes and apostrophes, so the word lists need not spell both kinds; no lone
    surrogates, which would make a summary unencodable downstream (headers, UTF-8)."""
    if text.isascii():
        return text
    return _SURROGATE.sub("\ufffd", text).translate(_TYPOGRAPHIC)


def _scan_window(text: str) -> str:
    if len(text) <= _SCAN_HEAD + _SCAN_TAIL:
        return text
    return text[:_SCAN_HEAD] + "\n" + text[-_SCAN_TAIL:]


def _lines(text: str) -> list[str]:
    """Logical lines: a line break ends a sentence unless it only wraps one (a lower-case
    continuation after a line without end punctuation that is not a list item)."""
    out: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        marker = _LIST_MARKER.match(line)
        if marker:
            out.append(line[marker.end() :])
        elif out and line[0].islower() and out[-1][-1] not in ".!?:;\u2026":
            out[-1] = f"{out[-1]} {line}"
        else:
            out.append(line)
    return out


def _ends_inside_sentence(piece: str) -> bool:
    """Whether a piece ends at an abbreviation, an initial ("Plan B.") or an inline
    enumeration number ("Steps: 1. Install ..."), not at the end of a sentence."""
    word = piece.rsplit(None, 1)[-1].lstrip("([\"'").lower()
    return (
        word in _ABBREVIATIONS
        or (len(word) == 2 and word[0].isalpha())
        or (len(word) <= 3 and word[:-1].isdigit())
    )


def _tidy(sentence: str) -> str:
    if "  " in sentence or "\t" in sentence:
        sentence = _SPACES.sub(" ", sentence)
    return sentence.strip()


def split_sentences(text: str) -> list[str]:
    """The sentences of a chat turn, whitespace-collapsed, list markers and code fences removed.

    Keeps versions and dotted names ("v3.5", "pg.conf"), URLs and common abbreviations
    ("e.g.", "vs.") inside their sentence; a line break or a list item starts a new one.
    Pieces without a letter or digit are dropped.
    """
    if "```" in text:
        text = _FENCE.sub("\n", text)
    lines = _lines(text) if "\n" in text or "\r" in text else [text.strip()]
    sentences: list[str] = []
    for line in lines:
        pending = ""
        parts = _SENTENCE_END.split(line)
        parts.append("")  # text, end mark, text, end mark, ..., text, ""
        for index in range(0, len(parts), 2):
            piece = parts[index] + parts[index + 1]
            pending = f"{pending} {piece}" if pending else piece
            if pending[-1:] == "." and _ends_inside_sentence(pending):
                continue
            if _HAS_WORD.search(pending):
                sentences.append(_tidy(pending))
            pending = ""
        if pending and _HAS_WORD.search(pending):
            sentences.append(_tidy(pending))
    return sentences


# ---------------------------------------------------------------------------------------------
# Cue lists
# ---------------------------------------------------------------------------------------------

# Word sets of lower-cased sentences: ASCII punctuation other than the apostrophe becomes a
# space ("can't" stays one word). bytes.translate runs a 256-byte table in C, three times
# faster than str.translate with a dict or a regex findall; bytes >= 0x80 (the rest of a UTF-8
# character) pass through unchanged, so decoding cannot fail.
_ASCII_PUNCTUATION = b'!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~'
_PUNCTUATION = bytes.maketrans(_ASCII_PUNCTUATION, b" " * len(_ASCII_PUNCTUATION))


def _tokens(low: str) -> frozenset[str]:
    raw = low.encode("utf-8", "surrogatepass").translate(_PUNCTUATION)
    return frozenset(raw.decode("utf-8", "surrogatepass").split())


def _starts_word(low: str, pattern: re.Pattern[str]) -> bool:
    """Whether ``pattern`` matches ``low`` at the start of a word. The patterns carry no
    leading word-boundary assertion: a pattern that starts with a literal lets ``re`` skip
    ahead to it, while a leading assertion costs ten times as much on every sentence."""
    for match in pattern.finditer(low):
        start = match.start()
        if start == 0 or not (low[start - 1].isalnum() or low[start - 1] in "_'"):
            return True
    return False


@dataclass(frozen=True, slots=True)
class _Cue:
    """One category of cues: single words, and phrases that run only behind a trigger word."""

    vocabulary: frozenset[str]  # words | triggers: one test rejects most sentences
    words: frozenset[str]
    triggers: frozenset[str]
    phrases: Mapping[str, tuple[re.Pattern[str], ...]]  # trigger word -> its phrases

    def found(self, low: str, tokens: frozenset[str]) -> bool:
        """Whether the lower-cased sentence ``low`` (with word set ``tokens``) has a cue."""
        if self.vocabulary.isdisjoint(tokens):
            return False
        if not self.words.isdisjoint(tokens):
            return True
        for word in self.triggers & tokens:
            for pattern in self.phrases[word]:
                if _starts_word(low, pattern):
                    return True
        return False


def _cue(single_words: str, *phrases: tuple[str, str]) -> _Cue:
    """A cue list. Each phrase is (trigger words, regex over lower-case text); the regex runs
    only when the sentence has a trigger word, so every match must contain one as a token."""
    by_trigger: dict[str, tuple[re.Pattern[str], ...]] = {}
    for trigger_words, regex in phrases:
        pattern = re.compile(f"(?:{regex})" + r"\b")
        for word in trigger_words.split():
            by_trigger[word] = (*by_trigger.get(word, ()), pattern)
    single = frozenset(single_words.split())
    triggers = frozenset(by_trigger)
    return _Cue(single | triggers, single, triggers, by_trigger)


_DAYS = r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|eod|noon"

# "thanks", "that works", "got it", "solved" close the questions an assistant has replied to
# (SPEC-028 §6.2 "unresolved items"), unless the sentence says something did not work.
_ACK = _cue(
    "thanks thx ty cheers solved fixed resolved perfect great awesome excellent wonderful",
    ("thank", r"thank\s+you"),
    ("works worked", r"(?:that|it)\s+work(?:s|ed)|works\s+now"),
    ("got", r"got\s+it"),
    ("did", r"that\s+did\s+it"),
    ("helped", r"that\s+helped"),
    ("sense", r"makes\s+sense"),
    ("set", r"all\s+set"),
    ("sound sounds", r"sounds?\s+(?:good|great|perfect|fine|like)"),
    ("that's that", r"(?:that's|that\s+is)\s+(?:it|right|correct|the\s+one|all)"),
    ("all", r"that\s+will\s+be\s+all"),
    ("will", r"will\s+do"),
    ("love", r"love\s+it"),
)
_NEGATION = _cue(
    "not but however still doesn't didn't don't isn't wasn't won't nothing fail fails failed "
    "broken error",
    ("longer", r"no\s+longer"),
)
# An acknowledgement at the head of a sentence, removed before the rest is classified.
_ACK_LEAD = re.compile(
    r"(?:(?:thanks|thank\s+you|thx|cheers)(?:\s+(?:so|very)\s+much|\s+a\s+lot)?"
    r"(?:\s+for\s+[^,.;!?]*)?|that\s+works|it\s+works|got\s+it|perfect|great|awesome|excellent"
    r"|cool|nice|(?:that|this|it)?\s*sounds?\s+(?:good|great|perfect|fine|cool|awesome|nice"
    r"|like\s+a\s+plan|like\s+what\s+[^,.;!?]*)(?:\s+to\s+me)?)\s*[,;:!.\-\u2013\u2014]*\s*",
    re.I,
)
# Sign-offs and gratitude: never stored ("Thanks, that's all I need").
_SIGN_OFF_START = re.compile(
    r"(?:(?:that's|thats|that\s+is|that\s+will\s+be|that\s+would\s+be)\s+(?:all|everything)"
    r"|nothing\s+else|all\s+set|i'm\s+done|this\s+is\s+it|i'm\s+good|no\s+more|for\s+now|bye"
    r"|goodbye|have\s+a\s+\w+\s+day|a\s+lot|so\s+much|again)\b"
)
_SIGN_OFF = _cue(
    "",
    (
        "all everything",
        r"(?:that's|thats|that\s+is|that\s+will\s+be|that\s+would\s+be)\s+(?:all|everything)",
    ),
    ("else", r"nothing\s+else"),
    ("set", r"all\s+set"),
    ("done", r"i'm\s+done"),
)
_GRATITUDE = _cue("thank thanks grateful gratitude appreciate bye")
# Reactions to the last reply ("That one sounds good", "That is what I want").
_REACTION = re.compile(
    r"(?:that|this|it|those|these)(?:\s+one)?(?:'s|\s+(?:sounds|is|was|would\s+be|will\s+be"
    r"|looks|seems|works|should\s+be|suits))\b"
)

# Anchored patterns run only when the sentence's first word can start a match: a set lookup
# is cheaper than a failed regex match, and most sentences fail most of them.
_WH = ("what", "how", "why", "when", "where", "which", "who", "whom", "whose")
_AUX_WORDS = _word_set(
    "is are was were do does did can could should would will shall may might must has have had "
    "isn't aren't don't doesn't didn't can't won't wouldn't shouldn't"
)
_QUESTION_FIRST = frozenset(
    [*_WH, *(f"{wh}{tail}" for wh in _WH for tail in ("'s", "'re", "'d")), *_AUX_WORDS]
)
_REQUEST_FIRST = _word_set(
    "please find search look book show give send share get write explain describe list compare "
    "recommend suggest tell help reserve schedule play generate summarise summarize draft "
    "translate walk set"
)
_REACTION_FIRST = _word_set("that this it those these that's it's")
_FIRST_PERSON = _word_set("i we my our i'm we're i've we've i'd we'd i'll we'll")


def _first_word(low: str) -> str:
    return low.partition(" ")[0].rstrip(",.;:!?\"')")


_AUX = (
    r"(?:is|are|was|were|do|does|did|can|could|should|would|will|shall|may|might|must|has|have"
    r"|had|isn't|aren't|don't|doesn't|didn't|can't|won't|wouldn't|shouldn't)"
)
# SPEC-028 §6.2 open questions: a direct question, a wh-word or an inverted auxiliary at the
# start, or an indirect request for information. A wh-word alone is not enough ("When we
# upgraded, it broke." is a statement): an auxiliary must follow within one word.
_QUESTION_START = re.compile(
    r"(?:what|how|why|when|where|which|who|whom|whose)(?:'s|'re|'d|\s+(?:\S+\s+)?"
    + _AUX
    + r"\b|\s+(?:about|if|to|not|much|many|long|often|big|far|fast|come)\b)"
    r"|" + _AUX + r"\s+(?:there|it|this|that|these|those|i|we|you|they|he|she|my|our|your|the|a"
    r"|an|any|anyone|anybody|someone)\b"
)
_QUESTION_INDIRECT = _cue(
    "",
    ("wonder wondering", r"i\s+wonder|i\s+was\s+wondering|i'm\s+wondering|i\s+am\s+wondering"),
    ("idea ideas", r"any\s+ideas?"),
    ("sure", r"not\s+sure\s+(?:how|whether|if|what|which|why|where|when)"),
    ("can could would will", r"(?:can|could|would|will)\s+you"),
    ("tell", r"tell\s+me"),
    ("let", r"let\s+me\s+know"),
    ("help", r"help\s+me"),
    ("know", r"(?:want|need|like)\s+to\s+know"),
)
# A direct request is an open item too, until an assistant turn answers it ("Find me a salon
# in SFO", "Explain the quorum rule").
_REQUEST_START = re.compile(
    r"(?:please\s+)?(?:find|search|look\s+(?:for|up|around|into)|book|show|give|send|share|get"
    r"|write|explain|describe|list|compare|recommend|suggest|tell|help|reserve|schedule|play"
    r"|generate|summari[sz]e|draft|translate|walk\s+me|set\s+up)\b"
)
# SPEC-028 §6.2 user constraints: obligations, prohibitions, limits, budgets, deadlines, and
# what the user needs or prefers ("I need three tickets", "I'd rather use Debian").
_CONSTRAINT = _cue(
    "must mustn't should shouldn't only can't cannot without budget deadline required "
    "requirement requirements mandatory maximum minimum preferably avoid rather instead",
    ("can", r"can\s+not"),
    ("need needs", r"needs?\s+to"),
    ("have has", r"ha(?:ve|s)\s+to"),
    (
        "don't doesn't won't not",
        r"(?:don't|do\s+not|doesn't|does\s+not|won't|will\s+not)\s+(?:want|need|allow|have|support)",
    ),
    ("allowed", r"not\s+allowed"),
    ("more", r"no\s+more\s+than"),
    ("most least", r"at\s+(?:most|least)"),
    ("limited", r"limited\s+to"),
    ("less fewer", r"(?:less|fewer)\s+than"),
    ("under", r"under\s+\$?\d"),
    ("by before", r"(?:by|before)\s+(?:" + _DAYS + r"|end\s+of|\d)"),
    (
        "want need prefer like",
        r"(?:i|we)(?:'d|'ll|\s+would|\s+will)?\s+(?:really\s+)?(?:want|need|prefer"
        r"|like\s+(?:to|a|an|one|some|\d))",
    ),
    ("looking", r"looking\s+for"),
)
# A fact about the user's own setup or situation (SPEC-028 §6.1 "user runs v3.5, 3-node
# cluster"): a first-person subject at the start, or a setup stated anywhere in the sentence.
_SETUP = _cue(
    "",
    (
        "we i",
        r"(?:we|i)\s+(?:run|use|have|deploy|host|operate|manage|maintain|upgraded|migrated"
        r"|switched|moved|installed)",
    ),
    ("i'm i we're we", r"(?:i'm|i\s+am|we're|we\s+are)\s+(?:on|using|running)"),
    ("our my", r"(?:our|my)\s+\w+(?:\s+\w+)?\s+(?:is|are|has|have|runs?|uses?)"),
)
# First-person sentences that give an opinion or a reaction, not a fact.
_FIRST_PERSON_FILLER = re.compile(
    r"(?:i|we)(?:\s+(?:really|just|totally|also|do|don't|didn't|still))?"
    r"(?:\s+(?:think|thought|guess|hope|suppose|believe|see|agree|know|knew|mean|meant|feel"
    r"|appreciate|understand|wonder|will(?!\s+be)|would|could|might|can|may|shall|get\s+it"
    r"|got\s+it|love\s+(?:it|that|this|them|those|these|you)|like\s+(?:it|that|this|them|those"
    r"|these))\b|'ll\b(?!\s+be)|'m\s+(?:so\s+|really\s+|very\s+)?(?:glad|sorry|happy|excited"
    r"|thrilled|not\s+sure|wondering)\b|\s+am\s+(?:so\s+|really\s+|very\s+)?(?:glad|sorry|happy"
    r"|excited|not\s+sure)\b)"
)
# Numbers, versions and technical tokens mark a sentence as a candidate fact.
_DIGIT = re.compile(r"\d")
_NUMBER_WORDS = _word_set(
    "two three four five six seven eight nine ten eleven twelve dozen hundred thousand"
)
_TECH_CAPS = re.compile(r"[A-Za-z][A-Z]")  # camelCase, ACRONYM
_TECH_JOINED = re.compile(r"[_/][^\W_]")  # snake_case, paths
_TECH_FLAG = re.compile(r" --?[a-z]")  # command-line flags
_TECH_FILE = re.compile(r"\.(?:conf|ya?ml|json|toml|ini|py|sh|sql|cfg|xml|txt|log)\b")


def _has_tech(core: str, low: str) -> bool:
    """Whether a sentence holds a technical token. Each pattern runs only when a cheap test
    says it can match (one alternation over every position costs ten times as much)."""
    return (
        (("_" in core or "/" in core) and _TECH_JOINED.search(core) is not None)
        or (" -" in core and _TECH_FLAG.search(core) is not None)
        or ("." in core and _TECH_FILE.search(low) is not None)
        or (core[1:] != low[1:] and _TECH_CAPS.search(core) is not None)
    )


# Assistant sentences: only decisive statements become facts.
_ASSISTANT_SKIP_START = re.compile(
    r"(?:i|i'm|i'd|i'll|i've|we|we'll|we'd|let\s+me|let's|sure|of\s+course|certainly|absolutely"
    r"|great|good|glad|happy|sorry|thanks|thank|you're\s+welcome|hope|here|here's|if|when|for"
    r"\s+example|note|okay|ok|yes|no|please|would|do|does|is\s+there|what|how|why|which|who|you"
    r"\s+(?:can|could|may|might|will|would))\b"
)
_HEDGE = _cue(
    "might maybe perhaps possibly probably could depends depending guess consider try unclear "
    "unsure",
    ("sure", r"not\s+sure"),
    ("think believe", r"i\s+(?:think|believe)"),
)
_SKIP_FIRST = _word_set(
    "i i'm i'd i'll i've we we'll we'd let let's sure of certainly absolutely great good glad "
    "happy sorry thanks thank you're hope here here's if when for note okay ok yes no please "
    "would do does is what how why which who you"
)
_IMPERATIVE_FIRST = _word_set(
    "use set run enable disable add install configure create put keep avoid switch upgrade "
    "restart point pass mount open schedule take store rotate generate edit change increase "
    "decrease raise lower deploy back place bind start stop remove delete replace pin specify "
    "define export import mark move copy never always don't do"
)
_IMPERATIVE_START = re.compile(
    r"(?:use|set|run|enable|disable|add|install|configure|create|put|keep|avoid|switch|upgrade"
    r"|restart|point|pass|mount|open|schedule|take|store|rotate|generate|edit|change|increase"
    r"|decrease|raise|lower|deploy|back\s+up|place|bind|start|stop|remove|delete|replace|pin"
    r"|specify|define|export|import|mark|move|copy|never|always|don't|do\s+not)\b"
)
_DECISIVE = _cue(
    "default defaults recommended required requires supported supports must should always "
    "never only",
    ("need needs", r"needs?\s+to|you\s+need"),
    ("listens", r"listens\s+on"),
    ("set", r"is\s+set\s+to"),
)
_COPULA = frozenset({"is", "are"})

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
_DISCOURSE_FIRST = _word_set(
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
_PRESENT_VERBS = _word_set(
    """
    run use want need like love prefer enjoy hate deploy host operate manage maintain build keep
    store work live own plan rely see get try know hope require expect develop write support
    handle ship serve migrate upgrade install mount back test monitor log call pay book travel
    teach study stay visit play drive read watch cook paint spend earn share sell buy confirm
    """
)
_TRAILING_PLEASE = re.compile(r"[,\s]+please[.!\s]*$", re.I)

# Titles: words that make a poor topic on their own ("a good backup" -> "backup").
_TITLE_STOP = _word_set(
    """
    good best better great nice simple easy quick proper right correct correctly way help
    question problem issue please anyone somebody someone everyone guys folks happen happens
    useful interesting fun looking look sounds sound wondering hoping trying try
    """
)
_TITLE_LEAD = re.compile(
    r"(?:(?:how|what|why|when|where|which|who)(?:'s)?(?:\s+(?:do|does|did|can|could|should"
    r"|would|will|is|are|to))?(?:\s+(?:i|we|you|one))?\s+|(?:can|could|would|will)\s+you\s+"
    r"(?:please\s+)?(?:help\s+me\s+(?:to\s+|with\s+)?)?|please\s+|help\s+me\s+(?:to\s+|with\s+)?"
    r"|(?:i|we)(?:'d|\s+would)?\s+(?:need|want|like)\s+(?:some\s+)?(?:help\s+(?:with\s+)?|to\s+)?"
    r"|(?:i|we)(?:'m|\s+am|'re|\s+are)\s+looking\s+for\s+|tell\s+me\s+about\s+"
    r"|is\s+there\s+(?:a|an|any)\s+(?:way\s+to\s+)?)+",
    re.I,
)
# A leading action verb becomes a noun at the end: "configure etcd" -> "etcd configuration".
_NOMINAL = {
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
_TITLE_CHARS = 60

# ---------------------------------------------------------------------------------------------
# Helpers (entries recur on every update: the caches keep `update` in microseconds)
# ---------------------------------------------------------------------------------------------

# Every ASCII character that is not part of a word becomes a space in _hay.
_NOT_WORD = _ASCII_PUNCTUATION + b"'\t\n\r\f\v"
_HAY = bytes.maketrans(_NOT_WORD, b" " * len(_NOT_WORD))


def _spell(text: str) -> str:
    """``text`` with every ASCII non-word character turned into a space."""
    raw = text.encode("utf-8", "surrogatepass").translate(_HAY)
    return raw.decode("utf-8", "surrogatepass")


@functools.lru_cache(maxsize=16_384)
def _dedupe_key(entry: str) -> str:
    """Entries that differ only in case, punctuation or spacing are the same entry."""
    return " ".join(_spell(entry.casefold()).split())


@functools.lru_cache(maxsize=16_384)
def _question_keys(question: str) -> frozenset[str]:
    """The content keys of a question: ``text.content_terms`` cut to ``_KEY_CHARS``."""
    return frozenset(term[:_KEY_CHARS] for term in content_terms(question))


@functools.lru_cache(maxsize=16_384)
def _question_probes(question: str) -> tuple[tuple[str, ...], ...]:
    """For each content key of a question, the substrings of an answer's ``_hay`` that show
    the answer mentions it: a full-length key starts a word; a shorter key (a whole term) is a
    whole word, singular or plural, the forms ``normalise_term`` folds together."""
    probes: list[tuple[str, ...]] = []
    for key in _question_keys(question):
        # A compound term ("etcd-config", "v3.5") is spelled the way _hay spells the answer.
        spelled = " ".join(_spell(key).split())
        if not spelled:
            continue
        if len(key) >= _KEY_CHARS:
            probes.append((f" {spelled}",))
        else:
            forms = [f" {spelled} ", f" {spelled}s ", f" {spelled}es "]
            if spelled.endswith("y"):
                forms.append(f" {spelled[:-1]}ies ")
            probes.append(tuple(forms))
    return tuple(probes)


def _hay(text: str) -> str:
    """An answer, case-folded, with every word between spaces: a haystack for ``in`` tests on
    the question probes, which cost far less than a regex tokenisation of the answer."""
    return f" {_spell(text.casefold())} "


def _shared(question: str, hay: str) -> int:
    """How many of a question's content keys the answer (as ``_hay``) mentions."""
    shared = 0
    for forms in _question_probes(question):
        for form in forms:
            if form in hay:
                shared += 1
                break
    return shared


def _answers(question: str, hay: str) -> bool:
    # SPEC-028 §6.2: an open question leaves the list once an assistant turn answers it.
    probes = _question_probes(question)
    if not probes:
        return False
    shared = _shared(question, hay)
    return shared >= 1 and shared >= CLOSE_OVERLAP * len(probes)


def _trim(entry: str, limit: int = ENTRY_CHARS) -> str:
    """``entry`` cut to at most ``limit`` characters at a word boundary, with an ellipsis."""
    if len(entry) <= limit:
        return entry
    if limit < 2:
        return entry[:limit]
    cut = entry.rfind(" ", 0, limit)
    if cut < limit // 2:
        cut = limit - 1
    return entry[:cut].rstrip(" ,;:-\u2013\u2014") + "\u2026"


def _clean(sentence: str) -> str:
    """A sentence without leading discourse words ("So, ", "Back to etcd - ")."""
    first = sentence.partition(" ")[0].lower().rstrip(",:;!.-\u2013\u2014")
    if first in _DISCOURSE_FIRST or first.startswith("hmm"):
        match = _DISCOURSE.match(sentence)
        if match:
            sentence = sentence[match.end() :]
    return sentence.strip(" \t\"'\u201c\u201d-\u2013\u2014")


def _entry(text: str) -> str:
    """A sentence as a stored entry: no closing period or trailing "please", trimmed."""
    if text.endswith(("please", "please.", "Please", "Please.")):
        text = _TRAILING_PLEASE.sub("", text)
    return _trim(text.rstrip(" ."))


def _third_person(sentence: str, first: str) -> str:
    """``We run etcd 3.5.`` -> ``user runs etcd 3.5``: a compact entry about the user
    (``first`` is the sentence's lower-cased first word)."""
    body = sentence.rstrip(" .!\u2026")
    match = _SUBJECT.match(body) if first in _FIRST_PERSON else None
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


def _has_number(core: str, tokens: frozenset[str]) -> bool:
    return _DIGIT.search(core) is not None or not _NUMBER_WORDS.isdisjoint(tokens)


def _is_user_fact(core: str, low: str, tokens: frozenset[str], first: str) -> bool:
    if core.count(" ") < 2:  # fewer than three words: "I see", "Atlanta please"
        return False
    if first in _FIRST_PERSON and _FIRST_PERSON_FILLER.match(low) is None:
        return True
    return _SETUP.found(low, tokens) or _has_number(core, tokens) or _has_tech(core, low)


def _assistant_score(core: str) -> int:
    """How decisive an assistant sentence is: 0 for a hedged, first-person or chatty one, else
    1 plus points (imperative start 2, decisive word 2, number 1, technical token 1, "is/are"
    1). The technical-token scan is the costliest, so it runs only when it decides."""
    if len(core) < 12 or len(core) > 300 or core[-1] in "?:":
        return 0
    low = core.lower()
    first = _first_word(low)
    if first in _SKIP_FIRST and _ASSISTANT_SKIP_START.match(low):
        return 0
    tokens = _tokens(low)
    if _HEDGE.found(low, tokens):
        return 0
    score = 1
    if first in _IMPERATIVE_FIRST and _IMPERATIVE_START.match(low):
        score += 2
    if _DECISIVE.found(low, tokens):
        score += 2
    if _has_number(core, tokens):
        score += 1
    if not _COPULA.isdisjoint(tokens):
        score += 1
    if score == _ASSISTANT_FACT_SCORE - 1 and _has_tech(core, low):
        score += 1
    return score


def _merge(old: tuple[str, ...], new: Iterable[str], limit: int) -> tuple[str, ...]:
    """``old`` plus ``new``: a repeated entry moves to the newest place; the oldest entries are
    dropped beyond ``limit`` (SPEC-028 §6.1: the summary stays compact)."""
    entries = list(old)
    for item in new:
        key = _dedupe_key(item)
        if not key:
            continue
        entries = [entry for entry in entries if _dedupe_key(entry) != key]
        entries.append(item)
    return tuple(entries[-limit:])


def _check_turn(turn_id: object) -> int:
    if isinstance(turn_id, bool) or not isinstance(turn_id, int):
        raise InputError(f"turn_id must be an int, got {type(turn_id).__name__}")
    if turn_id < 0:
        raise InputError(f"turn_id must be >= 0, got {turn_id}")
    return turn_id


def _check_strings(name: str, value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (tuple, list)):
        raise InputError(f"{name} must be a tuple of str, got {type(value).__name__}")
    if not all(isinstance(item, str) for item in value):
        raise InputError(f"{name} must hold only str")
    return tuple(value)


# ---------------------------------------------------------------------------------------------
# ThreadState
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class ThreadState:
    """The state of one topic thread (SPEC-028 §6.2), restored to context when it resumes.

    ``title`` is a readable topic label for the summary ("etcd configuration"). ``replied``
    runs parallel to ``open_questions``: True once an assistant turn has come after the
    question without closing it, so that the user's "thanks, that works" closes it.
    """

    thread_id: str
    established: tuple[str, ...] = ()
    open_questions: tuple[str, ...] = ()
    user_constraints: tuple[str, ...] = ()
    last_active_turn: int = 0
    title: str = ""
    replied: tuple[bool, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.thread_id, str) or not self.thread_id:
            raise InputError("thread_id must be a non-empty str")
        if not isinstance(self.title, str):
            raise InputError(f"title must be a str, got {type(self.title).__name__}")
        _check_turn(self.last_active_turn)
        for name in ("established", "open_questions", "user_constraints"):
            object.__setattr__(self, name, _check_strings(name, getattr(self, name)))
        if isinstance(self.replied, str) or not isinstance(self.replied, (tuple, list)):
            raise InputError("replied must be a tuple of bool")
        replied = tuple(bool(flag) for flag in self.replied)
        if len(replied) != len(self.open_questions):
            if replied:
                raise InputError("replied must have one flag per open question")
            replied = (False,) * len(self.open_questions)
        object.__setattr__(self, "replied", replied)

    @classmethod
    def new(cls, thread_id: str, title: str, turn_id: int) -> ThreadState:
        """An empty thread started at ``turn_id``."""
        return cls(thread_id=thread_id, title=title, last_active_turn=turn_id)

    def update(self, role: str, text: str, turn_id: int, *, limit: int = 8) -> ThreadState:
        """The state after one more turn of this thread; ``self`` is left unchanged.

        ``role`` is "user", "assistant" or "tool" (a tool turn only marks the thread active).
        ``limit`` caps each list, dropping its oldest entries first. Bad arguments raise
        ``InputError`` (a ``ValueError``).
        """
        kind = role.lower() if isinstance(role, str) else None
        if kind not in _ROLES:
            raise InputError(f"role must be 'user', 'assistant' or 'tool', got {role!r}")
        if not isinstance(text, str):
            raise InputError(f"text must be a str, got {type(text).__name__}")
        _check_turn(turn_id)
        if type(limit) is not int or limit < 1:
            raise InputError(f"limit must be an int >= 1, got {limit!r}")
        if kind == "tool" or not _HAS_WORD.search(text):
            return self._evolve(turn_id, limit)
        window = _sanitise(_scan_window(text))
        if kind == "user":
            return self._after_user(window, turn_id, limit)
        return self._after_assistant(window, turn_id, limit)

    def _evolve(
        self,
        turn_id: int,
        limit: int,
        established: tuple[str, ...] | None = None,
        questions: list[tuple[str, bool]] | None = None,
        constraints: tuple[str, ...] | None = None,
    ) -> ThreadState:
        """A copy with new lists, built without ``__post_init__``: the values are ours and
        already checked, and validation would cost a tenth of an update."""
        if questions is None:
            open_questions, replied = self.open_questions, self.replied
        else:
            open_questions = tuple(question for question, _ in questions)
            replied = tuple(flag for _, flag in questions)
        state = object.__new__(ThreadState)
        setter = object.__setattr__
        setter(state, "thread_id", self.thread_id)
        setter(state, "title", self.title)
        setter(state, "last_active_turn", turn_id)
        setter(
            state,
            "established",
            (self.established if established is None else established)[-limit:],
        )
        setter(state, "open_questions", open_questions[-limit:])
        setter(
            state,
            "user_constraints",
            (self.user_constraints if constraints is None else constraints)[-limit:],
        )
        setter(state, "replied", replied[-limit:])
        return state

    def _after_user(self, text: str, turn_id: int, limit: int) -> ThreadState:
        facts: list[str] = []
        asked: list[str] = []
        constraints: list[str] = []
        acknowledged = False
        for sentence in split_sentences(text):
            core = _clean(sentence)
            if not core:
                continue
            low = core.lower()
            tokens = _tokens(low)
            if _ACK.found(low, tokens) and not _NEGATION.found(low, tokens):
                acknowledged = True
                lead = _ACK_LEAD.match(core)
                if lead:
                    core = _clean(core[lead.end() :])
                    if not core:
                        continue
                    low = core.lower()
                    tokens = _tokens(low)
                if _SIGN_OFF_START.match(low):
                    continue
            if _SIGN_OFF.found(low, tokens) and not _has_number(core, tokens):
                continue
            first = _first_word(low)
            if (
                core[-1] == "?"
                or (first in _QUESTION_FIRST and _QUESTION_START.match(low))
                or (first in _REQUEST_FIRST and _REQUEST_START.match(low))
                or _QUESTION_INDIRECT.found(low, tokens)
            ):
                # A question without a content word ("Really?") is nothing to keep open. Its
                # content keys are computed (and cached) at the next assistant turn.
                if any(len(word) > 1 and not word.isdigit() for word in tokens - STOPWORDS):
                    asked.append(_entry(core[:1].upper() + core[1:]))
            elif _GRATITUDE.found(low, tokens) or (
                first in _REACTION_FIRST
                and _REACTION.match(low)
                and not _has_number(core, tokens)
                and not _has_tech(core, low)
            ):
                continue
            elif _CONSTRAINT.found(low, tokens):
                constraints.append(_entry(_third_person(core, first)))
            elif _is_user_fact(core, low, tokens, first):
                facts.append(_entry(_third_person(core, first)))
        questions = list(zip(self.open_questions, self.replied, strict=True))
        if acknowledged:
            # SPEC-028 §6.2: the user's thanks settles what the assistant has replied to.
            questions = [item for item in questions if not item[1]]
        if asked:
            # Asked again: the question moves to the newest place and waits for a new reply.
            new_keys = {_dedupe_key(question) for question in asked}
            questions = [item for item in questions if _dedupe_key(item[0]) not in new_keys]
            seen: set[str] = set()
            for question in asked:
                key = _dedupe_key(question)
                if key and key not in seen:
                    seen.add(key)
                    questions.append((question, False))
        return self._evolve(
            turn_id,
            limit,
            _merge(self.established, facts, limit) if facts else None,
            questions,
            _merge(self.user_constraints, constraints, limit) if constraints else None,
        )

    def _after_assistant(self, text: str, turn_id: int, limit: int) -> ThreadState:
        sentences = split_sentences(text)
        # A clarifying question back ("Which version of etcd do you run?") answers nothing,
        # however many words it shares with the open question: only statements count.
        hay = _hay(" ".join(s for s in sentences if s[-1] != "?")) if self.open_questions else ""
        questions: list[tuple[str, bool]] = []
        closed: list[str] = []
        for question in self.open_questions:
            if _answers(question, hay):
                closed.append(question)
            else:
                questions.append((question, True))
        facts = _assistant_facts(sentences, closed)
        return self._evolve(
            turn_id,
            limit,
            _merge(self.established, facts, limit) if facts else None,
            questions,
        )

    def summary(self, max_chars: int | None = None) -> str:
        """The Active Thread Summary, in the shape of SPEC-028 §6.1::

            Active thread: etcd configuration.
            Established: user runs etcd 3.5 on three nodes.
            Open: What about TLS?
            Constraints: it must run without root.

        Lines with nothing to say are left out; entries are joined with "; ". With
        ``max_chars`` the oldest entries go first (from the longest list) until the text fits;
        the result is never longer than ``max_chars``.
        """
        if max_chars is not None and (
            isinstance(max_chars, bool) or not isinstance(max_chars, int) or max_chars < 0
        ):
            raise InputError(f"max_chars must be an int >= 0 or None, got {max_chars!r}")
        head = _line("Active thread", [(self.title or self.thread_id).rstrip(" .;")])
        lists = [
            [entry.rstrip(" .;") for entry in entries]
            for entries in (self.established, self.open_questions, self.user_constraints)
        ]
        if max_chars is not None:
            # Drop the oldest entry of the longest list until the text fits, counting lengths
            # instead of rendering (dropping from the front never changes a line's end mark).
            sizes = [
                _line_size(label, entries) for label, entries in zip(_LABELS, lists, strict=True)
            ]
            excess = len(head) + sum(sizes) - max_chars
            while excess > 0 and any(lists):
                longest = max((0, 1, 2), key=lambda index: len(lists[index]))
                dropped = lists[longest].pop(0)
                # One entry and its "; " go; the last entry takes its whole line with it.
                size = sizes[longest] - len(dropped) - 2 if lists[longest] else 0
                excess -= sizes[longest] - size
                sizes[longest] = size
        lines = [head]
        lines.extend(
            _line(label, entries) for label, entries in zip(_LABELS, lists, strict=True) if entries
        )
        text = "\n".join(lines)
        return text if max_chars is None or len(text) <= max_chars else _trim(text, max_chars)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, read back by ``from_dict`` (for session stores)."""
        return {
            "thread_id": self.thread_id,
            "title": self.title,
            "established": list(self.established),
            "open_questions": list(self.open_questions),
            "user_constraints": list(self.user_constraints),
            "last_active_turn": self.last_active_turn,
            "replied": list(self.replied),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ThreadState:
        """The state ``to_dict`` wrote; a malformed mapping raises ``InputError``."""
        if not isinstance(data, Mapping):
            raise InputError(f"ThreadState data must be a mapping, got {type(data).__name__}")
        if "thread_id" not in data:
            raise InputError("malformed ThreadState data: no thread_id")
        return cls(
            thread_id=data["thread_id"],
            title=data.get("title", ""),
            established=data.get("established", ()),
            open_questions=data.get("open_questions", ()),
            user_constraints=data.get("user_constraints", ()),
            last_active_turn=data.get("last_active_turn", 0),
            replied=data.get("replied", ()),
        )

    def __repr__(self) -> str:
        return (
            f"ThreadState({self.thread_id!r}, title={self.title!r}, "
            f"turn={self.last_active_turn}, established={list(self.established)!r}, "
            f"open={list(self.open_questions)!r}, constraints={list(self.user_constraints)!r})"
        )


def _assistant_facts(sentences: list[str], closed: list[str]) -> list[str]:
    """At most ``_MAX_ASSISTANT_FACTS`` decisive sentences of an assistant turn, in the order
    they were written: first the key sentence of each question it answered, then the most
    decisive others."""
    cores = [_clean(sentence) for sentence in sentences]
    scores = [_assistant_score(core) if core else 0 for core in cores]
    chosen: list[int] = []
    for question in closed:
        if len(chosen) == _MAX_ASSISTANT_FACTS:
            break
        best, best_shared = -1, 0
        for index, core in enumerate(cores):
            if scores[index] == 0 or index in chosen:
                continue
            shared = _shared(question, _hay(core))
            if shared > best_shared:
                best, best_shared = index, shared
        if best >= 0:
            chosen.append(best)
    ranked = sorted(
        (index for index, score in enumerate(scores) if score >= _ASSISTANT_FACT_SCORE),
        key=lambda index: -scores[index],
    )
    for index in ranked:
        if len(chosen) == _MAX_ASSISTANT_FACTS:
            break
        if index not in chosen:
            chosen.append(index)
    return [_entry(cores[index]) for index in sorted(chosen)]


_LABELS = ("Established", "Open", "Constraints")
_OWN_END = ("?", "!", "\u2026")


def _line(label: str, entries: list[str]) -> str:
    """``Label: a; b.``: one summary line (SPEC-028 §6.1), ending in "." unless "?" or "!"."""
    body = "; ".join(entries)
    return f"{label}: {body}" + ("" if body.endswith(_OWN_END) else ".")


def _line_size(label: str, entries: list[str]) -> int:
    """``len(_line(label, entries))`` plus its line break; 0 for an empty list (no line)."""
    if not entries:
        return 0
    end = 0 if entries[-1].endswith(_OWN_END) else 1
    return 1 + len(label) + 2 + sum(map(len, entries)) + 2 * (len(entries) - 1) + end


# ---------------------------------------------------------------------------------------------
# Titles
# ---------------------------------------------------------------------------------------------


def _title_word(word: str) -> bool:
    lower = word.lower()
    if len(word) < 2 or lower in STOPWORDS or lower in _TITLE_STOP or lower in _NUMBER_WORDS:
        return False
    # Versions and numbers ("v3.5", "22.04") are details, not topics; "k8s" is a name.
    return sum(char.isalpha() for char in word) >= 2


def title_from(text: str, *, max_words: int = 4) -> str:
    """A short readable topic title from a thread's first user turn.

    "How do I configure etcd?" -> "etcd configuration"; "What's a good backup strategy for
    Postgres?" -> "backup strategy Postgres". Deterministic: the content words of the first
    sentence that has any (acknowledgements skipped), a leading action verb turned into its
    noun and put last. "general" when the text has no content word.
    """
    if not isinstance(text, str):
        raise InputError(f"text must be a str, got {type(text).__name__}")
    if isinstance(max_words, bool) or not isinstance(max_words, int) or max_words < 1:
        raise InputError(f"max_words must be an int >= 1, got {max_words!r}")
    for sentence in split_sentences(_sanitise(_scan_window(text))):
        core = _clean(sentence)
        low = core.lower()
        if _ACK.found(low, _tokens(low)):
            lead = _ACK_LEAD.match(core)
            core = _clean(core[lead.end() :]) if lead else core
            if _SIGN_OFF_START.match(core.lower()):
                continue
        lead = _TITLE_LEAD.match(core)
        if lead:
            core = core[lead.end() :]
        picked: list[str] = []
        action = ""
        for position, word in enumerate(words(core)):
            lower = word.lower()
            if lower in _NOMINAL:
                # A leading action verb becomes the noun at the end; a later one is dropped.
                action = action or ("" if picked else _NOMINAL[lower])
                continue
            if not _title_word(word):
                continue
            # A capital that only starts the sentence is not part of a name.
            picked.append(lower if position == 0 and word[1:].islower() else word)
            if len(picked) == max_words:
                break
        if picked:
            if action:
                picked = [*picked[: max_words - 1], action]
            return _trim(" ".join(picked), _TITLE_CHARS)
    return "general"
