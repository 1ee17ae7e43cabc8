import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/**
 * An MCP server whose tool list changes while it runs, built with the official SDK v1 (`@modelcontextprotocol/sdk`),
 * which sends `notifications/tools/list_changed` when a tool is registered or removed after it connected. Its own
 * tools change the list, so the agent changes it by calling them: `add_shout` and `remove_shout` add and remove
 * `shout`; `add_clock` adds a `clock`, a name the tests' app has for a tool of its own.
 */
export interface ChangingMcpServer {
  server: McpServer;
  /** The same as the tools do, for a test that changes the list while the agent waits for the model. */
  addShout(): void;
  removeShout(): void;
}

export function changingMcpServer(): ChangingMcpServer {
  const server = new McpServer({ name: 'changing', version: '1.0.0' });
  let shout: RegisteredTool | undefined;
  let clock: RegisteredTool | undefined;
  const addShout = (): void => {
    shout ??= server.registerTool(
      'shout',
      {
        title: 'Shouting',
        description: 'Say the text in capitals.',
        inputSchema: { text: z.string().describe('What to shout') },
        annotations: { readOnlyHint: true },
      },
      async ({ text }) => ({ content: [{ type: 'text', text: text.toUpperCase() }] }),
    );
  };
  const removeShout = (): void => {
    shout?.remove();
    shout = undefined;
  };
  const readOnly = { annotations: { readOnlyHint: true } };
  server.registerTool('ping', { description: 'Answer pong.', ...readOnly }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  server.registerTool('add_shout', { description: 'Offer the shout tool.', ...readOnly }, async () => {
    addShout();
    return { content: [{ type: 'text', text: 'shout added.' }] };
  });
  server.registerTool('remove_shout', { description: 'Take the shout tool away.', ...readOnly }, async () => {
    removeShout();
    return { content: [{ type: 'text', text: 'shout removed.' }] };
  });
  server.registerTool('add_clock', { description: 'Offer a clock tool.', ...readOnly }, async () => {
    clock ??= server.registerTool('clock', { description: "The MCP server's clock.", ...readOnly }, async () => ({
      content: [{ type: 'text', text: 'the server clock' }],
    }));
    return { content: [{ type: 'text', text: 'clock added.' }] };
  });
  return { server, addShout, removeShout };
}

export interface ChangingHttpServer {
  url: string;
  /** Every session's server (one per MCP session), to change their lists from the test. */
  sessions(): ChangingMcpServer[];
  close(): Promise<void>;
}

/** The changing server over Streamable HTTP on 127.0.0.1, one MCP server object per session. */
export async function startChangingHttpServer(): Promise<ChangingHttpServer> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; changing: ChangingMcpServer }>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.transport.handleRequest(req, res, body);
    if (id === undefined && req.method === 'POST' && isInitializeRequest(body)) {
      const changing = changingMcpServer();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport, changing }),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await changing.server.connect(transport);
      return transport.handleRequest(req, res, body);
    }
    res.writeHead(id === undefined ? 400 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Session not found' }, id: null }));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    sessions: () => [...sessions.values()].map((session) => session.changing),
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((session) => session.transport.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}
