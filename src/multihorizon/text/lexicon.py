"""Marker phrases by category (SPEC-028 §4.1, §5.2) and the turn cues, as data, compiled once.

One ``TurnScanner`` pass over a turn (``kernels.TurnScanner``) gives every hit of every
category and the question and acknowledgement cues; intent classification and reference
detection read them. The cue words (``QUESTION_OPENERS``, the function words of
``tokens.STOPWORDS``) are defined here once and handed to every backend's scanner. Matching
is whole-word and case-insensitive: "more" never fires inside "moreover", "it" inside "edit".
Phrases whose span is covered by a ``BLOCK`` hit are discarded: "more than", "so that" and
"that is" are ordinary English, not markers.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .. import kernels
from .._intent_py import CUE_ACKNOWLEDGEMENT
from . import question_forms as forms
from .action_words import ACTION_MARKED
from .adder_words import ADDER_MARKED
from .check_words import CHECK_OPENER_PHRASES, CONFIRM_PHRASES
from .choice_words import CHOICE_PHRASES
from .follow_up_words import EXPLETIVE_IT, REQUEST_MARKED
from .ordinal_forms import gate_words
from .output_nouns import TOOL_OUTPUT_NOUNS
from .plain_term_words import PLAIN_TERM_PHRASES
from .question_forms import (
    ACKED_QUESTIONS,
    ELSE_ASKS,
    QUESTION_OPENERS,
    QUESTION_STRIP,
    TERM_BREAKERS,
    TERM_ENDINGS,
    TERM_HEDGES,
    TERM_OPENERS,
)
from .recheck_words import RECHECK_PHRASES
from .reference_phrases import (
    LEADING_REPEATS,
    OPENER_REPEATS,
    PRODUCT_REPEATS,
    REPEAT_PHRASES,
    SAYING_PHRASES,
    SIMILAR_REPEATS,
    VARIATION_REPEATS,
)
from .said_words import IT_SAID_PHRASES
from .surprise_words import SURPRISE_PHRASES
from .term_form_words import TERM_FORM_PHRASES
from .term_origin_words import RECALL_PHRASES
from .tokens import STOPWORDS
from .topic_clause_words import (
    BARE_RETURN_MARKERS,
    CLARIFY_PHRASES,
    CLAUSE_OPENERS,
    OTHER_CLAUSE_OPENERS,
)
from .turn_words import (
    ACK_REQUEST_WORDS,
    ADDING_OPENERS,
    ALSO_ASK_TAILS,
    ALSO_CONCERN_WORDS,
    ALSO_OWN_SUBJECTS,
    ALSO_SUBJECT_OPENERS,
    CHOICE_ASKERS,
    FINDING_VERBS,
    INFLECTION_SWAPS,
    OPENING_FILLERS,
    OUTCOME_AUXILIARIES,
    OUTCOME_BASE_FORMS,
    OUTCOME_NOT_SUBJECTS,
    REPORT_OBJECTS,
    REPORT_SUBJECTS,
    REQUEST_WORDS,
    RETURN_FRONTS,
    SIDE_FRAGMENT_OPENERS,
    SIDE_OPENERS,
    SIDE_SKIPPED,
    SITUATION_OPENERS,
    SITUATION_WORDS,
    TOOL_OUTCOME_FOLLOWERS,
    TOPIC_FRONTS,
)

__all__ = [
    "ACK_REQUEST_WORDS",
    "ADDING_OPENERS",
    "ALSO_ASK_TAILS",
    "ALSO_CONCERN_WORDS",
    "ALSO_OWN_SUBJECTS",
    "ALSO_SUBJECT_OPENERS",
    "BACKCHANNEL_CHARS",
    "CHOICE_ASKERS",
    "FINDING_VERBS",
    "INFLECTION_SWAPS",
    "LEXICON",
    "OPENING_FILLERS",
    "OUTCOME_AUXILIARIES",
    "OUTCOME_BASE_FORMS",
    "OUTCOME_NOT_SUBJECTS",
    "QUESTION_OPENERS",
    "QUESTION_STRIP",
    "REPORT_OBJECTS",
    "REPORT_SUBJECTS",
    "REQUEST_WORDS",
    "RETURN_FRONTS",
    "SIDE_FRAGMENT_OPENERS",
    "SIDE_OPENERS",
    "SIDE_SKIPPED",
    "SITUATION_OPENERS",
    "SITUATION_WORDS",
    "TERM_BREAKERS",
    "TERM_ENDINGS",
    "TERM_HEDGES",
    "TERM_OPENERS",
    "TOOL_OUTCOME_FOLLOWERS",
    "TOPIC_FRONTS",
    "Hit",
    "Lexicon",
    "Marker",
    "default_lexicon",
    "said_phrase",
    "scanner_options",
]


class Marker(enum.IntEnum):
    """What a phrase signals."""

    CLARIFY = 0  # SPEC-028 §5.2 CLARIFY_MARKERS: "what do you mean", "explain", "again"
    CONTINUE = 1  # SPEC-028 §5.2 CONTINUE_MARKERS: "go on", "more", "and then"
    TURN_REF = 2  # SPEC-028 §4.1 turn reference: "what you said earlier"
    TOOL_REF = 3  # SPEC-028 §4.1 Tier E reference: "the query result", "that output"
    ACTION_REF = 4  # SPEC-028 §4.1 action reference: "do it again"
    RESUME = 5  # SPEC-028 §3.3 thread resumption: "back to etcd"
    DOCUMENT = 6  # SPEC-028 §8 a document task inside a conversation: "write me a guide"
    ORDINAL = 7  # SPEC-028 §4.1 ordinal reference: "the second option"
    DEMONSTRATIVE = 8  # "that", "this", "those": an entity reference when a noun follows
    BLOCK = 9  # ordinary phrases that contain a marker word: "more than", "so that"
    # Gates: words without which a reference pattern of ``references`` cannot match. Found in
    # the same pass, they tell detection where to try each pattern (no extra text scans).
    GATE_NUMBER = 10  # "option 7", "item #2"
    GATE_ONE = 11  # "the one about X"
    GATE_GAP = 12  # "you also mentioned"
    GATE_TOOL = 13  # "the SQL query output"
    # A backchannel or acknowledgement ("yeah", "ok thanks", "uh-huh"): a turn made only of
    # these and function words continues the active thread (ours: SPEC-028 §5.2 has no rule
    # for them, and real dialogue is full of them; swda labels backchannels CONTINUE).
    ACKNOWLEDGE = 14
    # A word that points back without naming ("its symptoms", "what about the UK", "go
    # there", "and where is it?"): with a question, a follow-up about what is already on the
    # table (ours; see intent.classify). "And where/when/how/..." joined "and what" after
    # measuring (hashing): sgd resume accuracy 0.727 -> 0.733 (MiniLM 0.834 -> 0.840), CAsT
    # 2019 intent macro-F1 0.670 -> 0.679; dialseg711 shift F1 0.632 -> 0.626.
    ANAPHOR = 15
    # "keep that", "save the result", "remember this": pin what the turn refers to (SPEC-029 §5).
    KEEP = 16
    # "by the way", "on another note": the speaker says the topic moves on (ours), so the
    # turn is no answer to the question before it (see ``Config.question_topics``).
    NEW_TOPIC = 17
    # Categories 18-39 are left for other groups; these are read only by the slow path (the
    # scanner marks a turn with one of them pending, see ``_INTENT_MASKS``).
    # Phrases that announce a new topic only when they open a turn ("Something else: ...",
    # "Another thing - ..."): mid-turn they are ordinary ("do you have something else?").
    # Every NEW_TOPIC phrase at a turn's opening announces too (rule topic-announcements).
    TOPIC_OPENER = 40
    # Verbs that ask about a tool's outcome ("why did the build fail?", "what did the API
    # return?"): with a question that names a tool output, a Tier E reference (SPEC-028 §4.1
    # tool; rule tool-reference-match).
    TOOL_OUTCOME = 41
    # "explain", "clarify", "simplify": CLARIFY when their object points back ("explain that
    # again", "can you clarify?") or names what was said; "could you explain CSS grid?" asks
    # about new ground (rule explain-new-content).
    EXPLAIN = 42
    # An acknowledgement that opens a turn ("OK, I changed it and reconnected.", "Thanks,
    # that's helpful."): a short statement after it reports back on the topic at hand
    # (rule acknowledged-statements).
    ACK_OPENER = 43
    # Words of a summary request ("recap", "sum up"): whether it recaps the whole session is
    # ``cues.recaps_session``'s to say (rule session-recaps). Not DOCUMENT phrases: a recap
    # is hybrid over the session's threads, not a document about the active one.
    RECAP = 44
    REQUEST_OPENER = 45  # "now make it funny": rule thread-requests (follow_up_words)
    CHECK_OPENER = 46  # "so X is basically Y?": rule understanding-checks (check_words)
    CONFIRM_MARK = 47  # "..., correct?", "not just X?", "only 40?": rule confirm-checks
    ALSO_OPENER = 48  # "also my son has started ...": rule also-subjects (turn_words)
    TERM_RECALL = 49  # "what was that X thing you mentioned": rule term-recalls (term_origin_words)
    PLAIN_CLARIFY = 50  # "why X and not Y?", "so if ...?": rules choice-asks ... (choice_words)
    ADDER_OPENER = 51  # "one more thing, ..." at the opening: rule adder-questions (adder_words)


# fmt: off
LEXICON: Mapping[Marker, tuple[str, ...]] = MappingProxyType(
    {
        Marker.CLARIFY: (
            "what do you mean", "what did you mean", "what does that mean", "what does it mean",
            "explain again", "say that again", "come again", "again",
            "i don't understand", "i do not understand", "i don't get it", "not sure i follow",
            "i'm confused", "i am confused", "rephrase",
            "in other words", "meaning what", "what is meant by", "pardon", "sorry what",
            "huh", "elaborate on what you mean", "be more specific", "eli5",
            # Without the canonical words (issue 15): confusion, lost, not following ...
            "confused", "confusing", "i'm lost", "i am lost", "lost me", "you lost me",
            "not following", "don't follow", "do not follow", "didn't follow", "can't follow",
            "don't understand", "do not understand", "didn't understand", "didn't get that",
            "don't get that", "not sure what you mean",
            "don't know what you mean", "not sure what you're getting at", "getting at",
            "makes no sense", "doesn't make sense", "does not make sense", "over my head",
            "what's that supposed to mean", "what is that supposed to mean", "supposed to mean",
            "what does that even mean", "wait what", "say it again", "say again",
            # ... or asks for a simpler, shorter, plainer version.
            "simpler please", "simpler terms", "simpler words", "simpler version of that",
            "more simply", "say it simpler", "say that simpler", "make it simpler",
            "dumb it down", "dumb that down", "dumb this down", "tl dr", "tldr",
            "plain english", "plain words", "plain language", "layman's terms",
            "laymans terms", "layman terms", "lay terms", "break it down", "break that down",
            "break this down", "explain like", "like i'm five", "like i am five",
            "step by step for me", "through that step by step", "simplify that",
            "simplify it", "simplify this", "too complicated", "too complex",
            # Issue 15: "dumb down the X part", "in plainer terms", "I lost the thread".
            "dumb down", "plainer terms", "plainer words", "plainer english", "in plainer",
            "the short version", "short version of", "lost the thread", "too much jargon",
            "less jargon", "without the jargon", "in normal words", "in simple words",
            "in simple terms", "still don't quite get", "don't quite get", "didn't quite get",
            "not quite following", "you've lost me", "you have lost me", "too technical",
            *CLARIFY_PHRASES,  # "Mature, as in what?", "can you unpack ..." (topic_clause_words)
        ),
        Marker.CONTINUE: (
            "go on", "and then", "more", "tell me more", "keep going", "continue", "carry on",
            "what else", "what's next", "what next", "next step", "then what", "and after that",
            "anything else", "more details", "more detail", "go ahead", "proceed", "okay and",
            "ok and", "also", "furthermore", "in addition", "additionally",
            # Asking for alternatives goes on with the same search (sgd REQUEST_ALTS).
            "other choices", "other options", "other choice", "other option", "any other",
            "something else", "anything other", "another one", "other ones", "alternatives",
        ),
        Marker.TURN_REF: (
            "you said", "you mentioned", "what you said", "you told me", "you suggested",
            "you recommended", "your answer", "your last answer", "your previous answer",
            "your suggestion", "your response", "you just said", "earlier you said",
            "as you said", "as i said", "i said", "i mentioned", "i told you", "we discussed",
            "we talked about", "we said", "mentioned earlier", "said earlier", "said before",
            "earlier", "previously", "above", "your point", "that answer", "your explanation",
            # A question about what was said (issue 15, phrasing stop): "What wattage heater
            # did you suggest?", "What length of paddle did you say?".
            "did you suggest", "did you recommend", "did you say", "did you mention",
            "did you call", "were you talking about", "you were talking about",
            *SAYING_PHRASES,  # issue 15, refs4: "the failover idea you brought up"
        ),
        Marker.TOOL_REF: (
            "the query result", "query results", "the result", "the results", "that result",
            "those results", "these results", "this result", "the output", "that output",
            "this output", "the response", "that response", "api response", "the api response",
            "the error", "that error", "the error message", "the log", "the logs",
            "the stack trace", "the traceback", "the search results", "the tool output",
            "the command output", "the file contents", "the table", "the returned",
            "it returned", "the data", "that data", "the calculation", "that calculation",
            "the computation", "those numbers", "these numbers", "the numbers",
            "those figures", "these figures", "the readout",
        ),
        Marker.ACTION_REF: (
            "do it again", "do that again", "try again", "run it again", "run that again",
            "same thing", "do the same", "the same for", "redo", "again but", "repeat that",
            "do it", "do that", "undo that", "revert that",
            # A repeat with a variation: "same again for Friday", "repeat it for staging",
            # "now the same for Python", "and again for German", "same for April".
            "same again", "same for", "same but", "same thing for", "same thing in",
            "the same in", "the same but", "same question for", "same with", "the same with",
            "repeat it", "repeat this", "repeat for", "and again for", "again with",
            "again in", "do this again", "one more time", "ditto for", "likewise for",
            "do it for", "do that for", "do the same for", "now for", "now do",
            # "Same calculation for 7 please." (issue 15, phrasing stop): the same request
            # named by what it did.
            "same calculation", "same conversion", "same check", "same search", "same query",
            "same analysis", "same breakdown", "same comparison", "same lookup",
            "same estimate", "same exercise", "same steps for", "same treatment",
            "one like that", "another like that", "again for the", "again for my",
            "once more for", "once more in", "once more with", "another one for",
            *LEADING_REPEATS,  # statements44: "and once more but formal", "another for my aunt"
            *REPEAT_PHRASES, *PRODUCT_REPEATS,  # refs4, refs7: "a version of that", "two more"
            *VARIATION_REPEATS, *OPENER_REPEATS,  # again38: "one more for spring", "now in"
            *SIMILAR_REPEATS,  # lists40: "write a similar one to the agent"
        ),
        Marker.RESUME: (
            "back to", "going back to", "go back to", "returning to", "return to",
            "coming back to", "come back to", "get back to", "getting back to", "as for",
            "regarding the", "about the earlier", "revisit", "revisiting", "picking up",
            "where were we", "back on", "resuming", *BARE_RETURN_MARKERS,
        ),
        Marker.DOCUMENT: (
            "write me a guide", "write a guide", "write me a report", "write a report",
            "write a document", "write up", "write-up", "draft a", "create a document",
            "put together a", "a full guide",
            "a tutorial", "a report on", "a document about", "an article about",
        ),
        Marker.ORDINAL: (
            "the first", "the second", "the third", "the fourth", "the fifth", "the sixth",
            "the seventh", "the eighth", "the ninth", "the tenth", "the last one",
            "the last option", "the last", "the latter", "the former", "option 1", "option 2",
            "option 3", "option 4", "option 5", "step 1", "step 2", "step 3", "step 4",
            "step 5", "number 1", "number 2", "number 3", "number 4", "number 5",
            "first one", "second one", "third one", "last one", "1st", "2nd", "3rd",
            "4th", "5th",
        ),
        Marker.DEMONSTRATIVE: ("that", "this", "those", "these", "the same"),
        Marker.NEW_TOPIC: (
            "by the way", "btw", "on another note", "on a different note", "unrelated",
            "change of subject", "changing the subject", "different question",
            "another question", "new question", "switching gears", "new topic",
            "different topic", "let's talk about", "let us talk about", "moving on",
            # Explicit announcements (issue 15): at a turn's opening they open a new thread.
            "switching topics", "switching topic", "changing topics", "change of topic",
            "new subject", "different subject", "off topic", "off-topic", "totally unrelated",
            "completely unrelated", "completely different", "totally different", "separate thing",
            "totally separate", "entirely different", "on an unrelated note", "side question",
            # Issue 15, phrasing stop: "On another subject: ...", "Changing gears, ...".
            "on another subject", "another subject", "on another topic", "changing gears",
            "shifting gears", "change gears", "on a separate note", "on a different subject",
            "on a different topic", "unrelated question", "changing subject", "changing topic",
            "change subject", "moving on to something else", "moving on to another",
            "change the subject", "change the topic", "switch topics", "switch subjects",
            # Stop 38 (subjects38): "Not related to this but ...?", "On another matter, ...".
            "not related to this", "nothing to do with this", "on another matter",
            "on a separate matter", "on a different matter", "while i have you",
            "while i've got you",
        ),
        Marker.TOPIC_OPENER: (
            "something else", "another thing", "random question", "separate question",
            "separate topic", "other topic", "another topic", "something different",
            "different thing", "quick question", "random", "separately", "quick one",
            *CLAUSE_OPENERS,  # rule announcement-clauses: "Quick detour: ..." (topic_clause_words)
            *OTHER_CLAUSE_OPENERS,  # rule other-topic-clauses: "Other question. ..."
        ),
        Marker.TOOL_OUTCOME: (
            "fail", "failed", "fails", "failing", "return", "returned", "returns", "say",
            "says", "said", "pass", "passed", "succeed", "succeeded", "report", "reported",
            "crash", "crashed", "broke", "went wrong", "go wrong", "complain", "complained",
            "error out", "errored", "finish", "finished", "tell us",
            # Issue 15, phrasing stop: "what did docker ps show?", "what was the stage doing
            # when it timed out?", "what did the count query give back?".
            "show", "shows", "showed", "timed out", "time out", "times out", "hang", "hung",
            "hangs", "give back", "gave back", "come back", "came back", "comes back",
            "print", "printed", "prints", "detect", "detected", "flag", "flagged",
            "point at", "points at", "pointing at", "complains", "gave", "took",
            *sorted(FINDING_VERBS),
            *sorted(TOOL_OUTPUT_NOUNS),  # rule tool-output-nouns: "the QC report"
            *IT_SAID_PHRASES,  # rule it-said-outputs: "whats it saying is missing"
        ),
        Marker.ACK_OPENER: (
            "ok", "okay", "okey", "thanks", "thank you", "got it", "noted", "alright",
            "all right", "perfect", "understood", "i see", "good to know", "makes sense",
        ),
        Marker.RECAP: (
            "recap", "recapitulate", "sum up", "sum it up", "sum everything up", "summarise",
            "summarize", "summary", "wrap up", "overview", "go over", "run through",
        ),
        Marker.REQUEST_OPENER: REQUEST_MARKED + ACTION_MARKED,  # rule action-requests too
        Marker.CHECK_OPENER: CHECK_OPENER_PHRASES,
        Marker.CONFIRM_MARK: CONFIRM_PHRASES,
        # Rules also-subjects, adder-questions. "one more thing", "additionally" ... are
        # ADDER_OPENER's (text.adder_words): as slow-path markers they sent every turn holding
        # one to the Python path wherever the phrase stood (marker-dense turn 1.5 -> 92 µs).
        Marker.ALSO_OPENER: tuple(sorted({" ".join(form) for form in ALSO_SUBJECT_OPENERS})),
        Marker.ADDER_OPENER: ADDER_MARKED,  # read at the turn's opening only (settle_data)
        Marker.TERM_RECALL: RECALL_PHRASES,
        # Rules of stop 40 (term_form_words): "what does X mean here", "X vs Y, ...".
        Marker.PLAIN_CLARIFY: (
            CHOICE_PHRASES + TERM_FORM_PHRASES + PLAIN_TERM_PHRASES + SURPRISE_PHRASES
            + RECHECK_PHRASES  # rule recheck-asks (stop 44)
        ),
        Marker.EXPLAIN: ("explain", "clarify", "simplify", "elaborate", "elaborate on"),
        Marker.KEEP: (
            "keep", "keep that", "keep this", "save", "save that", "save this", "remember",
            "remember that", "remember this", "hold on to", "pin", "pin that",
        ),
        Marker.ANAPHOR: (
            "it", "its", "they", "them", "their", "theirs", "he", "him", "his", "she", "her",
            "hers", "what about", "how about", "and what", "and where", "and when", "and how",
            "and who", "and which", "and why", "what of", "go there", "get there",
            "over there", "near there", "from there", "in there", "out there", "there too",
        ),
        Marker.BLOCK: (
            "more than", "more or less", "no more", "any more", "anymore", "once more",
            "more and more", "the more", "more likely", "more important", "more expensive",
            "more efficient", "so that", "such that", "now that", "given that", "that is",
            "this is", "that's", "that was", "this was", "that will", "is that", "was that",
            "than that", "like that", "like this", "after that", "before that", "that way",
            "this way", "at that", "at this", "that said", "all that", "this time",
            "that time", "these days", "this morning", "this week", "this year",
            "this weekend", "that day", "above all", "again and again", "here again",
            "also known as", "the first time", "the last time", "the last few",
            "the first few", "at first", "first of all", "the result of", "as a result",
            "the data science", "more of a", "more or", "once again", "do it yourself",
            "uh huh", "huh uh", "thanks again", "thank you again", "again for",
            # A request to show or find something is no question about a tool's outcome.
            "show me", "show us", "can you show", "to show", "thanks again for the",
            "thank you again for the", "thanks again for my",
            # "carry-on" luggage is no request to go on.
            "carry on bag", "carry on bags", "carry on luggage", "carry on limit",
            "carry on allowance", "carry on suitcase", "carry on size",
            # "One more on the thermostat: ..." returns to a topic, it asks for no more of the
            # last answer (rule resume-announcements).
            "one more on the", "one more question on", "one more question about",
            # "How much rosin should go on new hair?": "go on" with a place is no request to go on.
            "go on a", "go on the", "go on my", "go on our", "go on your", "go on new", "go on top",
            *EXPLETIVE_IT, *ACKED_QUESTIONS, *ELSE_ASKS,  # "Is it normal ..." points at nothing
        ),
        Marker.ACKNOWLEDGE: (
            "yes", "yeah", "yep", "yup", "ok", "okay", "okey", "k", "alright", "all right",
            "right", "sure", "fine", "great", "good", "cool", "nice", "perfect", "awesome",
            "thanks", "thank you", "thx", "cheers", "got it", "i see", "makes sense",
            "sounds good", "that sounds good", "sounds great", "uh huh", "huh uh", "mm hmm",
            "mhm", "hmm", "uh", "um", "oh", "ah", "wow", "true", "exactly", "indeed", "agreed",
            "no problem", "correct", "that is correct", "that's correct", "exactly right",
            "that works", "that's it", "that is all", "no", "nope", "not really", "i guess",
            "i think so", "i don't think so", "really", "oh really", "oh yeah", "well",
        ),
        # The ordinal forms' words (``ordinal_forms.gate_words``: item nouns, ordinal words,
        # small numbers) gate ``dialogue.ordinal_mentions`` as well as "option 7".
        Marker.GATE_NUMBER: tuple(dict.fromkeys((
            "option", "choice", "item", "step", "number", "approach", "solution", "alternative",
            "point", "bullet", *gate_words(),
        ))),
        Marker.GATE_ONE: (
            "the one", "the part", "the bit", "the answer", "the reply", "the message",
            "the section",
        ),
        Marker.GATE_GAP: ("also", "just", "already", "previously", "earlier", "once"),
        Marker.GATE_TOOL: (
            "result", "results", "output", "outputs", "response", "responses", "log", "logs",
            "traceback", "tracebacks", "stack trace", "stack traces", "error", "errors",
        ),
    }
)
# fmt: on
# Backchannels are short: a longer turn is never only an acknowledgement.
BACKCHANNEL_CHARS = 100


@dataclass(frozen=True, slots=True)
class Hit:
    """One marker phrase found in a turn: character offsets into the original text."""

    kind: Marker
    phrase: str
    start: int
    end: int


def said_phrase(text: str, start: int, end: int) -> str:
    """The words a hit covers (``text[start:end]``) as the lexicon writes its phrases:
    case-folded, each run of blanks one space ("Back  To" -> "back to")."""
    return " ".join(text[start:end].casefold().split())


def scanner_options(
    *, question_forms: bool = True, question_ends: bool = True, ask_shapes: bool = True
) -> dict[str, Any]:
    """``kernels.TurnScanner``'s keywords beside the phrase table, rules on or off."""
    return {
        "block": int(Marker.BLOCK),
        "acknowledge": int(Marker.ACKNOWLEDGE),
        "question_openers": sorted(QUESTION_OPENERS),
        "question_strip": QUESTION_STRIP,
        **forms.scanner_forms(question_forms, question_ends, ask_shapes),
        "function_words": sorted(STOPWORDS),
        "backchannel_chars": BACKCHANNEL_CHARS,
        "intent_masks": _INTENT_MASKS,
    }


class Lexicon:
    """A compiled lexicon: a turn's marker hits and cues in one scanner pass."""

    def __init__(
        self,
        phrases: Mapping[Marker, Sequence[str]] = LEXICON,
        *,
        question_forms: bool = True,
        question_ends: bool = True,
        ask_shapes: bool = True,
    ) -> None:
        table = [(phrase, int(kind)) for kind, group in phrases.items() for phrase in group]
        self._phrases = [phrase for phrase, _ in table]
        self.question_forms, self.question_ends = question_forms, question_ends  # their rules
        self.ask_shapes = ask_shapes
        #: Whether this lexicon carries the gate words (a custom one may not): without them
        #: reference detection looks for the patterns' words itself.
        self.has_gates = all(
            phrases.get(kind)
            for kind in (Marker.GATE_NUMBER, Marker.GATE_ONE, Marker.GATE_GAP, Marker.GATE_TOOL)
        )
        self._scanner = kernels.TurnScanner(
            table,
            **scanner_options(
                question_forms=question_forms, question_ends=question_ends, ask_shapes=ask_shapes
            ),
        )

    @property
    def scanner(self) -> kernels.TurnScanner:
        """The compiled scanner (``kernels.TurnScanner``): hits, cues and §5.2 in one call."""
        return self._scanner

    def phrase(self, index: int) -> str:
        return self._phrases[index]

    def scan(self, text: str) -> list[tuple[int, int, int, int]]:
        """Raw hits ``(kind, phrase_index, start, end)`` in text order, BLOCK spans removed
        (acknowledgements excepted: "uh huh" blocks the CLARIFY "huh", not itself): a marker
        inside an ordinary phrase ("more" in "more than") is not a marker; one that extends
        past it ("tell me more" around "more") still counts.
        """
        return self._scanner.scan(text)[0]

    def scan_turn(self, text: str) -> tuple[list[tuple[int, int, int, int]], int, int]:
        """``(hits, kinds, cues)`` in one pass: ``scan``'s hits, the bit mask of the
        categories among them, and the cue bits (``CUE_QUESTION``, ``CUE_ACKNOWLEDGEMENT``)."""
        return self._scanner.scan(text)

    def is_question(self, text: str) -> bool:
        """A question or a request for information (``text.question_forms``)."""
        return self._scanner.question(text)

    def acknowledgement_only(self, text: str, hits: object = None) -> bool:
        """Whether ``text`` is only a backchannel: acknowledgement phrases plus function words
        ("ok thanks!", "Yes, that's right.", "That is correct."), at most
        ``BACKCHANNEL_CHARS`` characters. (``hits``, ``scan(text)``, is not needed: the
        scanner reads the text once for both.)"""
        return bool(self._scanner.scan(text)[2] & CUE_ACKNOWLEDGEMENT)

    def hits(self, text: str) -> list[Hit]:
        """``scan`` as readable ``Hit`` records (gate words left out)."""
        return [
            Hit(Marker(kind), self._phrases[index], start, end)
            for kind, index, start, end in self.scan(text)
            if not _FIRST_GATE <= kind <= _LAST_GATE
        ]


def _mask(*markers: Marker) -> int:
    mask = 0
    for marker in markers:
        mask |= 1 << int(marker)
    return mask


_FIRST_GATE = int(Marker.GATE_NUMBER)
_LAST_GATE = int(Marker.GATE_TOOL)
# What the scanner's §5.2 decision reads (``kernels.TurnScanner``): CLARIFY, CONTINUE, the
# markers that point back, NEW_TOPIC, and every category from which reference detection
# (``dialogue.references.detect``) can start a mention.
_INTENT_MASKS = (
    _mask(Marker.CLARIFY),
    _mask(Marker.CONTINUE),
    _mask(Marker.ANAPHOR, Marker.DEMONSTRATIVE),
    _mask(Marker.NEW_TOPIC),
    _mask(
        Marker.DEMONSTRATIVE,
        Marker.ORDINAL,
        Marker.TURN_REF,
        Marker.TOOL_REF,
        Marker.ACTION_REF,
        Marker.GATE_NUMBER,
        Marker.GATE_ONE,
        Marker.GATE_GAP,
        Marker.GATE_TOOL,
        # Read by the slow path only (``dialogue.phrasing``): a turn with one is pending.
        # (``IntentClassifier`` sends TOOL_OUTCOME and ACK_OPENER on where they can count.)
        Marker.NEW_TOPIC,
        Marker.TOPIC_OPENER,
        Marker.EXPLAIN,
        Marker.RECAP,
        Marker.RESUME,  # rule return-drill-downs
        Marker.REQUEST_OPENER,  # rule thread-requests
        Marker.CHECK_OPENER,  # rule understanding-checks
        Marker.CONFIRM_MARK,  # rule confirm-checks
        Marker.ALSO_OPENER,  # rule also-subjects
        Marker.TERM_RECALL,  # rule term-recalls
        Marker.PLAIN_CLARIFY,  # rules choice-asks, dumb-down-asks
    ),
)


# One compiled lexicon per backend (``kernels.use`` may switch it): the matcher belongs to
# the backend that built it.
_defaults: dict[tuple[str, bool, bool, bool], Lexicon] = {}
_default_lock = threading.Lock()


def default_lexicon(
    question_forms: bool = True, question_ends: bool = True, ask_shapes: bool = True
) -> Lexicon:
    """The built-in lexicon, compiled once per process, backend and switches (rules
    question-forms, question-ends and ask-shapes: ``Config.question_forms`` and so on)."""
    name = (kernels.backend(), question_forms, question_ends, ask_shapes)
    found = _defaults.get(name)
    if found is None:
        with _default_lock:
            found = _defaults.get(name)
            if found is None:
                found = _defaults[name] = Lexicon(
                    question_forms=name[1], question_ends=name[2], ask_shapes=name[3]
                )
    return found
