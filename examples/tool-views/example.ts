import { fileStore } from '@agent-chat/server/file-store';
import { Hono } from 'hono';
import { join } from 'node:path';
import type { ExampleDefinition } from '../server/example.js';
import { toolViewsAgent } from './server/tool-views-agent.js';

export const toolViewsExample: ExampleDefinition = {
  name: 'tool-views',
  title: 'Tool views',
  summary: 'The page draws tool calls its own way: a weather card that fills in as the model writes, and a choice picker the user answers.',
  create: ({ dataDir }) => new Hono().route('/api/agent', toolViewsAgent(fileStore({ dir: join(dataDir, 'sessions') }))),
};
