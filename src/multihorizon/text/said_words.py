"""Words of questions that ask what an output said through "it" ("what was the version it said
it was on?", "which host did it say timed out?", "the number it printed at the end, is that
bytes?") and of those whose "it" is a document or a person's words ("it said in the docs to
restart"): rule it-said-outputs (SPEC-028 §4.1 tool, §5.2 TOOL_REFERENCE; issue 15 item 1;
read by ``dialogue.said_outputs`` and ``dialogue.tool_references``), and of phrases picking
one output among several by what it showed ("the one that returned 404", "the call at
10:42": rule output-selectors, read by ``dialogue.output_selectors``). Closed classes,
case-folded."""

__all__ = [
    "IT_SAID_PHRASES",
    "SAID_SUBJECTS",
    "SAID_VERBS",
    "SELECTOR_FILLERS",
    "SELECTOR_LINKS",
    "SELECTOR_NOUNS",
    "SOURCE_NOUNS",
    "WORD_EDGES",
    "said_in_source",
]

# The subject that makes an outcome verb an output's ("did it say", "it printed", "what's it
# showing"): the people of ``OUTCOME_NOT_SUBJECTS`` and the named tools are read elsewhere.
SAID_SUBJECTS = frozenset(("it", "it's", "it\u2019s"))
# The outcome verbs of what an output says, shows or gives ("did it say", "it printed", "what
# did it report"), not of what a thing does ("will it fail the smog test", "did it crash":
# the car's, the run's): the first word of the TOOL_OUTCOME phrase.
SAID_VERBS = frozenset(
    ("say", "says", "said", "saying", "show", "shows", "showed", "shown", "showing", "print",
     "prints", "printed", "printing", "report", "reports", "reported", "reporting", "tell",
     "tells", "told", "telling", "give", "gives", "gave", "giving", "return", "returns",
     "returned", "returning", "display", "displays", "displayed", "displaying", "list",
     "lists", "listed", "mention", "mentions", "mentioned", "complain", "complains",
     "complained", "complaining", "spat", "spit", "threw", "wrote", "logged", "claims",
     "claimed", "come", "came", "comes", "point", "points", "pointing", "flag", "flagged",
     "detect", "detected", "find", "found", "count", "measure", "record", "pick")
)  # fmt: skip
# Forms of the outcome verbs the lexicon's TOOL_OUTCOME group lacks, only with "it" before
# them ("whats it saying is missing", "what's it complaining about", "the value it listed"):
# alone, "showing" and "telling" are a person's as often.
IT_SAID_PHRASES = (
    "it saying", "it showing", "it printing", "it reporting", "it telling", "it told",
    "it displayed", "it displays", "it displaying", "it listed", "it lists", "it mentioned",
    "it mentions", "it complaining", "it spat out", "it spit out", "it threw", "it wrote",
    "it logged", "it claims", "it claimed", "it gives", "it giving",
)  # fmt: skip
# Where "it" is a document, a message or a page, not an output ("it said in the docs to
# restart", "it says on the packet", "the manual, what did it say about descaling?"): one of
# these nouns in the outcome verb's sentence.
SOURCE_NOUNS = frozenset(
    ("doc", "docs", "documentation", "manual", "manuals", "readme", "guide", "book",
     "article", "wiki", "email", "e-mail", "forum", "faq", "tutorial", "video", "changelog",
     "handbook", "newsletter", "blog", "website", "webpage", "ticket", "letter", "paper",
     "specification", "datasheet", "brochure", "leaflet", "booklet", "instructions",
     "contract", "textbook", "lecture", "podcast", "memo", "announcement",
     "notice", "recipe", "magazine", "news", "paperwork", "invoice", "voicemail",
     "sms", "reddit", "stackoverflow", "syllabus", "handout", "docstring", "comments")
)  # fmt: skip


# How far a sentence is read on each side of the outcome verb for a source noun.
_SENTENCE_CHARS = 160
_SENTENCE_ENDS = ".!?\n"
WORD_EDGES = ",.;:!?\"'()"


def said_in_source(text: str, start: int, end: int) -> bool:
    """Whether the sentence of the outcome verb at ``start:end`` names a document or a
    message (``SOURCE_NOUNS``: "it said in the docs to restart"): at most ``_SENTENCE_CHARS``
    read on each side, so the scan is linear in nothing but that window."""
    before = text[max(0, start - _SENTENCE_CHARS) : start]
    after = text[end : end + _SENTENCE_CHARS]
    cut = max(before.rfind(mark) for mark in _SENTENCE_ENDS)
    stops = [at for at in (after.find(mark) for mark in _SENTENCE_ENDS) if at >= 0]
    sentence = before[cut + 1 :] + " " + after[: min(stops, default=len(after))]
    words = (word.strip(WORD_EDGES) for word in sentence.casefold().split())
    return any(word in SOURCE_NOUNS for word in words)


# Rule output-selectors: the nouns that pick one output among several by what it showed ("the
# one that returned 404", "the call at 10:42", "the not found one", "the 41ms response").
SELECTOR_NOUNS = frozenset(
    ("one", "call", "request", "run", "query", "response", "reply", "job", "build",
     "install", "attempt", "output", "log", "plan", "test", "scan", "result", "try",
     "pipeline", "render", "deploy", "check", "trace", "dump", "execution", "invocation")
)  # fmt: skip
# The words that open what the output showed after such a noun ("that", "from 10:42").
SELECTOR_LINKS = frozenset(("that", "which", "where", "with", "from", "at", "when", "of"))
# Words of the selector that say nothing of an output's content (its verbs and fillers).
SELECTOR_FILLERS = frozenset(
    ("returned", "return", "returns", "gave", "give", "gives", "took", "take", "takes",
     "showed", "shows", "show", "said", "says", "say", "came", "come", "back", "had", "has",
     "have", "was", "were", "is", "are", "got", "get", "printed", "reported", "ended",
     "finished", "failed", "error", "errored", "one", "ones", "only", "just", "still",
     "first", "last", "earlier", "later", "other", "with", "from", "at", "the", "a", "an",
     "that", "which", "where", "when", "of", "in", "on", "and", "or", "it", "its", "up",
     "out", "again", "i", "we", "you", "me", "us", "my", "our", "your", "did", "do", "does")
)  # fmt: skip
