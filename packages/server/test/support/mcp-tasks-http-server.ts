import { Gates, SharedTaskStore, tasksMcpServer } from './mcp-tasks-server.js';
import { serveMcpOverHttp, type ServedMcp } from './mcp-serve-http.js';

/** `received` has the JSON-RPC methods it was sent; `forgetSessions` is a restart that keeps the task store. */
export interface McpTasksHttpServer extends ServedMcp {
  store: SharedTaskStore;
  gates: Gates;
}

/** The tasks MCP server over Streamable HTTP on 127.0.0.1: one MCP server object per session, one task store. */
export async function startMcpTasksHttpServer(): Promise<McpTasksHttpServer> {
  const store = new SharedTaskStore();
  const gates = new Gates();
  const served = await serveMcpOverHttp(() => tasksMcpServer({ store, gates }));
  return {
    ...served,
    store,
    gates,
    async close() {
      await served.close();
      store.cleanup();
    },
  };
}
