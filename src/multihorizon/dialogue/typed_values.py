"""Questions for a value of an output by its type rather than its field's name are about that
output (SPEC-028 §4.1 tool, freshness; §5.2 TOOL_REFERENCE; rule typed-output-values; issue
15 item 1).

After a CI log and the reply "the tests failed in the auth module", people ask "who kicked it
off?", "how long did it run?"; after a commit, "when was it committed?"; after a connection
error, "which port did it try?", "what address was it hitting?"; after a compiler's errors,
"what line is the first one on?". The question names no word of the output (rule
summed-output-values finds none): it asks by the type of the answer, its question word and
head noun (``text.answer_shapes.asked_type``), and the output holds a value of that type (a
field of that type: "triggered by:", "Author:", "runner:"; or a value of its form: "4m12s",
"10.0.3.17", ":5432", "main.c:41:7:").

``typed_value_output`` finds the output: among the latest outputs whose exchange has a reply
(those logged after one turn; an older output is no fresh one), in reach (within ``_WINDOW``
turns) and in the thread the conversation is in now (after a new
topic, "how many juniors can ride together?" asks nothing of a commit), holding a value of
the asked type that no turn since the output said (a value known by its form: "when did it
die?" after a reply saying "03:12:44" is answered). A "which" / "what" question of another
head noun asks for the field of that name ("what terminal does it land at?" of a flight's
"terminal" fields, named twice, which rule summed-output-values leaves) when no turn since
the output said it. A JSON text whose list holds records of
three fields or more is a search's results, one of which its reply offered: sgd's "Who
directed it?", "Where is it located?" ask about that thing (as rule summed-output-values
counts such a record's field as no one value). The question must ask for a value
(``summed_values``' own test, by the caller: no advice, reason, norm, yes/no or how-to
question: "who should review it?", "which port should staging use?").

Costs nothing for a question of no typed opening; otherwise one token pass over each output's
bounded prefix in reach (cached) and over the turns since it.
"""

from __future__ import annotations

import functools
from collections.abc import Collection

from ..config import Config
from ..text.answer_shapes import asked_type, head_noun, shape_values
from ..text.tokens import normalise_term
from ..tiers.scratch import ScratchEntry
from .json_records import record_keys
from .turnlog import TurnLog

__all__ = ["said_tokens", "search_results", "typed_value_output"]

_CONTENT_CHARS = 1500  # characters of an output read (as rule summed-output-values)
_WINDOW = 16  # turns back an output may be for such a question
_SAID_CHARS = 2000  # characters of each turn since the output read for a said value
_MAX_WORDS = 64
# Fields of the records in a JSON text's list from which it is a search's results ("results":
# [{"name", "address", "phone_number", ...}]): questions after the reply offering one ask
# about that thing ("Who directed it?", "Where is it located?"), not a value of the output.
_RESULT_FIELDS = 3
_EDGES = ",;:!?\"'()[]."


def typed_value_output(
    text: str, scratch: Collection[ScratchEntry], log: TurnLog, config: Config
) -> ScratchEntry | None:
    """The output a question asks a value of by its type (rule typed-output-values; see the
    module), else None. The caller has checked that the text asks for a value."""
    if not config.typed_output_values or len(scratch) == 0 or len(log) < 2:
        return None
    words = [word.strip(_EDGES) for word in text.casefold().split()[:_MAX_WORDS]]
    kind = asked_type(words)
    noun = normalise_term(head_noun(words) or "") if kind is None else ""
    if kind is None and not noun:
        return None
    last = len(log) - 1
    # The latest outputs with a reply (those of one step, after the same turn): an older one
    # is no fresh output, whatever it holds.
    since = max((entry.turn_id for entry in scratch if entry.turn_id < last), default=-1)
    threads = log.thread_index
    if since < 0 or since < last - _WINDOW or threads[since] != threads[last]:
        return None  # out of reach, or the talk moved to another thread
    best: ScratchEntry | None = None
    for entry in scratch:
        if entry.turn_id != since:
            continue
        content = entry.raw_output[:_CONTENT_CHARS]
        if kind is None:  # "what terminal does it land at?": a field of it, though repeated
            if noun in _keys(content) and not any(t > since for t in log.turns_mentioning(noun)):
                best = entry
            continue
        holds, values = _holds(content, kind)
        if holds and not (values and values <= said_tokens(log, since)):
            best = entry  # the last of them holding such a value
    return best


@functools.lru_cache(maxsize=1024)
def search_results(content: str) -> bool:
    """Whether an output is a search's results: a JSON list of records of ``_RESULT_FIELDS``
    fields or more (read once per output for ``_keys`` and every kind ``_holds`` asks)."""
    return len(set(record_keys(content))) >= _RESULT_FIELDS


@functools.lru_cache(maxsize=1024)
def _keys(content: str) -> frozenset[str]:
    """The field names of an output not a search's results ("terminal" of '"terminal": "A"',
    "runner" of "runner: gl-7"), as normalised terms: a token ending in ':' or a JSON key."""
    if search_results(content):
        return frozenset()
    keys: set[str] = set()
    for token in content.casefold().split():
        name = token.strip('{[,"')
        if name.endswith((":", '":')) and len(name) > 1:
            for part in name.rstrip(':"').replace("-", "_").split("_"):
                if part.isalpha():
                    keys.add(normalise_term(part))
    return frozenset(keys)


@functools.lru_cache(maxsize=1024)
def _holds(content: str, kind: str) -> tuple[bool, frozenset[str]]:
    if search_results(content):
        return False, frozenset()  # a search's results: the reply offered one of them
    head = content.split("\n", 1)[0].split()
    # A first line of several words and no field's mark is a table's column heads.
    header = len(head) if len(head) > 1 and ":" not in content.split("\n", 1)[0] else 0
    return shape_values(content.casefold().split(), kind, header)


def said_tokens(log: TurnLog, since: int) -> set[str]:
    """The tokens (edges stripped) of the turns after ``since``, each read to a bound."""
    said: set[str] = set()
    for turn in range(since + 1, len(log)):
        for token in log.features[turn].text[:_SAID_CHARS].casefold().split():
            said.add(token.strip(_EDGES))
            said.add(token.strip(",;!?\"'()[]{}<>*`"))
    return said
