"""Build a hand-written reference JSONL file from its compact source (``*.txt``).

    python tools/references_build.py tests/data/handwritten/references_entities_tune.txt \
        tests/data/handwritten/references_entities_tune.jsonl handwritten-entities-tune

== conv_id
U | text                (user turn)
A | text                (assistant turn)
? KIND N[,M] | query    (a probe after the last turn: gold_turn_ids [N, M], kind KIND)
"""

import json
import sys


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
        if parts[0] in ("U", "A"):
            role = "user" if parts[0] == "U" else "assistant"
            turn = {"turn_id": len(cur["turns"]), "role": role, "content": body.strip()}
            cur["turns"].append({**turn, "thread": None})
        elif parts[0] == "?":
            gold = [int(n) for n in parts[2].split(",")]
            cur["probes"].append(
                {
                    "at_turn": len(cur["turns"]),
                    "query": body.strip(),
                    "gold_turn_ids": gold,
                    "gold_intent": None,
                    "kind": parts[1],
                }
            )
        else:
            raise SystemExit(f"bad line: {line!r}")
    with open(dst, "w", encoding="utf-8") as out:
        for conv in convs:
            out.write(json.dumps(conv, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    build(sys.argv[1], sys.argv[2], sys.argv[3])
