import { EventGapError, type EventLog, type LoggedEvent } from '../coordination/event-log.js';
import { connect, DEFAULT_PREFIX, script, sessionTag, type RedisCommonOptions, type RedisSource } from './connection.js';
import { EVENT_FIELD, eventIdOf, parseEntries, streamId } from './stream-entries.js';
import { streamHub } from './stream-hub.js';

export type RedisEventLogOptions = RedisSource &
  RedisCommonOptions & {
    /**
     * Events kept per session (at least; Redis trims whole blocks of a stream, so a few more may stay). A client
     * further behind reloads the history. Default 10,000.
     */
    maxEvents?: number;
    /** How long a running session's events are kept after its last one (a run quiet for longer loses them). Default 600 s. */
    ttlSeconds?: number;
    /**
     * How long a run's events are kept once it has ended (its `done`), for a reader that dropped before it: the
     * stream then expires, and only where it ended is kept (for `ttlSeconds`), so a later reader from before it is
     * told `events_gone`. Default 60 s.
     */
    resumeWindowSeconds?: number;
    /** The longest a live read waits on Redis before it asks again. Default 5,000 ms. */
    blockMs?: number;
  };

/** An event log that may also be closed (its blocking reader, and a client it made). */
export interface RedisEventLog extends EventLog {
  close(): Promise<void>;
}

/**
 * KEYS: the stream, the key holding where the session's last ended run ended. ARGV: event id, event JSON, cap, ttl
 * seconds, 1 if the event is a `done`, resume window seconds. An id at or below the newest kept one is either the same
 * event again (a retry: skipped) or, lower, a session that started over after a delete: its old events go. A `done`
 * lets the stream expire after the resume window (everything the run sent is in the stored history by then, and no
 * instance knows whether a reader dropped) and keeps its id, so a reader from before it can be told to reload.
 */
const appendScript = script(`
local key, endKey, id = KEYS[1], KEYS[2], tonumber(ARGV[1])
local top = redis.call('XREVRANGE', key, '+', '-', 'COUNT', 1)[1]
if top then
  local newest = tonumber(string.match(top[1], '^(%d+)'))
  if newest == id then return 0 end
  if newest > id then redis.call('DEL', key) end
end
local ended = tonumber(redis.call('GET', endKey) or '0')
if ended >= id then redis.call('DEL', endKey) end
redis.call('XADD', key, 'MAXLEN', '~', ARGV[3], ARGV[1] .. '-0', '${EVENT_FIELD}', ARGV[2])
if ARGV[5] == '1' then
  redis.call('EXPIRE', key, ARGV[6])
  redis.call('SET', endKey, ARGV[1], 'EX', ARGV[4])
else
  redis.call('EXPIRE', key, ARGV[4])
end
return 1
`);

/** Events a live follower may have received and not yet passed on; past this it reads from Redis again instead. */
const MAX_QUEUED = 1_000;
const PAGE = 500;

/**
 * Every event of a session's recent runs in a Redis Stream (capped, expiring after the last event), so a client can
 * resume on any instance. A follower reads what is kept after its last id (XRANGE), then live events from one
 * blocking reader per instance (see stream-hub.ts), until the run's `done` or its signal aborts.
 */
export function redisEventLog(options: RedisEventLogOptions): RedisEventLog {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const prefix = options.prefix ?? DEFAULT_PREFIX;
  const maxEvents = options.maxEvents ?? 10_000;
  const ttlSeconds = options.ttlSeconds ?? 600;
  const resumeWindowSeconds = options.resumeWindowSeconds ?? 60;
  const blockMs = options.blockMs ?? 5_000;
  if (!Number.isInteger(maxEvents) || maxEvents < 1) throw new TypeError('redisEventLog: maxEvents must be a whole number ≥ 1');
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new TypeError('redisEventLog: ttlSeconds must be a whole number ≥ 1');
  if (!Number.isInteger(resumeWindowSeconds) || resumeWindowSeconds < 1) {
    throw new TypeError('redisEventLog: resumeWindowSeconds must be a whole number ≥ 1');
  }
  if (!Number.isInteger(blockMs) || blockMs < 1) throw new TypeError('redisEventLog: blockMs must be a whole number ≥ 1');
  const connection = connect(options, 'redisEventLog', warn);
  const { client } = connection;
  // A client name has no spaces or quotes.
  const hub = streamHub(client, 'redisEventLog', warn, blockMs, `${prefix}events-reader`.replace(/[^\w:.-]/g, '_'));
  const keyOf = (sessionId: string) => `${prefix}events:${sessionTag(sessionId)}`;
  const endKeyOf = (sessionId: string) => `${prefix}events-end:${sessionTag(sessionId)}`;

  /** Where the session's last ended run ended, once its stream has expired; 0 when that is not known. */
  async function endedAt(sessionId: string): Promise<number> {
    return Number((await client.sendCommand<string | null>(['GET', endKeyOf(sessionId)])) ?? 0);
  }

  async function oldestId(key: string): Promise<number | undefined> {
    return parseEntries(await client.sendCommand(['XRANGE', key, '-', '+', 'COUNT', '1']))[0]?.id;
  }

  /**
   * A follower's reads and gap checks: the events kept after `cursor`, page by page, and, when nothing is left to
   * read, the live ones. Live events that skip ids (it was too slow, or Redis trimmed under the reader) send it back
   * to reading, which decides whether that is a gap.
   */
  async function* follow(sessionId: string, after: number, signal: AbortSignal): AsyncGenerator<LoggedEvent> {
    await connection.ready;
    const key = keyOf(sessionId);
    // Stream ids are whole numbers: "after 3.5" is "after 3".
    let cursor = Math.max(0, Math.floor(after));
    let checkGap = true;
    while (!signal.aborted) {
      const events = parseEntries(await client.sendCommand(['XRANGE', key, `(${streamId(cursor)}`, '+', 'COUNT', String(PAGE)]));
      const first = events[0];
      if (checkGap && first && first.id > cursor + 1) {
        const oldest = await oldestId(key);
        if (oldest !== undefined && oldest > cursor + 1) throw new EventGapError(sessionId, cursor, oldest);
      }
      // Nothing after the cursor, and the run it is in has ended and been let go: reload the history.
      if (checkGap && !first && cursor < (await endedAt(sessionId)) && (await oldestId(key)) === undefined) {
        throw new EventGapError(sessionId, cursor, undefined);
      }
      checkGap = false;
      if (events.length > 0) {
        for (const event of events) {
          if (signal.aborted) return;
          cursor = event.id;
          yield event;
          if (event.event.type === 'done') return;
        }
        continue;
      }

      // Caught up: wait for live events, queued as the shared reader hands them over.
      const queue: LoggedEvent[] = [];
      let queuedUpTo = cursor;
      let resync = false;
      let wake: (() => void) | undefined;
      const unwatch = hub.watch(key, cursor, (read) => {
        for (const event of read) {
          if (event.id <= queuedUpTo) continue;
          if (event.id > queuedUpTo + 1 || queue.length >= MAX_QUEUED) {
            resync = true;
            break;
          }
          queue.push(event);
          queuedUpTo = event.id;
        }
        wake?.();
      });
      const onAbort = () => wake?.();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        let next = 0;
        while (!signal.aborted && !resync) {
          if (next === queue.length) {
            queue.length = next = 0;
            await new Promise<void>((resolve) => (wake = resolve));
            wake = undefined;
            continue;
          }
          const event = queue[next++]!;
          cursor = event.id;
          yield event;
          if (event.event.type === 'done') return;
        }
      } finally {
        unwatch();
        signal.removeEventListener('abort', onAbort);
      }
      checkGap = true;
    }
  }

  return {
    async append(sessionId, event) {
      await connection.ready;
      await appendScript.run(
        client,
        [keyOf(sessionId), endKeyOf(sessionId)],
        [String(event.id), JSON.stringify(event.event), String(maxEvents), String(ttlSeconds), event.event.type === 'done' ? '1' : '0', String(resumeWindowSeconds)],
      );
    },
    async lastId(sessionId) {
      await connection.ready;
      const reply = await client.sendCommand<[string, string[]][]>(['XREVRANGE', keyOf(sessionId), '+', '-', 'COUNT', '1']);
      const top = reply[0];
      if (top) return eventIdOf(top[0]);
      // Let go after its run ended: the next run's ids go on from where it ended.
      const ended = await endedAt(sessionId);
      return ended > 0 ? ended : undefined;
    },
    follow,
    async close() {
      hub.close();
      await connection.close();
    },
  };
}
