"""Thread state and the Active Thread Summary (SPEC-028 §6), extracted without a model call.

A ``ThreadState`` holds what one topic thread has settled (``established``), what is still
unresolved (``open_questions``) and what the user required (``user_constraints``). It is
immutable: ``update`` returns a new state, so a session keeps the old one until its whole turn
has succeeded, and a failed call leaves everything as it was.

Extraction is regular expressions and small word lists, compiled at import. Each sentence of a
user turn goes to at most one list, checked in this order: a question or request (open), a
constraint, a fact (established). An assistant turn closes the open questions it answers and
establishes at most two decisive sentences. The rules are heuristics, measured on the real
conversations in ``../shared/data`` (``tests/test_threadstate.py`` holds the measured floors).

Speed: ``update`` runs on every turn of a chat request, so every cue list is checked first
against the set of words in the sentence, and its regular expression (for phrases) runs only
when a trigger word is present; Python's ``re`` has no multi-pattern scan, so an unanchored
alternation of many phrases costs microseconds per sentence.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._slots import slot_setters
from ..errors import InputError
from ..text.entries import (
    NOMINAL,
    TITLE_CHARS,
    TITLE_LEAD,
    TITLE_STOP,
    clean,
    make_entry,
    third_person,
    trim,
)
from ..text.sentences import (
    HAS_WORD,
    sanitise,
    scan_window,
    split_sentences,
)
from ..text.statecues import (
    ACK,
    ACK_LEAD,
    ASSISTANT_FACT_SCORE,
    CONSTRAINT,
    GRATITUDE,
    MAX_ASSISTANT_FACTS,
    NEGATION,
    NUMBER_WORDS,
    QUESTION_FIRST,
    QUESTION_INDIRECT,
    QUESTION_START,
    REACTION,
    REACTION_FIRST,
    REQUEST_FIRST,
    REQUEST_START,
    SIGN_OFF,
    SIGN_OFF_START,
    answers,
    assistant_score,
    check_strings,
    check_turn,
    dedupe_key,
    first_word,
    has_number,
    has_tech,
    haystack,
    is_user_fact,
    merge,
    shared_keys,
    word_tokens,
)
from ..text.tokens import LABEL_SKIP, STOPWORDS, normalise_term, words

__all__ = ["ThreadState", "split_sentences", "title_from"]


_ROLES = frozenset({"user", "assistant", "tool"})
# Every word that can start a cue ``_after_user`` asks about (a cue list's ``vocabulary``).
_USER_CUES = (ACK, SIGN_OFF, QUESTION_INDIRECT, GRATITUDE, CONSTRAINT)
_USER_CUE_WORDS = frozenset().union(*(cue.vocabulary for cue in _USER_CUES))


# ---------------------------------------------------------------------------------------------
# ThreadState
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, repr=False)
class ThreadState:
    """The state of one topic thread (SPEC-028 §6.2), restored to context when it resumes.

    ``title`` is a readable topic label for the summary ("etcd configuration"). ``replied``
    runs parallel to ``open_questions``: True once an assistant turn has come after the
    question without closing it, so that the user's "thanks, that works" closes it.
    """

    thread_id: str
    established: tuple[str, ...] = ()
    open_questions: tuple[str, ...] = ()
    user_constraints: tuple[str, ...] = ()
    last_active_turn: int = 0
    title: str = ""
    replied: tuple[bool, ...] = ()
    # The summary text of these lists, made on first use. Every envelope renders one and most
    # turns leave the lists as they were, so ``_evolve`` hands it on (issue 14). It lives on
    # the state, not in a module cache, so no two sessions ever share a summary.
    _rendered: str | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.thread_id, str) or not self.thread_id:
            raise InputError("thread_id must be a non-empty str")
        if not isinstance(self.title, str):
            raise InputError(f"title must be a str, got {type(self.title).__name__}")
        check_turn(self.last_active_turn)
        for name in ("established", "open_questions", "user_constraints"):
            object.__setattr__(self, name, check_strings(name, getattr(self, name)))
        if isinstance(self.replied, str) or not isinstance(self.replied, (tuple, list)):
            raise InputError("replied must be a tuple of bool")
        replied = tuple(bool(flag) for flag in self.replied)
        if len(replied) != len(self.open_questions):
            if replied:
                raise InputError("replied must have one flag per open question")
            replied = (False,) * len(self.open_questions)
        object.__setattr__(self, "replied", replied)

    def state(self) -> dict[str, Any]:
        """Every field as plain data (lists for tuples): what ``restore`` takes back."""
        return {
            "thread_id": self.thread_id,
            "established": list(self.established),
            "open_questions": list(self.open_questions),
            "user_constraints": list(self.user_constraints),
            "last_active_turn": self.last_active_turn,
            "title": self.title,
            "replied": list(self.replied),
        }

    @classmethod
    def restore(cls, state: Mapping[str, Any]) -> ThreadState:
        """The thread state a ``state()`` describes; ``InputError`` when it does not fit."""
        if not isinstance(state, Mapping):
            raise InputError(f"thread state: expected a mapping, got {type(state).__name__}")
        unknown = set(state) - _STORED_FIELDS
        if unknown:
            raise InputError(f"thread state: unknown fields {sorted(unknown)}")
        try:
            return cls(**state)
        except TypeError as exc:  # a missing thread_id
            raise InputError(f"thread state: {exc}") from None

    @classmethod
    def restore_many(cls, states: Sequence[Any]) -> list[ThreadState]:
        """``restore`` of each of ``states``, with the same checks made once over all of them
        (a load restores thousands): a state the bulk check does not pass exactly is restored
        alone, which raises the same ``InputError`` as ``restore``."""
        fields = _STORED_FIELDS
        built = _restored_in_bulk(cls, states, fields)
        if built is not None:
            return built
        built = []
        for state in states:
            fast = _restored_fast(cls, state, fields)
            built.append(cls.restore(state) if fast is None else fast)
        return built

    @classmethod
    def new(cls, thread_id: str, title: str, turn_id: int) -> ThreadState:
        """An empty thread started at ``turn_id``."""
        return cls(thread_id=thread_id, title=title, last_active_turn=turn_id)

    def update(self, role: str, text: str, turn_id: int, *, limit: int = 8) -> ThreadState:
        """The state after one more turn of this thread; ``self`` is left unchanged.

        ``role`` is "user", "assistant" or "tool" (a tool turn only marks the thread active).
        ``limit`` caps each list, dropping its oldest entries first. Bad arguments raise
        ``InputError`` (a ``ValueError``).
        """
        kind = role.lower() if isinstance(role, str) else None
        if kind not in _ROLES:
            raise InputError(f"role must be 'user', 'assistant' or 'tool', got {role!r}")
        if not isinstance(text, str):
            raise InputError(f"text must be a str, got {type(text).__name__}")
        check_turn(turn_id)
        if type(limit) is not int or limit < 1:
            raise InputError(f"limit must be an int >= 1, got {limit!r}")
        if kind == "tool" or not HAS_WORD.search(text):
            return self._evolve(turn_id, limit)
        window = sanitise(scan_window(text))
        if kind == "user":
            return self._after_user(window, turn_id, limit)
        return self._after_assistant(window, turn_id, limit)

    def _evolve(
        self,
        turn_id: int,
        limit: int,
        established: tuple[str, ...] | None = None,
        questions: list[tuple[str, bool]] | None = None,
        constraints: tuple[str, ...] | None = None,
    ) -> ThreadState:
        """A copy with new lists, built without ``__post_init__``: the values are ours and
        already checked, and validation would cost a tenth of an update."""
        if questions is None:
            open_questions, replied = self.open_questions, self.replied
        else:
            open_questions = tuple([question for question, _ in questions])
            replied = tuple([flag for _, flag in questions])
        kept = (self.established if established is None else established)[-limit:]
        asked = open_questions[-limit:]
        required = (self.user_constraints if constraints is None else constraints)[-limit:]
        same = (kept, asked, required) == self._lists()
        # Each field through its slot (see ``multihorizon._slots``): object.__setattr__ took
        # half of this copy (issue 14: one a turn, two with the reply).
        state = object.__new__(ThreadState)
        setters = _THREAD_STATE
        setters[0](state, self.thread_id)
        setters[1](state, kept)
        setters[2](state, asked)
        setters[3](state, required)
        setters[4](state, turn_id)
        setters[5](state, self.title)
        setters[6](state, replied[-limit:])
        setters[7](state, self._rendered if same else None)
        return state

    def _after_user(self, text: str, turn_id: int, limit: int) -> ThreadState:
        facts: list[str] = []
        asked: list[str] = []
        constraints: list[str] = []
        acknowledged = False
        for sentence in split_sentences(text):
            core = clean(sentence)
            if not core:
                continue
            low = core.lower()
            tokens = word_tokens(low)
            # Most sentences hold no word of any cue list: one test instead of five (issue 14).
            cued = not _USER_CUE_WORDS.isdisjoint(tokens)
            if cued and ACK.found(low, tokens) and not NEGATION.found(low, tokens):
                acknowledged = True
                lead = ACK_LEAD.match(core)
                if lead:
                    core = clean(core[lead.end() :])
                    if not core:
                        continue
                    low = core.lower()
                    tokens = word_tokens(low)
                    cued = not _USER_CUE_WORDS.isdisjoint(tokens)
                if SIGN_OFF_START.match(low):
                    continue
            if cued and SIGN_OFF.found(low, tokens) and not has_number(core, tokens):
                continue
            first = first_word(low)
            if (
                core[-1] == "?"
                or (first in QUESTION_FIRST and QUESTION_START.match(low))
                or (first in REQUEST_FIRST and REQUEST_START.match(low))
                or (cued and QUESTION_INDIRECT.found(low, tokens))
            ):
                # A question without a content word ("Really?") is nothing to keep open. Its
                # content keys are computed (and cached) at the next assistant turn.
                if any(len(word) > 1 and not word.isdigit() for word in tokens - STOPWORDS):
                    asked.append(make_entry(core[:1].upper() + core[1:]))
            elif (cued and GRATITUDE.found(low, tokens)) or (
                first in REACTION_FIRST
                and REACTION.match(low)
                and not has_number(core, tokens)
                and not has_tech(core, low)
            ):
                continue
            elif cued and CONSTRAINT.found(low, tokens):
                constraints.append(make_entry(third_person(core, first)))
            elif is_user_fact(core, low, tokens, first):
                facts.append(make_entry(third_person(core, first)))
        kept = merge(self.established, facts, limit) if facts else None
        required = merge(self.user_constraints, constraints, limit) if constraints else None
        if not (acknowledged or asked):  # most turns: the open questions stay as they are
            return self._evolve(turn_id, limit, kept, None, required)
        questions = list(zip(self.open_questions, self.replied, strict=True))
        if acknowledged:
            # SPEC-028 §6.2: the user's thanks settles what the assistant has replied to.
            questions = [item for item in questions if not item[1]]
        if asked:
            # Asked again: the question moves to the newest place and waits for a new reply.
            new_keys = {dedupe_key(question) for question in asked}
            questions = [item for item in questions if dedupe_key(item[0]) not in new_keys]
            seen: set[str] = set()
            for question in asked:
                key = dedupe_key(question)
                if key and key not in seen:
                    seen.add(key)
                    questions.append((question, False))
        return self._evolve(turn_id, limit, kept, questions, required)

    def _after_assistant(self, text: str, turn_id: int, limit: int) -> ThreadState:
        sentences = split_sentences(text)
        # A clarifying question back ("Which version of etcd do you run?") answers nothing,
        # however many words it shares with the open question: only statements count.
        hay = (
            haystack(" ".join(s for s in sentences if s[-1] != "?")) if self.open_questions else ""
        )
        questions: list[tuple[str, bool]] = []
        closed: list[str] = []
        for question in self.open_questions:
            if answers(question, hay):
                closed.append(question)
            else:
                questions.append((question, True))
        facts = _assistant_facts(sentences, closed)
        return self._evolve(
            turn_id,
            limit,
            merge(self.established, facts, limit) if facts else None,
            questions,
        )

    def summary(self, max_chars: int | None = None) -> str:
        """The Active Thread Summary, in the shape of SPEC-028 §6.1::

            Active thread: etcd configuration.
            Established: user runs etcd 3.5 on three nodes.
            Open: What about TLS?
            Constraints: it must run without root.

        Lines with nothing to say are left out; entries are joined with "; ". With
        ``max_chars`` the oldest entries go first (from the longest list) until the text fits;
        the result is never longer than ``max_chars``.
        """
        if max_chars is not None and (
            isinstance(max_chars, bool) or not isinstance(max_chars, int) or max_chars < 0
        ):
            raise InputError(f"max_chars must be an int >= 0 or None, got {max_chars!r}")
        if max_chars is None:
            rendered = self._rendered
            if rendered is None:
                # A race between two threads makes the same text twice: no lock needed.
                rendered = self._summary(None)
                object.__setattr__(self, "_rendered", rendered)
            return rendered
        return self._summary(max_chars)

    def _lists(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        return self.established, self.open_questions, self.user_constraints

    def _summary(self, max_chars: int | None) -> str:
        head = _line("Active thread", [(self.title or self.thread_id).rstrip(" .;")])
        lists = [
            [entry.rstrip(" .;") for entry in entries]
            for entries in (self.established, self.open_questions, self.user_constraints)
        ]
        if max_chars is not None:
            # Drop the oldest entry of the longest list until the text fits, counting lengths
            # instead of rendering (dropping from the front never changes a line's end mark).
            sizes = [
                _line_size(label, entries) for label, entries in zip(_LABELS, lists, strict=True)
            ]
            excess = len(head) + sum(sizes) - max_chars
            while excess > 0 and any(lists):
                longest = max((0, 1, 2), key=lambda index: len(lists[index]))
                dropped = lists[longest].pop(0)
                # One entry and its "; " go; the last entry takes its whole line with it.
                size = sizes[longest] - len(dropped) - 2 if lists[longest] else 0
                excess -= sizes[longest] - size
                sizes[longest] = size
        lines = [head]
        lines.extend(
            _line(label, entries) for label, entries in zip(_LABELS, lists, strict=True) if entries
        )
        text = "\n".join(lines)
        return text if max_chars is None or len(text) <= max_chars else trim(text, max_chars)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, read back by ``from_dict`` (for session stores)."""
        return {
            "thread_id": self.thread_id,
            "title": self.title,
            "established": list(self.established),
            "open_questions": list(self.open_questions),
            "user_constraints": list(self.user_constraints),
            "last_active_turn": self.last_active_turn,
            "replied": list(self.replied),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ThreadState:
        """The state ``to_dict`` wrote; a malformed mapping raises ``InputError``."""
        if not isinstance(data, Mapping):
            raise InputError(f"ThreadState data must be a mapping, got {type(data).__name__}")
        if "thread_id" not in data:
            raise InputError("malformed ThreadState data: no thread_id")
        return cls(
            thread_id=data["thread_id"],
            title=data.get("title", ""),
            established=data.get("established", ()),
            open_questions=data.get("open_questions", ()),
            user_constraints=data.get("user_constraints", ()),
            last_active_turn=data.get("last_active_turn", 0),
            replied=data.get("replied", ()),
        )

    def __repr__(self) -> str:
        return (
            f"ThreadState({self.thread_id!r}, title={self.title!r}, "
            f"turn={self.last_active_turn}, established={list(self.established)!r}, "
            f"open={list(self.open_questions)!r}, constraints={list(self.user_constraints)!r})"
        )


_LISTS = (list, tuple)


def _restored_in_bulk(
    cls: type[ThreadState], states: Sequence[Any], fields: frozenset[str]
) -> list[ThreadState] | None:
    """``_restored_fast`` of every state, each check made once over all of them as a scan
    of types in C; None when any state fails one (they are then restored one by one)."""
    if not set(map(type, states)) <= {dict} or not all(map(fields.issuperset, states)):
        return None
    ids = [state.get("thread_id") for state in states]
    titles = [state.get("title", "") for state in states]
    turns = [state.get("last_active_turn", 0) for state in states]
    lists = [
        [state.get(name, ()) for state in states]
        for name in ("established", "open_questions", "user_constraints", "replied")
    ]
    if set(map(type, ids)) - {str} or not all(ids) or set(map(type, titles)) - {str}:
        return None
    if set(map(type, turns)) - {int} or (turns and min(turns) < 0):
        return None
    if set(map(type, itertools.chain(*lists))) - set(_LISTS):
        return None
    words = itertools.chain.from_iterable(itertools.chain(*lists[:3]))
    if set(map(type, words)) - {str}:
        return None
    if set(map(type, itertools.chain.from_iterable(lists[3]))) - {bool}:
        return None
    pairs = zip(lists[3], lists[1], strict=True)
    if any(flags and len(flags) != len(asked) for flags, asked in pairs):
        return None
    built, new, assign = [], object.__new__, object.__setattr__
    for thread_id, established, asked, constraints, turn, title, flags in zip(
        ids, *lists[:3], turns, titles, lists[3], strict=True
    ):
        made = new(cls)
        assign(made, "thread_id", thread_id)
        assign(made, "established", tuple(established))
        assign(made, "open_questions", tuple(asked))
        assign(made, "user_constraints", tuple(constraints))
        assign(made, "last_active_turn", turn)
        assign(made, "title", title)
        assign(made, "replied", tuple(flags) if flags else (False,) * len(asked))
        assign(made, "_rendered", None)
        built.append(made)
    return built


def _restored_fast(
    cls: type[ThreadState], state: Any, fields: frozenset[str]
) -> ThreadState | None:
    """The thread state a stored record describes when it passes every check of
    ``__post_init__`` as plain types (exact str, int, bool, list or tuple), built without
    the per-field calls; None for anything else (``restore`` then checks it field by field)."""
    if type(state) is not dict or not fields.issuperset(state):
        return None
    thread_id, title = state.get("thread_id"), state.get("title", "")
    turn = state.get("last_active_turn", 0)
    if type(thread_id) is not str or not thread_id or type(title) is not str:
        return None
    if type(turn) is not int or turn < 0:
        return None
    lists = [state.get(name, ()) for name in ("established", "open_questions", "user_constraints")]
    replied = state.get("replied", ())
    if not all(type(value) in _LISTS for value in (*lists, replied)):
        return None
    if not all(type(item) is str for value in lists for item in value):
        return None
    if not all(type(flag) is bool for flag in replied):
        return None
    if replied and len(replied) != len(lists[1]):
        return None
    made = object.__new__(cls)
    for name, value in (
        ("thread_id", thread_id),
        ("established", tuple(lists[0])),
        ("open_questions", tuple(lists[1])),
        ("user_constraints", tuple(lists[2])),
        ("last_active_turn", turn),
        ("title", title),
        ("replied", tuple(replied) if replied else (False,) * len(lists[1])),
        ("_rendered", None),
    ):
        object.__setattr__(made, name, value)
    return made


def _assistant_facts(sentences: list[str], closed: list[str]) -> list[str]:
    """At most ``MAX_ASSISTANT_FACTS`` decisive sentences of an assistant turn, in the order
    they were written: first the key sentence of each question it answered, then the most
    decisive others."""
    cores = [clean(sentence) for sentence in sentences]
    scores = [assistant_score(core) if core else 0 for core in cores]
    chosen: list[int] = []
    for question in closed:
        if len(chosen) == MAX_ASSISTANT_FACTS:
            break
        best, best_shared = -1, 0
        for index, core in enumerate(cores):
            if scores[index] == 0 or index in chosen:
                continue
            shared = shared_keys(question, haystack(core))
            if shared > best_shared:
                best, best_shared = index, shared
        if best >= 0:
            chosen.append(best)
    ranked = sorted(
        (index for index, score in enumerate(scores) if score >= ASSISTANT_FACT_SCORE),
        key=lambda index: -scores[index],
    )
    for index in ranked:
        if len(chosen) == MAX_ASSISTANT_FACTS:
            break
        if index not in chosen:
            chosen.append(index)
    return [make_entry(cores[index]) for index in sorted(chosen)]


_LABELS = ("Established", "Open", "Constraints")
_THREAD_STATE = slot_setters(ThreadState)
# What ``state()`` writes and ``restore`` takes: every field but the rendered summary.
_STORED_FIELDS = frozenset(
    name for name, spec in ThreadState.__dataclass_fields__.items() if spec.init
)
_OWN_END = ("?", "!", "\u2026")


def _line(label: str, entries: list[str]) -> str:
    """``Label: a; b.``: one summary line (SPEC-028 §6.1), ending in "." unless "?" or "!"."""
    body = "; ".join(entries)
    return f"{label}: {body}" + ("" if body.endswith(_OWN_END) else ".")


def _line_size(label: str, entries: list[str]) -> int:
    """``len(_line(label, entries))`` plus its line break; 0 for an empty list (no line)."""
    if not entries:
        return 0
    end = 0 if entries[-1].endswith(_OWN_END) else 1
    return 1 + len(label) + 2 + sum(map(len, entries)) + 2 * (len(entries) - 1) + end


# ---------------------------------------------------------------------------------------------
# Titles
# ---------------------------------------------------------------------------------------------


def _title_word(word: str) -> bool:
    lower = word.lower()
    if len(word) < 2 or lower in STOPWORDS or lower in TITLE_STOP or lower in NUMBER_WORDS:
        return False
    # How the turn talks, not what about ("switching topics: ...", "keeps dropping").
    if normalise_term(lower) in LABEL_SKIP:
        return False
    # Versions and numbers ("v3.5", "22.04") are details, not topics; "k8s" is a name.
    return sum(char.isalpha() for char in word) >= 2


def title_from(text: str, *, max_words: int = 4) -> str:
    """A short readable topic title from a thread's first user turn.

    "How do I configure etcd?" -> "etcd configuration"; "What's a good backup strategy for
    Postgres?" -> "backup strategy Postgres". Deterministic: the content words of the first
    sentence that has any (acknowledgements skipped), a leading action verb turned into its
    noun and put last. "general" when the text has no content word.
    """
    if not isinstance(text, str):
        raise InputError(f"text must be a str, got {type(text).__name__}")
    if isinstance(max_words, bool) or not isinstance(max_words, int) or max_words < 1:
        raise InputError(f"max_words must be an int >= 1, got {max_words!r}")
    for sentence in split_sentences(sanitise(scan_window(text))):
        core = clean(sentence)
        low = core.lower()
        if ACK.found(low, word_tokens(low)):
            lead = ACK_LEAD.match(core)
            core = clean(core[lead.end() :]) if lead else core
            if SIGN_OFF_START.match(core.lower()):
                continue
        lead = TITLE_LEAD.match(core)
        if lead:
            core = core[lead.end() :]
        picked: list[str] = []
        action = ""
        for position, word in enumerate(words(core)):
            lower = word.lower()
            if lower in NOMINAL:
                # A leading action verb becomes the noun at the end; a later one is dropped.
                action = action or ("" if picked else NOMINAL[lower])
                continue
            if not _title_word(word):
                continue
            # A capital that only starts the sentence is not part of a name.
            picked.append(lower if position == 0 and word[1:].islower() else word)
            if len(picked) == max_words:
                break
        if picked:
            if action:
                picked = [*picked[: max_words - 1], action]
            return trim(" ".join(picked), TITLE_CHARS)
    return "general"
