"""Words of a question that ask *how* or *what about* a thing rather than name a detail of it
(rule detail-turns, SPEC-028 §4.2): "how long does it take", "can you remind me", "is that a
problem". They are left out of a question's detail words, so a turn that only shares them is
no holder of the detail asked about. Lexicon data, each lookup a set test.
"""

from __future__ import annotations

__all__ = ["ABOUT_OPENERS", "NOT_DETAIL_WORDS", "RETURN_WORDS"]

NOT_DETAIL_WORDS = frozenset(
    (
        # hedges and degree words
        "again", "roughly", "usually", "normally", "still", "also", "really", "actually",
        "exactly", "ok", "okay", "long", "much", "many", "often", "soon",
        # verbs that ask or report asking
        "take", "give", "get", "got", "make", "made", "put", "need", "want", "mean", "said",
        "say", "tell", "told", "know", "think", "remind", "remember", "recall", "explain",
        # nouns and judgements any question may carry
        "thing", "stuff", "bit", "lot", "way", "kind", "sort", "part", "problem", "issue",
        "question", "idea", "good", "bad", "better", "best", "fine", "right", "wrong",
        "worth", "true",
        # the words of a return ("going back to", "regarding")
        "back", "going", "returning", "coming", "regarding", "concerning", "about",
    )
)  # fmt: skip

# Openers of a question that fronts its thing after them ("what about the lenovo, is the noise
# a problem?"): the words up to the comma name the thing.
ABOUT_OPENERS = (
    ("what", "about"), ("how", "about"), ("and", "what", "about"), ("and", "how", "about"),
    ("as", "for"), ("and", "the"),
)  # fmt: skip

# Words a return says besides its topic ("anyway, the boat", "To return to the CPAP matter",
# "ok greenhouse again"): no detail of the topic (rule return-detail-targets).
RETURN_WORDS = frozenset(
    (
        "anyway", "anyways", "return", "returning", "resume", "resuming", "revisit",
        "continue", "continuing", "matter", "topic", "subject", "business", "situation",
        "one", "more", "sorry", "quick", "quickly", "now", "so", "right", "well", "alright",
        "let", "lets", "go", "come", "onto", "regard", "re",
    )
)  # fmt: skip
