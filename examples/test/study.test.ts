import type { SessionResponse, Turn } from '@agent-chat/protocol';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';

let server: DemoServer;
let browser: Browser;
useDemoAndBrowser((started) => ({ server, browser } = started));

/** The study page, loaded, with a record of every run the element finished (a client tool pauses a run first). */
async function openStudy(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const finishes: string[] = [];
    (window as unknown as { finishes: string[] }).finishes = finishes;
    addEventListener('agent-chat-run-finish', (event) => finishes.push((event as CustomEvent<{ stopReason: string }>).detail.stopReason));
  });
  await page.goto(`${server.url}/study/`);
  await page.locator('#deck .card').first().waitFor();
  return { page, errors };
}

/** Wait until a run ends for good: not paused for the page's tools (those resume by themselves). */
async function runEnds(page: Page): Promise<string> {
  const handle = await page.waitForFunction(
    () => (window as unknown as { finishes: string[] }).finishes.find((reason) => reason !== 'awaiting_input'),
    undefined,
    { timeout: 15_000 },
  );
  return (await handle.jsonValue()) as string;
}

async function say(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await input.fill(text);
  await input.press('Enter');
}

async function storedTurns(page: Page): Promise<Turn[]> {
  const sessionId = await page.evaluate(() => (document.querySelector('agent-chat') as HTMLElement & { sessionId: string }).sessionId);
  const session = (await (await fetch(`${server.url}/study/api/agent/sessions/${sessionId}`)).json()) as SessionResponse;
  return session.turns;
}

async function learnerWorkspace(page: Page, documentId: string) {
  const learner = await page.evaluate(() => localStorage.getItem('study-example-learner'));
  return (await (await fetch(`${server.url}/study/api/learners/${learner}/workspaces/${documentId}`)).json()) as {
    notes: string;
    flashcards: { term: string }[];
  };
}

describe('examples/study from the demo server (offline demo model)', () => {
  it('showcase: "Make flashcards from this page" reads the page, says so, and the new cards are in the deck', async () => {
    const { page, errors } = await openStudy();
    expect(await page.locator('#model-badge').textContent()).toContain('Demo model');
    expect(await page.locator('#deck .card').count()).toBe(2);

    await say(page, 'Make flashcards from this page');
    expect(await runEnds(page)).toBe('end_turn');

    // The host page's own state: three new cards in the deck, from page 1 of The Cell Cycle.
    await expect.poll(() => page.locator('#deck .card .term').allTextContents()).toEqual(['Cell cycle', 'PMAT', 'Interphase', 'G1 phase', 'S phase']);
    // The status line from sendStatusMessage was shown in the chat.
    expect(await page.locator('agent-chat').getByText('Sure, let me turn page 1 into flashcards for you.').filter({ visible: true }).count()).toBeGreaterThan(0);
    // The page saved them before answering the agent: the server's copy agrees.
    expect((await learnerWorkspace(page, 'cell-cycle')).flashcards.map((card) => card.term)).toEqual(['Cell cycle', 'PMAT', 'Interphase', 'G1 phase', 'S phase']);

    const turns = await storedTurns(page);
    const calls = turns.flatMap((turn) => (turn.type === 'tool_call' ? [turn.name] : []));
    expect(calls).toEqual(['readPage', 'readFlashcards', 'sendStatusMessage', 'createFlashcard', 'createFlashcard', 'createFlashcard', 'final_answer']);
    expect(turns.filter((turn) => turn.type === 'tool_result' && turn.name === 'createFlashcard' && !turn.isError)).toHaveLength(3);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a wrong practice answer fires questionWrong and the agent explains the right one', async () => {
    const { page, errors } = await openStudy();
    await page.locator('#practice label', { hasText: 'Metaphase' }).click();
    await page.locator('#practice button[type="submit"]').click();
    expect(await runEnds(page)).toBe('end_turn');

    const turns = await storedTurns(page);
    const user = turns.find((turn) => turn.type === 'user');
    expect(user?.type === 'user' && user.trigger).toBe('questionWrong');
    const answer = turns.find((turn) => turn.type === 'tool_call' && turn.name === 'final_answer');
    expect(JSON.stringify(answer?.type === 'tool_call' && answer.input)).toContain('the answer is **Anaphase**, not Metaphase');
    // Shown as the answer card (not only inside a collapsed step).
    await expect.poll(() => page.locator('agent-chat').getByText(/the answer is\s+Anaphase/).filter({ visible: true }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a wrong answer while a reply streams is explained after it; one within the cooldown is not promised (#20, point 10)', async () => {
    const { page, errors } = await openStudy();
    await page.addScriptTag({
      content: `addEventListener('agent-chat-message-sent', (e) => (window.sent ??= []).push(e.detail.trigger ?? 'user'));`,
    });
    await say(page, 'Make flashcards from this page');
    await page.waitForFunction(() => (document.querySelector('agent-chat') as unknown as { running: boolean }).running);
    await page.locator('#practice label', { hasText: 'Metaphase' }).click();
    await page.locator('#practice button[type="submit"]').click();
    expect(await page.locator('#practice .feedback').textContent()).toBe('Not quite. The study agent will explain.');
    // Held while the reply streams (it was dropped before), sent when the chat is free, and answered.
    await page.waitForFunction(() => (window as unknown as { sent?: string[] }).sent?.join() === 'user,questionWrong', undefined, { timeout: 15_000 });
    await expect.poll(() => page.locator('agent-chat').getByText(/the answer is\s+Anaphase/).filter({ visible: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // Another wrong answer within the page's 30 s cooldown: dropped, and the page says so instead of promising.
    await page.locator('#practice .another').click();
    await page.locator('#practice label').first().click();
    await page.locator('#practice button[type="submit"]').click();
    expect(await page.locator('#practice .feedback').textContent()).toBe('Not quite. Try again, or ask the study agent about it.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('editNotes with a text that is not unique reaches the agent as an error, and its retry fixes the notes', async () => {
    const { page, errors } = await openStudy();
    await say(page, 'Fix my notes');
    expect(await runEnds(page)).toBe('end_turn');

    const turns = await storedTurns(page);
    const edits = turns.filter((turn) => turn.type === 'tool_result' && turn.name === 'editNotes');
    expect(edits.map((turn) => turn.type === 'tool_result' && turn.isError)).toEqual([true, false, false]);
    expect(JSON.stringify(edits[0]?.type === 'tool_result' && edits[0].output)).toContain('appears 2 times in the notes; it must be unique');

    await expect.poll(() => page.locator('#notes .notes-view').textContent()).toContain('Mitosis has four stages');
    expect(await page.locator('#notes .notes-view').textContent()).not.toContain('Mitossis');
    expect((await learnerWorkspace(page, 'cell-cycle')).notes).not.toContain('Mitossis');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a document dragged from the sidebar into the chat goes with the message as an attachment', async () => {
    const { page, errors } = await openStudy();
    // A real mouse drag from the sidebar onto the chat: the page's dragstart fills the DataTransfer, the chat reads it.
    await page.locator('[data-doc="photosynthesis"] .open').dragTo(page.locator('agent-chat textarea'));
    await expect.poll(() => page.locator('agent-chat').getByText('Photosynthesis').filter({ visible: true }).count()).toBeGreaterThan(0);
    await say(page, 'Summarize this');
    expect(await runEnds(page)).toBe('end_turn');

    const turns = await storedTurns(page);
    const user = turns.find((turn) => turn.type === 'user');
    expect(user?.type === 'user' && user.attachments?.map((a) => ({ id: a.id, type: a.type, title: a.title }))).toEqual([
      { id: 'photosynthesis', type: 'document', title: 'Photosynthesis' },
    ]);
    const reads = turns.filter((turn) => turn.type === 'tool_call' && turn.name === 'readDocument');
    expect(reads.map((turn) => turn.type === 'tool_call' && turn.input)).toEqual([{ documentId: 'photosynthesis' }]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
