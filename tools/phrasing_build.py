"""Build a hand-written phrasing file (intents, threads, resumptions, reference targets and
enumerated items in one conversation) from its compact source (``*.txt``).

    python tools/phrasing_build.py tests/data/handwritten/phrasing_holdout.txt \
        tests/data/handwritten/phrasing_holdout.jsonl handwritten-phrasing-holdout

== conv_id
U INTENT thread [@N[,M]] [KIND] | text [|| gold item]
                        (user turn and a probe on it: gold intent and thread; the turns a
                        reference means, the reference's kind and the enumerated item it names)
A | text                (assistant turn, thread of the user turn before)
T tool {"json":"args"} | output (tool turn, no thread)
? INTENT KIND @N[,M] | query [|| gold item]
                        (a probe after the last turn, not logged)

A literal ``\\n`` in a text is a line break. The file is read by ``tests/handwritten_scoring.py``
(intent, resumption, new thread, tool target: probes on logged turns) and by the evaluation's
``references`` and ``intent`` tasks (every probe).
"""

import json
import sys


def _text(body: str) -> tuple[str, str | None]:
    text, _, item = body.partition(" || ")
    return text.strip().replace("\\n", "\n"), (item.strip() or None)


def _targets(parts: list[str]) -> tuple[list[int], str | None]:
    gold: list[int] = []
    kind = None
    for part in parts:
        if part.startswith("@"):
            gold.extend(int(n) for n in part[1:].split(","))
        else:
            kind = part
    return gold, kind


def build(src: str, dst: str, source: str) -> None:
    convs: list[dict] = []
    with open(src, encoding="utf-8") as lines:
        text = lines.read().splitlines()
    for line in text:
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("== "):
            convs.append({"source": source, "conv_id": line[3:].strip(), "turns": [], "probes": []})
            continue
        head, _, body = line.partition(" | ")
        cur, parts = convs[-1], head.split()
        tid = len(cur["turns"])
        content, item = _text(body)
        if parts[0] == "U":
            intent, thread = parts[1], parts[2]
            gold, kind = _targets(parts[3:])
            seen = [t["thread"] for t in cur["turns"] if t["role"] == "user"]
            prev = seen[-1] if seen else None
            cur["turns"].append(
                {"turn_id": tid, "role": "user", "content": content, "thread": thread}
            )
            probe = {
                "at_turn": tid,
                "query": content,
                "gold_turn_ids": gold,
                "gold_intent": intent,
                "gold_thread": thread,
                "gold_new_thread": thread not in seen,
                "gold_resumes_thread": thread in seen and prev is not None and prev != thread,
            }
            if kind:
                probe["kind"] = kind
            if item:
                probe["gold_item"] = item
            cur["probes"].append(probe)
        elif parts[0] == "A":
            users = [t["thread"] for t in cur["turns"] if t["role"] == "user"]
            cur["turns"].append(
                {"turn_id": tid, "role": "assistant", "content": content, "thread": users[-1]}
            )
        elif parts[0] == "T":
            name = parts[1]
            args = json.loads(head[len("T " + name) :].strip() or "{}")
            turn = {"turn_id": tid, "role": "tool", "content": content, "thread": None, "tool": name}
            if args:
                turn["args"] = args
            cur["turns"].append(turn)
        elif parts[0] == "?":
            gold, kind = _targets(parts[2:])
            probe = {
                "at_turn": tid,
                "query": content,
                "gold_turn_ids": gold,
                "gold_intent": parts[1],
            }
            if kind:
                probe["kind"] = kind
            if item:
                probe["gold_item"] = item
            cur["probes"].append(probe)
        else:
            raise SystemExit(f"bad line: {line!r}")
    with open(dst, "w", encoding="utf-8") as out:
        for conv in convs:
            out.write(json.dumps(conv, ensure_ascii=False) + "\n")
    n = sum(len(c["probes"]) for c in convs)
    print(f"{dst}: {len(convs)} conversations, {n} probes")


if __name__ == "__main__":
    build(sys.argv[1], sys.argv[2], sys.argv[3])
