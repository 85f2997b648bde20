"""References in the words people use (SPEC-028 §4.1, issue 15 item 1): every ordinal form
over numbered, lettered, bulleted and prose lists, a scope naming an earlier list, repeat
requests resolved to the request they repeat, and definite entity references. Each form has
several phrasings; each test asserts the resolved turn and, for ordinals, the item's text."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.references import Reference
from multihorizon.text.enumerations import enumeration_items, enumeration_lists

CACHES = (
    "You have a few options:\n1. Redis as the cache backend\n2. Memcached\n"
    "3. Database caching with a cache table\n4. Local-memory caching"
)
ITEMS = (
    "Redis as the cache backend",
    "Memcached",
    "Database caching with a cache table",
    "Local-memory caching",
)


def _session(*turns: str, config: mh.Config | None = None) -> mh.Session:
    session = mh.Session(config=config or mh.Config())
    for index, text in enumerate(turns):
        (session.user if index % 2 == 0 else session.assistant)(text)
    return session


def _first(session: mh.Session, query: str, kind: str | None = None) -> Reference:
    found = [
        ref
        for ref in session.preview(query).references
        if ref.target_turn is not None and (kind is None or ref.type == kind)
    ]
    assert found, f"no resolved reference in {query!r}"
    return found[0]


def _item(session: mh.Session, query: str) -> tuple[int | None, str | None]:
    ref = _first(session, query)
    return ref.target_turn, ref.item


@pytest.fixture(scope="module")
def caches() -> mh.Session:
    return _session("What caching options do I have for Django?", CACHES)


@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("number three please", 3),
        ("Tell me about number 2.", 2),
        ("what about no. 4?", 4),
        ("#2", 2),
        ("I'd go with #3 then", 3),
        ("let's go with 1", 1),
        ("2 please", 2),
        ("option C looks right", 3),
        ("Is option b maintained?", 2),
        ("choice (d)", 4),
        ("step two is unclear", 2),
        ("idea 4, how does it scale?", 4),
        ("the 3rd one", 3),
        ("the 2nd option sounds good", 2),
        ("How does the third approach work?", 3),
        ("I like the second", 2),
        ("the former sounds best", 1),
        ("the latter is what we use", 4),
        ("the penultimate one", 3),
        ("the second-to-last option", 3),
        ("the second to last", 3),
        ("the last but one, please", 3),
        ("the final one", 4),
        ("the last suggestion", 4),
        ("your last recommendation", 4),
    ],
)
def test_ordinal_forms_over_a_numbered_list(caches: mh.Session, query: str, number: int) -> None:
    assert _item(caches, query) == (1, ITEMS[number - 1])


@pytest.mark.parametrize(
    ("query", "number"),
    [
        ("Tell me more about the one about Memcached.", 2),
        ("the bullet on local-memory caching", 4),
        ("the suggestion with Redis", 1),
        ("the option about a cache table", 3),
        ("the Redis one", 1),
        ("What about the memcached option?", 2),
    ],
)
def test_an_item_by_what_it_says(caches: mh.Session, query: str, number: int) -> None:
    assert _item(caches, query) == (1, ITEMS[number - 1])


@pytest.mark.parametrize(
    "query",
    [
        "I had the first sign of it yesterday",
        "the last week was hard",
        "she is the former CEO",
        "I have 2 kids",
        "go with 2 eggs",
        "answer 2 questions for me",
        "the final exam is on Monday",
    ],
)
def test_ordinary_english_picks_no_item(caches: mh.Session, query: str) -> None:
    refs = caches.preview(query).references
    assert not [ref for ref in refs if ref.type == "ordinal" and ref.target_turn is not None]


LETTERED = (
    "I found three:\nA) TAP, nonstop, $612\nB) United via Newark, $548\nC) Iberia via Madrid, $499"
)
BULLETED = "Some angles:\n• Child labour\n• How railways changed cities\n• The cotton trade"
PROSE = (
    "First, list the topics and mark the weak ones. Second, redo the old problem sets. "
    "Then take one past exam. Finally, review your mistakes with a tutor."
)
INLINE = "You could get a MacBook Air, a ThinkPad T14, or a Dell XPS 13. All are fine."


@pytest.mark.parametrize(
    ("reply", "query", "item"),
    [
        (LETTERED, "Option C, does it include a bag?", "Iberia via Madrid, $499"),
        (LETTERED, "book the first one", "TAP, nonstop, $612"),
        (LETTERED, "how long is the layover on option b?", "United via Newark, $548"),
        (LETTERED, "the middle one", "United via Newark, $548"),
        (BULLETED, "I like the idea about railways", "How railways changed cities"),
        (BULLETED, "the last bullet", "The cotton trade"),
        (PROSE, "the second step sounds tedious", "redo the old problem sets"),
        (PROSE, "the final suggestion", "review your mistakes with a tutor"),
        (PROSE, "How long for the third one?", "take one past exam"),
        (INLINE, "is the latter good for Linux?", "a Dell XPS 13"),
        (INLINE, "How is the battery on the first?", "a MacBook Air"),
        (INLINE, "the ThinkPad one", "a ThinkPad T14"),
    ],
)
def test_ordinals_over_every_kind_of_list(reply: str, query: str, item: str) -> None:
    assert _item(_session("Any ideas?", reply), query) == (1, item)


DEPLOY = "Three options:\n1. A container on Cloud Run\n2. A VM behind nginx\n3. AWS Lambda"
DATABASES = "Depends:\n1. PostgreSQL for relational data\n2. MongoDB for documents\n3. SQLite"


@pytest.fixture(scope="module")
def two_lists() -> mh.Session:
    return _session(
        "How should I deploy my Flask API?",
        DEPLOY,
        "And which database should it use?",
        DATABASES,
    )


@pytest.mark.parametrize(
    ("query", "turn", "item"),
    [
        ("the second option from your deployment answer", 1, "A VM behind nginx"),
        ("Tell me about the first of the deployment options.", 1, "A container on Cloud Run"),
        ("In the list of databases, the third - is it safe?", 3, "SQLite"),
        ("Going back to deploying, what about the last one?", 1, "AWS Lambda"),
        ("the third database", 3, "SQLite"),
        ("the former database sounds right", 3, "PostgreSQL for relational data"),
        ("the second one", 3, "MongoDB for documents"),
        ("the one about nginx", 1, "A VM behind nginx"),
    ],
)
def test_a_scope_names_an_earlier_list(
    two_lists: mh.Session, query: str, turn: int, item: str
) -> None:
    assert _item(two_lists, query) == (turn, item)


def test_a_noun_scope_that_names_no_list_resolves_nothing(two_lists: mh.Session) -> None:
    refs = two_lists.preview("What was the third hotel called?").references
    assert not [ref for ref in refs if ref.type == "ordinal" and ref.target_turn is not None]


def test_an_item_out_of_range_is_unresolved(caches: mh.Session) -> None:
    refs = caches.preview("option 7 please").references
    assert not [ref for ref in refs if ref.type == "ordinal" and ref.target_turn is not None]


@pytest.mark.parametrize(
    "query",
    [
        "Same again for Friday.",
        "Now do that again but in Celsius.",
        "same for Saturday please",
        "Repeat it for Boston.",
        "And again for Denver.",
        "Do the same for next week.",
        "now the same for London",
    ],
)
def test_a_repeat_request_points_at_the_question_it_repeats(query: str) -> None:
    session = _session(
        "What's the forecast for Chicago on Thursday?",
        "Partly cloudy, high of 54F.",
        "Thanks!",
        "You're welcome.",
    )
    assert _first(session, query, "action").target_turn == 0


@pytest.mark.parametrize(
    "query",
    ["Repeat it for the staging cluster.", "Do the same on prod.", "Same for the EU region."],
)
def test_a_repeat_of_a_repeat_points_at_the_original_request(query: str) -> None:
    session = _session(
        "Restart the web container on the dev cluster.",
        "Done: web restarted on dev.",
        "Same for the QA cluster.",
        "Done: web restarted on QA.",
    )
    assert _first(session, query, "action").target_turn == 0


@pytest.mark.parametrize("query", ["same for me", "Same with us, honestly."])
def test_agreement_is_no_repeat_request(query: str) -> None:
    session = _session("Show me flights to Rome.", "Here are three flights.")
    assert not [ref for ref in session.preview(query).references if ref.type == "action"]


def test_repeated_questions_switch_off_keeps_imperatives_only() -> None:
    config = mh.Config().replace(repeated_questions=False)
    session = _session("What's the forecast for Thursday?", "Sunny.", config=config)
    refs = session.preview("Same again for Friday.").references
    assert not [ref for ref in refs if ref.type == "action" and ref.target_turn is not None]


ENTITIES = (
    "I bought a Ninja blender last month for $89 and the lid cracks.",
    "That sounds like a warranty issue; keep your receipt.",
    "My chemistry final exam is on June 3 in Hall B, and the studio I rent has no laundry.",
    "Then study from May 30; a laundromat costs about $40 a month.",
    "The studio laundry thing: is there a cheaper option?",
    "A shared laundry service is about $25.",
)


@pytest.mark.parametrize(
    ("query", "turn"),
    [
        ("How much did I pay for the blender?", 0),
        ("When was the blender bought?", 0),
        ("Which room is the final exam in?", 2),
        ("When is the exam again?", 2),
        ("Does the studio have laundry?", 2),
    ],
)
def test_a_definite_noun_phrase_names_the_turn_that_introduced_it(query: str, turn: int) -> None:
    assert _first(_session(*ENTITIES), query, "entity").target_turn == turn


def test_definite_references_prefer_the_turn_with_the_detail_asked_about() -> None:
    session = _session(
        "I'm choosing an apartment in Queens.",
        "Queens is a good choice.",
        "The apartment rent is $2,100 and it has a balcony.",
        "That rent is average.",
    )
    assert _first(session, "What's the rent on the apartment?", "entity").target_turn == 2
    assert _first(session, "Where is the apartment?", "entity").target_turn == 0


def test_definite_references_switch_off() -> None:
    session = _session(*ENTITIES, config=mh.Config().replace(definite_references=False))
    refs = session.preview("How much did I pay for the blender?").references
    assert not [ref for ref in refs if ref.type == "entity"]


def test_definite_references_do_not_make_a_drill_down() -> None:
    on = _session(*ENTITIES)
    off = _session(*ENTITIES, config=mh.Config().replace(definite_references=False))
    query = "Tell me about the blender market in general."
    assert on.preview(query).intent == off.preview(query).intent


def test_ordinal_forms_switch_off_keeps_the_canonical_forms() -> None:
    # Rule label-picks reads "option C please" as a bare pick too: off, to see this rule alone.
    config = mh.Config().replace(ordinal_forms=False, label_picks=False)
    session = _session("Caching?", CACHES, config=config)
    assert _item(session, "the second option") == (1, ITEMS[1])
    refs = session.preview("option C please").references
    assert not [ref for ref in refs if ref.type == "ordinal" and ref.target_turn is not None]


@pytest.mark.parametrize(
    ("reply", "items"),
    [
        ("a) eggs\nb) flour\nc) milk", ("eggs", "flour", "milk")),
        ("(a) eggs\n(b) flour", ("eggs", "flour")),
        ("Day 1: Kyoto\nDay 2: Nara", ("Day 1: Kyoto", "Day 2: Nara")),
        ("Try either tea, coffee or water.", ("tea", "coffee", "water")),
        (
            "Swap each egg for one of: applesauce, a flax egg (flax, water), or banana.",
            ("applesauce", "a flax egg (flax, water)", "banana"),
        ),
        (
            "First install it. Then configure it. Finally restart it.",
            ("install it", "configure it", "restart it"),
        ),
        ("I visited Rome, Paris and Berlin.", ()),
        ("A: yes\nB: no", ("yes", "no")),
        # An ordinal word opening a line item is the item's text, not a prose list.
        (
            "Order:\n1. Strip the old tiles.\n2. First fix the pipes.\n3. Board the walls.\n"
            "4. Second fix: fit the taps.\nThen seal.",
            (
                "Strip the old tiles.",
                "First fix the pipes.",
                "Board the walls.",
                "Second fix: fit the taps.",
            ),
        ),
        (
            "Coats:\n- First coat thinned 10%.\n- Second coat neat.\n- Lastly, a clear varnish.",
            ("First coat thinned 10%.", "Second coat neat.", "Lastly, a clear varnish."),
        ),
        (
            "1. Gather the receipts.\n2. Sort them.\n\nFirst, scan each one. Second, file them.",
            ("scan each one", "file them"),
        ),
    ],
)
def test_enumerations_read_lettered_inline_and_prose_lists(
    reply: str, items: tuple[str, ...]
) -> None:
    assert enumeration_items(reply) == items


def test_every_list_of_a_reply_keeps_its_lead() -> None:
    reply = "Common causes:\n1. CPU\n2. Memory\n\nFixes:\n- add nodes\n- raise limits"
    lists = enumeration_lists(reply)
    assert [(found.lead, found.items) for found in lists] == [
        ("Common causes:", ("CPU", "Memory")),
        ("Fixes:", ("add nodes", "raise limits")),
    ]
