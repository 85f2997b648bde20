"""Rule surprise-echoes (stop 42, issue 15 item 1, SPEC-028 §5.2 CLARIFY): the closed word
classes of a turn that echoes what the reply just said in surprise or confusion, then asks
how or why ("hang on, the valve shuts itself when it's full? how does it know", "I do not
quite follow; one writes the deed oneself? How would anyone accept it?"). Case-folded, curly
apostrophes made straight, ``topic_clause_words.ECHO_STRIP`` off each word.
``SURPRISE_PHRASES`` are ``Marker.PLAIN_CLARIFY``'s: a turn with one goes on to the slow path,
where the rule reads it (the native settle hands it on).
"""

from __future__ import annotations

__all__ = [
    "CONFUSION_WORDS", "ECHO_OPENERS", "REASON_ASKS", "REASON_FILLERS", "SURPRISE_LEADS",
    "SURPRISE_PHRASES", "SURPRISE_WORDS",
]  # fmt: skip

# Words that open the turn in surprise: the echo follows them in the same clause ("wait the
# valve ...?") or after a clause end ("hang on, ...?").
SURPRISE_LEADS = frozenset((
    "wait", "hang", "hold", "whoa", "woah", "huh", "seriously", "really", "wut", "wat",
))  # fmt: skip
# Words a lead may carry before the echo ("hang on", "hold up", "wait wait", "sorry wait so").
SURPRISE_WORDS = frozenset((
    "on", "up", "a", "sec", "second", "min", "minute", "wait", "so", "sorry", "oh", "ok",
    "okay", "um", "uh", "erm", "hmm", "what", "really", "seriously", "ah", "lol", "omg",
))  # fmt: skip
# A confusion stated before the echo, up to a clause end ("I do not quite follow; ...",
# "sorry, I'm still puzzled; ..."): one of these words in the clauses before it.
CONFUSION_WORDS = frozenset((
    "follow", "puzzled", "confused", "confusing", "lost",
))  # fmt: skip
# What may not open the echo: a verb put first or a wh-word asks a question of its own ("wait,
# should I ...?", "hang on, what about ...?"), and a report of the user's own doing is no echo
# of the reply ("wait, I did that already?"), nor is one about the user's own things ("wait, my
# water bill doubled? why would that be": "my", "our").
ECHO_OPENERS = frozenset((
    "should", "can", "could", "would", "will", "shall", "may", "might", "must", "do", "does",
    "did", "is", "are", "was", "were", "am", "have", "has", "had", "what", "what's", "whats",
    "how", "why", "which", "who", "where", "when", "any", "also", "and", "but", "or", "about",
    "back", "to", "for", "with", "my", "our",
))  # fmt: skip
# After the echo's "?", the clause that asks how or why (after ``REASON_FILLERS``): "how does
# it know", "how is that fair", "why would that be", "how it is possible".
REASON_ASKS = frozenset(("how", "how's", "hows", "why", "why's", "whys", "howcome", "y"))
REASON_FILLERS = frozenset(("but", "and", "so", "then", "like", "i", "mean", "just"))
# The scanner's phrases (``Marker.PLAIN_CLARIFY``): the leads at a turn's opening, "wait" only
# before a word that opens an echo ("wait for", "wait a week" are ordinary turns), and the
# confusion words.
SURPRISE_PHRASES = (
    "hang on", "hold on", "hold up", "whoa", "woah", "huh", "wait what", "wait really", "wait the",
    "wait i", "wait you", "wait my", "wait it", "wait it's", "wait its", "wait they",
    "wait we", "wait that", "wait this", "wait there", "wait seriously", "wait wait",
    "wait he", "wait she", "wait your", "wait sorry", "sorry wait",
    "don't follow", "dont follow", "not follow", "quite follow", "puzzled", "confused",
    "you lost me",
)  # fmt: skip
