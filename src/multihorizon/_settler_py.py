"""Reference of ``Session.classify``'s common path in one call (issue 14): the turn scanned
(``_intent_py.TurnScannerBase``), §5.2 decided, and ``IntentSettlerBase.settles`` on top: when
no Python rule can change the answer the intent code alone comes back. The C++ twin is
``cpp/include/multihorizon/settle.hpp`` with ``cpp/bindings/register_settle.cpp``; what the
settle reads of a rule's text tests is data (``_settle_py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Protocol

from ._intent_py import (
    ALL_CODES,
    CUE_QUESTION,
    INTENT_CLARIFY,
    INTENT_DRILL_DOWN,
    INTENT_EXPLORE,
    PENDING_QUESTION,
    PENDING_REFERENCES,
    TurnScannerBase,
)
from ._settle_py import (
    AddingGates,
    DetectionGates,
    EchoGates,
    TermGates,
    may_open_with_report_opener,
)
from ._settle_py import may_quote as _may_quote
from ._settle_py import touches_label as _touches
from ._validate import as_int, as_real

__all__ = ["IntentSettlerBase", "SettleCall", "contains_owner", "opens_with_adder"]

Hit = tuple[int, int, int, int]

# The possessives rule own-antecedents reads (``dialogue.own_antecedents.OWNERS``).
_OWNERS = ("my", "our")


def _ascii_alnum(char: str) -> bool:
    return char.isascii() and char.isalnum()


def _category_mask(value: Any, name: str) -> int:
    mask = as_int(value, name)
    if not 0 <= mask < 1 << 63:
        raise ValueError(f"{name}: expected a category bit mask in [0, 2**63)")
    return mask


def opens_with_adder(
    text: str, hits: Sequence[Hit], category: int, chars: int, leads: frozenset[str]
) -> bool:
    """Whether a hit of ``category`` (ADDER_OPENER) starts at most ``chars`` into ``text``
    with only words of ``leads`` before it: a superset of ``adder_questions.split_added``'s
    opening (any character but an ASCII letter separates words; a non-ASCII one before the
    hit lets it count). The C++ twin is ``opens_with_adder`` in ``settle.hpp``."""
    for kind, _, start, _ in hits:
        if kind != category or start > chars:
            continue
        prefix = text[:start]
        if not prefix.isascii():
            return True
        words = "".join(char.lower() if char.isalpha() else " " for char in prefix).split()
        if all(word in leads for word in words):
            return True
    return False


def contains_owner(text: str) -> bool:
    """Whether "my" or "our" stands in ``text`` as a word, case-insensitively, with no ASCII
    letter or digit either side: a superset of ``own_antecedents.OWNERS`` among the turn's
    plain words (``settle.hpp``'s ``contains_owner``; only ASCII letters fold into these)."""
    lowered = "".join(char if char.isascii() else "\x00" for char in text).lower()
    for word in _OWNERS:
        at = lowered.find(word)
        while at >= 0:
            end = at + len(word)
            if (at == 0 or not _ascii_alnum(text[at - 1])) and (
                end == len(text) or not _ascii_alnum(text[end])
            ):
                return True
            at = lowered.find(word, at + 1)
    return False


class SettleCall(Protocol):
    """``IntentSettler.settle``'s signature (the arguments from ``questions_final`` on may be
    left out)."""

    def __call__(
        self,
        text: str,
        embedding: Any,
        recent: Any,
        first_turn: bool,
        tool_outputs: bool,
        final: bool,
        questions_final: bool = ...,
        statement_codes: int = ...,
        reports_read: bool = ...,
        detected_none: bool = ...,
        replied: bool = ...,
        /,
    ) -> int | tuple[int, int, list[Hit], int, int, float]: ...


# ``IntentSettlerBase.settle_text``'s signature (its ``settle_text_direct``).
SettleTextCall = Callable[..., int | tuple[int, int, list[Hit], int, int, float] | None]


class IntentSettlerBase:
    """``Session.classify``'s common path in one call (issue 14): ``TurnScanner.classify``
    over the session's rules, with the turn hashed here when no embedding is given, and
    ``settles`` on top: when no rule of the caller (``dialogue.intent.IntentClassifier``)
    can change the answer, ``settle`` returns the intent code alone.

    Every test ``settles`` makes of the text is a superset of the caller's rule it stands
    for, so a turn it cannot rule out goes on (``settle`` returns ``classify``'s tuple) and
    the caller decides exactly: a settled code is always the caller's answer.

    Parameters
    ----------
    scanner : TurnScanner
        The lexicon's compiled scanner (this backend's).
    rules, explore_below, dim
        As for ``TurnScanner.classify``.
    skip_function_words : bool
        How a turn is hashed when no embedding is given (``hash_embed``'s switch).
    masks : 5 ints
        Category bit masks: the categories only the caller's slow path reads, those from
        which detection can read a tool reference, TOOL_OUTCOME (0 with rule
        tool-reference-match off), ACK_OPENER (0 with rule acknowledged-statements off) and
        CONTINUE (0 with rule also-questions off).
    clarify : int
        The CLARIFY category.
    again_phrases : iterable of int
        The phrase indexes of the CLARIFY phrases whose last word ends with "again" (rule
        resume-announcements reads such a hit).
    switches : 9 bools
        Rules tool-reference-match, ordinal-forms, resume-announcements, side-questions on;
        whether the caller reads every turn's references (a lexicon without gate words);
        rules term-questions, report-backs, echo-clarifications and reply-term-asks on.
    lengths : 7 ints
        The longest acknowledged statement, side question, standalone pick, detail (0: off);
        the shortest DRILL_DOWN question rules new-ground-questions and own-antecedents (one
        with "my" or "our": ``contains_owner``) read (0: off); the longest statement with a
        report opener (rules report-backs and outcome-reports).
    capitals, joiners : str
        The capital letters that may stand alone as a label, and what may not touch one.
    needles : iterable of str
        Substrings without which no other ungated ordinal form can be in a turn ("#", " one").
    report_openers : iterable of str
        The lower-case ASCII first words with which a statement may report back (rule
        report-backs).
    max_chars : int
        The longest text ``settle_text`` takes (``inputs.MAX_TURN_CHARS``; 0: none).
    detection, adding, terms, echoes : tuple or None
        What reference detection and rules also-questions, term-questions and
        echo-clarifications read (``_settle_py``: ``DetectionGates.of``, ...); None: any such
        turn goes on (for echoes: any short turn ending "?" or a bare "how").
    confirms : tuple or None
        What rule confirm-checks reads first (``settle_data.confirm_gates``): the
        CONFIRM_MARK category, the longest turn it reads and the closers it strips after the
        "?"; a CONFIRM_MARK hit in another turn is no slow-path marker. None: any such hit
        goes on.
    adders : tuple or None
        What rule adder-questions reads first (``settle_data.adder_gates``): the
        ADDER_OPENER category, how far into the turn a hit of it may start for a question to
        go on ("One more thing, my car ... . Any tips?") and the words that may stand before
        it (``opens_with_adder``); another hit settles as before. None: the rule is off.
    reply_kinds : int
        The categories of the slow path's mask whose every rule reads the reply just before
        the turn (``settle_data.REPLY_KINDS``): no slow path when the turn comes after no
        reply (``settle``'s ``replied``).
    """

    hash_embed: ClassVar[Any]  # (text, dim, *, skip_function_words) -> float32 (dim,)

    def __init__(
        self,
        scanner: TurnScannerBase,
        *,
        rules: int,
        explore_below: float,
        dim: int,
        skip_function_words: bool,
        masks: Sequence[int],
        clarify: int,
        again_phrases: Iterable[int],
        switches: Sequence[bool],
        lengths: Sequence[int],
        capitals: str,
        joiners: str,
        needles: Iterable[str],
        report_openers: Iterable[str] = (),
        max_chars: int = 0,
        detection: Sequence[Any] | None = None,
        adding: Sequence[Any] | None = None,
        terms: Sequence[Any] | None = None,
        echoes: Sequence[Any] | None = None,
        confirms: Sequence[Any] | None = None,
        adders: Sequence[Any] | None = None,
        reply_kinds: int = 0,
    ) -> None:
        self._scanner = scanner
        self._rules = as_int(rules, "rules")
        self._explore_below = as_real(explore_below, "explore_below")
        self._dim = as_int(dim, "dim")
        if not 1 <= self._dim <= 1 << 24:
            raise ValueError(f"dim: must be in [1, 2**24], got {self._dim}")
        self._skip = bool(skip_function_words)
        if len(masks) != 5:
            raise ValueError("masks: expected 5 category bit masks")
        self._slow_path, self._tool_kinds, self._outcomes, self._acknowledged, self._adding = (
            as_int(mask, "masks") for mask in masks
        )
        self._reply_kinds = _category_mask(reply_kinds, "reply_kinds")
        self._clarify = as_int(clarify, "clarify")
        self._again = frozenset(as_int(index, "again_phrases") for index in again_phrases)
        if len(switches) != 9:
            raise ValueError("switches: expected 9 booleans")
        flags = tuple(bool(switch) for switch in switches)
        self._tool_match, self._ordinal_forms, self._repeats = flags[:3]
        self._side_questions, self._always_pending, self._terms, self._reports = flags[3:7]
        self._echoes, self._reply_terms = flags[7:]
        if len(lengths) != 7:
            raise ValueError("lengths: expected 7 character counts")
        sizes = [as_int(size, "lengths") for size in lengths]
        self._acknowledged_chars, self._side_question_chars = sizes[:2]
        self._standalone_chars, self._detail_chars, self._new_ground_chars = sizes[2:5]
        self._own_chars, self._report_chars = sizes[5:]
        self._capitals = frozenset(capitals)
        self._joiners = frozenset(joiners)
        self._needles = tuple(needles)
        self._report_openers = frozenset(report_openers)
        self._max_chars = as_int(max_chars, "max_chars")
        self._detection = None if detection is None else DetectionGates.of(detection)
        self._adding_gates = None if adding is None else AddingGates.of(adding)
        self._term_gates = None if terms is None else TermGates.of(terms)
        self._echo_gates = None if echoes is None else EchoGates.of(echoes)
        self._confirm, self._confirm_chars, self._confirm_closers = -1, 0, ""
        if confirms is not None:
            if len(confirms) != 3:
                raise ValueError("confirms: expected (category, chars, closers)")
            self._confirm = as_int(confirms[0], "confirms")
            if not 0 <= self._confirm <= 63:
                raise ValueError("confirms: category out of range")
            self._confirm_chars = as_int(confirms[1], "confirms")
            if self._confirm_chars < 0:
                raise ValueError("confirms: expected a non-negative length")
            self._confirm_closers = str(confirms[2])
        self._adder, self._adder_chars, self._adder_leads = -1, 0, frozenset[str]()
        if adders is not None:
            if len(adders) != 3:
                raise ValueError("adders: expected (category, chars, leads)")
            self._adder = as_int(adders[0], "adders")
            if not 0 <= self._adder <= 63:
                raise ValueError("adders: category out of range")
            self._adder_chars = as_int(adders[1], "adders")
            if self._adder_chars < 0:
                raise ValueError("adders: expected a non-negative length")
            self._adder_leads = frozenset(str(word) for word in adders[2])

    def settle(
        self,
        text: str,
        embedding: Any,
        recent: Any,
        first_turn: bool,
        tool_outputs: bool,
        final: bool,
        questions_final: bool = True,
        statement_codes: int = ALL_CODES,
        reports_read: bool = False,
        detected_none: bool = False,
        replied: bool = True,
    ) -> int | tuple[int, int, list[Hit], int, int, float]:
        """The intent code when nothing else can change it, else ``TurnScanner.classify``'s
        ``(intent, pending, hits, kinds, cues, similarity)``. ``first_turn``: the session's
        first turn; ``tool_outputs``: whether its scratch buffer holds an entry; ``final``:
        whether the caller may take a settled answer at all (False: always the tuple);
        ``questions_final``: whether it may for a question too. A question it would settle
        but for that comes back as the tuple with ``PENDING_QUESTION`` set beside the
        scan's own bits (``Session.classify``: a question may ask for an older tool output's
        detail; the question cue is the scan's, so the caller need not read the text
        again). ``statement_codes``: the intent codes (bit ``1 << code``) a settled statement's
        code may come back as; a statement settled with another comes back as the tuple (rule
        reply-answers: after a reply that asked the user something, a statement the scan calls
        EXPLORE or DRILL_DOWN may answer it; the rule never changes the other codes).
        ``reports_read``: the caller reads the report rules itself (``Session.user``'s intent
        stage asks ``reply_rules.reports_on_the_reply`` once the code is final), so no short
        statement is handed on for them (``settles``). ``detected_none``: the caller's
        reference detection found no mention in the turn (``settles``). ``replied``: the
        turn comes right after an assistant's reply in an assistant chat of two
        (``DialogueContext.after_a_reply``; ``settles``)."""
        codes = as_int(statement_codes, "statement_codes")
        if embedding is None:
            embedding = type(self).hash_embed(text, self._dim, skip_function_words=self._skip)
        found = self._scanner.classify(
            text,
            embedding,
            recent,
            rules=self._rules,
            first_turn=first_turn,
            explore_below=self._explore_below,
            dim=self._dim,
        )
        code, pending, hits, kinds, cues, similarity = found
        if final and self.settles(
            text, hits, kinds, cues, code, pending, first_turn, tool_outputs,
            bool(reports_read), bool(detected_none), bool(replied),
        ):  # fmt: skip
            if not cues & CUE_QUESTION:
                return code if codes >> code & 1 else found
            if questions_final:
                return code
            return code, pending | PENDING_QUESTION, hits, kinds, cues, similarity
        return found

    def settle_text(
        self,
        text: Any,
        embedding: Any,
        recent: Any,
        first_turn: bool,
        tool_outputs: bool,
        final: bool,
        questions_final: bool = True,
        statement_codes: int = ALL_CODES,
        reports_read: bool = False,
        detected_none: bool = False,
        replied: bool = True,
    ) -> int | tuple[int, int, list[Hit], int, int, float] | None:
        """``settle`` of a caller's text as it came (``Session.classify``'s lock-free path),
        or None when the text is not one ``inputs.check_text`` provably returns as it is (a
        str of ASCII, at most ``max_chars`` long, not blank: ASCII is valid and NFC). None
        asks the caller to check the text (which raises for bad text) and take the whole
        way."""
        if not (isinstance(text, str) and text.isascii()):
            return None
        if not 0 < len(text) <= self._max_chars or text.isspace():
            return None
        return self.settle(
            text, embedding, recent, first_turn, tool_outputs, final, questions_final,
            statement_codes, reports_read, detected_none, replied,
        )  # fmt: skip

    @property
    def settle_text_direct(self) -> SettleTextCall:
        """``settle_text`` as the classifier calls it on the hot path: the native settler hands
        out a builtin that skips pybind11's dispatcher (positional arguments only; a call it
        does not take itself goes through ``settle_text``); here it is that method."""
        return self.settle_text

    def settles(
        self,
        text: str,
        hits: Sequence[Hit],
        kinds: int,
        cues: int,
        code: int,
        pending: int,
        first_turn: bool,
        tool_outputs: bool,
        reports_read: bool = False,
        detected_none: bool = False,
        replied: bool = True,
    ) -> bool:
        """Whether ``code`` is what ``IntentClassifier.classify`` and ``Session.classify``
        answer without the references stage (each test below is one of theirs, or a superset
        of it where it reads the text); the last three as ``settle`` reads them. When the
        turn comes after no reply (``replied`` False), no rule that reads the reply just
        before the turn can change the answer (each checks that: ``reply_rules``,
        ``plain_terms``, ``term_forms``, ...), so the gates that stand only for such rules
        send nothing on: the report rules', term-questions', echo-clarifications',
        reply-term-asks' (with term-checks' and meaning-asks'), and the slow-path categories
        of ``reply_kinds``."""
        if self._always_pending or pending & ~PENDING_REFERENCES:
            return False
        if self._repeats and any(
            kind == self._clarify and phrase in self._again for kind, phrase, _, _ in hits
        ):
            return False  # a return or a repeat request: the caller decides
        if pending:
            if self.slow_kinds(text, kinds) & ~(0 if replied else self._reply_kinds):
                return False
            # Only a tool reference can change a DRILL_DOWN or CLARIFY; any other answer
            # stands when detection finds no mention (IntentClassifier.finish).
            settled = code in (INTENT_DRILL_DOWN, INTENT_CLARIFY) and (
                (self._tool_match and not tool_outputs) or not kinds & self._tool_kinds
            )
            if not (settled or detected_none) and self._may_detect(text, hits, kinds):
                return False
        outcomes = self._outcomes if tool_outputs else 0
        question = bool(cues & CUE_QUESTION)
        if kinds & outcomes and question:
            return False
        if kinds & self._acknowledged and not question and len(text) <= self._acknowledged_chars:
            return False
        if question and (self.may_add(hits, kinds) or self.may_add_subject(text, hits, kinds)):
            return False  # "Also, <question>", "One more thing, <a situation>. <question>"
        if replied and not (reports_read or first_turn or question) and self.may_report(text, code):
            return False  # a short statement that may report back (rule report-backs)
        if (
            self._terms
            and replied
            and not first_turn
            and question
            and len(text) <= self._side_question_chars
            and "what" in text.lower()  # every term opener starts with "what"
            and (self._term_gates is None or self._term_gates.may_ask(text))
        ):
            return False  # "What's a Soundex search?" (rule term-questions)
        asks = code == INTENT_DRILL_DOWN and question and not first_turn
        if asks and self._may_explore(text, hits, kinds):
            return False  # rules new-ground-questions and own-antecedents
        if (
            not first_turn
            and len(text) <= self._side_question_chars
            and (
                (self._side_questions and code == INTENT_EXPLORE and question)
                # "Fret buzz?", "sweat? they sweat how" (rules echo-clarifications, reply-term-asks)
                or (self._echoes and replied and self.may_echo(text))
                or (self._reply_terms and replied and self.may_ask_reply_term(text, question))
            )
        ):
            return False
        if self._reply_terms and replied and not first_turn and self.may_check(text):
            return False  # "Red wrigglers, are those the same as ...?" (rule term-checks)
        if self._reply_terms and replied and not first_turn and self.may_mean(text):
            return False  # "porosity, what is it exactly" (rule meaning-asks)
        return not (self._ordinal_forms and self.may_pick_without_gates(text))

    def may_add(self, hits: Sequence[Hit], kinds: int) -> bool:
        """Whether rule also-questions may read the turn: a CONTINUE hit that may be an adding
        opener ("Also, <question>"; ``AddingGates.may_add``)."""
        if not kinds & self._adding:
            return False
        return self._adding_gates is None or self._adding_gates.may_add(hits, self._adding)

    def may_add_subject(self, text: str, hits: Sequence[Hit], kinds: int) -> bool:
        """Whether rule adder-questions may read the turn: an ADDER_OPENER hit opens it
        (``opens_with_adder``; never when the rule is off)."""
        if self._adder < 0 or not kinds >> self._adder & 1:
            return False
        return opens_with_adder(text, hits, self._adder, self._adder_chars, self._adder_leads)

    def _may_detect(self, text: str, hits: Sequence[Hit], kinds: int) -> bool:
        """Whether reference detection may find a mention (no detection data: it may)."""
        gates = self._detection
        return gates is None or gates.may_detect(text, hits, kinds, self._ordinal_forms)

    def may_report(self, text: str, code: int) -> bool:
        """Whether a statement (not the first turn) the scan calls ``code`` may report back on
        the reply (rules report-backs, thread-details: any first word up to the details'
        length, a report opener up to the reports')."""
        return (
            self._reports
            and code == INTENT_EXPLORE
            and len(text) <= max(self._detail_chars, self._report_chars)
            and (
                len(text) <= self._detail_chars
                or may_open_with_report_opener(text, self._report_openers)
            )
        )

    def slow_kinds(self, text: str, kinds: int) -> int:
        """The slow-path categories of ``kinds`` that send a pending turn on: CONFIRM_MARK
        only when rule confirm-checks may read the turn (``may_confirm``)."""
        slow = kinds & self._slow_path
        if self._confirm >= 0 and slow >> self._confirm & 1 and not self.may_confirm(text):
            slow &= ~(1 << self._confirm)  # no check for rule confirm-checks to read
        return slow

    def may_confirm(self, text: str) -> bool:
        """``confirm_checks.confirm_check``'s first test, exact: at most the confirms' length,
        its last character "?" once trailing blanks, then closers, are stripped."""
        if len(text) > self._confirm_chars:
            return False
        return text.rstrip().rstrip(self._confirm_closers).endswith("?")

    def _may_explore(self, text: str, hits: Sequence[Hit], kinds: int) -> bool:
        """Whether a DRILL_DOWN question (not the first turn) may be EXPLORE: long and not
        opening by acknowledging the reply (rule new-ground-questions), or with "my" or
        "our" before its first pointer (rule own-antecedents: "My brother ... his party, how
        long?"; the scanner's points-back categories)."""
        if 0 < self._new_ground_chars <= len(text) and not kinds & self._acknowledged:
            return True
        if not 0 < self._own_chars <= len(text):
            return False
        pointers = self._scanner.points_back
        starts = [start for kind, _, start, _ in hits if 0 <= kind < 64 and pointers >> kind & 1]
        return bool(starts) and contains_owner(text[: min(starts)])

    def may_hold_forms(self, text: str, gate_starts: Sequence[int]) -> bool:
        """Whether ``ordinal_mentions.ordinal_form_mentions(text, hits, ...)`` may append a
        mention, given the starts of its gate hits (GATE_NUMBER, GATE_ONE, ORDINAL): a
        superset, so ``Session.user``'s references stage skips it when False (issue 14).
        Every form starts where ``_may_open`` holds (``DetectionGates.may_open``: exact on
        ASCII, True at any other character): at a gate hit, "#" before a digit, a digit
        before ")", the word after " one"'s blank or a capital of ``capitals`` (neither its
        neighbours nor the "the" before " one" read); in a turn of at most
        ``standalone_chars``, at a token ``_opens`` reads (``short_may_open``) or a capital.
        True without the detection data."""
        starts = [as_int(start, "gate_starts") for start in gate_starts]
        if any(start < 0 for start in starts):
            raise ValueError("gate_starts: expected non-negative ints")
        gates = self._detection
        if gates is None:
            return True
        for capital in sorted(self._capitals):
            at = text.find(capital) if "A" <= capital <= "Z" else -1
            while at >= 0:
                if gates.may_open(text, at):
                    return True
                at = text.find(capital, at + 1)
        if len(text) <= self._standalone_chars:
            return gates.short_may_open(text)
        if any(start < len(text) and gates.may_open(text, start) for start in starts):
            return True
        for needle, shift in (("#", 0), (")", -1), (" one", 1)):
            at = text.find(needle)
            while at >= 0:
                # "#2", "4)": an ASCII digit beside the mark; " one": the word after the blank.
                beside = at + 1 if shift == 0 else at - 1
                digit = shift == 1 or (0 <= beside < len(text) and "0" <= text[beside] <= "9")
                if digit and gates.may_open(text, at + shift):
                    return True
                at = text.find(needle, at + 1)
        return False

    def may_echo(self, text: str) -> bool:
        """A superset of ``bool(echoes.echoed_term(text, wide))`` (``EchoGates.may_echo``);
        without its data, any turn ending "?" or a bare "how"."""
        if self._echo_gates is not None:
            return self._echo_gates.may_echo(text)
        return text.rstrip().endswith("?") or TermGates.bare_how(text)

    def may_ask_reply_term(self, text: str, question: bool) -> bool:
        """A superset of rule reply-term-asks' two shapes (``reply_terms.opening_echo`` or
        ``quoted_terms``): ``EchoGates.may_open_echo``, or a quotation mark that may open a
        quote (``may_quote``) in a question or a turn with a "?"; without the echo data, any
        turn with a "?"."""
        if self._echo_gates is None:
            return "?" in text or (question and _may_quote(text))
        quoted = (question or "?" in text) and _may_quote(text)
        return quoted or self._echo_gates.may_open_echo(text)

    def may_check(self, text: str) -> bool:
        """A superset of rule term-checks' shape (``term_checks.term_check``), on turns up to
        its own length (longer than a side question): ``EchoGates.may_check``; without the
        echo data (no caller of this library's) the side-question gate above only."""
        return self._echo_gates is not None and self._echo_gates.may_check(text)

    def may_mean(self, text: str) -> bool:
        """A superset of rule meaning-asks' shape (``meaning_asks.meaning_term``):
        ``EchoGates.may_mean``; without the echo data, as ``may_check``, none."""
        return self._echo_gates is not None and self._echo_gates.may_mean(text)

    def may_pick_without_gates(self, text: str) -> bool:
        """A superset of ``ordinal_mentions.forms_without_gates(text) or
        may_pick_by_label(text)``: a short turn, a needle, or a capital letter that no ASCII
        letter, digit or joiner touches (for "A", one whose next non-blank character of the
        next two is no ASCII letter)."""
        if len(text) <= self._standalone_chars and (
            self._detection is None or self._detection.short_may_open(text)
        ):
            return True  # a short turn may be only a pick ("2 please")
        if any(needle in text for needle in self._needles):
            return True
        for position, char in enumerate(text):
            if char not in self._capitals or not "A" <= char <= "Z":
                continue
            before = text[position - 1] if position else " "
            after = text[position + 1] if position + 1 < len(text) else " "
            if _touches(before, self._joiners) or _touches(after, self._joiners):
                continue
            following = text[position + 1 : position + 3].lstrip(" ")[:1]
            if char != "A" or not (following.isascii() and following.isalpha()):
                return True
        return False
