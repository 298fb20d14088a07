-- Append a sealed batch to a game's stream, atomically and at most once per command id.
--
-- KEYS[1] game:{id}:events   KEYS[2] game:{id}:cmds   KEYS[3..] the keys the writes name: the game's own hashes
-- (extra), and keys outside the game (index)
-- ARGV[1] command id   ARGV[2] expected version   ARGV[3] previous hash   ARGV[4] command record (JSON)
-- ARGV[5] the game's head after the batch ("<version> <hash>")   ARGV[6] number of envelopes n
-- ARGV[7 .. 6+n] the envelopes (JSON)
-- ARGV[7+n ..] the writes, each one command's arguments after its key: a command, an index into KEYS, a count m,
-- then m arguments: "hset" field value [field value ...] | "zadd" score member [score member ...] | "publish" message
--
-- Replies: the game's version after the append (an integer: cheaper to return than a table) |
-- {"dup", record, entries} | {"conflict", actual version} | {"badprev", actual hash}
--
-- A new batch is announced on the channel game:{id}:appended, so that one subscriber per web process can wake every
-- viewer of the game: "<version>", the game's new version, then the batch's envelopes as stored, one a line (a JSON
-- text holds no raw newline), while they total at most ANNOUNCED_BYTES, so that the subscriber need not read them.
-- A bigger batch (a game's start) is announced by its version alone: every web process hears every game's news.

local ANNOUNCED_BYTES = 8192

local events, cmds = KEYS[1], KEYS[2]
local command_id, expected, prev_hash = ARGV[1], tonumber(ARGV[2]), ARGV[3]

-- The command's record and the game's head, kept under the empty field (no command id is empty), in one read.
local found = redis.call("HMGET", cmds, command_id, "")

-- A retried command gets its first answer for good, so its effects are never applied twice.
local record = found[1]
if record then
  -- Written again unchanged: a write of this connection's, so that a WAIT (or WAITAOF) sent after it confirms the
  -- first append too, and a retry is acknowledged only once its command is as durable as asked. (Redis 7.0 also
  -- waits so for a connection that wrote nothing; WAIT is documented to cover the connection's own writes only.)
  redis.call("HSET", cmds, command_id, record)
  local span = cjson.decode(record)
  local entries = {}
  if span.last >= span.first then
    entries = redis.call("XRANGE", events, "0-" .. span.first, "0-" .. span.last)
  end
  return {"dup", record, entries}
end

local actual = redis.call("XLEN", events)
if actual ~= expected then
  return {"conflict", actual}
end

-- The caller seals against the hash it read; a wrong one would silently fork the chain.
local head = "0000000000000000000000000000000000000000000000000000000000000000"
local kept = found[2]
if kept and tonumber(string.sub(kept, 1, -66)) == actual then
  head = string.sub(kept, -64)
elseif actual > 0 then
  -- No head kept at this version: a log written before heads were kept, or appended to by a script that kept none.
  local text = redis.call("XREVRANGE", events, "+", "-", "COUNT", 1)[1][2][2]
  -- A sealed envelope is stored with its hash last (events/envelope.py seal), so it is read there rather than by
  -- decoding the whole envelope; an envelope stored otherwise (an older spelling) is decoded.
  head = string.match(text, ',"hash":"(%x+)"}$') or cjson.decode(text).hash
end
if head ~= prev_hash then
  return {"badprev", head}
end

local n = tonumber(ARGV[6])
for i = 1, n do
  redis.call("XADD", events, "0-" .. (expected + i), "e", ARGV[6 + i])
end
redis.call("HSET", cmds, command_id, ARGV[4], "", ARGV[5])
-- The caller checked each write's command (events/store.py check_index): a script is not undone by an error.
local i = 7 + n
while i <= #ARGV do
  local count = tonumber(ARGV[i + 2])
  redis.call(ARGV[i], KEYS[tonumber(ARGV[i + 1])], unpack(ARGV, i + 3, i + 2 + count))
  i = i + 3 + count
end
local announced, size = tostring(expected + n), 0
for i = 7, 6 + n do
  size = size + #ARGV[i] + 1
end
if n > 0 and size <= ANNOUNCED_BYTES then
  announced = announced .. "\n" .. table.concat(ARGV, "\n", 7, 6 + n)
end
-- game:{id}:events less its suffix, "events": the same hash tag.
redis.call("PUBLISH", string.sub(events, 1, -7) .. "appended", announced)
return expected + n
