import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import '../src/define.js';
import '../src/i18n/fr.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { ViewLink } from '../src/index.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, deepAll, shownText, userBubbles } from './support/dom.js';
import {
  ASK_VIEWS,
  COUNTER_REPLY,
  COUNTER_VIEW_HEIGHT,
  STREAM_COUNTER,
  STREAMED_INPUT,
  STREAMED_PARTIAL,
  VIEW_MESSAGE,
  viewSaid,
} from './support/mcp-app-view-html.js';
import { waitFor } from './support/wait.js';

// Issue 36, the element's half: a tool call whose MCP server declares a view (MCP Apps) is drawn as that view, in a
// frame of the server's sandbox page on another origin, hosted through the official AppBridge. Against the test
// server's `mcp-apps` scenario (support/mcp-app-scenarios.ts): a scripted model calls a real MCP server's
// `show_counter` (stdio), whose view (support/mcp-app-view-html.ts) reports what it got as log lines the page hears.

interface ViewState {
  input: { start: number } | null;
  /** How many times the whole input came (tool-input): once. */
  inputs: number;
  /** Each partial input, as it came (tool-input-partial). */
  partials: unknown[];
  result: string | null;
  called: string | null;
  theme: string | null;
  /** The host context: as initialize gave it, with each host-context-changed merged over it. */
  context: McpUiHostContext | null;
  button: { x: number; y: number } | null;
  say: { x: number; y: number } | null;
  said: string | null;
  /** The answer to its last ui/request-display-mode. */
  mode: string | null;
  /** The answer to its last ui/open-link: opened or refused. */
  link: string | null;
  /** The count its last ui/update-model-context said, once answered. */
  told: number | null;
  /** The reason its ui/notifications/tool-cancelled gave. */
  cancelled: string | null;
}

/** The latest state each view frame reported, by the frame's window. */
const reported = new Map<MessageEventSource, ViewState>();
window.addEventListener('message', (event) => {
  const data = event.data as { method?: string; params?: { logger?: string; data?: ViewState } } | undefined;
  if (data?.method === 'notifications/message' && data.params?.logger === 'counter-view' && event.source) {
    reported.set(event.source, data.params.data!);
  }
});

async function chat(session: string): Promise<AgentChat> {
  return fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${await scenario('mcp-apps')} session=${session}></agent-chat>`);
}

function mcpApp(el: AgentChat): HTMLElement | undefined {
  return deepAll(el.shadowRoot!, 'agent-chat-mcp-app')[0];
}

function viewFrame(el: AgentChat): HTMLIFrameElement | undefined {
  return mcpApp(el)?.shadowRoot?.querySelector('iframe') ?? undefined;
}

/** Ask the view for something (a display mode, a link): through the sandbox page, which passes it on as the host's. */
function ask(frame: HTMLIFrameElement, params: { mode?: string; link?: string; escape?: string }): void {
  frame.contentWindow!.postMessage({ jsonrpc: '2.0', method: 'test/do', params }, '*');
}

/** A view drawn and given its result, in a new conversation. */
async function shownView(el: AgentChat): Promise<{ frame: HTMLIFrameElement; shown: ViewState }> {
  void el.send('Show me a counter');
  const frame = await waitFor(() => viewFrame(el), { message: 'the view frame' });
  const shown = await waitFor(() => withResult(stateOf(frame)), { message: 'the view to get its result' });
  return { frame, shown };
}

function stateOf(frame: HTMLIFrameElement | undefined): ViewState | undefined {
  return frame?.contentWindow ? reported.get(frame.contentWindow) : undefined;
}

/** The view's state once it has its result. */
function withResult(state: ViewState | undefined): ViewState | undefined {
  return state?.result ? state : undefined;
}

describe('MCP Apps views (real server, real MCP server)', () => {
  afterEach(() => resetMouse());

  it('draws the view on another origin, gives it the input and the result, honours its size, and forwards its tool call', async () => {
    const el = await chat(uniqueSession('mcp-app'));
    void el.send('Show me a counter');
    const frame = await waitFor(() => viewFrame(el), { message: 'the view frame' });
    await waitFor(() => frame.src, { message: 'the frame to load the sandbox page' });
    expect(new URL(frame.src).origin, 'the sandbox is another origin than the page').to.not.equal(location.origin);
    expect(new URL(frame.src).origin, 'and than the API').to.not.equal(new URL(await scenario('mcp-apps')).origin);

    const shown = await waitFor(() => withResult(stateOf(frame)), { message: 'the view to get its result' });
    expect(shown.input, 'the call input, once').to.deep.equal({ start: 5 });
    expect(shown.result).to.equal('counter at 5');
    expect(shown.theme, 'the host context reached the view').to.be.oneOf(['light', 'dark']);
    await waitFor(() => frame.getBoundingClientRect().height === COUNTER_VIEW_HEIGHT, { message: 'the frame to take the height the view asked for' });
    await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble).includes(COUNTER_REPLY)), { message: 'the reply' });

    // A real click on the view's button (inside two frames): the view calls its server's app-only tool through the host.
    const box = frame.getBoundingClientRect();
    const button = shown.button!;
    frame.scrollIntoView({ block: 'center' });
    const after = frame.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(after.x + button.x), Math.round(after.y + button.y)] });
    const called = await waitFor(() => stateOf(frame)?.called, { message: 'the view’s tool call to be answered' });
    expect(called, `clicked at ${JSON.stringify(button)} in a frame at ${JSON.stringify(box)}`).to.equal('added 1');
  });

  it('a message the view sends (ui/message) is sent as the user’s, and answered', async () => {
    const el = await chat(uniqueSession('mcp-app-message'));
    void el.send('Show me a counter');
    const frame = await waitFor(() => viewFrame(el), { message: 'the view frame' });
    const shown = await waitFor(() => withResult(stateOf(frame)), { message: 'the view to get its result' });
    await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble).includes(COUNTER_REPLY)), { message: 'the reply' });
    frame.scrollIntoView({ block: 'center' });
    const at = frame.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(at.x + shown.say!.x), Math.round(at.y + shown.say!.y)] });
    await waitFor(() => userBubbles(el).some((bubble) => shownText(bubble).includes(VIEW_MESSAGE)), { message: 'the view’s message in the conversation' });
    await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble).includes(viewSaid(VIEW_MESSAGE))), { message: 'its answer' });
    expect(await waitFor(() => stateOf(frame)?.said, { message: 'the view to hear its message was taken' })).to.equal('sent');
  });

  it('does not send the view again to a sandbox page that was navigated (a view cannot swap its declared CSP for a looser one)', async () => {
    const el = await chat(uniqueSession('mcp-app-escape'));
    const { frame } = await shownView(el);
    const first = frame.contentWindow!;
    ask(frame, { escape: 'http://127.0.0.1:9' });
    const note = await waitFor(() => mcpApp(el)?.shadowRoot?.querySelector('.note'), { message: 'the view closed, with a note' });
    expect(shownText(note as HTMLElement)).to.contain('its sandbox page was navigated away');
    expect(viewFrame(el), 'no frame left').to.equal(undefined);
    expect(reported.get(first)?.result, 'the view ran once, under the declared policy').to.be.a('string');
  });

  it('draws the view again after a reload, from the stored input and result', async () => {
    const session = uniqueSession('mcp-app-reload');
    const first = await chat(session);
    void first.send('Show me a counter');
    await waitFor(() => stateOf(viewFrame(first))?.result, { message: 'the first view' });
    await waitFor(() => assistantBubbles(first).some((bubble) => shownText(bubble).includes(COUNTER_REPLY)), { message: 'the reply' });
    first.remove();

    const again = await chat(session);
    const shown = await waitFor(() => withResult(stateOf(viewFrame(again))), { message: 'the view drawn again' });
    expect(shown.input).to.deep.equal({ start: 5 });
    expect(shown.result).to.equal('counter at 5');
  });
  it('tells the view our theme as the standard style variables, its display modes, room and language, and again when they change', async () => {
    const el = await fixture<AgentChat>(
      html`<agent-chat mode="inline" theme="light" locale="fr" style="width: 700px" endpoint=${await scenario('mcp-apps')} session=${uniqueSession('mcp-app-context')}></agent-chat>`,
    );
    const { frame, shown } = await shownView(el);
    const context = shown.context!;
    expect(context.theme).to.equal('light');
    expect(context.locale).to.equal('fr');
    expect(context.displayMode).to.equal('inline');
    expect(context.availableDisplayModes).to.have.members(['inline', 'fullscreen', 'pip']);
    expect(context.containerDimensions).to.include({ maxHeight: 640 });
    const variables = context.styles!.variables!;
    expect(variables['--color-background-primary'], 'the light background').to.equal('rgb(255, 255, 255)');
    expect(variables['--color-text-primary']).to.equal('rgb(31, 35, 40)');
    expect(variables['--font-sans']).to.contain('system-ui');
    expect(variables['--border-radius-md']).to.equal('8px');
    expect(frame.title, 'the frame named in the element’s language').to.equal('Vue de counter');

    el.setAttribute('theme', 'dark');
    const dark = await waitFor(() => (stateOf(frame)?.context?.theme === 'dark' ? stateOf(frame)!.context! : undefined), { message: 'the dark theme told' });
    expect(dark.styles!.variables!['--color-background-primary'], 'the dark background').to.equal('rgb(13, 17, 23)');

    el.style.setProperty('--agent-chat-accent', 'rgb(1, 2, 3)');
    await waitFor(() => stateOf(frame)?.context?.styles?.variables?.['--color-text-info'] === 'rgb(1, 2, 3)', { message: 'the page’s accent told' });

    el.setAttribute('locale', 'en-GB');
    await waitFor(() => stateOf(frame)?.context?.locale === 'en-GB', { message: 'the new language told' });

    const width = (dark.containerDimensions as { width: number }).width;
    el.style.width = '500px';
    const narrower = await waitFor(() => {
      const now = stateOf(frame)?.context?.containerDimensions as { width: number } | undefined;
      return now && now.width < width ? now : undefined;
    }, { message: 'the narrower room told' });
    expect(narrower.width).to.be.at.most(500);
  });

  it('draws the view full screen or floating when it asks, with a way back (its button, Escape for full screen)', async () => {
    const el = await chat(uniqueSession('mcp-app-modes'));
    const { frame } = await shownView(el);
    const app = mcpApp(el)!;
    const box = app.shadowRoot!.querySelector<HTMLElement>('.app')!;

    ask(frame, { mode: 'fullscreen' });
    await waitFor(() => stateOf(frame)?.mode === 'fullscreen', { message: 'full screen answered' });
    expect(box.matches(':popover-open'), 'in the top layer').to.equal(true);
    const full = frame.getBoundingClientRect();
    expect(full.width).to.equal(innerWidth);
    expect(Math.round(full.bottom)).to.equal(innerHeight);
    const told = await waitFor(() => (stateOf(frame)?.context?.displayMode === 'fullscreen' ? stateOf(frame)!.context! : undefined), { message: 'the mode told' });
    expect(told.containerDimensions).to.deep.equal({ width: innerWidth, height: Math.round(full.height) });
    const exit = app.shadowRoot!.querySelector<HTMLButtonElement>('[part="mcp-app-exit"]')!;
    expect(exit.textContent!.trim()).to.equal('Exit full screen');
    exit.click();
    await waitFor(() => stateOf(frame)?.context?.displayMode === 'inline', { message: 'back inline by the button' });
    expect(box.matches(':popover-open')).to.equal(false);
    await waitFor(() => frame.getBoundingClientRect().height === COUNTER_VIEW_HEIGHT, { message: 'its inline height again' });

    ask(frame, { mode: 'fullscreen' });
    await waitFor(() => stateOf(frame)?.context?.displayMode === 'fullscreen', { message: 'full screen again' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => stateOf(frame)?.context?.displayMode === 'inline', { message: 'back inline by Escape' });

    // Floating: a small box in a corner, in sight while the page under it scrolls.
    document.body.style.height = '5000px';
    try {
      ask(frame, { mode: 'pip' });
      await waitFor(() => stateOf(frame)?.mode === 'pip' && stateOf(frame)?.context?.displayMode === 'pip', { message: 'pip answered and told' });
      const floating = frame.getBoundingClientRect();
      expect(floating.width).to.be.at.most(320);
      expect(floating.bottom).to.be.at.most(innerHeight);
      scrollTo(0, 3000);
      await waitFor(() => el.getBoundingClientRect().bottom < 0, { message: 'the conversation scrolled away' });
      expect(frame.getBoundingClientRect().top, 'the view still in sight').to.equal(floating.top);
      expect(app.shadowRoot!.querySelector('[part="mcp-app-exit"]')!.textContent!.trim()).to.equal('Back into the conversation');
    } finally {
      scrollTo(0, 0);
      document.body.style.height = '';
    }
  });

  it('carries what the view sets for the model (ui/update-model-context) with the next message, the newest in place of the older', async () => {
    const el = await chat(uniqueSession('mcp-app-model-context'));
    const { frame, shown } = await shownView(el);
    await waitFor(() => stateOf(frame)?.told === 5, { message: 'the view to set the context' });
    await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble).includes(COUNTER_REPLY)), { message: 'the reply' });
    frame.scrollIntoView({ block: 'center' });
    const at = frame.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(at.x + shown.button!.x), Math.round(at.y + shown.button!.y)] });
    await waitFor(() => stateOf(frame)?.told === 6, { message: 'the view to set it again' });

    await el.send(ASK_VIEWS);
    const heard = await waitFor(() => assistantBubbles(el).map(shownText).find((text) => text.includes('The views say')), { message: 'the model’s answer' });
    expect(heard).to.contain('Counter shows 6');
    expect(heard).to.contain('"count":6');
    expect(heard, 'the newest only').to.not.contain('Counter shows 5');
    expect(heard).to.contain('show_counter');
    expect(heard, 'in what the model reads').to.contain('(in the prompt)');
  });

  it('opens a view’s link through the page’s openViewLink, and by itself only after a click', async () => {
    const el = await chat(uniqueSession('mcp-app-link'));
    const { frame } = await shownView(el);
    // A key or a click of an earlier test still counts as the user's for a few seconds.
    await waitFor(() => !navigator.userActivation.isActive, { message: 'no recent click or key' });
    ask(frame, { link: 'https://example.com/docs' });
    expect(await waitFor(() => stateOf(frame)?.link, { message: 'the answer' }), 'no click, no hook: refused').to.equal('refused');

    const links: ViewLink[] = [];
    el.adapter = {
      openViewLink: (link) => {
        links.push(link);
        return link.url.startsWith('https://example.com/');
      },
    };
    ask(frame, { link: 'https://example.com/docs' });
    await waitFor(() => stateOf(frame)?.link === 'opened', { message: 'the page to open it' });
    expect(links[0]).to.deep.include({ url: 'https://example.com/docs', tool: 'show_counter', server: 'counter' });
    expect(links[0]!.toolCallId).to.be.a('string').and.not.equal('');
    ask(frame, { link: 'https://elsewhere.test/' });
    await waitFor(() => stateOf(frame)?.link === 'refused', { message: 'the page to refuse it' });
    expect(links.map((link) => link.url)).to.deep.equal(['https://example.com/docs', 'https://elsewhere.test/']);
  });
  it('draws the view as soon as the call starts and tells it the input as the model writes it, then whole once', async () => {
    const el = await chat(uniqueSession('mcp-app-partial'));
    const api = new URL(await scenario('mcp-apps')).origin;
    void el.send(STREAM_COUNTER);
    const frame = await waitFor(() => viewFrame(el), { message: 'the view frame, while the input streams' });
    // The model holds the rest of the input until the view has had the first piece.
    const partial = await waitFor(() => stateOf(frame)?.partials[0], { message: 'the partial input' });
    expect(partial).to.deep.equal(STREAMED_PARTIAL);
    expect(stateOf(frame)!.inputs, 'no whole input yet').to.equal(0);
    await fetch(`${api}/__release-streamed-input`, { method: 'POST' });
    const shown = await waitFor(() => withResult(stateOf(frame)), { message: 'the view to get its result' });
    expect(shown.input, 'the whole input').to.deep.equal(STREAMED_INPUT);
    expect(shown.inputs, 'once').to.equal(1);
    expect(shown.result).to.equal(`counter at ${STREAMED_INPUT.start}`);
    expect(viewFrame(el), 'the same frame all along').to.equal(frame);
  });

  it('tells the view its call was cancelled when Stop ends the run before the call has a result', async () => {
    const el = await chat(uniqueSession('mcp-app-stop'));
    const api = new URL(await scenario('mcp-apps')).origin;
    try {
      void el.send(STREAM_COUNTER);
      const frame = await waitFor(() => viewFrame(el), { message: 'the view frame, while the input streams' });
      await waitFor(() => stateOf(frame)?.partials[0], { message: 'the partial input' });
      await el.stop();
      const cancelled = await waitFor(() => stateOf(frame)?.cancelled, { message: 'the view told the call was cancelled' });
      expect(cancelled).to.be.a('string').and.not.equal('');
      expect(stateOf(frame)!.result, 'no result').to.equal(null);
    } finally {
      await fetch(`${api}/__release-streamed-input`, { method: 'POST' });
    }
  });
});
