import type { StreamEvent } from '@agent-chat/protocol';
import { describe, expect, it, vi } from 'vitest';
import { EventGapError, memoryEventLog, type EventLog, type LoggedEvent } from '../src/index.js';

// What the in-process log holds is bounded by what readers can still ask for (issue 33.2): a run's events while it
// runs, and once it has ended only for a reader that dropped before its done, for the resume window.

const started: StreamEvent = { type: 'run_started', runId: 'r', sessionId: 's', resumed: false };
const delta = (text: string): StreamEvent => ({ type: 'text_delta', turnId: 't', text });
const done: StreamEvent = { type: 'done', stopReason: 'end_turn', hasWrites: false, undoable: false };

/** A run of `deltas` text events, ids from `first`: run_started, the deltas, done. */
function run(first: number, deltas: number): LoggedEvent[] {
  const events = [started, ...Array.from({ length: deltas }, (_, i) => delta(`d${i}`)), done];
  return events.map((event, i) => ({ id: first + i, event }));
}

async function appendAll(log: EventLog, key: string, events: readonly LoggedEvent[]) {
  for (const event of events) await log.append(key, event);
}

/** Reads `key` from `after` to done; resolves to the ids read. */
async function readAll(log: EventLog, key: string, after: number): Promise<number[]> {
  const ids: number[] = [];
  for await (const { id } of log.follow(key, after, new AbortController().signal)) ids.push(id);
  return ids;
}

/** A reader that takes `count` events and then goes away (its connection dropped). */
async function readThenDrop(log: EventLog, key: string, after: number, count: number): Promise<number> {
  const abort = new AbortController();
  let last = after;
  for await (const { id } of log.follow(key, after, abort.signal)) {
    last = id;
    if (--count === 0) abort.abort();
  }
  return last;
}

/** A clock the test moves. */
function clock() {
  let time = 1_000_000;
  return { now: () => time, pass: (ms: number) => void (time += ms) };
}

describe('memoryEventLog: what it keeps is what readers can still ask for', () => {
  it('holds nothing for a session once its run has ended and its reader has the done', async () => {
    const log = memoryEventLog();
    const reading = readAll(log, 's', 0);
    await appendAll(log, 's', run(1, 50));
    expect(await reading).toHaveLength(52);
    expect(log.stats()).toEqual({ sessions: 0, events: 0 });
    // Only where its events ended is remembered, so the next run's ids go on from there.
    expect(await log.lastId('s')).toBe(52);
  });

  it('hands the done to a reader waiting for it at the end of the run (it is not caught up until it has read it)', async () => {
    const log = memoryEventLog();
    const events = run(1, 3);
    await appendAll(log, 's', events.slice(0, -1));
    const reading = readAll(log, 's', 0);
    // The reader has everything but the done, and waits.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await log.append('s', events.at(-1)!);
    expect(await reading).toEqual([1, 2, 3, 4, 5]);
    expect(log.stats()).toEqual({ sessions: 0, events: 0 });
  });

  it('keeps a running session whole while nobody reads it, and lets it go at its done', async () => {
    const log = memoryEventLog();
    const events = run(1, 20);
    await appendAll(log, 's', events.slice(0, -1));
    // A reload follows from any id of the run (its last stored step), so all of it stays while it runs.
    expect(log.stats()).toEqual({ sessions: 1, events: 21 });
    await log.append('s', events.at(-1)!);
    expect(log.stats()).toEqual({ sessions: 0, events: 0 });
  });

  it('lets a reader that dropped resume within the window; after it, the log holds nothing and a late reader reloads', async () => {
    const time = clock();
    const log = memoryEventLog({ resumeWindowMs: 60_000, now: time.now });
    const events = run(1, 30);
    await appendAll(log, 's', events.slice(0, 10));
    const dropped = await readThenDrop(log, 's', 0, 5);
    expect(dropped).toBe(5);
    await appendAll(log, 's', events.slice(10));
    // The run has ended, but a reader went away before its done: its events stay for the window.
    time.pass(59_000);
    expect(await log.lastId('s')).toBe(32);
    expect(await readAll(log, 's', dropped)).toEqual(events.slice(5).map((event) => event.id));
    // That reader came back and read to the end; the window still runs out as it would have.
    time.pass(60_001);
    await log.lastId('s');
    expect(log.stats()).toEqual({ sessions: 0, events: 0 });
    await expect(readAll(log, 's', dropped)).rejects.toBeInstanceOf(EventGapError);
    // The session is remembered by its last id only: a reader at it waits for the next run as before.
    const next = readAll(log, 's', 32);
    await appendAll(log, 's', run(33, 2));
    expect(await next).toEqual([33, 34, 35, 36]);
  });

  it('lets an ended run go by itself when its window passes, with no call to the log', async () => {
    const log = memoryEventLog({ resumeWindowMs: 30 });
    await appendAll(log, 's', run(1, 5).slice(0, 3));
    await readThenDrop(log, 's', 0, 1);
    await appendAll(log, 's', run(1, 5).slice(3));
    expect(log.stats().sessions).toBe(1);
    await vi.waitFor(() => expect(log.stats()).toEqual({ sessions: 0, events: 0 }), { timeout: 5_000, interval: 10 });
  });

  it('keeps at most maxSessions ended runs for dropped readers, the oldest going first', async () => {
    const log = memoryEventLog({ maxSessions: 2 });
    for (const key of ['a', 'b', 'c']) {
      await appendAll(log, key, run(1, 3).slice(0, 2));
      await readThenDrop(log, key, 0, 1);
      await appendAll(log, key, run(1, 3).slice(2));
    }
    expect(log.stats()).toEqual({ sessions: 2, events: 10 });
    await expect(readAll(log, 'a', 1)).rejects.toBeInstanceOf(EventGapError);
    expect(await readAll(log, 'c', 1)).toEqual([2, 3, 4, 5]);
  });

  it("lets the last run's events go when the next run starts", async () => {
    const time = clock();
    const log = memoryEventLog({ now: time.now });
    await appendAll(log, 's', run(1, 3).slice(0, 2));
    await readThenDrop(log, 's', 0, 1);
    await appendAll(log, 's', run(1, 3).slice(2));
    await log.append('s', { id: 6, event: started });
    expect(log.stats()).toEqual({ sessions: 1, events: 1 });
    await expect(readAll(log, 's', 1)).rejects.toBeInstanceOf(EventGapError);
  });

  it('follows a session deleted and begun anew from its first id', async () => {
    const log = memoryEventLog();
    await appendAll(log, 's', run(1, 3));
    // Ids that start again at 1 belong to a new session: the old one's end is no floor for it.
    await appendAll(log, 's', run(1, 2).slice(0, 2));
    const again = readAll(log, 's', 0);
    await appendAll(log, 's', run(1, 2).slice(2));
    expect(await again).toEqual([1, 2, 3, 4]);
  });

  it('keeps nothing of an ended run for a tab waiting for the next one', async () => {
    const log = memoryEventLog();
    const events = run(1, 3);
    await appendAll(log, 's', events.slice(0, 2));
    // The POST's reader is behind when the run ends...
    const post = log.follow('s', 0, new AbortController().signal)[Symbol.asyncIterator]();
    expect((await post.next()).value).toMatchObject({ id: 1 });
    await appendAll(log, 's', events.slice(2));
    // ...and another tab, which loaded the stored history (its last id is the done's), waits for the next run.
    const waiting = new AbortController();
    const tab = log.follow('s', 5, waiting.signal)[Symbol.asyncIterator]();
    const tabNext = tab.next();
    for (let read = await post.next(); !read.done; read = await post.next());
    // The POST's reader has the done and nobody dropped out: the waiting tab holds the session, not its events.
    expect(log.stats()).toEqual({ sessions: 1, events: 0 });
    await log.append('s', { id: 6, event: started });
    expect((await tabNext).value).toMatchObject({ id: 6 });
    waiting.abort();
    await tab.return?.(undefined);
  });
});
