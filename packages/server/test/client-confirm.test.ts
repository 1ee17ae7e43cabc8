import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgentChat, defineTool, scriptedModel } from '../src/index.js';
import { sameBrowser } from './support/same-browser.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';

// Seed 003: the board lives in the page, yet each change needs the user's confirmation first.
const deleteItem = defineTool({
  name: 'delete_item',
  description: 'Delete an item from the board',
  kind: 'client',
  input: z.object({ id: z.string().regex(/^[A-Z]-\d+$/) }),
  needsConfirmation: true,
  preview: ({ id }, { context }) => {
    const items = (context?.items ?? []) as Array<{ id: string; data?: { links?: string[] } }>;
    return { impact: items.filter((item) => item.data?.links?.includes(id)).map((item) => `${item.id} cites ${id}`) };
  },
});
const highlight = defineTool({ name: 'highlight', description: 'Highlight an item', kind: 'client', input: z.object({ id: z.string() }) });

const model = scriptedModel(({ text }) => [
  [text === 'highlight' ? { tool: 'highlight', input: { id: 'F-1' } } : { tool: 'delete_item', input: { id: 'F-1' } }],
  [{ text: 'Done.' }],
]);
const context = { items: [{ id: 'F-1', type: 'fact' }, { id: 'I-1', type: 'insight', data: { links: ['F-1'] } }] };

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, tools: [deleteItem, highlight] }));
});
afterAll(() => server.close());

async function waiting(sessionId: string, text = 'delete') {
  const events = await sameBrowser(server.url).run(sessionId, { text, context });
  return (events.find((e) => e.data.type === 'awaiting_input')!.data as { calls: Array<Record<string, unknown>> }).calls[0]!;
}

describe('client tools that need confirmation', () => {
  it('wait with confirm: true and the preview computed from the page context', async () => {
    const call = await waiting('cc1');
    expect(call).toMatchObject({ name: 'delete_item', reason: 'client', confirm: true, preview: { impact: ['I-1 cites F-1'] } });
    const plain = await waiting('cc1b', 'highlight');
    expect(plain.confirm).toBeUndefined();
    expect(plain.preview).toBeUndefined();
  });

  it('record the input the page ran with after an edit', async () => {
    const call = await waiting('cc2');
    const events = await sameBrowser(server.url).resume('cc2', { results: [{ toolCallId: call.toolCallId, input: { id: 'F-2' }, output: 'deleted F-2' }] });
    expect(events.at(-1)!.data).toMatchObject({ stopReason: 'end_turn' });
    const turn = (await sameBrowser(server.url).history('cc2')).turns.find((t) => t.type === 'tool_call');
    expect(turn).toMatchObject({ input: { id: 'F-2' } });
  });

  it('refuse an edited input that fails the schema, naming the field', async () => {
    const call = await waiting('cc3');
    const response = await sameBrowser(server.url).resumeRaw('cc3', { results: [{ toolCallId: call.toolCallId, input: { id: 'nope' }, output: 'x' }] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { field: string } }).error.field).toBe('results.0.input');
  });

  it('may be denied by the user', async () => {
    const call = await waiting('cc4');
    const events = await sameBrowser(server.url).resume('cc4', { decisions: [{ toolCallId: call.toolCallId, action: 'deny' }] });
    expect(events.find((e) => e.data.type === 'tool_result')!.data).toMatchObject({ isError: true, output: 'The user refused this action.' });
  });
});
