"""``multihorizon eval``: input checks, metrics on hand-made conversations, the JSON shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from multihorizon import cli
from multihorizon.errors import InputError
from multihorizon.evaluation import TASKS, evaluate, make_embedder, read_conversations


def _write(path: Path, conversations: list[dict[str, Any]]) -> Path:
    path.write_text("\n".join(json.dumps(c) for c in conversations) + "\n", encoding="utf-8")
    return path


def _turn(turn_id: int, role: str, content: str, **extra: Any) -> dict[str, Any]:
    return {"turn_id": turn_id, "role": role, "content": content, **extra}


IRC = {
    "conv_id": "irc",
    "turns": [
        _turn(0, "user", "how do I resize an ext4 partition?", speaker="ann", thread="a"),
        _turn(1, "user", "what irc client works in a terminal?", speaker="ben", thread="b"),
        _turn(2, "user", "ann: grow it, then run resize2fs", speaker="cy", thread="a"),
        _turn(3, "user", "ben: irssi or weechat", speaker="dee", thread="b"),
        _turn(4, "user", "cy: does that work while mounted?", speaker="ann", thread="a"),
        _turn(5, "user", "dee: thanks, trying weechat", speaker="ben", thread="b"),
    ],
    "probes": [
        {"at_turn": 4, "query": "cy: does that work while mounted?", "gold_turn_ids": [2]},
        {"at_turn": 5, "query": "dee: thanks, trying weechat", "gold_turn_ids": [3]},
    ],
}

SUPPORT = {
    "conv_id": "support",
    "turns": [
        _turn(0, "user", "My postgres backup job fails with a permissions error."),
        _turn(1, "assistant", "Check that the backup user owns the archive directory."),
        _turn(2, "user", "Unrelated: which espresso grinder should I buy?"),
        _turn(3, "assistant", "A burr grinder with fine steps, such as a conical burr."),
        _turn(4, "user", "You said something about the postgres backup permissions: what was it?"),
    ],
    "probes": [
        {
            "at_turn": 4,
            "query": "You said something about the postgres backup permissions: what was it?",
            "gold_turn_ids": [0, 1],
            "gold_intent": "DRILL_DOWN",
        },
        {
            "at_turn": 2,
            "query": "Unrelated: which espresso grinder should I buy?",
            "gold_turn_ids": [],
            "gold_intent": "EXPLORE",
        },
    ],
}


def test_every_task_reports_ours_and_baselines_with_the_issue_metric_names(
    tmp_path: Path,
) -> None:
    path = _write(tmp_path / "c.jsonl", [IRC, SUPPORT])
    expected = {
        "threads": {"shift_precision", "shift_recall", "shift_f1", "pairwise_f1"},
        "references": {"acc_at_1", "hit_at_3"},
        "intent": {"accuracy", "macro_f1"},
        "retrieval": {"recall_at_5", "recall_at_10", "recall_at_20", "hit_at_10"},
    }
    for task in TASKS:
        report = evaluate(path, task).as_dict()
        assert set(report) == {
            "task",
            "file",
            "embedder",
            "conversations",
            "probes",
            "ours",
            "baselines",
        }
        assert report["task"] == task
        assert report["file"] == "c.jsonl"
        assert report["embedder"] == "multihorizon-hash2-384"
        assert report["conversations"] == 2
        assert expected[task] <= set(report["ours"]), (task, report["ours"])
        assert report["baselines"], task
        for values in [report["ours"], *report["baselines"].values()]:
            assert all(0.0 <= value <= 1.0 for value in values.values()), (task, values)


def test_reference_and_retrieval_metrics_on_known_answers(tmp_path: Path) -> None:
    path = _write(tmp_path / "c.jsonl", [IRC, SUPPORT])
    references = evaluate(path, "references")
    # Both irc probes address the speaker whose latest message is the gold parent; the
    # support probe's gold holds the previous-but-two turns, found by its words ("you said
    # something about the postgres backup permissions": the reply about them, since the
    # refs4 stop read the words after "you said").
    assert references.ours["acc_at_1"] == pytest.approx(1.0, abs=1e-3)
    assert references.ours["hit_at_3"] == 1.0
    assert references.baselines["addressed-speaker"]["acc_at_1"] == pytest.approx(2 / 3, abs=1e-3)
    assert references.baselines["most-recent"]["acc_at_1"] == 0.0
    retrieval = evaluate(path, "retrieval")
    assert retrieval.ours["recall_at_5"] == 1.0
    assert retrieval.baselines["recency"]["recall_at_5"] == 1.0  # short logs: all is recent


def test_threads_pairwise_against_gold_threads(tmp_path: Path) -> None:
    report = evaluate(_write(tmp_path / "c.jsonl", [IRC]), "threads")
    # Every message addresses someone in its own gold thread: the two threads come out exact.
    assert report.ours["pairwise_f1"] == 1.0
    assert report.baselines["one-thread"]["pairwise_f1"] < 1.0
    assert report.baselines["speaker-links"]["pairwise_f1"] == 1.0


def test_intent_accuracy_and_majority_baseline(tmp_path: Path) -> None:
    report = evaluate(_write(tmp_path / "c.jsonl", [SUPPORT]), "intent")
    assert report.probes == 2
    assert report.ours == {"accuracy": 1.0, "macro_f1": 1.0}
    assert report.baselines["majority-class"]["accuracy"] == 0.5


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json\n", "jsonl:1: not JSON"),
        ('{"turns": 3}\n', "must be lists"),
        ('{"turns": [{"turn_id": 1, "role": "user", "content": "x"}]}\n', "turn_id 1"),
        ('{"turns": [{"turn_id": 0, "role": "system", "content": "x"}]}\n', "role 'system'"),
        ('{"turns": [{"turn_id": 0, "role": "user", "content": 5}]}\n', "string 'content'"),
        (
            '{"turns": [{"turn_id": 0, "role": "user", "content": "x"}], '
            '"probes": [{"at_turn": 5, "query": "q"}]}\n',
            "outside the conversation",
        ),
        (
            '{"turns": [{"turn_id": 0, "role": "user", "content": "x"}], '
            '"probes": [{"at_turn": 0, "query": "q", "gold_turn_ids": [0]}]}\n',
            "earlier turns",
        ),
        ("\n\n", "no conversations"),
    ],
)
def test_malformed_files_are_refused_with_the_line_and_the_problem(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_conversations(path)


def test_unreadable_input_and_bad_arguments(tmp_path: Path) -> None:
    binary = tmp_path / "latin1.jsonl"
    binary.write_bytes(b'{"turns": [], "x": "caf\xe9"}\n')
    with pytest.raises(InputError, match="not UTF-8"):
        read_conversations(binary)
    with pytest.raises(InputError, match="cannot read"):
        read_conversations(tmp_path / "missing.jsonl")
    good = _write(tmp_path / "c.jsonl", [SUPPORT])
    with pytest.raises(InputError, match="task"):
        evaluate(good, "summaries")
    with pytest.raises(InputError, match="embedder"):
        make_embedder("word2vec")


def test_the_command_prints_json_and_reports_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _write(tmp_path / "c.jsonl", [IRC])
    assert cli.main(["eval", str(good), "--task", "references", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["task"] == "references"
    assert report["probes"] == 2
    assert cli.main(["eval", str(good), "--task", "threads"]) == 0
    assert "multihorizon" in capsys.readouterr().out
    assert cli.main(["eval", str(tmp_path / "none.jsonl"), "--task", "intent"]) == 2
    assert "cannot read" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["eval", str(good), "--task", "nonsense"])


PEER = {
    "conv_id": "peer",
    "turns": [
        {
            "turn_id": 0,
            "role": "user",
            "content": "i just got back from a long hike",
            "thread": "a",
        },
        {"turn_id": 1, "role": "assistant", "content": "do you have any pets?", "thread": "b"},
        {"turn_id": 2, "role": "user", "content": "two cats and a dog", "thread": "b"},
    ],
    "probes": [
        {
            "at_turn": 1,
            "query": "do you have any pets?",
            "gold_turn_ids": [],
            "gold_topic_shift": True,
        },
        {
            "at_turn": 2,
            "query": "two cats and a dog",
            "gold_turn_ids": [],
            "gold_topic_shift": False,
        },
    ],
}


def test_peer_replies_let_the_other_side_open_a_topic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path / "peer.jsonl", [PEER])
    recalls = []
    for extra in ([], ["--peer-replies"]):
        assert cli.main(["eval", str(path), "--task", "threads", "--json", *extra]) == 0
        report = json.loads(capsys.readouterr().out)
        recalls.append((report["ours"]["shift_recall"], report["ours"]["shift_precision"]))
    # A model's reply follows its user; a peer's question about something else moves on (and
    # the answer to it stays there).
    assert recalls == [(0.0, 0.0), (1.0, 1.0)]


def _accuracy_table_tool() -> Any:
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "tools" / "accuracy_table.py"
    spec = importlib.util.spec_from_file_location("accuracy_table", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_table_shows_the_best_baseline_of_the_same_run(tmp_path: Path) -> None:
    report = {
        "task": "intent",
        "file": "swda.jsonl",
        "embedder": "e",
        "ours": {"macro_f1": 0.665},
        "baselines": {"majority-class": {"macro_f1": 0.491}, "spec-rule": {"macro_f1": 0.7}},
    }
    threads = {
        "task": "threads",
        "file": "sgd.jsonl",
        "embedder": "e",
        "ours": {"resume_accuracy": 0.8, "pairwise_f1": 0.6},
        "baselines": {
            "one-thread": {"resume_accuracy": 1.0, "pairwise_f1": 0.65},
            "centroid": {"resume_accuracy": 0.2, "pairwise_f1": 0.3},
        },
    }
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps(report) + "\n" + json.dumps(threads) + "\n")
    rows = {
        tuple(cell.strip() for cell in line.split("|")[1:3]): line
        for line in _accuracy_table_tool().table(str(path), None).splitlines()
    }
    swda = rows[("swda", "intent macro-F1 (weak labels)")]
    assert "spec-rule 0.700" in swda
    assert "majority" not in swda
    # One thread "resumes" by never shifting: the resumption row names the best real rule,
    # while its pairwise row shows that one thread scores higher than ours.
    assert "centroid 0.200" in rows[("sgd", "thread resumption accuracy")]
    assert "one-thread 0.650" in rows[("sgd", "threads, pairwise F1")]
