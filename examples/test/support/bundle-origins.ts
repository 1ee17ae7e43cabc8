// Two origins for the built script-tag bundle, as a host with a CDN has them: packages/element/dist/ served as a
// folder from one (a static server under a sub-path, like a CDN's versioned URL), and the host's page with its
// agent server from the other. Each server keeps a log of what it was asked, so a test can count requests on the
// server's side as well as in the page.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAgentChat, defineTool, scriptedModel, type ScriptedRun } from '@agent-chat/server';
import { serveApp, type RunningServer } from '@agent-chat/server/testing';
import { build } from 'esbuild';
import { Hono } from 'hono';
import { z } from 'zod';

/** The bundle a host's script tag names; its chunks are dist/chunks/ beside it. */
export const bundlePath = fileURLToPath(import.meta.resolve('@agent-chat/element/agent-chat.js'));
const distDir = dirname(bundlePath);

export interface DistServer {
  origin: string;
  /** Where dist/ is served: `${origin}${DIST_PREFIX}`, ending in a slash. */
  base: string;
  /** Every path asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Not the origin's root: a chunk found relative to the script, not from `/`, is what this sub-path shows. */
export const DIST_PREFIX = '/cdn/agent-chat/0.1.0/';

/** dist/ as a static folder, with the CORS header a module script from another origin needs (docs/host-page.md). */
export async function serveDist(): Promise<DistServer> {
  const requests: string[] = [];
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://dist').pathname;
    requests.push(path);
    const file = path.startsWith(DIST_PREFIX) ? normalize(join(distDir, path.slice(DIST_PREFIX.length))) : undefined;
    if (!file || relative(distDir, file).startsWith(`..${sep}`) || !file.endsWith('.js')) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'access-control-allow-origin': '*',
        'cache-control': 'no-cache',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  const origin = await listen(server);
  return { origin, base: `${origin}${DIST_PREFIX}`, requests, close: () => close(server) };
}

export interface HostServer {
  origin: string;
  /** The agent's endpoint, an absolute URL as the host page writes it. */
  endpoint: string;
  /** `METHOD /path?query` of every request that reached the agent, in order. */
  agentRequests: string[];
  /** A host page with one script tag (the bundle from `distBase`) and one `<agent-chat>`. */
  pageUrl(options?: { mode?: string }): string;
  close(): Promise<void>;
}

/** Text a reply to "hello" streams: long enough to come in several deltas (the scripted model sends 12 characters each). */
export const replyTo = (text: string) => `You said: ${text}. This reply comes from the agent server, in pieces.`;

/**
 * The model's script, by the user's words: a plain text reply by default, a read tool's call for "look up", and a
 * call that waits for the user's confirmation for "delete".
 */
function script({ text }: { text: string }): ScriptedRun {
  if (/look up/i.test(text)) return [[{ text: 'Looking it up.' }, { tool: 'lookup_order', input: { id: 'A-1' } }], [{ text: 'Order A-1 has shipped.' }]];
  if (/delete/i.test(text)) return [[{ tool: 'delete_order', input: { id: 'A-1' } }], [{ text: 'Order A-1 is deleted.' }]];
  return [[{ text: replyTo(text) }]];
}

const tools = [
  defineTool({
    name: 'lookup_order',
    description: 'Read an order by id.',
    input: z.object({ id: z.string() }),
    label: 'Looking up {id}',
    execute: ({ id }) => ({ id, status: 'shipped' }),
  }),
  defineTool({
    name: 'delete_order',
    description: 'Delete an order by id.',
    kind: 'write',
    input: z.object({ id: z.string() }),
    needsConfirmation: true,
    execute: ({ id }) => ({ id, deleted: true }),
  }),
];

/** The host's own server: its page, and the agent mounted at /api/agent with the default (anonymous cookie) auth. */
export async function serveHost(distBase: string): Promise<HostServer> {
  const agentRequests: string[] = [];
  // The page and the agent share this origin, so the server's origin check passes them with no `origins` option:
  // only the bundle comes from elsewhere.
  const agent = createAgentChat({ model: scriptedModel(script), tools, secret: 'bundle-origins-test-secret-of-32-characters-or-more' });
  const app = new Hono()
    .use('/api/agent/*', async (c, next) => {
      const url = new URL(c.req.url);
      agentRequests.push(`${c.req.method} ${url.pathname}${url.search}`);
      await next();
    })
    .route('/api/agent', agent)
    .get('/host.html', (c) => {
      const mode = c.req.query('mode') ?? 'floating';
      const endpoint = `${new URL(c.req.url).origin}/api/agent`;
      // An empty icon, so the browser asks this origin for nothing but the page (no /favicon.ico).
      return c.html(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>Host page</title>
    <script type="module" src="${distBase}agent-chat.js"></script>
  </head>
  <body>
    <h1>A host page</h1>
    <agent-chat mode="${mode}" endpoint="${endpoint}"></agent-chat>
  </body>
</html>`);
    });
  const running: RunningServer = await serveApp(app);
  return {
    origin: running.url,
    endpoint: `${running.url}/api/agent`,
    agentRequests,
    pageUrl: ({ mode = 'floating' } = {}) => `${running.url}/host.html?mode=${encodeURIComponent(mode)}`,
    close: () => running.close(),
  };
}

/**
 * The built files a page fetches before the element runs: the entry and, transitively, every chunk it imports
 * statically (paths relative to dist/). Read from the files as built, by esbuild's own parser, not from a list.
 */
export async function firstLoadFiles(): Promise<Set<string>> {
  const result = await build({
    entryPoints: [bundlePath],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: join(distDir, '.analysis-not-written'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = result.metafile.inputs;
  const key = (absolute: string) => relative(process.cwd(), absolute).split(sep).join('/');
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of inputs[path]?.imports ?? []) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(key(bundlePath));
  const distKey = key(distDir);
  return new Set([...seen].map((path) => path.slice(distKey.length + 1)));
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
