"""Words of questions for a value a tool output holds (rule summed-output-values; issue 15
item 1): "which folder is the biggest one?", "how many files went inside in total?" ask for a
value across an output's rows; "how many holds per licence is normal?" asks for a norm of the
world, not a value shown. Closed classes, read by ``dialogue.summed_values``."""

__all__ = [
    "AGGREGATE_WORDS",
    "INDEFINITE_JUDGING_WORDS",
    "JUDGED_MEASURES",
    "JUDGED_SHOWINGS",
    "JUDGING_WORDS",
    "LISTING_NOUNS",
    "MEANING_ENDS",
    "NORM_WORDS",
    "QUANTITY_WORDS",
    "VALUE_LEADS",
]

# fmt: off
# Words asking for the row an output's values rank first or last, or for their sum: a question
# holding one and a word of the output asks across its rows ("which day had the most
# bookings?", "how many files in total?"). Size and count superlatives only: "best", "worst",
# "cheapest" judge things of the world ("which day is best for sending it?").
AGGREGATE_WORDS = frozenset((
    "most", "fewest", "least", "biggest", "largest", "smallest", "highest", "lowest",
    "busiest", "quietest", "longest", "shortest", "slowest", "fastest", "total", "altogether",
))
# Words judging things of the world ("which filesystem is best for a usb stick?", "which city
# has the best museums?"): with a word the output does not hold, the question asks which
# thing of the world is good (rule judged-world-questions), not a value shown; "best
# saturday?" of a till report holds all its words. Not "worst" nor "good": "the worst
# response time", "the last good run" name a value or a run.
JUDGING_WORDS = frozenset((
    "best", "better", "nicest", "ideal", "safest", "finest", "greatest", "recommended",
))
# Words judging after "a" ("whats a good ping for shooters?", "a decent speed for zoom"): a
# kind of thing of the world; "the last good run" names a run.
INDEFINITE_JUDGING_WORDS = frozenset(("good", "decent", "sensible", "fine", "solid"))
# Measures a judging word may rank an output's rows by ("which region had the best latency?",
# "the best score"), and verbs of a row's showing before it ("which model performed best?",
# "who scored best"): the output's extreme value, not a thing of the world.
JUDGED_MEASURES = frozenset((
    "latency", "latencies", "speed", "speeds", "score", "scores", "accuracy", "performance",
    "throughput", "time", "times", "price", "prices", "rate", "rates", "result", "results",
    "uptime", "ratio", "margin", "sales", "revenue", "ping", "p50", "p95", "p99", "mean",
    "average", "median", "value", "values", "numbers", "figures", "total", "totals",
))  # fmt: skip
JUDGED_SHOWINGS = frozenset((
    "performed", "performs", "did", "does", "scored", "scores", "ran", "runs", "worked",
    "works", "went", "came", "ranked", "ranks", "tested",
))  # fmt: skip
# Nouns naming the rows of a listing of paths ("photos/1950s", "/srv/ringing/backups"): with
# a word of AGGREGATE_WORDS they ask across an output holding a path ("which folder is the
# biggest one?", "which directory was the smallest").
LISTING_NOUNS = frozenset(("folder", "directory", "dir", "subfolder", "subdirectory"))
# Words asking what is normal or advisable ("how many bags per volunteer is normal", "how many
# holds per licence do libraries consider acceptable"): a norm of the world, not a value shown.
NORM_WORDS = frozenset((
    "normal", "typical", "typically", "acceptable", "recommended", "recommend", "usual",
    "ideal", "considered", "reasonable", "standard", "advisable", "enough",
))
# Last words of a question asking what a thing does or means ("The cyanuric acid seems high,
# what does it do?", "what is that for?"): about the thing, not a value shown.
MEANING_ENDS = frozenset(("do", "does", "mean", "means", "for", "work", "works"))
# Words after "how" asking for an amount ("how many", "how long", "how big"): of a row a
# table, log or listing shows, its figure.
QUANTITY_WORDS = frozenset((
    "many", "much", "long", "big", "large", "high", "low", "far", "often", "fast", "slow",
    "old", "full", "heavy", "hot", "cold", "warm",
))
# Words that may lead a question before its own first word ("and the pressure?", "ok so which
# region"): skipped when reading whether it opens as a yes/no question.
VALUE_LEADS = frozenset(("and", "n", "so", "ok", "okay", "also", "then", "oh", "but", "&"))
# fmt: on
