"""Marker phrases of issue 15's reference-target work (refs4 stop), as data joined to the
lexicon's groups (``lexicon.LEXICON``): the scanner finds them in its one pass, like every
other marker phrase."""

__all__ = [
    "AGAIN_OPENERS",
    "AGAIN_PAIRS",
    "AGAIN_REACH",
    "AGAIN_TAILS",
    "INTRODUCING_PHRASES",
    "LEADING_REPEATS",
    "OPENER_REPEATS",
    "OPENER_REPEAT_TAIL",
    "PRODUCT_REPEATS",
    "REPEAT_PHRASES",
    "SAYING_PHRASES",
    "SIMILAR_OPENERS",
    "SIMILAR_REACH",
    "SIMILAR_REPEATS",
    "SIMILAR_SKIPPED",
    "SIMILAR_SUBJECTS",
    "SIMILAR_TAILS",
    "SIMILAR_VERBS",
    "VARIATION_REPEATS",
]  # fmt: skip

# Turn references by more verbs of saying (TURN_REF, SPEC-028 §4.1): "the failover idea you
# brought up", "when you said there's fluid in the joint", "the reservation you described".
# fmt: off
SAYING_PHRASES = (
    "you described", "you brought up", "you raised", "you proposed", "you pointed out",
    "you explained", "you listed", "you gave", "you wrote", "you noted", "you talked about",
    "when you said", "you were saying", "you flagged",
)

# Verbs of saying that name the turn which introduced a thing, not the latest to repeat it
# (rule introducing-turns): "the side sleeping you brought up", "the theory you raised".
INTRODUCING_PHRASES = (
    "you brought up", "you raised", "you proposed", "you suggested", "you pointed out",
    "you flagged", "you recommended",
)
# Not "you mentioned": "the types you mentioned" is the latest reply listing them as often
# (TREC CAsT 2021: 0.755 -> 0.750 with it).

# Repeat requests (ACTION_REF, SPEC-028 §4.1 "do it again"): "do one like it for the carts",
# "a version of that for the newsletter", "same setup but with SGD", "set it up the same way
# on the other host".
REPEAT_PHRASES = (
    "one more like that", "one more like it", "one like it", "another like it",
    "a version of that", "another version of", "write that again", "write it again",
    "one of those for", "another of those", "the same way for", "the same way on",
    "same kind of", "same setup", "same format", "same style", "same list", "same script",
    "same template", "same process", "same plan", "same email", "same message", "same code",
)

# Repeat requests with their variation (issue 15, again38; rule repeat-slots reads the
# variation): "one more for spring", "can you repeat the plan for my brother", "same idea for
# the kitchen". "repeat the" only before a thing made: "can you repeat the last part?" asks
# to say it again.
_MADE = (
    "plan", "list", "recipe", "routine", "schedule", "script", "query", "email", "letter",
    "steps", "exercise", "workout", "calculation", "conversion", "translation", "table",
    "whole thing", "same",
)
VARIATION_REPEATS = (
    "one more for", "same idea for", "same deal for",
    *(f"repeat the {made}" for made in _MADE),
)
# "Now in Spanish." after a translation, "And for a 10k?" after a plan: a repeat only as the
# turn's opener (after at most an acknowledgement) with at most OPENER_REPEAT_TAIL characters
# after it ("now in the logs I see an error", "and for the record, it failed", "There was one
# more in the corner" are none).
OPENER_REPEATS = ("now in", "and for", "one more in")
# "and once more but formal", "another for my aunt" (stop 44): a repeat only where it opens the
# turn, after at most an acknowledgement; "I tried once more but it still reads salesy", "she
# bought another for my brother" tell of the user's own doing (the stop's review).
LEADING_REPEATS = (
    "once more but", "once more as", "and another for", "another for my",
    "again this time for", "again, this time for",
)  # fmt: skip
OPENER_REPEAT_TAIL = 40

# Repeat requests that ask for more of a thing made (issue 15, refs7; rule repeat-products):
# "more like these but about 80s films", "give me three more", "now one for my colleague",
# "another like the first one". They repeat a request that made something, never a question
# asked since ("How many rounds should it have?").
_COUNTS = ("two", "three", "four", "five", "six", "ten", "a few", "a couple", "some")
# Stop 40: the verbs of making and the counts read with them (the verb bare: "wrote two more"
# and "made 3 more" report what was done). "write", "make", "send" and "do" only after "you"
# or "please" or before "me": "will do 2 more tomorrow", "I'll write two more tonight",
# "they'll send two more" report plans.
_MORE_VERBS = ("give", "draft", "suggest", "list", "think of", "write", "make", "send", "do")
# "more examples like these": a thing made between "more" and "like" (a found thing, "more
# holes like that", may be a report).
_MORE_MADE = ("examples", "exercises", "sentences", "questions", "ones", "ideas", "drills")
_THESE = ("this", "that", "these", "those")
_MORE_COUNTS = (
    *_COUNTS, "seven", "eight", "a couple of", "2", "3", "4", "5", "6", "10",
)
PRODUCT_REPEATS = (
    "more like these", "more like those", "more like this", "more like that",
    "another like the", "one like the first", "like the first one", "like the last one",
    "now one for", "do one for", "make one for", "write one for", "and one for",
    *(f"give me {count} more" for count in _MORE_COUNTS),  # stop 41: "give me 3 more"
    # Stop 40 (reports40): more verbs of making before a counted "more" ("could you write two
    # more of those", "do 3 more"), and "more ... of this kind" asked with its variation
    # ("some more exercises of this kind but with modal verbs"): a request for more of the
    # same is DRILL_DOWN (§5.2, house convention), not §5.2's bare "more" (CONTINUE).
    *(f"{verb} {count} more" for verb in _MORE_VERBS[:5] for count in _MORE_COUNTS),
    *(f"{verb} me {count} more" for verb in _MORE_VERBS[1:8] for count in _MORE_COUNTS),
    *(f"you {verb} {count} more" for verb in _MORE_VERBS[5:] for count in _MORE_COUNTS),
    *(f"please {verb} {count} more" for verb in _MORE_VERBS[5:] for count in _MORE_COUNTS),
    *(f"more {made} like {this}" for made in _MORE_MADE for this in _THESE),
    "more of this kind", "more of that kind", "of this kind but", "of that kind but",
)
# fmt: on

# Repeat requests by kind (issue 15, lists40; rule similar-repeats): "write a similar one to
# the letting agent", "and something along those lines for the driver", "now one along the
# same lines to the framer", "the same sort of email for the cafe". A repeat only when a verb
# of making or doing stands right before it (``SIMILAR_VERBS``, past ``SIMILAR_SKIPPED``
# words, its own subject no ``SIMILAR_SUBJECTS``: "I wrote a similar one" reports), or when it
# opens its sentence after at most ``SIMILAR_OPENERS`` and a ``SIMILAR_TAILS`` word follows
# within ``SIMILAR_REACH`` words ("And something similar for the council?"; not "is there
# something similar in Python?", "we had a similar one last year").
# fmt: off
SIMILAR_REPEATS = (
    "similar one", "something similar", "similar email", "similar message", "similar letter",
    "similar note", "similar text", "similar post", "one along the same lines",
    "one along those lines", "something along the same lines", "something along those lines",
    "same sort of",
)
SIMILAR_VERBS = frozenset((
    "plan", "make", "write", "draft", "create", "generate", "design", "outline", "compose",
    "build", "prepare", "sketch", "gimme", "produce", "do", "send", "give", "put", "type",
    "whip", "knock",
))
SIMILAR_SKIPPED = frozenset((
    "a", "an", "the", "me", "us", "him", "her", "them", "up", "out", "together", "just",
    "also", "quickly", "another",
))
SIMILAR_SUBJECTS = frozenset(("i", "we", "they", "he", "she", "i've", "we've", "i'd", "we'd"))
SIMILAR_OPENERS = frozenset((
    "and", "now", "then", "also", "ok", "okay", "great", "lovely", "perfect", "thanks",
    "thank", "you", "nice", "cool", "brilliant", "good", "right", "so", "please", "pls",
    "excellent", "super", "wonderful",
))
SIMILAR_TAILS = frozenset(("for", "to", "about", "asking", "on", "in", "with", "telling"))
SIMILAR_REACH = 3
# fmt: on

# Repeats by object (issue 15, lists40; rule object-repeats): "now do the staging deploy again",
# "ok now do the photo sync once more": "now do" before its object repeats a request when one
# of these words follows within AGAIN_REACH words of its sentence ("now do the dishes" asks
# nothing again).
# "now do" opens the turn, or follows one of AGAIN_OPENERS ("ok now do ...", "please now do").
AGAIN_TAILS = frozenset(("again",))
AGAIN_PAIRS = frozenset((("once", "more"), ("one", "more")))  # "... once more", "one more time"
AGAIN_REACH = 7
AGAIN_OPENERS = frozenset((
    "ok", "okay", "k", "and", "great", "good", "cool", "nice", "perfect", "thanks", "thx",
    "right", "so", "please", "pls", "then",
))  # fmt: skip
