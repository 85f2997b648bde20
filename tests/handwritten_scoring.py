"""Scores of the hand-written labelled conversations (``tests/data/handwritten/intents_*``):
intent accuracy and macro-F1 over every user turn, resumption (a turn whose gold thread was
left earlier returns to the thread of ours it was in), new threads (a turn that opens a gold
thread opens one of ours), and tool-reference targets (the resolved scratch entry is the gold
tool turn). Each conversation is replayed through a fresh default ``Session`` by
``shared_data.log_turn`` (tool turns go to the scratch buffer under their ``tool`` name and
``args``). ``tools/handwritten_report.py`` prints the misses.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from multihorizon import Config, Envelope, ScratchEntry, Session
from multihorizon.evaluation.metrics import macro_f1
from multihorizon.evaluation.replay import read_conversations
from shared_data import log_turn


def score(
    path: str | Path, verbose: bool = False, config: Config | None = None
) -> tuple[dict[str, float], dict[str, int]]:
    intents: list[tuple[str, str]] = []
    resumed = [0, 0]
    opened = [0, 0]
    tools = [0, 0]
    misses: list[str] = []
    for conversation in read_conversations(path):
        session = Session(config=config)
        probes = {p["at_turn"]: p for p in conversation["probes"]}
        ours_thread: dict[str, str] = {}  # gold thread -> our thread at its latest turn
        tool_ids: dict[str, int] = {}
        for turn in conversation["turns"]:
            tid = turn["turn_id"]
            probe = probes.get(tid)
            if probe is not None:
                intent = str(session.classify(turn["content"]))
                env = session.preview(turn["content"])
                gold = probe["gold_intent"]
                intents.append((intent, gold))
                tag = f"{conversation['conv_id']}#{tid}"
                if intent != gold:
                    misses.append(f"intent {tag}: {gold} -> {intent}: {turn['content']!r}")
                wanted = probe["gold_thread"]
                if probe.get("gold_resumes_thread"):
                    resumed[1] += 1
                    ok = env.active_thread == ours_thread.get(wanted)
                    resumed[0] += ok
                    if not ok:
                        misses.append(
                            f"resume {tag}: wanted {ours_thread.get(wanted)} got "
                            f"{env.active_thread}: {turn['content']!r}"
                        )
                if probe.get("gold_new_thread") and ours_thread:
                    opened[1] += 1
                    ok = env.active_thread not in ours_thread.values()
                    opened[0] += ok
                    if not ok:
                        misses.append(
                            f"new    {tag}: stayed in {env.active_thread}: {turn['content']!r}"
                        )
                if gold == "TOOL_REFERENCE" and probe["gold_turn_ids"]:
                    tools[1] += 1
                    got = [
                        tool_ids.get(ref.scratch_entry or "", -1)
                        for ref in env.references
                        if ref.type == "tool"
                    ]
                    ok = bool(got) and got[0] == probe["gold_turn_ids"][0]
                    tools[0] += ok
                    if not ok:
                        misses.append(f"tool   {tag}: wanted {probe['gold_turn_ids']} got {got}")
            logged = log_turn(session, turn)
            if isinstance(logged, ScratchEntry):
                tool_ids[logged.entry_id] = tid
            elif isinstance(logged, Envelope):
                ours_thread[turn["thread"]] = logged.active_thread
    figures = {
        "intent_accuracy": sum(p == g for p, g in intents) / len(intents),
        "intent_macro_f1": macro_f1(intents),
        "resume_accuracy": resumed[0] / max(resumed[1], 1),
        "new_thread_accuracy": opened[0] / max(opened[1], 1),
        "tool_target_accuracy": tools[0] / max(tools[1], 1),
    }
    counts = {
        "intent": len(intents),
        "resume": resumed[1],
        "new_thread": opened[1],
        "tool": tools[1],
    }
    if verbose:
        print("\n".join(misses))
        print(Counter(g for _, g in intents))
    return figures, counts
