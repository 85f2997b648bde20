"""Every constant of the context model in one frozen ``Config``.

``Config.spec()`` carries CRP-SPEC-028's constants exactly, for conformance. ``Config()`` (the
default) starts from the same values; where a value was calibrated on real conversations
(``../shared/data``), the field's comment says so and gives the evidence. Thread thresholds
depend on the embedder, so they are keyed by the embedder's model id.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from .errors import ConfigError

__all__ = ["INTENT_BLENDS", "Blend", "Config", "ThreadThresholds"]

Novelty = bool | Literal["partial"]


@dataclass(frozen=True, slots=True)
class Blend:
    """Tier weights of one intent (SPEC-028 §5.3): P + C + E = 1."""

    P: float
    C: float
    E: float
    cdr_novelty: Novelty

    def header(self) -> str:
        """``30/65/5``: the weights as whole percentages (SPEC-028 §7.1), summing to 100
        (largest remainder: thirds give ``34/33/33``)."""
        exact = [weight * 100 for weight in (self.P, self.C, self.E)]
        whole = [math.floor(value + 1e-9) for value in exact]
        by_remainder = sorted(range(3), key=lambda tier: (whole[tier] - exact[tier], tier))
        for tier in by_remainder[: 100 - sum(whole)]:
            whole[tier] += 1
        return "/".join(map(str, whole))


# SPEC-028 §5.3, exactly.
INTENT_BLENDS: Mapping[str, Blend] = MappingProxyType(
    {
        "EXPLORE": Blend(P=0.70, C=0.25, E=0.05, cdr_novelty=True),
        "DRILL_DOWN": Blend(P=0.30, C=0.65, E=0.05, cdr_novelty=False),
        "CLARIFY": Blend(P=0.20, C=0.75, E=0.05, cdr_novelty=False),
        "CONTINUE": Blend(P=0.50, C=0.40, E=0.10, cdr_novelty="partial"),
        "TOOL_REFERENCE": Blend(P=0.20, C=0.30, E=0.50, cdr_novelty=False),
    }
)


@dataclass(frozen=True, slots=True)
class ThreadThresholds:
    """Cosine bars for thread assignment with one embedder (SPEC-028 §3.3).

    ``join``: a turn joins the most similar thread whose centroid reaches it, else starts one.
    ``resume``: the lower bar for a dormant thread when the turn says "back to ...".
    ``explore``: below this similarity to the active thread a marker-free turn is EXPLORE
    (SPEC-028 §5.2).
    ``opening``: below this similarity to the turn before it, a question that follows a turn
    which asked nothing opens a new topic (ours: ``Config.peer_replies``); 0.0 (the default,
    for embedders without a calibrated bar) turns that rule off.
    """

    join: float
    resume: float
    explore: float
    opening: float = 0.0


# SPEC-028 §3.3 (join 0.70) and §5.2 (explore below 0.50). The spec gives no resume bar.
SPEC_THRESHOLDS = ThreadThresholds(join=0.70, resume=0.55, explore=0.50)

# Calibrated per embedder on ../shared/data by tools/calibrate_threads.py, simulating the
# library's rule (user turns decide, replies follow), all conversations of tiage, dialseg711,
# sgd and irc_disentanglement:
# - join: best mean adjusted Rand index against the gold threads (hash 0.190 at 0.28, 0.005 at
#   the spec's 0.70; MiniLM 0.290 at 0.40, 0.029 at 0.70). Only 0.1-0.7% (hash) and 2-8%
#   (MiniLM) of turns reach 0.70 to their own thread.
# - explore: best mean F1 against gold topic shifts on tiage and dialseg711 (hash 0.329 vs
#   0.305 at 0.50; MiniLM 0.440 vs 0.377). The hashing embedder carries little topic-shift
#   signal (ROC AUC 0.51 on tiage): use a sentence-transformer where threads matter.
# - resume: best Youden J for a resuming turn against its dormant thread on sgd (hash 0.389;
#   MiniLM 0.775).
CALIBRATED_THRESHOLDS: Mapping[str, ThreadThresholds] = MappingProxyType(
    {
        "multihorizon-hash-384": ThreadThresholds(
            join=0.28, resume=0.18, explore=0.28, opening=0.30
        ),
        "sentence-transformers/all-MiniLM-L6-v2": ThreadThresholds(
            join=0.40, resume=0.37, explore=0.34, opening=0.40
        ),
    }
)


def _check_unit(name: str, value: float) -> None:
    if not (isinstance(value, (int, float)) and math.isfinite(value) and 0.0 <= value <= 1.0):
        raise ConfigError(f"{name}: must be a number in [0, 1], got {value!r}")


@dataclass(frozen=True, slots=True)
class Config:
    """Every constant of the context model, with the spec section it comes from."""

    # SPEC-028 §3.2: a turn HALF_LIFE turns ago has half the recency weight.
    half_life: float = 6.0
    # SPEC-028 §3.3 / §5.2, per embedder model id; ``default_thresholds`` for any other model.
    thread_thresholds: Mapping[str, ThreadThresholds] = field(
        default_factory=lambda: CALIBRATED_THRESHOLDS
    )
    default_thresholds: ThreadThresholds = SPEC_THRESHOLDS
    # SPEC-028 §5.3.
    intent_blends: Mapping[str, Blend] = field(default_factory=lambda: INTENT_BLENDS)
    # Tier C retrieval (ours, SPEC-028 §3.2-§4.2): relevance plus bounded bonuses. Recency as
    # a pure multiplier (1.0) erases old relevant turns on long real chats, so by default it
    # only adds up to ``recency_bonus``.
    recency_multiplier: float = 0.0
    recency_bonus: float = 0.15
    thread_bonus: float = 0.10
    # Tier C's lexical channel (ours, architecture.md): BM25 over content words, scaled to
    # [0, 1] per query and weighted into the fused score; each channel nominates
    # ``lexical_pool`` turns. 0 turns the channel off. Calibrated on LoCoMo (495 questions):
    # recall@12 of evidence turns 0.307 with the embedding alone, 0.591 at 0.5, 0.613 at 1.0,
    # 0.618 at 2.0, 0.611 at 3.0; 1.0 starts the plateau.
    lexical_weight: float = 1.0
    lexical_pool: int = 48
    turns_in_context: int = 12
    # Ours (Session._with_answers): a retrieved turn that asks a question brings the turn
    # right after it, by the other side, at its score: a query resembles the question it
    # repeats more than the answer it wants. LoCoMo recall@10 0.621 -> 0.702, hit@10 0.669
    # -> 0.751 (MiniLM 0.650 -> 0.740, 0.695 -> 0.782). hit@3 of antecedents, which list
    # retrieved turns last: sgd 0.873 -> 0.870, CAsT 2021 0.854 -> 0.849 (MiniLM -> 0.870),
    # irc 0.767 -> 0.763 (MiniLM 0.776 either way).
    answers_follow_questions: bool = True
    # Ours (intent.classify): a question that points back ("its", "they", "what about") is
    # DRILL_DOWN whatever its similarity, and a question on the active topic is DRILL_DOWN
    # rather than CONTINUE; so is a question naming by a definite noun phrase something the
    # conversation already holds ("the two policies"). Off, §5.2 as written. Measured with
    # the hashing embedder (``multihorizon eval FILE --task intent``), macro-F1 on: sgd
    # 0.413 -> 0.668; TREC CAsT 2019 0.136 -> 0.670, 2021 0.215 -> 0.665; swda 0.664 -> 0.666.
    follow_up_questions: bool = True
    # Ours (threads.Threads.plan): a definite noun phrase whose words dormant threads used and
    # the active one did not ("play the song" after a digression) resumes the thread holding
    # most of them (ties: the latest). Measured with the hashing embedder: sgd resume accuracy
    # 0.31 -> 0.44; dialseg711 shift F1 0.555 -> 0.544; counting words more than one dormant
    # thread used (a service split over two threads), sgd 0.690 -> 0.727, dialseg711 0.629.
    # And the other way: one whose words only the active thread used keeps the turn there
    # ("what time does the movie start?" after an aside), sgd 0.733 -> 0.818 (MiniLM 0.840 ->
    # 0.877), dialseg711 0.626 -> 0.638.
    vocabulary_resume: bool = True
    # Ours (threads.Threads.plan): a user turn that answers the question of the turn before
    # stays in the active thread, whatever its similarity ("somewhere in the north" after
    # "which part of town?"), unless that question offered something "else" ("anything else I
    # can help with?" invites a new topic); one that says "by the way" leaves it. Measured
    # with the hashing embedder (``multihorizon eval FILE --task threads``): sgd resume
    # accuracy 0.428 -> 0.690, shift F1 0.347 -> 0.391; dialseg711 shift F1 0.542 -> 0.629;
    # tiage 0.262 -> 0.284. MiniLM: sgd 0.647 -> 0.813; dialseg711 0.605 -> 0.626.
    question_topics: bool = True
    # Ours (Session.user and .assistant): both sides are people (peer dialogue), so either
    # may move the topic on, and does so by asking: a question after a turn that asked
    # nothing, unlike that turn (``ThreadThresholds.opening``), leaves the active thread. Off
    # by default: a model's reply follows its user, and task assistants ask for details
    # ("which day?") unlike the request before them. Shift F1 with it on, hashing / MiniLM:
    # tiage (peer chat) 0.284 -> 0.425 / 0.295 -> 0.463; but dialseg711 (task dialogues)
    # 0.629 -> 0.426 and sgd resume accuracy 0.727 -> 0.422 (hashing). And since topics move
    # by questions there, a statement that resembles no thread carries on the active one,
    # on either side, instead of opening one: tiage 0.425 -> 0.461 / 0.463 -> 0.474
    # (dialseg711 in peer mode 0.426 -> 0.266).
    peer_replies: bool = False
    # Ours (Session._addressed): in a chat of three or more speakers, a speaker named anywhere
    # in a turn ("thanks alice") addresses them when nothing opens the turn. irc_disentanglement:
    # pairwise thread F1 0.651 -> 0.691, reply-to acc@1 0.581 -> 0.612 (hashing).
    name_mentions: bool = True
    # Ours (Envelope.antecedents): a pronoun after a user's pronoun follow-ups points to the
    # turn they follow ("Tell me about lung cancer." "What are its symptoms?" "Can it
    # spread?"). TREC CAsT 2019 acc@1 0.417 -> 0.538 (hashing); sgd, CAsT 2021, irc unchanged.
    # So does a short follow-up question with nothing resolved ("What about treatment?"):
    # CAsT 2019 0.538 -> 0.568 (MiniLM 0.538 -> 0.565); irc 0.612 -> 0.611.
    pronoun_chains: bool = True
    # Ours (Envelope.antecedents): "a hotel there", "restaurants in that area" refer to the
    # latest of the last dozen turns that puts something in a named place ("around
    # London"), else that names anything by a proper noun; put before the turn before. sgd
    # (carried-over places, 285 such turns): acc@1 0.679 -> 0.731, hit@3 0.802 -> 0.845
    # (hashing; with offer_antecedents too, 0.751 / 0.859).
    place_antecedents: bool = True
    # Ours (Envelope.antecedents): "that sounds good" after the user asked about an offered
    # option ("How about Alien?" "When is it on?" "At 8 pm.") judges the offer, not the
    # answer. sgd: acc@1 0.679 -> 0.701, hit@3 0.802 -> 0.817 (hashing); of the 55 such
    # turns, 47 point to the offer and 3 to the answer. More ways to judge ("that seems
    # nice", "perfect!", "fine.") and to offer ("I've found", "there are", "do you like X?",
    # "what do you think about X?"): sgd 0.751 -> 0.764, hit@3 0.859 -> 0.871, CAsT 2021
    # 0.729 -> 0.734; 105 turns, 83 point to the offer, 9 to the answer. And "this movie",
    # when the movie's latest mention is the user's request and the reply right after it
    # offered one ("Do you like Rojo?"), is the offer: sgd 0.764 -> 0.769.
    offer_antecedents: bool = True
    # Tier P (SPEC-024 §7.1): facts under the relevance floor are dropped before CDR. The
    # spec's 0.55 suits large embedding models; per embedder, provisional (set so facts that
    # share the query's topic words pass, not yet calibrated on data): the hashing
    # embedder's cosines for related texts are 0.1-0.3, MiniLM's 0.3-0.6.
    relevance_floors: Mapping[str, float] = field(
        default_factory=lambda: MappingProxyType(
            {"multihorizon-hash-384": 0.12, "sentence-transformers/all-MiniLM-L6-v2": 0.35}
        )
    )
    default_relevance_floor: float = 0.55
    # SPEC-003 §5.2: HNSW top-K candidates per query.
    fact_candidates: int = 50
    # SPEC-025 CDGR on document and hybrid turns: connector facts bridging the CDR anchors
    # fill up to ``connector_budget`` of the Tier P budget.
    graph_retrieval: bool = True
    connector_budget: float = 0.30
    # SPEC-028 §8 hybrid mode: at most this many sub-queries from the active thread.
    max_sub_queries: int = 6
    # SPEC-028 §5.3 "partial" novelty (CONTINUE): floor + (1 - floor) x novelty.
    partial_novelty_floor: float = 0.5
    # SPEC-028 §4.2: the most recent turns searched for "the X" when no entity index hit.
    reference_search_window: int = 200
    # SPEC-028 §6.2: entries kept per ThreadState list (oldest dropped first).
    thread_state_limit: int = 8

    def __post_init__(self) -> None:
        if not (math.isfinite(self.half_life) and self.half_life > 0):
            raise ConfigError(f"half_life: must be a finite number > 0, got {self.half_life!r}")
        for model, bars in {**self.thread_thresholds, "default": self.default_thresholds}.items():
            for name in ("join", "resume", "explore", "opening"):
                _check_unit(f"thread_thresholds[{model!r}].{name}", getattr(bars, name))
        for intent in ("EXPLORE", "DRILL_DOWN", "CLARIFY", "CONTINUE", "TOOL_REFERENCE"):
            blend = self.intent_blends.get(intent)
            if blend is None:
                raise ConfigError(f"intent_blends: missing {intent}")
            for tier in ("P", "C", "E"):
                _check_unit(f"intent_blends[{intent}].{tier}", getattr(blend, tier))
            if abs(blend.P + blend.C + blend.E - 1.0) > 1e-9:
                raise ConfigError(f"intent_blends[{intent}]: P + C + E must be 1")
        for name in (
            "recency_multiplier",
            "recency_bonus",
            "thread_bonus",
            "default_relevance_floor",
            "partial_novelty_floor",
            "connector_budget",
        ):
            _check_unit(name, getattr(self, name))
        for model, floor in self.relevance_floors.items():
            _check_unit(f"relevance_floors[{model!r}]", floor)
        weight = self.lexical_weight
        if not (isinstance(weight, (int, float)) and math.isfinite(weight) and weight >= 0):
            raise ConfigError(f"lexical_weight: must be a finite number >= 0, got {weight!r}")
        for name in (
            "turns_in_context",
            "fact_candidates",
            "max_sub_queries",
            "lexical_pool",
            "reference_search_window",
            "thread_state_limit",
        ):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ConfigError(f"{name}: must be an integer >= 1, got {value!r}")
        # Freeze caller-supplied dicts so a Config cannot change under a session.
        object.__setattr__(
            self, "thread_thresholds", MappingProxyType(dict(self.thread_thresholds))
        )
        object.__setattr__(self, "intent_blends", MappingProxyType(dict(self.intent_blends)))
        object.__setattr__(self, "relevance_floors", MappingProxyType(dict(self.relevance_floors)))

    @classmethod
    def spec(cls) -> Config:
        """SPEC-028's constants exactly: half-life 6, join 0.70, explore below 0.50, §5.3 blends,
        recency as a multiplier (§3.2), for every embedder."""
        return cls(
            half_life=6.0,
            thread_thresholds={},
            default_thresholds=SPEC_THRESHOLDS,
            intent_blends=INTENT_BLENDS,
            recency_multiplier=1.0,
            recency_bonus=0.0,
            thread_bonus=0.0,
            lexical_weight=0.0,
            follow_up_questions=False,
            vocabulary_resume=False,
            question_topics=False,
            name_mentions=False,
            pronoun_chains=False,
            answers_follow_questions=False,
            place_antecedents=False,
            offer_antecedents=False,
            relevance_floors={},
        )

    def relevance_floor_for(self, model_id: str) -> float:
        """Tier P's relevance floor for an embedder's model id (SPEC-024 §7.1)."""
        return self.relevance_floors.get(model_id, self.default_relevance_floor)

    def thresholds_for(self, model_id: str) -> ThreadThresholds:
        """The thread bars for an embedder's model id (the default bars for unknown models)."""
        return self.thread_thresholds.get(model_id, self.default_thresholds)

    def replace(self, **changes: Any) -> Config:
        """A copy with some fields changed (validated like a new Config)."""
        return dataclasses.replace(self, **changes)
