"""Words a question asks a tool output's value by that are not the output's key (rule
reworded-output-values; SPEC-028 §4.1 tool; issue 15 item 1).

After rsync's "8.13M bytes/sec" people ask "how quick was it?"; after its "dir: 310", "how many
folders?"; after a cron log's "(root) CMD", "under which account?"; after dig's "3600 IN
CNAME", "how long is it cached?", "where does the alias point?"; after an npm tree, "what
brings it in?"; after two invoices with dates, "which is the newest?"; after a forecast's
"wind_gust_kmh", "how gusty will it get?". ``ASKED_BY`` maps such a question word to the
output words holding its answer: field names and column heads as the output writes them
(split at punctuation: "wind_gust_kmh" holds "gust", "Required-by:" holds "required"), and
shape marks (``SHAPE_*``) that ``shape_marks`` reads off an output's tokens where the value has
a form and no key (a rate "41.2MB/s", a dig answer line, a tree's branch, "name@1.2.3", a cron
line's account, two dates or more). Closed classes as data; ``shape_marks`` reads tokens with
``str`` methods only, no pattern that can backtrack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

__all__ = [
    "ASKED_BY",
    "ASK_PREAMBLES",
    "DATE_COMPARISONS",
    "EVALUATIVE_WORDS",
    "FIRST_PERSONS",
    "REQUIREMENT_WORDS",
    "SHAPE_ACCOUNT",
    "SHAPE_DATES",
    "SHAPE_DNS",
    "SHAPE_OWNER",
    "SHAPE_RATE",
    "SHAPE_SIZE",
    "SHAPE_TREE",
    "SHAPE_VERSION",
    "STATE_SUBJECTS",
    "STATE_WORDS",
    "shape_marks",
]

# Marks of values known by their form (never a word of an output: they open with "@").
SHAPE_RATE = "@rate"  # "8.13M bytes/sec", "41.2MB/s", "12 Mbps"
SHAPE_DNS = "@dns"  # a dig answer line: "name. 3600 IN CNAME target."
SHAPE_TREE = "@tree"  # a dependency tree's branch: "├─┬", "└──", "`--"
SHAPE_VERSION = "@version"  # "semver@7.5.2"
SHAPE_ACCOUNT = "@account"  # a cron log line's account: "CRON[30377]: (root) CMD (...)"
SHAPE_OWNER = "@owner"  # the owner column of ``ls -l``: "-rw-r----- 1 shopbak shopbak"
SHAPE_SIZE = "@size"  # a size: "2.3G", "812MB", "14.82G bytes"
SHAPE_DATES = "@dates"  # two dates or more ("2026-10-28", "2026-11-24"): rows to compare

# fmt: off
_RATE = frozenset(("speed", "rate", "throughput", "bandwidth", SHAPE_RATE))
_DIRS = frozenset(("dir", "dirs", "directory", "directories", "folder", "folders"))
_ACCOUNT = frozenset(("user", "uid", "login", "owner", "account", SHAPE_ACCOUNT, SHAPE_OWNER))
_PROCESS = frozenset(("pid",))
_MEMORY = frozenset(("mem", "memory", "rss", "ram"))
_BOOT = frozenset(("enabled", "disabled"))
_CACHED = frozenset(("ttl", "expires", "expiry", SHAPE_DNS))
_ALIAS = frozenset(("cname", "alias", "aliases"))
_DEPENDS = frozenset((SHAPE_TREE, "requires", "required", "depends", "dependencies",
                      "dependents"))
_VERSION = frozenset(("version", SHAPE_VERSION))
_NEWEST = frozenset((SHAPE_DATES,))
_SIZE = frozenset(("size", SHAPE_SIZE))
_SENT = frozenset(("sent", "transferred", "received", "uploaded", "downloaded"))
_GUST = frozenset(("gust", "gusts"))
_WIND = frozenset(("wind",))
# "wind_dir" whole: a lone "dir" is a directory as often ("dir: 310" of rsync).
_DIRECTION = frozenset(("direction", "bearing", "wind_dir", "winddir", "wind_direction"))
_TEMPERATURE = frozenset(("temp", "temperature", "tmin", "tmax"))
_SUNSET = frozenset(("sunset",))
_SUNRISE = frozenset(("sunrise",))
_RAIN = frozenset(("precip", "precipitation", "rain", "rainfall", "pop"))
_AIR = frozenset(("aqi", "pm2", "pm10", "pm25", "o3", "no2", "pollutant", "dominant"))
_HUMID = frozenset(("humidity",))

# A question's word -> the output words holding the value it asks for.
ASKED_BY: Mapping[str, frozenset[str]] = MappingProxyType({
    "quick": _RATE, "quickly": _RATE, "fast": _RATE, "speed": _RATE, "rate": _RATE,
    "throughput": _RATE, "bandwidth": _RATE,
    "folder": _DIRS, "folders": _DIRS, "subfolders": _DIRS, "directory": _DIRS,
    "directories": _DIRS, "dirs": _DIRS,
    "account": _ACCOUNT, "accounts": _ACCOUNT, "user": _ACCOUNT, "owns": _ACCOUNT,
    "owner": _ACCOUNT, "owned": _ACCOUNT,
    "process": _PROCESS, "pid": _PROCESS,
    "ram": _MEMORY, "memory": _MEMORY,
    "boot": _BOOT, "reboot": _BOOT, "startup": _BOOT, "autostart": _BOOT,
    "automatically": _BOOT, "enabled": _BOOT, "disabled": _BOOT,
    "cached": _CACHED, "cache": _CACHED, "caching": _CACHED, "expiry": _CACHED,
    "expire": _CACHED, "expires": _CACHED, "ttl": _CACHED,
    "alias": _ALIAS, "cname": _ALIAS,
    "brings": _DEPENDS, "bring": _DEPENDS, "pulls": _DEPENDS, "pull": _DEPENDS,
    "requires": _DEPENDS, "require": _DEPENDS, "requres": _DEPENDS, "needs": _DEPENDS,
    "need": _DEPENDS, "depends": _DEPENDS, "depend": _DEPENDS, "uses": _DEPENDS,
    "parent": _DEPENDS,
    "version": _VERSION, "versions": _VERSION,
    "newest": _NEWEST, "latest": _NEWEST, "recent": _NEWEST, "newer": _NEWEST,
    "older": _NEWEST, "oldest": _NEWEST, "earliest": _NEWEST, "earlier": _NEWEST,
    "big": _SIZE, "large": _SIZE, "largest": _SIZE, "biggest": _SIZE, "size": _SIZE,
    "send": _SENT, "sent": _SENT, "copied": _SENT, "transfer": _SENT,
    "transferred": _SENT, "upload": _SENT, "uploaded": _SENT, "download": _SENT,
    "downloaded": _SENT,
    "gust": _GUST, "gusts": _GUST, "gusty": _GUST,
    "windy": _WIND, "breezy": _WIND,
    "direction": _DIRECTION, "side": _DIRECTION, "heading": _DIRECTION,
    "cold": _TEMPERATURE, "chilly": _TEMPERATURE, "freezing": _TEMPERATURE,
    "warm": _TEMPERATURE, "hot": _TEMPERATURE,
    "dark": _SUNSET, "sundown": _SUNSET, "dusk": _SUNSET, "nightfall": _SUNSET,
    "dawn": _SUNRISE, "sunup": _SUNRISE,
    "rain": _RAIN, "rainy": _RAIN, "wet": _RAIN, "drizzle": _RAIN,
    "air": _AIR, "pollution": _AIR, "pollutant": _AIR, "smog": _AIR,
    "humid": _HUMID, "muggy": _HUMID,
})
# Words of a yes/no question whose answer is an output's state ("is it set to start on boot?":
# "enabled"; "is the air ok?": its index): only these answer such a question; "are gusts
# like that too much for the juniors?" judges a value.
STATE_WORDS = frozenset((
    "boot", "reboot", "startup", "autostart", "automatically", "enabled", "disabled", "air",
))
# Words comparing an output's rows by their dates ("which one is more recent?"): a value
# shown, though the comparison reads as advice ("would X be better than Y?") elsewhere.
DATE_COMPARISONS = frozenset((
    "recent", "newer", "older", "earlier", "newest", "latest", "oldest", "earliest",
))
# Words judging a value or asking about things in general ("how cold is too cold?", "how
# quick is rsync in general?"): the world, not a value shown.
# "way" asks a method ("the quickest way to verify the copy?").
EVALUATIVE_WORDS = frozenset((
    "too", "general", "enough", "compared", "versus", "vs", "way", "ways",
))
# A first person needing or wanting ("how big a disk do i need?", "what version of node do
# we need?"): the user's requirement, not a value shown.
FIRST_PERSONS = frozenset(("i", "we"))
REQUIREMENT_WORDS = frozenset(("need", "want"))
# Words after a yes/no question's verb naming the thing it asks the state of ("is it set to
# start on boot?", "is the air ok?"); "will a reboot fix the relay?", "is there a way to ...?"
# ask about something else.
STATE_SUBJECTS = frozenset(("it", "they", "this", "that", "these", "those", "the"))
# Openings asking the assistant for a value ("could you tell me its process id, please?"):
# the rest of the question is read as the question.
ASK_PREAMBLES: tuple[tuple[str, ...], ...] = (
    ("could", "you", "tell", "me"), ("can", "you", "tell", "me"),
    ("could", "you", "remind", "me"), ("can", "you", "remind", "me"),
    ("do", "you", "know"), ("tell", "me"), ("remind", "me"),
)
# fmt: on

_TREE_GLYPHS = ("├", "└", "`--", "+--", "|--")
_RATE_ENDS = ("/s", "/sec", "/second", "bps", "/min")
_SIZE_UNITS = frozenset(
    ("b", "k", "m", "g", "t", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "bytes")
)
_DNS_TYPES = frozenset(("a", "aaaa", "cname", "mx", "txt", "ns", "srv", "ptr", "soa", "caa"))
_PERMISSION_CHARS = frozenset("-rwxdlsStT")
_EDGES = ",;:!?\"'()[]{}<>*`"


def shape_marks(tokens: Sequence[str]) -> dict[str, list[str]]:
    """The shape marks of an output (its casefolded whitespace tokens, one line's at a time by
    the caller) with the values they stand for: a rate's number, a dig line's TTL, a
    version, an account's or owner's name; a tree's branch and dates stand for none."""
    marks: dict[str, list[str]] = {}
    for index, raw in enumerate(tokens):
        token = raw.strip(_EDGES)
        previous = tokens[index - 1].strip(_EDGES) if index else ""
        if raw.startswith(_TREE_GLYPHS):
            marks.setdefault(SHAPE_TREE, [])
        if token.endswith(_RATE_ENDS) and any(char.isdigit() for char in previous + token):
            marks.setdefault(SHAPE_RATE, []).append(previous if token[:1].isalpha() else token)
        if _is_size(token, previous):
            marks.setdefault(SHAPE_SIZE, []).append(token)
        name, at, version = token.partition("@")
        if at and name and version[:1].isdigit():
            marks.setdefault(SHAPE_VERSION, []).append(version)
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if token == "in" and previous.isdigit() and following in _DNS_TYPES:
            marks.setdefault(SHAPE_DNS, []).append(previous)  # "3600 in cname"
        cron = index > 0 and tokens[index - 1].endswith("]:")
        if cron and raw.startswith("(") and raw.endswith(")"):
            marks.setdefault(SHAPE_ACCOUNT, []).append(token)  # "cron[30377]: (root)"
        if index == 0 and len(tokens) > 3 and len(raw) == 10 and set(raw) <= _PERMISSION_CHARS:
            marks.setdefault(SHAPE_OWNER, []).append(tokens[2])  # "-rw-r----- 1 shopbak"
    return marks


def _is_size(token: str, previous: str) -> bool:
    """'2.3g', '812mb', '14.82g' (before 'bytes'), '1024mb': a number and a size unit."""
    if token in ("bytes", "b") and previous[:1].isdigit():
        return False  # the number before it is the size
    number = token.rstrip("abcdefghijklmnopqrstuvwxyz")
    unit = token[len(number) :]
    return bool(number) and unit in _SIZE_UNITS and number.replace(".", "", 1).isdigit()
