"""What makes a turn a question by its form (``Lexicon.is_question``, the scanner's question
cue), as data: the first words that open one and, for rule question-forms, the words that
open a question without a "?" ("does my employer have to pay me", "any way to make it
faster") at the turn's start or at the start of its last clause ("original audit, what was
the postcss issue"). Case-folded; the scanner strips ``QUESTION_STRIP`` from a word's ends.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ACKED_QUESTIONS", "ALTERNATIVE_WORDS", "CLAUSE_MARKS", "CLAUSE_SUBJECTS", "CLAUSE_VERBS",
    "DEGREE_WORDS", "ELSE_ASKS", "END_FILLERS", "END_PHRASES", "FORM_OPENERS", "FRAGMENT_LEADS",
    "INNER_ASKS", "INNER_STOPS", "INVERTED_ASKS", "LEAD_ASKS", "LEAD_WORDS", "NUMBER_WORDS",
    "OTHER_SUBJECTS", "QUESTION_OPENERS", "QUESTION_STRIP", "REPORT_AUXILIARIES",
    "REQUEST_LEADS", "REQUEST_VERBS", "STATEMENT_ENDS", "SUBJECT_WORDS", "TERM_BREAKERS",
    "TERM_ENDINGS", "TERM_HEDGES", "TERM_OPENERS", "TOPIC_DETERMINERS", "scanner_forms",
]  # fmt: skip

# SPEC-028 §5.2: a turn is a question (``Lexicon.is_question``) when it holds a "?" or its
# first word, with these stripped from its ends, opens one: a wh-word, an auxiliary, or
# "tell me"/"show me".
QUESTION_OPENERS = frozenset((
    "what", "where", "when", "which", "who", "whom", "whose", "why", "how", "is", "are", "was",
    "were", "do", "does", "did", "can", "could", "will", "would", "should", "shall", "may",
    "tell", "give", "show", "list",
))  # fmt: skip
QUESTION_STRIP = ",.!:;"
# Rule question-forms: a turn with no "?" that does not end as a statement does
# (``STATEMENT_ENDS``) is a question when its first word, or the first word after its last
# ``CLAUSE_MARKS`` character, is one of these: a wh-word (contracted too: "whats the peak"),
# an auxiliary that opens an inversion, or "any" ("any way to make it faster"). Not "do",
# "have" or "am": after a comma they open a request ("Back to etcd: do it again", "have a
# look") or a statement ("Am looking for a train"). Each word with an apostrophe comes with a
# typographic one too.
_FORM_WORDS = (
    "what", "where", "when", "which", "who", "whom", "whose", "why", "how", "whats", "what's",
    "wheres", "where's", "hows", "how's", "whos", "who's", "whens", "when's", "whys", "why's",
    "is", "are", "was", "were", "does", "did", "can", "could", "will", "would",
    "should", "shall", "may", "might", "must", "has", "isnt", "isn't", "arent",
    "aren't", "doesnt", "doesn't", "dont", "don't", "didnt", "didn't", "cant", "can't", "wont",
    "won't", "wouldnt", "wouldn't", "shouldnt", "shouldn't", "any", "anything", "anyone",
    "anybody", "anywhere",
)  # fmt: skip
FORM_OPENERS = frozenset(_FORM_WORDS) | {word.replace("'", "\u2019") for word in _FORM_WORDS}
CLAUSE_MARKS = ",;:"
STATEMENT_ENDS = ".!"

# fmt: off
# How a question asking what a term means opens (rule term-questions): "What's a Soundex
# search?", "What is the 50/30/20 rule exactly?", "What does CIRR stand for?". Opening words,
# case-folded; TERM_ENDINGS close the "what does X ..." form, TERM_HEDGES may follow the term.
TERM_OPENERS = (("what", "is"), ("what's",), ("what", "are"), ("whats",), ("what", "does"))
TERM_ENDINGS = (("mean",), ("stand", "for"))
TERM_HEDGES = frozenset(("exactly", "actually", "again", "really", "precisely", "then"))
# Words that make "what is X?" ask about content, not a term ("What are the benefits of cow
# milk?", "What are his desires?", "What are the other steps?", "What's been done?"; TREC
# CAsT): prepositions, pronouns and quantifiers. "the X" asks for a term only with a hedge
# ("What is the 50/30/20 rule exactly?"; "What is the NFL policy?" asks for its content).
TERM_BREAKERS = frozenset((
    "of", "between", "in", "for", "to", "about", "on", "with", "from", "by", "at", "his",
    "her", "their", "its", "my", "our", "your", "they", "it", "he", "she", "we", "you", "i",
    "those", "these", "them", "this", "that", "other", "some", "any", "two", "been", "done",
    "best", "most", "first", "next", "last",
))
# fmt: on

# Rule question-ends (the same turns: no "?", no statement end). A turn asks when, after at
# most three of ``LEAD_WORDS`` ("ok and how do I open it", "so is the second coat needed"), a
# ``LEAD_ASKS`` word follows (not "did" or "was": "ok did six of them last night"), or when
# its last words, at most two ``END_FILLERS`` dropped from its end, are one of
# ``END_PHRASES`` ("excess insurance worth it", "gels on long runs, yes or no", "the chimney
# has to be swept how often then"). Not "why", "ok", "fine" or "good idea": "that's why",
# "it's fine", "good idea" end statements.
LEAD_WORDS = frozenset((
    "ok", "okay", "and", "so", "but", "oh", "hmm", "hm", "alright", "yeah", "well", "also",
    "wait", "sorry", "cool", "great", "anyway", "plus", "thanks",
))  # fmt: skip
LEAD_ASKS = frozenset(
    word for word in FORM_OPENERS if word.startswith("wh") or word.startswith("how")
) | {"is", "are", "can", "could", "should", "would", "will", "does", "any", "anything"}
END_FILLERS = frozenset((
    "then", "though", "tho", "roughly", "exactly", "actually", "really", "approx",
    "approximately", "ish", "anyway", "btw", "please",
))  # fmt: skip
END_PHRASES = frozenset((
    "worth it", "worth the money", "worth the extra", "worthwhile", "any good", "or not",
    "yes or no", "or no", "or nah", "how long", "how often", "how much", "how many", "how far",
    "how soon", "how come", "or what", "you think", "do you think", "you reckon",
    "do you reckon", "any idea", "any ideas", "bad idea", "a bad idea",
))  # fmt: skip
# "ok and" is a CONTINUE marker ("ok and?"); before a question it only opens the question
# ("ok and which models should I look at", "okay, and what should we monitor"): a BLOCK span.
ACKED_QUESTIONS = tuple(
    f"{ack} and {word}"
    for ack in ("ok", "okay")
    for word in ("what", "how", "which", "where", "when", "why", "who", "is", "are", "can",
                 "could", "should", "would", "will", "does", "do")
)  # fmt: skip
# "what else" is a CONTINUE marker when it asks the assistant for more of the same ("What else
# can you find?", "what else is there": sgd); asking what the user or someone else should do
# or did, it asks a question of its own ("What else should I buy with it?", "What else could
# she test", "What else did they write?": CAsT DRILL_DOWN): a BLOCK span.
ELSE_ASKS = tuple(
    f"what else {verb} {subject}"
    for verb in ("should", "could", "can", "would", "will", "must", "do", "does", "did", "is",
                 "was", "might", "shall")
    for subject in ("i", "we", "she", "he", "they", "it")
)  # fmt: skip

# Rule ask-shapes (SPEC-028 §5.2 "a question or a request"): two shapes of an ask with no "?"
# and no question opener, each a closed class. A request for new output: after at most three
# ``REQUEST_LEADS`` ("now", "ok and"), a verb that asks for text to be produced ("Write me a
# short round-up", "Now draft the summary.", "ok and rewrite it shorter"), whatever the turn
# ends with; not verbs of action ("run", "check", "add": "ok add it and run again" goes on;
# "make": "Make it for 12 pm." changes a booking) nor "tell"/"give"/"show" after a lead
# ("Please give me directions to ...": a new request in sgd and dialseg711).
# A choice between alternatives: a turn with no statement end whose last clause holds
# ``ALTERNATIVE_WORDS`` ("latex sealant or the ones with fibres in", "and the lock, a d-lock
# or a chain"), unless a ``DEGREE_WORDS`` word follows ("rated 4.6 or higher", "a minute or so"),
# nothing comes before it in the clause ("or you can take it off") or the clause opens, lead
# words aside, with a ``SUBJECT_WORDS`` pronoun, as a statement does ("so I wasn't raised
# with brothers or sisters", "it's only snowed once or twice"; swda), or it follows a number
# (``NUMBER_WORDS`` or digits: "two or three times", "5 or 6 years", an approximation), or the
# turn has more than one line (a reply's list item "through an app or a therapist").
REQUEST_LEADS = LEAD_WORDS | {"now", "please", "pls", "then", "next", "right", "just"}
REQUEST_VERBS = frozenset((
    "write", "draft", "redraft", "rewrite", "summarise", "summarize", "translate", "compose",
    "outline", "describe", "explain",
))  # fmt: skip
ALTERNATIVE_WORDS = frozenset(("or", "vs", "versus"))
DEGREE_WORDS = frozenset((
    "more", "less", "higher", "lower", "better", "worse", "above", "below", "over", "under",
    "fewer", "greater", "so", "something", "whatever", "anything", "else", "two",
))  # fmt: skip
NUMBER_WORDS = frozenset((
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "fifteen", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
    "ninety", "hundred", "thousand", "once", "twice",
))  # fmt: skip
# Two more shapes of rule ask-shapes. An alternative that asks by inversion, wherever its "or"
# stands: "or" then one of ``INVERTED_ASKS`` ("teams of 3 and 4 or is that unfair", "sold on
# the day only, or can we sell before as well"). A topic, then what is asked of it: after at
# most three lead words, one of ``TOPIC_DETERMINERS`` and at most two more words closing with
# a comma, then a comment that does not open, lead words aside, with a ``SUBJECT_WORDS``
# pronoun ("and the valves, presta 44mm enough for deep rims", "the fluid, safe with a cat in
# the house"; not "the walls are brick, it's an old terrace").
INVERTED_ASKS = frozenset((
    "is", "are", "was", "were", "can", "could", "should", "shall", "will", "would", "does",
    "did", "must",
))  # fmt: skip
TOPIC_DETERMINERS = frozenset(("the", "my", "our", "your", "his", "her", "their"))
_SUBJECTS = (
    "i", "i'm", "im", "i'll", "i've", "ive", "i'd", "we", "we're", "we'll", "we've", "we'd",
    "you", "you're", "you'll", "you've", "he", "he's", "she", "she's", "it", "it's", "they",
    "they're", "they'll", "they've", "there's", "that's", "thats",
)  # fmt: skip
SUBJECT_WORDS = frozenset(_SUBJECTS) | {word.replace("'", "\u2019") for word in _SUBJECTS}
# Rule ask-shapes, clause asks (issue 15 item 1): a turn with no "?" and no statement end asks
# when its last clause or sentence (after a ``CLAUSE_MARKS`` character, a sentence's "." or
# "!" followed by white space, or a dash standing alone) opens, after at most three lead words,
# with a ``FORM_OPENERS`` word ("back to the blanket. how do i join the squares", '"keep the
# resistance low" for how long, and when can i start running', "FCA then - who books the
# truck") or with one of ``CLAUSE_VERBS`` and then one of ``CLAUSE_SUBJECTS`` ("springtails
# arrived in a little tub, do i just dump them in"). Not "do it" ("Back to etcd: do it
# again" asks for an action); not a wh-word inside a clause ("I don't know how long it
# lasts": an indirect question states, swda 18 turns).
CLAUSE_VERBS = frozenset(("do", "am", "have"))
CLAUSE_SUBJECTS = frozenset(("i", "we", "you", "they"))
# Rule ask-shapes, stop 34 (followq14), three more shapes. Inner asks: inside the opening
# clause of a turn with no "?" and no statement end, a topic of one to five words and then one
# of ``INNER_ASKS`` ("knee pads what brand, my old ones keep sliding down", "level 1 is how
# long time", "anti-skate how do i set it if ..."), unless a subject pronoun or one of
# ``INNER_STOPS`` comes before it (a negation, a verb of knowing, saying or seeing, a
# subordinator, a demonstrative: "dont ask how long it took", "cant remember which", "this is
# what ...", "from what I hear") or a subject pronoun follows it ("cars is what i spend
# everything on": an embedded clause). Done reports: a turn with no "?" opening with one of
# ``REPORT_AUXILIARIES`` and then no subject (``SUBJECT_WORDS``, ``OTHER_SUBJECTS``) reports a
# thing done, not a question ("did the 20 min test, got 231 watts"; "did you", "did anyone"
# still ask). Fragments: one of ``FRAGMENT_LEADS``, a topic determiner and one word, the whole
# turn ("and the floor", "and the fridge"), lean on the reply.
INNER_ASKS = frozenset(("what", "how", "which", "where"))
_INNER_STOPS = (
    "not", "no", "never", "dont", "don't", "cant", "can't", "didnt", "didn't", "doesnt",
    "doesn't", "wont", "won't", "isnt", "isn't", "dunno", "know", "knew", "knows", "forget",
    "forgot", "remember", "ask", "asked", "wonder", "wondering", "wonderin", "see", "saw",
    "seen", "said", "say", "says", "tell", "told", "explain", "explained", "show", "showed",
    "hear", "heard", "read", "watch", "watched", "look", "looking", "understand", "decide",
    "decided", "figure", "find", "found", "learn", "learned", "check", "checked", "guess",
    "matter", "care", "idea", "sure", "exactly", "regardless", "somehow", "depends",
    "depending", "here's", "heres", "its", "this", "that", "these", "those", "because",
    "from", "since", "if", "although", "though", "unless", "until", "like", "as", "sounds",
    "being", "for", "about", "of", "on", "funny",
)  # fmt: skip
# Phones and Macs type a curly apostrophe (U+2019): it stops a word as the straight one does.
INNER_STOPS = frozenset(_INNER_STOPS) | {word.replace("'", "\u2019") for word in _INNER_STOPS}
REPORT_AUXILIARIES = frozenset(("did",))
_OTHER_SUBJECTS = (
    "any", "anyone", "anybody", "someone", "somebody", "everyone", "everybody", "one", "u",
    "ya", "ye", "yall", "y'all", "he", "she", "his", "her", "your", "ur", "their",
)  # fmt: skip
OTHER_SUBJECTS = frozenset(_OTHER_SUBJECTS) | {
    word.replace("'", "\u2019") for word in _OTHER_SUBJECTS
}
FRAGMENT_LEADS = frozenset(("and",))


def scanner_forms(
    question_forms: bool, question_ends: bool, ask_shapes: bool = False
) -> dict[str, Any]:
    """The ``TurnScanner`` arguments of rules question-forms, question-ends and ask-shapes
    (off: none; ``Lexicon`` passes ``Config.ask_shapes``)."""
    ends: tuple[list[str], ...] = (
        sorted(LEAD_WORDS), sorted(LEAD_ASKS), sorted(END_FILLERS), sorted(END_PHRASES)
    )  # fmt: skip
    asks = (sorted(REQUEST_LEADS), sorted(REQUEST_VERBS), sorted(ALTERNATIVE_WORDS),
            sorted(DEGREE_WORDS), sorted(SUBJECT_WORDS), sorted(NUMBER_WORDS),
            sorted(TOPIC_DETERMINERS), sorted(INVERTED_ASKS), sorted(CLAUSE_VERBS),
            sorted(CLAUSE_SUBJECTS), sorted(INNER_ASKS), sorted(INNER_STOPS),
            sorted(REPORT_AUXILIARIES), sorted(OTHER_SUBJECTS), sorted(FRAGMENT_LEADS))  # fmt: skip
    if not (question_forms and question_ends):
        ends = ([], [], [], [])
    return {
        "form_openers": sorted(FORM_OPENERS) if question_forms else (),
        "clause_marks": CLAUSE_MARKS,
        "statement_ends": STATEMENT_ENDS,
        "question_ends": ends + asks if question_forms and ask_shapes else ends,
    }
