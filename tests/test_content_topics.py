"""The default embedder reads content, not phrasing (issue 15, item 2); peer or assistant
replies are detected (item 3); thread labels name the topic and a recap covers every thread
(item 5). Several phrasings of each, none of them the issue's example only."""

from __future__ import annotations

import pytest

import multihorizon as mh
from multihorizon.dialogue.multiparty import Speakers, reacts_only
from multihorizon.errors import ConfigError, InputError
from multihorizon.text.cues import recaps_session
from multihorizon.text.persons import stance
from multihorizon.text.tokens import content_terms, slug

TOPICS = {
    "eiffel-tower": "the Eiffel Tower",
    "quantum-computing": "quantum computing",
    "sourdough-bread": "sourdough bread",
    "volcano-eruption": "volcano eruptions",
}
TEMPLATES = [
    "Tell me about {}.",
    "What can you tell me about {}?",
    "I'd like to learn about {}, please.",
    "Give me an overview of {}",
    "I was wondering about {} - anything interesting?",
]
RETURNS = [
    "Back to {}: what else should I know?",
    "Going back to {} - how did it start?",
    "Let's return to {}. Any famous examples?",
]
REPLY = "Sure! Here is what I know."


@pytest.mark.parametrize("template", TEMPLATES)
@pytest.mark.parametrize("back", RETURNS)
def test_one_template_over_four_topics_gives_four_threads(template: str, back: str) -> None:
    session = mh.Session()
    for topic in TOPICS.values():
        envelope = session.user(template.format(topic))
        session.assistant(REPLY)
        assert envelope.intent is mh.Intent.EXPLORE, (template, topic)
    assert len(session.threads) == 4, session.threads
    quantum = session.threads[1]
    envelope = session.user(back.format("quantum computing"))
    assert envelope.active_thread == quantum
    assert envelope.thread_resumed


def test_the_first_releases_embedder_is_still_there() -> None:
    old = mh.HashingEmbedder(version=1)
    assert old.model_id == "multihorizon-hash-384"
    assert mh.HashingEmbedder().model_id == "multihorizon-hash2-384"
    assert mh.HashingEmbedder(64, version=2).model_id == "multihorizon-hash2-64"
    assert repr(old) == "HashingEmbedder(dim=384, version=1)"
    texts = ["Tell me about the Eiffel Tower.", "Tell me about sourdough bread."]
    assert (old.embed(texts) == mh.kernels.hash_embed(texts)).all()
    assert (
        mh.HashingEmbedder().embed(texts) == mh.kernels.hash_embed(texts, skip_function_words=True)
    ).all()
    # Each model id has its own calibrated bars.
    config = mh.Config()
    assert config.thresholds_for(old.model_id) != config.default_thresholds
    assert config.thresholds_for(mh.HashingEmbedder().model_id) != config.default_thresholds


@pytest.mark.parametrize("version", [0, 3, True, "2", None])
def test_an_unknown_version_is_refused(version: object) -> None:
    with pytest.raises(InputError, match="version: must be 1 or 2"):
        mh.HashingEmbedder(version=version)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("model_id", "expected"),
    [
        ("multihorizon-hash-384", (384, 1)),
        ("multihorizon-hash2-384", (384, 2)),
        ("multihorizon-hash2-64", (64, 2)),
        ("multihorizon-hash-0", None),
        ("multihorizon-hash3-384", None),
        ("sentence-transformers/all-MiniLM-L6-v2", None),
        ("", None),
    ],
)
def test_the_embedder_of_a_model_id(model_id: str, expected: tuple[int, int] | None) -> None:
    found = mh.HashingEmbedder.for_model_id(model_id)
    assert (None if found is None else (found.dim, found.version)) == expected


def test_a_session_of_the_first_embedder_reads_back_with_it() -> None:
    from multihorizon.persist import SnapshotError, restore, snapshot

    old = mh.Session(embedder=mh.HashingEmbedder(version=1))
    old.user("How do I rotate etcd certificates?")
    blob = snapshot(old)
    again, _ = restore(blob)  # no embedder given: the one that made the vectors
    assert again.model_id == "multihorizon-hash-384"
    with pytest.raises(SnapshotError, match=r"HashingEmbedder\(384, version=1\)"):
        restore(blob, embedder=mh.HashingEmbedder())


# ---- peer or assistant replies ---------------------------------------------------------------

_NO_SPEAKERS = Speakers()

PEER_REPLIES = [
    "i am good, i just got off work and i am tired.",
    "my sister lives there, i visit her every summer",
    "I love that band, I saw them live twice!",
    "haha me too, my dog does the same thing",
]
ASSISTANT_REPLIES = [
    "What city would you like to search in?",
    "Your table is booked for 7 pm. Would you like a taxi as well?",
    "Sure - you can set the keepalive to 10 seconds in your client config.",
    "Is there anything else I can help you with?",
]


@pytest.mark.parametrize("reply", PEER_REPLIES)
def test_a_reply_about_its_speaker_is_peer_talk(reply: str) -> None:
    assert stance(reply) == 1


@pytest.mark.parametrize("reply", ASSISTANT_REPLIES[:3])
def test_a_reply_to_its_listener_is_an_assistants(reply: str) -> None:
    assert stance(reply) == -1


def test_a_long_answer_is_an_assistants() -> None:
    assert stance("I think my favourite part is the tuning. " * 20) == -1


@pytest.mark.parametrize(
    "reply",
    [
        "hello . pretty good , thanks . and yourself ?",
        "cool! do you like dogs?",
        "what do you do for fun?",
        "so have you ever been to disneyland ?",
        "nice. how old are your kids?",
        "my kids are grown . i am already 60 years old .",
    ],
)
def test_asking_about_the_listeners_life_is_peer_talk(reply: str) -> None:
    assert stance(reply) == 1


@pytest.mark.parametrize(
    "reply",
    [
        "I found 2 homes. Bristol Apartment Homes costs $3,750,000.",
        "I have a flight with American Airlines for $289.",
        "Shall I make the reservation?",
        "Sure, let me check that for you.",
        "My pleasure. Have a good day.",
        "I recommend Caffe Uno, they are at 32 Bridge Street.",
        "Would you like me to book it?",
    ],
)
def test_a_reply_that_serves_is_never_peer_talk(reply: str) -> None:
    assert stance(reply) in (-1, 0)


REACTIONS = [
    "Thanks, that sounds great.",
    "That sounds perfect, thank you so much for your help.",
    "No, that's all I needed for now. Thanks!",
    "Wow, excellent service, I appreciate it.",
    "ok",
]
TOPIC_REQUESTS = [
    "Thanks, can you also find me a taxi?",
    "That sounds great. What about the weather in Paris?",
    "Perfect, now book a table for two.",
]


@pytest.mark.parametrize("text", REACTIONS)
def test_a_turn_that_only_reacts_stays_on_the_topic(text: str) -> None:
    session = mh.Session()
    session.user("Find me a hotel in Paris for two nights")
    session.assistant("I found 10 hotels; the Ac Hotel has 4 stars.")
    assert reacts_only(session.features_of(text, "user"), session.turns, _NO_SPEAKERS, mh.Config())
    assert session.preview(text).active_thread == session.active_thread
    off = mh.Config(reaction_turns=False)
    assert not reacts_only(session.features_of(text, "user"), session.turns, _NO_SPEAKERS, off)


@pytest.mark.parametrize("text", TOPIC_REQUESTS)
def test_a_reaction_that_names_a_topic_is_no_mere_reaction(text: str) -> None:
    session = mh.Session()
    session.user("Find me a hotel in Paris for two nights")
    session.assistant("I found 10 hotels; the Ac Hotel has 4 stars.")
    assert not reacts_only(
        session.features_of(text, "user"), session.turns, _NO_SPEAKERS, mh.Config()
    )


def test_between_peers_a_reaction_is_left_to_the_peer_rules() -> None:
    session = mh.Session()
    session.user("i just got back from a long hike")
    session.assistant("i love hiking, my brother and i go every summer")
    features = session.features_of("cool. and you?", "user")
    assert not reacts_only(features, session.turns, _NO_SPEAKERS, mh.Config())
    assistant = mh.Config(peer_replies=False)
    assert reacts_only(features, session.turns, _NO_SPEAKERS, assistant)


def _chat(replies: list[str], config: mh.Config) -> mh.Session:
    session = mh.Session(config=config)
    for index, reply in enumerate(replies):
        session.user(f"so what about thing number {index}?")
        session.assistant(reply)
    return session


@pytest.mark.parametrize(("replies", "peer"), [(PEER_REPLIES, True), (ASSISTANT_REPLIES, False)])
def test_the_default_detects_who_replies(replies: list[str], peer: bool) -> None:
    from multihorizon.dialogue.multiparty import peer_dialogue

    session = _chat(replies, mh.Config())
    assert peer_dialogue(session.turns, session.config) is peer
    # Forced either way, whatever the replies say.
    for forced in (True, False):
        forced_session = _chat(replies, mh.Config(peer_replies=forced))
        assert peer_dialogue(forced_session.turns, forced_session.config) is forced


def test_detected_peers_carry_a_statement_on_and_assistants_do_not() -> None:
    outcomes = {}
    chats = {
        "peer": (
            ("I am going hiking in the alps next week", "my brother and I climbed there once"),
            ("we might camp near the lake", "I love camping, my tent is tiny though"),
        ),
        "assistant": (
            (
                "Find me a hiking trail in the alps",
                "You could try the Eiger trail from Grindelwald.",
            ),
            ("Can you check the lake campsites?", "Your best option is Camping Gletscherdorf."),
        ),
    }
    for name, exchanges in chats.items():
        session = mh.Session()
        for user, reply in exchanges:
            session.user(user)
            session.assistant(reply)
        envelope = session.preview("The weather in Lisbon was awful yesterday")
        outcomes[name] = envelope.active_thread == session.active_thread
    assert outcomes == {"peer": True, "assistant": False}


def test_one_reply_that_tells_about_its_speaker_is_enough_and_a_service_reply_is_not() -> None:
    from multihorizon.dialogue.multiparty import peer_dialogue

    peer = mh.Session()
    peer.user("what do you do on weekends?")
    peer.assistant("I mostly read, my sister sends me books")
    assert peer_dialogue(peer.turns, peer.config)
    # "Sure! I found ...", "shall I ...", a price: a service's first person, not a peer's.
    for reply in (
        "Sure! I found 3 hotels near the station.",
        "Shall I book the table for eight?",
        "I have a flight at 5:10 am for $289.",
    ):
        served = mh.Session()
        served.user("I need to get to Berlin on Friday")
        served.assistant(reply)
        assert not peer_dialogue(served.turns, served.config), reply


@pytest.mark.parametrize("value", [1, 0, "auto", "yes"])
def test_peer_replies_is_true_false_or_none(value: object) -> None:
    with pytest.raises(ConfigError, match="peer_replies: must be True, False or None"):
        mh.Config(peer_replies=value)  # type: ignore[arg-type]
    assert mh.Config().peer_replies is None
    assert mh.Config.spec().peer_replies is False


# ---- thread labels ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("Try something unrelated: how do I bake sourdough bread?", "bake-sourdough"),
        ("What's a good backup strategy for Postgres?", "backup-strategy"),
        ("OK, my VPN keeps dropping every few minutes", "vpn-dropping"),
        ("Switching topics: the invoice refund for order 4411", "invoice-refund"),
        ("Quick question: is the best way to cache Redis keys TTLs?", "cache-redis"),
        ("New topic - a completely different thing: sailing knots", "sailing-knot"),
        ("Re the flat: is the deposit refundable?", "flat-deposit"),
        ("I've got a guitar question: which strings for a beginner?", "guitar-string"),
        ("We'll need a new router for the office, which one?", "router-office"),
        ("Don't heat pumps struggle below freezing?", "heat-pump"),
        ("Good afternoon. I need advice on a work visa for Berlin.", "work-visa"),
        ("Hi there, sorry to bother you, my boiler pressure keeps dropping", "boiler-pressure"),
        ("Morning! Thanks in advance - which tent for wild camping?", "tent-wild"),
    ],
)
def test_a_label_names_the_topic_not_the_talk(text: str, label: str) -> None:
    assert slug(content_terms(text), set()) == label
    session = mh.Session()
    assert session.user(text).active_thread == label


def test_a_label_of_discourse_words_only_keeps_them() -> None:
    assert slug(["good", "question"], set()) == "good-question"


# ---- a recap of the whole session ------------------------------------------------------------

RECAPS = [
    "Please summarise everything we did today",
    "recap this conversation",
    "Can you sum up what we covered so far?",
    "Give me a summary of the whole chat.",
    "Summarize all the topics we talked about",
]
NOT_RECAPS = [
    "summarise the query result",
    "write me a guide about what we just discussed",
    "What is a summary statistic?",
    "recap the etcd part",
    "what did we do today?",
]


@pytest.mark.parametrize("text", RECAPS)
def test_a_session_recap_is_recognised(text: str) -> None:
    assert recaps_session(text)


@pytest.mark.parametrize("text", NOT_RECAPS)
def test_other_requests_are_no_recap(text: str) -> None:
    assert not recaps_session(text)


@pytest.mark.parametrize("text", RECAPS)
def test_a_recap_is_hybrid_over_every_thread(text: str) -> None:
    chat = mh.ContextAssembler().session("tenant/recap")
    for user, reply in (
        ("My VPN keeps dropping every few minutes on 6.1", "Set keepalive 10 60 in the client."),
        ("Separate thing: the invoice refund for order 4411", "I have escalated order 4411."),
        # Announced: unannounced, a short question reads as a side question on the invoice
        # thread (rule side-questions).
        (
            "Different question: how do I bake sourdough bread at home?",
            "Feed the starter, then proof overnight.",
        ),
    ):
        chat.user(user)
        chat.assistant(reply)
    threads = chat.session.threads
    assert len(threads) == 3
    active = chat.session.active_thread
    envelope = chat.user(text)
    assert envelope.headers["CRP-Context-Mode"] == "hybrid"
    assert envelope.headers["CRP-Context-Active-Thread"] == active
    assert chat.session.threads == threads  # no thread of its own
    assert len(envelope.sub_queries) == 3
    for query, title in zip(envelope.sub_queries, ("sourdough", "invoice", "VPN"), strict=True):
        assert title.casefold() in query.casefold(), envelope.sub_queries
    # The recap is no open question of the thread it happened in.
    state = chat.session.thread_state()
    assert state is not None
    assert all(text.casefold() not in entry.casefold() for entry in state.open_questions)
