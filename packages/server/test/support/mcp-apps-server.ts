import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const VIEW = 'text/html;profile=mcp-app';

/**
 * An MCP server with MCP Apps views, built with the official SDK v1: `get_time` declares its view the 2026 way
 * (`_meta.ui.resourceUri`, a resource with a CSP and permissions); `old_clock` the older flat way
 * (`_meta["ui/resourceUri"]`, a resource declaring nothing); `refresh_time` only its views may call;
 * `model_only` only the model; `wipe` is destructive (it asks for approval). `client_said` answers what the
 * client declared when it connected. `get_stats` answers with structuredContent and _meta for its view (`{ fail }`: as
 * an error result; `{ pad }`: with that many characters of text content besides).
 */
export function appsMcpServer(name = 'apps'): McpServer {
  const server = new McpServer({ name, version: '1.0.0' });
  const readOnly = { readOnlyHint: true };
  server.registerTool(
    'get_time',
    { description: 'The server time, drawn as a clock.', inputSchema: {}, annotations: readOnly, _meta: { ui: { resourceUri: 'ui://apps/clock.html' } } },
    async () => ({ content: [{ type: 'text', text: '12:00' }] }),
  );
  server.registerTool(
    'old_clock',
    { description: 'The server time, on an old clock.', inputSchema: {}, annotations: readOnly, _meta: { 'ui/resourceUri': 'ui://apps/old.html' } },
    async () => ({ content: [{ type: 'text', text: '11:00' }] }),
  );
  server.registerTool(
    'get_stats',
    {
      description: 'Load figures, drawn as a chart.',
      inputSchema: { fail: z.boolean().optional(), pad: z.number().optional() },
      annotations: readOnly,
      _meta: { ui: { resourceUri: 'ui://apps/clock.html' } },
    },
    async ({ fail, pad }) => ({
      content: [{ type: 'text', text: pad ? 'x'.repeat(pad) : fail ? 'no figures today' : 'load 0.5' }],
      structuredContent: { load: [0.5, 0.25], unit: 'cpu' },
      _meta: { 'example.com/sampledAt': 1700000000 },
      ...(fail ? { isError: true } : {}),
    }),
  );
  server.registerTool(
    'refresh_time',
    { description: 'The time again, for the clock view.', inputSchema: { zone: z.string().optional() }, annotations: readOnly, _meta: { ui: { visibility: ['app'] } } },
    async ({ zone }) => ({ content: [{ type: 'text', text: `12:01 ${zone ?? 'UTC'}` }] }),
  );
  server.registerTool(
    'model_only',
    { description: 'For the model alone.', inputSchema: {}, annotations: readOnly, _meta: { ui: { visibility: ['model'] } } },
    async () => ({ content: [{ type: 'text', text: 'secret' }] }),
  );
  server.registerTool(
    'wipe',
    { description: 'Wipes the clock.', inputSchema: {}, annotations: { destructiveHint: true } },
    async () => ({ content: [{ type: 'text', text: 'wiped' }] }),
  );
  server.registerTool(`${name}_only`, { description: `Only ${name} has it.`, inputSchema: {}, annotations: readOnly }, async () => ({
    content: [{ type: 'text', text: name }],
  }));
  server.registerTool(
    'client_said',
    { description: 'What the client declared.', inputSchema: {}, annotations: readOnly },
    async () => ({ content: [{ type: 'text', text: JSON.stringify(server.server.getClientCapabilities()) }] }),
  );
  server.registerResource('clock', 'ui://apps/clock.html', { mimeType: VIEW }, async (uri) => ({
    contents: [
      {
        uri: uri.href,
        mimeType: VIEW,
        text: '<!doctype html><p id="clock">clock</p>',
        _meta: {
          ui: {
            csp: { connectDomains: ['https://api.example.com'], resourceDomains: ['https://cdn.example.com', "'unsafe-eval'"] },
            permissions: { clipboardWrite: {} },
            prefersBorder: true,
          },
        },
      },
    ],
  }));
  server.registerResource('old', 'ui://apps/old.html', { mimeType: VIEW }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: VIEW, text: '<!doctype html><p>old</p>' }],
  }));
  server.registerResource('notes', 'note://apps/readme', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, mimeType: 'text/plain', text: 'read me' }],
  }));
  return server;
}
