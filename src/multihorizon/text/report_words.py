"""The words of a report on what the speaker did (SPEC-028 §5.2 CONTINUE, rule done-reports),
as data: "ok did six of them last night", "I weighed everything this time", "I've drafted
the first three chapters now.", "Bought the spacers, wearing them now.". Case-folded; read by
set tests (``dialogue.done_reports``) and, as first words, by the native settle
(``phrasing.REPORT_OPENERS``)."""

from __future__ import annotations

from .lexicon import ACK_REQUEST_WORDS

__all__ = [
    "DETAIL_ORDERS",
    "DETAIL_REQUESTS",
    "DONE_FILLERS",
    "DONE_NOT_VERBS",
    "DONE_OPENERS",
    "DONE_POINTERS",
    "DONE_REQUESTS",
    "DONE_SUBJECTS",
    "DONE_VERBS",
    "PAST_IRREGULAR",
]

# Words that may open the report before its subject or verb ("ok did ...", "Update: I ...").
DONE_FILLERS = frozenset((
    "ok", "okay", "so", "yep", "yes", "yeah", "right", "well", "alright", "update", "and",
    "then", "cool", "great", "thanks", "good", "hmm", "um", "oh", "done", "fine", "sure",
))  # fmt: skip
# The speaker as subject of the report.
DONE_SUBJECTS = frozenset(("i", "we", "i've", "we've", "ive"))
# Past forms that end in no "-ed" ("I did 24 km", "we bought the spacers").
PAST_IRREGULAR = frozenset((
    "did", "done", "got", "gotten", "bought", "found", "made", "put", "took", "taken", "went",
    "gone", "ran", "gave", "given", "kept", "built", "sent", "cut", "set", "swept",
    "brought", "caught", "dug", "fed", "hung", "laid", "lit", "paid", "rode", "sold", "spent",
    "stuck", "threw", "thrown", "tore", "wore", "won", "wrote", "written", "drew", "drawn",
    "ate", "eaten", "drank", "drunk", "shook", "split", "spun", "sewed", "sewn", "knit",
    "rebuilt", "redid", "reran", "rewrote", "undid", "bled", "held", "dried", "fried", "tried",
))  # fmt: skip
# "-ed" words that say what the speaker wants, thinks or saw rather than did to the topic:
# they may well open a new one ("I wanted to ask about ...", "I noticed a leak ...").
DONE_NOT_VERBS = frozenset((
    "need", "needed", "wanted", "wondered", "noticed", "decided", "started", "realised",
    "realized", "used", "hoped", "planned", "learned", "learnt", "heard", "saw", "read",
    "thought", "felt", "forgot", "remembered", "inherited", "received", "moved", "applied",
    "booked", "signed", "joined", "lost", "bred", "shed", "seed", "feed", "speed", "bed",
))  # fmt: skip
# Verbs that open a report without its subject ("Bought the spacers, ...", "Tried it on the
# range ...", "Cleaned it with a flap disc ..."): the first word the native settle reads. Not
# the past forms an order or a thanks opens with too ("Set it for 3 pm.", "Got it, ...").
DONE_VERBS = frozenset((
    "did", "done", "tried", "bought", "found", "made", "took", "added", "changed", "cleaned",
    "checked", "fixed", "ran", "replaced", "swapped", "switched", "tested", "turned", "washed",
    "watered", "weighed", "measured", "followed", "installed", "updated", "restarted",
    "removed", "sanded", "painted", "planted", "sorted", "finished", "pinned", "rinsed",
    "ordered", "called", "emailed", "rebooted", "reinstalled", "drained", "filled", "moved",
    "cooked", "baked", "soaked",
    "glued", "tightened", "loosened", "adjusted", "lowered", "raised", "cleared", "deleted",
    "renamed", "pushed", "merged", "rebuilt", "redid", "repotted", "trimmed", "fed", "gave",
    "unplugged", "plugged", "flipped", "wiped", "scrubbed", "sprayed", "applied", "counted",
))  # fmt: skip
# Objects and words that point back at what the reply suggested ("did six of them",
# "weighed everything", "tried both").
DONE_POINTERS = frozenset((
    "it", "them", "that", "those", "this", "these", "everything", "both", "all", "one",
    "ones", "same", "yours", "suggested", "said", "recommended", "advice", "tip", "tips",
))  # fmt: skip
# Words that make the statement ask for something: no report then.
DONE_REQUESTS = frozenset((
    "need", "needs", "needing", "want", "wanting", "wish", "looking", "please", "help",
    "let's", "lets", "can", "could", "would", "wondering",
))  # fmt: skip
# Every first word a done report may have (``phrasing.REPORT_OPENERS``).
DONE_OPENERS = DONE_FILLERS | DONE_SUBJECTS | DONE_VERBS
# A short statement with one of these words asks for something ("I'll need a train to the
# airport.", "I wish to visit a property.", "let's switch to music"), so it adds no detail to
# the thread at hand (rule thread-details): rule acknowledged-statements' request words but
# the colloquial "like" ("like 30%") and "now" ("I'm with Vodafone right now"), with "I'd
# like" and "go and see" read by their first word.
DETAIL_REQUESTS = (ACK_REQUEST_WORDS - {"like", "now"}) | {"i'd", "we'd", "go", "look"}
# A short statement that opens with one of these words orders a task ("put my appointment in
# my calendar", "Locate any hospitals in the area.", "directions to the nearest takeout"): it
# adds no detail to the thread at hand either (rule thread-details). First words only: "I put
# them by the window" reports.
DETAIL_ORDERS = frozenset((
    "put", "locate", "remind", "add", "list", "navigate", "directions", "route", "cancel",
    "delete", "create", "start", "open", "text", "email", "message", "compare", "take",
))  # fmt: skip
