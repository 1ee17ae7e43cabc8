import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PendingCall, ToolsResponse } from '@agent-chat/protocol';
import { anthropicModel, createAgentChat, defineTool } from '../src/index.js';
import { FAKE_ANTHROPIC_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../src/testing/fake-anthropic.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { sameBrowser } from './support/same-browser.js';

// Issue #20, point 5: words meant for the model and words meant for people. A field's `.describe()` goes to the
// model; its `.meta({ title, hint })` goes to the element (GET /tools) and never to the model. A tool names its
// confirmation card's button and its tone, carried by the pending call.

const addItem = defineTool({
  name: 'add_item',
  description: 'Add an item to the board',
  kind: 'write',
  input: z.object({
    // A property named "title": a name, which must reach the model, unlike a schema's title.
    title: z.string().describe('The item text').meta({ title: 'Text' }),
    related_ids: z
      .array(z.string())
      .optional()
      .describe('IDs of related upstream items')
      .meta({ title: 'Builds on', hint: 'One item per line, e.g. F-2.' }),
    output_type: z.enum(['report', 'brief']).nullable().optional().describe("Required only when the type is 'output'").meta({ hint: 'For outputs only.' }),
  }),
  needsConfirmation: true,
  confirmButton: { label: 'Add {title}' },
  execute: (input) => input,
});

const deleteItem = defineTool({
  name: 'delete_item',
  description: 'Delete an item',
  kind: 'write',
  input: z.object({ id: z.string() }),
  needsConfirmation: true,
  confirmButton: { label: 'Confirm deletion', tone: 'danger' },
  execute: ({ id }) => ({ deleted: id }),
});

const plainConfirm = defineTool({
  name: 'plain',
  description: 'A tool that asks, with the card’s own button',
  kind: 'write',
  input: z.object({}),
  needsConfirmation: true,
  // A label that fails: the card keeps its own word rather than the run failing.
  confirmButton: {
    label: () => {
      throw new Error('no label');
    },
  },
  execute: () => 'ok',
});

let anthropic: FakeAnthropic;
let server: RunningServer;
const CALLS: Record<string, { name: string; input: Record<string, unknown> }> = {
  add: { name: 'add_item', input: { title: 'Churn rose', related_ids: ['F-2'] } },
  delete: { name: 'delete_item', input: { id: 'F-2' } },
  plain: { name: 'plain', input: {} },
};

beforeAll(async () => {
  // The real SDK against the fake Messages API: what the model is sent is what reaches the wire.
  anthropic = await startFakeAnthropic({
    replies: (body) => {
      const messages = body.messages as Array<{ content: string | Array<{ type: string; text?: string }> }>;
      const first = messages[0]!.content;
      const text = typeof first === 'string' ? first : first.find((block) => block.type === 'text')?.text ?? '';
      const call = CALLS[text];
      if (messages.length > 1 || !call) return { content: [{ type: 'text', text: 'Done.' }] };
      return { content: [{ type: 'tool_use', id: `toolu_${text}`, ...call }] };
    },
  });
  const client = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: anthropic.baseURL, maxRetries: 0 });
  server = await serveApp(createAgentChat({ model: anthropicModel({ model: 'claude-test-1', client }), tools: [addItem, deleteItem, plainConfirm] }));
});
afterAll(async () => {
  await server.close();
  await anthropic.close();
});

async function pendingFor(sessionId: string, text: string): Promise<PendingCall> {
  const events = await sameBrowser(server.url).run(sessionId, { text });
  const waiting = events.find((e) => e.data.type === 'awaiting_input')!.data as { calls: PendingCall[] };
  return waiting.calls[0]!;
}

describe('words for the model, words for people', () => {
  it('the model gets the descriptions and no titles or hints; GET /tools gives the element all three', async () => {
    await pendingFor('words-model', 'add');
    const sent = (anthropic.requests[0]!.tools as Array<{ name: string; input_schema: { properties: Record<string, Record<string, unknown>> } }>).find(
      (tool) => tool.name === 'add_item',
    )!;
    const properties = sent.input_schema.properties;
    expect(Object.keys(properties)).toEqual(['title', 'related_ids', 'output_type']);
    expect(properties.title).toEqual({ type: 'string', description: 'The item text' });
    expect(properties.related_ids).toEqual({ type: 'array', items: { type: 'string' }, description: 'IDs of related upstream items' });
    expect(JSON.stringify(sent.input_schema)).not.toMatch(/"hint"|"title":"|Builds on|For outputs only/);
    expect(JSON.stringify(sent.input_schema)).toContain("Required only when the type is 'output'");

    const tools = (await sameBrowser(server.url).tools()) as ToolsResponse;
    const schema = tools.tools.find((tool) => tool.name === 'add_item')!.inputSchema as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties.title).toMatchObject({ title: 'Text', description: 'The item text' });
    expect(schema.properties.related_ids).toMatchObject({ title: 'Builds on', hint: 'One item per line, e.g. F-2.' });
    expect(schema.properties.output_type).toMatchObject({ hint: 'For outputs only.' });
  });

  it('a pending call carries the tool’s confirm button: its words filled from the input, and its tone', async () => {
    expect((await pendingFor('words-add', 'add')).confirmButton).toEqual({ label: 'Add Churn rose' });
    expect((await pendingFor('words-delete', 'delete')).confirmButton).toEqual({ label: 'Confirm deletion', tone: 'danger' });
    const plain = await pendingFor('words-plain', 'plain');
    expect(plain.reason).toBe('confirm');
    expect(plain.confirmButton).toBeUndefined();
    // Stored with the session, so a reloaded card has the same button.
    const stored = await sameBrowser(server.url).history('words-delete');
    expect(stored.pending[0]!.confirmButton).toEqual({ label: 'Confirm deletion', tone: 'danger' });
  });

  it('refuses an unknown tone at start-up', () => {
    expect(() =>
      defineTool({ name: 'x', description: 'x', input: z.object({}), execute: () => 1, confirmButton: { tone: 'loud' as 'danger' } }),
    ).toThrow(/tone/);
  });
});
