"""Rule adder-questions (SPEC-028 §5.2 EXPLORE and DRILL_DOWN, §3.3 a new thread; issue 15 item
1): right after an assistant reply, a question that opens with an add-on opener ("also", "one
more thing", "another question -", "btw", "additionally"), sets up a situation in a statement
of its own, then asks ("Also, my daughter is allergic to nuts. Do the schools handle that?",
"One more thing, the commute looks awful from there. How do people manage it?", "also I've got
jury service in March, does that change anything?"). When the turn's content words are not
the active thread's or the reply's and the statement's subject is new to the conversation, it
brings a new subject: EXPLORE and a new thread (rules new-subjects, also-subjects and
also-holdings read statements only). Otherwise it asks on the thread's subject ("Also, the
dough is very sticky. Should I add flour?", "One more thing about the boiler: ..."), and the
"also"/"more" of its opener is no request to go on: DRILL_DOWN where §5.2 read CONTINUE (so
is an opener that asks at once, "Additionally, would lighter strings help?"). Stop 40: "the"
with a possessive or two words new to the conversation brings a thing of its own ("oh and the
car's MOT is due, what do they check?"), and a question that names the thread's words asks on
it. The openers past "also"/"plus"/"oh and" ("one more thing", "while I'm at it") are
Marker.ADDER_OPENER's: the native settle hands a question on where one opens the turn
(``settle_data.adder_gates``, a positional gate; ``text.adder_words``). Stop 41 (rule
adder-situations, ``Config.adder_situations``): "one more"/"last thing"/"final thing" open
before a clause mark ("and one more: my partner wants ..."; their words are ADDER_OPENER's, the
rule reads the mark), a short closing clause asks ("..., swap it at what point?"), a one-word
statement brings a subject when the question names two new words, a name the thread used
only sets the scene ("... kindergarten in Vienna?"), and "the" + two or three new nouns before
a verb form is a thing of its own ("the kitchen tap drips"). Stop 42: a bare noun phrase before a
comma is the statement's topic (rule adder-topics, "also the ferry to the islands, is it
bookable ahead or just turn up"), a compound subject whose first word only a reply used is new
when its head is (rule adder-heads), a question's word only the replies used ties it to nothing
when it names a new word too (rule adder-reply-words), and the opener's own words share nothing
(rule adder-opener-terms).

One pass over at most ``ADDER_TOKENS`` tokens of the turn (a relative clause's end is looked
for within them); str methods and set tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.adder_words import (
    ADDER_ASKS,
    ADDER_CLAUSE_MARKS,
    ADDER_CLAUSE_OPENERS,
    ADDER_COMPARES,
    ADDER_DEFINITES,
    ADDER_EVENTS,
    ADDER_FILLERS,
    ADDER_GENERIC,
    ADDER_JOINS,
    ADDER_LEADS,
    ADDER_LINKS,
    ADDER_OPENERS,
    ADDER_OPENING_CHARS,
    ADDER_POINTERS,
    ADDER_RELATIVES,
    ADDER_SUBJECT_LEADS,
    ADDER_TOPIC_PLACES,
    ADDER_TOPIC_STOPS,
    ADDER_TOPIC_WORDS,
    ADDER_VERBS,
)
from ..text.holding_words import HOLD_VERBS
from ..text.lexicon import Marker
from ..text.terse_words import past_form
from ..text.tokens import content_terms
from ..text.turn_text import DASHES, STATEMENT_ENDS, WORD_STRIP
from .new_subjects import SUBJECT_CHANCE_TERMS, SUBJECT_CHARS
from .terse_reports import words_shared

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = [
    "ADDED_NEW",
    "ADDED_ON",
    "ADDER_TERMS",
    "ADDER_TOKENS",
    "added_question",
    "split_added",
    "split_tail",
]

# What ``added_question`` finds: a new subject, a question on the thread's, or neither (-1).
ADDED_NEW = 1
ADDED_ON = 0
# The distinct content words the statement names at least ("also got moped test on friday":
# moped, test, friday; "also, my car, any tips?" says too little to tell).
ADDER_TERMS = 2
# The most tokens read (a statement of at most SUBJECT_CHARS characters has fewer).
ADDER_TOKENS = 90
# The fewest words of the statement between the opener and the question.
_STATEMENT_WORDS = 3
# From this many content words a turn may share two by chance, each one only the replies
# used (rule adder-reply-words; one from SUBJECT_CHANCE_TERMS).
_REPLY_CHANCE_TERMS = 6
# The most words of a closing clause that asks with no question word at its start (rule
# adder-situations: "..., swap it at what point?", "..., fix or replace?", "..., test it where?").
_TAIL_WORDS = 5
# A token ending with one of turn_text's STATEMENT_ENDS ends a clause of the statement, one of
# these a sentence; one ending with "?" ends the question (the statement read asks nothing).
_SENTENCE_ENDS = ".!;"
# Markers of a turn that goes back or points at a turn, an action or an output.
_BACK = (Marker.RESUME, Marker.TURN_REF, Marker.ACTION_REF, Marker.TOOL_REF)


def split_added(text: str, situations: bool = True) -> tuple[int, int, list[str]] | None:
    """``split_tail``'s statement without its last field."""
    split = split_tail(text, situations)
    return None if split is None else split[:3]


def split_tail(
    text: str, situations: bool = True, topics: bool = False
) -> tuple[int, int, list[str], bool] | None:
    """The statement of an added question: ``(start, end, words)`` with its words ``words[start:
    end]`` (case-folded, ``WORD_STRIP`` taken off) between an opener of ``ADDER_OPENERS`` (at
    the opening, after ``ADDER_LEADS``) and the question that closes the turn: the first later
    clause that opens with a word of ``ADDER_ASKS``, else the last sentence when the turn ends
    with "?" (a word of ``ADDER_RELATIVES`` opens one only when its clause runs to a "?"; one
    of ``ADDER_JOINS`` may stand before it). ``start == end`` when the words after the opener
    ask at once ("Additionally, would ...?"); None when the turn has no such opener or the
    statement has fewer than ``_STATEMENT_WORDS`` words. With ``situations`` (rule
    adder-situations, stop 41) an opener of ``ADDER_CLAUSE_OPENERS`` before a clause mark
    opens too ("and one more: my partner ..."), and a closing clause of at most
    ``_TAIL_WORDS`` words ending the turn with "?" asks ("..., replace it at what point?"):
    the last field says so (True). With ``topics`` (rule adder-topics, stop 42) a statement
    that is a bare noun phrase before a comma or a dash (``topic_end``) ends there, whatever
    word the question after it opens with ("also the car hire at the airport, cheaper to book
    now or on arrival?")."""
    tokens, words = _tokens(text)
    start = -1
    marked = tokens if situations else None
    for lead in range(3):
        start = _past_opener(words, lead, marked)
        if start >= 0:
            if not _within_opening(text, lead):
                return None  # the native settle's gate reads no opener this far in
            break
        if lead >= len(words) or words[lead] not in ADDER_LEADS:
            return None
    while 0 <= start < len(words):
        if not words[start].strip(DASHES):
            start += 1  # a dash of its own ("another question - our car ...")
        elif (further := _past_opener(words, start, marked)) >= 0:
            start = further  # "oh and one more thing: ...", "also, btw, ..."
        else:
            break
    if start < 0 or start >= len(words):
        return None
    if words[start] in ADDER_ASKS and _asks_from(tokens, words, start):
        return start, start, words, False  # "Additionally, would lighter strings help?"
    sentence = clause = start  # where the sentence and the clause the scan is in began
    for index in range(start + 1, len(words)):
        previous = tokens[index - 1]
        if previous[-1:] == "?":
            return None  # the first question closes before any statement ended
        ended = previous[-1:] in STATEMENT_ENDS or previous in DASHES
        if previous[-1:] in _SENTENCE_ENDS:
            sentence = index
        if ended:
            clause = index
        # "..., so what can we do about it?": the question after a joining word.
        asks = index + (words[index] in ADDER_JOINS and index + 1 < len(words))
        if ended and words[asks] in ADDER_ASKS and _asks_from(tokens, words, asks):
            return (start, index, words, False) if index - start >= _STATEMENT_WORDS else None
    closes = tokens[-1][-1:] == "?"
    if closes and sentence - start >= _STATEMENT_WORDS:
        return start, sentence, words, False  # "... 12km each way. too much for a beginner?"
    if topics and (topic := topic_end(tokens, words, start)) > 0:
        return start, topic, words, False  # rule adder-topics: "also the ferry ..., ...?"
    if not closes:
        return None
    if situations and clause - start >= _STATEMENT_WORDS and len(words) - clause <= _TAIL_WORDS:
        return start, clause, words, True  # "... shows 58% health now, swap it at what point?"
    return None


def _tokens(text: str) -> tuple[list[str], list[str]]:
    """The first ``ADDER_TOKENS`` tokens of ``text``, case-folded, and their words
    (``WORD_STRIP`` taken off)."""
    tokens = text[: ADDER_TOKENS * 24].casefold().replace("\u2019", "'").split()[:ADDER_TOKENS]
    return tokens, [token.strip(WORD_STRIP) for token in tokens]


def topic_end(tokens: list[str], words: list[str], start: int) -> int:
    """Where the statement at ``words[start]`` ends when it is a bare noun phrase of a topic
    (rule adder-topics): "the", "my" or "our", then at most ``ADDER_TOPIC_WORDS`` words, none
    a verb form (``ADDER_LINKS``' but its places, ``ADDER_ASKS``', a past form, ``_verb_form``
    after a noun), a pronoun, a joining word or an irregular past (``ADDER_TOPIC_STOPS``),
    the last one closed by a comma or a dash, and words after it ("also the ferry to the
    islands, is it bookable ahead or just turn up"); -1 otherwise ("also the dough is sticky,
    normal?", "the kitchen tap drips non stop, ..." have a verb)."""
    if words[start] not in ("the", "my", "our"):
        return -1
    for index in range(start + 1, min(start + 1 + ADDER_TOPIC_WORDS, len(words) - 1)):
        word = words[index]
        if not word or word in ADDER_TOPIC_STOPS or word in ADDER_ASKS or past_form(word):
            return -1
        if word in ADDER_LINKS and word not in ADDER_TOPIC_PLACES:
            return -1
        # A verb's form after a noun ("the kitchen tap drips"), not a plural after a
        # determiner or a place ("the ferry to the islands").
        before = words[index - 1]
        noun_before = before not in ADDER_SUBJECT_LEADS and before not in ADDER_TOPIC_PLACES
        if index > start + 1 and noun_before and _verb_form(word):
            return -1
        token = tokens[index]
        # A dash of its own ends the phrase past it, where ``split_tail``'s clause starts.
        past = index + 1 + (not tokens[index + 1].strip(DASHES))
        if token[-1:] in ",:" or token[-1:] in DASHES or past > index + 1:
            return past if index - start >= 2 and past < len(words) else -1  # two words, a rest
        if token[-1:] in STATEMENT_ENDS or token[-1:] == "?":
            return -1
    return -1


def _asks_from(tokens: list[str], words: list[str], at: int) -> bool:
    """Whether the clause at ``at`` asks: a word of ``ADDER_RELATIVES`` only when the clause
    runs to a "?" or the turn's end ("my father, who lives with us, has ..." relates)."""
    if words[at] not in ADDER_RELATIVES:
        return True
    for token in tokens[at:]:
        if token[-1:] in STATEMENT_ENDS or token in DASHES:
            return token[-1:] == "?"
    return True


def _within_opening(text: str, leads: int) -> bool:
    """Whether the word after the first ``leads`` words of ``text`` starts within
    ``ADDER_OPENING_CHARS`` characters (the native settle's positional gate, ``settle_data``)."""
    rest = text[: ADDER_OPENING_CHARS + 1].lstrip()
    for _ in range(leads):
        parts = rest.split(None, 1)
        rest = parts[1] if len(parts) > 1 else ""
    return bool(rest) and len(text[: ADDER_OPENING_CHARS + 1]) - len(rest) <= ADDER_OPENING_CHARS


def _past_opener(words: list[str], at: int, tokens: list[str] | None = None) -> int:
    """Where the words past the longest opener of ``ADDER_OPENERS`` at ``at`` start, or -1;
    with ``tokens`` (the words unstripped) one of ``ADDER_CLAUSE_OPENERS`` counts too where
    its last token ends with a mark of ``ADDER_CLAUSE_MARKS`` or a dash follows it."""
    past = max(
        (at + len(form) for form in ADDER_OPENERS if tuple(words[at : at + len(form)]) == form),
        default=-1,
    )
    if tokens is None:
        return past
    for form in ADDER_CLAUSE_OPENERS:
        end = at + len(form)
        if end > past and tuple(words[at:end]) == form and _marked(tokens, end):
            past = end
    return past


def _marked(tokens: list[str], end: int) -> bool:
    """Whether a clause mark closes ``tokens[end - 1]`` ("one more:") or a dash follows it."""
    if tokens[end - 1][-1:] in ADDER_CLAUSE_MARKS:
        return True
    return end < len(tokens) and bool(tokens[end]) and not tokens[end].strip(DASHES)


def added_question(context: DialogueContext, features: TurnFeatures) -> int:
    """Whether a user question right after an assistant reply, with a thread on the table,
    is an added question (``split_added``) and brings a new subject (``ADDED_NEW``): at least
    ``ADDER_TERMS`` content words in its statement, which opens with no pointer
    (``ADDER_POINTERS``) nor a past form that reports ("also tried ..."; the verbs of having
    aside), the turn's content words none the thread or the reply used (one from
    ``SUBJECT_CHANCE_TERMS``), the statement's first one new to the conversation; or asks on
    the thread (``ADDED_ON``); -1 otherwise. In an assistant chat of two, none of ``_BACK``'s
    markers."""
    config, log, threads = context.config, context.log, context.threads
    text = features.text
    if not (config.adder_questions and features.question and len(text) <= SUBJECT_CHARS):
        return -1
    if not (context.after_a_reply() and threads.active >= 0):
        return -1
    if features.has_any(_BACK):
        return -1
    situations, topics = config.adder_situations, config.adder_topics
    split = split_tail(text, situations, topics)
    if split is None:
        return -1
    start, end, words, tail = split
    if end == start:
        return ADDED_ON  # the opener asks straight away: on the thread (also-questions' kind)
    first = words[start]
    if first == "the" and _brings_a_thing(context, words, start + 1, end, situations):
        pass  # "oh and the car's MOT is due, ...?": a thing of its own, read on
    elif first == "the" and topics and _names_a_topic(context, text, start, end):
        pass  # rule adder-topics: "also the ferry to the islands, ...?", read on
    elif first in ADDER_POINTERS or (past_form(first) and first not in HOLD_VERBS):
        return ADDED_ON  # "also it clicks now, ...", "also tried the 70g batch, ..."
    statement = [t for t in content_terms(" ".join(words[start:end])) if t not in HOLD_VERBS]
    terms = set(features.terms)
    if config.adder_opener_terms:
        # Rule adder-opener-terms: the opener's words ("one more question", "another matter")
        # name nothing of the turn's; a reply that asked "a question" shares none with it.
        terms -= set(content_terms(" ".join(words[:start])))
    # Rule adder-situations: a time or a request's word shared by chance ties the turn to
    # nothing ("our toddler refuses the car seat every single time" after "dense every time").
    shared = words_shared(context, terms - ADDER_GENERIC if situations else terms)
    # A closing clause of a few words that names no thing ("..., why mine?") has nothing to
    # tie it to the thread: its turn shares no word by chance (rule adder-situations).
    bare = tail and not _question_terms(words[end:])
    chance = int(len(terms) >= SUBJECT_CHANCE_TERMS and not bare)
    if shared > chance and config.adder_reply_words and len(terms) >= _REPLY_CHANCE_TERMS:
        # Rule adder-reply-words: a long turn may share a second word by chance when only the
        # replies used each it shares ("My wife ... works night shifts. She can ask to change
        # them?" after interview advice that asked about the shifts).
        chance += all(_said_by_replies(context, term) for term in _shared_terms(context, terms))
    if shared > chance or not statement:
        return ADDED_ON
    if situations and not ADDER_COMPARES.isdisjoint(words[start:end]):
        return ADDED_ON  # "my dad had the same model, ...": the thread's thing compared
    if len(set(statement)) < ADDER_TERMS and not (situations and _asks_anew(context, words[end:])):
        return ADDED_ON
    # The statement's subject is new to the conversation ("also the rash, it's spreading, is
    # that normal?" goes back to an earlier subject).
    if log.turns_mentioning(statement[0]) and not (
        config.adder_heads and _heads_anew(context, words, start, end)
    ):
        return ADDED_ON
    # The question asks on the thread's own thing ("Furthermore, we both work part-time. Would
    # the panel regard that as an obstacle?"): the one word chance the statement has is none
    # of the question's.
    names = _names(text, end) if situations else set()
    return ADDED_ON if _asks_on_the_thread(context, words[end:], names) else ADDED_NEW


def _pointed(words: list[str]) -> set[str]:
    """The content terms of the two words after each word of ``ADDER_DEFINITES`` ("the
    panel", "that new form"; rule adder-reply-words)."""
    found = (
        " ".join(words[index + 1 : index + 3])
        for index, word in enumerate(words)
        if word in ADDER_DEFINITES
    )
    return set(content_terms(" ".join(found)))


def _shared_terms(context: DialogueContext, terms: set[str]) -> set[str]:
    """The terms of ``terms`` the thread or the reply used, ``ADDER_GENERIC``'s aside."""
    return {term for term in terms - ADDER_GENERIC if words_shared(context, {term})}


def _said_by_replies(context: DialogueContext, term: str) -> bool:
    """Whether only assistant turns of the conversation used ``term`` (none of the user's)."""
    log = context.log
    turns = log.turns_mentioning(term)
    return bool(turns) and all(log.roles[turn] == "assistant" for turn in turns)


def _asks_on_the_thread(context: DialogueContext, words: list[str], names: set[str]) -> bool:
    """Whether the question's ``words`` name a thing of the thread (a word the thread or the
    reply used); the words of ``ADDER_GENERIC`` ("week", "fix") tie it to nothing. A place's
    or a person's name (``names``) only sets the scene when the question names at least
    ``ADDER_TERMS`` words of its own ("How I register her for kindergarten in Vienna?" after
    a flat in Vienna; rule adder-situations); "Can she work in Canada?" asks on Canada."""
    terms = {term for term in content_terms(" ".join(words)) if term not in ADDER_GENERIC}
    shared = {term for term in terms if words_shared(context, {term})}
    if names and shared <= names and len(terms - shared - ADDER_FILLERS) >= ADDER_TERMS:
        return False
    if shared and context.config.adder_reply_words:
        # Rule adder-reply-words: after a statement of a new subject, a word only the replies
        # used ties the question to nothing when it names a word new to the conversation too
        # ("... arrives in June. Which school has language courses?" after advice that named
        # the school among the places to tell of a move); one the user said ties it, and so
        # does a definite one ("Would the panel regard that as an obstacle?": the reply's
        # panel).
        fresh = terms - shared - ADDER_FILLERS
        if (
            all(_said_by_replies(context, term) for term in shared)
            and shared.isdisjoint(_pointed(words))
            and any(not context.log.turns_mentioning(term) for term in fresh)
        ):
            return False
    return bool(shared)


def _names(text: str, at: int) -> set[str]:
    """The content terms of the capitalised words of ``text``'s question, from word ``at``
    on (``split_added``'s words; its first word and "I" aside): names ("Vienna", "Leeds")."""
    tokens = text[: ADDER_TOKENS * 24].replace("\u2019", "'").split()[:ADDER_TOKENS]
    found = " ".join(
        token.strip(WORD_STRIP)
        for token in tokens[at + 1 :]
        if token[:1].isupper() and token.strip(WORD_STRIP) not in ("I", "I'm", "I've", "I'd")
    )
    return set(content_terms(found.casefold()))


def _question_terms(words: list[str]) -> set[str]:
    """The question's content words but ``ADDER_GENERIC``'s and ``ADDER_FILLERS``'."""
    terms = set(content_terms(" ".join(words)))
    return terms - ADDER_GENERIC - ADDER_FILLERS


def _asks_anew(context: DialogueContext, words: list[str]) -> bool:
    """Whether the question's ``words`` name at least ``ADDER_TERMS`` content words neither
    the thread nor the reply used (``ADDER_GENERIC``'s aside): a statement of one content
    word ("my daughter is 6.") then a question on a thing of its own ("How I register her
    for kindergarten?"; rule adder-situations). "Can I bake with it?" names one, and
    ``ADDER_FILLERS``' adverbs none."""
    terms = _question_terms(words)
    return len(terms) - words_shared(context, terms) >= ADDER_TERMS


def _brings_a_thing(
    context: DialogueContext, words: list[str], at: int, end: int, situations: bool
) -> bool:
    """Whether the noun phrase at ``words[at]`` (after "the", before ``end``) names a thing of
    its own new to the conversation: a possessive ("the car's MOT is due") or two content
    words before a word of ``ADDER_LINKS`` ("the shower drain is slow"), with ``situations``
    (rule adder-situations) also two or three before a verb's "-s" or past form ("the kitchen
    tap drips", "the car battery died", "the garden shed roof leaks"; none of the nouns such
    a form: "the loaf sinks, tastes sour" is no thing). "the dough is sticky" (one word) stays
    a part of the thread's own situation; with rule event-adders one word before a past form
    of an event ("the boiler broke", "the pipe burst") names one too, when it is new to the
    conversation as the others must be."""
    if at >= end:
        return False
    head = words[at]
    if head.endswith("'s") and len(head) > 3:
        nouns = [head[:-2]]
    elif at + 2 < end and words[at + 1] not in ADDER_LINKS and words[at + 2] in ADDER_LINKS:
        nouns = [head, words[at + 1]]
    elif situations and (size := _compound(words, at, end)):
        nouns = words[at : at + size]
    elif (
        context.config.event_adders
        and at + 1 < end
        and head not in ADDER_LINKS
        and (past_form(words[at + 1]) or words[at + 1] in ADDER_EVENTS)
    ):
        nouns = [head]  # rule event-adders: "also the boiler broke last night, what now?"
    else:
        return False
    terms = content_terms(" ".join(nouns))
    return len(terms) == len(nouns) and not any(context.log.turns_mentioning(t) for t in terms)


def _compound(words: list[str], at: int, end: int) -> int:
    """How many nouns (2 or 3) at ``words[at]`` stand before a verb form (``_verb_form`` or
    ``ADDER_LINKS``), none a link and none past the first a verb form itself (the first may
    be a plural: "the neighbours' dog barks"); 0 when none do (rule adder-situations)."""
    for size in (2, 3):
        verb = at + size
        if verb >= end or any(word in ADDER_LINKS for word in words[at:verb]):
            return 0
        if any(_verb_form(word) for word in words[at + 1 : verb]):
            return 0
        if words[verb] in ADDER_LINKS or _verb_form(words[verb]):
            return size
    return 0


def _verb_form(word: str) -> bool:
    """Whether a word after two nouns reads as their verb: a past form ("died", "broke" is
    ``ADDER_LINKS``') or a third-person "-s" form of letters ("drips", "rattles"), not a
    plural's "-ss"/"-us" nor a possessive (rule adder-situations)."""
    if past_form(word) or word in ADDER_VERBS:
        return True
    return len(word) > 3 and word.isalpha() and word[-1] == "s" and word[-2] not in "su"


def _names_a_topic(context: DialogueContext, text: str, start: int, end: int) -> bool:
    """Whether the statement at word ``start`` of ``text`` ("the" ...) is a bare noun phrase
    of a topic (``topic_end`` ends it at ``end``, ``split_tail``'s end) naming at least
    ``ADDER_TERMS`` content words, none of them the conversation's ("the ferry to the
    islands", "the car hire at the airport"; rule adder-topics). "also the starter, ..."
    names one word, and one the thread named ties the phrase to it."""
    tokens, words = _tokens(text)
    if topic_end(tokens, words, start) != end:
        return False
    terms = content_terms(" ".join(words[start + 1 : end]))
    if len(set(terms)) < ADDER_TERMS:
        return False
    return not any(context.log.turns_mentioning(term) for term in terms)


def _heads_anew(context: DialogueContext, words: list[str], start: int, end: int) -> bool:
    """Whether the statement's subject is a compound noun phrase whose first word only a
    reply used and whose head is new to the conversation (rule adder-heads): "my office chair
    creaks every time I lean back" after a reply that named the visa office is about a chair.
    The nouns stand after ``ADDER_SUBJECT_LEADS``' words and before a verb form
    (``ADDER_LINKS``' or ``_verb_form``), two or three of them; "my visa photo is blurry"
    after the user's own visa stays on it."""
    at = start
    while at < end and words[at] in ADDER_SUBJECT_LEADS:
        at += 1
    size = _compound(words, at, end)
    if not size:
        return False
    terms = content_terms(" ".join(words[at : at + size]))
    if len(terms) != size:
        return False
    log = context.log
    first, head = terms[0], terms[-1]
    if any(log.roles[turn] == "user" for turn in log.turns_mentioning(first)):
        return False
    return not log.turns_mentioning(head)
