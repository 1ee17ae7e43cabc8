import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { Gates, SharedTaskStore, tasksMcpServer } from './mcp-tasks-server.js';

export interface McpTasksHttpServer {
  url: string;
  store: SharedTaskStore;
  gates: Gates;
  /** The JSON-RPC methods of every request it received, in order, with the session each came on. */
  received: Array<{ method: string; session: string | undefined }>;
  /** Forget every session, as a restarted server would (the task store stays): the next request gets 404. */
  forgetSessions(): Promise<void>;
  close(): Promise<void>;
}

/** The tasks MCP server over Streamable HTTP on 127.0.0.1: one MCP server object per session, one task store. */
export async function startMcpTasksHttpServer(): Promise<McpTasksHttpServer> {
  const store = new SharedTaskStore();
  const gates = new Gates();
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const received: McpTasksHttpServer['received'] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const id = req.headers['mcp-session-id'];
    const session = typeof id === 'string' ? id : undefined;
    for (const message of Array.isArray(body) ? body : [body]) {
      const method = (message as { method?: unknown } | undefined)?.method;
      if (typeof method === 'string') received.push({ method, session });
    }
    const known = session ? sessions.get(session) : undefined;
    if (known) return known.handleRequest(req, res, body);
    if (session === undefined && req.method === 'POST' && isInitializeRequest(body)) {
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await tasksMcpServer({ store, gates }).connect(transport);
      return transport.handleRequest(req, res, body);
    }
    res.writeHead(session === undefined ? 400 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: session === undefined ? 'No session' : 'Session not found' }, id: null }));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const forgetSessions = async (): Promise<void> => {
    const open = [...sessions.values()];
    sessions.clear();
    await Promise.all(open.map((transport) => transport.close()));
  };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    store,
    gates,
    received,
    forgetSessions,
    async close() {
      await forgetSessions();
      store.cleanup();
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
