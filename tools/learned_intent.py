"""Issue 15 experiment: does a small learned layer over the rule pipeline's outputs generalise
better than more intent rules?

    python tools/learned_intent.py extract [--real]      # features -> build/learned_intent/
    python tools/learned_intent.py evaluate [--json OUT]  # figures (rules vs learned)
    python tools/learned_intent.py transitions            # which changes help / hurt

``extract`` replays every labelled hand-written file (``tests/data/handwritten``), the fresh
held-out sets of stop 29 read from their branches (``git show BRANCH:PATH``, never merged nor
trained on) and, with ``--real``, the intent files of ``../shared/data`` (swda, sgd, TREC CAsT
2020) through default sessions with the hashing embedder, and keeps per probe turn: the rule
intent (``Session.classify``), the gold intent and a sparse feature vector made of

- (a) the rule pipeline's own outputs: the rule intent one-hot, the §5.2 similarity to the
  active thread (bucketed and raw), the marker kinds hit, the reference kinds the preview
  resolved, question form, topic announcement, backchannel, turn length bucket, the previous
  logged turn's role and whether it asked a question, first turn, thread new / resumed;
- (b) hashed lexical features of the turn's first and last words (``LEXICAL_BUCKETS``).

``evaluate`` fits a multinomial logistic regression (numpy, L2, full-batch gradient descent)
and reports, against the rules alone: leave-one-file-out over the hand-written files, the
fresh sets (trained on every hand-written file), and the real data (trained on the hand-written
files only: a clean test; and with the real data in training, by two folds of conversations).
Two uses of the model: ``learned`` (its argmax is the intent) and ``override`` (it replaces the
rule intent only when its probability beats the rule intent's by ``MARGIN``).
Nothing here is shipped; the real data stays in ``../shared/data`` (features go to ``build/``).

Result (stop 29, hashing embedder; acc/macro-F1; fresh = the four sets above pooled, 410
probes): NEGATIVE for integration. Rules alone: LOFO pooled 0.881/0.819, fresh 0.756/0.668,
swda 0.957/0.677, sgd 0.720/0.672, CAsT 2020 0.852/0.861.

- ``evaluate --balance-classes`` (hand-written training): LOFO 0.902/0.848, fresh
  0.805/0.748 (every fresh file up: intents 0.662->0.690, resume 0.794->0.843, refs
  0.644->0.726, items 0.931->0.951), swda 0.961/0.678, CAsT 0.852/0.861, but sgd
  0.581/0.552 (floor 0.69/0.65): sgd EXPLORE turns go CONTINUE (377) and DRILL_DOWN, its
  DRILL_DOWN turns TOOL_REFERENCE (82). Without class balance: fresh 0.802/0.686, sgd
  0.569/0.447. ``--no-lexical`` (part (a) only) is as good: fresh 0.807/0.759, sgd 0.584.
- With the real data in training (``--real-training --real-weight W``, real files by two
  folds of conversations): W=10 sgd 0.760/0.682, swda 0.975/0.845, CAsT 0.877/0.869, but
  fresh falls to 0.776 (intents 0.634, resume 0.755); W=3 fresh 0.785, sgd 0.702/0.646.
  The hand-written and the real labels pull apart; no weighting wins both.
- Where the gain comes from (LOFO confusion, rules -> learned): TOOL_REFERENCE read as
  DRILL_DOWN 88 -> 30, DRILL_DOWN read as EXPLORE 54 -> 24, at the cost of DRILL_DOWN read as
  CONTINUE 61 -> 85 and as TOOL_REFERENCE 10 -> 32; most of it on the refs_* files.
- ``transitions --balance-classes`` (where the model changes the rule intent; right / wrong
  / both wrong): on the fresh sets DRILL_DOWN -> TOOL_REFERENCE 12/3/0 and EXPLORE ->
  CONTINUE 6/1/10 are the whole gain; on sgd the same two lose it, 0/77/16 (sgd has no
  TOOL_REFERENCE label) and 9/175/9 (EXPLORE answers after a question). The layer learns
  the hand-written files' conventions, which more data in new words would have to settle.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from multihorizon import Config
from multihorizon.dialogue.intent import INTENTS
from multihorizon.dialogue.phrasing import announced
from multihorizon.evaluation import make_embedder
from multihorizon.evaluation.metrics import macro_f1
from multihorizon.evaluation.replay import read_conversations, replays
from multihorizon.text.lexicon import Marker, default_lexicon

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from shared_data import MISSING_DATA, locate

ROOT = Path(__file__).resolve().parent.parent
HANDWRITTEN = ROOT / "tests" / "data" / "handwritten"
OUT = ROOT / "build" / "learned_intent"
FRESH = {
    "intents_holdout7": "intent7:tests/data/handwritten/intents_holdout7.jsonl",
    "resume_holdout7": "threads7:tests/data/handwritten/resume_holdout7.jsonl",
    "refs_holdout7": "refs7:tests/data/handwritten/refs_holdout7.jsonl",
    "items_holdout7": "items7:tests/data/handwritten/items_holdout7.jsonl",
}
REAL = ("swda", "sgd", "trec_cast_2020")
NAMES = [str(i) for i in INTENTS]
LEXICAL_BUCKETS = 256
OPTIONS = {"margin": 0.2, "lexical": True, "balance_classes": False, "real_weight": 1.0}
_WORD = re.compile(r"[a-z0-9']+")  # lowercased ASCII words; linear (no nested repeats)

# The dense part's slots, in order.
_SIM_EDGES = (0.2, 0.35, 0.5, 0.65, 0.8)
_LEN_EDGES = (1, 3, 6, 10, 16, 30)
_MARKERS = [int(m) for m in Marker]
_REF_TYPES = ("entity", "turn", "ordinal", "action", "tool", "speaker")
_ROLES = ("none", "user", "assistant", "tool")
DENSE = (
    5  # rule intent one-hot
    + 1  # similarity
    + len(_SIM_EDGES)
    + 1  # similarity bucket
    + len(_MARKERS)
    + len(_REF_TYPES)
    + 1  # any reference with a scratch entry
    + 5  # question, '?', announced, acknowledgement only, first turn
    + len(_LEN_EDGES)
    + 1
    + len(_ROLES)
    + 1  # previous turn asked a question
    + 3  # thread: same active, new, resumed
    + 1  # bias
)
WIDTH = DENSE + LEXICAL_BUCKETS


def _bucket(value: float, edges: tuple[float, ...]) -> int:
    return sum(value >= edge for edge in edges)


def _lexical(text: str) -> list[int]:
    words = _WORD.findall(text.lower())
    keys = []
    if words:
        keys += [f"f1:{words[0]}", f"l1:{words[-1]}", f"f2:{' '.join(words[:2])}"]
        keys += [f"l2:{' '.join(words[-2:])}", f"f3:{' '.join(words[:3])}"]
    return sorted({DENSE + zlib.crc32(key.encode()) % LEXICAL_BUCKETS for key in keys})


def features(
    session: Any, text: str, vector: Any, speaker: str | None
) -> tuple[str, list[int], float]:
    """(rule intent, active feature indices, similarity) of the next user turn ``text``."""
    rule = str(session.classify(text, embedding=vector, speaker=speaker))
    env = session.preview(text, embedding=vector, speaker=speaker)
    lexicon = default_lexicon()
    hits, _, _ = lexicon.scan_turn(text)
    log, threads = session.turns, session._threads
    similarity = (
        threads.active_similarity(np.asarray(vector, dtype=np.float32))
        if vector is not None
        else 0.0
    )
    on: list[int] = [NAMES.index(rule)]
    at = 5
    at += 1  # similarity is the one real-valued slot (set by the caller)
    on.append(at + _bucket(similarity, _SIM_EDGES))
    at += len(_SIM_EDGES) + 1
    hit_kinds = {hit[0] for hit in hits}
    on += [at + i for i, m in enumerate(_MARKERS) if m in hit_kinds]
    at += len(_MARKERS)
    types = {ref.type for ref in env.references}
    on += [at + i for i, t in enumerate(_REF_TYPES) if t in types]
    at += len(_REF_TYPES)
    if any(ref.type == "tool" and ref.scratch_entry for ref in env.references):
        on.append(at)
    at += 1
    flags = (
        lexicon.is_question(text),
        text.rstrip().endswith("?"),
        announced(text, hits, session.config),
        lexicon.acknowledgement_only(text),
        len(log) == 0,
    )
    on += [at + i for i, flag in enumerate(flags) if flag]
    at += 5
    on.append(at + _bucket(len(_WORD.findall(text.lower())), _LEN_EDGES))
    at += len(_LEN_EDGES) + 1
    previous = log[len(log) - 1] if len(log) else None
    on.append(at + _ROLES.index(str(previous.role) if previous is not None else "none"))
    at += len(_ROLES)
    if (
        previous is not None
        and previous.role == "assistant"
        and lexicon.is_question(previous.content)
    ):
        on.append(at)
    at += 1
    known = set(threads.names)
    thread = (
        env.active_thread == threads.active_name,
        env.active_thread not in known,
        bool(env.thread_resumed),
    )
    on += [at + i for i, flag in enumerate(thread) if flag]
    at += 3
    on.append(at)  # bias
    at += 1
    assert at == DENSE
    return rule, on + _lexical(text), similarity


def _extract_file(path: Path, name: str) -> list[dict[str, Any]]:
    conversations = read_conversations(path)
    rows: list[dict[str, Any]] = []
    embedder = make_embedder("hashing")
    for (replay,) in replays(conversations, embedder, [Config()]):
        conv = replay.conversation["conv_id"]
        for _, turn, probes in replay.steps():
            for probe in probes:
                gold = probe.get("gold_intent")
                if gold is None:
                    continue
                turns = replay.conversation["turns"]
                speaker = turns[probe["at_turn"]].get("speaker") if turn is not None else None
                rule, on, sim = features(
                    replay.session, probe["query"], replay.query(probe), speaker or None
                )
                rows.append(
                    {
                        "file": name,
                        "conv": conv,
                        "gold": gold,
                        "rule": rule,
                        "on": on,
                        "sim": sim,
                        "text": "" if name in REAL else probe["query"][:200],
                    }
                )
    return rows


def extract(real: bool) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    jobs: list[tuple[str, Path]] = []
    for path in sorted(HANDWRITTEN.glob("*.jsonl")):
        if path.stem not in FRESH:  # once merged, a fresh set is read from the tree below
            jobs.append((path.stem, path))
    for name, spec in FRESH.items():
        shown = subprocess.run(
            ["git", "-C", str(ROOT), "show", spec], capture_output=True, text=True, check=False
        )
        if shown.returncode != 0:  # the branch is gone: merged into the tree
            jobs.append((name, HANDWRITTEN / f"{name}.jsonl"))
            continue
        target = OUT / f"{name}.jsonl"
        target.write_text(shown.stdout)
        jobs.append((name, target))
    if real:
        data = locate()
        if data is None:
            raise SystemExit(MISSING_DATA)
        jobs += [(name, data / f"{name}.jsonl") for name in REAL]
    for name, path in jobs:
        rows = _extract_file(path, name)
        (OUT / f"{name}.rows.json").write_text(json.dumps(rows))
        print(name, len(rows), flush=True)


# ---- model ----------------------------------------------------------------------------------


def _matrix(rows: list[dict[str, Any]]) -> npt.NDArray[np.float64]:
    x = np.zeros((len(rows), WIDTH))
    for i, row in enumerate(rows):
        on = row["on"] if OPTIONS["lexical"] else [j for j in row["on"] if j < DENSE]
        x[i, on] = 1.0
        x[i, 5] = row["sim"]
    return x


def fit(
    x: npt.NDArray[np.float64],
    y: npt.NDArray[np.int64],
    w: npt.NDArray[np.float64],
    l2: float = 1e-2,
    steps: int = 400,
) -> npt.NDArray[np.float64]:
    """Multinomial logistic regression, L2 (not on the bias), Adam on the full batch."""
    k = len(NAMES)
    theta = np.zeros((x.shape[1], k))
    m = np.zeros_like(theta)
    v = np.zeros_like(theta)
    onehot = np.eye(k)[y]
    w = w / w.sum()
    mask = np.ones_like(theta)
    mask[DENSE - 1] = 0.0
    for t in range(1, steps + 1):
        z = x @ theta
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        grad = x.T @ ((p - onehot) * w[:, None]) + l2 * theta * mask
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        theta -= 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return theta


def predict(
    theta: npt.NDArray[np.float64], rows: list[dict[str, Any]]
) -> tuple[list[str], list[str]]:
    """(learned argmax, override) intents of ``rows``."""
    z = _matrix(rows) @ theta
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    learned = [NAMES[i] for i in p.argmax(axis=1)]
    override = []
    for row, probs, best in zip(rows, p, learned, strict=True):
        keep = probs[NAMES.index(best)] - probs[NAMES.index(row["rule"])] < OPTIONS["margin"]
        override.append(row["rule"] if keep else best)
    return learned, override


def _weights(rows: list[dict[str, Any]], balance: bool) -> npt.NDArray[np.float64]:
    """Each file weighs by its probes; with ``balance``, each real-data file weighs as much as
    the mean hand-written file (swda's 8000 CONTINUE turns would drown the rest)."""
    per_file = Counter(row["file"] for row in rows)
    hand = [n for f, n in per_file.items() if f not in REAL]
    mean = sum(hand) / max(len(hand), 1)
    w = np.array(
        [
            OPTIONS["real_weight"] * mean / per_file[r["file"]]
            if balance and r["file"] in REAL
            else 1.0
            for r in rows
        ]
    )
    if OPTIONS["balance_classes"]:  # each gold class weighs as much in total
        per_class: Counter[str] = Counter()
        for r, wi in zip(rows, w, strict=True):
            per_class[r["gold"]] += wi
        w = w * np.array([1.0 / per_class[r["gold"]] for r in rows])
    return w


def train(
    rows: list[dict[str, Any]], balance: bool = True, l2: float = 1e-2
) -> npt.NDArray[np.float64]:
    y = np.array([NAMES.index(r["gold"]) for r in rows])
    return fit(_matrix(rows), y, _weights(rows, balance), l2=l2)


def figures(pairs: list[tuple[str, str]]) -> dict[str, float]:
    return {
        "acc": round(sum(p == g for p, g in pairs) / max(len(pairs), 1), 3),
        "f1": round(macro_f1(pairs), 3),
    }


def confusion(pairs: list[tuple[str, str]]) -> str:
    """gold -> {predicted: count}, misses only."""
    table: dict[str, Counter[str]] = {}
    for p, g in pairs:
        if p != g:
            table.setdefault(g, Counter())[p] += 1
    return "; ".join(
        f"{g[:5]}->" + ",".join(f"{p[:5]}{n}" for p, n in c.most_common())
        for g, c in sorted(table.items())
    )


def _load(name: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads((OUT / f"{name}.rows.json").read_text())
    return rows


def _report(
    label: str,
    rows: list[dict[str, Any]],
    learned: list[str],
    override: list[str],
    out: dict[str, Any],
) -> None:
    gold = [r["gold"] for r in rows]
    systems = {
        "rules": list(zip([r["rule"] for r in rows], gold, strict=True)),
        "learned": list(zip(learned, gold, strict=True)),
        "override": list(zip(override, gold, strict=True)),
    }
    out[label] = {name: figures(pairs) for name, pairs in systems.items()} | {"n": len(rows)}
    print(
        f"{label:28s} n={len(rows):5d} "
        + "  ".join(
            f"{name} {f['acc']:.3f}/{f['f1']:.3f}" for name, f in out[label].items() if name != "n"
        ),
        flush=True,
    )
    for name, pairs in systems.items():
        out[label][f"confusion_{name}"] = confusion(pairs)


def evaluate(json_out: str | None, l2: float, verbose: bool, real_training: bool) -> None:
    hand_names = sorted(p.name[: -len(".rows.json")] for p in OUT.glob("*.rows.json"))
    hand_names = [n for n in hand_names if n not in FRESH and n not in REAL]
    hand = {n: _load(n) for n in hand_names}
    hand = {n: rows for n, rows in hand.items() if rows}
    out: dict[str, Any] = {}
    print("== leave-one-file-out over the hand-written files (acc/macro-F1)")
    pooled: dict[str, list[tuple[str, str]]] = {"rules": [], "learned": [], "override": []}
    for name, rows in hand.items():
        train_rows = [r for n, rs in hand.items() if n != name for r in rs]
        theta = train(train_rows, l2=l2)
        learned, override = predict(theta, rows)
        _report(f"lofo {name}", rows, learned, override, out)
        for sys_name, preds in (
            ("rules", [r["rule"] for r in rows]),
            ("learned", learned),
            ("override", override),
        ):
            pooled[sys_name] += list(zip(preds, [r["gold"] for r in rows], strict=True))
    out["lofo pooled"] = {k: figures(v) for k, v in pooled.items()}
    print("lofo pooled", out["lofo pooled"])
    for k, v in pooled.items():
        print(f"  confusion {k}: {confusion(v)}")
    every = [r for rs in hand.values() for r in rs]
    theta = train(every, l2=l2)
    OUT.joinpath("theta.npy").write_bytes(theta.astype(np.float32).tobytes())
    print("== fresh sets (trained on every hand-written file)")
    for name in FRESH:
        rows = _load(name)
        learned, override = predict(theta, rows)
        _report(f"fresh {name}", rows, learned, override, out)
        if verbose:
            for k in ("rules", "learned", "override"):
                print(f"  confusion {k}: {out[f'fresh {name}'][f'confusion_{k}']}")
    fresh_pooled: dict[str, list[tuple[str, str]]] = {
        k: [] for k in ("rules", "learned", "override")
    }
    for name in FRESH:
        rows = _load(name)
        learned, override = predict(theta, rows)
        gold = [r["gold"] for r in rows]
        fresh_pooled["rules"] += list(zip([r["rule"] for r in rows], gold, strict=True))
        fresh_pooled["learned"] += list(zip(learned, gold, strict=True))
        fresh_pooled["override"] += list(zip(override, gold, strict=True))
    out["fresh pooled"] = {k: figures(v) for k, v in fresh_pooled.items()}
    print("fresh pooled", out["fresh pooled"])
    for k, v in fresh_pooled.items():
        print(f"  confusion {k}: {confusion(v)}")
    real = {n: _load(n) for n in REAL if (OUT / f"{n}.rows.json").exists()}
    if real:
        print("== real data, trained on the hand-written files only")
        for name, rows in real.items():
            learned, override = predict(theta, rows)
            _report(f"real {name} (hand)", rows, learned, override, out)
            if verbose:
                for k in ("rules", "learned", "override"):
                    print(f"  confusion {k}: {out[f'real {name} (hand)'][f'confusion_{k}']}")
    if real and real_training:
        print("== real data in training too (2 folds by conversation; fresh sets as above)")
        for name, rows in real.items():
            convs = sorted({r["conv"] for r in rows})
            fold = {c: i % 2 for i, c in enumerate(convs)}
            learned = [""] * len(rows)
            override = [""] * len(rows)
            for f in (0, 1):
                others = [r for n, rs in real.items() if n != name for r in rs]
                train_rows = every + others + [r for r in rows if fold[r["conv"]] != f]
                th = train(train_rows, l2=l2)
                idx = [i for i, r in enumerate(rows) if fold[r["conv"]] == f]
                lp, op = predict(th, [rows[i] for i in idx])
                for i, a, b in zip(idx, lp, op, strict=True):
                    learned[i], override[i] = a, b
            _report(f"real {name} (hand+real)", rows, learned, override, out)
        th = train(every + [r for rs in real.values() for r in rs], l2=l2)
        for name in FRESH:
            rows = _load(name)
            learned, override = predict(th, rows)
            _report(f"fresh {name} (hand+real)", rows, learned, override, out)
    if json_out:
        Path(json_out).write_text(json.dumps(out, indent=1))


def transitions() -> None:
    """Where the model (trained on every hand-written file) changes the rule intent, per
    (rule -> learned): right, wrong (the rule was right), both wrong; fresh sets and real."""
    hand = [p.name[: -len(".rows.json")] for p in OUT.glob("*.rows.json")]
    hand = [n for n in hand if n not in FRESH and n not in REAL]
    theta = train([r for n in hand for r in _load(n)])
    for label, names in (("fresh", list(FRESH)), *((n, [n]) for n in REAL)):
        rows = [r for n in names if (OUT / f"{n}.rows.json").exists() for r in _load(n)]
        learned, _ = predict(theta, rows)
        table: dict[str, list[int]] = {}
        for row, new in zip(rows, learned, strict=True):
            if new != row["rule"]:
                slot = 0 if new == row["gold"] else 1 if row["rule"] == row["gold"] else 2
                table.setdefault(f"{row['rule']}->{new}", [0, 0, 0])[slot] += 1
        ranked = sorted(table.items(), key=lambda kv: -sum(kv[1]))
        print(label, "; ".join(f"{k} {a}/{b}/{c}" for k, (a, b, c) in ranked))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("extract", "evaluate", "transitions"))
    parser.add_argument("--real", action="store_true", help="extract: the real data too")
    parser.add_argument("--json", default=None)
    parser.add_argument("--l2", type=float, default=1e-2)
    parser.add_argument("-v", action="store_true")
    parser.add_argument("--real-training", action="store_true", help="also train on real data")
    parser.add_argument("--margin", type=float, default=0.2, help="override's margin")
    parser.add_argument("--no-lexical", action="store_true", help="part (a) features only")
    parser.add_argument("--balance-classes", action="store_true")
    parser.add_argument(
        "--real-weight", type=float, default=1.0, help="a real file weighs this many mean files"
    )
    args = parser.parse_args()
    if args.what == "extract":
        extract(args.real)
        return 0
    OPTIONS.update(
        margin=args.margin,
        lexical=not args.no_lexical,
        balance_classes=args.balance_classes,
        real_weight=args.real_weight,
    )
    if args.what == "transitions":
        transitions()
    else:
        evaluate(args.json, args.l2, args.v, args.real_training)
    return 0


if __name__ == "__main__":
    sys.exit(main())
