// The agent server scenario for MCP Apps (issue 36, the element's half): a scripted model calls `show_counter` of a
// real MCP server on stdio (mcp-app-view-server.ts), whose view the element draws. The view's sandbox page must be on
// another origin than the page's and the API's: the same server, reached as `localhost` (the API is 127.0.0.1), so
// the agent is made at its first request, once the port is known.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { createAgentChat, scriptedModel } from '@agent-chat/server';
import { mcpTools, type McpTools } from '@agent-chat/server/mcp';
import { ASK_VIEWS, COUNTER_REPLY, VIEW_MESSAGE, viewSaid, viewsHeard } from './mcp-app-view-html.js';
import { testAccess } from './test-access.js';

const here = dirname(fileURLToPath(import.meta.url));
let tools: McpTools | undefined;

export function mountMcpAppScenarios(app: Hono): void {
  let agent: Promise<Hono> | undefined;
  app.all('/api/mcp-apps/*', async (c) => {
    agent ??= makeAgent(new URL(c.req.url).port);
    return (await agent).fetch(c.req.raw);
  });
}

async function makeAgent(port: string): Promise<Hono> {
  tools = await mcpTools({ command: process.execPath, args: ['--import', 'tsx', join(here, 'mcp-app-view-server.ts')] });
  return new Hono().route(
    '/api/mcp-apps',
    createAgentChat({
      ...testAccess,
      // The view's own message (ui/message) is answered by saying it back; ASK_VIEWS by saying what the views told
      // the model (ui/update-model-context, in the message's context).
      model: scriptedModel(({ text, context, system }) =>
        text === VIEW_MESSAGE
          ? [[{ text: viewSaid(text) }]]
          : text === ASK_VIEWS
            ? [[{ text: viewsHeard(context?.['mcpApps'], system.includes('"mcpApps"')) }]]
            : [[{ tool: 'show_counter', input: { start: 5 } }], [{ text: COUNTER_REPLY }]],
      ),
      tools: [tools],
      apps: { sandboxOrigin: `http://localhost:${port}` },
    }),
  );
}

export async function closeMcpAppScenarios(): Promise<void> {
  await tools?.close();
}
