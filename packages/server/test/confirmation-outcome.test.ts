import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolResultTurn } from '@agent-chat/protocol';
import { createAgentChat, defineTool, scriptedModel } from '../src/index.js';
import { sameBrowser } from './support/same-browser.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import type { ReceivedEvent } from '../src/testing/read-agent-events.js';

// Issue #20, point 4: a call that waited for the user's confirmation keeps how it was answered, and the card's
// preview, with its result (the stored turn and the streamed event alike), so a reload can draw the same card.

const renameItem = defineTool({
  name: 'rename_item',
  description: 'Rename an item',
  kind: 'write',
  input: z.object({ id: z.string(), title: z.string().min(2) }),
  label: 'Renaming {id}',
  // Asks only for items that exist: a "sometimes" tool, which the element cannot tell from its descriptor.
  needsConfirmation: ({ id }) => id !== 'none',
  preview: ({ id, title }) => ({ title: `Rename ${id}`, before: 'Old title', after: title }),
  execute: ({ id, title }) => ({ id, title }),
});
const removeItem = defineTool({
  name: 'remove_item',
  description: 'Remove an item from the page',
  kind: 'client',
  input: z.object({ id: z.string() }),
  needsConfirmation: true,
  preview: ({ id }) => ({ impact: [`${id} goes`] }),
});
const readPage = defineTool({ name: 'read_page', description: 'Read the page', kind: 'client', input: z.object({}) });

const CALLS: Record<string, { tool: string; input?: Record<string, string> }> = {
  rename: { tool: 'rename_item', input: { id: 'F-1', title: 'Proposed' } },
  'rename none': { tool: 'rename_item', input: { id: 'none', title: 'Proposed' } },
  remove: { tool: 'remove_item', input: { id: 'F-1' } },
  read: { tool: 'read_page' },
};
const model = scriptedModel(({ text }) => [[CALLS[text] ?? { text: 'What?' }], [{ text: 'Done.' }]]);

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(createAgentChat({ model, tools: [renameItem, removeItem, readPage] }));
});
afterAll(() => server.close());

const client = () => sameBrowser(server.url);

async function waiting(sessionId: string, text: string): Promise<string> {
  const events = await client().run(sessionId, { text });
  const calls = (events.find((e) => e.data.type === 'awaiting_input')!.data as { calls: Array<{ toolCallId: string }> }).calls;
  return calls[0]!.toolCallId;
}

const streamedResult = (events: ReceivedEvent[]) => events.find((e) => e.data.type === 'tool_result')!.data;

async function storedResult(sessionId: string): Promise<ToolResultTurn> {
  const turn = (await client().history(sessionId)).turns.find((t) => t.type === 'tool_result');
  if (turn?.type !== 'tool_result') throw new Error('no stored result');
  return turn;
}

const preview = { title: 'Rename F-1', before: 'Old title', after: 'Proposed' };

describe('the answer to a confirmation, kept with its result', () => {
  it('approve: the result says approve, with the preview the card showed, streamed and stored alike', async () => {
    const id = await waiting('co-approve', 'rename');
    const events = await client().resume('co-approve', { decisions: [{ toolCallId: id, action: 'approve' }] });
    const confirmation = { action: 'approve', preview };
    expect(streamedResult(events)).toMatchObject({ isError: false, confirmation });
    const stored = await storedResult('co-approve');
    expect(stored.confirmation).toEqual(confirmation);
  });

  it('edit: the result holds the input the user confirmed', async () => {
    const id = await waiting('co-edit', 'rename');
    const input = { id: 'F-1', title: 'Chosen' };
    const events = await client().resume('co-edit', { decisions: [{ toolCallId: id, action: 'edit', input }] });
    expect(streamedResult(events)).toMatchObject({ output: input, confirmation: { action: 'edit', input, preview } });
    expect((await storedResult('co-edit')).confirmation).toEqual({ action: 'edit', input, preview });
  });

  it('deny: an error result that says it was refused, not that it failed', async () => {
    const id = await waiting('co-deny', 'rename');
    await client().resume('co-deny', { decisions: [{ toolCallId: id, action: 'deny' }] });
    const stored = await storedResult('co-deny');
    expect(stored).toMatchObject({ isError: true, confirmation: { action: 'deny', preview } });
  });

  it('a new message instead of an answer: skip', async () => {
    await waiting('co-skip', 'rename');
    await client().run('co-skip', { text: 'read' });
    const stored = await storedResult('co-skip');
    expect(stored).toMatchObject({ isError: true, confirmation: { action: 'skip', preview } });
  });

  it('a client tool that asked first: the page’s result carries the answer, an edited input included', async () => {
    const id = await waiting('co-client', 'remove');
    await client().resume('co-client', { results: [{ toolCallId: id, input: { id: 'F-2' }, output: 'removed F-2' }] });
    expect((await storedResult('co-client')).confirmation).toEqual({ action: 'edit', input: { id: 'F-2' }, preview: { impact: ['F-1 goes'] } });

    const denied = await waiting('co-client-deny', 'remove');
    await client().resume('co-client-deny', { decisions: [{ toolCallId: denied, action: 'deny' }] });
    expect((await storedResult('co-client-deny')).confirmation).toEqual({ action: 'deny', preview: { impact: ['F-1 goes'] } });
  });

  it('no confirmation on calls that never asked: a plain client tool, a "sometimes" tool that did not ask', async () => {
    const id = await waiting('co-plain', 'read');
    await client().resume('co-plain', { results: [{ toolCallId: id, output: 'the page' }] });
    expect((await storedResult('co-plain')).confirmation).toBeUndefined();

    const events = await client().run('co-sometimes', { text: 'rename none' });
    expect(streamedResult(events)).toMatchObject({ isError: false });
    expect(streamedResult(events)).not.toHaveProperty('confirmation');
    expect((await storedResult('co-sometimes')).confirmation).toBeUndefined();
  });
});
