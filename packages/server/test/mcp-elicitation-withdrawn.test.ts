// What a server's elicitation may not do to the user: offer a link that is not a web page, or leave a card open after
// it gave up asking (issue 35.2). An official-SDK (v1) server over Streamable HTTP, through the real agent loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, scriptedModel } from '../src/index.js';
import { mcpTools, type McpTools } from '../src/mcp.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { askingMcpServer } from './support/mcp-asking-server.js';
import { serveMcpOverHttp, type ServedMcp } from './support/mcp-serve-http.js';

const model = scriptedModel(({ text }) => [[{ tool: text, input: {} }], [{ text: 'Done.' }]]);

let withdrawNow: () => void = () => {};
let http: ServedMcp;
let tools: McpTools;
let app: RunningServer;
let client: AgentClient;

beforeAll(async () => {
  http = await serveMcpOverHttp(() => askingMcpServer({ withdraw: () => new Promise<void>((resolve) => (withdrawNow = resolve)) }));
  tools = await mcpTools({ url: http.url });
  app = await serveApp(createAgentChat({ model, tools: [tools] }));
  client = agentClient(app.url);
});
afterAll(async () => {
  await tools?.close();
  await app?.close();
  await http?.close();
});

const resultOf = (events: { data: { type: string } }[]) => events.map((e) => e.data as Record<string, any>).find((e) => e.type === 'tool_result');

describe('MCP elicitation: what the user is never left with', () => {
  it('a URL-mode request for a javascript: link is declined without a card', async () => {
    const events = await client.run('script-link', { text: 'open_script_link' });
    expect(events.some((e) => e.data.type === 'input_request')).toBe(false);
    expect(resultOf(events)?.output).toBe('open_script_link: decline');
  });

  it('a request the server gives up on is answered `withdrawn`, and the stored card says so', async () => {
    const events = await client.run('withdrawn', { text: 'ask_then_withdraw' }, (event) => {
      if (event.data.type === 'input_request') withdrawNow();
    });
    const answered = events.map((e) => e.data as Record<string, any>).find((e) => e.type === 'input_answered');
    expect(answered?.answer).toEqual({ action: 'cancel', by: 'withdrawn' });
    expect(resultOf(events)?.output).toBe('ask_then_withdraw: withdrawn');
    const session = (await (await client.request('/sessions/withdrawn')).json()) as { inputRequests: { answer?: unknown }[] };
    expect(session.inputRequests.map((request) => request.answer)).toEqual([{ action: 'cancel', by: 'withdrawn' }]);
  });
});
