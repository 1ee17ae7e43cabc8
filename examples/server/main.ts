import { serve } from '@hono/node-server';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configuredModelName, createDemoApp } from './demo-app.js';

const port = Number(process.env.PORT ?? 8787);
// MCP Apps views run on an origin of their own: the same app on a second port (SANDBOX_ORIGIN when it is reached
// under another name, behind a proxy say).
const sandboxPort = Number(process.env.SANDBOX_PORT ?? port + 1);
const sandboxOrigin = process.env.SANDBOX_ORIGIN ?? `http://localhost:${sandboxPort}`;
const hostname = process.env.HOST ?? 'localhost';
const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const dataDir = process.env.AGENT_CHAT_DATA_DIR ?? join(root, '.data');

const { fetch } = createDemoApp({ dataDir, sandboxOrigin });
serve({ fetch, port, hostname }, (info) => {
  const mode = configuredModelName() ?? 'offline demo model';
  console.log(`agent-chat examples on http://localhost:${info.port}  ·  ${mode}  ·  data in ${dataDir}`);
});
serve({ fetch, port: sandboxPort, hostname }, () => {
  console.log(`MCP Apps views drawn from ${sandboxOrigin} (the sandbox: nothing else is served there)`);
});
