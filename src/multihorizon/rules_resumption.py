"""The rules of issue 15's resumption work (SPEC-028 §3.3 threads, §5.2 intent), as data
for ``multihorizon.rules``: each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Kept apart so the registry module stays one
a reader can hold; like it, this imports nothing of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["RESUMPTION_RULES"]

RESUMPTION_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "reply-follow-ups",
        "thread",
        "§3.3",
        "In an assistant chat of two, a question right after a reply that names a word the "
        "active thread's latest replies brought and no other thread used ('What's a "
        "sensible initialDelaySeconds?' after 'raise initialDelaySeconds'; 'Mesh or "
        "powerline, which is better?') follows the reply up and stays in the active thread.",
        {"reply_follow_ups": False},
        "hand-written resumption sets (tools/handwritten_report.py, other rules on), "
        "off -> on: resume accuracy resume_tune 0.885 -> 0.962, resume_tune2 0.846 -> "
        "0.923, resume_check 0.963 -> 0.963. ../shared/data with the five rules of this "
        "stop together against main (tools/eval_all.py, hashing): sgd resume 0.861 -> "
        "0.872, shift F1 0.491 -> 0.494; dialseg711 shift F1 0.630 -> 0.628; tiage "
        "0.460 -> 0.460; CAsT 2021 intent macro-F1 0.809 -> 0.811; LoCoMo recall@10 "
        "0.693 -> 0.691.",
        "dialogue.threads.Threads.takes_up",
    ),
    (
        "return-variants",
        "thread",
        "§3.3",
        "A word named in a return also matches its inflections ('Getting back to the move' "
        "names the thread that said 'moving'; 'the tomatoes' the one that said 'tomato'); a "
        "return whose words only the active thread holds stays there; a topic named before "
        "the question that no thread holds ('On the birthday present, is a fossil kit "
        "messy?') goes to the dormant thread that alone used the turn's other words.",
        {"return_variants": False},
        "hand-written resumption sets, off -> on: resume accuracy resume_tune 0.885 -> "
        "0.962, resume_check 0.926 -> 0.963, resume_tune2 0.923 -> 0.923. "
        "../shared/data with the five rules of this stop together against main "
        "(tools/eval_all.py, hashing): sgd resume 0.861 -> 0.866, shift F1 0.491 -> "
        "0.483; dialseg711 shift F1 0.630 -> 0.628; tiage 0.460 -> 0.460; CAsT 2021 "
        "intent macro-F1 0.809 -> 0.811; LoCoMo recall@10 0.693 -> 0.691.",
        "dialogue.threads.Threads.return_target",
    ),
    (
        "also-questions",
        "intent",
        "§5.2",
        "A question opening with 'Also, ...' ('Also, do I need winter tyres in Austria?') "
        "adds a question of its own: its 'also' is no CONTINUE marker, so the question is "
        "classified (and placed) on its words. So does 'ok and' opening a question with "
        "words of its own ('ok and the straps, how tight should they be'; 'ok and?' goes on), "
        "a question then never new ground (EXPLORE) unless the topic is said to move on; "
        "and 'what else' asking what the user or a third person should do ('What else should "
        "I buy with it?'; not 'What else can you find?': ``ELSE_ASKS``, lexicon BLOCK data).",
        {"also_questions": False},
        "hand-written resumption sets, off -> on: new-thread accuracy resume_tune 0.923 "
        "-> 0.962, resume_tune2 0.833 -> 1.000, resume_check 0.880 -> 0.960; intent "
        "accuracy resume_tune2 0.941 -> 0.980, resume_check 0.952 -> 0.971. "
        "../shared/data with the five rules of this stop together against main "
        "(tools/eval_all.py, hashing): sgd resume 0.861 -> 0.866, shift F1 0.491 -> "
        "0.483; dialseg711 shift F1 0.630 -> 0.628; tiage 0.460 -> 0.460; CAsT 2021 "
        "intent macro-F1 0.809 -> 0.811; LoCoMo recall@10 0.693 -> 0.691. Stop 31 "
        "(follow11), 'ok and' and ``ELSE_ASKS``: every hand-written file but follow_holdout11 "
        "(2,675 probes), 6 DRILL_DOWN -> CONTINUE misses fixed, none lost; ../shared/data "
        "(tools/eval_all.py, hashing): CAsT 2020 intent accuracy 0.852 -> 0.877, macro-F1 "
        "0.861 -> 0.869; CAsT 2021 0.817 -> 0.826, 0.868 -> 0.871 ('What else should I "
        "consider ...'); every other figure unchanged.",
        "dialogue.phrasing.adding_opener",
    ),
    (
        "report-backs",
        "intent",
        "§5.2",
        "In an assistant chat of two, a short statement right after a reply whose subject "
        "points back ('They're in pots and I water them every day.', 'It's on the hallway "
        "wall.') or that did something to it ('We tried that, ...') and asks for nothing "
        "reports back: CONTINUE (§5.2 'same thread, extend it'), not EXPLORE, so it stays.",
        {"report_backs": False},
        "hand-written sets, off -> on: intent accuracy resume_tune2 0.941 -> 0.980, "
        "resume_check 0.952 -> 0.971, intents_tune 0.958 -> 0.965 (a report back no "
        "longer opens a thread). ../shared/data with the five rules of this stop "
        "together against main (tools/eval_all.py, hashing): sgd resume 0.861 -> 0.866, "
        "shift F1 0.491 -> 0.494; dialseg711 shift F1 0.630 -> 0.628; tiage 0.460 -> "
        "0.459; CAsT 2021 intent macro-F1 0.809 -> 0.811; LoCoMo recall@10 0.693 -> "
        "0.690.",
        "dialogue.phrasing.reports_back",
    ),
    (
        "short-follow-ups",
        "intent",
        "§5.2",
        "In an assistant chat of two, a short question right after a reply in the active "
        "thread that names at most two content words of its own ('How long should I warm "
        "up?', 'What should I wear?') or adds to what is on the table with an 'also' inside "
        "it ('Should I also turn on dead peer detection?') leans on the topic at hand: "
        "DRILL_DOWN, not EXPLORE, and it stays in the active thread (as rule side-questions "
        "places it). Not with a topic announcement, a request to explain, or a request of "
        "the assistant ('Can you find me a hotel?').",
        {"short_follow_ups": False},
        "hand-written sets (tools/handwritten_report.py, other rules on), off -> on: intent "
        "accuracy resume_tune3 0.925 -> 0.975, resume_tune 0.941 -> 0.950, resume_tune2 "
        "0.980 -> 1.000, resume_holdout 0.968 -> 0.984, intents_tune 0.965 -> 0.972, "
        "phrasing_holdout 0.902 -> 0.915; resume accuracy resume_tune3 0.571 -> 0.714, "
        "resume_holdout 0.879 -> 0.909, phrasing_holdout 0.7 -> 0.8; no figure drops. Tried: "
        "two content words (phrasing_holdout resume 0.7); three without the new-name test "
        "(resume_check new thread 0.96 -> 0.92: 'Also, do I need winter tyres in Austria?'); "
        "'there' as a request word and a reply closing its exchange ('Have a nice day!') "
        "as a bar (CAsT 2020 intent macro-F1 0.880 -> 0.861): rejected; after an "
        "exclamation ('Cool! Got any fav tunes?' between LoCoMo's peers) it does not apply "
        "(LoCoMo hit@10 0.729 -> 0.733). ../shared/data with this session's rules "
        "together against main (tools/eval_all.py, hashing): CAsT 2020 intent macro-F1 "
        "0.786 -> 0.861, CAsT 2021 0.811 -> 0.858, sgd 0.662 -> 0.673; sgd resume 0.866 -> "
        "0.877, shift F1 0.494 -> 0.511; dialseg711 shift F1 0.628 -> 0.619 (a new task's "
        "short first question, 'Where is the police station?', stays); tiage 0.460 -> "
        "0.461; LoCoMo recall@10 0.691 -> 0.691. Not for 'What is X?', 'Why ...?', 'How "
        "does X ...?' (TOPIC_QUESTION_OPENERS): with them CAsT 2020 0.880 and sgd resume "
        "0.898, but 'What is quantum computing?' after etcd stayed (issue 15 item 2).",
        "dialogue.follow_ups.leans_on_the_reply",
    ),
    (
        "wider-follow-ups",
        "intent",
        "§5.2",
        "With short-follow-ups: a short follow-up one of whose content words the "
        "conversation already holds (the log's entity index) may name four content words, "
        "not three ('what should entry cost per team' after a reply on a quiz's teams, 'lower "
        "back sore after deads, normal?'): DRILL_DOWN in the thread, not a new topic. The "
        "other conditions hold as before (64 characters, no new name, no request of the "
        "assistant, no 'What is X?' opener, no announcement).",
        {"wider_follow_ups": False},
        "Stop 33 (followups13), counted over every hand-written file: of the in-thread "
        "questions after a reply that short-follow-ups passed over only for their fourth "
        "word, 15 DRILL_DOWN were read EXPLORE and 3 EXPLORE read right. Off -> on, 3,271 "
        "probes (followups_holdout13 aside): intent 0.8823 -> 0.8847 (8 fixed in 7 files, "
        "none lost), resume 0.8207 -> 0.8319, new thread 0.8717 unchanged. ../shared/data "
        "(tools/eval_all.py, hashing): CAsT 2021 intent macro-F1 0.871 -> 0.880, sgd shift "
        "F1 0.5276 -> 0.5282, dialseg711 0.6237 -> 0.6240; LoCoMo recall@5 0.631 -> 0.627 "
        "(@10 unchanged). Without the known word: 15 fixed, 2 lost ('pulled pork shoulder, "
        "bone in or out'), CAsT 2020 0.869 -> 0.889 but dialseg711 0.624 -> 0.620, new thread "
        "0.8659, and 'How do I get red wine out of a wool rug?' after an audition stayed: "
        "rejected; five words: 5 more fixed, 3 of 8 changed wrongly: rejected.",
        "dialogue.follow_ups.leans_on_the_reply",
    ),
    (
        "return-drill-downs",
        "intent",
        "§5.2",
        "A turn whose resume marker names words a dormant thread used ('Going back to "
        "Spanish, should I learn Mexican or Spain Spanish?') revisits prior content: "
        "DRILL_DOWN (§5.1), not EXPLORE for its low similarity to the thread it leaves.",
        {"return_drill_downs": False},
        "hand-written sets, off -> on: intent accuracy resume_tune3 0.963 -> 0.975, "
        "phrasing_holdout 0.902 -> 0.915 ('Back on payroll, does the top choice do "
        "Portuguese taxes at all?'). ../shared/data (tools/eval_all.py, hashing): no row "
        "moved with it (the commit adding it against the one before).",
        "dialogue.follow_ups.returns_to_dormant",
    ),
    (
        "announcement-clauses",
        "intent",
        "§3.3",
        "A topic announcement that ends a short opening clause of its own ('Quite a different "
        "subject: ...', 'Off on a tangent, but ...', 'On an unconnected note, I ...', "
        "'Something quite different: ...', 'Slight tangent: ...') announces as one at the "
        "turn's opening does (rule topic-announcements: EXPLORE, it leaves the active "
        "thread). The clause asks nothing and has no subject before the phrase ('Is there a "
        "different route?'), names no topic after it ('Different glazes for the kiln: ...'), "
        "and ends at a colon or dash, or at a comma before 'but', a question or the "
        "speaker's situation. The openers it adds (text/topic_clause_words CLAUSE_OPENERS: "
        "'tangent', 'detour', 'different', 'before I forget', ...) announce only so. A "
        "clause of the phrase alone may end at a full stop ('Different thing. My car ...'), "
        "and 'for' before a person names whose question it is, no topic ('Completely "
        "switching subjects for my husband: ...', 'Odd one for you: ...': "
        "CLAUSE_FOR_PERSONS).",
        {"announcement_clauses": False},
        "hand-written sets (tools/handwritten_report.py, other rules on), off -> on: intent "
        "accuracy resume_holdout2 0.837 -> 0.902, resume_tune4 0.917 -> 1.000; new-thread "
        "accuracy resume_holdout2 0.667 -> 0.810, resume_tune4 0.8 -> 1.0; resume accuracy "
        "resume_holdout2 0.783 -> 0.826; every other hand-written figure unchanged. "
        "../shared/data: see rule again-returns (measured together). Stop 29 (threads7: "
        "the full stop, CLAUSE_FOR_PERSONS, 'other subject', 'not related', 'odd one'): "
        "new-thread accuracy resume_holdout4 0.667 -> 0.75, intent 0.786 -> 0.796; "
        "resume_holdout2 intent 0.902 -> 0.911; ../shared/data moves no row.",
        "dialogue.phrasing.announces_topic",
    ),
    (
        "again-returns",
        "thread",
        "§3.3",
        "An opening clause that names a topic and 'again' without an article ('Kiln again: "
        "...', 'OK, API again. ...', 'Chillies again, ...'; not 'Try again', 'Same again', "
        "'Thanks again': AGAIN_NOT_TOPICS) or a return front and a topic ('Still on the "
        "jars: ...', 'Circling back to the move, ...': RETURN_CLAUSE_FRONTS) goes back to "
        "the thread holding those words, as 'The chair again: ...' does under rule "
        "resume-announcements; its 'again' asks for no clarification, and when a dormant "
        "thread holds the words the turn revisits it: DRILL_DOWN (§5.1). A definite name "
        "alone after discourse words ('Right, the refund. Do I ...?', 'Ok, the beam - ...'; "
        "not 'The problem is: ...': FRAMING_NOUNS) names its topic as 'For the quotes, ...' "
        "does: the thread holding its words.",
        {"again_returns": False},
        "hand-written sets, off -> on: resume accuracy resume_holdout2 0.739 -> 0.826, "
        "resume_tune4 0.75 -> 0.875; intent accuracy resume_holdout2 0.886 -> 0.902, "
        "resume_tune4 0.944 -> 1.000; every other hand-written figure unchanged. "
        "../shared/data with announcement-clauses and the CLARIFY phrases of "
        "text/topic_clause_words, against the start of the stop (tools/eval_all.py, "
        "hashing): sgd intent macro-F1 0.673 -> 0.672, shift F1 0.511 -> 0.511; no other "
        "row moved. Stop 29 (threads7, the definite name alone): resume_tune7 resume "
        "0.923 -> 1.0; no other hand-written figure and no ../shared/data user turn moved.",
        "dialogue.named_topics.return_clause",
    ),
    (
        "again-reports",
        "intent",
        "§5.2",
        "A bare 'again' in a statement whose clause opens with a subject or a verb in the "
        "past ('ok I added the fixture and pushed again', 'I ran it again and it passed', "
        "'Tried again, same error': text/topic_clause_words AGAIN_REPORT_*) reports a thing "
        "done again and is no CLARIFY marker; in a question or a request ('say that again?', "
        "'Explain it again please', 'Which ones were they again?') it stays one.",
        {"again_reports": False},
        "hand-written sets: no file tuned on or held out moved; the lead's audit set of stop "
        "28 (a5, scored before any change of the stop, its misses read afterwards: this rule "
        "came from one) intent 0.857 -> 0.873. ../shared/data (tools/eval_all.py, hashing): "
        "swda intent unchanged, tiage shift precision 0.454 -> 0.453 (F1 0.461 unchanged), "
        "no other row moved.",
        "dialogue.again_markers.again_repeats",
    ),
    (
        "asked-announcements",
        "intent",
        "§3.3",
        "A topic announcement put as a request for leave at the turn's opening ('Can I ask "
        "you about something else?', 'Mind if I switch to a different thing?', 'Could I ask "
        "an unrelated question?'; text/topic_clause_words PERMISSION_ASKERS) announces as "
        "'Something else: ...' does (rule topic-announcements: EXPLORE, it leaves the active "
        "thread); not when a topic is named after the phrase ('Can I ask something else "
        "about the tank?').",
        {"asked_announcements": False},
        "hand-written sets, off -> on: new-thread accuracy resume_tune5 0.778 -> 0.889, "
        "resume_holdout3 0.8 -> 0.867; intent accuracy resume_tune5 0.898 -> 0.939, "
        "resume_holdout3 0.853 -> 0.862; every other hand-written figure unchanged.",
        "dialogue.echoes.asks_leave_to_move_on",
    ),
    (
        "reaction-announcements",
        "intent",
        "§3.3",
        "A topic announcement that opens the sentence after a short reaction ('Ha, enough "
        "bread. Personal thing: ...', 'Thanks, that helps. Unrelated, but ...', 'Great. Can "
        "I ask about something else? ...'; at most 6 words ending in '.' or '!') announces "
        "as one at the turn's opening does (rule topic-announcements).",
        {"reaction_announcements": False},
        "hand-written sets, off -> on: intent accuracy resume_tune5 0.918 -> 0.939; "
        "new-thread accuracy resume_holdout4 (held out, misses read at the end) 0.583 -> "
        "0.667; every other hand-written figure unchanged. ../shared/data with "
        "echo-clarifications, asked-announcements and this rule together against the start "
        "of the stop (tools/eval_all.py, hashing): swda intent macro-F1 0.667 -> 0.677; "
        "TREC CAsT 2021 intent macro-F1 0.856 -> 0.855 ('Duomo? What's that?' reads as a "
        "term asked back); sgd shift F1 0.5112 -> 0.5109; no other row moved.",
        "dialogue.echoes.after_reaction",
    ),
    (
        "bare-returns",
        "thread",
        "§3.3",
        "A return that names no topic at the turn's opening, or in the sentence after a short "
        "reaction ('Anyway, where were we?', 'Sorry, what was I asking before that?', 'Right, "
        "back to it.', 'Circling back: is it ok to run the day before?'; "
        "text/topic_clause_words BARE_RETURNS) goes back to the thread left most recently, "
        "not the one it is in; a turn that is nothing but the return asks to go on: "
        "CONTINUE (§5.2 'go on').",
        {"bare_returns": False},
        "hand-written sets (tools/handwritten_report.py, other rules on), off -> on: "
        "resume_tune7 resume accuracy 0.615 -> 0.923, intent 0.925 -> 0.962; with "
        "done-reports, resume_tune3 resume 0.714 -> 0.786 ('Circling back: is it ok to run "
        "the day before?'); every other hand-written figure unchanged. ../shared/data "
        "(tools/eval_all.py, hashing), this stop's three changes against main: no row moved.",
        "dialogue.bare_returns.bare_return",
    ),
    (
        "done-reports",
        "intent",
        "§5.2",
        "In an assistant chat of two, a short statement right after a reply whose clause "
        "opens with the speaker doing something in the past ('ok did six of them last "
        "night, ...', 'I weighed everything this time ...', \"I've drafted the first three "
        "chapters now.\", 'Bought the spacers, wearing them now.'; text/report_words) and "
        "that takes up the topic at hand (a word pointing back, or a word the active thread "
        "used) reports on it: CONTINUE (§5.2 'same thread, extend it'), not EXPLORE, so it "
        "stays. 'I bought a used car last week and the brakes squeal.' takes up nothing.",
        {"done_reports": False},
        "hand-written sets, off -> on: resume accuracy resume_holdout4 0.667 -> 0.708, "
        "resume_tune3 0.786 -> 0.857; intent accuracy resume_tune3 0.975 -> 0.988, "
        "resume_tune7 0.925 -> 0.962; every other hand-written figure unchanged. With orders "
        "and thanks among the subjectless verbs ('Set it for three pm.', 'Got it, ...') it "
        "took sgd shift F1 0.5112 -> 0.5094 and dialseg711 0.6223 -> 0.6212: they are out "
        "(text/report_words), and ../shared/data (tools/eval_all.py, hashing) moves no row.",
        "dialogue.done_reports.reports_what_was_done",
    ),
    (
        "thread-details",
        "intent",
        "§5.2",
        "In an assistant chat of two, a short statement (at most 80 characters) right after a "
        "reply in the active thread that asks for nothing (text/report_words DETAIL_REQUESTS, "
        "DETAIL_ORDERS as its first word), announces no topic or return, names nothing new to the"
        " conversation and is no report that takes up nothing of the topic (rule done-reports) "
        "adds to that thread: a detail of the user's situation ('we only have the one bathroom "
        "and a small living room'), an answer ('16g, setting 8E'), what came of the advice ('yep,"
        " first seam came out perfect'). CONTINUE (§5.2 'same thread, extend it'), not EXPLORE "
        "for its low similarity, so it stays. A new topic without an announcement comes as a "
        "question, a longer turn with its own context, a request or an order.",
        {"thread_details": False},
        "hand-written sets (tools/handwritten_report.py), off -> on: intent accuracy "
        "continue_tune8 (written for it) 0.707 -> 0.878; fresh to this rule: intents_holdout7 "
        "0.732 -> 0.775, resume_holdout7 0.863 -> 0.873 (resume 0.783 -> 0.826); intents_tune "
        "0.972 -> 0.979, intents_tune7 0.829 -> 0.914; macro-F1 resume_holdout3 0.829 -> 0.818 (a"
        " DRILL_DOWN statement read CONTINUE, not EXPLORE), questions_holdout6 0.614 -> 0.616; "
        "every other figure unchanged. ../shared/data (tools/eval_all.py, hashing), off -> on: "
        "sgd resume 0.877 -> 0.893, shift F1 0.511 -> 0.516; tiage shift F1 0.470 -> 0.472; CAsT "
        "2021 intent macro-F1 0.855 -> 0.868; sgd intent accuracy 0.720 -> 0.718, macro-F1 0.672 "
        "-> 0.670 (later turns of a thread that no longer splits, read by similarity); dialseg711"
        " shift F1 0.622 -> 0.621. Without the request words sgd intent fell to 0.714 ('I'll need"
        " a train to the airport.'); without the orders dialseg711 fell to 0.618 ('Locate any "
        "hospitals in the area.'); at 80 characters intents_holdout7 0.761 and the bench's "
        "79-character statement left the native settle; not after a reply offering more help "
        "('Anything else?'): sgd shift F1 0.515, dialseg711 0.621.",
        "dialogue.thread_details.adds_to_the_thread",
    ),
    (
        "other-topic-clauses",
        "intent",
        "§3.3",
        "An opening clause made only of a word of otherness and a topic noun, ended by a "
        "comma, colon, full stop or dash ('Other question. ...', 'Quick other question, ...', "
        "'Separate question, the tank has rust inside. ...', 'different thing, the grout ...'; "
        "text/topic_clause_words OTHER_CLAUSE_*), also after a short reaction ('Ok thank you. "
        "Another question, ...'), announces a new topic whatever follows it (rule "
        "topic-announcements: EXPLORE, it leaves the active thread). Not with a topic named "
        "in the clause ('Other question about the clock, ...'), not 'Another one please.'.",
        {"other_topic_clauses": False},
        "Counted before it was written over every hand-written file and ../shared/data: the "
        "clause opens 64 turns that open a gold thread and 1 that does not ('Got it. Another one "
        "please.', now excluded); no user turn of sgd, tiage or dialseg711 has it. "
        "Hand-written sets pooled (tools/handwritten_report.py, every intent file but "
        "topic_holdout9), off -> on: intent 2166 -> 2173 of 2427, new thread 233 -> 238 of "
        "268, resume 244 -> 243 of 279 (h4-korean-customs: the customs topic, now a thread of "
        "its own, no longer shares one with the exam it was scored against). ../shared/data "
        "(tools/eval_all.py, hashing) with rule situation-setups: see there. Stop 36 "
        "(checks36) added 'diff thing', 'separate problem', 'new issue', 'random q' ... and "
        "the noun 'problem': pooled hand-written intent 3957 -> 3958, new thread 386 -> 387 "
        "of 4,349 / 433 ('random q: my passport expires ...'), nothing lost.",
        "dialogue.other_clauses.other_topic_clause",
    ),
    (
        "situation-setups",
        "thread",
        "§3.3",
        "In an assistant chat of two, a turn that opens with a statement of the speaker's own "
        "situation (at least 10 words, a first-person word, no pronoun, demonstrative, "
        "'also' or 'again' pointing back: text/topic_clause_words SETUP_POINTERS) and then "
        "asks, sharing at most one content word with the active thread's vocabulary, opens "
        "a topic as an announced one does: it leaves the active thread (for a thread it "
        "resembles, else a new one). 'My daughter turns eight next month and wants a "
        "sleepover party with six friends. Any tips ...?' Its intent is §5.2's.",
        {"situation_setups": False},
        "Counted over every hand-written file and ../shared/data (first sentence of at least 10 "
        "words, at most one word shared): turns opening a gold thread the engine kept vs "
        "in-thread turns it kept: hand-written 3 vs 1, tiage 4 vs 3, dialseg711 8 vs 4, sgd 1 "
        "vs 0 (at 8 words tiage lost as many as it gained). Hand-written pooled, off -> on: "
        "new thread 238 -> 240 of 268 (continue_tune8, resume_holdout7), resume 243 -> 242 "
        "(h7-mead-canoe: a return scored against the thread the canoe trip shared before). "
        "../shared/data (tools/eval_all.py, hashing) with rule other-topic-clauses, against "
        "main 3f21487: tiage shift F1 0.4724 -> 0.4727, dialseg711 0.6211 -> 0.6245, sgd "
        "0.5162 -> 0.5171 (pairwise 0.7304 -> 0.7314); sgd resume 0.893 and every intent row "
        "unchanged.",
        "dialogue.situation_setups.sets_up_new_situation",
    ),
    (
        "term-returns",
        "thread",
        "§3.3",
        "In an assistant chat of two, a turn placed only for want of a better rule (a "
        "CONTINUE, TOOL_REFERENCE or follow-up turn kept in the active thread, the active "
        "thread's centroid, or an unannounced new thread) goes back to the one dormant "
        "thread that alone used a code word of it ('nvidia-smi', 'E24', 'ETag'; not names, "
        "dates, amounts or prose compounds) when the active thread holds none; a question "
        "that would open a new thread and asks for no task ('Can you ...') also with two "
        "words that thread alone used, more than the active thread alone holds. 'done, "
        "nvidia-smi lists it now' after an aside about a chair.",
        {"term_returns": False},
        "Counted over every hand-written file (turns once two threads exist): two words only "
        "one dormant thread used: 129 of 253 returns vs 14 of 497 other turns; one code: 16 "
        "returns vs 4. Hand-written pooled (2,675 probes), off -> on: resume 249 -> 251 of "
        "287 (resume_holdout 0.879 -> 0.909, resume_holdout2 0.826 -> 0.870), intent and new "
        "thread unchanged. ../shared/data (tools/eval_all.py, hashing, against 57f01f2): "
        "one row of 41 moved, dialseg711 pairwise F1 0.5852 -> 0.5846 (a 'WiFi'); sgd "
        "resume 0.9037 unchanged (capitalised names and numbers as codes: 0.893); "
        "statements with two words too: dialseg711 0.5839, LoCoMo hit@10 0.7354 -> 0.7333; "
        "any turn with two words: dialseg711 0.5728.",
        "dialogue.term_returns.term_return",
    ),
    (
        "dormant-returns",
        "thread",
        "§3.3",
        "In an assistant chat of two, a CONTINUE, TOOL_REFERENCE or follow-up turn the weak "
        "stay rules kept in the active thread goes back to the dormant thread that alone "
        "holds the most of its words (its user turns' or its replies') when it shares no "
        "word with the active thread, the aside has lasted two exchanges (4 turns since "
        "that thread's last) and the turn asks for no task ('I need ...', 'Can you ...'): "
        "'ok seams fixed, roller worked great' after an aside on eye surgery.",
        {"dormant_returns": False},
        "Counted over every hand-written file (turns once two threads exist): no word of the "
        "active thread and one word or more of one dormant thread alone: that thread for "
        "232 returns (221 placed by other rules), 42 in-thread turns and 15 new topics; "
        "among weak stays, every return it fixed came two "
        "exchanges or more into the aside, the stays it would move but one right after the "
        "aside opened. Hand-written pooled (every file but resume_holdout14, 3,648 probes), "
        "off -> on: resume 316 -> 322 of 375, in-thread stays 2144 -> 2145 of 2274, intent "
        "and new thread unchanged. ../shared/data (tools/eval_all.py, hashing, against "
        "7f77543, with possessed-topics): sgd resume 0.9198 -> 0.9251, pairwise F1 0.7420 "
        "-> 0.7408; dialseg711 pairwise F1 0.5786 -> 0.5755. Without the asks-for-a-task "
        "check: dialseg711 0.5646, sgd pairwise 0.7379 (task words 'number', 'book', 'day' "
        "carried from one request to the next).",
        "dialogue.dormant_returns.dormant_return",
    ),
    (
        "possessed-topics",
        "thread",
        "§3.3",
        "In an assistant chat of two, a CONTINUE or follow-up turn kept in the active thread "
        "by its intent alone leaves it (to another thread its centroid reaches, else a new "
        "one) when a possessive determiner ('my', 'our', 'his', 'her') is among its first "
        "three words or it opens with 'also' ('Oh also, ...'), it has at least five "
        "distinct content words and at most one of them is the active thread's: 'My son "
        "needs a new bicycle for school, he is 11, which wheel size?' after a reply on "
        "tinnitus.",
        {"possessed_topics": False},
        "Counted over every hand-written file (turns the weak stay rules kept, CONTINUE or "
        "DRILL_DOWN): 13 new topics vs 2 stays; four words 15 vs 9; three words, none "
        "shared, 11 vs 11. Hand-written pooled (3,648 probes), off -> on: new thread 321 -> "
        "333 of 374, resume 322 -> 321 of 375 (a return to the interview after the pony "
        "question now has to leave a thread of its own), in-thread stays 2145 -> 2143 "
        "('his house is in joint names with my stepmother, ...'), intent unchanged. An "
        "opening 'also' (not 'and', which opens as many follow-ups: 7 vs 7): 6 new topics vs "
        "no stay; new thread 333 -> 339, resume 321 -> 318 and intent 3310 -> 3308 (returns "
        "to a thread left before the aside, which staying had scored right by chance). "
        "../shared/data (tools/eval_all.py, hashing, against 7f77543): sgd shift F1 0.5278 "
        "-> 0.5259, LoCoMo hit@10 0.7354 -> 0.7394, dialseg711 pairwise 0.5788 -> 0.5786, "
        "tiage pairwise 0.6047 -> 0.6051; not between peers.",
        "dialogue.possessed_topics.opens_possessed_topic",
    ),
    (
        "thread-requests",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply that offered no help with something "
        "else, a turn that opens (after 'now', 'can you', 'please' ...: REQUEST_SKIPPED) with a "
        "verb that makes something of the thread ('now make it funny', 'Make me a packing "
        "list for the four days.'; REQUEST_MAKERS) or with 'now' and a noun phrase that asks "
        "nothing ('Now a shopping list for 7 please.') is DRILL_DOWN where §5.2 says EXPLORE "
        "or CONTINUE (no "
        "CONTINUE marker), and stays in the active thread (text/follow_up_words REQUEST_*). "
        "Not 'show', 'check', 'find', 'give me', 'compare': they open a new service's task in "
        "sgd and dialseg711 ('give me directions to ...'), or a topic ('Give me an overview of "
        "quantum computing', 'Compare Redis and Memcached'; REQUEST_GIVERS is left empty).",
        {"thread_requests": False},
        "Counted before it was written over every hand-written file but the two hold-outs and "
        "../shared/data (the turns §5.2 calls EXPLORE or CONTINUE whose request opens them): with "
        "show/check/give-the, hand-written DRILL_DOWN 15 vs 5 others but sgd and dialseg711 34 gold"
        " EXPLORE; with the closed class above, hand-written 5 DRILL_DOWN vs 0 and no gold intent "
        "of ../shared/data ('give me a/an ...' and 'compare' added 3 more, and broke the 'Give me "
        "an overview of ...' and 'Compare X and Y' topics). Hand-written pooled (every file but "
        "requests_holdout12), off -> on: intent 2644 -> 2649 of 2984, resume 269 and new thread 282"
        " unchanged; requests_holdout12 (held out): see its header and the branch's report. "
        "../shared/data (tools/eval_all.py, hashing), this rule alone against main 2812e53: "
        "dialseg711 shift F1 0.6226 -> 0.6233 (pairwise 0.5846 -> 0.5842), sgd 0.5216 -> 0.5222 "
        "(pairwise 0.7371 -> 0.7373), every other row unchanged (with 'give me a/an' CAsT 2021 "
        "intent 0.8257 -> 0.8303 too).",
        "dialogue.reply_rules.requests_on_the_thread",
    ),
    (
        "new-ground-questions",
        "intent",
        "§5.2",
        "In an assistant chat of two, a question of at least 80 characters that §5.2 calls "
        "DRILL_DOWN (a pronoun or demonstrative in it, or the hashed cosine) and that names at "
        "least 10 distinct content words, at most one of them in the active thread's "
        "vocabulary, is EXPLORE: the pointer points into the turn itself ('Our daughter's "
        "school has asked parents to pay for a residential trip ... How do we say no without "
        "it looking bad?'). Not with a reference resolved, a return, clarification or turn "
        "reference marked, or an acknowledgement opening it ('Thanks, that makes sense. "
        "Should we ...?'). The native settle hands on such a DRILL_DOWN question that long.",
        {"new_ground_questions": False},
        "Counted before it was written over every hand-written file but the two hold-outs and "
        "../shared/data (dialogue/new_ground: questions §5.2 calls DRILL_DOWN, at least 10 "
        "content words, at most 1 shared): as written, hand-written 8 gold EXPLORE vs 2 "
        "DRILL_DOWN, sgd and dialseg711 7 vs none (1 turn without a topic shift); at 8 words "
        "hand-written 13 vs 13; only under the explore bar 5 vs 1. Hold-outs: "
        "boundary_holdout11 +1 (the accordion), requests_holdout12 -1 (a long in-thread "
        "story, 'He once got us lost ... Could that work as the main story?'). Hand-written "
        "pooled (every file but requests_holdout12), with thread-requests, off -> on: intent "
        "2649 -> 2656 of 2984, new thread 282 -> 283, resume 269. ../shared/data "
        "(tools/eval_all.py, hashing), both rules against main 2812e53: sgd intent 0.7158 -> "
        "0.7179 (macro-F1 0.6678 -> 0.6695), sgd shift F1 0.5216 -> 0.5249 (pairwise 0.7371 "
        "-> 0.7380), dialseg711 shift F1 0.6226 -> 0.6240 (pairwise 0.5846 -> 0.5849), every "
        "other row unchanged; thread-requests alone: sgd shift F1 0.5222, dialseg711 0.6233. "
        "Hands on about 3% of real user turns more; Session.user p50 1.013x of main "
        "(turn_latency --real, 1k, same run); bench/intent_workload's typical turn opens with "
        "'Thanks' and still settles natively.",
        "dialogue.new_ground.on_new_ground",
    ),
    (
        "reply-words",
        "thread",
        "§3.3",
        "In an assistant chat of two, an unannounced turn right after a reply that would open "
        "a new thread stays in the reply's thread when it names a word that reply brought and "
        "no other thread used (not a function or request word: 'buyer asked if i can send it "
        "to a different address' after a reply on the address), or when it is a DRILL_DOWN "
        "question ending with '?' of at most four content words that asks for no task ('When "
        "should I change our address with the bank and the doctor?'); not with a word only a "
        "dormant thread used, nor after a reply about its speaker ('I ran my first 10k!').",
        {"reply_words": False},
        "Counted first over every hand-written file and ../shared/data (unannounced turns "
        "right after a reply that would open a new thread, wrong splits vs true new topics): "
        "a word of the reply, hand-written 14 vs 0, tiage 5 vs 3, dialseg711 17 vs 0, sgd 14 "
        "vs 5; a short DRILL_DOWN question, hand-written 7 vs 2, dialseg711 25 vs 11, sgd 26 "
        "vs 2. 31 of the 67 hand-written resumption misses came after such a split. "
        "Hand-written pooled (every file but resume_holdout13, 3,271 probes), off -> on: "
        "resume 293 -> 298 of 357 (resume_holdout12 22 -> 24 of 33), new thread 299 -> 298 "
        "of 343, intent 2876 -> 2875; held-out resume_holdout13 (written first): resume "
        "15 -> 16 of 18, intent and new thread unchanged. ../shared/data (tools/eval_all.py, "
        "hashing, against f338e04): sgd resume 0.9037 -> 0.9198, pairwise F1 0.7380 -> "
        "0.7415, shift F1 0.5249 -> 0.5247 (test_accuracy's flagged resumptions 78 -> 72 of "
        "187: the returns that lost the flag all land, by staying); dialseg711 shift F1 0.6243 "
        "-> 0.6270, pairwise 0.5850 -> 0.5794; tiage shift F1 0.4721 -> 0.4710; sgd intent "
        "accuracy 0.7179 -> 0.7164; 26 other rows unchanged. Without the speaker's-reply "
        "gate LoCoMo hit@10 0.7354 -> 0.7293 (4 peer questions kept: 'What got you into "
        "running?').",
        "dialogue.reply_words.takes_up_last_reply",
    ),
    (
        "outcome-reports",
        "intent",
        "§5.2",
        "In an assistant chat of two, a statement of at most 80 characters right after a reply, "
        "whose first word may open a report (text/outcome_words: a filler, a subject, a past "
        "form, 'here's') and with a clause in which the user (or the people the advice sent "
        "them to) did something in the past or hands over what came of it ('We fixed the "
        "crash, here is our crash log from before the fix', 'yep, a merged PR bumped it. "
        "pinned it back, replanned', 'I put a hygrometer in there for two days.'), reports on "
        "the reply: CONTINUE (§5.2 'same thread, extend it'), not EXPLORE for its low "
        "similarity, so it stays. It takes up the reply or its thread (a word pointing back, "
        "or a word either used); not a question, a request, a turn that says the topic moves "
        "on or back, or one whose clause before the report says it is about something else "
        "('ok totally random but ...'). The native settle hands on such a statement by its "
        "first word (its report openers).",
        {"outcome_reports": False},
        "Counted over every hand-written file after the stop-33 relabels (user statements "
        "right after a reply, no question): a statement this rule reads is gold CONTINUE 93 "
        "times and DRILL_DOWN twice; reading every length and first word, 139 vs 10 (2 "
        "announced new topics, kept out by the marker and otherness checks). Hand-written "
        "pooled (tools/handwritten_report.py figures, every file but reports_holdout13), off "
        "-> on: intent 2957 -> 2963 of 3271 (6 CONTINUE read EXPLORE fixed, none lost); "
        "resume 293, new thread 299 and tool 179 unchanged. Read up to 240 characters and any "
        "first word it fixed 9, but the native settle handed on the common plain statement "
        "(tests/test_classify_settle, bench/intent_workload's) and about 6% more real turns; "
        "without the take-up check 13, but dialseg711 shift F1 0.624 -> 0.617; with "
        "subjectless 'Set ...', 'Let me ...' read as reports dialseg711 0.622. "
        "reports_holdout13 (written first): 0.883 -> 0.883 (its misses are DRILL_DOWN readings "
        "and an answer with no verb). ../shared/data (tools/eval_all.py, hashing), off -> on: "
        "sgd shift F1 0.5249 -> 0.5252 (precision 0.6110 -> 0.6119), every other row "
        "unchanged. Native settle on long_sessions' real user turns: 114 -> 110 of 300 "
        "settled; Session.user p50 0.977x of main at 1k turns (turn_latency --real, same run); "
        "classify unchanged (intent_latency --previous: plain 1.87 vs 1.84 us).",
        "dialogue.outcome_reports.reports_an_outcome",
    ),
    (
        "return-question-words",
        "thread",
        "§3.3",
        "A return ('back to X, ...') goes where its question's words are as well as its named "
        "words (a word counts for the one thread that used it, the active thread aside): a "
        "later thread holding at least two more of them than the named thread takes it (the "
        "topic went on in a thread a turn opened as new: 'we rent, who pays for repairs?' "
        "then 'Back to the boiler: if the engineer finds a leak, does the landlord pay?'); "
        "when no thread holds a named word ('back to running' after '10k', 'pace'), the "
        "thread holding the most question words, at least two and no tie, else, for an "
        "announced return, the thread left most recently (before: the best centroid).",
        {"return_question_words": False},
        "Hand-written pooled, every file but backto_tune37 (tools/handwritten_report.py "
        "figures), off -> on: resume 383 -> 384 of 450 (h4-septic 'Back to the tank under "
        "the lawn ...' fixed, none lost), intent, new thread, tool and references by kind "
        "unchanged. Without the two-word floor, two lost ('Going back to the boiler, should "
        "I put the complaint in email or a letter?' moved by 'letter'); without the "
        "later-thread condition, one ('Back to the camera ... ISO 3200?' to the older half "
        "of its topic). backto_tune37 resume 0.875 -> 0.875 (its boiler case is in the unit "
        "tests); backto_holdout37 (written first) 0.955 -> 0.955. ../shared/data "
        "(hashing), off -> on: tiage, dialseg711, sgd and IRC threads rows unchanged.",
        "dialogue.returns.question_return",
    ),
)
