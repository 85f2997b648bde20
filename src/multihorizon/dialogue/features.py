"""A turn's features, each read from its text once (SPEC-028 §3.1, §4.1, §5.2).

``analyse`` reads what every turn needs when the turn is planned: one marker-matcher pass,
its content words, whether it is a question or an acknowledgement, its addressing, resume and
definite-noun-phrase cues, a reply's enumeration. Cues that only some later rule asks about
(a request, an offer, a judgement, a place) are read the first time a rule asks and kept. The
turn log keeps the record beside the turn, so no rule scans an earlier turn's text twice, and
no rule needs a character cap to bound repeated scans.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from .._intent_py import CUE_ACKNOWLEDGEMENT, CUE_QUESTION
from ..text import cues, followups
from ..text.enumerations import (
    Candidates,
    Enumeration,
    enumeration_lists,
    last_items,
    lists_of,
    parse_lists,
)
from ..text.lexicon import Lexicon, Marker, default_lexicon
from ..text.quantities import adds_something, amounts
from ..text.tokens import content_terms, turn_terms
from ..text.turn_text import TurnWords, turn_words
from .intent import is_question
from .offers import offers_an_option
from .turn_cues import ASKS_FOR, OFFERS_ELSE, REQUEST, SELF_TALK, TO_LISTENER, turn_cues

__all__ = ["Hits", "TurnFeatures", "analyse", "analyse_logged", "from_scan"]

Hits = tuple[tuple[int, int, int, int], ...]  # (category, pattern, start, end) per marker hit
_T = TypeVar("_T")

_ANAPHOR = int(Marker.ANAPHOR)
_RESUME = int(Marker.RESUME)
# A follow-up is a short question: a longer turn is a topic of its own, for the pronoun chain
# and for the place a place word points to (SPEC-028 §4.2 refinements, see rules.py).
FOLLOW_UP_CHARS = 500
SHORT_TURN_CHARS = 4 * FOLLOW_UP_CHARS


def _short_turn(text: str) -> bool:
    return len(text) <= SHORT_TURN_CHARS


# Cues that only some later rule asks about, each about one kind of turn: computed the first
# time a rule asks, then kept, so a turn's text is still read at most once per cue and a turn
# no rule asks about costs nothing (an offer scan of every reply cost more than the rest of
# the turn). Name -> (which turns it applies to, the cue).
_DEFERRED: dict[str, tuple[Callable[[str, str], bool], Callable[[str], bool]]] = {
    "adds": (lambda text, role: role == "user", adds_something),
    "offers": (lambda text, role: role != "user", offers_an_option),
    "in_a_place": (lambda text, role: _short_turn(text), cues.in_a_place),
    "proper_noun": (lambda text, role: _short_turn(text), cues.proper_noun),
    "names_place": (lambda text, role: _short_turn(text), cues.names_a_place),
    "judgement": (lambda text, role: True, cues.judges_an_option),
    "recap": (lambda text, role: role == "user", cues.recaps_session),
    "takes_up_answer": (lambda text, role: role == "user", followups.takes_up_answer),
    "contrasts": (lambda text, role: role == "user", followups.contrasts_a_set),
    "bridges": (lambda text, role: role == "user", followups.bridges),
    "asks_who": (lambda text, role: role == "user", followups.asks_who),
    "substitutes": (lambda text, role: role == "user", followups.substitutes),
    "corrects": (lambda text, role: role == "user", followups.corrects),
}


@dataclass(slots=True, eq=False)
class TurnFeatures:
    """What the rules need to know about one turn's text: the cues every turn needs, read
    when the turn is analysed, and the deferred ones (properties), read the first time a rule
    asks and kept. Read-only by convention: not frozen, because a frozen dataclass's
    ``__init__`` costs several microseconds per turn on the classification hot path."""

    hits: Hits
    kinds: frozenset[int]  # the marker categories that hit
    question: bool  # a question or a request for information (``intent.is_question``)
    acknowledgement: bool  # only a backchannel ("ok thanks")
    anaphor: bool  # a pronoun that points back ("it", "its")
    short: bool  # at most FOLLOW_UP_CHARS characters
    resume_terms: tuple[str, ...]  # the words after its first resume marker ("back to etcd")
    enumeration: tuple[str, ...]  # replies: the items of their last enumeration
    text: str = field(repr=False, compare=False)
    role: str = field(repr=False, compare=False)
    _memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def has(self, marker: Marker) -> bool:
        """Whether a marker of this category hit."""
        return int(marker) in self.kinds

    def has_any(self, markers: Iterable[Marker]) -> bool:
        """Whether a marker of any of these categories hit: ``any(self.has(m) for m in
        markers)`` in one C-level pass (a ``Marker`` hashes and compares as its int; issue
        14: rules ask it on every turn)."""
        return not self.kinds.isdisjoint(markers)

    def once(self, name: str, key: object, read: Callable[[], _T]) -> _T:
        """``read()`` the first time a rule asks for ``name`` under ``key`` (the session's
        ``Config``), then kept: several stages of one turn ask the same (issue 14). Another
        key reads it afresh."""
        found = self._memo.get(name)
        if found is not None and found[0] is key:
            value: _T = found[1]
            return value
        value = read()
        self._memo[name] = (key, value)  # idempotent: racing threads store the same value
        return value

    def _cue(self, name: str) -> bool:
        found: bool | None = self._memo.get(name)
        if found is None:
            applies, cue = _DEFERRED[name]
            # Idempotent: two threads racing here store the same value.
            found = self._memo[name] = applies(self.text, self.role) and cue(self.text)
        return found

    @property
    def terms(self) -> tuple[str, ...]:
        """Distinct normalised content words, in order (a logged turn's entities)."""
        found: tuple[str, ...] | None = self._memo.get("terms")
        if found is None:
            found = self._memo["terms"] = tuple(content_terms(self.text))
        return found

    @property
    def term_set(self) -> frozenset[str]:
        """``terms`` as a set: the next user turn's rules look words up in the reply's. The
        last turn's set is kept (``_TERM_SET``), not every logged turn's: a set per turn of
        a long log would hold more than its words."""
        last = _TERM_SET[0]
        if last[0] is self:
            return last[1]
        found = frozenset(self.terms)
        _TERM_SET[0] = (self, found)  # replaced whole: a reader sees one pair or the next
        return found

    @property
    def words(self) -> TurnWords:
        """The turn's plain words, tokens and clauses (``turn_text.TurnWords``): one record
        the statement rules share, the one the classifier's text-only stage read when it
        read the same text (issue 14). Not kept in the memo: a logged turn would hold its
        tokens twice over for the rest of the session (``turn_words`` keeps the last)."""
        return turn_words(self.text)

    @property
    def definite_terms(self) -> tuple[str, ...]:
        """A user turn's words of definite noun phrases ("the song")."""
        found: tuple[str, ...] | None = self._memo.get("definite")
        if found is None:
            user = self.role == "user"
            found = self._memo["definite"] = cues.definite_terms(self.text) if user else ()
        return found

    def any_definite(self, predicate: Callable[[str], object]) -> bool:
        """Whether ``predicate`` holds for one of ``definite_terms``, reading only as far as
        the first that does when they were not read yet (the classification hot path)."""
        known: tuple[str, ...] | None = self._memo.get("definite")
        if known is not None or self.role != "user":
            return any(predicate(term) for term in self.definite_terms)
        return any(predicate(term) for term in cues.definite_words(self.text))

    @property
    def enumeration_lists(self) -> tuple[Enumeration, ...]:
        """A reply's every list with its lead (``enumeration`` is the last list's items):
        a scoped ordinal ("the second of the causes") picks one."""
        found: tuple[Enumeration, ...] | None = self._memo.get("lists")
        if found is None:
            found = ()
            if self.enumeration:
                # The parse ``analyse`` made for the items, kept until now (issue 14).
                parsed: Candidates | None = self._memo.pop("parsed", None)
                found = lists_of(self.text, parse_lists(self.text) if parsed is None else parsed)
            self._memo["lists"] = found
        return found

    @property
    def written_lists(self) -> tuple[Enumeration, ...]:
        """Every list the turn's text holds, whatever its role (a user's own list: rule
        own-lists), read once per turn rather than on every later turn that walks back."""
        found: tuple[Enumeration, ...] | None = self._memo.get("written")
        if found is None:
            found = self._memo["written"] = enumeration_lists(self.text)
        return found

    @property
    def amounts(self) -> tuple[tuple[str, float], ...]:
        """The amounts the turn states ("$449", "1.24 kg"): read the first time a comparative
        ("the cheaper one") asks (rule entity-references)."""
        found: tuple[tuple[str, float], ...] | None = self._memo.get("amounts")
        if found is None:
            found = self._memo["amounts"] = amounts(self.text)
        return found

    @property
    def persons(self) -> int:
        """A user turn's third-person pronouns, by person (``followups.HE`` ... ``IT`` bits)."""
        found: int | None = self._memo.get("persons")
        if found is None:
            user = self.role == "user"
            found = self._memo["persons"] = followups.pronoun_persons(self.text) if user else 0
        return found

    @property
    def names(self) -> tuple[str, ...]:
        """A user turn's names: words it capitalises mid-sentence, normalised as terms."""
        found: tuple[str, ...] | None = self._memo.get("names")
        if found is None:
            user = self.role == "user"
            found = self._memo["names"] = followups.new_names(self.text) if user else ()
        return found

    @property
    def opening_name(self) -> tuple[str, int, int] | None:
        """The name the turn opens by addressing ("alice: ..."), with its span."""
        if "opening" not in self._memo:
            self._memo["opening"] = cues.addressed_name(self.text)
        found: tuple[str, int, int] | None = self._memo["opening"]
        return found

    def _is_question(self) -> bool:
        """``intent.is_question`` of the text: the default lexicon's question cue, which
        ``analyse`` keeps when the turn was scanned with that lexicon."""
        found: bool | None = self._memo.get("is_question")
        if found is None:
            found = self._memo["is_question"] = is_question(self.text)
        return found

    def peer_cues(self) -> int:
        """The cue bits rule peer-detection votes with (``turn_cues``: request, asks-for
        words, "else", stance), read in one call the first time a rule asks for any."""
        found: int | None = self._memo.get("peer_cues")
        if found is None:
            found = self._memo["peer_cues"] = turn_cues(self.text, self.role == "user")
        return found

    @property
    def request(self) -> bool:
        """A user turn's actionable request ("do it again" points to it)."""
        return bool(self.peer_cues() & REQUEST)  # never set for other turns

    @property
    def asks_for(self) -> bool:
        """A user turn asks for something ("I'd like to watch a movie"), not tells: its
        words, or a question (``offers.asks_for_something``)."""
        found: bool | None = self._memo.get("asks_for")
        if found is None:
            found = self._memo["asks_for"] = self.role == "user" and bool(
                self.peer_cues() & ASKS_FOR or self._is_question()
            )
        return found

    @property
    def adds(self) -> bool:
        """A user turn adds something ("she also needs a case", "a toaster too")."""
        return self._cue("adds")

    @property
    def offers(self) -> bool:
        """A reply offers an option ("How about Alien?", "I found 3 hotels")."""
        return self._cue("offers")

    @property
    def open_offer(self) -> bool:
        """A question that closes by offering a new topic ("anything else?")."""
        found: bool | None = self._memo.get("open_offer")
        if found is None:
            # The "else" first: it is in few turns, and the question is a scan of its own.
            found = self._memo["open_offer"] = (
                bool(self.peer_cues() & OFFERS_ELSE) and self._is_question()
            )
        return found

    @property
    def in_a_place(self) -> bool:
        """A short turn puts something in a named place ("around Oakland")."""
        return self._cue("in_a_place")

    @property
    def proper_noun(self) -> bool:
        """A short turn names anything by a proper noun ("at Sony Hall")."""
        return self._cue("proper_noun")

    @property
    def names_place(self) -> bool:
        """A short turn points at a place named before ("a hotel there")."""
        return self._cue("names_place")

    @property
    def recap(self) -> bool:
        """A user turn asks for a summary of the whole session ("recap this conversation")."""
        return self._cue("recap")

    @property
    def stance(self) -> int:
        """Whom the turn talks about (``persons.stance``): +1 its speaker, -1 its listener."""
        found = self.peer_cues()
        return 1 if found & SELF_TALK else -1 if found & TO_LISTENER else 0

    @property
    def self_talk(self) -> bool:
        """A turn talks about its speaker ("my kids ..."): chat between people."""
        return self.stance > 0

    @property
    def to_listener(self) -> bool:
        """A turn talks to its listener ("would you like ...") or is a long answer."""
        return self.stance < 0

    @property
    def takes_up_answer(self) -> bool:
        """A user turn opens by taking up the answer ("Oh almonds? ...")."""
        return self._cue("takes_up_answer")

    @property
    def contrasts(self) -> bool:
        """A user turn picks from a set named before ("the two options", "which one")."""
        return self._cue("contrasts")

    @property
    def bridges(self) -> bool:
        """A user turn names a part of the topic by a bare definite ("the leader")."""
        return self._cue("bridges")

    @property
    def asks_who(self) -> bool:
        """A user turn asks who someone is ("Who was the leader?")."""
        return self._cue("asks_who")

    @property
    def substitutes(self) -> bool:
        """A user turn asks the previous question of something else ("how about X?")."""
        return self._cue("substitutes")

    @property
    def corrects(self) -> bool:
        """A user turn corrects the request before it ("I meant medicare.")."""
        return self._cue("corrects")

    @property
    def judgement(self) -> bool:
        """A turn opens by judging an option ("that sounds great")."""
        return self._cue("judgement")


# The last turn whose ``term_set`` was asked for, and the set.
_TERM_SET: list[tuple[TurnFeatures | None, frozenset[str]]] = [(None, frozenset())]


def analyse(text: str, role: str, lexicon: Lexicon) -> TurnFeatures:
    """The features of one validated turn's text (the deferred ones on first use): the marker
    hits and the question and acknowledgement cues come from one scanner pass."""
    found, _, cue_bits = lexicon.scan_turn(text)
    features = from_scan(text, role, found, cue_bits)
    if lexicon is default_lexicon():
        # The same scanner's question cue as ``intent.is_question``'s (the default lexicon,
        # every question rule on), which rules that ask whether the turn asks for something
        # read too: not scanned a second time. A lexicon with a question rule off answers
        # otherwise, and ``classify``'s ``from_scan`` keeps nothing: both read it afresh.
        features._memo["is_question"] = features.question
    return features


def analyse_logged(text: str, role: str, lexicon: Lexicon) -> TurnFeatures:
    """``analyse`` of a turn ``Session`` logs now, with what the stages read of it at once
    (issue 14). A user turn's stages read both its words and its definite words (the entity
    index, placement's vocabulary): one native call reads both. The next user turn asks
    whether a reply closed on an open offer ("anything else?": peer detection and the reply
    rules, every turn): read with the reply, not on the user's turn. (A restored turn,
    analysed when a rule first reads it, reads each only if asked.)"""
    features = analyse(text, role, lexicon)
    if role == "user":
        features._memo["terms"], features._memo["definite"] = turn_terms(text)
    else:
        features.open_offer  # noqa: B018 (kept in the memo)
    return features


def from_scan(
    text: str, role: str, found: list[tuple[int, int, int, int]], cue_bits: int
) -> TurnFeatures:
    """The features of a turn whose scanner pass (``Lexicon.scan_turn``: ``found`` hits and
    ``cue_bits``) is already done, as ``Session.classify``'s single native call does it."""
    kinds = frozenset(hit[0] for hit in found)
    resume_terms: tuple[str, ...] = ()
    if _RESUME in kinds:
        end = next(end for kind, _, _, end in found if kind == _RESUME)
        resume_terms = cues.resume_terms(text, end)
    enumeration: tuple[str, ...] = ()
    parsed: Candidates = ((), ())
    if role != "user":
        parsed = parse_lists(text)
        enumeration = last_items(parsed)
    features = TurnFeatures(
        hits=tuple(found),
        kinds=kinds,
        question=bool(cue_bits & CUE_QUESTION),
        acknowledgement=bool(cue_bits & CUE_ACKNOWLEDGEMENT),
        anaphor=_ANAPHOR in kinds,
        short=len(text) <= FOLLOW_UP_CHARS,
        resume_terms=resume_terms,
        enumeration=enumeration,
        text=text,
        role=role,
    )
    if enumeration:
        features._memo["parsed"] = parsed  # a later turn's rules may read all its lists
    return features
