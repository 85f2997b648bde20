"""Words that pick a tool run by how it ended (rule status-runs; issue 15 item 1): "the last
good run", "the failed one", "in the passing build", "the latest green deploy". Normalised by
casefolding and trimming edges, as ``dialogue.status_runs`` reads a turn's words."""

__all__ = [
    "BUILD_RUN_NOUNS",
    "FAILED_WORDS",
    "RUN_STATUS_NOUNS",
    "STATUS_DETERMINERS",
    "STATUS_SHOWN_FAILED",
    "STATUS_SHOWN_SUCCEEDED",
    "SUCCEEDED_WORDS",
]

# fmt: off
# A run's status, as a question says it.
SUCCEEDED_WORDS = frozenset((
    "good", "passing", "passed", "green", "successful", "succeeded", "working", "clean",
    "ok", "okay", "healthy",
))
FAILED_WORDS = frozenset((
    "failed", "failing", "broken", "red", "bad", "crashed", "errored", "erroring",
    "unsuccessful",
))
# What a status word names: a run of a tool as a whole ("the last good run", "the failed
# one"), beside the run nouns of ``output_nouns.RUN_NOUNS`` and the tool's own name words.
RUN_STATUS_NOUNS = frozenset((
    "one", "ones", "run", "build", "builds", "job", "jobs", "deploy", "deploys",
    "deployment", "pipeline", "nightly", "release", "workflow", "attempt", "try", "pass",
    "check", "test", "tests", "backup", "sync", "import", "migration",
))
# Nouns that are a run of a CI or deploy tool whatever the tool's name, for rule named-runs'
# selectors too ("the second build" after three ``gh_run_view`` outputs; rule status-runs).
BUILD_RUN_NOUNS = frozenset((
    "build", "builds", "deploy", "deploys", "deployment", "deployments", "pipeline",
    "pipelines", "nightly", "workflow",
))
# What may open the phrase ("the last good run", "in that failed one", "last green build").
STATUS_DETERMINERS = frozenset((
    "the", "that", "this", "last", "latest", "newest", "most", "recent", "previous", "first",
    "earlier", "older",
))
# How an output shows its run's status: its first such token decides ("Build #412 FAILED",
# "X ios-build", "ok build-and-test", "state: ready"). Casefolded tokens, edges trimmed.
STATUS_SHOWN_FAILED = frozenset((
    "failed", "failure", "fail", "x", "✗", "✘", "error", "errored", "cancelled", "canceled",
    "timeout", "timed", "aborted", "broken", "red",
))
STATUS_SHOWN_SUCCEEDED = frozenset((
    "success", "succeeded", "successful", "passed", "pass", "ok", "✓", "✔", "green", "ready",
    "done", "completed",
))
# fmt: on
