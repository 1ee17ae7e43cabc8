import type { StreamEvent } from '@agent-chat/protocol';
import type { LoggedEvent } from '../coordination/event-log.js';

// An event is kept as one stream entry whose id is `<event id>-0` and whose one field `e` is the event as JSON, so a
// stream id and an event id name the same thing and "after 41" is the exclusive range start `(41-0`.

export const EVENT_FIELD = 'e';

export const streamId = (eventId: number) => `${eventId}-0`;

/** The event id of a stream id (`41-0` → 41). */
export const eventIdOf = (streamId: string) => Number(streamId.slice(0, streamId.indexOf('-')));

type RawEntry = [string, string[]];

/** XRANGE's reply: `[[id, [field, value, …]], …]`. */
export function parseEntries(reply: unknown): LoggedEvent[] {
  if (!Array.isArray(reply)) return [];
  const events: LoggedEvent[] = [];
  for (const [id, fields] of reply as RawEntry[]) {
    const at = fields.indexOf(EVENT_FIELD);
    if (at === -1 || at % 2 !== 0) continue;
    events.push({ id: eventIdOf(id), event: JSON.parse(fields[at + 1]!) as StreamEvent });
  }
  return events;
}

/** XREAD's reply, per stream key: an array of `[key, entries]` (RESP2), or a map of key to entries (RESP3). */
export function parseXRead(reply: unknown): [string, LoggedEvent[]][] {
  if (reply === null || reply === undefined) return [];
  const pairs: [unknown, unknown][] =
    reply instanceof Map ? [...reply.entries()] : Array.isArray(reply) ? (reply as [unknown, unknown][]) : Object.entries(reply as object);
  return pairs.map(([key, entries]) => [String(key), parseEntries(entries)]);
}
