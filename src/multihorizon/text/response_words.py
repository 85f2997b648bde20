"""The words of a report that someone the user dealt with responded (SPEC-028 §5.2 CONTINUE,
rule response-reports), as data: the verbs of a reply, a call or a visit, what may lead the
report, and what makes the turn ask after all. Case-folded; read by set tests in
``dialogue.response_reports``."""

from __future__ import annotations

from .pick_answer_words import PICK_ASKS, PICK_QUESTION_OPENERS

__all__ = [
    "RESPONSE_ASKS",
    "RESPONSE_BACK_VERBS",
    "RESPONSE_CLAUSE_OPENERS",
    "RESPONSE_DETERMINERS",
    "RESPONSE_LEADS",
    "RESPONSE_NOT_SUBJECTS",
    "RESPONSE_OWN_PARTIES",
    "RESPONSE_PARTICLES",
    "RESPONSE_SUBJECT_WORDS",
    "RESPONSE_TIED_PARTIES",
    "RESPONSE_VERBS",
    "RESPONSE_WITH_PARTICLE",
]

# Past forms with which a party the advice sent the user to answers or turns up ("the
# engineer came", "agent emailed", "the manufacturer replied", "the part arrived"): a reply,
# a call, a visit, a decision on the user's request. Not a spontaneous event of the party's
# own ("my son broke his arm", "my sister had a baby").
RESPONSE_VERBS = frozenset((
    "replied", "responded", "answered", "emailed", "e-mailed", "texted", "messaged", "rang",
    "called", "phoned", "wrote", "came", "visited", "arrived", "confirmed", "quoted",
    "agreed", "approved", "refused", "declined", "accepted", "offered", "said", "reckons",
    "inspected", "checked", "diagnosed", "delivered",
))  # fmt: skip
# Past forms that respond only with their particle ("Currys got back to me", "the fitter
# turned up", "the surveyor popped round"), and the particles.
RESPONSE_WITH_PARTICLE = frozenset(("got", "turned", "showed", "popped", "came", "wrote"))
RESPONSE_PARTICLES = frozenset(("back", "up", "round", "around", "over", "by", "in", "out"))
# The determiners a subject may open with ("the engineer", "my landlord", "our agent"); a
# bare noun needs none ("agent emailed", "Currys got back to me").
RESPONSE_DETERMINERS = frozenset(("the", "my", "our", "his", "her", "their", "a", "an"))
# Words that may lead the report ("ok so the engineer came", "update: the agent rang").
RESPONSE_LEADS = frozenset((
    "ok", "okay", "so", "right", "well", "update", "finally", "yeah", "yep", "and", "then",
    "now", "today", "yesterday",
))  # fmt: skip
# The most words of the subject after its determiner ("the warranty people", "the letting
# agent", "the council tax office").
RESPONSE_SUBJECT_WORDS = 3
# Words that are no subject: pronouns (the report rules with a subject pronoun read those),
# words of asking, ordering, moving on or adding, negations and auxiliaries.
RESPONSE_NOT_SUBJECTS = PICK_QUESTION_OPENERS | frozenset((
    "i", "we", "you", "u", "he", "she", "it", "they", "this", "that", "these", "those",
    "also", "btw", "and", "not", "no", "never", "just", "still", "only", "to", "of", "for",
    "with", "in", "on", "at", "if", "when", "but", "or", "been", "be", "am", "had", "has",
    "have", "was", "were", "is", "are", "didn't", "didnt", "hasn't", "hasnt", "won't", "wont",
))  # fmt: skip
# Words that make the turn ask after all, anywhere in it ("the engineer came, what should I
# pay him", "landlord replied, any advice"): rule option-picks' asking words.
RESPONSE_ASKS = PICK_ASKS
# Words with which a later clause asks or orders ("..., should I pay him", "..., tell me what
# to say"): rule option-picks' question openers and orders.
RESPONSE_CLAUSE_OPENERS = PICK_QUESTION_OPENERS
# Verbs whose "back" answers ("got back to me", "wrote back to us", "rang back"): the scan's
# RESUME marker "back to" inside them is no return to a thread.
RESPONSE_BACK_VERBS = frozenset((
    "got", "wrote", "came", "rang", "called", "phoned", "emailed", "texted", "messaged",
))  # fmt: skip
# Parties of the user's own life: their call or visit is more often news of its own ("my
# boss emailed, wants me in early tomorrow", "the school rang, my son has a fever") than what
# came of the advice, so a report of theirs is left to the rules that want the thread's words.
RESPONSE_OWN_PARTIES = frozenset((
    "mum", "mom", "mam", "mother", "dad", "father", "sister", "brother", "son", "daughter",
    "wife", "husband", "partner", "boyfriend", "girlfriend", "bf", "gf", "friend", "mate",
    "boss", "nan", "gran", "grandma", "granny", "grandad", "grandpa", "aunt", "auntie",
    "uncle", "cousin", "kids", "kid", "baby", "school", "nursery", "cat", "dog", "postman",
    "family", "parents", "in-laws", "sil", "mil", "fil", "colleague", "coworker",
))  # fmt: skip

# Parties of the user's everyday life who call or write about many things ("the dentist
# called, appointment moved", "the post came, no letter from the bank", "the landlord texted,
# rent is going up"): their response reports on the advice only where the thread's recent
# turns named them (a tenancy thread's landlord); elsewhere it is news of its own.
RESPONSE_TIED_PARTIES = frozenset((
    "dentist", "doctor", "doctors", "gp", "surgery", "hospital", "clinic", "pharmacy",
    "landlord", "landlady", "post", "postie", "mail", "bank", "vet", "vets", "teacher",
    "council", "neighbour", "neighbor", "neighbours",
))  # fmt: skip
