"""Rule thread-hows (SPEC-028 §5.1 DRILL_DOWN, §5.2; issue 15 item 1, stop 42): right after an
assistant reply, a general how-question, "how" + an asking word (``HOW_ASKS``) + people in
general (``HOW_SUBJECTS``), whose words past its frame (``HOW_FRAME``, the words of any
request, adverbs) are all the thread's own or the reply's, asks deeper on the thread: "how do
people cut down on takeaways without quitting outright?" in a thread on budgeting takeaways
is DRILL_DOWN, where its few shared words left it below the similarity §5.2 wants (EXPLORE).
"how do people pack a kitchen without breaking everything?" names a kitchen of its own and
is left to §5.2. A word matches the thread's in its bare, "-s" or "-ing" form ("vape less"
after "vaping").

At most ``SIDE_QUESTION_CHARS`` characters: the native settle hands on an EXPLORE question
only up to that length (rule side-questions' gate), so ``classify``, ``analyse`` and
``Session.user`` read the same turns. One pass over the turn's first tokens."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text.adder_words import ADDER_FILLERS, ADDER_GENERIC
from ..text.how_words import HOW_ASKS, HOW_FRAME, HOW_SUBJECTS
from ..text.turn_text import WORD_STRIP
from .phrasing import SIDE_QUESTION_CHARS
from .terse_reports import words_shared

if TYPE_CHECKING:
    from .context import DialogueContext
    from .features import TurnFeatures

__all__ = ["asks_how_on_the_thread", "term_forms"]


def term_forms(term: str) -> set[str]:
    """``term`` and its bare, "-s" and "-ing" forms ("vaping": vape, vapes, vaping)."""
    forms = {term, term + "s", term + "ing"}
    if term.endswith("ing") and len(term) > 5:
        stem = term[:-3]
        forms |= {stem, stem + "e", stem + "s", stem + "es"}
    elif term.endswith("e"):
        forms.add(term[:-1] + "ing")
    if term.endswith("s") and len(term) > 3:
        forms.add(term[:-1])
    return forms


def asks_how_on_the_thread(context: DialogueContext, features: TurnFeatures) -> bool:
    """Whether a question right after a reply, with a thread on the table, is a general
    how-question on the thread's own things (rule thread-hows): it opens with "how", a word
    of ``HOW_ASKS`` and one of ``HOW_SUBJECTS``, and its content words but ``HOW_FRAME``'s,
    ``ADDER_GENERIC``'s and ``ADDER_FILLERS``' are at least one and all words the thread or
    the reply used (``term_forms``)."""
    text = features.text
    if not (context.config.thread_hows and features.question):
        return False
    if len(text) > SIDE_QUESTION_CHARS or context.threads.active < 0:
        return False
    if not context.after_a_reply():
        return False
    words = [token.strip(WORD_STRIP) for token in text[:80].casefold().split()[:4]]
    if len(words) < 3 or words[0] != "how" or words[1] not in HOW_ASKS:
        return False
    if words[2] not in HOW_SUBJECTS:
        return False
    terms = set(features.terms) - HOW_FRAME - ADDER_GENERIC - ADDER_FILLERS
    return bool(terms) and all(words_shared(context, term_forms(term)) for term in terms)
