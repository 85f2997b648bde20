"""Topic threads (SPEC-028 §3.3): centroids, assignment, resumption.

Assignment uses more than §3.3's centroid rule, because on real dialogue few turns reach a
fixed bar to their own thread (architecture.md, "Decisions"). In order:

0. in a multi-party chat, a message joins the thread of the turn it replies to (the addressed
   speaker's latest turn, or the speaker's own exchange: ``multiparty.reply_to``);
1. a resume marker ("back to X") searches the dormant threads, by the words after the marker
   against each thread's vocabulary, then by centroid with the lower ``resume`` bar; with
   rule resume-announcements, "The chair again: ..." and "Anyway, about the tank, ..." do the
   same, a topic named before the question ("For the quotes, ...") goes to the thread
   holding its words, and all apply to CLARIFY turns too;
2. CLARIFY turns, requests to recap the whole session, and turns whose words only react to
   what was said ("thanks, that sounds great") stay in the active thread; a definite noun
   phrase ("play the song") whose words dormant threads used, and the active one did not,
   resumes the thread holding most of them;
3. CONTINUE (and TOOL_REFERENCE) turns stay in the active thread;
4. a DRILL_DOWN turn joins the thread of the turn its reference resolved to;
5. an answer to the question of the turn before stays in the active thread; a turn that says
   "by the way" leaves it for another thread it resembles, else a new one;
6. a definite noun phrase whose words only the active thread used keeps the turn there; a
   side question (rule side-questions) goes to the dormant thread that alone used its words;
7. otherwise §3.3: the most similar thread whose centroid reaches ``join``; else a side
   question, a follow-up question with nothing resolved, or a statement between peers, stays
   in the active thread; else a new thread.

A reply (``plan_reply``) stays in the active thread unless it opens a topic (peer dialogue).

``dialogue.placement`` gathers what these rules read from one turn's features, references and
the dialogue (a ``DialogueContext``); ``Threads.plan`` decides without changing anything;
``commit`` applies a plan and cannot fail, so a turn that fails later leaves the threads as
they were.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import kernels
from ..config import ThreadThresholds
from ..errors import InputError
from ..text.tokens import slug
from .intent import Intent
from .returns import held_by_thread, holds_all, last_left
from .thread_plans import PreparedTurn, ThreadPlan
from .thread_restore import CheckedWords, RecentWindows, add_words

__all__ = ["Lazy", "PreparedTurn", "ThreadPlan", "Threads"]

# A rule input of ``Threads.plan``: a value, or a call made only when the rules before it left
# the turn undecided (issue 14: most turns stay in the active thread before it is read).
Lazy = bool | Callable[[], bool]


def _holds(value: Lazy) -> bool:
    return value() if callable(value) else value


class Threads:
    """The topic threads of one session."""

    _INITIAL_CAPACITY = 16

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self.names: list[str] = []
        self._taken: set[str] = set()  # the names, for slug clashes in O(1)
        # Where each slug base's numbering got to ("thread" -> 7): a new clash starts there
        # instead of walking -2, -3, ... every time.
        self._next_suffix: dict[str, int] = {}
        self.vocabulary: list[set[str]] = []
        self.turns: list[list[int]] = []
        self._sums = np.zeros((self._INITIAL_CAPACITY, dim), dtype=np.float64)
        self._centroids = np.zeros((self._INITIAL_CAPACITY, dim), dtype=np.float32)
        # Each thread's last RECENT_WINDOW turn embeddings, contiguous, so the §5.2 similarity
        # is one kernel call without gathering rows from the turn log.
        self._recent = RecentWindows(self.RECENT_WINDOW)
        # term -> the threads whose vocabulary holds it (in first-use order)
        self.term_threads: dict[str, list[int]] = {}
        # turn id -> the words it brought to its thread: what a stored session replays.
        self._turn_terms: dict[int, tuple[str, ...]] = {}
        self.active = -1

    RECENT_WINDOW = 8

    def __len__(self) -> int:
        return len(self.names)

    @property
    def centroids(self) -> npt.NDArray[np.float32]:
        """[threads, dim] unit centroids (a view: valid until the next commit)."""
        return self._centroids[: len(self.names)]

    @property
    def active_name(self) -> str:
        return self.names[self.active] if self.active >= 0 else ""

    def index_of(self, name: str) -> int:
        return self.names.index(name)

    def active_recent(self) -> npt.NDArray[np.float32] | None:
        """The active thread's last ``RECENT_WINDOW`` turn vectors (None with no active
        thread): what ``active_similarity`` compares with, for a caller's own kernel call."""
        return self._recent[self.active] if self.active >= 0 else None

    def active_similarity(self, embedding: npt.NDArray[np.float32]) -> float:
        """SPEC-028 §5.2 ``max_similarity(current_turn, active_thread_turns)`` over the active
        thread's last ``RECENT_WINDOW`` turns (0.0 with no active thread)."""
        if self.active < 0:
            return 0.0
        # best_above with a bar below any cosine is the max in one kernel call.
        return kernels.best_above(embedding, self._recent[self.active], -2.0)[1]

    def plan(
        self,
        *,
        embedding: npt.NDArray[np.float32],
        intent: Intent,
        reference_thread: int,
        resume_words: Sequence[str],
        definite_terms: Sequence[str] = (),
        thresholds: ThreadThresholds,
        first_terms: Sequence[str],
        reply_thread: int = -1,
        multi_party: bool = False,
        points_back: Lazy = False,
        answers: Lazy = False,
        opens_topic: Lazy = False,
        carries_on: Lazy = False,
        intent_threads: bool = True,
        recap: bool = False,
        reacts: bool = False,
        announced: bool = False,
        named_thread: int = -1,
        side_question: Lazy = False,
        takes_up_reply: Lazy = False,
    ) -> ThreadPlan:
        """Decide the thread of a user turn from what ``placement.thread_for_turn`` read of it:
        ``reference_thread`` (its first resolved reference's thread), ``reply_thread`` (the turn
        it replies to in a multi-party chat), ``named_thread`` (the thread it names:
        ``return_target``), each -1 for none; its words (``resume_words`` after a resume marker,
        ``definite_terms`` of "the song", ``first_terms``); and which rules of
        ``multihorizon.rules`` hold for it: ``answers`` and ``opens_topic`` (question-topics),
        ``carries_on`` (peer-replies), ``side_question`` (side-questions), ``takes_up_reply``
        (reply-follow-ups), each ``Lazy``; ``intent_threads``, ``recap`` (session-recaps),
        ``reacts`` (reaction-turns), ``announced`` (topic-announcements); 3+ ``multi_party``."""
        if not self.names:
            return self._new(first_terms)
        active = self.active
        # In a multi-party chat the turn it replies to says where it belongs, whatever the
        # active thread (the last message, often someone else's exchange).
        if reply_thread >= 0:
            return self._existing(reply_thread, "reply")
        if multi_party and reference_thread < 0 and not resume_words:
            # A speaker's first message, or one long after their last exchange, opens a new
            # conversation: similarity to other people's threads is a poor guide (pairwise F1
            # on irc_disentanglement, hashing embedder: 0.55 joining by centroid, 0.61 new).
            return self._new(first_terms)
        # "Back to etcd" names where the user is going: it outranks continuing by similarity.
        if named_thread >= 0:
            return self._existing(named_thread, "resume")
        clarifies = intent_threads and intent is Intent.CLARIFY
        if (clarifies or recap or reacts) and active >= 0:  # no topic of its own: it stays
            return self._existing(active, "active")
        if announced and active >= 0:  # "Switching topics: ..." (rule topic-announcements)
            return self.leave(embedding, thresholds.join, first_terms)
        # Rule vocabulary-resume: "please play the song" after a digression names something
        # only a dormant thread talked about; the one holding most of its words resumes.
        if definite_terms and intent is not Intent.TOOL_REFERENCE:
            owner = self._owner_by_vocabulary(definite_terms)
            if owner >= 0:
                return self._existing(owner, "vocabulary")
        if intent_threads and intent in (Intent.CONTINUE, Intent.TOOL_REFERENCE) and active >= 0:
            return self._existing(active, "active")
        if intent_threads and intent is Intent.DRILL_DOWN and reference_thread >= 0:
            return self._existing(reference_thread, "reference")
        if active >= 0 and _holds(answers):
            return self._existing(active, "answer")
        if active >= 0 and _holds(opens_topic):
            # Another thread it resembles resumes, else a new one.
            return self.leave(embedding, thresholds.join, first_terms)
        # Rule vocabulary-resume the other way round ("what time does the movie start?" names
        # what only the active thread said) and rule reply-follow-ups (a question on the latest
        # replies' words): the turn stays. Side questions go where one thread used their words.
        if active >= 0 and (_holds(takes_up_reply) or self._only_active_used(definite_terms)):
            return self._existing(active, "vocabulary")
        if _holds(side_question) and (owner := self._owner_by_vocabulary(first_terms)) >= 0:
            return self._existing(owner, "vocabulary")
        index, _ = kernels.best_above(embedding, self.centroids, thresholds.join)
        if index >= 0:
            return self._existing(index, "centroid")
        if intent_threads and intent is Intent.DRILL_DOWN and active >= 0 and _holds(points_back):
            # A follow-up question with nothing resolved ("What are its symptoms?") that no
            # thread resembles asks about what is on the table: the active thread.
            return self._existing(active, "active")
        if active >= 0 and (_holds(side_question) or _holds(carries_on)):
            return self._existing(active, "answer" if _holds(carries_on) else "active")
        return self._new(first_terms)

    def plan_reply(
        self,
        embedding: npt.NDArray[np.float32],
        *,
        opens_topic: bool,
        join: float,
        first_terms: Sequence[str],
    ) -> ThreadPlan:
        """Decide the thread of a reply: the active one, unless it opens a topic."""
        if self.active < 0:
            index, _ = kernels.best_above(embedding, self.centroids, join)
            return self._existing(index, "centroid") if index >= 0 else self._new(first_terms)
        if opens_topic:
            return self.leave(embedding, join, first_terms)
        return self._existing(self.active, "answer")

    def leave(
        self, embedding: npt.NDArray[np.float32], join: float, first_terms: Sequence[str]
    ) -> ThreadPlan:
        """The most similar thread other than the active one reaching ``join``, else new."""
        _, _, best, score = kernels.thread_scan(embedding, self.centroids, self.active)
        if best >= 0 and score > join:  # strictly, as best_above has it for the centroid rule
            return self._existing(best, "centroid")
        return self._new(first_terms)

    def _owner_by_vocabulary(self, terms: Sequence[str]) -> int:
        """The dormant thread holding the most of these words, counting only words the active
        thread never used (ties: the most recently active), else -1."""
        counts: dict[int, int] = {}
        active_words = self.vocabulary[self.active] if self.active >= 0 else frozenset()
        for term in terms:
            owners = self.term_threads.get(term)
            # A word the active thread also used says nothing about leaving it (a set test).
            if owners is None or term in active_words:
                continue
            for owner in owners:
                counts[owner] = counts.get(owner, 0) + 1
        if not counts:
            return -1
        return max(counts, key=lambda index: (counts[index], self.turns[index][-1]))

    def return_target(
        self,
        embedding: npt.NDArray[np.float32],
        resume_words: Sequence[str],
        topic_words: Sequence[str],
        thresholds: ThreadThresholds,
        *,
        returns: bool = False,
        variants: bool = False,
        terms: Sequence[str] = (),
    ) -> int:
        """The thread a turn names (-1: none; ``plan``'s ``named_thread``): after a resume
        marker, a dormant thread (``_resume``); a return announced at the turn's opening
        (``returns``: "Back to the bread, ...") goes to the thread left most recently even when
        neither its words nor its centroid match (rule resume-announcements); for a topic
        named before the question
        (``topic_words``: "For the quotes, ...", rule resume-announcements), the thread holding
        the most of its words, the active one included. With ``variants`` (rule
        return-variants): inflections match ("the move", "moving"), a return to the active
        thread's words stays, and a named topic no thread holds goes by the turn's ``terms``."""
        if not self.names:
            return -1
        if resume_words:
            found = self._resume(embedding, resume_words, thresholds.resume, variants=variants)
            active_words = self.vocabulary[self.active] if self.active >= 0 else set()
            if found < 0 and variants and holds_all(active_words, resume_words):
                return self.active
            if found < 0 and returns and len(self.names) >= 2:
                return last_left(self.turns, self.active)  # "Back to the bread, ..."
            return found
        if not topic_words:
            return -1
        owner = self._named_owner(topic_words, variants=variants)
        if owner < 0 and variants:
            owner = self._owner_by_vocabulary(terms)
        return owner

    def _named_owner(self, terms: Sequence[str], *, variants: bool = False) -> int:
        """The thread whose vocabulary holds the most of these words, the active one included
        (ties: the most recently active), else -1."""
        counts = held_by_thread(self.term_threads, terms, variants)
        return self._most_recent_best(counts) if counts else -1

    def _most_recent_best(self, counts: Mapping[int, int]) -> int:
        """The thread with the highest count; ties: the most recently active, then the higher
        index (as a ``max`` over (count, last turn, index) tuples has it)."""
        return max(counts, key=lambda index: (counts[index], self.turns[index][-1], index))

    def takes_up(self, turn_ids: Sequence[int], terms: Sequence[str]) -> bool:
        """Whether one of these words is a word one of ``turn_ids`` (the active thread's
        latest replies) brought to the active thread and no other thread used (rule
        reply-follow-ups)."""
        if self.active < 0:
            return False
        wanted = set(terms)
        return any(
            term in wanted and self.term_threads.get(term) == [self.active]
            for turn_id in turn_ids
            for term in self._turn_terms.get(turn_id, ())
        )

    def dormant_holds(self, words: Sequence[str]) -> bool:
        """Whether a thread other than the active one used one of these words, or one of
        their inflections (rule return-drill-downs: "Going back to Spanish, ...")."""
        counts = held_by_thread(self.term_threads, words, True)
        counts.pop(self.active, None)
        return bool(counts)

    def _only_active_used(self, terms: Sequence[str]) -> bool:
        """Whether one of these words is in the active thread's vocabulary and no other's."""
        return any(self.term_threads.get(term) == [self.active] for term in terms)

    def _existing(self, index: int, rule: str) -> ThreadPlan:
        resumed = index != self.active
        return ThreadPlan(index, self.names[index], False, resumed, rule)

    def _new(self, terms: Sequence[str]) -> ThreadPlan:
        base = slug(terms, frozenset())
        name = slug(terms, self._taken, first_suffix=self._next_suffix.get(base, 2))
        return ThreadPlan(len(self.names), name, True, False, "new")

    def _resume(
        self,
        embedding: npt.NDArray[np.float32],
        words: Sequence[str],
        bar: float,
        *,
        variants: bool = False,
    ) -> int:
        if len(self.names) - (self.active >= 0) == 0:
            return -1  # no dormant thread
        # "back to etcd": the thread holding the named words wins (ties: the latest active).
        counts = held_by_thread(self.term_threads, words, variants)
        counts.pop(self.active, None)
        if counts:
            return self._most_recent_best(counts)
        # The best dormant centroid, in one native pass (issue 14: no rows copied, no scores).
        _, _, top, score = kernels.thread_scan(embedding, self.centroids, self.active)
        return top if score >= bar else -1

    def reserve(self, threads: int) -> None:
        """Make room for ``threads`` threads (may raise MemoryError; contents unchanged)."""
        if threads <= self._sums.shape[0]:
            return
        count = len(self.names)
        capacity = max(threads, 2 * self._sums.shape[0])
        sums = np.zeros((capacity, self.dim), dtype=np.float64)
        sums[:count] = self._sums[:count]
        centroids = np.zeros((capacity, self.dim), dtype=np.float32)
        centroids[:count] = self._centroids[:count]
        self._sums, self._centroids = sums, centroids

    def prepare(
        self, plan: ThreadPlan, embedding: npt.NDArray[np.float32], terms: Sequence[str]
    ) -> PreparedTurn:
        """Everything ``commit`` will store, computed now: the allocations that can fail
        happen here, before the session changes anything."""
        # One native call for the sum, the centroid and the window (issue 14: it was eight
        # small NumPy calls). A new thread's row lies past the arrays until ``reserve`` grows
        # them: its sum starts at 0 and its window empty.
        row, unit, recent = kernels.fold_turn(
            embedding,
            None if plan.is_new else self._sums[plan.index],
            None if plan.is_new else self._recent[plan.index],
            window=self.RECENT_WINDOW,
        )
        old = frozenset() if plan.is_new else self.vocabulary[plan.index]
        new_terms = frozenset(terms) - old
        return PreparedTurn(plan, row, unit, recent, new_terms, tuple(terms))

    def commit(self, prepared: PreparedTurn, turn_id: int) -> None:
        """Add one prepared turn to its thread and make the thread active. Call ``reserve``
        first: then this only assigns and appends."""
        plan = prepared.plan
        self._sums[plan.index] = prepared.row
        self._centroids[plan.index] = prepared.unit
        if plan.is_new:
            self.names.append(plan.name)
            self.vocabulary.append(set(prepared.new_terms))
            self.turns.append([turn_id])
            self._recent.append(prepared.recent)
            self._taken.add(plan.name)
            base, _, suffix = plan.name.rpartition("-")
            if suffix.isdigit() and base:
                self._next_suffix[base] = int(suffix) + 1
        else:
            # In place: a copy of a long thread's vocabulary per turn cost more than the
            # rest of the thread update.
            self.vocabulary[plan.index].update(prepared.new_terms)
            self.turns[plan.index].append(turn_id)
            self._recent[plan.index] = prepared.recent
        for term in prepared.new_terms:
            self.term_threads.setdefault(term, []).append(plan.index)
        self._turn_terms[turn_id] = prepared.terms
        self.active = plan.index

    def terms_of(self, turn_id: int) -> tuple[str, ...]:
        """The words turn ``turn_id`` brought to its thread's vocabulary."""
        return self._turn_terms.get(turn_id, ())

    # ---- state ------------------------------------------------------------------------------

    def state(self, start: int = 0) -> dict[str, Any]:
        """What turns ``start`` onwards brought, as plain data: the words each brought to its
        thread, and the active thread. The rest (names, sums, centroids, recent windows,
        vocabularies) follows from these and the turn log's columns; ``restore`` rebuilds
        it."""
        return {
            "first_turn": start,
            "active": self.active,
            "turn_terms": [
                list(self.terms_of(turn_id)) for turn_id in range(start, self._turns_seen())
            ],
        }

    def sum_of(self, index: int) -> npt.NDArray[np.float64]:
        """Thread ``index``'s embedding sum (float64, a copy): stored with its state, so a
        load need not add up every turn again."""
        if not 0 <= index < len(self.names):
            raise InputError(f"no thread {index} of {len(self.names)}")
        row: npt.NDArray[np.float64] = self._sums[index].copy()
        return row

    def _turns_seen(self) -> int:
        return len(self._turn_terms)  # every committed turn has an entry

    def restore(
        self,
        state: Mapping[str, Any],
        *,
        threads: Sequence[str],
        thread_index: npt.NDArray[np.int32],
        embeddings: npt.NDArray[np.float32],
        rows: Callable[[], npt.NDArray[np.float32]] | None = None,
    ) -> None:
        """Add turns ``state["first_turn"]`` onwards, given each one's thread name and index
        and embedding (the turn log's columns), as ``commit`` added them live, without
        replaying each turn: the sums are one ordered reduction (the same additions in the
        same order, so the same bits), the centroids and recent windows are computed once per
        thread touched. Checks that every turn's thread follows (an existing thread by its
        name, or the next new one). Raises ``InputError``, changing nothing. ``rows()``
        (every turn's embedding, by turn id: the turn log's) lets a whole load leave each
        thread's recent window to be gathered when first read."""
        first = int(state["first_turn"])
        given = state["turn_terms"]
        terms_of = list(map(tuple, given))  # tuples (format 4) are kept as they are
        words = itertools.chain.from_iterable(terms_of)
        if type(given) is not CheckedWords and not set(map(type, words)) <= {str}:
            raise InputError("threads state: a word that is not a string")
        count = len(terms_of)
        if not (len(threads) == count == thread_index.shape[0] == embeddings.shape[0]):
            raise InputError(f"threads state: {count} turns' words for {len(threads)} turns")
        if first != self._turns_seen():
            raise InputError(f"threads state starts at turn {first}, not {self._turns_seen()}")
        indexes = thread_index.astype(np.int64).tolist()
        added = self._new_names(first, indexes, threads)
        active = int(state["active"])
        if not -1 <= active < len(self.names) + len(added):
            raise InputError(f"active thread {active} of {len(self.names) + len(added)}")
        total = len(self.names) + len(added)
        self.reserve(total + total // 8 + 1)  # before the names grow; room for new threads
        for name in added:
            self.names.append(name)
            self._taken.add(name)
            base, _, suffix = name.rpartition("-")
            if suffix.isdigit() and base:
                self._next_suffix[base] = int(suffix) + 1
            self.vocabulary.append(set())
            self.turns.append([])
        add_words(
            first, indexes, terms_of, turns=self.turns, vocabulary=self.vocabulary,
            term_threads=self.term_threads, turn_terms=self._turn_terms,
        )  # fmt: skip
        self._add_vectors(thread_index, embeddings, state.get("sums") or {})
        if rows is not None and first == 0 and not self._recent:
            self._recent.defer(len(self.names), rows, self.turns, count)
        else:
            self._add_recent(thread_index, embeddings)
        self.active = active

    def _new_names(self, first: int, indexes: Sequence[int], threads: Sequence[str]) -> list[str]:
        """The threads these turns open, in order, after checking that every turn's thread
        follows: an existing one by its name, or the next new one."""
        if not indexes:
            return []
        known = len(self.names)
        # A turn opens a thread when its index passes every index before it; those must
        # count up from the threads known, one at a time.
        marks = np.asarray(indexes, dtype=np.int64)
        before = np.maximum.accumulate(np.concatenate(([known - 1], marks[:-1])))
        opening = np.flatnonzero(marks > before).tolist()
        added = [threads[offset] for offset in opening]
        if [indexes[offset] for offset in opening] != list(range(known, known + len(added))):
            bad = next(
                offset for step, offset in enumerate(opening) if indexes[offset] != known + step
            )
            raise InputError(f"turn {first + bad}: thread {indexes[bad]} does not follow")
        if int(marks.min()) < 0:
            raise InputError(f"turn {first + int(np.argmin(marks))}: thread index below 0")
        if len(set(added)) != len(added) or not self._taken.isdisjoint(added):
            raise InputError(f"turns from {first}: a second thread of the same name")
        every = [*self.names, *added]
        if list(map(every.__getitem__, indexes)) != list(threads):
            bad = next(
                offset
                for offset, (index, name) in enumerate(zip(indexes, threads, strict=True))
                if every[index] != name
            )
            raise InputError(
                f"turn {first + bad}: thread {indexes[bad]} ({threads[bad]!r}) does not follow"
            )
        return added

    def _add_vectors(
        self,
        indexes: npt.NDArray[np.int32],
        embeddings: npt.NDArray[np.float32],
        stored: Mapping[int, npt.NDArray[np.float64]] | tuple[Any, Any],
    ) -> None:
        """Sums, centroids and recent windows of the threads these turns joined; the sums
        ``stored`` with the thread states are taken when they cover every one."""
        if len(indexes) == 0:
            return
        rows = np.asarray(indexes, dtype=np.intp)
        # Each touched thread's rows in turn order, after its current sum (zeros for a new
        # thread): a reduction over the rows adds them one after the other, as ``prepare``
        # did turn by turn, so the sums come out bit for bit the same.
        order = np.argsort(rows, kind="stable")
        grouped = rows[order]
        starts = np.flatnonzero(np.diff(grouped, prepend=-1))  # where each thread's rows start
        touched = grouped[starts]
        listed = touched.tolist()
        # A load gives (thread indexes, their sums as one matrix's rows): no array per thread.
        pair = isinstance(stored, tuple) and np.array_equal(stored[0], touched)
        if pair or (not isinstance(stored, tuple) and all(index in stored for index in listed)):
            sums = np.asarray(stored[1] if pair else [stored[i] for i in listed], np.float64)
            if sums.shape != (len(listed), self.dim) or not np.isfinite(sums).all():
                raise InputError(f"threads state: sums of shape {sums.shape}")
        elif int(touched[0]) >= len(self._recent):  # new threads only: their sums start at 0
            sums = np.add.reduceat(embeddings[order], starts, axis=0, dtype=np.float64)
        else:
            stacked = np.empty((len(rows) + len(touched), self.dim), np.float64)
            heads = starts + np.arange(len(touched))
            stacked[heads] = self._sums[touched]
            stacked[np.arange(len(rows)) + np.searchsorted(touched, grouped, "right")] = embeddings[
                order
            ]
            sums = np.add.reduceat(stacked, heads, axis=0)
        # ``row @ row`` per thread, as ``prepare`` computes it: a stack of 1 x dim by dim x 1
        # products takes the same dot kernel for each (an einsum or a sum would round
        # differently).
        norms = np.sqrt(np.matmul(sums[:, None, :], sums[:, :, None])[:, 0, 0])
        safe = np.where(norms > 0, norms, 1.0)
        low, high = int(touched[0]), int(touched[-1]) + 1
        if high - low == len(touched):  # a run of threads (a whole load: all of them)
            self._sums[low:high] = sums
            # Divided in float64 and rounded into place, as ``astype`` rounds: no temporary
            # copies (page faults were a tenth of a long load on a loaded box).
            np.divide(sums, safe[:, None], out=self._centroids[low:high])
        else:
            self._sums[touched] = sums
            self._centroids[touched] = (sums / safe[:, None]).astype(np.float32)

    def _add_recent(
        self, indexes: npt.NDArray[np.int32], embeddings: npt.NDArray[np.float32]
    ) -> None:
        """Each touched thread's last ``RECENT_WINDOW`` embeddings, from one gather."""
        if len(indexes) == 0:
            return
        order = np.argsort(np.asarray(indexes, dtype=np.intp), kind="stable")
        grouped = np.asarray(indexes, dtype=np.intp)[order]
        starts = np.flatnonzero(np.diff(grouped, prepend=-1))
        touched = grouped[starts]
        window, recent = self.RECENT_WINDOW, self._recent
        ends = np.append(starts[1:], len(order))
        firsts = np.maximum(starts, ends - window)
        lengths = ends - firsts
        picks = np.repeat(firsts - np.cumsum(lengths) + lengths, lengths) + np.arange(
            int(lengths.sum())
        )
        # One contiguous block; each thread's window is a slice of it (C-contiguous rows).
        block = np.ascontiguousarray(embeddings[order[picks]], np.float32)
        bounds = np.cumsum(lengths).tolist()
        # Slices, not ``np.split``: its per-piece overhead cost 4 ms for 2,000 threads.
        windows = list(map(block.__getitem__, map(slice, [0, *bounds[:-1]], bounds)))
        for index, added in zip(touched.tolist(), windows, strict=True):
            if index < len(recent):
                kept = recent[index][max(0, len(recent[index]) + len(added) - window) :]
                recent[index] = np.ascontiguousarray(np.vstack((kept, added)), np.float32)
            else:  # new threads come in index order: touched is sorted
                recent.append(added)
