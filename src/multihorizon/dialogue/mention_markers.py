"""Marker-led mentions (SPEC-028 §4.1): each lexicon hit of a referential kind checked against
the words around it, so that ordinary English ("that is fine", "the first sign of it", "I
might do it later") is no reference. Also the phrase helpers the gated patterns share.

Every pattern here is anchored at a marker and reads a bounded window: linear in the turn.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from ..text.enumerations import LAST
from ..text.reference_phrases import LEADING_REPEATS, OPENER_REPEAT_TAIL, OPENER_REPEATS
from ..text.tokens import STOPWORDS, normalise_term
from ..tiers.scratch import KIND_WORDS
from .references import Mention
from .repeat_runs import redone
from .similar_repeats import is_similar, similar_asks

__all__ = [
    "ACTION_VERBS",
    "OF_KIND",
    "WORD",
    "WORD_RE",
    "about_terms",
    "action_mention",
    "choice_mention",
    "clause_head",
    "demonstrative_mention",
    "ordinal_mention",
    "phrase_terms",
    "tool_kind",
    "tool_mention",
    "turn_mention",
    "word_before",
]


def _wordlist(spaced: str) -> tuple[str, ...]:
    """A word list written as prose-like text (one literal instead of hundreds of quotes)."""
    return tuple(spaced.split())


def _wordset(spaced: str) -> frozenset[str]:
    return frozenset(spaced.split())


# ---------------------------------------------------------------------------------------------
# Word lists. Each is small and exists to reject an ordinary-English reading of a marker.

# Words that, right after "that/this/those/these", show the demonstrative is a pronoun or a
# conjunction, not a determiner: "that is", "this seems", "that they ...".
_NOT_HEADS = STOPWORDS | _wordset("""
    i you he she it we they me him her us them its their our sounds sound sounded seems seem
    seemed looks look looked works work worked makes made means helps helped happens happened
    happen depends depend matters mattered feels felt gets goes went comes came takes took
    gives gave did does done being be been isn't wasn't doesn't didn't won't can't couldn't
    shouldn't wouldn't aren't weren't hasn't haven't hadn't also just really actually even
    still already probably definitely basically exactly right wrong true false good great
    fine nice cool interesting awesome correct possible better worse best worst easy hard
    too very quite pretty enough much time times day days moment case point reason sense
    extent end regard respect matter fact stage morning evening night week month year weekend
    afternoon today tomorrow yesterday stuff part though although anyway tho lol haha please
    yet either neither instead together
    """)

# Verbs after which "that" opens a clause ("I heard that users ..."), so it is no demonstrative.
_CLAUSE_VERBS = _wordset("""
    think thought heard hear said say says know knew believe believed understand understood
    mean meant realize realise realized realised noticed notice feel felt hope guess suppose
    assume assumed seems seem sure mentioned mention read learned learnt found show shows
    showed ensure claim claims claimed argue argued suggest suggests suggested worried aware
    remember recall see saw agree decided wish expect expected predict clear obvious surprised
    glad afraid confident reported reports note noted means indicates states told tells
    convinced doubt imagine figured discovered proves proved verify check confirm confirmed
    """)

# After these, "that/this" is usually the subject of a question: "did that help?", "would
# this work?". Then a lone following word is the verb, not a noun head.
_AUXILIARIES = _wordset(
    "did does do would will can could should might may must shall wouldn't won't can't "
    "couldn't didn't doesn't don't is isn't was wasn't isn\u2019t wasn\u2019t"
)

# Nouns naming tool output: "those logs", "this traceback" are tool references (SPEC-028 §4.1
# Tier E reference), not entities.
_OUTPUT_NOUNS = _wordset(
    "result results output outputs response responses log logs traceback tracebacks error "
    "errors table tables"
)

# Nouns that name an enumerated item: "the second option", "the last approach".
_ITEM_NOUNS = _wordset("""
    one ones option options choice choices item items point points step steps approach
    approaches method methods way ways solution solutions suggestion suggestions idea ideas
    alternative alternatives example examples recommendation recommendations version versions
    variant variants bullet entry entries thing things tip tips strategy strategies proposal
    proposals design designs plan plans library libraries tool tools framework frameworks
    candidate candidates type types kind kinds model models link links source sources reason
    reasons part parts section sections snippet snippets fix fixes answer answers pick
    """)

# Words that may follow a bare ordinal when it is a reference: "the second is better",
# "the former sounds right", "the first or the second".
_ORDINAL_FOLLOWERS = _wordset(
    "is was sounds seems looks works would will could should might has have and or but vs "
    "versus please then instead"
)

_ORDINAL_WORDS: Mapping[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5,
    "6th": 6, "7th": 7, "8th": 8, "9th": 9, "10th": 10, "last": LAST, "latter": LAST,
    "former": 1, "final": LAST,
}  # fmt: skip

# Verbs that open an actionable request ("run the tests", "write a parser"), the antecedent of
# "do it again" (SPEC-028 §4.1 action reference).
ACTION_VERBS = _wordlist(
    "run rerun write rewrite fix make show create generate try add remove delete deploy "
    "explain build update change refactor list give find convert translate summarize "
    "summarise compute calculate draw plot implement rename sort optimize optimise test check "
    "install set send draft compare search query get print format compile execute debug "
    "simplify shorten expand reformat clean merge split move copy edit replace insert append "
    "render export import load save parse validate scan analyze analyse benchmark profile "
    "train evaluate restart start stop open close call fetch download upload"
)


# ---------------------------------------------------------------------------------------------
# Precompiled patterns (compiled once at import: the hot path only runs them).

WORD = r"[^\W_](?:[\w'\u2019+#-]*[^\W_'\u2019+-])?"  # one word, keeps "c++", "pg_dump", "don't"
_NEXT_WORDS = re.compile(rf"[ \t]+({WORD})(?:[ \t]+({WORD}))?(?:[ \t]+({WORD}))?")
_NEXT_WORD = re.compile(rf"[ \t]+({WORD})")
_NEXT_CHAR = re.compile(r"[ \t]*(\S?)")
_LOOKBEHIND = 48  # characters searched for the word before a marker: bounded, never O(n)
WORD_RE = re.compile(WORD)

OF_KIND = re.compile(rf"[ \t]+of[ \t]+(?:the[ \t]+|that[ \t]+|this[ \t]+|my[ \t]+)?({WORD})")
# What a turn reference is about: "what you said about TLS", "... regarding the cache TTL".
_ABOUT = re.compile(
    r"[ \t]+(?:about|regarding|concerning|on[ \t]+the[ \t]+(?:topic|subject)[ \t]+of|"
    r"with[ \t]+respect[ \t]+to|re:?)[ \t]+([^.?!;:\n]{1,80})",
    re.IGNORECASE,
)
# The direct object of "you mentioned X" / "you recommended X".
_OBJECT = re.compile(r"[ \t]+(?:that[ \t]+)?([^.?!;:,\n]{1,60})")
_OBJECT_VERBS = _wordset(
    "mentioned suggested recommended discussed described listed explained wrote suggest "
    "recommend mention say said up out raised proposed gave noted flagged"
)
# Words ending an "about" phrase: "what you said about TLS and then ...".
_CLAUSE_END = re.compile(r"[ \t]+(?:and|but|because|so|then|which|when|if|earlier|before)\b", re.I)
# The noun phrase before "you mentioned" ("the Lancet study you mentioned").
_NP_BEFORE = re.compile(
    rf"(?s).*\b(?:the|that|this|those|these)[ \t]+((?:{WORD}[ \t]+){{0,3}}?{WORD})[ \t]+$",
    re.IGNORECASE,
)


# ---------------------------------------------------------------------------------------------
# Detection


@lru_cache(maxsize=512)
def _ordinal_of(phrase: str) -> int | None:
    """The item number a lexicon ORDINAL phrase names: "the second" -> 2, "option 3" -> 3."""
    for word in phrase.casefold().split():
        if word.isdigit():
            return int(word)
        if word in _ORDINAL_WORDS:
            return _ORDINAL_WORDS[word]
    return None


@lru_cache(maxsize=512)
def _speaker_of(phrase: str) -> str | None:
    """Whose turn a TURN_REF phrase points at: "you said" -> assistant, "I said" and "I told
    you" -> user (the subject speaks), "we discussed" -> either."""
    words = phrase.casefold().split()
    if "i" in words:
        return "user"
    if "you" in words or "your" in words or "answer" in words:
        return "assistant"
    return None


def tool_kind(words: Sequence[str]) -> str | None:
    """The output kind named by a tool reference's words (scratch.KIND_WORDS), else None."""
    for word in words:
        kind = KIND_WORDS.get(word.casefold())
        if kind is not None:
            return kind
    return None


def phrase_terms(phrase: str, limit: int = 6) -> tuple[str, ...]:
    terms: list[str] = []
    for word in WORD_RE.findall(phrase):
        folded = word.casefold()
        if folded in _NOT_HEADS:
            continue
        term = normalise_term(word)
        if len(term) >= 2 and term not in STOPWORDS and not term.isdigit() and term not in terms:
            terms.append(term)
            if len(terms) == limit:
                break
    return tuple(terms)


def demonstrative_mention(text: str, start: int, end: int) -> Mention | None:
    """SPEC-028 §4.1 entity reference: "that bug", "these languages" -> the noun phrase terms.

    Not a reference when the demonstrative is a pronoun ("that is fine", "this seems right"),
    a clause opener ("I heard that users ..."), or a subject before a verb ("did that help?").
    """
    demonstrative = text[start:end].casefold()
    following = _NEXT_WORDS.match(text, end)
    if following is None:
        return None
    words = [word for word in following.groups() if word is not None]
    first = words[0].casefold()
    base = 1  # the group of the noun phrase's first word
    if first.isdigit() and len(words) > 1 and demonstrative != "the same":
        # "those 600 litres", "these 48 million reads": the noun follows the count.
        base, words = 2, words[1:]
        first = words[0].casefold()
    if demonstrative == "the same":
        # "the same" is an entity only in "the same error/output" (a tool reference); "at the
        # same time", "share the same name" are ordinary English.
        if first in _OUTPUT_NOUNS:
            end = following.end(1)
            return Mention("tool", text[start:end], start, end, kind=tool_kind([first]))
        return None
    if first in _NOT_HEADS or first.endswith("ly") or not first[0].isalpha():
        return None
    if first.endswith(("'s", "\u2019s")) and first[:-2] in _NOT_HEADS:
        return None  # "this one's reminding me": "this one is"
    singular = demonstrative in ("that", "this")
    if singular and (_looks_like_verb(first) or first in _IRREGULAR_PLURALS):
        # "this changes", "that helped": the demonstrative is the subject; "that people are",
        # "that women were": a singular determiner never takes a plural noun, so "that"
        # opens a clause here.
        return None
    before = word_before(text, start)
    if demonstrative == "that" and _opens_clause(before, first):
        return None
    if before in _AUXILIARIES:
        second = words[1].casefold() if len(words) > 1 else ""
        if before in _COPULAS:
            # "isn't that speed?": a predicate noun after a pronoun subject.
            if not second and not _more_follows(text, following.end()):
                return None
        elif not second or second in _NOT_HEADS:
            # "did that help?", "will this cost me": a verb after the subject.
            return None
    # The noun phrase: the first word plus following content words, up to the first function
    # word or verb-looking word. Resolution leans on the first noun ("this tradition start?"
    # keeps "tradition" first), so later words only refine it.
    phrase_end = following.end(base)
    taken = [words[0]]
    for position in range(base + 1, 4):
        word = following.group(position)
        if word is None:
            break
        folded = word.casefold()
        if folded in _NOT_HEADS or folded.endswith("ly") or _looks_like_verb(folded):
            break
        taken.append(word)
        phrase_end = following.end(position)
    if any(word.casefold() in _OUTPUT_NOUNS for word in taken):
        # "those logs", "this traceback": a Tier E reference.
        return Mention("tool", text[start:phrase_end], start, phrase_end, kind=tool_kind(taken))
    # Generic adjectives ("this new approach") name nothing to look up.
    terms = tuple(
        dict.fromkeys(normalise_term(word) for word in taken if word.casefold() not in _ADJECTIVES)
    )
    terms = tuple(term for term in terms if len(term) >= 2 and term not in STOPWORDS)
    if not terms:
        return None
    return Mention("entity", text[start:phrase_end], start, phrase_end, terms=terms)


def choice_mention(text: str, start: int, end: int) -> Mention | None:
    """ "which of those was cheapest to run?", "is any of these dishwasher-safe?": a choice
    among the things a list offered, named by the rest of its clause (an ordinal mention
    without a number: the item those words pick, else the turn about them)."""
    if text[start:end].casefold() not in ("those", "these"):
        return None
    low = max(0, start - 24)
    words = text[low:start].split()
    if len(words) < 2 or words[-1].casefold() != "of":
        return None
    chooser = words[-2].casefold().strip(_EDGE_MARKS)
    if chooser not in _CHOOSERS:
        return None
    begin = low + text[low:start].rfind(words[-2].lstrip(_EDGE_MARKS))
    clause = text[end : end + 80]
    stop = min((i for i in (clause.find(m) for m in ".?!;\n") if i >= 0), default=len(clause))
    if chooser != "which" and clause[stop : stop + 1] != "?":
        return None  # "I had one of those days": only a question chooses
    terms = phrase_terms(clause[:stop], limit=4)
    return Mention("ordinal", text[begin:end], begin, end, terms=terms)


_CHOOSERS = _wordset("which one any each both either neither none all most")
_EDGE_MARKS = ",.;:!?\"'("


def word_before(text: str, start: int) -> str:
    """The case-folded word right before ``start`` ("" at the start or after punctuation)."""
    chunk = text[max(0, start - _LOOKBEHIND) : start].rstrip(" \t")
    if not chunk or not chunk[-1].isalnum():
        return ""
    words = WORD_RE.findall(chunk.rsplit(None, 1)[-1])
    return words[-1].casefold() if words else ""


def _opens_clause(before: str, first: str) -> bool:
    """True when "that" is a conjunction or relative pronoun, not a determiner."""
    if before in _CLAUSE_VERBS:
        return True  # "I heard that pregnant women ...": a that-clause
    if before in _RELATIVE_ANTECEDENTS:
        return True  # "something that helps", "moments like these that give me hope"
    if not before or before in STOPWORDS or before in _ACTION_VERB_SET:
        return False  # "fix that bug", "about that bug", "That bug again"
    if len(before) > 3 and before.endswith("s") and not before.endswith(("ss", "us", "is")):
        return True  # "things that bring us joy": a relative clause after a plural noun
    # After any other content word (likely a noun), "that" + a bare verb is a relative clause:
    # "friends that live nearby".
    return first in _BASE_VERBS


def _looks_like_verb(word: str) -> bool:
    """A crude verb test for the word after a singular demonstrative: "-s" / "-ed" forms."""
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "'s")):
        return True  # "this changes", "that works" (a singular noun does not end in -s)
    return len(word) > 4 and word.endswith("ed") and word not in _ED_NOUNS


_ADJECTIVES = _wordset("""
    new old other same different whole entire specific particular main big small little large
    huge tiny next previous original current latest final initial certain similar above
    following weird strange nasty annoying simple complex quick crazy late early long short
    bad happy sad funny silly stupid dumb beautiful lovely amazing terrible horrible huge
    """)

_COPULAS = _wordset("is isn't was wasn't isn\u2019t wasn\u2019t")
_IRREGULAR_PLURALS = _wordset("people men women children folks feet teeth mice")
_RELATIVE_ANTECEDENTS = _wordset("""
    these those something anything everything nothing someone anyone everyone nobody
    somebody anybody everybody ones stuff people things
    """)
_ACTION_VERB_SET = frozenset(ACTION_VERBS) | _wordset(
    "book reserve use see try about like into onto upon"
)
_BASE_VERBS = _wordset("""
    give bring live bother make take help go come get keep let put seem need want like love
    hate cause allow require happen lead tell say ask provide include involve affect improve
    reduce increase become remain appear belong contain depend exist matter mean
    """)

_ED_NOUNS = _wordset("speed need seed feed breed bed shed bleed embed")


def _more_follows(text: str, position: int) -> bool:
    """True when a content word follows: "does this function return ..." (a noun head)."""
    following = _NEXT_WORD.match(text, position)
    return following is not None and following.group(1).casefold() not in _NOT_HEADS


def ordinal_mention(text: str, phrase: str, start: int, end: int) -> Mention | None:
    """SPEC-028 §4.1 ordinal reference: "the second option", "option 3", "the latter".

    A bare ordinal counts only where it stands for an item: followed by an item noun ("the
    second approach"), by punctuation or the end ("what about the second?"), or by a verb
    ("the first is better"). "The first sign of it", "the former CEO" are not references.
    """
    number = _ordinal_of(phrase)
    if number is None:
        return None
    words = phrase.casefold().split()
    if words[-1] in _ITEM_NOUNS or words[0] in _ITEM_NOUNS or words[0] == "number":
        return Mention("ordinal", text[start:end], start, end, ordinal=number)
    # "on the 4th", "March 1st": a date unless an item noun follows ("the 2nd option").
    numeric = words[-1][0].isdigit()
    following = _NEXT_WORD.match(text, end)
    if following is None:
        char = _NEXT_CHAR.match(text, end)
        bare_end = char is not None and (char.group(1) == "" or not char.group(1).isalnum())
        if bare_end and not numeric:
            return Mention("ordinal", text[start:end], start, end, ordinal=number)
        return None
    noun = following.group(1)
    word = noun.casefold()
    if word in _ITEM_NOUNS:
        if noun[0].isupper() and word_before(text, start):
            return None  # "Close Encounters of the Third Kind": a title, mid-sentence
        return Mention(
            "ordinal", text[start : following.end(1)], start, following.end(1), ordinal=number
        )
    if numeric:
        return None
    if word in _ORDINAL_FOLLOWERS or (word == "of" and _of_list(text, following.end())):
        return Mention("ordinal", text[start:end], start, end, ordinal=number)
    return None


_OF_LIST = re.compile(r"[ \t]+(?:those|these|them|the[ \t]+\w+|your|the[ \t]+two|the[ \t]+three)")


def _of_list(text: str, position: int) -> bool:
    return _OF_LIST.match(text, position) is not None


def turn_mention(text: str, phrase: str, start: int, end: int) -> Mention | None:
    """SPEC-028 §4.1 turn reference: "what you said earlier", "what you said about TLS"."""
    folded = phrase.casefold()
    if folded in _BARE_TURN_WORDS:
        # "above 50%", "earlier versions": a comparison or an adjective, not a reference.
        following = _NEXT_WORD.match(text, end)
        if following is not None:
            word = following.group(1).casefold()
            if word not in _NOT_HEADS or word[0].isdigit():
                return None
        char = _NEXT_CHAR.match(text, end)
        if char is not None and char.group(1)[:1].isdigit():
            return None
        # "I was playing it earlier", "did you have long hair previously?": a time adverb.
        # It points at a turn only with a speech act in its clause ("the event you found
        # earlier", "the steps listed above").
        clause = text[max(0, start - 60) : start]
        stop = _GAP_STOP_LAST.search(clause)
        if stop is not None:
            clause = clause[stop.end() :]
        if _SPEECH_CONTEXT.search(clause) is None:
            return None
    elif folded == "your point" and _POINT_OF_VIEW.match(text, end) is not None:
        return None  # "from your point of view"
    return Mention(
        "turn",
        text[start:end],
        start,
        end,
        terms=about_terms(text, start, end, folded),
        speaker=_speaker_of(phrase),
    )


_BARE_TURN_WORDS = frozenset(("above", "earlier", "previously"))
_GAP_STOP_LAST = re.compile(r".*[.?!;\n]", re.DOTALL)
_SPEECH_CONTEXT = re.compile(
    r"\b(?:you|your|we|us|mentioned|said|discussed|talked|listed|described|explained|"
    r"suggested|recommended|wrote|written|shown|showed|given|gave|asked|told|see|noted|"
    r"outlined|provided|shared|code|steps?|example|answer|list|message|reply)\b",
    re.IGNORECASE,
)
_POINT_OF_VIEW = re.compile(r"[ \t]+of[ \t]+view\b", re.IGNORECASE)


def about_terms(text: str, start: int, end: int, phrase: str) -> tuple[str, ...]:
    """What a turn reference is about: "... about TLS", "you mentioned rain gardens", "the
    Lancet study you mentioned"."""
    about = _ABOUT.match(text, end)
    if about is not None:
        return phrase_terms(clause_head(about.group(1)))
    if phrase.split()[-1] in _OBJECT_VERBS:
        obj = _OBJECT.match(text, end)
        if obj is not None:
            terms = phrase_terms(clause_head(obj.group(1)), limit=4)
            if terms:
                return terms
        before = _NP_BEFORE.match(text, max(0, start - 80), start)
        if before is not None:
            return phrase_terms(before.group(1), limit=4)
    if phrase.startswith("did you"):
        return asked_terms(text, start)
    return ()


def asked_terms(text: str, start: int) -> tuple[str, ...]:
    """What a question about something said asks after: the words between its wh-word and
    "did you ..." ("What wattage heater did you suggest?" -> wattage, heater; "What length
    of paddle did you say?" -> length, paddle). One split of the clause before the phrase."""
    clause = text[max(0, start - 80) : start]
    cut = max(clause.rfind(mark) for mark in ".?!;:\n")
    words = clause[cut + 1 :].split()
    opener = next((i for i, word in enumerate(words) if word.casefold() in _ASKING_WORDS), -1)
    if opener < 0:
        return ()
    return phrase_terms(" ".join(words[opener + 1 :]), limit=4)


_ASKING_WORDS = _wordset("what which whose")


def clause_head(fragment: str) -> str:
    stop = _CLAUSE_END.search(fragment)
    return fragment[: stop.start()] if stop is not None else fragment


def tool_mention(text: str, start: int, end: int) -> Mention | None:
    """SPEC-028 §4.1 Tier E reference: "the query result", "that API response".

    The kind comes from the words of the phrase, a demonstrative-led modifier just before it
    ("that API response"), or an "of" phrase after it ("the output of the build").
    """
    words = WORD_RE.findall(text, start, end)
    if words[-1].casefold() == "table" and word_before(text, start) not in _TABLE_VERBS:
        return None  # "book the table for two": furniture, not a query result
    kind = tool_kind(words)
    if kind is None and [w.casefold() for w in words[:1]] in (["those"], ["these"]):
        kind = "rows"  # SPEC-029 §7: "those results" -> the latest multi-row entry
    if kind is None:
        of = OF_KIND.match(text, end)
        if of is not None:
            kind = tool_kind([of.group(1)])
            if kind is None and words[-1].casefold() in _GENERIC_OUTPUTS:
                return None  # "the results of the election": ordinary English
    return Mention("tool", text[start:end], start, end, kind=kind)


# "the table" is a query result only after a verb or preposition that reads data.
_TABLE_VERBS = _wordset("""
    show print display see in from sort filter read check use export format render summarize
    summarise explain plot query look at into update describe parse
    """)

# Output words that, followed by "of <something that is no tool>", are ordinary English.
_GENERIC_OUTPUTS = _wordset("result results data response table returned")


def action_mention(text: str, phrase: str, start: int, end: int) -> Mention | None:
    """SPEC-028 §4.1 action reference: "do it again but faster", "same thing for staging".

    The bare phrases ("do it", "do that", "same thing") are a request to repeat only when
    addressed to the assistant: "I might do it later", "how did you manage to do that?",
    "I was going to say the same thing" describe the speaker's own doing.
    """
    folded = phrase.casefold()
    if is_similar(folded) and not similar_asks(text, start, end):
        return None  # "I wrote a similar one last year" asks for nothing (similar-repeats)
    if folded in OPENER_REPEATS and not _opens_short_turn(text, start, end):
        return None  # "now in the logs I see an error": no repeat request
    if folded in LEADING_REPEATS and word_before(text, start) not in ("", *_OPENER_ACKS):
        return None  # "I tried once more but it still reads salesy": the user's own doing
    if folded in _VARIATION_ACTIONS:
        # "same for me", "same with us": agreement, not a request to repeat.
        following = _NEXT_WORD.match(text, end)
        if following is not None and following.group(1).casefold() in _AGREEING:
            return None
        # "now for X" asks again only as a bare turn opener: "now for the hard part" does not.
        if (
            folded in ("now for", "now do")
            and following is not None
            and (word_before(text, start) or following.group(1).casefold() in STOPWORDS)
        ):
            # "now do the staging deploy again": its object up to the "again" (object-repeats)
            if folded == "now do" and (until := redone(word_before(text, start), text, end)) > 0:
                return Mention("action", text[start:until], start, until)
            return None
    if folded in _BARE_ACTIONS:
        before = word_before(text, start)
        if before in _SELF_SUBJECTS:
            return None
        clause = text[max(0, start - 40) : start]
        stop = _GAP_STOP_LAST.search(clause)
        if stop is not None:
            clause = clause[stop.end() :]
        if _SELF_CLAUSE.search(clause) is not None and _YOU.search(clause) is None:
            return None  # "I can do that", "I will go ahead and do that"
        if folded == "do that" and _more_follows(text, end):
            return None  # "do that yard work": "that" is a determiner of the object
        if folded == "same thing" and _ACTION_TAIL.match(text, end) is None:
            # "the same thing for staging" asks; "do the same thing" asks; "I was going to say
            # the same thing" does not.
            verb = word_before(text, start - 4) if before == "the" else before
            if verb not in ("do", "try", "run"):
                return None
    return Mention("action", text[start:end], start, end)


def _opens_short_turn(text: str, start: int, end: int) -> bool:
    """ "Now in Spanish.", "ok now in metric pls": the phrase opens the turn (after at most an
    acknowledgement), a word that is no stopword follows, and little more does."""
    if len(text) - end > OPENER_REPEAT_TAIL:
        return False
    tail = text[end:].split()
    if len(tail) > _OPENER_TAIL_WORDS or any(
        word.strip(".,;:!?").casefold() in _SELF_SUBJECTS for word in tail
    ):
        return False  # "Now in production it crashes.": a clause of its own, no repeat
    following = _NEXT_WORD.match(text, end)
    if following is None or following.group(1).casefold() in STOPWORDS:
        return False
    before = word_before(text, start)
    return not before or before in _OPENER_ACKS


_OPENER_TAIL_WORDS = 3  # "now in metric pls", "and for my sister?"
_OPENER_ACKS = _wordset("ok okay k and great good cool nice perfect thanks thx right so")
_BARE_ACTIONS = frozenset(("do it", "do that", "same thing", "do the same"))
_VARIATION_ACTIONS = frozenset(
    ("same for", "same with", "the same with", "same again", "now for", "now do", "same but")
)
_AGREEING = _wordset("me us you both here mine myself ours everyone everybody")
_SELF_SUBJECTS = _wordset("""
    i we he she they it i'll we'll i'd we'd i'm they'll he'll she'll to let's lets
    i\u2019ll we\u2019ll i\u2019d we\u2019d let\u2019s that'll that\u2019ll can't cannot
    """)
_SELF_CLAUSE = re.compile(r"\b(?:i|we|he|she|they)\b", re.IGNORECASE)
_YOU = re.compile(r"\byou\b", re.IGNORECASE)
# One run of blanks, then an optional comma with its own: "[ \t]*,?[ \t]*" backtracked over
# every split of a long run (O(n^2) for one match).
_ACTION_TAIL = re.compile(r"[ \t]*(?:,[ \t]*)?(?:but|for|with|again|on|in|to)\b", re.IGNORECASE)
