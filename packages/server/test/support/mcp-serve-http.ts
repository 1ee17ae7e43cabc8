import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';

/** An MCP server object of the v1 SDK: the high-level McpServer or the low-level Server. */
export type SdkServer = McpServer | Server;

export interface ServedMcp {
  url: string;
  /** The JSON-RPC methods of every request it received, in order, with the session each came on. */
  received: Array<{ method: string; session: string | undefined }>;
  /** The headers of every request it received, for checking what the client sent. */
  requestHeaders: IncomingMessage['headers'][];
  /** The server object of every session open now (one per MCP session). */
  servers(): SdkServer[];
  /** Forget every session, as a restarted server would: the next request with an old session id gets 404. */
  forgetSessions(): Promise<void>;
  close(): Promise<void>;
}

/** Any MCP server of the v1 SDK over Streamable HTTP on 127.0.0.1: one server object per MCP session. */
export async function serveMcpOverHttp(makeServer: () => SdkServer): Promise<ServedMcp> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; server: SdkServer }>();
  const received: ServedMcp['received'] = [];
  const requestHeaders: ServedMcp['requestHeaders'] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    requestHeaders.push(req.headers);
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const id = req.headers['mcp-session-id'];
    const session = typeof id === 'string' ? id : undefined;
    for (const message of Array.isArray(body) ? body : [body]) {
      const method = (message as { method?: unknown } | undefined)?.method;
      if (typeof method === 'string') received.push({ method, session });
    }
    const known = session ? sessions.get(session) : undefined;
    if (known) return known.transport.handleRequest(req, res, body);
    if (session === undefined && req.method === 'POST' && isInitializeRequest(body)) {
      const server = makeServer();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, { transport, server }),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await server.connect(transport);
      return transport.handleRequest(req, res, body);
    }
    // What the spec asks of a server that does not know the session: 404, so the client starts a new one.
    res.writeHead(session === undefined ? 400 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: session === undefined ? 'No session' : 'Session not found' }, id: null }));
  };

  const httpServer = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;

  const forgetSessions = async (): Promise<void> => {
    const open = [...sessions.values()];
    sessions.clear();
    await Promise.all(open.map((session) => session.transport.close()));
  };
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    received,
    requestHeaders,
    servers: () => [...sessions.values()].map((session) => session.server),
    forgetSessions,
    async close() {
      await forgetSessions();
      httpServer.closeAllConnections();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : JSON.parse(text);
}
