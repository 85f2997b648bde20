"""How people ask for clarification and announce topics without the canonical words
(SPEC-028 §5.2 CLARIFY, §3.3 new threads; issue 15): decisions over one turn's marker hits.

The forms are lexicon data (``text.lexicon``: ``TOPIC_OPENER``, ``NEW_TOPIC``, ``EXPLAIN``,
``OPENING_FILLERS``; ``text.topic_clause_words``: ``EXPLAIN_OBJECT_WORDS``); this module
says where in a turn they count.
Each reads only the turn's own text, near a hit: linear, no regex on the whole turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING

from ..text import cues
from ..text.follow_up_words import FOLLOW_UP_REQUEST_WORDS, TOPIC_QUESTION_OPENERS
from ..text.lexicon import (
    ACK_REQUEST_WORDS,
    ADDING_OPENERS,
    CHOICE_ASKERS,
    OPENING_FILLERS,
    QUESTION_OPENERS,
    REPORT_OBJECTS,
    REPORT_SUBJECTS,
    REQUEST_WORDS,
    SIDE_FRAGMENT_OPENERS,
    SIDE_OPENERS,
    SIDE_SKIPPED,
    SITUATION_OPENERS,
    SITUATION_WORDS,
    TERM_BREAKERS,
    TERM_ENDINGS,
    TERM_HEDGES,
    TERM_OPENERS,
    Marker,
    said_phrase,
)
from ..text.report_words import DONE_OPENERS
from ..text.term_frames import (
    FRAME_BREAKERS,
    FRAME_HEDGES,
    FRAME_OPENERS,
    FRAME_PART_ENDS,
    FRAME_PART_WORDS,
    REST_ASKS,
)
from ..text.tokens import content_terms
from ..text.topic_clause_words import (
    CLAUSE_BLOCKERS,
    CLAUSE_FOR_PERSONS,
    CLAUSE_OPENERS,
    CLAUSE_TOPIC_LINKS,
    EXPLAIN_OBJECT_WORDS,
    NOT_ANNOUNCING,
    OTHER_TOPIC_OPENERS,
)
from ..text.turn_text import CLAUSE_MARKS, WORD_STRIP, plain_words, turn_words
from .echoes import after_reaction, asks_leave_to_move_on
from .other_clauses import other_topic_clause

if TYPE_CHECKING:
    from ..config import Config
    from .features import TurnFeatures

Hits = Sequence[tuple[int, int, int, int]]  # (category, pattern, start, end) per marker hit

__all__ = [
    "SIDE_QUESTION_CHARS",
    "WORD_STRIP",
    "acked_question",
    "acknowledged_statement",
    "adding_opener",
    "announced",
    "announced_turn",
    "announces_topic",
    "asks_for_something",
    "explain_clarifies",
    "explains",
    "first_clause_end",
    "opens_with_return",
    "plain_words",
    "reports_back",
    "short_follow_up",
    "side_question",
    "term_asked",
    "term_words",
]

_NEW_TOPIC = int(Marker.NEW_TOPIC)
_TOPIC_OPENER = int(Marker.TOPIC_OPENER)
_EXPLAIN = int(Marker.EXPLAIN)
_ACK_OPENER = int(Marker.ACK_OPENER)
_CLARIFY = int(Marker.CLARIFY)
_ACTION_REF = int(Marker.ACTION_REF)
_RESUME = int(Marker.RESUME)
_KIND = itemgetter(0)  # a hit's marker category
_ANNOUNCING = frozenset((_NEW_TOPIC, _TOPIC_OPENER))
_CONTINUE = int(Marker.CONTINUE)
# A side question is short: a longer one brings context of its own, as a new topic does
# (the hand-written sets: every in-topic side question is under 64 characters).
SIDE_QUESTION_CHARS = 64
# A term asked about is a name, not a sentence (rule term-questions).
_TERM_WORDS = 3
# A term question's clause ends at a token holding a clause mark, "?" or "!" anywhere, or
# ending with "." (``first_clause_end``; a "." inside a token, "v3.5", ends nothing); the
# native settle's ``may_ask_term`` cuts the same words.
_CLAUSE_ENDS = CLAUSE_MARKS + "?!"
_QUOTES = frozenset("\"'\u2018\u201c")
# In every first word of TERM_OPENERS ("what's"; tests/test_rule_gates.py): a turn holding
# none opens with no term question.
_TERM_NEEDLES = ("what",)
# A follow-up that leans on the topic at hand names at most this many content words of its
# own (rule short-follow-ups; the tune sets: every unannounced new topic names 3 or more).
FOLLOW_UP_TERMS = 3
# A report back is short: a longer turn after "ok" says something of its own.
ACKNOWLEDGED_CHARS = 80


def announced(text: str, hits: Hits, config: Config) -> bool:
    """``announces_topic`` under ``config``'s switches (rule topic-announcements and its
    refinements announcement-clauses, asked-announcements, reaction-announcements, and
    other-topic-clauses: ``other_clauses.other_topic_clause``)."""
    if not config.topic_announcements or _ANNOUNCING.isdisjoint(map(_KIND, hits)):
        # Both readings start at a NEW_TOPIC or TOPIC_OPENER phrase: a turn with none (most)
        # needs no reaction read either (issue 14).
        return False
    if announces_topic(
        text,
        hits,
        clauses=config.announcement_clauses,
        asked=config.asked_announcements,
        reactions=config.reaction_announcements,
    ):
        return True
    reaction = after_reaction(text) if config.reaction_announcements else -1
    return config.other_topic_clauses and other_topic_clause(text, hits, reaction)


def announced_turn(features: TurnFeatures, config: Config) -> bool:
    """``announced`` of a turn's text and hits, read once per turn: the intent and the
    thread stages both ask (issue 14)."""
    return features.once(
        "announced", config, lambda: announced(features.text, features.hits, config)
    )


def announces_topic(
    text: str, hits: Hits, *, clauses: bool = False, asked: bool = False, reactions: bool = False
) -> bool:
    """Whether the turn opens by announcing a new topic (rule topic-announcements):
    "Switching topics: ...", "Off-topic question, ...", "Unrelated, but ...", "Something else:
    ...". A NEW_TOPIC phrase announces at the opening with words after it; a TOPIC_OPENER
    phrase ("something else", "another thing") only when a colon, a dash or the speaker's
    own "I wanted to ask" follows it ("do you have something else?" asks for more). With
    ``clauses`` (rule announcement-clauses) either kind also announces where it ends a short
    opening clause of its own ("Quite a different subject: ...", "Off on a tangent, but
    ...": ``_ends_opening_clause``); with ``asked`` (rule asked-announcements) where it sits
    in a request for leave that opens the turn ("Can I ask you about something else?":
    ``echoes.asks_leave_to_move_on``); with ``reactions`` (rule reaction-announcements) also
    at the opening of the sentence after a short reaction ("Ha, enough bread. Personal
    thing: ...": ``echoes.after_reaction``)."""
    if all(kind != _NEW_TOPIC and kind != _TOPIC_OPENER for kind, _, _, _ in hits):
        return False  # no phrase to announce with (most turns; issue 14)
    if reactions and (offset := after_reaction(text)) > 0:
        later = tuple((k, p, s - offset, e - offset) for k, p, s, e in hits if s >= offset)
        if announces_topic(text[offset:], later, clauses=clauses, asked=asked):
            return True
    for kind, _, start, end in hits:
        if kind != _NEW_TOPIC and kind != _TOPIC_OPENER:
            continue
        if kind == _NEW_TOPIC and _not_announcing(text[start:end]):
            continue
        if clauses and _ends_opening_clause(text, start, end):
            return True
        if asked and asks_leave_to_move_on(text, start, end):
            return True
        if kind == _TOPIC_OPENER and _clause_only(text[start:end]):
            continue  # "Different for stoneware?": these announce only as a clause's end
        if not cues.opens_turn(text, start, OPENING_FILLERS):
            continue
        if cues.words_after(text, end) < 2:
            continue
        if kind == _NEW_TOPIC or cues.announces_after(text, end):
            return True
        if _asks_after_comma(text, start, end):
            return True
    return False


# An announcing clause is short: at most this many words of its own before the opener
# ("Off on a tangent", "Something quite different") and after it ("Random one:", "Different
# kettle of fish:"), and at least this many words follow it.
_CLAUSE_WORDS_BEFORE = 2
_CLAUSE_WORDS_AFTER = 3
_CLAUSE_FOLLOWING = 3
_CLAUSE_STOPS = frozenset(",:;?.!\u2013\u2014")


def _ends_opening_clause(text: str, start: int, end: int) -> bool:
    """Whether an announcing phrase at ``start:end`` ends a short opening clause of its own
    (rule announcement-clauses): "Quite a different subject: ...", "Slight tangent: ...",
    "Off on a tangent, but can I ...", "On an unconnected note, I have ...". The clause holds
    no question or subject word before the phrase ("Is there a different route?", "I want a
    different time, ...": ``CLAUSE_BLOCKERS``), names no topic after it ("A different
    question about the sauna: ...": ``CLAUSE_TOPIC_LINKS``), and ends at a colon or dash, or
    at a comma followed by "but", a question or a situation of the speaker's. One pass over
    the turn's opening characters."""
    if start > cues.OPENING_CHARS or text[end : end + 1].isalnum():
        return False
    before = [word.strip(WORD_STRIP) for word in _folded(text[:start]).split()]
    if not CLAUSE_BLOCKERS.isdisjoint(before):
        return False
    if sum(1 for word in before if word and word not in OPENING_FILLERS) > _CLAUSE_WORDS_BEFORE:
        return False
    limit = min(len(text), end + cues.OPENING_CHARS)
    stop = end
    while stop < limit and text[stop] not in _CLAUSE_STOPS:
        if text[stop] == "-" and text[stop - 1 : stop].isspace():
            break  # "Random one - ..."
        stop += 1
    if stop >= limit:
        return False
    between = [word.strip(WORD_STRIP) for word in _folded(text[end:stop]).split()]
    if len(between) > _CLAUSE_WORDS_AFTER or _links_a_topic(between):
        return False
    following = text[stop + 1 : stop + 1 + cues.OPENING_CHARS].split()
    if len(following) < _CLAUSE_FOLLOWING:
        return False
    mark = text[stop]
    if mark in ":;-\u2013\u2014" or (mark in ".!" and not between):  # "Different thing. ..."
        return True
    if mark != ",":
        return False
    first = _folded(following[0]).strip(WORD_STRIP).split("'")[0]
    return first == "but" or first in QUESTION_OPENERS or first in SITUATION_OPENERS


def _links_a_topic(between: Sequence[str]) -> bool:
    """Whether the words after an announcing phrase tie its clause to a topic ("A different
    question about the sauna: ...": ``CLAUSE_TOPIC_LINKS``); "for" before a person names whose
    question it is ("switching subjects for my husband:", ``CLAUSE_FOR_PERSONS``)."""
    for index, word in enumerate(between):
        if word not in CLAUSE_TOPIC_LINKS:
            continue
        if word != "for" or not CLAUSE_FOR_PERSONS.intersection(between[index + 1 : index + 3]):
            return True
    return False


# The openers rule announcement-clauses brought: announcing only where they end a clause.
_CLAUSE_ONLY = frozenset(" ".join(phrase.replace("-", " ").split()) for phrase in CLAUSE_OPENERS)


def _clause_only(said: str) -> bool:
    return " ".join(_folded(said).replace("-", " ").split()) in _CLAUSE_ONLY


def _folded(text: str) -> str:
    return text.casefold().replace("\u2019", "'")


def _asks_after_comma(text: str, start: int, end: int) -> bool:
    """Whether an opener that says the topic is another one (``OTHER_TOPIC_OPENERS``) is
    followed by a comma and a question ("Another thing, how do I clean white trainers?") or a
    situation of the speaker's own ("Quick one, my printer says it's offline", "Separately, a
    client hasn't paid": ``SITUATION_OPENERS``)."""
    if said_phrase(text, start, end) not in OTHER_TOPIC_OPENERS:
        return False
    tail = text[end : end + 16].lstrip(" \t")
    if not tail.startswith(","):
        return False
    following = tail[1:].split(maxsplit=1)
    first = following[0].casefold() if following else ""
    return first in QUESTION_OPENERS or first in SITUATION_OPENERS


def explain_clarifies(text: str, hits: Hits, known: Callable[[str], object]) -> bool:
    """Whether an EXPLAIN verb in the turn asks to clarify what was said (rule
    explain-new-content): its object points back ("explain that again", "can you clarify?",
    "simplify it") or names only what the conversation already holds (``known(term)``).
    "Could you explain CSS grid to me?" names new ground: no clarification."""
    for kind, _, _, end in hits:
        if kind != _EXPLAIN:
            continue
        terms = [term for term in cues.object_terms(text, end) if term not in EXPLAIN_OBJECT_WORDS]
        if all(known(term) for term in terms):
            return True
    return False


def explains(text: str, hits: Hits, config: Config, known: Callable[[str], object]) -> bool:
    """Whether an EXPLAIN verb ("explain", "clarify") makes the turn CLARIFY: always in the
    spec's reading ("explain" is one of §5.2's CLARIFY markers); with rule
    explain-new-content, only when its object points back or names what ``known(term)``
    says the conversation holds."""
    if all(hit[0] != _EXPLAIN for hit in hits):
        return False
    return not config.explain_new_content or explain_clarifies(text, hits, known)


def acknowledged_statement(text: str, hits: Hits) -> bool:
    """Whether the turn is a short statement that opens with an acknowledgement ("OK, I
    changed it and reconnected.", "Thanks, that's helpful.", "Noted, I'll file it today."):
    it reports back on the topic at hand (rule acknowledged-statements). The caller checks
    that it is no question and asks for nothing."""
    if len(text) > ACKNOWLEDGED_CHARS:
        return False
    opener = next(
        (
            end
            for kind, _, start, end in hits
            if kind == _ACK_OPENER and cues.opens_turn(text, start, OPENING_FILLERS)
        ),
        -1,
    )
    if opener < 0:
        return False
    # One sentence ("OK, I changed it"; not "Perfect. Could you share it with Jeffrey"), and
    # no request in it ("Thanks, now can you check the weather").
    rest = text[opener:].strip()
    if any(mark in rest.rstrip(".!\u2026 ") for mark in ".!?;\n"):
        return False
    words = (word.strip(",:;.!?\"'()").replace("\u2019", "'") for word in rest.casefold().split())
    return ACK_REQUEST_WORDS.isdisjoint(words)


# Who did something to what the reply said ("We tried that, ..."; rule report-backs).
_REPORT_DOERS = frozenset(("i", "we"))
#: Every first word ``reports_back`` accepts (``kernels.IntentSettler`` reads the list).
REPORT_OPENERS = REPORT_SUBJECTS | _REPORT_DOERS | DONE_OPENERS  # and rule done-reports


def reports_back(text: str) -> bool:
    """Whether a short statement reports back on what the reply before said (rule
    report-backs): its subject points back ("They're in pots and I water them every day.",
    "It's on the hallway wall, away from radiators.") or the speaker did something to it
    ("We tried that, she just bites harder."), and it asks for nothing (``ACK_REQUEST_WORDS``).
    The caller checks that it is no question, right after an assistant's reply."""
    if len(text) > ACKNOWLEDGED_CHARS:
        return False
    words = turn_words(text).plain  # the turn's record: later rules read the same words
    if not words or not ACK_REQUEST_WORDS.isdisjoint(words):
        return False
    if words[0] in REPORT_SUBJECTS:
        return True
    return len(words) >= 3 and words[0] in _REPORT_DOERS and words[2] in REPORT_OBJECTS


def term_asked(text: str, wide: bool = False) -> tuple[str, ...]:
    """The content words of the term a short question asks the meaning of (rule
    term-questions): "What's a Soundex search?" -> (soundex, search); "What does CIRR stand
    for?" -> (cirr,); () for any other turn. The caller checks that the reply before used
    them all: "What is the best bike lock?" asks for new ground. ``wide`` (rule
    term-frames): "what means X" opens one too, and the question may stand in the turn's
    first clause when the rest asks nothing (``term_frames.REST_ASKS``: "whats a handcuff
    again, i keep seeing it")."""
    if len(text) > SIDE_QUESTION_CHARS:
        return ()
    folded = text.casefold()
    if not any(map(folded.__contains__, _TERM_NEEDLES)):  # no Python frame per needle
        return ()  # no opener's first word (most turns; issue 14)
    words = plain_words(text)
    start = next((index for index, word in enumerate(words) if word not in OPENING_FILLERS), 0)
    openers = TERM_OPENERS + FRAME_OPENERS if wide else TERM_OPENERS
    opener = next((o for o in openers if tuple(words[start : start + len(o)]) == o), None)
    if opener is None:
        return ()
    after = words[start + len(opener) :]
    if wide:
        cut = first_clause_end(text, start + len(opener))
        rest = text.casefold().split()[cut:]
        if any("?" in token for token in rest) or not REST_ASKS.isdisjoint(words[cut:]):
            return ()
        after = words[start + len(opener) : cut]
        quoted = _quoted_part(text.split()[start + len(opener) : cut], after)
        after = after if quoted is None else quoted
    hedges = TERM_HEDGES | FRAME_HEDGES if wide else TERM_HEDGES
    term = [word for word in after if word not in hedges]
    if opener[-1] == "does":  # "what does X mean?": only that form
        ending = next((e for e in TERM_ENDINGS if tuple(term[-len(e) :]) == e), None)
        if ending is None:
            return ()
        term = term[: -len(ending)]
    hedged = not hedges.isdisjoint(after) or (wide and quoted is not None)
    if term[:1] == ["the"] and not hedged:
        return ()  # "What is the NFL policy?" asks for its content
    if term[:1] in (["a"], ["an"], ["the"]):
        term = term[1:]
    if not TERM_BREAKERS.isdisjoint(term) or (wide and not FRAME_BREAKERS.isdisjoint(term)):
        return ()
    terms = tuple(content_terms(" ".join(term)))
    return terms if len(terms) <= _TERM_WORDS else ()


def _quoted_part(tokens: list[str], words: list[str]) -> list[str] | None:
    """``words`` without the part frame that ends them (``term_frames.FRAME_PART_ENDS``) when
    ``tokens`` (the same words as written) quote the term: 'what's the "not found" bit
    doing' asks what the quoted term means; "whats BBB part" asks about a part. Else None."""
    if not any(token[:1] in _QUOTES for token in tokens):
        return None
    for size in (2, 1):
        if len(words) > size and tuple(words[-size:]) in FRAME_PART_ENDS:
            return words[:-size]
    return None


def first_clause_end(text: str, start: int) -> int:
    """The index after the first word from ``start`` on (words: ``text.split()``) that ends
    a clause: one holding ",", ";", ":", "?" or "!", or ending with "." (rule term-frames;
    the native settle's ``may_ask_term`` cuts the same words). The word count if none."""
    tokens = text.split()
    for index in range(start, len(tokens)):
        token = tokens[index]
        if token.endswith(".") or any(mark in token for mark in _CLAUSE_ENDS):
            return index + 1
    return len(tokens)


def term_words() -> tuple[
    frozenset[str], tuple[tuple[str, ...], ...], frozenset[str], frozenset[str], str
]:
    """What ``term_asked`` reads, as data for the native settle of ``Session.classify``: the
    opening fillers, the term openers, hedges and breakers, and what is stripped off a word."""
    return (
        OPENING_FILLERS,
        TERM_OPENERS + FRAME_OPENERS,
        TERM_HEDGES | FRAME_HEDGES | FRAME_PART_WORDS,
        TERM_BREAKERS,
        WORD_STRIP,
    )


def asks_for_something(text: str) -> bool:
    """Whether a turn asks the assistant to do or find something (``REQUEST_WORDS``: "Can you
    find me a hotel there?"): a task of its own, not a follow-up on the reply."""
    words = (token.strip(WORD_STRIP) for token in text.casefold().replace("\u2019", "'").split())
    return not REQUEST_WORDS.isdisjoint(words)


def _not_announcing(surface: str) -> bool:
    """Whether a NEW_TOPIC phrase, as written, moves on without saying the topic changes
    (``NOT_ANNOUNCING``: "let's talk about", "another question")."""
    plain = " ".join(surface.casefold().replace("\u2019", "'").split())
    return plain in NOT_ANNOUNCING


def side_question(text: str, hits: Hits) -> bool:
    """Whether a question reads as a side question on the topic at hand (rule
    side-questions): "Is a buffet cheaper than a sit-down meal?", "Does a lighter string gauge
    help?", "And gels during the race?". Short (``SIDE_QUESTION_CHARS``), opening as side
    questions do (``SIDE_OPENERS``, not "What is X?" or "How does X work?"; or
    ``SIDE_FRAGMENT_OPENERS``), with no topic announcement, no request to explain
    something, and no situation of its own set up before it asks ("my knee hurts ..., should
    I worry?"; ``SITUATION_WORDS`` before the first question word: "Should my feet be flat?"
    asks on), and no request ("Can you find me a train?": ``REQUEST_WORDS``). The
    caller checks that it is a question in an assistant chat with a topic on the table."""
    if len(text) > SIDE_QUESTION_CHARS:
        return False
    words = _words_asking_on(text, hits)
    if words is None or not REQUEST_WORDS.isdisjoint(words):
        return False
    first = next((index for index, word in enumerate(words) if word not in SIDE_SKIPPED), 0)
    # "And gels during the race?": a fragment that carries on the topic, whatever follows.
    fragment = bool(words) and words[0] in SIDE_FRAGMENT_OPENERS
    if (
        not fragment
        and tuple(words[first : first + 1]) not in SIDE_OPENERS
        and tuple(words[first : first + 2]) not in SIDE_OPENERS
        and not _asks_for_a_choice(words, first)
    ):
        return False
    for word in words:
        if word in QUESTION_OPENERS:
            return True
        if word in SITUATION_WORDS:
            return False
    return True


def _asks_for_a_choice(words: Sequence[str], first: int) -> bool:
    """ "What paddle length should I get?": "what", one to three words, ``CHOICE_ASKERS``."""
    if words[first : first + 1] != ["what"]:
        return False
    return any(tuple(words[at : at + 2]) in CHOICE_ASKERS for at in range(first + 2, first + 5))


def opens_with_return(text: str, hits: Hits) -> bool:
    """Whether a resume marker opens the turn ("Back to the bread, ...", "OK, going back to
    the route, ..."): it announces a return, unlike "how do I get back to the hotel?" (rule
    resume-announcements)."""
    if _RESUME not in map(_KIND, hits):
        return False  # no resume marker (most turns): no Python frame per hit
    return any(
        kind == _RESUME and cues.opens_turn(text, start, OPENING_FILLERS)
        for kind, _, start, _ in hits
    )


def adding_opener(text: str, hits: Hits, *, inside: bool = False) -> Hits:
    """The CONTINUE hits that open the turn with an ``ADDING_OPENERS`` word ("Also, do I need
    winter tyres?"): in a question they add a question of their own rather than ask to go on
    (rule also-questions; the caller checks that the turn is a question), when words follow
    it ("ok and?" asks to go on; "ok. and reflexive, example please?" asks). With ``inside``
    (rule short-follow-ups) the word counts anywhere ("Should I also turn on DPD?")."""
    return tuple(
        hit
        for hit in hits
        if hit[0] == _CONTINUE
        and " ".join(_plain(text[hit[2] : hit[3]])) in ADDING_OPENERS
        and _adds_at(text, hit, inside)
    )


def acked_question(text: str, hits: Hits) -> bool:
    """Whether an adding opener that acknowledges the reply ("ok and", "OK, and") opens the
    question (rule also-questions)."""
    return any(
        " ".join(_plain(text[hit[2] : hit[3]])) in _ACKED_OPENERS
        for hit in adding_opener(text, hits)
    )


_ACKED_OPENERS = frozenset(("ok and", "okay and"))


def _adds_at(text: str, hit: tuple[int, int, int, int], inside: bool) -> bool:
    """Whether an adding opener's ``hit`` opens the turn with words after it, or (``inside``)
    stands after words of the question ("Can you pull up my alarms for me also?")."""
    if not cues.opens_turn(text, hit[2], OPENING_FILLERS):
        return inside
    return any(char.isalnum() for char in text[hit[3] : hit[3] + _AFTER_OPENER])


# How far past an adding opener a word must start for the question to add one of its own.
_AFTER_OPENER = 40


def _plain(span: str) -> list[str]:
    """The words of a short span, case-folded ("OK, and" -> ["ok", "and"])."""
    return "".join(char if char.isalnum() else " " for char in span).casefold().split()


def _words_asking_on(text: str, hits: Hits) -> list[str] | None:
    """A short question's case-folded words, or None when it announces a topic or asks to
    explain something. A TOPIC_OPENER phrase counts only where it announces ("Should I train
    grip strength separately?", "Is a quick one-pot dinner possible?" ask on)."""
    if any(
        hit[0] in (_NEW_TOPIC, _EXPLAIN)
        or (hit[0] == _TOPIC_OPENER and announces_topic(text, (hit,)))
        for hit in hits
    ):
        return None
    return plain_words(text)


def short_follow_up(
    text: str, hits: Hits, terms: Sequence[str], limit: int = FOLLOW_UP_TERMS
) -> bool:
    """Whether a question leans on the topic at hand for its meaning (rule short-follow-ups):
    short (``SIDE_QUESTION_CHARS``) and naming at most ``limit`` content words of
    its own ("How long should I warm up?", "What should I wear?"), or adding to what is on the
    table with an "also" inside it ("Should I also turn on dead peer detection?"); with no
    topic announcement, no request to explain, and no request of the assistant
    (``FOLLOW_UP_REQUEST_WORDS``: "Can you find me a hotel?"). A new topic sets itself up in
    more words ("Is it safe to give my cat tuna?"). The caller checks that it is a question
    right after a reply, in an assistant chat of two."""
    # An exclamation reacts as people chatting do ("Cool! Got any fav tunes?" between peers).
    if len(text) > SIDE_QUESTION_CHARS or "!" in text:
        return False
    words = _words_asking_on(text, hits)
    if words is None or not FOLLOW_UP_REQUEST_WORDS.isdisjoint(words):
        return False
    first = next((index for index, word in enumerate(words) if word not in SIDE_SKIPPED), 0)
    if any(tuple(words[first : first + len(o)]) == o for o in TOPIC_QUESTION_OPENERS):
        return False  # "What is quantum computing?" opens a topic of its own
    inside = set(adding_opener(text, hits, inside=True)) - set(adding_opener(text, hits))
    return len(terms) <= limit or bool(inside)
