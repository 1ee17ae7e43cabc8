import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicModel, createAgentChat } from '../src/index.js';
import { mcpTools, type McpTools, type McpToolsOptions } from '../src/mcp.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../src/testing/fake-anthropic.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { ask, eventsOf as of, runAnswering as runAnsweringWith, stdioScript, toolNamingModel } from './support/mcp-agent.js';
import { askingMcpServer, SAMPLING_ASKED_TOKENS, SAMPLING_SYSTEM } from './support/mcp-asking-server.js';
import { serveMcpOverHttp, type ServedMcp } from './support/mcp-serve-http.js';

/** The agent's own model: it calls the tool the user's message names, then says it is done (and counts no tokens). */
const agentModel = toolNamingModel();

/** The host's cap, below what the server asks for: the request to the model must keep to it. */
const CAP = 200;
const SAMPLED = { inputTokens: 40, outputTokens: 7 };

/** A run whose input requests are all answered with `action`. */
const runAnswering = (client: AgentClient, sessionId: string, body: unknown, action: 'accept' | 'decline') =>
  runAnsweringWith(client, sessionId, body, () => ({ action }));

let fake: FakeAnthropic;
let http: ServedMcp;
beforeAll(async () => {
  fake = await startFakeAnthropic({ replies: () => ({ content: [{ type: 'text', text: 'Notes about eggs.' }], usage: SAMPLED }) });
  http = await serveMcpOverHttp(() => askingMcpServer());
});
afterAll(async () => {
  await http?.close();
  await fake?.close();
});

const samplingModel = () => anthropicModel({ model: 'claude-sampler', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.url });
const stdio = (): McpToolsOptions => stdioScript('mcp-asking-stdio.ts');
const overHttp = (): McpToolsOptions => ({ url: http.url });

async function appWith(source: McpToolsOptions): Promise<{ client: AgentClient; close(): Promise<void> }> {
  const mcp: McpTools = await mcpTools({ ...source, timeoutMs: 120_000 });
  const app: RunningServer = await serveApp(createAgentChat({ model: agentModel, tools: [mcp] }));
  return {
    client: agentClient(app.url),
    async close() {
      await app.close();
      await mcp.close();
    },
  };
}

describe.each([
  ['stdio', stdio],
  ['Streamable HTTP', overHttp],
] as const)('MCP sampling over %s', (_name, source) => {
  describe("approve: 'ask'", () => {
    let setup: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      setup = await appWith({ ...source(), sampling: { model: samplingModel(), approve: 'ask', maxTokens: CAP } });
    });
    afterAll(() => setup?.close());

    it('shows the request; once approved the model answers within the cap, and its tokens count in the turn', async () => {
      const before = fake.requests.length;
      const { events, statuses } = await runAnswering(setup.client, 'approved', ask('summarize', { text: 'eggs, flour' }), 'accept');
      expect(statuses).toEqual([200]);
      const [request] = of(events, 'input_request');
      expect(request).toMatchObject({
        kind: 'sampling',
        server: 'Sign-up desk',
        sampling: {
          messages: [
            { role: 'user', text: 'Summarize: eggs, flour' },
            { role: 'user', text: '[image: image/png]' },
          ],
          systemPrompt: SAMPLING_SYSTEM,
          maxTokens: CAP,
        },
      });
      expect(of(events, 'tool_result')[0]).toMatchObject({
        isError: false,
        output: 'summary by anthropic:claude-sampler (endTurn): Notes about eggs.',
      });
      // What the Messages API was asked: the server's messages and system prompt, the host's cap, no tools.
      const sent = fake.requests.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ model: 'claude-sampler', system: SAMPLING_SYSTEM });
      expect(sent[0]!.max_tokens).toBeLessThanOrEqual(CAP);
      expect(sent[0]!.max_tokens).toBeLessThan(SAMPLING_ASKED_TOKENS);
      expect(sent[0]).not.toHaveProperty('tools');
      expect(JSON.stringify(sent[0]!.messages)).toContain('Summarize: eggs, flour');
      // The scripted agent counts nothing: every token of the turn is the sampling call's.
      const done = events.at(-1)!.data as Record<string, any>;
      expect(done).toMatchObject({ type: 'done', usage: SAMPLED });
      const usage = (await setup.client.history('approved')).usage ?? {};
      expect(Object.values(usage)).toEqual([expect.objectContaining(SAMPLED)]);
    });

    it('declined: the model is not asked, and the server hears that the user rejected it', async () => {
      const before = fake.requests.length;
      const { events } = await runAnswering(setup.client, 'declined', ask('summarize', { text: 'ideas' }), 'decline');
      expect(of(events, 'input_request')).toHaveLength(1);
      // The server's own words, as the loop reports a tool's error: the spec's code for a user's rejection.
      const result = of(events, 'tool_result')[0]!;
      expect(result.isError).toBe(true);
      expect(result.output).toContain('sampling failed: MCP error -1: User rejected sampling request');
      expect(fake.requests.length).toBe(before);
    });

    it('declares sampling to the server', async () => {
      const events = await setup.client.run('caps', ask('client_capabilities'));
      expect(JSON.parse(of(events, 'tool_result')[0]!.output as string)).toMatchObject({ sampling: {}, elicitation: { form: {}, url: {} } });
    });
  });

  describe("approve: 'always'", () => {
    let setup: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      setup = await appWith({ ...source(), sampling: { model: samplingModel(), approve: 'always', maxTokens: CAP } });
    });
    afterAll(() => setup?.close());

    it('answers at once, with no input request, and counts the tokens', async () => {
      const events = await setup.client.run('always', ask('summarize', { text: 'books' }));
      expect(of(events, 'input_request')).toEqual([]);
      expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: 'summary by anthropic:claude-sampler (endTurn): Notes about eggs.' });
      expect(events.at(-1)!.data).toMatchObject({ type: 'done', usage: SAMPLED });
    });
  });

  describe('without the sampling option', () => {
    let setup: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      setup = await appWith(source());
    });
    afterAll(() => setup?.close());

    it('does not declare sampling: the server sees no such capability and cannot sample', async () => {
      const caps = await setup.client.run('caps', ask('client_capabilities'));
      expect(JSON.parse(of(caps, 'tool_result')[0]!.output as string)).not.toHaveProperty('sampling');
      const before = fake.requests.length;
      const events = await setup.client.run('refused', ask('summarize', { text: 'x' }));
      expect(of(events, 'tool_result')[0]).toMatchObject({ isError: true });
      expect(of(events, 'input_request')).toEqual([]);
      expect(fake.requests.length).toBe(before);
    });
  });
});
