"""Nouns that name what a tool produced (rule tool-output-nouns; issue 15 item 1): "the QC
report", "the CPU profile", "the crash numbers", "those percentages", "the diff". They join the
lexicon's TOOL_OUTCOME group, so the scanner finds them in its one pass and ``Session.classify``
sends a question holding one on to the references stage only while a tool output is held;
``dialogue.tool_references`` reads one as a tool reference when a determiner opens its noun
phrase."""

__all__ = [
    "ADVICE_LEADS",
    "ADVICE_OPENERS",
    "EARLIER_OUTPUT_WORDS",
    "FAILURE_NOUNS",
    "FAILURE_SIGNS",
    "FRONTED_DEMONSTRATIVES",
    "HABIT_WORDS",
    "HOWTO_ASKERS",
    "HOWTO_MODALS",
    "HOWTO_OPENERS",
    "HOWTO_PREAMBLES",
    "LATER_OUTPUT_WORDS",
    "OUTPUT_DETERMINERS",
    "OUTPUT_SYNONYMS",
    "POINTING_DETERMINERS",
    "POLAR_OPENERS",
    "REASON_ASKING_OPENERS",
    "REASON_ASKING_WORDS",
    "REASON_QUESTION_PHRASES",
    "REASON_QUESTION_WORDS",
    "RUN_NOUNS",
    "RUN_POSITION_NOUNS",
    "RUN_SELECTORS",
    "RUN_SUBJECTS",
    "SECOND_PERSON_WORDS",
    "TOOL_OUTPUT_NOUNS",
    "WORRY_WORDS",
]

# fmt: off
TOOL_OUTPUT_NOUNS = frozenset((
    "log", "logs", "trace", "traces", "stack trace", "traceback", "dump", "stack dump",
    "response", "responses", "output", "status", "status code", "diff", "profile", "history",
    "stats", "statistics", "numbers", "counts", "count", "readings", "reading", "results",
    "result", "scan", "errors", "error", "exception", "payload", "headers", "percentages",
    "figures", "metrics", "query", "records", "rows", "reports", "test run",
))
# fmt: on
# What opens the noun phrase of an output noun that points at an output ("the QC report",
# "those counts", "its status"): read up to three words before the noun, in its clause.
OUTPUT_DETERMINERS = frozenset(("the", "that", "this", "those", "these", "its", "latest"))
# Words of a tool reference that name a failure ("that stack trace", "the exception"), and
# what an output that failed holds (read case-folded in its first 1,500 characters).
FAILURE_NOUNS = frozenset(
    (
        "error",
        "errors",
        "exception",
        "trace",
        "traceback",
        "stack",
        "crash",
        "failure",
    )
)
FAILURE_SIGNS = ("error", "exception", "traceback", "fatal", "failed", "panic")

# Words that name the same kind of output (rule output-holders; issue 15's "that scan" for an
# MRI report): a tool whose name or arguments hold one of a group is named by every word of
# it ("the imaging" -> radiology_report, "that snapshot comparison" -> heap_diff, "the
# forecast" -> weather_api). Normalised forms (``tokens.normalise_term``).
OUTPUT_SYNONYMS: tuple[frozenset[str], ...] = tuple(
    frozenset(group.split())
    for group in (
        "scan mri ct xray radiology imaging ultrasound mammogram nmap trivy",
        "api http https curl httpie endpoint",
        "build ci jenkins gradle maven",
        "deploy deployment kubectl helm rollout argocd",
        "disk df du",
        "query sql psql mysql sqlite bigquery",
        "search websearch google bing",
        "diff comparison compare delta",
        "forecast weather",
        "exam examination optometry checkup",
        "listing ls ss netstat lsof",
        "profile pprof profiler flamegraph",
        "audit lynis",
        "trace traceback stacktrace logcat",
        "log logs journal journalctl syslog",
        "test pytest jest junit",
        "reading meter sensor hygrometer thermometer",
    )
)
# Words by which a question means an earlier output of a tool run more than once ("the first
# search", "the original audit", "what was the EC before I adjusted it?"; rule earlier-outputs).
EARLIER_OUTPUT_WORDS = frozenset(
    ("first", "original", "earlier", "previous", "initial", "older", "before", "originally")
)
# Words by which a question sets the newest run of a tool against an earlier one ("How many
# 404s are left now?", "the rerun", "tonight's run"; rule earlier-outputs).
LATER_OUTPUT_WORDS = frozenset(
    ("now", "latest", "rerun", "newest", "currently", "still", "tonight", "today", "anymore",
     "updated", "second")
)  # fmt: skip
# Words by which a question asks for a reason, advice or what usually happens rather than for a
# value an output showed ("Why would the pool get exhausted?", "Should I upgrade react-router?",
# "What usually causes packet loss on wifi?", "Can I book my tickets first?"): question words
# and modals, a closed class (rule output-detail-intents). The openers: "How do I bring the ink
# coverage down?".
REASON_ASKING_WORDS = frozenset(("why", "should", "would", "could", "can", "usually"))
REASON_ASKING_OPENERS = ("how do", "how does", "how can", "how should")
# Of those, what asks for a cause without asking for advice: "why is the first value 812.5?",
# "how come week 41 is so low?" (a question word, not a modal; rule shown-number-reasons).
REASON_QUESTION_WORDS = frozenset(("why",))
REASON_QUESTION_PHRASES = ("how come",)
# A question asking how to do something ("how do I get valgrind to write the logs to a file",
# "where can I find the router logs", "how to export the job logs") asks about the world, not
# what an output showed, though it names an output's kind (rule howto-output-nouns): a
# question word of HOWTO_OPENERS, then an auxiliary of HOWTO_MODALS and a first-person word
# of HOWTO_ASKERS, or "to" right after it; at most one word of HOWTO_PREAMBLES before it
# ("ok how do i ...", "and where can we ..."). Closed classes.
HOWTO_OPENERS = frozenset(("how", "where"))
HOWTO_MODALS = frozenset(("do", "can", "could", "should", "would", "shall", "might"))
HOWTO_ASKERS = frozenset(("i", "we"))
HOWTO_PREAMBLES = frozenset(("ok", "okay", "and", "so", "also", "but", "then", "btw", "right"))
# A question asking for advice on the subject ("would a partial index be better than caching
# the report?", "should I run ANALYZE now, during office hours?", "Back to the deploy - if we
# skip the lint job on mac, does coverage still upload?") asks about the world, not what an
# output showed, though an output was just shown and it names the output's words (rule
# advice-questions): a clause opening with one of ADVICE_OPENERS (word tuples) after words of
# HOWTO_PREAMBLES; the second clause counts when the first opens with a word of ADVICE_LEADS
# ("Back to the deploy - ...", "ok cool, should we ..."). A word of WORRY_WORDS asks about a
# value shown ("should I be worried about the swap?"). Closed classes.
ADVICE_OPENERS: tuple[tuple[str, ...], ...] = tuple(
    tuple(opener.split())
    for opener in (
        "should", "shud", "shall i", "shall we", "would a", "would an", "would it",
        "would the", "would we", "would i", "would adding", "would switching", "would using",
        "would moving", "wud", "could i", "could we", "is it worth", "is it better",
        "is it safe", "is it ok", "is it okay", "is it wise", "is it a good idea",
        "would it make sense", "does it make sense", "do i need", "do we need",
        "do i have to", "do we have to", "if i", "if we", "what if i", "what if we",
        "better to", "worth it to", "any point in",
    )
)  # fmt: skip
ADVICE_LEADS = frozenset(
    ("back", "returning", "going", "coming", "re", "regarding", "ok", "okay", "right",
     "alright", "cool", "great", "nice", "thanks", "so", "anyway", "also", "and")
)  # fmt: skip
WORRY_WORDS = frozenset(
    ("worry", "worried", "concerned", "concern", "alarmed", "alarming", "normal", "expected",
     "panic", "suspicious", "bad")
)  # fmt: skip
# Words of habit ("how long do inspections usually take?", "whats the usual way to pin a
# dep?"): a question about how things are in general, not an output's value (rule
# general-questions; a closed class).
HABIT_WORDS = frozenset(
    ("usually", "usual", "normally", "generally", "typically", "ordinarily", "commonly")
)  # fmt: skip
# Determiners that point at a thing shown ("how do I read this profile?"): they keep an output
# noun a tool reference even in a how-to question (rule howto-output-nouns).
POINTING_DETERMINERS = frozenset(("this", "that", "these", "those", "latest"))
# Second-person words: a question to the assistant ("can you share the address?", "Do you have
# a contact number?") asks it for something, not what an output showed (a closed class).
SECOND_PERSON_WORDS = frozenset(("you", "your", "yours", "u", "ya"))
# A question's fronted topic opening with one of these ("That 147/92 on Monday, should I
# worry?", "Those 22 RGB objects, were they mostly photos?") points at a thing shown (rule
# fronted-output-topics; a closed class).
FRONTED_DEMONSTRATIVES = frozenset(("that", "this", "those", "these"))
# Auxiliaries opening a yes/no question ("Is the impeller a separate part?", "Did the ads
# extract change its schema?"): about a thing, not for a value an output shows (rule
# pronoun-details; a closed class).
POLAR_OPENERS = frozenset(
    ("is", "are", "was", "were", "did", "does", "do", "has", "have", "had", "will", "can")
)
# Rule named-runs (``dialogue.earlier_runs``): words that pick one run of a tool among its
# runs, by place (0 the first; negative from the newest: -1 the newest, -2 the one before it):
# "the first scan", "the original listing", "the previous run" (a closed class).
RUN_SELECTORS = {
    "first": 0, "1st": 0, "original": 0, "initial": 0, "second": 1, "2nd": 1, "third": 2,
    "3rd": 2, "previous": -2, "earlier": -2, "older": -2, "prior": -2, "latest": -1,
    "newest": -1,
}  # fmt: skip
# Nouns that name one run of a tool or what it gave as a whole ("the first run", "first time
# round", "the original count", "query 2"), beside a word of the tool's own name.
RUN_NOUNS = frozenset(
    ("run", "runs", "time", "round", "go", "attempt", "pass", "try", "listing", "list", "query",
     "scan", "dump", "plan", "report", "reading", "readings", "test", "output", "log", "logs",
     "table", "page", "check", "session", "slice", "result", "results", "export", "breakdown",
     "statistics", "stats", "count", "counts", "recount", "numbers", "figures", "sample",
     "search", "panel", "analysis", "profile", "trace", "snapshot", "version", "batch",
     "printout", "response", "summary", "capture", "measurement", "estimate", "quotes")
)  # fmt: skip
# Nouns that place a line inside one output, not a run: "the first two rows", "the last line".
RUN_POSITION_NOUNS = frozenset(
    ("line", "lines", "row", "rows", "column", "columns", "entry", "entries", "record",
     "records", "item", "items", "cell", "cells", "field", "fields")
)  # fmt: skip
# Words before a selector that make it an adverb of a verb ("I first check", "to first run").
RUN_SUBJECTS = frozenset(
    ("i", "we", "you", "they", "he", "she", "to", "will", "should", "must", "can", "could",
     "would", "did", "do", "please", "let's", "lets")
)  # fmt: skip
