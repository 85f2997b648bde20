"""Questions for a value of an output by a word that is not the output's key are about that
output (SPEC-028 §4.1 tool, freshness; §5.2 TOOL_REFERENCE; rule reworded-output-values;
issue 15 item 1).

After rsync's statistics and the reply "it finished cleanly", people ask "how quick was it?"
(its "bytes/sec"), "how many folders?" (its "dir:"); after a cron log, "under which
account?" (its "(root)"); after dig, "how long is it cached?" (the TTL column), "where does the
alias point?" (CNAME); after ``npm ls``, "what brings in the 7.5 one?" (the tree's parent);
after two invoices, "which is the newest?"; after a forecast, "how gusty will it get?"
("wind_gust_kmh"). No word of the question is the output's (rule summed-output-values finds
none) and no typed question word names it (rule typed-output-values): a synonym, a verb form
or a property does (``text.value_synonyms.ASKED_BY``).

``reworded_value_output`` finds the output: among the outputs whose exchange has a reply,
within ``_WINDOW`` turns, in the thread the talk is in now (after a new topic, "how long can
it stay in the tin?" asks nothing of dig), the newest holding an output word a question word
maps to (its key, split at punctuation, or a shape mark: a rate, a dig answer line, a tree's
branch, two dates; of a search's results, a JSON list of records of three fields or more
one of which the reply offered, only two dates: sgd's "how windy will it be?" asks about the
thing offered) whose value no turn since the output said ("how gusty?" after a reply
saying "gusts up to 38" is answered). A yes/no question counts only with a word of an
output's state (``STATE_WORDS``) about a thing named or pointed at (``STATE_SUBJECTS``: "is
it set to start on boot?", "is the air ok?", not "will a reboot fix it?"); a question
judging a value or asking about things in general (``EVALUATIVE_WORDS``, ``GENERAL_WORDS``:
"how cold is too cold for paddling?", "how quick is rsync in general?") or a first person's
need ("how big a disk do i need?") asks about the world.
The caller has checked the question asks for a value (rule summed-output-values' test) or
calls ``asked_by_preamble`` for one opening "could you tell me" (its "you" asks the
assistant, that test refuses it).

Costs nothing for a question with no word of ``ASKED_BY``; otherwise one token pass over each
output's bounded prefix in reach (cached) and over the turns since it.
"""

from __future__ import annotations

import functools
from collections.abc import Collection

from ..config import Config
from ..text.answer_shapes import GENERAL_WORDS
from ..text.lexicon import Marker
from ..text.output_nouns import POLAR_OPENERS
from ..text.tokens import content_terms
from ..text.value_questions import NORM_WORDS, VALUE_LEADS
from ..text.value_synonyms import (
    ASK_PREAMBLES,
    ASKED_BY,
    DATE_COMPARISONS,
    EVALUATIVE_WORDS,
    FIRST_PERSONS,
    REQUIREMENT_WORDS,
    SHAPE_DATES,
    STATE_SUBJECTS,
    STATE_WORDS,
    shape_marks,
)
from ..tiers.scratch import ScratchEntry
from .features import TurnFeatures
from .fresh_outputs import asks_reason
from .plain_terms import equation_term
from .turnlog import TurnLog
from .typed_values import said_tokens, search_results

__all__ = ["asked_by_preamble", "reworded_unasked_output", "reworded_value_output"]

_CONTENT_CHARS = 1500  # characters of an output read (as rule summed-output-values)
_WINDOW = 16  # turns back an output may be for such a question (as rule typed-output-values)
_MAX_WORDS = 64
_MAX_CHARS = 600
_EDGES = ",;:!?\"'()[]."
# Punctuation splitting an output's field names into words ("wind_gust_kmh", "Required-by:",
# "%MEM", "bytes/sec").
_SPLITTERS = str.maketrans({char: " " for char in "=:;,|\"'()[]{}<>#*`~+\\/\t_-%.@"})
_MIN_DATES = 2
_SHORT_TERM = 3  # "run", "new", "sea"?: too short to tell a subject of its own
_POINTERS = frozenset(
    ("it", "its", "they", "them", "their", "that", "this", "those", "these", "one")
)
_STEM = 5  # letters a question's word and an output's are compared by ("rotation", "rotate")


def reworded_value_output(
    text: str, scratch: Collection[ScratchEntry], log: TurnLog, config: Config
) -> ScratchEntry | None:
    """The output a question asks a value of by a word not its key (rule
    reworded-output-values; see the module), else None. The caller has checked that the
    text asks for a value or is a yes/no question."""
    if not config.reworded_output_values or len(scratch) == 0 or len(log) < 2:
        return None
    if len(text) > _MAX_CHARS:
        return None
    words = [word.strip(_EDGES) for word in text.casefold().split()[:_MAX_WORDS]]
    asked = [word for word in words if word in ASKED_BY]
    if not asked or not (GENERAL_WORDS.isdisjoint(words) and EVALUATIVE_WORDS.isdisjoint(words)):
        return None
    if not NORM_WORDS.isdisjoint(words):
        return None
    if not (FIRST_PERSONS.isdisjoint(words) or REQUIREMENT_WORDS.isdisjoint(words)):
        return None  # "how big a disk do i need?": the user's requirement
    if equation_term(text):
        return None  # "freezing level = the height where it's below zero?" asks a meaning
    start = next((at for at, word in enumerate(words) if word and word not in VALUE_LEADS), 0)
    if words[start] in POLAR_OPENERS:
        subject = words[start + 1] if start + 1 < len(words) else ""
        asked = [word for word in asked if word in STATE_WORDS]
        if not asked or subject not in STATE_SUBJECTS:
            return None  # "are gusts like that too much?" judges a value; "will a reboot fix
            # the relay?" asks about something else
    wanted = frozenset().union(*(ASKED_BY[word] for word in asked))
    last = len(log) - 1
    threads = log.thread_index
    for entry in sorted(scratch, key=lambda e: e.turn_id, reverse=True):
        since = entry.turn_id
        if since >= last or since < last - _WINDOW:
            continue  # no reply yet (fresh-output rules), or out of reach
        if threads[since] != threads[last]:
            continue  # the talk moved to another thread since
        content = entry.raw_output[:_CONTENT_CHARS]
        found = _output_words(content)
        held = wanted & found.keys()
        if search_results(content):
            # A search's results, one of which the reply offered: sgd's "how windy will it
            # be?" asks about that thing; only its rows' dates are compared ("the newest").
            held &= {SHAPE_DATES}
        if not held:
            continue
        if _brings_its_own_subject(text, words, found, log, since):
            return None  # "how cold does Lisbon get in January?": the world, not the forecast
        values = frozenset(value for word in held for value in found[word])
        if values and values <= said_tokens(log, since):
            continue  # the reply said it: "how gusty?" after "gusts up to 38"
        return entry
    return None


def _brings_its_own_subject(
    text: str, words: list[str], found: dict[str, frozenset[str]], log: TurnLog, since: int
) -> bool:
    """Whether a question pointing at nothing (no ``_POINTERS``) holds a content word (past
    ``_SHORT_TERM`` letters) that neither the output, a word the rule maps ("folders",
    "alias") nor a turn since the request says, compared by its first ``_STEM`` letters
    ("rotation" of "rotate.sh"): "in January", "wifi 6" bring a subject of their own and ask
    about the world (SPEC-028 §4.1)."""
    if not _POINTERS.isdisjoint(words):
        return False  # "is it set to start on boot?": its subject is the output's thing
    asked = [word for word in words if word in ASKED_BY]
    said = said_tokens(log, max(0, since - 1))
    for term in content_terms(text[:_MAX_CHARS]):
        if len(term) <= _SHORT_TERM or any(word.startswith(term) for word in asked):
            continue
        stem = term[:_STEM]
        if not any(word.startswith(stem) for word in (*found.keys(), *said)):
            return True
    return False


def reworded_unasked_output(
    features: TurnFeatures, scratch: Collection[ScratchEntry], log: TurnLog, config: Config
) -> ScratchEntry | None:
    """Rule reworded-output-values for a question rule summed-output-values finds asks no
    value: a yes/no question (the rule reads it only for a word of an output's state: "is it
    set to start on boot?"), one asking the assistant for a value ("could you tell me its
    process id?": the rest asked), one comparing dates ("which one is more recent?": no
    "more" asked, no advice) or a "how" question ending in "for". Any other ("if I drop the
    column, is there a risk ...?") asks no value."""
    if not config.reworded_output_values or len(features.text) > _MAX_CHARS:
        return None  # the rule reads questions up to _MAX_CHARS (as rule summed-output-values)
    words = [word.strip(_EDGES) for word in features.text.casefold().split()]
    dated = not DATE_COMPARISONS.isdisjoint(words)
    if features.has(Marker.CONTINUE) and not dated:
        return None
    rest = asked_by_preamble(features.text)
    if rest is not None:
        return reworded_value_output(rest, scratch, log, config)
    if features.request or asks_reason(features.text):
        return None
    opener = next((word for word in words if word not in VALUE_LEADS), "")
    # "how long is that cached for?": a "how" question ending in "for" asks an amount, not
    # what a thing is for (``MEANING_ENDS``).
    stranded = opener == "how" and words[-1:] == ["for"]
    if opener in POLAR_OPENERS or dated or stranded:
        return reworded_value_output(features.text, scratch, log, config)
    return None


def asked_by_preamble(text: str) -> str | None:
    """The question after an opening asking the assistant ("could you tell me its process id,
    please?": "its process id, please?"), when the rest asks no reason or advice; else None."""
    words = text[: _MAX_CHARS + 40].casefold().split()[:_MAX_WORDS]
    stripped = [word.strip(_EDGES) for word in words]
    while stripped and stripped[0] in VALUE_LEADS:
        stripped, words = stripped[1:], words[1:]
    for preamble in ASK_PREAMBLES:
        if tuple(stripped[: len(preamble)]) == preamble:
            rest = " ".join(words[len(preamble) :])
            return rest if rest and not asks_reason(rest) else None
    return None


@functools.lru_cache(maxsize=512)
def _output_words(content: str) -> dict[str, frozenset[str]]:
    """An output's words (its tokens, whole and split at punctuation, casefolded) and shape
    marks, each with the values beside it: the next token on its line for a word ("dir: 310"
    -> "310"), the mark's own for a shape ("8.13m" of "8.13M bytes/sec")."""
    found: dict[str, set[str]] = {}
    dates = 0
    for line in content.casefold().split("\n"):
        tokens = line.split()
        for index, raw in enumerate(tokens):
            after = tokens[index + 1].strip(_EDGES) if index + 1 < len(tokens) else ""
            whole = raw.strip(_EDGES + '"')  # "wind_dir" as well as "wind" and "dir"
            for word in (whole, *raw.translate(_SPLITTERS).split()):
                values = found.setdefault(word, set())
                if after:
                    values.add(after)
            dates += _is_date(raw.strip(_EDGES + '"'))
        for mark, shown in shape_marks(tokens).items():
            found.setdefault(mark, set()).update(value.strip(_EDGES) for value in shown)
    if dates >= _MIN_DATES:
        found[SHAPE_DATES] = set()  # "which is the newest?": the rows' dates are compared
    return {word: frozenset(values) for word, values in found.items()}


def _is_date(token: str) -> bool:
    """'2026-11-24', '2026-11-24t09:00': an ISO date."""
    pieces = token[:10].split("-")
    return len(pieces) == 3 and len(pieces[0]) == 4 and all(p.isdigit() for p in pieces)
