import type { ActivitySnapshotEvent, MessagesSnapshotEvent } from '@ag-ui/core';
import { ActivitySnapshotEventSchema } from '@ag-ui/core/schemas';
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { A2UI_BASIC_CATALOG_ID, type A2uiAction, type A2uiMessage } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { a2uiTool, defineTool, scriptedModel } from '../src/index.js';
import { serveApp, type RunningServer } from '../src/testing/serve-app.js';
import { agUiAgent, agUiApp, ofType, runAgUi } from './support/ag-ui-run.js';

// A2UI over our /ag-ui, in @ag-ui/a2ui-middleware's shapes: a tool's ctx.ui as `a2ui-surface` activities, one per
// surface; an act on a surface as forwardedProps.a2uiAction.userAction.

const v = 'v0.9' as const;
const form: A2uiMessage[] = [
  { version: v, createSurface: { surfaceId: 'booking', catalogId: A2UI_BASIC_CATALOG_ID } },
  {
    version: v,
    updateComponents: {
      surfaceId: 'booking',
      components: [
        { id: 'root', component: 'Column', children: ['title', 'book'] },
        { id: 'title', component: 'Text', text: { path: '/status' } },
        { id: 'book', component: 'Button', child: 'label', action: { event: { name: 'book', context: { guest: 'Ada' } } } },
        { id: 'label', component: 'Text', text: 'Book' },
      ],
    },
  },
  { version: v, updateDataModel: { surfaceId: 'booking', value: { status: 'Free' } } },
];
const booked: A2uiMessage = { version: v, updateDataModel: { surfaceId: 'booking', path: '/status', value: 'Booked' } };
const gone: A2uiMessage = { version: v, deleteSurface: { surfaceId: 'booking' } };

const surfaceTool = (name: string, messages: A2uiMessage[]) =>
  defineTool({
    name,
    description: `Changes the booking surface (${name})`,
    input: z.object({}),
    execute: (_input, ctx) => {
      ctx.ui(messages);
      return 'done';
    },
  });

const acts: A2uiAction[] = [];
const model = scriptedModel(({ text, action }) => {
  if (action) {
    acts.push(action);
    return [[{ text: `You pressed ${action.name}.` }]];
  }
  if (text === 'model draws') return [[{ tool: 'show_a2ui_surface', input: { messages: [form[0], form[1]] } }], [{ text: 'Drawn.' }]];
  const tool = { draw: 'draw_form', book: 'mark_booked', remove: 'remove_form' }[text];
  return tool ? [[{ tool }], [{ text: `${text}: done.` }]] : [[{ text: 'Say draw, book or remove.' }]];
});

let server: RunningServer;
beforeAll(async () => {
  server = await serveApp(agUiApp({ model, tools: [surfaceTool('draw_form', form), surfaceTool('mark_booked', [booked]), surfaceTool('remove_form', [gone]), a2uiTool({ catalog: { id: A2UI_BASIC_CATALOG_ID, components: 'Column, Text, Button' } })] }));
});
afterAll(() => server?.close());

/** The surface's operations an activity carries. */
const operations = (activity: { content: Record<string, unknown> }) => activity.content['a2ui_operations'];


describe('A2UI over AG-UI', () => {
  it("sends a surface as its one a2ui-surface activity: an update replaces it whole under the same id; the snapshot keeps it", async () => {
    const agent = agUiAgent(server.url, 'a2ui-1');
    agent.addMessage({ id: 'a1-u1', role: 'user', content: 'draw' });
    const first = await runAgUi(agent);
    const [drawn] = ofType<ActivitySnapshotEvent>(first.events, 'ACTIVITY_SNAPSHOT');
    ActivitySnapshotEventSchema.parse(drawn);
    expect(drawn).toMatchObject({ messageId: 'a2ui-surface-booking', activityType: 'a2ui-surface', replace: true });
    expect(operations(drawn!)).toEqual(form);

    agent.addMessage({ id: 'a1-u2', role: 'user', content: 'book' });
    const second = await runAgUi(agent);
    const [update] = ofType<ActivitySnapshotEvent>(second.events, 'ACTIVITY_SNAPSHOT');
    ActivitySnapshotEventSchema.parse(update);
    // The earlier run's messages too: a client that draws each snapshot from scratch draws the surface as it is now.
    expect(update).toMatchObject({ messageId: 'a2ui-surface-booking', replace: true });
    expect(operations(update!)).toEqual([...form, booked]);
    const activities = agent.messages.filter((message) => message.role === 'activity');
    expect(activities).toEqual([expect.objectContaining({ id: 'a2ui-surface-booking', activityType: 'a2ui-surface', content: { a2ui_operations: [...form, booked] } })]);

    // A reload: a fresh client's first run gets the history, the surface as it was last, where it was first drawn.
    const reloaded = agUiAgent(server.url, 'a2ui-1');
    reloaded.addMessage({ id: 'a1-u3', role: 'user', content: 'hello' });
    const third = await runAgUi(reloaded);
    const snapshot = ofType<MessagesSnapshotEvent>(third.events, 'MESSAGES_SNAPSHOT')[0]!;
    const ids = snapshot.messages.map((message) => message.id);
    expect(ids.indexOf('a2ui-surface-booking')).toBeGreaterThan(ids.indexOf('a1-u1'));
    expect(ids.indexOf('a2ui-surface-booking')).toBeLessThan(ids.indexOf('a1-u2'));
    expect(snapshot.messages.find((message) => message.role === 'activity')).toMatchObject({ content: { a2ui_operations: [...form, booked] } });
  });

  it("says a deleted surface is gone: its activity ends with deleteSurface", async () => {
    const agent = agUiAgent(server.url, 'a2ui-2');
    agent.addMessage({ id: 'a2-u1', role: 'user', content: 'draw' });
    await runAgUi(agent);
    agent.addMessage({ id: 'a2-u2', role: 'user', content: 'remove' });
    const run = await runAgUi(agent);
    const [removed] = ofType<ActivitySnapshotEvent>(run.events, 'ACTIVITY_SNAPSHOT');
    expect(removed).toMatchObject({ messageId: 'a2ui-surface-booking' });
    expect(operations(removed!)).toEqual([...form, gone]);
  });

  it('takes an act in forwardedProps.a2uiAction.userAction as the message; the model is told it; the history shows it as log_a2ui_event', async () => {
    const agent = agUiAgent(server.url, 'a2ui-3');
    agent.addMessage({ id: 'a3-u1', role: 'user', content: 'draw' });
    await runAgUi(agent);
    const userAction = { name: 'book', surfaceId: 'booking', sourceComponentId: 'book', context: { guest: 'Ada' }, timestamp: '2026-12-03T07:00:00Z' };
    const run = await runAgUi(agent, { forwardedProps: { a2uiAction: { userAction } } });
    expect(acts.at(-1)).toEqual({ name: 'book', surfaceId: 'booking', sourceComponentId: 'book', context: { guest: 'Ada' } });
    const snapshot = ofType<MessagesSnapshotEvent>(run.events, 'MESSAGES_SNAPSHOT')[0]!;
    const call = snapshot.messages.find((message) => message.role === 'assistant' && message.toolCalls?.[0]?.function.name === 'log_a2ui_event');
    expect(call).toBeDefined();
    expect(snapshot.messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(['draw']);
    expect(snapshot.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'You pressed book.' });
  });

  it('refuses an act on a surface that is not there, and a bad act, naming the field', async () => {
    const post = (threadId: string, userAction: unknown) =>
      fetch(`${server.url}/ag-ui`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer alice' },
        body: JSON.stringify({ threadId, runId: 'r', messages: [], tools: [], context: [], state: {}, forwardedProps: { a2uiAction: { userAction } } }),
      });
    const missing = await post('a2ui-4', { name: 'book', surfaceId: 'nowhere', context: {} });
    expect(missing.status).toBe(409);
    expect(await missing.json()).toMatchObject({ error: { field: 'forwardedProps.a2uiAction.userAction.surfaceId' } });
    const nameless = await post('a2ui-4', { surfaceId: 'booking', context: {} });
    expect(nameless.status).toBe(400);
    expect(JSON.stringify(await nameless.json())).toContain('forwardedProps.a2uiAction.userAction.name');

    // An act is told to the model as the user's message: bounded as a message's text is.
    const small = await serveApp(agUiApp({ model, tools: [surfaceTool('draw_form', form)], limits: { messageChars: 300 } }));
    try {
      const agent = agUiAgent(small.url, 'a2ui-8');
      agent.addMessage({ id: 'a8-u1', role: 'user', content: 'draw' });
      await runAgUi(agent);
      const response = await fetch(`${small.url}/ag-ui`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer alice' },
        body: JSON.stringify({ threadId: 'a2ui-8', runId: 'r', messages: [], tools: [], context: [], state: {}, forwardedProps: { a2uiAction: { userAction: { name: 'book', surfaceId: 'booking', context: { note: 'x'.repeat(400) } } } } }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { field: 'forwardedProps.a2uiAction.userAction' } });
    } finally {
      await small.close();
    }
  });

  it('works through a client that runs @ag-ui/a2ui-middleware: the activity arrives unchanged, and its act reaches the model', async () => {
    const plain = agUiAgent(server.url, 'a2ui-5');
    const withMiddleware = agUiAgent(server.url, 'a2ui-6');
    withMiddleware.use(new A2UIMiddleware());
    const activityOf = async (agent: typeof plain, id: string) => {
      agent.addMessage({ id, role: 'user', content: 'draw' });
      const run = await runAgUi(agent);
      return ofType<ActivitySnapshotEvent>(run.events, 'ACTIVITY_SNAPSHOT');
    };
    const [direct, through] = [await activityOf(plain, 'a5-u1'), await activityOf(withMiddleware, 'a6-u1')];
    expect(through).toHaveLength(1);
    expect(through).toEqual(direct);

    const before = acts.length;
    const run = await runAgUi(withMiddleware, { forwardedProps: { a2uiAction: { userAction: { name: 'book', surfaceId: 'booking', sourceComponentId: 'book', context: { guest: 'Ada' } } } } });
    expect(run.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED' });
    expect(acts.slice(before)).toEqual([{ name: 'book', surfaceId: 'booking', sourceComponentId: 'book', context: { guest: 'Ada' } }]);
  });

  it("a2uiTool's calls (show_a2ui_surface, not the middleware's render_a2ui) pass a middleware on its defaults: only our own surface activity", async () => {
    const agent = agUiAgent(server.url, 'a2ui-7');
    agent.use(new A2UIMiddleware());
    agent.addMessage({ id: 'a7-u1', role: 'user', content: 'model draws' });
    const run = await runAgUi(agent);
    const activities = ofType<ActivitySnapshotEvent>(run.events, 'ACTIVITY_SNAPSHOT');
    expect(activities.map((activity) => [activity.messageId, operations(activity)])).toEqual([['a2ui-surface-booking', [form[0], form[1]]]]);
    expect(run.events.at(-1)).toMatchObject({ type: 'RUN_FINISHED' });
  });
});
