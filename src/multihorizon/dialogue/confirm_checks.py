"""A user turn that asks the assistant to confirm what its reply said (rule confirm-checks,
SPEC-028 §5.2 CLARIFY: asking what the reply meant). Rule understanding-checks reads every
"so ...?" put as a statement and is opt-in: on unseen conversations it also took ordinary "so
..." questions. This rule reads the same statement put as a question (``understanding_check``)
only with a mark of confirmation: a closing tag ("So the dial stays at 4, correct?", "so just
5 min a day? thats it?", "Only five pleats is enough, really?", where no opener is needed),
another case set against the restatement ("so both, not just the chain?", "... rather than in
front of it?"), or one of the reply's figures restated with a limiter ("so the cassette is
only 40 quid?"). A return may lead the check ("back to the bike - so both, not just the
chain?"): its clause says where, not what is checked. Reads the turn's words once each and
the recent replies' words once each: linear, no regex."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from ..text.check_words import (
    CHECK_FILLERS,
    CLOSING_CHECKS,
    CONFIRM_BARE_TAGS,
    CONFIRM_CONTRASTS,
    CONFIRM_LIMITERS,
    CONFIRM_OUTSIDE,
    CONFIRM_RETURNS,
    CONFIRM_TAGS,
    CONTRAST_ASKS,
    RESTATING_CONTRASTS,
    RESTATING_MARKS,
    RESTATING_NEEDS,
    RESTATING_SKIPPED,
)
from ..text.lexicon import Marker
from ..text.question_forms import NUMBER_WORDS
from ..text.tokens import content_terms
from ..text.topic_clause_words import ECHO_CLOSERS, ECHO_STRIP
from ..text.turn_text import CLAUSE_MARKS, DASHES
from .understanding_checks import CHECK_CHARS, understanding_check

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["CONFIRM_CHARS", "confirm_check", "confirms_the_reply", "may_confirm"]

# The longest turn read (characters): a check and a tag or a return's clause before it
# (``settle_data.confirm_gates``: the native settle reads no longer turn for this rule).
CONFIRM_CHARS = 2 * CHECK_CHARS

# A return's clause ("going back to the landscape picture -") is a few words before the check.
_RETURN_WORDS = 8
_SENTENCE_ENDS = ".!?;"
# Inside a check question a clause ends at a clause mark or a dash; its sentence ends are
# read apart. A bare token is looked up as a substring: this order (",:;-...") is kept.
_CLAUSE_ENDS = CLAUSE_MARKS + DASHES
# The assistant replies a restated figure may come from, the latest first: a check after a
# return restates a reply some turns back ("back to the flat - so only 300?").
_REPLIES_BACK = 6
# "so only 40 quid?" restates a figure; "so 5,000 only covers the sleeves" one written with a
# separator.
_FIGURE_STRIP = "$£€%.,:;!?()\"'"
# Markers of a new subject: a check restates a reply, it announces nothing.
_NEW_SUBJECT = (Marker.NEW_TOPIC, Marker.TOPIC_OPENER)
# Who said it when a reporting word restates the reply ("so you said 12 hours, right?").
_ASSISTANT = frozenset(("you", "you've", "you'd", "u"))
_CONTRAST_LEADS = frozenset(contrast[0] for contrast in CONFIRM_CONTRASTS)
_CLOSING = frozenset(CLOSING_CHECKS)  # rule closing-checks' tags ("..., nothing more?")
# Rule restating-checks: the check's words the reply must have said (at least two, and at
# least half of them), a word standing for a longer or shorter form of the reply's when they
# share their first letters ("proving" for "prove", "leaving" for "leave").
_RESTATED_WORDS = 2
_STEM_CHARS = 4
_NEED_LEADS = frozenset(need[0] for need in RESTATING_NEEDS)


def _ends_clause(token: str) -> bool:
    return token.rstrip(ECHO_CLOSERS)[-1:] in _CLAUSE_ENDS or token in _CLAUSE_ENDS


def _figure(word: str) -> str:
    """The number a word writes ("40", "5,000" -> "5000", "fifteen"), or ""."""
    word = word.strip(_FIGURE_STRIP).replace(",", "")
    if word in NUMBER_WORDS or (word and word.isdigit()):
        return word
    return ""


def may_confirm(text: str) -> bool:
    """``confirm_check``'s first test: at most ``CONFIRM_CHARS`` long, its last character "?"
    once trailing blanks, then closers, are stripped (no other turn is a check it reads)."""
    return len(text) <= CONFIRM_CHARS and text.rstrip().rstrip(ECHO_CLOSERS).endswith("?")


def _after_return(tokens: list[str], words: list[str]) -> int:
    """Where the check starts: after ``CHECK_FILLERS``, and after a return's clause that
    opens with one of ``CONFIRM_RETURNS`` and closes with a clause end within
    ``_RETURN_WORDS`` words; -1 when a return opens the turn with no such clause end."""
    index = 0
    while index < len(words) and words[index] in CHECK_FILLERS:
        index += 1
    if not any(tuple(words[index : index + len(form)]) == form for form in CONFIRM_RETURNS):
        return 0
    for at in range(index, min(index + _RETURN_WORDS, len(tokens))):
        if _ends_clause(tokens[at]):
            return at + 1
    return -1


def confirm_check(
    text: str,
    figures: Callable[[], frozenset[str]] | None = None,
    reply_terms: Callable[[], frozenset[str]] | None = None,
    closing: bool = True,
    restated: Callable[[bool], frozenset[str]] | None = None,
    contrasted: bool = False,
) -> bool:
    """Whether the turn's last sentence is a check (``understanding_check``, after a return's
    clause) marked as one: a ``CONFIRM_TAGS`` tag closing it after a clause end or as a
    sentence of its own (with ``CONFIRM_BARE_TAGS``, no opener is needed when it names a
    word of ``reply_terms()``), one of
    ``CONFIRM_CONTRASTS`` at a clause's start ("rather than" and "instead of" anywhere; with no
    opener, when the check names a word of ``reply_terms()``: "the rice has to be cold, not
    warm?"), or a figure of ``figures()`` (the replies', read only then) with one of
    ``CONFIRM_LIMITERS``. Never with a claim from elsewhere (``CONFIRM_OUTSIDE``).
    ``closing`` (rule closing-checks): ``CLOSING_CHECKS`` among the tags ("so the fee is 2%
    of the price, nothing more?"). ``restated`` (rule restating-checks): the content words of
    the replies a check with an opener may restate (of the latest reply, or of the recent ones
    after a return: its argument); with one of ``RESTATING_MARKS`` or ``RESTATING_NEEDS`` and
    enough of its words theirs (``_restates``) it is a check ("so the receipt alone is enough
    and I don't need the box?"). ``contrasted`` (rule contrast-restatements): with
    ``restated``, one of ``RESTATING_CONTRASTS`` inside the check, each side of it naming a
    word of the reply, marks it too ("So the lease costs more but at the end I own nothing?")."""
    if not may_confirm(text):
        return False
    tokens = text.casefold().replace("\u2019", "'").split()
    words = [token.strip(ECHO_STRIP) for token in tokens]
    start = _after_return(tokens, words)
    if start < 0:
        return False
    tokens, words = _last_sentence(tokens[start:], words[start:])
    tagged: tuple[str, ...] = ()
    for tag in CONFIRM_TAGS:
        if not closing and tag in _CLOSING:
            continue
        at = len(words) - len(tag)
        if at > 0 and tuple(words[at:]) == tag:
            before = tokens[at - 1].rstrip(ECHO_CLOSERS)
            if before[-1:] in _SENTENCE_ENDS or _ends_clause(before):
                tagged = tag
                tokens, words = tokens[:at], words[:at]
                break
    if any(
        word in CONFIRM_OUTSIDE and (at == 0 or words[at - 1] not in _ASSISTANT)
        for at, word in enumerate(words)
    ):
        return False  # a claim from elsewhere ("my neighbour says ..., is that true?")
    body = " ".join(tokens).rstrip(_CLAUSE_ENDS + " ").rstrip("?") + "?"
    opened = understanding_check(body)
    if tagged or _contrasts(tokens, words):
        if opened:
            return True
        if tagged and tagged not in CONFIRM_BARE_TAGS:
            return False
        # With no opener, a restatement names a word of the reply.
        bare = understanding_check(body, bare=True) if reply_terms is not None else ()
        return bool(bare) and reply_terms is not None and not reply_terms().isdisjoint(bare)
    # Rule restating-checks: the replies' words are read only for a check with a mark.
    restating = opened and restated is not None and _restating(words)
    if restating and restated is not None and _restates(opened, restated(start > 0)):
        return True
    if opened and restated is not None and contrasted:
        replied = restated(start > 0)
        if _contrasts_sides(words, replied) and _restates(opened, replied):
            return True
    said = [figure for word in words if (figure := _figure(word))]
    if not (opened and figures is not None and said):
        return False
    if not any(word in CONFIRM_LIMITERS for word in words):
        return False
    replies = figures()
    return any(figure in replies for figure in said)


def _restating(words: list[str]) -> bool:
    """Whether one of ``RESTATING_MARKS`` or ``RESTATING_NEEDS`` stands among ``words``."""
    for at, word in enumerate(words):
        if word in RESTATING_MARKS:
            return True
        if word in _NEED_LEADS and any(
            tuple(words[at : at + len(need)]) == need for need in RESTATING_NEEDS
        ):
            return True
    return False


def _contrasts_sides(words: list[str], said: frozenset[str]) -> bool:
    """Whether one of ``RESTATING_CONTRASTS`` stands inside ``words`` (not first nor last)
    and each side of the first names a content word of the reply's ``said`` (rule
    contrast-restatements: "so the lease costs more per month but I own nothing?")."""
    for at in range(1, len(words) - 1):
        if words[at] in RESTATING_CONTRASTS:
            if words[at + 1] in CONTRAST_ASKS:
                return False  # "... but can I open the door?" asks on
            before = content_terms(" ".join(words[:at]))
            after = content_terms(" ".join(words[at + 1 :]))
            stems = {word[:_STEM_CHARS] for word in said if len(word) >= _STEM_CHARS}
            return _names(before, said, stems) and _names(after, said, stems)
    return False


def _names(checked: list[str], said: frozenset[str], stems: set[str]) -> bool:
    """Whether one of ``checked`` is a word of ``said`` or shares its first ``_STEM_CHARS``
    letters with one (``stems``)."""
    return any(
        word in said or (len(word) >= _STEM_CHARS and word[:_STEM_CHARS] in stems)
        for word in checked
    )


def _restates(checked: tuple[str, ...], said: frozenset[str]) -> bool:
    """Whether the check's content words ``checked`` (its marks aside) are the reply's
    ``said``: at least ``_RESTATED_WORDS`` of them, and half, as they are or sharing their
    first ``_STEM_CHARS`` letters with one of ``said``. One set lookup a word."""
    words = [word for word in checked if word not in RESTATING_SKIPPED]
    stems = {word[:_STEM_CHARS] for word in said if len(word) >= _STEM_CHARS}
    shared = sum(
        word in said or (len(word) >= _STEM_CHARS and word[:_STEM_CHARS] in stems) for word in words
    )
    return shared >= _RESTATED_WORDS and 2 * shared >= len(words)


def _last_sentence(tokens: list[str], words: list[str]) -> tuple[list[str], list[str]]:
    """The check's sentence: the last one, or the two last when the last is a tag alone ("so
    just 5 min a day? thats it?"); an earlier sentence says something of its own ("..., not
    painful, just tight. Swing form?")."""
    ends = [at + 1 for at, token in enumerate(tokens[:-1]) if _ends_sentence(token)]
    start = ends[-1] if ends else 0
    if tuple(words[start:]) in CONFIRM_TAGS and len(ends) > 1:
        start = ends[-2]
    elif tuple(words[start:]) in CONFIRM_TAGS:
        start = 0
    return tokens[start:], words[start:]


def _ends_sentence(token: str) -> bool:
    return token.rstrip(ECHO_CLOSERS)[-1:] in _SENTENCE_ENDS


def _contrasts(tokens: list[str], words: list[str]) -> bool:
    """Whether one of ``CONFIRM_CONTRASTS`` sets another case against the check: "rather
    than" and "instead of" anywhere, "not" forms at a clause's start ("..., not just the
    chain?", "..., and not before?")."""
    for at, word in enumerate(words):
        if word not in _CONTRAST_LEADS:
            continue
        for contrast in CONFIRM_CONTRASTS:
            if tuple(words[at : at + len(contrast)]) != contrast:
                continue
            if contrast[0] in ("rather", "instead"):
                return True
            if at > 0 and _ends_clause(tokens[at - 1]):
                return True
    return False


def _reply_figures(context: DialogueContext) -> frozenset[str]:
    """The figures the last ``_REPLIES_BACK`` assistant replies write."""
    found: set[str] = set()
    for content in _replies(context, _REPLIES_BACK):
        found.update(figure for word in content.casefold().split() if (figure := _figure(word)))
    return frozenset(found)


def _replies(context: DialogueContext, count: int) -> list[str]:
    """The texts of the last ``count`` assistant replies, the latest first."""
    log = context.log
    found: list[str] = []
    for turn_id in range(len(log) - 1, -1, -1):
        if len(found) == count:
            break
        if log.roles[turn_id] == "assistant":
            found.append(log[turn_id].content)
    return found


def _reply_words(context: DialogueContext, returned: bool) -> frozenset[str]:
    """The content words of the latest reply, or with ``returned`` (a return leads the check)
    of the last ``_REPLIES_BACK`` replies (rule restating-checks)."""
    found: set[str] = set()
    for content in _replies(context, _REPLIES_BACK if returned else 1):
        found.update(content_terms(content))
    return frozenset(found)


def confirms_the_reply(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether the turn asks to confirm what the conversation's replies said (rule
    confirm-checks): ``confirm_check`` right after an assistant reply, in an assistant chat
    of two, with no new-topic marker."""
    config, log = context.config, context.log
    if not (config.confirm_checks and len(log) > 0 and log.roles[-1] == "assistant"):
        return False
    if not features.has(Marker.CONFIRM_MARK) or features.has_any(_NEW_SUBJECT):
        return False
    reply = log[len(log) - 1].content
    terms = lambda: frozenset(content_terms(reply))  # noqa: E731 (read only when asked)
    figures = lambda: _reply_figures(context)  # noqa: E731 (read only when asked)
    restated = partial(_reply_words, context) if config.restating_checks else None
    contrasted = config.contrast_restatements  # "so X but Y?" in the reply's words
    if not confirm_check(
        features.text, figures, terms, config.closing_checks, restated, contrasted
    ):
        return False
    return not (context.speakers.multi_party(config) or context.peer_dialogue())
