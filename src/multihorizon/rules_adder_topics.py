"""Issue 15 item 1's rules of stop 42 (adders42: a new subject after an add-on opener, and a
general how-question on the thread's own things), as data for ``multihorizon.rules`` (through
``rules_phrasing``, which appends them to its rows): each entry is ``(id, stage, section,
summary, off, evidence, function)``, the arguments of one registry row. Like the registry, this
imports nothing of the engine.

Figures: every hand-written file before stop 42 pooled (6,972 logged probes;
``tests/handwritten_scoring``, /work/notes/s42 tools), the rule's switch off -> on, everything
else on; adders_holdout42 (60 probes, written before the rules, misses not read) and
adders_tune42 (38 probes, the session's tune set, misses read).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["ADDER_TOPIC_OPT_IN_RULES", "ADDER_TOPIC_RULES"]

_POOLED = (
    "Pooled hand-written (every file before stop 42, 6,972 logged probes), off -> on: no "
    "probe changes (intent 6338, resume 531/612, new thread 605/675, tool 442/480; references "
    "by kind unchanged); adders_holdout42 unchanged (52 of 60, the rule reads none of its "
    "probes). "
)
_TUNE = "adders_tune42 (44 probes, 43 with every rule of the stop on): "

ADDER_TOPIC_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "adder-heads",
        "intent",
        "§5.2 §3.3",
        "Rule adder-questions reads the statement's subject as new to the conversation when "
        "it is a compound noun phrase (two or three nouns after 'my'/'our'/'the' ..., before "
        "a verb form) whose first word only assistant turns used and whose head no turn used: "
        "'while I'm at it, my office chair creaks every time I lean back, should I oil it or "
        "buy a new one?' after a reply that named the visa office brings a chair (EXPLORE and a "
        "new thread), where the reply's 'office' read it as the conversation's subject "
        "(DRILL_DOWN). A first word the user said ('my visa photo is blurry, ...?' after the "
        "user's visa) keeps it on the thread.",
        {"adder_heads": False},
        _POOLED + _TUNE + "42 -> 43, new thread 11 -> 12 of 12 ('while I'm at it, my "
        "liquid cooler rattles at night since the summer, is a new pump enough?' after a "
        "reply on bottled e-liquid: DRILL_DOWN -> EXPLORE).",
        "dialogue.adder_questions.added_question",
    ),
    (
        "adder-reply-words",
        "intent",
        "§5.2 §3.3",
        "Rule adder-questions: after a statement that brings a new subject, the question's "
        "words that only assistant turns used tie it to the thread no more when it names a "
        "content word new to the conversation too and none of them follows 'the', 'that', "
        "'this', 'these', 'those' or 'your' (text.adder_words ADDER_DEFINITES): 'One more "
        "question: my brother comes in June and he don't speak English. Which school has "
        "language courses?' after moving advice that named the school, 'my wisdom tooth aches "
        "when I chew, should I wait or book the dentist?' after 'Book the removal van': "
        "EXPLORE and a new thread, where the reply's word read a question on the thread "
        "(DRILL_DOWN). 'Would the panel regard that as an obstacle?' (the reply's panel, "
        "pointed at) and a word the user said stay on it. A turn of six content words or more "
        "may share a second word by chance (one from four) when each word it shares only the "
        "replies used.",
        {"adder_reply_words": False},
        "Pooled hand-written (every file before stop 42, 6,972 logged probes), off -> on: "
        "intent 6338 -> 6339, new thread 605 -> 606 of 675 (adders_holdout40: 'One further "
        "matter: my father, who lives with us, has begun to find the television too quiet ... "
        "How might we arrange a hearing test ...?' DRILL_DOWN -> EXPLORE; 65 -> 66 of 71), "
        "nothing else moves (resume, tool target, references by kind); adders_holdout42 "
        "unchanged (52 of 60). " + _TUNE + "39 -> 43, new thread 9 -> 12 of 12 (the two turns "
        "above, and a long turn's second chance word: 'One more question. My wife is pregnant "
        "and works night shifts. She can ask to change them?' after interview advice that "
        "asked about the shifts). Without the pointed-at exception subjects_holdout39 lost "
        "one probe (the panel's question), now kept.",
        "dialogue.adder_questions.added_question",
    ),
    (
        "adder-opener-terms",
        "intent",
        "§5.2 §3.3",
        "Rule adder-questions counts the content words a turn shares with the thread or the "
        "reply without its opener's ('question' of 'one more question', 'matter' of 'another "
        "matter', 'thing'): a reply that said 'Good question' or 'prepare a question for them' "
        "shares nothing with 'One more question: my parents visit in May and don't drive. "
        "Which trains go to the coast?', whose 'trains' alone (the reply trained tomato plants "
        "up a cane) is chance: EXPLORE and a new thread, where two shared words read a question "
        "on the thread (DRILL_DOWN).",
        {"adder_opener_terms": False},
        _POOLED + _TUNE + "41 -> 43, new thread 10 -> 12 of 12 (the turn above, and 'One more "
        "question. My wife is pregnant and works night shifts. She can ask to change them?' "
        "after advice to prepare a question about the shifts).",
        "dialogue.adder_questions.added_question",
    ),
    (
        "thread-hows",
        "intent",
        "§5.1 §5.2",
        "In an assistant chat of two, right after a reply with a thread on the table, a "
        "question of at most SIDE_QUESTION_CHARS (64, the length up to which the native settle "
        "hands an EXPLORE question on) that opens 'how' + do/does/can/would ... + people in "
        "general ('people', 'others', 'other', 'most', 'families', 'couples', 'parents', "
        "'beginners' ...: text.how_words) and whose content words past its frame (HOW_FRAME: "
        "cut, down, without, quitting, outright, reduce, manage ...; the times and request "
        "words of ADDER_GENERIC; ADDER_FILLERS' adverbs) are at least one and all the "
        "thread's or the reply's, in a bare, '-s' or '-ing' form ('vape' after 'vaping'), asks "
        "deeper on the thread: DRILL_DOWN, where §5.2's similarity read EXPLORE ('how do people "
        "vape less without quitting outright?' in a thread on budgeting for vaping). 'how do "
        "people pack a kitchen without breaking everything?' names a kitchen of its own and "
        "stays with §5.2.",
        {"thread_hows": False},
        _POOLED + _TUNE + "42 -> 43 ('how do people vape less without quitting "
        "outright?': EXPLORE -> DRILL_DOWN).",
        "dialogue.thread_hows.asks_how_on_the_thread",
    ),
)

# Registered with its evidence but off in Config() (rules_opt_in_phrasing lists it).
ADDER_TOPIC_OPT_IN_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "adder-topics",
        "intent",
        "§5.2 §3.3",
        "Rule adder-questions also reads a statement that is a bare noun phrase before a comma "
        "or a dash as the topic the question after it asks on ('also the ferry to the islands, "
        "is it bookable ahead or just turn up', 'also the car hire at the airport, cheaper to "
        "book now or on arrival?'): 'the', 'my' or 'our' and at most seven words with no verb "
        "form (a '-s' form after a noun, 'the kitchen tap drips', or an irregular past counts), "
        "pronoun or joining word (text.adder_words ADDER_TOPIC_WORDS, ADDER_TOPIC_STOPS; "
        "places such as 'to', 'at', 'for' allowed), the question after it opening with any "
        "word. After 'the', the phrase brings a thing of its own when it names at least two "
        "content words, none of them the conversation's, so the rule's other tests decide: "
        "EXPLORE and a new thread, where the 'the' pointer read a question on the thread "
        "(DRILL_DOWN). 'also the dough is sticky, normal?' (a verb) and 'also the starter, "
        "...' (one word) stay on the thread.",
        {"adder_topics": False},
        _POOLED + _TUNE + "41 -> 43 ('also the ferry to the island "
        "next month, is it bookable ahead or do you just turn up', 'also the museum pass for "
        "the kids, worth buying or just pay per visit': DRILL_DOWN -> EXPLORE); the controls "
        "in tests/test_adder_topics.py stay. Opt-in since the stop's review: in a two-turn "
        "sourdough thread 'also the dutch oven lid, on or off for the first 20 minutes?', "
        "'also the scoring blade, a razor or a sharp knife?' name words the thread never said "
        "yet stay on its subject, and no lexical test tells them from a new subject: 5 of 30 "
        "such questions were taken out of their thread.",
        "dialogue.adder_questions.topic_end",
    ),
)
