"""Type stubs for the compiled kernels (cpp/bindings). Documented in _kernels_py."""

from collections.abc import Iterable, Sequence
from typing import overload

import numpy as np
import numpy.typing as npt

UNICODE_VERSION: str

class MarkerMatcher:
    def __init__(self, phrases: Iterable[tuple[str, int]]) -> None: ...
    def find(self, text: str) -> list[tuple[int, int, int, int]]: ...
    def __len__(self) -> int: ...

def cosine_scores(query: npt.ArrayLike, matrix: npt.ArrayLike) -> npt.NDArray[np.float32]: ...
def top_k(
    query: npt.ArrayLike, matrix: npt.ArrayLike, k: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]: ...
def best_above(
    query: npt.ArrayLike, matrix: npt.ArrayLike, threshold: float
) -> tuple[int, float]: ...
def squared_norm(vector: npt.ArrayLike) -> float: ...
def bm25_scores(
    postings: npt.ArrayLike,
    offsets: npt.ArrayLike,
    lengths: npt.ArrayLike,
    *,
    k1: float = 1.2,
    b: float = 0.75,
) -> npt.NDArray[np.float64]: ...
def recency_weights(
    turn_ids: npt.ArrayLike, current: int, half_life: float
) -> npt.NDArray[np.float32]: ...
def score_turns(
    query: npt.ArrayLike,
    embeddings: npt.ArrayLike,
    turn_ids: npt.ArrayLike,
    *,
    current: int,
    thread_ids: npt.ArrayLike | None = None,
    active_thread: int = -1,
    forced: npt.ArrayLike | None = None,
    half_life: float = 6.0,
    recency_multiplier: float = 1.0,
    recency_bonus: float = 0.0,
    thread_bonus: float = 0.0,
    k: int = 10,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]: ...

class StanceReader:
    def __init__(
        self,
        first_person: Iterable[str],
        possessive: Iterable[str],
        second_person: Iterable[str],
        edges: str,
        service: Iterable[tuple[str, ...]],
        personal: Iterable[tuple[str, ...]],
        *,
        answer_chars: int,
        head_chars: int,
    ) -> None: ...
    def stance(self, text: str) -> int | None: ...

class PostingLists:
    def __init__(self) -> None: ...
    def add_turn(self, turn_id: int, terms: Iterable[str]) -> None: ...
    def extend(
        self, terms: Iterable[str], turns: npt.ArrayLike, offsets: npt.ArrayLike
    ) -> None: ...
    def gather(
        self, terms: Iterable[str], *, reuse: bool = False
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...

class TermReader:
    def __init__(self, stopwords: Iterable[str], ie_nouns: Iterable[str]) -> None: ...
    def content_terms(self, text: str) -> list[str] | None: ...
    def definite_terms(self, text: str) -> tuple[str, ...] | None: ...
    def turn_terms(self, text: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None: ...

class TurnCueReader:
    def __init__(
        self,
        stance: StanceReader,
        openers: Iterable[Sequence[str]],
        fillers: Iterable[Sequence[str]],
        repeats: Iterable[Sequence[str]],
        asks_for: Iterable[Sequence[str]],
        elses: Iterable[Sequence[str]],
        *,
        asks_for_chars: int,
        asks_for_overrun: int,
        open_offer_chars: int,
    ) -> None: ...
    def cues(self, text: str, user: bool) -> int | None: ...

def fold_turn(
    embedding: npt.ArrayLike,
    total: npt.ArrayLike | None,
    recent: npt.ArrayLike | None,
    *,
    window: int,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float32], npt.NDArray[np.float32]]: ...
def thread_scan(
    embedding: npt.ArrayLike,
    centroids: npt.ArrayLike,
    active: int,
) -> tuple[int, float, int, float]: ...
def quantize_rows(
    matrix: npt.ArrayLike,
    *,
    by_column: bool = False,
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float32]]: ...
def store_row(
    row: npt.ArrayLike,
    embeddings: npt.NDArray[np.float32],
    codes: npt.NDArray[np.int8],
    scales: npt.NDArray[np.float32],
    at: int,
    by_column: bool,
) -> None: ...
def score_turns_int8(
    query: npt.ArrayLike,
    codes: npt.ArrayLike,
    scales: npt.ArrayLike,
    embeddings: npt.ArrayLike,
    turn_ids: npt.ArrayLike,
    *,
    current: int,
    thread_ids: npt.ArrayLike | None = None,
    active_thread: int = -1,
    forced: npt.ArrayLike | None = None,
    half_life: float = 6.0,
    recency_multiplier: float = 1.0,
    recency_bonus: float = 0.0,
    thread_bonus: float = 0.0,
    k: int = 10,
    rescore: int | None = None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]: ...
def retrieve_turns(
    query: npt.ArrayLike,
    codes: npt.ArrayLike,
    scales: npt.ArrayLike,
    embeddings: npt.ArrayLike,
    thread_ids: npt.ArrayLike,
    lengths: npt.ArrayLike,
    postings: npt.ArrayLike,
    offsets: npt.ArrayLike,
    total_length: float,
    forced: npt.ArrayLike = (),
    active_thread: int = -1,
    half_life: float = 6.0,
    recency_multiplier: float = 1.0,
    recency_bonus: float = 0.0,
    thread_bonus: float = 0.0,
    k: int = 10,
    lexical_pool: int = 48,
    lexical_weight: float = 1.0,
    int8_rows_per_rescored: float = 8,
    k1: float = 1.2,
    b: float = 0.75,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], int]: ...
def retrieve_context(
    query: npt.ArrayLike,
    codes: npt.ArrayLike,
    scales: npt.ArrayLike,
    embeddings: npt.ArrayLike,
    thread_ids: npt.ArrayLike,
    lengths: npt.ArrayLike,
    postings: npt.ArrayLike,
    offsets: npt.ArrayLike,
    total_length: float,
    asks: npt.ArrayLike,
    roles: npt.ArrayLike,
    speakers: npt.ArrayLike,
    targets: npt.ArrayLike = (),
    reply_to: int = -1,
    active_thread: int = -1,
    half_life: float = 6.0,
    recency_multiplier: float = 1.0,
    recency_bonus: float = 0.0,
    thread_bonus: float = 0.0,
    k: int = 10,
    lexical_pool: int = 48,
    lexical_weight: float = 1.0,
    int8_rows_per_rescored: float = 8,
    answers_follow_questions: bool = True,
    k1: float = 1.2,
    b: float = 0.75,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.int8], int, int]: ...
def pair_answers(
    rows: npt.ArrayLike,
    scores: npt.ArrayLike,
    forced_count: int,
    k: int,
    answers_follow_questions: bool,
    asks: npt.ArrayLike,
    roles: npt.ArrayLike,
    speakers: npt.ArrayLike,
    thread_ids: npt.ArrayLike,
    active_thread: int,
    targets: npt.ArrayLike,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64], npt.NDArray[np.int8], int, int]: ...
@overload
def hash_embed(
    texts: str, dim: int = 384, *, skip_function_words: bool = False
) -> npt.NDArray[np.float32]: ...
@overload
def hash_embed(
    texts: Sequence[str] | Iterable[str], dim: int = 384, *, skip_function_words: bool = False
) -> npt.NDArray[np.float32]: ...
def _simd_level() -> str: ...
def _set_simd_level(name: str) -> None: ...
def _use_generic_simd(generic: bool) -> None: ...
def cdr_rank(
    relevance: npt.ArrayLike,
    coverage: npt.ArrayLike,
    importance: npt.ArrayLike,
    ttl: npt.ArrayLike,
    modified: npt.ArrayLike,
    now: float,
    novelty: int,
    partial_floor: float,
) -> tuple[
    npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.int64]
]: ...
def tier_p_stage(
    query: npt.ArrayLike,
    codes: npt.ArrayLike,
    scales: npt.ArrayLike,
    vectors: npt.ArrayLike,
    turn_ids: npt.ArrayLike,
    live: npt.ArrayLike,
    count: int,
    dead: int,
    min_relevance: float,
    delivered: npt.ArrayLike | None,
    columns: npt.ArrayLike,
    weighted: npt.ArrayLike | None,
    depth_sum: float,
    now: float,
    novelty: int,
    partial_floor: float,
) -> tuple[
    npt.NDArray[np.int64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float64],
    npt.NDArray[np.float32],
]: ...
def tier_p_search(
    query: npt.ArrayLike,
    codes: npt.ArrayLike,
    scales: npt.ArrayLike,
    vectors: npt.ArrayLike,
    turn_ids: npt.ArrayLike,
    live: npt.ArrayLike,
    count: int,
    dead: int,
    min_relevance: float,
    weighted: npt.ArrayLike | None,
    depth_sum: float,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32], npt.NDArray[np.float64]]: ...
def pack_tiers(
    tokens: npt.ArrayLike,
    scores: npt.ArrayLike,
    tiers: npt.ArrayLike,
    weights: npt.ArrayLike,
    groups: npt.ArrayLike,
    group_weights: npt.ArrayLike,
    budget: int,
) -> npt.NDArray[np.int64]: ...
