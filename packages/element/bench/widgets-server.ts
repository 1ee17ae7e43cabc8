// The bench's one origin on 127.0.0.1: both widgets' files, our agent server (the real @agent-chat/server with a
// model that plays widgets-replies.ts), and an SSE endpoint in deep-chat's `connect` format that plays the same.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Turn } from '@agent-chat/protocol';
import { createAgentChat, memoryStore, sessionRef, type Model } from '@agent-chat/server';
import { historyMessages, replyPieces } from './widgets-replies.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
export const STATIC_DIRS: Record<string, string> = {
  '/element/': join(here, '../dist/'),
  '/deep-chat/': join(root, 'node_modules/deep-chat/dist/'),
  '/bench/': here + '/',
};
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.css': 'text/css', '.json': 'application/json' };

/** The file a static URL path names, or undefined when it names none of ours. */
export function fileFor(pathname: string): string | undefined {
  for (const [prefix, dir] of Object.entries(STATIC_DIRS)) {
    if (!pathname.startsWith(prefix)) continue;
    const file = normalize(join(dir, decodeURIComponent(pathname.slice(prefix.length))));
    return file.startsWith(dir) ? file : undefined;
  }
  return undefined;
}

/** Our widget's model: the last user message is the command. */
const benchModel: Model = {
  name: 'bench',
  async *stream(request) {
    const last = [...request.turns].reverse().find((turn) => turn.type === 'user');
    const command = last && 'text' in last ? String(last.text) : '';
    for await (const text of replyPieces(command, request.signal)) yield { type: 'text_delta', text };
    yield { type: 'stop', reason: 'end_turn', usage: { inputTokens: 0, outputTokens: 0 } };
  },
};

const PAGE = (widget: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${widget}</title>
<style>html,body{margin:0;height:100%} #host{height:700px;width:800px}</style></head>
<body><div id="host"></div><script type="module" src="/bench/widgets-harness.js?w=${widget}"></script></body></html>`;

export async function startBenchServer() {
  const store = memoryStore();
  const agent = createAgentChat({ model: benchModel, store, authorize: () => 'bench', limits: { sessionTurns: 100_000, sessionBytes: 1e9 } });
  const app = new Hono();
  app.route('/api/agent', agent);
  app.get('/page/:widget', (c) => c.html(PAGE(c.req.param('widget'))));
  app.post('/deep-chat-api', async (c) => {
    const body = (await c.req.json()) as { messages?: { role?: string; text?: string }[] };
    const command = body.messages?.at(-1)?.text ?? '';
    return streamSSE(c, async (sse) => {
      for await (const text of replyPieces(command)) await sse.writeSSE({ data: JSON.stringify({ text }) });
    });
  });
  const listener = getRequestListener(app.fetch);
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const file = fileFor(new URL(request.url ?? '/', 'http://x').pathname);
    if (!file) return listener(request, response);
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** Stores a history of `count` messages as session `sessionId`, the way the loop writes turns. */
    async seed(sessionId: string, count: number) {
      const turns: Turn[] = historyMessages(count).map((message, i) =>
        message.role === 'user'
          ? { id: `u${i}`, createdAt: i, type: 'user', text: message.text }
          : { id: `a${i}`, createdAt: i, type: 'assistant_text', text: message.text },
      );
      // Under the principal `authorize` names, so the page's requests find it (sessions are found by owner and id).
      const session = await sessionRef('bench', sessionId);
      let version = 0;
      for (let i = 0; i < turns.length; i += 100) {
        version = await store.write(session, version, {
          append: turns.slice(i, i + 100),
          ...(version === 0 ? { set: { owner: 'bench', pending: [], turnHasWrites: false, lastEventId: 0, updatedAt: 0 } } : {}),
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
