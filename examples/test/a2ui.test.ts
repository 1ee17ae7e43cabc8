import { A2UI_BASIC_CATALOG_ID, type A2uiMessage, type SessionResponse, type Turn } from '@agent-chat/protocol';
import { agentClient, type ReceivedEvent } from '@agent-chat/server/testing';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bookingSentence, describeDateTime } from '../a2ui/server/booking-form.js';
import { DEMO_HINT, FORM_INTRO } from '../a2ui/server/demo-model.js';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';
import { serveTestBundle } from './support/test-bundle.js';

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
  it('draws the booking form with show_a2ui_surface, books it from the Book action and marks the same surface booked', async () => {
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

interface Visit {
  page: Page;
  errors: string[];
  /** `STATUS url` of every response of 400 or more. */
  failures: string[];
}

/** The /a2ui/ page in a fresh context (a session of its own), recording finished runs, page errors and 4xx/5xx. */
async function visit(page?: Page): Promise<Visit> {
  page ??= await browser.newPage();
  await serveTestBundle(page);
  const errors: string[] = [];
  const failures: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { finishedRuns: string[] };
    w.finishedRuns = [];
    document.addEventListener('agent-chat-run-finish', (event) => w.finishedRuns.push((event as CustomEvent<{ stopReason: string }>).detail.stopReason));
  });
  await page.goto(`${server.url}/a2ui/`);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  return { page, errors, failures };
}

const finishedRuns = (page: Page) => page.evaluate(() => (window as unknown as { finishedRuns: string[] }).finishedRuns);

async function waitForRun(page: Page, count: number): Promise<void> {
  await expect.poll(() => finishedRuns(page), { timeout: 20_000 }).toHaveLength(count);
  expect((await finishedRuns(page)).at(-1)).toBe('end_turn');
}

/** The surface's parts, found through the renderer's own elements (Playwright's CSS pierces their shadow roots). */
function form(page: Page) {
  const surface = page.locator('agent-chat a2ui-surface');
  return {
    surface,
    heading: surface.locator('a2ui-basic-text').first(),
    name: surface.locator('a2ui-basic-textfield input'),
    date: surface.locator('a2ui-datetimeinput input[type="date"]'),
    time: surface.locator('a2ui-datetimeinput input[type="time"]'),
    partySize: surface.locator('a2ui-slider input[type="range"]'),
    book: surface.locator('a2ui-basic-button button'),
  };
}

/** The page's conversation as the server stored it. */
async function stored(page: Page): Promise<SessionResponse> {
  const session = await page.locator('agent-chat').evaluate((element) => (element as HTMLElement & { sessionId: string }).sessionId);
  return (await page.request.get(`${server.url}/a2ui/api/agent/sessions/${session}`)).json() as Promise<SessionResponse>;
}

/** The first data model the conversation gave a surface. */
function initialValues(history: SessionResponse): Record<string, unknown> {
  const first = uiMessages(history.turns).find((message) => 'updateDataModel' in message);
  return first && 'updateDataModel' in first ? (first.updateDataModel.value as Record<string, unknown>) : {};
}

describe('examples/a2ui in Chromium', () => {
  it('asks, fills the form, presses Book; the agent names the guest and the same surface shows the booking, also after a reload', async () => {
    const { page, errors, failures } = await visit();
    const input = page.locator('agent-chat textarea');
    await input.fill('book a table for two');
    await input.press('Enter');
    await waitForRun(page, 1);

    const booking = form(page);
    await expect.poll(() => booking.book.count(), { timeout: 20_000 }).toBe(1);
    expect(await booking.book.textContent()).toContain('Book');
    expect(await booking.surface.count()).toBe(1);
    // The evening the server suggested (read from what it stored, so a test run across midnight agrees with it).
    const dateTime = String(initialValues(await stored(page))['dateTime']);
    expect(dateTime).toMatch(/T19:30:00$/);
    expect(await booking.name.inputValue()).toBe('');
    expect(await booking.date.inputValue()).toBe(dateTime.slice(0, 10));
    expect(await booking.time.inputValue()).toBe('19:30');
    expect(await booking.partySize.inputValue()).toBe('2');
    // The Book button's check: no name, no booking.
    expect(await booking.book.isDisabled()).toBe(true);

    // The surface element as drawn now, to tell an update in place from a surface drawn anew.
    const drawn = await booking.surface.elementHandle();
    await booking.name.fill(GUEST);
    await expect.poll(() => booking.book.isEnabled()).toBe(true);
    await booking.book.click();
    await waitForRun(page, 2);

    const sentence = bookingSentence({ name: GUEST, dateTime, partySize: 2 });
    expect(sentence).toContain(describeDateTime(dateTime));
    // In the conversation's log (the live region says it too once the run ends).
    await expect.poll(() => page.getByRole('log').getByText(sentence).count(), { timeout: 20_000 }).toBeGreaterThan(0);

    // In place: the same element, now showing the booking, its button disabled.
    await expect.poll(() => booking.book.textContent()).toContain('Booked');
    expect(await booking.surface.count()).toBe(1);
    expect(await booking.surface.evaluate((element, before) => element === before, drawn)).toBe(true);
    expect(await booking.book.isDisabled()).toBe(true);
    expect(await booking.heading.textContent()).toContain(`Booked for ${GUEST}`);
    expect(await booking.name.inputValue()).toBe(GUEST);

    // The server has the act as the user's turn, with the values the form held.
    const act = (await stored(page)).turns.findLast((turn) => turn.type === 'user');
    expect(act).toMatchObject({ text: '', action: { surfaceId: 'booking', name: 'book', context: { name: GUEST, dateTime, partySize: 2 } } });

    // A reload draws the surface again from the stored turns, as it was last: booked, with the submitted data.
    await page.reload();
    await expect.poll(() => booking.name.count(), { timeout: 20_000 }).toBe(1);
    expect(await booking.name.inputValue()).toBe(GUEST);
    expect(await booking.surface.count()).toBe(1);
    expect(await booking.partySize.inputValue()).toBe('2');
    expect(await booking.date.inputValue()).toBe(dateTime.slice(0, 10));
    expect(await booking.book.textContent()).toContain('Booked');
    expect(await booking.book.isDisabled()).toBe(true);

    expect(errors).toEqual([]);
    expect(failures).toEqual([]);
    await page.close();
  }, 120_000);
});
