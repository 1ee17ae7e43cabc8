import { readFile } from 'node:fs/promises';
import type { SessionResponse, Turn } from '@agent-chat/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Discovery } from '../discovery/page/discovery-types.js';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';

// examples/discovery (seed 003) end to end: the real demo server with its scripted model, the element from its
// script-tag bundle, and assertions on the host page's own state (the board's DOM and the discovery in localStorage).

let server: DemoServer;
let browser: Browser;
useDemoAndBrowser((started) => ({ server, browser } = started));

const SHOWCASE = 'Add a fact that churn rose 4% citing @I-1';

interface Visit {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/** A fresh browser profile (its own localStorage) on the discovery page, recording each run the element finishes. */
async function visit(viewport = { width: 1400, height: 900 }): Promise<Visit> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addInitScript(() => {
    const runs: string[] = [];
    (window as unknown as { finishedRuns: string[] }).finishedRuns = runs;
    document.addEventListener('agent-chat-run-finish', (event) => runs.push((event as CustomEvent<{ stopReason: string }>).detail.stopReason));
  });
  const page = await context.newPage();
  // Fail on a missing control in seconds, with Playwright's message, rather than at the test's timeout.
  page.setDefaultTimeout(8000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/discovery/`);
  return { context, page, errors };
}

// The element's own UI, reached through its documented parts (launcher, card-edit, card-confirm…) and roles.
// Playwright's locators pierce the element's open shadow roots.

const composer = (page: Page) => page.locator('agent-chat textarea').first();
const inChat = (page: Page) => page.locator('agent-chat');

/** Open the floating panel with the launcher, unless it is open already. */
async function openChat(page: Page): Promise<void> {
  // Asked of the element, not of its composer: a panel remembered open after a reload shows its composer only once
  // the conversation's chunk has loaded, and a click on the launcher then would close it.
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  if (!(await page.locator('agent-chat').evaluate((element) => (element as HTMLElement & { opened: boolean }).opened))) {
    await page.locator('agent-chat [part~="launcher"]').click();
  }
  await composer(page).waitFor({ state: 'visible' });
}

/** Runs the element finished so far: take it before an action, then `runFinished` waits for the next one. */
const runsSoFar = (page: Page) => page.evaluate(() => (window as unknown as { finishedRuns: string[] }).finishedRuns.length);

/** The stop reason of the run the element finishes after `mark` runs (a message or a resume). */
async function runFinished(page: Page, mark: number): Promise<string> {
  const handle = await page.waitForFunction((n) => (window as unknown as { finishedRuns: string[] }).finishedRuns[n], mark, { timeout: 15_000 });
  return (await handle.jsonValue()) as string;
}

/** Type a message and send it; with `@`, pick the item from the mention list by keyboard. */
async function send(page: Page, text: string): Promise<void> {
  await openChat(page);
  const input = composer(page);
  await input.click();
  const mention = /@([A-Z]-\d+)/.exec(text);
  if (mention) {
    const before = text.slice(0, mention.index);
    await input.pressSequentially(`${before}@${mention[1]!.slice(0, -1)}`);
    // The item is on the board, so the list offers it: wait for that (the autocomplete's chunk may still be on its
    // way on a busy machine), never for a time after which the mention would go as plain text instead.
    await page.getByRole('option', { name: new RegExp(mention[1]!) }).first().waitFor({ state: 'visible' });
    await input.press('Enter');
    await input.pressSequentially(text.slice(mention.index + mention[0].length));
  } else {
    await input.fill(text);
  }
  await input.press('Enter');
}

/** The discovery the page keeps in localStorage. */
async function savedDiscovery(page: Page): Promise<Discovery | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('factly:discovery') ?? 'null'));
}

const boardItem = (page: Page, id: string) => page.locator(`#board .item[data-id="${id}"]`);

/** The conversation as the agent server stores it. */
async function storedTurns(page: Page): Promise<Turn[]> {
  const sessionId = (await savedDiscovery(page))?.chat.sessionId;
  const session = (await (await fetch(`${server.url}/discovery/api/agent/sessions/${sessionId}`)).json()) as SessionResponse;
  return session.turns;
}

/** The labels of the quick-action chips under the chat's input. */
const chips = (page: Page) => page.locator('agent-chat [part~="quick-action"]').allTextContents().then((labels) => labels.map((label) => label.trim()));

describe('examples/discovery (seed 003) from the demo server', { timeout: 45_000 }, () => {
  it('hides the chat until a discovery is open, labels the demo model, and Ctrl/Cmd+click mentions an item', async () => {
    const { context, page, errors } = await visit();
    await expect.poll(() => page.locator('#model').textContent()).toMatch(/demo model/i);
    expect(await page.locator('agent-chat [part~="launcher"]').isVisible()).toBe(false);
    expect(await composer(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Load the sample discovery' }).click();
    await page.locator('agent-chat [part~="launcher"]').waitFor({ state: 'visible' });
    expect(await page.locator('#board .item').count()).toBe(11);

    // Ctrl/Cmd+click on a board item mentions it in the chat, opening the panel: a token in the composer's text.
    await boardItem(page, 'F-1').click({ modifiers: ['ControlOrMeta'] });
    await composer(page).waitFor({ state: 'visible' });
    await expect.poll(() => composer(page).inputValue()).toContain('@F-1');
    // Sent, it goes with the message as a reference to the item.
    const request = page.waitForRequest((r) => r.method() === 'POST' && /\/messages$/.test(r.url()));
    await composer(page).press('End');
    await composer(page).pressSequentially('what rests on it?');
    await composer(page).press('Enter');
    const body = (await request).postDataJSON() as { references?: { id: string }[] };
    expect(body.references?.map((reference) => reference.id)).toEqual(['F-1']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('plays the showcase: the add card, Edit, Confirm, and the fact is on the board linked to I-1', async () => {
    const { context, page, errors } = await visit();
    await page.getByRole('button', { name: 'Load the sample discovery' }).click();
    await boardItem(page, 'I-1').waitFor();

    const proposed = await runsSoFar(page);
    await send(page, SHOWCASE);
    expect(await runFinished(page, proposed)).toBe('awaiting_input');

    // The card shows the proposed item before anything changes on the board.
    await expect.poll(() => inChat(page).getByText('Churn rose 4%.', { exact: false }).count()).toBeGreaterThan(0);
    expect(await boardItem(page, 'F-4').count()).toBe(0);

    await page.locator('agent-chat [part~="card-edit"]').click();
    const field = await textboxWithValue(page, 'Churn rose 4%.');
    await field.fill('Churn rose 4% in Q3 among mid-market accounts.');

    const applied = await runsSoFar(page);
    await page.locator('agent-chat [part~="card-confirm"]').click();
    expect(await runFinished(page, applied)).toBe('end_turn');

    // The host page's own state: the fact is on the board, as edited, linked to I-1, and saved with the discovery.
    const fact = boardItem(page, 'F-4');
    await fact.waitFor();
    expect(await fact.locator('.item-text').textContent()).toBe('Churn rose 4% in Q3 among mid-market accounts.');
    expect(await fact.locator('.link').allTextContents()).toEqual(['I-1']);
    const saved = await savedDiscovery(page);
    expect(saved?.items.find((item) => item.id === 'F-4')).toMatchObject({ column: 'fact', links: ['I-1'] });
    await expect.poll(() => inChat(page).getByText(/Added/).count()).toBeGreaterThan(0);

    // The reply's reference chips point at the board: a click highlights the item there.
    await page.locator('agent-chat [part~="reference"][data-reference="F-4"]').first().click();
    await expect.poll(() => fact.getAttribute('class')).toContain('highlighted');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Cancel drops a proposed delete: the card shows the impact, the item stays', async () => {
    const { context, page, errors } = await visit();
    await page.getByRole('button', { name: 'Load the sample discovery' }).click();
    await boardItem(page, 'F-2').waitFor();

    const proposed = await runsSoFar(page);
    await send(page, 'Delete F-2');
    expect(await runFinished(page, proposed)).toBe('awaiting_input');
    // The downstream impact: N-2 rests on F-2, R-2 on N-2, O-1 on R-2.
    await expect.poll(() => inChat(page).getByText(/3 downstream items lose support/).count()).toBeGreaterThan(0);

    const answered = await runsSoFar(page);
    await page.locator('agent-chat [part~="card-cancel"]').click();
    expect(await runFinished(page, answered)).toBe('end_turn');
    await expect.poll(() => inChat(page).getByText(/board is unchanged/).count()).toBeGreaterThan(0);
    expect(await boardItem(page, 'F-2').count()).toBe(1);
    expect((await savedDiscovery(page))?.items).toHaveLength(11);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a large discovery whole and the agent gets it summarized', async () => {
    const { context, page, errors } = await visit();
    await page.getByRole('button', { name: 'Load the sample discovery' }).click();
    await page.getByRole('button', { name: 'Load large discovery' }).click();
    await expect.poll(() => page.locator('#board .item').count()).toBe(64);

    const request = page.waitForRequest((r) => r.method() === 'POST' && /\/discovery\/api\/agent\/sessions\/[^/]+\/messages$/.test(r.url()));
    const finished = await runsSoFar(page);
    await send(page, 'Summarize the board');
    const body = (await request).postDataJSON() as { context: { discovery: string; items: unknown[] } };
    expect(body.context.discovery).toBe('Retail customer experience, national survey');
    expect(body.context.items).toHaveLength(64);
    expect(await runFinished(page, finished)).toBe('end_turn');
    await expect.poll(() => inChat(page).getByText(/64 items/).count()).toBeGreaterThan(0);
    await expect.poll(() => inChat(page).getByText(/summarized/).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Delete F-99" answers at once that F-99 does not exist: no card, no word of confirmation, no F-99 reference (#20)', async () => {
    const { context, page, errors } = await visit();
    await page.getByRole('button', { name: 'Load the sample discovery' }).click();
    await boardItem(page, 'F-1').waitFor();

    const finished = await runsSoFar(page);
    await send(page, 'Delete F-99');
    // One run, to its end: a confirmation card would have stopped it at awaiting_input first.
    expect(await runFinished(page, finished)).toBe('end_turn');
    await expect.poll(() => inChat(page).getByText(/F-99 does not exist/).count()).toBeGreaterThan(0);

    // What the agent did, as the server stored it: the call first, with no words before it; the tool checked the
    // board and answered with an error, without asking the analyst; then the answer.
    const turns = await storedTurns(page);
    const reply = turns.slice(turns.findIndex((turn) => turn.type === 'user' && turn.text === 'Delete F-99') + 1);
    expect(reply.map((turn) => turn.type)).toEqual(['tool_call', 'tool_result', 'assistant_text']);
    const result = reply[1]!;
    expect(result.type === 'tool_result' && { isError: result.isError, confirmation: result.confirmation }).toEqual({ isError: true, confirmation: undefined });
    expect(JSON.stringify(result.type === 'tool_result' && result.output)).toContain('F-99 does not exist');
    const answer = reply[2]!.type === 'assistant_text' ? reply[2]!.text : '';
    expect(answer).toMatch(/^F-99 does not exist/);
    expect(answer).not.toMatch(/confirm/i);
    expect(answer).not.toContain('[F-99]');
    // On screen: no card, one step that says what was tried, and F-99 drawn as text, never as a reference chip; the
    // items that exist are.
    expect(await page.locator('agent-chat [part~="card"]').count()).toBe(0);
    // The step is drawn by the cards chunk, loaded when first needed: the run's end does not wait for it.
    const chip = page.locator('agent-chat [part~="tool-chip"]');
    await expect.poll(() => chip.count()).toBe(1);
    const step = (await chip.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(step[0]).toMatch(/^✗ Delete F-99/);
    expect(await page.locator('agent-chat [part~="reference"][data-reference="F-99"]').count()).toBe(0);
    await expect.poll(() => page.locator('agent-chat [part~="reference"][data-reference="F-2"]').count()).toBeGreaterThan(0);
    expect(await page.locator('#board .item').count()).toBe(11);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the header keeps its controls apart on a 390 px phone (and wider) (#20)', async () => {
    const { context, page, errors } = await visit({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Load the sample discovery' }).click();
    await boardItem(page, 'F-1').waitFor();
    await expect.poll(() => page.locator('#model').textContent()).toMatch(/demo model/i);
    for (const width of [390, 800, 1024, 1400]) {
      await page.setViewportSize({ width, height: 844 });
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.topbar .brand, .topbar input, #item-count, .topbar nav button, #model')]
          .filter((element) => element.offsetParent !== null)
          .map((element) => {
            const { left, top, right, bottom } = element.getBoundingClientRect();
            return { name: element.id || element.textContent!.trim() || element.className, left, top, right, bottom };
          }),
      );
      expect(boxes.length, `${width} px`).toBe(10);
      for (const box of boxes) expect(box.right, `${box.name} at ${width} px`).toBeLessThanOrEqual(width);
      for (const [i, a] of boxes.entries()) {
        for (const b of boxes.slice(i + 1)) {
          const overlap = Math.min(a.right, b.right) > Math.max(a.left, b.left) && Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top);
          expect(overlap, `${a.name} and ${b.name} overlap at ${width} px`).toBe(false);
        }
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('proactive suggestions follow each change to the board, the analyst\'s or a confirmed card\'s, with one adapter (#20)', async () => {
    const { context, page, errors } = await visit();
    await page.getByRole('button', { name: 'Load the sample discovery' }).click();
    await boardItem(page, 'F-1').waitFor();
    await openChat(page);
    await expect.poll(() => chips(page)).toEqual(['Any gaps?', 'Summarize the board']);
    await page.evaluate(() => ((window as unknown as { adapterAtStart: unknown }).adapterAtStart = document.querySelector('agent-chat')!.adapter));

    // Before any change, the board's general questions: the gap analysis (FS-AskForGapAnalysis).
    const gaps = await runsSoFar(page);
    await page.locator('agent-chat [part~="quick-action"]', { hasText: 'Any gaps?' }).click();
    expect(await runFinished(page, gaps)).toBe('end_turn');
    await expect.poll(() => inChat(page).getByText(/Gaps I see/).count()).toBeGreaterThan(0);
    await expect.poll(() => chips(page)).toEqual(['Summarize the board']);

    // The analyst adds a fact on the board itself: it rests on nothing and nothing builds on it, and the chat says so.
    const factInput = page.locator('#board .column[data-column="fact"] form.add input');
    await factInput.fill('Mid-market customers cite price as the main reason to leave.');
    await factInput.press('Enter');
    await boardItem(page, 'F-4').waitFor();
    await expect.poll(() => chips(page)).toEqual(['Suggest connections for F-4', 'Any gaps?', 'Summarize the board']);

    // The chip asks Factly, which reads the item and proposes what it could rest on and support.
    const asked = await runsSoFar(page);
    await page.locator('agent-chat [part~="quick-action"]', { hasText: 'Suggest connections for F-4' }).click();
    expect(await runFinished(page, asked)).toBe('end_turn');
    await expect.poll(() => inChat(page).getByText(/Nothing builds on it yet/).count()).toBeGreaterThan(0);
    for (const id of ['I-1', 'N-1']) await expect.poll(() => page.locator(`agent-chat [part~="reference"][data-reference="${id}"]`).count()).toBeGreaterThan(0);
    // Answered, it is not offered again until the board changes.
    await expect.poll(() => chips(page)).toEqual(['Any gaps?', 'Summarize the board']);

    // A change the agent made, once confirmed: deleting F-2 leaves N-2 resting on nothing.
    const proposed = await runsSoFar(page);
    await send(page, 'Delete F-2');
    expect(await runFinished(page, proposed)).toBe('awaiting_input');
    const applied = await runsSoFar(page);
    await page.locator('agent-chat [part~="card-confirm"]').click();
    expect(await runFinished(page, applied)).toBe('end_turn');
    await expect.poll(() => page.locator('#board .item').count()).toBe(11);
    await expect.poll(() => chips(page)).toEqual(['Suggest connections for N-2', 'Any gaps?', 'Summarize the board']);

    // The chips followed the board through el.contextChanged(): the page never handed the element a new adapter.
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.adapter === (window as unknown as { adapterAtStart: unknown }).adapterAtStart)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an edit card says Apply, takes a modified text, marks what rests on the item for review, and the chat asks whether it still holds', async () => {
    const { context, page, errors } = await visit();
    await page.getByRole('button', { name: 'Load the sample discovery' }).click();
    await boardItem(page, 'F-1').waitFor();

    const proposed = await runsSoFar(page);
    await send(page, 'Edit F-1 to say 9 of 12 churned customers named the June price increase as a reason to leave.');
    expect(await runFinished(page, proposed)).toBe('awaiting_input');
    // Seed 003's EditItemCard: before and after, what it marks for review, and "Apply".
    const apply = page.locator('agent-chat [part~="card-confirm"]');
    expect((await apply.textContent())?.trim()).toBe('Apply');
    await expect.poll(() => inChat(page).getByText(/will be marked for review/).count()).toBe(3);

    await page.locator('agent-chat [part~="card-edit"]').click();
    const field = await textboxWithValue(page, '9 of 12 churned customers');
    await field.fill('9 of 12 churned customers named the June price increase.');
    const applied = await runsSoFar(page);
    await apply.click();
    expect(await runFinished(page, applied)).toBe('end_turn');

    await expect.poll(() => boardItem(page, 'F-1').locator('.item-text').textContent()).toBe('9 of 12 churned customers named the June price increase.');
    for (const id of ['N-1', 'R-1', 'O-1']) expect(await boardItem(page, id).getAttribute('class')).toContain('stale');
    // The proactive suggestion after the edit: does the insight on it still hold?
    await expect.poll(() => chips(page)).toEqual(['Does N-1 still hold?', 'Any gaps?', 'Summarize the board']);
    const asked = await runsSoFar(page);
    await page.locator('agent-chat [part~="quick-action"]', { hasText: 'Does N-1 still hold?' }).click();
    expect(await runFinished(page, asked)).toBe('end_turn');
    await expect.poll(() => inChat(page).getByText(/click Keep on its card/).count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('agent-chat [part~="reference"][data-reference="F-3"]').count()).toBeGreaterThan(0);

    // The analyst keeps it: no longer marked.
    await boardItem(page, 'N-1').locator('.keep').click();
    await expect.poll(() => boardItem(page, 'N-1').getAttribute('class')).not.toContain('stale');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the board and the chat over a reload and in an export; New discovery clears both; Import brings them back', async () => {
    const { context, page, errors } = await visit();
    await page.getByRole('button', { name: 'Load the sample discovery' }).click();
    await boardItem(page, 'R-1').waitFor();
    const finished = await runsSoFar(page);
    await send(page, 'What supports R-1?');
    expect(await runFinished(page, finished)).toBe('end_turn');
    await expect.poll(async () => (await savedDiscovery(page))?.chat.turns.length ?? 0).toBeGreaterThan(2);

    await page.reload();
    await boardItem(page, 'R-1').waitFor();
    await openChat(page);
    await expect.poll(() => inChat(page).getByText('What supports R-1?').count()).toBeGreaterThan(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(await readFile(file, 'utf8')) as Discovery;
    expect(exported.items).toHaveLength(11);
    expect(exported.chat.turns.some((turn) => turn.type === 'user' && turn.text === 'What supports R-1?')).toBe(true);

    const oldSession = exported.chat.sessionId;
    await page.getByRole('button', { name: 'New discovery' }).click();
    await expect.poll(() => page.locator('#board .item').count()).toBe(0);
    await expect.poll(() => inChat(page).getByText('What supports R-1?').count()).toBe(0);
    const fresh = await savedDiscovery(page);
    expect(fresh?.chat.turns).toEqual([]);
    expect(fresh?.chat.sessionId).not.toBe(oldSession);
    // The old conversation is not kept on the server: its history is empty, as for one that never was.
    const old = await fetch(`${server.url}/discovery/api/agent/sessions/${oldSession}`);
    expect(((await old.json()) as SessionResponse).turns).toEqual([]);

    await page.locator('#import-file').setInputFiles(file);
    await boardItem(page, 'R-1').waitFor();
    await openChat(page);
    await expect.poll(() => inChat(page).getByText('What supports R-1?').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The card's editable field holding this text (the element's edit form), whatever kind of text box it is. */
async function textboxWithValue(page: Page, value: string) {
  const boxes = inChat(page).locator('textarea, input[type="text"], input:not([type])');
  await expect.poll(async () => {
    for (const box of await boxes.all()) if ((await box.inputValue()).includes(value)) return true;
    return false;
  }).toBe(true);
  for (const box of await boxes.all()) if ((await box.inputValue()).includes(value)) return box;
  throw new Error(`no text box holds "${value}"`);
}
