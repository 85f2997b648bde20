"""The words of issue 15's topic clauses (SPEC-028 §3.3 new threads and resumption, §5.2
CLARIFY), as data: how people announce a new topic or a return in an opening clause of
their own ("Quite a different subject: ...", "Off on a tangent, but ...", "Kiln again: ...")
and ask for clarification without the canonical markers ("Mature, as in what?"). Case-folded;
read by set tests and by the lexicon automaton (``text.lexicon``)."""

from __future__ import annotations

__all__ = [
    "AGAIN_NOT_TOPICS",
    "CLARIFY_PHRASES",
    "CLAUSE_BLOCKERS",
    "CLAUSE_OPENERS",
    "CLAUSE_TOPIC_LINKS",
    "NOT_ANNOUNCING",
    "RETURN_CLAUSE_FRONTS",
]

# NEW_TOPIC phrases that move on without saying the topic changes ("Let's talk about other
# influences", "Another question: ..." often stay on the subject): no announcement.
NOT_ANNOUNCING = frozenset(
    (
        "let's talk about",
        "let us talk about",
        "moving on",
        "another question",
        "new question",
    )
)
# TOPIC_OPENER phrases that announce a new topic when they end a short opening clause of
# their own (rule announcement-clauses): "Quick detour: ...", "Slight tangent: ...",
# "Something quite different: ...", "On an unconnected note, ...", "Switching lanes: ...",
# "Before I forget, ...", "Nothing to do with the trip, but ...". Mid-turn they are ordinary.
CLAUSE_OPENERS = (
    "different", "tangent", "unconnected", "detour", "digression", "sidetrack",
    "off-piste", "off piste", "left field", "switching lanes", "switching tracks",
    "switching subjects", "change of tack", "changing tack", "while i have you",
    "before i forget", "before it slips my mind", "apropos of nothing", "nothing to do with",
    "personal one", "personal question", "unrelated thing", "another matter",
    "separate matter", "different matter",
)  # fmt: skip
# Words before an opener that make the clause a sentence of its own, not an announcement
# ("Is there a different route?", "I want a different time, ..."): questions, subjects.
CLAUSE_BLOCKERS = frozenset((
    "what", "where", "when", "which", "who", "whom", "whose", "why", "how", "is", "are",
    "was", "were", "do", "does", "did", "can", "could", "will", "would", "should", "shall",
    "may", "i", "i'm", "i'd", "i've", "you", "we", "he", "she", "they", "it", "my", "your",
    "our", "their", "there", "this", "that", "the", "not", "no", "any", "want", "need",
    "try", "like", "prefer",
))  # fmt: skip
# Words between an opener and its clause's end that tie the clause to a topic ("A different
# question about the sauna: ..."): then the clause names the topic, it announces no new one.
CLAUSE_TOPIC_LINKS = frozenset(("about", "on", "regarding", "re", "for", "with", "to", "from"))
# Fronts of an opening clause that say the turn goes back to a topic named after them (rule
# again-returns): "Still on the jars: ...", "Circling back to the move, ...".
RETURN_CLAUSE_FRONTS = (
    ("still", "on", "the"), ("still", "on"), ("still", "thinking", "about", "the"),
    ("still", "thinking", "about"), ("circling", "back", "to", "the"),
    ("circling", "back", "to"), ("circling", "back", "on"), ("thinking", "back", "to", "the"),
    ("thinking", "back", "to"),
)  # fmt: skip
# Words that make "X again" no topic named for a return ("Try again, ...", "Same again,
# ...", "Never again: ..."): verbs of repeating, quantities, negations, pronouns.
AGAIN_NOT_TOPICS = frozenset((
    "try", "same", "never", "once", "not", "here", "there", "it", "that", "this", "me",
    "you", "say", "said", "explain", "repeat", "do", "did", "run", "tell", "show", "go",
    "come", "start", "check", "test", "and", "or", "but", "all", "over", "yet", "and",
    "thanks", "thank", "sorry", "what", "why", "how", "who", "when", "where", "which",
    "again", "up", "down", "off", "so", "well", "ok", "okay",
))  # fmt: skip
# CLARIFY phrases beyond SPEC-028 §5.2's canonical markers (issue 15 item 1): a term asked
# back ("Mature, as in what?", "the frog? Never heard that word.", "what's that exactly?"),
# a request for the simple idea ("say it like I'm not an engineer", "can you unpack ...").
CLARIFY_PHRASES = (
    "as in what", "never heard that word", "never heard that term", "never heard of that",
    "never heard of it", "what's that exactly", "what is that exactly", "what's that in practice",
    "what is that in practice", "what's that in plain", "no idea what those are",
    "no idea what that is", "no idea what that means", "not sure i get", "not sure i got",
    "say it like i'm", "say it like i am", "explain it like", "can you unpack",
    "could you unpack", "unpack that", "unpack this", "the simple idea", "the simple version",
    "a lot of new words", "too many new words", "too jargony",
    "what do those mean", "lost you at", "went over my head",
)  # fmt: skip
