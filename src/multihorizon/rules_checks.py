"""Issue 15 item 1's rules of stop 36 (checks36: understanding checks marked as such, and new
subjects added with "also"), as data for ``multihorizon.rules`` (through ``rules_phrasing``,
which appends them to its rows): each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Like the registry, this imports nothing of
the engine.

Figures: every hand-written file but checks_holdout36 and checks_tune36 pooled (4,349 logged
probes; ``tests/handwritten_scoring``), the rule's switch off -> on, everything else on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["CHECK_RULES"]

CHECK_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "confirm-checks",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a question whose own sentence puts "
        "a statement as a question (rule understanding-checks' reading: opener 'so', "
        "'basically', 'you mean' ...; no verb put first, no wh-word, no condition after it) "
        "and is marked as a check is CLARIFY: a closing tag after a clause end or as a sentence "
        "of its own ('..., right?', '... thats it?', '..., correct?'; with 'correct', 'really', "
        "'is that right' ... no opener is needed when it names a reply word: "
        "CONFIRM_BARE_TAGS), another case set "
        "against it at a clause's start ('so both, not just the chain?', '... rather than in "
        "front of it?'; with no opener, when it names a word of the reply), or a figure of the "
        "last six replies restated with 'only', 'just', 'really', 'whole' ('so the cassette is "
        "only 40 quid?'). A return's clause may lead it ('back to the bike - so both chain and "
        "cassette, not just the chain?'). Not with a new-topic marker, nor with a claim from "
        "elsewhere ('my neighbour says 10 hours is enough, is that true?': CONFIRM_OUTSIDE, "
        "but 'so you said ...'). text.check_words "
        "CONFIRM_*; the phrases mark Marker.CONFIRM_MARK, so the native settle hands such a "
        "turn on when the rule may read it: at most CONFIRM_CHARS long and ending in '?' "
        "(settle_data.confirm_gates; it decides any other itself, stop 37).",
        {"confirm_checks": False},
        "Off -> on, pooled hand-written: intent +1 ('right, so I'm looking for wet patches "
        "rather than an actual drip?'), none lost; resume, new thread, tool target and "
        "references unchanged. checks_tune36 (written for it, tuned on): see the CHANGELOG; "
        "checks_holdout36 (written first, misses not read): with rule also-subjects, in the "
        "CHANGELOG. Narrower than understanding-checks (opt-in), which lost an audit probe "
        "on plain 'so ...' questions: a bare '..., right?' after the user's own view ('The "
        "middle bullet sounds like overkill for us, right?') and a contrast in an earlier "
        "sentence ('..., not painful, just tight. Swing form?') stay DRILL_DOWN. Cost: with "
        "also-subjects, the native settle answers 37.1% of ../shared/data's speaker-less user "
        "turns, 39.8% without (bench/settle_fraction.py); 'yes', 'yeah', 'true' and 'all' were "
        "dropped from the marks for it (no hand-written figure moved).",
        "dialogue.confirm_checks.confirms_the_reply",
    ),
    (
        "also-subjects",
        "intent",
        "§5.2",
        "In an assistant chat of two, right after a reply, a statement opening with 'also', "
        "'oh and', 'plus' ... (ALSO_SUBJECT_OPENERS) that raises a concern of its own "
        "(trouble or a want: 'has started', 'keeps', 'won't', 'failed', 'leaking', 'want', "
        "'need' ...: ALSO_CONCERN_WORDS), or one closed by a generic ask in a clause of its own "
        "('..., any ideas?': ALSO_ASK_TAILS), that names at least three content words, none in "
        "the active thread's vocabulary (one of five or more is chance), and whose first "
        "content word the conversation has not said, is EXPLORE: it adds a new subject ('also "
        "my son has started wetting the bed again, any ideas?'), not a report (rule "
        "report-backs reads after it). A fact added to the situation ('also we arrive late at "
        "night', 'plus the flights are cheaper on tuesdays') continues the thread. Not with a "
        "return, a turn or action reference or a demonstrative, nor with a pronoun pointing "
        "back unless the statement names its own subject first ('also our car failed its "
        "MOT': ALSO_OWN_SUBJECTS). text.turn_words; the openers mark Marker.ALSO_OPENER, so "
        "the native settle hands such a turn on.",
        {"also_subjects": False},
        "Off -> on, pooled hand-written: intent +3 ('also contact form emails go to spam "
        "since last month no idea why', 'Also I want to start writing characters, ...', 'Also "
        "our heat pump is making a whooshing noise ...': one word of five in the thread), none "
        "lost, 1 wrong either way ('also fuel tank is rusty inside', gold DRILL_DOWN: CONTINUE "
        "-> EXPLORE); resume, new thread, tool target and references unchanged (the thread "
        "stage already opened a new thread for these turns). Without the concern words it "
        "gained one more ('also self assessment deadline is end of january, ...') but turned "
        "added facts of a trip or a sourdough thread EXPLORE on the tune probes ('also our "
        "kitchen is quite cold in winter'). The first-word check keeps 'Oh and the rash, it's "
        "spreading to her arms now.' (an earlier thread's subject) CONTINUE.",
        "dialogue.also_subjects.adds_a_subject",
    ),
    (
        "restating-checks",
        "intent",
        "§5.2",
        "Rule confirm-checks widened to checks with no tag (stop 38, issue 15 item 1): a "
        "question whose own sentence is a check with an opener (understanding-checks' reading: "
        "'so', 'basically', 'you mean' ...; no verb put first, no wh-word, no condition) that "
        "says what the reply said is all it takes, with 'alone', 'enough', 'just', 'only', "
        "'simply', 'basically' ... (RESTATING_MARKS) or a need denied ('and I don't need the "
        "box?': RESTATING_NEEDS), and restates the reply in its words: at least two of its "
        "content words, and half, the latest reply's (a word sharing its first four letters "
        "with one of the reply's counts: 'proving' for 'prove'), or after a return's clause the "
        "last six replies', is CLARIFY ('so the receipt alone is enough and I don't need the "
        "box?', 'so proving is simply leaving it longer before baking?'). 'so I just leave it "
        "on the counter overnight?' after a reply that said none of it, 'so should I ...?', "
        "'so what else ...?' stay DRILL_DOWN. Read where confirm-checks reads (right after a "
        "reply, a chat of two, no new-topic marker, no claim from elsewhere); the marks are "
        "among Marker.CONFIRM_MARK's phrases, so the native settle hands such a turn on "
        "(settle_data.confirm_gates: at most CONFIRM_CHARS, ending in '?'). The same stop "
        "added 'never', 'but never', 'and never' to CONFIRM_CONTRASTS ('..., but never both?').",
        {"restating_checks": False},
        "Off -> on, pooled hand-written (every file but clarify_holdout38 and clarify_tune38, "
        "5,129 logged probes): intent 4679 -> 4681 ('back to the puzzle, so the lamp is just "
        "for seeing the shades better right?', 'ok so basically either the valve is letting "
        "water out or something is leaking?'), none lost; resume, new thread, tool target and "
        "references unchanged. clarify_tune38 (tuned on) 32 -> 33 of 35; clarify_holdout38 "
        "(written first, misses not read): see the CHANGELOG.",
        "dialogue.confirm_checks.confirms_the_reply",
    ),
)
