// <agent-chat transport="ag-ui"> on the agent-chat server's own AG-UI face (POST /ag-ui under its mount path): the
// element's two transports meet the server's two faces, and a conversation looks the same either way.
import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { RunFinishDetail } from '../src/events.js';
import { scenario, storedSession, taggedRequests, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, confirmCards, errorLines, messageList, thinkingBlocks, toolChips } from './support/dom.js';
import { BASIC } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

async function chat(name: string, prefix: string): Promise<AgentChat> {
  const endpoint = `${await scenario(name)}/ag-ui`;
  return fixture<AgentChat>(html`<agent-chat transport="ag-ui" endpoint=${endpoint} session=${uniqueSession(prefix)}></agent-chat>`);
}

describe('<agent-chat transport="ag-ui"> on an agent-chat server (its POST /ag-ui)', () => {
  it('shows thinking, text and a tool call with its result', async () => {
    const el = await chat('basic', 'own-ag-ui-basic');
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    await el.send('Where is my order?');
    expect((await finished).detail.stopReason).to.equal('end_turn');
    await messageList(el).updateComplete;
    expect(errorLines(el).map((line) => line.text)).to.deep.equal([]);
    expect(thinkingBlocks(el).map((block) => block.text)).to.deep.equal([BASIC.thinking]);
    expect(assistantBubbles(el).map((bubble) => bubble.text)).to.deep.equal([BASIC.before, BASIC.after]);
    const chip = toolChips(el)[0]!;
    await chip.updateComplete;
    expect(chip.call).to.deep.include({ name: 'lookup_order', input: { order_id: 'A-17' } });
    expect(chip.state).to.equal('done');
  });

  it('an approval is a card; Confirm resumes the run', async () => {
    const el = await chat('confirm', 'own-ag-ui-confirm');
    const paused = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send('Delete F-1');
    expect((await paused).detail.stopReason).to.equal('awaiting_input');
    const card = await waitFor(() => confirmCards(el)[0], { message: 'the confirmation card' });
    const confirm = await waitFor(() => card.shadowRoot!.querySelector<HTMLElement>('[part~="card-confirm"]'), { message: 'Confirm' });
    const resumed = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    confirm.click();
    expect((await resumed).detail.stopReason).to.equal('end_turn');
    await waitFor(() => assistantBubbles(el).length === 1, { message: 'the reply after the approval' });
    expect(assistantBubbles(el)[0]!.text).to.equal('Deleted F-1.');
    await waitFor(() => card.status === 'applied', { message: 'the card applied' });
    expect(errorLines(el).map((line) => line.text)).to.deep.equal([]);
  });

  it('a new message instead of an answer sends the interrupt back cancelled beside it (AG-UI rule 4): the call is refused, the card unanswered, the new turn runs', async () => {
    const endpoint = await scenario('confirm');
    const session = uniqueSession('own-ag-ui-skip');
    const tag = uniqueSession('own-ag-ui-skip-tag');
    const el = await fixture<AgentChat>(html`<agent-chat transport="ag-ui" endpoint=${`${endpoint}/ag-ui`} session=${session}></agent-chat>`);
    el.adapter = { headers: () => ({ 'x-test-tag': tag }) };
    const paused = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send('Delete F-1');
    await paused;
    const card = await waitFor(() => confirmCards(el)[0], { message: 'the confirmation card' });
    const next = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send('Never mind');
    // The new turn ran (this agent asks for a delete again).
    expect((await next).detail.stopReason).to.equal('awaiting_input');
    await waitFor(() => card.status === 'cancelled', { message: 'the first card cancelled' });
    expect(errorLines(el).map((line) => line.text)).to.deep.equal([]);

    // One request: the open interrupt cancelled, beside the new message.
    const stored = await storedSession(endpoint, session);
    const call = stored.turns.find((turn) => turn.type === 'tool_call');
    const runs = (await taggedRequests(tag)).filter((request) => request.path.endsWith('/ag-ui'));
    expect(runs.length).to.equal(2);
    const input = runs[1]!.body as { resume?: unknown; messages: Array<{ role: string; content?: unknown }> };
    expect(input.resume).to.deep.equal([{ interruptId: call?.type === 'tool_call' ? call.toolCallId : undefined, status: 'cancelled' }]);
    expect(input.messages.at(-1)).to.deep.include({ role: 'user', content: 'Never mind' });
    // What the server kept: the call answered as refused, then the new message (a history the model accepts).
    const types = stored.turns.map((turn) => turn.type);
    const result = stored.turns[types.indexOf('tool_result')];
    expect(result).to.deep.include({ isError: true, confirmation: { action: 'deny' } });
    expect(stored.turns[types.indexOf('tool_result') + 1]).to.deep.include({ type: 'user', text: 'Never mind' });
  });
});
