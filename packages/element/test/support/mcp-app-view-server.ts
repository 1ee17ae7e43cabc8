// An MCP server with an MCP Apps view, built with the official SDK v1, run on stdio by the test server
// (`node --import tsx test/support/mcp-app-view-server.ts`): `show_counter` declares its view, `increment` only
// the view may call (its visibility is `app`).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { counterViewHtml } from './mcp-app-view-html.js';

const VIEW = 'text/html;profile=mcp-app';
const server = new McpServer({ name: 'counter', version: '1.0.0' });
const readOnly = { readOnlyHint: true };

server.registerTool(
  'show_counter',
  { description: 'Show a counter.', inputSchema: { start: z.number() }, annotations: readOnly, _meta: { ui: { resourceUri: 'ui://counter/view.html' } } },
  async ({ start }) => ({ content: [{ type: 'text', text: `counter at ${start}` }] }),
);
server.registerTool(
  'increment',
  { description: 'Add to the counter, for its view.', inputSchema: { by: z.number() }, annotations: readOnly, _meta: { ui: { visibility: ['app'] } } },
  async ({ by }) => ({ content: [{ type: 'text', text: `added ${by}` }] }),
);
server.registerResource('counter-view', 'ui://counter/view.html', { mimeType: VIEW }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: VIEW, text: counterViewHtml }],
}));

await server.connect(new StdioServerTransport());
