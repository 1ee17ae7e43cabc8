// AG-UI's `a2ui-surface` activities (as @ag-ui/a2ui-middleware and an agent-chat server send them) → the element's
// `ui` events and turns (src/core/ag-ui/a2ui-activity.ts, a2ui-action.ts), and an act → the run's forwardedProps.
import type { Message } from '@ag-ui/core';
import type { A2uiMessage } from '@agent-chat/protocol';
import { expect } from '@open-wc/testing';
import { snapshotTurns } from '../src/core/ag-ui/snapshot-turns.js';
import { newThread } from '../src/core/ag-ui/thread.js';
import { AgUiTranslator } from '../src/core/ag-ui/translate.js';
import { addMessage, runInput } from '../src/transport/ag-ui/run-input.js';

const translate = (translator: AgUiTranslator, ...events: object[]) => events.flatMap((event) => translator.translate(event as { type: string }));

const v = 'v0.9' as const;
const create = (surfaceId: string): A2uiMessage => ({ version: v, createSurface: { surfaceId, catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } });
const components = (surfaceId: string, text: string): A2uiMessage => ({
  version: v,
  updateComponents: { surfaceId, components: [{ id: 'root', component: 'Text', text }] },
});
const data = (surfaceId: string, value: unknown): A2uiMessage => ({ version: v, updateDataModel: { surfaceId, value } });
const remove = (surfaceId: string): A2uiMessage => ({ version: v, deleteSurface: { surfaceId } });
const snapshot = (messageId: string, content: unknown, replace = true) => ({ type: 'ACTIVITY_SNAPSHOT', messageId, activityType: 'a2ui-surface', content, replace });
const ops = (...messages: A2uiMessage[]) => ({ a2ui_operations: messages });

describe('A2UI activities over AG-UI', () => {
  it('sends only what an activity adds: an update extends its surface in place', () => {
    const thread = newThread();
    const translator = new AgUiTranslator(thread);
    const id = 'a2ui-surface-booking';
    const first = translate(translator, snapshot(id, ops(create('booking'), components('booking', 'Free'))));
    expect(first).to.deep.equal([{ type: 'ui', turnId: `${id}.ui-0`, toolCallId: id, messages: [create('booking'), components('booking', 'Free')] }]);
    const second = translate(translator, snapshot(id, ops(create('booking'), components('booking', 'Free'), data('booking', { done: true }))));
    expect(second).to.deep.equal([{ type: 'ui', turnId: `${id}.ui-1`, toolCallId: id, messages: [data('booking', { done: true })] }]);
    // The same snapshot again adds nothing.
    expect(translate(translator, snapshot(id, ops(create('booking'), components('booking', 'Free'), data('booking', { done: true }))))).to.deep.equal([]);
    // The activity is on the thread, as the page's copy of it.
    expect(thread.messages).to.deep.equal([{ id, role: 'activity', activityType: 'a2ui-surface', content: ops(create('booking'), components('booking', 'Free'), data('booking', { done: true })) }]);
  });

  it("draws an activity anew when a snapshot does not extend it; the middleware's lifecycle states draw nothing; a DELTA patches the content", () => {
    const thread = newThread();
    const translator = new AgUiTranslator(thread);
    const id = 'a2ui-surface-call-1';
    expect(translate(translator, snapshot(id, { status: 'building' }))).to.deep.equal([]);
    translate(translator, snapshot(id, ops(create('s'), components('s', 'one'))));
    const redrawn = translate(translator, snapshot(id, ops(create('s'), components('s', 'two'))));
    expect(redrawn.flatMap((event) => ('messages' in event ? event.messages : []))).to.deep.equal([remove('s'), create('s'), components('s', 'two')]);
    const patched = translate(translator, { type: 'ACTIVITY_DELTA', messageId: id, activityType: 'a2ui-surface', patch: [{ op: 'add', path: '/a2ui_operations/-', value: remove('s') }] });
    expect(patched.flatMap((event) => ('messages' in event ? event.messages : []))).to.deep.equal([remove('s')]);
    // Another activity type is not A2UI's.
    expect(translate(translator, { ...snapshot('x', ops(create('t'))), activityType: 'other' })).to.deep.equal([]);
  });

  it('deletes a surface another activity drew before drawing it again (the middleware names activities by call)', () => {
    const translator = new AgUiTranslator(newThread());
    translate(translator, snapshot('a2ui-surface-call-1', ops(create('s'), components('s', 'one'))));
    const again = translate(translator, snapshot('a2ui-surface-call-2', ops(create('s'), components('s', 'two'))));
    expect(again.flatMap((event) => ('messages' in event ? event.messages : []))).to.deep.equal([remove('s'), create('s'), components('s', 'two')]);
  });

  it("makes a snapshot's activities ui turns, and a log_a2ui_event pair the user turn with its action", () => {
    const thread = newThread();
    const action = { name: 'book', surfaceId: 'booking', sourceComponentId: 'book', context: { guest: 'Ada' } };
    const messages: Message[] = [
      { id: 'u1', role: 'user', content: 'draw' },
      { id: 'a2ui-surface-booking', role: 'activity', activityType: 'a2ui-surface', content: ops(create('booking'), components('booking', 'Booked')) },
      { id: 'act-1', role: 'assistant', toolCalls: [{ id: 'act-1.action', type: 'function', function: { name: 'log_a2ui_event', arguments: JSON.stringify({ ...action, timestamp: 'now' }) } }] },
      { id: 'act-1.result', role: 'tool', toolCallId: 'act-1.action', content: 'The user performed the action' },
      { id: 'm2', role: 'assistant', content: 'Booked.' },
    ];
    translate(new AgUiTranslator(thread), { type: 'MESSAGES_SNAPSHOT', messages });
    const { turns } = snapshotTurns(thread, 1);
    expect(turns.map(({ createdAt: _, ...turn }) => turn)).to.deep.equal([
      { id: 'u1', type: 'user', text: 'draw' },
      { id: 'a2ui-surface-booking.ui', type: 'ui', toolCallId: 'a2ui-surface-booking', messages: [create('booking'), components('booking', 'Booked')] },
      { id: 'act-1', type: 'user', text: '', action },
      { id: 'ag-ui-text-m2', type: 'assistant_text', text: 'Booked.' },
    ]);
  });

  it("sends an act as the run's forwardedProps.a2uiAction.userAction, with no user message, once", () => {
    const thread = newThread();
    const action = { name: 'book', surfaceId: 'booking', context: { guest: 'Ada' } };
    addMessage(thread, { text: '', action });
    const input = runInput(thread, 'thread-1', [], []);
    expect(input.forwardedProps).to.deep.equal({ a2uiAction: { userAction: action } });
    expect(input.messages).to.deep.equal([]);
    expect(runInput(thread, 'thread-1', [], []).forwardedProps).to.equal(undefined);
  });
});
