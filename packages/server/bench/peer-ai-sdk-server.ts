// The peer of the side-by-side bench (peer-bench.ts starts it in its own process): the Vercel AI SDK 6 as an
// integrator serves it on Node, `streamText` with a MockLanguageModelV3 that streams the same reply as our bench
// model (bench-reply.ts), sent as the AI SDK's UI message stream over SSE (`pipeUIMessageStreamToResponse`, Node's
// counterpart of `toUIMessageStreamResponse()`). It takes our route's shape, POST /sessions/<id>/messages with
// `{ text }`, so that one client reads both servers; it stores nothing, as the AI SDK does not.
import { createServer } from 'node:http';
import { streamText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { replyPieces } from './bench-reply.js';
import { monitorServer } from './server-monitor.js';

process.title = 'ai-sdk-bench';

/** A part of a V3 model's stream, as the mock's doStream returns them. */
type StreamPart = Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;

/** The bench reply as the V3 stream parts a provider sends: text start, its deltas, text end, finish. */
function replyStream(text: string, signal: AbortSignal | undefined): ReadableStream<StreamPart> {
  const pieces = replyPieces(text, signal);
  let started = false;
  return new ReadableStream<StreamPart>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'text-start', id: 't' });
      }
      const next = await pieces.next();
      if (!next.done) return controller.enqueue({ type: 'text-delta', id: 't', delta: next.value });
      controller.enqueue({ type: 'text-end', id: 't' });
      controller.enqueue({
        type: 'finish',
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 0, text: 0, reasoning: 0 },
        },
      });
      controller.close();
    },
  });
}

const model = new MockLanguageModelV3({
  async doStream(options) {
    // The mock records every call; cleared, so the peer keeps nothing per stream, as a provider's model would not.
    model.doStreamCalls.length = 0;
    const user = options.prompt.findLast((message) => message.role === 'user');
    const text = user?.role === 'user' ? user.content.map((part) => (part.type === 'text' ? part.text : '')).join('') : '';
    return { stream: replyStream(text, options.abortSignal) };
  },
});

const server = createServer((request, response) => {
  if (request.method !== 'POST' || !/^\/sessions\/[^/]+\/messages$/.test(request.url ?? '')) {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let text: string;
    try {
      text = String((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text?: unknown }).text ?? '');
    } catch {
      response.writeHead(400).end();
      return;
    }
    const abort = new AbortController();
    response.once('close', () => abort.abort());
    const result = streamText({ model, prompt: text, abortSignal: abort.signal });
    result.pipeUIMessageStreamToResponse(response);
  });
});

await monitorServer(server);
