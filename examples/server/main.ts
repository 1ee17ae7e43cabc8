import { serve } from '@hono/node-server';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configuredModelName, createDemoApp } from './demo-app.js';

const port = Number(process.env.PORT ?? 8787);
const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const dataDir = process.env.AGENT_CHAT_DATA_DIR ?? join(root, '.data');

serve({ fetch: createDemoApp({ dataDir }).fetch, port, hostname: process.env.HOST ?? 'localhost' }, (info) => {
  const mode = configuredModelName() ?? 'offline demo model';
  console.log(`agent-chat examples on http://localhost:${info.port}  ·  ${mode}  ·  data in ${dataDir}`);
});
