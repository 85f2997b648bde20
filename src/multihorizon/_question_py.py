"""The scanner's question cue (``TurnScanner.question``), the readable reference of
``TurnScanner::question`` in ``cpp/include/multihorizon/intent.hpp``; the word lists are
``text.question_forms``'. Linear: one pass for the "?", one back from the end for the last
clause mark; rule question-ends reads at most three words from the start and five back from the
end; rule ask-shapes at most four words from the start and the last clause once, and (stop 34) at
most seven words from the start.
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from ._unicode_py import fold

__all__ = ["folded", "question"]

_LEAD_REACH = 3  # rule question-ends: leading words read ("ok and how ...")
_END_WORDS = 5  # and words read back from the end: two fillers, then a phrase of three
_TOPIC_WORDS = 2  # rule ask-shapes: words of a topic after its determiner ("the tinny thing,")
_SENTENCE_ENDS = frozenset(map(ord, ".!"))  # rule ask-shapes: a topic's comment goes on
_INNER_REACH = 5  # rule ask-shapes, inner asks: words of the opening clause before its wh-word
_NO_ENDS: tuple[Set[tuple[int, ...]], ...] = (frozenset(),) * 4


def folded(text: str) -> tuple[int, ...]:
    """``text``'s code points, case-folded one by one (as the C++ scanner folds them)."""
    return tuple(fold(ord(char)) for char in text)


def _word_at(text: str, position: int, strip: Set[int]) -> tuple[int, ...]:
    """The first word at or after ``position`` (white space skipped, ``strip`` stripped from
    both its ends), folded."""
    start = position
    while start < len(text) and text[start].isspace():
        start += 1
    end = start
    while end < len(text) and not text[end].isspace():
        end += 1
    return _stripped(text, start, end, strip)


def _next_word(text: str, position: int, limit: int) -> tuple[int, int]:
    """The next white-space-delimited word of ``text[position:limit]``: its start and end
    (equal: no word left). ``next_word`` in intent.hpp."""
    while position < limit and text[position].isspace():
        position += 1
    end = position
    while end < limit and not text[end].isspace():
        end += 1
    return position, end


def _stripped(text: str, start: int, end: int, strip: Set[int]) -> tuple[int, ...]:
    """``text[start:end]`` with ``strip`` stripped from both ends, folded."""
    while start < end and ord(text[start]) in strip:
        start += 1
    while end > start and ord(text[end - 1]) in strip:
        end -= 1
    return folded(text[start:end])


def question(
    text: str,
    openers: Set[tuple[int, ...]],
    strip: Set[int],
    form_openers: Set[tuple[int, ...]],
    clause_marks: Set[int],
    statement_ends: Set[int],
    ends: Sequence[Set[tuple[int, ...]]] = _NO_ENDS,
) -> bool:
    """A question or a request for information (SPEC-028 §5.2): a "?" anywhere, or a first
    word among ``openers``. Rule question-forms (``form_openers`` not empty): a turn whose
    last character other than white space is no ``statement_ends`` is also one when its
    first word, or the first word after its last ``clause_marks`` character, is among
    ``form_openers`` ("any way to make it faster", "original audit, what was the issue").
    Rule question-ends (``ends``: lead words, lead asks, end fillers, end phrases): see
    ``_asks_at_ends``. Rule ask-shapes (``ends[4:]``, when given: request leads, request
    verbs, alternative words, degree words, subject words, number words, then topic
    determiners, inverted asks, clause verbs and clause subjects, then inner asks, inner
    stops, report auxiliaries, other subjects and fragment leads): see ``_asks_for_output``,
    ``_alternatives``, ``_topic_asks``, ``_clause_asks``, ``_inner_asks`` and
    ``_reports_done``."""
    if "?" in text:
        return True
    first = _word_at(text, 0, strip)
    if len(ends) > 17 and first in ends[16] and _reports_done(text, strip, ends):
        first = ()  # "did the 20 min test, got 231 watts": a report, not "did" asking
    elif first in openers:
        return True
    if not form_openers:
        return False
    asks = len(ends) > 4 and (first in ends[4] or first in ends[5])
    if asks and _asks_for_output(text, strip, ends[4], ends[5]):
        return True
    last = len(text)
    while last > 0 and text[last - 1].isspace():
        last -= 1
    if last == 0 or ord(text[last - 1]) in statement_ends:
        return False
    if first in form_openers:
        return True
    mark = last - 1
    while mark >= 0 and ord(text[mark]) not in clause_marks:
        mark -= 1
    if mark >= 0 and _word_at(text, mark + 1, strip) in form_openers:
        return True
    if _asks_at_ends(text, last, strip, ends):
        return True
    if len(ends) > 10 and _topic_asks(text, last, strip, ends):
        return True
    if len(ends) > 13 and _clause_asks(text, last, strip, ends, form_openers, clause_marks):
        return True
    if len(ends) > 15 and _inner_asks(text, last, strip, ends, clause_marks):
        return True
    return len(ends) > 4 and _alternatives(text, mark + 1, last, strip, ends)


def _asks_for_output(
    text: str, strip: Set[int], leads: Set[tuple[int, ...]], verbs: Set[tuple[int, ...]]
) -> bool:
    """Rule ask-shapes: after at most three ``leads`` ("now", "ok and"), the first word is a
    verb that asks for new output ("Write me a short round-up ...", "ok and rewrite it shorter"),
    whatever the turn ends with."""
    position = 0
    for _ in range(_LEAD_REACH + 1):
        while position < len(text) and text[position].isspace():
            position += 1
        end = position
        while end < len(text) and not text[end].isspace():
            end += 1
        if end == position:
            return False
        word = _stripped(text, position, end, strip)
        if word in verbs:
            return True
        if word not in leads:
            return False
        position = end
    return False


def _alternatives(
    text: str, start: int, last: int, strip: Set[int], ends: Sequence[Set[tuple[int, ...]]]
) -> bool:
    """Rule ask-shapes on the last clause ``text[start:last]`` of a turn with no "?" and no
    statement end: it offers alternatives ("latex sealant or the ones with fibres in",
    "panniers vs a backpack"), an alternative word (``ends[6]``) after the clause's first
    word and not followed by a degree word (``ends[7]``: "rated 4 or higher", "a minute or
    so") nor following a number (``ends[9]`` or a digit: "two or three times"), in a clause
    that does not open, lead words (``ends[0]``) aside, with a subject pronoun (``ends[8]``:
    "so I wasn't raised with brothers or sisters"), in a turn of one line (a reply's list
    item "5. Try CBT-I, through an app or a therapist" offers no choice)."""
    leads, alternatives, degrees, subjects, numbers = ends[0], *ends[6:10]
    inverted = ends[11] if len(ends) > 11 else frozenset()
    position, after_or, opening, seen, number = start, False, True, False, False
    stated, or_word = False, False
    while position < last:
        position, end = _next_word(text, position, last)
        if end == position:
            break
        word = _stripped(text, position, end, strip)
        stated = stated or (opening and word in subjects)
        opening = opening and word in leads
        if (after_or and not stated and word not in degrees) or (or_word and word in inverted):
            return "\n" not in text and "\r" not in text
        after_or = seen and not number and word in alternatives
        or_word = word in alternatives
        number = word in numbers or (bool(word) and 48 <= word[0] <= 57)
        seen, position = True, end
    return False


def _topic_asks(
    text: str, last: int, strip: Set[int], ends: Sequence[Set[tuple[int, ...]]]
) -> bool:
    """Rule ask-shapes on ``text[:last]`` (no "?", no statement end): a topic, then what is
    asked of it ("and the valves, presta 44mm enough for deep rims", "the fluid, safe with a
    cat in the house"): after at most three lead words (``ends[0]``), a topic determiner
    (``ends[10]``) and at most ``_TOPIC_WORDS`` more words, the last closing with a comma;
    then, lead words aside, a word that is no subject pronoun (``ends[8]``: "the walls are
    brick, it's an old terrace" states), in a turn of one line."""
    leads, subjects, determiners = ends[0], ends[8], ends[10]
    position, phase, count, led = 0, 0, 0, 0  # phase 0: leads, 1: the topic, 2: the comment
    while position < last:
        position, end = _next_word(text, position, last)
        if end == position:
            return False
        word, comma, position = _stripped(text, position, end, strip), text[end - 1] == ",", end
        if phase == 1:
            count += 1
            if comma:
                phase, led = 2, 0
            elif count >= _TOPIC_WORDS:
                return False
        elif phase == 0 and word in determiners and not comma:
            phase = 1
        elif word in leads and led < _LEAD_REACH:
            led += 1
        elif phase == 0:
            return False
        else:
            # A spoken turn may trail off with a comma ("My husband, uh,"; swda); a word that
            # ends a sentence makes the topic a statement ("Your art's amazing, Caroline. I ...").
            if text[last - 1] == "," or ord(text[end - 1]) in _SENTENCE_ENDS:
                return False
            return word not in subjects and "\n" not in text and "\r" not in text
    # Stop 34 (followq14): a fragment that leans on the reply, the topic alone after one
    # fragment lead (``ends[18]``): "and the floor", "and the fridge".
    if len(ends) < 19 or phase != 1 or count != 1 or led != 1:
        return False
    return _word_at(text, 0, strip) in ends[18]


def _reports_done(text: str, strip: Set[int], ends: Sequence[Set[tuple[int, ...]]]) -> bool:
    """Rule ask-shapes, done reports, in a turn with no "?" whose first word is a report
    auxiliary (``ends[16]``: "did"): no subject follows it (``ends[8]``, ``ends[17]``: "did
    you", "did anyone" ask) and nothing is stripped off it ("Did, did you play ..."), so it
    reports a thing done ("did the 20 min test, got 231 watts", "did 40 mins on the a road")."""
    position, end = _next_word(text, 0, len(text))
    if end == position or ord(text[end - 1]) in strip:
        return False
    after = _word_at(text, end, strip)
    return bool(after) and after not in ends[8] and after not in ends[17]


def _inner_asks(
    text: str,
    last: int,
    strip: Set[int],
    ends: Sequence[Set[tuple[int, ...]]],
    marks: Set[int],
) -> bool:
    """Rule ask-shapes, inner asks, on ``text[:last]`` (no "?", no statement end): inside the
    opening clause, after a topic of one to ``_INNER_REACH`` words, a wh-word (``ends[14]``)
    asks of it ("knee pads what brand, ...", "level 1 is how long time", "anti-skate how do
    i set it"), unless a word before it is a subject (``ends[8]``) or an inner stop
    (``ends[15]``: negations, verbs of knowing and saying, subordinators, demonstratives:
    "dont ask how long it took", "cant remember which"), the topic is only lead words
    (``ends[0]``: rule question-ends reads "ok how ..."), or a subject follows the wh-word
    ("cars is what i spend everything on": an embedded clause states); a word closing with a
    ``marks`` character, "." or "!" ends the opening clause. Reads at most ``_INNER_REACH`` +
    2 words."""
    leads, subjects, asks, stops = ends[0], ends[8], ends[14], ends[15]
    position, count, led = 0, 0, True
    while position < last and count <= _INNER_REACH:
        position, end = _next_word(text, position, last)
        if end == position:
            return False
        word = _stripped(text, position, end, strip)
        if count and word in asks:
            return not led and _word_at(text[:last], end, strip) not in subjects
        closing = ord(text[end - 1])
        if word in subjects or word in stops or closing in marks or closing in _SENTENCE_ENDS:
            return False
        led, position, count = led and word in leads, end, count + 1
    return False


def _breaks_clause(text: str, at: int, last: int, marks: Set[int]) -> bool:
    """Whether ``text[at]`` ends a clause for rule ask-shapes' clause asks: a clause mark, a
    "." or "!" followed by white space (a sentence's end, not "3.5"), a dash standing alone
    (" - ") or an en or em dash."""
    char = text[at]
    if ord(char) in marks or char in "\u2013\u2014":
        return True
    spaced = at + 1 < last and text[at + 1].isspace()
    if char in ".!":
        return spaced
    return char == "-" and spaced and at > 0 and text[at - 1].isspace()


def _clause_asks(
    text: str,
    last: int,
    strip: Set[int],
    ends: Sequence[Set[tuple[int, ...]]],
    form_openers: Set[tuple[int, ...]],
    marks: Set[int],
) -> bool:
    """Rule ask-shapes on ``text[:last]`` (no "?", no statement end): its last clause or
    sentence (``_breaks_clause``) opens, after at most three lead words (``ends[0]``), with a
    form opener ("back to the blanket. how do i join the squares", "FCA then - who books the
    truck") or with a clause verb (``ends[12]``) and then a clause subject (``ends[13]``: "...,
    do i just dump them in"). Reads back to the last break once, then at most five words."""
    leads, verbs, subjects = ends[0], ends[12], ends[13]
    mark = last
    while mark > 0 and not _breaks_clause(text, mark - 1, last, marks):
        mark -= 1
    if mark == 0:
        return False
    position, led = mark, 0
    while position < last:
        position, end = _next_word(text, position, last)
        if end == position:
            return False
        word, position = _stripped(text, position, end, strip), end
        if word in form_openers:
            return True
        if word in verbs:
            return _word_at(text[:last], position, strip) in subjects
        if word not in leads or led == _LEAD_REACH:
            return False
        led += 1
    return False


def _asks_at_ends(
    text: str,
    last: int,
    strip: Set[int],
    ends: Sequence[Set[tuple[int, ...]]],
) -> bool:
    """Rule question-ends on ``text[:last]``: a lead ask after at most three lead words ("ok
    and how do I open it"), or last words, at most two end fillers dropped, that are an end
    phrase ("excess insurance worth it", "swept how often then"); phrases of up to three
    words, joined by one space."""
    leads, asks, fillers, phrases = ends[:4]
    position = 0
    for _ in range(_LEAD_REACH):
        position, end = _next_word(text, position, last)
        if end == position or _stripped(text, position, end, strip) not in leads:
            break
        if _word_at(text, end, strip) in asks:
            return True
        position = end
    words: list[tuple[int, ...]] = []
    end = last
    while end > 0 and len(words) < _END_WORDS:
        start = end
        while start > 0 and not text[start - 1].isspace():
            start -= 1
        words.insert(0, _stripped(text, start, end, strip))
        end = start
        while end > 0 and text[end - 1].isspace():
            end -= 1
    dropped = 0
    while dropped < 2 and words and words[-1] in fillers:
        words.pop()
        dropped += 1
    return any(count <= len(words) and _joined(words[-count:]) in phrases for count in (1, 2, 3))


def _joined(words: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Folded words joined by one space, as an end phrase is folded."""
    joined: tuple[int, ...] = words[0]
    for word in words[1:]:
        joined += (32, *word)
    return joined
