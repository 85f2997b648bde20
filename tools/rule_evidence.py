"""Each switchable rule off vs on, on the data set where it acts: the evidence lines of
multihorizon.rules. Run from the repository root: python tools/rule_evidence.py"""

import sys
from pathlib import Path

import multihorizon as mh
from multihorizon.evaluation import evaluate

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from shared_data import MISSING_DATA, locate

DATA = locate()
if DATA is None:
    raise SystemExit(MISSING_DATA)
base = mh.Config()
jobs = [
    ("first_turn_explore", False, "sgd.jsonl", "intent"),
    ("first_turn_explore", False, "trec_cast_2019.jsonl", "intent"),
    ("intent_threads", False, "sgd.jsonl", "threads"),
    ("intent_threads", False, "dialseg711.jsonl", "threads"),
    ("resume_markers", False, "sgd.jsonl", "threads"),
    ("speaker_addressing", False, "irc_disentanglement.jsonl", "references"),
    ("multi_party_threads", False, "irc_disentanglement.jsonl", "threads"),
]
cache = {}
for field, val, f, task in jobs:
    on = evaluate(DATA / f, task, config=base, cache=cache).ours
    off = evaluate(DATA / f, task, config=base.replace(**{field: val}), cache=cache).ours
    keys = [
        k
        for k in on
        if k in ("macro_f1", "accuracy", "shift_f1", "resume_accuracy", "pairwise_f1", "acc_at_1")
    ]
    print(field, f, task, " ".join(f"{k} {off[k]:.3f}->{on[k]:.3f}" for k in keys), flush=True)
