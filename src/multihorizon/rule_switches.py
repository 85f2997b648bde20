"""The rule switches of ``Config``: one bool per rule of ``multihorizon.rules``, named by the
rule's id with dashes as underscores, each with a line on what the rule does.

``Config`` inherits them (``RuleSwitches`` is its base), so a switch is set and read as any
other field: ``Config(entity_forms=False)``, ``config.entity_forms``. The registry holds each
rule's evidence; ``Config.spec()`` switches every one off.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RuleSwitches"]


@dataclass(frozen=True, slots=True, repr=False)
class RuleSwitches:
    """One switch per rule beyond SPEC-028's literal text (``multihorizon.rules``)."""

    first_turn_explore: bool = True
    acknowledgement_continues: bool = True
    follow_up_questions: bool = True
    follow_up_forms: bool = True
    question_topics: bool = True
    question_forms: bool = True
    question_ends: bool = True
    ask_shapes: bool = True
    intent_threads: bool = True
    resume_markers: bool = True
    vocabulary_resume: bool = True
    # True: replies come from a peer; False: from an assistant; None: detected per turn.
    peer_replies: bool | None = None
    speaker_addressing: bool = True
    name_mentions: bool = True
    multi_party_threads: bool = True
    offer_antecedents: bool = True
    # SPEC-028 §4.1 ordinals beyond "the second option": "option C", "#2", "the penultimate
    # step", "the one about caching", a scope naming an earlier list (rule ordinal-forms).
    ordinal_forms: bool = True
    # "go with b", "4)", "the cheapest of the three", "the first two", "the 13th", the kind
    # of list an item noun names, items matched by their rarer words (rule item-forms).
    item_forms: bool = True
    marker_styles: bool = True  # "option C" / "#3": the list marked so (rule marker-styles)
    place_scopes: bool = True  # "the towns you listed": a "where" answer (rule place-scopes)
    # An item named by its words alone: "which needle type?", "the coffee rule" (item-words).
    item_words: bool = True
    # Several items at once: "the second and third", "options 2 and 4", "both" (item-pairs).
    item_pairs: bool = True
    # An ordinal over a list the user wrote: "the second one I mentioned" (rule own-lists).
    own_lists: bool = True
    # An ordinal over an earlier list named by its topic: "Pepper number four" (list-topics).
    list_topics: bool = True
    # An ordinal past a later inline comma series picks the list laid out (rule laid-out-lists).
    laid_out_lists: bool = True
    # "the second of those tools" after "you'll need A, B, C and D" (rule named-series).
    named_series: bool = True
    # "my shortlist: Lisbon, Porto, Faro" is the user's own list, "the one I put down" points
    # at it (rule own-list-forms).
    own_list_forms: bool = True
    # "c in an open office?": a letter opening the turn picks an item (rule lead-letters); a
    # turn reference gives up its item to an item reference of the turn (item-over-said).
    lead_letters: bool = True
    plain_qualities: bool = True  # "the cheap one" -> "a budget choice" (rule plain-qualities)
    own_list_words: bool = True  # "the stickers idea I mentioned" (rule own-list-words)
    label_picks: bool = True  # "2 pls", "option II": a bare label or a numeral (rule label-picks)
    sub_steps: bool = True  # "step 2b", "the second sub-step of step 2" (rule sub-steps)
    own_list_nouns: bool = True  # "the third fish on my list" (rule own-list-nouns)
    letter_picks: bool = True  # "is B worth it?" over a lettered list in reach (rule letter-picks)
    letter_values: bool = True  # "my blood type is B", "to C:", "(c) 2024" (rule letter-values)
    letter_pairs: bool = True  # "plan A or B?" names A as well as B (rule letter-pairs)
    own_possessive_ordinals: bool = True  # "my third item" (rule own-possessive-ordinals)
    own_ones: bool = True  # "My last one broke": no list pick (rule own-ones)
    # "before I go with (b), would the first route ...": the item the question names (clause-picks).
    clause_picks: bool = True
    ordinal_about: bool = True  # "the last one about watering" (rule ordinal-about)
    ordinal_terms: bool = True  # "what is first fix?": the item it opens (rule ordinal-terms)
    # "the second one" over the user's own list when no reply since has one (rule
    # own-list-ordinals).
    own_list_ordinals: bool = True
    # "would the Air handle Docker?" over the user's own options (rule own-list-items). Off:
    # on items_holdout36 it moved a control's turn and named no item more.
    own_list_items: bool = False
    item_over_said: bool = True
    # "same again for Friday" repeats a question as well as an imperative (rule
    # repeated-questions).
    repeated_questions: bool = True
    # "the blender" -> the turn that introduced it (rule definite-references).
    definite_references: bool = True
    # Entity references in people's words: the reply holding the detail, "the cheaper one",
    # a bare name ("is Vitamix loud?") (rule entity-references).
    entity_references: bool = True
    # Entity references in other word forms ("charging" -> "charger"), head nouns naming a
    # kind ("the car"), names in lower case, "the ones for the gym" (rule entity-forms).
    entity_forms: bool = True
    # Envelope.antecedents: analysis for the evaluation, off the turn path unless asked for.
    antecedents: bool = False
    place_antecedents: bool = True
    pronoun_chains: bool = True
    # "What is anemia?" "What are the symptoms?" "Can it go away?": the pronoun chain walks
    # back past a short question naming only a part of the topic too (rule bridging-chains,
    # under pronoun-chains).
    bridging_chains: bool = True
    # "What is anemia?" "Can it go away?" "What is the role of iron?": any short question
    # with nothing resolved follows the chain, not only a drill-down (rule question-chains,
    # under pronoun-chains). Off: CAsT 2019 gained only on the half tuned on.
    question_chains: bool = False
    follow_up_antecedents: bool = True
    answers_follow_questions: bool = True
    session_recaps: bool = True
    reaction_turns: bool = True
    topic_announcements: bool = True
    explain_new_content: bool = True
    tool_reference_match: bool = True
    # "What does the QC report flag?", "those percentages": an output named by its kind is a
    # tool reference (rule tool-output-nouns, under tool-reference-match).
    tool_output_nouns: bool = True
    # "Which role is it using?" right after a tool output: about that output (rule
    # fresh-output-questions, under tool-reference-match).
    fresh_output_questions: bool = True
    # "24 cps is insane", "Which of those is the worst?" right after a tool output: about it
    # (rules fresh-output-replies and fresh-value-questions, under fresh-output-questions).
    fresh_output_replies: bool = True
    fresh_value_questions: bool = True
    # "Is customers:read in the scope list?" right after an introspection: that one (rule
    # fresh-output-targets).
    fresh_output_targets: bool = True
    # "That refraction", "the standby slot", "the ping": the output that holds or names it
    # (rule output-holders, under tool-reference-match).
    output_holders: bool = True
    # "How many spots were left for the 26th?": the output holding a detail no turn said
    # (rule output-details); "the first search": the earlier output (rule earlier-outputs).
    output_details: bool = True
    earlier_outputs: bool = True
    # "hrv first time", "and the flow now": a short fragment setting one run against another
    # asks for a detail (rule detail-fragments, under output-details).
    detail_fragments: bool = True
    # "What did it peak at today?": a pronoun's question about a detail only an output shows
    # (rule pronoun-details, under output-details; opt-in: it did not carry over, rules.py).
    pronoun_details: bool = False
    # "what was the dew point the first week": a question with a said-turn reference that
    # sets one run against another asks for that run's detail (rule rerun-details).
    rerun_details: bool = True
    # "cadence first time round", past the output's exchange: TOOL_REFERENCE (rule
    # output-detail-intents, under output-details).
    output_detail_intents: bool = True
    # "That 147/92 on Monday, should I worry?": a fronted demonstrative topic an older output
    # holds is a tool reference (rule fronted-output-topics, under output-detail-intents).
    fronted_output_topics: bool = True
    # "going back to the first run, which file was it going to delete", "in query 2, ...": a
    # turn naming one run of a tool among several is a tool reference to it (rule named-runs).
    named_runs: bool = True
    rare_output_tokens: bool = True  # "KSV020 which deployment": the one output holding it
    fetch_requests: bool = True  # "Pull the crash stats.": asks for an output, refers to none
    handed_outputs: bool = True  # "here are the numbers" before its output: CONTINUE, no tool
    finding_outcomes: bool = True  # "How much organic matter did it find?": an outcome verb
    # "which host did it say timed out?" turns later: an outcome verb with "it" as subject is
    # about the output its words name, else a recent newest; not "it said in the docs"
    # (rule it-said-outputs).
    it_said_outputs: bool = True
    # "Would an index make the seq scan faster?" after a plan: advice (DRILL_DOWN) whose
    # thing an output shows; that output is its antecedent (rule advice-output-holders).
    advice_output_holders: bool = True
    # "the one that returned 404", "the call at 10:42": the one output among several showing
    # the selector's value or time (rule output-selectors).
    output_selectors: bool = True
    # "What you said about the reference build, ...": an outcome verb a person opens is no
    # tool's outcome, unless right after an output (rule person-outcomes).
    person_outcomes: bool = True
    # "Could you do the same for the reports page?": a question to the assistant names no
    # output by an output noun (rule addressed-output-nouns).
    addressed_output_nouns: bool = True
    # "how do I get valgrind to write the logs to a file?": a how-to question names no output
    # by an output noun, unless a demonstrative points at one (rule howto-output-nouns).
    howto_output_nouns: bool = True
    # "why did Old Town drop to 2,315 in week 41?": a cause question holding a number an older
    # output shows asks about that output (rule shown-number-reasons, under output-detail-intents).
    shown_number_reasons: bool = True
    # "how long did windows take" after "test (windows-latest, 3.12) 4m48s": a compound word's
    # parts are an output's words for rule output-details (rule compound-output-words).
    compound_output_words: bool = True
    output_value_forms: bool = True  # "the 3rd" of "2026-11-03", "10pm" of "22:00" (§4.2)
    # "did the voltage thing happen more than once?": a word only an output's own summing-up
    # reply repeated is still that output's detail (rule summing-reply-words, §4.2).
    summing_reply_words: bool = False  # opt-in (stop-43 review)
    # "how far did i go on wednesday" of "2026-06-03", "which one is early in the morning" of
    # "08:30": a date's weekday and a time's part of the day (rule weekday-forms, §4.2).
    weekday_forms: bool = False  # opt-in (stop-43 review)
    # "In general, how long do customs inspections take?" after a tracking result: a question
    # of habit names no output (rule general-questions, §5.2).
    general_questions: bool = True
    # "does the drip run on tuesdays" after a watering schedule its reply summed up: most of a
    # question's words are one output's own (rule output-content-words, §4.2).
    output_content_words: bool = True
    status_runs: bool = True  # "in the last good run": the newest output that passed (§4.2)
    # "which region was it going out to?" after a deploy log and its summing-up reply: a value
    # of that output (rule summed-output-values, §5.2 TOOL_REFERENCE).
    summed_output_values: bool = True
    # "who kicked it off?", "which port did it try?" after a CI log or a connection error: a
    # value of the output by its type (rule typed-output-values, §4.1 tool, §5.2).
    typed_output_values: bool = True
    # "how quick was it?" after rsync's "bytes/sec", "under which account?" after a cron log:
    # a value of the output by a word not its key (rule reworded-output-values, §4.1, §5.2).
    reworded_output_values: bool = True
    # "which filesystem is best for a usb stick?" after df: a judgement of the world, not a
    # value shown (rule judged-world-questions, §5.2).
    judged_world_questions: bool = True
    # "would a partial index be better than caching the report?" right after a plan: advice on
    # the subject, no tool reference (rule advice-questions).
    advice_questions: bool = True
    # "The side sleeping you brought up": the turn that first said it (rule introducing-turns).
    introducing_turns: bool = True
    # "How much gochugaru for one cabbage?": the one turn that said gochugaru, before the
    # topic's opening question (rule detail-antecedents).
    detail_antecedents: bool = True
    # "is iceberg lettuce ok too or only romaine": the reply that said it (holder-antecedents).
    holder_antecedents: bool = True
    # "hammock, do they use it?": the reply that first named it (rule dislocated-topics).
    dislocated_topics: bool = True
    # "what was that ISA thing you mentioned?": the reply that first used it (term-origins).
    term_origins: bool = True
    term_recalls: bool = True  # "what was that ISA thing you mentioned?": CLARIFY (term-recalls)
    fronted_definites: bool = True  # "the blender, can it crush ice?": the blender (§4.1)
    # "that festival story": the turn that introduced it, not a recap (demonstrative-introducers).
    demonstrative_introducers: bool = True
    fuller_holders: bool = True  # "buy jam sugar": the turn saying both, not the "Jam" item
    # "How much was the deposit?": the reply holding the most of its words, the earliest among
    # equals, over the latest one repeating a word (rule detail-holders).
    detail_holders: bool = True
    number_holders: bool = True  # "the 450 gram": the turn that stated it (number-holders)
    asked_values: bool = True  # "How much was the deposit?": a turn stating an amount
    # "back to the bike, for the brake pads, ...": the turn naming it that holds the detail asked.
    detail_turns: bool = True
    # "Anyway, about the boiler, ..." after an aside is a return too: any turn of the thread
    # may hold the detail (rule announced-return-details).
    announced_return_details: bool = True
    # A return's antecedent: its thread's turn holding the detail asked, else the naming turn.
    return_detail_targets: bool = True
    return_second_phrases: bool = True  # "back to the chewing, the playpen, ...": playpen §4.2
    return_own_numbers: bool = True  # "at 10 weeks" the user stated: no antecedent (§4.2)
    # "Of my ideas, the first": antecedents read the references as the item rules left them
    # (the user's own list, first), not the stage's own targets first (rule retargeted-items).
    retargeted_items: bool = True
    # "among the knives you suggested, the first": with an ordinal by place, the list's item
    # before a turn reference naming none (rule item-antecedents).
    item_antecedents: bool = True
    # "Going back to the possible causes, the opening one": an item noun naming an earlier
    # list's lead ("Likely causes:") names that list (rule list-nouns, under list-topics).
    list_nouns: bool = True
    # "We'll start with #1, how many per team?": the one other list whose first item says a
    # word of the turn when the latest list's does not (rule item-echoes, under list-topics).
    item_echoes: bool = True
    # "And again for the Osman": the request about a sibling it was listed with (repeat-siblings).
    repeat_siblings: bool = True
    # "More like these": a request that made something, not a question (repeat-products).
    repeat_products: bool = True
    # "that to-space exhausted line": the output that said it first (introduced-outputs).
    introduced_outputs: bool = True
    # "This SIGABRT": a word written as code names its output (coded-demonstratives).
    coded_demonstratives: bool = True
    # "latest audit, anything critical left": the newest run of the tool (later-outputs).
    later_outputs: bool = True
    # "Again but for cucumber kimchi.": the words after "for" name the new case, not the
    # request repeated (rule repeat-variations, under repeats-named-requests).
    repeat_variations: bool = True
    # "Same again but as a thank-you note": a request that made something is repeated, not
    # the question asked last (rule repeat-forms).
    repeat_forms: bool = True
    # "Same again but for /cart" after "Give me a version of that script for 500 users": the
    # script request that one repeated (rule repeat-chains).
    repeat_chains: bool = True
    # "Now the same but for a full marathon" after "what does tempo pace mean?": a question
    # with no place for the variation is passed over for the plan request (rule repeat-slots).
    repeat_slots: bool = True
    # "Plan a warm-up for my choir" is a request an action reference repeats (made-requests).
    made_requests: bool = True
    named_list_items: bool = True  # "the index suggestion": a list of suggestions (§4.1)
    message_repeats: bool = True  # "same again for Al, asking ...": the email request (§4.1)
    similar_repeats: bool = True  # "write a similar one for X": a repeat request (§4.1)
    repeats_named_questions: bool = True  # "the tflint thing again": the question it names (§4.1)
    repeat_runs: bool = True  # "redo the disk check": the request, not the output (§4.1)
    object_repeats: bool = True  # "now do the staging deploy again": a repeat request (§4.1)
    verb_repeats: bool = True  # "ok run the staging migration again": its run request (§4.1)
    latest_repeats: bool = False  # "same for order 5540" after a repeat: that repeat (§4.1, opt-in)
    acknowledged_statements: bool = True
    # "Back to the migration: which tool did you say again?" resumes its thread and is no
    # clarification (rule resume-announcements).
    resume_announcements: bool = True
    # "Is a buffet cheaper than a sit-down meal?" in a wedding thread asks about the topic at
    # hand, however little it resembles it (rule side-questions).
    side_questions: bool = True
    # "now make it funny", "Give me a recipe for a vegan version." ask for more of the thread:
    # DRILL_DOWN, however few of its words they share (rule thread-requests).
    thread_requests: bool = True
    thread_wants: bool = True  # "I need to know where to cut them": DRILL_DOWN (thread-wants)
    form_requests: bool = True  # "give me a checklist for it": DRILL_DOWN (form-requests)
    # "Our daughter's school has asked parents to pay for a trip ... How do we say no without
    # it looking bad?" names a topic of its own: EXPLORE, whatever "it" (rule
    # new-ground-questions).
    new_ground_questions: bool = True
    own_antecedents: bool = True  # "My son ... is he too young?": EXPLORE (own-antecedents)
    # "My daughter wants a pony ... What does keeping one cost?" with no word said before sets
    # up a topic of its own in fewer words than new-ground-questions reads (own-new-ground).
    own_new_ground: bool = True
    # "What's a sensible initialDelaySeconds?" right after a reply that named
    # initialDelaySeconds follows that reply up: it stays in the thread (rule reply-follow-ups).
    reply_follow_ups: bool = True
    # "buyer asked if i can send it to a different address" right after a reply that named
    # the buyer stays in that reply's thread (rule reply-words).
    reply_words: bool = True
    # "Getting back to the move" names the thread that talked about "moving"; a return whose
    # words only the active thread holds stays there (rule return-variants).
    return_variants: bool = True
    # "Also, do I need winter tyres in Austria?" adds a question of its own: its "also" is no
    # CONTINUE marker (rule also-questions).
    also_questions: bool = True
    # "lifetime cover, how much more per month usually" asks its own question: a CONTINUE
    # marker that does not open its sentence is none (rule embedded-continues).
    embedded_continues: bool = False
    # "Run fastqc on the raw reads." right after a reply asks the assistant to act on the
    # thread: DRILL_DOWN, not §5.2's CONTINUE (rule action-requests).
    action_requests: bool = True
    # "They're in pots and I water them every day." after a reply reports back on it: CONTINUE
    # in the thread (rule report-backs).
    report_backs: bool = True
    # "What's a Soundex search?" after a reply that suggested a Soundex search asks what it
    # meant: CLARIFY (rule term-questions).
    term_questions: bool = True
    # "How long should I warm up?" after a reply on an audition leans on that topic for its
    # meaning: DRILL_DOWN, in the thread (rule short-follow-ups).
    short_follow_ups: bool = True
    # "what should entry cost per team" after a reply on a pub quiz names four content words
    # and still leans on it: rule short-follow-ups reads one more (rule wider-follow-ups).
    wider_follow_ups: bool = True
    # "Why no goldfish?", "when can i start cycling" right after a reply ask the reason for it
    # or the time of it: DRILL_DOWN, in the thread (rule reason-follow-ups).
    reason_follow_ups: bool = True
    # "Going back to Spanish, should I ...?" revisits a dormant thread: DRILL_DOWN (rule
    # return-drill-downs).
    return_drill_downs: bool = True
    # "Quite a different subject: ...", "Off on a tangent, but ..." announce a new topic in an
    # opening clause of their own: EXPLORE, a new thread (rule announcement-clauses).
    announcement_clauses: bool = True
    # "Kiln again: ...", "Still on the jars: ..." go back to the thread that used those words:
    # a return, DRILL_DOWN (rule again-returns).
    again_returns: bool = True
    # "I ran it again and it passed", "Tried again, same error" report a thing done again: a
    # bare "again" there is no CLARIFY marker (rule again-reports).
    again_reports: bool = True
    again_asks: bool = True
    # "again, thanks" thanks once more: no CLARIFY "again" (rule again-thanks).
    again_thanks: bool = True
    # "Fret buzz?", "Kettle stitch, meaning?", "Natural release means I just wait?" ask back
    # a term of an earlier reply: CLARIFY (rule echo-clarifications).
    echo_clarifications: bool = True
    # "hot mud?? like heated?", "whats a handcuff again, i keep seeing it", "what means
    # 'agrees' here" ask what a term of an earlier reply means in more frames (rule
    # term-frames, text/term_frames): CLARIFY.
    term_frames: bool = True
    # "sweat? they sweat how", 'Could you elaborate on what "drift" refers to?' ask about a
    # term a reply brought, asked back before more words or quoted: CLARIFY (rule
    # reply-term-asks, dialogue/reply_terms).
    reply_term_asks: bool = True
    # "Red wrigglers, are those the same as the ones from fishing shops?", "mainsheet is which
    # rope?" check a guessed meaning of a term a reply brought: CLARIFY (rule term-checks,
    # dialogue/term_checks; read with reply-term-asks).
    term_checks: bool = True
    # "porosity, what is it exactly", "What is meaning of low-acid?", "X, how do I read that"
    # ask what a term the reply just brought is or means, wherever it stands: CLARIFY (rule
    # meaning-asks, dialogue/meaning_asks; read with reply-term-asks).
    meaning_asks: bool = True
    older_reply_terms: bool = True  # "anti-skate, whats that do": rule older-reply-terms
    restated_checks: bool = True  # "the brayer, the roller thing?": CLARIFY (restated-checks)
    understanding_checks: bool = False  # "so X is basically Y?": CLARIFY (opt-in)
    confirm_checks: bool = True  # "so only 40, right?", "back to X - so A, not B?": CLARIFY
    closing_checks: bool = True  # "so 2% of the price, nothing more?": CLARIFY (confirm-checks')
    restating_checks: bool = True  # "so the receipt alone is enough?" in the reply's words: CLARIFY
    learner_meaning_asks: bool = True  # "this word X I don't get", "X being what": meaning-asks'
    also_subjects: bool = True  # "also my son has started ...", nothing of the thread: EXPLORE
    choice_asks: bool = True  # "why 'fueron' and not 'iban'?", the reply's word: CLARIFY §5.2
    dumb_down_asks: bool = True  # "dumb the escrow bit down", a reply's part: CLARIFY (§5.2)
    split_requests: bool = True  # "break it down per region": a split, DRILL_DOWN (§5.2)
    condition_checks: bool = True  # "so if it's under 2kg I pay no duty?": CLARIFY (§5.2)
    reading_asks: bool = True  # "4:1 is by volume or by weight exactly?": CLARIFY (§5.2)
    wording_judgements: bool = True  # "is 'Dear Tom' too formal?": DRILL_DOWN (§5.2)
    # "Can I ask you about something else?", "Mind if I switch to a different thing?" ask
    # leave to move on: a topic announcement, EXPLORE and a new thread (rule
    # asked-announcements).
    asked_announcements: bool = True
    # "Ha, enough bread. Personal thing: ..." announces after a short reaction (rule
    # reaction-announcements).
    reaction_announcements: bool = True
    # "Anyway, where were we?", "Circling back: ..." name no topic: back to the thread left
    # most recently; alone, CONTINUE (rule bare-returns).
    bare_returns: bool = True
    # "ok desktop's back, nvidia-smi shows 550.120 now" names what one dormant thread alone
    # said: back to it, where nothing else placed the turn (rule term-returns).
    term_returns: bool = True
    # "Back to the boiler: ... does the landlord pay?" goes where the question's words are too
    # (rule return-question-words).
    return_question_words: bool = True
    dormant_returns: bool = True  # a weak stay naming one dormant thread's words alone, 4 turns on
    possessed_topics: bool = True  # "My son needs a bike ..." kept by its intent alone: a new topic
    # "ok did six of them last night", "I weighed everything this time" report what was done
    # about the topic at hand: CONTINUE (rule done-reports).
    done_reports: bool = True
    # "we only have the one bathroom and a small living room" right after a reply adds to its
    # thread: CONTINUE (rule thread-details).
    thread_details: bool = True
    # "We fixed the crash, here is our crash log from before the fix" right after a reply
    # reports what came of it: CONTINUE, whatever its words (rule outcome-reports).
    outcome_reports: bool = True
    # "Mostly weddings, some drone footage." right after a reply that asked the user something
    # answers it: CONTINUE, whatever its words (rule reply-answers).
    reply_answers: bool = True
    # "I reboiled it for another twelve minutes and it wrinkles on the saucer now, though it is
    # rather dark." reports what came of the advice too: rule outcome-reports up to 240
    # characters (rule long-reports).
    long_reports: bool = True
    # "swapped the pads, still squeals", "can only train mornings" right after a reply: a terse
    # report with no subject goes on with the thread: CONTINUE (rule terse-reports).
    terse_reports: bool = True
    # "Separately, the boiler broke." or "Also our cat keeps scratching the sofa, it's driving
    # us mad." after a reply, sharing nothing with the thread: a new subject and thread (rule
    # new-subjects).
    new_subjects: bool = True
    also_holdings: bool = True  # "I've also got my exam in May", nothing of the thread: EXPLORE
    adder_questions: bool = True  # "Also, my son is allergic to nuts. Do ...?": EXPLORE §3.3
    adder_situations: bool = True  # "and one more: ..., swap it at what point?": §5.2 §3.3
    # "Other question. ...", "Separate question, the tank has rust inside. ..." open with a
    # clause of otherness and a topic noun only: a topic announcement (rule
    # other-topic-clauses).
    other_topic_clauses: bool = True
    # "My daughter turns eight next month and wants a sleepover party. Any tips?" sets up a
    # situation the active thread never talked about: a new thread (rule situation-setups).
    situation_setups: bool = True
    # "What length of paddle did you say?" whose words only the user's question held means the
    # reply to it (rule said-replies).
    said_replies: bool = True
    # "Do that again for the speaking section." repeats a request, never a clarification
    # request in between ("Simpler please: ...") (rule repeats-past-clarifications).
    repeats_past_clarifications: bool = True
    # "How would I confirm the congestion theory?" names the item of the list it resolves to
    # that is about congestion (rule entity-items).
    entity_items: bool = True
    # "Write the same thing but with HTTPS on 443." repeats the recent request that named
    # "write", not a later question about the health check (rule repeats-named-requests).
    repeats_named_requests: bool = True
    # Stop 40 (clarify40, issue 15 item 1), SPEC-028 §5.2 CLARIFY:
    meaning_qualifiers: bool = True  # "what does X mean here, ...?", "not sure what X means": §5.2
    versus_asks: bool = True  # "X vs Y, what's the difference?", both the reply's: CLARIFY §5.2
    role_asks: bool = True  # "could you clarify the role of X?", the reply's X: CLARIFY §5.2
    pointed_asks: bool = True  # "X, how does that look?", the reply's X: CLARIFY §5.2
    lost_part_terms: bool = True  # "i dont get the escrow bit, ...", the reply's: CLARIFY §5.2
    why_objections: bool = True  # "why does X mean Y, it's the same Z": CLARIFY §5.2
    contrast_restatements: bool = True  # "so X but Y?" in the reply's words: CLARIFY §5.2
    # Stop 41 (clarify41, issue 15 item 1), SPEC-028 §5.2 CLARIFY:
    equation_checks: bool = True  # "X = Y? or Z", the reply's X: CLARIFY §5.2
    unfamiliar_terms: bool = True  # "never heard of X, what is it", the reply's X: CLARIFY §5.2
    clarify_objects: bool = True  # "could you clarify what X ...", the reply's X: CLARIFY §5.2
    surprise_echoes: bool = True  # "hang on, X? how ...", the reply's X: CLARIFY §5.2
    unfamiliar_forms: bool = True  # "X is unfamiliar to me; ...", "the X procedure": §5.2
    clarify_targets: bool = True  # a CLARIFY's term: the reply saying its head word, §4.1
    # Stop 44, opt-in (the stop's review: they took ordinary follow-ups and new subjects):
    recheck_asks: bool = False  # "wait, does X ...?", "you said X, how ...?": CLARIFY §5.2
    plan_reports: bool = False  # "great, thanks. I'll glaze it on Saturday": CONTINUE §5.2
    # SPEC-028 §5.2: "could you write two more of those" asks for more of the same:
    # DRILL_DOWN, not §5.2's bare "more" (rule more-requests).
    more_requests: bool = True
    # SPEC-028 §5.2: "done, migrate now wants to drop the users table?!" reports a finding
    # right after advice: CONTINUE, not a question (rule surprised-reports).
    surprised_reports: bool = True
    # SPEC-028 §5.2: "he hates the new food, won't eat it" reports an outcome: its subjectless
    # "won't eat it" is no inversion (rule elliptic-reports).
    elliptic_reports: bool = True
    event_adders: bool = True  # "also the boiler broke, what now?": EXPLORE §5.2 §3.3
    item_reactions: bool = True  # "the third exercise kills my wrist haha": CONTINUE §5.2
    noun_reports: bool = True  # "my manager signed it off this morning": CONTINUE §5.2
    # Stop 42 (reports42, issue 15 item 1), SPEC-028 §5.2 CONTINUE:
    option_picks: bool = True  # "the camping trip, definitely" after "which ...: A, B or C?"
    response_reports: bool = True  # "the engineer came, says the pump has gone": CONTINUE §5.2
    more_like_requests: bool = True  # "I need a couple more like the squats": DRILL_DOWN §5.2
    # Stop 42 (refs42, issue 15 item 1), SPEC-028 §4.1 / §4.2:
    item_heads: bool = True  # "and the basil?": the list item opening with basil §4.2
    ran_requests: bool = True  # a turn a tool run answered is a request to repeat §4.1
    version_repeats: bool = True  # "run the X version again": its object, no ordinal §4.1
    slot_requests: bool = True  # "same for the X job": the request naming a job §4.1
    # Stop 42 (adders42, issue 15 item 1), SPEC-028 §5.2 EXPLORE, §3.3 a new thread:
    adder_topics: bool = False  # "also the ferry to the isles, bookable ahead?": EXPLORE (opt-in)
    adder_heads: bool = True  # "my office chair creaks, ...?" ("office" the reply's): EXPLORE §3.3
    adder_reply_words: bool = True  # "... . Which school ...?", the replies' "school": EXPLORE §3.3
    adder_opener_terms: bool = True  # "One more question: ..." shares no "question": §3.3
    thread_hows: bool = True  # "how do people cut down on X ...?", X the thread's: DRILL_DOWN §5.1
