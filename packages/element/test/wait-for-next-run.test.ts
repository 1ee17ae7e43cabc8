import { expect } from '@open-wc/testing';
import type { EventSourceMessage } from 'eventsource-parser';
import { waitForNextRun } from '../src/conversation/wait-for-next-run.js';
import { waitFor } from './support/wait.js';

async function* messages(list: EventSourceMessage[], thenFail?: string): AsyncGenerator<EventSourceMessage> {
  for (const message of list) yield message;
  if (thenFail) throw new TypeError(thenFail);
}

describe('waitForNextRun(): a pending card waiting for another tab’s answer', () => {
  it('opens again, with backoff, after streams that end or fail with nothing, and resolves true at the first event', async () => {
    const opened: [number, number][] = [];
    const start = performance.now();
    let last = 7;
    const started = await waitForNextRun({
      open: async (after) => {
        opened.push([after, Math.round(performance.now() - start)]);
        last += 1;
        if (opened.length === 1) return messages([]); // a proxy closed the quiet stream
        if (opened.length === 2) throw new TypeError('Failed to fetch'); // the server was down for a moment
        if (opened.length === 3) return undefined; // a 204
        return messages([{ id: '9', event: 'run_started', data: '{}' }]);
      },
      lastId: () => last,
      signal: new AbortController().signal,
      firstDelayMs: 20,
      maxDelayMs: 50,
    });
    expect(started).to.equal(true);
    // Each time after the id the page holds now.
    expect(opened.map(([after]) => after)).to.deep.equal([7, 8, 9, 10]);
    const gaps = opened.slice(1).map(([, at], i) => at - opened[i]![1]);
    // 20 ms, then 40 (the failure doubled it), then 50 (capped).
    expect(gaps[0]).to.be.at.least(18);
    expect(gaps[1]).to.be.at.least(38);
    expect(gaps[2]).to.be.at.least(48);
  });

  it('resolves false when aborted, whether it is waiting on a stream or between tries', async () => {
    const waiting = new AbortController();
    let release: () => void = () => {};
    let reading = false;
    const onStream = waitForNextRun({
      open: async (_after, signal) =>
        (async function* () {
          reading = true;
          await new Promise<void>((resolve) => {
            release = resolve;
            signal.addEventListener('abort', () => resolve(), { once: true });
          });
          if (signal.aborted) throw new DOMException('aborted', 'AbortError');
        })(),
      lastId: () => 0,
      signal: waiting.signal,
    });
    // Aborted once it waits on the stream (not 20 ms in, when a busy machine may not have opened it yet).
    await waitFor(() => reading, { message: 'the stream to be read' });
    waiting.abort();
    expect(await onStream).to.equal(false);
    release();

    const between = new AbortController();
    let tries = 0;
    const sleeping = waitForNextRun({
      open: async () => {
        tries += 1;
        return undefined;
      },
      lastId: () => 0,
      signal: between.signal,
      firstDelayMs: 10_000,
    });
    // Aborted once the first try is over and it sleeps before the next.
    await waitFor(() => tries === 1, { message: 'the first try' });
    between.abort();
    expect(await sleeping).to.equal(false);
    expect(tries).to.equal(1);
  });
});
