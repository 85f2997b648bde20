"""The type of value a question asks for by its wh-word and head noun, and whether a tool
output holds a value of that type (rule typed-output-values; SPEC-028 §4.1 tool; issue 15
item 1).

"who kicked it off?" asks for a person (an output's "triggered by:", "Author:", "operator"
column, an e-mail address), "when was it committed?" for a date or clock time ("Sat Dec 5
22:47:13", "07:15", "2026-12-01"), "how long did it run?" for a duration ("4m12s", "166s",
"duration:"), "which port did it try?" for a port (":5432", "port 5432"), "what address was it
hitting?" for an address ("10.0.3.17", a URL, a "host" field), "what line is the first one
on?" for a source position ("main.c:41:7:"), "which file has the third?" for a path. Closed
classes as data; an output is read token by token (``str.split``), no pattern that can
backtrack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

__all__ = [
    "ADDRESS",
    "DURATION",
    "FILE",
    "GENERAL_WORDS",
    "LINE",
    "MACHINE",
    "PERSON",
    "PLACE",
    "PORT",
    "WHEN",
    "asked_type",
    "head_noun",
    "shape_values",
]

PERSON, WHEN, DURATION, PORT, ADDRESS, MACHINE, LINE, FILE, PLACE = (
    "person",
    "when",
    "duration",
    "port",
    "address",
    "machine",
    "line",
    "file",
    "place",
)

# fmt: off
# Question words that ask for a value of one type by themselves ("who made the change?").
_TYPED_OPENERS: Mapping[str, str] = MappingProxyType({
    "who": PERSON, "whom": PERSON, "whose": PERSON, "when": WHEN, "where": PLACE,
})
# Question words a head noun follows ("which port", "what line", "whats the ip").
_NOUN_OPENERS = frozenset(("which", "wich", "what", "wat", "whats", "what's", "wats"))
# "how long", "how much time": a duration.
_DURATION_PAIRS = frozenset(("long",))
# Head nouns -> the type of value they ask for ("which port did it try?": a port).
TYPED_NOUNS: Mapping[str, str] = MappingProxyType({
    "port": PORT,
    "ip": ADDRESS, "address": ADDRESS, "adress": ADDRESS, "addr": ADDRESS, "host": ADDRESS,
    "hostname": ADDRESS, "server": ADDRESS, "endpoint": ADDRESS, "url": ADDRESS,
    "domain": ADDRESS,
    "machine": MACHINE, "box": MACHINE, "runner": MACHINE, "node": MACHINE,
    "instance": MACHINE, "worker": MACHINE,
    "line": LINE,
    "file": FILE, "path": FILE,
    "time": WHEN, "date": WHEN, "day": WHEN,
    "user": PERSON, "username": PERSON, "account": PERSON, "person": PERSON,
})
# Words a question may put between its question word and the head noun ("what is the port",
# "which exact line").
_NOUN_SKIPS = frozenset(("the", "is", "was", "exact", "exactly", "a", "an", "s"))
# An output's field names and column heads that hold a value of a type ("triggered by:
# marta", "Author:", an "operator" column; "runner:", "node=", "host": ...).
_TYPE_KEYS: Mapping[str, frozenset[str]] = MappingProxyType({
    PERSON: frozenset((
        "author", "by", "actor", "user", "username", "owner", "driver", "operator",
        "assignee", "committer", "reporter", "creator", "requester", "submitter",
        "maintainer", "approver", "login", "account", "staff", "cashier", "agent",
    )),
    DURATION: frozenset((
        "duration", "elapsed", "took", "runtime", "uptime", "retention", "ttl", "timeout",
    )),
    PORT: frozenset(("port",)),
    ADDRESS: frozenset(("host", "hostname", "ip", "address", "addr", "server", "endpoint",
                        "url")),
    MACHINE: frozenset(("runner", "node", "host", "hostname", "server", "machine",
                        "instance", "worker")),
    FILE: frozenset(("file", "filename", "path")),
    PLACE: frozenset(("host", "hostname", "server", "path", "location", "region", "bucket",
                      "destination", "storage", "url")),
})
# Units a duration's number carries ("4m12s", "166s", "1.204s", "5h", "30 days").
_DURATION_UNITS = frozenset(("ms", "s", "m", "h", "d", "min", "mins", "sec", "secs", "hr",
                             "hrs"))
_DURATION_WORDS = frozenset(("second", "seconds", "minute", "minutes", "hour", "hours", "day",
                             "days", "week", "weeks"))
_MONTH_AND_DAY_NAMES = frozenset((
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "oct", "nov", "dec", "january",
    "february", "march", "april", "june", "july", "august", "september", "october",
    "november", "december", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "monday",
    "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
))
# Words asking about people or things in general ("what time do most customers order?",
# "when do people usually book?"): a habit of the world, not a value an output shows.
GENERAL_WORDS = frozenset((
    "most", "usually", "normally", "generally", "typically", "people", "everyone", "anyone",
    "everybody", "anybody", "ever", "often",
))
# fmt: on
_LEADS = frozenset(("and", "n", "so", "ok", "okay", "also", "then", "oh", "but", "&"))
_EDGES = ",;!?\"'()[]{}<>*`"
_MAX_OPENING = 5  # words of a question read for its question word and head noun


def asked_type(words: Sequence[str]) -> str | None:
    """The type of value a question asks for by its opening (``words``: its casefolded words,
    edges stripped): a typed question word ("who", "when", "where"), "how long", or "which" /
    "what" and a head noun of ``TYPED_NOUNS`` ("which port", "what's the ip"); else None,
    also for a question about people or things in general (``GENERAL_WORDS``)."""
    if not GENERAL_WORDS.isdisjoint(words):
        return None  # "what time do most customers order?": the world's habit
    opening = [word for word in words[:_MAX_OPENING] if word]
    while opening and opening[0] in _LEADS:
        opening = opening[1:]
    if not opening:
        return None
    first = opening[0]
    if first in _TYPED_OPENERS:
        return _TYPED_OPENERS[first]
    if first == "how":
        return DURATION if len(opening) > 1 and opening[1] in _DURATION_PAIRS else None
    if first not in _NOUN_OPENERS:
        return None
    for word in opening[1:]:
        if word in TYPED_NOUNS:
            return TYPED_NOUNS[word]
        if word not in _NOUN_SKIPS:
            return None
    return None


def head_noun(words: Sequence[str]) -> str | None:
    """The noun a "which" / "what" question asks the value of ("what terminal does it land
    at?": "terminal"), the first word after the question word and ``_NOUN_SKIPS``; None for
    another opening or a question about things in general (``GENERAL_WORDS``)."""
    if not GENERAL_WORDS.isdisjoint(words):
        return None
    opening = [word for word in words[:_MAX_OPENING] if word]
    while opening and opening[0] in _LEADS:
        opening = opening[1:]
    if not opening or opening[0] not in _NOUN_OPENERS:
        return None
    return next((word for word in opening[1:] if word not in _NOUN_SKIPS), None)


def shape_values(tokens: Sequence[str], kind: str, header: int = 0) -> tuple[bool, frozenset[str]]:
    """Whether an output (its casefolded whitespace tokens) holds a value of ``kind``, and the
    values it can name by their form (clock times, ports, addresses, source positions,
    durations: for the caller's check that no turn said them; an output holding only a field
    found by its key, "Author:", names none, so it counts as unsaid). A field is a token of
    a field's shape ("author:", "host=nas", '"user":') or one of the first ``header`` tokens
    (a table's column heads): prose's "sorted by name" names no person's field. A month or
    day name is a date only beside a number ("Dec 05", "Tue Nov 24"): "sky: sun" is none."""
    keys = _TYPE_KEYS.get(kind, frozenset())
    keyed = False
    values: set[str] = set()
    previous = ""
    named: list[str] = []  # month or day names just read ("sat dec"): dates if a number follows
    for index, raw in enumerate(tokens):
        token = raw.strip(_EDGES)
        if not keyed and keys and (index < header or _field_shaped(raw)):
            keyed = bool(_key_words(token) & keys)
        value = _shape(token, previous, kind)
        if value and kind == WHEN and value.rstrip(".,") in _MONTH_AND_DAY_NAMES:
            if previous[:1].isdigit():
                values.add(value)  # "5 dec"
            else:
                named.append(value)
        else:
            if named and token[:1].isdigit():
                values.update(named)
            named.clear()
            if value:
                values.add(value)
        previous = token
    return keyed or bool(values), frozenset(values)


def _field_shaped(raw: str) -> bool:
    """'author:', 'by:', '"user":', 'host=nas': a field's name, not a word of prose."""
    return raw.rstrip(',"').endswith(":") or "=" in raw


def _key_words(token: str) -> set[str]:
    """The words of a field name ("retention_days", "triggered_by:", "host=backup-nas")."""
    name = token.split("=", 1)[0].rstrip(":").strip('."')
    return set(name.replace("-", "_").split("_")) if name else set()


def _shape(token: str, previous: str, kind: str) -> str | None:
    """The value ``token`` is if it has the form of ``kind``, else None."""
    if kind == WHEN:
        return token if _is_clock(token) or _is_date(token) else None
    if kind == DURATION:
        return token if _is_duration(token, previous) else None
    if kind == PORT:
        bare = token.rstrip(":")
        port = bare.rsplit(":", 1)[-1] if ":" in bare else ""
        if previous == "port" and token.isdigit():
            port = token
        return port if port.isdigit() and 2 <= len(port) <= 5 else None
    if kind in (ADDRESS, MACHINE, PLACE):
        return token if _is_address(token) else None
    if kind == LINE:
        return token if _is_position(token) else None
    if kind == FILE:
        return token if _is_path(token) else None
    if kind == PERSON:
        name, at, domain = token.partition("@")
        return token if at and name and "." in domain else None
    return None


def _is_clock(token: str) -> bool:
    """'14:10', '22:47:13', '2026-12-07t02:03:51z' (a clock inside an ISO stamp)."""
    part = token.rsplit("t", 1)[-1].rstrip("z") if "t" in token else token
    pieces = part.split(":")
    return (
        2 <= len(pieces) <= 3
        and all(p.isdigit() and len(p) == 2 for p in pieces[1:])
        and (pieces[0].isdigit() and 1 <= len(pieces[0]) <= 2)
    )


def _is_date(token: str) -> bool:
    """'2026-12-01', '2026-12-07t02:03:51z', a month or day name ('dec', 'sat')."""
    if token.rstrip(".,") in _MONTH_AND_DAY_NAMES:
        return True
    pieces = token[:10].split("-")
    return len(pieces) == 3 and len(pieces[0]) == 4 and all(p.isdigit() for p in pieces)


def _is_duration(token: str, previous: str) -> bool:
    """'4m12s', '166s', '(37s)', '1.204s', '5h', or a number before a unit word ('30 days')."""
    if token in _DURATION_WORDS and previous.replace(".", "", 1).isdigit():
        return True
    if not token or not token[0].isdigit():
        return False
    number, unit, units = True, "", 0
    for char in token:
        if char.isdigit() or char == ".":
            if unit:
                if unit not in _DURATION_UNITS:
                    return False
                unit, units = "", units + 1
            number = True
        elif char.isalpha():
            unit += char
        else:
            return False
    # A bare "5m" is metres as often as minutes ("wind 5m"): a duration beside another unit.
    return number and unit in _DURATION_UNITS and (unit != "m" or units > 0)


def _is_address(token: str) -> bool:
    """'10.0.3.17', '172.16.4.20:6380', 'https://host/path'."""
    if "://" in token:
        return True
    host = token.split(":", 1)[0]
    pieces = host.split(".")
    return len(pieces) == 4 and all(p.isdigit() and len(p) <= 3 for p in pieces)


def _is_position(token: str) -> bool:
    """'src/main.c:41:7:', 'makefile:23:', a file's name then a line number."""
    name, colon, rest = token.partition(":")
    if not colon or not any(char.isalpha() for char in name) or "://" in token:
        return False
    line = rest.split(":", 1)[0]
    return line.isdigit()


def _is_path(token: str) -> bool:
    """'src/calib.c', 'src/main.c:41:7:', 'dsp/fft.c': a name with an extension or a slash."""
    name = token.split(":", 1)[0]
    if "://" in token or not name or not any(char.isalpha() for char in name):
        return False
    stem, dot, extension = name.rpartition(".")
    return ("/" in name and len(name) > 1) or (
        bool(dot and stem) and extension.isalpha() and 1 <= len(extension) <= 4
    )
