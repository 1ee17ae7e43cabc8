import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSEStreamingApi } from 'hono/streaming';
import { createAgentChat, scriptedModel } from '../src/index.js';
import { coalesceWrites } from '../src/http/coalesce-writes.js';
import { readAgentEvents } from '../src/testing/read-agent-events.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { sameBrowser } from './support/same-browser.js';

// A model's burst of deltas goes out as one chunk (http/coalesce-writes.ts), and a reader that does not read still
// holds the writer back.
const BURST = 'abcd'.repeat(60);
/** Generous for a loaded CI machine, and still far below what holding the first chunk for the window would add to it. */
const GATHER_BOUND_MS = 400;
/** Deltas a few ms apart, as a model's come: 16 of them over about 130 ms. */
const TRICKLE = Array.from({ length: 16 }, (_, i) => [{ text: `piece ${i}. ` }, { delayMs: 8 }]).flat();
const model = scriptedModel(
  ({ text }) => (text === 'Trickle' ? [TRICKLE] : [[{ text: BURST }, { delayMs: 40 }, { text: 'and the end.' }]]),
  { chunkSize: 4 },
);

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

  it('gathers deltas that come a few ms apart into chunks about 32 ms apart, the first sent at once', async () => {
    const started = performance.now();
    const response = await sameBrowser(server.url).send('trickle', { text: 'Trickle' });
    const reader = response.body!.getReader();
    const arrivals: number[] = [];
    let text = '';
    const decoder = new TextDecoder();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      arrivals.push(performance.now() - started);
      text += decoder.decode(read.value, { stream: true });
    }
    const events = await readAgentEvents(new Response(text));
    const deltas = events.flatMap((event) => (event.data.type === 'text_delta' ? [event.data.text] : []));
    expect(deltas.join('')).toBe(Array.from({ length: 16 }, (_, i) => `piece ${i}. `).join(''));
    // 16 deltas over ~130 ms (and run_started, done): a chunk each would be 18; gathered, about 5.
    expect(arrivals.length, 'chunks').toBeLessThanOrEqual(9);
    expect(arrivals.length, 'chunks').toBeGreaterThanOrEqual(2);
    // The first chunk (run_started) is not held back for the window.
    expect(arrivals[0], 'ms to the first chunk').toBeLessThan(GATHER_BOUND_MS);
  });

  it('holds the writer back once 64 KB wait for a reader that does not read', async () => {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const stream = new SSEStreamingApi(writable, readable);
    const flush = coalesceWrites(stream);
    const piece = 'x'.repeat(1024);
    const PIECES = 400;
    let passed = 0;
    const writing = (async () => {
      for (let i = 0; i < PIECES; i++) {
        await stream.write(piece);
        passed++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // What a reader that reads nothing lets through: what is held (under 64 KB), one chunk the response has taken,
    // and one more on its way: a bounded amount, not the 400 KB written.
    expect(passed, 'writes that went through unread (KB)').toBeGreaterThanOrEqual(64);
    expect(passed).toBeLessThanOrEqual(3 * 64);
    const reader = stream.responseReadable.getReader();
    let received = 0;
    const reading = (async () => {
      for (let read = await reader.read(); !read.done; read = await reader.read()) received += read.value.length;
    })();
    await writing;
    await flush();
    await stream.close();
    await reading;
    expect(received).toBe(PIECES * 1024);
  });
});
