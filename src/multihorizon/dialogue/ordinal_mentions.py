"""Ordinal references in the words people use (SPEC-028 §4.1 "the second option").

At each gate hit of the lexicon (``Marker.GATE_NUMBER``, ``GATE_ONE``) the words around it
are read against the tables of ``text.ordinal_forms``: "number three", "option C", "#2",
"the 3rd one", "the penultimate step", "the second-to-last idea", "the final one", "the
former", "go with 2", "the one about caching", "the bullet on indexes", "the flax one", and a
scope naming an earlier list ("the second option from your deployment answer", "in the list
of databases, the third", "the third database"). Each gate hit reads a bounded window of
words, so detection is linear in the turn (``tests/test_linear_time.py``)."""

from __future__ import annotations

import itertools
import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import replace
from operator import itemgetter

from ..text.lexicon import Marker
from ..text.ordinal_forms import (
    ABOUT_WORDS,
    CARDINALS,
    FROM_END,
    GENERIC_SCOPE,
    ITEM_FOLLOWERS,
    ITEM_NOUNS,
    LABELLED_NOUNS,
    LETTER_PICK_BEFORE,
    LETTERS,
    LOWER_LETTER_AFTER,
    MIDDLE,
    NOT_MODIFIERS,
    NOUN_SCOPES,
    ORDINALS,
    PICK_WORDS,
    SCOPE_AFTER,
    STANDALONE_FILLERS,
    gate_words,
)
from ..text.tokens import STOPWORDS, content_terms, normalise_term
from .item_forms import (
    ITEM_OPENERS,
    QUALITY_OPENERS,
    closing_bracket_pick,
    letter_after_pick,
    numbered_ordinal,
    quality_pick,
    run_of_items,
    very_ordinal,
)
from .list_scope import MAX_TERMS, Token, is_content, joined, list_scope, quantity_label
from .opener_followers import follows
from .references import Mention
from .window_tokens import WindowTokens

__all__ = [
    "capital_letters",
    "forms_without_gates",
    "gate_openers",
    "may_pick_by_label",
    "ordinal_form_mentions",
    "ungated_triggers",
]


def _word_set(spaced: str) -> frozenset[str]:
    """A word list written as prose-like text."""
    return frozenset(spaced.split())


_GATES = frozenset((int(Marker.GATE_NUMBER), int(Marker.GATE_ONE), int(Marker.ORDINAL)))
# Without gate hits: the words at which a form can be read (the gate words, and "the").
_OPENERS = ITEM_OPENERS | frozenset(
    (*(w for w in gate_words() if " " not in w), "the", *PICK_WORDS, "no", *LOWER_LETTER_AFTER)
)


def _opens(word: str) -> bool:
    return word in _OPENERS or _is_number(word.lstrip("#")) or word in ("one", "ones")


def _is_number(word: str) -> bool:
    """ASCII digits only: "²" is a digit to ``str.isdigit`` but no item number."""
    return word.isascii() and word.isdigit()


# One word, "#" kept on a number ("#2"); no nested repetition, so no backtracking.
_TOKEN = re.compile(r"#?[^\W_]+(?:['\u2019][^\W_]+)?")
_BEFORE_CHARS = 100  # window read before a gate hit (a scope cue, a determiner)
_AFTER_CHARS = 160  # and after it (the noun, an about phrase, a scope)
_DETERMINERS = frozenset(("the", "your", "that", "this", "my", "our"))
# Verbs after an item's words: "the second is better", "the one about caching sounds good".
_LINKING_VERBS = ("is", "was", "sounds", "seems", "looks", "works", "would", "will", "could")
# After these, the word between is a verb, not a noun: "does the third change the taste".
_OBJECT_STARTS = _word_set("the a an my your it its me us them this that his her our")


def _by_first_word() -> dict[str, tuple[tuple[tuple[str, ...], int], ...]]:
    """FROM_END's phrases by first word, each group in table order (the first match wins)."""
    groups: dict[str, list[tuple[tuple[str, ...], int]]] = {}
    for phrase, number in FROM_END.items():
        groups.setdefault(phrase[0], []).append((phrase, number))
    return {word: tuple(group) for word, group in groups.items()}


_FROM_END_BY_FIRST = _by_first_word()
_FROM_END_FIRST = frozenset(_FROM_END_BY_FIRST)
_LONGEST_FROM_END = max(len(phrase) for phrase in FROM_END)
# The words at which ``_mention_at`` can find a form by the word alone (numbers aside).
_DIRECT_OPENERS = frozenset((
    *PICK_WORDS, "no", *LABELLED_NOUNS, "number", "the", *ITEM_NOUNS, "middle", *ORDINALS,
    *LOWER_LETTER_AFTER, *ITEM_OPENERS,
))  # fmt: skip
_STANDALONE_CHARS = 40


def ordinal_form_mentions(
    text: str,
    hits: Sequence[tuple[int, int, int, int]] | None,
    found: list[Mention],
    item_forms: bool = True,
) -> None:
    """Append the ordinal mentions that start at the gate hits of ``hits`` (``None``: a
    lexicon without gate words; then every word of the text that could open a form);
    ``item_forms`` (rule item-forms): also the forms of ``item_forms``."""
    tokens = WindowTokens(_TOKEN, text)
    if hits is None or len(text) <= _STANDALONE_CHARS:
        # No gate words, or a turn short enough to be only a pick ("2 please"): every word.
        starts = [start for word, start, _ in tokens.tokens() if _opens(word)]
    else:
        starts = [start for kind, _, start, _ in hits if kind in _GATES]
        starts += _ungated_starts(text)
    # "Is D too slow?": a capital letter alone is no gate word (the lexicon folds case).
    starts = sorted((*starts, *capital_letters(text)))
    done_until = -1
    for start in starts:
        if start < done_until:
            continue
        mentions = _mentions_at(text, start, item_forms, tokens.window)
        found.extend(mentions)
        if mentions:
            done_until = mentions[-1].end


def _ungated_starts(text: str) -> list[int]:
    """Where a form can start that no gate word marks (a turn over ``_STANDALONE_CHARS``)."""
    starts = []
    position = text.find("#")
    while position >= 0:  # "#2": the scanner sees no "#", so it is looked for here
        if _is_number(text[position + 1 : position + 2]):
            starts.append(position)
        position = text.find("#", position + 1)
    position = text.find(")")
    while position >= 0:  # "4), how long?" (rule item-forms): the number before the bracket
        if position and _is_number(text[position - 1]):
            starts.append(position - 1)
        position = text.find(")", position + 1)
    # "the flax one": "one" is no gate word (too common), so its few places are found
    # here; a match needs "the" just before, so only those are tried.
    for needle in (" one", " ones"):
        position = text.find(needle)
        while position >= 0:
            if "the" in text[max(0, position - 30) : position].casefold():
                starts.append(position + 1)
            position = text.find(needle, position + 1)
    return starts


def forms_without_gates(text: str) -> bool:
    """Whether ``ordinal_form_mentions`` can find a mention in a turn with no gate hit
    ("the Italian one", "#2", a short "2 please"): False means it finds none there, so a
    classification with no gate hit needs no references stage for it."""
    if len(text) <= _STANDALONE_CHARS:
        return any(_opens(m.group().casefold()) for m in _TOKEN.finditer(text))
    if "#" not in text and " one" not in text and ")" not in text:
        return False  # the common turn: three searches in C (" one" is in " ones")
    return any(_may_open(text, start) for start in _ungated_starts(text))


# Capital letters that may stand alone as a label ("Is D too slow?"), as ``LETTERS`` reads
# them; not "I", the pronoun far more often than a label.
_CAPITALS = "".join(letter.upper() for letter in LETTERS if letter != "i")
# What may not touch such a letter: it is part of a word ("D's", "C++", "#A") otherwise.
_JOINERS = frozenset("_'\u2019#+")


def _alone(text: str, position: int) -> bool:
    before = text[position - 1] if position else " "
    after = text[position + 1] if position + 1 < len(text) else " "
    return not (before.isalnum() or before in _JOINERS or after.isalnum() or after in _JOINERS)


def capital_letters(text: str) -> list[int]:
    """Where a capital letter stands alone as a word ("Is D too slow?"): the places a letter
    pick may start (``_letter_pick``). One ``str.find`` pass per letter, no regex."""
    found = []
    for letter in _CAPITALS:
        position = text.find(letter)
        while position >= 0:
            if _alone(text, position):
                found.append(position)
            position = text.find(letter, position + 1)
    return sorted(found)


def may_pick_by_label(text: str) -> bool:
    """Whether a turn holds a pick that no lexicon gate word shows: "#2" or a capital letter
    alone ("B sounds good"). ``Session.classify`` sends such a turn through detection."""
    position = text.find("#")
    while position >= 0:
        if _is_number(text[position + 1 : position + 2]):
            return True
        position = text.find("#", position + 1)
    # "A" opens many sentences ("A few more?"): only one before a clause end may pick. One
    # ``str.find`` pass per letter: Session.classify's hot path, so no per-character loop.
    for letter in _CAPITALS:
        position = text.find(letter)
        while position >= 0:
            if _alone(text, position) and (
                letter != "A" or not text[position + 1 : position + 3].strip(" ")[:1].isalpha()
            ):
                return True
            position = text.find(letter, position + 1)
    return False


def ungated_triggers() -> tuple[str, str, tuple[str, ...], int]:
    """The two tests above as data (capitals, joiners, needles, bare-pick length)."""
    return _CAPITALS, "".join(sorted(_JOINERS)), ("#", " one", ")"), _STANDALONE_CHARS


def gate_openers() -> tuple[frozenset[str], tuple[tuple[str, ...], ...], int, int, frozenset[str]]:
    """``_may_open``, ``_opens`` as data (direct openers, FROM_END, windows, all openers)."""
    return _DIRECT_OPENERS, tuple(FROM_END), _BEFORE_CHARS, _AFTER_CHARS, _OPENERS | {"one", "ones"}


def _mentions_at(
    text: str, position: int, item_forms: bool, read: Callable[[int, int], list[Token]]
) -> tuple[Mention, ...]:
    if not _may_open(text, position, followed=True):
        return ()  # most gate hits ("next week", "the first time"): no window read
    low = max(0, position - _BEFORE_CHARS)
    tokens = read(low, min(len(text), position + _AFTER_CHARS))
    # The token the gate hit falls in ("#2": the hit is the "2" of the token "#2").
    here = bisect_right(tokens, position, key=itemgetter(1)) - 1
    if here < 0 or position >= tokens[here][2] or (here == 0 and low > 0):
        return ()
    if item_forms:
        more = _item_form(text, tokens, here)
        if more:
            return more
    mention = _mention_at(text, tokens, here)
    if mention is None:
        return ()
    if item_forms and mention.ordinal is not None and not mention.scope:
        # "the third tip": the kind of list it names (rule item-forms).
        noun = _TOKEN.findall(mention.surface)[-1].casefold()
        if noun in NOUN_SCOPES:
            mention = replace(mention, terms=(normalise_term(noun),))
    return (mention,)


def _item_form(text: str, tokens: list[Token], here: int) -> tuple[Mention, ...]:
    """Rule item-forms: "go with b", "4)", "the cheapest one", "the first two"."""
    word = tokens[here][0]
    found = (
        letter_after_pick(text, tokens, here)
        or closing_bracket_pick(text, tokens, here)
        or very_ordinal(text, tokens, here)
    )
    if found is None and word in QUALITY_OPENERS:
        found = quality_pick(text, tokens, here)
    if found is not None:
        return (found,)
    index = here + 1 if word == "the" and here + 1 < len(tokens) else here
    if index > here and tokens[index][0] in ORDINALS and tokens[index][0][0].isdigit():
        return numbered_ordinal(text, tokens, here)
    return run_of_items(text, tokens, index)


def _mention_at(text: str, tokens: list[Token], here: int) -> Mention | None:
    word = tokens[here][0]
    picks = word in PICK_WORDS or word == "no"
    if picks and here + 1 < len(tokens) and _is_number(tokens[here + 1][0]):
        return _number_pick(text, tokens, here + 1)  # a gate phrase "with 2", "no 4"
    if _is_number(word.lstrip("#")):
        return _number_pick(text, tokens, here)
    if len(word) == 1 and "A" <= text[tokens[here][1]] <= "J":
        return _letter_pick(text, tokens, here)
    if word in LABELLED_NOUNS or word == "number":
        labelled = _labelled(text, tokens, here)
        if labelled is not None:
            return labelled
    if word == "the" or word in ITEM_NOUNS:
        about = _about_item(text, tokens, here)
        if about is not None:
            return about
    return _ordinal_word(text, tokens, here)


def _is_token_char(char: str) -> bool:
    r"""Whether ``char`` can be part of a ``_TOKEN`` match (``[^\W_]`` is ``isalnum``)."""
    return char.isalnum() or char in "#'\u2019"


def _may_open(text: str, position: int, followed: bool = False) -> bool:
    """False only where ``_mention_at`` returns None whatever the window holds: the word at
    the gate hit opens no form (it is no pick, number, capital letter alone, item noun,
    "the", ordinal, or the first word of a ``FROM_END`` phrase that follows).
    ``_mention_at`` tokenises 260 characters around each hit; this reads the hit's word and
    the three after it.

    The words are ``_mention_at``'s: no token holds a character that is not a token
    character, so tokenising from just after one (or from the window's start) gives the
    tokens that start after it exactly as tokenising the whole window does."""
    low = max(0, position - _BEFORE_CHARS)
    start = position
    while start > low and _is_token_char(text[start - 1]):
        start -= 1
    words: list[str] = []
    for match in _TOKEN.finditer(text, start, min(len(text), position + _AFTER_CHARS)):
        if words or match.end() > position:
            if not words and match.start() > position:
                return False  # no token holds the hit: ``_mention_at`` finds none either
            words.append(match.group().casefold())
            if len(words) == _LONGEST_FROM_END:
                break
    if not words:
        return False
    word = words[0]
    if word in _DIRECT_OPENERS or _is_number(word.lstrip("#")):
        return not followed or follows(word, words[1:])  # ``opener_followers``
    if len(word) == 1 and "A" <= text[position] <= "J":
        return True  # a capital letter alone: ``_letter_pick``
    return word in _FROM_END_FIRST and _from_end_at(words) is not None


def _label_value(text: str, tokens: list[Token], index: int) -> int | None:
    """The item number a label token names: "3", "#3", "three", "C", "(b)"."""
    word, start, end = tokens[index]
    if word.startswith("#"):
        word = word[1:]
    if _is_number(word) and len(word) <= 2:
        return int(word)
    if word in CARDINALS:
        return CARDINALS[word]
    if word in LETTERS:
        original = text[start:end]
        bracketed = start > 0 and text[start - 1] == "(" and text[end : end + 1] == ")"
        last = index + 1 == len(tokens) or not joined(text, tokens[index], tokens[index + 1])
        # "option C", "choice (b)", "option b is", "answer a." - not "answer a few": only
        # the article-like "a" (and the pronoun "I") needs brackets or a clause end.
        plain = word not in ("a", "i") or (original.isupper() and original != "I")
        if plain or bracketed or last:
            return LETTERS[word]
    return None


def _labelled(text: str, tokens: list[Token], here: int) -> Mention | None:
    """An item noun and its label: "option C", "number three", "step #2", "idea 4"."""
    if here + 1 >= len(tokens):
        return None
    # "point #2", "choice (b)": a mark between noun and label is still one phrase.
    if text[tokens[here][2] : tokens[here + 1][1]].strip(" \t(#-"):
        return None
    value = _label_value(text, tokens, here + 1)
    if value is None:
        return None
    if quantity_label(tokens, here):
        return None  # "answer 2 questions", "number 3 pencils": a quantity; "from day one"
    start, end = tokens[here][1], tokens[here + 1][2]
    if text[end : end + 1] == ")" and text[start:end].count("(") == 1:
        end += 1
    scope, _ = list_scope(text, tokens, here, here + 2)
    return Mention("ordinal", text[start:end], start, end, ordinal=value, scope=scope)


def _number_pick(text: str, tokens: list[Token], here: int) -> Mention | None:
    """A bare number that picks an item: "#2", "go with 2", "2 please"."""
    word, start, end = tokens[here]
    value = _label_value(text, tokens, here)
    if value is None:
        return None
    previous = tokens[here - 1][0] if here > 0 else ""
    if previous in LABELLED_NOUNS or previous == "number":
        return None  # "option 2": read at the noun's gate
    if previous == "no" and text[tokens[here - 1][2] : start].strip() == ".":
        start = tokens[here - 1][1]  # "no. 4"
    elif not word.startswith("#"):
        if previous not in PICK_WORDS and not _standalone(text, tokens, here):
            return None
        following = tokens[here + 1][0] if here + 1 < len(tokens) else ""
        if (
            following
            and following not in STANDALONE_FILLERS
            and following not in ITEM_NOUNS
            and joined(text, tokens[here], tokens[here + 1])
        ):
            return None  # "go with 2 eggs": a quantity
    return Mention("ordinal", text[start:end], start, end, ordinal=value)


def _letter_pick(text: str, tokens: list[Token], here: int) -> Mention | None:
    """A capital letter alone that picks an item: "Is D too slow?", "B sounds good", "Let's
    go with C.", not "vitamin D" or "A few more": after the opening, a picking word or
    ``LETTER_PICK_BEFORE``; before a clause end or a word that says something of an item."""
    word, start, end = tokens[here]
    previous = tokens[here - 1][0] if here > 0 else ""
    opening = here == 0 or not joined(text, tokens[here - 1], tokens[here])
    if not (opening or previous in PICK_WORDS or previous in LETTER_PICK_BEFORE):
        return None
    following = tokens[here + 1][0] if here + 1 < len(tokens) else ""
    ends = not following or not joined(text, tokens[here], tokens[here + 1])
    if word in ("a", "i") and not ends:
        return None  # "A few more", "I think": the article and the pronoun
    if not ends and following not in ITEM_FOLLOWERS and following not in STANDALONE_FILLERS:
        return None
    return Mention("ordinal", text[start:end], start, end, ordinal=LETTERS[word])


def _standalone(text: str, tokens: list[Token], here: int) -> bool:
    """A short turn made of the number and fillers only: "2", "2 please", "ok, 3 then"."""
    if len(text.strip()) > _STANDALONE_CHARS:
        return False
    words = [token[0] for index, token in enumerate(tokens) if index != here]
    return all(word in STANDALONE_FILLERS for word in words)


def _ordinal_word(text: str, tokens: list[Token], here: int) -> Mention | None:
    """ "the third (option)", "the penultimate step", "the second-to-last", "the former"."""
    index = here
    if tokens[index][0] == "the" and index + 1 < len(tokens):
        index += 1
    number, width = _ordinal_at(tokens, index)
    if number is None:
        return None
    first = tokens[index]
    determiner = index > 0 and tokens[index - 1][0] in _DETERMINERS
    if index > 0 and tokens[index - 1][0] in ("to", "from", "but", "before"):
        return None  # the tail of "second to last": read from its head
    start = tokens[index - 1][1] if determiner else first[1]
    after = index + width
    end = tokens[after - 1][2]
    noun = tokens[after][0] if after < len(tokens) else ""
    glued = after < len(tokens) and joined(text, tokens[after - 1], tokens[after])
    required = False
    scope: tuple[str, ...] = ()
    if glued and noun in ITEM_NOUNS:
        end = tokens[after][2]
        after += 1
    elif (
        glued
        and determiner
        and is_content(noun)
        and noun not in ITEM_FOLLOWERS
        and not _verb_before_object(text, tokens, after)
        and _stands_alone(text, tokens, after)
        and not _subject_verb(text, tokens, index, after)
    ):
        # "the third database", "the last hotel": a noun naming the list's things.
        scope, required = (normalise_term(noun),), True
        end = tokens[after][2]
        after += 1
    elif not determiner or first[0][0].isdigit():
        return None  # "first", "last week": a bare word; "on the 4th": a date
    elif (
        glued
        and noun not in ITEM_FOLLOWERS
        and noun not in SCOPE_AFTER
        and not _verb_before_object(text, tokens, after)
        and not _subject_verb(text, tokens, index, after)
    ):
        return None  # "the first sign of it", "the former CEO"
    more, _ = list_scope(text, tokens, index - 1 if determiner else index, after)
    scope += more
    return Mention(
        "ordinal", text[start:end], start, end, ordinal=number, scope=scope,
        scope_required=required,
    )  # fmt: skip


def _stands_alone(text: str, tokens: list[Token], at: int) -> bool:
    """Whether the noun at ``at`` ends its phrase: the clause ends or a verb of judgement, a
    scope or a relative clause follows ("the third database - is it safe", "the last hotel
    have a gym", "the second dessert you listed"); not "the first sign of it" or "the former
    CEO resigned"."""
    if at + 1 >= len(tokens) or not joined(text, tokens[at], tokens[at + 1]):
        return True
    following = tokens[at + 1][0]
    if following in ITEM_FOLLOWERS or following in _NOUN_ENDS:
        return True
    # "the second dessert bake", "the third switch have": a verb follows; not "the first
    # sign of it" (a noun phrase goes on) or "the former CEO resigned" (a past event).
    return following not in STOPWORDS and not following.endswith("ed")


def _subject_verb(text: str, tokens: list[Token], index: int, at: int) -> bool:
    """Whether "would the latter need?": after an auxiliary, the ordinal is the subject and
    the word closing the clause is its verb (but "does the third switch have PoE?")."""
    determiner = index - 1
    if determiner < 1 or tokens[determiner - 1][0] not in _AUXILIARIES:
        return False
    return at + 1 >= len(tokens) or not joined(text, tokens[at], tokens[at + 1])


_AUXILIARIES = _word_set("would will could can should does do did might may must")
# Words after which a noun ends its phrase: a scope ("the third database you listed") or a
# verb ("should the second cheese be served").
_NOUN_ENDS = _word_set("you from in among on for with be")


def _verb_before_object(text: str, tokens: list[Token], at: int) -> bool:
    """Whether the word at ``at`` is a verb with its object after it ("the third change the
    taste"), so the ordinal before it stands alone."""
    return (
        at + 1 < len(tokens)
        and tokens[at + 1][0] in _OBJECT_STARTS
        and joined(text, tokens[at], tokens[at + 1])
    )


def _from_end_at(words: Sequence[str]) -> tuple[int, int] | None:
    """The first ``FROM_END`` phrase (in table order) that ``words`` open with: its number
    and width."""
    for phrase, number in _FROM_END_BY_FIRST.get(words[0], ()):
        if tuple(words[: len(phrase)]) == phrase:
            return number, len(phrase)
    return None


def _ordinal_at(tokens: list[Token], index: int) -> tuple[int | None, int]:
    """The item number of the ordinal at ``index`` and how many words it takes."""
    word = tokens[index][0]
    if word in _FROM_END_FIRST:
        words = [token[0] for token in tokens[index : index + _LONGEST_FROM_END]]
        from_end = _from_end_at(words)
        if from_end is not None:
            return from_end
    if word == "middle":
        return MIDDLE, 1
    return ORDINALS.get(word), 1


def _about_item(text: str, tokens: list[Token], here: int) -> Mention | None:
    """ "the one about caching", "the bullet on indexes", "the flax one": an item by what it
    says (ordinal None, its words as terms)."""
    if tokens[here][0] == "the":
        index = here + 1  # a GATE_ONE hit: "the one about ..."
        if index >= len(tokens) or tokens[index][0] not in ITEM_NOUNS:
            return None
    else:
        index = here
        modified = _modified_item(text, tokens, here)
        if modified is not None:
            return modified
        if here == 0 or tokens[here - 1][0] not in _DETERMINERS:
            return None
        here -= 1
    if index + 1 >= len(tokens) or tokens[index + 1][0] not in ABOUT_WORDS:
        return None
    if not joined(text, tokens[index], tokens[index + 1]):
        return None
    start = tokens[here][1]
    terms: list[str] = []
    end = tokens[index + 1][2]
    for position in range(index + 2, min(len(tokens), index + 2 + 2 * MAX_TERMS)):
        if not joined(text, tokens[position - 1], tokens[position]) and position > index + 2:
            break
        word = tokens[position][0]
        if word in _ABOUT_STOPS:
            break
        end = tokens[position][2]
        if is_content(word) and word not in GENERIC_SCOPE:
            terms.append(normalise_term(word))
            if len(terms) == MAX_TERMS:
                break
    if not terms:
        return None
    return Mention("ordinal", text[start:end], start, end, terms=tuple(terms))


_ABOUT_STOPS = frozenset((*_LINKING_VERBS, "and", "but", "because", "which", "that"))


def _modified_item(text: str, tokens: list[Token], here: int) -> Mention | None:
    """ "the flax one", "the Redis option", "the Mac-only one": up to three modifier words
    between "the" and an item noun name the item by its words."""
    for width in (1, 2, 3):
        the = here - width - 1
        if the < 0 or tokens[the][0] != "the":
            continue
        span = tokens[the : here + 1]
        if not all(joined(text, left, right) for left, right in itertools.pairwise(span)):
            continue
        words = [token[0] for token in tokens[the + 1 : here]]
        # A word hyphened to a neighbour ("Mac-only") is part of a modifier, content or not.
        glued = [_hyphened(text, tokens, the + 1 + i) for i in range(width + 1)]
        if not all(
            (is_content(word) or glued[i] or glued[i + 1]) and word not in ORDINALS
            and word not in NOT_MODIFIERS and word not in ITEM_NOUNS
            for i, word in enumerate(words)
        ) or (width == 3 and not any(glued[1:3])):  # fmt: skip
            continue
        # The words as the items' words are read ("Mac-only" stays one word there), and a
        # compound's parts ("5-GHz" -> ghz: an item may write it "5 GHz").
        said = text[tokens[the + 1][1] : tokens[here - 1][2]]
        # "co-op" -> "coop" too: an item may write the word whole ("cooperative").
        forms = (said, said.replace("-", " "), said.replace("-", ""))
        terms = tuple(dict.fromkeys(term for form in forms for term in content_terms(form)))
        if terms:
            start, end = tokens[the][1], tokens[here][2]
            return Mention("ordinal", text[start:end], start, end, terms=terms)
    return None


def _hyphened(text: str, tokens: list[Token], index: int) -> bool:
    """Whether a hyphen alone joins the token at ``index`` to the one before it."""
    return text[tokens[index - 1][2] : tokens[index][1]] == "-"
