"""The keys of the records a JSON text's lists hold (rules summed-output-values and
typed-output-values; issue 15 item 1): a field every record of a result list repeats
('"phone_number"' of each restaurant found) names no one value, and a list of records of
many fields is a search's results. One pass over the characters, no pattern.
"""

from __future__ import annotations

__all__ = ["record_keys"]


def record_keys(content: str) -> list[str]:
    """The keys of a JSON text's objects that stand inside a list ('"genre"' of
    '{"results": [{"genre": "Pop"}]}'): one pass over its characters, strings skipped,
    the open brackets counted. Not JSON (no opening bracket): none."""
    if not content.lstrip().startswith(("{", "[")):
        return []
    keys: list[str] = []
    lists, depth_stack = 0, []
    start = -1  # the index after a string's opening quote, -1 outside strings
    escaped = False
    for index, char in enumerate(content):
        if start >= 0:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                if lists and content[index + 1 : index + 2] == ":":
                    keys.append(content[start:index])
                start = -1
            continue
        if char == '"':
            start = index + 1
        elif char in "[{":
            depth_stack.append(char)
            lists += char == "["
        elif char in "]}" and depth_stack:
            lists -= depth_stack.pop() == "["
    return keys
