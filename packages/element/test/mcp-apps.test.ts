import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, deepAll, shownText, userBubbles } from './support/dom.js';
import { COUNTER_REPLY, COUNTER_VIEW_HEIGHT, VIEW_MESSAGE, viewSaid } from './support/mcp-app-view-html.js';
import { waitFor } from './support/wait.js';

// Issue 36, the element's half: a tool call whose MCP server declares a view (MCP Apps) is drawn as that view, in a
// frame of the server's sandbox page on another origin, hosted through the official AppBridge. Against the test
// server's `mcp-apps` scenario (support/mcp-app-scenarios.ts): a scripted model calls a real MCP server's
// `show_counter` (stdio), whose view (support/mcp-app-view-html.ts) reports what it got as log lines the page hears.

interface ViewState {
  input: { start: number } | null;
  result: string | null;
  called: string | null;
  theme: string | null;
  button: { x: number; y: number } | null;
  say: { x: number; y: number } | null;
  said: string | null;
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

function viewFrame(el: AgentChat): HTMLIFrameElement | undefined {
  const [app] = deepAll(el.shadowRoot!, 'agent-chat-mcp-app');
  return app?.shadowRoot?.querySelector('iframe') ?? undefined;
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
});
