"""Who speaks to whom, and what a turn does to the topic (SPEC-028 §3.3, §4.1 refinements).

Multi-party chat (``Speakers``): a turn that addresses a known speaker refers to that
speaker's latest turn; in a chat of three or more speakers a message replies to the
speaker's own exchange. Two-party dialogue: a turn that answers the question before stays
on its topic, "by the way" leaves it, and between peers a new question opens a topic. Every
rule here is in ``multihorizon.rules`` with its switch and evidence; each reads the turn's
``TurnFeatures`` and the log's feature columns, never an earlier turn's text.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..config import Config, ThreadThresholds
from ..errors import InputError
from ..text import cues
from ..text.lexicon import Marker
from .features import TurnFeatures
from .references import Reference
from .turn_cues import REQUEST, SELF_TALK, TO_LISTENER
from .turnlog import TurnLog

__all__ = [
    "PeerTally",
    "Speakers",
    "addressed_speaker",
    "answers_previous",
    "moves_on",
    "peer_carries_on",
    "peer_dialogue",
    "peer_opens",
    "reacts_only",
    "reply_to",
]


class Speakers:
    """The speakers of one session: each one's latest turn, and the latest turn that
    addressed each (case-folded names)."""

    def __init__(self) -> None:
        self.latest: dict[str, int] = {}
        self.addressed_to: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self.latest)

    def multi_party(self, config: Config) -> bool:
        """From ``config.multi_party_speakers`` speakers on, replies interleave."""
        return len(self.latest) >= config.multi_party_speakers

    def record(self, turn_id: int, speaker: str | None, addressee: str | None) -> None:
        """Commit one turn (cannot fail)."""
        if speaker is not None:
            self.latest[speaker.casefold()] = turn_id
        if addressee is not None:
            self.addressed_to[addressee] = turn_id

    def state(self) -> dict[str, Any]:
        return {"speakers": dict(self.latest), "addressed_to": dict(self.addressed_to)}

    def restore(self, state: Mapping[str, Any]) -> None:
        try:
            latest = {str(k): int(v) for k, v in state["speakers"].items()}
            addressed = {str(k): int(v) for k, v in state["addressed_to"].items()}
        except (KeyError, AttributeError, TypeError, ValueError) as exc:
            raise InputError(f"speakers state: {exc}") from None
        self.latest, self.addressed_to = latest, addressed


def addressed_speaker(
    content: str,
    features: TurnFeatures,
    speaker: str | None,
    speakers: Speakers,
    config: Config,
) -> Reference | None:
    """A turn that addresses a known speaker refers to that speaker's latest turn: chat's
    reply convention (rule speaker-addressing). Opening with the name ("alice: ...", "@alice
    ...", "alice, ...", "alice> ...") addresses; failing that, in a multi-party chat, the
    first other speaker named anywhere in the turn ("thanks alice") does, at a lower
    confidence (rule name-mentions). Two people name each other without saying which turn
    they answer (locomo recall@10 0.617 -> 0.588 when they count), so there they do not."""
    if not speakers.latest:
        return None
    own = speaker.casefold() if speaker is not None else None
    opening = features.opening_name if config.speaker_addressing else None
    if opening is not None:
        surface, start, end = opening
        name = surface.casefold()
        target = speakers.latest.get(name)
        if target is not None and name != own:
            return Reference("speaker", surface, start, end, target, confidence=0.9)
    if not config.name_mentions or not speakers.multi_party(config):
        return None
    for surface, start, end in cues.name_tokens(content):
        name = surface.casefold()
        target = speakers.latest.get(name)
        if target is not None and name != own:
            return Reference("speaker", surface, start, end, target, confidence=0.7)
    return None


def reply_to(
    resolved: Sequence[Reference],
    speaker: str | None,
    now: int,
    speakers: Speakers,
    config: Config,
) -> int:
    """The turn a multi-party chat message replies to, or -1 (rule multi-party-threads).

    Addressed ("alice: ..."): alice's latest turn. Otherwise, once three or more speakers
    have spoken (two-party chats alternate, so there it says nothing), the more recent of
    the speaker's own latest turn and the latest turn addressed to them, if it is at most
    ``config.reply_window`` turns back: people go on with their own exchange."""
    if not config.multi_party_threads:
        return -1
    for ref in resolved:
        if ref.type == "speaker" and ref.target_turn is not None:
            return ref.target_turn
    if speaker is None or not speakers.multi_party(config):
        return -1
    name = speaker.casefold()
    latest = max(speakers.latest.get(name, -1), speakers.addressed_to.get(name, -1))
    return latest if latest >= 0 and now - latest <= config.reply_window else -1


def moves_on(features: TurnFeatures, config: Config) -> bool:
    """Whether a turn says the topic moves on ("by the way"; rule question-topics)."""
    return config.question_topics and features.has(Marker.NEW_TOPIC)


def answers_previous(
    speaker: str | None,
    features: TurnFeatures,
    log: TurnLog,
    speakers: Speakers,
    config: Config,
) -> bool:
    """Whether a user turn answers the question of the turn before, asked by someone else
    (rule question-topics; not in a multi-party chat, where the turn before is often someone
    else's exchange, nor after "anything else I can help with?", which offers a new topic)."""
    if not (config.question_topics and len(log) > 0) or speakers.multi_party(config):
        return False
    before = log.features[-1]
    asker = log.speakers[-1]
    by_someone_else = log.roles[-1] != "user" or (
        speaker is not None and asker is not None and asker.casefold() != speaker.casefold()
    )
    return by_someone_else and before.question and not before.open_offer and not features.question


# Replies read, and turns looked back over to find them, by rule peer-detection.
PEER_REPLIES_READ = 8
_PEER_LOOKBACK = 4 * PEER_REPLIES_READ
_PEER_REPLIES_NEEDED = 1


def peer_dialogue(log: TurnLog, config: Config) -> bool:
    """Whether the replies come from a peer rather than an assistant (rule peer-detection).

    ``Config.peer_replies`` True or False forces it. None (the default) reads the latest
    ``PEER_REPLIES_READ`` replies and the user turns between them: people chatting talk
    about themselves ("i just got off work", "my kids") and ask about each other ("and
    you?", "what do you do for fun?"), an assistant talks to the one it serves ("would you
    like ...", "anything else I can do?"), reports what it does for them ("I found 3
    hotels", "shall I book it?", a price, a time) or answers at length, and the user asks it
    for things ("can you ...", "I'd like to ..."); peer when, from the first reply on, the
    first kind outweighs the second, in the replies alone and with the user's turns
    (``persons.stance``)."""
    if config.peer_replies is not None:
        return config.peer_replies
    tally: PeerTally | None = log.peer_tally
    if tally is None:
        tally = log.peer_tally = PeerTally()
    return tally.verdict(log)


class PeerTally:
    """``peer_dialogue``'s reading of one log, kept as turns are appended (issue 14): each
    turn's vote is read once, when the first detection after it is logged, into running
    sums, so a detection costs the same on every turn instead of a walk back over the
    window's turns.

    The reading (the reference, as a walk): from the newest turn back, at most
    ``_PEER_LOOKBACK`` turns and no further than the ``PEER_REPLIES_READ``-th newest reply
    among them, ``balance`` sums every turn's vote and ``replies`` the replies' votes; peer
    when a reply was read, ``replies > 0`` and ``balance > 0``. Rules read it under the
    session's lock (a tally is not for two threads at once)."""

    __slots__ = ("_balance", "_end", "_replies", "_reply_turns", "_start", "_verdict")

    def __init__(self) -> None:
        self._start = 0  # the first turn voted
        self._end = 0  # one past the last turn voted
        # Running sums from ``_start``: entry i covers turns _start .. _start + i - 1.
        self._balance = [0]
        self._replies = [0]
        self._reply_turns: list[int] = []  # the replies voted, oldest first
        self._verdict: bool | None = None  # for a log of ``_end`` turns

    def verdict(self, log: TurnLog) -> bool:
        """The detection for ``log`` as it is now (see the class)."""
        count = len(log)
        if count == self._end and self._verdict is not None:
            return self._verdict  # several rules ask within one turn
        lowest = max(0, count - _PEER_LOOKBACK)
        if count < self._end or self._end < lowest:
            # A log that shrank, or turns appended past the window at once (a restore): the
            # votes kept say nothing about the window; start again from it.
            self._start = self._end = lowest
            self._balance, self._replies, self._reply_turns = [0], [0], []
        elif self._end - self._start > 2 * _PEER_LOOKBACK:
            self._drop_before(lowest)  # memory bounded by the window, not the log
        balance, replies, reply_turns = self._balance, self._replies, self._reply_turns
        for index in range(self._end, count):
            # Reading a restored turn's features may raise: each turn is voted whole, and
            # ``_end`` moves with it, so a failed read leaves the sums of the turns before.
            is_reply, vote = _peer_vote(log.roles[index], log.features[index])
            balance.append(balance[-1] + vote)
            replies.append(replies[-1] + (vote if is_reply else 0))
            if is_reply:
                reply_turns.append(index)
            self._end = index + 1
        start = lowest
        read = len(reply_turns) - bisect.bisect_left(reply_turns, lowest)
        if read >= PEER_REPLIES_READ:
            read = PEER_REPLIES_READ
            start = reply_turns[-PEER_REPLIES_READ]
        first = start - self._start
        # One reply is enough to go on now that a service's first person ("I found ...",
        # "shall I ...", a price or a time) no longer reads as talking about itself (tiage
        # shift F1, odd half: 0.424 reading two replies at least, 0.443 one), and the user's
        # turns only confirm what the replies say.
        self._verdict = (
            read >= _PEER_REPLIES_NEEDED
            and replies[-1] - replies[first] > 0
            and balance[-1] - balance[first] > 0
        )
        return self._verdict

    def kept(self) -> int:
        """How many turns' votes are kept (bounded by the window, not the log)."""
        return self._end - self._start

    def _drop_before(self, turn: int) -> None:
        """Forget the votes of the turns before ``turn`` (the sums after it stay as they are,
        relative to their new first entry)."""
        cut = turn - self._start
        base_balance, base_replies = self._balance[cut], self._replies[cut]
        self._balance = [total - base_balance for total in self._balance[cut:]]
        self._replies = [total - base_replies for total in self._replies[cut:]]
        self._reply_turns = self._reply_turns[bisect.bisect_left(self._reply_turns, turn) :]
        self._start = turn


def _peer_vote(role: str, turn: TurnFeatures) -> tuple[bool, int]:
    """One turn's vote for peer dialogue, and whether it is a reply: from the turn's cue
    bits, read once (``TurnFeatures.peer_cues``: ``request``, ``self_talk`` and
    ``to_listener`` are those bits)."""
    cues = turn.peer_cues()
    talks = bool(cues & SELF_TALK)  # ``self_talk``: a stance of +1
    # In half votes: a reply's stance counts 2, a user turn's 1 (users in assistant chats
    # talk about themselves too: "my wife and I need a table"; on the even half of tiage,
    # sgd, dialseg711, shift F1 / resume accuracy / shift F1 by the user's vote: none 0.404 /
    # 0.813 / 0.657, half 0.430 / 0.792 / 0.649, full 0.437 / 0.781 / 0.639).
    if role == "user":
        # Asking for something ("can you ...", "I'd like to ...", "find me ...") other
        # than by a plain question is what one does with an assistant.
        # (``question`` first: a question's ``asks_for`` is never read.)
        if cues & REQUEST or (not turn.question and turn.asks_for):
            return False, -2
        return False, 1 if talks else 0
    # "Anything else I can help with?" is a service's line, whatever its pronouns.
    serves = turn.open_offer
    to_listener = not talks and bool(cues & TO_LISTENER)  # a stance of -1
    return True, 2 * (int(talks and not serves) - int(to_listener or serves))


def _between_peers(log: TurnLog, speakers: Speakers, config: Config) -> bool:
    """Rule peer-replies holds for this turn: a two-party chat between peers (forced, or
    detected: ``peer_dialogue``) with a turn before."""
    if config.peer_replies is False or len(log) == 0 or speakers.multi_party(config):
        return False
    return peer_dialogue(log, config)


def peer_opens(
    features: TurnFeatures,
    vector: npt.NDArray[np.float32],
    log: TurnLog,
    speakers: Speakers,
    config: Config,
    thresholds: ThreadThresholds,
) -> bool:
    """Rule peer-replies: a question after a turn that asked nothing, unlike that turn
    (cosine below ``thresholds.opening``), opens a topic, whoever asks it. Follow-ups ("and
    you?") are not exempt: between peers they also move on (tiage shift F1: 0.377 exempting
    them, 0.409 not)."""
    bar = thresholds.opening
    # The turn's own cues first: peer detection reads the latest replies, so it is asked
    # only when its answer decides (the same result; issue 14).
    return (
        bar > 0.0  # an embedder without a calibrated bar: off
        and features.question
        and len(log) > 0
        and not log.features[-1].question
        and _between_peers(log, speakers, config)
        and float(vector @ log.embeddings[-1]) < bar
    )


def peer_carries_on(
    features: TurnFeatures, log: TurnLog, speakers: Speakers, config: Config
) -> bool:
    """Rule peer-replies: between peers a topic moves by a question, so a statement that
    resembles no thread carries on the active one instead of opening a thread, on the
    user's side as on the reply's (tiage shift F1 in peer mode 0.425 -> 0.461)."""
    return not features.question and _between_peers(log, speakers, config)


# Content words that react to what was said instead of naming a topic: thanks, judgements,
# agreement and closings ("thanks for your help", "that sounds great", "no, that's all I
# needed for now"); "ve", "ll", "re", "don" are what is left of "I've", "we'll", "don't".
# Normalised forms (``tokens.normalise_term``).
REACTION_WORDS = frozenset(
    """
    thank grateful appreciate appreciated help helped helping helpful assistance aid
    service information info sound good great fine perfect cool nice awesome excellent
    wonderful lovely fantastic amazing brilliant super pretty glad happy sorry bad wow
    alright okay right correct sure nope please bye goodbye moment time today later lot
    bunch million immense enough done necessary needed everything nothing work seem
    ve ll re don
    """.split()  # noqa: SIM905
)


def reacts_only(features: TurnFeatures, log: TurnLog, speakers: Speakers, config: Config) -> bool:
    """Rule reaction-turns: every content word of the turn reacts to what was said before
    ("thanks for your help", "that sounds great", "no, that's all for now"), so it names no
    topic of its own and stays on the one it reacts to. A turn with no content word at all
    ("ok", "and you?") reacts too. Not between peers, where "cool. and you?" is how a topic
    moves on and rule peer-replies decides (tiage shift F1, odd half: 0.443 -> 0.445)."""
    return (
        config.reaction_turns
        and REACTION_WORDS.issuperset(features.terms)  # no Python frame per word
        and not _between_peers(log, speakers, config)
    )
