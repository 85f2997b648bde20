"""Lists a reply writes one sentence or clause per item, neither numbered nor announced by a
count (SPEC-028 §4.1 "the second option" -> which enumeration?, rule sentence-lists):

- alternatives: "You could use grid. Or, for a masonry look, use columns. Another option is
  a library." (an offer, then sentences that open with "Or", "Alternatively", "Another
  option is", "You could also", ...);
- a run of instructions: "Keep it short. Open with how you know them. Tell one story. End
  with a toast." (three to eight sentences of one paragraph, each opening with a verb of
  ``INSTRUCTION_VERBS``), read only in a reply with no other list;
- instructions in one sentence: "Hone it weekly, sharpen it monthly, and store it on a
  strip." (three or more clauses, each opening with such a verb, after at most a short
  lead such as "For bedtime,"), read where ``text.enumerations`` reads comma lists.

- bold lead-ins: "**Herbicide:** sprayed over three seasons. **Excavation:** dug out and
  taken away." or one such line or paragraph per item (a bold run of at most 60
  characters opening a line or a sentence, text after it on its line); lines or paragraphs
  that open with a short label and a colon ("Before the flight: move your bedtime ...",
  "On the plane: ...") likewise.

``text.enumerations`` reads them with a reply's other lists. Each reads the reply's sentence
spans once (``scan.sentence_spans``: linear in the reply, ``tests/test_linear_time.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .scan import sentence_spans
from .sentences import word_set

__all__ = [
    "INSTRUCTION_VERBS",
    "LIST_LEAD_NOUNS",
    "alternative_lists",
    "bold_lead_lists",
    "has_alternatives",
    "instruction_clauses",
    "instruction_lists",
    "label_lists",
]

# Verbs an instruction opens with ("Keep it short.", "Book a lesson."), base forms.
INSTRUCTION_VERBS = word_set(
    "add adjust apply ask avoid bake book boil bring brush buy call change check choose clean "
    "clear close cook count cover cut do don't drink drive drop eat end fill find finish fit "
    "fold follow get give go hang have hold hone join keep label learn leave let lift limit "
    "listen look make measure mix move never note offer open order pack paint pay pick place "
    "plan plant play pour practise practice prepare press put read rehearse relax remove "
    "repeat replace rest review rinse run sand save say see sell send set sew sharpen show "
    "sit skip sleep soak sort speak spend spray stand start stay stick stir stop store "
    "stretch swap switch take talk tell test thank tie trim try turn use visit wait walk warm "
    "wash watch water wear wipe write"
)
# Words that may come before the verb ("And drive your own car.", "Then rinse it.").
_LEADS = word_set("and then also finally next just so lastly")
# A second word that makes the first a noun ("Water is cheap.", "Sleep can help.").
_NOT_AFTER_VERB = word_set(
    "is are was were can could will would should may might must has have had does did isn't "
    "aren't matters helps"
)
# The first sentence of alternatives offers one ("You could ...", "Try ...", "One option is").
_OFFERS = (
    ("you", "could"), ("you", "can"), ("you", "might"), ("try",), ("consider",),
    ("one", "option"), ("one", "way"), ("one", "idea"),
)  # fmt: skip
_OFFER_AT = 4  # the offer is one of the sentence's first words ("At home you could try")
# What opens each further alternative ("Or nasal strips.", "Another option is a mouthguard.").
_ALTERNATIVES = (
    ("or",), ("alternatively",), ("another", "option"), ("another", "way"), ("another",
    "idea"), ("another", "choice"), ("you", "could", "also"), ("you", "can", "also"), ("a",
    "third", "option"), ("or", "else"), ("otherwise", "you"),
)  # fmt: skip
# One of these is in a reply with alternatives (a cheap test before its sentences are read).
_ALTERNATIVE_GATES = (
    ". or ", ". or,", "? or ", "! or ", "\nor ", "\nor,", "alternatively", "another option",
    "another way", "another idea", "another choice", "could also", "can also", "otherwise you",
    "third option",
)  # fmt: skip
_HEAD_CHARS = 48  # the first words of a sentence lie within this many characters
_FIRST_WORDS = {
    id(forms): frozenset(form[0] for form in forms) for forms in (_OFFERS, _ALTERNATIVES)
}
_RUN_MOST = 8  # a longer run of instructions is a passage, no list
_RUN_LEAST = 3  # two instructions in a row are prose more often than a list
_SENTENCE_WORDS = 30  # a longer sentence is no list item
_CLAUSE_LEAD_WORDS = 4  # "For bedtime, try A, offer B, and keep C": a lead of at most four


def _words(text: str, most: int) -> list[str]:
    return [w.strip(",;:()\"'*").casefold() for w in text.split(None, most)[:most]]


def _opens_with(words: Sequence[str], forms: Sequence[tuple[str, ...]], within: int) -> bool:
    firsts = _FIRST_WORDS[id(forms)]
    return any(
        tuple(words[at : at + len(form)]) == form
        for at in range(min(within, len(words)))
        if words[at] in firsts  # most sentences: no form's first word
        for form in forms
    )


def _item(text: str, start: int, end: int) -> str:
    return text[start:end].strip().rstrip(".!").strip()


def _paragraphs(text: str, spans: Sequence[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The reply's sentence spans grouped by paragraph (a line break between two sentences
    ends one)."""
    groups: list[list[tuple[int, int]]] = []
    previous = -1
    for start, end in spans:
        if previous < 0 or "\n" in text[previous:start]:
            groups.append([])
        groups[-1].append((start, end))
        previous = end
    return groups


def has_alternatives(text: str) -> bool:
    """Whether ``text`` may hold alternatives (a cheap test before its sentences are split)."""
    folded = text.casefold()
    return any(map(folded.__contains__, _ALTERNATIVE_GATES))


def alternative_lists(
    text: str, out: list[tuple[int, int, list[str]]], spans: Sequence[tuple[int, int]] | None = None
) -> None:
    """Append each run of alternatives: an offering sentence and the sentences after it
    that open with an alternative's words (a line break between them allowed); ``spans``:
    the text's sentences, when they were split already."""
    if spans is None:
        if not has_alternatives(text):
            return  # most replies
        spans = sentence_spans(text)
    run: list[tuple[int, int]] = []
    for start, end in [*spans, (len(text), len(text))]:
        words = _words(text[start : min(end, start + _HEAD_CHARS)], 6)
        if run and words and _opens_with(words, _ALTERNATIVES, 1):
            run.append((start, end))
            continue
        if len(run) >= 2:
            out.append((run[0][0], run[-1][1], [_item(text, a, b) for a, b in run]))
        offers = bool(words) and text.count(" ", start, end) < _SENTENCE_WORDS
        run = [(start, end)] if offers and _opens_with(words, _OFFERS, _OFFER_AT) else []


def _instruction(words: Sequence[str]) -> bool:
    at = 1 if words and words[0] in _LEADS else 0
    if at >= len(words) or words[at] not in INSTRUCTION_VERBS:
        return False
    return at + 1 >= len(words) or words[at + 1] not in _NOT_AFTER_VERB


def instruction_lists(
    text: str, out: list[tuple[int, int, list[str]]], spans: Sequence[tuple[int, int]] | None = None
) -> None:
    """Append each run of three to eight instructions, one sentence each, in one paragraph
    (``spans``: the text's sentences, when they were split already)."""
    for paragraph in _paragraphs(text, sentence_spans(text) if spans is None else spans):
        run: list[tuple[int, int]] = []
        for start, end in [*paragraph, (-1, -1)]:
            head = _words(text[start : min(end, start + _HEAD_CHARS)], 3) if start >= 0 else []
            if (
                _instruction(head)
                and text.count(" ", start, end) < _SENTENCE_WORDS
                and text[end - 1 : end] != "?"
            ):
                run.append((start, end))
                continue
            if _RUN_LEAST <= len(run) <= _RUN_MOST:
                out.append((run[0][0], run[-1][1], [_item(text, a, b) for a, b in run]))
            run = []


def instruction_clauses(parts: Sequence[str]) -> list[str] | None:
    """The items of a sentence split at its commas ("Hone it weekly", "sharpen it monthly",
    "and store it on a strip") when three or more clauses open with an instruction verb
    after at most a short lead ("For bedtime,"); else None."""
    clauses = list(parts)
    if clauses and not _instruction(_words(clauses[0], 3)):
        if len(clauses[0].split()) > _CLAUSE_LEAD_WORDS:
            return None
        clauses = clauses[1:]
    if len(clauses) < _RUN_LEAST or not all(_instruction(_words(c, 3)) for c in clauses):
        return None
    return clauses


# One-word colon leads that announce a list ("Options: A, which ...; B; or C").
LIST_LEAD_NOUNS = word_set(
    "options choices ideas tools alternatives suggestions approaches ways routes picks "
    "candidates steps tips"
)
_BOLD_CHARS = 60  # a longer bold run is an emphasised sentence, no lead-in
_LEAD_MARKS = " \t:.-\u2013\u2014"  # what may follow a lead-in's closing "**"


def _lead_in(text: str, at: int) -> int:
    """Where the bold run opening at ``at`` closes (after its "**"), if it is a lead-in:
    it opens a line or a sentence, closes within ``_BOLD_CHARS`` on its line, and text
    follows it on that line; else -1."""
    before = text[max(0, at - 2) : at]
    if at > 0 and text[at - 1] != "\n" and before not in (". ", "! ", "? "):
        return -1
    close = text.find("**", at + 2, at + 2 + _BOLD_CHARS)
    if close < 0 or close == at + 2 or "\n" in text[at:close]:
        return -1
    line_end = text.find("\n", close)
    rest = text[close + 2 : line_end if line_end >= 0 else len(text)]
    return close + 2 if rest.strip(_LEAD_MARKS) else -1


def bold_lead_lists(text: str, out: list[tuple[int, int, list[str]]]) -> None:
    """Append each run of two or more bold lead-ins, each item running to the next lead-in
    or to the end of its line."""
    starts: list[int] = []
    at = text.find("**")
    while at >= 0:
        close = _lead_in(text, at)
        if close >= 0:
            starts.append(at)
            at = text.find("**", close)
        else:
            at = text.find("**", at + 2)
    run: list[tuple[int, int]] = []
    for start in [*starts, -1]:
        if run and start >= 0 and not text[run[-1][1] : start].strip():
            run.append((start, _item_end(text, start, -1)))
            continue
        if len(run) >= 2:
            out.append((run[0][0], run[-1][1], [text[a:b].strip() for a, b in run]))
        run = [(start, _item_end(text, start, -1))] if start >= 0 else []
    return


def _item_end(text: str, start: int, _: int) -> int:
    """Where a lead-in's item ends: the next lead-in on its line, else the line's end."""
    line_end = text.find("\n", start)
    line_end = line_end if line_end >= 0 else len(text)
    at = text.find("**", text.find("**", start + 2) + 2, line_end)
    while at >= 0:
        if _lead_in(text, at) >= 0:
            return at
        at = text.find("**", at + 2, line_end)
    return line_end


_LABEL_CHARS = 40  # a label ends with its colon within this many characters of its line
_LABEL_WORDS = 5


def _labelled_line(line: str) -> bool:
    """Whether a line opens with a short capitalised label and a colon, text after it."""
    colon = line.find(":", 0, _LABEL_CHARS)
    label = line[:colon].strip()
    if colon <= 0 or not label[:1].isupper() or len(label.split()) > _LABEL_WORDS:
        return False
    if len(label) <= 2 or any(c.isdigit() for c in label):
        return False  # "A: yes", "Option 1: Redis": a labelled list's own labels
    rest = line[colon + 1 :]
    return bool(rest.strip()) and rest[:1] in " \t" and not any(c in label for c in ".!?*/")


def label_lists(text: str, out: list[tuple[int, int, list[str]]]) -> None:
    """Append each run of two or more lines (blank lines between allowed) that open with a
    short label and a colon: "Before the flight: ...\n\nOn the plane: ..."."""
    if ":" not in text:
        return  # most replies
    run: list[tuple[int, int]] = []
    at = 0
    for line in [*text.split("\n"), ""]:
        start, at = at, at + len(line) + 1
        if not line.strip() and at <= len(text):
            continue  # a blank line keeps a run going
        if line.strip() and _labelled_line(line.strip()):
            run.append((start + len(line) - len(line.lstrip()), start + len(line.rstrip())))
            continue
        if len(run) >= 2:
            out.append((run[0][0], run[-1][1], [text[a:b] for a, b in run]))
        run = []
