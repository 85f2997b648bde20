"""The CLI behaves: one-line errors with exit code 2, progress on stderr, pipes closed early."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from multihorizon import cli, evaluation


def _conversation(n: int, *, thread: bool = True, turns: int = 4) -> dict[str, object]:
    rows = []
    for turn_id in range(turns):
        row: dict[str, object] = {
            "turn_id": turn_id,
            "role": "user" if turn_id % 2 == 0 else "assistant",
            "content": f"conversation {n} turn {turn_id}: how do I configure etcd member {n}?",
        }
        if thread:
            row["thread"] = "etcd"
        rows.append(row)
    return {"conv_id": f"c{n}", "turns": rows, "probes": []}


@pytest.fixture
def chats(tmp_path: Path) -> Path:
    path = tmp_path / "chats.jsonl"
    path.write_text("".join(json.dumps(_conversation(n)) + "\n" for n in range(3)))
    return path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = cli.main(argv)
    except SystemExit as exc:  # argparse's own exits (errors, --help)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["eval", "MISSING.jsonl", "--task", "threads"], "cannot read"),
        (["eval", "CHATS", "--task", "nope"], "invalid choice: 'nope'"),
        (["eval", "CHATS", "--task", "threads", "--limit", "-1"], "expected a number >= 1"),
        (["eval", "CHATS", "--task", "threads", "--limit", "x"], "expected a whole number"),
        (["replay", "CHATS", "--turns", "-3"], "expected a number >= 1"),
        (["replay", "CHATS", "--conversation", "-1"], "expected a number >= 0"),
        (["replay", "CHATS", "--conversation", "7"], "has 3 conversation(s)"),
        (["replay", "CHATS", "--budget", "0"], "expected a number >= 1"),
        (["replay", "CHATS", "--budget", "many"], "expected a whole number"),
        (["demo", "--budget", "99999999999"], "expected at most"),
        (["replay", "CHATS", "--embedder", "word2vec"], "expected 'hashing' or 'st:"),
        (["eval", "NOTJSON", "--task", "threads"], "not JSON"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_every_user_mistake_is_one_line_and_exit_code_2(
    argv: list[str], problem: str, chats: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = chats.parent / "bad.jsonl"
    bad.write_text("{not json\n")
    paths = {"CHATS": str(chats), "NOTJSON": str(bad), "MISSING.jsonl": str(chats) + ".missing"}
    code, out, err = _run([paths.get(arg, arg) for arg in argv], capsys)
    assert code == 2
    assert problem in err
    assert len(err.strip().splitlines()) == 1, err  # one line, no traceback
    assert "Traceback" not in err
    assert out == ""


def test_a_missing_extra_is_one_line(
    chats: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # sentence-transformers absent (whether or not it is installed here).
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    code, _, err = _run(["eval", str(chats), "--task", "threads", "--embedder", "st:x"], capsys)
    assert code == 2
    assert "pip install 'multihorizon[st]'" in err
    assert len(err.strip().splitlines()) == 1


def test_a_task_without_labels_warns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "unlabelled.jsonl"
    path.write_text(json.dumps(_conversation(0, thread=False)) + "\n")
    code, out, err = _run(["eval", str(path), "--task", "threads", "--progress", "never"], capsys)
    assert code == 0
    assert "warning: " in err
    assert "no labels for --task threads" in err
    assert "multihorizon" in out  # the table still prints
    code, _, err = _run(["eval", str(path), "--task", "intent", "--progress", "never"], capsys)
    assert "no labels for --task intent" in err


def test_eval_shows_progress_on_stderr_only(
    chats: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(["eval", str(chats), "--task", "threads", "--progress", "always"], capsys)
    assert code == 0
    assert "eval threads" in err
    assert "3/3" in err  # every conversation counted
    assert "eval threads" not in out
    code, out, err = _run(["eval", str(chats), "--task", "threads", "--json"], capsys)
    assert err == ""  # auto: no bar when stderr is not a terminal
    assert json.loads(out)["conversations"] == 3


def test_replay_shows_progress_and_its_lines(
    chats: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(["replay", str(chats), "--progress", "always"], capsys)
    assert code == 0
    assert "replay" in err
    assert "4/4" in err
    assert "user: conversation 0 turn 0" in out


def test_replay_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_text(json.dumps(_conversation(0, turns=400)) + "\n")
    command = [sys.executable, "-m", "multihorizon.cli", "replay", str(path), "--turns", "400"]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as process:
        assert process.stdout is not None
        assert process.stdout.readline()  # read one line, then go away like `head -1`
        process.stdout.close()
        assert process.stderr is not None
        err = process.stderr.read()
        code = process.wait()
    assert "Traceback" not in err
    assert "BrokenPipeError" not in err
    assert code in (0, 141)  # done before the reader left, or stopped by it


def test_help_describes_every_argument(capsys: pytest.CaptureFixture[str]) -> None:
    parser = cli._parser()
    assert "Multi-Horizon Context Model" in (parser.description or "")
    commands = next(a for a in parser._actions if a.dest == "command")
    for name, sub in commands.choices.items():  # type: ignore[union-attr]
        assert sub.description, name
        for action in sub._actions:
            assert action.help, f"{name} {action.dest}"
    code, out, _ = _run(["--help"], capsys)
    assert code == 0
    assert "examples:" in out


def test_the_cli_task_list_is_the_evaluations() -> None:
    assert cli.TASKS == evaluation.TASKS
