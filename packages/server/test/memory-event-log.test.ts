import type { StreamEvent } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { EventGapError, memoryEventLog, type LoggedEvent } from '../src/index.js';

const delta = (text: string): StreamEvent => ({ type: 'text_delta', turnId: 't', text });
const done: StreamEvent = { type: 'done', stopReason: 'end_turn', hasWrites: false, undoable: false };

describe('memoryEventLog', () => {
  it('replays after an id, then follows live appends to done', async () => {
    const log = memoryEventLog();
    await log.append('s', { id: 1, event: delta('a') });
    await log.append('s', { id: 2, event: delta('b') });
    const seen: number[] = [];
    const following = (async () => {
      for await (const { id } of log.follow('s', 1, new AbortController().signal)) seen.push(id);
    })();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await log.append('s', { id: 3, event: delta('c') });
    await log.append('s', { id: 4, event: done });
    await following;
    expect(seen).toEqual([2, 3, 4]);
    expect(await log.lastId('s')).toBe(4);
  });

  it('says EventGapError when a reader is further behind than the log keeps', async () => {
    const log = memoryEventLog({ maxEvents: 3 });
    for (let id = 1; id <= 6; id++) await log.append('s', { id, event: delta(String(id)) });
    const reading = (async () => {
      for await (const event of log.follow('s', 1, new AbortController().signal)) void event;
    })();
    await expect(reading).rejects.toBeInstanceOf(EventGapError);
  });

  it('never pushes out a buffer that a reader is in the middle of (a false events_gone under many sessions)', async () => {
    const log = memoryEventLog({ maxSessions: 2 });
    await log.append('a', { id: 1, event: delta('a1') });
    const reader = log.follow('a', 0, new AbortController().signal)[Symbol.asyncIterator]();
    const first = (await reader.next()).value as LoggedEvent;
    expect(first.id).toBe(1);
    // While the reader is between two events, other sessions fill the log past its session limit.
    await log.append('b', { id: 1, event: delta('b1') });
    await log.append('c', { id: 1, event: delta('c1') });
    await log.append('a', { id: 2, event: done });
    const second = await reader.next();
    expect(second.value).toMatchObject({ id: 2, event: { type: 'done' } });
  });

  it('ends a follow when its signal aborts', async () => {
    const log = memoryEventLog();
    const abort = new AbortController();
    const reading = (async () => {
      const ids: number[] = [];
      for await (const { id } of log.follow('quiet', 0, abort.signal)) ids.push(id);
      return ids;
    })();
    setTimeout(() => abort.abort(), 5);
    expect(await reading).toEqual([]);
  });
});
