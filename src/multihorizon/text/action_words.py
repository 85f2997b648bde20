"""The words of a request that acts on the thread (SPEC-028 §5.1 DRILL_DOWN, rule
action-requests): "Run fastqc on the raw reads.", "Check how many sockets are open on the pod
right now.", "ok place the hold for central pickup then", "Now set up the firewall.". Data,
read by ``dialogue.reply_rules.opens_with_action``; the verbs mark
``Marker.REQUEST_OPENER`` (``lexicon``), so the native settle hands such a turn on."""

from __future__ import annotations

from .follow_up_words import REQUEST_SKIPPED

__all__ = [
    "ACTION_CUES", "ACTION_LEADS", "ACTION_MARKED", "ACTION_VERBS", "GENERIC_REPEAT_VERBS",
    "MAKING_FOR", "MAKING_LEADS", "MAKING_RECIPIENTS", "MAKING_VERBS", "MESSAGE_CUES",
    "MESSAGE_NOUNS", "NOT_ACTED", "ORIGINAL_WORDS", "REPEAT_VERBS", "REPEAT_VERB_LEADS",
    "SAME_FORM_VERBS", "VARIANT_NOUNS",
]  # fmt: skip

# Verbs that, opening a statement, ask the assistant to do something with what is on the
# table; base forms unlike their past ("ran", "checked"), so a report ("checked, it's fine")
# does not open with one. Not "find", "search", "look", "get": in ../shared/data (sgd) they
# open a search for alternatives, which goes on (CONTINUE); "give", "show me", "make": rules
# thread-requests and form-requests.
ACTION_VERBS = frozenset((
    "run", "rerun", "check", "pull", "try", "place", "suggest", "compare", "send", "plot",
    "calculate", "compute", "estimate", "convert", "draw", "grep", "book", "tell", "fix",
    "change", "remove", "replace", "rename", "delete", "list",
))  # fmt: skip
# Verbs whose past is their base form ("split the batch and it worked" reports): a request
# only after a word that asks ("Now set up the firewall.", "please split it by region").
SAME_FORM_VERBS = frozenset(("set", "split"))
ACTION_CUES = frozenset(("now", "please", "pls", "then", "next", "can", "could", "would", "will"))
# Words that may stand before the verb: the request openers' and acknowledgements.
ACTION_LEADS = REQUEST_SKIPPED | frozenset(("ok", "okay", "k", "alright", "yes", "yeah", "sure"))
# A word after the opening one that makes it a noun with its verb ("book arrived today",
# "list is done", "fix worked"): no request. Words ending in "ed" count too.
NOT_ACTED = frozenset((
    "is", "was", "were", "are", "has", "had", "have", "looks", "seems", "works", "came",
    "went", "did", "does", "got", "broke", "still", "goes",
))  # fmt: skip
# The scanner's phrases (``Marker.REQUEST_OPENER``).
ACTION_MARKED = tuple(sorted(ACTION_VERBS | SAME_FORM_VERBS))

# Rule made-requests (again38, SPEC-028 §4.1 "do it again"): verbs that, opening a user turn,
# ask for a thing to be made, which an action reference repeats with a new parameter ("Plan a
# 20-minute warm-up for my choir", "Hello, please make me a 6 weeks plan", "gimme a recipe
# ..."), read by ``dialogue.actions`` only; and the words that may come before them.
MAKING_VERBS = frozenset((
    "plan", "make", "write", "draft", "create", "generate", "design", "outline", "suggest",
    "compose", "build", "prepare", "sketch", "gimme", "translate", "convert",
    "summarise", "summarize", "rewrite", "draw", "produce", "devise",
))  # fmt: skip
# Making verbs that make only for someone ("give me a plan"; "Give it a day" makes nothing).
MAKING_FOR = frozenset(("give",))
MAKING_RECIPIENTS = frozenset(("me", "us"))
MAKING_LEADS = REQUEST_SKIPPED | frozenset((
    "ok", "okay", "k", "hi", "hello", "hey", "hiya", "please", "pls", "plz", "kindly",
))  # fmt: skip

# Rule message-repeats (nouns39, SPEC-028 §4.1 "do it again"): words of a repeat request's
# variation that say what a message to someone asks or tells ("same again for the builders,
# asking them to confirm the date", "... and remind him to bring the passport"), and the
# nouns of a request that made a message ("draft an email to ...", "write a text to ...").
MESSAGE_CUES = frozenset((
    "ask", "asking", "tell", "telling", "saying", "remind", "reminding", "thank", "thanking",
    "invite", "inviting", "inform", "informing", "apologise", "apologising", "apologize",
    "apologizing", "chase", "chasing", "requesting",
    # refs42: "now do the same for the nurse post, mention my first-aid cert".
    "mention", "mentioning",
))  # fmt: skip
MESSAGE_NOUNS = frozenset((
    "email", "e-mail", "mail", "text", "message", "letter", "note", "reply", "sms", "dm",
    "memo", "invitation", "whatsapp",
))  # fmt: skip

# Rule verb-repeats (refs41, SPEC-028 §4.1 "do it again"): a verb of doing or making that
# opens a clause (after at most REPEAT_VERB_LEADS) and is followed within AGAIN_REACH words of
# its sentence by "again" asks to repeat an action with its object named ("ok run the
# staging migration again", "could you write the caption again for Dolly", "dump it again but
# only the payments table"). Base forms only: "ran it again", "tried again" report. Not the
# verbs of saying ("say", "tell", "explain", "repeat", "go over"): they ask to hear an answer
# again (CLARIFY). GENERIC_REPEAT_VERBS name no action of their own ("do me that quote
# again"): the request is found by the object's words only.
REPEAT_VERBS = MAKING_VERBS | frozenset((
    "run", "rerun", "check", "pull", "send", "plot", "calculate", "compute", "estimate",
    "list", "dump", "export", "import", "rebuild", "regenerate", "redraft", "deploy", "sync",
    "fetch", "scan", "test", "render", "compile", "format", "upload", "post", "print",
    "migrate", "resend", "email", "do", "give", "update", "recalculate", "train", "edit",
    "fire", "bake", "book", "order", "record", "sort", "filter", "search", "find", "measure",
))  # fmt: skip
GENERIC_REPEAT_VERBS = frozenset(("do", "give", "make", "gimme"))
REPEAT_VERB_LEADS = MAKING_LEADS | ACTION_LEADS | frozenset((
    "me", "maybe", "kindly", "right", "alright", "now", "then", "and", "well", "hmm", "yep",
))  # fmt: skip

# Rule latest-repeats (refs41): a repeat request right after another repeats that one, with
# its parameters ("same for 20 metres" after "do me that fence quote again but for 45
# metres"), unless it names the first of them ("give me the first quote again", "like the
# original one"): then the walk goes on to the request the repeats repeated.
ORIGINAL_WORDS = frozenset(("first", "original", "initial", "1st"))

# Rule version-repeats (refs42): nouns naming a variant of a thing made or run; "the unpaid
# filter version" followed by "again" is what a repeat makes or runs once more, never an item
# of a list ("run the unpaid filter version again but by quarter").
VARIANT_NOUNS = frozenset(("version", "versions", "variant", "variants", "draft", "drafts"))
