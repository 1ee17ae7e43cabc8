import Anthropic from '@anthropic-ai/sdk';
import type { ToolResultTurn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  anthropicModel,
  createAgentChat,
  defineTool,
  memoryBlobStore,
  openAICompatibleModel,
  scriptedModel,
  toolContent,
  type AgentChatAppOptions,
  type ToolContentPart,
} from '../src/index.js';
import { agentClient } from '../src/testing/agent-client.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../src/testing/fake-anthropic.js';
import type { ReceivedEvent } from '../src/testing/read-agent-events.js';
import { recordingModel } from '../src/testing/recording-model.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { startFakeOpenAI, type FakeOpenAI } from './support/fake-openai.js';

/** A 1×1 PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG = new Uint8Array(Buffer.from(PNG_BASE64, 'base64'));
const NOTE = `[image: image/png, ${PNG.length} bytes]`;

/** A plain defineTool whose result is a line of text and a chart, as bytes. */
const drawChart = defineTool({
  name: 'draw_chart',
  description: 'Draw the sales chart.',
  input: z.object({}),
  execute: () => toolContent([{ type: 'text', text: 'Sales by month:' }, { type: 'image', mediaType: 'image/png', data: PNG }]),
});

const of = (events: ReceivedEvent[], type: string) => events.filter((e) => e.data.type === type).map((e) => e.data as Record<string, any>);
const servers: RunningServer[] = [];
async function serve(options: AgentChatAppOptions): Promise<string> {
  const server = await serveApp(createAgentChat(options));
  servers.push(server);
  return server.url;
}
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function storedResult(client: ReturnType<typeof agentClient>, sessionId: string): Promise<ToolResultTurn> {
  const history = await client.history(sessionId);
  return history.turns.find((turn): turn is ToolResultTurn => turn.type === 'tool_result')!;
}

describe('a tool that returns an image (toolContent)', () => {
  let anthropic: FakeAnthropic;
  let claude: Anthropic;
  let openai: FakeOpenAI;
  beforeAll(async () => {
    anthropic = await startFakeAnthropic({
      replies: (body) => {
        const messages = (body as { messages: Array<{ role: string; content: unknown }> }).messages;
        // A new question is answered with a call; the call's result with words.
        const last = messages.at(-1)!;
        const answering = Array.isArray(last.content) && (last.content as Array<{ type: string }>).some((block) => block.type === 'tool_result');
        return answering ? { content: [{ type: 'text', text: 'A rising line.' }] } : { content: [{ type: 'tool_use', id: `toolu_${messages.length}`, name: 'draw_chart', input: {} }] };
      },
    });
    claude = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: anthropic.baseURL, maxRetries: 0 });
    openai = await startFakeOpenAI({
      replies: (body) => {
        const messages = body['messages'] as Array<{ role: string }>;
        return messages.some((message) => message.role === 'tool') ? { text: 'A rising line.' } : { toolCalls: [{ id: 'call_chart', name: 'draw_chart', arguments: {} }] };
      },
    });
  });
  afterAll(async () => {
    await anthropic.close();
    await openai.close();
  });

  it('Anthropic: the tool_result holds a text and an image block; without an uploads store the history keeps the image inline', async () => {
    const url = await serve({ model: anthropicModel({ model: 'claude-test', client: claude }), tools: [drawChart] });
    const user = agentClient(url);
    const before = anthropic.requests.length;
    const events = await user.run('inline', { text: 'Show me the sales.' });
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    const content = [
      { type: 'text', text: 'Sales by month:' },
      { type: 'image', mediaType: 'image/png', size: PNG.length, data: PNG_BASE64 },
    ];
    // The event and the stored turn alike: the text people see, and the parts.
    expect(of(events, 'tool_result')[0]).toMatchObject({ isError: false, output: `Sales by month:\n\n${NOTE}`, content });
    expect(await storedResult(user, 'inline')).toMatchObject({ output: `Sales by month:\n\n${NOTE}`, content });

    const request = anthropic.requests[before + 1] as { messages: Array<{ role: string; content: unknown }> };
    expect(request.messages.at(-1)).toEqual({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'toolu_1',
          content: [
            { type: 'text', text: 'Sales by month:' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
          ],
          is_error: false,
        },
      ],
    });
  });

  it('with an uploads store the history keeps a reference: its owner can fetch the image, and later requests still send it', async () => {
    const store = memoryBlobStore();
    const url = await serve({ model: anthropicModel({ model: 'claude-test', client: claude }), tools: [drawChart], uploads: { store } });
    const user = agentClient(url);
    await user.run('stored', { text: 'Show me the sales.' });
    const turn = await storedResult(user, 'stored');
    const image = turn.content?.[1];
    expect(image).toEqual({ type: 'image', mediaType: 'image/png', size: PNG.length, uploadId: expect.stringMatching(/^up_/) });
    const uploadId = (image as { uploadId: string }).uploadId;
    // No bytes in the history: what every reload reads stays small.
    expect(JSON.stringify(await user.history('stored'))).not.toContain(PNG_BASE64);

    const back = await user.request(`/uploads/${uploadId}`);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await back.arrayBuffer())).toEqual(PNG);
    expect((await agentClient(url).request(`/uploads/${uploadId}`)).status).toBe(404);

    // The next message sends the whole history again: the first image is read from the store again, beside the new one.
    await user.run('stored', { text: 'And now in red?' });
    const request = anthropic.requests.at(-1) as { messages: Array<{ role: string; content: Array<Record<string, any>> }> };
    const results = request.messages.flatMap((message) => message.content).filter((block) => block.type === 'tool_result');
    expect(results).toHaveLength(2);
    for (const result of results) expect(result.content[1]).toEqual({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } });
  });

  it('OpenAI-compatible: the tool message has the text, and a user message right after the results has the image (none for a model without vision)', async () => {
    const url = await serve({ model: openAICompatibleModel({ model: 'fake-model', baseURL: openai.baseURL }), tools: [drawChart] });
    const before = openai.requests.length;
    const events = await agentClient(url).run('openai', { text: 'Show me the sales.' });
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    const body = openai.requests[before + 1]!.body as { messages: Array<Record<string, unknown>> };
    expect(body.messages.slice(-3)).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_chart', type: 'function', function: { name: 'draw_chart', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_chart', content: `Sales by month:\n\n${NOTE}` },
      {
        role: 'user',
        content: [
          { type: 'text', text: '[The image that the draw_chart call call_chart returned, which its result names:]' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
        ],
      },
    ]);

    // A model without vision (attachmentTypes without images) is sent the text only.
    const textOnly = await serve({ model: openAICompatibleModel({ model: 'fake-model', baseURL: openai.baseURL, attachmentTypes: ['text/plain'] }), tools: [drawChart] });
    const sent = openai.requests.length;
    await agentClient(textOnly).run('text-only', { text: 'Show me the sales.' });
    const plain = openai.requests[sent + 1]!.body as { messages: Array<Record<string, unknown>> };
    expect(plain.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'call_chart', content: `Sales by month:\n\n${NOTE}` });
  });
});

describe('an imported history with tool images', () => {
  const history = (image: Record<string, unknown>) => ({
    turns: [
      { id: 'u1', createdAt: 1, type: 'user', text: 'Show me the sales.' },
      { id: 'c1', createdAt: 2, type: 'tool_call', toolCallId: 'toolu_a', name: 'draw_chart', input: {} },
      { id: 'r1', createdAt: 3, type: 'tool_result', toolCallId: 'toolu_a', name: 'draw_chart', output: 'Sales:', isError: false, content: [{ type: 'text', text: 'Sales:' }, image] },
      { id: 'a1', createdAt: 4, type: 'assistant_text', text: 'A rising line.' },
    ],
  });

  it('is refused when an image would fail at the provider; a sound one goes to the model with the next message', async () => {
    const model = recordingModel(scriptedModel([[{ text: 'Still rising.' }]]));
    const user = agentClient(await serve({ model }));
    const bad = async (image: Record<string, unknown>) => (await (await user.importRaw('imported', history(image))).json()) as { error: { field: string; message: string } };
    expect((await bad({ type: 'image', mediaType: 'image/png', size: 4, data: btoa('junk') })).error).toMatchObject({
      field: 'turns.2.content.1',
      message: 'turns.2.content.1: data is not base64 of an image of type image/png',
    });
    expect((await bad({ type: 'image', mediaType: 'image/svg+xml', size: 6, data: btoa('<svg/>') })).error.field).toBe('turns.2.content.1');
    expect((await bad({ type: 'image', mediaType: 'image/png', size: 4 })).error.message).toContain('needs its data (base64) or an uploadId');

    const image = { type: 'image', mediaType: 'image/png', size: PNG.length, data: PNG_BASE64 };
    expect((await user.importRaw('imported', history(image))).status).toBe(200);
    await user.run('imported', { text: 'And now?' });
    expect(model.calls[0]!.turns[2]).toMatchObject({ type: 'tool_result', content: [{ type: 'text', text: 'Sales:' }, image] });
  });
});

describe('what a tool image cannot be kept as becomes a note', () => {
  const odd = (parts: ToolContentPart[]) =>
    defineTool({ name: 'odd_images', description: 'Return odd images.', input: z.object({}), execute: () => toolContent(parts) });
  const run = async (tool: ReturnType<typeof odd>, options: Partial<AgentChatAppOptions> = {}) => {
    const model = recordingModel(scriptedModel([[{ tool: 'odd_images', input: {} }], [{ text: 'Done.' }]]));
    const url = await serve({ model, tools: [tool], ...options });
    const events = await agentClient(url).run('odd', { text: 'Go.' });
    return { result: of(events, 'tool_result')[0]!, seen: model.calls[1]!.turns.find((turn) => turn.type === 'tool_result') };
  };

  it('a type the models do not read, bytes that are not their type, base64 that is not base64, one over the inline cap', async () => {
    const { result, seen } = await run(
      odd([
        { type: 'image', mediaType: 'image/svg+xml', data: new TextEncoder().encode('<svg/>') },
        { type: 'image', mediaType: 'image/png', data: new TextEncoder().encode('not a png') },
        { type: 'image', mediaType: 'image/png', data: '***' },
        { type: 'image', mediaType: 'image/png', data: PNG_BASE64 },
      ]),
      { limits: { toolImageBytes: 50 } },
    );
    expect(result).toMatchObject({ isError: false });
    // With no image left, the result is text like any other: no parts.
    expect(result.content).toBeUndefined();
    expect(result.output).toBe(
      [
        '[image: image/svg+xml, 6 bytes; not a PNG, JPEG, GIF or WebP image, not shown to the model]',
        '[image: image/png, 9 bytes; its bytes are not image/png, not shown to the model]',
        '[image: image/png; not valid base64, not shown to the model]',
        `[image: image/png, ${PNG.length} bytes; larger than the 50 bytes kept without an uploads store, not shown to the model]`,
      ].join('\n\n'),
    );
    expect(seen).toMatchObject({ output: result.output });
  });

  it("text parts are cut to limits.toolResultChars together; a malformed part is the tool's error", async () => {
    const { result } = await run(odd([{ type: 'text', text: 'a'.repeat(30) }, { type: 'image', mediaType: 'image/png', data: PNG }, { type: 'text', text: 'b'.repeat(30) }]), {
      limits: { toolResultChars: 40 },
    });
    expect(result.content).toEqual([
      { type: 'text', text: 'a'.repeat(30) },
      { type: 'image', mediaType: 'image/png', size: PNG.length, data: PNG_BASE64 },
      { type: 'text', text: `${'b'.repeat(10)}\n[truncated: only the first 40 characters of the result are shown]` },
    ]);

    const broken = defineTool({ name: 'odd_images', description: 'Return a broken part.', input: z.object({}), execute: () => toolContent([{ type: 'image', mediaType: 'image/png' } as never]) });
    const failed = (await run(broken)).result;
    expect(failed).toMatchObject({ isError: true, output: expect.stringContaining("toolContent: part 0 is neither { type: 'text', text } nor { type: 'image', mediaType, data }") });
  });
});
