import { A2UI_BASIC_CATALOG_ID, type A2uiMessage, type ToolResultTurn, type UiTurn } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { a2uiTool, createAgentChat, defineSubagent, defineTool, scriptedModel, type ScriptedRunInput, type ScriptedRun } from '../src/index.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { readAgentEvents, type ReceivedEvent } from '../src/testing/read-agent-events.js';
import { readThenDrop } from './support/read-then-drop.js';
import { sameBrowser } from './support/same-browser.js';

// A2UI on the server (issue 37): a tool draws surfaces with ctx.ui (checked, streamed as `ui` events, stored as `ui`
// turns), the model draws them itself with a2uiTool, and the user's act on one comes back as a message.

const v = 'v0.9' as const;
const create = (surfaceId: string): A2uiMessage => ({ version: v, createSurface: { surfaceId, catalogId: A2UI_BASIC_CATALOG_ID, sendDataModel: true } });
const components = (surfaceId: string, text = 'Book a table'): A2uiMessage => ({
  version: v,
  updateComponents: {
    surfaceId,
    components: [
      { id: 'root', component: 'Column', children: ['title', 'book'] },
      { id: 'title', component: 'Text', text },
      { id: 'book', component: 'Button', child: 'title', action: { event: { name: 'book', context: { guest: { path: '/guest' } } } } },
    ],
  },
});
const data = (surfaceId: string, guest: string): A2uiMessage => ({ version: v, updateDataModel: { surfaceId, path: '/guest', value: guest } });
const remove = (surfaceId: string): A2uiMessage => ({ version: v, deleteSurface: { surfaceId } });

/** Draws the booking form in two batches, a status line between them. */
const bookForm = defineTool({
  name: 'book_form',
  description: 'Show the booking form',
  input: z.object({ surfaceId: z.string().default('booking') }),
  execute: ({ surfaceId }, { ui, status }) => {
    ui([create(surfaceId), components(surfaceId)]);
    status('Filling in the guest');
    ui([data(surfaceId, 'Ada')]);
    return 'The form is shown.';
  },
});

let openGate: () => void = () => undefined;
const gate = new Promise<void>((resolve) => (openGate = resolve));

/** Draws a form, then waits for the test before it fills it in: a reader can drop and come back in between. */
const gatedForm = defineTool({
  name: 'gated_form',
  description: 'Show a form, then fill it in',
  input: z.object({}),
  execute: async (_input, { ui }) => {
    ui([create('gated'), components('gated')]);
    await gate;
    ui([data('gated', 'Ada')]);
    return 'Filled in.';
  },
});

/** Sends what it is given, as a tool with a mistake in it would. */
const rawUi = defineTool({
  name: 'raw_ui',
  description: 'Send A2UI messages',
  input: z.object({ messages: z.array(z.unknown()) }),
  execute: ({ messages }, { ui }) => {
    ui(messages);
    return 'Sent.';
  },
});

const helper = defineSubagent({
  name: 'helper',
  description: 'A sub-agent that draws the form',
  input: z.object({}),
  prompt: () => 'Help draw',
  system: 'You draw forms.',
  tools: [bookForm],
});

const BAD: Record<string, unknown[]> = {
  field: [{ version: v, createSurface: { surfaceId: 'x', catalogId: A2UI_BASIC_CATALOG_ID, colour: 'red' } }],
  missing: [create('y'), components('y'), data('nowhere', 'Bob')],
  duplicate: [create('booking')],
};

let flaky = 0;
const lastResult = (input: ScriptedRunInput) => input.turns.findLast((turn): turn is ToolResultTurn => turn.type === 'tool_result');

function script(input: ScriptedRunInput): ScriptedRun {
  const { text, action } = input;
  if (action) {
    if (action.name === 'flaky' && flaky++ === 0) return [[{ error: 'overloaded' }]];
    return [[{ text: `You pressed ${action.name} on ${action.surfaceId} with ${JSON.stringify(action.context)}.` }]];
  }
  if (text === 'Help draw') return [[{ tool: 'book_form' }], [{ text: 'Drawn.' }]];
  if (text === 'delegate') return [[{ tool: 'helper' }], [{ text: 'Delegated.' }]];
  if (text === 'gated form') return [[{ tool: 'gated_form' }], [{ text: 'Filled.' }]];
  if (text === 'form') return [[{ tool: 'book_form' }], [{ text: 'Here is the form.' }]];
  if (text === 'delete') return [[{ tool: 'raw_ui', input: { messages: [remove('booking')] } }], [{ text: 'Gone.' }]];
  if (text.startsWith('bad ')) {
    const read = lastResult(input);
    return [[{ tool: 'raw_ui', input: { messages: BAD[text.slice(4)] } }], [{ text: `I read: ${String(read?.output)}` }]];
  }
  if (text === 'draw') {
    return [[{ tool: 'show_a2ui_surface', input: { messages: [create('menu'), components('menu', 'Today')] } }], [{ text: 'Drawn.' }]];
  }
  if (text === 'draw badly') return [[{ tool: 'show_a2ui_surface', input: { messages: 'a form' } }], [{ text: `I read: ${String(lastResult(input)?.output)}` }]];
  return [[{ text: 'Hello.' }]];
}

const CATALOG = { id: A2UI_BASIC_CATALOG_ID, components: 'Column(children), Text(text), Button(child, action)' };
let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(
    createAgentChat({
      model: scriptedModel(script),
      tools: [bookForm, gatedForm, rawUi, helper, a2uiTool({ catalog: CATALOG, label: 'Drawing a form' })],
    }),
  );
});
afterAll(() => server.close());
const client = () => sameBrowser(server.url);
const ofType = <T extends ReceivedEvent['data']['type']>(events: ReceivedEvent[], type: T) =>
  events.flatMap((event) => (event.data.type === type ? [event.data as Extract<ReceivedEvent['data'], { type: T }>] : []));
const uiTurns = async (sessionId: string) => (await client().history(sessionId)).turns.filter((turn): turn is UiTurn => turn.type === 'ui');

describe('ctx.ui', () => {
  it('streams each batch as a `ui` event, in order with the call’s other events, and stores them as ui turns', async () => {
    const events = await client().run('ui-1', { text: 'form' });
    const [call] = ofType(events, 'tool_call');
    const sequence = events
      .map((event) => event.data)
      .filter((event) => ['ui', 'status', 'tool_result'].includes(event.type))
      .map((event) => event.type);
    expect(sequence).toEqual(['ui', 'status', 'ui', 'tool_result']);
    const ui = ofType(events, 'ui');
    expect(ui.map((event) => event.messages)).toEqual([[create('booking'), components('booking')], [data('booking', 'Ada')]]);
    expect(ui.every((event) => event.toolCallId === call!.toolCallId && !('parentCallId' in event))).toBe(true);
    // Stored with the same ids, in the conversation's order.
    const { turns } = await client().history('ui-1');
    expect(turns.map((turn) => turn.type)).toEqual(['user', 'tool_call', 'ui', 'status', 'ui', 'tool_result', 'assistant_text']);
    const stored = turns.filter((turn): turn is UiTurn => turn.type === 'ui');
    expect(stored.map((turn) => [turn.id, turn.toolCallId, turn.messages])).toEqual(ui.map((event) => [event.turnId, event.toolCallId, event.messages]));
  });

  for (const [kind, field] of [
    ['field', 'messages.0.createSurface.colour'],
    ['missing', 'messages.2.updateDataModel.surfaceId'],
    ['duplicate', 'messages.0.createSurface.surfaceId'],
  ] as const) {
    it(`a bad batch (${kind}) is an error result naming ${field}; nothing of it is sent; the model reads it and goes on`, async () => {
      const sessionId = `bad-${kind}`;
      // A surface to be duplicated.
      if (kind === 'duplicate') await client().run(sessionId, { text: 'form' });
      const before = (await uiTurns(sessionId)).length;
      const events = await client().run(sessionId, { text: `bad ${kind}` });
      expect(ofType(events, 'ui')).toEqual([]);
      const [result] = ofType(events, 'tool_result');
      expect(result).toMatchObject({ name: 'raw_ui', isError: true });
      expect(String(result!.output)).toContain(`${field}:`);
      expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
      const reply = (await client().history(sessionId)).turns.at(-1);
      expect(reply).toMatchObject({ type: 'assistant_text' });
      expect(reply?.type === 'assistant_text' && reply.text).toContain(field);
      expect(await uiTurns(sessionId)).toHaveLength(before);
    });
  }

  it('a sub-agent’s tool draws into the main conversation: the event names no branch, and the turn is the session’s', async () => {
    const events = await client().run('ui-sub', { text: 'delegate' });
    const calls = ofType(events, 'tool_call');
    const inner = calls.find((call) => call.name === 'book_form')!;
    expect(inner.parentCallId).toBe(calls.find((call) => call.name === 'helper')!.toolCallId);
    const ui = ofType(events, 'ui');
    expect(ui).toHaveLength(2);
    for (const event of ui) {
      expect(event.toolCallId).toBe(inner.toolCallId);
      expect(event).not.toHaveProperty('parentCallId');
    }
    const history = await client().history('ui-sub');
    const stored = history.turns.filter((turn): turn is UiTurn => turn.type === 'ui');
    expect(stored.map((turn) => turn.id)).toEqual(ui.map((event) => event.turnId));
    expect((history.subagentTurns ?? []).some((turn) => turn.type === 'ui')).toBe(false);
    // Live in the conversation: the user can act on it.
    const acted = await client().run('ui-sub', { text: '', action: { surfaceId: 'booking', name: 'book', context: { guest: 'Ada' } } });
    expect(acted.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });

  it('a dropped stream resumed from its last id replays the ui events it missed, once each; a reload draws the same', async () => {
    const first = await readThenDrop(await client().send('ui-resume', { text: 'gated form' }), 3);
    expect(first.map((event) => event.data.type)).toEqual(['run_started', 'tool_call', 'ui']);
    // The run waits in its tool until the second reader is there, so what it sends next is missed by the first.
    const response = await client().request('/sessions/ui-resume/stream', { headers: { 'last-event-id': String(first.at(-1)!.id) } });
    openGate();
    const resumed = await readAgentEvents(response);
    const all = [...first, ...resumed];
    expect(all.map((event) => Number(event.id))).toEqual(all.map((_, i) => Number(first[0]!.id) + i));
    const ui = ofType(all, 'ui');
    expect(ui.map((event) => event.messages)).toEqual([[create('gated'), components('gated')], [data('gated', 'Ada')]]);
    expect(ofType(resumed, 'ui')).toHaveLength(1);
    // A reload after the run draws the same: the stored turns are the streamed events.
    expect((await uiTurns('ui-resume')).map((turn) => [turn.id, turn.messages])).toEqual(ui.map((event) => [event.turnId, event.messages]));
  });
});

describe('a2uiTool', () => {
  it('is a tool whose description states the rules, the catalog id and its components', async () => {
    const tool = a2uiTool({ catalog: CATALOG });
    expect(tool.name).toBe('show_a2ui_surface');
    for (const words of [CATALOG.id, CATALOG.components, 'createSurface', '"root"', 'updateComponents', 'updateDataModel', 'JSON pointer', 'context']) {
      expect(tool.description).toContain(words);
    }
    const schema = { type: 'object', properties: { Text: { type: 'object' } } };
    expect(a2uiTool({ catalog: { id: 'c', components: schema }, name: 'draw_ui' })).toMatchObject({ name: 'draw_ui' });
    expect(a2uiTool({ catalog: { id: 'c', components: schema } }).description).toContain(JSON.stringify(schema));
    const offered = (await client().tools()) as { tools: { name: string; label?: string }[] } | { name: string }[];
    const names = (Array.isArray(offered) ? offered : offered.tools).map((descriptor) => descriptor.name);
    expect(names).toContain('show_a2ui_surface');
  });

  it('the model’s messages stream and are stored; its result tells it what it drew', async () => {
    const events = await client().run('tool-1', { text: 'draw' });
    const [ui] = ofType(events, 'ui');
    expect(ui!.messages).toEqual([create('menu'), components('menu', 'Today')]);
    const [result] = ofType(events, 'tool_result');
    expect(result).toMatchObject({ name: 'show_a2ui_surface', isError: false });
    expect(String(result!.output)).toContain('"menu"');
    expect((await uiTurns('tool-1')).map((turn) => turn.messages)).toEqual([ui!.messages]);
  });

  it('a bad input is an error result the model reads', async () => {
    const events = await client().run('tool-2', { text: 'draw badly' });
    expect(ofType(events, 'ui')).toEqual([]);
    const [result] = ofType(events, 'tool_result');
    expect(result).toMatchObject({ name: 'show_a2ui_surface', isError: true });
    expect(String(result!.output)).toContain('messages');
    const reply = (await client().history('tool-2')).turns.at(-1);
    expect(reply?.type === 'assistant_text' && reply.text).toContain('I read:');
  });
});

describe('an act on a surface', () => {
  it('is stored as a user turn with the action, and the model is given it', async () => {
    await client().run('act-1', { text: 'form' });
    const action = { surfaceId: 'booking', name: 'book', sourceComponentId: 'book', context: { guest: 'Ada' }, dataModel: { guest: 'Ada' } };
    const events = await client().run('act-1', { text: '', action });
    expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const { turns } = await client().history('act-1');
    const user = turns.findLast((turn) => turn.type === 'user');
    expect(user).toMatchObject({ type: 'user', text: '', action });
    expect(turns.at(-1)).toMatchObject({ type: 'assistant_text', text: 'You pressed book on booking with {"guest":"Ada"}.' });
  });

  it('text may be empty only with an action: the 400 names `text`', async () => {
    for (const body of [{ text: '' }, {}]) {
      const response = await client().send('act-2', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { field: string } }).error.field).toBe('text');
    }
  });

  it('an act is bounded as a message’s text is (it is what the model is told): over messageChars, a 400 naming `action`', async () => {
    await client().run('act-7', { text: 'form' });
    const action = { surfaceId: 'booking', name: 'book', context: {}, dataModel: { notes: 'x'.repeat(100_001) } };
    const response = await client().send('act-7', { text: '', action });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { field: string } }).error.field).toBe('action');
  });

  it('an act on a surface that was never drawn, or was deleted, is a 409 naming action.surfaceId, and stores nothing', async () => {
    const action = { surfaceId: 'booking', name: 'book', context: {} };
    const unknown = await client().send('act-3', { text: '', action });
    expect(unknown.status).toBe(409);
    expect(((await unknown.json()) as { error: { field: string } }).error.field).toBe('action.surfaceId');
    await client().run('act-4', { text: 'form' });
    await client().run('act-4', { text: 'delete' });
    const before = (await client().history('act-4')).turns.length;
    const deleted = await client().send('act-4', { text: '', action });
    expect(deleted.status).toBe(409);
    expect(((await deleted.json()) as { error: { field: string } }).error.field).toBe('action.surfaceId');
    expect((await client().history('act-4')).turns).toHaveLength(before);
  });

  it('an edit that would act on a surface drawn only after the message it replaces is a 409, and branches nothing', async () => {
    await client().run('act-8', { text: 'Hello there' });
    await client().run('act-8', { text: 'form' });
    const { turns } = await client().history('act-8');
    const first = turns.find((turn) => turn.type === 'user')!;
    const response = await client().send('act-8', { text: '', action: { surfaceId: 'booking', name: 'book', context: {} }, editOf: first.id });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { field: string } }).error.field).toBe('action.surfaceId');
    const after = await client().history('act-8');
    expect(after.turns).toEqual(turns);
    expect(after.branches ?? []).toEqual([]);
  });

  it('a conversation with surfaces and acts, exported (GET) and imported (PUT), holds them as it was', async () => {
    await client().run('act-6', { text: 'form' });
    await client().run('act-6', { text: '', action: { surfaceId: 'booking', name: 'book', context: { guest: 'Ada' } } });
    const { turns } = await client().history('act-6');
    const imported = await client().importRaw('act-6-copy', { turns });
    expect(imported.status).toBeLessThan(300);
    expect((await client().history('act-6-copy')).turns).toEqual(turns);
    // The copy's surface is live: it can be acted on.
    const acted = await client().run('act-6-copy', { text: '', action: { surfaceId: 'booking', name: 'book', context: { guest: 'Bob' } } });
    expect(acted.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  });

  it('an act whose run failed is retried as it was stored: one user turn, and the model is given the act again', async () => {
    await client().run('act-5', { text: 'form' });
    const action = { surfaceId: 'booking', name: 'flaky', context: { guest: 'Ada' } };
    const failed = await client().run('act-5', { text: '', action });
    expect(failed.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'error' });
    const [started] = ofType(failed, 'run_started');
    const retried = await client().run('act-5', { text: '', action, retryOf: started!.userTurnId });
    expect(retried.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    const { turns } = await client().history('act-5');
    expect(turns.filter((turn) => turn.type === 'user' && turn.action)).toHaveLength(1);
    expect(turns.at(-1)).toMatchObject({ type: 'assistant_text', text: 'You pressed flaky on booking with {"guest":"Ada"}.' });
  });
});
