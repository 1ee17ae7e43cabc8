import { fileStore } from '@agent-chat/server/file-store';
import { Hono } from 'hono';
import { join } from 'node:path';
import type { ExampleDefinition } from '../server/example.js';
import { scriptTagAgent } from './agent.js';

export const scriptTagExample: ExampleDefinition = {
  name: 'script-tag',
  title: 'Script tag',
  summary: 'One <script>, one <agent-chat>, nothing else.',
  create: ({ dataDir }) => new Hono().route('/api/agent', scriptTagAgent(fileStore({ dir: join(dataDir, 'sessions') }))),
};
