"""Measured accuracy floors on the real conversations of ../shared/data (see its README).

Each test replays real conversations through a ``Session`` in file order (user turns with
``user()``, replies with ``assistant()``, sgd's API results with ``tool_output()``), and at each
probe asks ``preview(query)`` (or ``classify(query)``) *before* logging the probed turn, so
the turns before it are the history and the probe itself pollutes nothing. Every floor is a
little below the figure measured with the default ``HashingEmbedder`` (the hashing embedder
is deterministic, so the figures are exact and any drop is a real change); the docstrings
give the figures, the ``Config.spec()`` figures where they help, and the command:

    cd /tmp && python -m pytest /work/main/tests/test_accuracy.py -q -p no:cacheprovider

The whole file takes about 50 s on two cores (only swda is subsampled: see its fixture).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import multihorizon as mh
import shared_data
from multihorizon.evaluation.replay import replays

pytestmark = pytest.mark.data

Conversation = dict[str, Any]
Probe = dict[str, Any]
EMBEDDER = mh.HashingEmbedder()


def _conversations(name: str) -> Iterator[Conversation]:
    """The conversations of ``<name>.jsonl``, in file order."""
    path: Path = shared_data.data_dir() / f"{name}.jsonl"
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            yield json.loads(line)


def _replay(
    conversation: Conversation, config: mh.Config | None = None
) -> Iterator[tuple[mh.Session, dict[str, Any], Probe | None]]:
    """Replay a conversation turn by turn through the evaluation's harness: yields (session,
    turn, probe at that turn or None) *before* the turn is logged, then logs it."""
    (replay,) = next(replays([conversation], EMBEDDER, [config or mh.Config()]))
    for _, turn, probes in replay.steps():
        if turn is None:
            return
        probe = probes[0] if probes else None
        if probe is not None:
            assert probe["query"] == turn["content"], (conversation["conv_id"], turn["turn_id"])
        yield replay.session, turn, probe


@dataclass
class Counts:
    """A binary detector against gold labels."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    def add(self, predicted: bool, gold: bool) -> None:
        if predicted and gold:
            self.tp += 1
        elif predicted:
            self.fp += 1
        elif gold:
            self.fn += 1
        else:
            self.tn += 1

    @property
    def total(self) -> int:
        return self.tp + self.fp + self.fn + self.tn

    @property
    def precision(self) -> float:
        return self.tp / max(self.tp + self.fp, 1)

    @property
    def recall(self) -> float:
        return self.tp / max(self.tp + self.fn, 1)

    @property
    def f1(self) -> float:
        total = self.precision + self.recall
        return 0.0 if total == 0 else 2 * self.precision * self.recall / total

    @property
    def always_f1(self) -> float:
        """F1 of the trivial detector that always says yes (the best constant one)."""
        positives = self.tp + self.fn
        return 2 * positives / (self.total + positives) if positives else 0.0

    def __repr__(self) -> str:
        return (
            f"Counts(tp={self.tp}, fp={self.fp}, fn={self.fn}, tn={self.tn}, "
            f"P={self.precision:.3f}, R={self.recall:.3f}, F1={self.f1:.3f}, "
            f"always-yes F1={self.always_f1:.3f})"
        )


# ---- 1. LoCoMo: Tier C retrieval ------------------------------------------------------------


def _locomo_recall(config: mh.Config) -> tuple[float, int]:
    """Mean recall@12 of the gold evidence turns among ``preview(question).items``, over the
    questions with evidence; and how many questions that is."""
    config = config.replace(turns_in_context=12)
    recalls: list[float] = []
    for conversation in _conversations("locomo"):
        (replay,) = next(replays([conversation], EMBEDDER, [config]))
        for _ in replay.steps():
            pass  # every turn logged; the questions come after the whole log
        session = replay.session
        assert len(session) == len(conversation["turns"])
        for probe in conversation["probes"]:
            gold = set(probe["gold_turn_ids"])
            if not gold:
                continue
            envelope = session.preview(probe["query"])
            assert len(envelope.items) <= 12
            retrieved = {item.turn_id for item in envelope.items}
            recalls.append(len(gold & retrieved) / len(gold))
        assert len(session) == len(conversation["turns"])  # preview logged nothing
    return sum(recalls) / len(recalls), len(recalls)


def test_locomo_tier_c_recall_at_12() -> None:
    """LoCoMo (3 conversations, 1451 turns, 495 questions with evidence): each conversation is
    logged whole, then every question is previewed; recall@12 of the human-labelled evidence
    turns among the envelope's items.

    Measured: default ``Config()`` 0.609 (0.307 before the lexical channel), ``Config.spec()``
    0.058 (0.020 before follow-up questions stayed in the active thread, whose turns the spec
    profile restores at full weight), so the default is 10x the spec profile. The spec
    profile is low because recency as a half-life-6 multiplier erases every turn older than a
    few dozen, so on a ~480-turn log only the last few dozen turns can be retrieved. For
    scale (scratch measurements, not asserted): the default with
    ``lexical_weight=0`` gives 0.307; with its recency and thread bonuses at 0, 0.607 (0.335
    without the lexical channel); plain BM25 over ``text.content_terms`` alone 0.611. So the
    fused score is level with plain BM25 here: nearly all of the gain is the lexical channel,
    and the hashing embedder adds almost nothing on top of it on LoCoMo.
    Floors: default >= 0.55; default >= 8 x spec.

    Reproduce: ``cd /tmp && python -m pytest /work/main/tests/test_accuracy.py -q
    -p no:cacheprovider -k locomo``
    """
    default, questions = _locomo_recall(mh.Config())
    spec, _ = _locomo_recall(mh.Config.spec())
    assert questions >= 450, questions
    assert default >= 0.55, (default, spec)
    assert default >= 8 * spec, (default, spec)


# ---- 2. sgd: thread resumption --------------------------------------------------------------


def test_sgd_thread_resumption() -> None:
    """sgd (555 multi-service conversations, 5783 user-turn probes; tool turns fed through
    ``tool_output``). ``gold_resumes_thread`` is true (187 probes) when the probe's gold service
    thread occurred earlier but is not the thread of the turn before it: a return after a
    digression. Each probe is previewed before it is logged.

    Measured with the definite-noun-phrase vocabulary rule ("play the song" resumes the latest
    dormant thread that said "song", if the active one never did), follow-up questions that
    resemble no thread staying in the active thread, and answers to the question before
    staying there (``question_topics``, not after "anything else?"), a definite noun
    phrase only the active thread used keeping the turn there ("what time does the movie
    start?" after an aside the movie thread took in), and turns that only react ("that
    sounds great", "thanks for your help") staying (``reaction_turns``); in brackets the
    figures before that last rule, then before the one before, before the answer rule, and
    before the first two:
    - caught (the brief's measure): ``thread_resumed``, or the active thread is the library's
      thread of the most recent earlier turn in the probe's gold thread: 0.936, 175 of 187
      (0.947, 177; 0.861, 161; 0.717, 134; 0.396, 74); spec profile 0.257.
    - flagged: ``thread_resumed`` on a gold resumption: 0.433, 81 (0.476, 89; 0.508, 95;
      0.572, 107; 0.332, 62); spec 0.230. Fewer flags: an answer, and now a reaction, no
      longer splits off a thread the resumption would "resume" from.
    - strict: flagged *and* to that thread: 0.358, 67 (0.348, 65; 0.380, 71; 0.283, 53;
      0.144, 27); spec 0.102.
    - false resumptions: ``thread_resumed`` on the 5041 later probes that are not
      resumptions: 0.019, 94 (0.041, 208; 0.048, 241; 0.093, 467; 0.073, 367); spec 0.009.
    Floors: caught >= 0.92, flagged >= 0.38, strict >= 0.34, false <= 0.03, and the flag fires
    at least 16x as often on resumptions as on the rest (measured 23.3x; before 11.5x, 10.6x,
    6.2x, 4.5x). With issue 15's resumption rules (reply-follow-ups, report-backs, ...):
    caught 0.930 (174), flagged 0.417 (78), strict 0.353 (66), false 0.0167 (84), 25x: a
    follow-up on the reply's words or a report back no longer splits off a thread, so fewer
    returns need the flag (the flagged floor went 0.42 -> 0.41); ``multihorizon eval``'s sgd
    resume accuracy 0.861 -> 0.872. Rule reply-words (stop 33) keeps a short follow-up or a
    turn naming a word of the reply in the reply's thread: caught 0.952 (178), flagged 0.385
    (72), strict 0.353 (66), false 0.0121 (61), 32x; the eight gold resumptions that lost the
    flag all land in the right thread (three did not before), so the flagged floor went
    0.41 -> 0.38; ``multihorizon eval``'s sgd resume accuracy 0.904 -> 0.920.

    Reproduce: ``cd /tmp && python -m pytest /work/main/tests/test_accuracy.py -q
    -p no:cacheprovider -k sgd``
    """
    resumptions = caught = flagged = strict = others = false_flags = 0
    for conversation in _conversations("sgd"):
        gold_thread: dict[int, str] = {}  # data turn id -> gold thread (user/assistant turns)
        our_thread: dict[int, str] = {}  # data turn id -> the thread the library logged it in
        logged = None  # the turn logged last: its thread is known once the next one comes
        for session, turn, probe in _replay(conversation):
            if logged is not None and logged["role"] != "tool":
                gold_thread[logged["turn_id"]] = logged["thread"]
                our_thread[logged["turn_id"]] = session.active_thread
            logged = turn
            turn_id = turn["turn_id"]
            if probe is not None and turn_id > 0:
                envelope = session.preview(probe["query"])
                if probe["gold_resumes_thread"]:
                    earlier = [i for i, name in gold_thread.items() if name == probe["gold_thread"]]
                    assert earlier, (conversation["conv_id"], turn_id)
                    target = our_thread[max(earlier)]
                    resumptions += 1
                    flagged += envelope.thread_resumed
                    caught += envelope.thread_resumed or envelope.active_thread == target
                    strict += envelope.thread_resumed and envelope.active_thread == target
                else:
                    others += 1
                    false_flags += envelope.thread_resumed
    figures = (caught, flagged, strict, resumptions, false_flags, others)
    assert resumptions >= 150, figures
    assert others >= 4000, figures
    assert caught / resumptions >= 0.92, figures
    assert flagged / resumptions >= 0.38, figures
    assert strict / resumptions >= 0.34, figures
    assert false_flags / others <= 0.03, figures
    assert flagged / resumptions >= 16 * false_flags / others, figures


# ---- 3. tiage, dialseg711: topic shift as EXPLORE or a new thread ---------------------------


@pytest.mark.parametrize(
    ("name", "f1_floor", "beats_always_by"),
    [
        pytest.param("tiage", 0.31, None, id="tiage"),
        pytest.param("dialseg711", 0.31, 0.075, id="dialseg711"),
    ],
)
def test_topic_shift(name: str, f1_floor: float, beats_always_by: float | None) -> None:
    """Human topic-shift labels (``gold_topic_shift``) against "the previewed turn is EXPLORE or
    starts a new thread". Probes sit on both speakers' turns (peer dialogues: tiage 5838 probes
    of which 1198 shifts, dialseg711 6145 / 916); each is previewed as a user turn would be,
    then logged under its own role.

    Measured (default; ``Config.spec()`` in brackets), with follow-up questions (DRILL_DOWN)
    and definite-noun-phrase resumption:
    - tiage: P 0.208, R 0.763, F1 0.326 (0.341); says "shift" on 75% of turns. The trivial
      always-shift detector scores F1 0.341: the hashing embedder carries almost no topic
      signal here, so this test asserts only the floor (``multihorizon eval --task threads``
      with all-MiniLM-L6-v2 does no better on tiage; see the README).
    - dialseg711: P 0.244, R 0.857, F1 0.380 (0.303); says "shift" on 52% of turns;
      always-shift F1 0.259, so here we beat it by 0.121 (spec by 0.043). User-role turns
      only: F1 0.559 (always 0.472).
    Floors: F1 >= 0.31; on dialseg711 also F1 >= always-shift F1 + 0.075.

    Reproduce: ``cd /tmp && python -m pytest /work/main/tests/test_accuracy.py -q
    -p no:cacheprovider -k topic_shift``
    """
    counts = Counts()
    for conversation in _conversations(name):
        for session, _, probe in _replay(conversation):
            if probe is None or probe.get("gold_topic_shift") is None:
                continue
            known = set(session.threads)
            envelope = session.preview(probe["query"])
            shift = envelope.intent is mh.Intent.EXPLORE or envelope.active_thread not in known
            counts.add(shift, bool(probe["gold_topic_shift"]))
    assert counts.total >= 5000, counts
    assert counts.tp + counts.fn >= 800, counts
    assert counts.f1 >= f1_floor, counts
    if beats_always_by is not None:
        assert counts.f1 >= counts.always_f1 + beats_always_by, counts


# ---- 4. swda: CLARIFY and CONTINUE against weak dialogue-act labels -------------------------

SWDA_PROBES = 3000


@pytest.fixture(scope="module")
def swda_intents() -> list[tuple[mh.Intent, str]]:
    """(our intent, gold intent) for the first ``SWDA_PROBES`` labelled swda probes in file
    order (75 conversations, 17139 turns replayed). ``classify`` gives the same intent as
    ``preview(...).intent`` (checked on all 3000: no difference) at a fraction of the cost."""
    pairs: list[tuple[mh.Intent, str]] = []
    for conversation in _conversations("swda"):
        for session, _, probe in _replay(conversation):
            if len(pairs) == SWDA_PROBES:
                return pairs
            if probe is not None and probe["gold_intent"] is not None:
                pairs.append((session.classify(probe["query"]), probe["gold_intent"]))
    return pairs


def _detector(pairs: list[tuple[mh.Intent, str]], intent: mh.Intent) -> Counts:
    counts = Counts()
    for predicted, gold in pairs:
        counts.add(predicted is intent, gold == str(intent))
    return counts


def test_swda_clarify_continue(swda_intents: list[tuple[mh.Intent, str]]) -> None:
    """Switchboard with weak labels: signal-non-understanding -> CLARIFY, backchannel ->
    CONTINUE. Subsample: the first 3000 probes whose ``gold_intent`` is set (94 CLARIFY, 2906
    CONTINUE), each classified before its turn is logged; precision is over that labelled
    subsample (unlabelled turns are not known negatives of CONTINUE).

    Measured (default):
    - CLARIFY: P 0.325 (25 of 77), R 0.266 (25 of 94). Before backchannels were handled
      ("uh-huh" blocks the CLARIFY "huh"; a turn of acknowledgements only is CONTINUE), P was
      0.024: 1017 "Uh-huh."/"Huh-uh." were CLARIFY. Missed: "What?", "Excuse me?", "Who?".
    - CONTINUE: P 0.998 (2827 of 2833), R 0.973 (2827 of 2906); before backchannels were
      handled: R 0.211, as "Yeah.", "Right.", "Okay." were EXPLORE.
    Floors: CLARIFY P >= 0.29, R >= 0.23; CONTINUE P >= 0.95, R >= 0.90.

    Reproduce: ``cd /tmp && python -m pytest /work/main/tests/test_accuracy.py -q
    -p no:cacheprovider -k swda``
    """
    assert len(swda_intents) == SWDA_PROBES
    clarify = _detector(swda_intents, mh.Intent.CLARIFY)
    cont = _detector(swda_intents, mh.Intent.CONTINUE)
    assert clarify.tp + clarify.fn >= 80, clarify
    assert clarify.precision >= 0.29, clarify
    assert clarify.recall >= 0.23, clarify
    assert cont.precision >= 0.95, cont
    assert cont.recall >= 0.90, cont


def test_swda_backchannels_are_not_clarify(swda_intents: list[tuple[mh.Intent, str]]) -> None:
    """A backchannel ("Uh-huh.") acknowledges; it never asks for clarification. Measured: 52
    of the 2906 gold-CONTINUE probes of the subsample are CLARIFY (0.018; 1017, 0.350, while
    "huh" matched inside "uh-huh"). Floor: <= 0.03.

    Reproduce: ``cd /tmp && python -m pytest /work/main/tests/test_accuracy.py -q
    -p no:cacheprovider -k backchannels``
    """
    backchannels = [predicted for predicted, gold in swda_intents if gold == "CONTINUE"]
    as_clarify = sum(predicted is mh.Intent.CLARIFY for predicted in backchannels)
    assert as_clarify / len(backchannels) <= 0.03, (as_clarify, len(backchannels))


# ---- 5. TREC CAsT: follow-up questions are not new topics -----------------------------------


@pytest.mark.parametrize(
    ("name", "floor", "count"),
    [
        pytest.param("trec_cast_2019", 0.76, 338, id="2019"),
        pytest.param("trec_cast_2020", 0.82, 70, id="2020"),
        pytest.param("trec_cast_2021", 0.87, 192, id="2021"),
    ],
)
def test_cast_follow_ups_not_explore(name: str, floor: float, count: int) -> None:
    """TREC CAsT follow-up questions (``gold_intent`` DRILL_DOWN: they need earlier turns to be
    understood), each classified before it is logged: the fraction classified as anything but
    EXPLORE. 2019 has only user turns; 2021 has each question's canonical answer passage as
    the assistant turn.

    Measured (default; ``Config.spec()`` in brackets): 2019 0.790 (267 of 338) (0.033);
    2020 0.857 (60 of 70); 2021 0.901 (173 of 192) (0.219). Before follow-up forms (picking
    from a set, a bare definite naming a part of the topic, taking up the answer) became
    DRILL_DOWN: 2019 0.719, 2020 0.671, 2021 0.781; before follow-up questions (a question
    pointing back with "its", "they", "what about", or naming something already said with
    "the ...") became DRILL_DOWN: 0.180 and 0.349; most misses were bare-pronoun questions
    ("Is it treatable?"), which §5.2's similarity cut sends to EXPLORE. (The gold EXPLORE
    probes are the conversations' first turns, EXPLORE by rule, so they are not scored.)
    Floors: 2019 >= 0.76, 2020 >= 0.82, 2021 >= 0.87.

    Reproduce: ``cd /tmp && python -m pytest /work/main/tests/test_accuracy.py -q
    -p no:cacheprovider -k cast``
    """
    follow_ups = not_explore = 0
    for conversation in _conversations(name):
        for session, _, probe in _replay(conversation):
            if probe is not None and probe["gold_intent"] == "DRILL_DOWN":
                follow_ups += 1
                not_explore += session.classify(probe["query"]) is not mh.Intent.EXPLORE
    assert follow_ups == count, follow_ups
    assert not_explore / follow_ups >= floor, (not_explore, follow_ups)


# ---- 6. ``multihorizon eval``: every task against its baselines, in one run ---------------

# (file, task, {metric: floor}, {baseline: metric ours must reach}); floors sit a little under
# the figures measured with the hashing embedder (deterministic), given in the README table.
EVAL_FLOORS = [
    ("locomo", "retrieval", {"recall_at_10": 0.68, "hit_at_10": 0.73}, {"bm25": "recall_at_10"}),
    # Rule output-holders (stop 27): sgd 0.776 -> 0.782.
    ("sgd", "references", {"acc_at_1": 0.77, "hit_at_3": 0.85}, {"most-recent": "acc_at_1"}),
    # Rule bridging-chains (stop 28): 0.589 -> 0.654 (conversations by sorted id: even, tuned
    # on, 0.576 -> 0.655; odd, held out, 0.601 -> 0.653); question-chains is opt-in.
    (
        "trec_cast_2019",
        "references",
        {"acc_at_1": 0.64},
        {"most-recent": "acc_at_1", "first-user-turn": "acc_at_1"},
    ),
    ("trec_cast_2021", "references", {"acc_at_1": 0.74}, {"most-recent": "acc_at_1"}),
    (
        "irc_disentanglement",
        "references",
        {"acc_at_1": 0.59, "hit_at_3": 0.74},
        {"addressed-speaker": "acc_at_1"},
    ),
    # Content-word hashing and the explore bar 0.10 (for TREC CAsT intent): 0.638 -> 0.608;
    # reaction-turns and a service's first person in peer detection: 0.627.
    ("dialseg711", "threads", {"shift_f1": 0.61}, {"centroid-0.22": "shift_f1"}),
    # Config() detects peers (rule peer-detection): 0.280 -> 0.418, then (a service's first
    # person, personal questions, one reply) 0.461, against always-shift 0.341: issue 15's goal
    # (>= 0.45) with the default Config().
    ("tiage", "threads", {"shift_f1": 0.45, "pairwise_f1": 0.59}, {"always-shift": "shift_f1"}),
    ("irc_disentanglement", "threads", {"pairwise_f1": 0.67}, {"speaker-links": "pairwise_f1"}),
    # Rule reaction-turns ("thanks, that sounds great" stays): resume 0.807 -> 0.861 (issue
    # 15's goal >= 0.85), shift F1 0.425 -> 0.486, pairwise 0.671 -> 0.714; rule
    # short-follow-ups: resume 0.866 -> 0.877, shift F1 0.494 -> 0.511, pairwise 0.727.
    (
        "sgd",
        "threads",
        {"shift_f1": 0.49, "resume_accuracy": 0.86, "pairwise_f1": 0.71},
        {"spec-centroid-0.70": "shift_f1", "centroid-0.22": "resume_accuracy"},
    ),
    # Rule short-follow-ups: sgd 0.662 -> 0.673, CAsT 2021 0.811 -> 0.856, 2020 0.786 -> 0.861.
    ("sgd", "intent", {"macro_f1": 0.65, "accuracy": 0.69}, {"spec-rule": "macro_f1"}),
    # Rule follow-up-forms: 2019 0.655 -> 0.728, 2021 0.747 -> 0.786.
    ("trec_cast_2019", "intent", {"macro_f1": 0.70}, {"majority-class": "macro_f1"}),
    ("trec_cast_2021", "intent", {"macro_f1": 0.83}, {"majority-class": "macro_f1"}),
    # Human antecedent labels (issue 15): 0.671 (odd-numbered conversations 0.656, even
    # 0.684), hit@3 0.771 (rule follow-up-antecedents; 0.371 without). A third of the labels
    # name a reply whose text the source lacks (content_missing): the replay logs it without
    # words, so it can be named by its index.
    (
        "trec_cast_2020",
        "references",
        {"acc_at_1": 0.64, "hit_at_3": 0.74},
        {"first-user-turn": "acc_at_1", "most-recent": "acc_at_1"},
    ),
    # Rule follow-up-forms: 0.602 -> 0.770 (odd 0.775 -> 0.903, even 0.490 -> 0.692).
    ("trec_cast_2020", "intent", {"macro_f1": 0.83}, {"majority-class": "macro_f1"}),
]


@pytest.mark.parametrize(
    ("name", "task", "floors", "beats"),
    [pytest.param(*row, id=f"{row[0]}-{row[1]}") for row in EVAL_FLOORS],
)
def test_eval_meets_its_floors_and_beats_its_baselines(
    name: str, task: str, floors: dict[str, float], beats: dict[str, str]
) -> None:
    """``multihorizon eval <file> --task <task>`` with the default hashing embedder: each
    floor holds, and ours is at least the named baseline on the named metric.

    Reproduce: ``multihorizon eval ../shared/data/<file>.jsonl --task <task>``.
    """
    from multihorizon.evaluation import evaluate

    report = evaluate(shared_data.data_dir() / f"{name}.jsonl", task)
    for metric, floor in floors.items():
        assert report.ours[metric] >= floor, (metric, report.ours, report.baselines)
    for baseline, metric in beats.items():
        assert report.ours[metric] >= report.baselines[baseline][metric], (baseline, report)


def test_peer_dialogue_shifts_with_peer_replies() -> None:
    """tiage (PersonaChat: two people, either may change the topic) with
    ``Config(peer_replies=True)``, hashing embedder: shift F1 0.468 (0.461 before rule
    reaction-turns and the content embedder, 0.425 before statements carried on the topic;
    default config 0.461 now, 0.280 before peer detection; forced to an assistant's replies,
    ``peer_replies=False``, 0.302), against always-shift 0.341 and the spec's
    centroid rule 0.281 in the same run (MiniLM: 0.474). Floors: >= 0.45 (the issue's goal)
    and above every baseline's F1.

    Reproduce: ``multihorizon eval ../shared/data/tiage.jsonl --task threads --peer-replies``.
    """
    from multihorizon.evaluation import evaluate

    report = evaluate(
        shared_data.data_dir() / "tiage.jsonl", "threads", config=mh.Config(peer_replies=True)
    )
    assert report.ours["shift_f1"] >= 0.45, report.ours
    for name, figures in report.baselines.items():
        assert report.ours["shift_f1"] > figures["shift_f1"], (name, report.ours, figures)
