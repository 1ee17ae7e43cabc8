import { serve, type ServerType } from '@hono/node-server';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoApp, type DemoApp } from '../../server/demo-app.js';

export interface DemoServer {
  url: string;
  /** The second port's origin, where MCP Apps views are drawn. */
  sandboxUrl: string;
  dataDir: string;
  /** Stop both ports and what the examples started (MCP servers); again, it does nothing. */
  close(): Promise<void>;
}

/**
 * The examples' own server, as `npm start` runs it, on free loopback ports (the second one the sandbox origin) with
 * a fresh data folder.
 */
export async function startDemoServer(): Promise<DemoServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agent-chat-demo-'));
  let app: DemoApp | undefined;
  // Both ports listen before the app is made, which needs the sandbox's port; nothing calls them before it is.
  const handler = (request: Request) => app!.fetch(request);
  const [main, sandbox] = await Promise.all([listen(handler), listen(handler)]);
  const sandboxUrl = `http://127.0.0.1:${sandbox.port}`;
  const made = createDemoApp({ dataDir, sandboxOrigin: sandboxUrl });
  app = made;
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${main.port}`,
    sandboxUrl,
    dataDir,
    close: () =>
      (closed ??= (async () => {
        await Promise.all([stop(main.server), stop(sandbox.server)]);
        await made.close();
        // A run whose page went away goes on in the background and may still be writing its session as the folder
        // goes (the server has no drain to wait on): rm's own retries take the ENOTEMPTY such a write causes.
        await rm(dataDir, { recursive: true, force: true, maxRetries: 10 });
      })()),
  };
}

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
}

function stop(server: ServerType): Promise<void> {
  return new Promise<void>((done) => {
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    server.close(() => done());
  });
}
