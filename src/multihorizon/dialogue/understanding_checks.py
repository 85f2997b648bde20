"""A user turn that puts the assistant's reply back in the user's own words to check it
(rule understanding-checks, SPEC-028 §5.2 CLARIFY: asking what the reply meant): "so the
batter is just the wall leaning in as it goes up?", "wait, so I can skip the primer?", "you
mean the blue one?", "meaning I should water less?". The check opens (after ``CHECK_FILLERS``)
with one of ``CHECK_OPENERS`` and is a statement put as a question: no verb put before its
subject, no wh-word opening a clause, no condition or new case right after the opener ("so
should I ...", "so for zone 2 rides ...", "so if I ...", "So, the Milky Way shots: what time
...?" ask something new: DRILL_DOWN). Reads the turn's own words once each: linear, no regex;
the caller checks the log (an assistant chat of two, right after a reply)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.check_words import (
    CHECK_BLOCKERS,
    CHECK_FILLERS,
    CHECK_INVERTED,
    CHECK_LED_NEXT,
    CHECK_LED_OPENERS,
    CHECK_OPENERS,
    CHECK_PRONOUNS,
    CHECK_TAGS,
    CHECK_WH,
)
from ..text.lexicon import Marker
from ..text.tokens import content_terms
from ..text.topic_clause_words import ECHO_CLOSERS, ECHO_STRIP
from ..text.turn_text import CLAUSE_MARKS, DASHES

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["CHECK_CHARS", "checks_the_reply", "understanding_check"]

# A check restates one point in a sentence; a longer turn says more of its own.
CHECK_CHARS = 160
# A term the check restates before "meaning" or "you mean" is a name of a few words.
_TERM_WORDS = 5
_SENTENCE_ENDS = ".!?;"
# Inside a check a clause ends at a clause mark or a dash; sentence ends are read apart
# (``_SENTENCE_ENDS``), as in confirm_checks.
_CLAUSE_ENDS = CLAUSE_MARKS + DASHES
# A coordinator before a verb put first opens a question of its own ("so I skip it, or do I
# need it?"); a wh-word inside a clause asks nothing ("so the pilot can't pick where we come
# down?").
_COORDINATORS = frozenset(("or", "and", "but"))
# Markers of a new subject: a check restates the reply, it announces nothing.
_NEW_SUBJECT = (Marker.NEW_TOPIC, Marker.TOPIC_OPENER)


def understanding_check(text: str, bare: bool = False) -> tuple[str, ...]:
    """The content words of the check the turn's last sentence makes, if it is one: at most
    ``CHECK_CHARS`` characters, ending with "?", opening (after ``CHECK_FILLERS``) with one of
    ``CHECK_OPENERS``, or with a term and one of ``CHECK_LED_OPENERS`` ("kick from the hips
    you mean like ...?"), whose next word is none of ``CHECK_BLOCKERS``, and with no wh-word that
    opens a clause or comes before a verb put first, and no verb put first at a clause's
    start ("..., should we ...?") but in one of ``CHECK_TAGS`` at the end ("..., is that
    right?"). () for any other turn. ``bare``: the sentence may open without an opener (rule
    confirm-checks reads a closing tag instead: "Only five pleats is enough, really?")."""
    if len(text) > CHECK_CHARS or not text.rstrip().rstrip(ECHO_CLOSERS).endswith("?"):
        return ()
    tokens = text.casefold().replace("\u2019", "'").split()
    start = 0
    for index, token in enumerate(tokens[:-1]):
        if token.rstrip(ECHO_CLOSERS)[-1:] in _SENTENCE_ENDS:
            start = index + 1
    tokens = tokens[start:]
    words = [token.strip(ECHO_STRIP) for token in tokens]
    index = 0
    while index < len(words) and words[index] in CHECK_FILLERS:
        index += 1
    opener = max(
        (len(form) for form in CHECK_OPENERS if tuple(words[index : index + len(form)]) == form),
        default=0,
    )
    term = index
    if not opener:
        term, index, opener = index, *_led_after_term(tokens, words, index)
    first = index + opener
    if (
        not (opener or bare)
        or first >= len(words)
        or not words[first]
        or words[first] in CHECK_BLOCKERS
    ):
        return ()
    if tuple(words[index:first]) in CHECK_LED_OPENERS and words[first] not in CHECK_LED_NEXT:
        return ()  # "you mean by ...": the scanner's phrases mark only these
    end = len(words)
    for at in range(first, len(words)):
        word, following = words[at], words[at + 1] if at + 1 < len(words) else ""
        opens = at == first or tokens[at - 1].rstrip(ECHO_CLOSERS)[-1:] in _CLAUSE_ENDS
        if opens and word in CHECK_INVERTED and tuple(words[at:]) in CHECK_TAGS:
            end = at  # "..., is that right?" asks whether the check holds
            break
        if word in CHECK_INVERTED and opens:
            return ()  # "..., should we sort them first?", "So, the cracks: could the clay ...?"
        opens = opens or words[at - 1] in _COORDINATORS
        if word in CHECK_WH and (opens or following in CHECK_INVERTED):
            return ()  # "..., what about the topcoat?", "where do I put it?"
        if word in CHECK_INVERTED and following in CHECK_PRONOUNS and opens:
            return ()  # "or do I need it?"
    return tuple(content_terms(" ".join(words[term:index] + words[first:end])))


def _led_after_term(tokens: list[str], words: list[str], start: int) -> tuple[int, int]:
    """Where one of ``CHECK_LED_OPENERS`` stands after a term of at most ``_TERM_WORDS``
    words that opens the sentence and holds no clause end, no ``CHECK_BLOCKERS`` word and no
    pronoun ('"spills into two cells" meaning it fills the next cell?', "kick from the hips
    you mean like straight legs?"), and its length; (start, 0) when none does ("is that what
    you mean", "I know what you mean")."""
    for at in range(start + 1, min(start + _TERM_WORDS + 1, len(words))):
        before = words[at - 1]
        if before in CHECK_BLOCKERS or before in CHECK_PRONOUNS or not before:
            break
        if tokens[at - 1].rstrip(ECHO_CLOSERS)[-1:] in _SENTENCE_ENDS + _CLAUSE_ENDS:
            break
        for opener in CHECK_LED_OPENERS:
            if tuple(words[at : at + len(opener)]) == opener:
                return at, len(opener)
    return start, 0


def checks_the_reply(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether the turn checks its understanding of the conversation's replies (rule
    understanding-checks): ``understanding_check`` finds a check with content words right
    after an assistant reply, in an assistant chat of two, with no new-topic marker. No
    word of the check need be the reply's: a restatement is in the user's words ("wait, so
    I can't just paint over the old finish?" after "scuff-sand and prime with a bonding
    primer"); a gate on shared words lost such checks and no control on the hand-written
    files."""
    config, log = context.config, context.log
    if not (config.understanding_checks and len(log) > 0 and log.roles[-1] == "assistant"):
        return False
    if features.has_any(_NEW_SUBJECT):
        return False
    if not understanding_check(features.text):
        return False
    return not (context.speakers.multi_party(config) or context.peer_dialogue())
