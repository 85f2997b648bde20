"""More ways people pick an item of a list (SPEC-028 §4.1, rule item-forms), read at the gate
hits ``ordinal_mentions`` finds: a lower-case letter after a picking word ("go with b",
"what about c?"), a number closed by a bracket ("4), how long?"), a superlative over a list
("the cheapest of the three", "which is quickest?", "the most durable finish", "whichever is
free"), and a run of items from one end of a list ("the first two", "the last couple").

Each reads a bounded window of tokens around its gate hit, so detection stays linear in the
turn. The words are data: ``text.ordinal_forms`` and ``text.item_qualities``.
"""

from __future__ import annotations

from ..text.item_qualities import (
    DEGREE_WORDS,
    QUALITY_WORDS,
    SCALE_NOUNS,
    SCALE_VERBS,
    SUPERLATIVES,
    WHICHEVER,
    adjective_stem,
    scale_noun_quality,
)
from ..text.ordinal_forms import (
    ADJECTIVE_ORDINALS,
    DATE_BEFORE,
    ITEM_FOLLOWERS,
    ITEM_NOUNS,
    LETTERS,
    LOWER_LETTER_AFTER,
    LOWER_LETTERS,
    ORDINALS,
    PICK_WORDS,
    RUN_COUNTS,
    RUN_ENDS,
    STANDALONE_FILLERS,
)
from .list_scope import Token, is_content, joined, list_scope
from .references import Mention

__all__ = [
    "ITEM_OPENERS",
    "QUALITY_OPENERS",
    "closing_bracket_pick",
    "letter_after_pick",
    "numbered_ordinal",
    "quality_pick",
    "run_of_items",
    "very_ordinal",
]

# The words at which ``quality_pick`` may find a form, and those at which any form here may.
QUALITY_OPENERS = frozenset((*SUPERLATIVES, WHICHEVER, "the", "is", "are"))
ITEM_OPENERS = QUALITY_OPENERS | frozenset((*ADJECTIVE_ORDINALS, *RUN_ENDS, "very"))
_QUESTION_WORDS = frozenset(("which", "whichever", "what"))
# Nouns after a superlative that stand for the list's items ("the cheapest option to start").
_PICKED_NOUNS = frozenset(("one", "ones", "option", "options", "choice", "pick", "of"))
_AUXILIARIES = frozenset("""
    is isn't was wasn't are aren't does doesn't did didn't would wouldn't could couldn't
    should shouldn't will won't can can't
    """.split())  # noqa: SIM905  # fmt: skip
# After "the very first"/"the very last": what makes it an item ("the very last bit").
_VERY_FOLLOWERS = frozenset(("bit", "one", "thing"))
_LINKS = frozenset(("is", "are", "sounds", "seems", "looks", "works", "would", "be"))


def letter_after_pick(text: str, tokens: list[Token], here: int) -> Mention | None:
    """ "go with b", "what about c?", "I'll take d.": a letter after a picking word, before a
    clause end or a word that says something of an item ("b is fine"). "a" only before a
    clause end ("what about a, is it ..."), never "with a friend"."""
    if here + 1 >= len(tokens) or not joined(text, tokens[here], tokens[here + 1]):
        return None
    if tokens[here][0] not in PICK_WORDS and tokens[here][0] not in LOWER_LETTER_AFTER:
        return None
    word, start, end = tokens[here + 1]
    if word not in LETTERS or (word not in LOWER_LETTERS and word != "a"):
        return None
    ends = here + 2 >= len(tokens) or not joined(text, tokens[here + 1], tokens[here + 2])
    following = tokens[here + 2][0] if here + 2 < len(tokens) else ""
    if not ends and (word == "a" or (following not in ITEM_FOLLOWERS and following not in
                                     STANDALONE_FILLERS)):  # fmt: skip
        return None
    return Mention("ordinal", text[start:end], start, end, ordinal=LETTERS[word])


def closing_bracket_pick(text: str, tokens: list[Token], here: int) -> Mention | None:
    """ "What about 4), how long?": a number closed by a bracket it did not open, as the list
    wrote it; not "(see 4)" or "f(4)"."""
    word, start, end = tokens[here]
    if not (word.isascii() and word.isdigit() and len(word) <= 2) or text[end : end + 1] != ")":
        return None
    before = text[start - 1] if start else " "
    after = text[end + 1] if end + 1 < len(text) else " "
    if not (before.isspace() or before in ",;:") or after.isalnum():
        return None
    if "(" in text[max(0, start - 40) : start].rsplit(")", 1)[-1]:
        return None  # "(as in 4)": the bracket closes one opened before
    return Mention("ordinal", text[start : end + 1], start, end + 1, ordinal=int(word))


def quality_pick(text: str, tokens: list[Token], here: int) -> Mention | None:
    """ "the cheapest (one|of the three|hotel)", "which is quickest?", "the most durable
    finish", "the least sedating", "whichever is free": an item by a quality (ordinal None,
    ``quality`` "scale:end" or "~stem:end" for an adjective no scale lists)."""
    word = tokens[here][0]
    start = tokens[here][1]
    if word == WHICHEVER:
        at = here + 1
        while at < len(tokens) and tokens[at][0] in _LINKS and at <= here + 2:
            at += 1
        if at == here + 1 or at >= len(tokens) or not is_content(tokens[at][0]):
            return None
        return _quality_mention(text, tokens, start, at, +1)
    if word in ("the", "is", "are"):
        verb = _scale_verb(text, tokens, here)
        if verb is not None:
            return verb
        if here + 2 >= len(tokens) or tokens[here + 1][0] not in DEGREE_WORDS:
            return None
        if not is_content(tokens[here + 2][0]) or tokens[here + 2][0] in QUALITY_OPENERS:
            return None
        degree = DEGREE_WORDS[tokens[here + 1][0]]
        which = _asks_which(text, tokens, here)
        if word != "the" and which < 0:
            return None
        start = tokens[which][1] if which >= 0 else start
        return _quality_mention(text, tokens, start, here + 2, degree)
    if word not in SUPERLATIVES:
        return None
    previous = tokens[here - 1][0] if here > 0 else ""
    which = _asks_which(text, tokens, here)
    if previous == "the":
        start = tokens[here - 1][1]
    elif which < 0:
        return None  # "works fastest when cold": no item asked for
    # "Which of these is the quickest?": the question is the phrase ("which of these" is no
    # reference of its own beside it).
    start = tokens[which][1] if which >= 0 else start
    return _quality_mention(text, tokens, start, here, +1)


def _scale_verb(text: str, tokens: list[Token], here: int) -> Mention | None:
    """ "which of them weighs the most?", "which costs the least": a bare degree word after
    a verb that names its scale (``SCALE_VERBS``), in a question asking which one."""
    if tokens[here][0] != "the" or here == 0 or here + 1 >= len(tokens):
        return None
    scale = SCALE_VERBS.get(tokens[here - 1][0])
    degree = DEGREE_WORDS.get(tokens[here + 1][0])
    if scale is None or degree is None:
        return None
    if here + 2 < len(tokens) and is_content(tokens[here + 2][0]):
        return None  # "which costs the most money": an adjective's reading
    which = _asks_which(text, tokens, here)
    if which < 0:
        return None
    start, end = tokens[which][1], tokens[here + 1][2]
    return Mention("ordinal", text[start:end], start, end, quality=f"{scale}:{degree}")


def _asks_which(text: str, tokens: list[Token], here: int) -> int:
    """Where the clause before ``here`` asks which one ("which of these is quickest"), or
    -1."""
    at = here - 1
    while at >= 0 and here - at <= 8:
        if tokens[at][0] in _QUESTION_WORDS:
            return at
        if any(char in ".?!;\n" for char in text[tokens[at][2] : tokens[at + 1][1]]):
            return -1
        at -= 1
    return -1


def _quality_mention(
    text: str, tokens: list[Token], start: int, adjective: int, degree: int
) -> Mention | None:
    word, _, end = tokens[adjective]
    if (
        adjective + 2 < len(tokens)
        and tokens[adjective + 1][0] not in _PICKED_NOUNS
        and tokens[adjective + 2][0] == "to"
    ):
        return None  # "the fastest way to the airport", "the cheapest time to fly"
    scale = QUALITY_WORDS.get(word)
    following = tokens[adjective + 1][0] if adjective + 1 < len(tokens) else ""
    named = scale_noun_quality(word, following) if following in SCALE_NOUNS else None
    if named is not None:  # "the biggest impact": the scale the noun names
        quality = named
        end = tokens[adjective + 1][2]
    elif scale is not None:
        quality = f"{scale[0]}:{scale[1] * degree}"
    else:
        quality = f"~{adjective_stem(word)}:{degree}"
    # "the cheapest of the hotels", "among the hotels, the cheapest one": the list by its words.
    after = adjective + 1
    if after < len(tokens) and tokens[after][0] in ("one", "ones"):
        end, after = tokens[after][2], after + 1
    scope, _ = list_scope(text, tokens, adjective, after)
    return Mention("ordinal", text[start:end], start, end, scope=scope, quality=quality)


def very_ordinal(text: str, tokens: list[Token], here: int) -> Mention | None:
    """ "the very last bit", "the very first one", "the opening step", "the closing
    suggestion": an ordinal word after "the very" (an ordinal adjective after "the"), before
    an item noun, "bit", or a clause end; not "the very first time", "the closing date"."""
    word = tokens[here][0]
    number = ADJECTIVE_ORDINALS.get(word)
    very = here >= 2 and tokens[here - 1][0] == "very" and tokens[here - 2][0] == "the"
    if number is None and (not very or word not in ORDINALS or word[0].isdigit()):
        return None
    if number is not None and not very and (here < 1 or tokens[here - 1][0] != "the"):
        return None
    end = tokens[here][2]
    if here + 1 < len(tokens) and joined(text, tokens[here], tokens[here + 1]):
        following = tokens[here + 1][0]
        if following not in ITEM_NOUNS and following not in _VERY_FOLLOWERS:
            return None
        end = tokens[here + 1][2]
    elif number is not None:
        return None  # "the opening" alone: a ceremony, no item
    start = tokens[here - 2 if very else here - 1][1]
    value = number if number is not None else ORDINALS[word]
    return Mention("ordinal", text[start:end], start, end, ordinal=value)


def run_of_items(text: str, tokens: list[Token], index: int) -> tuple[Mention, ...]:
    """ "the first two", "the last couple", "the top three": one mention per item (the
    schema's reference names one item), each on its own part of the phrase so none overlap:
    "the first" -> item 1, "two" -> item 2."""
    word = tokens[index][0]
    if word not in RUN_ENDS or index + 1 >= len(tokens):
        return ()
    count_word, count_start, count_end = tokens[index + 1]
    count = RUN_COUNTS.get(count_word)
    if count is None or not joined(text, tokens[index], tokens[index + 1]):
        return ()
    determiner = index > 0 and tokens[index - 1][0] == "the"
    if not determiner:
        return ()  # "first two weeks": no list meant without "the"
    after = index + 2
    if after < len(tokens) and joined(text, tokens[index + 1], tokens[after]):
        following = tokens[after][0]
        of_list = following == "of" and after + 1 < len(tokens) and tokens[after + 1][0] in (
            "these", "those", "them", "the", "your", "its"
        )  # fmt: skip
        named = following in ITEM_NOUNS or following in ITEM_FOLLOWERS
        # "the first two weeks", "the last couple of days": a plural noun or "of" that names
        # no list; "the first two look good", "the last two cost?": a verb after the run.
        if not (of_list or named) and (following == "of" or following.endswith("s")):
            return ()
    the_start = tokens[index - 1][1]
    end_word = tokens[index][2]
    first = RUN_ENDS[word]
    numbers = list(range(1, count + 1)) if first > 0 else list(range(-count, 0))
    spans = [(the_start, end_word), (count_start, count_end)]
    if count == 3:  # "the" | "first" | "three"
        spans = [(the_start, tokens[index - 1][2]), (tokens[index][1], end_word), spans[1]]
    return tuple(
        Mention("ordinal", text[s:e], s, e, ordinal=number)
        for number, (s, e) in zip(numbers, spans, strict=True)
    )


def numbered_ordinal(text: str, tokens: list[Token], the: int) -> tuple[Mention, ...]:
    """ "the 7th, is it safe?", "the 3rd is cheaper": a digit ordinal that ends its phrase,
    not a date ("on the 4th", "by the 12th")."""
    if the > 0 and tokens[the - 1][0] in DATE_BEFORE:
        return ()
    word, _, end = tokens[the + 1]
    following = tokens[the + 2][0] if the + 2 < len(tokens) else ""
    ends = not following or not joined(text, tokens[the + 1], tokens[the + 2])
    # "Isn't the 9th a default?": after an auxiliary the ordinal is the clause's subject.
    asked = the > 0 and tokens[the - 1][0] in _AUXILIARIES
    if not ends and following not in ITEM_FOLLOWERS and not asked:
        return ()
    start = tokens[the][1]
    return (Mention("ordinal", text[start:end], start, end, ordinal=ORDINALS[word]),)
