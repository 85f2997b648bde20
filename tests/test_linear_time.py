"""Text rules run in time linear in their input (issue #18, item 1).

Each function that reads user or tool text gets adversarial inputs (runs of line breaks,
blanks, punctuation, repeated short sentences, brackets, long words) at 10k and 100k
characters; the 100k call may cost at most ``_FACTOR`` times the 10k call (linear is 10x, the
quadratic patterns this replaced were 100x). The scanners that replaced backtracking patterns
are checked against those patterns on random text: same results.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multihorizon as mh
from multihorizon.dialogue.definite_mentions import definite_mentions
from multihorizon.dialogue.offers import is_request
from multihorizon.dialogue.ordinal_mentions import ordinal_form_mentions
from multihorizon.dialogue.references import Mention
from multihorizon.dialogue.threadstate import ThreadState, title_from
from multihorizon.text.enumerations import enumeration_items, enumeration_lists
from multihorizon.text.lexicon import default_lexicon
from multihorizon.text.scan import anchored_words, sentence_spans
from multihorizon.text.sentences import split_sentences
from multihorizon.text.tokens import content_terms
from multihorizon.tiers.summaries import summarise
from timing import best_seconds, interleaved_seconds

_FACTOR = 30  # 100k vs 10k: linear is 10, quadratic 100
_FLOOR = 0.005  # seconds: below this a 10k call is too fast to time on a shared machine

# Runs that made a pattern backtrack over the whole run from each of its positions.
_UNITS = (
    "\n", " ", "\t", "!", ".", "?", "ok. ", "ok.", "x\n", " \n", "\t\n", ".\n", "!x", "a",
    "x ", "(", "((a)", "[", "1. ", "- ", "-", "_", ", ", " ,", ":", "a:", "e.g. ", "a. ",
    "then, ", "first, ", "2. First a.\n", "Error: ", "thanks ", "back to x ", "the ", "I ",
    "Kubernetes ", "Two a. ", "Two a.\n\n", "Here are two x.\n\n", "You could a. Or b. ",
    "Keep a, keep b, ", "x? ",
)  # fmt: skip
# Markers whose rule reads the text right after them, and endings read from the end.
_FRAMES = (
    ("x", ""),
    ("the same thing", " please"),
    ("what you said earlier", "x please"),
    ("you mentioned", " do it again"),
    ("i ", "x please"),
    ("first, x. ", ", please"),
    # Issue 15's forms: announcements, explain, acknowledgements, outcome questions.
    ("switching topics: ", "?"),
    ("could you explain ", " to me?"),
    ("ok, ", "."),
    ("why did the sql ", " fail?"),
    # The ordinal forms (dialogue.ordinal_mentions) and list kinds read around their words.
    ("in the list of ", ", the third option #2"),
    ("You could use a) the blender", ", b or c."),
    # The topic boundary (rules other-topic-clauses, situation-setups): a clause, a set-up.
    ("Other question. My daughter wants a sleepover party with six friends ", ". Any tips?"),
)

# Every test here times a call or sits beside those that do: .ci/run runs them only in the
# README's test run, not in the backend runs that share the machine.
pytestmark = pytest.mark.timed


def _text(prefix: str, unit: str, suffix: str, size: int) -> str:
    return prefix + (unit * (size // len(unit) + 1))[:size] + suffix


def _history() -> mh.Session:
    session = mh.Session()
    session.user("can you run the tests on Kubernetes")
    session.assistant("Two options: 1. Kubernetes. 2. Nomad.")
    session.tool_output("sql", "a,b\n1,2")
    return session


def _ordinal_mentions(text: str) -> object:
    found: list[Mention] = []
    ordinal_form_mentions(text, default_lexicon().scan(text), found)
    ordinal_form_mentions(text, None, found)
    return found, definite_mentions(text, ())


def _calls(text: str) -> dict[str, Callable[[], object]]:
    state = ThreadState.new("t", "x", 0)
    session = _history()
    return {
        "preview": lambda: session.preview(text),
        "assistant": lambda: _history().assistant(text),
        "tool_output": lambda: _history().tool_output("t", text),
        "state(user)": lambda: state.update("user", text, 1),
        "state(assistant)": lambda: state.update("assistant", text, 1),
        "title_from": lambda: title_from(text),
        "split_sentences": lambda: split_sentences(text),
        "enumeration_items": lambda: enumeration_items(text),
        "enumeration_lists": lambda: enumeration_lists(text),
        "ordinal_mentions": lambda: _ordinal_mentions(text),
        "is_request": lambda: is_request(text),
        "content_terms": lambda: content_terms(text),
        "summarise": lambda: summarise(text),
        "sentence_spans": lambda: sentence_spans(text),
    }


@pytest.mark.parametrize("unit", _UNITS, ids=repr)
def test_each_text_rule_is_linear(unit: str) -> None:
    slow = []
    for prefix, suffix in _FRAMES:
        small = _calls(_text(prefix, unit, suffix, 10_000))
        large = _calls(_text(prefix, unit, suffix, 100_000))
        for name, call in small.items():
            bound = _FACTOR * max(best_seconds(call), _FLOOR)
            # One large call is enough when it is within the bound; only one over it is timed
            # again, beside its small call (best of five each, alternating), so a machine that
            # slowed down between the two timings is not read as a slow rule.
            spent = best_seconds(large[name], runs=1)
            if spent > bound:
                small_best, spent = interleaved_seconds(call, large[name])
                bound = _FACTOR * max(small_best, _FLOOR)
            if spent > bound:
                slow.append(f"{name}({prefix!r}+{unit!r}*n+{suffix!r}): {spent:.3f}s")
    assert not slow, slow


def _history_with(text: str) -> mh.Session:
    session = mh.Session()
    session.user(text)
    return session


@pytest.mark.parametrize(
    ("earlier", "query"),
    [
        ("x" + "\n" * 4000 + "x", "do it again"),  # _REQUEST: 11 s before
        ("ok. " * 1000 + "x", "do it again"),  # _REQUEST: 4 s before
        ("Kubernetes" + "!" * 16000 + "x", "the one about Kubernetes"),  # _SENTENCE: 3.8 s
    ],
    ids=["newlines", "ok-repeated", "exclamations"],
)
def test_issue_reproducers_take_milliseconds(earlier: str, query: str) -> None:
    session = _history_with(earlier)
    assert best_seconds(lambda: session.classify(query)) < 0.25


def test_same_thing_before_a_long_run_of_blanks() -> None:
    # "[ \t]*,?[ \t]*" after "same thing" tried every split of the run: 3.5 s at 10k.
    session = _history()
    assert best_seconds(lambda: session.preview("do the same thing" + " " * 20_000)) < 0.25


# ---- the scanners give what the patterns they replaced gave -----------------------------------

_OLD_SENTENCE = re.compile(r"\S.*?(?:[.!?]+(?=\s|\Z)|(?=\n)|\Z)", re.DOTALL)
_ACTIONS = (
    "run rerun write fix make show create try add explain build list give find sort test check "
    "set start stop open"
)
_OLD_REQUEST = re.compile(
    r"(?:^|(?<=[.!?\n]))[\s\"'*>-]*"
    r"(?:(?:ok(?:ay)?|so|now|alright|right|hey|hi|great|thanks|thank[ \t]+you|cool|also|and"
    r"|then|next|first|well)\b[\s,!.:-]*)*"
    r"(?:(?:can|could|would|will)[ \t]+you\b"
    r"|please\b|i[ \t]+(?:want|need|would[ \t]+like)\b|i['\u2019]d[ \t]+like\b"
    r"|let'?s\b|(?:" + "|".join(_ACTIONS.split()) + r")\b)",
    re.IGNORECASE,
)
_REPEAT = re.compile(
    r"\b(?:again|redo|re-do|same[ \t]+thing|do[ \t]+the[ \t]+same|repeat[ \t]+that)\b", re.I
)
_OLD_PROSE = re.compile(
    r"(?:(?<=^)|(?<=[.!?\n])[ \t\n]*|(?<=[.!?][ \t]))\s*(first(?:ly)?|first[ \t]+of[ \t]+all|"
    r"second(?:ly)?|then|also|finally|last(?:[ \t]+of[ \t]+all)?)[ \t]*[,:]",
    re.IGNORECASE,
)
_PROSE_WORD = re.compile(_OLD_PROSE.pattern.split(r"\s*", 1)[1], re.IGNORECASE)
_PROSE_BLOCK = re.compile(r"[.!?\n][\s.!?]*")

_PIECES = (
    "ok", "okay", "so", "then", "first", "First", "second", "finally", "last of all",
    "first of all", "thank you", "thanks", "can you", "can", "you", "i want to", "i", "let's",
    "run", "Run", "runner", "fix", "please", "x", "Kubernetes", "e.g.", "1.", " ", "  ", "\n",
    "\t", "\r", "\u00a0", ".", "!", "?", "...", ",", ":", "-", '"', "'", "*", ">", "again",
    "i'd like", "i\u2019d like", "i would like", "i need", "like", "'d",
)  # fmt: skip
_random_text = st.lists(st.sampled_from(_PIECES), max_size=16).map("".join)


@settings(max_examples=3000, deadline=None)
@given(_random_text)
def test_sentence_spans_equal_the_pattern(text: str) -> None:
    assert sentence_spans(text) == [match.span() for match in _OLD_SENTENCE.finditer(text)]


@settings(max_examples=3000, deadline=None)
@given(_random_text)
def test_is_request_equals_the_pattern(text: str) -> None:
    expected = _OLD_REQUEST.search(text) is not None and _REPEAT.search(text) is None
    assert is_request(text) == expected


@settings(max_examples=3000, deadline=None)
@given(_random_text)
def test_anchored_words_equal_the_pattern(text: str) -> None:
    expected = [
        (match.group(1), match.end(), text[match.start() : match.end()].lstrip())
        for match in _OLD_PROSE.finditer(text)
    ]
    found = anchored_words(text, _PROSE_BLOCK, _PROSE_WORD)
    assert [(match.group(1), match.end(), match.group()) for match in found] == expected


def test_enumeration_items_of_prose_and_sentences_unchanged() -> None:
    reply = "First, install etcd.\n\nSecond, enable TLS. Finally, restart it."
    assert enumeration_items(reply) == ("install etcd", "enable TLS", "restart it")
    assert split_sentences("See e.g. the docs. Then\ncontinue here. And a. b.") == [
        "See e.g. the docs.",
        "Then continue here.",
        "And a. b.",
    ]
