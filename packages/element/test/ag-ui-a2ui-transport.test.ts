// A2UI over AG-UI with the element's AG-UI transport (src/transport/ag-ui) on the agent-chat server's own POST
// /ag-ui, in Chromium: the server's `a2ui-surface` activities become the element's ui events and, on a reload, ui
// turns; an update to a surface brings only what changed; an act goes as the run's forwardedProps.a2uiAction.
// Against the test server's `ag-ui-a2ui` scenario (support/ag-ui-a2ui-scenarios.ts).
import type { StreamEvent } from '@agent-chat/protocol';
import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { AgUiClient } from '../src/transport/ag-ui/ag-ui-client.js';
import { deepAll } from './support/dom.js';
import { waitFor } from './support/wait.js';
import { agentServerUrl, scenario, storedSession, taggedRequests, uniqueSession } from './support/agent-server.js';
import { A2UI_BOOKED, A2UI_FORM, A2UI_MIDDLEWARE_ARGS, A2UI_MIDDLEWARE_PATH, A2UI_SAY, a2uiActReply } from './support/ag-ui-a2ui-texts.js';

/** One run through the transport: the element's events it gave, in order. */
async function run(client: AgUiClient, session: string, body: { text: string; action?: { surfaceId: string; name: string; sourceComponentId?: string; context: Record<string, unknown> } }): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const message of await client.sendMessage(session, body, new AbortController().signal)) events.push(JSON.parse(message.data) as StreamEvent);
  return events;
}

/** The text a node shows, through its open shadow roots. */
const textOf = (root: Node): string =>
  Array.from(root.childNodes)
    .map((node) => (node.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : `${node instanceof Element && node.shadowRoot ? textOf(node.shadowRoot) : ''}${textOf(node)}`))
    .join(' ');

const uiEvents = (events: readonly StreamEvent[]) => events.filter((event): event is Extract<StreamEvent, { type: 'ui' }> => event.type === 'ui');

describe('<agent-chat transport="ag-ui">: A2UI surfaces over AG-UI (own server)', () => {
  it('turns the activities into ui events (an update extends the same surface) and, on a reload, ui turns; an act goes as forwardedProps', async () => {
    const tag = uniqueSession('ag-ui-a2ui-tag');
    const session = uniqueSession('ag-ui-a2ui');
    const endpoint = `${await scenario('ag-ui-a2ui')}/ag-ui`;
    const client = new AgUiClient({ endpoint, headers: () => ({ 'x-test-tag': tag }) });

    const drawn = uiEvents(await run(client, session, { text: A2UI_SAY.draw }));
    expect(drawn.map((event) => event.messages)).to.deep.equal([A2UI_FORM]);
    const booked = uiEvents(await run(client, session, { text: A2UI_SAY.booked }));
    // Only what the update adds, under the same activity: the surface changes in place.
    expect(booked.map((event) => [event.toolCallId, event.messages])).to.deep.equal([[drawn[0]!.toolCallId, [A2UI_BOOKED]]]);

    // A reload of the conversation: the thread's snapshot, the surface as it was last, as ui turns.
    const { turns } = await client.getSession(session);
    const ui = turns.filter((turn) => turn.type === 'ui');
    expect(ui.flatMap((turn) => (turn.type === 'ui' ? turn.messages : []))).to.deep.equal([...A2UI_FORM, A2UI_BOOKED]);

    // The user presses Book: the run carries the act in forwardedProps, and no user message.
    const action = { surfaceId: 'booking', name: 'book', sourceComponentId: 'book', context: { guest: 'Ada' } };
    const answered = await run(client, session, { text: '', action });
    const said = answered.flatMap((event) => (event.type === 'text_delta' ? [event.text] : [])).join('');
    expect(said).to.equal(a2uiActReply('book', { guest: 'Ada' }));
    const posts = (await taggedRequests(tag)).filter((request) => request.method === 'POST');
    const last = posts.at(-1)!.body as { forwardedProps?: unknown; messages: { role: string; content?: unknown }[] };
    expect(last.forwardedProps).to.deep.equal({ a2uiAction: { userAction: action } });
    expect(last.messages.filter((message) => message.role === 'user').map((message) => message.content)).to.deep.equal([A2UI_SAY.draw, A2UI_SAY.booked]);

    // The server stored the act as the user's turn; the page's reload shows it as that turn too.
    const stored = await storedSession(await scenario('ag-ui-a2ui'), session);
    expect(stored.turns.filter((turn) => turn.type === 'user').at(-1)).to.deep.include({ text: '', action });
    const reloaded = (await client.getSession(session)).turns.filter((turn) => turn.type === 'user');
    expect(reloaded.at(-1)).to.deep.include({ text: '', action });
  });

  it('draws what an agent behind @ag-ui/a2ui-middleware streams (its growing snapshots applied in place), and its act reaches the agent', async () => {
    const session = uniqueSession('ag-ui-a2ui-middleware');
    const client = new AgUiClient({ endpoint: `${await agentServerUrl()}${A2UI_MIDDLEWARE_PATH}` });
    const drawn = uiEvents(await run(client, session, { text: A2UI_SAY.draw }));
    const { surfaceId, components, data } = A2UI_MIDDLEWARE_ARGS;
    // The middleware's second snapshot repeats the first and adds the data: only the data is applied again.
    expect(drawn.flatMap((event) => event.messages)).to.deep.equal([
      { version: 'v0.9', createSurface: { surfaceId, catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } },
      { version: 'v0.9', updateComponents: { surfaceId, components } },
      { version: 'v0.9', updateDataModel: { surfaceId, path: '/', value: data } },
    ]);
    expect(new Set(drawn.map((event) => event.toolCallId)).size, 'one activity').to.equal(1);

    const answered = await run(client, session, { text: '', action: { surfaceId, name: 'go', sourceComponentId: 'go', context: { city: 'Lisbon' } } });
    const said = answered.flatMap((event) => (event.type === 'text_delta' ? [event.text] : [])).join('');
    // The agent read the middleware's log_a2ui_event result, made from the act the run carried.
    expect(said).to.equal('User performed action "go" on surface "trip" (component: go). Context: {"city":"Lisbon"}');
  });

  it('<agent-chat transport="ag-ui"> draws the surface the activity brings, and its update in place', async () => {
    const endpoint = `${await scenario('ag-ui-a2ui')}/ag-ui`;
    const el = await fixture<AgentChat>(html`<agent-chat mode="inline" transport="ag-ui" endpoint=${endpoint} session=${uniqueSession('ag-ui-a2ui-drawn')}></agent-chat>`);
    const surfaces = () => deepAll(el.shadowRoot!, 'a2ui-surface[data-surface-id="booking"]');
    const shows = (text: string) => surfaces().some((surface) => textOf(surface.shadowRoot ?? surface).includes(text));
    await el.send(A2UI_SAY.draw);
    await waitFor(() => surfaces().length === 1 && shows('Free'), { message: 'the booking surface, drawn with its data', timeout: 15000 });
    const [drawn] = surfaces() as (HTMLElement & { surface?: unknown })[];
    const model = drawn!.surface;
    await el.send(A2UI_SAY.booked);
    await waitFor(() => shows('Booked'), { message: 'the same surface, marked booked', timeout: 15000 });
    // In place: the same element, showing the same surface model, now with the new values.
    expect(surfaces(), 'one surface').to.deep.equal([drawn]);
    expect((drawn as { surface?: unknown }).surface, 'the same surface model').to.equal(model);
  });
});
