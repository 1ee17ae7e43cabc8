import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgentChat, scriptedModel } from '../src/index.js';
import { coalescedStream } from '../src/http/coalesced-stream.js';
import { sseStream } from '../src/http/sse-stream.js';
import { readAgentEvents } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { sameBrowser } from './support/same-browser.js';

// A model's burst of deltas goes out as one chunk (http/coalesced-stream.ts), and a reader that does not read still
// holds the writer back.
const BURST = 'abcd'.repeat(60);
const model = scriptedModel([[{ text: BURST }, { delayMs: 40 }, { text: 'and the end.' }]], { chunkSize: 4 });

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model }));
});
afterAll(() => server.close());

describe('a run’s events on the wire', () => {
  it('sends a burst of 60 deltas in a few chunks, every event whole and in order', async () => {
    const response = await sameBrowser(server.url).send('burst', { text: 'Go' });
    expect(response.status).toBe(200);
    const [forChunks, forEvents] = response.body!.tee();
    const reader = forChunks.getReader();
    let chunks = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks++;
    const events = await readAgentEvents(new Response(forEvents));
    const deltas = events.filter((event) => event.data.type === 'text_delta');
    expect(deltas.length).toBe(BURST.length / 4 + 3);
    expect(deltas.map((event) => (event.data as { text: string }).text).join('')).toBe(BURST + 'and the end.');
    expect(events.at(-1)!.data.type).toBe('done');
    // run_started and the burst, the end after the pause, done: a handful of chunks, not one per event.
    expect(chunks).toBeLessThan(10);
    expect(events.length).toBeGreaterThan(60);
  });

  it('holds no event for a timer: a write goes at the end of its turn, or with the next chunk while one is on its way', async () => {
    // With setTimeout frozen, a chunk held for a gathering window (the 32 ms it once was, issue 33) never arrives.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    try {
      const socket = sseStream();
      const { readable } = socket;
      const { stream, flush } = coalescedStream(socket.stream);
      const reader = readable.getReader();
      const decoder = new TextDecoder();
      const next = async () => decoder.decode((await reader.read()).value);
      for (const piece of ['one', 'two', 'three']) {
        await stream.write(piece);
        expect(await next()).toBe(piece);
      }
      // Written in one turn: one chunk.
      await stream.write('a');
      await stream.write('b');
      expect(await next()).toBe('ab');
      // Written while a chunk waits for the reader: the next chunk carries all of it.
      await stream.write('c');
      await new Promise((resolve) => setImmediate(resolve));
      await stream.write('d');
      await stream.write('e');
      expect(await next()).toBe('c');
      expect(await next()).toBe('de');
      await flush();
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds the writer back once 64 KB wait for a reader that does not read', async () => {
    const socket = sseStream();
    const { readable, close } = socket;
    const { stream, flush } = coalescedStream(socket.stream);
    const piece = 'x'.repeat(1024);
    const PIECES = 400;
    let passed = 0;
    const writing = (async () => {
      for (let i = 0; i < PIECES; i++) {
        await stream.write(piece);
        passed++;
      }
    })();
    // Until the writer is stuck, not for a time (under load 50 ms may pass before it gets that far): nothing here waits
    // for I/O or a timer, so writes that have not moved for several turns of the event loop wait for a reader.
    for (let still = 0, last = -1; still < 5; ) {
      await new Promise((resolve) => setImmediate(resolve));
      if (passed === last) still++;
      else [still, last] = [0, passed];
    }
    // What a reader that reads nothing lets through: what is held up to 64 KB (the write that reaches it waits), and
    // at most a chunk or two on their way to the response: a bounded amount, not the 400 KB written.
    expect(passed, 'writes that went through unread (KB)').toBeGreaterThanOrEqual(63);
    expect(passed).toBeLessThanOrEqual(3 * 64);
    const reader = readable.getReader();
    let received = 0;
    const reading = (async () => {
      for (let read = await reader.read(); !read.done; read = await reader.read()) received += read.value.length;
    })();
    await writing;
    await flush();
    close();
    await reading;
    expect(received).toBe(PIECES * 1024);
  });
});
