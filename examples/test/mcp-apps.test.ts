import type { SessionResponse, Turn } from '@agent-chat/protocol';
import { anthropicModel, memoryStore } from '@agent-chat/server';
import { FAKE_ANTHROPIC_API_KEY, agentClient, serveApp, startFakeAnthropic, type FakeAnthropic, type FakeReply, type RecordedRequest, type RunningServer } from '@agent-chat/server/testing';
import type { Browser, Frame, FrameLocator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heardReply } from '../mcp-apps/server/demo-model.js';
import { mcpAppsAgent, type McpAppsAgent } from '../mcp-apps/server/mcp-apps-agent.js';
import { launchBrowser } from './support/browser.js';
import { startDemoServer, type DemoServer } from './support/demo-server.js';
import { mcpServerProcesses } from './support/mcp-server-processes.js';
import { serveTestBundle } from './support/test-bundle.js';

// Issue 36's acceptance, in Chromium against the official MCP Apps example servers from npm, over stdio: the demo
// server as `npm start` runs it (its sandbox on the second port), the /mcp-apps/ page, the element from its bundle,
// the offline demo model. The last point (what the model is offered) is read on the fake Messages API's requests.

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
/** What the basic server's view has in its textarea, sent by its Send Message button. */
const VIEW_MESSAGE = 'This is message text.';
/** How long a view may take to be drawn once its run ended. */
const DRAWN_MS = 20_000;

let server: DemoServer;
let browser: Browser;

interface Visit {
  page: Page;
  /** The data of every console.info the page's frames wrote, the view's included. */
  logged: unknown[][];
  errors: string[];
}

/** The /mcp-apps/ page in a fresh browser context (so a session of its own), recording finished runs and logs. */
async function visit(): Promise<Visit> {
  const page = await browser.newPage();
  await serveTestBundle(page);
  const logged: unknown[][] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'info') void Promise.all(message.args().map((arg) => arg.jsonValue().catch(() => undefined))).then((args) => logged.push(args));
  });
  await page.addInitScript(() => {
    const w = window as unknown as { finishedRuns: string[] };
    w.finishedRuns = [];
    document.addEventListener('agent-chat-run-finish', (event) => w.finishedRuns.push((event as CustomEvent<{ stopReason: string }>).detail.stopReason));
  });
  await page.goto(`${server.url}/mcp-apps/`);
  await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
  return { page, logged, errors };
}

const finishedRuns = (page: Page) => page.evaluate(() => (window as unknown as { finishedRuns: string[] }).finishedRuns);

/** Type a message as a user does, and wait for its run to end. */
async function ask(page: Page, text: string): Promise<void> {
  const before = (await finishedRuns(page)).length;
  const input = page.locator('agent-chat textarea');
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => finishedRuns(page), { timeout: 20_000 }).toHaveLength(before + 1);
  expect((await finishedRuns(page)).at(-1)).toBe('end_turn');
}

/** The element's frame (the sandbox page, on the sandbox origin) of the page's one view. */
const sandboxFrameElement = (page: Page) => page.locator('agent-chat-mcp-app iframe');
/** The view itself: the sandbox page's inner frame. */
const view = (page: Page): FrameLocator => sandboxFrameElement(page).contentFrame().locator('iframe').contentFrame();
const serverTime = (page: Page) => view(page).locator('#server-time').textContent();

/** The sandbox frame and the view's frame, as Chromium has them. */
function frames(page: Page): { sandbox: Frame; app: Frame } {
  const sandbox = page.frames().find((frame) => frame.url().startsWith(`${server.sandboxUrl}/`));
  const app = sandbox?.childFrames()[0];
  if (!sandbox || !app) throw new Error(`no view frames among ${page.frames().map((frame) => frame.url()).join(', ')}`);
  return { sandbox, app };
}

const frameHeight = (page: Page) => sandboxFrameElement(page).evaluate((frame) => frame.getBoundingClientRect().height);

async function stored(page: Page): Promise<SessionResponse> {
  const session = await page.locator('agent-chat').evaluate((element) => (element as HTMLElement & { sessionId: string }).sessionId);
  return (await page.request.get(`${server.url}/mcp-apps/api/agent/sessions/${session}`)).json() as Promise<SessionResponse>;
}

/** The time get-time returned, as stored with the session (the result's structuredContent, which the view reads). */
async function storedTime(page: Page): Promise<string> {
  const result = (await stored(page)).turns.find((turn): turn is Extract<Turn, { type: 'tool_result' }> => turn.type === 'tool_result' && turn.name === 'get-time');
  const time = /\d{4}-\d\d-\d\dT[\d:.]+Z/.exec(String(result?.output))?.[0];
  if (!time) throw new Error(`no time in the stored result ${JSON.stringify(result)}`);
  return time;
}

/** The next answer of the view route `tools-call` for the tool `name`: the view called it through the page. */
const viewToolCall = (page: Page, name: string): Promise<Response> =>
  page.waitForResponse((response) => response.url().endsWith('/view/tools-call') && (response.request().postDataJSON() as { name?: string } | null)?.name === name);

/** The page, asked for the server time, with the view drawn and showing it. */
async function clockPage(): Promise<Visit> {
  const visited = await visit();
  await ask(visited.page, 'Show me the server time');
  // The view's chunk, the sandbox page and the view load after the run: on a busy machine that takes a while.
  await expect.poll(() => serverTime(visited.page), { timeout: DRAWN_MS }).toMatch(ISO_TIME);
  return visited;
}

describe('examples/mcp-apps: the official servers’ views in the demo (issue 36 acceptance)', () => {
  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('draws the view in a frame whose origin is not the page’s: the sandbox page, and the view inside it', async () => {
    const { page, errors } = await clockPage();
    const { sandbox, app } = frames(page);
    expect(new URL(sandbox.url()).origin).toBe(server.sandboxUrl);
    expect(server.sandboxUrl).not.toBe(new URL(page.url()).origin);
    expect(sandbox.url()).toContain('/mcp-apps/api/agent/apps/sandbox');
    // The view is the sandbox page's srcdoc frame: it runs on the sandbox origin, under that page's CSP.
    expect(app.url()).toBe('about:srcdoc');
    expect(await app.evaluate(() => window.origin)).toBe(server.sandboxUrl);
    // And the page cannot reach into it.
    expect(await sandboxFrameElement(page).evaluate((frame) => (frame as HTMLIFrameElement).contentDocument)).toBeNull();
    // The sandbox origin serves the sandbox page and nothing else: not the demo's pages, not the agent's API.
    for (const path of ['/', '/mcp-apps/', '/agent-chat.js', '/mcp-apps/api/agent/tools', '/tool-views/api/agent/tools']) {
      expect((await page.request.get(`${server.sandboxUrl}${path}`)).status(), path).toBe(404);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives the view the call’s input and its result: it shows the time get-time returned', async () => {
    const { page, logged } = await clockPage();
    expect(await serverTime(page)).toBe(await storedTime(page));
    // The official view logs what the host sent it (console.info): the input, once, and the result.
    await expect.poll(() => logged.filter((args) => args[0] === 'Received tool call input:')).toEqual([['Received tool call input:', { arguments: {} }]]);
    const results = logged.filter((args) => args[0] === 'Received tool call result:');
    expect(results).toHaveLength(1);
    expect(results[0]![1]).toMatchObject({ structuredContent: { time: await storedTime(page) }, isError: false });
    await page.close();
  });

  it('its Get Server Time button calls the server’s tool through the host', async () => {
    const { page } = await clockPage();
    const before = await serverTime(page);
    const answered = viewToolCall(page, 'get-time');
    await view(page).locator('#get-time-btn').click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const result = (await response.json()) as { structuredContent?: { time?: string } };
    expect(result.structuredContent?.time).toMatch(ISO_TIME);
    await expect.poll(() => serverTime(page)).toBe(result.structuredContent!.time);
    expect(result.structuredContent!.time).not.toBe(before);
    await page.close();
  });

  it('its Send Message lands in the conversation as the user’s message, and the agent answers it', async () => {
    const { page } = await clockPage();
    const runs = (await finishedRuns(page)).length;
    await view(page).locator('#send-message-btn').click();
    await expect.poll(() => finishedRuns(page), { timeout: 20_000 }).toHaveLength(runs + 1);
    const turns = await page.evaluate(() => document.querySelector('agent-chat')!.turns);
    const asked = turns.findLastIndex((turn) => turn.type === 'user');
    expect(turns[asked]).toMatchObject({ type: 'user', text: VIEW_MESSAGE });
    const answer = turns.slice(asked).filter((turn) => turn.type === 'assistant_text').map((turn) => turn.text).join('');
    expect(answer).toBe(heardReply(VIEW_MESSAGE));
    // Stored so too: the message is the session's, not the page's alone.
    expect((await stored(page)).turns.filter((turn) => turn.type === 'user').map((turn) => turn.text)).toEqual(['Show me the server time', VIEW_MESSAGE]);
    await page.close();
  });

  it('resizes: the frame’s height follows the view’s content, both ways', async () => {
    const { page } = await clockPage();
    const { app } = frames(page);
    const contentHeight = () => app.evaluate(() => document.documentElement.getBoundingClientRect().height);
    // Drawn at the height the view asked for, its content's.
    await expect.poll(async () => Math.abs((await frameHeight(page)) - (await contentHeight()))).toBeLessThanOrEqual(1);
    const first = await frameHeight(page);
    expect(first).toBeGreaterThan(50);

    await app.evaluate(() => ((document.getElementById('message-text') as HTMLTextAreaElement).style.height = '240px'));
    await expect.poll(() => frameHeight(page)).toBeGreaterThan(first + 150);
    const grown = await frameHeight(page);
    expect(grown).toBeLessThanOrEqual(640);
    expect(Math.abs(grown - (await contentHeight()))).toBeLessThanOrEqual(1);

    await app.evaluate(() => ((document.getElementById('message-text') as HTMLTextAreaElement).style.height = ''));
    await expect.poll(() => frameHeight(page)).toBeLessThan(first + 2);
    await page.close();
  });

  it('refuses, by its CSP, a fetch from inside the view to an origin it did not declare', async () => {
    const { page } = await clockPage();
    const { app } = frames(page);
    // The demo server's own origin: the view declared no connectDomains, so it may reach nothing.
    const outcome = await app.evaluate(async (url) => {
      const violation = new Promise<{ directive: string; blocked: string }>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => resolve({ directive: event.effectiveDirective, blocked: event.blockedURI }), { once: true }),
      );
      const fetched = await fetch(url).then(
        (response) => `fetched ${response.status}`,
        (error: Error) => `refused: ${error.name}`,
      );
      return { fetched, violation: await violation };
    }, `${server.url}/mcp-apps/api/agent/tools`);
    expect(outcome.fetched).toBe('refused: TypeError');
    expect(outcome.violation).toEqual({ directive: 'connect-src', blocked: `${server.url}/mcp-apps/api/agent/tools` });
    await page.close();
  });

  it('draws the view again after a reload: the same session, the view back with the time', async () => {
    const { page } = await clockPage();
    const time = await storedTime(page);
    const session = await page.locator('agent-chat').evaluate((element) => (element as HTMLElement & { sessionId: string }).sessionId);
    await page.reload();
    await page.waitForFunction(() => customElements.get('agent-chat') !== undefined);
    await expect.poll(() => serverTime(page).catch(() => null), { timeout: DRAWN_MS }).toBe(time);
    expect(await page.locator('agent-chat').evaluate((element) => (element as HTMLElement & { sessionId: string }).sessionId)).toBe(session);
    expect(new URL(frames(page).sandbox.url()).origin).toBe(server.sandboxUrl);
    await page.close();
  });

  it('the system monitor’s view polls its app-only tool through the host', async () => {
    const { page } = await visit();
    const polled = viewToolCall(page, 'poll-system-stats');
    await ask(page, 'How is the system doing?');
    const response = await polled;
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { structuredContent?: { memory?: unknown } }).structuredContent?.memory).toBeDefined();
    // What it polled is drawn: the memory in use.
    await expect.poll(() => view(page).locator('#memory-percent').textContent(), { timeout: DRAWN_MS }).toMatch(/^\d+%$/);
    // The model called the tool with the view; the polling tool is not among the calls it made.
    const calls = (await stored(page)).turns.filter((turn) => turn.type === 'tool_call').map((turn) => turn.name);
    expect(calls).toEqual(['get-system-info']);
    await page.close();
  });

  it('stops both MCP servers when the demo server closes', async () => {
    const running = mcpServerProcesses();
    expect(running.map((process) => process.server).sort()).toEqual(['server-basic-vanillajs', 'server-system-monitor']);
    await server.close();
    await expect.poll(() => mcpServerProcesses().filter((process) => running.some((before) => before.pid === process.pid)), { timeout: 15_000 }).toEqual([]);
  });
});

/** The fake Messages API's replies: get-system-info for the user's message, a sentence after its result. */
function monitorReply(body: RecordedRequest, index: number): FakeReply {
  const last = (body.messages as Array<{ content: string | Array<{ type: string }> }>).at(-1)!;
  const answered = Array.isArray(last.content) && last.content.some((block) => block.type === 'tool_result');
  return answered
    ? { content: [{ type: 'text', text: 'The monitor above shows it.' }] }
    : { content: [{ type: 'tool_use', id: `toolu_${index}`, name: 'get-system-info', input: {} }] };
}

describe('examples/mcp-apps on the Anthropic adapter: what the model is offered', () => {
  let fake: FakeAnthropic;
  let agent: McpAppsAgent;
  let app: RunningServer;

  beforeAll(async () => {
    fake = await startFakeAnthropic({ replies: monitorReply });
    agent = mcpAppsAgent({
      store: memoryStore(),
      sandboxOrigin: 'http://127.0.0.1:9',
      model: anthropicModel({ model: 'claude-test-1', apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: fake.baseURL }),
    });
    app = await serveApp(agent.app);
  });
  afterAll(async () => {
    await app?.close();
    await agent?.close();
    await fake?.close();
  });

  it('never offers the app-only poll-system-stats to the model: the Messages request’s tools lack it', async () => {
    const events = await agentClient(app.url).run('monitor', { text: 'How is the system doing?' });
    const call = events.map((event) => event.data as { type: string; name?: string; view?: unknown }).find((event) => event.type === 'tool_call');
    expect(call).toMatchObject({ name: 'get-system-info', view: { resourceUri: 'ui://system-monitor/mcp-app.html' } });
    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) {
      const offered = (request.tools as Array<{ name: string }>).map((tool) => tool.name).sort();
      expect(offered).toEqual(['get-system-info', 'get-time']);
    }
  });

  it('stops both MCP servers when the agent is closed', async () => {
    const running = mcpServerProcesses();
    expect(running.map((process) => process.server).sort()).toEqual(['server-basic-vanillajs', 'server-system-monitor']);
    await agent.close();
    await expect.poll(() => mcpServerProcesses().filter((process) => running.some((before) => before.pid === process.pid)), { timeout: 15_000 }).toEqual([]);
  });
});
