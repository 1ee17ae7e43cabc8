import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { anthropicModel, createAgentChat, scriptedModel } from '../src/index.js';
import { mcpTools, type McpLogMessage, type McpToolsOptions } from '../src/mcp.js';
import { SHOWN_TO_USER_ONLY } from '../src/mcp/tool-result.js';
import { agentClient } from '../src/testing/agent-client.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic } from '../src/testing/fake-anthropic.js';
import { recordingModel } from '../src/testing/recording-model.js';
import { serveApp } from '../src/testing/serve-app.js';
import { eventsOf as of, stdioScript, useMcpApp } from './support/mcp-agent.js';
import { TINY_PNG } from './support/mcp-notes-server.js';
import { startResultsHttpServer, type ResultsHttpServer } from './support/mcp-results-http.js';
import { PDF_BLOB, WEATHER } from './support/mcp-results-server.js';

const PNG_BYTES = Buffer.from(TINY_PNG, 'base64').length;
const PDF_BYTES = Buffer.from(PDF_BLOB, 'base64').length;

/** The model calls the tool the user's message names, then says it is done. */
const model = recordingModel(scriptedModel(({ text }) => [[{ tool: text, input: {} }], [{ text: 'Done.' }]]));

const stdioSource = (logging: boolean): McpToolsOptions => stdioScript('mcp-results-stdio.ts', ...(logging ? [] : ['--no-logging']));

interface Setup {
  source(logging: boolean): McpToolsOptions;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const http: { logging?: ResultsHttpServer; silent?: ResultsHttpServer } = {};
const transports: Array<[string, Setup]> = [
  ['stdio', { source: stdioSource, start: async () => {}, stop: async () => {} }],
  [
    'Streamable HTTP',
    {
      source: (logging) => ({ url: (logging ? http.logging : http.silent)!.url }),
      start: async () => {
        http.logging = await startResultsHttpServer({ logging: true });
        http.silent = await startResultsHttpServer({ logging: false });
      },
      stop: async () => {
        await http.logging?.close();
        await http.silent?.close();
      },
    },
  ],
];

describe.each(transports)('MCP results over %s', (_name, setup) => {
  const logs: McpLogMessage[] = [];
  const agent = useMcpApp(
    { ...setup, source: () => setup.source(true) },
    (mcp) => ({ model, tools: mcp.tools }),
    (source) => ({ ...source, logger: (message) => logs.push(message) }),
  );

  const resultOf = async (session: string, tool: string) => of(await agent.client.run(session, { text: tool }), 'tool_result')[0]!;
  /** The tool result the model was sent on its next call. */
  const seenByModel = (toolCallId: string) =>
    model.calls.flatMap((call) => call.turns).find((turn) => turn.type === 'tool_result' && turn.toolCallId === toolCallId);

  it('structuredContent reaches the model as JSON, once when the text already is that JSON', async () => {
    const same = await resultOf('structured-same', 'weather');
    expect(same).toMatchObject({ isError: false, output: JSON.stringify(WEATHER, null, 2) });
    const summary = await resultOf('structured-summary', 'weather_summary');
    expect(summary).toMatchObject({ isError: false, output: `Sunny in Paris.\n\n${JSON.stringify(WEATHER)}` });
    expect(seenByModel(summary.toolCallId)).toMatchObject({ output: summary.output });
    const only = await resultOf('structured-only', 'structured_only');
    expect(only).toMatchObject({ isError: false, output: '{"count":3}' });
  });

  it('structuredContent that breaks the outputSchema, or none from a tool with one, is an error result naming the problem', async () => {
    const broken = await resultOf('structured-broken', 'weather_broken');
    expect(broken.isError).toBe(true);
    expect(broken.output).toContain("the MCP server's structuredContent does not match the tool's outputSchema");
    expect(broken.output).toContain('structuredContent/temperature must be number');
    expect(broken.output).not.toContain('MCP error');
    const missing = await resultOf('structured-missing', 'weather_missing');
    expect(missing.isError).toBe(true);
    expect(missing.output).toContain('returned no structuredContent, though the tool declares an outputSchema');
  });

  it('resource links and embedded resources are readable: link details, text, an image as an image, other bytes named with their size', async () => {
    const result = await resultOf('resources', 'resources');
    const link = [
      '[resource link: q3.pdf (Third quarter report)]',
      'uri: file:///reports/q3.pdf',
      'type: application/pdf',
      'description: Sales by region, July to September',
    ].join('\n');
    const content = [
      { type: 'text', text: link },
      { type: 'text', text: '[resource: notes://todo.md, text/markdown]\n# To do\n- call Ana' },
      { type: 'text', text: `[resource: file:///reports/q2.pdf, application/pdf, ${PDF_BYTES} bytes; its bytes not passed to the model]` },
      { type: 'image', mediaType: 'image/png', size: PNG_BYTES, data: TINY_PNG },
    ];
    expect(result).toMatchObject({ isError: false, content });
    expect(seenByModel(result.toolCallId)).toMatchObject({ content });
  });

  it('content for the user only is kept and shown (display), not sent to the model; content for the assistant is sent', async () => {
    const events = await agent.client.run('audiences', { text: 'audiences' });
    const result = of(events, 'tool_result')[0]!;
    const output = 'Found 2 flights.\n\nInternal ids: f-1, f-2.\n\nBoth flights leave at noon.';
    const display = [
      { type: 'text', text: 'Your booking reference is XK-42.' },
      { type: 'image', mediaType: 'image/png', size: PNG_BYTES, data: TINY_PNG },
    ];
    expect(result).toMatchObject({ isError: false, output, display });
    expect(result.content).toBeUndefined();
    const seen = seenByModel(result.toolCallId) as { output: unknown; content?: unknown } | undefined;
    expect(seen).toMatchObject({ output });
    // The model's adapters read output and content; display rides along in the turn but they never look at it.
    expect(JSON.stringify({ output: seen!.output, content: seen!.content })).not.toContain('XK-42');
    const stored = (await agent.client.history('audiences')).turns.find((turn) => turn.type === 'tool_result');
    expect(stored).toMatchObject({ output, display });

    const only = await resultOf('user-only', 'user_only');
    expect(only).toMatchObject({ output: SHOWN_TO_USER_ONLY, display: [{ type: 'text', text: 'A note for you alone.' }] });
  });

  it("a server's log messages reach the logger with their level, logger name, data and the server's name; setLevel asked once", async () => {
    await resultOf('logs', 'shout_logs');
    // Asked for info and above: the server leaves debug out.
    expect(logs).toEqual([
      { level: 'info', logger: 'weather', data: { said: 'info' }, server: 'results' },
      { level: 'warning', logger: 'weather', data: { said: 'warning' }, server: 'results' },
      { level: 'error', logger: 'weather', data: { said: 'error' }, server: 'results' },
    ]);
    expect(JSON.parse((await resultOf('heard', 'heard')).output)).toEqual(['logging/setLevel info']);
  });

  it('a server that does not announce logging is not sent logging/setLevel', async () => {
    const silent = await mcpTools({ ...setup.source(false), logLevel: 'debug', logger: () => {} });
    const local = recordingModel(scriptedModel([[{ tool: 'heard', input: {} }], [{ text: 'Done.' }]]));
    const other = await serveApp(createAgentChat({ model: local, tools: silent.tools }));
    try {
      const heard = of(await agentClient(other.url).run('silent', { text: 'heard' }), 'tool_result')[0]!;
      expect(heard).toMatchObject({ isError: false });
      expect(JSON.parse(heard.output)).toEqual([]);
    } finally {
      await other.close();
      await silent.close();
    }
  });
});

describe('MCP results in the request Claude receives (the real SDK against the fake Messages API)', () => {
  it('structured, resource and assistant content reach the model; user-only content does not', async () => {
    const server = await startResultsHttpServer({ logging: true });
    const mcp = await mcpTools({ url: server.url, allow: ['audiences', 'weather_summary', 'resources'], logger: () => {} });
    const fake = await startFakeAnthropic({
      replies: (_body, index) =>
        index === 0
          ? {
              content: [
                { type: 'tool_use', id: 'toolu_aud', name: 'audiences', input: {} },
                { type: 'tool_use', id: 'toolu_sum', name: 'weather_summary', input: {} },
                { type: 'tool_use', id: 'toolu_res', name: 'resources', input: {} },
              ],
            }
          : { content: [{ type: 'text', text: 'Two flights, sunny.' }] },
    });
    const anthropic = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL, maxRetries: 0 });
    const app = await serveApp(createAgentChat({ model: anthropicModel({ model: 'claude-test-1', client: anthropic }), tools: mcp.tools }));
    try {
      const events = await agentClient(app.url).run('claude', { text: 'Flights and weather?' });
      expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
      expect(of(events, 'tool_result').find((r) => r.name === 'audiences')!.display).toHaveLength(2);
      const messages = fake.requests[1]!.messages as Array<{ role: string; content: Array<Record<string, any>> }>;
      const results = new Map(messages.at(-1)!.content.map((block) => [block.tool_use_id as string, block]));
      expect(results.get('toolu_aud')).toEqual({
        type: 'tool_result',
        tool_use_id: 'toolu_aud',
        content: 'Found 2 flights.\n\nInternal ids: f-1, f-2.\n\nBoth flights leave at noon.',
        is_error: false,
      });
      expect(results.get('toolu_sum')).toMatchObject({ content: `Sunny in Paris.\n\n${JSON.stringify(WEATHER)}`, is_error: false });
      expect(results.get('toolu_res')!.content).toEqual([
        { type: 'text', text: expect.stringContaining('[resource link: q3.pdf (Third quarter report)]\nuri: file:///reports/q3.pdf') },
        { type: 'text', text: '[resource: notes://todo.md, text/markdown]\n# To do\n- call Ana' },
        { type: 'text', text: expect.stringContaining(`application/pdf, ${PDF_BYTES} bytes`) },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: TINY_PNG } },
      ]);
      // Nothing meant for the user alone is anywhere in what the provider received.
      expect(JSON.stringify(fake.requests)).not.toContain('XK-42');
    } finally {
      await app.close();
      await fake.close();
      await mcp.close();
      await server.close();
    }
  });
});
