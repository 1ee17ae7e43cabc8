import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { notesMcpServer, type Notes, type NotesServerOptions } from './mcp-notes-server.js';

export interface McpHttpServer {
  url: string;
  /** The headers of every request it received, for checking what the client sent. */
  requestHeaders: IncomingMessage['headers'][];
  /** Forget every session, as a restarted server would: the next request with an old session id gets 404. */
  forgetSessions(): Promise<void>;
  close(): Promise<void>;
}

/** The notes MCP server over Streamable HTTP on 127.0.0.1, with sessions (one MCP server object per session). */
export async function startMcpHttpServer(notes: Notes, options: NotesServerOptions = {}): Promise<McpHttpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const requestHeaders: IncomingMessage['headers'][] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    requestHeaders.push(req.headers);
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    const id = req.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.handleRequest(req, res, body);
    if (id === undefined && req.method === 'POST' && isInitializeRequest(body)) {
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, transport),
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      await notesMcpServer(notes, options).connect(transport);
      return transport.handleRequest(req, res, body);
    }
    // What the spec asks of a server that does not know the session: 404, so the client starts a new one.
    res.writeHead(id === undefined ? 400 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: id === undefined ? 'No session' : 'Session not found' }, id: null }));
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
    requestHeaders,
    forgetSessions,
    async close() {
      await forgetSessions();
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
