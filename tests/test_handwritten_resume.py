"""Floors on the hand-written resumption conversations (issue 15 item 1: threads that resume
after digressions).

``resume_check.jsonl`` (13 conversations: garden, car, wedding, packaging, running, database
migration, Spanish, puppy, kitchen, Rome, guitar, home wifi, budget; 27 resumption probes) was
written before any code change of the first stop, and looked at once while the rules were
broad; ``resume_tune.jsonl`` (13 others, 26 probes) and ``resume_tune2.jsonl`` (6 more:
sailing, ceramics, a cycling tour, a thermostat, genealogy, a bootcamp; 13 probes) were tuned
on. ``resume_holdout.jsonl`` (14 conversations in domains no other file uses: beehive, 3D
printer, night photos, home brew, piano, climbing, email DNS, Terraform, camping, Kafka,
knitting, telescope, EV charging, diving; 33 probes) was written before any code change of
the second stop and scored twice: once before, once after the changes were done on the tune
sets. Explicit returns in many phrasings ("back to", "picking up the X again", "circling back
to", "so, the X", "one more on the X", "regarding the X from earlier", "let's return to",
"what about the X we discussed", "re the X", "on the X thing"), implicit ones (a follow-up
that only names something of the earlier thread), after one-turn, multi-turn and two
interleaved digressions, and side questions inside a topic that must not split it. Measured
with the default ``Session()`` (hashing embedder), ``python tools/handwritten_report.py
FILE``:

| file | intent acc | macro-F1 | resume | new thread |
|---|---|---|---|---|
| tune, first stop before | 0.832 | 0.677 | 0.423 (26) | 0.885 (26) |
| tune, second stop before | 0.921 | 0.844 | 0.769 (26) | 0.923 (26) |
| tune, after | 0.931 | 0.865 | 0.962 (26) | 0.962 (26) |
| tune2, before | 0.824 | 0.441 | 0.769 (13) | 0.750 (12) |
| tune2, after | 0.980 | 0.989 | 0.923 (13) | 1.000 (12) |
| check, second stop before | 0.924 | 0.680 | 0.815 (27) | 0.880 (25) |
| check, after | 0.971 | 0.936 | 0.963 (27) | 0.960 (25) |
| holdout, before (first run) | 0.928 | 0.883 | 0.818 (33) | 0.926 (27) |
| holdout, after (second run) | 0.944 | 0.947 | 0.879 (33) | 0.926 (27) |

Issue 15, "resume" session (rules short-follow-ups, return-drill-downs; announcement and
clarification data): ``resume_tune3.jsonl`` (11 conversations, tuned on) and
``resume_holdout2.jsonl`` (14 conversations in new domains, written before any code change
and scored at the start and again when the changes were done, before its misses were read):

| file | intent acc | macro-F1 | resume | new thread |
|---|---|---|---|---|
| tune3, before (6 conversations) | 0.867 | 0.807 | 0.375 (8) | 0.875 (8) |
| tune3, after (11 conversations) | 0.975 | 0.890 | 0.714 (14) | 0.929 (14) |
| holdout2, first run | 0.756 | 0.624 | 0.652 (23) | 0.619 (21) |
| holdout2, changes done | 0.756 | 0.623 | 0.652 (23) | 0.619 (21) |
| holdout2, + expletive "it" (read off its misses) | 0.764 | 0.628 | 0.652 (23) | 0.667 (21) |

The hold-out's misses are mostly announcements the lexicon lacks ("While I have you:",
"Apropos of nothing:", "Quick detour:", "On an unconnected note,"), clarifications in new
words ("Can you unpack X?", "Say it like I'm not an engineer"), "<topic> again:" returns
without an article, and in-topic questions of four or more content words.

The floors sit a little under the measured figures. The misses left on the hold-out set: a
side question that opens like a new topic ("Why not a longer shutter?") still splits its
thread; an implicit return longer than a side question whose words the active thread lacks
("Is a digital piano good enough ...?") opens a thread; "Does that count?" after a statement
naming a dormant thread's word ("I had asthma as a child ...") stays in the active one;
"Separately, ...", "On another subject: ...", "Quick one, ..." are no topic announcements;
"Also, any tips to keep a weekly team meeting ...?" still stays (DRILL_DOWN).

Issue 15, "resume4" session (rules announcement-clauses, again-returns; CLARIFY phrases and
clause openers as data in ``text/topic_clause_words``): ``resume_holdout3.jsonl`` (12
conversations in new domains: a typewriter, a choir concert, a tortoise, a mystery novel,
archery, a Minecraft server, a Django migration, a child's party, skiing, a worm bin, a radio
licence, a soil sensor; 109 intent probes) was written before any code change of the session
and scored at the start and when the changes were done, before its misses were read;
``resume_tune4.jsonl`` (5 conversations) was tuned on, with the misses of tune3 and holdout2:

| file | intent acc | macro-F1 | resume | new thread |
|---|---|---|---|---|
| holdout2, start of the session | 0.772 | 0.702 | 0.696 (23) | 0.667 (21) |
| holdout2, after | 0.902 | 0.868 | 0.826 (23) | 0.810 (21) |
| tune4, before | 0.750 | 0.644 | 0.750 (8) | 0.800 (5) |
| tune4, after | 1.000 | 1.000 | 0.875 (8) | 1.000 (5) |
| holdout3, first run | 0.789 | 0.717 | 0.750 (20) | 0.733 (15) |
| holdout3, changes done | 0.844 | 0.788 | 0.800 (20) | 0.800 (15) |

The hold-out's misses left: returns by a paraphrase ("the typing machine again" for a
typewriter, "Back on the range topic" for archery), in-topic statements and questions of four
or more new words that split a thread ("Some letters print fainter than others", "What's a
good first handheld once I pass?"), announcements phrased as a question or after a sentence
("Can I pick your brain on something else?", "I'll come back to that. Quick money thing:"), an
unannounced topic change that stays ("My son failed his driving test ..."), and clarification
by echoing a term ("Treasure hunt with picture clues, meaning?", "Deep sleep means the board is
off?").

Issue 15, "resume5" session (rules echo-clarifications, asked-announcements,
reaction-announcements; an announced return that matches nothing goes to the thread left
most recently): ``resume_holdout4.jsonl`` (12 conversations in new domains and registers:
crochet and jury service, a Pi-hole and a smoke alarm, a Flutter build and neighbour noise,
mahjong and travel jabs, a will and dog agility, pandas and skateboarding, Korean and a customs
fee, roller skates and a rental car, a septic tank and a Bluetooth speaker, OAuth and pocket
money, blood donation and a wood stove, origami and time zones; terse, chatty, non-native,
long-clause turns; 103 intent probes) was written before any code change of the session and
scored at the start and when the changes were done, before its misses were read;
``resume_tune5.jsonl`` (4 conversations at the start, 7 at the end) was tuned on, with the
misses of holdout3, tune3 and holdout2:

| file | intent acc | macro-F1 | resume | new thread |
|---|---|---|---|---|
| holdout3, start of the session | 0.844 | 0.788 | 0.800 (20) | 0.800 (15) |
| holdout3, after | 0.862 | 0.820 | 0.900 (20) | 0.867 (15) |
| tune5, before (4 conversations) | 0.586 | 0.484 | 1.000 (5) | 0.750 (4) |
| tune5, after (7 conversations) | 0.939 | 0.846 | 0.889 (9) | 0.889 (9) |
| holdout4, first run | 0.709 | 0.598 | 0.542 (24) | 0.583 (12) |
| holdout4, changes done | 0.767 | 0.722 | 0.542 (24) | 0.667 (12) |

The hold-out's misses left: terse turns that ask without a question mark ("does my employer
have to pay me while im there", "excess insurance worth it", "the chimney has to be swept how
often then") read as EXPLORE or CONTINUE, and a CONTINUE "again" ("how long until i can go
again") as CLARIFY; in-topic turns whose words the thread lacks split it, and later returns
("back to the blanket", "on the donating thing") then find the split-off part; returns by a
paraphrase ("my little ad blocker" for a Pi-hole, "the Sunday game" for mahjong);
announcements the lexicon lacks or reads as naming a topic ("Other question please.",
"Another question, ...", "Completely switching subjects for my husband: ...", "Oh also,
totally random, ..."); "Can I ask you a work question now?"; an echo whose tail asks for a
comparison ("valley and mountain fold, what's the difference?").

Issue 15, "threads7" session (rules bare-returns, done-reports; announcement-clauses' full
stop and "for my husband"; again-returns' definite name alone): ``resume_holdout7.jsonl`` (12
conversations in new domains: a golf slice and migraines, webpack and a ferret, candles and
bed bugs, poker and a git rebase, yoga and a ham radio licence, ramen and a badminton racket,
welding and whisky, Figma and a hamster, darts and snorkelling, mead and a canoe trip, a
cactus and a bowling league, a kitchen wall and a toddler; 102 intent probes) was written
before any code change of the session and scored at the start and when the changes were
done, before its misses were read; ``resume_tune7.jsonl`` (6 conversations at the start, 7
at the end) was tuned on, with the misses of holdout4, holdout3, tune5 and tune3:

| file | intent acc | macro-F1 | resume | new thread |
|---|---|---|---|---|
| tune7, before (6 conversations) | 0.889 | 0.851 | 0.583 (12) | 1.000 (6) |
| tune7, after (7 conversations) | 0.962 | 0.967 | 1.000 (13) | 1.000 (9) |
| holdout4, start of the session | 0.786 | 0.734 | 0.667 (24) | 0.667 (12) |
| holdout4, after | 0.796 | 0.762 | 0.708 (24) | 0.750 (12) |
| tune3, start / after | 0.975 / 0.988 | 0.890 / 0.978 | 0.714 / 0.857 (14) | 0.929 (14) |
| holdout2, start / after | 0.902 / 0.911 | 0.868 / 0.873 | 0.826 (23) | 0.810 (21) |
| holdout7, first run | 0.794 | 0.793 | 0.696 (23) | 0.750 (12) |
| holdout7, changes done | 0.833 | 0.836 | 0.783 (23) | 0.833 (12) |

The hold-out's misses left: in-topic turns whose words the thread lacks still split it
("bundle went from 400kb to 1.3mb tho", "ooh I had them next to an open window", "My throws
all land low left. Grip issue?", "cleaned with flap disc, better but spatter everywhere"), and
a later return then finds the split-off part; "Anyway." as a sentence of its own before the
question; a return by a paraphrase ("little guy update: ..." for a ferret); an announcement
naming the new domain ("switching to work: ...") and an unannounced new topic asked as a
question ("Planning a 3 day canoe trip ... What should we pack?") stay; "ok where was I. the
gas. ..." goes back but reads as EXPLORE.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from handwritten_scoring import score

DATA = Path(__file__).parent / "data" / "handwritten"

FLOORS = {
    "resume_tune.jsonl": {
        "intent_accuracy": 0.91,
        "resume_accuracy": 0.92,
        "new_thread_accuracy": 0.92,
    },
    "resume_tune2.jsonl": {
        "intent_accuracy": 0.97,
        "resume_accuracy": 0.84,
        "new_thread_accuracy": 0.9,
    },
    "resume_check.jsonl": {
        "intent_accuracy": 0.94,
        "resume_accuracy": 0.92,
        "new_thread_accuracy": 0.92,
    },
    "resume_holdout.jsonl": {
        "intent_accuracy": 0.96,
        # 0.879 -> 0.909 with rule term-returns ("Is a digital piano good enough to learn on").
        "resume_accuracy": 0.9,
        "new_thread_accuracy": 0.94,
    },
    # The phrasing stop (tests/test_handwritten.py has the story): tune intent 1.000, resume
    # 1.000 (7), new 1.000 (7), tool 1.000 (3); hold-out first run 0.756 / 0.600 (10) / 0.700
    # (10) / 0.286 (7), after tuning 0.841 / 0.600 / 0.700 / 0.714, after its misses were
    # read 0.890 / 0.600 / 0.900 / 0.714.
    "phrasing_tune.jsonl": {
        "intent_accuracy": 0.97,
        "resume_accuracy": 0.95,
        "new_thread_accuracy": 0.95,
        "tool_target_accuracy": 0.95,
    },
    "phrasing_holdout.jsonl": {
        "intent_accuracy": 0.89,
        "resume_accuracy": 0.75,
        "new_thread_accuracy": 0.85,
        "tool_target_accuracy": 0.70,
    },
    "resume_tune3.jsonl": {
        "intent_accuracy": 0.95,
        "resume_accuracy": 0.82,
        "new_thread_accuracy": 0.9,
    },
    "resume_holdout2.jsonl": {
        "intent_accuracy": 0.88,
        # 0.826 -> 0.870 with rule term-returns ("what seed mix for a dog garden?").
        "resume_accuracy": 0.85,
        "new_thread_accuracy": 0.78,
    },
    "resume_tune4.jsonl": {
        "intent_accuracy": 0.97,
        "resume_accuracy": 0.85,
        "new_thread_accuracy": 0.95,
    },
    "resume_holdout3.jsonl": {
        "intent_accuracy": 0.84,
        "resume_accuracy": 0.85,
        "new_thread_accuracy": 0.83,
    },
    "resume_tune5.jsonl": {
        "intent_accuracy": 0.92,
        "resume_accuracy": 0.85,
        "new_thread_accuracy": 0.85,
    },
    "resume_holdout4.jsonl": {
        "intent_accuracy": 0.77,
        # 0.68 -> 0.66 (rule other-topic-clauses): "Other question please. I ordered shoes
        # ..." now opens its thread (new thread 0.75 -> 0.92), so the return "Last thing for
        # the shoes" is scored against the exam thread the side question before it took.
        "resume_accuracy": 0.66,
        "new_thread_accuracy": 0.72,
    },
    "resume_tune7.jsonl": {
        "intent_accuracy": 0.94,
        "resume_accuracy": 0.95,
        "new_thread_accuracy": 0.95,
    },
    "resume_holdout7.jsonl": {
        "intent_accuracy": 0.81,
        "resume_accuracy": 0.76,
        "new_thread_accuracy": 0.8,
    },
    # Returns after digressions that opened their own thread (return11, stop 31): first run
    # on 57f01f2 intent 0.849, resume 0.714 (21), new 0.857 (14); with rule term-returns
    # 0.849 / 0.762 / 0.857.
    "return_holdout11.jsonl": {
        "intent_accuracy": 0.83,
        "resume_accuracy": 0.74,
        "new_thread_accuracy": 0.83,
    },
    # Short and implicit returns (resume12, stop 32): first run on 2812e53 intent 0.735,
    # resume 0.667 (22 of 33), new thread 0.667; its branch's rules moved none, not merged.
    # Intent 0.735 -> 0.711 with rule term-checks (two follow-ups read as term checks).
    # Resume 0.667 -> 0.727 with rule reply-words (stop 33: no split before two returns).
    "resume_holdout12.jsonl": {
        "intent_accuracy": 0.70,
        "resume_accuracy": 0.72,
        "new_thread_accuracy": 0.65,
    },
    # Thread boundaries and returns (resume13, stop 33): continuing reports, answers and part
    # fragments right after a reply, returns after digressions, unannounced shifts. First
    # run on f338e04 intent 0.793, resume 0.833 (15 of 18), new thread 0.625 (10 of 16);
    # with rule reply-words 0.793 / 0.889 / 0.625 ("lithium or another lead acid one?" no
    # longer splits the caravan thread, so the report back to it lands). With rule
    # possessed-topics (stop 34) 0.782 / 0.889 / 0.875: "also i want buy old vespa 125" and
    # three more open their threads; two skating reports after the vespa aside read EXPLORE.
    "resume_holdout13.jsonl": {
        "intent_accuracy": 0.78,
        "resume_accuracy": 0.88,
        "new_thread_accuracy": 0.87,
    },
    # Returns by reply words, parts and tool runs; new topics after "And", "Also", "while
    # that ...: " (resume14, stop 34). First run on 7f77543 intent 0.795, resume 0.609 (14 of
    # 23), new thread 0.6 (9 of 15); with rules dormant-returns and possessed-topics 0.782 /
    # 0.696 (16) / 0.733 (11) (the gift question opens its thread, so "Could you suggest what
    # to engrave on a silver spoon?" reads EXPLORE in it).
    "resume_holdout14.jsonl": {
        "intent_accuracy": 0.78,
        "resume_accuracy": 0.69,
        "new_thread_accuracy": 0.73,
    },
}
# Resumption probes each file holds at least (a rewrite that loses some would pass easily).
PROBES = {
    "resume_tune.jsonl": 25,
    "resume_tune2.jsonl": 13,
    "resume_check.jsonl": 25,
    "resume_holdout.jsonl": 30,
    "phrasing_tune.jsonl": 7,
    "phrasing_holdout.jsonl": 10,
    "resume_tune3.jsonl": 14,
    "resume_holdout2.jsonl": 23,
    "resume_tune4.jsonl": 8,
    "resume_holdout3.jsonl": 20,
    "resume_tune5.jsonl": 9,
    "resume_holdout4.jsonl": 24,
    "resume_tune7.jsonl": 13,
    "resume_holdout7.jsonl": 23,
    "return_holdout11.jsonl": 21,
    "resume_holdout12.jsonl": 33,
    "resume_holdout13.jsonl": 18,
    "resume_holdout14.jsonl": 23,
}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_resumption_conversations_meet_their_floors(name: str) -> None:
    figures, counts = score(DATA / name)
    assert counts["resume"] >= PROBES[name]
    for metric, floor in FLOORS[name].items():
        assert figures[metric] >= floor, (name, metric, figures[metric])
