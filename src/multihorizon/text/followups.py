"""How a user's follow-up in a question-answer session shows what it builds on (SPEC-028 §4.2
refinements, rule follow-up-antecedents): its pronouns by person, whether it takes up the
answer it just got ("Oh almonds?", "So there are two types. Is the other fat good?"), whether
it picks from a set ("the two options", "which one"), and its opening move ("who ...?", "how
about X?", "I meant X"). Each reads a turn's words once, left to right: no regular expression
runs over the text.
"""

from __future__ import annotations

from functools import lru_cache

from .lexicon import QUESTION_OPENERS, QUESTION_STRIP
from .scan import sentence_spans
from .tokens import STOPWORDS, normalise_term, words

__all__ = [
    "BRIDGING_EXCEPTIONS",
    "HE",
    "IT",
    "SHE",
    "THEY",
    "asks_who",
    "bridges",
    "contrasts_a_set",
    "corrects",
    "has_place_word",
    "new_names",
    "pronoun_persons",
    "substitutes",
    "takes_up_answer",
]

# Third-person pronouns by what they can stand for: a follow-up's "he" is not the topic a
# "she" before it followed.
HE, SHE, THEY, IT = 1, 2, 4, 8
_PERSONS = {
    "he": HE, "him": HE, "his": HE, "himself": HE,
    "she": SHE, "her": SHE, "hers": SHE, "herself": SHE,
    "they": THEY, "them": THEY, "their": THEY, "theirs": THEY, "themselves": THEY,
    "it": IT, "its": IT, "itself": IT,
}  # fmt: skip
# Words a reaction opens with before it says anything ("Oh, ...", "So ...", "Interesting.").
_INTERJECTIONS = frozenset((
    "oh", "ah", "ahh", "wow", "so", "hmm", "huh", "interesting", "really", "ok", "okay", "right",
    "great", "cool", "nice", "thanks", "well",
))  # fmt: skip
# Words with which a sentence points at what was just said ("That's later than I expected.",
# "They met at the Kit Kat Club?"); a sentence that opens otherwise ("I was wondering about
# X?") says something of its own unless an interjection led into it.
_POINTERS = frozenset(("that", "this", "these", "those", "they", "you", "there"))
# Continuation openers that ask again rather than echo: "And notable moments in their
# rivalry?", "What about Ivanka?".
_ASKS_AGAIN = frozenset(("and", "what", "how", "but", "also", "then"))
# Words that pick from a set the answer named: "the two options", "the other fat", "which
# one", "both of them".
_SET_PICKS = frozenset(("both", "either", "neither"))
_SENTENCE_CHARS = 300  # a reaction is short: a longer first sentence is a question of its own
_SCAN_CHARS = 600  # a follow-up's cues are in its first few sentences


@lru_cache(maxsize=1024)
def _folded_words(text: str) -> tuple[str, ...]:
    """The case-folded words of ``text`` (cached: a turn's cues read the same words; a
    classification reads them once per cue)."""
    return tuple(words(text.casefold()))


def pronoun_persons(text: str) -> int:
    """The bit set (``HE``, ``SHE``, ``THEY``, ``IT``) of third-person pronouns in ``text``."""
    found = 0
    for word in _folded_words(text[:_SCAN_CHARS]):
        found |= _PERSONS.get(word, 0)
    return found


def _opening(sentence: tuple[str, ...]) -> tuple[str, ...]:
    """A sentence's words after the interjections it opens with."""
    start = 0
    while start < len(sentence) and sentence[start] in _INTERJECTIONS:
        start += 1
    return sentence[start:]


def takes_up_answer(text: str) -> bool:
    """Whether a turn opens by taking up the answer it got before it asks on: an echo question
    ("Oh almonds?", "They met at the Kit Kat Club?", "I have a larger chip, how are ...?")
    or a remark followed by a question ("So there are two types. Is the other fat good for
    you?", "That's later than I expected. Who were the winners?"). Interjections alone
    ("Interesting.", "Oh,") take nothing up."""
    opening = _folded_words(text[:_SCAN_CHARS])[:1]
    if not opening or opening[0] in QUESTION_OPENERS:
        return False  # most questions: a wh-word or an auxiliary first
    spans = [span for span in sentence_spans(text[:_SCAN_CHARS]) if span[1] > span[0]]
    for position, (start, end) in enumerate(spans):
        sentence = text[start:end].rstrip()
        folded = _folded_words(sentence)
        said = _opening(folded)
        if not said:
            continue  # only "Interesting." or "Oh": look at what follows
        if end - start > _SENTENCE_CHARS or said[0].strip(QUESTION_STRIP) in QUESTION_OPENERS:
            return False
        if len(said) == len(folded) and said[0] not in _POINTERS:
            return False  # "I was wondering about X?": a question of its own
        if sentence.endswith("?"):
            return said[0] not in _ASKS_AGAIN
        # A remark: it takes up the answer when a question follows it.
        return any(text[s:e].rstrip().endswith("?") for s, e in spans[position + 1 :])
    return False


def contrasts_a_set(text: str) -> bool:
    """Whether a turn picks from, or sets against, a set named before: "the two fats", "the
    other fat", "other foods", "which one", "both"."""
    folded = _folded_words(text[:_SCAN_CHARS])
    for index, word in enumerate(folded):
        following = folded[index + 1] if index + 1 < len(folded) else ""
        if word in _SET_PICKS:
            return True
        if word == "the" and following in ("two", "latter", "former"):
            return True
        if word == "which" and following == "one":
            return True
        if word == "other" and following not in ("than", "hand", "way", "ways", "words", ""):
            return True
    return False


def substitutes(text: str) -> bool:
    """Whether a turn asks the previous question again of something else: "How about high
    cholesterol?", "What about the UK?", "And Jared?"."""
    folded = _opening(_folded_words(text[:_SCAN_CHARS]))
    if folded[:1] == ("but",):
        folded = folded[1:]
    if len(folded) >= 2 and folded[0] in ("how", "what") and folded[1] == "about":
        return True
    return bool(folded) and folded[0] == "and" and len(folded) <= 4 and text.rstrip()[-1:] == "?"


def corrects(text: str) -> bool:
    """Whether a turn corrects the request before it ("I meant medicare.", "No, I mean ...",
    "Okay, but I meant ...")."""
    folded = _opening(_folded_words(text[:_SCAN_CHARS]))
    while folded[:1] in (("no",), ("but",)):
        folded = folded[1:]
    return folded[:2] in (("i", "meant"), ("i", "mean"))


def new_names(text: str) -> tuple[str, ...]:
    """The normalised words a turn capitalises mid-sentence ("at Bachelor", "that Polamalu
    interception"): names. A sentence's first word and "I" are no names."""
    names: list[str] = []
    for start, end in sentence_spans(text[:_SCAN_CHARS]):
        for word in words(text[start:end])[1:]:
            if word[:1].isupper() and word not in ("I", "I'm", "I\u2019m", "I've", "I'd", "I'll"):
                names.append(normalise_term(word))
    return tuple(dict.fromkeys(names))


# Things a definite noun phrase names without any context ("Why is the sky blue?"): no part
# of the topic at hand.
BRIDGING_EXCEPTIONS = frozenset((
    "sky", "sun", "moon", "earth", "world", "universe", "internet", "web", "weather", "ocean",
    "sea", "planet", "economy", "government", "future", "past", "news", "climate", "environment",
    "law", "police", "public", "stock", "market", "united", "us", "uk", "eu", "bible", "human",
    "body", "brain", "heart", "first", "last", "best", "same", "most", "whole", "difference",
))  # fmt: skip


def bridges(text: str) -> bool:
    """Whether a turn names a part of the topic at hand by a definite noun phrase with nothing
    to anchor it ("Who was the leader?", "What happened to the stadium?", "the 2002 games"):
    "the" and a word that is not a thing everyone knows ("the sky") and not followed by its
    own "of" complement ("the capital of France")."""
    folded = _folded_words(text[:_SCAN_CHARS])
    for index in range(len(folded) - 1):
        if folded[index] != "the":
            continue
        head = folded[index + 1]
        if head in STOPWORDS or normalise_term(head) in BRIDGING_EXCEPTIONS:
            continue
        following = folded[index + 2] if index + 2 < len(folded) else ""
        if following == "of":
            continue
        return True
    return False


def asks_who(text: str) -> bool:
    """Whether a turn asks who someone is or was ("Who was the leader?", "Who wrote it?"):
    the answer names a person, whom a following "he" or "they" means."""
    folded = _folded_words(text[:_SCAN_CHARS])
    return bool(folded) and folded[0] in ("who", "whom", "whose")


_PLACE_WORDS = frozenset((
    "there", "area", "city", "place", "town", "location", "neighbourhood", "neighborhood",
    "nearby",
))  # fmt: skip


def has_place_word(text: str) -> bool:
    """Whether a turn holds a word ``cues.names_a_place`` can match ("there", "that area"): a
    cheap test before that cue's regular expression."""
    return not _PLACE_WORDS.isdisjoint(_folded_words(text[:_SCAN_CHARS]))
