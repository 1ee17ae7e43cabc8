// The agent server scenario for MCP Apps (issue 36, the element's half): a scripted model calls `show_counter` of a
// real MCP server on stdio (mcp-app-view-server.ts), whose view the element draws. The view's sandbox page must be on
// another origin than the page's and the API's: the same server, reached as `localhost` (the API is 127.0.0.1), so
// the agent is made at its first request, once the port is known.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { createAgentChat, scriptedModel, type Model, type ModelEvent, type ModelRequest } from '@agent-chat/server';
import { mcpTools, type McpTools } from '@agent-chat/server/mcp';
import {
  ASK_VIEWS,
  COUNTER_REPLY,
  STREAM_COUNTER,
  STREAMED_INPUT,
  VIEW_MESSAGE,
  viewSaid,
  viewsHeard,
} from './mcp-app-view-html.js';
import { testAccess } from './test-access.js';

const here = dirname(fileURLToPath(import.meta.url));
let tools: McpTools | undefined;

/** Streamed calls' inputs, each held after its first piece until a test releases it (POST /__release-streamed-input). */
const held: Array<() => void> = [];

export function mountMcpAppScenarios(app: Hono): void {
  app.use('/__release-streamed-input', cors());
  app.post('/__release-streamed-input', (c) => {
    const released = held.splice(0);
    for (const release of released) release();
    return c.json({ released: released.length });
  });
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
      model: streamingCall(
        scriptedModel(({ text, context, system }) =>
          text === VIEW_MESSAGE
            ? [[{ text: viewSaid(text) }]]
            : text === ASK_VIEWS
              ? [[{ text: viewsHeard(context?.['mcpApps'], system.includes('"mcpApps"')) }]]
              : [[{ tool: 'show_counter', input: { start: 5 } }], [{ text: COUNTER_REPLY }]],
        ),
      ),
      tools: [tools],
      apps: { sandboxOrigin: `http://localhost:${port}` },
    }),
  );
}

/**
 * The model, except that STREAM_COUNTER's call is written in two pieces, as a real model streams an input: the first
 * (`{"start": 1`) at once, the rest (`2}`) once the test has seen the first reach the view and released it.
 */
function streamingCall(model: Model): Model {
  return {
    name: model.name,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const user = request.turns.findLast((turn) => turn.type === 'user');
      if (user?.type !== 'user' || user.text !== STREAM_COUNTER || request.turns.at(-1)?.type !== 'user') {
        yield* model.stream(request);
        return;
      }
      const id = `streamed-${user.id}`;
      const text = JSON.stringify(STREAMED_INPUT);
      const cut = text.length - 2;
      yield { type: 'tool_input_delta', id, name: 'show_counter', delta: text.slice(0, cut) };
      await new Promise<void>((resolve) => {
        held.push(resolve);
        request.signal.addEventListener('abort', () => resolve());
      });
      yield { type: 'tool_input_delta', id, name: 'show_counter', delta: text.slice(cut) };
      yield { type: 'tool_call', id, name: 'show_counter', input: STREAMED_INPUT };
      yield { type: 'stop', reason: 'tool_use' };
    },
  };
}

export async function closeMcpAppScenarios(): Promise<void> {
  for (const release of held.splice(0)) release();
  await tools?.close();
}
