"""What a session looks like on a Redis server (``RedisStore``): the hash's fields, the
script that appends a save atomically, and the check of what a load read back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .base import PartialStateError, StoredSession, StoreError, stored_float, stored_int
from .turns import SEGMENT_KEY, SEGMENT_TURNS

__all__ = [
    "APPEND_SCRIPT",
    "COPY_RECORDS_SCRIPT",
    "COPY_TURNS_SCRIPT",
    "HASH_FIELDS",
    "LOADED_FIELDS",
    "LOAD_AFTER_SEGMENTS_SCRIPT",
    "RECORD_SIZES_SCRIPT",
    "STAGED_COMMIT_SCRIPT",
    "field_text",
    "segmented_read",
    "stored_session",
]

HASH_FIELDS = ("blob", "version", "updated_at", "turn_count")  # a hash must hold each
LOADED_FIELDS = (*HASH_FIELDS, "record_count")  # what load reads


def field_text(value: object) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


# What every save script checks first (a script runs alone on the server). KEYS: the
# session hash, its turn list, the tenant's session set, the by-update sorted set, its keyed
# records' hash. ARGV: expected version, first turn, head, new version, now, session name,
# tenant/name, the size cap, then the script's own. Versions stay strings: they pass 2**53,
# Lua's exact integer range. Refuses with {status, value}: conflict (stored version),
# corrupt, partial (what is missing: a hash without its list or blob, a list or records
# without the hash, counts that disagree; checked first, so a client that retries on
# conflict stops), gap (stored turn count).
_CHECKS = """
local stored = redis.call('HMGET', KEYS[1], 'version', 'turn_count', 'turn_bytes', 'updated_at',
  'record_count', 'record_bytes')
local listed = redis.call('LLEN', KEYS[2])
local keyed = redis.call('HLEN', KEYS[5])
if not stored[1] then
  if redis.call('EXISTS', KEYS[1]) == 1 then return {'partial', 'the version field'} end
  if listed > 0 then return {'partial', 'its hash (a turn list without it)'} end
  if keyed > 0 then return {'partial', 'its hash (keyed records without it)'} end
elseif redis.call('HEXISTS', KEYS[1], 'blob') == 0 then return {'partial', 'the blob field'}
elseif not stored[2] then return {'partial', 'the turn_count field'}
elseif not stored[4] then return {'partial', 'the updated_at field'} end
local version = stored[1] or '0'
if version ~= ARGV[1] then return {'conflict', version} end
local count = tonumber(stored[2] or '0')
local bytes = tonumber(stored[3] or '0')
local record_count = tonumber(stored[5] or '0')
local record_bytes = tonumber(stored[6] or '0')
if count == nil or bytes == nil or record_count == nil or record_bytes == nil then
  return {'corrupt', ''}
end
if listed ~= count then
  return {'partial', string.format('turn records: %d listed, %d recorded', listed, count)}
end
if keyed ~= record_count then
  return {'partial', string.format('keyed records: %d stored, %d recorded', keyed, record_count)}
end
local first = tonumber(ARGV[2])
if first > count then return {'gap', tostring(count)} end
"""

# The hash's fields and the session's entries in the tenant set and the by-update set, once
# a save's records are in place (``new_count``, ``new_bytes``: its turn count and bytes).
_COMMIT = """
redis.call('HSET', KEYS[1], 'blob', ARGV[3], 'version', ARGV[4], 'updated_at', ARGV[5],
  'turn_count', string.format('%d', new_count), 'turn_bytes', string.format('%d', new_bytes),
  'record_count', string.format('%d', record_count),
  'record_bytes', string.format('%d', record_bytes))
redis.call('SADD', KEYS[3], ARGV[6])
redis.call('ZADD', KEYS[4], ARGV[5], ARGV[7])
return {'ok', ''}
"""

# One save that appends turns, atomically, its records in its arguments (``_CHECKS``' keys
# and arguments, then the number of turns, the turns, the number of keyed records, then
# each record's key and bytes). Answers ok, one of ``_CHECKS``' refusals, size (the size it
# would reach), or replace (records from first turn on exist: the caller's transaction
# handles that rare case).
APPEND_SCRIPT = (
    _CHECKS
    + """
if first < count then return {'replace', ''} end
local n = tonumber(ARGV[9])
local added = 0
for i = 1, n do added = added + string.len(ARGV[9 + i]) end
local m = tonumber(ARGV[10 + n])
local base = 10 + n
if first == 0 then record_count, record_bytes = 0, 0 end
for i = 1, m do
  local name, value = ARGV[base + 2 * i - 1], ARGV[base + 2 * i]
  local old = 0
  if first ~= 0 then old = redis.call('HSTRLEN', KEYS[5], name) end
  if old == 0 then record_count = record_count + 1 end
  record_bytes = record_bytes - old + string.len(value)
end
local size = string.len(ARGV[3]) + bytes + added + record_bytes
if size > tonumber(ARGV[8]) then return {'size', string.format('%d', size)} end
for start = 1, n, 1000 do
  redis.call('RPUSH', KEYS[2], unpack(ARGV, 9 + start, 9 + math.min(n, start + 999)))
end
if first == 0 then redis.call('DEL', KEYS[5]) end
for start = 1, m, 500 do
  local last = base + 2 * math.min(m, start + 499)
  redis.call('HSET', KEYS[5], unpack(ARGV, base + 2 * start - 1, last))
end
local new_count, new_bytes = first + n, bytes + added
"""
    + _COMMIT
)

# The commit of a big save whose records were staged first, in bounded commands, under keys
# no reader looks at (``redis_staging``): the staged turn list holds every turn record of the
# saved session (an appending save's earlier ones copied there first, in bounded steps:
# ``COPY_TURNS_SCRIPT``) and the staged hash every keyed record (the ones this save does not
# write copied by ``COPY_RECORDS_SCRIPT``), so the commit only checks and renames them into
# place: no record moves inside it, whatever the save's size, and a reader sees the whole
# save or none of it. KEYS: ``_CHECKS``' and the staged turn list, keyed records' hash and
# tally (the bytes the copy steps moved). ARGV: ``_CHECKS``', then the number of staged
# turn records, the bytes of those this save sent, the number of staged keyed records and
# the bytes of those this save sent. Answers ok, one of ``_CHECKS``' refusals, size, or
# staged (the staged keys do not hold what was sent: expired, or a copy step missed).
STAGED_COMMIT_SCRIPT = (
    _CHECKS
    + """
local n, m = redis.call('LLEN', KEYS[6]), redis.call('HLEN', KEYS[7])
if n ~= tonumber(ARGV[9]) or m ~= tonumber(ARGV[11]) then
  return {'staged', string.format('%d of %s turn records, %d of %s keyed records', n, ARGV[9],
    m, ARGV[11])}
end
local tally = redis.call('HMGET', KEYS[8], 'turn_bytes', 'record_bytes')
local new_bytes = tonumber(tally[1] or '0') + tonumber(ARGV[10])
record_count, record_bytes = m, tonumber(tally[2] or '0') + tonumber(ARGV[12])
local size = string.len(ARGV[3]) + new_bytes + record_bytes
if size > tonumber(ARGV[8]) then return {'size', string.format('%d', size)} end
redis.call('UNLINK', KEYS[2], KEYS[5], KEYS[8])
if n > 0 then redis.call('RENAME', KEYS[6], KEYS[2]); redis.call('PERSIST', KEYS[2]) end
if m > 0 then redis.call('RENAME', KEYS[7], KEYS[5]); redis.call('PERSIST', KEYS[5]) end
local new_count = n
"""
    + _COMMIT
)

# The steps that copy an appending staged save's kept records under its staging keys, each
# bounded, each refused once the session's version moved (the commit would refuse anyway).
# KEYS: the session hash, its turn list or keyed records' hash, the staged one, the tally.
# Turns: ARGV the expected version, the staging TTL, the first turn to copy, the turn to
# stop before and the bytes to copy at most (at least one record): copied in order, in runs
# of 16; answers {ok, next turn} or {conflict, version} or {partial, ''} (records missing).
COPY_TURNS_SCRIPT = """
local version = redis.call('HGET', KEYS[1], 'version') or '0'
if version ~= ARGV[1] then return {'conflict', version} end
local position, stop, limit = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local copied = 0
while position < stop and copied < limit do
  local run = redis.call('LRANGE', KEYS[2], position, math.min(stop, position + 16) - 1)
  if #run == 0 then return {'partial', ''} end
  for _, record in ipairs(run) do copied = copied + string.len(record) end
  redis.call('RPUSH', KEYS[3], unpack(run))
  position = position + #run
end
redis.call('HINCRBY', KEYS[4], 'turn_bytes', copied)
redis.call('EXPIRE', KEYS[3], ARGV[2])
redis.call('EXPIRE', KEYS[4], ARGV[2])
return {'ok', tostring(position)}
"""

# Keyed records: ARGV the expected version, the staging TTL, then the names to copy (those
# the save does not write, a run the client bounded by their sizes); answers {ok, ''},
# {conflict, version} or {partial, name} (a record gone).
COPY_RECORDS_SCRIPT = """
local version = redis.call('HGET', KEYS[1], 'version') or '0'
if version ~= ARGV[1] then return {'conflict', version} end
local copied = 0
for i = 3, #ARGV do
  local record = redis.call('HGET', KEYS[2], ARGV[i])
  if not record then return {'partial', ARGV[i]} end
  redis.call('HSET', KEYS[3], ARGV[i], record)
  copied = copied + string.len(record)
end
redis.call('HINCRBY', KEYS[4], 'record_bytes', copied)
redis.call('EXPIRE', KEYS[3], ARGV[2])
redis.call('EXPIRE', KEYS[4], ARGV[2])
return {'ok', ''}
"""

# The names and sizes of a session's keyed records (HSTRLEN: no record is read).
RECORD_SIZES_SCRIPT = """
local names = redis.call('HKEYS', KEYS[1])
local found = {}
for _, name in ipairs(names) do
  found[#found + 1] = name
  found[#found + 1] = redis.call('HSTRLEN', KEYS[1], name)
end
return found
"""


# One load that leaves out the turn records the session's segments stand for (issue 18 item
# 4), atomically: the hash's fields, the turn records from the first turn no unbroken run of
# segments ``turns/0``, ``turns/1``, ... covers (``base.segmented_turns``, counted here from
# the stored turn count, at most whole segments), the keyed records and how many of the three
# keys exist, all read alone on the server, so a save in between cannot split them. KEYS: the
# session hash, its turn list, its keyed records' hash. ARGV: the first turn asked for.
# Answers {fields, first turn read, turn records, keyed records as key, value, ..., keys that
# exist}; a hash field that is missing comes back nil (``stored_session`` names it).
LOAD_AFTER_SEGMENTS_SCRIPT = f"""
local fields = redis.call('HMGET', KEYS[1], {", ".join(repr(f) for f in LOADED_FIELDS)})
local start = tonumber(ARGV[1])
local count = tonumber(fields[4] or '')
if count ~= nil then
  local whole = math.floor(count / {SEGMENT_TURNS})
  local blocks = 0
  while blocks < whole and redis.call('HEXISTS', KEYS[3], '{SEGMENT_KEY}' .. blocks) == 1 do
    blocks = blocks + 1
  end
  start = math.max(start, blocks * {SEGMENT_TURNS})
end
return {{fields, start, redis.call('LRANGE', KEYS[2], start, -1), redis.call('HGETALL', KEYS[3]),
  redis.call('EXISTS', KEYS[1], KEYS[2], KEYS[3])}}
"""


def segmented_read(answer: Any) -> tuple[Sequence[Any], int, list[Any], dict[Any, Any], int]:
    """(hash fields, first turn read, turn records, keyed records, keys that exist) from
    ``LOAD_AFTER_SEGMENTS_SCRIPT``'s answer, as a load's transaction reads them."""
    if not isinstance(answer, list) or len(answer) != 5:
        raise StoreError(f"redis: the load script answered {type(answer).__name__}")
    fields, start, records, flat, present = answer
    keyed = dict(zip(flat[::2], flat[1::2], strict=True))
    return list(fields), int(start), list(records), keyed, int(present)


def stored_session(
    tenant: str,
    session_id: str,
    start: int,
    fields: Sequence[Any],
    records: Any,
    keyed: Any,
) -> StoredSession:
    """A stored session from what ``RedisStore.load`` (or ``aload``) read: the hash's fields, the
    turn records from ``start`` and the keyed records."""
    head, version, updated, count, record_count = fields
    fields = fields[:4]  # record_count: absent from hashes of the format-2 release
    where = f"{tenant}/{session_id}"
    # A hash lost (eviction, TTL, a stray DEL) while its list survives, a field lost, or a
    # list that does not hold the recorded turns: refused, never loaded as a new session
    # that the next save would append to the old list.
    missing = [name for name, value in zip(HASH_FIELDS, fields, strict=True) if value is None]
    if missing:
        lost = "its hash" if len(missing) == 4 else "the hash field(s) " + ", ".join(missing)
        raise PartialStateError(f"session {where}: stored state is partial, missing {lost}")
    version, updated = stored_int(version, where), stored_float(updated, where)
    count = stored_int(count, where)
    start = min(start, count)
    if start + len(records) != count:
        raise PartialStateError(
            f"session {where}: stored state is partial, {start + len(records)} turn records "
            f"stored, {count} recorded"
        )
    stored = {field_text(name): bytes(record) for name, record in keyed.items()}
    if len(stored) != stored_int(record_count or 0, where):
        raise PartialStateError(
            f"session {where}: stored state is partial, {len(stored)} keyed records "
            f"stored, {stored_int(record_count or 0, where)} recorded"
        )
    turns = tuple(bytes(r) for r in records)
    return StoredSession(bytes(head), turns, version, updated, start, stored)
