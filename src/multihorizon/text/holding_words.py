"""Word lists of rule also-holdings (``dialogue.also_holdings``; SPEC-028 §5.2 EXPLORE, §3.3
a new thread; issue 15 item 1): a statement that adds a new thing the user has, got, was
given, lent, offered or bought ("I've also got my grade 6 exam in May", "Also we've been lent
a caravan for August", "another thing, we've been offered a free cooker")."""

from __future__ import annotations

__all__ = [
    "HOLD_ANCHORS",
    "HOLD_BARE_NOT",
    "HOLD_GAP",
    "HOLD_LEADS",
    "HOLD_LINKS",
    "HOLD_NOT_THINGS",
    "HOLD_OBJECTS",
    "HOLD_OPENERS",
    "HOLD_STARTS",
    "HOLD_TAILS",
    "HOLD_VERBS",
    "HOLD_WORDS",
]

# The word that adds the statement to what was said ("I've also got ...", "The vicar has also
# handed me ..."); the scanner marks it (Marker.ALSO_OPENER), so the native settle hands on
# every turn with one.
HOLD_ANCHORS = frozenset(("also",))
# Openers that add a matter at the turn's opening, a clause of their own or not ("another
# thing, we've been offered ...", "one more thing: ..."); Marker.TOPIC_OPENER or
# Marker.ALSO_OPENER marks each ("plus", "oh and"), so the settle hands them on too.
HOLD_OPENERS = (
    ("another", "thing"), ("one", "more", "thing"), ("plus",), ("oh", "and"),
)  # fmt: skip
# Ends of a short statement that add it to what was said ("My parents bought us a
# trampoline too", "We've been given a puppy as well"): the anchor at the opening.
HOLD_TAILS = (("too",), ("as", "well"))
# Words that may stand before the anchor in a clause of their own ("Oh, and also ...", "ok,
# also ..."): a clause end after them does not end the search.
HOLD_LEADS = frozenset(("oh", "and", "ok", "okay", "right", "so", "well"))
# The words read after the anchor for the verb (the subject may stand between: "also my
# colleague lent me ...", "Also I have been offered ...").
HOLD_GAP = 4
# The first words of the turn read for the anchor (the subject may stand before it: "The
# vicar has also handed me ...").
HOLD_WORDS = 8
# Verbs of having or being given a thing. "had" is left out ("also had a look at ...": a
# report), so are "need"/"want" ("I also need a rental car": the same booking) and "booked".
HOLD_VERBS = frozenset((
    "got", "gotten", "have", "has", "given", "lent", "loaned", "offered", "bought", "inherited",
    "handed", "won", "received", "gifted", "lend", "lends", "borrowed", "adopted", "rescued",
))  # fmt: skip
# Objects that may stand between the verb and the thing ("lent me his bike", "handed us ...").
HOLD_OBJECTS = frozenset(("me", "us"))
# The words a new thing's noun phrase opens with: a determiner, a possessive, a quantity
# ("a camper van", "my driving test", "2 tickets"); "got it working", "got rid of", "have to"
# open none.
HOLD_STARTS = frozenset((
    "a", "an", "the", "my", "our", "his", "her", "their", "your", "some", "another", "two",
    "three", "four", "five", "six", "several", "loads", "lots", "plenty", "new",
))  # fmt: skip
# Things that ask or report rather than add a subject ("I also have a question about ...",
# "also got a reply from them", "I've also got a quote for the roof").
HOLD_NOT_THINGS = frozenset((
    "question", "query", "request", "favour", "favor", "idea", "thought", "suggestion", "look",
    "go", "chance", "feeling", "reply", "response", "answer", "quote", "update", "bit", "lot",
    "few", "couple", "little", "problem", "issue", "doubt", "concern",
))  # fmt: skip
# Words that open no bare noun phrase after a verb of having: a thing without a determiner
# ("also I've got jury service in March", "also been offered travel insurance") is any other
# word of letters that is no past form ("have tried", "got told"). Function words, pronouns,
# adverbs and the states "got" takes ("got worse", "got stuck", "got rid of", "have to").
HOLD_BARE_NOT = frozenset((
    "to", "it", "its", "it's", "that", "this", "these", "those", "them", "him", "you", "i",
    "we", "they", "he", "she", "been", "be", "being", "no", "not", "nothing", "none", "any",
    "anything", "something", "everything", "all", "both", "enough", "rid", "back", "used",
    "home", "there", "here", "up", "out", "on", "off", "in", "into", "at", "about", "for",
    "with", "from", "by", "over", "through", "just", "already", "still", "also", "yet",
    "never", "ever", "always", "only", "really", "even", "so", "too", "more", "less", "much",
    "better", "worse", "sick", "ill", "wet", "lost", "stuck", "hurt", "done", "made", "seen",
    "gone", "taken", "put", "found", "told", "said", "had", "got", "gotten", "bad", "good",
    "fine", "ready", "same", "one", "ones", "as", "like", "what", "which", "when", "how", "if",
    "and", "or", "but", "because", "since", "while", "kind", "sort", "quite", "pretty", "very",
    "almost", "nearly", "going", "left", "set", "hold", "around", "round", "away", "down",
    "myself", "ourselves", "yourself", "everyone", "someone", "anyone", "nobody", "time",
    "given", "lent", "offered", "bought", "received", "handed", "borrowed", "won",
))  # fmt: skip
# Words after "her"/"his" that show it is no possessive but the object ("also got her to eat
# from the bowl", "got him back to sleep"): no thing held.
HOLD_LINKS = frozenset(("to", "back", "up", "out", "off", "into", "onto", "used"))
