"""The native settle of ``Session.classify`` (``kernels.IntentSettler``, issue 14): a turn it
settles must get the answer the Python rules around the scan give, on every backend.

``IntentSettler.settle`` returns the intent code alone only when its tests (each a superset
of a Python rule's trigger: an ungated ordinal form, an "again", an outcome question, an
acknowledged statement, a side question, a tool phrase) rule out every rule that could change
the scanner's answer. These tests hold it to that: a settled code is the code the unsettled
path decides with nothing pending, and ``Session.classify`` agrees with the stage-by-stage
``analyse`` on turns made to sit on each trigger's edge.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import multihorizon as mh
from multihorizon import _backend, kernels
from multihorizon._intent_py import CUE_QUESTION, PENDING_QUESTION
from multihorizon.dialogue.intent import IntentClassifier
from multihorizon.text.lexicon import REPORT_SUBJECTS, TERM_OPENERS, default_lexicon

BACKENDS = _backend.available()

# Turns on the edge of each trigger the settle reads.
EDGES = [
    # Rule short-follow-ups reads an "also" anywhere in a question, past the opening too.
    "Thinking about the etcd members and the certificates we issued, should I also rotate it?",
    "And for the Italian place near the station that is open tonight, could we also book?",
    # Ungated picks: a capital letter alone, "#2", "the X one", a short turn.
    "B sounds good to me, let's go with that for the staging cluster rollout on Friday.",
    "A few more nodes would help the staging cluster before the rollout on Friday evening.",
    "A is fine for the staging cluster, we can roll it out on Friday evening after backups.",
    "Is D too slow for the staging cluster when the backups run on Friday evening at ten?",
    "I think option C++ is a language, not a choice for the staging cluster on Friday.",
    "We tried #A and #2 on the staging cluster, and both failed after the Friday backups.",
    "I'd prefer the Italian one for dinner tonight, if they still have a table for four.",
    "We will need one more node for the staging cluster soon, before the Friday rollout.",
    "ÉB is the name of the cluster we run the staging rollout on, every Friday evening.",
    "2 please",
    "the second",
    # Short turns that open a form but hold none of the words every form holds, and short
    # picks by an item noun, a letter after a picking word, a superlative or a run.
    "That is correct.",
    "Very cool, I want that.",
    "Can I get the address?",
    "go with a.",
    "Option i, please.",
    "I'll take the very first.",
    "the cheapest, is it far?",
    "the first two look good",
    "whichever is free",
    "take one",
    # Rule item-forms: "4)" (a needle), a letter after a picking word, a superlative, a run.
    "What about 4), how long should we keep the logs of the staging cluster after Friday?",
    "We looked at f(4) and (see 4) for the staging cluster rollout on Friday evening too.",
    "Let's go with b for the staging cluster rollout on Friday evening after the backups.",
    "Which of these is the cheapest for the staging cluster rollout on Friday evening?",
    "The first two sound right for the staging cluster rollout on Friday evening, I think.",
    "ok",
    # GATE_NUMBER hits: no form ("the next window"), a FROM_END form, a pick, "option 7".
    "We wait for the next maintenance window on Friday evening after the backups finish.",
    "We will take the next to last slot on the staging cluster after the Friday backups.",
    "I want 2 nodes on the staging cluster before the rollout on Friday evening, please.",
    "Option 3 looks right for the staging cluster before the rollout on Friday evening.",
    "Right, that is what I want.",
    "No, thanks.",
    # "again": a CLARIFY marker, a return or a repeat request.
    "Can you say that again, more slowly this time, for the staging cluster rollout steps?",
    "Back to etcd again: how do I rotate the client certificates without downtime?",
    "What do you mean? Explain the rollout again for the staging cluster, step by step.",
    # Outcome questions and acknowledged statements.
    "Why did the build fail on the staging cluster after the Friday backups finished?",
    "OK, I changed it and reconnected.",
    "Thanks, that makes sense.",
    "Thanks, that makes sense. Should we pin the release on the staging cluster before the "
    "rollout, or is it fine to wait until the next maintenance window on Friday evening?",
    # Side questions, a new topic, tool phrases.
    "What time is it in Tokyo?",
    "By the way, how do I bake sourdough bread at home without a starter?",
    "what do those logs say?",
    "what do you mean by those logs?",
    "did the query return any rows for the staging cluster after the Friday backups?",
    # Outputs named by their kind, and questions right after an output (rules
    # tool-output-nouns, fresh-output-questions).
    "What does the QC report flag for the staging cluster?",
    "Those percentages, are any of them under 60?",
    "Which role is it using?",
    "How far behind is it in minutes?",
    "The diff is fine.",
    # "Also, <question>", a term's meaning asked, a report back on the reply.
    "Also, do I need winter tyres for the drive up to the staging cluster's data centre?",
    "What's a Soundex search?",
    "WHAT does CIRR stand for?",
    "They're in pots and I water them every day.",
    "We tried that, the staging cluster still drops.",
    # A short follow-up on the reply, an "also" inside a question, a return to a dormant
    # thread's words, announcements before a situation (rules short-follow-ups,
    # return-drill-downs, topic-announcements).
    "How long should I warm up?",
    "What should I wear?",
    "Should I also rotate the client certificates on the staging cluster?",
    "Going back to etcd, how do I rotate the certificates without downtime?",
    "Back on the restaurants, is Roma expensive?",
    "Quick one, my printer says it's offline but it's on the wifi.",
    "Separately, a client hasn't paid an invoice for 60 days.",
    # Plain statements and questions: what the settle exists for.
    "We pinned the release on the staging cluster before the rollout and will wait for the "
    "next maintenance window on Friday evening after the backups finish, when it is quiet.",
    "How do I configure etcd TLS for the three members of our staging cluster?",
    "Tell me more about the rollout plan for the staging cluster.",
    # A term asked back (rule echo-clarifications, term-frames) and short questions shaped
    # otherwise: a question word, a clause too long for a term, a tail that asks on.
    "Fret buzz?",
    "Kettle stitch, meaning?",
    "Hang on, float pin - what's that?",
    "Natural release means I just wait?",
    "the staging cluster = the etcd one?",
    "richer how",
    "staging cluster, like the etcd one?",
    "How long?",
    "Do we restart each member after that?",
    "Staging cluster, which members first?",
    # No word character: the hashed vector is zero (the caller's path, similarity 0).
    "???",
    "...!",
]


def _session(config: mh.Config, tool_output: bool, answered: bool = False) -> mh.Session:
    session = mh.Session(config=config)
    session.user("How do I set up etcd TLS for the three members of our cluster?")
    session.assistant(
        "Three steps:\n1. Create a CA.\n2. Issue server certificates.\n3. Restart each member."
    )
    session.user("Which Italian restaurants are open tonight near the station?")
    session.assistant("Roma is Italian, open until 11. Sakura is Japanese, open until 10.")
    if tool_output:
        session.tool_output("ci_build", "build failed: 3 tests failed\nlogs: timeout in db")
        if answered:  # said after the output: no question is about it for that alone
            session.assistant("The build failed on three tests; the log shows a db timeout.")
    return session


@pytest.mark.parametrize("config", [mh.Config(), mh.Config.spec()], ids=["default", "spec"])
@pytest.mark.parametrize(
    ("tool_output", "answered"),
    [(False, False), (True, False), (True, True)],
    ids=["no-tool-output", "tool-output", "answered-tool-output"],
)
def test_classify_agrees_with_the_staged_path(
    backend: str, config: mh.Config, tool_output: bool, answered: bool
) -> None:
    session = _session(config, tool_output, answered)
    first = mh.Session(config=config)
    for text in EDGES:
        vector = session.embedder.embed([text])[0]
        staged = session.analyse(text, embedding=vector)[0]
        assert session.classify(text) is staged, text
        assert session.classify(text, embedding=vector) is staged, text
        assert first.classify(text) is first.analyse(text)[0], text


def _classifier(config: mh.Config) -> IntentClassifier:
    return IntentClassifier(
        default_lexicon(), config, explore_below=0.3, dim=384, skip_function_words=True
    )


def _recent() -> np.ndarray:
    rows = np.random.default_rng(14).standard_normal((4, 384)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def _settled_answers(config: mh.Config, texts: list[str]) -> list[tuple[object, ...]]:
    """Per text and session state, what the settle returns (a code or "goes on"), checked
    against the unsettled path: a settled code is its answer with nothing pending."""
    classifier, recent = _classifier(config), _recent()
    answers: list[tuple[object, ...]] = []
    for text in texts:
        # Hashed inside, and given: the settle reads the vector only where §5.2 or the
        # unsettled tuple does, so either way the answers are the full path's.
        hashed = kernels.hash_embed(text, 384, skip_function_words=True)
        for embedding in (None, hashed):
            for first_turn, tool_outputs, rows in (
                (False, False, recent),
                (False, True, recent),
                (True, False, None),
            ):
                state = (text, embedding is None, first_turn, tool_outputs)
                found = classifier.classify(
                    text, embedding, rows, first_turn=first_turn, tool_outputs=tool_outputs,
                    final=True,
                )  # fmt: skip
                full = classifier.classify(
                    text, embedding, rows, first_turn=first_turn, tool_outputs=tool_outputs
                )
                assert not isinstance(full, int)
                args = (text, embedding, rows, first_turn, tool_outputs)
                _check_questions_final(classifier, args, state)
                if isinstance(found, int):
                    assert full[1] == 0, state
                    assert full[0] == found, state
                    answers.append((*state, found))
                else:
                    assert found == full, state
                    answers.append((*state, None))
    return answers


def _check_questions_final(
    classifier: IntentClassifier, args: tuple[object, ...], state: object
) -> None:
    """With questions not final, a question the settle would settle comes back as its scan
    with PENDING_QUESTION set (Session.classify reads no other question cue); anything else
    as with questions final."""
    settled = classifier.settle(*args, True)
    asked = classifier.settle(*args, True, False)
    scan = classifier.settle(*args, False)
    assert not isinstance(scan, int)
    if isinstance(settled, int) and scan[4] & CUE_QUESTION:
        assert not isinstance(asked, int), state
        assert asked[1] & PENDING_QUESTION, state
        assert (asked[0], asked[1] & ~PENDING_QUESTION, *asked[2:]) == scan, state
    else:
        assert asked == settled, state


@pytest.mark.parametrize("config", [mh.Config(), mh.Config.spec()], ids=["default", "spec"])
def test_every_backend_settles_the_same_turns(config: mh.Config) -> None:
    found = {}
    previous = kernels.backend()
    try:
        for name in BACKENDS:
            kernels.use(name)
            found[name] = _settled_answers(config, EDGES)
    finally:
        kernels.use(previous)
    for name in BACKENDS:
        assert found[name] == found["python"], name
    # The edges fall on both sides.
    settled = sum(answer[-1] is not None for answer in found["python"])
    assert 0 < settled < len(found["python"])


def test_the_common_turn_settles_in_the_native_call() -> None:
    classifier, recent = _classifier(mh.Config()), _recent()
    plain = "The staging cluster runs three etcd members behind a load balancer in our lab."
    typical = next(edge for edge in EDGES if edge.startswith("Thanks, that makes sense. Should"))
    for text in (typical, plain):  # bench/intent_workload.py's typical turn, a statement
        found = classifier.classify(
            text, None, recent, first_turn=False, tool_outputs=False, final=True
        )
        assert isinstance(found, int), text
        # With a speaker to read (``final`` False), the tuple always comes back.
        assert not isinstance(
            classifier.classify(text, None, recent, first_turn=False, tool_outputs=False), int
        )


def test_every_opener_of_the_reply_rules_goes_on() -> None:
    # The settle's supersets for rules report-backs and term-questions read the openers'
    # letters, not the word lists: every word of the lists must still reach the Python rule.
    subjects = sorted(REPORT_SUBJECTS | {"i", "we"})
    texts = [f"{word.capitalize()} tried that, it still drops." for word in subjects]
    texts += [f"{' '.join(opener).upper()} a Soundex search?" for opener in TERM_OPENERS]
    answers = _settled_answers(mh.Config(), texts)
    assert all(answer[-1] is None for answer in answers if not answer[2])
    _settled_answers(mh.Config.spec(), texts)  # rules off: settled, and still right


_PIECES = st.sampled_from(
    [
        "the", "one", "ones", " one", "#", "#2", "2", "A", "B", "I", "C", "J", "K", "a", "é",
        "É", "again", "say", "more", "ok", "thanks", "OK,", "fail", "did", "why", "return",
        "that", "those", "logs", "output", "query", "result", "next", "first", "second",
        "option", "by the way", "explain", "recap", "?", ".", ",", "!", "-", "+", "'", "\u2019",
        "\n", "  ", "\u20ac", "\U0001f600", "\uff22", "cluster", "staging", "rollout", "what",
        "how", "back to", "Italian", "Also,", "also", "What's", "WHAT", "is a", "mean",
        "They're", "it's", "We", "tried", "to", "last", "want", "no", "step", "3rd", "top",
        ")", "4)", "(", "b", "with", "cheapest", "the most", "two", "whichever", "13th",
        "meaning", "means", "like", "hang", "on", "huh", "=", "fret", "buzz", "so like",
    ]
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(_PIECES, min_size=1, max_size=30), st.booleans())
def test_a_settled_code_is_the_unsettled_answer(pieces: list[str], spaced: bool) -> None:
    text = (" " if spaced else "").join(pieces)
    for config in (mh.Config(), mh.Config.spec()):
        _settled_answers(config, [text])


_ECHO_PIECES = st.sampled_from(
    [
        "Fret", "buzz", "fret", "Kettle", "stitch", "float", "pin", "the", "a", "an", "How",
        "how", "what", "what's", "that", "meaning", "means", "mean", "you mean", "like",
        "so like", "=", "i.e.", "as in", "being", "huh", "sorry", "hang on", "hold", "on",
        "wait", "ok", "exactly", "again", "what's the difference", "the same as", "is it",
        "-", "?", "??", ",", ";", ":", ".", "!", "'", '"', ")", "*", "]", "\u2019", "é", "\n",
    ]
)  # fmt: skip


@functools.cache
def _classifiers(spec: bool) -> dict[str, IntentClassifier]:
    config = mh.Config.spec() if spec else mh.Config()
    previous = kernels.backend()
    try:
        found = {}
        for name in BACKENDS:
            kernels.use(name)
            found[name] = _classifier(config)
        return found
    finally:
        kernels.use(previous)


@settings(max_examples=200, deadline=None)
@given(st.lists(_ECHO_PIECES, min_size=1, max_size=12), st.booleans())
def test_every_backend_settles_the_same_short_questions(pieces: list[str], spaced: bool) -> None:
    # The echo gate (rule echo-clarifications, term-frames) reads a short turn word by word:
    # the native settle must read it as the reference does, and a settled code must be the
    # unsettled answer.
    text = (" " if spaced else "").join(pieces)
    recent = _recent()
    for spec in (False, True):
        answers = {
            name: classifier.settle(text, None, recent, False, False, True, False)
            for name, classifier in _classifiers(spec).items()
        }
        python = answers["python"]
        for name, found in answers.items():
            assert type(found) is type(python), (name, text)
            assert (found if isinstance(found, int) else found[:2]) == (
                python if isinstance(python, int) else python[:2]
            ), (name, text)
        _settled_answers(mh.Config.spec() if spec else mh.Config(), [text])
