"""One user turn's words as the statement rules read them, made once per turn (issue 14).

A statement after a reply goes through a dozen rules (report-backs, done-reports,
outcome-reports, terse-reports, new-subjects, reply-answers, ...) that each compared their
word lists with the same case-folded, stripped words and cut the same clauses: a plain
200-character statement cost ~100 µs where a settled turn costs ~2 µs. ``TurnWords`` is the
turn's record: its plain words, its case-folded tokens and its report clauses, each read the
first time a rule asks and then kept. ``turn_words(text)`` gives the record of a text: the
classifier's text-only stage (``IntentClassifier.finish``) and the rules that read the turn's
``TurnFeatures`` (``TurnFeatures.words``) get the same one for the same text object.

The punctuation that ends a clause and the regular "-ed" past form are defined here once;
the modules whose sets differ build theirs from these parts and say why.
"""

from __future__ import annotations

from collections.abc import Iterator

from .outcome_words import OUTCOME_JOINERS

__all__ = [
    "CLAUSE_ENDS",
    "CLAUSE_MARKS",
    "DASHES",
    "MIN_ED",
    "SENTENCE_MARKS",
    "STATEMENT_ENDS",
    "WORD_STRIP",
    "TurnWords",
    "comma_clauses",
    "plain_words",
    "regular_past",
    "turn_words",
]

# Punctuation a word's token may carry on its ends, taken off before a word-list lookup.
WORD_STRIP = ",:;.!?\"'()\u2018\u2019\u201c\u201d"
# Marks that end a clause inside a sentence, marks that end a sentence, and the dashes some
# rules also cut an opening clause at ("also - my roof leaks").
# A module whose set differs builds it from these parts and says why. (Where a whole token
# is looked up in a set, ``token in SET`` is a substring test: the order counts there.)
CLAUSE_MARKS = ",:;"
SENTENCE_MARKS = ".!?"
DASHES = "-\u2013\u2014"
# A token ending with one of these ends its clause: every clause or sentence mark.
CLAUSE_ENDS = CLAUSE_MARKS + SENTENCE_MARKS
# A clause of a statement ends at these (rule outcome-reports): no "?", so "right?" inside a
# report does not cut it (the rule reads no question).
STATEMENT_ENDS = CLAUSE_MARKS + ".!"
# "-ed" past forms this long or longer ("tried", "added", "booked"), not "bed", "shed".
MIN_ED = 5
# The most clauses of a report read (rule outcome-reports): its report is in the first few.
_MOST_CLAUSES = 8


def regular_past(word: str) -> bool:
    """Whether a case-folded word has the regular past form's ending: "-ed", at least
    ``MIN_ED`` characters ("tried", "checked"; not "bed", "shed", "need")."""
    return len(word) >= MIN_ED and word.endswith("ed")


def plain_words(text: str) -> list[str]:
    """A turn's case-folded words, curly apostrophes made straight and ``WORD_STRIP``'s
    punctuation taken off their ends: the words the statement rules compare with their
    lists (a fresh list; ``TurnWords.plain`` keeps them for a turn)."""
    return [token.strip(WORD_STRIP) for token in text.casefold().replace("\u2019", "'").split()]


class TurnWords:
    """The words of one turn's text, each form read the first time a rule asks, then kept.
    Read-only by convention (the tuples are shared by every rule of the turn)."""

    __slots__ = ("_plain", "_tokens", "read", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        # What a rule concluded from these words alone, by its own key: the classifier's
        # stage and the rule after it ask the same (rule outcome-reports' reading).
        self.read: dict[object, bool] = {}
        self._tokens: tuple[str, ...] | None = None
        self._plain: tuple[str, ...] | None = None

    @property
    def tokens(self) -> tuple[str, ...]:
        """The case-folded text split at white space, curly apostrophes made straight, each
        token's punctuation kept (where a clause ends)."""
        found = self._tokens
        if found is None:
            # Idempotent: two threads racing here store equal tuples.
            found = self._tokens = tuple(self.text.casefold().replace("\u2019", "'").split())
        return found

    @property
    def plain(self) -> tuple[str, ...]:
        """``plain_words`` of the text: each of ``tokens`` without ``WORD_STRIP``'s marks."""
        found = self._plain
        if found is None:
            found = self._plain = tuple([token.strip(WORD_STRIP) for token in self.tokens])
        return found

    def clauses(self) -> Iterator[list[str]]:
        """The turn's first clauses (at most eight) as plain words, for the report rules: a
        clause ends at a token ending with one of ``STATEMENT_ENDS`` or before a joiner
        ("and", "but", "so", "then": ``OUTCOME_JOINERS``); empty words are left out. Cut
        as the caller reads on, from the kept ``tokens`` and ``plain`` words: a report is
        mostly found in the first clause (the caller keeps what it concluded, ``read``)."""
        count = 0
        clause: list[str] = []
        for token, word in zip(self.tokens, self.plain, strict=True):
            if word in OUTCOME_JOINERS and clause:
                yield clause
                count, clause = count + 1, []
            if word:
                clause.append(word)
            if token[-1] in STATEMENT_ENDS and clause:
                yield clause
                count, clause = count + 1, []
            if count >= _MOST_CLAUSES:
                return
        if clause:
            yield clause


def comma_clauses(text: str) -> list[list[str]]:
    """A text's clauses as case-folded plain words (curly apostrophes straightened): a clause
    ends at a token ending with one of ``CLAUSE_ENDS`` or at a dash standing alone (rules
    option-picks and party-reports read a pick's or a report's later clauses). One pass."""
    clauses: list[list[str]] = [[]]
    for token in text.casefold().replace("\u2019", "'").split():
        word = token.strip(WORD_STRIP)
        dash = not word.strip(DASHES)
        if word and not dash:
            clauses[-1].append(word)
        if (token[-1] in CLAUSE_ENDS or dash) and clauses[-1]:
            clauses.append([])
    return [clause for clause in clauses if clause]


# The record of the last text asked for: a turn's stages ask with the same text object (the
# classifier's text-only stage, then the rules through ``TurnFeatures.words``). One entry,
# replaced whole, so a thread reading it sees one record or the next; it keeps the last
# turn's text alive until the next one.
_last: list[TurnWords] = [TurnWords("")]


def turn_words(text: str, *, fresh: bool = False) -> TurnWords:
    """The ``TurnWords`` of ``text``: the same record while the same text object is asked
    for again (one turn's stages), a new one otherwise. ``fresh``: a new one whatever was
    asked before (a turn's first stage: a caller classifying the same text object again
    reads it again, as a new turn would)."""
    last = _last[0]
    if last.text is text and not fresh:
        return last
    record = _last[0] = TurnWords(text)
    return record
