"""A question's token that exactly one earlier output holds names that output (rule
rare-output-tokens): ``dialogue.rare_output_tokens``."""

from __future__ import annotations

import random
from pathlib import Path

import multihorizon as mh
from multihorizon.dialogue.output_details import holds_number
from multihorizon.dialogue.rare_output_tokens import output_tokens, whole_numbers
from multihorizon.evaluation import evaluate


def _scans(config: mh.Config | None = None) -> mh.Session:
    """Two image scans (before and after a rebuild) and a manifest scan, advice between."""
    session = mh.Session(config=config or mh.Config(antecedents=True))
    session.user("scanned the api image before the release")
    session.tool_output(
        "image_scan",
        "openssl 3.0.11 CVE-2024-5535 CRITICAL\ncurl 8.4.0 CVE-2024-2398 HIGH\n"
        "python3.11 CVE-2024-6232 HIGH\nBase image: alpine 3.18.4",
        args={"image": "api:1.8.2"},
    )
    session.user("bumped the base and rescanned")
    session.tool_output(
        "image_scan",
        "curl 8.7.1 CVE-2024-2398 HIGH\nsqlite 3.45.3 CVE-2024-0232 MEDIUM\n"
        "Base image: alpine 3.20.3",
        args={"image": "api:1.8.3"},
    )
    session.user("zlib still there?")
    session.assistant("No: the rebuild dropped it; curl is the one high finding left.")
    session.tool_output(
        "config_scan",
        "KSV012 MEDIUM Runs as root (deployment api)\n"
        "KSV020 LOW Runs with low user ID (deployment worker)",
        args={"path": "deploy/k8s"},
    )
    session.user("and the manifests?")
    session.assistant("Set runAsNonRoot on the api deployment; the worker's low UID is cosmetic.")
    return session


def _tool_turns(session: mh.Session, text: str) -> list[int | None]:
    return [ref.target_turn for ref in session.preview(text).references if ref.type == "tool"]


def test_an_identifier_one_output_holds_names_it() -> None:
    # the manifest scan (after turn 3), not the image scans
    # (not "KSV020 which deployment": ask-shapes reads that as a question, and rule
    # output-details then finds the output without this rule)
    assert _tool_turns(_scans(), "KSV020 is on which deployment") == [3]
    off = mh.Config(antecedents=True, rare_output_tokens=False)
    assert _tool_turns(_scans(off), "KSV020 is on which deployment") == []


def test_a_number_only_the_older_output_holds_names_it() -> None:
    assert _tool_turns(_scans(), "CVE-2024-5535 fixed in which release") == [0]


def test_a_letter_run_inside_a_token_counts() -> None:
    assert "python" in output_tokens(next(iter(_scans()._scratch)))  # python3.11
    assert _tool_turns(_scans(), "which python version was flagged") == [0]


def test_a_statement_of_the_users_own_facts_names_nothing() -> None:
    # 1.8.3 is the second scan's argument, but the turn reports, it does not ask
    assert _tool_turns(_scans(), "deployed 1.8.3 to staging at 14:20, smoke tests green") == []


def test_a_reason_question_is_left_alone() -> None:
    off = mh.Config(antecedents=True, rare_output_tokens=False)
    text = "why is sqlite in there at all"
    assert _tool_turns(_scans(), text) == _tool_turns(_scans(off), text)


def test_a_token_several_outputs_hold_names_none() -> None:
    off = mh.Config(antecedents=True, rare_output_tokens=False)
    assert _tool_turns(_scans(), "curl, how bad") == _tool_turns(_scans(off), "curl, how bad")


def test_one_output_needs_no_rule() -> None:
    session = mh.Session()
    session.user("scan it")
    session.tool_output("image_scan", "KSV020 LOW")
    session.assistant("One low finding.")
    off = mh.Session(config=mh.Config(rare_output_tokens=False))
    off.user("scan it")
    off.tool_output("image_scan", "KSV020 LOW")
    off.assistant("One low finding.")
    assert (
        session.preview("KSV020 which deployment").references
        == off.preview("KSV020 which deployment").references
    )


def test_the_held_out_set_meets_its_floor() -> None:
    # toolref_holdout14, written before the rule: references acc@1 0.721 at its first run
    # (main 7f77543), 0.765 with rule rare-output-tokens.
    path = Path(__file__).parent / "data" / "handwritten" / "toolref_holdout14.jsonl"
    assert evaluate(path, "references").ours["acc_at_1"] >= 0.75


def test_a_turns_numbers_are_the_numbers_holds_number_finds() -> None:
    # One pass per turn, kept on its features, replaces a holds_number scan per number.
    pick = random.Random(34)
    alphabet = "0123456789 .:,-ab\u00b2\uff11x\n"
    for _ in range(3000):
        text = "".join(pick.choice(alphabet) for _ in range(pick.randint(0, 24)))
        numbers = whole_numbers(text)
        for length in (1, 2, 3):
            for start in range(len(text)):
                token = text[start : start + length]
                if token.isascii() and token.isdigit():
                    assert (token in numbers) == holds_number(text, token), (text, token)
