import type { LoggedEvent } from '../coordination/event-log.js';
import { duplicateOf, type RedisClientLike } from './connection.js';
import { parseXRead, streamId } from './stream-entries.js';

/** Told the entries read past `after` (and maybe some before it, read for another listener: skip those). */
export type StreamListener = (events: readonly LoggedEvent[]) => void;

export interface StreamHub {
  /** Hear every entry of `key` past `after`, as it is appended; returns the unwatch. */
  watch(key: string, after: number, listener: StreamListener): () => void;
  close(): void;
}

interface Watched {
  /** The highest id read for this stream so far (or the lowest a listener asked to start after). */
  from: number;
  listeners: Set<StreamListener>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Live reading of many streams over one blocking connection: a loop of `XREAD BLOCK` over every watched stream, each
 * from the last id read. A follower that starts watching while the read blocks interrupts it (CLIENT UNBLOCK, sent on
 * the main connection) so the next read includes it. The BLOCK timeout is bounded, so nothing waits on Redis longer
 * than that even if an interruption is missed, and a follower that stops watching simply leaves the next read.
 * One connection per instance however many clients follow: a connection per follower would hit Redis's client limit.
 */
export function streamHub(client: RedisClientLike, name: string, warn: (message: string) => void, blockMs: number, clientName: string): StreamHub {
  const watched = new Map<string, Watched>();
  let reader: RedisClientLike | undefined;
  let readerId: string | undefined;
  let running = false;
  let closed = false;
  /** An XREAD has been sent and not answered. */
  let blocked = false;
  /** The watched streams changed since the XREAD in flight was sent: it should be interrupted. */
  let stale = false;
  let interrupting = false;

  async function connectReader(): Promise<RedisClientLike> {
    reader ??= duplicateOf(client, `${name} (blocking reader)`, warn);
    if (!reader.isOpen) await reader.connect();
    // Named, so CLIENT LIST shows what each blocked connection is (and a test can tell when it blocks).
    await reader.sendCommand(['CLIENT', 'SETNAME', clientName]);
    // The id changes when node-redis reconnects: asked again after every failed read.
    readerId = String(await reader.sendCommand<number>(['CLIENT', 'ID']));
    return reader;
  }

  async function loop(): Promise<void> {
    try {
      let connection = await connectReader();
      while (!closed && watched.size > 0) {
        const keys = [...watched.keys()];
        const ids = keys.map((key) => streamId(watched.get(key)!.from));
        stale = false;
        blocked = true;
        let reply: unknown;
        try {
          reply = await connection.sendCommand(['XREAD', 'COUNT', '1000', 'BLOCK', String(blockMs), 'STREAMS', ...keys, ...ids]);
        } catch (error) {
          if (closed) return;
          warn(`${name}: reading live events failed, retrying: ${(error as Error).message}`);
          await sleep(500);
          connection = await connectReader();
          continue;
        } finally {
          blocked = false;
        }
        for (const [key, events] of parseXRead(reply)) {
          const entry = watched.get(key);
          const last = events.at(-1);
          if (!entry || !last) continue;
          entry.from = Math.max(entry.from, last.id);
          for (const listener of [...entry.listeners]) listener(events);
        }
      }
    } catch (error) {
      if (!closed) warn(`${name}: the blocking reader could not connect: ${(error as Error).message}`);
    } finally {
      running = false;
      // A watch that came while the reader was failing or finishing starts it again (after a pause if it failed).
      if (!closed && watched.size > 0) setTimeout(kick, 500).unref?.();
    }
  }

  /** Interrupt the XREAD in flight so the next one reads the streams as they are now watched. */
  async function interrupt(): Promise<void> {
    if (interrupting) return;
    interrupting = true;
    try {
      // CLIENT UNBLOCK answers 0 when the XREAD has not reached Redis yet (it goes on another connection): try again.
      for (let tries = 0; tries < 100 && stale && blocked && !closed; tries++) {
        if (readerId && (await client.sendCommand<number>(['CLIENT', 'UNBLOCK', readerId])) === 1) break;
        await sleep(5);
      }
    } catch (error) {
      warn(`${name}: could not interrupt the blocking read (a new follower waits for its timeout): ${(error as Error).message}`);
    } finally {
      interrupting = false;
    }
  }

  function kick(): void {
    if (closed) return;
    if (!running) {
      if (watched.size === 0) return;
      running = true;
      void loop();
    } else if (blocked) {
      void interrupt();
    }
  }

  return {
    watch(key, after, listener) {
      let entry = watched.get(key);
      let changed = false;
      if (!entry) {
        entry = { from: after, listeners: new Set() };
        watched.set(key, entry);
        changed = true;
      } else if (after < entry.from) {
        entry.from = after;
        changed = true;
      }
      entry.listeners.add(listener);
      if (changed) {
        stale = true;
        kick();
      }
      const watching = entry;
      return () => {
        watching.listeners.delete(listener);
        if (watching.listeners.size === 0 && watched.get(key) === watching) watched.delete(key);
      };
    },
    close() {
      closed = true;
      watched.clear();
      // Ends a read that blocks now (its promise rejects, which the loop expects once closed).
      if (reader?.isOpen) reader.destroy();
    },
  };
}
