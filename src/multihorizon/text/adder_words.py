"""Word lists of rule adder-questions (``dialogue.adder_questions``; SPEC-028 §5.2, §3.3 a new
thread; issue 15 item 1): an add-on opener, a statement of a situation, then a question ("Also,
my daughter is allergic to nuts. Do the schools handle that?", "One more thing, the commute
looks awful from there. How do people manage it?")."""

from __future__ import annotations

__all__ = [
    "ADDER_ASKS",
    "ADDER_CLAUSE_MARKS",
    "ADDER_CLAUSE_OPENERS",
    "ADDER_COMPARES",
    "ADDER_DEFINITES",
    "ADDER_EVENTS",
    "ADDER_FILLERS",
    "ADDER_GENERIC",
    "ADDER_JOINS",
    "ADDER_LEADS",
    "ADDER_LINKS",
    "ADDER_MARKED",
    "ADDER_OPENERS",
    "ADDER_OPENING_CHARS",
    "ADDER_POINTERS",
    "ADDER_RELATIVES",
    "ADDER_SUBJECT_LEADS",
    "ADDER_TOPIC_PLACES",
    "ADDER_TOPIC_STOPS",
    "ADDER_TOPIC_WORDS",
    "ADDER_VERBS",
]

# The add-on openers, case-folded word tuples, at the turn's opening (after ``ADDER_LEADS``).
# The scanner marks "also"/"plus"/"oh and" (Marker.ALSO_OPENER, rule also-subjects),
# "another thing"/"another question"/"btw" (a topic opener or a new topic) and the rest
# (``ADDER_MARKED``: Marker.ADDER_OPENER). An ADDER_OPENER hit hands a question past the
# native settle only where it opens the turn (``ADDER_OPENING_CHARS``, a positional gate): a
# category that sent every turn holding one on, wherever it stood, took the bench's
# marker-dense turn from 1.5 to 92 µs (stop 39).
ADDER_OPENERS = (
    ("also",), ("and", "also"), ("oh", "and"), ("oh", "also"), ("plus",),
    ("one", "more", "thing"), ("one", "last", "thing"), ("one", "other", "thing"),
    ("one", "more", "question"), ("one", "last", "question"), ("one", "further", "question"),
    ("one", "further", "thing"), ("one", "further", "matter"), ("another", "thing"),
    ("another", "question"), ("another", "matter"), ("additionally",), ("in", "addition"),
    ("furthermore",), ("btw",), ("by", "the", "way"),
    # Stop 40 (adders40): "while I'm at it, ...", "last question, ...", "apart from that, ...".
    ("while", "i'm", "at", "it"), ("while", "im", "at", "it"), ("while", "i", "am", "at", "it"),
    ("while", "we're", "at", "it"), ("one", "final", "question"), ("one", "final", "thing"),
    ("last", "question"), ("final", "question"),
    ("a", "further", "question"), ("apart", "from", "that"), ("aside", "from", "that"),
)  # fmt: skip
# The openers of ``ADDER_OPENERS`` no other category of the lexicon marks (Marker.ADDER_OPENER).
ADDER_MARKED = (
    "one more thing", "one last thing", "one other thing", "one more question",
    "one last question", "one further question", "one further thing", "one further matter",
    "another matter", "additionally", "in addition", "furthermore", "while i'm at it",
    "while im at it", "while i am at it", "while we're at it", "one final question",
    "one final thing", "last question", "final question",
    "a further question", "apart from that", "aside from that",
    # Stop 41: ``ADDER_CLAUSE_OPENERS``' words (the rule reads the clause mark; the scanner
    # reads none, so "one more coat ...?" at the opening goes on and the rule drops it).
    "one more", "last thing", "final thing",
)  # fmt: skip
# Openers that open only before a clause mark, a token ending with ":", "," or "." or a dash
# ("and one more: my partner wants ...", "Last thing. My son ..."); bare, they ask for more of
# the thread's thing ("one more coat of varnish or two?", "last thing you said").
ADDER_CLAUSE_OPENERS = (("one", "more"), ("last", "thing"), ("final", "thing"))
# The marks after an ``ADDER_CLAUSE_OPENERS`` opener's last word.
ADDER_CLAUSE_MARKS = ":,."
# How far into a turn an ADDER_OPENER hit may start for the native settle to hand a question
# on, and for rule adder-questions to read it (past two short ``ADDER_LEADS``: "ok so one more
# thing"; the rule checks the same bound, so the gate hands on every turn it reads).
ADDER_OPENING_CHARS = 24
# Words that may stand before the opener ("ok, also ...", "oh and one more thing: ...").
ADDER_LEADS = frozenset(("ok", "okay", "oh", "and", "so", "right", "well", "hey", "sorry"))
# The first words of the question that closes the turn, at a clause's start ("..., is it
# worth switching?", "... . Any tips for ...?", "... . Which documents I need?").
ADDER_ASKS = frozenset((
    "what", "what's", "whats", "where", "when", "which", "who", "whom", "whose", "why", "how",
    "is", "are", "was", "were", "do", "does", "did", "can", "could", "will", "would", "should",
    "shall", "may", "might", "must", "any", "anyone", "anything", "worth", "thoughts", "ideas",
    "tips", "advice", "suggestions", "help", "isn't", "aren't", "won't", "wont", "can't",
    "cant", "don't", "dont", "doesn't", "doesnt", "shouldn't", "wouldn't", "couldn't",
    "best", "normal", "safe", "ok", "okay",  # "..., best way to revise??", "..., normal?"
))  # fmt: skip
# Words of ``ADDER_ASKS`` that may relate instead ("my father, who lives with us, has ..."):
# they ask only in a clause that runs to a "?" or the turn's end.
ADDER_RELATIVES = frozenset(("who", "whom", "whose", "which", "where", "when"))
# Words that may join the question to the statement ("..., so what can we do about it?").
ADDER_JOINS = frozenset(("so", "and", "but"))
# A statement that opens with one of these points back ("also it clicks now, is that bad?",
# "also that one, ..."), or names the subject asked on ("one more question about the visa:
# ..."): no situation of its own, the thread's subject. So does "the" with a
# word the thread never said: a part of the thread's own situation ("Also the wrists hurt
# after class, ...?" after yoga, "also the dough is super sticky, ...?" after a loaf); the
# speaker's own new situation comes with "my", "our", "I" or a bare noun.
ADDER_POINTERS = frozenset((
    "it", "it's", "its", "that", "that's", "this", "these", "those", "they", "they're", "them",
    "there", "here", "same", "the", "about", "regarding", "concerning", "re",
))  # fmt: skip
# Past forms of an event that are their own base form (rule terse-reports' past forms leave
# them out: "burst" is an order too): after "the" and one word new to the conversation ("also
# the pipe burst last night, what now?") the statement brings a thing of its own (rule
# event-adders).
ADDER_EVENTS = frozenset(("burst", "split", "shut", "cut", "quit", "hit", "set"))
# A statement opening with "the" brings a thing of its own when its noun is a possessive new
# to the conversation ("oh and the car's MOT is due, ...?") or two such words before one of
# these ("while I'm at it, the shower drain is slow, ...?"); "also the dough is sticky,
# normal?" after a loaf stays the thread's own thing.
ADDER_LINKS = frozenset((
    "is", "are", "was", "were", "has", "have", "had", "keeps", "kept", "isn't", "isnt",
    "aren't", "won't", "wont", "doesn't", "doesnt", "didn't", "needs", "seems", "looks",
    "started", "stopped", "broke", "leaks", "smells", "makes", "wants", "says", "just",
    # "the extractor fan over the hob has ...": a place after the two words.
    "in", "on", "at", "over", "under", "near", "by", "behind", "outside", "inside", "of",
))  # fmt: skip
# Words of an added question that tie it to no thread: times and the words of any request
# ("how do we cook for 3 weeks", "can I fix that myself?"), as ``content_terms`` gives them.
ADDER_GENERIC = frozenset((
    "minute", "hour", "day", "week", "month", "year", "time", "today", "tomorrow", "fix",
    "take", "work", "help", "find", "buy", "cost", "good", "best", "normal", "worth", "idea",
    "tip", "advice", "long",
))  # fmt: skip
# Adverbs ``content_terms`` keeps that name no thing of a question's own: rule
# adder-situations counts a question's new words without them ("Can she work in Toronto
# straight away?" names none).
ADDER_FILLERS = frozenset((
    "straight", "away", "right", "soon", "already", "immediately", "asap", "quickly", "later",
    "directly", "ever", "anyway", "probably", "fine", "enough", "really", "still", "first",
))  # fmt: skip
# Words of a statement that compare a thing with the thread's ("one more thing, my dad had
# the same model, his was fine, bad luck?"): no subject of its own (rule adder-situations).
ADDER_COMPARES = frozenset(("same", "similar", "identical"))
# Short or irregular past forms a thing's verb takes that ``terse_words.past_form`` does not
# read ("the car battery died", "the fence panel blew over"; rule adder-situations).
ADDER_VERBS = frozenset((
    "died", "fell", "blew", "froze", "burst", "went", "got", "ran", "tore", "bent", "sank",
    "shrank", "leaked", "split", "quit",
))  # fmt: skip
# Rule adder-topics (stop 42): the most words of a bare noun phrase the statement names as
# its topic before a comma or a dash, "the" and the opener aside ("also the ferry to the
# islands, is it bookable ...", "also the car hire at the airport, cheaper to book now ...?").
ADDER_TOPIC_WORDS = 7
# Words of ``ADDER_LINKS`` a topic's noun phrase may hold: places after its noun.
ADDER_TOPIC_PLACES = frozenset((
    "in", "on", "at", "over", "under", "near", "by", "behind", "outside", "inside", "of", "to",
    "for", "from", "with", "around",
))  # fmt: skip
# Words no bare noun phrase holds (a clause with one is a statement: "also the dough is
# sticky, normal?", "also the kids and I went ..."): pronouns, negations and irregular
# pasts, besides ``ADDER_LINKS``' verbs, ``ADDER_ASKS`` and past forms.
ADDER_TOPIC_STOPS = frozenset((
    "i", "i'm", "im", "i've", "ive", "we", "we're", "he", "she", "they", "it", "it's", "you",
    "not", "no", "never", "and", "or", "but", "so", "if", "because", "since", "still", "too",
    # Irregular past forms ``terse_words.past_form`` and ``ADDER_VERBS`` leave out.
    "lost", "left", "came", "gave", "took", "made", "said", "found", "kept", "heard", "paid",
    "sent", "spent", "told", "bought", "brought", "caught", "sold", "won", "wore", "ate",
    "drank", "began", "stuck", "hit", "cut", "put", "let", "set", "shut",
))  # fmt: skip
# Rule adder-heads (stop 42): the words before a statement's subject noun phrase ("my office
# chair creaks ...": its nouns are "office chair", its head "chair").
ADDER_SUBJECT_LEADS = frozenset((
    "my", "our", "his", "her", "their", "your", "the", "a", "an", "mine", "ours",
))  # fmt: skip
# Rule adder-reply-words (stop 42): the words before a thing the question points at as known
# ("Would the panel regard that ...?": a word of the replies after one ties it to the thread).
ADDER_DEFINITES = frozenset(("the", "that", "this", "these", "those", "your"))
