"""Drop-in for crprotocol's ``crp.state.horizons`` (6.2.5), backed by ``multihorizon.Session``.

``from multihorizon.crp.horizons import *`` replaces ``from crp.state.horizons import *``:
the same public names, constructor and method signatures and return types. Behind them runs
this library's SPEC-028 engine: every turn goes through a ``Session`` (threads, typed
reference resolution, the §5.2 classifier), and the answers follow SPEC-028 where crprotocol
departs from it. Each difference is listed, with its reason, in the README ("crprotocol
drop-in"); the ones a caller meets most:

- ``classify_intent`` returns SPEC-028 §5.1's five intents in lowercase ("explore",
  "drill_down", "clarify", "continue", "tool_reference"), never crprotocol's "reference";
  extra keys carry the spec intent, its §5.3 blend and the turn's references.
- ``TurnEntry.turn_id`` counts from 1 and never repeats: the list view keeps the latest
  ``max_turn_log`` turns, the session keeps them all (a dormant thread can resume, §3.3).
- ``topic_tags`` are the caller's tags plus the turn's topic thread (§3.3) as
  ``"thread:<id>"`` (its own namespace: a thread id never merges with a caller's tag), so
  ``get_turns_by_topic("thread:etcd-config")`` returns a thread's turns, also those that left
  the view.
"""

from __future__ import annotations

import enum
import math
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

from ..assembly.envelope import Envelope
from ..config import Blend
from ..dialogue.intent import Intent
from ..dialogue.references import Reference
from ..dialogue.textintent import analyse_text
from ..errors import InputError
from ..session import Session
from ._resolve import HistoryResolver

__all__ = ["ContextTier", "MultiHorizonContext", "TurnEntry"]


class ContextTier(str, enum.Enum):  # noqa: UP042 - crprotocol's str mixin, same str() and repr
    """The three context tiers of the Multi-Horizon Model (SPEC-028 §2.1)."""

    PERSISTENT = "persistent"
    CONVERSATIONAL = "conversational"
    EPHEMERAL = "ephemeral"


@dataclass
class TurnEntry:
    """One entry in the Conversational Turn Log (Tier C)."""

    turn_id: int
    role: str
    content: str
    topic_tags: list[str] = field(default_factory=list)
    referenced_turns: list[int] = field(default_factory=list)


# crprotocol's per-operation blends (its SPEC-031 STL operations) and the blend it gives any
# other name. Keys are case-folded: crprotocol accepts "retrieve" as "RETRIEVE".
_OPERATION_BLENDS: Mapping[str, tuple[float, float, float]] = {
    "RETRIEVE": (0.80, 0.15, 0.05),
    "COMPARE": (0.75, 0.20, 0.05),
    "ANALYSE": (0.70, 0.20, 0.10),
    "SYNTHESISE": (0.60, 0.30, 0.10),
    "GENERATE": (0.50, 0.40, 0.10),
    "VERIFY": (0.70, 0.10, 0.20),
    "TRANSFORM": (0.60, 0.30, 0.10),
    "PLAN": (0.60, 0.30, 0.10),
    "REVISE": (0.40, 0.50, 0.10),
}
_OTHER_OPERATION = (0.60, 0.30, 0.10)
_TIERS = ("persistent", "conversational", "ephemeral")

# A rule-based classifier has no calibrated probability; these say how direct the evidence
# was (crprotocol's are fixed per label too). A resolved reference raises its intent's score
# to the reference's own confidence (``resolution.resolve`` documents those).
_CONFIDENCE = {
    Intent.TOOL_REFERENCE: 0.85,
    Intent.CLARIFY: 0.80,
    Intent.DRILL_DOWN: 0.75,
    Intent.CONTINUE: 0.70,
    Intent.EXPLORE: 0.60,
}
_ROLES = ("user", "assistant")  # SPEC-028 §3.1: USER | ASSISTANT
THREAD_TOPIC = "thread:"  # the prefix of a thread's topic tag


def blend_dict(blend: Blend) -> dict[str, float]:
    """A §5.3 ``Blend`` as crprotocol's ``{"persistent", "conversational", "ephemeral"}``."""
    return {"persistent": blend.P, "conversational": blend.C, "ephemeral": blend.E}


@dataclass
class MultiHorizonContext:
    """Unified envelope assembler for the three context tiers (SPEC-028 §2.2).

    Attributes:
        turn_log: the latest ``max_turn_log`` turns (Tier C), a view: the ``session`` holds
            every turn, for thread resumption and reference resolution.
        max_turn_log: how many turns the view keeps.
        session: the ``multihorizon.Session`` doing the work (keyword only; a new one with the
            default ``Config()`` when not given; pass ``Session(config=Config.spec())`` for
            the spec's literal profile).
    """

    turn_log: list[TurnEntry] = field(default_factory=list)
    max_turn_log: int = 50
    _: KW_ONLY
    session: Session = field(default_factory=Session, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.max_turn_log, bool) or not isinstance(self.max_turn_log, int):
            raise InputError(f"max_turn_log: expected an int, got {self.max_turn_log!r}")
        if self.max_turn_log < 1:
            raise InputError(f"max_turn_log: must be >= 1, got {self.max_turn_log}")
        # Session turn id -> its TurnEntry (every turn, not only the view).
        self._entries: list[TurnEntry] = []
        self._next_id = 1
        self._resolver = HistoryResolver(self.session)
        #: The envelope of the latest user turn (intent, blend, thread, references, headers).
        self.last_envelope: Envelope | None = None
        # Scratch buffers whose Tier E this is: brought up to date after each turn, so their
        # entries show the turns that used them (SPEC-029 §2.1 referenced_by) and the pins.
        # (Weak references in a list: the buffers are unhashable dataclasses, like crprotocol's.)
        self._buffers: list[weakref.ref[Any]] = []
        log = self.session.turns
        for turn_id in range(len(log)):  # a session handed over with turns already in it
            references = list(map(self._entry_id, log.references[turn_id]))
            self._entries.append(
                TurnEntry(
                    self._take_id(),
                    log.roles[turn_id],
                    log.contents[turn_id],
                    [thread_topic(log.threads[turn_id])],
                    references,
                )
            )
        given, self.turn_log = list(self.turn_log), list(self._entries)
        for entry in given:
            self._replay(entry)
        self._trim()

    # ---- crprotocol's API ----------------------------------------------------------------

    def classify_intent(self, turn: str) -> dict[str, Any]:
        """The SPEC-028 §5.2 intent of a user turn, without logging it.

        Returns ``intent`` (lowercase §5.1 name) and ``confidence`` as crprotocol does, plus
        ``spec_intent`` (the §7.2 header value), ``blend`` (§5.3 weights, crprotocol's keys),
        ``cdr_novelty`` (§5.3; False when a reference resolved, §4.3) and ``references``
        (each detected expression: type, surface, the ``TurnEntry`` id it resolved to or
        None, the enumerated item, the scratch entry, confidence). With no turn logged yet
        the text is classified on its own (``multihorizon.dialogue.textintent``).
        """
        if len(self.session) == 0:
            if not isinstance(turn, str) or not turn.strip():
                raise InputError(f"turn: expected a non-empty str, got {turn!r}")
            intent, mentions = analyse_text(turn, config=self.session.config)
            references = [
                {"type": m.type, "surface": m.surface, "turn_id": None, "item": None,
                 "scratch_id": None, "confidence": 0.0}
                for m in mentions
            ]  # fmt: skip
            return self._intent_result(intent, references, resolved=False)
        intent, found = self.session.analyse(turn)
        return self._intent_result(
            intent, [self._reference_dict(ref) for ref in found], resolved=True
        )

    def resolve_reference(self, reference: str, turn_history: list[str]) -> str:
        """The prior turn ``reference`` points to, as its text from ``turn_history`` (oldest
        first), or "" when none (SPEC-028 §4.2).

        Resolution is this library's typed one (entity, turn, ordinal, action) over the
        history; a history that is this context's own latest turns is resolved in its
        session, any other is read as alternating user / assistant turns, the first by the
        user. A phrase that names something without a reference marker ("etcd") resolves to
        the latest turn mentioning most of its words; a bare pronoun ("it") to the latest turn.
        """
        if not isinstance(reference, str):
            raise InputError(f"reference: expected str, got {type(reference).__name__}")
        if not isinstance(turn_history, Sequence) or isinstance(turn_history, str):
            raise InputError(
                f"turn_history: expected a list of str, got {type(turn_history).__name__}"
            )
        for position, text in enumerate(turn_history):
            if not isinstance(text, str):
                raise InputError(
                    f"turn_history[{position}]: expected str, got {type(text).__name__}"
                )
        if not reference.strip() or not turn_history:
            return ""
        index = self._resolver.resolve(reference, list(turn_history))
        return "" if index is None else turn_history[index]

    def blend_for_operation(
        self, operation: str, weights: dict[str, float] | None = None
    ) -> dict[str, float]:
        """Per-turn tier blend as ``{"persistent", "conversational", "ephemeral"}`` summing
        to 1.0.

        ``operation``: a SPEC-028 intent (any case, e.g. ``classify_intent(...)["intent"]``)
        gets its §5.3 blend; one of crprotocol's STL operations (RETRIEVE, COMPARE, ANALYSE,
        SYNTHESISE, GENERATE, VERIFY, TRANSFORM, PLAN, REVISE) crprotocol's table; any other
        name crprotocol's default 60/30/10. CLARIFY is both: the spec's 20/75/5 wins.
        ``weights`` overrides some or all tiers, and the result is scaled to sum to 1.
        """
        if not isinstance(operation, str):
            raise InputError(f"operation: expected str, got {type(operation).__name__}")
        name = operation.upper()
        spec = self.session.config.intent_blends.get(name)
        if spec is not None:  # SPEC-028 §5.3
            base = blend_dict(spec)
        else:
            base = dict(zip(_TIERS, _OPERATION_BLENDS.get(name, _OTHER_OPERATION), strict=True))
        if weights is None:
            return base
        if not isinstance(weights, Mapping):
            raise InputError(f"weights: expected a dict, got {type(weights).__name__}")
        for tier, value in weights.items():
            if tier not in base:
                raise InputError(f"weights: unknown tier {tier!r}; use {', '.join(_TIERS)}")
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise InputError(f"weights[{tier!r}]: expected a number, got {value!r}")
            if not math.isfinite(value) or value < 0:
                raise InputError(f"weights[{tier!r}]: expected a finite weight >= 0, got {value}")
        merged = {**base, **{tier: float(value) for tier, value in weights.items()}}
        total = sum(merged.values())
        if total <= 0:
            raise InputError("weights: every tier weight is 0; nothing to blend")
        return {tier: value / total for tier, value in merged.items()}

    def add_turn(self, role: str, content: str, topic_tags: list[str] | None = None) -> TurnEntry:
        """Log a turn (a user turn runs the whole SPEC-028 turn: references, intent, thread;
        its envelope is ``last_envelope``) and return its entry. A call that raises changes
        nothing."""
        if not isinstance(role, str) or role.casefold() not in _ROLES:
            raise InputError(f"role: expected 'user' or 'assistant' (SPEC-028 §3.1), got {role!r}")
        tags = _check_tags(topic_tags)
        if role.casefold() == "user":
            envelope = self.session.user(content)
            turn_id = len(self.session) - 1
            self.last_envelope = envelope
        else:
            turn_id = self.session.assistant(content)
        return self._logged(role, turn_id, tags)

    def get_recent_turns(self, n: int = 5) -> list[TurnEntry]:
        """The last ``n`` turns of the view, oldest first."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InputError(f"n: expected an int >= 0, got {n!r}")
        return self.turn_log[-n:] if n else []

    def get_turns_by_topic(self, topic: str) -> list[TurnEntry]:
        """Every turn tagged ``topic``, oldest first: a caller's tag, or a topic thread as
        ``"thread:<id>"`` (SPEC-028 §3.3; a thread's turns come back also after they left the
        view)."""
        if not isinstance(topic, str):
            raise InputError(f"topic: expected str, got {type(topic).__name__}")
        return [entry for entry in self._entries if topic in entry.topic_tags]

    # ---- ours ------------------------------------------------------------------------------

    def attach(self, buffer: Any) -> None:
        """Keep a ``multihorizon.crp.scratch_buffer.ScratchBuffer`` built with ``context=``
        this context up to date after every turn (its constructor calls this)."""
        self._buffers = [ref for ref in self._buffers if ref() is not None]
        if all(ref() is not buffer for ref in self._buffers):
            self._buffers.append(weakref.ref(buffer))

    def entry_of(self, session_turn: int) -> TurnEntry:
        """The ``TurnEntry`` of a session turn id (0-based, as ``Reference.target_turn``)."""
        return self._entries[session_turn]

    @property
    def threads(self) -> tuple[str, ...]:
        """The topic threads so far, as topics (``"thread:<id>"``)."""
        return tuple(map(thread_topic, self.session.threads))

    # ---- internals -----------------------------------------------------------------------

    def _take_id(self) -> int:
        taken, self._next_id = self._next_id, self._next_id + 1
        return taken

    def _entry_id(self, session_turn: int) -> int:
        return self._entries[session_turn].turn_id

    def _logged(self, role: str, turn_id: int, tags: list[str]) -> TurnEntry:
        log = self.session.turns
        thread = thread_topic(log.threads[turn_id])
        entry = TurnEntry(
            turn_id=self._take_id(),
            role=role,
            content=log.contents[turn_id],
            topic_tags=[*tags, thread] if thread not in tags else tags,
            referenced_turns=list(dict.fromkeys(map(self._entry_id, log.references[turn_id]))),
        )
        self._entries.append(entry)
        self.turn_log.append(entry)
        self._trim()
        for ref in list(self._buffers):
            buffer = ref()
            if buffer is not None:
                buffer.sync()
        return entry

    def _replay(self, given: TurnEntry) -> None:
        """A turn handed to the constructor: logged in the session, keeping its id."""
        if not isinstance(given, TurnEntry):
            raise InputError(f"turn_log: expected TurnEntry items, got {type(given).__name__}")
        if given.turn_id < self._next_id:
            raise InputError(
                f"turn_log: turn ids must increase, got {given.turn_id} after {self._next_id - 1}"
            )
        self._next_id = given.turn_id
        self.add_turn(given.role, given.content, list(given.topic_tags))

    def _trim(self) -> None:
        excess = len(self.turn_log) - self.max_turn_log
        if excess > 0:
            del self.turn_log[:excess]

    def _reference_dict(self, ref: Reference) -> dict[str, Any]:
        target = ref.target_turn
        return {
            "type": ref.type,
            "surface": ref.surface,
            "turn_id": None if target is None or ref.type == "tool" else self._entry_id(target),
            "item": ref.item,
            "scratch_id": ref.scratch_entry,
            "confidence": ref.confidence,
        }

    def _intent_result(
        self, intent: Intent, references: list[dict[str, Any]], *, resolved: bool
    ) -> dict[str, Any]:
        blend = self.session.config.intent_blends[str(intent)]
        confidence = max([_CONFIDENCE[intent]] + [float(ref["confidence"]) for ref in references])
        any_resolved = resolved and any(
            ref["turn_id"] is not None or ref["scratch_id"] is not None for ref in references
        )
        return {
            "intent": str(intent).lower(),
            "confidence": round(confidence, 4),
            "spec_intent": str(intent),
            "blend": blend_dict(blend),
            # SPEC-028 §4.3: a resolved reference switches novelty off.
            "cdr_novelty": False if any_resolved else blend.cdr_novelty,
            "references": references,
        }


def thread_topic(thread_id: str) -> str:
    """The topic tag of a SPEC-028 §3.3 thread."""
    return f"{THREAD_TOPIC}{thread_id}"


def _check_tags(tags: Any) -> list[str]:
    if tags is None:
        return []
    if isinstance(tags, str) or not isinstance(tags, Sequence):
        raise InputError(f"topic_tags: expected a list of str, got {type(tags).__name__}")
    for tag in tags:
        if not isinstance(tag, str):
            raise InputError(f"topic_tags: expected str items, got {type(tag).__name__}")
    return list(tags)
