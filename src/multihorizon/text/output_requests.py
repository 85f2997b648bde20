"""Words of turns that ask for a new tool output or hand one over, rather than ask about one
already shown (rules fetch-requests and handed-outputs; issue 15 item 1; read by
``dialogue.output_requests``). Closed classes and short phrase lists, case-folded."""

__all__ = [
    "FETCH_LEADS",
    "FETCH_OBJECTS",
    "FETCH_VERBS",
    "HANDOVER_PAIRS",
    "HANDOVER_WORDS",
    "NEW_OUTPUT_ADJECTIVES",
    "RUN_REPORT_WORDS",
]

# A sentence opening with one of these verbs asks the assistant to fetch or run something
# ("Grep the server log for the webhook route.", "Pull the crash stats.", "can u pull the
# logs for the worker too"): it asks for an output that is not there yet.
FETCH_VERBS = frozenset(
    ("pull", "grep", "fetch", "run", "rerun", "re-run", "tail", "dump", "query", "scan",
     "check", "list", "search", "ping", "profile", "rescan", "retest")
)  # fmt: skip
# Words that may stand before the verb in such a request ("can you also", "pls", "ok now").
FETCH_LEADS = frozenset(
    ("can", "could", "would", "will", "you", "u", "ya", "pls", "plz", "please", "also", "now",
     "and", "ok", "okay", "then", "so", "just", "quickly", "maybe", "next", "go", "ahead")
)  # fmt: skip
# What follows the verb in a request: a determiner, a pronoun or a particle ("pull the",
# "check them", "run it again", "check in the API"), not a noun ("scan results, anything
# bad?" fronts the output it asks about).
FETCH_OBJECTS = frozenset(
    ("the", "a", "an", "my", "our", "its", "their", "it", "them", "that", "this", "those",
     "these", "all", "both", "every", "some", "again", "too", "in", "on", "for", "with", "me",
     "us", "what", "whether", "if")
)  # fmt: skip
# A statement holding one of these hands over what it brings ("new log:", "the results arrived
# today", "attached") or reports a run of its own ("ran it, checking the result"): an output
# that comes next, not one already shown.
HANDOVER_WORDS = frozenset(("attached", "arrived", "below", "heres", "here's", "here\u2019s"))
RUN_REPORT_WORDS = frozenset(("ran", "reran", "re-ran", "rescanned", "retested", "rebuilt"))
# Two-word hand-overs: "here are the numbers", "here they are", "came back", "came in".
HANDOVER_PAIRS = frozenset(
    (("here", "is"), ("here", "are"), ("here", "it"), ("here", "they"), ("here", "goes"),
     ("came", "back"), ("came", "in"), ("just", "in"))
)  # fmt: skip
# "new log:", "updated results": a word before an output noun that makes it one not yet shown.
NEW_OUTPUT_ADJECTIVES = frozenset(("new", "updated", "fresh"))
