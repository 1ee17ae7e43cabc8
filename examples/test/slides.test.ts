import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';
import { serveTestBundle } from './support/test-bundle.js';

let server: DemoServer;
let browser: Browser;
useDemoAndBrowser((started) => ({ server, browser } = started));

interface Opened {
  page: Page;
  carousel: string;
  errors: string[];
}

/** The editor on a carousel of its own (the sample, whose slide 2 repeats slide 1). */
async function openEditor(name: string): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await serveTestBundle(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const carousel = `${name}-${Date.now()}`;
  await page.goto(`${server.url}/slides/?carousel=${carousel}`);
  await page.locator('[data-slide="2"] .slide-title').waitFor();
  return { page, carousel, errors };
}

/** Resolves with the stop reason of the next reply, from the element's public event. */
function nextRunFinish(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.querySelector('agent-chat')!.addEventListener(
          'agent-chat-run-finish',
          (event) => resolve((event as CustomEvent<{ stopReason: string }>).detail.stopReason),
          { once: true },
        ),
      ),
  );
}

async function type(page: Page, text: string): Promise<void> {
  const input = page.locator('agent-chat textarea');
  await input.fill(text);
  await input.press('Enter');
}

const slideText = (page: Page, n: number) =>
  page.evaluate((slide) => {
    const card = document.querySelector(`main [data-slide="${slide}"]`);
    return `${card?.querySelector('.slide-title')?.textContent} | ${card?.querySelector('.slide-body')?.textContent}`;
  }, n);

const currentStage = (page: Page) => page.locator('.stage[aria-current="step"]').getAttribute('data-stage');

async function carouselOnServer(carousel: string) {
  return (await (await fetch(`${server.url}/slides/api/carousels/${carousel}`)).json()) as {
    stage: number;
    slides: { title: string; body: string; imagePrompt: string }[];
  };
}

describe('examples/slides: the Lucid carousel editor (seed 000)', () => {
  it('showcase: "slide 2 repeats slide 1, fix it" reads both slides, has slide 2 rewritten on the page, and Undo restores it', async () => {
    const { page, errors } = await openEditor('showcase');
    expect(await page.locator('#model-badge').textContent()).toBe('Demo model');
    const before = await slideText(page, 2);
    expect(before).toContain('Five habits for better meetings');

    const finished = nextRunFinish(page);
    await type(page, 'slide 2 repeats slide 1, fix it');
    expect(await finished).toBe('end_turn');

    // The agent's steps, with the tools' human labels.
    for (const label of ['Reading slide 1', 'Reading slide 2', 'Rewriting slide 2']) {
      expect(await page.locator('agent-chat').getByText(label).count(), label).toBeGreaterThan(0);
    }
    // Quick-action chips for the stage, from the page's adapter.
    expect(await page.locator('agent-chat').getByRole('button', { name: 'Fix repeated slide 2' }).count()).toBe(1);
    // The host page itself shows the new slide 2 (not only the chat), and slide 1 is untouched.
    await expect.poll(() => slideText(page, 2)).not.toBe(before);
    const after = await slideText(page, 2);
    expect(after).toContain('Keep cameras optional');
    expect(await slideText(page, 1)).toContain('Remote meetings waste time');

    // Undo: the element's button under the turn when it has one, else its public undo().
    const undoButton = page.locator('agent-chat').getByRole('button', { name: /^undo/i });
    if (await undoButton.count()) await undoButton.first().click();
    else await page.evaluate(() => document.querySelector('agent-chat')!.undo());
    await expect.poll(() => slideText(page, 2)).toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a slash command (/next, offered by autocomplete) moves the stage on the page without a model call', async () => {
    const { page, carousel, errors } = await openEditor('command');
    expect(await currentStage(page)).toBe('1');

    const input = page.locator('agent-chat textarea');
    await input.fill('/ne');
    await expect.poll(() => page.locator('agent-chat [role="option"]').filter({ hasText: '/next' }).count()).toBeGreaterThan(0);

    const finished = nextRunFinish(page);
    await input.fill('/next');
    await input.press('Escape');
    await input.press('Enter');
    expect(await finished).toBe('end_turn');
    await expect.poll(() => currentStage(page)).toBe('2');
    expect(await page.locator('main h2').textContent()).toBe('2. Style');
    expect((await carouselOnServer(carousel)).stage).toBe(2);

    // The command's turn in the stored conversation: the reply and nothing from a model (no thinking, no tools).
    const session = (await (await fetch(`${server.url}/slides/api/agent/sessions/${carousel}`)).json()) as {
      turns: { type: string; command?: string; text?: string }[];
    };
    const types = session.turns.map((turn) => turn.type);
    expect(types).toEqual(['user', 'assistant_text']);
    expect(session.turns[1]!.text).toContain('stage 2 (Style)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('stages stay usable while a slow agent step runs, and the chat keeps streaming (seed §3.7)', async () => {
    const { page, carousel, errors } = await openEditor('slow');
    const finished = nextRunFinish(page);
    await type(page, 'regenerate all slides slowly');
    const chat = page.locator('agent-chat');
    await chat.getByText('Rewriting slide 1 of 6').waitFor();

    // Navigate while the tool runs: the stage shows at once, and a page action of that stage runs too.
    const clicked = Date.now();
    await page.locator('.stage[data-stage="3"]').click();
    await expect.poll(() => page.locator('main h2').textContent(), { timeout: 1000 }).toBe('3. Prompts');
    expect(Date.now() - clicked).toBeLessThan(1500);
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.running)).toBe(true);
    await page.locator('button[data-action="generate_prompts"]').click();
    await expect.poll(() => page.locator('main .prompt').first().textContent()).toContain('an illustration of');
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.running)).toBe(true);

    // Back on the slides while the agent is still working: its progress keeps arriving in the chat.
    await page.locator('.stage[data-stage="1"]').click();
    await expect.poll(() => currentStage(page)).toBe('1');
    await chat.getByText('Rewriting slide 5 of 6').waitFor();
    expect(await finished).toBe('end_turn');
    await expect.poll(() => chat.getByText('All 6 slides regenerated').count()).toBeGreaterThan(0);

    // The page shows what the slow step wrote, and the navigation in between was kept.
    const saved = await carouselOnServer(carousel);
    expect(saved.stage).toBe(1);
    await expect.poll(() => slideText(page, 1)).toBe(`${saved.slides[0]!.title} | ${saved.slides[0]!.body}`);
    expect(saved.slides.every((slide) => slide.imagePrompt.includes('an illustration of'))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 40_000);

  it('the page follows the agent from events, not polling, and the chips follow the stage with one adapter (issue #20, point 6)', async () => {
    const { page, carousel, errors } = await openEditor('follow');
    const chips = async () => (await page.locator('agent-chat [part="quick-action"]').allTextContents()).map((label) => label.trim());
    await expect.poll(chips).toContain('Fix repeated slide 2');
    await page.evaluate(() => ((window as unknown as { firstAdapter: unknown }).firstAdapter = document.querySelector('agent-chat')!.adapter));
    const sameAdapter = () =>
      page.evaluate(() => document.querySelector('agent-chat')!.adapter === (window as unknown as { firstAdapter: unknown }).firstAdapter);

    // A stage picked on the page: its chips, asked again by the element (the page calls contextChanged()).
    await page.locator('.stage[data-stage="2"]').click();
    await expect.poll(chips).toEqual(['Propose styles', 'Pick style 1', 'Next stage']);
    // Back, and a slide selected: the chips follow it too.
    await page.locator('.stage[data-stage="1"]').click();
    await expect.poll(chips).toContain('Punchier slide 3');
    await page.locator('main [data-slide="4"] .slide-title').click();
    await expect.poll(chips).toContain('Punchier slide 4');
    expect(await sameAdapter()).toBe(true);

    // The slow step: the page hears the carousel after each slide from the stream and draws it while the run goes on.
    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === `/slides/api/carousels/${carousel}`) reads.push(request.url());
    });
    // The states a tool sent part-way (the element's event names the call).
    await page.evaluate(() => {
      const counter = window as unknown as { toolStates: number };
      counter.toolStates = 0;
      document.querySelector('agent-chat')!.addEventListener('agent-chat-state-change', (event) => {
        if (event.detail.toolCallId) counter.toolStates += 1;
      });
    });
    const before = await slideText(page, 1);
    const finished = nextRunFinish(page);
    await type(page, 'regenerate all slides slowly');
    const chat = page.locator('agent-chat');
    // The progress is on the running step, in place of "running".
    await chat.locator('[part="tool-chip"]').getByText('Rewriting slide 2 of 6…').waitFor();
    await expect.poll(() => slideText(page, 1)).not.toBe(before);
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.running)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { toolStates: number }).toolStates)).toBeGreaterThan(0);
    // Drawn from the events: the page read the carousel not once while the run went on.
    expect(reads).toEqual([]);
    expect(await finished).toBe('end_turn');
    expect(await page.evaluate(() => (window as unknown as { toolStates: number }).toolStates)).toBe(6);
    const saved = await carouselOnServer(carousel);
    await expect.poll(() => slideText(page, 6)).toBe(`${saved.slides[5]!.title} | ${saved.slides[5]!.body}`);
    expect(await sameAdapter()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  }, 40_000);

  it('Stop ends the slow step after the slide in progress; what it did stays until Undo (seed §3.4)', async () => {
    const { page, carousel, errors } = await openEditor('stop');
    const original = await carouselOnServer(carousel);
    const finished = nextRunFinish(page);
    await type(page, 'regenerate all slides slowly');
    await page.locator('agent-chat').getByText('Rewriting slide 2 of 6').waitFor();
    await page.locator('agent-chat').getByRole('button', { name: 'Stop' }).click();
    expect(await finished).toBe('cancelled');

    const stopped = await carouselOnServer(carousel);
    const changed = stopped.slides.filter((slide, i) => slide.title !== original.slides[i]!.title || slide.body !== original.slides[i]!.body);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(6);
    expect(stopped.slides[5]).toEqual(original.slides[5]);
    await expect.poll(() => slideText(page, 1)).toBe(`${stopped.slides[0]!.title} | ${stopped.slides[0]!.body}`);

    await page.evaluate(() => document.querySelector('agent-chat')!.undo());
    await expect.poll(() => slideText(page, 1)).toBe(`${original.slides[0]!.title} | ${original.slides[0]!.body}`);
    expect((await carouselOnServer(carousel)).slides).toEqual(original.slides);
    expect(errors).toEqual([]);
    await page.close();
  });
});

/** One message to the example's agent over HTTP: the stream's events, without the text and thinking deltas. */
async function sendOverHttp(carousel: string, text: string) {
  const response = await fetch(`${server.url}/slides/api/agent/sessions/${carousel}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  const events = (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown> & { type: string });
  const said = events.filter((event) => event.type === 'text_delta').map((event) => event.text).join('');
  return { events: events.filter((event) => !event.type.endsWith('_delta')), said };
}

describe('examples/slides: the stage table and the demo model over HTTP', () => {
  it('a question is answered with read tools only: nothing to undo', async () => {
    const carousel = `question-${Date.now()}`;
    const { events, said } = await sendOverHttp(carousel, 'what does slide 4 say?');
    expect(events.filter((event) => event.type === 'tool_call').map((event) => event.name)).toEqual(['get_slide']);
    expect(events.at(-1)).toMatchObject({ type: 'done', stopReason: 'end_turn', hasWrites: false, undoable: false });
    expect(said).toContain('Lead with the decision');
    const undo = await fetch(`${server.url}/slides/api/agent/sessions/${carousel}/undo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(undo.status).toBe(404);
  });

  it("a write tool of another stage is not offered: the agent is told what is, and says where it belongs", async () => {
    const carousel = `wrong-stage-${Date.now()}`;
    const before = await carouselOnServer(carousel);
    const { events, said } = await sendOverHttp(carousel, 'generate images');
    const refused = events.find((event) => event.type === 'tool_result' && event.name === 'generate_images');
    expect(refused).toMatchObject({ isError: true });
    expect(String(refused!.output)).toContain('regenerate_slide');
    expect(said).toContain('stage 4 (Images)');
    expect(await carouselOnServer(carousel)).toEqual(before);
  });

  it('slash commands run the stage services without the model, within the stage table', async () => {
    const carousel = `commands-${Date.now()}`;
    const before = await carouselOnServer(carousel);
    const regen = await sendOverHttp(carousel, '/regen slide 2');
    expect(regen.events.map((event) => event.type)).toEqual(['run_started', 'state', 'done']);
    expect((await carouselOnServer(carousel)).slides[1]).not.toEqual(before.slides[1]);

    const refused = await sendOverHttp(carousel, '/regen image 1');
    expect(refused.events.find((event) => event.type === 'error')?.message).toContain('belongs to stage 4 (Images)');

    const tools = (await (await fetch(`${server.url}/slides/api/agent/tools`)).json()) as { commands: { name: string }[] };
    expect(tools.commands.map((command) => command.name)).toEqual(['next', 'back', 'stage', 'regen']);
  });
});
