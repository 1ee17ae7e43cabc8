import { fileStore } from '@agent-chat/server/file-store';
import { Hono } from 'hono';
import { join } from 'node:path';
import type { ExampleDefinition } from '../server/example.js';
import { a2uiAgent } from './server/a2ui-agent.js';

export const a2uiExample: ExampleDefinition = {
  name: 'a2ui',
  title: 'A2UI booking',
  summary: "A restaurant's booking page whose agent answers with a native form (A2UI v0.9, the basic catalog), then marks it booked in place.",
  create: ({ dataDir }) => new Hono().route('/api/agent', a2uiAgent({ store: fileStore({ dir: join(dataDir, 'sessions') }) })),
};
