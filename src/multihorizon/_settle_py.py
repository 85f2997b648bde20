"""Reference of two checks of ``IntentSettlerBase.settles`` (issue 14): whether reference
detection can find anything in a turn, and whether rule also-questions can read one of its
CONTINUE hits. Each is a superset of the Python it stands for, so a turn it cannot rule out
goes on to ``dialogue.intent.IntentClassifier.finish``, which decides exactly.

- ``DetectionGates.may_detect``: a superset of "``dialogue.detection.detect`` returns a
  mention" for a lexicon with gate words. Detection reads a mention only at a marker-led hit
  (a demonstrative, an ordinal, a turn, tool or action phrase), at a pattern gate
  (``mention_patterns``: "the one about", "you also said", "the SQL output", "option 7"), at
  an ordinal form's gate (``ordinal_mentions``) or where no gate word shows (a capital
  letter alone, "#2", "the X one": the settle's ``may_pick_without_gates``). A GATE_NUMBER
  hit is the common one ("the next maintenance window", "the first time"): it goes on only
  if "option 7"'s pattern can start there (its phrase opens with one of the pattern's
  nouns) or ``ordinal_mentions._may_open`` says a form can (read here on ASCII text; any
  other character in the words it reads sends the turn on).
- ``TermGates.may_ask``: a superset of ``phrasing.term_asked`` (rule term-questions: "What's
  a Soundex search?") on ASCII text: every step but the last (the term's content words) and
  "what does X mean"'s ending, which send the turn on.
- ``AddingGates.may_add``: a superset of ``phrasing.adding_opener`` ("Also, do I need winter
  tyres?"): a CONTINUE hit whose phrase is an adding opener, at most ``opening_chars`` in.
- ``EchoGates.may_echo``: a superset of ``bool(echoes.echoed_term(text, wide))`` (rule
  echo-clarifications: "Fret buzz?", "Kettle stitch, meaning?"): exactly its steps on ASCII
  text up to the term's content words, which are left to the Python rule; True on any other
  text.

The C++ twin is ``may_detect`` / ``may_add`` in ``cpp/include/multihorizon/settle.hpp``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ._meaning_gate_py import MEANING_FIELDS, MeaningGates
from ._validate import as_int

__all__ = [
    "AddingGates",
    "DetectionGates",
    "EchoGates",
    "TermGates",
    "form_anchor",
    "may_open_with_report_opener",
    "may_quote",
    "touches_label",
]

Hit = tuple[int, int, int, int]

_LONGEST_WORDS = 4  # the most words ``may_open`` reads (the longest FROM_END phrase)


def _phrase_set(values: Iterable[Any], name: str) -> frozenset[int]:
    phrases = frozenset(as_int(value, name) for value in values)
    if any(not 0 <= phrase <= 1 << 24 for phrase in phrases):
        raise ValueError(f"{name}: phrase indexes must be in [0, 2**24]")
    return phrases


def _ascii_alnum(char: str) -> bool:
    return char.isascii() and char.isalnum()


@dataclass(frozen=True)
class DetectionGates:
    """What reference detection reads, as data (see the module docstring).

    ``mention_kinds``: the categories a hit of which may yield a mention by itself;
    ``number_gate``: the GATE_NUMBER category; ``numbered``: the phrase indexes at which
    "option 7"'s pattern may start; ``openers``, ``from_end``: the words with which an
    ordinal form opens by itself and the FROM_END phrases (``ordinal_mentions``);
    ``before_chars``, ``after_chars``: the window ``_may_open`` reads around a hit;
    ``short_openers``: the words ``_opens`` reads in a turn short enough to be only a pick;
    ``anchors``, ``letter_before``: the words one of which every ordinal form holds, and
    those after which "a" or "i" may be a label (``settle_data.form_anchors``).
    """

    mention_kinds: int
    number_gate: int
    numbered: frozenset[int]
    openers: frozenset[str]
    from_end: tuple[tuple[str, ...], ...]
    before_chars: int
    after_chars: int
    short_openers: frozenset[str]
    anchors: frozenset[str] = frozenset()
    letter_before: frozenset[str] = frozenset()

    @classmethod
    def of(cls, value: Sequence[Any]) -> DetectionGates:
        """From the settler's ``detection`` argument: (mention_kinds, number_gate,
        numbered phrase indexes, openers, FROM_END phrases as word tuples, before_chars,
        after_chars, short_openers, anchors, letter_before)."""
        if len(value) != 10:
            raise ValueError("detection: expected 10 fields")
        kinds, gate, numbered, openers, from_end, before, after, short = value[:8]
        anchors, letter_before = frozenset(map(str, value[8])), frozenset(map(str, value[9]))
        mask = as_int(kinds, "detection")
        if not 0 <= mask < 1 << 63:
            raise ValueError("detection: mention_kinds must be a bit mask in [0, 2**63)")
        phrases = tuple(tuple(str(word) for word in phrase) for phrase in from_end)
        if any(not 0 < len(phrase) <= _LONGEST_WORDS for phrase in phrases):
            raise ValueError(f"detection: FROM_END phrases of 1 to {_LONGEST_WORDS} words")
        words = [*(word for phrase in phrases for word in phrase), *map(str, openers)]
        words += [*map(str, short), *anchors, *letter_before]
        if any(not word.isascii() for word in words):
            raise ValueError("detection: expected ASCII words")
        return cls(
            mask,
            as_int(gate, "detection"),
            _phrase_set(numbered, "detection"),
            frozenset(str(word) for word in openers),
            phrases,
            as_int(before, "detection"),
            as_int(after, "detection"),
            frozenset(str(word) for word in short),
            anchors,
            letter_before,
        )

    def may_detect(self, text: str, hits: Sequence[Hit], kinds: int, ordinal_forms: bool) -> bool:
        """Whether ``detect(text, hits, ..., ordinal_forms=ordinal_forms)`` may find a
        mention, the ungated forms aside (the settle's ``may_pick_without_gates``)."""
        if kinds & self.mention_kinds:
            return True
        for kind, phrase, start, _ in hits:
            if kind != self.number_gate:
                continue
            if phrase in self.numbered or (ordinal_forms and self.may_open(text, start)):
                return True
        return False

    def short_may_open(self, text: str) -> bool:
        """A superset of "``ordinal_mentions.ordinal_form_mentions`` finds a form" on a turn
        short enough to be only a pick, where it tries every token that ``_opens``: one such
        token at which ``may_open`` holds, and an anchor in the turn (``anchored``); ASCII
        text, True on any other."""
        at, opens, anchored, previous = 0, False, False, ""
        while True:
            span = _next_token(text, at, len(text))
            if span is None:
                return True
            first, at = span
            if first == len(text):
                return opens and anchored
            word = text[first:at].lower()
            digits = word.lstrip("#")
            if not opens and (word in self.short_openers or digits.isdigit()):
                opens = self.may_open(text, first)  # ``_mention_at`` reads ``_may_open``
            anchored = anchored or form_anchor(
                word, text[first], previous, self.anchors, self.letter_before
            )
            previous = word

    def may_open(self, text: str, position: int) -> bool:
        """A superset of ``ordinal_mentions._may_open(text, position)``: exactly it where the
        characters read are ASCII, True at any other."""
        low = max(0, position - self.before_chars)
        start = position
        while start > low:
            before = text[start - 1]
            if not before.isascii():
                return True
            if not (before.isalnum() or before in "#'"):
                break
            start -= 1
        words = _tokens(text, start, min(len(text), position + self.after_chars), position)
        if words is None:
            return True
        if not words:
            return False
        word = words[0]
        digits = word.lstrip("#")
        if word in self.openers or (digits.isdigit() and digits.isascii()):
            return True
        if len(word) == 1 and "A" <= text[position] <= "J":
            return True
        return any(tuple(words[: len(phrase)]) == phrase for phrase in self.from_end)


def form_anchor(
    word: str, first: str, previous: str, anchors: frozenset[str], letter_before: frozenset[str]
) -> bool:
    """Whether an ordinal form may hold the token ``word`` (case-folded; ``first``: its first
    character as written; ``previous``: the token before it): a word of ``anchors``, a
    token with a digit or "#", or a letter label ("b"; "a" and "i" only as a capital "A",
    which ``_letter_pick`` reads, or after ``letter_before``, where ``letter_after_pick``
    and ``_labelled`` read them). Every form ``ordinal_mentions._mentions_at`` finds holds
    one: a number, an ordinal, a cardinal, a letter, an item noun, a superlative or degree
    word, a run's end or count (``settle_data.form_anchors``)."""
    if word in anchors or word[0] == "#" or any(char.isdigit() for char in word):
        return True
    if len(word) != 1 or not "a" <= word <= "j":
        return False
    return word not in "ai" or first == "A" or previous in letter_before


def _tokens(text: str, start: int, limit: int, position: int) -> list[str] | None:
    """``ordinal_mentions._TOKEN``'s tokens of ``text[start:limit]`` from the one that holds
    ``position``, lower-cased, at most ``_LONGEST_WORDS``: [] when none holds it; None at a
    non-ASCII character (whether it is a token character is not read here)."""
    words: list[str] = []
    at = start
    while len(words) < _LONGEST_WORDS:
        span = _next_token(text, at, limit)
        if span is None:
            return None
        first, at = span
        if first == limit:
            break
        if words or at > position:
            if not words and first > position:
                return []
            words.append(text[first:at].lower())
    return words


def _next_token(text: str, at: int, limit: int) -> tuple[int, int] | None:
    """The span of ``_TOKEN``'s next match in ``text[at:limit]`` on ASCII text, ``(limit,
    limit)`` when there is none, None at a non-ASCII character."""
    while at < limit:
        char = text[at]
        if not char.isascii():
            return None
        first = at
        if char == "#" and at + 1 < limit:
            if not text[at + 1].isascii():
                return None
            at += 1 if text[at + 1].isalnum() else 0
        if not _ascii_alnum(text[at]):
            at = first + 1
            continue
        end = _run_end(text, at, limit)
        if end is not None and end + 1 < limit and text[end] == "'":
            if not text[end + 1].isascii():
                return None
            if text[end + 1].isalnum():
                end = _run_end(text, end + 1, limit)
        return None if end is None else (first, end)
    return limit, limit


def _run_end(text: str, at: int, limit: int) -> int | None:
    """The end of the ASCII letters and digits from ``at``; None at a non-ASCII character."""
    while at < limit and text[at].isalnum():
        if not text[at].isascii():
            return None
        at += 1
    if at < limit and not text[at].isascii():
        return None
    return at


@dataclass(frozen=True)
class AddingGates:
    """Rule also-questions as data: the CONTINUE phrase indexes that are adding openers
    ("also"), and how far into a turn one may open it (``cues.OPENING_CHARS``)."""

    phrases: frozenset[int]
    opening_chars: int

    @classmethod
    def of(cls, value: Sequence[Any]) -> AddingGates:
        """From the settler's ``adding`` argument: (phrase indexes, opening_chars)."""
        if len(value) != 2:
            raise ValueError("adding: expected (phrase indexes, opening_chars)")
        return cls(_phrase_set(value[0], "adding"), as_int(value[1], "adding"))

    def may_add(self, hits: Sequence[Hit], adding: int) -> bool:
        """Whether a hit of a category in the mask ``adding`` (CONTINUE) may open the turn
        with an adding opener."""
        return any(
            adding >> kind & 1 and phrase in self.phrases and start <= self.opening_chars
            for kind, phrase, start, _ in hits
        )


@dataclass(frozen=True)
class TermGates:
    """Rule term-questions as data (``phrasing.term_words``): opening fillers, term openers
    (word tuples), hedges, breakers, and the characters stripped off a word."""

    fillers: frozenset[str]
    openers: tuple[tuple[str, ...], ...]
    hedges: frozenset[str]
    breakers: frozenset[str]
    strip: str

    @classmethod
    def of(cls, value: Sequence[Any]) -> TermGates:
        """From the settler's ``terms`` argument (``phrasing.term_words()``)."""
        if len(value) != 5:
            raise ValueError("terms: expected 5 fields")
        fillers, openers, hedges, breakers, strip = value
        words = {
            *map(str, fillers),
            *(str(word) for opener in openers for word in opener),
            *map(str, hedges),
            *map(str, breakers),
        }
        if any(not word.isascii() for word in words) or any(not opener for opener in openers):
            raise ValueError("terms: expected non-empty openers of ASCII words")
        return cls(
            frozenset(map(str, fillers)),
            tuple(tuple(map(str, opener)) for opener in openers),
            frozenset(map(str, hedges)),
            frozenset(map(str, breakers)),
            "".join(char for char in str(strip) if char.isascii()),
        )

    @staticmethod
    def bare_how(text: str) -> bool:
        """Whether ``text`` ends with "how" once white space and what ``echoes`` strips off a
        word are dropped from its end: a superset of the bare "how" after a term asked back
        that rule term-frames reads ("richer how"; settle.hpp ``ends_with_bare_how``)."""
        end = len(text)
        while end > 0 and (text[end - 1].isspace() or text[end - 1] in _ECHO_STRIP):
            end -= 1
        return text[max(end - 3, 0) : end].lower() == "how"

    def may_ask(self, text: str) -> bool:
        """A superset of ``bool(phrasing.term_asked(text))`` (the caller checks the length):
        exactly its steps on ASCII text up to the term's content words; True on any other."""
        if not text.isascii():
            return True
        tokens = text.split()
        words = [token.strip(self.strip).lower() for token in tokens]
        start = next((index for index, word in enumerate(words) if word not in self.fillers), 0)
        opener = next((o for o in self.openers if tuple(words[start : start + len(o)]) == o), None)
        if opener is None:
            return False
        if opener[-1] == "does":
            return True  # "what does X mean?": its ending is left to the Python rule
        rest = words[start + len(opener) :]
        # Rule term-frames reads the term in the first clause only (phrasing.first_clause_end).
        cut = start + len(opener)
        while cut < len(tokens):
            cut += 1
            if tokens[cut - 1].endswith(".") or any(mark in tokens[cut - 1] for mark in ",;:?!"):
                break
        term = [word for word in words[start + len(opener) : cut] if word not in self.hedges]
        if term[:1] == ["the"] and self.hedges.isdisjoint(rest):
            return False
        if term[:1] in (["a"], ["an"], ["the"]):
            term = term[1:]
        return self.breakers.isdisjoint(term)


@dataclass(frozen=True)
class EchoGates:
    """Rule echo-clarifications as data (``echoes.echo_words``): the longest turn, the most
    words of a term, fillers (and those that take the next word), blockers, links, tails,
    hedges, what is stripped off a word, the clause ends and the closers after them, and
    whether a bare "how" may end a term (rule term-frames); for rule reply-term-asks'
    opening echo (``reply_terms.reply_term_words``) the longest turn, the most words of a
    term and its hedges; for rule term-checks (``term_checks.check_words``) the longest turn
    (0: off), the most words of a term and of a guess, the links, the verbs and the
    inversions; rule meaning-asks' (``meaning_asks.meaning_words``)."""

    chars: int
    most: int
    fillers: frozenset[str]
    pair_fillers: frozenset[str]
    blockers: frozenset[str]
    links: tuple[tuple[str, ...], ...]
    tails: frozenset[str]
    hedges: frozenset[str]
    strip: str
    clause_ends: str
    closers: str
    wide: bool
    reply_chars: int
    reply_most: int
    reply_hedges: frozenset[str]
    check_chars: int
    check_most: int
    check_guess: int
    check_links: tuple[tuple[str, ...], ...]
    check_verbs: frozenset[str]
    check_inversions: frozenset[str]
    meaning: MeaningGates

    @classmethod
    def of(cls, value: Sequence[Any]) -> EchoGates:
        """From the settler's ``echoes`` argument (``echoes.echo_words(wide)`` and
        ``reply_terms.reply_term_words()``)."""
        if len(value) != 21 + MEANING_FIELDS:
            raise ValueError(f"echoes: expected {21 + MEANING_FIELDS} fields")
        chars, most, fillers, pairs, blockers, links, tails, hedges = value[:8]
        strip, ends, closers, wide, reply_chars, reply_most, reply_hedges = value[8:15]
        check_chars, check_most, check_guess, check_links, check_verbs, inversions = value[15:21]
        reply_hedges = frozenset(map(str, reply_hedges))
        links = tuple(tuple(map(str, link)) for link in links)
        check_links = tuple(tuple(map(str, link)) for link in check_links)
        check_verbs = frozenset(map(str, check_verbs))
        inversions = frozenset(map(str, inversions))
        words = {*map(str, fillers), *map(str, pairs), *map(str, blockers), *map(str, hedges)}
        words |= {*(word for link in links for word in link), *map(str, tails), *reply_hedges}
        words |= {*(word for link in check_links for word in link), *check_verbs, *inversions}
        if any(not word.isascii() for word in words) or any(
            not link for link in (*links, *check_links)
        ):
            raise ValueError("echoes: expected non-empty links of ASCII words")
        return cls(
            as_int(chars, "echoes"),
            as_int(most, "echoes"),
            frozenset(map(str, fillers)),
            frozenset(map(str, pairs)),
            frozenset(map(str, blockers)),
            links,
            frozenset(map(str, tails)),
            frozenset(map(str, hedges)),
            "".join(char for char in str(strip) if char.isascii()),
            "".join(char for char in str(ends) if char.isascii()),
            "".join(char for char in str(closers) if char.isascii()),
            bool(wide),
            as_int(reply_chars, "echoes"),
            as_int(reply_most, "echoes"),
            reply_hedges,
            as_int(check_chars, "echoes"),
            as_int(check_most, "echoes"),
            as_int(check_guess, "echoes"),
            check_links,
            check_verbs,
            inversions,
            MeaningGates.of(value[21:]),
        )

    def _link_at(self, words: list[str], index: int) -> int:
        for link in self.links:
            if tuple(word.strip(self.strip) for word in words[index : index + len(link)]) == link:
                return len(link)
        return 0

    def may_echo(self, text: str) -> bool:
        """A superset of ``bool(echoes.echoed_term(text, wide))``: exactly its steps on ASCII
        text (where casefold is lower) but the last, which keeps the term's content words
        (here any word left of the term counts); True on any other text."""
        if not text.isascii():
            return True
        if len(text) > self.chars:
            return False
        strip, words = self.strip, text.lower().split()
        bare_how = self.wide and "?" not in text and len(words) > 1
        bare_how = bare_how and words[-1].strip(strip) == "how"
        if not (bare_how or text.rstrip().endswith("?")):
            return False
        if bare_how:
            words = words[:-1]
        index = 0
        while index < len(words) and words[index].strip(strip) in self.fillers:
            index += 2 if words[index].strip(strip) in self.pair_fillers else 1
        term: list[str] = []
        ended = linked = False
        while index < len(words) and len(term) < self.most:
            if term and (span := self._link_at(words, index)):
                index, linked = index + span, True
                break
            token = words[index]
            index += 1
            if token == "-":  # the only ASCII dash
                ended = bool(term)
                if ended:
                    break
                continue
            if bare := token.strip(strip):
                term.append(bare)
            closed = token.rstrip(self.closers)
            if closed and closed[-1] in self.clause_ends:
                ended = True
                break
        ended = ended or (bare_how and index == len(words))
        if not term or term[0] in self.blockers or not (ended or linked):
            return False
        if bare_how and linked:
            return False
        rest = [word for word in (token.strip(strip) for token in words[index:]) if word]
        if rest and not linked:
            if self._link_at(words, index) == 0:
                tail = " ".join(word for word in rest if word not in self.hedges)
                if tail not in self.tails:
                    return False
        elif not (rest or linked or bare_how) and not words[-1].rstrip(self.closers).endswith("?"):
            return False
        return len(term) > (term[0] in ("a", "an", "the"))

    def may_open_echo(self, text: str) -> bool:
        """A superset of ``bool(reply_terms.opening_echo(text))`` (rule reply-term-asks: "the
        weight? I've heard this at the club"): exactly its steps on ASCII text but the last
        (the term's content words); True on any other text."""
        if not text.isascii():
            return True
        if len(text) > self.reply_chars or "?" not in text:
            return False
        strip, tokens = self.strip, text.lower().split()
        index = 0
        while index < len(tokens) and tokens[index].strip(strip) in self.fillers:
            index += 1
        term: list[str] = []
        while index < len(tokens) and len(term) < self.reply_most:
            token = tokens[index]
            index += 1
            if word := token.strip(strip):
                term.append(word)
            core = token.rstrip(self.closers)
            if core.endswith("?"):
                break
            if core[-1:] in ",:;.!":  # "" too: a token of closers alone
                return False
        else:
            return False
        more = any(token.strip(strip) for token in tokens[index:])
        bare = [word for word in term if word not in self.reply_hedges]
        if not bare or bare[0] in self.blockers or not (more or len(bare) < len(term)):
            return False
        return len(bare) > (bare[0] in ("a", "an", "the"))

    def may_check(self, text: str) -> bool:
        """A superset of ``bool(term_checks.term_check(text))`` (rule term-checks: "Red
        wrigglers, are those the same as ...?", "mainsheet is which rope?"): exactly its
        steps on ASCII text but the last (the term's content words); True on any other
        text up to its length; False when the rule is off (``check_chars`` 0)."""
        if len(text) > self.check_chars:  # 0: off
            return False
        if not text.isascii():
            return True
        if "?" not in text:
            return False
        strip, closers, tokens = self.strip, self.closers, text.lower().split()
        start = asked = 0
        for asked, token in enumerate(tokens):
            if "?" in token:
                break
            if token.rstrip(closers)[-1:] in ".!;":
                start = asked + 1
        index = start
        while index < asked and tokens[index].strip(strip) in self.fillers:
            index += 1
        term: list[str] = []
        while index <= asked and len(term) < self.check_most:
            token = tokens[index]
            index += 1
            word = token.strip(strip)
            if word in self.check_verbs and term:
                guess = index <= asked and asked - index < self.check_guess
                if not guess or tokens[index].strip(strip) in self.check_inversions:
                    return False
                return term[0] not in self.blockers
            if word:
                term.append(word)
            core = token.rstrip(closers)
            if core.endswith(","):
                following = tuple(tokens[at].strip(strip) for at in range(index, len(tokens))[:3])
                linked = any(following[: len(link)] == link for link in self.check_links)
                return linked and term[0] not in self.blockers
            if core[-1:] in ":.!;?":
                return False
        return False

    def may_mean(self, text: str) -> bool:
        """A superset of ``bool(meaning_asks.meaning_term(text))`` (rule meaning-asks:
        ``MeaningGates.may_mean`` with what echoes strips off a word)."""
        return self.meaning.may_mean(text, self.strip)


# What echoes._STRIP takes off a word (rule echo-clarifications).
_ECHO_STRIP = frozenset(",:;.!?\"'()[]\u2018\u2019\u201c\u201d*")
# The ASCII characters str.split() splits at, and those rule report-backs strips from a word.
_ASCII_BLANKS = frozenset(" \t\n\v\f\r\x1c\x1d\x1e\x1f")
_ASCII_STRIP = ",:;.!?\"'()"


def may_open_with_report_opener(text: str, openers: frozenset[str]) -> bool:
    """A superset of "the first word is one of ``openers``" as rule report-backs
    reads it (case-folded, split at blanks, stripped of quotes and punctuation): the
    first run of ASCII characters between blanks, stripped of ASCII punctuation and
    lowered, is one of them, or the turn opens with or its first word holds a non-ASCII
    character (what casefold and Unicode blanks could change is not read here)."""
    start = 0
    while start < len(text) and text[start] in _ASCII_BLANKS:
        start += 1
    end = start
    while end < len(text) and text[end] not in _ASCII_BLANKS:
        if not text[end].isascii():
            return True
        end += 1
    return text[start:end].strip(_ASCII_STRIP).lower() in openers


def touches_label(char: str, joiners: frozenset[str]) -> bool:
    """Whether ``char`` beside a capital letter makes it no label standing alone ("C++",
    "#A", "AB"): an ASCII letter or digit, or one of ``joiners``."""
    return (char.isascii() and char.isalnum()) or char in joiners


def may_quote(text: str) -> bool:
    """A superset of "``dialogue.reply_terms.quoted_terms`` may find a quoted phrase" (rule
    reply-term-asks, on a question without "?"): a double quotation mark, or a single one
    that opens the text or follows white space ('what's the "...Qb6" part doing')."""
    for index, char in enumerate(text):
        if char in '"\u201c\u201d':
            return True
        if char in "'\u2018" and (index == 0 or text[index - 1].isspace()):
            return True
    return False
