// The real agent server the browser tests talk to: createAgentChat with scripted models, one scenario per
// mount path, served on 127.0.0.1 with CORS so the test page (another origin) can call it.
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { Turn } from '@agent-chat/protocol';
import { createAgentChat, defineCommand, defineTool, scriptedModel } from '@agent-chat/server';
import { serveApp, type RunningServer } from '@agent-chat/server/testing';
import { mountCommandScenarios } from './command-scenarios.js';
import { mountCardScenarios } from './card-scenarios.js';
import { mountFollowPageScenarios } from './follow-page-scenarios.js';
import { mountRenderingScenarios } from './rendering-scenarios.js';
import { mountRetryScenarios } from './retry-scenarios.js';
import { mountStopAndUndoScenarios } from './stop-and-undo-scenarios.js';
import { mountThreadScenarios } from './thread-scenarios.js';
import { closeMessageActionScenarios, mountMessageActionScenarios } from './message-action-scenarios.js';
import { mountToolViewScenarios } from './tool-view-scenarios.js';
import { mountSubagentScenarios } from './subagent-scenarios.js';
import { mountSubagentApprovalScenarios } from './subagent-approval-scenarios.js';
import { mountInputRequestScenarios } from './input-request-scenarios.js';
import { closeAttachmentScenarios, mountAttachmentScenarios } from './attachment-scenarios.js';
import { closeMcpAppScenarios, mountMcpAppScenarios } from './mcp-app-scenarios.js';
import { closeAgUiMcpAppScenarios, mountAgUiMcpAppScenarios } from './ag-ui-mcp-apps-agent.js';
import { mountAgUiA2uiScenarios } from './ag-ui-a2ui-scenarios.js';
import { mountA2uiScenarios } from './a2ui-scenarios.js';
import { testAccess } from './test-access.js';
import { BASIC, DROPPED_TEXT, MEDIUM_TEXT, SLOW_TEXT, commandReply, echo, pageFailed, pageSays } from './scenario-texts.js';

export type TestServer = RunningServer;

/** The header a test puts on the element's requests (through adapter.headers) to find them in the record. */
export const TEST_TAG_HEADER = 'x-test-tag';

/** One request the server saw with a test tag. */
export interface RecordedRequest {
  method: string;
  path: string;
  /** A POST's JSON body. */
  body?: unknown;
}

const lookupOrder = defineTool({
  name: 'lookup_order',
  description: 'Look up an order by its id',
  input: z.object({ order_id: z.string() }),
  label: 'Looking up order {order_id}',
  execute: ({ order_id }) => ({ order_id, status: 'shipped', carrier: 'Parcelo' }),
});

/** A tool the page runs (through the element's adapter). */
const readPage = defineTool({
  name: 'read_page',
  description: 'Read a part of the page the user is on',
  kind: 'client',
  input: z.object({ part: z.string() }),
  label: 'Reading the page',
});

/** A server tool that needs the user's confirmation first. */
const deleteItem = defineTool({
  name: 'delete_item',
  description: 'Delete an item',
  kind: 'write',
  input: z.object({ id: z.string() }),
  label: 'Deleting {id}',
  needsConfirmation: true,
  execute: ({ id }) => ({ deleted: id }),
});

const stage = defineCommand({
  name: 'stage',
  description: 'Go to a stage',
  args: [{ name: 'number', required: true }],
  run: ({ args }) => ({ text: commandReply(args[0] ?? '?'), state: { stage: Number(args[0]) } }),
});
const next = defineCommand({ name: 'next', description: 'Go to the next stage', run: () => 'Next stage' });
const newSession = defineCommand({ name: 'new', description: 'Start a new carousel', run: () => 'New carousel' });

/** The last tool result of the run, for a scripted reply that depends on it. */
function lastResult(turns: readonly Turn[]) {
  const result = turns.findLast((turn) => turn.type === 'tool_result');
  return result?.type === 'tool_result' ? result : undefined;
}

function scenarios(): Hono {
  const app = new Hono();
  // Thinking, text, a labelled tool call, then the answer that uses its result.
  app.route(
    '/api/basic',
    createAgentChat({
      ...testAccess,
      model: scriptedModel([
        [
          { thinking: BASIC.thinking },
          { text: BASIC.before },
          { tool: 'lookup_order', input: { order_id: 'A-17' } },
        ],
        [{ text: BASIC.after }],
      ]),
      tools: [lookupOrder],
    }),
  );
  // A reply that streams for seconds, so Stop can be pressed in the middle of it.
  app.route(
    '/api/slow',
    createAgentChat({ ...testAccess, model: scriptedModel([[{ text: SLOW_TEXT }]], { chunkSize: 4, delayMs: 50 }) }),
  );
  // Says back what it was sent: for the composer's keys and for history.
  app.route(
    '/api/echo',
    createAgentChat({ ...testAccess, model: scriptedModel(({ text }) => [[{ text: echo(text) }]]) }),
  );
  // "long…" takes a second after its text; anything else is echoed at once: for the queue.
  app.route(
    '/api/paced',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ text }) =>
        text.startsWith('long') ? [[{ text: MEDIUM_TEXT }, { delayMs: 1000 }]] : [[{ text: echo(text) }]],
      ),
    }),
  );
  // Asks the page (a client tool), then says what the page answered.
  app.route(
    '/api/client',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ text, turns }) => {
        const result = lastResult(turns);
        return [
          [{ text: 'Asking the page.' }, { tool: 'read_page', input: { part: text } }],
          [{ text: result?.isError ? pageFailed(result.output) : pageSays(result?.output) }],
        ];
      }),
      tools: [readPage],
    }),
  );
  // A delete that waits for the user's confirmation, then says whether it happened.
  app.route(
    '/api/confirm',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ turns }) => [
        [{ tool: 'delete_item', input: { id: 'F-1' } }],
        [{ text: lastResult(turns)?.isError ? 'Not deleted.' : 'Deleted F-1.' }],
      ]),
      tools: [deleteItem],
    }),
  );
  // Slash commands (run without the model); anything else is echoed.
  app.route(
    '/api/commands',
    createAgentChat({ ...testAccess, model: scriptedModel(({ text }) => [[{ text: echo(text) }]]), commands: [stage, next, newSession] }),
  );
  // Every kind of step, confirmation previews, undo: the rendering tests' own scenarios.
  // The model fails on a conversation's first try (as a provider that went quiet would), then answers: once the
  // history holds that failure (Retry sends the same turn again, so the number of messages does not tell).
  app.route(
    '/api/flaky',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ text, turns }) =>
        turns.some((turn) => turn.type === 'error')
          ? [[{ text: echo(text) }]]
          : [[{ text: 'Partial ' }, { error: 'The model sent nothing for 60 s, so the reply was abandoned. Try again.' }]],
      ),
    }),
  );
  // The network drops the reply's connection after a few events; the run goes on on the server.
  app.use('/api/dropping/sessions/:sessionId/messages', async (c, next) => {
    await next();
    const body = c.res.body;
    if (!body) return;
    const reader = body.getReader();
    let chunks = 0;
    const cut = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        controller.enqueue(value);
        if (++chunks === 8) {
          void reader.cancel();
          controller.error(new Error('connection dropped by the test server'));
        }
      },
    });
    c.res = new Response(cut, { status: c.res.status, headers: c.res.headers });
  });
  app.route(
    '/api/dropping',
    createAgentChat({ ...testAccess, model: scriptedModel([[{ text: DROPPED_TEXT }]], { chunkSize: 6, delayMs: 15 }) }),
  );
  mountRenderingScenarios(app);
  mountStopAndUndoScenarios(app);
  mountCardScenarios(app);
  mountCommandScenarios(app);
  mountFollowPageScenarios(app);
  mountRetryScenarios(app);
  mountThreadScenarios(app);
  mountMessageActionScenarios(app);
  mountToolViewScenarios(app);
  mountAttachmentScenarios(app);
  mountSubagentScenarios(app);
  mountSubagentApprovalScenarios(app);
  mountInputRequestScenarios(app);
  mountMcpAppScenarios(app);
  mountAgUiMcpAppScenarios(app);
  mountAgUiA2uiScenarios(app);
  mountA2uiScenarios(app);
  return app;
}

/** Keeps the path of every request that carries the test tag, by tag, for `GET /__requests?tag=…`. */
function requestRecorder(app: Hono): void {
  const seen = new Map<string, RecordedRequest[]>();
  app.use('*', async (c, next) => {
    const tag = c.req.header(TEST_TAG_HEADER);
    if (tag) {
      const list = seen.get(tag) ?? [];
      const text = c.req.method === 'POST' ? await c.req.raw.clone().text() : '';
      list.push({ method: c.req.method, path: new URL(c.req.url).pathname, ...(text ? { body: JSON.parse(text) } : {}) });
      seen.set(tag, list);
    }
    await next();
  });
  app.get('/__requests', (c) => c.json(seen.get(c.req.query('tag') ?? '') ?? []));
}

export function startTestServer(): Promise<TestServer> {
  const app = new Hono();
  // The agents answer CORS themselves (their origins option); the recorder is the test's own route.
  app.use('/__requests', cors());
  app.use('/__slow-tool/*', cors());
  // A mount path with no agent: the element must show the 404 (readable only with CORS headers).
  app.use('/api/no-such-agent/*', cors());
  requestRecorder(app);
  app.route('/', scenarios());
  // The message actions' fake Messages API (started by their first test) stops with the server.
  return serveApp(app).then((running) => ({ ...running, close: () => Promise.all([closeMessageActionScenarios(), closeAttachmentScenarios(), closeMcpAppScenarios(), closeAgUiMcpAppScenarios()]).then(running.close) }));
}
