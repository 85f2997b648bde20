"""Floors on the hand-written labelled conversations (issue 15 item 1, intent and threads).

``intents_tune.jsonl`` (30 conversations: support, devops with tool output, cooking, travel,
study) was tuned on; ``intents_check.jsonl`` (29 others: finance, home, health, admin,
programming, data, with other phrasings) was written before any result was looked at and
never tuned on. Measured with the default ``Session()`` (hashing embedder):

| file | intent acc | macro-F1 | resume | new thread | tool target |
|---|---|---|---|---|---|
| tune, before | 0.699 | 0.651 | 0.333 (6) | 0.615 (13) | 0.385 (13) |
| tune, after | 0.944 | 0.956 | 0.500 (6) | 1.000 (13) | 1.000 (13) |
| check, before | 0.724 | 0.664 | 0.667 (3) | 0.769 (13) | 0.333 (12) |
| check, after | 0.929 | 0.926 | 0.667 (3) | 1.000 (13) | 0.917 (12) |
| tune, resumption rules | 0.958 | 0.964 | 1.000 (6) | 1.000 (13) | 1.000 (13) |
| check, resumption rules | 0.937 | 0.931 | 0.667 (3) | 1.000 (13) | 0.917 (12) |

The floors sit a little under the measured figures. "Is Alfama very hilly?" no longer opens a
thread of its own (rules resume-announcements and side-questions: the "resumption rules"
rows); ``test_handwritten_resume.py`` measures resumption
on larger sets.

Stop 29 (rules question-ends and again-asks): ``intents_holdout7.jsonl`` (12 conversations, 71
probes, domains no other file uses, written before any change and scored once: the first
run) and ``intents_tune7.jsonl`` (6 conversations, 35 probes of the forms the rules target,
tuned on). The holdout's misses were read only after the end run; one word ("run") left
AGAIN_ASK_WORDS after that reading ("ok add ... and run again" asks for no explanation), so
the last row is no longer a clean held-out figure:

| file | intent acc | macro-F1 |
|---|---|---|
| holdout7, first run (main d76a7fb) | 0.662 | 0.621 |
| holdout7, end run | 0.704 | 0.651 |
| holdout7, after its misses were read | 0.718 | 0.667 |
| tune7, both rules off / on | 0.543 / 0.829 | - / 0.856 |

Rule thread-details (stop 29, ``continue_tune8.jsonl``: 6 conversations, 41 probes of
in-thread statements that share few words with their thread beside unannounced new topics,
written before the change and tuned on): intent 0.707 -> 0.878, macro-F1 0.712 -> 0.865.

Rule term-frames (stop 30, ``terms_holdout9.jsonl``: 9 conversations, 56 probes, 23 of them
CLARIFY questions about a term of a reply beside negative controls, domains no other file
uses, written before the change and scored once at each end): intent 0.643 -> 0.696,
macro-F1 0.668 -> 0.726 (first run main 3f21487; end run with the rule). Its misses were
printed by both runs; no rule was changed after the end run.

Rule reply-term-asks (stop 31, ``clarify_holdout11.jsonl``: 10 conversations, 61 probes, 25
of them CLARIFY turns taken from a reply beside DRILL_DOWN, CONTINUE and EXPLORE controls,
domains no other file uses, written before the change and scored once at each end): intent
0.689 -> 0.738, macro-F1 0.723 -> 0.768; terms_holdout9 (tuned on) 0.696 -> 0.821.

Rule term-checks (stop 32, ``clarify_holdout12.jsonl``: 10 conversations, 70 probes, 27 of
them CLARIFY turns that ask to re-explain the last reply (restatements, "is that" checks, a
term with a guess) beside DRILL_DOWN questions that quote the reply, CONTINUE and EXPLORE;
domains no other file uses; written before the change, first run on main 2812e53): intent
0.700 -> 0.786, macro-F1 0.727 -> 0.791; clarify_holdout11 (tuned on) 0.738 -> 0.803,
terms_holdout9 0.821 -> 0.857.

Rule meaning-asks (stop 33, ``meaning_holdout13.jsonl``: 10 conversations, 68 probes, 27 of
them CLARIFY questions about what a term of the last reply means without "what do you mean" or
"explain", beside how / which / when follow-ups on the same terms, the user's own terms and
opening meaning questions; domains no other file uses; written before the change, first run on
main f338e04): intent 0.662 -> 0.735, macro-F1 0.640 -> 0.694.

CLARIFY phrases and rule older-reply-terms (stop 34, ``clarify_holdout15.jsonl``: 6
conversations, 37 probes, 15 of them CLARIFY without the canonical markers (a report of not
understanding beside a question, understanding checks, term guesses) beside "so should I"
decisions, "I don't understand why my ..." and terms no reply said; domains no other file
uses; written before the change, first run on main ece517a): intent 0.649 -> 0.757,
macro-F1 0.733 -> 0.820.

Rule ask-shapes (stop 30, ``asks_holdout9.jsonl``: 10 conversations, 67 probes, in-thread
asks with no "?" and no opener beside statements of choice or progress, domains no other file
uses; written before any change of the stop and scored twice, before and at the end): intent
0.507 -> 0.672, macro-F1 0.403 -> 0.516.

Rules ask-shapes and also-questions, extended (stop 31, ``follow_holdout11.jsonl``: 10
conversations, 62 probes, in-thread asks opened by "ok and"/"and"/"also", asks stated as a
need, reports with a question tail, beside continuations opened by the same markers; domains
no other file uses; written before any change and scored twice): intent 0.742 -> 0.774,
macro-F1 0.752 -> 0.779 (first run main 57f01f2).

The thread boundary (stop 31, ``boundary_holdout11.jsonl``: 8 conversations, 64 probes,
unannounced new topics and short in-thread turns; written before any change): intent 0.766
on 57f01f2 and after every rule merged at stop 31; its rule (short-after-replies) was not
merged: opt-in only, no gain on this set, dialseg711 and LoCoMo lower.

Rules ask-shapes (clause asks) and wider-follow-ups (stop 33, ``followups_holdout13.jsonl``:
10 conversations, 74 probes, follow-up questions naming a new facet of the thread's subject
in a fragment, beside answers to the assistant's question ending in "?", reports, "go on" and
new-topic questions mid-conversation; domains no other file uses; written before any change
and scored three times): intent 0.784 -> 0.811, macro-F1 0.793 -> 0.816 (first run main
f338e04; 0.824 / 0.831 before wider-follow-ups was held to a word said before).

Reports after advice (stop 33, ``reports_holdout13.jsonl``: 9 conversations, 60 probes,
statements reporting what the user did or found, answers and added facts, CONTINUE by §5.2,
beside reports with a question, reports pointing at one listed item and new topics announced
as statements; domains no other file uses; written before any change): intent 0.883, macro-F1
0.902 on main f338e04 and at the end; rule outcome-reports reaches none of its misses (two
reports read DRILL_DOWN by a definite or "as you described", one answer with no verb).

Rule own-antecedents (stop 34, ``newtopic_holdout14.jsonl``: 10 conversations, 71 probes, new
topics set up as a situation of the user's own beside follow-ups sharing no word with the
thread, on-topic turns bringing a new person or object, and digressions returned from;
domains no other file uses; written before any change): intent 0.775 -> 0.831, macro-F1
0.595 -> 0.626, new thread 0.529 -> 0.824 (first run on the base 2760957).

Rule ask-shapes' inner asks, fragments and done reports (stop 34, ``followq_holdout14.jsonl``:
9 conversations, 68 probes, follow-ups whose question sits mid-turn, fragments leaning on the
reply, "need to know" statements, clarifications echoing the reply, reports; negative controls
ending in a question word, answers with "?", echoes of the user's own words; domains no other
file uses; written before any change, scored at each end): intent 0.676 -> 0.765, macro-F1
0.689 -> 0.750 (first run main 7f77543).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from handwritten_scoring import score

DATA = Path(__file__).parent / "data" / "handwritten"

FLOORS = {
    "intents_tune.jsonl": {
        "intent_accuracy": 0.93,
        "intent_macro_f1": 0.94,
        "resume_accuracy": 0.83,
        "new_thread_accuracy": 1.0,
        "tool_target_accuracy": 1.0,
    },
    "intents_check.jsonl": {
        "intent_accuracy": 0.91,
        "intent_macro_f1": 0.91,
        "resume_accuracy": 0.66,
        "new_thread_accuracy": 1.0,
        "tool_target_accuracy": 0.9,
    },
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_handwritten_conversations_meet_their_floors(name: str) -> None:
    figures, counts = score(DATA / name)
    assert counts["intent"] >= 120
    assert counts["tool"] >= 12
    assert counts["new_thread"] >= 12
    for metric, floor in FLOORS[name].items():
        assert figures[metric] >= floor, (name, metric, figures[metric])


# Small sets of stops 29 and 30 (fewer probes than the floors above ask for): intent only.
SMALL_FLOORS = {
    "asks_holdout9.jsonl": {"intent_accuracy": 0.65, "intent_macro_f1": 0.49},
    "continue_tune8.jsonl": {"intent_accuracy": 0.85, "intent_macro_f1": 0.84},
    "follow_holdout11.jsonl": {"intent_accuracy": 0.77, "intent_macro_f1": 0.77},
    "intents_holdout7.jsonl": {"intent_accuracy": 0.69, "intent_macro_f1": 0.63},
    "intents_tune7.jsonl": {"intent_accuracy": 0.8, "intent_macro_f1": 0.82},
    "terms_holdout9.jsonl": {"intent_accuracy": 0.85, "intent_macro_f1": 0.87},
    "clarify_holdout11.jsonl": {"intent_accuracy": 0.8, "intent_macro_f1": 0.82},
    "clarify_holdout12.jsonl": {"intent_accuracy": 0.78, "intent_macro_f1": 0.79},
    "clarify_holdout15.jsonl": {"intent_accuracy": 0.75, "intent_macro_f1": 0.81},
    "meaning_holdout13.jsonl": {"intent_accuracy": 0.73, "intent_macro_f1": 0.69},
    "boundary_holdout11.jsonl": {"intent_accuracy": 0.76, "intent_macro_f1": 0.76},
    "reports_holdout13.jsonl": {"intent_accuracy": 0.88, "intent_macro_f1": 0.9},
    # Requests at the thread boundary (requests12, stop 32): first run 0.644 / 0.566; with
    # rules thread-requests and new-ground-questions 0.726 / 0.634.
    "requests_holdout12.jsonl": {"intent_accuracy": 0.71, "intent_macro_f1": 0.62},
    # Follow-up questions on the thread's subject (followups13, stop 33): first run 0.784 /
    # 0.793; with clause asks and rule wider-follow-ups 0.811 / 0.816.
    "followups_holdout13.jsonl": {"intent_accuracy": 0.8, "intent_macro_f1": 0.8},
    # New topics vs follow-ups (newtopic14, stop 34): first run 0.775 / 0.595; with rule
    # own-antecedents 0.831 / 0.626.
    "newtopic_holdout14.jsonl": {"intent_accuracy": 0.82, "intent_macro_f1": 0.62},
    # Follow-ups read CONTINUE, reports and clarifications read DRILL_DOWN (followq14, stop
    # 34): first run 0.676 / 0.689; with ask-shapes' inner asks, fragments and done reports
    # 0.765 / 0.750.
    "followq_holdout14.jsonl": {"intent_accuracy": 0.75, "intent_macro_f1": 0.73},
    # Same-thread requests and wants vs reports and new-topic requests (requests15, stop 34):
    # first run 0.750 / 0.752; with rule thread-wants 0.806 / 0.810.
    "requests_holdout15.jsonl": {"intent_accuracy": 0.8, "intent_macro_f1": 0.8},
}


@pytest.mark.parametrize("name", sorted(SMALL_FLOORS))
def test_small_intent_sets_meet_their_floors(name: str) -> None:
    figures, counts = score(DATA / name)
    assert counts["intent"] >= 35
    for metric, floor in SMALL_FLOORS[name].items():
        assert figures[metric] >= floor, (name, metric, figures[metric])
