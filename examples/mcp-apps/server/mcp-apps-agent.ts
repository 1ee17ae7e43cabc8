import { createAgentChat, modelFromEnv, type Model, type SessionStore } from '@agent-chat/server';
import { Hono } from 'hono';
import { demoModel } from './demo-model.js';
import { basicServer, systemMonitorServer } from './official-servers.js';
import { OnDemandMcpTools } from './on-demand-tools.js';

const SYSTEM = [
  'You are the assistant of the agent-chat MCP Apps example. Be brief.',
  'Two MCP servers give you tools with interactive views: get-time (the server time) and get-system-info (this',
  "machine's CPU and memory). The page draws a tool's view under its call, so do not repeat what the view shows;",
  'say in a sentence what the user can do in it.',
].join(' ');

export interface McpAppsAgentOptions {
  store: SessionStore;
  /** Where views are drawn (`apps.sandboxOrigin`); unset, the calls are shown as plain calls. */
  sandboxOrigin?: string;
  /** Default: Claude with ANTHROPIC_API_KEY (or another provider from the environment), else the offline demo. */
  model?: Model;
}

export interface McpAppsAgent {
  /** The agent's routes, to mount under any path; the first request starts the two MCP servers. */
  app: Hono;
  /** Stop both MCP servers (closing their connections ends their processes). */
  close(): Promise<void>;
}

/** The example's agent: two official MCP Apps servers over stdio, their views drawn in the sandbox. */
export function mcpAppsAgent(options: McpAppsAgentOptions): McpAppsAgent {
  const servers = [
    new OnDemandMcpTools(basicServer(), 'the MCP server @modelcontextprotocol/server-basic-vanillajs'),
    new OnDemandMcpTools(systemMonitorServer(), 'the MCP server @modelcontextprotocol/server-system-monitor'),
  ];
  const agent = createAgentChat({
    model: options.model ?? modelFromEnv({ offline: demoModel }),
    tools: servers,
    store: options.store,
    system: SYSTEM,
    ...(options.sandboxOrigin ? { apps: { sandboxOrigin: options.sandboxOrigin } } : {}),
  });
  const app = new Hono()
    .use('*', async (c, next) => {
      try {
        await Promise.all(servers.map((server) => server.connect()));
      } catch (error) {
        const message = `The example's MCP servers did not start: ${(error as Error).message}`;
        return c.json({ error: { code: 'unavailable', message } }, 503);
      }
      await next();
    })
    .route('/', agent);
  return {
    app,
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}
