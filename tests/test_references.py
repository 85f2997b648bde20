"""Reference detection and resolution (SPEC-028 §4): hand-written conversations for every
reference type, the ordinary English that must not count, odd input, and a measurement on the
real TREC CAsT follow-up questions in ../shared/data."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shared_data
from multihorizon.dialogue.detection import detect
from multihorizon.dialogue.features import analyse
from multihorizon.dialogue.references import Mention, Reference
from multihorizon.dialogue.resolution import resolve
from multihorizon.dialogue.turnlog import TurnLog
from multihorizon.text.enumerations import enumeration_items
from multihorizon.text.lexicon import default_lexicon
from multihorizon.text.tokens import content_terms
from multihorizon.tiers.scratch import ScratchBuffer

LEXICON = default_lexicon()
_ZERO = np.zeros(4, dtype=np.float32)


@dataclass
class Chat:
    """A hand-written conversation logged the way a session logs it: entities from
    ``content_terms``, each assistant turn's enumeration parsed once when it is logged."""

    log: TurnLog = field(default_factory=lambda: TurnLog(4))
    scratch: ScratchBuffer = field(default_factory=ScratchBuffer)
    enumerations: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def add(self, role: str, content: str) -> int:
        turn = self.log.append(
            role=role,
            content=content,
            embedding=_ZERO,
            timestamp="2025-01-01T00:00:00Z",
            thread="t",
            thread_index=0,
            entities=content_terms(content),
            features=analyse(content, role, LEXICON),
        )
        if role == "assistant":
            items = enumeration_items(content)
            if items:
                self.enumerations[turn] = items
        return turn

    def user(self, content: str) -> int:
        return self.add("user", content)

    def assistant(self, content: str) -> int:
        return self.add("assistant", content)

    def mentions(self, text: str) -> list[Mention]:
        return detect(text, LEXICON.scan(text), LEXICON)

    def refs(self, text: str, *, before: int | None = None) -> list[Reference]:
        return resolve(
            self.mentions(text), self.log, self.scratch, self.enumerations, before=before
        )

    def only(self, text: str, kind: str) -> Reference:
        found = [ref for ref in self.refs(text) if ref.type == kind]
        assert len(found) == 1, f"expected one {kind} reference in {text!r}, got {found}"
        return found[0]


def mentions_of(text: str) -> list[Mention]:
    return detect(text, LEXICON.scan(text), LEXICON)


# ------------------------------------------------------------------------------------------
# Entity references (SPEC-028 §4.1 "fix that bug")


def test_entity_resolves_to_the_most_recent_turn_mentioning_it() -> None:
    chat = Chat()
    chat.user("I found some bugs in the login flow.")
    bug_turn = chat.assistant("Which bug do you mean? The session bug or the redirect one?")
    chat.user("Also, how do I configure nginx caching?")
    chat.assistant("Set proxy_cache_path and proxy_cache in the server block.")
    ref = chat.only("OK, now fix that bug please", "entity")
    assert (ref.surface, ref.target_turn) == ("that bug", bug_turn)
    assert ref.confidence == pytest.approx(0.9)
    assert text_span("OK, now fix that bug please", ref) == "that bug"


def text_span(text: str, ref: Reference) -> str:
    return text[ref.start : ref.end]


def test_entity_lookup_normalises_plural_and_case() -> None:
    chat = Chat()
    target = chat.user("Our Queries time out under load.")
    chat.assistant("Add an index on the filtered column.")
    assert chat.only("why is this query slow", "entity").target_turn == target
    chat2 = Chat()
    target2 = chat2.assistant("There is one BUG in the parser.")
    assert chat2.only("fix those bugs", "entity").target_turn == target2


def test_old_entity_mentions_resolve_with_lower_confidence() -> None:
    chat = Chat()
    target = chat.user("The scheduler deadlocks on shutdown.")
    for index in range(15):
        chat.user(f"unrelated question number {index} about gardening")
    ref = chat.only("did you fix that scheduler", "entity")
    assert ref.target_turn == target
    assert ref.confidence == pytest.approx(0.7)


def test_multi_word_entity_prefers_the_turn_with_the_whole_phrase() -> None:
    chat = Chat()
    both = chat.user("We hit a race condition in the worker pool.")
    chat.user("The race to market matters too.")
    ref = chat.only("how do we fix that race condition", "entity")
    assert ref.target_turn == both


def test_a_turn_that_only_points_back_is_not_the_antecedent() -> None:
    chat = Chat()
    intro = chat.assistant("Traditional methods include herbal remedies and healers.")
    chat.user("Could you expand on these methods?")
    chat.assistant("Herbal remedies are widely used in rural areas.")
    # The user turn "these methods" only re-refers; the assistant turn introduced the term.
    assert chat.only("How effective are these methods?", "entity").target_turn == intro


def test_unknown_entity_is_unresolved_with_zero_confidence() -> None:
    chat = Chat()
    chat.user("Tell me about kubernetes.")
    ref = chat.only("what about that widget", "entity")
    assert ref.target_turn is None
    assert ref.confidence == 0.0
    assert not ref.resolved


def test_before_excludes_the_current_and_later_turns() -> None:
    chat = Chat()
    first = chat.user("The cache is stale.")
    current = chat.user("fix that cache")
    assert chat.refs("fix that cache", before=current)[0].target_turn == first


# ------------------------------------------------------------------------------------------
# Ordinal references (SPEC-028 §4.1 "the second option")

ENUMERATIONS = {
    "numbered": (
        "You have three options:\n1. Use Redis as a cache\n2. Use Memcached\n"
        "3. Write an in-process LRU\nEach has trade-offs."
    ),
    "bulleted": "Pick one:\n- Use Redis as a cache\n- Use Memcached\n- Write an in-process LRU",
    "inline": (
        "You could 1. use Redis as a cache, 2. use Memcached, or 3. write an in-process LRU. "
        "Which one?"
    ),
    "prose": (
        "First, use Redis as a cache. Second, use Memcached. Finally, write an in-process LRU. "
        "Hope that helps!"
    ),
    "prose shouted": "FIRST, use Redis as a cache. SECOND, use Memcached. LASTLY, write an LRU.",
    "inline after a colon": "Options:1. use Redis as a cache 2. use Memcached 3. write an LRU",
}


@pytest.mark.parametrize("style", sorted(ENUMERATIONS))
def test_enumeration_items_in_every_style(style: str) -> None:
    items = enumeration_items(ENUMERATIONS[style])
    assert len(items) == 3
    assert "Memcached" in items[1]
    assert "LRU" in items[2]


@pytest.mark.parametrize("style", sorted(ENUMERATIONS))
def test_the_second_option_is_the_second_item(style: str) -> None:
    chat = Chat()
    chat.user("How should I cache sessions?")
    listed = chat.assistant(ENUMERATIONS[style])
    ref = chat.only("Let's go with the second option.", "ordinal")
    assert ref.target_turn == listed
    assert ref.item is not None
    assert "Memcached" in ref.item
    assert ref.surface == "the second option"
    assert ref.confidence == pytest.approx(0.9)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("the last one", "LRU"),
        ("I prefer the latter.", "LRU"),
        ("the former sounds simpler", "Redis"),
        ("option 1 please", "Redis"),
        ("what about the third?", "LRU"),
        ("the 2nd one", "Memcached"),
        ("Tell me more about the first approach", "Redis"),
    ],
)
def test_ordinal_phrasings(text: str, expected: str) -> None:
    chat = Chat()
    chat.assistant(ENUMERATIONS["numbered"])
    ref = chat.only(text, "ordinal")
    assert ref.item is not None
    assert expected in ref.item


def test_ordinal_uses_the_most_recent_enumeration() -> None:
    chat = Chat()
    chat.assistant("1. alpha\n2. beta\n3. gamma")
    latest = chat.assistant("- red\n- green\n- blue")
    chat.assistant("Anything else?")  # no enumeration: the older one still counts
    ref = chat.only("the second one", "ordinal")
    assert (ref.target_turn, ref.item) == (latest, "green")


def test_option_out_of_range_is_unresolved() -> None:
    chat = Chat()
    chat.assistant("1. Redis\n2. Memcached")
    ref = chat.only("option 3", "ordinal")
    assert ref.target_turn is None
    assert ref.confidence == 0.0
    assert ref.item is None


def test_ordinal_without_any_enumeration_is_unresolved() -> None:
    chat = Chat()
    chat.assistant("Redis is a fine choice.")
    assert chat.only("the second option", "ordinal").target_turn is None


def test_enumeration_items_edge_cases() -> None:
    assert enumeration_items("") == ()
    assert enumeration_items("no list here at all") == ()
    assert enumeration_items("1. just one item") == ()
    assert enumeration_items("Python 3.11 is out. Version 2. Nothing more.") == ()
    # Two lists: the one that ends last wins.
    assert enumeration_items("1. a\n2. b\n\nOr:\n- x\n- y") == ("x", "y")
    # A restart of the numbering starts a new list.
    assert enumeration_items("1. a\n2. b\n1. c\n2. d\n3. e") == ("c", "d", "e")
    # Indented continuation lines join the item; nested bullets belong to it.
    items = enumeration_items("1. Redis\n   in memory\n   - fast\n2. Postgres\n3. SQLite")
    assert items == ("Redis in memory", "Postgres", "SQLite")
    # Markdown emphasis around the number, headings, "Option N:" labels, parenthesised numbers.
    assert enumeration_items("**1. Redis**\nfast\n**2. Postgres**") == ("Redis", "Postgres")
    assert enumeration_items("### 1. Setup\ntext\n### 2. Deploy") == ("Setup", "Deploy")
    assert enumeration_items("Option 1: Redis\nOption 2: Memcached") == ("Redis", "Memcached")
    assert enumeration_items("(1) foo\n(2) bar") == ("foo", "bar")
    assert enumeration_items("• one\n• two") == ("one", "two")


# ------------------------------------------------------------------------------------------
# Turn references (SPEC-028 §4.1 "what you said earlier")


def test_what_you_said_earlier_is_the_last_assistant_turn() -> None:
    chat = Chat()
    chat.user("How do I rotate logs?")
    answer = chat.assistant("Use logrotate with a daily schedule.")
    chat.user("ok thanks")
    ref = chat.only("Can you repeat what you said earlier?", "turn")
    assert ref.target_turn == answer
    assert ref.confidence == pytest.approx(0.8)
    assert ref.item is None


def test_what_you_said_about_x_finds_the_turn_and_sentence() -> None:
    chat = Chat()
    chat.user("How do I secure etcd?")
    tls_turn = chat.assistant(
        "Run etcd behind a firewall. Enable TLS for peer and client traffic. Rotate certs yearly."
    )
    chat.user("And backups?")
    chat.assistant("Take snapshots with etcdctl snapshot save every hour.")
    ref = chat.only("Go back to what you said about TLS.", "turn")
    assert ref.target_turn == tls_turn
    assert ref.item == "Enable TLS for peer and client traffic."
    assert ref.confidence == pytest.approx(0.9)


def test_the_one_about_x_prefers_the_enumerated_item() -> None:
    chat = Chat()
    listed = chat.assistant("Options:\n1. Redis for caching\n2. Postgres for durability")
    chat.assistant("Let me know which you prefer.")
    ref = chat.only("Tell me more about the one about durability", "ordinal")
    assert (ref.target_turn, ref.item) == (listed, "Postgres for durability")


def test_i_said_points_at_the_users_own_turn() -> None:
    chat = Chat()
    mine = chat.user("My cluster has three nodes.")
    chat.assistant("Three nodes tolerate one failure.")
    assert chat.only("As I said, it is small.", "turn").target_turn == mine
    assert chat.only("I told you it was small.", "turn").target_turn == mine


def test_you_also_mentioned_x_earlier() -> None:
    chat = Chat()
    gardens = chat.assistant("Rain gardens absorb runoff from roofs.")
    chat.assistant("Rain barrels store water for later use.")
    ref = chat.only("You also mentioned rain gardens earlier. How do they compare?", "turn")
    assert ref.target_turn == gardens
    assert ref.surface == "You also mentioned rain gardens earlier"


def test_turn_reference_without_assistant_turns_falls_back_with_low_confidence() -> None:
    chat = Chat()
    last = chat.user("What is throat cancer?")
    ref = chat.only("what you said earlier", "turn")
    assert ref.target_turn == last
    assert ref.confidence < 0.5


# ------------------------------------------------------------------------------------------
# Action references (SPEC-028 §4.1 "do it again but faster")


def test_do_it_again_is_the_last_actionable_user_request() -> None:
    chat = Chat()
    chat.user("Hi there!")
    request = chat.user("Can you generate a CSV of the sales table?")
    chat.assistant("Here is the CSV: ...")
    chat.user("thanks, looks good")
    chat.assistant("Glad it helped.")
    ref = chat.only("do it again but faster", "action")
    assert ref.target_turn == request
    assert ref.confidence == pytest.approx(0.8)


def test_a_repeat_request_is_not_the_antecedent() -> None:
    chat = Chat()
    request = chat.user("Run the benchmark suite on the staging box.")
    chat.assistant("Done: 120 ms median.")
    chat.user("Try again please.")
    chat.assistant("Done: 118 ms median.")
    assert chat.only("do it again", "action").target_turn == request


def test_imperatives_after_fillers_count_as_requests() -> None:
    chat = Chat()
    request = chat.user("Ok so, write a parser for the config file.")
    chat.assistant("def parse(...): ...")
    assert chat.only("do the same for the log format", "action").target_turn == request


def test_action_without_any_request_is_unresolved() -> None:
    chat = Chat()
    chat.user("I like tea.")
    chat.assistant("Tea is nice.")
    assert chat.only("do it again", "action").target_turn is None


# ------------------------------------------------------------------------------------------
# Tool references (SPEC-028 §4.1 "the query result" -> Tier E)


def test_query_result_is_the_newest_scratch_entry_of_kind_query() -> None:
    chat = Chat()
    chat.user("How many users signed up?")
    asked = chat.assistant("Running the query now.")
    query = chat.scratch.add(tool="run_sql", output="count=42", turn_id=asked)
    chat.scratch.add(tool="http_request", output='{"ok": true}', turn_id=asked)
    ref = chat.only("show me the query result", "tool")
    assert ref.scratch_entry == query.entry_id
    assert ref.target_turn == asked
    assert ref.confidence == pytest.approx(0.9)


def test_tool_kind_from_words_around_the_output_noun() -> None:
    chat = Chat()
    api = chat.scratch.add(tool="http_request", output="{}", turn_id=0)
    logs = chat.scratch.add(tool="tail_logs", output="...", turn_id=0)
    chat.scratch.add(tool="run_sql", output="rows", turn_id=0)
    assert chat.only("what does that API response say?", "tool").scratch_entry == api.entry_id
    assert chat.only("look at those logs", "tool").scratch_entry == logs.entry_id
    assert mentions_of("that API response")[0].kind == "api"
    assert mentions_of("the SQL query output")[0].kind == "query"


def test_tool_reference_with_an_empty_scratch_buffer_is_unresolved() -> None:
    assert Chat().only("show me the output", "tool").target_turn is None


# ------------------------------------------------------------------------------------------
# What must not be detected, and de-duplication


@pytest.mark.parametrize(
    "text",
    [
        "so that it scales",
        "edit the file",
        "moreover",
        "more than that",
        "that is fine",
        "this is great",
        "I heard that pregnant women drink wine",
        "Did that help?",
        "How has this changed election outcomes?",
        "What is the first sign of it?",
        "the former CEO resigned",
        "temperatures above 50 degrees",
        "I'll leave on the 4th.",
        "Close Encounters of the Third Kind is good",
        "Can you book the table for 7pm?",
        "We were happy with the results of the election",
        "I might do it later.",
        "at the same time",
    ],
)
def test_ordinary_english_is_not_a_reference(text: str) -> None:
    assert mentions_of(text) == []


def test_overlapping_detections_keep_one_mention_per_span() -> None:
    # "that" + "API response": one tool mention, not an entity as well.
    assert [m.type for m in mentions_of("that API response")] == ["tool"]
    # "the last" / "the last one" / "last one": one ordinal.
    found = mentions_of("the last one is better")
    assert [(m.type, m.surface) for m in found] == [("ordinal", "the last one")]
    # "what you said" / "you said" / "said earlier": one turn reference.
    assert [m.surface for m in mentions_of("what you said earlier")] == ["what you said earlier"]


def test_every_type_in_one_turn() -> None:
    text = (
        "Fix that bug, compare the second option with what you said about TLS, "
        "then do it again and show me the query result."
    )
    assert [m.type for m in mentions_of(text)] == ["entity", "ordinal", "turn", "action", "tool"]


# ------------------------------------------------------------------------------------------
# Odd input


def test_empty_text() -> None:
    assert detect("", LEXICON.scan(""), LEXICON) == []
    chat = Chat()
    assert resolve([], chat.log, chat.scratch, chat.enumerations) == []
    assert chat.refs("fix that bug") == [
        Reference("entity", "that bug", 4, 12, None, confidence=0.0)
    ]


@pytest.mark.parametrize(
    "prefix", ["\u0396 ", "🐛🔥 ", "İstanbul: ", "straße ß ", "ﬁx ", "\u200b", "日本語のテキスト "]
)
def test_non_ascii_text_keeps_offsets_into_the_original(prefix: str) -> None:
    chat = Chat()
    target = chat.user("There is a bug in İstanbul's 🐛 tracker.")
    text = prefix + "fix that bug and show option 2"
    refs = chat.refs(text)
    entity = next(ref for ref in refs if ref.type == "entity")
    assert text_span(text, entity) == "that bug"
    assert entity.target_turn == target
    ordinal = next(ref for ref in refs if ref.type == "ordinal")
    assert text_span(text, ordinal) == "option 2"


def test_non_ascii_only_text() -> None:
    for text in ("\u0396", "🐛", "İstanbul", "İİİ that İİİ", "ß" * 100, "lone \ud800 that bug"):
        mentions = mentions_of(text)
        assert all(text[m.start : m.end] == m.surface for m in mentions)


def test_a_100kb_turn_is_consistent() -> None:
    # Its time is checked as a ratio to a 10 KB turn in test_linear_time.py, not here: a
    # wall-clock bound fails on a loaded machine or under the sanitizers' -O0 build.
    chat = Chat()
    chat.assistant("1. alpha\n2. beta")
    chat.user("The bug is in the parser.")
    unit = "fix that bug, then option 2 and what you said about parsers. " + "x" * 40 + " "
    text = (unit * (100_000 // len(unit) + 1))[:100_000]
    mentions = mentions_of(text)
    refs = resolve(mentions, chat.log, chat.scratch, chat.enumerations)
    assert len(refs) == len(mentions) > 1000
    assert all(text[m.start : m.end] == m.surface for m in mentions)
    assert all(a.end <= b.start for a, b in pairwise(mentions))
    assert enumeration_items(text) == ()  # no list in it, and no crash on a huge turn


def test_repr_is_readable() -> None:
    chat = Chat()
    chat.assistant("1. Redis\n2. Memcached")
    ref = chat.only("the second option", "ordinal")
    assert repr(ref) == (
        "Reference(ordinal 'the second option' [0:17] -> turn 0 item='Memcached', confidence 0.90)"
    )
    assert "unresolved" in repr(chat.only("option 9", "ordinal"))
    assert (
        repr(mentions_of("fix that bug")[0]) == "Mention(entity 'that bug' [4:12], terms=['bug'])"
    )


_FRAGMENTS = [
    "that", "this bug", "those", "the second", "option 2", "the last one", "what you said",
    "about TLS", "do it again", "the query result", "so that", "more than", "earlier", "above",
    "İ", "🐛", "ß", ",", ".", "?", "\n", "1.", "- item", "you also mentioned", "the one about",
    "the same", "error", "logs", "latter", "former", "is", "did", "fix",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(max_size=200),
        st.lists(st.sampled_from(_FRAGMENTS), max_size=25).map(" ".join),
    )
)
def test_any_text_gives_consistent_mentions_and_references(text: str) -> None:
    chat = Chat()
    chat.user("fix the bug in the TLS setup, run the tests")
    chat.assistant("1. Redis\n2. Memcached\nAbout TLS: enable it.")
    chat.scratch.add(tool="run_sql", output="rows", turn_id=1)
    mentions = mentions_of(text)
    for mention in mentions:
        assert 0 <= mention.start < mention.end <= len(text)
        assert text[mention.start : mention.end] == mention.surface
    assert all(a.end <= b.start for a, b in pairwise(mentions))
    refs = resolve(mentions, chat.log, chat.scratch, chat.enumerations)
    assert len(refs) == len(mentions)
    for ref in refs:
        if ref.target_turn is None:
            assert ref.confidence == 0.0
        else:
            assert 0.0 < ref.confidence <= 1.0
            assert 0 <= ref.target_turn < len(chat.log)
    enumeration_items(text)


# ------------------------------------------------------------------------------------------
# Speed (loose bounds: the measured figures are ~5 us and ~25-90 us; these only catch a
# regression to per-turn work that grows with the log)


def _long_chat(turns: int = 500) -> Chat:
    chat = Chat()
    vocab = ["bug", "parser", "cache", "tls", "redis", "deploy", "query", "index", "latency"]
    for turn in range(turns):
        words = " ".join(vocab[(turn * 7 + k) % len(vocab)] for k in range(25))
        if turn % 2 == 0:
            chat.user("Please fix the " + words)
        else:
            chat.assistant("Here are the options: 1. " + words + ", 2. more, 3. done.")
    for turn in range(0, turns, 10):
        chat.scratch.add(tool="run_sql", output="rows", turn_id=turn)
    return chat


def _python_calls(text: str, chat: Chat) -> int:
    """How many Python-level calls one detect + resolve of ``text`` makes: a count, not a
    time, so the test holds on a loaded machine and under the sanitizers."""
    hits = LEXICON.scan(text)
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event == "call":
            calls += 1

    sys.setprofile(count)
    try:
        resolve(detect(text, hits, LEXICON), chat.log, chat.scratch, chat.enumerations)
    finally:
        sys.setprofile(None)
    return calls


def test_detect_and_resolve_do_no_work_proportional_to_the_log() -> None:
    # Entity and "about" lookups bisect posting lists and the walks back stop after a
    # window, so a log ten times longer costs the same number of calls.
    short, long = _long_chat(200), _long_chat(2000)
    plain = (
        "How would I go about configuring the server so it handles more concurrent clients "
        "without running out of memory, given a modest machine and a small budget overall?"
    )
    refs = "Can you fix that bug in the parser and compare it with the second option?"
    assert len(long.refs(refs)) == 2
    for text in (plain, refs):
        assert _python_calls(text, long) <= _python_calls(text, short) + 5


# ------------------------------------------------------------------------------------------
# Real data: TREC CAsT follow-up questions (../shared/data, see its README). ``gold_turn_ids``
# are silver (derived from the human rewrites, about 81% precise).


def _data_dir() -> Path:
    return shared_data.data_dir()


@dataclass
class Score:
    """Entity and turn references detected in probe queries that have gold turns."""

    detected: int = 0
    unresolved: int = 0
    strict: int = 0  # target in gold_turn_ids
    lenient: int = 0  # target in gold_turn_ids or any_gold_turn_ids
    explore_probes: int = 0
    explore_with_reference: int = 0  # false detections on queries labelled EXPLORE


def _conversations(path: Path) -> Iterator[Mapping[str, object]]:
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


def _score_cast(path: Path, score: Score) -> None:
    for conversation in _conversations(path):
        turns = conversation["turns"]
        probes = conversation["probes"]
        assert isinstance(turns, list)
        assert isinstance(probes, list)
        chat = Chat()
        for probe in sorted(probes, key=lambda probe: probe["at_turn"]):
            while len(chat.log) < probe["at_turn"]:
                turn = turns[len(chat.log)]
                chat.add(turn["role"], turn["content"])
            query = probe["query"]
            mentions = [m for m in mentions_of(query) if m.type in ("entity", "turn")]
            if probe["gold_intent"] == "EXPLORE":
                score.explore_probes += 1
                score.explore_with_reference += bool(mentions)
            gold = set(probe["gold_turn_ids"])
            lenient = gold | set(probe.get("any_gold_turn_ids") or ())
            if not lenient:
                continue
            for ref in resolve(mentions, chat.log, chat.scratch, chat.enumerations):
                score.detected += 1
                score.unresolved += ref.target_turn is None
                score.strict += ref.target_turn in gold
                score.lenient += ref.target_turn in lenient


def _cast_scores(names: Sequence[str]) -> Score:
    folder = _data_dir()
    score = Score()
    for name in names:
        _score_cast(folder / name, score)
    return score


@pytest.mark.data
def test_trec_cast_2019_entity_references() -> None:
    # CAsT 2019 logs only user turns and its follow-ups refer mostly by pronoun ("is it
    # treatable?"), which SPEC-028 §4.1 does not list. Measured: 2 entity references detected
    # in 479 probes, both with gold turns: "these languages" resolved to a neighbouring turn
    # (turn 5; gold 2, 3, 4, 6 name the languages, not the word), "this tradition" has no
    # earlier mention (unresolved). None in the 50 EXPLORE probes. Too few for an accuracy
    # floor on its own; this pins detection and the absence of false detections.
    score = _cast_scores(["trec_cast_2019.jsonl"])
    assert score.detected >= 1
    assert score.explore_probes >= 40
    assert score.explore_with_reference == 0


@pytest.mark.data
def test_trec_cast_entity_and_turn_references_hit_the_gold_turn() -> None:
    # Measured on 2019 + 2021 (2021 has assistant turns): 17 entity/turn references in probes
    # with gold turns (2019: 2, 2021: 15), 2 unresolved; 10 resolved into gold_turn_ids
    # (0.59 of all detected, 0.67 of the resolved), 11 into gold or any_gold_turn_ids (0.65 /
    # 0.73). 0 of 76 EXPLORE probes look referential. Floors a little below; unresolved
    # references count as misses.
    score = _cast_scores(["trec_cast_2019.jsonl", "trec_cast_2021.jsonl"])
    strict = score.strict / score.detected
    lenient = score.lenient / score.detected
    figures = (
        f"detected={score.detected} unresolved={score.unresolved} strict={strict:.2f} "
        f"lenient={lenient:.2f} explore={score.explore_with_reference}/{score.explore_probes}"
    )
    assert score.detected >= 14, figures
    assert strict >= 0.50, figures
    assert lenient >= 0.55, figures
    # Queries labelled EXPLORE (a new topic) must not look referential.
    assert score.explore_with_reference <= 0.02 * score.explore_probes, figures


GATED_TEXTS = [
    "let's go with option 7 then",
    "the one about TLS, please",
    "you also mentioned a retry budget",
    "can you check the SQL query output and the latest build logs?",
    "I just said that the stack trace shows an error message",
    "option 2 and item #3 and number 4",
    "Straße: the one about ß and the ERROR LOGS",
    "nothing to see here",
]


@pytest.mark.parametrize("text", GATED_TEXTS)
def test_gate_hits_and_text_search_find_the_same_mentions(text: str) -> None:
    # The default lexicon carries the gate words, so detection tries its patterns at the gate
    # hits; a custom lexicon without them falls back to searching the text. Same answers.
    from multihorizon.text.lexicon import LEXICON, Lexicon, Marker

    gated = default_lexicon()
    ungated = Lexicon({kind: phrases for kind, phrases in LEXICON.items() if kind < 10})
    assert gated.has_gates
    assert not ungated.has_gates
    assert all(hit[0] < Marker.GATE_NUMBER for hit in ungated.scan(text))
    assert detect(text, gated.scan(text), gated) == detect(text, ungated.scan(text), ungated)
