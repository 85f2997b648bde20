"""Rule plan-reports (stop 44, issue 15, SPEC-028 §5.2 CONTINUE): the closed word classes of a
statement in which the user says what they will do next on the thread ("Great, thanks. I'll
glaze the second bowl on Saturday.", "alright I will swap the filter then", "tomorrow I will
try both hands together", "will do that and report back next week"). Case-folded, curly
apostrophes made straight, ``topic_clause_words.ECHO_STRIP`` off each word.
"""

from __future__ import annotations

__all__ = [
    "PLAN_BACK", "PLAN_FILLERS", "PLAN_FILLER_FORMS", "PLAN_HEADS", "PLAN_NOT_NEXT",
    "PLAN_OPENERS", "PLAN_TIMES", "PLAN_WILL_VERBS",
]  # fmt: skip

# Words of an acknowledgement before the plan ("Great, thanks.", "ok cool", "Alright then").
PLAN_FILLERS = frozenset((
    "ok", "okay", "kk", "k", "great", "thanks", "thank", "you", "thx", "ty", "cheers",
    "alright", "right", "perfect", "excellent", "brilliant", "cool", "good", "nice", "lovely",
    "awesome", "wonderful", "splendid", "fab", "super", "noted", "understood", "sure", "yes",
    "yeah", "yep", "fine", "then", "so", "well", "sounds", "got", "makes", "sense", "much",
    "very", "oh", "ah", "hmm",
))  # fmt: skip
# Acknowledgements of more words, read before the single fillers ("got it", "in that case").
PLAN_FILLER_FORMS = (
    ("got", "it"), ("in", "that", "case"), ("a", "lot"), ("makes", "sense"),
)  # fmt: skip
# Time words before the plan ("tomorrow I will ...", "this evening I'll ...").
PLAN_TIMES = frozenset((
    "today", "tonight", "tonite", "tomorrow", "tmrw", "tmr", "tomoz", "later", "now", "this",
    "next", "morning", "evening", "afternoon", "weekend", "week", "on", "monday", "tuesday",
    "wednesday", "thursday", "friday", "saturday", "sunday", "first", "after", "work",
))  # fmt: skip
# What opens the plan: the user (or "we") and a future ("I'll", "I will", "I'm going to",
# "gonna"), or a bare "will" ("will do that tonight").
PLAN_HEADS = (
    ("i'll",), ("i", "will"), ("i", "shall"), ("i'm", "going", "to"), ("im", "going", "to"),
    ("i", "am", "going", "to"), ("i'm", "gonna"), ("im", "gonna"), ("gonna",), ("we'll",),
    ("we", "will"), ("we", "shall"), ("we're", "going", "to"), ("were", "going", "to"),
    ("we're", "gonna"), ("will",),
)  # fmt: skip
# After the head these make it a want, a state or a question, not a thing to be done ("I'll
# need a recipe for ...", "I'll be in Lisbon next month", "I will have questions"): §5.2 as it
# reads.
PLAN_NOT_NEXT = frozenset((
    "need", "want", "like", "be", "ask", "have", "probably", "maybe", "never", "not",
))  # fmt: skip
# After a bare "will" only these verbs make it a plan ("will do that tonight", "will order
# one"): "will snapshot mode work ...", "will the smell go" ask (a closed class: a bare "will"
# before any other word stays as §5.2 reads it).
PLAN_WILL_VERBS = frozenset((
    "do", "try", "give", "get", "order", "buy", "call", "ring", "book", "send", "check",
    "change", "swap", "post", "drop", "pick", "keep", "take", "make", "use", "report",
    "update", "look", "put", "start", "stop", "fix", "add", "read", "write", "test", "text",
    "email", "message", "sort", "grab", "pop", "leave", "move", "clean", "wash", "replace",
    "fit", "install", "print", "practise", "practice", "feed", "water", "bake", "cook",
    "plant", "let", "tell", "show", "share", "follow", "contact",
))  # fmt: skip
# Words in the plan that point back to what the thread holds ("I'll try it tonight", "will do
# that", "I'll order both").
PLAN_BACK = frozenset((
    "it", "them", "that", "those", "this", "these", "one", "ones", "both", "again", "same",
    "there", "instead",
))  # fmt: skip
# First words the native settle hands on for the rule (beside the report openers): a plan's
# head or an acknowledgement or time word before it.
PLAN_OPENERS = frozenset((
    "i'll", "will", "we'll", "gonna", "i'm", "im", "tomorrow", "tmrw", "tonight", "excellent",
    "perfect", "brilliant", "cheers", "thank", "thx", "ty", "noted", "awesome", "nice",
    "lovely", "kk", "k", "understood", "sounds", "got", "later", "next",
))  # fmt: skip
