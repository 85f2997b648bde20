"""The words rule short-follow-ups reads (SPEC-028 §5.2, §3.3; issue 15 item 1), as data:
what makes a short question a request of its own rather than a follow-up on the topic at
hand. Case-folded; read by set tests."""

from __future__ import annotations

__all__ = [
    "ASPECT_WORDS",
    "EXPLETIVE_IT",
    "FOLLOW_UP_REQUEST_WORDS",
    "FORM_GIVERS",
    "FORM_NOUNS",
    "FORM_OPENERS",
    "REQUEST_FOLLOW_UPS",
    "REQUEST_GIVERS",
    "REQUEST_MAKERS",
    "REQUEST_MARKED",
    "REQUEST_SKIPPED",
    "TOPIC_QUESTION_OPENERS",
    "WANT_ASKS",
]

# A short question with one of these words asks the assistant for something ("Can you send
# me the form?", "Find one for me please?"): a task of its own. Not "there": "Is there a
# threshold?" asks on (with it, ../shared/data CAsT 2020 intent macro-F1 0.880 -> 0.861).
FOLLOW_UP_REQUEST_WORDS = frozenset(("you", "me", "please", "u", "you'd", "you're"))
# How a question that opens a topic of its own begins, however short ("What is quantum
# computing?", "Why is the sky blue?", "How does DNS work?", issue 15 item 2): no follow-up.
# Opening words, case-folded; "so", "and", "ok" ... may come first (``SIDE_SKIPPED``).
TOPIC_QUESTION_OPENERS = frozenset((
    ("what", "is"), ("what's",), ("whats",), ("what", "are"), ("who", "is"), ("who's",),
    ("who", "was"), ("why",), ("how", "does"), ("how", "do", "you"),
))  # fmt: skip
# "Is it normal for a fridge to click?", "Is it safe to give a cat tuna?": an "it" that
# stands for what follows, not for anything said before (no ANAPHOR: lexicon BLOCK phrases).
EXPLETIVE_IT = tuple(
    f"is it {judgement} {link}"
    for judgement in (
        "normal", "safe", "ok", "okay", "possible", "better", "bad", "fine", "legal", "true",
        "necessary", "worth", "too late", "hard", "easy", "common", "wise", "cheaper",
    )
    for link in ("to", "for", "that", "if")
)  # fmt: skip
# Words any topic has a part or quality named by ("What are common types?", "Any side
# effects?", "What is the usual cost?"): a question naming nothing else names a part of the
# topic at hand, not a topic of its own (rule bridging-chains). Normalised terms
# (``tokens.normalise_term``: "types" -> "type").
ASPECT_WORDS = frozenset((
    "type", "kind", "sort", "cause", "symptom", "sign", "effect", "side", "benefit",
    "advantage", "disadvantage", "pro", "con", "risk", "danger", "history", "origin", "cost",
    "price", "treatment", "cure", "use", "source", "level", "role", "member", "finding",
    "result", "requirement", "step", "example", "difference", "similarity", "impact",
    "feature", "part", "version", "rule", "diagnosis", "outlook", "purpose", "meaning",
    "definition", "name", "size", "age", "location", "future", "common", "main", "good",
    "best", "popular", "important", "key", "possible", "different", "similar", "other", "new",
    "first", "many", "much", "most", "usual", "major", "typical", "famous", "worst", "long",
    "often",
))  # fmt: skip

# Rule thread-requests (SPEC-028 §5.1 DRILL_DOWN, issue 15 items 1-2): a request that opens
# a turn by asking the assistant to make something more of the thread ("now make it funny",
# "Give me a recipe for a vegan version.", "Now a shopping list for 7 please.") takes the
# thread's object, whatever its words. The scanner's phrases (``Marker.REQUEST_OPENER``): a
# turn with none is never read by the rule (issue 14); where they stand is read after.
REQUEST_FOLLOW_UPS = (
    "make it", "make me", "make a", "make an", "make one", "make some", "make them",
    "write me", "write a", "write an", "write it", "write one", "write my", "write the",
    "draft me", "draft an", "draft it", "create a",
    "add a", "add an", "add some", "translate", "rewrite", "now a",
    "now an", "now the", "now some",
)  # fmt: skip
# Rule thread-wants (SPEC-028 §5.1 DRILL_DOWN, issue 15 item 1): the user says what they need
# to know ("I need to know where to cut them as well", "I'd also like to know whether the new
# regulations affect us"): a question put as a statement. A closed class of first-person
# openers; not "want to know": in ../shared/data (sgd) it opens a new service's task ("I want
# to know the weather there on March 10th"). Marked ``Marker.REQUEST_OPENER`` too, so the
# native settle hands such a turn on.
WANT_ASKS = tuple(
    f"{who}{need}"
    for who in ("i", "we")
    for need in (
        " need to know", " also need to know", "'d like to know", " would like to know",
        "'d also like to know", " would also like to know",
    )
)  # fmt: skip
# Rule form-requests (SPEC-028 §5.1 DRILL_DOWN, issue 15 item 1): a request that opens by
# asking to be given or shown the thread's matter in a form ("give me a checklist for
# recording day", "OK, show me the first row step by step", "put that in a table"). Verbs not
# in ``REQUEST_MAKERS`` ("show me my alarms", "give me directions to ..." open a new service's
# task in ../shared/data): only with a form noun (a closed class of text forms) in the turn.
FORM_GIVERS = frozenset(("give", "gimme", "show", "put", "lay", "set", "break"))
FORM_NOUNS = frozenset((
    "checklist", "list", "table", "recipe", "plan", "schedule", "version", "outline",
    "template", "timetable", "breakdown", "step-by-step", "line-by-line",
))  # fmt: skip
# The scanner's phrases for ``FORM_GIVERS`` (``Marker.REQUEST_OPENER``: the native settle
# hands the turn on). Not "show me": a blocking phrase (lexicon) masks it; "show me ... step by
# step" is marked by its form.
FORM_OPENERS = (
    "give me", "gimme", "put that", "put it", "put them", "put this", "put the", "lay out",
    "lay it", "lay that", "set out", "set it out", "break down", "break it down", "step by step",
    "step-by-step", "line by line",
)  # fmt: skip
REQUEST_MARKED = REQUEST_FOLLOW_UPS + WANT_ASKS + FORM_OPENERS
# The verbs that make something of the thread, as a request's first word: a closed class of
# producing verbs. Not "show", "check", "find", "put", "suggest": in ../shared/data (sgd,
# dialseg711) they open a new service's task ("show me my alarms", "check the weather"); not
# "summarise": a recap (rule session-recaps); not "compare": "Compare Redis and Memcached"
# names a topic of its own (tests/test_crp_differential).
REQUEST_MAKERS = frozenset((
    "make", "write", "draft", "create", "add", "translate", "rewrite", "redo",
))  # fmt: skip
# "give me" makes something only of an indefinite object ("give me a checklist", "gimme 3
# tavern names"); "give me directions to ..." asks for a new service's answer (dialseg711),
# "Give me an overview of quantum computing" for a topic of its own (tests/test_content_topics):
# off (empty) until a request's own topic can be told from the thread's.
REQUEST_GIVERS: frozenset[str] = frozenset()
# Words that may come before a request's verb: "now", "ok", "can you", "please", ...
REQUEST_SKIPPED = frozenset((
    "now", "also", "then", "and", "so", "great", "perfect", "good", "thanks", "cool", "right",
    "please", "pls", "just", "oh", "can", "could", "would", "will", "you", "u", "next",
))  # fmt: skip
