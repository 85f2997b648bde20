"""The words around a CONTINUE marker that say whether it asks to go on (SPEC-028 §5.2
CONTINUE, rule embedded-continues): data, read by ``dialogue.embedded_continues``."""

from __future__ import annotations

__all__ = ["ALTERNATIVE_ASKS", "CONTINUE_LEADS", "LEAD_WINDOW", "MORE_ASKERS", "SENTENCE_ENDS"]

# Words that may stand before a CONTINUE marker that asks to go on, in its sentence: an
# acknowledgement or a link to the reply ("Thanks, anything else I should know?", "Great,
# more tips?", "ok, and then?"). Any other word before it makes the marker part of the
# question's own content ("how much more per month", "what should I carry on the bike?").
CONTINUE_LEADS = frozenset((
    "ok", "okay", "k", "so", "and", "oh", "ah", "great", "thanks", "thank", "you", "ty",
    "cool", "nice", "good", "perfect", "right", "alright", "well", "fine", "yes", "yeah",
    "yep", "yup", "sure", "please", "pls", "then", "now", "hmm", "um", "got", "it", "awesome",
    "excellent", "brilliant", "lovely", "wow", "super", "interesting", "understood", "noted",
    "gotcha", "but",
))  # fmt: skip
# What ends a sentence before a marker: a marker that opens a later sentence asks to go on
# ("That worked. What's next?").
SENTENCE_ENDS = ".!?;:\n"
# How far before a marker its sentence's opening words are read (characters): a marker past
# this with no sentence end before it is inside a sentence of its own words.
LEAD_WINDOW = 60
# CONTINUE phrases that ask for alternatives or for what else there is, wherever they stand:
# "Can you find me something else?", "Are there any other options?", "Could you tell me what
# else is on?" go on with the same search (../shared/data, sgd REQUEST_ALTS).
ALTERNATIVE_ASKS = frozenset((
    "other choices", "other options", "other choice", "other option", "any other",
    "something else", "anything other", "another one", "other ones", "alternatives",
    "what else", "anything else", "what's next", "what next",
))  # fmt: skip
# Words right before "more" that make it ask for more of the same, wherever it stands ("Can
# you find me more restaurants?", "Are there some more hotels that match?"); after any other
# word it compares or measures ("how much more per month", "should i have eaten more").
MORE_ASKERS = frozenset((
    "me", "us", "some", "any", "few", "couple", "several", "two", "three", "four", "five",
))  # fmt: skip
