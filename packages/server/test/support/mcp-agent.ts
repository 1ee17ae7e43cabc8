// What the tests of MCP servers through the real agent loop share: a model that calls the tool the user's message
// names, and an app made with an MCP server's tools over stdio or Streamable HTTP.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { createAgentChat, scriptedModel, type AgentChatAppOptions } from '../../src/index.js';
import { mcpTools, type McpTools, type McpToolsOptions } from '../../src/mcp.js';
import { agentClient, type AgentClient } from '../../src/testing/agent-client.js';
import type { FakeReply, RecordedRequest } from '../../src/testing/fake-anthropic.js';
import type { ReceivedEvent } from '../../src/testing/read-agent-events.js';
import { recordingModel } from '../../src/testing/recording-model.js';
import { serveApp, type RunningServer } from '../../src/testing/serve-app.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The model calls the tool the user's message names (`{"tool": …, "input": …}`, see `ask`), then says it is done. */
export function toolNamingModel() {
  return recordingModel(
    scriptedModel(({ text }) => {
      const { tool, input } = JSON.parse(text) as { tool: string; input: unknown };
      return [[{ tool, input }], [{ text: 'Done.' }]];
    }),
  );
}

/** The user's message for `toolNamingModel`: call `tool` with `input`. */
/**
 * The same for the fake Messages API (`startFakeAnthropic({ replies: toolNamingReply })`): it calls the tool the user's
 * message names, and after the tool's result says it is done. What it was asked stays in `fake.requests`.
 */
export function toolNamingReply(body: RecordedRequest, index: number): FakeReply {
  const last = (body.messages as Array<{ role: string; content: string | Array<Record<string, any>> }>).at(-1)!;
  const blocks = typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : last.content;
  if (blocks.some((block) => block.type === 'tool_result')) return { content: [{ type: 'text', text: 'Done.' }] };
  const { tool, input } = JSON.parse(blocks.find((block) => block.type === 'text')!.text as string) as { tool: string; input: Record<string, unknown> };
  return { content: [{ type: 'tool_use', id: `toolu_${index}`, name: tool, input }] };
}

export const ask = (tool: string, input: unknown = {}) => ({ text: JSON.stringify({ tool, input }) });

/** The data of the events of one type, in order. */
export const eventsOf = (events: ReceivedEvent[], type: string) => events.filter((e) => e.data.type === type).map((e) => e.data as Record<string, any>);

/** A run whose input requests are answered as they arrive, by `answer` (its body for the POST). */
export async function runAnswering(client: AgentClient, sessionId: string, body: unknown, answer: (request: Record<string, any>) => unknown) {
  const posts: Promise<Response>[] = [];
  const events = await client.run(sessionId, body, (event) => {
    if (event.data.type !== 'input_request') return;
    const request = event.data as Record<string, any>;
    posts.push(
      client.request(`/sessions/${sessionId}/input-requests/${request.requestId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(answer(request)),
      }),
    );
  });
  const answered = await Promise.all(posts);
  return { events, statuses: answered.map((response) => response.status) };
}

/** How a test reaches its MCP server: what mcpTools is given, and starting and stopping the server if the test runs it. */
export interface McpServerSetup {
  source(): McpToolsOptions;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A support script (`test/support/<script>`) as a stdio MCP server: node with tsx's loader, a child process mcpTools starts and stops. */
export const stdioScript = (script: string, ...args: string[]): McpToolsOptions => ({
  command: process.execPath,
  args: ['--import', 'tsx', join(here, script), ...args],
});

/** A stdio server: mcpTools starts and stops it, so the test has nothing to. */
export const stdioSetup = (script: string): McpServerSetup => ({ source: () => stdioScript(script), start: async () => {}, stop: async () => {} });

export interface McpApp {
  mcp: McpTools;
  app: RunningServer;
  client: AgentClient;
}

/**
 * In the calling describe: before its tests, start the server, connect mcpTools to it (with the setup's source, as
 * `connect` changes it) and serve an app made with `options(mcp)`; after them, close the app, mcpTools and the server.
 * The object returned is filled in before the first test runs.
 */
export function useMcpApp(
  setup: McpServerSetup,
  options: (mcp: McpTools) => AgentChatAppOptions,
  connect: (source: McpToolsOptions) => McpToolsOptions = (source) => source,
): McpApp {
  const made = {} as McpApp;
  beforeAll(async () => {
    await setup.start();
    made.mcp = await mcpTools(connect(setup.source()));
    made.app = await serveApp(createAgentChat(options(made.mcp)));
    made.client = agentClient(made.app.url);
  });
  afterAll(async () => {
    await made.app?.close();
    await made.mcp?.close();
    await setup.stop();
  });
  return made;
}
