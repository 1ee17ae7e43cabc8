// Issue 36.4, the element's half: <agent-chat transport="ag-ui"> draws the MCP Apps views of an AG-UI agent that is
// not ours (support/ag-ui-mcp-apps-agent.ts: an @ag-ui/client agent behind the official @ag-ui/mcp-apps-middleware,
// with the official @modelcontextprotocol/server-basic-vanillajs over HTTP), from the middleware's `mcp-apps`
// activity, in the sandbox page the page names (`apps-sandbox`, an agent-chat server's on another origin). The view
// is the official one: it reports nothing to its host, so the test reads and clicks it through Chromium
// (support/ag-ui-mcp-apps-frames.ts).
import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { ifDefined } from 'lit/directives/if-defined.js';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { snapshotTurns } from '../src/core/ag-ui/snapshot-turns.js';
import { newThread } from '../src/core/ag-ui/thread.js';
import { AgUiTranslator } from '../src/core/ag-ui/translate.js';
import { runInput } from '../src/transport/ag-ui/run-input.js';
import { FRAME_CLICK, FRAME_TEXT } from './support/ag-ui-mcp-apps-frames.js';
import {
  AG_UI_APPS_ASK,
  AG_UI_APPS_PATH,
  AG_UI_APPS_PROXIED,
  AG_UI_APPS_SANDBOX_PAGE,
  AG_UI_APPS_SAYS,
  type ProxiedRequest,
} from './support/ag-ui-mcp-apps-texts.js';
import { agentServerUrl, scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, deepAll, shownText, userBubbles } from './support/dom.js';
import { COUNTER_REPLY } from './support/mcp-app-view-html.js';
import { waitFor } from './support/wait.js';

/** The official view's own elements (server-basic-vanillajs's mcp-app.html). */
const SERVER_TIME = '#server-time';
const GET_TIME_BUTTON = '#get-time-btn';
const SEND_MESSAGE_BUTTON = '#send-message-btn';
/** The official view's message box says this until the user changes it. */
const VIEW_MESSAGE = 'This is message text.';
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** The agent's endpoint, and the sandbox page on another origin (the same server, reached as `localhost`). */
async function places(): Promise<{ endpoint: string; sandbox: string }> {
  const base = await agentServerUrl();
  return { endpoint: `${base}${AG_UI_APPS_PATH}`, sandbox: `${base.replace('127.0.0.1', 'localhost')}${AG_UI_APPS_SANDBOX_PAGE}` };
}

async function chat(session: string, sandbox: string | undefined): Promise<AgentChat> {
  const { endpoint } = await places();
  return fixture<AgentChat>(
    html`<agent-chat mode="inline" transport="ag-ui" endpoint=${endpoint} session=${session} apps-sandbox=${ifDefined(sandbox)}></agent-chat>`,
  );
}

function viewOf(el: AgentChat): HTMLElement | undefined {
  return deepAll(el.shadowRoot!, 'agent-chat-mcp-app')[0];
}

function viewFrame(el: AgentChat): HTMLIFrameElement | undefined {
  return viewOf(el)?.shadowRoot?.querySelector('iframe') ?? undefined;
}

/** The text of an element inside the view's frame, read by Chromium. */
function frameText(selector: string): Promise<string> {
  return executeServerCommand<string, { selector: string }>(FRAME_TEXT, { selector });
}

/**
 * A real click on an element inside the view's frame, once Chromium's test driver sees it there: under load the
 * driver learns of a frame on another origin (another process) some time after the frame itself has loaded.
 */
function frameClick(selector: string): Promise<boolean> {
  return poll(() => executeServerCommand<boolean, { selector: string }>(FRAME_CLICK, { selector }), (clicked) => clicked, `${selector} in the view to be clicked`);
}

/** Asks until `condition` holds of the answer (each ask a round trip to the test runner); bounded as waitFor is. */
async function poll<T>(ask: () => Promise<T>, condition: (value: T) => boolean, message: string, timeout = 20_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = await ask();
    if (condition(value)) return value;
    if (performance.now() - started > timeout) throw new Error(`Timed out after ${timeout} ms waiting for ${message} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

async function proxied(threadId: string): Promise<ProxiedRequest[]> {
  const response = await fetch(`${await agentServerUrl()}${AG_UI_APPS_PROXIED}?threadId=${encodeURIComponent(threadId)}`);
  return (await response.json()) as ProxiedRequest[];
}

describe('MCP Apps views from an AG-UI agent (the official middleware and example server)', () => {
  it('draws the view of the mcp-apps activity on another origin, with the result’s time, and its button calls the server through the agent', async () => {
    const session = uniqueSession('ag-ui-app');
    const { endpoint, sandbox } = await places();
    const el = await chat(session, sandbox);
    void el.send(AG_UI_APPS_ASK);
    await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble).includes(AG_UI_APPS_SAYS)), { message: 'the agent’s sentence' });
    const frame = await waitFor(() => viewFrame(el), { message: 'the view frame' });
    await waitFor(() => frame.src, { message: 'the frame to load the sandbox page' });
    expect(new URL(frame.src).origin, 'the sandbox page the page named').to.equal(new URL(sandbox).origin);
    expect(new URL(frame.src).origin, 'another origin than the page').to.not.equal(location.origin);
    expect(new URL(frame.src).origin, 'and than the agent').to.not.equal(new URL(endpoint).origin);

    // The view's document came through the agent: a proxied resources/read, answered by the middleware.
    const [read] = await poll(() => proxied(session), (list) => list.length > 0, 'the view’s document to be read through the agent');
    expect(read, 'the document read through the agent').to.deep.equal({ method: 'resources/read', params: { uri: 'ui://get-time/mcp-app.html' }, serverId: 'basic-vanillajs' });

    // The official view shows the result's structuredContent.time (and "[ERROR]" without it).
    const first = await poll(() => frameText(SERVER_TIME), (text) => ISO_TIME.test(text), 'the view to show the server time');

    // A real click on the view's "Get Server Time": its tools/call goes to the agent as a proxied run, and the view
    // shows the new time the server returned.
    expect(await frameClick(GET_TIME_BUTTON)).to.equal(true);
    const called = await poll(() => proxied(session), (list) => list.some((request) => request.method === 'tools/call'), 'the view’s tools/call to reach the agent');
    expect(called.find((request) => request.method === 'tools/call')).to.deep.equal({ method: 'tools/call', params: { name: 'get-time', arguments: {} }, serverId: 'basic-vanillajs' });
    const second = await poll(() => frameText(SERVER_TIME), (text) => ISO_TIME.test(text) && text !== first, 'the view to show the new time');
    expect(Date.parse(second)).to.be.greaterThan(Date.parse(first));
  });

  it('the view’s message (ui/message, its Send Message button) goes to the agent as the user’s, and is answered', async () => {
    const { sandbox } = await places();
    const el = await chat(uniqueSession('ag-ui-app-message'), sandbox);
    void el.send(AG_UI_APPS_ASK);
    await poll(() => frameText(SERVER_TIME), (text) => ISO_TIME.test(text), 'the view to show the server time');
    expect(await frameClick(SEND_MESSAGE_BUTTON)).to.equal(true);
    await waitFor(() => userBubbles(el).some((bubble) => shownText(bubble).includes(VIEW_MESSAGE)), { message: 'the view’s message in the conversation' });
    await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble).includes(`You said: ${VIEW_MESSAGE}`)), { message: 'the agent’s answer' });
  });

  it('draws it again for another element on the same thread, from what the activity left on it', async () => {
    const session = uniqueSession('ag-ui-app-again');
    const { sandbox } = await places();
    const first = await chat(session, sandbox);
    void first.send(AG_UI_APPS_ASK);
    await waitFor(() => viewFrame(first)?.src, { message: 'the first view' });
    const shown = await poll(() => frameText(SERVER_TIME), (text) => ISO_TIME.test(text), 'the first view to show the time');
    first.remove();

    const again = await chat(session, sandbox);
    await waitFor(() => viewFrame(again)?.src, { message: 'the view drawn again' });
    expect(await poll(() => frameText(SERVER_TIME), (text) => ISO_TIME.test(text), 'the view drawn again to show the time'), 'the same result').to.equal(shown);
  });

  it('without a sandbox page from the page, the call says so instead of drawing the view', async () => {
    const el = await chat(uniqueSession('ag-ui-app-no-sandbox'), undefined);
    void el.send(AG_UI_APPS_ASK);
    const note = await waitFor(() => viewOf(el)?.shadowRoot?.querySelector('.note[role="status"]'), { message: 'the note' });
    expect(note.textContent).to.include('apps-sandbox');
    expect(viewFrame(el), 'no frame').to.equal(undefined);
  });
});

/** What the test MCP server's counter view (support/mcp-app-view-html.ts) last reported, by its frame's window. */
const counterViews = new Map<MessageEventSource, { input: unknown; result: string | null; called: string | null }>();
window.addEventListener('message', (event) => {
  const data = event.data as { method?: string; params?: { logger?: string; data?: { input: unknown; result: string | null; called: string | null } } } | undefined;
  if (data?.method === 'notifications/message' && data.params?.logger === 'counter-view' && event.source) counterViews.set(event.source, data.params.data!);
});

describe('MCP Apps views from an agent-chat server’s own AG-UI face (its /ag-ui, the activity both ways)', () => {
  it('draws the view its activity names, with the result, and the view’s call goes through the server’s checks as a proxied run', async () => {
    // The mcp-apps scenario: a scripted model calls a real MCP server's show_counter (stdio); its sandbox page is the
    // server's own, on its sandbox origin (the same server reached as localhost).
    const endpoint = await scenario('mcp-apps');
    const sandbox = `${endpoint.replace('127.0.0.1', 'localhost')}/apps/sandbox`;
    const el = await fixture<AgentChat>(
      html`<agent-chat mode="inline" transport="ag-ui" endpoint=${`${endpoint}/ag-ui`} session=${uniqueSession('own-ag-ui-app')} apps-sandbox=${sandbox}></agent-chat>`,
    );
    void el.send('Show me a counter');
    const frame = await waitFor(() => viewFrame(el), { message: 'the view frame' });
    await waitFor(() => frame.src, { message: 'the frame to load the sandbox page' });
    expect(new URL(frame.src).origin).to.equal(new URL(sandbox).origin);
    const reported = () => (frame.contentWindow ? counterViews.get(frame.contentWindow) : undefined);
    const shown = await waitFor(() => (reported()?.result ? reported() : undefined), { message: 'the view to get its result' });
    expect(shown.input).to.deep.equal({ start: 5 });
    expect(shown.result).to.equal('counter at 5');
    await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble).includes(COUNTER_REPLY)), { message: 'the reply' });
    // Its app-only tool, called from the view through the server's /ag-ui (a proxied tools/call run).
    expect(await frameClick('#add')).to.equal(true);
    const called = await waitFor(() => reported()?.called, { message: 'the view’s tool call to be answered' });
    expect(called).to.equal('added 1');
  });
});

describe('mcp-apps activities in the AG-UI translation', () => {
  const result = { content: [{ type: 'text', text: '12:00' }], structuredContent: { time: '12:00' } };
  const activity = (content: Record<string, unknown>, messageId = 'act-1') => ({ type: 'ACTIVITY_SNAPSHOT', messageId, activityType: 'mcp-apps', replace: true, content });
  const call = (toolCallId: string) => [
    { type: 'TOOL_CALL_START', toolCallId, toolCallName: 'get-time', parentMessageId: 'm1' },
    { type: 'TOOL_CALL_ARGS', toolCallId, delta: '{"zone":"UTC"}' },
    { type: 'TOOL_CALL_END', toolCallId },
  ];
  const translate = (translator: AgUiTranslator, ...events: object[]) => events.flatMap((event) => translator.translate(event as { type: string }));
  const view = { resourceUri: 'ui://get-time/app.html', server: 'clock' };
  const callWithView = (toolCallId: string) => ({
    type: 'tool_call',
    turnId: `ag-ui-call-${toolCallId}`,
    toolCallId,
    name: 'get-time',
    kind: 'read',
    label: 'get-time',
    input: { zone: 'UTC' },
    view,
  });

  it('gives the call whose result came just before it its view and MCP result, as the middleware emits them', () => {
    const thread = newThread();
    const translator = new AgUiTranslator(thread);
    translate(translator, ...call('t1'));
    const events = translate(
      translator,
      { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 't1', content: '12:00' },
      activity({ result, resourceUri: view.resourceUri, serverHash: 'abc', serverId: 'clock', toolInput: { zone: 'UTC' } }),
    );
    const plain = { type: 'tool_result', turnId: 'ag-ui-result-t1', toolCallId: 't1', name: 'get-time', output: '12:00', isError: false };
    expect(events).to.deep.equal([plain, callWithView('t1'), { ...plain, viewResult: result }]);
    expect(thread.calls.get('t1')?.app).to.deep.equal({ resourceUri: view.resourceUri, serverHash: 'abc', serverId: 'clock', result });
    // A reload draws it again: the thread's turns carry the view and its result.
    const { turns } = snapshotTurns(thread);
    expect(turns.find((turn) => turn.type === 'tool_call')).to.include({ toolCallId: 't1' }).and.to.have.deep.property('view', view);
    expect(turns.find((turn) => turn.type === 'tool_result')).to.have.deep.property('viewResult', result);
    expect(thread.messages.some((message) => message.role === 'activity'), 'nothing the agent is sent back').to.equal(false);
  });

  it('places an activity under the call it names (an agent-chat server’s toolCallId), whatever came last', () => {
    const translator = new AgUiTranslator(newThread());
    translate(translator, ...call('named'), ...call('other'), { type: 'TOOL_CALL_RESULT', messageId: 'r2', toolCallId: 'other', content: 'x' });
    const events = translate(translator, activity({ result, resourceUri: view.resourceUri, serverHash: 'abc', serverId: 'clock', toolCallId: 'named' }));
    expect(events[0]).to.deep.equal(callWithView('named'));
    // No TOOL_CALL_RESULT for it yet: its result is the MCP result's text.
    expect(events[1]).to.deep.include({ toolCallId: 'named', output: '12:00', viewResult: result });
  });

  it('gives the calls of a MESSAGES_SNAPSHOT their views from its activity messages (a reload of an agent-chat server’s thread), and sends no activity back', () => {
    const thread = newThread();
    const content = { result, resourceUri: view.resourceUri, serverHash: 'abc', serverId: 'clock', toolInput: { zone: 'UTC' }, toolCallId: 'old' };
    translate(new AgUiTranslator(thread), {
      type: 'MESSAGES_SNAPSHOT',
      messages: [
        { id: 'u1', role: 'user', content: 'What time is it?' },
        { id: 'a1', role: 'assistant', toolCalls: [{ id: 'old', type: 'function', function: { name: 'get-time', arguments: '{"zone":"UTC"}' } }] },
        { id: 'r1', role: 'tool', toolCallId: 'old', content: '12:00' },
        { id: 'old.mcp-apps', role: 'activity', activityType: 'mcp-apps', content },
      ],
    });
    const { turns } = snapshotTurns(thread);
    expect(turns.find((turn) => turn.type === 'tool_call')).to.deep.include({ toolCallId: 'old', name: 'get-time', input: { zone: 'UTC' }, view });
    expect(turns.find((turn) => turn.type === 'tool_result')).to.deep.include({ toolCallId: 'old', output: '12:00', viewResult: result });
    expect(runInput(thread, 'thread', [], []).messages.map((message) => message.id)).to.deep.equal(['u1', 'a1', 'r1']);
  });

  it('draws an activity no call explains as a call of its own, and ignores other activities and ones without a document', () => {
    const translator = new AgUiTranslator(newThread());
    const events = translate(translator, activity({ result, resourceUri: 'ui://weather/view.html', serverHash: 'h1', toolInput: { city: 'Oslo' } }, 'lone'));
    expect(events[0]).to.deep.include({ toolCallId: 'ag-ui-activity-lone', name: 'weather', input: { city: 'Oslo' }, view: { resourceUri: 'ui://weather/view.html' } });
    expect(events[1]).to.deep.include({ toolCallId: 'ag-ui-activity-lone', viewResult: result });
    expect(translate(translator, { type: 'ACTIVITY_SNAPSHOT', messageId: 'p', activityType: 'plan', content: { steps: [] } })).to.deep.equal([]);
    expect(translate(translator, activity({ result, serverHash: 'h1' }, 'no-uri'))).to.deep.equal([]);
  });
});
