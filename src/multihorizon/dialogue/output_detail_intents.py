"""Questions for a value an older tool output showed are TOOL_REFERENCE (SPEC-028 §5.1
TOOL_REFERENCE, §5.2 ``r.type == "tool"``; rule output-detail-intents; issue 15 item 1).

People ask for what an output showed without a tool word: "cadence first time round",
"How many hours labour did Millbrook put down?", "original audit, what was the postcss
issue". Rule output-details already names that output (a named reference, the intent left
alone, so §5.2 reads DRILL_DOWN). ``asks_output_detail`` makes such a question a tool
reference for the intent too when

- rule output-details finds the output holding its detail (``output_details.output_detail``:
  a word or number no logged turn said, or more of its words than any turn holds);
- the output's own exchange is over: since the user turn the output came after, another user
  turn was logged. The first question after an output's summing-up reply asks about what that
  reply offered ("What is the phone number?" after "I found 10 restaurants ... Chez X": sgd's
  gold is DRILL_DOWN, the reply is its antecedent);
- it asks for a value, not for a reason, advice or leave ("Why would the pool get
  exhausted?", "Should I upgrade react-router?", "How do I bring the ink coverage down?",
  "Can I book my tickets to the event first?": a question word or modal of
  ``REASON_ASKING_WORDS``), and not the assistant for something ("can you share the
  address?": a second-person word).

What was counted before choosing it (every hand-written file and sgd, all probes): output-
details named an output on 72 hand-written questions, 56 of them gold TOOL_REFERENCE (every
one read as another intent), and on 93 sgd questions (no TOOL_REFERENCE gold there), 81 of them
the first user turn after the output. With the exchange over and no reason or second-person
word: 53 gold TOOL_REFERENCE against 2 others (hand-written) and 4 sgd questions.

Costs nothing for a turn that is not a question or a session without tool outputs; otherwise
one pass of rule output-details (the scratch buffer's cached entry words). ``Session.classify``
hands a question on to the references stage once an output's exchange is over, and only one
with a number or a word such an output holds (``may_ask_output_detail``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable
from typing import TYPE_CHECKING

from ..text.output_nouns import FRONTED_DEMONSTRATIVES
from ..tiers.scratch import ScratchEntry
from .compound_words import compound_parts
from .dislocated import dislocated_terms
from .earlier_runs import asks_named_run
from .fresh_outputs import asks_cause, asks_reason
from .judged_questions import judges_world
from .output_details import exchange_over, holds_number, output_detail, question_numbers
from .output_values import output_value_forms
from .summed_values import summed_value_output
from .tool_references import entry_words
from .turnlog import TurnLog
from .world_questions import asks_advice

if TYPE_CHECKING:
    from ..config import Config
    from .context import DialogueContext
    from .features import TurnFeatures
    from .resolution import Resolution

__all__ = ["asks_output_detail", "fronted_output", "may_ask_output_detail", "past_outputs"]


def asks_output_detail(
    context: DialogueContext, features: TurnFeatures, resolution: Resolution
) -> bool:
    """Whether a question asks for a value an output showed before the exchange now going on
    (rule output-detail-intents; see the module). ``resolution``: the turn's references;
    what rule output-details or definite-references named is set aside, so the answer is
    the same whether the caller found named references or not."""
    config, scratch, log = context.config, context.scratch, context.log
    if asks_named_run(features, scratch, log, config):
        return True  # rule named-runs: "going back to the first run, which file ..."
    if not (config.output_detail_intents and features.question):
        return False
    if features.terms and fronted_output(features, scratch, log, config):
        return True  # rule fronted-output-topics: "That 147/92 on Monday, should I worry?"
    said = tuple(ref for ref in resolution.references if ref not in resolution.named)
    if len(scratch) == 0 or any(ref.type == "tool" for ref in said):
        return False
    if judges_world(features, scratch, config):
        return False  # rule judged-world-questions: "which filesystem is best for a usb stick?"
    if summed_value_output(features, scratch, log, config) is not None:
        return True  # rule summed-output-values: "which region was it going out to?"
    if not features.terms:
        return False  # rule typed-output-values alone reads a question of no terms
    cause = _shown_number_cause(features, scratch, config)
    if asks_reason(features.text) and not cause:
        return False
    if config.advice_questions and asks_advice(features, scratch):
        return False  # rule advice-questions: "if we skip the lint job on mac, does ..."
    bare = dataclasses.replace(resolution, references=said, named=())
    entries = list(scratch)
    added = output_detail(bare, features, entries, log, config, pronouns=False)
    if added is None:
        return False
    entry = next(e for e in entries if e.entry_id == added.scratch_entry)
    # Rule shown-number-reasons: "why is it 701.3?" asks about the value also within the
    # output's own exchange (its reply offered no thing to ask about).
    return cause or exchange_over(entry.turn_id, log)


def may_ask_output_detail(
    features: TurnFeatures, scratch: Collection[ScratchEntry], log: TurnLog, config: Config
) -> bool:
    """Whether ``asks_output_detail`` may hold for a turn (a superset, for
    ``Session.classify`` before the references stage): a question asking for no reason,
    with a number or a word some output past its exchange holds; or one naming a run
    (rule named-runs)."""
    if asks_named_run(features, scratch, log, config):
        return True
    if not (config.output_detail_intents and features.question):
        return False
    if fronted_output(features, scratch, log, config):
        return True
    if _shown_number_cause(features, scratch, config):
        return True
    if summed_value_output(features, scratch, log, config) is not None:
        return True  # rule summed-output-values
    if not features.terms or asks_reason(features.text):
        return False
    terms = frozenset(features.terms)
    number = any(char.isdigit() for char in features.text)
    for entry in scratch:
        if exchange_over(entry.turn_id, log):
            name, content = entry_words(entry)
            if number or not (terms.isdisjoint(name) and terms.isdisjoint(content)):
                return True
            if config.compound_output_words and not terms.isdisjoint(compound_parts(content)):
                return True  # rule compound-output-words: "windows" of "windows-latest"
            if config.output_value_forms and not terms.isdisjoint(
                output_value_forms(entry, weekdays=config.weekday_forms)
            ):
                return True  # rules output-value-forms, weekday-forms: "saturday" of "sat"
    return False


def _shown_number_cause(
    features: TurnFeatures, scratch: Iterable[ScratchEntry], config: Config
) -> bool:
    """Rule shown-number-reasons: whether a question asks only for a cause
    (``fresh_outputs.asks_cause``: "why is the first value 812.5 if there aren't 7 days
    yet?", "how come Old Town dropped to 2,315 in week 41?") and an output shows a number of
    it (two characters or more): it asks why the output shows that value, not for advice
    ("why would ...", "why should I ..." stay reasons)."""
    if not (config.shown_number_reasons and features.question and asks_cause(features.text)):
        return False
    numbers = question_numbers(features.text)
    if not numbers:
        return False
    return any(
        any(holds_number(entry.raw_output[:_CONTENT_CHARS], n) for n in numbers)
        for entry in scratch
    )


def fronted_output(
    features: TurnFeatures, scratch: Iterable[ScratchEntry], log: TurnLog, config: Config
) -> bool:
    """Rule fronted-output-topics: whether a question's fronted topic opens with a
    demonstrative (``FRONTED_DEMONSTRATIVES``) and an output past its exchange holds a word
    or a number of it ("That 147/92 on Monday, should I worry?", "Those Lesjofors springs,
    are they decent quality?"): it asks about that thing shown, whatever it asks."""
    if not config.fronted_output_topics:
        return False
    first = features.text.lstrip()[:_OPENER_CHARS].split(maxsplit=1)[:1]
    if not first or first[0].casefold() not in FRONTED_DEMONSTRATIVES:
        return False
    topic = frozenset(dislocated_terms(features))
    if not topic:
        return False
    head = features.text[:_TOPIC_CHARS].split(",", 1)[0].split(":", 1)[0]  # the fronted topic
    numbers = [word.strip(_EDGES) for word in head.split() if any(c.isdigit() for c in word)]
    for entry in scratch:
        if exchange_over(entry.turn_id, log):
            name, content = entry_words(entry)
            shown = entry.raw_output[:_CONTENT_CHARS]
            if not (topic.isdisjoint(name) and topic.isdisjoint(content)) or any(
                len(number) > 1 and holds_number(shown, number) for number in numbers
            ):
                return True
    return False


# Characters read for a question's first word, of an output for a number, a number's edges.
_OPENER_CHARS = 16
_TOPIC_CHARS = 80
_CONTENT_CHARS = 1500
_EDGES = ",;:!?\"'()[]."


def past_outputs(entries: Iterable[ScratchEntry], log: TurnLog) -> bool:
    """Whether some output's exchange is over (``Session``'s view: the native settle cannot
    tell, so a question then takes the whole way): the oldest output's."""
    oldest = min((entry.turn_id for entry in entries), default=None)
    return oldest is not None and exchange_over(oldest, log)
