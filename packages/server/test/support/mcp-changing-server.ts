import { McpServer, type RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { serveMcpOverHttp, type SdkServer } from './mcp-serve-http.js';

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
  const made = new Map<SdkServer, ChangingMcpServer>();
  const served = await serveMcpOverHttp(() => {
    const changing = changingMcpServer();
    made.set(changing.server, changing);
    return changing.server;
  });
  return { url: served.url, sessions: () => served.servers().map((server) => made.get(server)!), close: served.close };
}
