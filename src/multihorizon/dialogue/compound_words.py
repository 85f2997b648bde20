"""The parts of an output's compound words (SPEC-028 §4.1 tool, §4.2; rule
compound-output-words; issue 15 item 1).

Outputs write names as compound words ("test (windows-latest, 3.12) 4m48s",
"host mx.outlook.example said: 421", "parse/unicode time: 45.5 µs"); people name a part alone
("how long did windows take", "what did outlook say", "did unicode change at all").
``compound_parts`` gives those parts, so the rules that find the output a question's words
name (output-details, tool-reference-match's scores) read them as the output's words.

Costs one pass over an output's words, cached per output.
"""

from __future__ import annotations

import functools

from ..text.tokens import STOPWORDS, normalise_term

__all__ = ["compound_parts"]


@functools.lru_cache(maxsize=512)
def compound_parts(content: frozenset[str]) -> frozenset[str]:
    """The parts of an output's compound words ("windows-latest"
    -> window, latest; "mx.outlook.example" -> outlook), which people name alone ("how long
    did windows take", "what did outlook say"): alphabetic parts of three letters or more,
    stopwords left out."""
    found = set()
    for word in content:
        if "-" in word or "." in word or "/" in word:
            for part in word.replace(".", "-").replace("/", "-").split("-"):
                if len(part) >= _MIN_PART and part.isalpha() and part not in STOPWORDS:
                    found.add(normalise_term(part))
    return frozenset(found)


# The shortest part of a compound word read alone ("mx" of "mx.outlook.example" is not).
_MIN_PART = 3
