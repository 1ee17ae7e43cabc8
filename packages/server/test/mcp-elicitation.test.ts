import { describe, expect, it, vi } from 'vitest';
import { createAgentChat } from '../src/index.js';
import { mcpTools } from '../src/mcp.js';
import { agentClient } from '../src/testing/agent-client.js';
import { serveApp } from '../src/testing/serve-app.js';
import { ask, eventsOf as of, runAnswering, stdioScript, toolNamingModel, useMcpApp, type McpServerSetup } from './support/mcp-agent.js';
import { askingMcpServer, CONNECT_URL, SIGN_UP_SCHEMA } from './support/mcp-asking-server.js';
import { serveMcpOverHttp, type ServedMcp } from './support/mcp-serve-http.js';

const model = toolNamingModel();

// The user's answers take as long as they take: the call's timeout is not what these tests are about.
const patient = { timeoutMs: 120_000 };
let http: ServedMcp;
let releaseWait: () => void = () => {};
let waitEntered: Promise<void>;
let enteredWait: () => void = () => {};
const resetWait = () => {
  waitEntered = new Promise((resolve) => (enteredWait = resolve));
};
resetWait();

const transports: Array<[string, McpServerSetup]> = [
  ['stdio', { source: () => ({ ...stdioScript('mcp-asking-stdio.ts'), ...patient }), start: async () => {}, stop: async () => {} }],
  [
    'Streamable HTTP',
    {
      source: () => ({ url: http.url, ...patient }),
      start: async () => {
        http = await serveMcpOverHttp(() =>
          askingMcpServer({
            wait: () =>
              new Promise<void>((resolve) => {
                releaseWait = resolve;
                enteredWait();
              }),
          }),
        );
      },
      stop: () => http.close(),
    },
  ],
];

describe.each(transports)('MCP elicitation over %s', (name, setup) => {
  const agent = useMcpApp(setup, (mcp) => ({ model, tools: [mcp] }));

  it('a form the server asks for is an input request with its schema; the accepted content reaches the tool and the model', async () => {
    model.calls.length = 0;
    const content = { email: 'ada@example.com', height: 1.7, age: 36, newsletter: false, plan: 'pro', topics: ['news', 'tips'] };
    const { events, statuses } = await runAnswering(agent.client, 'form', ask('sign_up'), () => ({ action: 'accept', content }));
    expect(statuses).toEqual([200]);
    const call = of(events, 'tool_call')[0]!;
    const [request] = of(events, 'input_request');
    expect(request).toMatchObject({
      toolCallId: call.toolCallId,
      kind: 'form',
      server: 'Sign-up desk',
      message: 'Your details for the newsletter, please.',
      schema: SIGN_UP_SCHEMA,
    });
    expect(of(events, 'input_answered')[0]).toMatchObject({ requestId: request!.requestId, answer: { action: 'accept', content, by: 'user' } });
    const output = `sign_up: accept ${JSON.stringify(content)}`;
    expect(of(events, 'tool_result')[0]).toMatchObject({ toolCallId: call.toolCallId, isError: false, output });
    expect(model.calls[1]!.turns.find((turn) => turn.type === 'tool_result')).toMatchObject({ output });
    // Stored with the session, with its answer.
    const stored = (await agent.client.history('form')).inputRequests ?? [];
    expect(stored).toMatchObject([{ requestId: request!.requestId, kind: 'form', answer: { action: 'accept', by: 'user' } }]);
  });

  it("fields the user left out go back with the schema's defaults (SEP-1034)", async () => {
    const { events } = await runAnswering(agent.client, 'defaults', ask('sign_up'), () => ({ action: 'accept', content: { email: 'bo@example.com', age: 7 } }));
    const filled = { email: 'bo@example.com', age: 7, newsletter: true, plan: 'free', topics: ['news'] };
    expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: `sign_up: accept ${JSON.stringify(filled)}` });
  });

  it('a declined form: the tool hears the decline and says so', async () => {
    const { events } = await runAnswering(agent.client, 'declined', ask('sign_up'), () => ({ action: 'decline' }));
    expect(of(events, 'input_request')).toHaveLength(1);
    expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: 'sign_up: decline' });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });

  it('URL mode: the link and the server, never content; accepting tells the server the user went', async () => {
    const { events } = await runAnswering(agent.client, 'url', ask('connect_account'), () => ({ action: 'accept' }));
    const [request] = of(events, 'input_request');
    expect(request).toMatchObject({ kind: 'url', url: CONNECT_URL, server: 'Sign-up desk', message: 'Sign in to Example to connect your account.' });
    expect(request!.schema).toBeUndefined();
    expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: 'connect_account: accept' });
  });

  it('declares elicitation (form and URL) and, without the sampling option, no sampling', async () => {
    const events = await agent.client.run('caps', ask('client_capabilities'));
    const capabilities = JSON.parse(of(events, 'tool_result')[0]!.output as string) as Record<string, unknown>;
    expect(capabilities.elicitation).toEqual({ form: {}, url: {} });
    expect(capabilities).not.toHaveProperty('sampling');
  });

  it.runIf(name === 'Streamable HTTP')(
    'calls of two sessions in flight: the request is declined, shown to neither, and a warning names the remedy',
    async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      try {
        resetWait();
        const other = agentClient(agent.app.url);
        const held = other.run('holder', ask('wait'));
        await waitEntered;
        const { events } = await runAnswering(agent.client, 'asker', ask('sign_up'), () => ({ action: 'accept', content: {} }));
        expect(of(events, 'input_request')).toEqual([]);
        expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: 'sign_up: decline' });
        expect(warn.mock.calls.map((args) => String(args[0]))).toEqual(
          expect.arrayContaining([expect.stringContaining('more than one session')]),
        );
        releaseWait();
        const holderEvents = await held;
        expect(of(holderEvents, 'input_request')).toEqual([]);
        expect(of(holderEvents, 'tool_result')[0]).toMatchObject({ output: 'waited' });
      } finally {
        warn.mockRestore();
      }
    },
  );
});

describe('the time a call waits for its user', () => {
  it("is not the call's: a form answered after the tool's timeout has passed still reaches the server", async () => {
    const served = await serveMcpOverHttp(() => askingMcpServer());
    const mcp = await mcpTools({ url: served.url, timeoutMs: 400 });
    const app = await serveApp(createAgentChat({ model, tools: [mcp] }));
    try {
      const client = agentClient(app.url);
      const posts: Promise<Response>[] = [];
      const events = await client.run('slow-user', ask('sign_up'), (event) => {
        if (event.data.type !== 'input_request') return;
        const { requestId } = event.data as { requestId: string };
        // A user who takes longer than the tool may run: here the only way to be slower than the timeout is to wait.
        const later = new Promise((resolve) => setTimeout(resolve, 1_200));
        posts.push(
          later.then(() =>
            client.request(`/sessions/slow-user/input-requests/${requestId}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ action: 'accept', content: { email: 'slow@example.com', age: 80 } }),
            }),
          ),
        );
      });
      expect((await Promise.all(posts)).map((response) => response.status)).toEqual([200]);
      expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: expect.stringContaining('sign_up: accept') });
    } finally {
      await app.close();
      await mcp.close();
      await served.close();
    }
  });
});
