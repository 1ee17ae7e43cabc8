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
    language: string;
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

    // The agent's steps, with the tools' human labels (drawn by the cards chunk, which the run's end does not wait for).
    for (const label of ['Reading slide 1', 'Reading slide 2', 'Rewriting slide 2']) {
      await expect.poll(() => page.locator('agent-chat').getByText(label).count(), { message: label }).toBeGreaterThan(0);
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

    // Navigate while the tool runs: the stage shows at once, and a page action of that stage runs too. "At once" is
    // counted in the slow step's slides (900 ms each, from its progress line), not in ms of a machine that may be busy:
    // within three of them (at a load average of 17 it took one), where a page waiting for the step would show the
    // stage only after all six.
    const slowStepAt = async () => {
      const slides = (await chat.getByText(/Rewriting slide \d of 6/).allTextContents()).map((text) => Number(/slide (\d)/.exec(text)![1]));
      return slides.length > 0 ? Math.max(...slides) : 7; // no progress line: past the last slide
    };
    const clickedAt = await slowStepAt();
    await page.locator('.stage[data-stage="3"]').click();
    await expect.poll(() => page.locator('main h2').textContent()).toBe('3. Prompts');
    expect((await slowStepAt()) - clickedAt).toBeLessThanOrEqual(3);
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.running)).toBe(true);
    await page.locator('button[data-action="generate_prompts"]').click();
    await expect.poll(() => page.locator('main .prompt').first().textContent()).toContain('an illustration of');
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.running)).toBe(true);

    // Back on the slides while the agent is still working: its progress keeps arriving in the chat.
    // The next slide's line, counted from the one shown on leaving (not slide 5's: on a busy machine the step may be
    // past it by then); on its last slide already, what is left to come is the run's end, awaited below.
    const leftAt = await slowStepAt();
    await page.locator('.stage[data-stage="1"]').click();
    await expect.poll(() => currentStage(page)).toBe('1');
    await expect.poll(slowStepAt).toBeGreaterThan(Math.min(leftAt, 5));
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

describe('examples/slides: issue #20', () => {
  it('the settings modal sets the slides\' language, also while the agent runs (seed §3.7.4); the slide service and the agent use it, and Undo leaves it', async () => {
    const { page, carousel, errors } = await openEditor('settings');
    const dialog = page.locator('#settings');
    const finished = nextRunFinish(page);
    await type(page, 'regenerate all slides slowly');
    await page.locator('agent-chat').getByText('Rewriting slide 1 of 6').waitFor();

    // Escape cancels: nothing is saved.
    await page.locator('#open-settings').click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('select').inputValue()).toBe('en');
    await dialog.locator('select').selectOption('de');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect((await carouselOnServer(carousel)).language).toBe('en');

    // Saved while the slow step still runs: settings never wait for the chat.
    await page.locator('#open-settings').click();
    expect(await dialog.locator('select').inputValue()).toBe('en');
    await dialog.locator('select').selectOption('fr');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await carouselOnServer(carousel)).language).toBe('fr');
    expect(await page.evaluate(() => document.querySelector('agent-chat')!.running)).toBe(true);
    expect(await finished).toBe('end_turn');
    // The slow step's saves after each slide kept it.
    expect((await carouselOnServer(carousel)).language).toBe('fr');
    await expect.poll(() => page.locator('main .slides').getAttribute('lang')).toBe('fr');

    // The slide service writes its own words in the language; the agent reads it from the session.
    const before = await slideText(page, 4);
    let run = nextRunFinish(page);
    await type(page, 'make slide 4 a question');
    expect(await run).toBe('end_turn');
    await expect.poll(() => page.locator('main [data-slide="4"] .slide-title').textContent()).toMatch(/^Pourquoi .+ \?$/);
    run = nextRunFinish(page);
    await type(page, 'what language are the slides in?');
    expect(await run).toBe('end_turn');
    await expect.poll(() => page.locator('agent-chat').getByText('in French').count()).toBeGreaterThan(0);

    // Undo puts the slide back; the language, the user's setting, stays.
    await page.evaluate(() => document.querySelector('agent-chat')!.undo());
    await expect.poll(() => slideText(page, 4)).toBe(before);
    expect((await carouselOnServer(carousel)).language).toBe('fr');
    expect(errors).toEqual([]);
    await page.close();
  }, 40_000);

  it('no page of the demo server asks for an icon that is not there (the favicon 404)', async () => {
    for (const path of ['/', '/slides/?carousel=icon-check', '/persona/', '/discovery/', '/study/', '/script-tag/']) {
      const page = await browser.newPage();
      await page.goto(`${server.url}${path}`);
      // What the browser asks the server for: the page's declared icon, else /favicon.ico; a data: icon asks nothing.
      const icon = await page.evaluate(async () => {
        const href = document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? new URL('/favicon.ico', location.href).href;
        if (href.startsWith('data:')) return { href, status: 200, type: 'image/ (inline)' };
        const response = await fetch(href);
        return { href, status: response.status, type: response.headers.get('content-type') ?? '' };
      });
      expect(icon.status, `${path}: ${icon.href}`).toBe(200);
      expect(icon.type, `${path}: ${icon.href}`).toMatch(/^image\//);
      await page.close();
    }
  });

  it('on a 390 px phone the drawer\'s button does not cover slide 6', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/slides/?carousel=phone-${Date.now()}`);
    const slide6 = page.locator('main [data-slide="6"]');
    const launcher = page.locator('agent-chat [part="launcher"]');
    await slide6.waitFor();
    await launcher.waitFor();
    // Scrolled to the end, as one does to reach the last slide.
    await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    const slide = (await slide6.boundingBox())!;
    const button = (await launcher.boundingBox())!;
    expect(slide.y + slide.height).toBeLessThanOrEqual(844);
    const overlaps = slide.x < button.x + button.width && button.x < slide.x + slide.width && slide.y < button.y + button.height && button.y < slide.y + slide.height;
    expect(overlaps, `slide 6 ${JSON.stringify(slide)}, button ${JSON.stringify(button)}`).toBe(false);
    // What is at the slide's bottom right corner, the button's side, is the slide itself.
    const hit = await page.evaluate(() => {
      const card = document.querySelector('main [data-slide="6"]')!;
      const box = card.getBoundingClientRect();
      return card.contains(document.elementFromPoint(box.right - 4, box.bottom - 4));
    });
    expect(hit).toBe(true);
    await page.close();
  });

  it('slash commands are offered where they lead somewhere: no /back in stage 1, no /next or /regen in stage 5', async () => {
    const { page, carousel, errors } = await openEditor('available');
    const input = page.locator('agent-chat textarea');
    const offered = async () =>
      (await page.locator('agent-chat [role="option"]').allTextContents()).map((option) => /\/(\w+)/.exec(option)?.[1]).sort();
    await input.fill('/');
    await expect.poll(offered).toEqual(['next', 'regen', 'stage']);

    // Typed anyway, /back is answered at once, without the model, saying why and what is available.
    const finished = nextRunFinish(page);
    await input.fill('/back');
    await input.press('Escape');
    await input.press('Enter');
    expect(await finished).toBe('end_turn');
    await expect.poll(() => page.locator('agent-chat').getByText('There is no stage before stage 1 (Slides)').count()).toBeGreaterThan(0);
    const stored = (await (await fetch(`${server.url}/slides/api/agent/sessions/${carousel}`)).json()) as { turns: { type: string }[] };
    expect(stored.turns.map((turn) => turn.type)).toEqual(['user', 'assistant_text']);

    await page.locator('.stage[data-stage="5"]').click();
    await expect.poll(async () => (await carouselOnServer(carousel)).stage).toBe(5);
    await input.fill('');
    await input.fill('/');
    await expect.poll(offered).toEqual(['back', 'stage']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the demo model understands the issue\'s words, and answers what it does not with chips that run (issue #20)', async () => {
    const { page, errors } = await openEditor('chips');
    let finished = nextRunFinish(page);
    await type(page, 'what is the weather in Paris?');
    expect(await finished).toBe('end_turn');
    const card = page.locator('agent-chat [part="answer-card"]');
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('offline demo model');
    const chips = card.locator('[part="answer-suggestion"]');
    expect((await chips.allTextContents()).map((chip) => chip.trim())).toEqual([
      'Slide 2 repeats slide 1, fix it',
      'Shorten slide 3',
      'Make slide 4 a question',
      'What does slide 5 say?',
    ]);

    // A chip sends its request: slide 3 changes on the page.
    const before = await slideText(page, 3);
    finished = nextRunFinish(page);
    await chips.filter({ hasText: 'Shorten slide 3' }).click();
    expect(await finished).toBe('end_turn');
    await expect.poll(() => slideText(page, 3)).not.toBe(before);

    // "make it a question": the slide just talked about.
    finished = nextRunFinish(page);
    await type(page, 'make it a question');
    expect(await finished).toBe('end_turn');
    await expect.poll(() => page.locator('main [data-slide="3"] .slide-title').textContent()).toMatch(/\?$/);

    // With a slide selected on the page, "it" is that slide.
    await page.locator('main [data-slide="5"] .slide-title').click();
    const fifth = await slideText(page, 5);
    finished = nextRunFinish(page);
    await type(page, 'it sounds too stiff');
    expect(await finished).toBe('end_turn');
    await expect.poll(() => slideText(page, 5)).not.toBe(fifth);
    expect(errors).toEqual([]);
    await page.close();
  }, 30_000);
});
