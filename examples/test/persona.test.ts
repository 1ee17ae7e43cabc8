import { FAKE_ANTHROPIC_API_KEY, readAgentEvents, startFakeAnthropic, type ReceivedEvent } from '@agent-chat/server/testing';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { personaExample } from '../persona/example.js';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';
import { serveTestBundle } from './support/test-bundle.js';

let server: DemoServer;
let browser: Browser;
useDemoAndBrowser((started) => ({ server, browser } = started));

/** Open the editor on one persona, failing the test on any script error of the page. */
async function openEditor(personaId: string, viewport = { width: 1280, height: 720 }): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport });
  await serveTestBundle(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${server.url}/persona/?persona=${personaId}`);
  await expect.poll(() => page.locator('#persona-name').inputValue()).not.toBe('');
  return { page, errors };
}

/** Type a message into the element as a user does; resolves with the run's stop reason. */
async function chat(page: Page, text: string): Promise<string> {
  // Fail with a reason rather than the test's timeout: a stale element bundle is the usual cause.
  const finished = page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        setTimeout(() => reject(new Error('no agent-chat-run-finish within 10 s (is the element bundle current? npm run build)')), 10_000);
        document.querySelector('agent-chat')!.addEventListener(
          'agent-chat-run-finish',
          (event) => resolve((event as CustomEvent<{ stopReason: string }>).detail.stopReason),
          { once: true },
        );
      }),
  );
  const input = page.locator('agent-chat textarea');
  await input.fill(text);
  await input.press('Enter');
  return finished;
}

/** The texts of the turns the element holds (its public `turns`): what it shows, whatever the panel's state. */
const chatTexts = (page: Page) =>
  page.evaluate(() =>
    document.querySelector('agent-chat')!.turns.map((turn) => ('text' in turn ? turn.text : turn.type === 'tool_result' ? String(turn.output) : '')),
  );

/** The stored conversation of a persona; a cleared (or never started) one is empty. */
const session = async (personaId: string): Promise<{ turns: unknown[] }> => {
  const response = await fetch(`${server.url}/persona/api/agent/sessions/persona-${personaId}`);
  expect(response.status).toBe(200);
  return response.json();
};

describe('examples/persona: the persona editor of seed 002', () => {
  it('showcase: "Change the name to Super Optimist" renames the persona in the editor, and both survive a reload', async () => {
    const { page, errors } = await openEditor('optimist');
    expect(await page.locator('#persona-name').inputValue()).toBe('Optimist');
    expect(await page.locator('#model-badge').textContent()).toContain('Demo model');
    expect(await page.locator('agent-chat').getAttribute('session')).toBe('persona-optimist');

    expect(await chat(page, 'Change the name to Super Optimist')).toBe('end_turn');

    // The host page's own state, not the chat: the editor's field, the picker and the app's API.
    await expect.poll(() => page.locator('#persona-name').inputValue()).toBe('Super Optimist');
    expect(await page.locator('#persona-picker option:checked').textContent()).toBe('Super Optimist');
    const stored = await (await fetch(`${server.url}/persona/api/personas/optimist`)).json();
    expect(stored.name).toBe('Super Optimist');
    await expect.poll(() => page.getByText('Renaming to “Super Optimist”').count()).toBeGreaterThan(0);

    await page.reload();
    await expect.poll(() => page.locator('#persona-name').inputValue()).toBe('Super Optimist');
    // The persona's conversation comes back with the page.
    await expect.poll(() => chatTexts(page)).toContain('Change the name to Super Optimist');
    expect((await chatTexts(page)).some((text) => text.includes('now called **Super Optimist**'))).toBe(true);
    // The ephemeral panel starts hidden after a reload; "Show output" brings the conversation back into view.
    await page.locator('agent-chat [part="show-output"]').click();
    await expect.poll(() => page.getByText('Done: the persona is now called').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('"Show output" neither moves nor squeezes the composer, at 1280 px and on a 390 px phone (issue #20, point 7)', async () => {
    const box = async (page: Page, selector: string) => {
      const found = await page.locator(selector).boundingBox();
      if (!found) throw new Error(`${selector} is not shown`);
      return found;
    };
    const composer = (page: Page) => box(page, 'agent-chat agent-chat-composer');
    const input = (page: Page) => box(page, 'agent-chat textarea');
    const showOutput = (page: Page) => page.locator('agent-chat [part="show-output"]');

    // 1280 px: the reply's output is shown (no button), then dismissed, which brings "Show output".
    const wide = await openEditor('optimist', { width: 1280, height: 720 });
    expect(await chat(wide.page, 'What test inputs do I have?')).toBe('end_turn');
    await expect.poll(() => showOutput(wide.page).count()).toBe(0);
    const [composerBefore, inputBefore] = [await composer(wide.page), await input(wide.page)];
    await wide.page.locator('agent-chat [part="dismiss-button"]').click();
    await showOutput(wide.page).waitFor();
    const [composerAfter, inputAfter] = [await composer(wide.page), await input(wide.page)];
    expect([composerAfter.x, composerAfter.width, inputAfter.x, inputAfter.width]).toEqual([composerBefore.x, composerBefore.width, inputBefore.x, inputBefore.width]);
    expect(composerAfter.width).toBe(1280);
    // The button is above the input bar, not beside the composer: nothing of the two overlaps.
    const button = await box(wide.page, 'agent-chat [part="show-output"]');
    expect(button.y + button.height).toBeLessThanOrEqual(composerAfter.y);
    expect(button.x).toBeGreaterThanOrEqual(0);

    // 390 px: reloaded with that conversation, the output starts hidden, with "Show output"; showing it changes nothing below.
    const phone = await openEditor('optimist', { width: 390, height: 844 });
    await showOutput(phone.page).waitFor();
    const [composerHidden, inputHidden] = [await composer(phone.page), await input(phone.page)];
    const phoneButton = await box(phone.page, 'agent-chat [part="show-output"]');
    expect(phoneButton.y + phoneButton.height).toBeLessThanOrEqual(composerHidden.y);
    expect(phoneButton.x + phoneButton.width).toBeLessThanOrEqual(390);
    await showOutput(phone.page).click();
    await expect.poll(() => showOutput(phone.page).count()).toBe(0);
    const [composerShown, inputShown] = [await composer(phone.page), await input(phone.page)];
    expect([composerHidden.x, composerHidden.width, inputHidden.x, inputHidden.width]).toEqual([composerShown.x, composerShown.width, inputShown.x, inputShown.width]);
    expect(composerHidden.width).toBe(390);
    expect(inputHidden.width).toBeGreaterThan(250);

    expect([...wide.errors, ...phone.errors]).toEqual([]);
    await wide.page.close();
    await phone.page.close();
  });

  it('Clear starts a fresh session: the history is gone after a reload, the persona is untouched', async () => {
    const { page, errors } = await openEditor('skeptic');
    expect(await chat(page, 'What test inputs do I have?')).toBe('end_turn');
    await expect.poll(() => chatTexts(page)).toContain('What test inputs do I have?');
    expect((await session('skeptic')).turns.length).toBeGreaterThan(0);

    await page.locator('#clear-chat').click();
    await page.locator('#confirm-clear').getByRole('button', { name: 'Clear conversation' }).click();
    await expect.poll(async () => (await session('skeptic')).turns.length).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator('#persona-name').inputValue()).toBe('Skeptic');
    await page.waitForFunction(() => document.querySelector('agent-chat')?.getAttribute('session') === 'persona-skeptic');
    expect(await chatTexts(page)).toEqual([]);
    expect(await page.getByText('What test inputs do I have?').count()).toBe(0);
    expect(await page.locator('#test-inputs li').count()).toBe(2);

    // The next message starts the new conversation.
    expect(await chat(page, "What is this persona's name?")).toBe('end_turn');
    expect((await session('skeptic')).turns[0]).toMatchObject({ type: 'user', text: "What is this persona's name?" });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a tool error (an unknown test input) reaches the agent as an error result, and its reply says so', async () => {
    const { page, errors } = await openEditor('tutor');
    expect(await page.locator('#test-inputs li').count()).toBe(1);

    expect(await chat(page, 'delete test input 999')).toBe('end_turn');

    const turns = (await session('tutor')).turns as { type: string; isError?: boolean; output?: unknown; text?: string }[];
    const result = turns.find((turn) => turn.type === 'tool_result');
    expect(result).toMatchObject({ isError: true });
    expect(String(result?.output)).toContain('no test input with id "999"');
    const reply = turns.findLast((turn) => turn.type === 'assistant_text');
    expect(reply?.text).toContain('I could not delete test input 999');
    expect(reply?.text).toContain('no test input with id "999"');
    await expect.poll(() => page.getByText('I could not delete test input 999').count()).toBeGreaterThan(0);
    // Nothing changed on the page.
    expect(await page.locator('#test-inputs li').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the editor's own controls save through the app's API, and the agent reads what they saved", async () => {
    const { page, errors } = await openEditor('tutor');
    await page.locator('#persona-name').fill('Socratic Tutor');
    await page.locator('#persona-name').press('Enter');
    await page.locator('#add-input input').fill('What is a prime number?');
    await page.locator('#add-input button').click();
    await expect.poll(() => page.locator('#test-inputs li').count()).toBe(2);
    const stored = await (await fetch(`${server.url}/persona/api/personas/tutor`)).json();
    expect(stored.name).toBe('Socratic Tutor');
    expect(stored.testInputIds).toHaveLength(2);

    expect(await chat(page, 'What test inputs do I have?')).toBe('end_turn');
    await expect.poll(() => chatTexts(page)).toContainEqual(expect.stringContaining('What is a prime number?'));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the README's milestone curl commands work as written against the demo server", async () => {
    const commands = await readmeCurlCommands();
    expect(commands.length).toBe(8);
    const answers: { command: Curl; status: number; events?: ReceivedEvent[]; json?: any }[] = [];
    for (const command of commands) {
      const response = await fetch(command.url.replace('http://localhost:8790', server.url), {
        method: command.method,
        headers: command.headers,
        ...(command.data === undefined ? {} : { body: command.data }),
      });
      const isStream = response.headers.get('content-type')?.includes('text/event-stream');
      answers.push({ command, status: response.status, ...(isStream ? { events: await readAgentEvents(response) } : { json: await response.json() }) });
    }
    // Every command answers 200, the last too: a cleared conversation reads as empty, as one that never was.
    for (const answer of answers) expect(answer.status, `${answer.command.method} ${answer.command.url}`).toBe(200);
    const [hello, read, rename, persona, error, history, cleared, afterClear] = answers;
    const types = (events: ReceivedEvent[] | undefined) => events?.map((e) => e.data.type) ?? [];
    const calls = (events: ReceivedEvent[] | undefined) => events?.flatMap((e) => (e.data.type === 'tool_call' ? [e.data.name] : [])) ?? [];

    // Milestone 1: streamed text, then done, no tools.
    expect(types(hello!.events)).toContain('text_delta');
    expect(types(hello!.events).at(-1)).toBe('done');
    expect(calls(hello!.events)).toEqual([]);
    // Milestone 2: get_persona, its result, then the prompt in the answer.
    expect(calls(read!.events)).toEqual(['get_persona']);
    expect(types(read!.events)).toEqual(expect.arrayContaining(['tool_call', 'tool_result', 'text_delta', 'done']));
    const readText = read!.events!.flatMap((e) => (e.data.type === 'text_delta' ? [e.data.text] : [])).join('');
    expect(readText).toContain('You are the Optimist');
    // Milestone 3: the write, and the persisted name.
    expect(calls(rename!.events)).toEqual(['update_persona_name']);
    expect(persona!.json.name).toBe('Super Optimist');
    // The error result and the reply that names it.
    expect(error!.events!.find((e) => e.data.type === 'tool_result')?.data).toMatchObject({ isError: true });
    // History, then clear.
    expect(history!.json.turns.filter((t: { type: string }) => t.type === 'user').length).toBeGreaterThanOrEqual(4);
    expect(cleared!.json).toEqual({ deleted: true });
    expect(afterClear!.json).toMatchObject({ turns: [], pending: [], running: false });
  });
});

/** A persona of its own, so a test's conversation is its alone. */
async function newPersona(name: string): Promise<string> {
  const response = await fetch(`${server.url}/persona/api/personas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, systemPrompt: 'You are calm. Answer in two sentences.' }),
  });
  return ((await response.json()) as { id: string }).id;
}

describe('examples/persona: issue #20', () => {
  it("Clear asks first: Cancel and Escape keep the conversation, the panel's Clear asks too, and only \"Clear conversation\" clears", async () => {
    const id = await newPersona('Careful Clearer');
    const { page, errors } = await openEditor(id);
    // The panel stays until the test is done with it, whatever the machine's speed.
    await page.evaluate(() => (document.querySelector('agent-chat')!.hideAfter = 600_000));
    expect(await chat(page, 'What test inputs do I have?')).toBe('end_turn');
    const stored = async () => (await session(id)).turns.length;
    const kept = await stored();
    expect(kept).toBeGreaterThan(0);
    const dialog = page.locator('#confirm-clear');

    await page.locator('#clear-chat').click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('Careful Clearer');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await stored()).toBe(kept);

    await page.locator('#clear-chat').click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await stored()).toBe(kept);
    expect(await chatTexts(page)).toContain('What test inputs do I have?');

    // The panel's header: the page's Clear, which asks; the element's own, which would not, is not shown.
    await page.evaluate(() => document.querySelector('agent-chat')!.open());
    await page.locator('agent-chat [part="title"]').click();
    expect(await page.locator('agent-chat [part="clear-button"]').isVisible()).toBe(false);
    await page.locator('agent-chat [data-clear-chat]').click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Clear conversation' }).click();
    await expect.poll(stored).toBe(0);
    await expect.poll(() => chatTexts(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('what the demo model does not understand gets what it can do, as chips; a chip sends its request', async () => {
    const id = await newPersona('Chip Tester');
    const { page, errors } = await openEditor(id);
    await page.evaluate(() => (document.querySelector('agent-chat')!.hideAfter = 600_000));
    expect(await chat(page, 'sing me a song')).toBe('end_turn');
    const card = page.locator('agent-chat [part="answer-card"]');
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain('offline demo model');
    const chips = card.locator('[part="answer-suggestion"]');
    expect((await chips.allTextContents()).map((text) => text.trim())).toEqual([
      "What is this persona's system prompt?",
      'What test inputs do I have?',
      'Add "Keep answers under 100 words." to the system prompt',
      'Add a test input: "What is 2+2?"',
    ]);

    const finished = page.evaluate(
      () => new Promise<string>((resolve) => document.querySelector('agent-chat')!.addEventListener('agent-chat-run-finish', (event) => resolve(event.detail.stopReason), { once: true })),
    );
    await chips.filter({ hasText: 'Add a test input' }).click();
    expect(await finished).toBe('end_turn');
    // The page's own editor shows the new test input.
    await expect.poll(() => page.locator('#test-inputs textarea').evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value))).toContain('What is 2+2?');
    expect(errors).toEqual([]);
    await page.close();
  });
});

function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

describe('examples/persona on Claude', () => {
  it('with ANTHROPIC_API_KEY set, Claude gets the seed system prompt for the persona and the eight tools (and suggest_requests)', async () => {
    const fake = await startFakeAnthropic({
      replies: [
        { content: [{ type: 'tool_use', id: 'toolu_1', name: 'update_persona_name', input: { name: 'Super Optimist' } }] },
        { content: [{ type: 'text', text: 'Renamed to Super Optimist.' }] },
      ],
    });
    const dataDir = await mkdtemp(join(tmpdir(), 'persona-claude-'));
    const saved = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };
    process.env.ANTHROPIC_API_KEY = FAKE_ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_BASE_URL = fake.baseURL;
    try {
      const app = personaExample.create({ dataDir });
      expect(await (await app.request('/api/info')).json()).toMatchObject({ demo: false });
      const response = await app.request('/api/agent/sessions/persona-optimist/messages', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Change the name to Super Optimist' }),
      });
      const events = await readAgentEvents(response);
      expect(events.at(-1)?.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });

      const first = fake.requests[0] as { system: unknown; tools: { name: string }[] };
      expect(JSON.stringify(first.system)).toContain('You are an AI assistant helping to edit a persona');
      expect(JSON.stringify(first.system)).toContain('ID: optimist');
      expect(JSON.stringify(first.system)).toContain('Name: Optimist');
      // The seed's eight tools, and the card of suggestions for when the request is unclear.
      expect(first.tools.map((tool) => tool.name).sort()).toEqual(
        ['create_test_input', 'delete_test_input', 'get_persona', 'get_test_input', 'list_test_inputs', 'suggest_requests', 'update_persona_name', 'update_system_prompt', 'update_test_input'],
      );
      // The prompt is read at every call: the second one already knows the new name.
      expect(JSON.stringify((fake.requests[1] as { system: unknown }).system)).toContain('Name: Super Optimist');
      expect((await (await app.request('/api/personas/optimist')).json()).name).toBe('Super Optimist');
    } finally {
      restoreEnv('ANTHROPIC_API_KEY', saved.key);
      restoreEnv('ANTHROPIC_BASE_URL', saved.url);
      await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

interface Curl {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: string | undefined;
}

/** The curl commands of the README's milestone block, parsed as a shell would read them (single quotes, `\` lines). */
async function readmeCurlCommands(): Promise<Curl[]> {
  const readme = await readFile(new URL('../persona/README.md', import.meta.url), 'utf8');
  const block = /## The seed's milestones, with curl[\s\S]*?```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const lines = block.replace(/\\\n\s*/g, ' ').split('\n').filter((line) => line.startsWith('curl '));
  return lines.map((line) => {
    const words = [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
    const curl: Curl = { method: 'GET', url: '', headers: {}, data: undefined };
    for (let i = 1; i < words.length; i++) {
      const word = words[i]!;
      if (word === '-X') curl.method = words[++i]!;
      else if (word === '-H') {
        const [name, ...value] = words[++i]!.split(':');
        curl.headers[name!.trim()] = value.join(':').trim();
      } else if (word === '-d') {
        curl.data = words[++i];
        if (curl.method === 'GET') curl.method = 'POST';
      } else if (word.startsWith('http')) curl.url = word;
      else if (word !== '-N') throw new Error(`README curl: unexpected "${word}" in: ${line}`);
    }
    return curl;
  });
}
