import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Serve a fetch handler on 127.0.0.1 on a free port: tests talk to it over real HTTP. */
export function serveApp(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            if ('closeAllConnections' in server) (server as { closeAllConnections(): void }).closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
