"""The words of an answer to the assistant's question (SPEC-028 §5.2 CONTINUE, rule
reply-answers), as data: what ends a question the reply puts to the user, and what makes a
statement after it something else than an answer (a new problem of another party's, a task
asked for in statement form). Case-folded; read by set tests in ``dialogue.reply_answers``."""

from __future__ import annotations

from .outcome_words import OUTCOME_FILLERS, OUTCOME_OTHERNESS

__all__ = [
    "ANSWER_ADDING",
    "ANSWER_ASKS",
    "ANSWER_FILLERS",
    "ANSWER_NEGATORS",
    "ANSWER_ORDERS",
    "ANSWER_OTHERNESS",
    "ANSWER_OWNERS",
    "OFFER_WORDS",
    "QUESTION_CLOSERS",
    "SENTENCE_ENDS",
]

# What may follow a question's "?" at the end of a reply ("... or video?)", '"... you?"').
QUESTION_CLOSERS = " \t\r\n\"')]*_\u201d\u2019"
# What ends the sentence before a reply's last one.
SENTENCE_ENDS = ".!?\n"
# Words of a reply's last question that offer more help rather than ask about the matter ("Any
# other help you want?", "Can I assist with anything else?", "Do you require more
# information?"): a statement after it may well ask for something new.
OFFER_WORDS = frozenset((
    "help", "assist", "assistance", "else", "anything", "information", "info",
))  # fmt: skip
# Words that add a second matter ("My daughter also needs braces", "his sister wants one too",
# "our patio as well"): with an owner (ANSWER_OWNERS) in the statement's first clause, a new
# problem of another party's, not an answer.
ANSWER_ADDING = frozenset(("also", "too", "additionally", "besides"))
# The owners of that second matter ("my daughter", "our patio", "her brother").
ANSWER_OWNERS = frozenset(("my", "our", "his", "her", "their", "mine"))
# Words of a first clause that say it is about something else ("Unrelated, ...", "other
# thing: ...", "Separately, ...").
ANSWER_OTHERNESS = OUTCOME_OTHERNESS | frozenset(("meanwhile", "elsewhere", "else"))
# Words after which an otherness word is an answer's, not a move ("no change, still slow", "no
# other marks", "nothing different"; stop 38): the word says nothing else came up.
ANSWER_NEGATORS = frozenset(("no", "not", "nothing", "none", "without", "any"))
# Words with which a statement asks for something after all ("my partner wants to know how
# ...", "I'd appreciate tips on ...", "Please give me their phone number first.", "Let me have
# the contact number"): read as the pair ("to", "know") or the single word.
ANSWER_ASKS = frozenset((
    "advice", "tips", "recommend", "recommendation", "recommendations", "wondering",
    "suggestions", "ideas", "appreciate", "question", "please", "pls", "plz", "let's", "lets",
    "help",
))  # fmt: skip
# Words that may come before a clause's order ("ok", "so", "then", "no").
ANSWER_FILLERS = OUTCOME_FILLERS | frozenset(("no", "nope", "not", "now", "first"))
# Verbs that give an order at the start of a clause ("Let me have the contact number", "No,
# not now. Tell me the weather there", "ok send it to Jack"), after fillers ("ok", "so").
ANSWER_ORDERS = frozenset((
    "let", "tell", "give", "show", "send", "find", "get", "book", "make", "share", "play",
    "search", "look", "check", "add", "remind", "call", "text", "email", "cancel",
))  # fmt: skip
