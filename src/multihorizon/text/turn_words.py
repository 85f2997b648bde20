"""The word sets the intent and thread rules read at a turn's opening (SPEC-028 §5.2, §3.3):
fillers before a topic announcement, the words of reports, requests and side questions, the
fronts that name a topic. Data only, case-folded; ``lexicon`` re-exports every name.
"""

from __future__ import annotations

__all__ = [
    "ACK_REQUEST_WORDS",
    "ADDING_OPENERS",
    "ALSO_ASK_TAILS",
    "ALSO_CONCERN_WORDS",
    "ALSO_OWN_SUBJECTS",
    "ALSO_SUBJECT_OPENERS",
    "CHOICE_ASKERS",
    "FINDING_VERBS",
    "INFLECTION_SWAPS",
    "OPENING_FILLERS",
    "OUTCOME_AUXILIARIES",
    "OUTCOME_BASE_FORMS",
    "OUTCOME_NOT_SUBJECTS",
    "REPORT_OBJECTS",
    "REPORT_SUBJECTS",
    "REQUEST_WORDS",
    "RETURN_FRONTS",
    "SIDE_FRAGMENT_OPENERS",
    "SIDE_OPENERS",
    "SIDE_SKIPPED",
    "SITUATION_OPENERS",
    "SITUATION_WORDS",
    "TOOL_OUTCOME_FOLLOWERS",
    "TOPIC_FRONTS",
]

# fmt: off
# What may come before a topic announcement at a turn's opening ("OK, quick unrelated
# question: ...", "Also - switching topics"): fillers and acknowledgements, case-folded.
OPENING_FILLERS = frozenset((
    "ok", "okay", "so", "and", "also", "oh", "hey", "hi", "quick", "sorry", "well", "alright",
    "right", "cool", "thanks", "thank", "you", "great", "now", "one", "a", "an", "just",
    "actually", "hmm", "um", "anyway", "anyways", "fine", "perfect", "nice", "got", "it",
    "good", "ah", "right", "totally", "completely", "entirely", "slightly", "little", "bit",
    "kind", "of", "then", "but", "wait", "ps", "p.s", "here's", "here", "is", "another",
    "i", "have", "got", "had", "my",
))
# What may follow a TOOL_OUTCOME verb that asks about an outcome ("why did the build fail?",
# "what did the API return for the reason?"); a noun after it makes it no verb ("the return
# flight", "a failing grade"). The end of the turn and punctuation count too.
# Verbs of what a tool found ("How much organic matter did it find?", "How many duplicates
# did flagstat count?", "What did the coop camera pick up?"): TOOL_OUTCOME words, each a verb
# only after an auxiliary with no person as its subject (rule finding-outcomes).
FINDING_VERBS = frozenset(
    ("find", "count", "pick up", "measure", "record", "catch", "spot")
)
TOOL_OUTCOME_FOLLOWERS = frozenset((
    "for", "about", "on", "in", "from", "with", "at", "when", "to", "anything", "any",
    "exactly", "so", "because", "after", "and", "or", "then", "there", "here", "again",
    "now", "yet", "this", "that", "today", "overnight", "last", "first", "earlier", "back",
    "us", "me", "you", "it", "is", "was", "if", "whether", "what", "why", "how",
    "before", "during", "while", "until", "since", "like", "up", "according",
))
# TOOL_OUTCOME words that are nouns as often as verbs ("a stage show", "a print"): a verb only
# after an auxiliary earlier in the clause ("what did docker ps show?"), with no person as its
# subject ("any other therapist you can show?").
OUTCOME_BASE_FORMS = frozenset(
    ("show", "hang", "print", "flag", "time out", "point at", *FINDING_VERBS)
)
OUTCOME_AUXILIARIES = frozenset(("did", "does", "do", "will", "would", "can", "could", "should"))
OUTCOME_NOT_SUBJECTS = frozenset(("you", "i", "we", "me", "u"))
# A short statement after an acknowledgement that asks for something is no report back
# ("Thanks, now can you check the weather?", "Cool, I will be needing a house"): any of
# these words in it (case-folded).
ACK_REQUEST_WORDS = frozenset((
    "need", "needing", "needs", "want", "wanting", "wish", "looking", "like", "please",
    "find", "book", "reserve", "get", "show", "tell", "give", "schedule", "set", "share",
    "check", "search", "fetch", "visit", "rent", "buy", "order", "play", "call", "send",
    "let's", "lets", "now", "can", "could", "would", "will", "help", "make", "switch",
))
# A short question with one of these words sets up a situation of its own ("my knee hurts
# going downstairs, why?", "our router keeps dropping, any idea?"): it may open a topic, so it
# is no side question on the topic at hand (rule side-questions). Case-folded.
SITUATION_WORDS = frozenset((
    "my", "mine", "our", "ours", "i'm", "i've", "we're", "we've", "we", "us",
))
# A short question with one of these words asks the assistant to do or find something ("Can
# you find me a train?", "Is there a rest stop nearby?"): a request, which opens a task of its
# own, not a side question on the topic at hand (rule side-questions). Case-folded.
REQUEST_WORDS = frozenset(("you", "me", "please", "there", "u"))
# How a side question on the topic at hand opens (rule side-questions): a yes/no question
# ("Is a buffet cheaper ...?", "Should I get several quotes?"), a choice ("Which one is
# cheaper?"), an amount ("How many ...", "How long ..."), a supposition ("What if ...", "And
# if ..."). "What is X?", "How does X work?", "Why ...?" open topics of their own. Each entry
# is the opening words, case-folded; SIDE_SKIPPED words may come first ("So is it ...").
SIDE_OPENERS = frozenset((
    ("is",), ("are",), ("was",), ("were",), ("do",), ("does",), ("did",), ("can",),
    ("could",), ("should",), ("would",), ("will",), ("shall",), ("may",), ("might",),
    ("must",), ("isn't",), ("aren't",), ("doesn't",), ("don't",), ("which",), ("if",),
    ("what", "if"), ("how", "many"), ("how", "much"), ("how", "long"), ("how", "often"),
    ("how", "far"), ("how", "big"), ("how", "deep"), ("how", "thick"), ("how", "high"),
    ("how", "soon"), ("how", "early"), ("how", "late"),
))
SIDE_SKIPPED = frozenset(("so", "and", "but", "or", "ok", "okay", "oh", "then", "right", "well"))
# How a short question right after a reply asks the reason for it ("Why no goldfish?", "Why not
# a longer shutter?", "How come it stops?"): it asks about what the reply said, not a topic of
# its own (rule reason-follow-ups). Each entry is the opening words, case-folded; SIDE_SKIPPED
# words may come first.
REASON_OPENERS = frozenset((("why", "not"), ("why", "no"), ("how", "come")))
# "Why" or "when" opens such a question only with a person in the words that follow it ("when
# can i start cycling", "why should we ...", "why would you ..."): "Why is the sky blue?" asks
# about the world, a topic of its own (rule reason-follow-ups).
REASON_ASKERS = frozenset(("why", "when"))
REASON_PERSONS = frozenset(("i", "we", "you", "u"))
# How many words after "why"/"when" the person may come ("when should we", "why do i have to").
REASON_PERSON_WORDS = 3
# "What paddle length should I get?", "What gear do we need?": "what", one to three words and
# one of these asks for a choice the speaker makes on the topic at hand (rule side-questions);
# not "do I" ("What alarms do I have set?" opens a task in sgd).
CHOICE_ASKERS = frozenset((m, w) for m in ("should", "would", "could", "must") for w in ("i", "we"))
# A short question opening with one of these words takes up the topic at hand whatever
# follows ("And gels during the race?"): a side question (rule side-questions).
SIDE_FRAGMENT_OPENERS = frozenset(("and",))
# Ending swaps under which a word named in a return still names a thread's word that the
# singular-only ``normalise_term`` keeps apart ("the move" -> "moving", "the booking" -> "book",
# "the donating thing" -> "donation"), tried both ways round (rule return-variants).
INFLECTION_SWAPS = (("e", ""), ("e", "ing"), ("", "ing"), ("e", "ed"), ("", "ed"), ("er", "ing"),
    ("ing", "ion"), ("e", "ion"), ("ed", "ion"))  # fmt: skip
# A turn that opens by naming its topic before the question ("For the quotes, what should
# they include?", "Re the crypto, how do I ...", "On the PyPI thing, ...", "About the panels,
# ..."): the words that may come before the named topic, case-folded, longest first (rule
# resume-announcements). "The chair again: ..." names a return without them; "anyway" says
# the turn returns from an aside (RETURN_FRONTS).
TOPIC_FRONTS = (
    ("as", "for", "the"), ("as", "to", "the"),
    ("one", "more", "question", "about", "the"), ("one", "more", "question", "on", "the"),
    ("one", "more", "on", "the"),
    ("regarding", "the"), ("about", "the"), ("for", "the"), ("on", "the"), ("re", "the"),
    ("as", "for"), ("regarding",), ("about",), ("for",), ("re",),
)
RETURN_FRONTS = frozenset(("anyway",))
# CONTINUE phrases that, opening a question with words of its own, add a question instead of
# asking to go on ("Also, do I need winter tyres?", "ok and the straps, how tight should they
# be"; "ok and?" goes on): no CONTINUE marker there (rule also-questions). Case-folded.
ADDING_OPENERS = frozenset(("also", "ok and", "okay and"))
# Rule also-subjects: a statement opening with one of these adds something; when its words
# share nothing with the thread it adds a new subject ("also my son has started wetting the
# bed again"), not a detail ("also the tap drips more at night"). Case-folded word tuples.
ALSO_SUBJECT_OPENERS = (
    ("also",), ("and", "also"), ("oh", "and"), ("oh", "also"), ("plus",), ("ok", "and"),
    ("okay", "and"), ("oh", "and", "also"),
)  # fmt: skip
# The words after the opener that give the statement a subject of its own, so a pronoun later
# points into it ("also our car failed its MOT"; "also it's leaking now" points back).
ALSO_OWN_SUBJECTS = frozenset((
    "my", "our", "the", "his", "her", "their", "a", "an", "i", "we", "i've", "we've", "i'm",
    "we're", "i'd", "we'd",
))  # fmt: skip
# Without an ask closing it, the statement brings a new subject only when it raises a concern
# of its own: trouble ("has started wetting the bed", "keeps", "won't drain", "failed its
# MOT", "is leaking") or a want or need ("I want to start writing characters"); a fact added
# to the situation the thread is about ("also we arrive late at night", "also our kitchen is
# cold in winter", "plus the flights are cheaper on tuesdays") continues it.
ALSO_CONCERN_WORDS = frozenset((
    "started", "starting", "keeps", "keep", "kept", "won't", "wont", "doesn't", "doesnt",
    "didn't", "isn't", "aren't", "can't", "cant", "couldn't", "stopped", "broke", "broken",
    "failed", "fails", "failing", "leaking", "leaks", "leaked", "died", "dead", "hurts", "hurt",
    "noise", "noises", "smell", "smells", "stuck", "rusty", "cracked", "mould", "mold", "damp",
    "wrong", "problem", "problems", "issue", "issues", "trouble", "worried", "worry", "idea",
    "want", "wants", "wanted", "need", "needs", "again",
))  # fmt: skip
# ... also when a generic ask closes it, a clause of its own that names nothing ("also my son
# has started wetting the bed again, any ideas?"): the statement sets the subject up.
ALSO_ASK_TAILS = frozenset((
    ("any", "ideas"), ("any", "tips"), ("any", "advice"), ("any", "suggestions"),
    ("any", "thoughts"), ("ideas",), ("thoughts",), ("help",), ("advice",), ("tips",),
    ("suggestions",), ("what", "do", "i", "do"), ("what", "should", "i", "do"),
    ("what", "can", "i", "do"), ("what", "do", "we", "do"), ("what", "should", "we", "do"),
    ("is", "that", "normal"), ("is", "this", "normal"), ("normal",), ("any", "idea", "why"),
    ("how", "do", "i", "stop", "it"), ("how", "do", "i", "fix", "it"), ("why",),
))  # fmt: skip
# How a short statement that reports back on the reply before opens (rule report-backs): its
# subject points back ("They're in pots and I water them daily.", "It's on the hallway
# wall."), or "I"/"we" did something to what was suggested ("We tried that, ..."; the second
# word is the verb, the third one of REPORT_OBJECTS). Case-folded.
REPORT_SUBJECTS = frozenset((
    "it", "it's", "they", "they're", "they've", "she", "she's", "he", "he's", "that",
    "that's", "this", "these", "those",
))
REPORT_OBJECTS = frozenset(("that", "it", "this", "those", "them", "these"))
SITUATION_OPENERS = SITUATION_WORDS | {"a", "an", "i"}  # "Separately, a client ..."
# fmt: on
