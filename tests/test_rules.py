"""The rule registry: every rule beyond the spec's text is registered, switchable, and does
what its entry says; ``Config.spec()`` is the spec's literal model."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import multihorizon as mh
import test_adder_situations
import test_adder_topics
import test_again_references
import test_also_holdings
import test_clarify_choice_asks
import test_clarify_echoes_and_targets
import test_clarify_lost_parts
import test_clarify_meaning_qualifiers
import test_clarify_rechecks
import test_clarify_unmarked_terms
import test_confirm_checks
import test_item_boundaries
import test_laid_out_lists
import test_named_items_and_run_repeats
import test_noun_references
import test_ordinal_terms
import test_output_content_words
import test_output_sayings
import test_output_targets_by_content
import test_output_value_forms
import test_picks_and_responses
import test_plan_reports
import test_reactions_and_event_adders
import test_repeats_by_kind
import test_reports_after_advice
import test_return_details
import test_return_question_words
import test_return_targets
import test_reworded_output_values
import test_subjects_in_questions
import test_summed_output_values
import test_term_recalls
import test_terse_reports
import test_typed_output_values
import test_verb_repeats
from multihorizon.cli import main
from multihorizon.evaluation.replay import read_conversations
from multihorizon.rules import RULES, rule, rules_table
from shared_data import log_turn


def _vector(seed: int) -> np.ndarray:
    """A unit vector; different seeds are nearly orthogonal in 384 dimensions."""
    vector = np.random.default_rng(seed).standard_normal(384).astype(np.float32)
    return vector / np.linalg.norm(vector)


def _blend(a: np.ndarray, b: np.ndarray, weight: float) -> np.ndarray:
    mixed = weight * a + (1 - weight) * b
    return mixed / np.linalg.norm(mixed)


# ---- the registry itself --------------------------------------------------------------------


def test_every_switch_is_a_config_field_and_default_matches_the_entry() -> None:
    default, spec = mh.Config(), mh.Config.spec()
    for entry in RULES.values():
        assert entry.switches, entry.id
        for name, off in entry.off.items():
            assert hasattr(default, name), (entry.id, name)
            # Config.spec() has every rule off.
            assert getattr(spec, name) == off or dict(getattr(spec, name)) == off, entry.id
        on = any(getattr(default, name) != off for name, off in entry.off.items())
        assert on is entry.default_on, entry.id


def test_every_rule_names_the_function_that_implements_it() -> None:
    for entry in RULES.values():
        module_path, _, name = entry.function.rpartition(".")
        target: Any
        try:
            target = importlib.import_module(f"multihorizon.{module_path}")
        except ModuleNotFoundError:
            # A method: module.Class.method.
            module_name, _, class_name = module_path.rpartition(".")
            target = getattr(importlib.import_module(f"multihorizon.{module_name}"), class_name)
        assert callable(getattr(target, name)), entry.id
        assert entry.section == "ours" or "§" in entry.section, entry.id
        assert entry.evidence, entry.id
        assert entry.summary, entry.id


def test_rule_lookup_names_the_known_ids() -> None:
    assert rule("peer-replies").switches == ("peer_replies",)
    with pytest.raises(KeyError, match="known: first-turn-explore"):
        rule("no-such-rule")


def test_the_rules_command_lists_every_rule_with_its_state(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for entry in RULES.values():
        assert entry.id in out
    assert "peer-replies [on]" in out
    assert "lexical-channel [on]" in out
    assert main(["rules", "--spec"]) == 0
    assert "[on]" not in capsys.readouterr().out
    assert rules_table().count("evidence:") == len(RULES)


# ---- Config.spec() is SPEC-028 as written ---------------------------------------------------


def test_spec_config_follows_the_order_of_checks_of_section_5_2() -> None:
    session = mh.Session(config=mh.Config.spec())
    session.user("How do I configure etcd clusters?")
    # §5.2 after an etcd turn: no reference, no continue marker, similarity below 0.50.
    assert session.classify("ok thanks") is mh.Intent.EXPLORE
    assert session.classify("go on") is mh.Intent.CONTINUE
    assert session.classify("what do you mean?") is mh.Intent.CLARIFY
    # CLARIFY is checked before references: "what did you mean about the second option".
    session.assistant("Two ways: 1. static bootstrap 2. discovery service")
    assert session.classify("what did you mean about the second option?") is mh.Intent.CLARIFY
    assert session.classify("tell me about the second option") is mh.Intent.DRILL_DOWN
    # The first check: a tool reference.
    session.tool_output("sql", [{"member": "etcd-1"}], kind="query")
    assert session.classify("explain the query result") is mh.Intent.TOOL_REFERENCE


def test_spec_config_assigns_threads_by_the_centroid_rule_alone() -> None:
    session = mh.Session(config=mh.Config.spec())
    session.user("How do I configure etcd?", embedding=_vector(1))
    envelope = session.user("explain that again", embedding=_vector(2))
    # §3.3: below 0.70 to every thread, a new one, whatever the intent.
    assert envelope.intent is mh.Intent.CLARIFY
    assert envelope.active_thread != session.turns[0].topic_thread


def test_the_default_config_differs_from_the_spec_only_by_registered_rules() -> None:
    switched = {name for entry in RULES.values() for name in entry.switches}
    assert set(mh.Config().diff()) <= switched
    assert mh.Config.spec().diff() == {}
    assert repr(mh.Config.spec()) == "Config.spec()"
    assert repr(mh.Config()).startswith("Config.spec().replace(")


# ---- each rule, on and off ------------------------------------------------------------------
# observe(config) returns what the rule changes; the test asserts it differs with the rule off.


def _first_turn(config: mh.Config) -> object:
    return mh.Session(config=config).user("What do you mean by etcd TLS?").intent


def _topic_announcement(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My VPN keeps dropping every few minutes", embedding=_vector(1))
    session.assistant("Set the keepalive to 10 seconds.", embedding=_vector(1))
    envelope = session.preview("Switching topics: what about its keepalive?", embedding=_vector(1))
    return envelope.intent, envelope.active_thread == session.active_thread


def _acknowledged_statement(config: mh.Config) -> object:
    # Rule done-reports reads "I changed it" as a report too: off, to see this rule alone.
    session = mh.Session(config=config.replace(done_reports=False, outcome_reports=False))
    session.user("My VPN keeps dropping every few minutes", embedding=_vector(1))
    session.assistant("Set the keepalive to 10 seconds.", embedding=_vector(1))
    return session.classify("OK, I changed it and reconnected.", embedding=_vector(2))


def _explain_new_content(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("How do I configure etcd clusters?")
    session.assistant("Start with --initial-cluster on every member.")
    return session.classify("Could you explain CSS grid to me?")


def _tool_reference_match(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Build the payments service and run the linter.")
    session.tool_output("ci_build", "Build #812 FAILED: 3 failing tests", args={"svc": "payments"})
    session.tool_output("lint", "0 warnings")
    envelope = session.preview("Why did the build fail?")
    return envelope.intent, [ref.scratch_entry for ref in envelope.references]


def _acknowledgement(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("How do I configure etcd clusters?")
    return session.classify("ok thanks")


def _follow_up_question(config: mh.Config) -> object:
    # Rule side-questions reads this short question as a follow-up too: off here.
    session = mh.Session(config=config.replace(side_questions=False))
    session.user("Tell me about lung cancer.")
    return session.classify("What are its symptoms?")


def _follow_up_form(config: mh.Config) -> object:
    # TREC CAsT 2020 (cast20_103): "the leader" is the band's, though nothing says so.
    # Rule side-questions reads this short question as a follow-up too: off here.
    session = mh.Session(config=config.replace(side_questions=False))
    session.user("Why were the Dead such an influential live band?")
    session.assistant("Their shows were long improvised jams, and fans taped them.")
    return session.classify("Who was the leader?")


def _answer_stays(config: mh.Config) -> object:
    # Rules thread-details and reply-answers keep a short answer too: off, to see this rule
    # alone.
    session = mh.Session(config=config.replace(thread_details=False, reply_answers=False))
    session.user("I need a table for dinner tonight", embedding=_vector(1))
    session.assistant("Which part of town?", embedding=_vector(1))
    envelope = session.user("somewhere in the north", embedding=_vector(2))
    return envelope.active_thread == session.turns[0].topic_thread


def _clarify_stays(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("How do I configure etcd?", embedding=_vector(1))
    envelope = session.user("what do you mean by quorum?", embedding=_vector(2))
    return envelope.active_thread == session.turns[0].topic_thread


def _resume_marker(config: mh.Config) -> object:
    # Rule side-questions finds the thread by the words too: off here.
    session = mh.Session(config=config.replace(side_questions=False))
    session.user("How do I configure etcd?", embedding=_vector(1))
    session.user("What is a good Postgres backup?", embedding=_vector(2))
    envelope = session.user("Back to etcd: what about TLS?", embedding=_vector(3))
    return envelope.active_thread == session.turns[0].topic_thread


def _vocabulary_resume(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("play a song by the Beatles", embedding=_vector(1))
    session.assistant("Playing the song Yesterday.", embedding=_vector(1))
    session.user("book a table for dinner at eight", embedding=_vector(2))
    envelope = session.user("please restart the song now", embedding=_vector(3))
    return envelope.active_thread == session.turns[0].topic_thread


def _peer_statement(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I love hiking in the alps", embedding=_vector(1))
    session.assistant("Me too, mountains are great", embedding=_vector(1))
    session.user("we camped by a lake last time", embedding=_vector(1))
    session.assistant("I did that with my brother once", embedding=_vector(1))
    envelope = session.user("My dog is called Rex", embedding=_vector(2))
    return envelope.active_thread == session.turns[0].topic_thread


def _detected_peers(config: mh.Config) -> object:
    # Replies that talk about their speaker: a peer, so a statement carries the topic on.
    session = mh.Session(config=config)
    session.user("I love hiking in the alps", embedding=_vector(1))
    session.assistant("Me too, my brother and I go every summer", embedding=_vector(1))
    session.user("we camped by a lake last time", embedding=_vector(1))
    session.assistant("I did that once, my tent leaked", embedding=_vector(1))
    envelope = session.user("My dog is called Rex", embedding=_vector(2))
    return envelope.active_thread == session.turns[0].topic_thread


def _recap(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My VPN keeps dropping every few minutes", embedding=_vector(1))
    session.assistant("Set the keepalive to 10 seconds.", embedding=_vector(1))
    envelope = session.preview("recap this conversation", embedding=_vector(2))
    return envelope.mode, envelope.active_thread == session.active_thread


def _reaction(config: mh.Config) -> object:
    # An assistant chat: a turn of thanks names no topic, whatever its similarity.
    session = mh.Session(config=config)
    session.user("Find me a hotel in Paris for two nights", embedding=_vector(1))
    session.assistant("I found 10 hotels; the Ac Hotel has 4 stars.", embedding=_vector(1))
    envelope = session.user("That sounds perfect, thank you for your help.", embedding=_vector(2))
    return envelope.active_thread == session.turns[0].topic_thread


def _calibrated(config: mh.Config) -> object:
    return config.thresholds_for(mh.HashingEmbedder().model_id)


def _multi_party_chat(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("anyone know how to mount a usb drive?", speaker="bob", embedding=_vector(1))
    session.user("is the new kernel in hoary yet", speaker="carol", embedding=_vector(2))
    session.user("try the disks utility first", speaker="dave", embedding=_vector(3))
    return session


def _addressing(config: mh.Config) -> object:
    # Two speakers: no multi-party chat, so only the opening address can refer.
    session = mh.Session(config=config)
    session.user("anyone know how to mount a usb drive?", speaker="bob")
    envelope = session.user("bob: check dmesg after plugging it in", speaker="dave")
    return [ref.type for ref in envelope.references]


def _name_mention(config: mh.Config) -> object:
    envelope = _multi_party_chat(config).user("that was for bob, not me", speaker="carol")
    return [ref.type for ref in envelope.references]


def _multi_party_reply(config: mh.Config) -> object:
    session = _multi_party_chat(config)
    envelope = session.user("still does not mount", speaker="bob", embedding=_vector(4))
    return envelope.active_thread == session.turns[0].topic_thread


def _demonstrative_introducer(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I have a story about my sister getting lost at a festival, it's funny.")
    session.assistant("That could work if it shows who she is. Keep it under a minute.")
    session.user("What order should the speech go in?")
    session.assistant("1. Thank the hosts\n2. The festival story, told briefly\n3. A toast")
    session.user("How long in total?")
    session.assistant("Five to seven minutes is plenty.")
    text = "That festival story, should I check it with her first?"
    return [ref.target_turn for ref in session.preview(text).references]


def _fuller_holder(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I want to make plum preserves this weekend. What do I need?")
    session.assistant(
        "You'll need:\n1. Jam jars with new lids\n2. A big heavy pan\n3. A cold saucer for "
        "the set test\n4. A funnel"
    )
    session.user("My jam never sets, it stays runny.")
    session.assistant(
        "Plums are fairly high in pectin, but use jam sugar, which has pectin added, and "
        "boil hard for ten minutes before testing."
    )
    return [ref.item for ref in session.preview("where do you even buy jam sugar").references]


def _offered_instance(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I'd like to watch a movie tonight.")
    session.assistant("Do you like Rojo? It is a thriller.")
    envelope = session.user("Who directed this movie?")
    return [ref.target_turn for ref in envelope.references]


def _antecedents(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("How do I configure etcd?")
    session.assistant("Use --cert-file.")
    return session.preview("and the key?").antecedents


def _place(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("my sister recommended Sony Hall for tonight")
    session.assistant("it has a drama at 8 pm.")
    return session.preview("book me a hotel near there").antecedents[:1]


def _pronoun_chain(config: mh.Config) -> object:
    session = mh.Session(config=config)
    for text in ("What is throat cancer?", "Tell me about lung cancer.", "What are its symptoms?"):
        session.user(text)
    return session.preview("Can it spread to my throat?").antecedents[:1]


def _bridging_chain(config: mh.Config) -> object:
    session = mh.Session(config=config)
    for text in ("What is a sourdough starter?", "What is the right temperature?"):
        session.user(text)
    return session.preview("How often do I feed it?").antecedents[:1]


def _question_chain(config: mh.Config) -> object:
    session = mh.Session(config=config)
    for text in ("What is a sourdough starter?", "How often do I feed it?"):
        session.user(text)
    return session.preview("What is the role of rye flour?").antecedents[:1]


def _follow_up_antecedent(config: mh.Config) -> object:
    # TREC CAsT 2020 (cast20_88): "it" after an answered question is the topic, not the
    # answer.
    session = mh.Session(config=config)
    session.user("Can I have some information on the labor systems of the Ottoman Empire?")
    session.assistant("Labour was organised in guilds and on estates.")
    session.user("What was the role of slavery?")
    session.assistant("Slaves served in households and in the army.")
    return session.preview("How did it govern?").antecedents[:1]


def _retrieval_session(config: mh.Config, query: np.ndarray) -> mh.Session:
    session = mh.Session(config=config)
    session.user("the original question", embedding=query)
    for index in range(30):
        role = session.user if index % 2 == 0 else session.assistant
        role(f"filler turn number {index}", embedding=_blend(query, _vector(100 + index), 0.3))
    return session


def _retrieval_scores(config: mh.Config) -> object:
    query = _vector(7)
    envelope = _retrieval_session(config, query).preview("again", embedding=query)
    return [round(item.score, 6) for item in envelope.items]


def _resume_announcement(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("We're moving from MySQL to Postgres. Which tool copies the data?")
    session.assistant("pgloader: it converts the schema and data in one pass.")
    migration = session.active_thread
    session.user("Switching topics: how do I set up a fair on-call rotation?")
    session.assistant("Weekly shifts with a primary and a secondary.")
    envelope = session.preview("Back to the migration: which tool did you say again?")
    return envelope.intent, envelope.active_thread == migration


def _side_question(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("We're planning a wedding for 80 guests in September.")
    session.assistant("Fix the budget and the date first, then book the venue.")
    envelope = session.preview("Is a buffet cheaper than a sit-down meal?")
    return envelope.intent, envelope.active_thread == session.active_thread


def _short_follow_up(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I have a violin audition for a youth orchestra next month. What matters?")
    session.assistant("Pick a solo that shows your tone, and practise the excerpts slowly.")
    envelope = session.preview("What should I wear?")
    also = session.classify("Should I also record a mock run?")
    return envelope.intent, envelope.active_thread == session.active_thread, also


def _wider_follow_up(config: mh.Config) -> object:
    # A pub quiz's entry fee: four content words of its own, right after the reply.
    session = mh.Session(config=config)
    session.user("running a pub quiz for the school pta, 12 teams, need help with rounds")
    session.assistant("Six rounds of ten: general knowledge, music, pictures, local, sport.")
    envelope = session.preview("what should entry cost per team")
    return envelope.intent, envelope.active_thread == session.active_thread


def _return_drill_down(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I'm learning Spanish for a trip to Mexico. How many hours a week?")
    session.assistant("Five hours a week: a class, daily app practice, a weekly tutor chat.")
    session.user("Unrelated: our boiler pressure keeps dropping. Should I worry?")
    session.assistant("Check the radiator valves for leaks and top it up to 1.5 bar.")
    text = "Going back to Spanish, should I learn the Mexican or the Castilian variety?"
    return session.classify(text), session.preview(text).intent


def _announcement_clause(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I'm renting time on a community kiln. What cone do stoneware glazes need?")
    session.assistant("Most stoneware glazes mature at cone 5 or 6; check the label.")
    envelope = session.preview("Off on a tangent, but should I buy a label maker?")
    return envelope.intent, envelope.active_thread == session.active_thread


def _again_report(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My CI fails on the test job, can you look?")
    session.assistant("Two tests fail: the unicode one and the empty fixture one.")
    # "said" keeps rule again-asks from reading it: this rule's own case.
    return session.preview("ok I added the fixture you said and pushed again").intent


def _again_return(config: mh.Config) -> object:
    # Rule wider-follow-ups reads the question as the rail thread's follow-up: off here.
    session = mh.Session(config=config.replace(wider_follow_ups=False))
    session.user("I'm renting time on a community kiln. What cone do stoneware glazes need?")
    session.assistant("Most stoneware glazes mature at cone 5 or 6; check the label.")
    session.user("Unrelated: is a monthly rail pass cheaper than daily tickets?")
    session.assistant("Usually only from about four days a week; look for a flexi ticket.")
    envelope = session.preview("Kiln again: how long does it take to cool down?")
    return envelope.intent, envelope.active_thread == session.turns[0].topic_thread


def _echo_clarification(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("The C string on my ukulele buzzes on an F chord. Why?")
    session.assistant("That's fret buzz: the string touches a higher fret; a setup fixes it.")
    return session.classify("Fret buzz?"), session.preview("Fret buzz?").intent


def _term_frame(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("How long between coats of joint compound on a drywall patch?")
    session.assistant("A day with premixed; setting-type powder (hot mud) recoats the same day.")
    return [
        (session.classify(text), session.preview(text).intent)
        # "whats hot mud again, i keep seeing it" is rule meaning-asks' too (a "what's" kernel).
        for text in ("hot mud?? like heated?", "hot mud I not understand, is it heated?")
    ]


def _reply_term_ask(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My bees arrive tomorrow. How do I install the package?")
    session.assistant("Hang the queen cage with the candy plug down, then shake the bees in.")
    return [
        (session.classify(text), session.preview(text).intent)
        for text in ("candy plug? is it sugar", 'what does the "candy plug" do?')
    ]


def _term_check(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("First time sailing a dinghy on sunday. What do I need to know?")
    session.assistant("Keep the mainsheet in hand and sit on the high side when it heels.")
    return [
        (session.classify(text), session.preview(text).intent)
        for text in ("mainsheet is which rope?", "the high side, is that the windward one?")
    ]


def _meaning_ask(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Thinking of brewing my first cider from our apples. Where do I start?")
    session.assistant("Scrat the apples, press them, and add campden tablets before the yeast.")
    return [
        (session.classify(text), session.preview(text).intent)
        for text in ("campden tablets, what are they exactly", "what does scrat actually mean")
    ]


def _older_reply_term(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Thinking of brewing my first cider from our apples. Where do I start?")
    session.assistant("Scrat the apples, press them, and add campden tablets before the yeast.")
    session.user("how long before it is drinkable?")
    session.assistant("Three to six months in the bottle; longer is smoother.")
    text = "campden tablets, what are they exactly"
    return (session.classify(text), session.preview(text).intent)


def _asked_announcement(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("The C string on my ukulele buzzes on an F chord. Why?")
    session.assistant("That's fret buzz: the string touches a higher fret; a setup fixes it.")
    envelope = session.preview("Can I ask you about something else? We rent paddleboards soon.")
    return envelope.intent, envelope.active_thread == session.active_thread


def _reaction_announcement(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("The C string on my ukulele buzzes on an F chord. Why?")
    session.assistant("That's fret buzz: the string touches a higher fret; a setup fixes it.")
    envelope = session.preview("Oh nice, that makes sense! Totally unrelated: is tax due on it?")
    return envelope.intent, envelope.active_thread == session.active_thread


def _bare_return(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My bread machine loaf sank in the middle. What went wrong?")
    session.assistant("Too much yeast or water: the dough rises fast and collapses.")
    bread = session.active_thread
    session.user("Unrelated: I left my wallet on the bus. Who do I call?")
    session.assistant("The bus company's lost property line; freeze your cards meanwhile.")
    envelope = session.preview("Anyway, where were we?")
    return envelope.intent, envelope.active_thread == bread


def _done_report(config: mh.Config) -> object:
    # Rule outcome-reports reads the same report whatever its words: off, to see this one.
    session = mh.Session(config=config.replace(outcome_reports=False))
    session.user("My bread machine loaf sank in the middle. What went wrong?")
    session.assistant("Too much yeast or water; weigh the flour and cut the yeast a little.")
    envelope = session.preview("I weighed everything this time and used less of the dry stuff.")
    return envelope.intent, envelope.active_thread == session.active_thread


def _thread_detail(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My son turns ten soon and wants a sleepover with five friends. Any tips?")
    session.assistant("Keep a loose plan: pizza, one game, a film, then lights out at ten.")
    envelope = session.preview("mine is an older house, the walls are thin")
    return envelope.intent, envelope.active_thread == session.active_thread


def _outcome_report(config: mh.Config) -> object:
    # Rule terse-reports reads a short report with no subject too: off, to see this one.
    session = mh.Session(config=config.replace(terse_reports=False))
    session.user("Water drips through our bedroom ceiling whenever it rains hard. Where from?")
    session.assistant("A slipped tile or failed flashing; check the loft, then call a roofer.")
    text = "Rang them this week: Apex quoted 1,450 all in, HillTop 680 with mastic only."
    envelope = session.preview(text)
    return envelope.intent, envelope.active_thread == session.active_thread


def _reply_answer(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My tomato seedlings are tall and floppy. What am I doing wrong?")
    session.assistant("They are stretching for light. Where do they stand, and how many hours?")
    envelope = session.preview(
        "Next to the back door on a shelf, lots of morning sun, none in the afternoon at all "
        "since the fence blocks it."
    )
    return envelope.intent, envelope.active_thread == session.active_thread


def _long_report(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Our sourdough starter smells like nail polish.")
    session.assistant("It's hungry. Feed it twice a day at 1:1:1 and keep it somewhere warm.")
    text = (
        "Kept it in the airing cupboard overnight and by morning it had doubled, though there "
        "was a grey liquid layer on the top of the jar."
    )
    return session.preview(text).intent


def _reply_follow_up(config: mh.Config) -> object:
    session = mh.Session(config=config.replace(reply_words=False))  # it keeps this one too
    session.user("The wifi upstairs is really weak. What can I do?")
    session.assistant("Move the router up, or add a mesh node or a powerline adapter upstairs.")
    envelope = session.preview("Mesh or powerline, which is better in an old stone house?")
    return envelope.active_thread == session.active_thread


def _reply_words(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("We're moving house in three weeks with two kids. How do we start?")
    session.assistant(
        "Book the movers or van now, declutter room by room, and pack the rooms you use "
        "least first."
    )
    envelope = session.preview("When should I change our address with the bank and the doctor?")
    return envelope.active_thread == session.active_thread


def _return_variant(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("We're moving flats next month. How early should I book a removal company?")
    session.assistant("Four to six weeks ahead, more at month ends and in summer.")
    moving = session.active_thread
    session.user("Unrelated: how long does it take to set up broadband at a new address?")
    session.assistant("Usually ten days to two weeks.")
    session.user("Different topic: how do I descale a kettle?")
    session.assistant("Boil water with citric acid, then rinse.")
    envelope = session.preview("Getting back to the move, what should I do about the post?")
    return envelope.active_thread == moving


def _also_question(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Our new puppy keeps biting hands during play. How do we stop it?")
    session.assistant("Stop playing for a few seconds, then redirect to a chew toy.")
    return session.classify("Also, do I need winter tyres in Austria?")


def _report_back(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My tomato plants have yellow leaves at the bottom, what's going on?")
    session.assistant("Usually a nitrogen shortage or overwatering; the oldest leaves go first.")
    envelope = session.preview("They're in pots and I water them every day.")
    return session.classify("They're in pots and I water them every day."), (
        envelope.active_thread == session.active_thread
    )


def _term_question(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I'm researching my family tree. Where do I find old birth records?")
    session.assistant("Search the indexes with wildcards and phonetic (Soundex) options.")
    # A reply in between: the reply just before is rule meaning-asks' to read.
    session.user("Are the indexes free?")
    session.assistant("Most are free to search; viewing an image of the entry may cost a little.")
    return session.classify("What's a Soundex search?")


def _lexical(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("the zanzibar deployment uses port 7443", embedding=_vector(1))
    query = _vector(2)
    for index in range(40):
        session.user(f"status update {index}", embedding=_blend(query, _vector(200 + index), 0.4))
    envelope = session.preview("what was zanzibar's port?", embedding=query)
    return 0 in [item.turn_id for item in envelope.items]


def _answers(config: mh.Config) -> object:
    session = mh.Session(config=config)
    question = _vector(3)
    session.user("What inspired your painting?", embedding=question)
    session.assistant("A visit to the seaside last spring.", embedding=_vector(4))
    for index in range(20):
        session.user(f"unrelated chatter {index}", embedding=_vector(300 + index))
    envelope = session.preview("what inspired your painting?", embedding=question)
    return "answer" in [item.reason for item in envelope.items]


def _relevance_floor(config: mh.Config) -> object:
    return config.relevance_floor_for(mh.HashingEmbedder().model_id)


def _ordinal_form(config: mh.Config) -> object:
    # Rule label-picks reads "option C please" too (a bare label): off, to see this rule alone.
    session = mh.Session(config=config.replace(label_picks=False))
    session.user("Which cache?")
    session.assistant("Options:\n1. Redis\n2. Memcached\n3. A cache table")
    return [(ref.target_turn, ref.item) for ref in session.preview("option C please").references]


def _item_form(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Which cache?")
    session.assistant("Options:\n1. Redis, the fastest\n2. Memcached, the cheapest\n3. A table")
    return [(ref.target_turn, ref.item) for ref in session.preview("go with b").references]


def _item_word(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("What else should I buy with the sewing machine?")
    session.assistant("Extras:\n1. Fabric scissors\n2. A seam ripper\n3. Jersey needles")
    return [(ref.target_turn, ref.item) for ref in session.preview("Which needle size?").references]


def _continued_list(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Stretches for a desk job?")
    session.assistant("Start with:\n1. Neck rolls\n2. Shoulder shrugs\n3. A seated twist")
    session.user("Any more?")
    session.assistant("Sure:\n4. Wrist stretch\n5. Hip flexor lunge\n6. Chin tucks")
    return [(ref.target_turn, ref.item) for ref in session.preview("the 2nd one?").references]


def _item_pair(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("How can I cut my grocery bill?")
    session.assistant("Ideas:\n1. Plan meals\n2. Buy store brands\n3. Shop with a list")
    refs = session.preview("Tell me about the second and third.").references
    return [(ref.target_turn, ref.item) for ref in refs]


def _counted_list(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Which purifier for a bedroom?")
    session.assistant(
        "Three fit that room. The Levoit is the cheapest at 100 euros. The Coway is the "
        "quietest at night. The Blueair is the most powerful."
    )
    refs = session.preview("Which is the quietest?").references
    return [(ref.target_turn, ref.item) for ref in refs]


def _own_list(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I'm choosing between an iPhone 15, a Pixel 8 and a Galaxy S23. Which?")
    session.assistant("The iPhone is simplest to set up; the Pixel has the cleanest Android.")
    refs = session.preview("The second one I mentioned, does it get long updates?").references
    return [(ref.target_turn, ref.item) for ref in refs]


def _list_topic(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Which peppers should I grow for hot sauce?")
    session.assistant("Peppers:\n1. Jalapeño\n2. Fresno\n3. Habanero\n4. Scotch bonnet")
    session.user("How do I make it shelf stable?")
    session.assistant("Steps:\n1. Add vinegar\n2. Simmer it\n3. Bottle it hot\n4. Refrigerate")
    refs = session.preview("Pepper number four, where can I get seeds?").references
    return [(ref.target_turn, ref.item) for ref in refs]


def _list_noun(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Why does my kettle switch off before it boils?")
    session.assistant("Likely causes:\n1. Limescale on the element\n2. A worn thermostat")
    session.user("How do I descale it?")
    session.assistant("Steps:\n1. Fill it with vinegar\n2. Boil it\n3. Rinse it twice")
    refs = session.preview("Back on the causes, is the last one costly?").references
    return [(ref.target_turn, ref.item) for ref in refs]


def _item_echo(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("What should we cook for the street party?")
    session.assistant("Ideas:\n1. A paella in a big pan\n2. Burgers\n3. A fruit salad")
    session.user("Drinks?")
    session.assistant("Drinks:\n1. Lemonade\n2. Iced tea\n3. Punch")
    refs = session.preview("number one, how big a pan?").references
    return [(ref.target_turn, ref.item) for ref in refs]


def _item_antecedent(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Which tents suit a cycling trip?")
    session.assistant("Tents:\n1. A one-person tunnel tent\n2. A two-person dome\n3. A bivvy bag")
    session.user("How do I carry it?")
    session.assistant("Strap the tent under the saddle or on a rear rack.")
    return session.preview("from what you listed, the first, is it heavy?").antecedents[:1]


def _retargeted_item(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("For her birthday I'm torn between: a cooking class, a kayak trip or a watch.")
    session.assistant("Lovely ideas; the trip is the most memorable.")
    session.user("What about the card?")
    session.assistant("Ideas:\n- Thank her\n- Recall a trip\n- Keep it short")
    return session.preview("Of my ideas, the first, is it expensive?").antecedents[:1]


def _sentence_list(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("How do I get to Porto?")
    session.assistant(
        "You could take the train, the quickest way. Or fly from Lisbon. Another option is "
        "the bus, the cheapest of all."
    )
    refs = session.preview("Which is the cheapest?").references
    return [(ref.target_turn, ref.item) for ref in refs]


def _lead_letter(config: mh.Config) -> object:
    # Since stop 36 rule letter-picks reads a letter over a lettered list as well: lead-letters
    # alone is observed (it reads an unlettered list too, which letter-picks does not).
    session = mh.Session(config=config.replace(letter_picks=False))
    session.user("Which switches?")
    session.assistant("Options:\na) Brown tactile\nb) Red linear\nc) Blue clicky")
    return [(ref.target_turn, ref.item) for ref in session.preview("c in an office?").references]


def _item_over_said(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Hotels in Vienna?")
    session.assistant("Options:\n1. Hotel Sacher, classic\n2. Hotel Topazz, boutique")
    refs = session.preview("Of the hotels you listed, is the second one quiet?").references
    return [(ref.target_turn, ref.item) for ref in refs]


def _own_list_words(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I plan to: put up posters, price things with stickers, and bake a cake.")
    session.assistant("Sounds good. Add a free table.")
    refs = session.preview("the stickers idea I mentioned, round numbers?").references
    return [(ref.target_turn, ref.item) for ref in refs]


def _plain_quality(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Winter tyres?")
    session.assistant("Options:\n1. Michelin Alpin, long-lasting\n2. Debica Frigo, a budget choice")
    refs = session.preview("The cheap one, any good on motorways?").references
    return [(ref.target_turn, ref.item) for ref in refs]


def _repeated_question(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("What's the forecast for Chicago on Thursday?")
    session.assistant("Partly cloudy, high of 54F.")
    return [ref.target_turn for ref in session.preview("Same again for Friday.").references]


def _definite_reference(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I bought a Ninja blender last month for $89.")
    session.assistant("Ninja covers parts for one year.")
    session.user("Also my toaster burns one side.")
    session.assistant("One heating element is failing.")
    envelope = session.preview("How much did I pay for the blender?")
    return [ref.target_turn for ref in envelope.references], envelope.antecedents


def _fronted_definite(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I bought a Ninja blender last month for $89.")
    session.assistant("Ninja covers parts for one year.")
    session.user("Also my toaster burns one side.")
    session.assistant("One heating element is failing.")
    envelope = session.preview("the blender, can it crush ice?")
    return [ref.target_turn for ref in envelope.references]


def _entity_reference(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I need a laptop for travel.")
    session.assistant("The MacBook Air 13 weighs 1.24 kg and costs $1,099.")
    session.user("And one for video editing?")
    session.assistant("The MacBook Pro 16 weighs 2.14 kg and costs $3,499.")
    session.user("What about a monitor?")
    session.assistant("The Dell U2723QE is a 27-inch 4K monitor for about $580.")
    lighter = session.preview("How much RAM does the lighter one have?")
    named = session.preview("Does Dell make a 32-inch version?")
    return [ref.target_turn for ref in lighter.references + named.references]


def _entity_form(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I want an espresso machine for home.")
    session.assistant("The Gaggia Classic Pro at $449 is easy to repair.")
    session.user("What about logs for our services?")
    session.assistant("Grafana Loki indexes only labels, so it is cheap to store.")
    session.user("I also want to upgrade my kitchen knives.")
    session.assistant("A gyuto like the Tojiro DP is light and sharp.")
    asked = [
        "How long does the machine take to heat up?",  # the answer holds the machine
        "Does the knife chip easily?",  # "knives" said it
        "how long does loki keep logs?",  # a name in lower case
    ]
    return [[ref.target_turn for ref in session.preview(text).references] for text in asked]


def _said_reply(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I'm looking for a sea kayak for day trips.")
    session.assistant("The Valley Gemini SP is stable; the P&H Cetus MV tracks straighter.")
    session.user("What paddle length should I get?")
    session.assistant("About 210 to 220 cm for a low-angle stroke on a boat of that width.")
    envelope = session.preview("What length of paddle did you say?")
    return [ref.target_turn for ref in envelope.references]


def _repeat_past_clarification(config: mh.Config) -> object:
    # Rule repeat-slots passes over the question too, rule latest-repeats takes the version
    # request itself: observed without them.
    session = mh.Session(config=config.replace(repeat_slots=False, latest_repeats=False))
    session.user("In Google Sheets, how do I sum sales for one region?")
    session.assistant('=SUMIF(B2:B500, "North", D2:D500) adds column D where B says North.')
    session.user("You lost me a bit. Which part is the condition?")
    session.assistant('"North" is the condition; B2:B500 is where it is checked.')
    envelope = session.preview("Same thing for Excel please.")
    return [ref.target_turn for ref in envelope.references]


def _repeat_named_request(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Can you write me an nginx server block for the app on port 3000?")
    session.assistant("server { listen 80; location / { proxy_pass http://127.0.0.1:3000; } }")
    session.user("Why would the health check come back with a 502?")
    session.assistant("nginx reached no upstream: the app is not listening on 3000.")
    envelope = session.preview("Write the same thing but with TLS on 443.")
    return [ref.target_turn for ref in envelope.references]


def _entity_item(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My home router drops Wi-Fi every evening around 9. What could it be?")
    session.assistant(
        "Likely causes:\n- Channel congestion when neighbours get home\n- A scheduled "
        "firmware check that reboots the radio\n- Overheating in a closed cupboard"
    )
    session.user("Which app shows the channels around me?")
    session.assistant("WiFi Analyzer on Android shows every network and its channel.")
    envelope = session.preview("How would I confirm the congestion theory?")
    return [ref.item for ref in envelope.references]


def _tool_output_noun(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Show me what changed in the test setup since the upgrade.")
    session.tool_output("git_diff", "--- a/jest.setup.ts\n+++ b/jest.setup.ts\n-import 'x';")
    session.assistant("The polyfill import was removed.")
    envelope = session.preview("Which import does the diff drop?")
    return envelope.intent, [ref.scratch_entry for ref in envelope.references]


def _fresh_output_question(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Which identity does the export job run as?")
    session.tool_output("aws", '{"Arn": "arn:aws:sts::4815:assumed-role/export-runner/job"}')
    envelope = session.preview("Which role is it using?")
    return envelope.intent, [ref.scratch_entry for ref in envelope.references]


def _detail_antecedent(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I want to make my first batch of napa cabbage kimchi.")
    session.assistant("Salt the cabbage for 2 hours, then rub in a paste of gochugaru and garlic.")
    session.user("How long do I ferment it?")
    session.assistant("One to two days at room temperature, then move it to the fridge.")
    return session.preview("How much gochugaru for one cabbage?").antecedents[:1]


def _holder_antecedent(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("We just adopted two guinea pigs.")
    session.assistant("Give them unlimited hay and a cup of romaine or peppers a day.")
    session.user("Bedding next, we have a big cage.")
    # The reply asks, so rule detail-holders leaves the turn before first.
    session.assistant("Fleece liners over absorbent pads work well: how big is the cage?")
    return session.preview("is iceberg lettuce ok too or only romaine?").antecedents[:1]


def _dislocated_topic(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("We are getting two ferrets, what do they need?")
    session.assistant("A large cage with a hammock, a litter tray and ferret kibble.")
    session.user("How often do they sleep?")
    # The reply asks, so rule detail-holders leaves the turn before first.
    session.assistant("Up to 18 hours a day: is there a quiet room for the cage?")
    return session.preview("hammock, do they actually use it?").antecedents[:1]


def _detail_holder(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("We're renting our first flat. What do we pay up front?")
    session.assistant("A deposit of five weeks' rent, capped by law, and the first month up front.")
    session.user("And the inventory check?")
    session.assistant("The landlord pays for it; the deposit is checked against it when you leave.")
    return session.preview("How much was the deposit?").antecedents[:1]


def _detail_turn(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Which travel kettle, the Breville Mini or the Swan Compact?")
    session.assistant("The Breville Mini folds flat; the Swan Compact holds a litre.")
    session.user("I travel light, mostly hostels.")
    session.assistant("Then the Breville: its lid locks shut so it won't leak in a bag.")
    session.user("And a plug adapter?")
    session.assistant("Take a universal adapter with a USB port.")
    return session.preview("the breville, does the lid lock so it won't leak?").antecedents[:1]


def _number_holder(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("The garage quoted me for a new clutch, is that fair?")
    session.assistant("A clutch kit and labour usually come to $450-700 at an independent garage.")
    session.user("They also said the brake discs are worn.")
    session.assistant("Discs and pads go together; a flywheel check costs little too.")
    return session.preview("Is the flywheel check part of the $450-700?").antecedents[:1]


def _asked_value(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My lease ends on August 31 and the landlord wants notice.")
    session.assistant("Then give written notice by July 2 at the latest; email is fine.")
    session.user("The deposit was $1,800.")
    session.assistant("They must return the deposit, minus itemised deductions, within a month.")
    return session.preview("How much was the deposit?").antecedents[:1]


def _repeat_sibling(config: mh.Config) -> object:
    # Rule repeat-slots passes over the question too, rule latest-repeats takes the version
    # request itself: observed without them.
    session = mh.Session(config=config.replace(repeat_slots=False, latest_repeats=False))
    session.user("What should my book club read first?")
    session.assistant("Try Small Things by Keegan, Klara by Ishiguro, or the Murder Club by Osman.")
    session.user("Give me discussion questions for the Keegan.")
    session.assistant("1. Why does Furlong act? 2. What role does the town play?")
    session.user("Where could we meet if nobody hosts?")
    session.assistant("A cafe's back room or the library's community room.")
    envelope = session.preview("And again for the Osman.")
    return [ref.target_turn for ref in envelope.references if ref.type == "action"]


def _repeat_product(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Give me five pub quiz questions on 90s music.")
    session.assistant("1. Who sang Wannabe? 2. Which band made Wonderwall?")
    session.user("How many rounds should a quiz have?")
    session.assistant("Six rounds of ten questions fit two hours.")
    envelope = session.preview("More like these but about 80s films.")
    return [ref.target_turn for ref in envelope.references if ref.type == "action"]


def _repeat_variation(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I want to make my first batch of napa cabbage kimchi.")
    session.assistant("Salt the cabbage for 2 hours, then rub in a paste of gochugaru and garlic.")
    session.user("Give me a recipe for a vegan version.")
    session.assistant("Replace the fish sauce with soy sauce and miso.")
    envelope = session.preview("Again but for cucumber kimchi.")
    return [ref.target_turn for ref in envelope.references if ref.type == "action"]


def _output_holder(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("My father's distance vision got blurry; the optician checks his refraction.")
    session.tool_output("optometry_record", "Refraction: right -1.75, left -0.50")
    session.assistant("His right eye is the weaker one.")
    envelope = session.preview("That refraction, is it short sight?")
    return [ref.scratch_entry for ref in envelope.references]


def _introduced_output(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Our Java service freezes every few minutes, here is the GC log.")
    session.tool_output("gc_log", "GC(90) To-space exhausted\nGC(91) Pause Full 1874.6ms")
    session.assistant("GC(91) is a full pause of 1.9 s after to-space was exhausted.")
    envelope = session.preview("That to-space exhausted line, what does it mean?")
    return [ref.scratch_entry for ref in envelope.references]


def _coded_demonstrative(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Our iPad app crashes on sign in, here is the crash log.")
    session.tool_output("crash_log", "Exception Type: EXC_CRASH (SIGABRT)\nThread 0 crashed")
    session.assistant("It aborts inside the sign-in controller.")
    envelope = session.preview("This SIGABRT, does it always mean an exception?")
    return [ref.scratch_entry for ref in envelope.references]


def _later_output(config: mh.Config) -> object:
    session = mh.Session(config=config.replace(named_runs=False))  # it names the run too
    session.user("My CI keeps failing, here is the log.")
    session.tool_output("ci_log", "ERROR test_empty_file - FileNotFoundError: fixtures/empty.txt")
    session.assistant("The empty file fixture is missing.")
    session.user("Added it and pushed again.")
    session.tool_output("ci_log", "ERROR test_unicode_names - AssertionError\n1 failed")
    session.assistant("Only the unicode test fails now.")
    envelope = session.preview("Did the latest run still have the empty file error?")
    return [ref.scratch_entry for ref in envelope.references]


def _repeat_form(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Write an invitation for my daughter's pirate party on 3 May.")
    session.assistant("Ahoy! Mia is turning 6! Join the crew on Saturday 3 May, 2 to 4 pm.")
    session.user("What games work for six-year-olds?")
    session.assistant("A treasure hunt and pass the parrot.")
    envelope = session.preview("Do that again as a text message.")
    return [ref.target_turn for ref in envelope.references if ref.type == "action"]


def _repeat_chain(config: mh.Config) -> object:
    # Rule repeat-slots passes over the question too, rule latest-repeats takes the version
    # request itself: observed without them.
    session = mh.Session(config=config.replace(repeat_slots=False, latest_repeats=False))
    session.user("Write a haiku about autumn leaves.")
    session.assistant("Red leaves drift and fall / the maple lets go of gold / wind keeps it")
    session.user("What makes a haiku seasonal?")
    session.assistant("A kigo, a season word such as 'petals' or 'frost'.")
    session.user("Give me a version of that haiku for spring.")
    session.assistant("Pink petals drift down / the cherry lets go of light / rain keeps it")
    envelope = session.preview("Same again but for winter.")
    return [ref.target_turn for ref in envelope.references if ref.type == "action"]


def _crawls(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Our traffic dropped after the redesign.")
    session.tool_output("site_crawl", "Pages crawled: 1,842\n404: 207\nMissing title: 96")
    session.assistant("207 pages are missing; map them with 301s.")
    session.user("Fixed the titles, crawling again.")
    session.tool_output("site_crawl", "Pages crawled: 1,861\n404: 12\nMissing title: 4")
    session.assistant("Much better.")
    return session


def _output_detail(config: mh.Config) -> object:
    # Rule summed-output-values names the output too: observed without it.
    envelope = _crawls(config.replace(summed_output_values=False)).preview(
        "How many titles were missing?"
    )
    return [ref.scratch_entry for ref in envelope.references]


def _earlier_output(config: mh.Config) -> object:
    # Rule named-runs names the first crawl too: observed without it.
    session = _crawls(config.replace(named_runs=False))
    envelope = session.preview("How many titles were missing in the first crawl?")
    return [ref.target_turn for ref in envelope.references if ref.type == "tool"]


def _detail_fragment(config: mh.Config) -> object:
    # Rule named-runs names the first crawl too: observed without it.
    envelope = _crawls(config.replace(named_runs=False)).preview("missing titles first crawl")
    return [ref.target_turn for ref in envelope.references if ref.type == "tool"]


def _pronoun_detail(config: mh.Config) -> object:
    # Rule it-said-outputs reads "what did it count" too (the recent newest output).
    # Rule summed-output-values names the output too: observed without it.
    session = _crawls(config.replace(it_said_outputs=False, summed_output_values=False))
    session.user("Okay, noted.")
    session.assistant("Good.")
    envelope = session.preview("What did it count as crawled pages?")
    return [ref.target_turn for ref in envelope.references if ref.type == "tool"]


def _rerun_detail(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("put a logger in the cellar for a week")
    session.tool_output("humidity_logger", "Avg RH: 74%\nDew point avg: 11.0 C")
    session.assistant("The wall is colder than the dew point, so it condenses there.")
    session.user("added a dehumidifier, logged another week")
    session.tool_output("humidity_logger", "Avg RH: 55%\nDew point avg: 7.2 C")
    session.assistant("Much drier now.")
    envelope = session.preview("what was the dew point the first week")
    return [ref.target_turn for ref in envelope.references if ref.type == "tool"]


def _output_detail_intent(config: mh.Config) -> object:
    session = _crawls(config)
    session.user("Okay, noted.")
    session.assistant("Good.")
    text = "How many titles were missing?"
    return session.classify(text), session.preview(text).intent


def _fronted_output_topic(config: mh.Config) -> object:
    session = _crawls(config)
    session.user("Okay, noted.")
    session.assistant("Good.")
    text = "Those 404 pages, should I redirect them all?"
    return session.classify(text), session.preview(text).intent


def _named_run(config: mh.Config) -> object:
    session = _crawls(config)
    session.user("Okay, noted.")
    session.assistant("Good.")
    # No question shape (rule ask-shapes reads "in the first crawl how many ..." as an inner
    # ask since stop 34): only the named run points back.
    text = "in the first crawl there were how many 404s"
    envelope = session.preview(text)
    return session.classify(text), [ref.target_turn for ref in envelope.references]


def _rare_output_token(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("scanned the api image before the release")
    session.tool_output("image_scan", "openssl 3.0.11 CVE-2024-5535 CRITICAL\ncurl 8.4.0 HIGH")
    session.user("bumped the base and rescanned")
    session.tool_output("image_scan", "curl 8.7.1 HIGH\nsqlite 3.45.3 MEDIUM")
    session.user("zlib still there?")
    session.assistant("No: the rebuild dropped it.")
    session.tool_output("config_scan", "KSV012 MEDIUM Runs as root (deployment api)\nKSV020 LOW")
    session.user("and the manifests?")
    session.assistant("Set runAsNonRoot on the api deployment.")
    text = "KSV020 is on which deployment"
    return [ref.target_turn for ref in session.preview(text).references]


def _fetch_request(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("the deploy failed again, here's the job")
    session.tool_output("ci_job", "step migrate: ERROR relation users already exists\nexit 1")
    session.assistant("The migration ran twice; mark it applied and redeploy.")
    session.user("ok that worked for the api")
    session.assistant("Good; the worker uses the same migrations.")
    text = "Pull the error logs for the worker too."
    return session.classify(text), session.preview(text).intent


def _handed_output(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("the greenhouse feels damp, here's the sensor")
    session.tool_output("hygrometer", "humidity 91%\ntemperature 14C")
    session.assistant("91% is high: open the vents for an hour after watering.")
    text = "Did that all week, the results came back today."
    return session.classify(text), session.preview(text).intent


def _finding_outcome(config: mh.Config) -> object:
    # Rule summed-output-values names the soil test too ("organic" it shows once): off here.
    session = mh.Session(config=config.replace(summed_output_values=False))
    session.user("the lawn is patchy, sent a soil sample off")
    session.tool_output("soil_test", "pH: 5.4\nOrganic matter: 2.1%\nPhosphorus: 12 ppm (low)")
    session.assistant("The soil is acidic: lime it this autumn.")
    session.user("ok, ordered the lime")
    session.assistant("Good; spread it before rain.")
    return [ref.type for ref in session.preview("How much organic matter did it find?").references]


def _person_outcome(config: mh.Config) -> object:
    session = _crawls(config)
    session.user("Okay, noted.")
    session.assistant("Map the old URLs with 301s and resubmit the sitemap.")
    text = "What you said about the crawled pages, how do I fix them?"
    return session.classify(text), session.preview(text).intent


def _addressed_output_noun(config: mh.Config) -> object:
    session = _crawls(config)
    session.user("Okay, noted.")
    session.assistant("Good.")
    text = "Redirects, you mean fix the old rows?"
    return session.classify(text), session.preview(text).intent


def _fresh_output(config: mh.Config, text: str) -> object:
    session = mh.Session(config=config)
    session.user("The backup disk is full again, checking what's on it.")
    session.tool_output("du", "412G /var/backups/nightly\n18G /var/log\nUsage: 92% of 560G")
    return session.classify(text), session.preview(text).intent


def _fresh_target(config: mh.Config) -> object:
    session = mh.Session(config=config)
    path = Path(__file__).parent / "data" / "handwritten" / "refs_holdout.jsonl"
    conversation = next(c for c in read_conversations(path) if c["conv_id"] == "rh-graphql-partial")
    for turn in conversation["turns"][:7]:  # the token introspection is the fresh output
        log_turn(session, turn)
    envelope = session.preview("Is customers:read in the scope list?")
    return [ref.scratch_entry for ref in envelope.references if ref.type == "tool"]


def _introducing_turn(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I wake up tired every day.")
    session.assistant("Try sleeping on your side and skip alcohol in the evening.")
    session.user("And if it is apnoea?")
    session.assistant("Mild cases improve with side sleeping; severe ones need a CPAP machine.")
    envelope = session.preview("The side sleeping you brought up, any tricks?")
    return [ref.target_turn for ref in envelope.references if ref.type == "turn"]


def _marker_style(config: mh.Config) -> object:
    # Rule letter-picks (stop 36) reads "option c" over the lettered list too: marker-styles
    # alone is observed.
    session = mh.Session(config=config.replace(letter_picks=False))
    session.user("How do I cut my electricity bill?")
    session.assistant("Options:\na) A fixed tariff\nb) Night washing\nc) A smart thermostat")
    session.user("And how do I read the meter?")
    session.assistant("Steps:\n1. Find the serial\n2. Press the button\n3. Note the reading")
    envelope = session.preview("option c, is it worth it?")
    return [(ref.target_turn, ref.item) for ref in envelope.references if ref.type == "ordinal"]


def _place_scope(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("A week in the Alps in June, where should we stay?")
    session.assistant("Good bases:\n1. Annecy, by the lake\n2. Chamonix, under Mont Blanc")
    session.user("And what should we eat?")
    session.assistant("Try these:\n1. Tartiflette\n2. Fondue\n3. Reblochon on bread")
    envelope = session.preview("Of the towns you listed, is the second one busy?")
    return [(ref.target_turn, ref.item) for ref in envelope.references if ref.type == "ordinal"]


def _question_form(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I returned the jacket last week")
    session.assistant("Refunds usually take five to ten working days.")
    return session.classify("the refund, has it gone through")


def _question_end(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("booking a hire car for a week, excess insurance and deposits confuse me")
    session.assistant("Standalone excess insurance is cheaper than the desk's cover.")
    return session.classify("standalone excess insurance worth it")


def _again_ask(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("I gave blood for the first time today")
    session.assistant("Well done. Drink plenty today and avoid heavy lifting with that arm.")
    return session.classify("how long until i can give blood again")


_DECK = "We're building a small deck off the back door. What spacing should the joists have?"
_DECK_REPLY = "Joists at 400 mm centres. Leave the post concrete to set for a night first."


def _other_topic_clause(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user(_DECK)
    session.assistant(_DECK_REPLY)
    return session.preview("Separate question, the car battery keeps dying overnight. Why?").intent


def _situation_setup(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user(_DECK)
    session.assistant(_DECK_REPLY)
    text = (
        "My daughter turns eight next month and wants a sleepover party with six friends. "
        "Any tips on keeping the night under control?"
    )
    return session.preview(text).active_thread == session.active_thread


def _thread_request(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user(_DECK)
    session.assistant(_DECK_REPLY)
    return session.classify("Now make me a shopping list for the timber.")


def _thread_want(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user(_DECK)
    session.assistant(_DECK_REPLY)
    return session.classify("I need to know how long the joists can span as well.")


def _form_request(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user(_DECK)
    session.assistant(_DECK_REPLY)
    return session.classify("ok give me a checklist for the build day")


def _understanding_check(config: mh.Config) -> object:
    # Rule restating-checks reads this check ("just" and the reply's words) on its own.
    session = mh.Session(config=config.replace(restating_checks=False))
    session.user("How do I build a dry stone wall?")
    session.assistant("Build two faces with a batter, leaning in as they rise; fill the middle.")
    return session.classify("so the batter is just the wall leaning in as it goes up?")


def _restated_check(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("How do I start a lino print?")
    session.assistant("Ink the block with a brayer, then press the paper with a spoon.")
    return session.classify("the brayer, the roller thing?")


def _embedded_continue(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user(_DECK)
    session.assistant(_DECK_REPLY)
    return session.classify("should the joists be spaced more closely for a hot tub?")


def _action_request(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user(_DECK)
    session.assistant(_DECK_REPLY)
    return session.classify("Now check the joist spacing for a 3 m span.")


def _new_ground_question(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user(_DECK)
    session.assistant(_DECK_REPLY)
    text = (
        "Our daughter's primary school has asked parents to pay for a residential trip to "
        "Wales in the spring, and money is tight this year. How do we say no without it "
        "looking bad?"
    )
    return session.classify(text)


def _own_antecedent(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user(_DECK)
    session.assistant(_DECK_REPLY)
    return session.classify("my kid has a verruca on the sole of her foot, can she still swim")


def _reason_follow_up(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("We want to lay turf this weekend, how should we prepare the soil?")
    session.assistant("Dig to 10 cm, rake level, firm it by treading, then lay the rolls.")
    return session.classify("Why not a weedkiller first?")


def _own_new_ground(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("We want to lay turf this weekend, how should we prepare the soil?")
    session.assistant("Dig to 10 cm, rake level, firm it by treading, then lay the rolls.")
    return session.classify(
        "Our landlord says the broken boiler in the flat can wait until next week. Is that legal?"
    )


def _stop36_session(config: mh.Config, over: bool) -> mh.Session:
    """A CI matrix output; ``over``: one more exchange after it (stop 36's rules)."""
    session = mh.Session(config=config)
    session.user("matrix build is flaky, heres the run")
    session.tool_output(
        "gh_run_view",
        "ok test (windows-latest, 3.12) 4m48s\nX test (macos-latest) 6m02s\nok coverage 41s",
    )
    if over:
        session.user("which one timed out")
        session.assistant("The mac job, after 300 s; the others passed.")
        session.user("ok, we'll skip that test on mac")
        session.assistant("Fine; open an issue so it is not forgotten.")
    return session


def _advice_question(config: mh.Config) -> object:
    return _stop36_session(config, False).classify("should we run the mac job nightly only?")


def _howto_output_noun(config: mh.Config) -> object:
    text = "how do i download the logs with the gh cli?"
    return _stop36_session(config, True).classify(text)


def _shown_number_reason(config: mh.Config) -> object:
    return _stop36_session(config, True).classify("why is coverage only 41s?")


def _compound_output_word(config: mh.Config) -> object:
    # Rule typed-output-values names the output too ("how long": a duration): off here.
    config = config.replace(typed_output_values=False)
    return _stop36_session(config, True).classify("how long did windows take?")


def _term_return(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("Fresh Debian install, my RTX 3060 runs at 1024x768 and nvidia-smi is missing.")
    session.assistant("Install nvidia-driver from non-free, reboot, and nvidia-smi lists the card.")
    gpu = session.active_thread
    session.user("Unrelated: my office chair keeps sinking during the day. Can I fix it?")
    session.assistant("A sinking chair has a worn gas cylinder; a new one is cheap to fit.")
    return session.preview("done, nvidia-smi lists it now").active_thread == gpu


def _dormant_return(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("We're wallpapering the bathroom and the paper bubbles once it dries.")
    session.assistant("Use more paste and smooth each drop outwards with a seam roller.")
    paper = session.active_thread
    session.user("Unrelated, my laser eye surgery is on Friday. Can I drive home after?")
    session.assistant("No: arrange a lift, your vision stays blurry for the first day.")
    session.user("how long before screens are ok")
    session.assistant("Most people read screens comfortably within two or three days.")
    return session.preview("ok seams fixed, roller worked great").active_thread == paper


def _possessed_topic(config: mh.Config) -> object:
    # Rule adder-questions reads "also ..., how much ...?" as a new subject too.
    session = mh.Session(config=config.replace(adder_questions=False))
    session.user("I have had ringing in my left ear for two weeks, mostly at night. Dangerous?")
    session.assistant("One-sided ringing that lasts should be checked by a doctor.")
    ear = session.active_thread
    # (not "My son ..., he is 11": rule own-antecedents makes that EXPLORE, a new thread anyway)
    text = "also got some milk kefir grains from a friend, how much milk do i put them in"
    return session.preview(text).active_thread == ear


def _ask_shape(config: mh.Config) -> object:
    session = mh.Session(config=config)
    session.user("hosting a board game night on saturday, seven people, gamers and non gamers")
    session.assistant("For seven, party games work best: Codenames, Just One or Wavelength.")
    return session.classify("codenames for seven people or just one for the board game night")


def _item_picks(history: list[tuple[str, str]], query: str, config: mh.Config) -> object:
    session = mh.Session(config=config)
    for role, text in history:
        (session.user if role == "user" else session.assistant)(text)
    return [(ref.target_turn, ref.item) for ref in session.preview(query).references]


# The list shapes of stop 35 (table-rows, roman-labels, or-pairs) are read whatever the switch,
# as counted-lists'; item-forms' qualities over them ("the cheapest") are what it switches.
def _table_row(config: mh.Config) -> object:
    table = "Compared:\n\n| Plan | Price |\n|---|---|\n| Basic | 5 euros |\n| Pro | 12 euros |"
    return _item_picks([("user", "Which plan?"), ("assistant", table)], "the cheapest?", config)


def _roman_label(config: mh.Config) -> object:
    reply = (
        "Layouts:\nI. Raised beds, 300 euros\nII. Keyhole bed, 120 euros\nIII. Borders, 80 euros"
    )
    return _item_picks([("user", "Layout?"), ("assistant", reply)], "the cheapest?", config)


def _or_pair(config: mh.Config) -> object:
    reply = "Two choices: cotton, which costs 20 euros, or polyester, which costs 12 euros."
    return _item_picks([("user", "Batting?"), ("assistant", reply)], "the cheapest?", config)


def _hyphen_part(config: mh.Config) -> object:
    reply = "Options:\n1. An oil-based primer\n2. A water-borne acrylic primer\n3. A shellac primer"
    return _item_picks([("user", "Primer?"), ("assistant", reply)], "the oil one?", config)


def _label_pick(config: mh.Config) -> object:
    reply = "Three layouts:\nI. Raised beds\nII. A keyhole bed\nIII. Long borders"
    return _item_picks([("user", "Layout?"), ("assistant", reply)], "option II, how deep?", config)


def _sub_step(config: mh.Config) -> object:
    reply = "Steps:\n1. Connect\n   a. Plug in the WAN cable\n   b. Power it on\n2. Configure"
    return _item_picks([("user", "Router?"), ("assistant", reply)], "step 1b, how long?", config)


def _own_list_noun(config: mh.Config) -> object:
    history = [
        ("user", "I have narrowed the fish down to three: tilapia, goldfish and rainbow trout."),
        ("assistant", "Goldfish, for a cold garage."),
    ]
    return _item_picks(history, "the third fish on my list, ok?", config)


_OWN_LETTERED = "Options: A) a log cabin, B) a SIP kit, C) a builder's timber frame. Which?"


def _letter_pick(config: mh.Config) -> object:
    history = [("user", _OWN_LETTERED), ("assistant", "The SIP kit is warmest.")]
    return _item_picks(history, "is A ok for summer only?", config)


def _clause_pick(config: mh.Config) -> object:
    reply = "Heaters:\n(a) a wood burner\n(b) an oil radiator on a timer\n(c) a diesel heater"
    history = [("user", "Heat?"), ("assistant", reply)]
    return _item_picks(history, "Before I settle on (b), would the diesel one need a vent?", config)


def _ordinal_about(config: mh.Config) -> object:
    history = [
        ("user", "Plan?"),
        ("assistant", "Plan:\n1. Walk after lunch\n2. Sleep by eleven\n3. Cook at home"),
        ("user", "Kitchen?"),
        ("assistant", "Kitchen:\n- Keep water on the table\n- Keep fruit in a bowl"),
    ]
    return _item_picks(history, "the last one about sleep, too late?", config)


def _own_list_ordinal(config: mh.Config) -> object:
    history = [
        ("user", "Ideas: 1) an escape room, 2) a cooking class, 3) a river walk. Which?"),
        ("assistant", "The cooking class suits most groups."),
    ]
    return _item_picks(history, "For the third one, what if it rains?", config)


def _own_list_item(config: mh.Config) -> object:
    history = [
        ("user", "Torn between A: a MacBook Air, B: a ThinkPad, or C: a Dell. Opinions?"),
        ("assistant", "The ThinkPad has the best keyboard."),
    ]
    return _item_picks(history, "would the Air handle Docker?", config)


OBSERVE: dict[str, Callable[[mh.Config], object]] = {
    "first-turn-explore": _first_turn,
    "acknowledgement-continues": _acknowledgement,
    "follow-up-questions": _follow_up_question,
    "follow-up-forms": _follow_up_form,
    "question-topics": _answer_stays,
    "intent-threads": _clarify_stays,
    "resume-markers": _resume_marker,
    "vocabulary-resume": _vocabulary_resume,
    "peer-replies": _peer_statement,
    "peer-detection": _detected_peers,
    "session-recaps": _recap,
    "reaction-turns": _reaction,
    "topic-announcements": _topic_announcement,
    "resume-announcements": _resume_announcement,
    "side-questions": _side_question,
    "reply-follow-ups": _reply_follow_up,
    "reply-words": _reply_words,
    "return-variants": _return_variant,
    "also-questions": _also_question,
    "report-backs": _report_back,
    "term-questions": _term_question,
    "short-follow-ups": _short_follow_up,
    "wider-follow-ups": _wider_follow_up,
    "return-drill-downs": _return_drill_down,
    "announcement-clauses": _announcement_clause,
    "again-returns": _again_return,
    "again-reports": _again_report,
    "echo-clarifications": _echo_clarification,
    "term-frames": _term_frame,
    "reply-term-asks": _reply_term_ask,
    "term-checks": _term_check,
    "meaning-asks": _meaning_ask,
    "older-reply-terms": _older_reply_term,
    "asked-announcements": _asked_announcement,
    "reaction-announcements": _reaction_announcement,
    "bare-returns": _bare_return,
    "done-reports": _done_report,
    "explain-new-content": _explain_new_content,
    "tool-reference-match": _tool_reference_match,
    "acknowledged-statements": _acknowledged_statement,
    "calibrated-thresholds": _calibrated,
    "speaker-addressing": _addressing,
    "name-mentions": _name_mention,
    "multi-party-threads": _multi_party_reply,
    "offer-antecedents": _offered_instance,
    "ordinal-forms": _ordinal_form,
    "item-forms": _item_form,
    "item-words": _item_word,
    "continued-lists": _continued_list,
    "item-pairs": _item_pair,
    "counted-lists": _counted_list,
    "own-lists": _own_list,
    "list-topics": _list_topic,
    "list-nouns": _list_noun,
    "item-echoes": _item_echo,
    "item-antecedents": _item_antecedent,
    "retargeted-items": _retargeted_item,
    "sentence-lists": _sentence_list,
    "lead-letters": _lead_letter,
    "item-over-said": _item_over_said,
    "own-list-words": _own_list_words,
    "plain-qualities": _plain_quality,
    "repeated-questions": _repeated_question,
    "definite-references": _definite_reference,
    "fronted-definites": _fronted_definite,
    "entity-references": _entity_reference,
    "entity-forms": _entity_form,
    "antecedent-analysis": _antecedents,
    "place-antecedents": _place,
    "pronoun-chains": _pronoun_chain,
    "bridging-chains": _bridging_chain,
    "question-chains": _question_chain,
    "follow-up-antecedents": _follow_up_antecedent,
    "recency-bonus": _retrieval_scores,
    "thread-bonus": _retrieval_scores,
    "lexical-channel": _lexical,
    "answers-follow-questions": _answers,
    "relevance-floors": _relevance_floor,
    "said-replies": _said_reply,
    "repeats-past-clarifications": _repeat_past_clarification,
    "entity-items": _entity_item,
    "repeats-named-requests": _repeat_named_request,
    "tool-output-nouns": _tool_output_noun,
    "fresh-output-questions": _fresh_output_question,
    "detail-antecedents": _detail_antecedent,
    "holder-antecedents": _holder_antecedent,
    "dislocated-topics": _dislocated_topic,
    "detail-holders": _detail_holder,
    "detail-turns": _detail_turn,
    "number-holders": _number_holder,
    "asked-values": _asked_value,
    "repeat-siblings": _repeat_sibling,
    "repeat-products": _repeat_product,
    "introduced-outputs": _introduced_output,
    "coded-demonstratives": _coded_demonstrative,
    "later-outputs": _later_output,
    "repeat-variations": _repeat_variation,
    "output-holders": _output_holder,
    "repeat-forms": _repeat_form,
    "repeat-chains": _repeat_chain,
    "output-details": _output_detail,
    "earlier-outputs": _earlier_output,
    "detail-fragments": _detail_fragment,
    "pronoun-details": _pronoun_detail,
    "rerun-details": _rerun_detail,
    "output-detail-intents": _output_detail_intent,
    "fronted-output-topics": _fronted_output_topic,
    "named-runs": _named_run,
    "rare-output-tokens": _rare_output_token,
    "person-outcomes": _person_outcome,
    "fetch-requests": _fetch_request,
    "handed-outputs": _handed_output,
    "finding-outcomes": _finding_outcome,
    "addressed-output-nouns": _addressed_output_noun,
    "fresh-output-targets": _fresh_target,
    "fresh-output-replies": lambda config: _fresh_output(config, "92%, that's a lot"),
    "fresh-value-questions": lambda config: _fresh_output(config, "Which of those is the backup?"),
    "introducing-turns": _introducing_turn,
    "marker-styles": _marker_style,
    "place-scopes": _place_scope,
    "question-forms": _question_form,
    "question-ends": _question_end,
    "ask-shapes": _ask_shape,
    "again-asks": _again_ask,
    "thread-details": _thread_detail,
    "outcome-reports": _outcome_report,
    "reply-answers": _reply_answer,
    "long-reports": _long_report,
    "other-topic-clauses": _other_topic_clause,
    "situation-setups": _situation_setup,
    "term-returns": _term_return,
    "dormant-returns": _dormant_return,
    "possessed-topics": _possessed_topic,
    "thread-requests": _thread_request,
    "thread-wants": _thread_want,
    "form-requests": _form_request,
    "understanding-checks": _understanding_check,
    "restated-checks": _restated_check,
    "embedded-continues": _embedded_continue,
    "action-requests": _action_request,
    "new-ground-questions": _new_ground_question,
    "own-antecedents": _own_antecedent,
    "demonstrative-introducers": _demonstrative_introducer,
    "fuller-holders": _fuller_holder,
    "table-rows": _table_row,
    "roman-labels": _roman_label,
    "or-pairs": _or_pair,
    "word-parts": _hyphen_part,
    "label-picks": _label_pick,
    "sub-steps": _sub_step,
    "own-list-nouns": _own_list_noun,
    "reason-follow-ups": _reason_follow_up,
    "own-new-ground": _own_new_ground,
    "advice-questions": _advice_question,
    "howto-output-nouns": _howto_output_noun,
    "shown-number-reasons": _shown_number_reason,
    "compound-output-words": _compound_output_word,
    **test_confirm_checks.OBSERVERS,
    **test_term_recalls.OBSERVERS,
    **test_terse_reports.OBSERVERS,
    **test_also_holdings.OBSERVERS,
    **test_subjects_in_questions.OBSERVERS,
    **test_output_sayings.OBSERVERS,
    "letter-picks": _letter_pick,
    "clause-picks": _clause_pick,
    "ordinal-about": _ordinal_about,
    "own-list-ordinals": _own_list_ordinal,
    "own-list-items": _own_list_item,
    **test_return_question_words.OBSERVERS,
    **test_item_boundaries.OBSERVERS,
    **test_clarify_lost_parts.OBSERVERS,
    **test_clarify_choice_asks.OBSERVERS,
    **test_clarify_meaning_qualifiers.OBSERVERS,
    **test_clarify_unmarked_terms.OBSERVERS,
    **test_laid_out_lists.OBSERVERS,
    **test_ordinal_terms.OBSERVERS,
    **test_again_references.OBSERVERS,
    **test_return_targets.OBSERVERS,
    **test_noun_references.OBSERVERS,
    **test_repeats_by_kind.OBSERVERS,
    **test_verb_repeats.OBSERVERS,
    **test_output_value_forms.OBSERVERS,
    **test_return_details.OBSERVERS,
    **test_summed_output_values.OBSERVERS,
    **test_typed_output_values.OBSERVERS,
    **test_reports_after_advice.OBSERVERS,
    **test_reactions_and_event_adders.OBSERVERS,
    **test_adder_situations.OBSERVERS,
    **test_reworded_output_values.OBSERVERS,
    **test_adder_topics.OBSERVERS,
    **test_clarify_echoes_and_targets.OBSERVERS,
    **test_named_items_and_run_repeats.OBSERVERS,
    **test_picks_and_responses.OBSERVERS,
    **test_output_targets_by_content.OBSERVERS,
    **test_clarify_rechecks.OBSERVERS,
    **test_plan_reports.OBSERVERS,
    **test_output_content_words.OBSERVERS,
}


def test_every_rule_has_an_on_off_test() -> None:
    assert set(OBSERVE) == set(RULES)


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_switching_a_rule_off_changes_what_it_decides(rule_id: str) -> None:
    entry = RULES[rule_id]
    # The rule on, over the default with antecedent analysis (some rules act only there).
    on = mh.Config(antecedents=True)
    if not entry.default_on:
        on = on.replace(**{name: True for name in entry.switches})
    off = on.replace(**entry.off)
    assert OBSERVE[rule_id](on) != OBSERVE[rule_id](off)
