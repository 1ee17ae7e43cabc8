import type { SessionResponse, Turn } from '@agent-chat/protocol';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';

// Issue #21, point 2, in the study example: a learner attaches what they study from elsewhere (a photo of a textbook
// page, their typed notes) with the paperclip; the files are uploaded to the example's server, kept on its disk, the
// offline demo model answers about them, and the message shows them, also after a reload.

let server: DemoServer;
let browser: Browser;
useDemoAndBrowser((started) => ({ server, browser } = started));

// A 1×1 PNG: the server checks an image's bytes against its declared type, so it must be a real one.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const NOTES = Buffer.from('Mitosis: prophase, metaphase, anaphase, telophase. The spindle pulls the chromatids apart in anaphase.\n');

async function openStudy(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/study/`);
  await page.locator('#deck .card').first().waitFor();
  return { page, errors };
}

async function storedTurns(page: Page): Promise<Turn[]> {
  const sessionId = await page.evaluate(() => (document.querySelector('agent-chat') as HTMLElement & { sessionId: string }).sessionId);
  const session = (await (await fetch(`${server.url}/study/api/agent/sessions/${sessionId}`)).json()) as SessionResponse;
  return session.turns;
}

/** The names of the files shown under the sent user messages. */
const sentFileNames = (page: Page) => page.locator('agent-chat agent-chat-files .name').allTextContents();

const reply = (page: Page, text: string | RegExp) => page.locator('agent-chat').getByText(text).filter({ visible: true });

describe('examples/study: files from the learner (issue #21, point 2)', () => {
  it('a photo and notes attached with the paperclip are uploaded, acknowledged by the demo model, and shown on the message after a reload', async () => {
    const { page, errors } = await openStudy();
    // The paperclip shows once the element has asked the server what it takes (GET /uploads).
    const picker = page.locator('agent-chat agent-chat-file-picker');
    await picker.locator('button').waitFor();
    expect((await picker.locator('input[type="file"]').getAttribute('accept'))?.split(',')).toEqual(
      expect.arrayContaining(['image/png', 'application/pdf', 'text/plain']),
    );
    await picker.locator('input[type="file"]').setInputFiles([
      { name: 'cell-cycle.png', mimeType: 'image/png', buffer: PNG },
      { name: 'mitosis-notes.txt', mimeType: 'text/plain', buffer: NOTES },
    ]);
    const chips = page.locator('agent-chat agent-chat-file-chips li');
    await expect.poll(() => chips.count()).toBe(2);
    await expect.poll(() => page.locator('agent-chat agent-chat-file-chips li[data-uploading], agent-chat agent-chat-file-chips li[data-error]').count()).toBe(0);

    const input = page.locator('agent-chat textarea');
    await input.fill('Summarize this');
    await input.press('Enter');

    // The scripted model names the files; the study demo model says what it (and Claude) does with them here.
    await reply(page, 'I see 1 image: cell-cycle.png and 1 file: mitosis-notes.txt.').waitFor({ timeout: 15_000 });
    await reply(page, /I'm the offline demo model, so I know their names/).waitFor();
    const chipsOffered = page.locator('agent-chat [part~="answer-suggestion"]');
    await expect.poll(() => chipsOffered.allTextContents().then((labels) => labels.map((label) => label.trim()))).toEqual([
      'Search the library for cell cycle',
      'Search the library for mitosis',
      'Make flashcards from this page',
      'Quiz me',
    ]);
    expect(await sentFileNames(page)).toEqual(['cell-cycle.png', 'mitosis-notes.txt']);
    // The composer's chips went with the message.
    expect(await chips.count()).toBe(0);

    // What the server kept: the user turn names both uploads by id, and their bytes are on the example's disk.
    const turns = await storedTurns(page);
    const user = turns.find((turn) => turn.type === 'user');
    const uploads = user?.type === 'user' ? (user.attachments ?? []) : [];
    expect(uploads.map((upload) => ({ name: 'name' in upload ? upload.name : undefined, mediaType: 'mediaType' in upload ? upload.mediaType : undefined }))).toEqual([
      { name: 'cell-cycle.png', mediaType: 'image/png' },
      { name: 'mitosis-notes.txt', mediaType: 'text/plain' },
    ]);
    const ids = uploads.map((upload) => ('uploadId' in upload ? upload.uploadId : ''));
    const onDisk = await readdir(join(server.dataDir, 'study', 'uploads'));
    for (const id of ids) expect(onDisk).toEqual(expect.arrayContaining([`${id}.bin`, `${id}.json`]));

    // After a reload the conversation comes back from the server with the files under the message, the photo as
    // a thumbnail read back from GET /uploads/:id.
    await page.reload();
    await page.locator('#deck .card').first().waitFor();
    await reply(page, 'I see 1 image: cell-cycle.png and 1 file: mitosis-notes.txt.').waitFor({ timeout: 15_000 });
    await expect.poll(() => sentFileNames(page)).toEqual(['cell-cycle.png', 'mitosis-notes.txt']);
    const thumbnail = page.locator('agent-chat agent-chat-files img');
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a suggestion from a file name searches the library on it', async () => {
    const { page, errors } = await openStudy();
    const picker = page.locator('agent-chat agent-chat-file-picker');
    await picker.locator('button').waitFor();
    await picker.locator('input[type="file"]').setInputFiles([{ name: 'photosynthesis_page 2.png', mimeType: 'image/png', buffer: PNG }]);
    await expect.poll(() => page.locator('agent-chat agent-chat-file-chips li:not([data-uploading])').count()).toBe(1);
    const input = page.locator('agent-chat textarea');
    await input.fill('Summarize this');
    await input.press('Enter');
    await reply(page, 'I see 1 image: photosynthesis_page 2.png.').waitFor({ timeout: 15_000 });
    await reply(page, /Thanks, a photo of a page to work from/).waitFor();

    const search = page.locator('agent-chat [part~="answer-suggestion"]', { hasText: 'Search the library for photosynthesis' });
    await search.click();
    await expect
      .poll(async () => (await storedTurns(page)).flatMap((turn) => (turn.type === 'tool_call' && turn.name === 'searchLibrary' ? [turn.input] : [])), { timeout: 15_000 })
      .toEqual([expect.objectContaining({ query: 'photosynthesis' })]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
