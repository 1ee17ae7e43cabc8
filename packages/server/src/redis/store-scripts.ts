import { script } from './connection.js';

// A session is two keys: a list of turns (one JSON per turn, in order) and a hash of the other fields (one JSON per
// field) plus `_v` (the version) and `_g` (a token that changes whenever turns already written change: a replace, an
// update, a new session), which tells a cached copy whether reading only the turns past its end is enough.

/**
 * KEYS: meta, turns, and the owner's list (a sorted set of session ids by updatedAt) when the write sets updatedAt
 * or the session expires.
 * ARGV: expected version, ttl seconds (0: none), new generation token, then three counted groups: replace (-1: none,
 * else n turn JSONs), append (n turn JSONs), update (n pairs of turn id and JSON), and one of set (n pairs of field
 * and JSON, '' to remove), then the session id and its new updatedAt ('' when the write does not set it). Returns
 * {1, new version}, or {0, actual version} and writes nothing.
 */
export const writeScript = script(`
local meta, turns = KEYS[1], KEYS[2]
local actual = tonumber(redis.call('HGET', meta, '_v') or '0')
if actual ~= tonumber(ARGV[1]) then return {0, actual} end
local ttl, token = tonumber(ARGV[2]), ARGV[3]
local changed = false
if actual == 0 then
  redis.call('DEL', meta, turns)
  changed = true
end
-- unpack() is bounded by Lua's stack, so long lists go in slices.
local function push(from, n)
  local i = from
  while i < from + n do
    local last = math.min(i + 999, from + n - 1)
    redis.call('RPUSH', turns, unpack(ARGV, i, last))
    i = last + 1
  end
end
local i = 4
local n = tonumber(ARGV[i])
if n >= 0 then
  redis.call('DEL', turns)
  push(i + 1, n)
  changed = true
  i = i + 1 + n
else
  i = i + 1
end
n = tonumber(ARGV[i])
push(i + 1, n)
i = i + 1 + n
n = tonumber(ARGV[i])
-- An update names a recent turn (a call edited before it ran): searched from the end.
local length = n > 0 and redis.call('LLEN', turns) or 0
for k = 1, n do
  local id, json = ARGV[i + 2 * k - 1], ARGV[i + 2 * k]
  for back = 1, length do
    local ok, turn = pcall(cjson.decode, redis.call('LINDEX', turns, -back))
    if ok and type(turn) == 'table' and turn.id == id then
      redis.call('LSET', turns, -back, json)
      break
    end
  end
  changed = true
end
i = i + 1 + 2 * n
n = tonumber(ARGV[i])
for k = 1, n do
  local field, json = ARGV[i + 2 * k - 1], ARGV[i + 2 * k]
  if json == '' then redis.call('HDEL', meta, field) else redis.call('HSET', meta, field, json) end
end
redis.call('HSET', meta, '_v', actual + 1)
if changed then redis.call('HSET', meta, '_g', token) end
i = i + 1 + 2 * n
-- The owner's list moves with the session in the same script, so it never disagrees with the sessions' times.
if KEYS[3] and ARGV[i + 1] ~= '' then redis.call('ZADD', KEYS[3], ARGV[i + 1], ARGV[i]) end
if ttl > 0 then
  redis.call('EXPIRE', meta, ttl)
  redis.call('EXPIRE', turns, ttl)
  -- The list lasts as long as the owner's last written session.
  if KEYS[3] then redis.call('EXPIRE', KEYS[3], ttl) end
end
return {1, actual + 1}
`);

/**
 * KEYS: meta, turns. ARGV: the cached version, generation and turn count ('' when nothing is cached). Returns nil
 * (no session), {version} (the cache is current), or {version, generation, first turn index sent, meta hash as a flat
 * list, turns from that index}: only the turns past the cached ones when the generation is the cached one.
 */
export const loadScript = script(`
local meta, turns = KEYS[1], KEYS[2]
local version = redis.call('HGET', meta, '_v')
if not version then return nil end
if version == ARGV[1] then return {version} end
local generation = redis.call('HGET', meta, '_g')
local from = 0
if ARGV[2] ~= '' and generation == ARGV[2] then from = tonumber(ARGV[3]) end
return {version, generation, from, redis.call('HGETALL', meta), redis.call('LRANGE', turns, from, -1)}
`);

/**
 * KEYS: an owner's list. ARGV: the position to start after (its score and session id; '' and '' from the top), and
 * how many. Returns a flat list of session id, score, …, newest first (the same score: by id, descending, byte by
 * byte, as Redis orders a sorted set), at most that many. Ids whose session is gone (deleted, expired) are the
 * caller's to remove: the sessions' hashes are other keys.
 */
export const listScript = script(`
local key, score, afterId, want = KEYS[1], ARGV[1], ARGV[2], tonumber(ARGV[3])
if afterId == '' then return redis.call('ZREVRANGE', key, 0, want - 1, 'WITHSCORES') end
local current = redis.call('ZSCORE', key, afterId)
-- Still where the last page ended: the next page starts at the following rank, ties at its time included.
if current and tonumber(current) == tonumber(score) then
  local rank = redis.call('ZREVRANK', key, afterId)
  return redis.call('ZREVRANGE', key, rank + 1, rank + want, 'WITHSCORES')
end
-- It moved (written since) or went: everything older than its old time.
return redis.call('ZREVRANGEBYSCORE', key, '(' .. score, '-inf', 'WITHSCORES', 'LIMIT', 0, want)
`);
