import { notesMcpServer, type Notes, type NotesServerOptions } from './mcp-notes-server.js';
import { serveMcpOverHttp, type ServedMcp } from './mcp-serve-http.js';

/** With the headers of every request it received (`requestHeaders`) and `forgetSessions`, as a restarted server would. */
export type McpHttpServer = ServedMcp;

/** The notes MCP server over Streamable HTTP on 127.0.0.1, with sessions (one MCP server object per session). */
export function startMcpHttpServer(notes: Notes, options: NotesServerOptions = {}): Promise<McpHttpServer> {
  return serveMcpOverHttp(() => notesMcpServer(notes, options));
}
