"""What a sentence contributes to its thread's state (SPEC-028 §6.2): the cue lists that
sort it (question, request, constraint, fact, acknowledgement, sign-off) and the helpers
that turn it into a short entry. Every cue list is checked first against the set of words
in the sentence; its regular expression (for phrases) runs only when a trigger word is
present, so ``ThreadState.update`` stays in microseconds."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..errors import InputError
from .sentences import word_set
from .tokens import content_terms

__all__ = [
    "ACK",
    "ACK_LEAD",
    "ASSISTANT_FACT_SCORE",
    "CONSTRAINT",
    "FIRST_PERSON",
    "GRATITUDE",
    "MAX_ASSISTANT_FACTS",
    "NEGATION",
    "NUMBER_WORDS",
    "QUESTION_FIRST",
    "QUESTION_INDIRECT",
    "QUESTION_START",
    "REACTION",
    "REACTION_FIRST",
    "REQUEST_FIRST",
    "REQUEST_START",
    "SIGN_OFF",
    "SIGN_OFF_START",
    "answers",
    "assistant_score",
    "check_strings",
    "check_turn",
    "dedupe_key",
    "first_word",
    "has_number",
    "has_tech",
    "haystack",
    "is_user_fact",
    "merge",
    "shared_keys",
    "word_tokens",
]


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
# at most this many sentences per turn, each scoring at least ASSISTANT_FACT_SCORE.
MAX_ASSISTANT_FACTS = 2
ASSISTANT_FACT_SCORE = 4  # see assistant_score: 1 + at least 3 points
# ---------------------------------------------------------------------------------------------
# Cue lists
# ---------------------------------------------------------------------------------------------

# Word sets of lower-cased sentences: ASCII punctuation other than the apostrophe becomes a
# space ("can't" stays one word). bytes.translate runs a 256-byte table in C, three times
# faster than str.translate with a dict or a regex findall; bytes >= 0x80 (the rest of a UTF-8
# character) pass through unchanged, so decoding cannot fail.
_ASCII_PUNCTUATION = b'!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~'
_PUNCTUATION = bytes.maketrans(_ASCII_PUNCTUATION, b" " * len(_ASCII_PUNCTUATION))


def word_tokens(low: str) -> frozenset[str]:
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
ACK = _cue(
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
NEGATION = _cue(
    "not but however still doesn't didn't don't isn't wasn't won't nothing fail fails failed "
    "broken error",
    ("longer", r"no\s+longer"),
)
# An acknowledgement at the head of a sentence, removed before the rest is classified.
ACK_LEAD = re.compile(
    r"(?:(?:thanks|thank\s+you|thx|cheers)(?:\s+(?:so|very)\s+much|\s+a\s+lot)?"
    r"(?:\s+for\s+[^,.;!?]*)?|that\s+works|it\s+works|got\s+it|perfect|great|awesome|excellent"
    r"|cool|nice|(?:that|this|it)?\s*sounds?\s+(?:good|great|perfect|fine|cool|awesome|nice"
    r"|like\s+a\s+plan|like\s+what\s+[^,.;!?]*)(?:\s+to\s+me)?)\s*[,;:!.\-\u2013\u2014]*\s*",
    re.I,
)
# Sign-offs and gratitude: never stored ("Thanks, that's all I need").
SIGN_OFF_START = re.compile(
    r"(?:(?:that's|thats|that\s+is|that\s+will\s+be|that\s+would\s+be)\s+(?:all|everything)"
    r"|nothing\s+else|all\s+set|i'm\s+done|this\s+is\s+it|i'm\s+good|no\s+more|for\s+now|bye"
    r"|goodbye|have\s+a\s+\w+\s+day|a\s+lot|so\s+much|again)\b"
)
SIGN_OFF = _cue(
    "",
    (
        "all everything",
        r"(?:that's|thats|that\s+is|that\s+will\s+be|that\s+would\s+be)\s+(?:all|everything)",
    ),
    ("else", r"nothing\s+else"),
    ("set", r"all\s+set"),
    ("done", r"i'm\s+done"),
)
GRATITUDE = _cue("thank thanks grateful gratitude appreciate bye")
# Reactions to the last reply ("That one sounds good", "That is what I want").
REACTION = re.compile(
    r"(?:that|this|it|those|these)(?:\s+one)?(?:'s|\s+(?:sounds|is|was|would\s+be|will\s+be"
    r"|looks|seems|works|should\s+be|suits))\b"
)

# Anchored patterns run only when the sentence's first word can start a match: a set lookup
# is cheaper than a failed regex match, and most sentences fail most of them.
_WH = ("what", "how", "why", "when", "where", "which", "who", "whom", "whose")
_AUX_WORDS = word_set(
    "is are was were do does did can could should would will shall may might must has have had "
    "isn't aren't don't doesn't didn't can't won't wouldn't shouldn't"
)
QUESTION_FIRST = frozenset(
    [*_WH, *(f"{wh}{tail}" for wh in _WH for tail in ("'s", "'re", "'d")), *_AUX_WORDS]
)
REQUEST_FIRST = word_set(
    "please find search look book show give send share get write explain describe list compare "
    "recommend suggest tell help reserve schedule play generate summarise summarize draft "
    "translate walk set"
)
REACTION_FIRST = word_set("that this it those these that's it's")
FIRST_PERSON = word_set("i we my our i'm we're i've we've i'd we'd i'll we'll")


def first_word(low: str) -> str:
    return low.partition(" ")[0].rstrip(",.;:!?\"')")


_AUX = (
    r"(?:is|are|was|were|do|does|did|can|could|should|would|will|shall|may|might|must|has|have"
    r"|had|isn't|aren't|don't|doesn't|didn't|can't|won't|wouldn't|shouldn't)"
)
# SPEC-028 §6.2 open questions: a direct question, a wh-word or an inverted auxiliary at the
# start, or an indirect request for information. A wh-word alone is not enough ("When we
# upgraded, it broke." is a statement): an auxiliary must follow within one word.
QUESTION_START = re.compile(
    r"(?:what|how|why|when|where|which|who|whom|whose)(?:'s|'re|'d|\s+(?:\S+\s+)?"
    + _AUX
    + r"\b|\s+(?:about|if|to|not|much|many|long|often|big|far|fast|come)\b)"
    r"|" + _AUX + r"\s+(?:there|it|this|that|these|those|i|we|you|they|he|she|my|our|your|the|a"
    r"|an|any|anyone|anybody|someone)\b"
)
QUESTION_INDIRECT = _cue(
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
REQUEST_START = re.compile(
    r"(?:please\s+)?(?:find|search|look\s+(?:for|up|around|into)|book|show|give|send|share|get"
    r"|write|explain|describe|list|compare|recommend|suggest|tell|help|reserve|schedule|play"
    r"|generate|summari[sz]e|draft|translate|walk\s+me|set\s+up)\b"
)
# SPEC-028 §6.2 user constraints: obligations, prohibitions, limits, budgets, deadlines, and
# what the user needs or prefers ("I need three tickets", "I'd rather use Debian").
CONSTRAINT = _cue(
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
NUMBER_WORDS = word_set(
    "two three four five six seven eight nine ten eleven twelve dozen hundred thousand"
)
_TECH_CAPS = re.compile(r"[A-Za-z][A-Z]")  # camelCase, ACRONYM
_TECH_JOINED = re.compile(r"[_/][^\W_]")  # snake_case, paths
_TECH_FLAG = re.compile(r" --?[a-z]")  # command-line flags
_TECH_FILE = re.compile(r"\.(?:conf|ya?ml|json|toml|ini|py|sh|sql|cfg|xml|txt|log)\b")


def has_tech(core: str, low: str) -> bool:
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
_SKIP_FIRST = word_set(
    "i i'm i'd i'll i've we we'll we'd let let's sure of certainly absolutely great good glad "
    "happy sorry thanks thank you're hope here here's if when for note okay ok yes no please "
    "would do does is what how why which who you"
)
_IMPERATIVE_FIRST = word_set(
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


# ---------------------------------------------------------------------------------------------
# Helpers (entries recur on every update: the caches keep `update` in microseconds)
# ---------------------------------------------------------------------------------------------

# Every ASCII character that is not part of a word becomes a space in hay.
_NOT_WORD = _ASCII_PUNCTUATION + b"'\t\n\r\f\v"
_HAY = bytes.maketrans(_NOT_WORD, b" " * len(_NOT_WORD))


def _spell(text: str) -> str:
    """``text`` with every ASCII non-word character turned into a space."""
    raw = text.encode("utf-8", "surrogatepass").translate(_HAY)
    return raw.decode("utf-8", "surrogatepass")


@functools.lru_cache(maxsize=16_384)
def dedupe_key(entry: str) -> str:
    """Entries that differ only in case, punctuation or spacing are the same entry."""
    return " ".join(_spell(entry.casefold()).split())


@functools.lru_cache(maxsize=16_384)
def _question_keys(question: str) -> frozenset[str]:
    """The content keys of a question: ``text.content_terms`` cut to ``_KEY_CHARS``."""
    return frozenset(term[:_KEY_CHARS] for term in content_terms(question))


@functools.lru_cache(maxsize=16_384)
def _question_probes(question: str) -> tuple[tuple[str, ...], ...]:
    """For each content key of a question, the substrings of an answer's ``hay`` that show
    the answer mentions it: a full-length key starts a word; a shorter key (a whole term) is a
    whole word, singular or plural, the forms ``normalise_term`` folds together."""
    probes: list[tuple[str, ...]] = []
    for key in _question_keys(question):
        # A compound term ("etcd-config", "v3.5") is spelled the way hay spells the answer.
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


def haystack(text: str) -> str:
    """An answer, case-folded, with every word between spaces: a haystack for ``in`` tests on
    the question probes, which cost far less than a regex tokenisation of the answer."""
    return f" {_spell(text.casefold())} "


def shared_keys(question: str, hay: str) -> int:
    """How many of a question's content keys the answer (as ``hay``) mentions."""
    shared = 0
    for forms in _question_probes(question):
        for form in forms:
            if form in hay:
                shared += 1
                break
    return shared


def answers(question: str, hay: str) -> bool:
    # SPEC-028 §6.2: an open question leaves the list once an assistant turn answers it.
    probes = _question_probes(question)
    if not probes:
        return False
    shared = shared_keys(question, hay)
    return shared >= 1 and shared >= CLOSE_OVERLAP * len(probes)


def has_number(core: str, tokens: frozenset[str]) -> bool:
    return _DIGIT.search(core) is not None or not NUMBER_WORDS.isdisjoint(tokens)


def is_user_fact(core: str, low: str, tokens: frozenset[str], first: str) -> bool:
    if core.count(" ") < 2:  # fewer than three words: "I see", "Atlanta please"
        return False
    if first in FIRST_PERSON and _FIRST_PERSON_FILLER.match(low) is None:
        return True
    return _SETUP.found(low, tokens) or has_number(core, tokens) or has_tech(core, low)


def assistant_score(core: str) -> int:
    """How decisive an assistant sentence is: 0 for a hedged, first-person or chatty one, else
    1 plus points (imperative start 2, decisive word 2, number 1, technical token 1, "is/are"
    1). The technical-token scan is the costliest, so it runs only when it decides."""
    if len(core) < 12 or len(core) > 300 or core[-1] in "?:":
        return 0
    low = core.lower()
    first = first_word(low)
    if first in _SKIP_FIRST and _ASSISTANT_SKIP_START.match(low):
        return 0
    tokens = word_tokens(low)
    if _HEDGE.found(low, tokens):
        return 0
    score = 1
    if first in _IMPERATIVE_FIRST and _IMPERATIVE_START.match(low):
        score += 2
    if _DECISIVE.found(low, tokens):
        score += 2
    if has_number(core, tokens):
        score += 1
    if not _COPULA.isdisjoint(tokens):
        score += 1
    if score == ASSISTANT_FACT_SCORE - 1 and has_tech(core, low):
        score += 1
    return score


def merge(old: tuple[str, ...], new: Iterable[str], limit: int) -> tuple[str, ...]:
    """``old`` plus ``new``: a repeated entry moves to the newest place; the oldest entries are
    dropped beyond ``limit`` (SPEC-028 §6.1: the summary stays compact)."""
    entries = list(old)
    for item in new:
        key = dedupe_key(item)
        if not key:
            continue
        entries = [entry for entry in entries if dedupe_key(entry) != key]
        entries.append(item)
    return tuple(entries[-limit:])


def check_turn(turn_id: object) -> int:
    if isinstance(turn_id, bool) or not isinstance(turn_id, int):
        raise InputError(f"turn_id must be an int, got {type(turn_id).__name__}")
    if turn_id < 0:
        raise InputError(f"turn_id must be >= 0, got {turn_id}")
    return turn_id


def check_strings(name: str, value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (tuple, list)):
        raise InputError(f"{name} must be a tuple of str, got {type(value).__name__}")
    if not all(isinstance(item, str) for item in value):
        raise InputError(f"{name} must hold only str")
    return tuple(value)
