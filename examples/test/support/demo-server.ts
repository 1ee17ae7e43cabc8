import { serve } from '@hono/node-server';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoApp } from '../../server/demo-app.js';

export interface DemoServer {
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** The examples' own server, as `npm start` runs it, on a free loopback port with a fresh data folder. */
export async function startDemoServer(): Promise<DemoServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agent-chat-demo-'));
  const app = createDemoApp({ dataDir });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        dataDir,
        close: async () => {
          await new Promise<void>((done) => {
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            server.close(() => done());
          });
          await rm(dataDir, { recursive: true, force: true });
        },
      });
    });
  });
}
