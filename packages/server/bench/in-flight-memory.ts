// The heap one stream holds while it is in flight, server and client in this one process: N streams are opened and
// their models stop, all at once, after the same pieces; then, after a full GC, the heap grown since before them,
// per stream. peer-bench.ts runs it once per server, each in a process of its own:
//   node --expose-gc --conditions=agent-chat-source --import tsx packages/server/bench/in-flight-memory.ts
//     <agent-chat|ai-sdk|node|hono-body|hono-sse> [streams] [pieces]
// (peer-bench.ts runs it bundled, as the servers: under tsx our functions each carry a 256-byte name property)
// `node` is a bare node:http server that holds an SSE response open: what the sockets and Node's HTTP cost alone.
// `hono-body` and `hono-sse` are bare Hono apps on @hono/node-server, the body one ReadableStream (as ours) or a
// streamSSE (as ours until http/sse-stream.ts): what Hono adds to node:http; the rest of ours is the run and its log.
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeHeapSnapshot } from 'node:v8';
import { streamText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { createAgentChat, type Model } from '../src/index.js';

const [kind = 'agent-chat', streamsArgument = '1000', piecesArgument = '16'] = process.argv.slice(2);
const streams = Number(streamsArgument);
const pieces = Number(piecesArgument);
const PIECE = 'The quick brown ';

let open!: () => void;
const gate = new Promise<void>((resolve) => (open = resolve));
/** Models that have sent their pieces and wait at the gate. */
let waiting = 0;

const ours: Model = {
  name: 'gate',
  async *stream() {
    for (let i = 0; i < pieces; i++) yield { type: 'text_delta', text: PIECE };
    waiting++;
    await gate;
    yield { type: 'stop', reason: 'end_turn' };
  },
};

const theirs = new MockLanguageModelV3({
  async doStream() {
    theirs.doStreamCalls.length = 0;
    let sent = false;
    const stream = new ReadableStream({
      async pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't' });
          for (let i = 0; i < pieces; i++) controller.enqueue({ type: 'text-delta', id: 't', delta: PIECE });
          waiting++;
          return;
        }
        await gate;
        controller.enqueue({ type: 'text-end', id: 't' });
        controller.close();
      },
    });
    return { stream: stream as Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] };
  },
});

/** A bare Hono app whose body is one ReadableStream it fills, as ours is (http/sse-stream.ts): what ours stands on. */
function bareHonoBody() {
  const app = new Hono();
  const encoder = new TextEncoder();
  app.post('/sessions/:id/messages', async (c) => {
    await c.req.json();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let i = 0; i < pieces; i++) controller.enqueue(encoder.encode(`data: ${PIECE}\n\n`));
        waiting++;
        await gate;
        controller.close();
      },
    });
    return c.body(body, 200, { 'content-type': 'text/event-stream' });
  });
  return app;
}

function bareHonoSse() {
  const app = new Hono();
  app.post('/sessions/:id/messages', async (c) => {
    await c.req.json();
    return streamSSE(c, async (stream) => {
      for (let i = 0; i < pieces; i++) await stream.writeSSE({ data: PIECE });
      waiting++;
      await gate;
    });
  });
  return app;
}

function serverOf(): Server {
  if (kind === 'agent-chat') return createAdaptorServer({ fetch: createAgentChat({ model: ours, authorize: () => 'bench' }).fetch }) as Server;
  if (kind === 'hono-body') return createAdaptorServer({ fetch: bareHonoBody().fetch }) as Server;
  if (kind === 'hono-sse') return createAdaptorServer({ fetch: bareHonoSse().fetch }) as Server;
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (kind === 'ai-sdk') {
        const { text } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text: string };
        streamText({ model: theirs, prompt: text }).pipeUIMessageStreamToResponse(res);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let i = 0; i < pieces; i++) res.write(`data: ${PIECE}\n\n`);
      waiting++;
      void gate.then(() => res.end());
    });
  });
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const server = serverOf();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
gc();
gc();
const before = process.memoryUsage().heapUsed;
const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
for (let i = 0; i < streams; i++) {
  const body = JSON.stringify({ text: 'go' });
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  request({ host: '127.0.0.1', port, method: 'POST', path: `/sessions/s${i}/messages`, agent, headers }, (response) => response.resume()).end(body);
}
const deadline = Date.now() + 120_000;
while (waiting < streams && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
// The last pieces reach their sockets and the client.
await new Promise((resolve) => setTimeout(resolve, 500));
gc();
gc();
const grown = process.memoryUsage().heapUsed - before;
// IN_FLIGHT_SNAPSHOT=<file>: what the streams hold, for heap-summary.ts (client and server share this heap).
if (process.env.IN_FLIGHT_SNAPSHOT) writeHeapSnapshot(process.env.IN_FLIGHT_SNAPSHOT);
console.log(JSON.stringify({ kind, streams, inFlight: waiting, pieces, heapPerStreamKb: +(grown / streams / 1024).toFixed(1) }));
open();
process.exit(0);
