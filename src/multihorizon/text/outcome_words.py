"""The words of a report on what came of the assistant's advice (SPEC-028 §5.2 CONTINUE, rule
outcome-reports), as data: closed classes only (fillers, clause joiners, the people who may
have done the thing, "here's"), read by set tests in ``dialogue.outcome_reports``. The past
forms themselves are rule done-reports' (``text.report_words``). Case-folded."""

from __future__ import annotations

from .report_words import DONE_FILLERS, DONE_POINTERS

__all__ = [
    "NOUN_REPORT_POINTERS",
    "NOUN_REPORT_VERBS",
    "NOUN_REPORT_WORDS",
    "OUTCOME_DETERMINERS",
    "OUTCOME_FILLERS",
    "OUTCOME_HAVE",
    "OUTCOME_IRREGULAR",
    "OUTCOME_JOINERS",
    "OUTCOME_MODALS",
    "OUTCOME_ORDERS",
    "OUTCOME_OTHERNESS",
    "OUTCOME_POINTERS",
    "OUTCOME_SHARERS",
    "OUTCOME_SUBJECTS",
]

# Words that may open a clause of the report before its subject or verb ("ok so today I
# ...", "then tried ...", "last night we ...").
OUTCOME_JOINERS = frozenset(("and", "but", "so", "then"))
OUTCOME_FILLERS = DONE_FILLERS | OUTCOME_JOINERS | frozenset((
    "also", "just", "finally", "today", "yesterday", "tonight", "now", "this", "morning",
    "last", "night", "week", "already",
))  # fmt: skip
# Who did the thing: the speaker, or the people the advice sent them to ("they fixed it,
# reran", "She had the eye test today"), or what the advice was ("that worked", "it
# crashed"), before a past form or "have" and one.
OUTCOME_SUBJECTS = frozenset((
    "i", "we", "i've", "we've", "ive", "i'd", "we'd", "he", "she", "they", "they've", "it",
    "that", "this",
))  # fmt: skip
# Past forms without "-ed" beside rule done-reports' PAST_IRREGULAR ("rang them", "she came
# round", "they told me"): English's irregular past tense, a closed class.
OUTCOME_IRREGULAR = frozenset((
    "rang", "spoke", "told", "came", "drove", "flew", "fell", "broke", "chose", "sat", "stood",
    "met", "left", "began", "bit", "blew", "dealt", "forgave", "froze", "grew", "hid", "hit",
    "knew", "led", "lent", "meant", "rose", "sang", "sank", "shot", "shut", "slept",
    "slid", "sprang", "stole", "struck", "swam", "swung", "taught", "tore", "understood",
    "woke", "wound", "worked", "fit", "quit", "sent", "bent", "rode", "ground", "sewed",
))  # fmt: skip
# Words of an opening clause that say the report is about something else ("ok totally random
# but i bought a ukulele", "Other thing: my glaze ran off one mug"): then no report on the reply.
OUTCOME_OTHERNESS = frozenset((
    "random", "unrelated", "different", "separate", "separately", "other", "another", "btw",
    "anyway", "aside", "off-topic", "offtopic", "change",
))  # fmt: skip
OUTCOME_HAVE = frozenset(("have", "has", "had"))
# Words that open a noun phrase naming who did the thing (rule noun-reports: "my manager
# signed it off this morning", "the vet got us in for 4pm", "our plumber came round"): before
# one to ``NOUN_REPORT_WORDS`` words and a past form.
OUTCOME_DETERMINERS = frozenset(("my", "our", "the", "his", "her", "their"))
NOUN_REPORT_WORDS = 3
# "-ed" words of rule done-reports' DONE_NOT_VERBS that still report a thing done once someone
# else is the subject ("my manager signed it off", "the vet booked an x-ray", "the council
# received it", "the physio saw him"): what the speaker wants or plans stays out.
NOUN_REPORT_VERBS = frozenset((
    "booked", "signed", "received", "started", "joined", "applied", "moved", "used", "read",
    "heard", "saw", "felt", "lost", "learned", "learnt",
))  # fmt: skip
# Words that point back at the advice's thing as the object of a report whose subject is a
# noun phrase ("my manager signed it off"); a person's "his"/"her" points at the subject
# ("my son broke his arm") and takes up nothing of the thread, nor does a relative "that"
# ("the neighbours built a fence that blocks our light").
NOUN_REPORT_POINTERS = DONE_POINTERS - frozenset((
    "one", "ones", "all", "both", "everything", "that", "this", "these", "those",
))  # fmt: skip
# A clause that hands over what came of it ("here's today's reading", "heres yesterday").
OUTCOME_SHARERS = frozenset(("here's", "heres", "here"))
# Words that point back at the reply or the place it talked about ("Tried your trick today",
# "I put a hygrometer in there"), beside rule done-reports' ("did six of them").
OUTCOME_POINTERS = DONE_POINTERS | frozenset((
    "your", "you", "there", "here's", "heres", "here", "he", "she", "they", "him", "her",
    "his", "their",
))  # fmt: skip
# Request words of rule done-reports' DONE_REQUESTS that ask only before a person ("can you
# ...", "could we ..."); "they can do it saturday" asks nothing.
OUTCOME_MODALS = frozenset(("can", "could", "would"))
# Past forms that are their own base form, so that alone at the head of a clause they give an
# order or a thanks as well ("Set a reminder for 6pm", "Put it on my list", "Got it, thanks"):
# they report only after a subject ("I set the timer"). As rule done-reports leaves them out of
# DONE_VERBS.
OUTCOME_ORDERS = frozenset((
    "set", "put", "cut", "hit", "shut", "quit", "fit", "read", "split", "spread", "hurt",
    "cost", "bet", "burst", "cast", "got", "let",
))  # fmt: skip
