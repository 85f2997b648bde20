"""Word lists of rule adder-questions (``dialogue.adder_questions``; SPEC-028 §5.2, §3.3 a new
thread; issue 15 item 1): an add-on opener, a statement of a situation, then a question ("Also,
my daughter is allergic to nuts. Do the schools handle that?", "One more thing, the commute
looks awful from there. How do people manage it?")."""

from __future__ import annotations

__all__ = [
    "ADDER_ASKS",
    "ADDER_LEADS",
    "ADDER_OPENERS",
    "ADDER_POINTERS",
]

# The add-on openers, case-folded word tuples, at the turn's opening (after ``ADDER_LEADS``).
# The scanner marks "also"/"plus"/"oh and" (Marker.ALSO_OPENER, rule also-subjects) and
# "another thing"/"another question"/"btw" (a topic opener or a new topic), so the native
# settle hands those turns on; "one more thing", "additionally" and the like are not marked
# (marked, every turn holding one went to the Python path, wherever it stood): the settle
# answers those turns, and the rule reads them only when another marker hands them on.
ADDER_OPENERS = (
    ("also",), ("and", "also"), ("oh", "and"), ("oh", "also"), ("plus",),
    ("one", "more", "thing"), ("one", "last", "thing"), ("one", "other", "thing"),
    ("one", "more", "question"), ("one", "last", "question"), ("one", "further", "question"),
    ("one", "further", "thing"), ("one", "further", "matter"), ("another", "thing"),
    ("another", "question"), ("another", "matter"), ("additionally",), ("in", "addition"),
    ("furthermore",), ("btw",), ("by", "the", "way"),
)  # fmt: skip
# Words that may stand before the opener ("ok, also ...", "oh and one more thing: ...").
ADDER_LEADS = frozenset(("ok", "okay", "oh", "and", "so", "right", "well", "hey", "sorry"))
# The first words of the question that closes the turn, at a clause's start ("..., is it
# worth switching?", "... . Any tips for ...?", "... . Which documents I need?").
ADDER_ASKS = frozenset((
    "what", "what's", "whats", "where", "when", "which", "who", "whom", "whose", "why", "how",
    "is", "are", "was", "were", "do", "does", "did", "can", "could", "will", "would", "should",
    "shall", "may", "might", "must", "any", "anyone", "anything", "worth", "thoughts", "ideas",
    "tips", "advice", "suggestions", "help", "isn't", "aren't", "won't", "wont", "can't",
    "cant", "don't", "dont", "doesn't", "doesnt", "shouldn't", "wouldn't", "couldn't",
))  # fmt: skip
# A statement that opens with one of these points back ("also it clicks now, is that bad?",
# "also that one, ..."): no situation of its own, the thread's subject. So does "the" with a
# word the thread never said: a part of the thread's own situation ("Also the wrists hurt
# after class, ...?" after yoga, "also the dough is super sticky, ...?" after a loaf); the
# speaker's own new situation comes with "my", "our", "I" or a bare noun.
ADDER_POINTERS = frozenset((
    "it", "it's", "its", "that", "that's", "this", "these", "those", "they", "they're", "them",
    "there", "here", "same", "the",
))  # fmt: skip
