"""A conversation: turn log, threads, thread states, scratch buffer (SPEC-028 §2-§7).

``Session.user(text)`` runs one user turn and returns its ``Envelope``; ``assistant(text)``
logs the reply; ``preview(text)`` computes an envelope without logging. A user turn runs as
stages over one ``TurnPlan`` (``_plan_turn`` reads top to bottom): features (``features``),
references (§4, ``references``, ``dialogue``), intent (§5.2, ``intent``), thread (§3.3,
``threads``), thread state (§6, ``threadstate``), Tier C retrieval (§3.2, ``conversation``),
envelope. Planning changes nothing; ``commit`` applies a plan with steps that cannot fail, so
a call that raises leaves the session exactly as it was. The assembler and the evaluation use
the public ``plan``/``commit`` pair inside ``transaction()``. One lock per session serialises
its calls; different sessions run in parallel.
"""

from __future__ import annotations

import contextlib
import dataclasses
import operator
import threading
import uuid
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from .assembly.envelope import Envelope, conversation_envelope
from .config import Config
from .dialogue import antecedents, multiparty
from .dialogue.advised_outputs import with_advised_output
from .dialogue.context import DialogueContext
from .dialogue.detection import FormsGate
from .dialogue.earlier_runs import with_named_run
from .dialogue.features import TurnFeatures, analyse, analyse_logged
from .dialogue.intent import Intent, IntentClassifier, intent_for_turn
from .dialogue.item_rules import with_item_rules
from .dialogue.output_details import with_fresh_targets, with_output_details
from .dialogue.output_questions import with_output_questions
from .dialogue.placement import thread_for_reply, thread_for_turn
from .dialogue.rare_output_tokens import with_rare_tokens
from .dialogue.references import Mention, Reference
from .dialogue.repeat_runs import without_repeat_objects
from .dialogue.resolution import Resolution, resolve_turn
from .dialogue.threads import Threads
from .dialogue.threadstate import ThreadState, title_from
from .dialogue.tool_references import match_tool_references
from .dialogue.turnlog import TurnLog
from .embed import Embedder, HashingEmbedder, normalise_embedding
from .errors import EmbeddingError, InputError, SessionClosedError, StalePlanError
from .inputs import check_name, check_speaker, check_text, utc_timestamp, valid_unicode
from .session_intent import SessionIntent
from .session_plan import TurnPlan
from .session_state import SessionState
from .text.lexicon import Lexicon, Marker, default_lexicon
from .tiers import conversation
from .tiers.scratch import ScratchBuffer, ScratchEntry

__all__ = ["Session", "TurnPlan"]


def _with_speaker(terms: tuple[str, ...], speaker: str | None) -> tuple[str, ...]:
    """A turn's entities: its content words, and its speaker's name (who said it is part of
    what the turn is about: "what did Alice say about TLS")."""
    if speaker is None:
        return terms
    name = speaker.casefold()
    return terms if name in terms else (*terms, name)


class Session(SessionState, SessionIntent):
    """One conversation (SPEC-028 §3.1 TurnLog, session-scoped); ``state``/``restore``
    (``session_state.SessionState``) give its state as plain data and take it back;
    ``classify`` (``session_intent.SessionIntent``) gives a turn's intent without logging."""

    def __init__(
        self,
        *,
        embedder: Embedder | None = None,
        config: Config | None = None,
        session_id: str | None = None,
        lexicon: Lexicon | None = None,
    ) -> None:
        self.embedder: Embedder = embedder if embedder is not None else HashingEmbedder()
        self.config = config if config is not None else Config()
        # Random, not id(self): ids of collected sessions come back.
        if session_id is not None:
            # The names the assembler and the stores accept: "name" or "tenant/name".
            if not isinstance(session_id, str):
                raise InputError(f"session_id: expected str, got {type(session_id).__name__}")
            tenant, slash, name = session_id.rpartition("/")
            if slash:
                check_name(tenant, "session_id (tenant)")
            check_name(name, "session_id")
        self.session_id = session_id or f"session-{uuid.uuid4().hex[:16]}"
        self.model_id = self.embedder.model_id
        self.dim = int(self.embedder.dim)
        self._thresholds = self.config.thresholds_for(self.model_id)
        self._lexicon = (
            lexicon
            if lexicon is not None
            else default_lexicon(
                self.config.question_forms, self.config.question_ends, self.config.ask_shapes
            )
        )
        # §5.2 in one native call per turn (issue 14).
        # The native call hashes a turn given without an embedding as HashingEmbedder does
        # (version 2: content words only); another embedder's vector is made before the call.
        self._hashes_inside = type(self.embedder) is HashingEmbedder
        self._classifier = IntentClassifier(
            self._lexicon,
            self.config,
            explore_below=self._thresholds.explore,
            dim=self.dim,
            skip_function_words=isinstance(self.embedder, HashingEmbedder)
            and self.embedder.version >= 2,
        )
        # The references stage reads the ordinal forms only where the settler's native gate
        # says a turn may hold one (issue 14).
        self._forms_gate: FormsGate = self._classifier.may_hold_forms
        self._log = TurnLog(self.dim)
        self._threads = Threads(self.dim)
        self._states: dict[int, ThreadState] = {}
        self._scratch = ScratchBuffer()
        self._speakers = multiparty.Speakers()
        self._lock = threading.RLock()
        self._closed = False
        # Which incarnation this is: a session deleted and created again under the same id
        # gets a new one, so a replica holding the old turns cannot mistake it for its own.
        self._lineage = uuid.uuid4().hex
        self._publish_view()  # what classify reads without the lock

    # ---- public API ------------------------------------------------------------------------

    def user(
        self,
        text: str,
        *,
        embedding: Any = None,
        embedding_model: str | None = None,
        timestamp: Any = None,
        speaker: str | None = None,
    ) -> Envelope:
        """Log a user turn and return its envelope. ``speaker`` names who spoke (a chat
        message's ``name``): it counts as an entity of the turn, and later turns that open by
        addressing it ("alice: ...") refer to its latest turn."""
        with self._lock:
            plan = self.plan(
                text,
                embedding=embedding,
                embedding_model=embedding_model,
                timestamp=timestamp,
                speaker=speaker,
            )
            self.commit(plan)
            return plan.envelope

    def preview(
        self,
        text: str,
        *,
        embedding: Any = None,
        embedding_model: str | None = None,
        speaker: str | None = None,
    ) -> Envelope:
        """The envelope a user turn would get, without logging it."""
        return self.plan(
            text,
            embedding=embedding,
            embedding_model=embedding_model,
            speaker=speaker,
            logging=False,
        ).envelope

    def plan(
        self,
        text: str,
        *,
        embedding: Any = None,
        embedding_model: str | None = None,
        timestamp: Any = None,
        speaker: str | None = None,
        logging: bool = True,
    ) -> TurnPlan:
        """Plan one user turn without changing anything: validation, embedding, every stage,
        the envelope. ``commit`` logs it; ``logging=False`` plans a preview (no timestamp,
        ``envelope.turn_id`` None). Plan and commit inside ``transaction()`` when another
        step (the assembler's packing) comes between them."""
        with self._lock:
            self._check_open()
            content = check_text(text)
            who = check_speaker(speaker)
            vector = self._embed(content, embedding, embedding_model)
            stamp = utc_timestamp(timestamp) if logging else ""
            return self._plan_turn(content, vector, who, stamp, logging=logging)

    def commit(self, plan: TurnPlan) -> int:
        """Log a planned user turn; returns its turn id. Raises ``StalePlanError`` (changing
        nothing) if the session changed since the plan was made."""
        with self._lock:
            self._check_open()
            if plan.turn_id != len(self._log) or plan.lineage != self._lineage:
                raise StalePlanError(
                    f"session {self.session_id!r}: the plan is for turn {plan.turn_id}, the "
                    f"session is at turn {len(self._log)}"
                )
            if plan.envelope.turn_id is None:
                raise InputError("plan: a preview (logging=False) cannot be committed")
            try:
                self._commit_user(plan)
            finally:
                self._publish_view()
            return plan.turn_id

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """Hold the session's lock: a ``plan`` and its ``commit`` inside see no other call."""
        with self._lock:
            self._check_open()
            yield

    def analyse(
        self,
        text: str,
        *,
        embedding: Any = None,
        embedding_model: str | None = None,
        speaker: str | None = None,
    ) -> tuple[Intent, tuple[Reference, ...]]:
        """``classify`` plus the turn's references (SPEC-028 §4.2, resolved or not), without
        logging it or retrieving anything."""
        with self._lock:
            self._check_open()
            content = check_text(text)
            who = check_speaker(speaker)
            vector = self._embed(content, embedding, embedding_model)
            features = self._analyse(content, "user")
            resolution = self._references(content, features, who)
            similarity = self._threads.active_similarity(vector)
            return intent_for_turn(
                self._context(), similarity, features, resolution
            ), resolution.references

    def assistant(
        self,
        text: str,
        *,
        embedding: Any = None,
        embedding_model: str | None = None,
        timestamp: Any = None,
        speaker: str | None = None,
    ) -> int:
        """Log the assistant's reply in the active thread; returns its turn id."""
        with self._lock:
            self._check_open()
            content = check_text(text)
            who = check_speaker(speaker)
            vector = self._embed(content, embedding, embedding_model)
            stamp = utc_timestamp(timestamp)
            features = analyse_logged(content, "assistant", self._lexicon)
            plan = thread_for_reply(self._context(), features, vector)
            turn_id = len(self._log)
            state = (
                ThreadState.new(plan.name, title_from(content), turn_id)
                if plan.is_new
                else self._states[plan.index]
            )
            new_state = state.update(
                "assistant", content, turn_id, limit=self.config.thread_state_limit
            )
            prepared = self._threads.prepare(plan, vector, features.terms)
            self._reserve()
            self._log.append(
                role="assistant",
                content=content,
                embedding=vector,
                timestamp=stamp,
                thread=plan.name,
                thread_index=plan.index,
                entities=_with_speaker(features.terms, who),
                speaker=who,
                features=features,
            )
            self._threads.commit(prepared, turn_id)
            self._states[plan.index] = new_state
            self._speakers.record(turn_id, who, None)
            self._publish_view()
            return turn_id

    def reply_thread(self, text: str, *, embedding: Any = None) -> str:
        """The thread ``assistant(text)`` would log this reply in (nothing is logged)."""
        with self._lock:
            self._check_open()
            content = check_text(text)
            vector = self._embed(content, embedding, None)
            return thread_for_reply(
                self._context(), self._analyse(content, "assistant"), vector
            ).name

    def features_of(self, text: str, role: str) -> TurnFeatures:
        """The features a turn of this role gets when logged (``features.analyse``)."""
        return self._analyse(check_text(text), role)

    def tool_output(
        self,
        tool: str,
        output: Any,
        *,
        kind: str | None = None,
        args: Mapping[str, Any] | None = None,
        volatility: str = "VOLATILE",
        scratch_id: str | None = None,
        ttl: float | None = None,
    ) -> ScratchEntry:
        """Record a tool result in the scratch buffer, linked to the latest turn (Tier E,
        SPEC-029): text, or any JSON-able structure (rows, an object, a number). ``args``:
        the call's arguments; ``volatility``: REALTIME, VOLATILE, STABLE or STATIC;
        ``scratch_id``, ``ttl``: the caller's own id and freshness TTL in seconds."""
        with self._lock:
            self._check_open()
            name = check_text(tool, "tool")
            if isinstance(output, str) and not output.strip():
                raise InputError("output: empty (only whitespace or nothing)")
            if isinstance(output, str):
                output = valid_unicode(output)  # it reaches the envelope as its summary
            if kind is not None:
                kind = check_text(kind, "kind")
            if args is not None and not isinstance(args, Mapping):
                raise InputError(f"args: expected a mapping, got {type(args).__name__}")
            turn_id = len(self._log) - 1
            entry = self._scratch.prepare(
                tool=name,
                output=output,
                turn_id=turn_id,
                kind=kind,
                args=args,
                volatility=volatility,
                scratch_id=scratch_id,
                ttl=ttl,
            )
            self._scratch.commit(entry)
            if turn_id >= 0:
                self._log.add_tool_call(turn_id, entry.scratch_id)
            return entry

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._publish_view()

    def restore(self, state: Mapping[str, Any]) -> None:
        """``SessionState.restore``; what ``classify`` reads without the lock follows."""
        with self._lock:
            try:
                super().restore(state)
            finally:
                self._publish_view()

    @property
    def turns(self) -> TurnLog:
        """The turn log (read it; do not change it)."""
        return self._log

    @property
    def active_thread(self) -> str:
        return self._threads.active_name

    @property
    def threads(self) -> tuple[str, ...]:
        return tuple(self._threads.names)

    def thread_state(self, thread: str | None = None) -> ThreadState | None:
        """The ThreadState of a thread (the active one by default), or None if there is none."""
        with self._lock:
            index = self._threads.active if thread is None else self._thread_index(thread)
            return self._states.get(index)

    def thread_states(self) -> tuple[ThreadState, ...]:
        """The ThreadState of every thread, in the order the threads began."""
        with self._lock:
            return tuple(self._states[index] for index in range(len(self._threads)))

    @property
    def scratch(self) -> ScratchBuffer:
        return self._scratch

    def __len__(self) -> int:
        return len(self._log)

    def __repr__(self) -> str:
        return (
            f"Session({self.session_id!r}, {len(self._log)} turns, {len(self._threads)} threads, "
            f"active={self.active_thread!r}, embedder={self.model_id!r})"
        )

    # ---- planning (no side effects) ----------------------------------------------------------

    def _check_open(self) -> None:
        if self._closed:
            raise SessionClosedError(f"session {self.session_id!r} is closed")

    def _thread_index(self, name: str) -> int:
        try:
            return self._threads.index_of(name)
        except ValueError:
            raise KeyError(f"no thread {name!r} in session {self.session_id!r}") from None

    def _check_model(self, embedding_model: str | None) -> None:
        # SPEC-024 §2.5: one embedding model per session.
        if embedding_model is not None and embedding_model != self.model_id:
            raise EmbeddingError(
                f"embedding_model: {embedding_model!r} differs from this session's model "
                f"{self.model_id!r}"
            )

    def _embed(
        self, text: str, embedding: Any, embedding_model: str | None
    ) -> npt.NDArray[np.float32]:
        self._check_model(embedding_model)
        if embedding is not None:
            return normalise_embedding(embedding, self.dim)
        vectors = np.asarray(self.embedder.embed([text]))
        if vectors.shape != (1, self.dim):
            raise EmbeddingError(
                f"embedder {self.model_id!r} returned shape {vectors.shape}, "
                f"expected (1, {self.dim})"
            )
        return normalise_embedding(vectors[0], self.dim)

    def _context(self) -> DialogueContext:
        """The state this turn's stages read: the last one made, unless a part was replaced
        since (a restore replaces parts): a frozen context's __init__ cost 2 us a turn."""
        parts: tuple[Any, ...] = (self._log, self._threads, self._speakers, self._scratch)
        parts += (self._lexicon, self.config, self._thresholds)
        made = self.__dict__.get("_made_context")
        if made is None or not all(map(operator.is_, made[0], parts)):
            made = self._made_context = (parts, DialogueContext(*parts))
        return made[1]

    def _analyse(self, content: str, role: str) -> TurnFeatures:
        return analyse(content, role, self._lexicon)

    def _plan_turn(
        self,
        content: str,
        vector: npt.NDArray[np.float32],
        who: str | None,
        stamp: str,
        *,
        logging: bool,
    ) -> TurnPlan:
        """One user turn, stage by stage."""
        turn_id = len(self._log)
        features = analyse_logged(content, "user", self._lexicon)
        resolution = self._references(content, features, who)
        context = self._context()
        intent = self._turn_intent(context, content, vector, features, resolution)
        thread = thread_for_turn(context, vector, features, intent, resolution, who)
        state = (
            ThreadState.new(thread.name, title_from(content), turn_id)
            if thread.is_new
            else self._states[thread.index]
        )
        # SPEC-028 §6; a recap of the session is no question of the thread (session-recaps).
        if not (self.config.session_recaps and features.recap):
            state = state.update("user", content, turn_id, limit=self.config.thread_state_limit)
        items = conversation.retrieve(
            self._log,
            self.config,
            vector,
            features.terms,
            [*resolution.resolved, *resolution.named],
            thread,
            resolution.reply_to,
        )
        earlier: tuple[int, ...] = ()
        if self.config.antecedents:
            earlier = antecedents.antecedents(
                turn_id,
                features,
                intent,
                antecedents.referenced(
                    (*resolution.resolved, *resolution.named), resolution.references, self.config
                ),
                resolution.reply_to,
                [item.turn_id for item in items],
                self._log,
                self.config,
                returned_to=thread.index if thread.resumed else -1,
            )
        envelope = conversation_envelope(
            turn_id if logging else None,
            features,
            resolution,
            intent,
            thread,
            state,
            items,
            self.config,
        )
        if earlier:
            envelope = dataclasses.replace(envelope, antecedents=earlier)
        return TurnPlan(
            content,
            vector,
            stamp,
            who,
            features,
            resolution,
            intent,
            thread,
            state,
            envelope,
            turn_id,
            self._lineage,
        )

    def _references(
        self,
        content: str,
        features: TurnFeatures,
        who: str | None,
        *,
        named_references: bool = True,
        mentions: list[Mention] | None = None,
    ) -> Resolution:
        """SPEC-028 §4 for one turn (``resolution.resolve_turn``), tool references matched
        to the output the turn names (rule tool-reference-match); ``mentions``: the turn's
        detection, when it was already made."""
        resolution = resolve_turn(
            content,
            features,
            who,
            self._log,
            self._scratch,
            self._speakers,
            self._lexicon,
            self.config,
            named_references=named_references,
            mentions=mentions,
            forms_gate=self._forms_gate,
        )
        # The tool-output rules read the scratch buffer: with no output in it (most turns of
        # most sessions) each returns its resolution unchanged, so none is called (issue 14).
        outputs = len(self._scratch) > 0
        if outputs:
            resolution = match_tool_references(
                resolution, features, self._scratch, self._log, self.config
            )
            resolution = with_fresh_targets(
                resolution, features, self._scratch, self._log, self.config
            )
            resolution = with_output_questions(
                resolution, features, self._scratch, self._log, self.config
            )
        if not named_references:
            return without_repeat_objects(resolution, content, self.config.repeat_runs)
        if outputs:
            resolution = with_output_details(
                resolution, features, self._scratch, self._log, self.config
            )
            resolution = with_rare_tokens(
                resolution, features, self._scratch, self._log, self.config
            )
            resolution = with_named_run(resolution, features, self._scratch, self._log, self.config)
            resolution = with_advised_output(resolution, features, self._scratch, self.config)
        return with_item_rules(resolution, content, features, self._log, self.config)

    # ---- commit (cannot fail) ----------------------------------------------------------------

    def _reserve(self) -> None:
        # After prepare, growth is the last step that can fail (MemoryError); it changes
        # capacity, not content. What follows only assigns and appends.
        self._log.reserve(len(self._log) + 1)
        self._threads.reserve(len(self._threads) + 1)

    def _commit_user(self, plan: TurnPlan) -> None:
        prepared = self._threads.prepare(plan.thread, plan.embedding, plan.features.terms)
        self._reserve()
        references = plan.resolution.references
        turn_id = self._log.append(
            role="user",
            content=plan.text,
            embedding=plan.embedding,
            timestamp=plan.timestamp,
            thread=plan.thread.name,
            thread_index=plan.thread.index,
            references=sorted(
                {ref.target_turn for ref in references if ref.target_turn is not None}
            ),
            entities=_with_speaker(plan.features.terms, plan.speaker),
            speaker=plan.speaker,
            features=plan.features,
        )
        self._threads.commit(prepared, turn_id)
        self._states[plan.thread.index] = plan.thread_state
        keep = plan.features.has(Marker.KEEP)
        for ref in references:
            if ref.scratch_entry is not None:
                # SPEC-029 §5: referenced_by stays in sync; a second reference or "keep" pins.
                self._scratch.mark_referenced(ref.scratch_entry, turn_id, pin=keep)
        self._speakers.record(turn_id, plan.speaker, plan.resolution.addressee)
