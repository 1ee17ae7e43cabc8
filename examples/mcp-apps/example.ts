import { fileStore } from '@agent-chat/server/file-store';
import { Hono } from 'hono';
import { join } from 'node:path';
import type { ExampleDefinition } from '../server/example.js';
import { mcpAppsAgent } from './server/mcp-apps-agent.js';

export const mcpAppsExample: ExampleDefinition = {
  name: 'mcp-apps',
  title: 'MCP Apps',
  summary: "Two official MCP servers' interactive views drawn in the conversation, in a sandbox on a second origin: a clock and a system monitor.",
  views: true,
  create: ({ dataDir, sandboxOrigin, onClose }) => {
    const agent = mcpAppsAgent({ store: fileStore({ dir: join(dataDir, 'sessions') }), ...(sandboxOrigin ? { sandboxOrigin } : {}) });
    onClose?.(agent.close);
    return new Hono().route('/api/agent', agent.app);
  },
};
