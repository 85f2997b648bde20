"""Reference targets of the refs4 stop (issue 15 item 1; rules output-holders, repeat-forms,
repeat-chains, and the new saying and repeat phrases): each form in several phrasings, with
its rule off and on, and ``Session.classify`` agreeing with the turn path."""

from __future__ import annotations

from pathlib import Path

import pytest

import multihorizon as mh
from handwritten_scoring import score
from multihorizon.evaluation import evaluate


def _tool_entries(envelope: mh.Envelope) -> list[str | None]:
    return [ref.scratch_entry for ref in envelope.references if ref.type == "tool"]


def _eye_exam(config: mh.Config) -> tuple[mh.Session, str]:
    """An optometry record, then two replies that talk about it (neither holds its fields)."""
    session = mh.Session(config=config)
    session.user("My father's distance vision got blurry this year.")
    session.assistant("An optometrist can measure it with a refraction test and a slit lamp.")
    session.user("He went today, here is what they wrote down.")
    record = session.tool_output(
        "optometry_record",
        "Visual acuity: right 6/18, left 6/9\nRefraction: right -1.75, left -0.50\n"
        "Slit lamp: early cataract right\nIntraocular pressure: 14 / 15 mmHg",
    )
    session.assistant("His right eye is the weaker one, with an early cataract.")
    session.user("Will he need surgery soon?")
    session.assistant("Not yet: early cataracts are watched, usually once a year.")
    return session, record.entry_id


@pytest.mark.parametrize(
    "text",
    [
        "That refraction, is it short sight?",
        "Is the refraction worse in the right eye?",
        "That slit lamp finding, how fast does it progress?",
        "What did the exam say about the lens?",
    ],
)
def test_an_entity_an_output_holds_is_that_output(text: str) -> None:
    session, record = _eye_exam(mh.Config())
    envelope = session.preview(text)
    assert _tool_entries(envelope)[:1] == [record], text
    assert session.classify(text) is envelope.intent


@pytest.mark.parametrize(
    "text", ["That refraction, is it short sight?", "Is the refraction worse in the right eye?"]
)
def test_output_holders_switch_off(text: str) -> None:
    # Rule output-details (refs5) finds "the refraction ... right eye" in the record as well.
    session, record = _eye_exam(mh.Config(output_holders=False, output_details=False))
    assert record not in _tool_entries(session.preview(text))


def test_a_definite_reference_to_an_output_leaves_the_intent_alone() -> None:
    """Rule output-holders moves a definite reference ("the refraction") to the output, but such
    a reference never makes the turn TOOL_REFERENCE (``classify`` reads none of them)."""
    text = "Is the refraction worse in the right eye?"
    on, _ = _eye_exam(mh.Config())
    off, _ = _eye_exam(mh.Config(output_holders=False))
    assert on.preview(text).intent is off.preview(text).intent
    assert on.classify(text) is on.preview(text).intent


def _network() -> tuple[mh.Session, str, str]:
    session = mh.Session()
    session.user("The shop's card reader keeps losing its connection.")
    ping = session.tool_output(
        "ping", "PING 10.0.0.31: 56 data bytes\n4 packets transmitted, 1 received, 75% loss"
    )
    session.assistant("Most packets are lost: the reader's Wi-Fi link is poor.")
    leases = session.tool_output(
        "router_dhcp", "hostname, ip, mac\nreader-01, 10.0.0.31, 5c:cf:7f:11:22:33"
    )
    session.assistant("It has 10.0.0.31 on a short lease.")
    session.user("Should I move the router closer?")
    session.assistant("Try a mesh point near the till first.")
    return session, ping.entry_id, leases.entry_id


@pytest.mark.parametrize(
    ("text", "which"),
    [
        ("How many packets did the ping lose?", "ping"),
        ("Which hostname is in the DHCP list?", "dhcp"),
        ("Is the MAC in the DHCP table the reader's?", "dhcp"),
    ],
)
def test_an_output_named_by_its_tool_is_that_output(text: str, which: str) -> None:
    session, ping, leases = _network()
    envelope = session.preview(text)
    assert _tool_entries(envelope)[:1] == [ping if which == "ping" else leases], text


def test_a_word_of_a_longer_tool_name_alone_names_the_topic() -> None:
    """ "the router" names the topic more often than a router_dhcp call."""
    session, _, leases = _network()
    assert leases not in _tool_entries(session.preview("Where should the router go?"))


def _party(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Write an invitation for my daughter's pirate party on 3 May.")
    session.assistant("Ahoy! Mia is turning 6! Join the crew on Saturday 3 May, 2 to 4 pm.")
    session.user("What games work for six-year-olds?")
    session.assistant("A treasure hunt, walk the plank on a low beam, and pass the parrot.")
    return session


@pytest.mark.parametrize(
    "text",
    [
        "Do that again as a text message.",
        "Same again but as a short poem.",
        "Write it again as an email to the parents.",
    ],
)
def test_a_repeat_as_a_form_repeats_what_was_made(text: str) -> None:
    envelope = _party(mh.Config()).preview(text)
    assert [ref.target_turn for ref in envelope.references if ref.type == "action"] == [0], text


def test_repeat_forms_switch_off() -> None:
    envelope = _party(mh.Config(repeat_forms=False)).preview("Do that again as a text message.")
    assert [ref.target_turn for ref in envelope.references if ref.type == "action"] == [2]


def _haiku(config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    session.user("Write a haiku about autumn leaves.")
    session.assistant("Red leaves drift and fall / the maple lets go of gold / wind keeps it")
    session.user("What makes a haiku seasonal?")
    session.assistant("A kigo, a season word such as 'petals' or 'frost'.")
    session.user("Give me a version of that haiku for spring.")
    session.assistant("Pink petals drift down / the cherry lets go of light / rain keeps it")
    return session


@pytest.mark.parametrize("text", ["Same again but for winter.", "Now do it for summer."])
def test_past_a_repeat_request_is_the_request_it_repeated(text: str) -> None:
    envelope = _haiku(mh.Config()).preview(text)
    assert [ref.target_turn for ref in envelope.references if ref.type == "action"] == [0], text


def test_repeat_chains_switch_off() -> None:
    # Rule repeat-slots passes over the question too: observed without it.
    config = mh.Config(repeat_chains=False, repeat_slots=False)
    envelope = _haiku(config).preview("Same again but for winter.")
    assert [ref.target_turn for ref in envelope.references if ref.type == "action"] == [2]


@pytest.mark.parametrize(
    "text",
    [
        "Can you do one like it for the beach?",
        "Write that again for a winter scene.",
        "One more like that, about snow.",
        "Same format, but about the sea.",
    ],
)
def test_repeat_requests_in_more_words(text: str) -> None:
    session = mh.Session()
    session.user("Write a haiku about autumn leaves.")
    session.assistant(
        "Red leaves drift and fall / the maple lets go of gold / wind keeps what it takes"
    )
    envelope = session.preview(text)
    assert [ref.target_turn for ref in envelope.references if ref.type == "action"] == [0], text


@pytest.mark.parametrize(
    "text",
    [
        "The failover you brought up, would clients notice it?",
        "The defrag setting you described, is it safe in production?",
        "When you said restart the replica, which one did you mean?",
        "The eviction policy you explained, can I change it live?",
    ],
)
def test_turn_references_by_more_verbs_of_saying(text: str) -> None:
    session = mh.Session()
    session.user("Our Redis cache evicts keys every morning.")
    session.assistant("It sits at maxmemory with the allkeys-lru eviction policy.")
    session.user("And the fragmentation?")
    session.assistant("Turn on active defrag, or restart the replica and do a failover at night.")
    session.user("Write me a cleanup script for old sessions.")
    session.assistant("local cursor = ARGV[1] -- SCAN session:* and UNLINK the idle ones")
    envelope = session.preview(text)
    targets = [ref.target_turn for ref in envelope.references if ref.type == "turn"]
    wanted = 1 if "eviction" in text else 3
    assert targets[:1] == [wanted], text
    assert session.classify(text) is envelope.intent


# The refs4 stop's sets (tests/data/handwritten/refs_*3.txt): refs_holdout3 was written before
# any code change of that stop and scored acc@1 0.604 at first (tool 0.559, entity 0.750,
# action 0.467, demonstrative 0.583; tool target of its logged turns 0.933), 0.723 / 0.933 at
# the end (tool 0.676, entity 0.750, action 0.867, demonstrative 0.667), its misses unread
# until then. refs_tune3 (tuned on): 0.704 / 0.750 at first, 0.907 / 0.875 at the end.
# Floors a little under.
REFS3_FLOORS = {"refs_holdout3.jsonl": (0.70, 0.90), "refs_tune3.jsonl": (0.87, 0.85)}


@pytest.mark.parametrize("name", sorted(REFS3_FLOORS))
def test_the_refs3_sets_meet_their_floors(name: str) -> None:
    target, tool = REFS3_FLOORS[name]
    path = Path(__file__).parent / "data" / "handwritten" / name
    assert evaluate(path, "references").ours["acc_at_1"] >= target
    figures, _ = score(path)
    assert figures["tool_target_accuracy"] >= tool, figures
