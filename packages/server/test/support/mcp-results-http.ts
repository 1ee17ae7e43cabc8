import { resultsMcpServer, type ResultsServerOptions } from './mcp-results-server.js';
import { serveMcpOverHttp, type ServedMcp } from './mcp-serve-http.js';

export type ResultsHttpServer = ServedMcp;

/** The results MCP server over Streamable HTTP on 127.0.0.1, one server object per MCP session. */
export function startResultsHttpServer(options: ResultsServerOptions): Promise<ResultsHttpServer> {
  return serveMcpOverHttp(() => resultsMcpServer(options));
}
