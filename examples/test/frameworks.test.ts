import { build } from 'esbuild';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedTypes, typecheck } from '../frameworks/typecheck.js';
import { useDemoAndBrowser } from './support/browser.js';
import type { DemoServer } from './support/demo-server.js';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const frameworks = join(root, 'examples/frameworks');

let server: DemoServer;
let browser: Browser;
useDemoAndBrowser((started) => ({ server, browser } = started));

/**
 * A page with what it reports collected: errors and React's and Vue's warnings, and, from Chromium's network
 * domain, how many pieces each agent stream (text/event-stream) arrived in: more than one is a reply that streamed.
 */
async function openPage(path: string) {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    // Failed requests are judged below, by their URL, rather than by Chromium's line about them.
    if (message.text().startsWith('Failed to load resource')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('response', (response) => {
    // None, a new conversation's history included: the server answers it empty (issue #31).
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  const chunks = new Map<string, number>();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (response.mimeType === 'text/event-stream') chunks.set(requestId, 0);
  });
  cdp.on('Network.dataReceived', ({ requestId }) => {
    const count = chunks.get(requestId);
    if (count !== undefined) chunks.set(requestId, count + 1);
  });
  await page.goto(`${server.url}${path}`);
  return { page, problems, streamChunks: () => [...chunks.values()] };
}

const todoList = (page: Page) => page.getByRole('list', { name: 'To-dos' }).locator('li').allTextContents();
const shown = (page: Page, testId: string) => page.getByTestId(testId).textContent();
// In the conversation's log only: once a run ends, the element's live region says the reply too (a second match).
const said = (page: Page, text: string) => page.getByRole('log').getByText(text);

describe.each([
  { framework: 'react', heading: 'My to-dos (React)' },
  { framework: 'vue', heading: 'My to-dos (Vue)' },
])('examples/frameworks/$framework from the demo server', ({ framework, heading }) => {
  it('renders <agent-chat> with its adapter, chats through it (context, confirm, client tool) and shows what its listeners heard', async () => {
    const { page, problems, streamChunks } = await openPage(`/frameworks/${framework}/`);
    await expect.poll(() => page.getByRole('heading', { name: heading }).count()).toBe(1);
    expect(await todoList(page)).toEqual(['Water the plants', 'Book the train to Lyon']);

    // The framework handed the element its values as properties (an object stays an object, no attribute).
    const element = await page.evaluate(() => {
      const chat = document.querySelector('agent-chat')!;
      return {
        defined: customElements.get('agent-chat') === chat.constructor,
        endpoint: chat.endpoint,
        mode: chat.mode,
        tools: Object.keys(chat.adapter?.tools ?? {}),
        adapterAttribute: chat.getAttribute('adapter'),
      };
    });
    expect(element).toEqual({ defined: true, endpoint: `/frameworks/${framework}/api/agent`, mode: 'inline', tools: ['add_todo'], adapterAttribute: null });

    // 1. The page's button sends through the element (a ref to it); the reply quotes the page's context.
    await page.getByRole('button', { name: 'Ask the agent about my list' }).click();
    await expect.poll(() => said(page, 'Your page lists 2 to-dos: “Water the plants”, “Book the train to Lyon”.').count()).toBe(1);
    await expect.poll(() => shown(page, 'last-stop-reason')).toBe('end_turn');
    expect(await shown(page, 'last-tool-call')).toBe('none yet');

    // 2. Typed into the element: the agent calls the client tool, the page's confirm asks, the page's handler adds.
    const input = page.locator('agent-chat textarea');
    await input.fill('add oat milk');
    await input.press('Enter');
    const question = page.getByRole('alertdialog', { name: 'The agent asks' });
    await expect.poll(() => question.textContent()).toContain('The agent wants to add “oat milk”.');
    await expect.poll(() => shown(page, 'last-tool-call')).toBe('add_todo');
    await question.getByRole('button', { name: 'Add it' }).click();
    await expect.poll(() => todoList(page)).toEqual(['Water the plants', 'Book the train to Lyon', 'oat milk']);
    await expect.poll(() => said(page, 'Added “oat milk”: the page says its list now has 3 to-dos.').count()).toBe(1);
    await expect.poll(() => shown(page, 'last-stop-reason')).toBe('end_turn');
    expect(await question.count()).toBe(0);

    // Three agent streams (the question; the tool call up to the pause; the turn resumed after the page's result).
    // The two answers (some twenty text deltas each, the demo model pausing between them) arrived in pieces.
    const chunks = streamChunks();
    expect(chunks).toHaveLength(3);
    expect(chunks[0]).toBeGreaterThan(1);
    expect(chunks[2]).toBeGreaterThan(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('goes on when the page declines: the confirm handler answers deny and the list stays as it was', async () => {
    const { page, problems } = await openPage(`/frameworks/${framework}/`);
    const input = page.locator('agent-chat textarea');
    await input.fill('add a second car');
    await input.press('Enter');
    await page.getByRole('alertdialog', { name: 'The agent asks' }).getByRole('button', { name: 'Not now' }).click();
    await expect.poll(() => said(page, 'I left your list as it is').count()).toBe(1);
    await expect.poll(() => shown(page, 'last-stop-reason')).toBe('end_turn');
    expect(await todoList(page)).toEqual(['Water the plants', 'Book the train to Lyon']);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('examples/frameworks on the index', () => {
  it('links both pages, and each serves its page, its bundle and its stylesheet', async () => {
    const index = await (await fetch(`${server.url}/`)).text();
    for (const framework of ['react', 'vue']) {
      expect(index).toContain(`href="/frameworks/${framework}/"`);
      expect((await fetch(`${server.url}/frameworks/${framework}/`)).status).toBe(200);
      const bundle = await fetch(`${server.url}/frameworks/${framework}/app.js`);
      expect(bundle.headers.get('content-type')).toContain('text/javascript');
      // The element came from the bundler entry (defineAgentChat), not the self-registering script-tag bundle.
      expect(await bundle.text()).toContain('defineAgentChat');
      expect((await fetch(`${server.url}/frameworks/${framework}/page.css`)).status).toBe(200);
    }
  });
});

// The rules the React typings are written to (packages/element/src/frameworks/react.ts), checked on React itself:
// a prop the element has is set as a property, and `on<name>` listens for exactly <name>.
describe('React 19 and a custom element, in Chromium', () => {
  it('sets known props as properties, and `onagent-chat-open` (not `onAgentChatOpen`) listens for agent-chat-open', async () => {
    const probe = `
      import { defineAgentChat } from '@agent-chat/element';
      import { flushSync } from 'react-dom';
      import { createRoot } from 'react-dom/client';
      defineAgentChat();
      const heard = [];
      const adapter = { tools: {} };
      const props = {
        mode: 'floating',
        adapter,
        'onagent-chat-open': (event) => heard.push('onagent-chat-open:' + event.detail.frame),
        onAgentChatOpen: () => heard.push('onAgentChatOpen'),
      };
      flushSync(() => createRoot(document.getElementById('root')).render(<agent-chat {...props} />));
      const chat = document.querySelector('agent-chat');
      chat.open();
      window.probe = {
        heard,
        adapterIsTheObject: chat.adapter === adapter,
        adapterAttribute: chat.getAttribute('adapter'),
        mode: chat.mode,
      };`;
    const bundle = await build({
      stdin: { contents: probe, loader: 'jsx', resolveDir: join(frameworks, 'react') },
      bundle: true,
      format: 'esm',
      jsx: 'automatic',
      conditions: ['agent-chat-source'],
      define: { 'process.env.NODE_ENV': '"development"' },
      write: false,
      logLevel: 'silent',
    });
    const page = await browser.newPage();
    // On the server's origin (not about:blank), where the element may use localStorage as on any real page.
    await page.goto(`${server.url}/`);
    await page.setContent('<div id="root"></div>');
    await page.addScriptTag({ type: 'module', content: bundle.outputFiles[0]!.text });
    await page.waitForFunction(() => 'probe' in window);
    const probed = await page.evaluate(() => (window as unknown as { probe: unknown }).probe);
    expect(probed).toEqual({
      // Only the kebab-case prop heard the event: for onAgentChatOpen React listens for "AgentChatOpen".
      heard: [expect.stringMatching(/^onagent-chat-open:(floating|drawer)$/)],
      adapterIsTheObject: true,
      adapterAttribute: null,
      mode: 'floating',
    });
    await page.close();
  });
});

// Each of these runs a compiler (seconds alone, much longer on a busy machine): hence their long timeouts.
describe('typings: the framework pages and a bad prop', () => {
  let dir: string;
  beforeAll(async () => {
    await mkdir(join(root, '.tmp'), { recursive: true });
    // Inside the repository, so the consumers find react, vue and lit in its node_modules.
    dir = await mkdtemp(join(root, '.tmp', 'frameworks-types-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the React page typechecks with tsc (jsx: react-jsx)', async () => {
    const result = await typecheck('tsc', join(frameworks, 'react/tsconfig.json'));
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 180_000);

  it('the Vue page typechecks with vue-tsc', async () => {
    const result = await typecheck('vue-tsc', join(frameworks, 'vue/tsconfig.json'));
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 180_000);

  it('through the packages’ `types` exports, a mistyped prop, event detail or ref is an error in TSX and in a Vue SFC', async () => {
    await installedTypes(dir);
    await writeFile(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        // What a user's bundler project has: no agent-chat-source condition, so the packages resolve by `types`.
        compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: true, types: [] },
        include: ['*.tsx', '*.vue'],
      }),
    );
    await writeFile(
      join(dir, 'consumer.tsx'),
      `import type {} from '@agent-chat/element/react';
import type { AgentChat } from '@agent-chat/element';
import { useRef } from 'react';

export function Good() {
  const chat = useRef<AgentChat>(null);
  document.querySelector('agent-chat')?.send('typed by HTMLElementTagNameMap');
  return (
    <agent-chat ref={chat} endpoint="/api/agent" mode="floating" opened adapter={{ tools: {} }} strings={{ send: 'Go' }}
      className="chat" onagent-chat-tool-call={(event) => event.detail.name.toUpperCase()}>
      <p slot="footer">children with a slot</p>
    </agent-chat>
  );
}

export function Bad() {
  const div = useRef<HTMLDivElement>(null);
  return (
    <>
      <agent-chat mode="sideways" />
      <agent-chat onagent-chat-run-finish={(event) => event.detail.nope} />
      <agent-chat ref={div} />
    </>
  );
}
`,
    );
    await writeFile(
      join(dir, 'Consumer.vue'),
      `<script setup lang="ts">
import type {} from '@agent-chat/element/vue';
import { useTemplateRef } from 'vue';
const chat = useTemplateRef('chat');
const send = () => chat.value?.send('the ref is the element');
</script>

<template>
  <agent-chat ref="chat" endpoint="/api/agent" :adapter="{ tools: {} }" @agent-chat-tool-call="(event) => event.detail.name.toUpperCase()" @click="send" />
  <agent-chat mode="sideways" />
  <agent-chat @agent-chat-run-finish="(event) => event.detail.nope" />
</template>
`,
    );
    const [tsx, sfc] = await Promise.all([typecheck('tsc', join(dir, 'tsconfig.json')), typecheck('vue-tsc', join(dir, 'tsconfig.json'))]);
    // Only the bad lines, each for its own reason.
    const errors = (output: string, file: string) =>
      output
        .split('\n')
        .filter((line) => line.includes(`${file}(`))
        .map((line) => line.replace(/^.*?([\w.]+)\(\d+,\d+\)/, '$1'));
    expect(errors(tsx.output, 'consumer.tsx')).toEqual([
      `consumer.tsx: error TS2322: Type '"sideways"' is not assignable to type 'LayoutMode | undefined'.`,
      `consumer.tsx: error TS2339: Property 'nope' does not exist on type 'RunFinishDetail'.`,
      expect.stringMatching(/^consumer\.tsx: error TS2322: Type 'RefObject<HTMLDivElement \| null>' is not assignable to type 'Ref<AgentChat> \| undefined'/),
    ]);
    expect(errors(sfc.output, 'Consumer.vue')).toEqual([
      `Consumer.vue: error TS2322: Type '"sideways"' is not assignable to type 'LayoutMode | undefined'.`,
      `Consumer.vue: error TS2339: Property 'nope' does not exist on type 'RunFinishDetail'.`,
    ]);
  }, 300_000);
});
