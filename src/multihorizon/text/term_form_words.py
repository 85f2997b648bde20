"""Rules meaning-qualifiers, versus-asks, role-asks and look-asks (stop 40, issue 15 item 1,
SPEC-028 §5.2 CLARIFY): the closed word classes of a question about a term the reply just
used, in the forms people put it ("what does X mean here, ...?", "I am not sure what X
means", "X vs Y, what's the difference?", "could you clarify the role of X?", "X, how does
that look?"). Case-folded, curly apostrophes made straight, ``topic_clause_words.ECHO_STRIP``
off each word. ``TERM_FORM_PHRASES`` are ``Marker.PLAIN_CLARIFY``'s: a turn with one goes on
to the slow path, where the rules read it (the native settle hands it on).
"""

from __future__ import annotations

from .meaning_words import MEANING_EMBEDDERS

__all__ = [
    "DIFFERENCE_WORDS", "LOST_LEADS", "LOST_PARTS", "OBJECTIONS", "POINTED_ASKS", "ROLE_FRAMES",
    "TERM_FORM_PHRASES", "VERSUS_WORDS", "WHY_OPENERS",
]  # fmt: skip

# What sets two terms side by side ("ammonia vs nitrite, ...").
VERSUS_WORDS = frozenset(("vs", "vs.", "versus", "v"))
# A versus question asks what tells the two apart ("whats the actual difference", "same
# thing?"): one of these words after the pair.
DIFFERENCE_WORDS = frozenset((
    "difference", "diff", "differences", "different", "differ", "same",
))  # fmt: skip
# A frame that asks for the part a term of the reply plays, after "clarify" or "explain"
# ("could you clarify the role of the tower captain?").
ROLE_FRAMES = (
    ("the", "role", "of"), ("the", "purpose", "of"), ("the", "function", "of"),
)  # fmt: skip
# What asks, of a term named in the clause before, what it looks like in practice or what it
# is doing there ("stir until ribbony, how does that look", "the s in c'est, what is it doing
# there"): the words of the ask, read in a row, pointing back.
POINTED_ASKS = (
    ("how", "does", "that", "look"), ("how", "does", "it", "look"), ("how", "does", "this", "look"),
    ("what", "does", "that", "look", "like"), ("what", "does", "it", "look", "like"),
    ("what", "does", "this", "look", "like"), ("what", "should", "it", "look", "like"),
    ("how", "should", "it", "look"), ("how", "should", "that", "look"),
    ("wat", "does", "that", "look", "like"),
    ("what", "is", "it", "doing"), ("what", "is", "that", "doing"), ("what's", "it", "doing"),
    ("whats", "it", "doing"), ("what's", "that", "doing"), ("whats", "that", "doing"),
    ("what", "are", "they", "doing"),
)  # fmt: skip
# A part of the reply the user lost, the term named inside it ("i dont get the escrow bit, is
# it a bank account?", "didnt catch the float part"): a lead, the term, a part noun.
LOST_LEADS = tuple(
    (*negation, verb, "the")
    for negation in (("don't",), ("dont",), ("didn't",), ("didnt",), ("do", "not"), ("did", "not"))
    for verb in ("get", "catch")
)
LOST_PARTS = frozenset(("bit", "part", "thing", "stuff", "business", "section"))
# Rule why-objections: "why" put to the reply's own claim, then an objection ("why does a new
# key mean a remount, it's the same component"): the openers, and the objections read after
# the "why" clause's first words. Not "tho"/"though": "why would latexmk skip biber though"
# goes deeper (DRILL_DOWN).
WHY_OPENERS = (("why",), ("y",), ("how", "come"))
OBJECTIONS = (
    ("it's", "the", "same"), ("its", "the", "same"), ("it", "is", "the", "same"),
    ("they're", "the", "same"), ("theyre", "the", "same"), ("they", "are", "the", "same"),
    ("it's", "only"), ("its", "only"), ("it", "is", "only"), ("it's", "just"), ("its", "just"),
    ("it", "is", "just"),
)  # fmt: skip
# The scanner's phrases: a "mean" with a qualifier after it (rule meaning-qualifiers reads
# the qualifiers: ``meaning_words.MEANING_QUALIFIERS``), a frame that embeds "what X means",
# the versus words, the role frames and the look asks.
TERM_FORM_PHRASES = tuple(
    sorted(
        {f"{verb} {after}" for verb in ("mean", "means") for after in ("here", "in", "there")}
        | {f"{lead} what" for lead in sorted(MEANING_EMBEDDERS)}
        | {"vs", "versus"}
        | {" ".join(frame[1:]) for frame in ROLE_FRAMES}
        | {" ".join(ask[-2:]) for ask in POINTED_ASKS}
        | {" ".join(lead) for lead in LOST_LEADS}
        | {" ".join(objection) for objection in OBJECTIONS}
    )
)
