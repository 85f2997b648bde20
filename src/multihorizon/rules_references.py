"""The rules of issue 15's reference-target work (SPEC-028 §4: tool, entity and action
references resolved to the right turn in the words people use), as data for
``multihorizon.rules``: each entry is ``(id, stage, section, summary, off, evidence,
function)``, the arguments of one registry row. Like the registry, this imports nothing of
the engine.

The figures are ``multihorizon eval FILE --task references`` (hashing embedder) and
``tests/handwritten_scoring.py`` (tool target, intent) with the rule off and on, everything
else on (``Config().replace(rule=False)``); ``tests/data/handwritten/refs_tune`` was written
for that work and tuned on, ``refs_holdout`` was written before it and scored only at its
start and its end; ``refs_tune3`` and ``refs_holdout3`` likewise for the refs4 stop's rules
(output-holders, repeat-forms, repeat-chains), ``refs_tune5`` and ``refs_holdout4`` for the
refs5 stop's (output-details, earlier-outputs, introducing-turns), ``refs_tune7`` and
``refs_holdout7`` for the refs7 stop's (holder-antecedents to later-outputs). The tool-output
rules (§4.1 tool) live in ``rules_tool_outputs``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules_items import OPT_IN_ITEM_RULES
from .rules_lists import LIST_RULES
from .rules_nouns import NOUN_RULES
from .rules_repeats import REPEAT_RULES
from .rules_run_repeats import RUN_REPEAT_RULES
from .rules_tool_values import OPT_IN_TOOL_VALUE_RULES
from .rules_verb_repeats import VERB_REPEAT_OPT_IN_RULES, VERB_REPEAT_RULES

__all__ = ["OPT_IN_REFERENCE_RULES", "REFERENCE_RULES"]

REFERENCE_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    (
        "detail-antecedents",
        "references",
        "§4.2",
        "A follow-up to an answered question with nothing of its own to build on builds on "
        "the reply that alone said one of its words ('How much gochugaru for one cabbage?': "
        "the reply naming gochugaru), before the topic's opening question.",
        {"detail_antecedents": False},
        "hand-written sets, off -> on: refs_tune acc@1 0.844 -> 0.911; "
        "references_entities_tune 0.904 -> 0.942, entities_tune2 0.710 -> 0.774, "
        "entities_check 0.824 -> 0.863; phrasing_holdout 0.806 -> 0.823. TREC CAsT 2021 "
        "(silver) 0.750 -> 0.745 (one probe: 'How can I help?' -> the reply that said "
        "'help'); CAsT 2019 and 2020, sgd and IRC: no probe moves.",
        "dialogue.antecedents.follow_up_turn",
    ),
    (
        "holder-antecedents",
        "references",
        "§4.2",
        "A question with nothing resolved, no pronoun and no demonstrative, whose words the "
        "turn before never said, is about the earlier reply that said them ('is iceberg "
        "lettuce ok too or only romaine', 'StoreKit 2 is working for iOS 15 also?'): each "
        "word weighs one over the turns in reach saying it, the reply weighing most (at least "
        "one word said once) wins; not after a reply that offers, nor to a user's own turn.",
        {"holder_antecedents": False},
        "hand-written sets, off -> on (other rules on): refs_holdout4 acc@1 0.583 -> 0.646, "
        "refs_holdout 0.768 -> 0.789, refs_tune3 0.907 -> 0.926, refs_tune5 0.771 -> 0.792; "
        "every other hand-written set unchanged. sgd 0.781, CAsT 2019 0.657, 2020 0.671 and "
        "IRC 0.610 unchanged; CAsT 2021 0.750 -> 0.745 (one probe of 192: 'the alternatives "
        "to avoid licensing issues' after a passage on another method). Without the offer "
        "and user-turn gates sgd fell 0.781 -> 0.748; without the pronoun and demonstrative "
        "gates CAsT 2021 fell to 0.708.",
        "dialogue.antecedents.holder_turn",
    ),
    (
        "dislocated-topics",
        "references",
        "§4.1",
        "A question opening with a fronted topic, a short noun phrase before a comma or colon "
        "('hammock, do they actually use it', 'The EORI number, where we get it?', 'That bell "
        "mechanic, how do players silence it?') is about the reply that first named the most "
        "of its words within 20 turns, put first among the antecedents, unless the turn "
        "before names as many of them, or a reference of the turn is a tool's or names a "
        "list's item. The fronted phrase holds no pronoun, auxiliary, question word, "
        "conjunction or discourse particle (closed classes, text.dislocation_words), and the "
        "clause after it asks.",
        {"dislocated_topics": False},
        "Counted first over every hand-written file: of 139 probes with such a topic an "
        "earlier reply named and the latest did not, the gold was the first reply naming it "
        "109 times, a later one 4, the latest never (others: tool outputs, a user turn); of 9 "
        "whose latest reply named it too, first 4, later 2, latest 1 (too few: kept). sgd "
        "and CAsT hold almost no such question. Off -> on: "
        "refs_holdout7 acc@1 0.630 -> 0.674, refs_tune7 0.692 -> 0.718, items_holdout4 0.867 "
        "-> 0.880, items_holdout7 0.848 -> 0.861; every other hand-written set unchanged "
        "(pooled 1315 -> 1322 of 1550). sgd 0.781, CAsT 2019 0.657, 2020 0.671, 2021 0.745 "
        "and IRC unchanged. Without the item gate: 4 more probes gained, 3 lost (the list "
        "item an ordinal named).",
        "dialogue.dislocated.dislocated_turn",
    ),
    (
        "fronted-definites",
        "references",
        "§4.1",
        "Rule definite-references skips a definite noun phrase when the turn has a pronoun "
        "that points back ('can it spread to the throat?': 'it' is what the turn is about), "
        "except when the phrase is the question's fronted topic ('the blender, can it crush "
        "ice?', 'the keepalive, is it per tunnel?'): the pronoun after the comma resumes it, "
        "so the phrase is the reference (text.dislocation_words' fronted-topic shape).",
        {"fronted_definites": False},
        "Found on the issue's own form ('the blender, can it crush ice?' resolved to nothing, "
        "as did 'the desk, can it go higher?'). Hand-written references acc@1 off -> on "
        "1879 -> 1881 of 2114 (ordinal probes naming an item by a fronted phrase), nothing "
        "lost; the lead's unseen audit sets (outside the repository) 176 -> 180 of 216 "
        "(entity +4); every ../shared/data figure unchanged (tools/eval_all.py).",
        "dialogue.named_resolution.definite_references",
    ),
    (
        "detail-holders",
        "references",
        "§4.2",
        "A user turn after a short reply that answered (no offer, no question, not a "
        "passage), not judging it, is about the earlier reply holding the most of its "
        "words ('How much was the deposit?', 'why aac and not opus', 'the 145 bpm cap, is "
        "that from my max'): each word weighs one over the turns in reach (20) saying it; "
        "the earliest of the replies weighing most, at least a third, comes first when it "
        "weighs more than the turn before, or as much and the question that one answered "
        "held none of the words; a pronoun question of three words or fewer with no "
        "fronted topic ('Can they eat it every day?') needs a reply holding two of them.",
        {"detail_holders": False},
        "Counted first over every hand-written file (entity/demonstrative misses on main: "
        "latest reply chosen holding no word of the question 27, the latest repeating the "
        "words in passing 25, the latest holding fewer of them 9; 123 misses) and the real "
        "data: without the short-reply gate CAsT 2021 fell 0.745 -> 0.615 (passages name "
        "many things), without the question/judgement gates and the one-third weight sgd "
        "0.781 -> 0.772. Off -> on: pooled reference acc@1 over every hand-written file "
        "1442 -> 1489 of 1711 (entity 253 -> 278 of 329, demonstrative 102 -> 113 of 149, "
        "ordinal 570 -> 579; comparative -1), refs_holdout4 0.750 -> 0.854, entity_holdout9 "
        "0.725 -> 0.800 (words in other forms, word_forms.stems and a hyphenated word's "
        "parts: +5 of these, none lost); sgd acc@1 0.7806 unchanged (hit@3 0.879 -> 0.881), "
        "CAsT 2019, "
        "2020, 2021 and IRC unchanged. Rejected: user turns as candidates (hand-written -3, "
        "sgd -0.008, CAsT 2020 -0.043); overriding a resolved entity/turn reference's target "
        "too (hand-written -8, comparatives).",
        "dialogue.detail_holders.detail_holder",
    ),
    (
        "detail-turns",
        "references",
        "§4.2",
        "A user question naming a thing (a fronted topic, 'what about X,', a return's words; "
        "else its entity references) and asking a detail of it (its other content words, less "
        "asking words: text.detail_words) is about the turn in reach (20) naming the thing, "
        "or right after one (a reply; a user's report stating a number), that weighs most "
        "over its words (each one over the turns saying it, in any form: word_forms), when "
        "that turn says a detail word and outweighs the turn the other rules put first; after "
        "a return a turn of the thing's thread or one its detail references name may hold it. "
        "Not for a judgement or report, a demonstrative, a comparative, a list's item, a "
        "tool, a request, an offer taken up, a stated number (rule number-holders), a "
        "passage, or a user's bare question.",
        {"detail_turns": False},
        "Off -> on: detail_holdout36 (written before the rule, scored at its start, once "
        "midway and at its end, misses not read) 60 -> 63 of 68 (name 3 -> 4, recent 9 -> "
        "10, return 6 -> 7; the opening-turn controls 12/12 both); detail_tune36 (tuned on) "
        "38 -> 43 of 47; every other hand-written file 2,050 -> 2,051 of 2,310 (+2: a "
        "fronted 'the WR1 he offered', 'those numbers ... for the bbc mux'; -1: 'How fast "
        "was the battery draining?' to the reply saying 'draining', not the user's report). "
        "sgd acc@1 0.777 (+1 -1 of 1,896), irc_disentanglement 0.610 -> 0.611, CAsT 2019, "
        "2020 (0.671), 2021 (0.750) unchanged; intents unchanged. Gates counted on the real "
        "data: without the demonstrative/question gates sgd -12, without the offer gate -2, "
        "without the passage gate CAsT 2021 -1, a user's report after a holder without a "
        "number CAsT 2021 -1; topic holders in derived forms ('generate' -> 'generation') "
        "cost entity_holdout14 one probe, so the topic is looked up in its stems only.",
        "dialogue.detail_turns.detail_turn",
    ),
    (
        "number-holders",
        "references",
        "§4.2",
        "A user question naming a number of two digits or more ('The 450 gram, it is for all "
        "hedgehogs?', 'that $300-600, is that parts and labour', 'the 3:1 ratio, what "
        "attack/release') is about the earliest turn in reach (20) stating the most of its "
        "numbers, user's or assistant's, before the latest reply; not when the turn before "
        "states them as fully, nor when the turn names a list's item or repeats a request.",
        {"number_holders": False},
        "Counted first over every hand-written probe (1,932, all kinds): a question's number "
        "stated by exactly one earlier turn named the gold 37 times of 42 (we picked it 31); "
        "of several holders the earliest 5 of 7, the latest 3. Off -> on, every hand-written "
        "file: acc@1 1699 -> 1709 of 1932, +10, none lost (entity_holdout12 +1, "
        "items_holdout3 +1, refs_holdout3 +1, refs_tune5 +2, toolq_holdout9 +3, "
        "toolq_holdout11 +2); without the turn-before gate -1 (a control whose latest reply "
        "restated the user's figure), without the repeat-request gate -1 ('again ... for an "
        "11-year-old'). sgd, TREC CAsT 2019/2020/2021 and IRC: no first antecedent moves "
        "(without the after-a-reply gate IRC lost 4 net: version numbers in a many-user chat).",
        "dialogue.number_holders.number_holder",
    ),
    (
        "asked-values",
        "references",
        "§4.2",
        "A user question right after a reply, recalling a value by a closed class of "
        "question words ('how much', 'how many', 'how big', 'how fast', 'what year', "
        "'what percentage', 'when', 'how long') with a copula, 'did' or 'again' ('How "
        "much was the deposit?', 'What year is the Civic?'), whose antecedent so far "
        "states no value of that kind, is about the turn naming the most of its words "
        "(each weighing one over the turns in reach, 20) that states one; not when a "
        "reference names a turn, an item, an output or a repeat.",
        {"asked_values": False},
        "Counted first over every hand-written probe (1,932, all kinds): with the recall "
        "gate, where our pick states no value of the asked kind, the turn naming the words "
        "that states one was the gold 4 of 4; without it 5 of 9 (advice questions, 'how "
        "long should the grace period be', ask for a value nobody stated). Off -> on: "
        "hand-written acc@1 1709 -> 1713 (references_check +1, references_tune +3), none "
        "lost; sgd, TREC CAsT 2019/2020/2021 and IRC: no first antecedent moves (without "
        "the after-a-reply gate IRC moved one probe, by a 'when' clause).",
        "dialogue.asked_values.value_holder",
    ),
    (
        "repeat-siblings",
        "references",
        "§4.2",
        "A repeat request whose variation names a thing a reply listed beside what an "
        "earlier request asked about ('And again for the Osman.' after 'questions for the "
        "Keegan' and a reply listing the Keegan, the Ishiguro and the Osman) repeats that "
        "request, not a question asked since; a request the walk found stands, and only a "
        "list (a sentence with two commas or semicolons) names siblings.",
        {"repeat_siblings": False},
        "hand-written sets, off -> on (other rules on): refs_holdout3 acc@1 0.832 -> 0.851 "
        "(both its missed repeat requests); every other hand-written set unchanged (without "
        "the list and request gates audit_holdout5 0.774 -> 0.742, refs_holdout 0.789 -> "
        "0.768). sgd, CAsT, IRC: no probe moves.",
        "dialogue.repeat_siblings.sibling_request",
    ),
    (
        "repeat-products",
        "references",
        "§4.2",
        "A repeat request asking for more of a thing made ('more like these but about 80s "
        "films', 'give me three more', 'now one for my colleague', text/reference_phrases' "
        "PRODUCT_REPEATS, which the lexicon's repeat phrases hold) repeats a request that "
        "made something, not a question asked since (rule repeated-questions' extension).",
        {"repeat_products": False},
        "hand-written sets, off -> on (the phrases in the lexicon either way): refs_tune7 "
        "acc@1 0.615 -> 0.641; every other hand-written set unchanged. Phrases and rule "
        "against neither: refs_holdout4 acc@1 0.646 -> 0.677 and intent 0.656 -> 0.672, "
        "refs_tune7 0.615 -> 0.641 and intent 0.696 -> 0.783; every other hand-written "
        "set unchanged.",
        "dialogue.actions.repeats_a_product",
    ),
    (
        "repeat-variations",
        "references",
        "§4.1",
        "A repeat request names the request it repeats only by its words before the "
        "variation ('Again but for cucumber kimchi.': not by 'kimchi', which every request "
        "of the topic shared); the words after 'for', 'in', 'with', 'but' ... name the new "
        "case.",
        {"repeat_variations": False},
        "hand-written sets, off -> on: refs_tune acc@1 0.867 -> 0.911; no probe of the "
        "other hand-written sets, sgd or IRC moves.",
        "dialogue.actions.request_words",
    ),
    (
        "repeat-forms",
        "references",
        "§4.1",
        "A repeat request whose variation names a form to produce ('same again but as a "
        "thank-you note', 'do that again as a social media post') repeats a request that "
        "made something, not the question asked last.",
        {"repeat_forms": False},
        "hand-written sets, off -> on: refs_tune3 acc@1 0.889 -> 0.907; every other "
        "hand-written set, sgd, CAsT and IRC unchanged.",
        "dialogue.actions.repeats_as_form",
    ),
    (
        "repeat-chains",
        "references",
        "§4.1",
        "Past a repeat request ('Give me a version of that script for 500 users'), an "
        "action reference ('Same again but for /cart') means the request that one repeated, "
        "found by its own words before its variation, not a question asked in between.",
        {"repeat_chains": False},
        "hand-written sets, off -> on: refs_holdout acc@1 0.737 -> 0.747 ('Same again but "
        "for the /cart endpoint.' after 'Give me a version of that script for 500 users'); "
        "every other hand-written set, sgd, CAsT and IRC unchanged.",
        "dialogue.actions.action_target",
    ),
    (
        "bridging-chains",
        "references",
        "§4.2",
        "In a run of the user's own questions, a short question naming only a part of the "
        "topic, by a bare definite ('What are the symptoms?') or in words any topic has a part "
        "named by ('What are common types?', text.follow_up_words.ASPECT_WORDS), leans on the "
        "topic as a pronoun follow-up does: the pronoun chain walks back past it to the turn "
        "that set the topic ('What is anemia?' ... 'Can it go away?': anemia). Under "
        "pronoun-chains; acts only with antecedent analysis on.",
        {"bridging_chains": False},
        "TREC CAsT 2019 (silver) acc@1 0.604 -> 0.678 (conversations split by sorted id: "
        "tuned on the even half 0.606 -> 0.709, held-out odd half 0.601 -> 0.647); without "
        "question-chains 0.589 -> 0.654 (even 0.576 -> 0.655, held-out odd 0.601 -> 0.653); "
        "CAsT 2020 (human) 0.671 and 2021 (silver) 0.755 unchanged (a reply stops the "
        "chain); sgd 0.782 unchanged; irc_disentanglement 0.611 -> 0.610 (one probe).",
        "dialogue.antecedents.topic_turn",
    ),
    (
        "introducing-turns",
        "references",
        "§4.2",
        "A turn reference by a verb of introducing ('the side sleeping you brought up', "
        "'the theory you raised', 'you suggested') is the earliest turn of the speaker's "
        "role holding every about-term, not the latest reply repeating it (§4.2: the most "
        "recent); not 'you mentioned', which as often means the latest.",
        {"introducing_turns": False},
        "hand-written sets, off -> on (other rules on): refs_tune5 acc@1 0.750 -> 0.771; "
        "every other hand-written set, sgd, IRC and CAsT unchanged (CAsT 2021 0.755 -> "
        "0.750 with 'you mentioned': left out).",
        "dialogue.introduced.introducing_turn",
    ),
    (
        "demonstrative-introducers",
        "references",
        "§4.2",
        "A demonstrative's thing in a question ('That festival story, should I check it with "
        "her first?', 'That bell mechanic, how do players silence it?') resolves as a "
        "definite's does (definite-references' ranking: the turn naming most of its words, "
        "then most of the question's other words, the reply answering a question on it, "
        "then the earliest) rather than to the latest turn naming it, a recap or a list "
        "that names it again; §4.2's latest turn stands when the turn right before names "
        "it as fully, and for a turn with no question mark ('Run that check on agent-2 as "
        "well.' names the request).",
        {"demonstrative_introducers": False},
        "stop 35 (entity35), every hand-written file but entity_holdout35, off -> on (other "
        "rules on): demonstrative 143 -> 145 of 169, all 1885 -> 1887 of 2114, none lost "
        "(without the question-mark gate 2 action probes lost); entity_holdout35 (written "
        "before it, 63 probes) 44 -> 44; logged-turn intent, resumption, new thread and "
        "tool target unchanged (3651/4006, 338/403, 371/412, 225/237). sgd references "
        "acc@1 0.7785 -> 0.778 (one probe of 1,896), CAsT 2019, 2020, 2021 and IRC "
        "unchanged.",
        "dialogue.introduced_entities.introduced_entities",
    ),
    (
        "fuller-holders",
        "references",
        "§4.1",
        "An item named by the turn's words alone (rule item-words) gives way when another "
        "turn within twelve, not the list's reply nor the question it answered, says every "
        "word the item matched and more of the turn's words than the item does ('where do "
        "you even buy jam sugar': the reply on jam sugar, not the list's 'Jam jars'); a "
        "turn asking to choose ('which', 'whichever': text.item_words.CHOOSING_WORDS) keeps "
        "the item.",
        {"fuller_holders": False},
        "stop 35 (entity35), every hand-written file but entity_holdout35, off -> on: "
        "entity 345 -> 348 of 394, demonstrative 144 -> 145, all 1883 -> 1887 of 2114; "
        "enumerated items 640/733 unchanged (without the choosing gate 639: 'Which is the "
        "most good for stopping on ice?'); entity_holdout35 (written before it) 43 -> 44 "
        "of 63 (a control). CAsT 2021 references acc@1 0.7448 -> 0.750; sgd 0.778, CAsT "
        "2019 0.6568, 2020 0.6714 and IRC 0.6104 unchanged.",
        "dialogue.implicit_items.with_implicit_items",
    ),
    (
        "announced-return-details",
        "references",
        "§4.2",
        "For rule detail-turns, a topic a question's opening names ('Anyway, about the "
        "boiler, ...', 'The boiler again - ...', 'Re the boiler: ...'; "
        "dialogue.named_topics.named_topic_of) is a return's words when the turn before is in "
        "none of the topic's threads: any turn of the topic's thread may hold the detail "
        "asked ('... if the engineer finds a leak, does the landlord pay?': the reply on who "
        "pays for repairs, not the turn that named the boiler).",
        {"announced_return_details": False},
        "Hand-written pooled references (refs_pooled.py, every file but backto_tune37), off "
        "-> on: '-' kind 64 -> 65 of 70 (backto_holdout37, written before the rule: 12 -> 13 "
        "of 15), every other kind unchanged; ten phrasings of one return (scratch, in "
        "tests/test_return_question_words.py three of them) 6 -> 10 of 10. ../shared/data "
        "(hashing): see the CHANGELOG's stop-37 entry.",
        "dialogue.detail_turns.detail_turn",
    ),
    (
        "return-detail-targets",
        "references",
        "§4.2",
        "Once the placement has resumed a dormant thread with a user turn right after a "
        "short reply that offers and asks nothing, in an assistant chat of two ('back to the "
        "greenhouse, is bubble wrap enough in January?', 'Sorry, back to the tax thing: when "
        "is the deadline for registering?'), its antecedent is the turn of that thread "
        "holding the most of its detail words (its content words less the topic it names, "
        "the asking words and a return's words: text.detail_words; each one over the turns "
        "in reach, 60, saying it in any form), a reply before a user turn and the earlier "
        "among equals, when it outweighs what the other rules' first turn says; a user turn "
        "saying only the words of the question's references merely named the thing. A "
        "return asking no detail ('back to the greenhouse.') means the thread's turn saying "
        "most of the topic's words, the earliest among equals (its naming turn); so does one "
        "whose detail no turn in reach holds, unless the other rules' turn is the thread's. "
        "Not for a judgement, a request, a reference naming a turn, an item, a tool, a "
        "request to repeat, a demonstrative or a comparative, a stated number (rule "
        "number-holders), a short pronoun question naming no topic, or a detail the other "
        "rules' turn in another thread holds (the placement may be wrong).",
        {"return_detail_targets": False},
        "Off -> on: detailback_holdout38 (written before the rule; misses not read, its "
        "aggregate checked while the gates were added) returns and controls '-' 18 -> 24 of "
        "27, entity 11/11 both; detailback_tune38 (tuned on) 15 -> 18 of 21; every other "
        "hand-written file (refs_pooled.py) unchanged by kind, all 2,424 of 2,726 (one wrong "
        "pick moved to another). ../shared/data references acc@1 (hashing): sgd 0.7764 -> "
        "0.7753 (-2 of 1,896: requests after a return), CAsT 2019/2020/2021 and IRC "
        "unchanged. Gates counted there: without the chat-of-two and passage gates IRC 0.611 "
        "-> 0.557 and CAsT 2021 0.745 -> 0.729; without the judgement, request, offer and "
        "reply-question gates sgd 0.776 -> 0.771.",
        "dialogue.return_targets.return_target",
    ),
    (
        "return-second-phrases",
        "references",
        "§4.2",
        "For rule return-detail-targets, a return whose words name the thread ('back to the "
        "chewing', 'back to the puppy -') names its topic with those words alone: a thing it "
        "names besides ('..., the playpen, how long can he stay in it?') is a detail, and the "
        "turn of the resumed thread that the first reference naming none of the return's "
        "words resolved to (an entity, or a list's item named by its words) comes first; "
        "such an item no longer keeps the rule out.",
        {"return_second_phrases": False},
        "Off -> on: returns_tune39 (written for it, tuned on) returns and controls '-' 16 -> "
        "18 of 20 (17 -> 18 with return-own-numbers off); every other hand-written file "
        "(refs_pooled.py, returns_holdout39 included) '-' 128 -> 129 of 142 "
        "(detailback_holdout38's 'back to the asparagus, the crowns, ...'), every other kind "
        "unchanged, no probe lost; returns_holdout39 (written before it, misses not read) "
        "unchanged, '-' 21/24, entity 14/15. ../shared/data: see the CHANGELOG's stop-39 "
        "entry.",
        "dialogue.return_targets.return_target",
    ),
    (
        "return-own-numbers",
        "references",
        "§4.2",
        "Rule number-holders' turn (the earliest stating the question's number) does not keep "
        "rule return-detail-targets out when it is a user turn and the placement resumed a "
        "thread with the question ('back to the chewing, the playpen, how long can he stay in "
        "it at 10 weeks?' after 'my puppy is 10 weeks ...': the user's own figure, not the "
        "antecedent; the reply on the playpen is). A number a reply stated still names its "
        "turn.",
        {"return_own_numbers": False},
        "Off -> on: returns_tune39 (tuned on) '-' 17 -> 18 of 20 (with return-second-phrases "
        "on); every other hand-written file (refs_pooled.py) unchanged by kind and probe; "
        "returns_holdout39 unchanged. ../shared/data: see the CHANGELOG's stop-39 entry.",
        "dialogue.antecedents.antecedents",
    ),
    *LIST_RULES,  # stop 37: letter-values ... own-possessive-ordinals (rules_lists)
    *REPEAT_RULES,  # stop 38: repeat-slots, made-requests, again-thanks (rules_repeats)
    *NOUN_RULES,  # stop 39: named-list-items, message-repeats (rules_nouns)
    *VERB_REPEAT_RULES,  # stop 41: verb-repeats, latest-repeats (rules_verb_repeats)
    *RUN_REPEAT_RULES,  # stop 42: item-heads ... slot-requests (rules_run_repeats)
)

# Registered but off in Config(): what they gained was on the half tuned on only.
OPT_IN_REFERENCE_RULES: tuple[tuple[str, str, str, str, Mapping[str, Any], str, str], ...] = (
    *VERB_REPEAT_OPT_IN_RULES,  # stop 41: latest-repeats (rules_verb_repeats)
    *OPT_IN_TOOL_VALUE_RULES,  # stop 43: summing-reply-words, weekday-forms (rules_tool_values)
    (
        "pronoun-details",
        "references",
        "§4.2",
        "A question with a pronoun and no number ('How much organic matter did it find?', "
        "'What was her phosphorus on the first panel?', 'trim size it was?') names the "
        "output holding a word no logged turn said (output-details' detail of its own; "
        "two shared words are not enough) once that output's exchange is over, when it is "
        "one sentence ('Great. What type of music is it?' asks about what a reply offered), "
        "not a yes/no question (an auxiliary opens it: 'Is the impeller a separate part "
        "...?') and not for a reason. A named reference only: rule output-detail-intents "
        "does not take it (the intent is left alone). Under output-details.",
        {"pronoun_details": False},
        "counted first: 13 of the 61 tool-reference misses stopped at the pronoun gate, "
        "against 16 correct refusals of entity/demonstrative probes there. Off -> on (other "
        "rules on), every hand-written reference probe: 1,566 -> 1,572 of 1,801 (tool 272 "
        "-> 276, entity and demonstrative +2, none lost). sgd references: without the "
        "one-sentence gate 1,480 -> 1,471 of 1,896 ('Terrific. What genre? ...'), with it "
        "unchanged; taken by output-detail-intents it cost sgd intent 0.716 -> 0.713 "
        "('What is their address and phone number?') and 1 hand-written turn, so it is "
        "not. Logged-turn intents unchanged (3,115). Opt-in (stop 32): on the lead's "
        "four audit sets, which no helper saw, it gained no probe and lost one (an entity "
        "question that names its own subject before the pronoun, 'the X, does it test Y', "
        "went to an output showing Y); pooled over every file +7 (refs_holdout7, "
        "toolq_holdout9, toolq_holdout11).",
        "dialogue.output_details.output_detail",
    ),
    (
        "question-chains",
        "references",
        "§4.2",
        "Any short question with nothing resolved and no name of its own follows the pronoun "
        "chain, not only one classified DRILL_DOWN ('What is the role of iron?' after 'What "
        "is anemia?' 'Can it go away?': anemia; not 'Where is Paris?'); the chain walks back "
        "only past turns leaning on the topic, so a question after one that set a topic still "
        "builds on that one. Under pronoun-chains; acts only with antecedent analysis on.",
        {"question_chains": False},
        "TREC CAsT 2019 (silver) acc@1 0.654 -> 0.678, but only on the half tuned on: even "
        "conversations 0.655 -> 0.709, held-out odd half 0.653 -> 0.647 (one probe); CAsT "
        "2020, 2021, sgd and irc_disentanglement unchanged.",
        "dialogue.antecedents.follows_up_on_topic",
    ),
    *OPT_IN_ITEM_RULES,  # issue 15's enumerated items (rules_items)
)
