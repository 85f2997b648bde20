"""Rule reply-words (SPEC-028 §3.3): a turn right after a reply that goes on with it stays
in the reply's thread rather than opening one of its own.

"Harris hawk or an owl for a first time, which would you recommend", "buyer asked if i can
send it to a different address", "Check which ports are listening after the changes" each
come right after a reply that named the hawk, the address, the ports; "When should I change
our address with the bank and the doctor?" is a short follow-up question on a house move. A
thread split there is what a later return misses: 31 of the 67 resumption misses over the
hand-written files came after such a split (the return lands on the first part, the gold
thread's latest turn is in the second).

Counted over every hand-written file and ../shared/data, unannounced turns right after a
reply that would open a new thread (wrong splits vs true new topics): with a word the last
reply brought and only the active thread used (no function or request word: "help", "few")
and no word only a dormant thread used, hand-written 14 vs 0, tiage 5 vs 3, dialseg711 17
vs 0, sgd 14 vs 5; a DRILL_DOWN question ending with "?" with at most four content words,
asking for no task, hand-written 7 vs 2, dialseg711 25 vs 11, sgd 26 vs 2 (at most three
words and no "?": dialseg711 21 vs 20). Two words of the active thread that are not the
reply's (a question): hand-written 6 vs 1, dialseg711 8 vs 4, but dialseg711 pairwise F1
0.5817 -> 0.5773: not taken. LoCoMo's peers ask back about a reply on its speaker ("What
got you into running?" after "I ran my first 10k!"): such a reply keeps nothing (hit@10
0.7354 -> 0.7293 without that gate, unchanged with it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._function_words import FUNCTION_WORDS
from . import multiparty
from .intent import Intent
from .phrasing import asks_for_something

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["takes_up_last_reply"]

# Words of request phrasing and function words ("help", "give", "few", "ll"): what the
# hashing embedder leaves out says nothing about a topic.
_PHRASING = frozenset(FUNCTION_WORDS)
# The most content words of a short follow-up question ("When should I change our address
# with the bank and the doctor?" has four).
SHORT_WORDS = 4


def takes_up_last_reply(context: DialogueContext, features: TurnFeatures, intent: Intent) -> bool:
    """Whether a turn about to open a new thread goes on with the active one (rule
    reply-words): it names a word the latest turn, a reply in the active thread, brought to
    that thread and no other thread used, or it is a short follow-up question (DRILL_DOWN,
    ending with "?", at most ``SHORT_WORDS`` content words, asking for nothing: "When should
    I change our address with the bank and the doctor?"); and it names no word only a
    dormant thread used. In an assistant chat of two; function and request words ("help",
    "few") do not count. It reads the reply's stored words and the word index, not the log."""
    log, config, threads = context.log, context.config, context.threads
    active = threads.active
    if not (
        config.reply_words
        and active >= 0
        and len(log) > 0
        and log.roles[-1] == "assistant"
        and int(log.thread_index[-1]) == active
        and not context.speakers.multi_party(config)
    ):
        return False
    reply = threads.terms_of(len(log) - 1)
    owners = threads.term_threads
    taken = False
    for term in features.terms:
        found = owners.get(term)
        if found is None:
            continue
        if active not in found:
            return False  # a word only a dormant thread used points elsewhere
        taken = taken or (found == [active] and term in reply and term not in _PHRASING)
    if not taken and not _short_follow_up(features, intent):
        return False
    # A reply about its speaker ("I ran my first 10k last week!") is a peer's: a question
    # back ("What got you into running?") may move on (LoCoMo).
    return not log.features[-1].self_talk and not multiparty.peer_dialogue(log, config)


def _short_follow_up(features: TurnFeatures, intent: Intent) -> bool:
    """A DRILL_DOWN question of at most ``SHORT_WORDS`` content words that ends with "?" and
    asks for no task ("Can you find me ...")."""
    return (
        intent is Intent.DRILL_DOWN
        and features.question
        and len(set(features.terms)) <= SHORT_WORDS
        and features.text.rstrip().endswith("?")
        and not asks_for_something(features.text)
    )
