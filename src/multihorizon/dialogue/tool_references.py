"""Tool references beyond "the result" (SPEC-028 §4.1 tool, §4.2; rule tool-reference-match).

§4.2 resolves a tool reference to ``scratch_buffer.most_recent(kind)``. People name the tool
or what it did instead: "why did the build fail?", "what did the API return?", "which tests
failed?", "what does the output say about disk?". After the references stage
(``resolution.resolve_turn``), ``match_tool_references``

- re-targets a detected tool reference to the entry its turn's words name (tool name,
  arguments, then content), when one names more than the newest of its kind does;
- adds a tool reference for a question with an outcome verb (lexicon ``TOOL_OUTCOME``:
  "fail", "return", "say") whose words name an entry, or that follows the output produced
  since the user's last turn;
- adds one for a question naming an output by its kind after a determiner ("the QC report",
  "those percentages", "the diff": ``text.output_nouns``; rule tool-output-nouns), to the
  entry its words name, else the newest;
- adds one for a question asked right after a tool output, before anything else was said
  ("Which role is it using?" after ``sts get-caller-identity``; rule fresh-output-questions),
  to the entry its words name, else the newest; not when its words name only what was said
  before ("Where do I buy the Epsom salt?" after a pH reading).

Costs nothing for a turn with neither a tool reference nor an outcome verb, or an empty
scratch buffer; otherwise one pass over the buffer's entries (64 at most by default), each
entry's words read once and cached.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
import re
from collections.abc import Iterable, Sequence

from ..config import Config
from ..text.lexicon import (
    FINDING_VERBS,
    OUTCOME_AUXILIARIES,
    OUTCOME_BASE_FORMS,
    OUTCOME_NOT_SUBJECTS,
    TOOL_OUTCOME_FOLLOWERS,
    Marker,
    said_phrase,
)
from ..text.output_nouns import (
    FAILURE_NOUNS,
    FAILURE_SIGNS,
    OUTPUT_SYNONYMS,
    TOOL_OUTPUT_NOUNS,
)
from ..text.said_words import IT_SAID_PHRASES, said_in_source
from ..text.tokens import content_terms, normalise_term
from ..tiers.scratch import ScratchBuffer, ScratchEntry
from .definite_mentions import definite_mentions
from .entry_texts import args_text as _args_text
from .features import TurnFeatures
from .fresh_outputs import about_fresh_output, addresses
from .references import Mention, Reference
from .resolution import Resolution
from .turnlog import TurnLog
from .world_questions import ADVICE, HOWTO, output_noun, without_generic_tools

__all__ = [
    "asks_fresh_output",
    "entry_words",
    "match_tool_references",
    "output_reference",
    "tool_name_words",
]

_OUTCOME = int(Marker.TOOL_OUTCOME)
_IT_SAID = frozenset(IT_SAID_PHRASES)
# A tool's name is read as words: "ci_build" -> ci, build; "es-health" -> es, health.
_NAME_SPLIT = re.compile(r"[_\s\-.:/]+")
# How much of an output is read for the words that name it (outputs lead with what matters).
_CONTENT_CHARS = 1500
# Name and argument words say which tool far more surely than a word of its output.
_NAME_WEIGHT = 3
# Turns back the user's previous turn is looked for.
_LAST_USER_WINDOW = 50


def match_tool_references(
    resolution: Resolution,
    features: TurnFeatures,
    scratch: ScratchBuffer,
    log: TurnLog,
    config: Config,
) -> Resolution:
    """The references stage's result with tool references matched to the entries the turn's
    words name, and a tool reference added for an outcome question (see the module)."""
    if not config.tool_reference_match or len(scratch) == 0:
        return resolution
    entries = list(scratch)
    # Rules howto-output-nouns and advice-questions: "where do I find the router logs?",
    # "would a partial index be better than caching the report?": no output's words.
    resolution, world = without_generic_tools(resolution, features, entries, config)
    advice = world == ADVICE
    has_tool = any(ref.type == "tool" for ref in resolution.references)
    outcomes = [hit for hit in features.hits if hit[0] == _OUTCOME]
    if not config.finding_outcomes:  # rule finding-outcomes: "How much did it find?"
        text = features.text
        outcomes = [h for h in outcomes if said_phrase(text, h[2], h[3]) not in FINDING_VERBS]
    if config.it_said_outputs:  # rule it-said-outputs: "it said in the docs to restart"
        outcomes = [hit for hit in outcomes if not said_in_source(features.text, hit[2], hit[3])]
    else:  # and its phrases ("whats it saying") are no outcome verbs
        outcomes = [h for h in outcomes if said_phrase(features.text, h[2], h[3]) not in _IT_SAID]
    people = bool(outcomes) and config.person_outcomes
    people = people and not _fresh(scratch.most_recent(), log, config)
    outcome = next((hit for hit in outcomes if _asks_outcome(features.text, hit, people)), None)
    outcome = None if advice else outcome
    if outcome is None and features.question and not has_tool:
        # "Show me the git diff": asks for an output, refers to none yet.
        asks = features.request or (config.addressed_output_nouns and addresses(features.text))
        asks = asks or advice
        outcome = (
            None if asks else output_noun(features.text, features.hits, config, world == HOWTO)
        )
        fallback = outcome is not None  # "the diff" naming no entry: the newest
        if outcome is None and not advice and _on_fresh(resolution, features, entries, log, config):
            # Asked before anything was said after the output: about the output.
            outcome, fallback = (0, -1, 0, len(features.text.rstrip())), True
        if outcome is not None:
            return _added(resolution, features, entries, outcome, fallback=fallback)
    elif not (features.question or has_tool) and _on_fresh(
        resolution, features, entries, log, config
    ):  # rule fresh-output-replies: "24 cps is insane", "nine weeks lol"
        hit = (0, -1, 0, len(features.text.rstrip()))
        return _added(resolution, features, entries, hit, fallback=True)
    if not has_tool:
        unsaid = config.tool_output_nouns
        holders = log if config.output_holders else None
        references = resolution.references
        coded = config.coded_demonstratives
        named = tuple(_tool_named(ref, entries, unsaid, holders, coded) for ref in references)
        said = len(named) - len(resolution.named)  # rule definite-references' come last
        has_tool = not advice and any(ref.type == "tool" for ref in named[:said])
        if has_tool:  # "that booking" after a vet_booking call, "that scan" after an MRI
            resolution = dataclasses.replace(resolution, references=named, named=named[said:])
        elif outcome is None and holders is not None:
            # Rule output-holders: "the standby slot", "that refraction" are the output
            # holding them, as a definite reference is: they neither make the turn
            # TOOL_REFERENCE nor reach ``resolved`` (in sgd "that restaurant" is held by
            # the search output's field names: intent macro-F1 0.673 -> 0.669 if they did).
            first = config.introduced_outputs  # rule introduced-outputs
            held = tuple(_output_held(ref, entries, log, first) for ref in named)
            if held != resolution.references or held[said:] != resolution.named:  # issue 14
                resolution = dataclasses.replace(resolution, references=held, named=held[said:])
            return _unsaid_definites(resolution, features, entries)
    if not has_tool and (outcome is None or not features.question):
        return resolution
    if not has_tool:
        assert outcome is not None
        return _added(resolution, features, entries, outcome, log=log)
    words = _turn_words(features.terms)
    scores = [_score(entry, words) for entry in entries]
    errors = config.tool_output_nouns
    references = tuple(_retarget(ref, entries, scores, errors) for ref in resolution.references)
    return _with_references(resolution, references)


def _added(
    resolution: Resolution,
    features: TurnFeatures,
    entries: list[ScratchEntry],
    hit: tuple[int, int, int, int],
    *,
    log: TurnLog | None = None,
    fallback: bool = False,
) -> Resolution:
    """``resolution`` with a tool reference at ``hit``'s span to the entry the turn's words
    name; naming none, the newest when ``fallback``, else the newest produced since the
    user's last turn (``log``), else nothing is added."""
    words = _turn_words(features.terms)
    scores = [_score(entry, words) for entry in entries]
    if fallback:
        index = _best(scores)
        index = index if index >= 0 else len(entries) - 1
    else:
        assert log is not None
        index = _named_entry(entries, scores, log)
    if index < 0:
        return resolution
    _, _, start, end = hit
    added = _reference(features.text[start:end], start, end, entries[index], scores[index])
    return _with_references(resolution, (*resolution.references, added))


def _with_references(resolution: Resolution, references: tuple[Reference, ...]) -> Resolution:
    resolved = tuple(ref for ref in references if ref.target_turn is not None)
    return dataclasses.replace(
        resolution,
        references=references,
        resolved=resolved,
        has_tool=any(ref.type == "tool" for ref in references),
    )


def asks_fresh_output(scratch: ScratchBuffer, log: TurnLog, config: Config) -> bool:
    """Whether a question now may be about the output just produced (rule
    fresh-output-questions): ``Session.classify`` sends such a question on to the references
    stage (the native settle cannot see the buffer's order); ``Session`` publishes it with what
    its lock-free ``classify`` reads."""
    # The newest entry alone, not a copy of them all: ``Session`` asks this at every change.
    return config.tool_reference_match and _fresh(scratch.most_recent(), log, config)


def _points_elsewhere(resolution: Resolution, nowhere: bool = False) -> bool:
    """Whether a turn's resolved references name what it is about otherwise: an item, a
    turn or a request ("the second one", "what you said", "do it again"); a demonstrative's
    noun ("that change") may be the output's own. ``nowhere`` (rule output-holders): a turn
    reference whose words no turn holds ("Is the debezium one the culprit?") points at none."""
    floor = _NOWHERE if nowhere else -1.0
    return any(
        ref.type in ("ordinal", "turn", "action") and ref.confidence > floor
        for ref in resolution.resolved
    )


# A turn reference's confidence when no turn holds what it is about ("the debezium one",
# resolution's 0.3 fallback): it points nowhere said (rule output-holders).
_NOWHERE = 0.3


def _on_fresh(
    resolution: Resolution,
    features: TurnFeatures,
    entries: list[ScratchEntry],
    log: TurnLog,
    config: Config,
) -> bool:
    """Whether a turn logged right after the newest output is about it (``fresh_outputs``)."""
    newest = entries[-1] if entries else None
    if newest is None or not _fresh(newest, log, config):
        return False
    elsewhere = _points_elsewhere(resolution, config.output_holders)
    shows = any(_score(newest, _turn_words(features.terms)))
    return about_fresh_output(features, config, elsewhere=elsewhere, shows=shows, log=log)


def _fresh(newest: ScratchEntry | None, log: TurnLog, config: Config) -> bool:
    """Rule fresh-output-questions: the newest output came after every logged turn (it is
    linked to the latest turn: nothing was said since it was produced)."""
    return (
        config.fresh_output_questions
        and newest is not None
        and len(log) > 0
        and newest.turn_id == len(log) - 1
    )


def _tool_named(
    ref: Reference,
    entries: list[ScratchEntry],
    unsaid: bool,
    log: TurnLog | None = None,
    coded: bool = False,
) -> Reference:
    """A demonstrative whose words name a tool call's name or arguments ("that booking" after
    ``vet_booking``, "this scan" after ``csvscan``) refers to that call's output; any other
    reference is returned as it is ("the router" names the topic more often than a
    ``router_admin`` call). With ``log`` (rule output-holders), an entity reference an output
    holds (``_output_holding``) is that output."""
    if ref.type != "entity":
        return ref
    terms = content_terms(ref.surface)
    named = _tool_by_name(terms, entries) if log is not None and terms else -1
    if named >= 0:  # rule output-holders: "that scan" after an MRI report, "the ping"
        return _reference(ref.surface, ref.start, ref.end, entries[named], (1, 0))
    if ref.surface.split(None, 1)[0].casefold() not in _POINTING:
        return ref
    words = _turn_words(terms)
    scores = [_score(entry, words) for entry in entries]
    best = max(range(len(entries)), key=lambda i: (scores[i][0], i), default=-1)
    if best >= 0 and scores[best][0]:
        return _reference(ref.surface, ref.start, ref.end, entries[best], scores[best])
    named = len(set(terms)) >= _UNSAID_TERMS or (coded and _coded(ref.surface))
    if unsaid and ref.target_turn is None and terms and named:
        # Rule tool-output-nouns: "that deny statement", which no turn said and an output
        # holds every word of, is that output (the newest such); rule coded-demonstratives:
        # one word written as code ("this SIGABRT") is enough.
        held = [i for i, score in enumerate(scores) if score[1] >= len(set(terms))]
        if held:
            return _reference(ref.surface, ref.start, ref.end, entries[held[-1]], scores[held[-1]])
    return ref


_POINTING = frozenset(("that", "this", "those", "these"))


def _coded(surface: str) -> bool:
    """Whether a demonstrative's words hold one written as code, not as a word: a capital
    past its first letter, a digit or an underscore ("SIGABRT", "SignatureVerificationError",
    "ERR_CONN"); "this venue", "that Old Boys side" hold none."""
    return any(
        any(char.isupper() or char.isdigit() or char == "_" for char in word[1:])
        for word in surface.split()[1:]
    )


def _output_held(
    ref: Reference, entries: list[ScratchEntry], log: TurnLog, introduced: bool = False
) -> Reference:
    """``ref`` moved to the output holding it (``_output_holding``), if one does."""
    if ref.type != "entity":
        return ref
    index = _output_holding(ref, entries, log, introduced)
    if index < 0:
        return ref
    return _reference(ref.surface, ref.start, ref.end, entries[index], (0, 1))


def _output_holding(
    ref: Reference, entries: list[ScratchEntry], log: TurnLog, introduced: bool = False
) -> int:
    """Rule output-holders: the newest output holding every word of an entity reference
    ("that refraction", "the standby slot") is its referent when the turn it resolved to
    holds fewer of them or came before that output (SPEC-028 §4.2: the most recent mention;
    outputs hold the details the replies summarise); else -1. ``introduced`` (rule
    introduced-outputs): a demonstrative's words ("that to-space exhausted line", "that
    restore step") that the output said before any turn did are the output's, though a
    reply after it repeats them all."""
    terms = content_terms(ref.surface)
    turn = ref.target_turn
    if not terms or turn is None:
        return -1  # said nowhere: rule tool-output-nouns' (``_tool_named``)
    # Words no turn said ("the refraction worse", "that slit lamp finding") need no holder.
    said = frozenset(term for term in terms if log.turns_mentioning(term))
    for index in range(len(entries) - 1, -1, -1):
        # Its output's words only: "the router" names the topic more often than a
        # router_admin call does.
        content = _words_of(entries[index])[1]
        wanted = frozenset(terms) & content
        if wanted and said <= content:
            if entries[index].turn_id >= turn:
                return index
            if _held(wanted, turn, log) < len(wanted):
                return index
            pointing = ref.surface.split(None, 1)[0].casefold() in _POINTING
            first = pointing and introduced and _said_after(wanted, entries[index].turn_id, log)
            # One word of a structured output is as likely a field's name ("that event").
            named = len(wanted) > 1 or not entries[index].raw_output.lstrip().startswith(("{", "["))
            return index if first and named else -1
    return -1


def _said_after(terms: frozenset[str], turn: int, log: TurnLog) -> bool:
    """Whether no logged turn up to ``turn`` said any of ``terms`` (the entity index)."""
    for term in terms:
        postings = log.turns_mentioning(term)
        if postings and postings[0] <= turn:
            return False
    return True


def _tool_by_name(terms: Sequence[str], entries: list[ScratchEntry]) -> int:
    """The newest output whose tool a noun phrase names: by its whole name ("the ping"), a
    word of its kind (``OUTPUT_SYNONYMS``: "the imaging" for a radiology_report, "the disk"
    for ``df -h``), or a word of its name with an output noun ("the DHCP list"); else -1."""
    first, kinded = terms[0], not _KIND_NOUNS.isdisjoint(terms)
    for index in range(len(entries) - 1, -1, -1):
        entry = entries[index]
        parts, kin = _name_keys(entry.tool_name, _args_text(entry.tool_call_args))
        if first in kin or (len(parts) == 1 and first in parts):
            return index  # "the ping"; "the imaging" for an MRI report, "the disk" for df
        if kinded and not parts.isdisjoint(terms):
            return index
    return -1


@functools.lru_cache(maxsize=512)
def _name_keys(tool_name: str, args: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the words of a tool's name; the words of its kind that neither its name nor its
    arguments say), for ``_tool_by_name``: computed once per call, not per mention."""
    parts = _name_parts(tool_name)
    called = parts | set(content_terms(args))
    return frozenset(parts), frozenset(_with_synonyms(called) - called)


def _unsaid_definites(
    resolution: Resolution, features: TurnFeatures, entries: list[ScratchEntry]
) -> Resolution:
    """Rule output-holders: a definite noun phrase no turn said that names a tool ("Which
    hostname is in the DHCP list?", "How many packets did the ping drop?") is its output,
    as a definite reference (``resolution.named``: the intent is left alone)."""
    if "the" not in features.text.casefold():
        return resolution
    taken = [Mention(ref.type, ref.surface, ref.start, ref.end) for ref in resolution.references]
    added = []
    for mention in definite_mentions(features.text, taken):
        index = _tool_by_name(mention.terms, entries)
        if index >= 0:
            span = mention.surface, mention.start, mention.end
            added.append(_reference(*span, entries[index], (1, 0)))
    if not added:
        return resolution
    return resolution.with_named(*added)


# Nouns that name what a tool gave, beyond ``TOOL_OUTPUT_NOUNS``; with a word of a tool's
# name ("the DHCP list", "the lynis audit") they name its output.
_KIND_NOUNS = frozenset(
    (*(normalise_term(noun) for noun in TOOL_OUTPUT_NOUNS if " " not in noun),
     "list", "listing", "table", "summary", "audit", "exam", "snapshot", "comparison",
     "breakdown", "split", "config", "page", "export", "record", "check", "test")
)  # fmt: skip


def _name_parts(tool_name: str) -> set[str]:
    return {normalise_term(part) for part in _NAME_SPLIT.split(tool_name) if len(part) >= 2}


_SYNONYMS = tuple(frozenset(normalise_term(word) for word in group) for group in OUTPUT_SYNONYMS)


def _with_synonyms(words: set[str]) -> set[str]:
    """``words`` with every word of an ``OUTPUT_SYNONYMS`` group one of them is in."""
    words = set(words)
    for group in _SYNONYMS:
        if not group.isdisjoint(words):
            words |= group
    return words


def entry_words(entry: ScratchEntry) -> tuple[frozenset[str], frozenset[str]]:
    """(the words of an entry's tool name, kind and arguments; its output's words), cached."""
    return _words_of(entry)


def tool_name_words(entry: ScratchEntry) -> frozenset[str]:
    """The words of an entry's tool name with the synonyms of its kind ("crawl" for
    ``site_crawl``, "imaging" for a radiology report)."""
    return frozenset(_with_synonyms(_name_parts(entry.tool_name)))


def _words_of(entry: ScratchEntry) -> tuple[frozenset[str], frozenset[str]]:
    return _entry_words(entry.tool_name, entry.kind, _args_text(entry.tool_call_args),
                        entry.raw_output[:_CONTENT_CHARS])  # fmt: skip


def _held(terms: frozenset[str], turn: int, log: TurnLog) -> int:
    """How many of ``terms`` the logged ``turn`` mentions (the entity index)."""
    held = 0
    for term in terms:
        postings = log.turns_mentioning(term)
        position = bisect.bisect_left(postings, turn)
        held += position < len(postings) and postings[position] == turn
    return held


# Words an unsaid demonstrative must hold for an output to be its referent: "that deny
# statement"; "this venue" alone is a field name of every booking API's output (sgd).
_UNSAID_TERMS = 2


def _asks_outcome(text: str, hit: tuple[int, int, int, int], people: bool = False) -> bool:
    """Whether an outcome word is a verb asked about ("why did the build fail?", "what did
    it return for APAC?"), not a noun's modifier ("the return flight"): what follows it ends
    the clause or is one of ``TOOL_OUTCOME_FOLLOWERS``."""
    said = said_phrase(text, hit[2], hit[3])
    if said in TOOL_OUTPUT_NOUNS:
        return False  # "the diff", "the errors": a noun (``world_questions.output_noun``)
    before = text[max(0, hit[2] - 12) : hit[2]].split()[-1:] if people else ()
    if before and before[0].casefold().strip(_WORD_EDGES) in OUTCOME_NOT_SUBJECTS:
        # Rule person-outcomes: "what you said about X", "the option you gave" are a
        # person's words, no tool's (right after an output, "more than you said?!" is its).
        return False
    if said in OUTCOME_BASE_FORMS and not _auxiliary_before(text, hit[2]):
        return False  # "like a Stage show?": a noun
    following = text[hit[3] : hit[3] + 40].split(maxsplit=1)
    if not following:
        return True
    word = following[0].casefold()
    if word[:1] in _CLAUSE_MARKS:
        return True
    return word.strip(_WORD_EDGES) in TOOL_OUTCOME_FOLLOWERS


def _auxiliary_before(text: str, start: int) -> bool:
    """Whether an auxiliary (``OUTCOME_AUXILIARIES``) comes earlier in the hit's clause, and
    no person (``OUTCOME_NOT_SUBJECTS``) in the two words before it."""
    clause = text[max(0, start - 60) : start]
    cut = max(clause.rfind(mark) for mark in ".,;:!?\n")
    words = [word.strip(_WORD_EDGES) for word in clause[cut + 1 :].casefold().split()]
    if not OUTCOME_NOT_SUBJECTS.isdisjoint(words[-2:]):
        return False  # "you can show", "did you show": a person does it, no tool
    return not OUTCOME_AUXILIARIES.isdisjoint(words)


_CLAUSE_MARKS = frozenset(",.;:!?)-\u2013\u2014")
_WORD_EDGES = ",.;:!?\"'()"


def _turn_words(terms: Iterable[str]) -> frozenset[str]:
    """A turn's content words, and each adjacent pair joined ("speed test" -> speedtest)."""
    listed = list(terms)
    joined = (first + second for first, second in itertools.pairwise(listed))
    return frozenset((*listed, *joined))


def _score(entry: ScratchEntry, words: frozenset[str]) -> tuple[int, int]:
    """(name and argument words the turn names, content words it names)."""
    name, content = _entry_words(entry.tool_name, entry.kind, _args_text(entry.tool_call_args),
                                 entry.raw_output[:_CONTENT_CHARS])  # fmt: skip
    return len(words & name), len(words & content)


def _total(score: tuple[int, int]) -> int:
    return _NAME_WEIGHT * score[0] + score[1]


@functools.lru_cache(maxsize=512)
def _entry_words(
    tool_name: str, kind: str, args: str, content: str
) -> tuple[frozenset[str], frozenset[str]]:
    """The words that name an entry: its tool's name, kind and arguments; its output's."""
    name = _with_synonyms(_name_parts(tool_name))
    name.add(kind)
    name.update(_with_synonyms(set(content_terms(args))))
    # An output's field names are words too: "latency_ms" says latency (rule
    # tool-reference-match; issue 15 phrasing stop).
    return frozenset(name), frozenset(content_terms(content.replace("_", " ")))


def _retarget(
    ref: Reference, entries: list[ScratchEntry], scores: list[tuple[int, int]], errors: bool
) -> Reference:
    """A tool reference moved to the entry the turn names best, when that one names more of
    the turn's words than the entry §4.2 chose (ties: §4.2's choice)."""
    if ref.type != "tool" or ref.scratch_entry is None:
        return ref
    chosen = next((i for i, entry in enumerate(entries) if entry.entry_id == ref.scratch_entry), -1)
    best = _best(scores)
    if chosen >= 0 and (best < 0 or _total(scores[best]) <= _total(scores[chosen])):
        # Rule tool-output-nouns: "that stack trace" is an output that failed, not the
        # newest one when that shows no failure.
        best = _failed_instead(ref.surface, entries, chosen) if errors else -1
    if chosen < 0 or best < 0:
        return ref
    entry = entries[best]
    return dataclasses.replace(
        ref,
        target_turn=entry.turn_id if entry.turn_id >= 0 else None,
        scratch_entry=entry.entry_id,
        confidence=max(ref.confidence, 0.8),
    )


def _failed_instead(surface: str, entries: list[ScratchEntry], chosen: int) -> int:
    """The newest entry whose output shows a failure, when ``surface`` names one ("the
    error", "that stack trace") and the ``chosen`` entry shows none; else -1."""
    if FAILURE_NOUNS.isdisjoint(surface.casefold().split()) or _shows_failure(entries[chosen]):
        return -1
    return next((i for i in range(len(entries) - 1, -1, -1) if _shows_failure(entries[i])), -1)


def _shows_failure(entry: ScratchEntry) -> bool:
    head = entry.raw_output[:_CONTENT_CHARS].casefold()
    return any(sign in head for sign in FAILURE_SIGNS)


def _best(scores: list[tuple[int, int]]) -> int:
    """The entry with the highest score, the newest among ties; -1 if none scores."""
    best, top = -1, 0
    for index, score in enumerate(scores):
        total = _total(score)
        if total > 0 and total >= top:
            best, top = index, total
    return best


def _named_entry(entries: list[ScratchEntry], scores: list[tuple[int, int]], log: TurnLog) -> int:
    """The entry an outcome question asks about: the one its words name, else the newest
    when it was produced since the user's last turn ("which ones failed?" right after the
    test run); -1 when neither."""
    best = _best(scores)
    if best >= 0:
        return best
    newest = entries[-1]
    return len(entries) - 1 if newest.turn_id >= _last_user_turn(log) else -1


def _last_user_turn(log: TurnLog) -> int:
    roles = log.roles
    for turn in range(len(log) - 1, max(-1, len(log) - 1 - _LAST_USER_WINDOW), -1):
        if roles[turn] == "user":
            return turn
    return -1


def _reference(
    surface: str, start: int, end: int, entry: ScratchEntry, score: tuple[int, int]
) -> Reference:
    return output_reference(surface, start, end, entry, 0.8 if score[0] else 0.6)


def output_reference(
    surface: str, start: int, end: int, entry: ScratchEntry, confidence: float = 0.6
) -> Reference:
    """A tool reference (§4.1) from the turn's ``surface`` at ``start:end`` to the output
    ``entry`` (its turn when it was logged as one)."""
    return Reference(
        "tool",
        surface,
        start,
        end,
        target_turn=entry.turn_id if entry.turn_id >= 0 else None,
        scratch_entry=entry.entry_id,
        confidence=confidence,
    )
