import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { anthropicModel, createAgentChat, defineSubagent, defineTool, scriptedModel, type Model, type Tool, type ToolSource } from '../src/index.js';
import { mcpTools, type McpTools } from '../src/mcp.js';
import { agentClient, type AgentClient } from '../src/testing/agent-client.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic, type RecordedRequest } from '../src/testing/fake-anthropic.js';
import { recordingModel } from '../src/testing/recording-model.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { ask, eventsOf as of, stdioSetup, toolNamingReply, type McpServerSetup } from './support/mcp-agent.js';
import { startChangingHttpServer, type ChangingHttpServer } from './support/mcp-changing-server.js';


const toolNames = (request: RecordedRequest | undefined) => ((request?.tools ?? []) as Array<{ name: string }>).map((tool) => tool.name);

/** Resolves the next time the MCP server's tools have changed and the change has been taken in. */
function nextChange(mcp: McpTools): Promise<void> {
  return new Promise((resolve) => {
    const stop = mcp.subscribe(() => {
      stop();
      resolve();
    });
  });
}

async function listedTools(client: AgentClient): Promise<Array<Record<string, any>>> {
  return ((await client.tools()) as { tools: Array<Record<string, any>> }).tools;
}

/** A tool of the app's own, whose name the MCP server takes too later. */
const clock = defineTool({ name: 'clock', description: "The app's clock.", input: z.object({}), execute: () => 'the app clock' });

let httpServer: ChangingHttpServer;
const transports: Array<[string, McpServerSetup]> = [
  ['stdio', stdioSetup('mcp-changing-stdio.ts')],
  [
    'Streamable HTTP',
    {
      source: () => ({ url: httpServer.url }),
      start: async () => void (httpServer = await startChangingHttpServer()),
      stop: () => httpServer.close(),
    },
  ],
];

describe.each(transports)('tools an MCP server changes, over %s, in an app made once', (_name, setup) => {
  let mcp: McpTools;
  let fake: FakeAnthropic;
  let app: RunningServer;
  let client: AgentClient;
  beforeAll(async () => {
    await setup.start();
    mcp = await mcpTools(setup.source());
    fake = await startFakeAnthropic({ replies: toolNamingReply });
    const anthropic = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL, maxRetries: 0 });
    // The MCP tools given whole: the app follows the server's list.
    app = await serveApp(createAgentChat({ model: anthropicModel({ model: 'claude-test-1', client: anthropic }), tools: [clock, mcp] }));
    client = agentClient(app.url);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
    await mcp?.close();
    await setup.stop();
  });

  it('a tool the server adds is in the next request to the model and in GET /tools, and its call works', async () => {
    const before = (await listedTools(client)).map((tool) => tool.name);
    expect(before).toEqual(['clock', 'ping', 'add_shout', 'remove_shout', 'add_clock']);

    const heard = nextChange(mcp);
    const added = await client.run('add', ask('add_shout'));
    expect(of(added, 'tool_result')[0]).toMatchObject({ name: 'add_shout', isError: false, output: 'shout added.' });
    await heard;

    const tools = await listedTools(client);
    expect(tools.map((tool) => tool.name)).toEqual([...before, 'shout']);
    expect(tools.at(-1)).toMatchObject({
      name: 'shout',
      label: 'Shouting',
      kind: 'read',
      needsConfirmation: false,
      inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'What to shout' } }, required: ['text'] },
    });

    const from = fake.requests.length;
    const events = await client.run('shout', ask('shout', { text: 'hello' }));
    const offered = fake.requests[from]!.tools as Array<Record<string, unknown>>;
    expect(offered.map((tool) => tool.name)).toEqual([...before, 'shout']);
    expect(offered.at(-1)).toEqual({
      name: 'shout',
      description: 'Say the text in capitals.',
      input_schema: expect.objectContaining({ type: 'object', properties: { text: { type: 'string', description: 'What to shout' } }, required: ['text'] }),
    });
    expect(of(events, 'tool_call')[0]).toMatchObject({ name: 'shout', label: 'Shouting' });
    expect(of(events, 'tool_result')[0]).toMatchObject({ name: 'shout', isError: false, output: 'HELLO' });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    // The model read the result on its next call.
    const messages = fake.requests[from + 1]!.messages as Array<{ content: Array<Record<string, unknown>> }>;
    expect(messages.at(-1)!.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: `toolu_${from}`, is_error: false });
  });

  it('a tool the server removes is absent from the next request and from GET /tools; a call of it is an error result', async () => {
    expect(toolNames(fake.requests.at(-1))).toContain('shout');
    const heard = nextChange(mcp);
    await client.run('remove', ask('remove_shout'));
    await heard;
    expect((await listedTools(client)).map((tool) => tool.name)).not.toContain('shout');

    const from = fake.requests.length;
    const events = await client.run('shout-gone', ask('shout', { text: 'hello' }));
    expect(toolNames(fake.requests[from])).toEqual(['clock', 'ping', 'add_shout', 'remove_shout', 'add_clock']);
    expect(of(events, 'tool_result')[0]).toMatchObject({ name: 'shout', isError: true, output: expect.stringContaining('Unknown tool "shout"') });
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
  });

  it('a tool the server adds under a name the app already has is not offered, and a warning names both', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const heard = nextChange(mcp);
      await client.run('add-clock', ask('add_clock'));
      await heard;
      expect(mcp.tools.map((tool) => tool.name)).toContain('clock');
      const warned = warn.mock.calls.map((args) => String(args[0]));
      expect(warned).toEqual([expect.stringMatching(/the tool "clock" of the MCP server .* is not offered: its name is taken by the app's tool "clock"/)]);

      const listed = (await listedTools(client)).filter((tool) => tool.name === 'clock');
      expect(listed).toEqual([expect.objectContaining({ description: "The app's clock." })]);
      const from = fake.requests.length;
      const events = await client.run('clock', ask('clock'));
      const offered = (fake.requests[from]!.tools as Array<Record<string, unknown>>).filter((tool) => tool.name === 'clock');
      expect(offered).toEqual([expect.objectContaining({ description: "The app's clock." })]);
      expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: 'the app clock' });

      // Another change of the server's list does not warn again of the same clash.
      const again = nextChange(mcp);
      await client.run('add-again', ask('add_shout'));
      await again;
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('a tool that goes away while the model is answering', () => {
  it('its call is an error result the agent reads, and the turn goes on', async () => {
    const server = await startChangingHttpServer();
    const mcp = await mcpTools({ url: server.url });
    const fake = await startFakeAnthropic({ replies: toolNamingReply });
    const anthropic = anthropicModel({ model: 'claude-test-1', client: new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL, maxRetries: 0 }) });
    let armed = false;
    // The server drops `shout` after the loop offered it to the model and before the model's answer comes back.
    const model: Model = {
      name: 'dropping-shout',
      stream(request) {
        return (async function* () {
          if (armed && request.tools.some((tool) => tool.name === 'shout')) {
            armed = false;
            const heard = nextChange(mcp);
            for (const session of server.sessions()) session.removeShout();
            await heard;
          }
          yield* anthropic.stream(request);
        })();
      },
    };
    const app = await serveApp(createAgentChat({ model, tools: [mcp] }));
    const client = agentClient(app.url);
    try {
      const added = nextChange(mcp);
      for (const session of server.sessions()) session.addShout();
      await added;
      armed = true;
      const from = fake.requests.length;
      const events = await client.run('dropped', ask('shout', { text: 'hello' }));
      expect(toolNames(fake.requests[from])).toContain('shout');
      expect(of(events, 'tool_result')[0]).toMatchObject({ name: 'shout', isError: true, output: expect.stringContaining('Unknown tool "shout"') });
      // The model was told, and answered.
      const messages = fake.requests[from + 1]!.messages as Array<{ content: Array<Record<string, unknown>> }>;
      expect(messages.at(-1)!.content[0]).toMatchObject({ type: 'tool_result', is_error: true });
      expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    } finally {
      await app.close();
      await fake.close();
      await mcp.close();
      await server.close();
    }
  });
});

describe("a sub-agent's MCP tools", () => {
  it('change for the sub-agent as for the agent: its next model call is offered the added tool, and GET /tools lists it', async () => {
    const mcp = await mcpTools(transports[0]![1].source());
    // The sub-agent calls the tool its prompt names, then says it is done; the agent starts it once.
    const inner = recordingModel(
      scriptedModel(({ text }) => {
        const { tool, input } = JSON.parse(text) as { tool: string; input: unknown };
        return [[{ tool, input }], [{ text: 'Done.' }]];
      }),
    );
    const helper = defineSubagent({
      name: 'helper',
      description: 'Run one tool of the MCP server',
      input: z.object({ tool: z.string(), input: z.record(z.string(), z.unknown()) }),
      prompt: (call) => JSON.stringify(call),
      system: 'You run the tool you are asked to.',
      model: inner,
      tools: [mcp],
    });
    const outer = scriptedModel(({ text }) => [[{ tool: 'helper', input: JSON.parse(text) }], [{ text: 'All done.' }]]);
    const app = await serveApp(createAgentChat({ model: outer, tools: [helper] }));
    const client = agentClient(app.url);
    try {
      expect((await listedTools(client)).map((tool) => tool.name)).not.toContain('shout');
      const heard = nextChange(mcp);
      await client.run('sub-add', ask('add_shout'));
      await heard;
      expect((await listedTools(client)).map((tool) => tool.name)).toContain('shout');

      inner.calls.length = 0;
      const events = await client.run('sub-shout', ask('shout', { text: 'quiet' }));
      expect(inner.calls[0]!.tools).toContain('shout');
      const shouted = of(events, 'tool_result').find((result) => result.name === 'shout');
      expect(shouted).toMatchObject({ isError: false, output: 'QUIET', parentCallId: expect.any(String) });
    } finally {
      await app.close();
      await mcp.close();
    }
  });
});

describe('tool sources of the app itself', () => {
  /** A source whose tools the test sets. */
  function source(origin: string, tools: Tool[]): ToolSource & { set(next: Tool[]): void } {
    const listeners = new Set<() => void>();
    return {
      origin,
      get tools() {
        return tools;
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      set(next) {
        tools = next;
        for (const listener of listeners) listener();
      },
    };
  }
  const tool = (name: string, description: string) => defineTool({ name, description, input: z.object({}), execute: () => description });

  it('a name stays with the tool that had it; when that tool goes, the one left out is offered', async () => {
    const first = source('the first source', [tool('lookup', 'The first lookup.')]);
    const second = source('the second source', []);
    const model = recordingModel(scriptedModel([[{ text: 'Hello.' }]]));
    const app = await serveApp(createAgentChat({ model, tools: [first, second] }));
    const client = agentClient(app.url);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      second.set([tool('lookup', 'The second lookup.'), tool('search', 'Search.')]);
      expect(warn.mock.calls.map((args) => String(args[0]))).toEqual([
        '[agent-chat] the tool "lookup" of the second source is not offered: its name is taken by the tool "lookup" of the first source.',
      ]);
      expect((await listedTools(client)).map((t) => [t.name, t.description])).toEqual([
        ['lookup', 'The first lookup.'],
        ['search', 'Search.'],
      ]);
      first.set([]);
      expect((await listedTools(client)).map((t) => [t.name, t.description])).toEqual([
        ['lookup', 'The second lookup.'],
        ['search', 'Search.'],
      ]);
      await client.run('after', { text: 'hi' });
      expect(model.calls[0]!.tools).toEqual(['lookup', 'search']);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
      await app.close();
    }
  });

  it('at start-up, two tools of one name are still an error', () => {
    const first = source('the first source', [tool('lookup', 'The first lookup.')]);
    expect(() => createAgentChat({ model: scriptedModel([]), tools: [tool('lookup', 'Mine.'), first] })).toThrow('two tools are named "lookup"');
  });
});
