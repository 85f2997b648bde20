"""Build the hand-written JSONL files from their compact sources (tests/data/handwritten/*.txt).

    python tools/handwritten_build.py tests/data/handwritten/intents_tune.txt \
        tests/data/handwritten/intents_tune.jsonl handwritten-tune

== conv_id
U INTENT thread | text          (user turn, gold intent, gold thread)
U INTENT thread @N | text       (gold_turn_ids [N], e.g. the tool turn a reference means)
A | text                        (assistant turn, thread of the user turn before)
T tool {"json":"args"} | output (tool turn, no thread)
"""

import json
import sys


def build(src, dst, source):
    convs, cur = [], None
    with open(src, encoding="utf-8") as lines:
        text = lines.read().splitlines(keepends=True)
    for raw in text:
        line = raw.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            continue
        if line.startswith("== "):
            cur = {"source": source, "conv_id": line[3:].strip(), "turns": [], "probes": []}
            convs.append(cur)
            continue
        head, _, text = line.partition(" | ")
        text = text.strip()
        parts = head.split()
        tid = len(cur["turns"])
        if parts[0] == "U":
            intent, thread = parts[1], parts[2]
            gold = [int(p[1:]) for p in parts[3:] if p.startswith("@")]
            seen = [t["thread"] for t in cur["turns"] if t["role"] == "user"]
            prev = seen[-1] if seen else None
            cur["turns"].append({"turn_id": tid, "role": "user", "content": text, "thread": thread})
            cur["probes"].append(
                {
                    "at_turn": tid,
                    "query": text,
                    "gold_turn_ids": gold,
                    "gold_intent": intent,
                    "gold_thread": thread,
                    "gold_new_thread": thread not in seen,
                    "gold_resumes_thread": thread in seen and prev is not None and prev != thread,
                }
            )
        elif parts[0] == "A":
            users = [t["thread"] for t in cur["turns"] if t["role"] == "user"]
            cur["turns"].append(
                {"turn_id": tid, "role": "assistant", "content": text, "thread": users[-1]}
            )
        elif parts[0] == "T":
            name = parts[1]
            args = json.loads(head[len("T " + name) :].strip() or "{}")
            turn = {"turn_id": tid, "role": "tool", "content": text, "thread": None, "tool": name}
            if args:
                turn["args"] = args
            cur["turns"].append(turn)
        else:
            raise SystemExit(f"bad line: {line}")
    with open(dst, "w", encoding="utf-8") as out:
        for conv in convs:
            out.write(json.dumps(conv, ensure_ascii=False) + "\n")
    n = sum(len(c["probes"]) for c in convs)
    print(f"{dst}: {len(convs)} conversations, {n} probes")


if __name__ == "__main__":
    build(sys.argv[1], sys.argv[2], sys.argv[3])
