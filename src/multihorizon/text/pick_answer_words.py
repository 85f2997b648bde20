"""The words of an answer that picks one of the options the assistant's question offered
(SPEC-028 §5.2 CONTINUE, rule option-picks), as data: what makes the reply's question a choice,
what may lead the pick, how a described episode opens, and what makes the turn ask after all.
Case-folded; read by set tests in ``dialogue.option_picks``."""

from __future__ import annotations

from .answer_words import ANSWER_ASKS, ANSWER_ORDERS
from .question_forms import ALTERNATIVE_WORDS, FORM_OPENERS, REQUEST_VERBS

__all__ = [
    "CHOICE_WORDS",
    "EPISODE_NOUNS",
    "EPISODE_OPENERS",
    "PICK_ASKS",
    "PICK_LEADS",
    "PICK_NOT_AFTER_SUBJECT",
    "PICK_QUESTION_OPENERS",
    "PICK_SUBJECTS",
]

# A reply's last question offers options when it holds one of these ("Which fits him best:
# the camping trip, the wedding, or something from uni?", "waking hungry, or because of the
# light?"): the words of an alternative, or a "which" asking to pick.
CHOICE_WORDS = ALTERNATIVE_WORDS | frozenset(("which", "whichever"))
# Words that may lead the pick itself ("defo the camping one", "probably the wedding", "hmm
# more like the noise", "I'd say uni"): hedges, acknowledgements, "go with".
PICK_LEADS = frozenset((
    "defo", "deffo", "def", "definitely", "probably", "prob", "prolly", "maybe", "hmm", "hm",
    "um", "umm", "oh", "ok", "okay", "yeah", "yes", "yep", "well", "honestly", "actually",
    "i", "i'd", "id", "say", "think", "guess", "reckon", "go", "with", "mostly", "mainly",
    "more", "like", "so", "and", "but", "prefer", "either",
))  # fmt: skip
# How a described episode opens ("when he locked himself out", "the time she got locked in"):
# a subordinator, or "the"/"that" and a noun of time or a story's "one".
EPISODE_OPENERS = frozenset(("when", "where", "while"))
EPISODE_NOUNS = frozenset((
    "time", "day", "night", "one", "year", "trip", "weekend", "summer", "evening", "morning",
))  # fmt: skip
# A subject after an episode's subordinator ("when he ...", "where the tent ..."): a pronoun
# or the start of a noun phrase.
PICK_SUBJECTS = frozenset((
    "i", "we", "you", "u", "he", "she", "it", "they", "the", "my", "our", "his", "her",
    "their", "your", "a", "an", "mum", "dad",
))  # fmt: skip
# Words after such a subject that make the clause ask, not describe ("when he should ...",
# "where it is": an indirect or an elliptic question).
PICK_NOT_AFTER_SUBJECT = frozenset((
    "should", "shall", "could", "can", "will", "would", "must", "might", "may", "do", "does",
    "is", "are", "am",
))  # fmt: skip
# Words that make a turn ask after all, anywhere in it ("the camping one, how long should it
# be", "the wedding or the uni one", "uni, any tips on the ending"): question words, modals of
# advice, an alternative, and rule reply-answers' asking words.
PICK_ASKS = ANSWER_ASKS | frozenset((
    "how", "what", "what's", "whats", "which", "why", "who", "whom", "whether", "or", "vs",
    "versus", "should", "shall",
))  # fmt: skip
# Words that open a question (rule question-forms') or an order (rule reply-answers', rule
# ask-shapes' requests for text) at a clause's start, which a pick's clause may not open with
# but for a described episode ("when he ..."): "the wedding, is it too much", "the camping
# trip. write it up for me".
PICK_QUESTION_OPENERS = FORM_OPENERS | ANSWER_ORDERS | REQUEST_VERBS | frozenset(("do", "have"))
