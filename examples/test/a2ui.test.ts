import { A2UI_BASIC_CATALOG_ID, type A2uiMessage, type Turn } from '@agent-chat/protocol';
import { agentClient, type ReceivedEvent } from '@agent-chat/server/testing';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookingSentence } from '../a2ui/server/booking-form.js';
import { DEMO_HINT, FORM_INTRO } from '../a2ui/server/demo-model.js';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';

// examples/a2ui (issue 37, point 4): the demo server as `npm start` runs it, its offline scripted model, the element
// from its script-tag bundle drawing the surfaces with @a2ui/lit. First the demo model's flow over HTTP alone, then
// the booking round trip in Chromium.

let server: DemoServer;
let browser: Browser;
useDemoAndBrowser((started) => ({ server, browser } = started));

const GUEST = 'Ada Lovelace';
let sessions = 0;
const newSession = () => `a2ui-${Date.now()}-${sessions++}`;

const uiMessages = (turns: readonly Turn[]): A2uiMessage[] => turns.flatMap((turn) => (turn.type === 'ui' ? turn.messages : []));
const uiIn = (events: readonly ReceivedEvent[]): A2uiMessage[] => events.flatMap((event) => (event.data.type === 'ui' ? event.data.messages : []));
const saidIn = (events: readonly ReceivedEvent[]) => events.flatMap((event) => (event.data.type === 'text_delta' ? [event.data.text] : [])).join('');

describe('examples/a2ui: the demo model over HTTP', () => {
  it('draws the booking form with render_a2ui, books it from the Book action and marks the same surface booked', async () => {
    const client = agentClient(`${server.url}/a2ui/api/agent`);
    const session = newSession();
    const asked = await client.run(session, { text: 'Could I book a table for two?' });
    expect(asked.at(-1)?.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(saidIn(asked)).toContain(FORM_INTRO);
    const [create, components, data] = uiIn(asked);
    expect(create).toEqual({ version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: A2UI_BASIC_CATALOG_ID, sendDataModel: true } });
    const kinds = components && 'updateComponents' in components ? components.updateComponents.components.map((component) => component.component) : [];
    expect(kinds).toEqual(expect.arrayContaining(['TextField', 'DateTimeInput', 'Slider', 'Button']));
    const initial = (data && 'updateDataModel' in data ? data.updateDataModel.value : {}) as Record<string, unknown>;
    expect(initial).toMatchObject({ name: '', partySize: 2, booked: false });

    const values = { name: GUEST, dateTime: String(initial['dateTime']), partySize: 2 };
    const action = { surfaceId: 'booking', name: 'book', sourceComponentId: 'book-button', context: values, dataModel: { ...initial, name: GUEST } };
    const booked = await client.run(session, { text: '', action });
    expect(booked.at(-1)?.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
    expect(saidIn(booked)).toContain(bookingSentence(values));
    expect(uiIn(booked)[0]).toEqual({ version: 'v0.9', updateDataModel: { surfaceId: 'booking', value: { ...values, booked: true } } });

    // Stored in order: the form, then its update; one surface in all.
    const history = await client.history(session);
    const stored = uiMessages(history.turns);
    expect(stored.filter((message) => 'createSurface' in message)).toHaveLength(1);
    expect(stored.at(-1)).toMatchObject({ updateComponents: { surfaceId: 'booking' } });
    const user = history.turns.findLast((turn) => turn.type === 'user');
    expect(user).toMatchObject({ text: '', action: { surfaceId: 'booking', name: 'book' } });
  });

  it('gives a second form a surface of its own, reads the party size asked for, and answers anything else with help', async () => {
    const client = agentClient(`${server.url}/a2ui/api/agent`);
    const session = newSession();
    await client.run(session, { text: 'Book a table for two' });
    const second = await client.run(session, { text: 'Reserve for 5 please' });
    const messages = uiIn(second);
    expect(messages[0]).toMatchObject({ createSurface: { surfaceId: 'booking-2' } });
    expect(messages[2]).toMatchObject({ updateDataModel: { value: { partySize: 5 } } });

    const help = await client.run(session, { text: 'What is on the menu?' });
    expect(saidIn(help)).toBe(DEMO_HINT);
    expect(uiIn(help)).toEqual([]);
  });
});
