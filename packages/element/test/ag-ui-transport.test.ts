// <agent-chat transport="ag-ui"> against an AG-UI agent server that is not ours (support/ag-ui-server.ts: plain
// node:http, @ag-ui/core's schemas and @ag-ui/encoder), in Chromium: what the user sees of each kind of AG-UI event,
// and what the agent was sent (RunAgentInput, checked against AG-UI's own schema by the server).
import type { RunAgentInput } from '@ag-ui/core';
import { expect, fixture, html } from '@open-wc/testing';
import { html as litHtml } from 'lit';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { ErrorDetail, RunFinishDetail, StateChangeDetail, ToolCallDetail } from '../src/events.js';
import { load } from '../src/features/registry.js';
import type { AgUiRecord } from './support/ag-ui-server.js';
import { AG_UI_ASK, AG_UI_TEXT } from './support/ag-ui-texts.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import {
  assistantBubbles,
  composerButton,
  confirmCards,
  errorLines,
  messageList,
  shownText,
  statusLines,
  thinkingBlocks,
  toolChips,
  userBubbles,
} from './support/dom.js';
import { nextEvent, waitFor } from './support/wait.js';

let serverUrl: Promise<string> | undefined;

/** Where the test AG-UI server listens (the test runner started it; its port is chosen at start). */
function agUiServer(): Promise<string> {
  serverUrl ??= fetch('/__ag-ui-server')
    .then((response) => response.json() as Promise<{ url: string | null }>)
    .then(({ url }) => {
      if (!url) throw new Error('the AG-UI test server is not running');
      return url;
    });
  return serverUrl;
}

/** The RunAgentInputs the server was sent on this thread, in order. */
async function received(threadId: string): Promise<AgUiRecord[]> {
  const response = await fetch(`${await agUiServer()}/requests?threadId=${encodeURIComponent(threadId)}`);
  return (await response.json()) as AgUiRecord[];
}

async function chat(prefix: string): Promise<{ el: AgentChat; session: string }> {
  const session = uniqueSession(prefix);
  const endpoint = `${await agUiServer()}/agent`;
  const el = await fixture<AgentChat>(html`<agent-chat transport="ag-ui" endpoint=${endpoint} session=${session}></agent-chat>`);
  return { el, session };
}

/** Whether this page has fetched the AG-UI transport's chunk (its source file, under the test runner). */
const agUiChunkLoaded = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/chunks/ag-ui-transport'));

describe('<agent-chat transport="ag-ui"> (an AG-UI agent server that is not ours)', () => {
  // First, while this page has loaded no element with the transport: each test file has a page of its own.
  it('is not loaded by an element on its own server', async () => {
    const endpoint = await scenario('basic');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('ag-ui-none')}></agent-chat>`);
    await el.send('Hello');
    await waitFor(() => assistantBubbles(el).length > 0, { message: 'the reply' });
    expect(agUiChunkLoaded()).to.equal(false);
  });

  it('shows a run: reasoning as thinking, text as replies, a tool call with its result as a chip; state reaches the adapter', async () => {
    const { el, session } = await chat('ag-ui-full');
    const states: unknown[] = [];
    el.adapter = { getContext: () => ({ page: 'forecast', items: [{ id: 'city-1', title: 'Lyon' }] }), onStateChange: (state) => states.push(state) };
    const toolCalls: ToolCallDetail[] = [];
    el.addEventListener('agent-chat-tool-call', (event) => toolCalls.push((event as CustomEvent<ToolCallDetail>).detail));
    const stateEvents: StateChangeDetail[] = [];
    el.addEventListener('agent-chat-state-change', (event) => stateEvents.push((event as CustomEvent<StateChangeDetail>).detail));
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });

    await el.send(AG_UI_ASK.full);
    expect((await finished).detail.stopReason).to.equal('end_turn');
    await messageList(el).updateComplete;

    expect(userBubbles(el).map((bubble) => bubble.text)).to.deep.equal([AG_UI_ASK.full]);
    expect(thinkingBlocks(el).map((block) => block.text)).to.deep.equal([AG_UI_TEXT.thinking]);
    expect(assistantBubbles(el).map((bubble) => bubble.text)).to.deep.equal([AG_UI_TEXT.before, AG_UI_TEXT.after]);
    const chip = toolChips(el)[0]!;
    await chip.updateComplete;
    expect(chip.call).to.deep.include({ name: 'get_weather', input: { city: 'Lyon' } });
    expect(chip.result).to.deep.include({ output: { sky: 'clear', celsius: 21 }, isError: false });
    expect(chip.state).to.equal('done');
    // Told once, complete (the input streamed into the chip before that).
    expect(toolCalls).to.have.length(1);
    expect(toolCalls[0]).to.deep.include({ name: 'get_weather', input: { city: 'Lyon' } });
    // The snapshot, then the snapshot with AG-UI's JSON patch applied.
    const patched = { city: 'Paris', forecasts: ['clear', 'rain'], units: 'celsius' };
    expect(states).to.deep.equal([{ city: 'Lyon', forecasts: ['clear'] }, patched]);
    expect(stateEvents.map((detail) => detail.state)).to.deep.equal(states);
    expect(errorLines(el)).to.have.length(0);

    // What the agent was sent: AG-UI's RunAgentInput, the thread being the element's session.
    const [first] = await received(session);
    const input: RunAgentInput = first!.input;
    expect(input.threadId).to.equal(session);
    expect(input.runId).to.be.a('string').and.not.equal('');
    expect(input.messages.map((message) => [message.role, message.content])).to.deep.equal([['user', AG_UI_ASK.full]]);
    expect(input.tools).to.deep.equal([]);
    expect(input.context).to.deep.equal([
      { description: 'page', value: 'forecast' },
      { description: 'items', value: JSON.stringify([{ id: 'city-1', title: 'Lyon' }]) },
    ]);
    expect(input.state, 'no state before the agent sent one').to.equal(undefined);

    // The next run is sent the whole conversation (an AG-UI agent keeps none) and the state as the agent left it.
    const second = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    await el.send('And tomorrow?');
    await second;
    await waitFor(() => assistantBubbles(el).length === 3, { message: 'the second reply' });
    expect(assistantBubbles(el)[2]!.text).to.equal(`${AG_UI_TEXT.echo}And tomorrow?`);
    const [, next] = await received(session);
    expect(next!.input.threadId).to.equal(session);
    expect(next!.input.runId).to.not.equal(input.runId);
    expect(next!.input.state).to.deep.equal(patched);
    const history = next!.input.messages;
    // The agent's MESSAGES_SNAPSHOT (AG-UI's reconciliation): its copies in place, its note (never streamed) after them;
    // the reasoning it streamed is the page's own, kept where it came (as @ag-ui/client keeps it) though the snapshot
    // lacks it.
    expect(history.map((message) => message.id).slice(1, 6)).to.deep.equal(['reasoning-1', 'text-1', 'result-1', 'text-2', 'note-1']);
    expect(history.map((message) => message.role)).to.deep.equal(['user', 'reasoning', 'assistant', 'tool', 'assistant', 'assistant', 'user']);
    expect(history[1]).to.deep.include({ role: 'reasoning', content: AG_UI_TEXT.thinking });
    expect(history[5]).to.deep.include({ content: AG_UI_TEXT.note });
    expect(history[2]).to.deep.include({ id: 'text-1', content: AG_UI_TEXT.before });
    expect((history[2] as { toolCalls?: unknown }).toolCalls).to.deep.equal([
      { id: 'call-weather-1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Lyon"}' } },
    ]);
    expect(history[3]).to.deep.include({ role: 'tool', toolCallId: 'call-weather-1', content: '{"sky":"clear","celsius":21}' });
    expect(history[4]).to.deep.include({ id: 'text-2', content: AG_UI_TEXT.after });
    expect(history[6]).to.deep.include({ role: 'user', content: 'And tomorrow?' });
  });

  it('shows an interrupt as a confirmation card; Confirm resumes the run with the answer AG-UI expects', async () => {
    const { el, session } = await chat('ag-ui-approve');
    const paused = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send(AG_UI_ASK.approve);
    expect((await paused).detail.stopReason).to.equal('awaiting_input');

    const card = await waitFor(() => confirmCards(el)[0], { message: 'the confirmation card' });
    await card.updateComplete;
    const part = (name: string) => card.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
    await waitFor(() => part('card-confirm'), { message: 'the Confirm button' });
    expect(card.status).to.equal('pending');
    expect(shownText(card)).to.contain(AG_UI_TEXT.approval).and.contain('notes.txt');
    expect(assistantBubbles(el).map((bubble) => bubble.text)).to.deep.equal([AG_UI_TEXT.asking]);

    const resumed = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    part('card-confirm')!.click();
    expect((await resumed).detail.stopReason).to.equal('end_turn');
    await waitFor(() => card.status === 'applied', { message: 'the card to say it was applied' });
    await waitFor(() => assistantBubbles(el).length === 2, { message: 'the reply after the approval' });
    expect(assistantBubbles(el)[1]!.text).to.equal(AG_UI_TEXT.deleted);
    expect(errorLines(el)).to.have.length(0);

    // The resume is a new run on the same thread that answers the interrupt by its id (AG-UI 1.0).
    const runs = await received(session);
    expect(runs).to.have.length(2);
    expect(runs[0]!.input.resume).to.equal(undefined);
    const resume = runs[1]!.input;
    expect(resume.threadId).to.equal(session);
    expect(resume.resume).to.deep.equal([{ interruptId: 'interrupt-delete-1', status: 'resolved', payload: { approved: true } }]);
    expect(resume.messages.map((message) => message.role)).to.deep.equal(['user', 'assistant']);
  });

  it('Deny answers the interrupt with approved: false, and the card says it was cancelled', async () => {
    const { el, session } = await chat('ag-ui-deny');
    const paused = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send(AG_UI_ASK.approve);
    await paused;
    expect(agUiChunkLoaded()).to.equal(true);
    const card = await waitFor(() => confirmCards(el)[0], { message: 'the confirmation card' });
    const cancel = await waitFor(() => card.shadowRoot!.querySelector<HTMLElement>('[part~="card-cancel"]'), { message: 'the Cancel button' });
    const resumed = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    cancel.click();
    expect((await resumed).detail.stopReason).to.equal('end_turn');
    await waitFor(() => assistantBubbles(el).length === 2, { message: 'the reply after the refusal' });
    expect(assistantBubbles(el)[1]!.text).to.equal(AG_UI_TEXT.kept);
    expect(card.status).to.equal('cancelled');
    const runs = await received(session);
    expect(runs[1]!.input.resume).to.deep.equal([{ interruptId: 'interrupt-delete-1', status: 'resolved', payload: { approved: false } }]);
  });

  it('a new message instead of an answer sends the interrupt back cancelled beside it (AG-UI rule 4); the card says so', async () => {
    const { el, session } = await chat('ag-ui-instead');
    const paused = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send(AG_UI_ASK.approve);
    await paused;
    const card = await waitFor(() => confirmCards(el)[0], { message: 'the confirmation card' });
    const next = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    await el.send(AG_UI_TEXT.instead);
    expect((await next).detail.stopReason).to.equal('end_turn');
    await waitFor(() => card.status === 'cancelled', { message: 'the card cancelled' });
    await waitFor(() => assistantBubbles(el).length === 2, { message: 'the reply to the new message' });
    expect(assistantBubbles(el)[1]!.text).to.equal(`${AG_UI_TEXT.echo}${AG_UI_TEXT.instead}`);
    const runs = await received(session);
    expect(runs[1]!.input.resume).to.deep.equal([{ interruptId: 'interrupt-delete-1', status: 'cancelled' }]);
    expect(runs[1]!.input.messages.at(-1)).to.deep.include({ role: 'user', content: AG_UI_TEXT.instead });
  });

  it('with two interrupts, holds the first answer until the second is given, then resumes with both', async () => {
    const { el, session } = await chat('ag-ui-both');
    const paused = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send(AG_UI_ASK.both);
    await paused;
    await waitFor(() => confirmCards(el).length === 2, { message: 'two confirmation cards' });
    const confirm = async (index: number) => {
      const card = confirmCards(el)[index]!;
      const button = await waitFor(() => card.shadowRoot!.querySelector<HTMLElement>('[part~="card-confirm"]'), { message: `Confirm on card ${index}` });
      const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
      button.click();
      return (await finished).detail.stopReason;
    };
    expect(shownText(confirmCards(el)[0]!)).to.contain('Delete a.txt?');
    expect(await confirm(0), 'still waiting for the second answer').to.equal('awaiting_input');
    expect(await received(session), 'nothing sent for one answer of two').to.have.length(1);
    expect(confirmCards(el)[1]!.status).to.equal('pending');
    expect(await confirm(1)).to.equal('end_turn');
    await waitFor(() => assistantBubbles(el).length === 1, { message: 'the reply after both' });
    expect(assistantBubbles(el)[0]!.text).to.equal(AG_UI_TEXT.deletedBoth);
    await waitFor(() => confirmCards(el).every((card) => card.status === 'applied'), { message: 'both cards applied' });
    const runs = await received(session);
    expect(runs).to.have.length(2);
    expect(runs[1]!.input.resume).to.deep.equal([
      { interruptId: 'both-call-delete-a', status: 'resolved', payload: { approved: true } },
      { interruptId: 'both-call-delete-b', status: 'resolved', payload: { approved: true } },
    ]);
  });

  it("runs a frontend tool the run left to the page (pendingToolCallIds), and sends its result as a tool message", async () => {
    const { el, session } = await chat('ag-ui-client-tool');
    const calls: unknown[] = [];
    el.adapter = {
      tools: {
        read_page: (input) => {
          calls.push(input);
          return { title: 'Quarterly report' };
        },
      },
    };
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    await el.send(AG_UI_ASK.clientTool);
    expect((await finished).detail.stopReason).to.equal('end_turn');
    expect(calls).to.deep.equal([{ part: 'title' }]);
    await waitFor(() => assistantBubbles(el).length === 1, { message: 'the reply after the tool' });
    expect(assistantBubbles(el)[0]!.text).to.equal(`${AG_UI_TEXT.pageSays}{"title":"Quarterly report"}`);
    const chip = toolChips(el)[0]!;
    await chip.updateComplete;
    expect(chip.state).to.equal('done');

    const runs = await received(session);
    expect(runs).to.have.length(2);
    expect(runs[1]!.input.resume).to.equal(undefined);
    const history = runs[1]!.input.messages;
    expect(history.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool']);
    expect(history[2]).to.deep.include({ role: 'tool', toolCallId: 'call-page-1', content: '{"title":"Quarterly report"}' });
  });

  it('a frontend tool the run left to the page is answered in its view (respond), and its answer goes as a tool message', async () => {
    await load('tool-views', document.body);
    const { el, session } = await chat('ag-ui-view-respond');
    el.adapter = {
      toolViews: {
        pick_plan: (call) =>
          litHtml`<div class="picker" role="group" aria-label="Plans">
            <button type="button" ?disabled=${call.status !== 'waiting'} @click=${() => call.respond?.('pro')}>Pro</button>
          </div>`,
      },
    };
    const asked = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    await el.send(AG_UI_ASK.pick);
    expect((await asked).detail.stopReason).to.equal('awaiting_input');
    const button = await waitFor(() => toolChips(el)[0]?.shadowRoot?.querySelector<HTMLButtonElement>('.picker button:not([disabled])'), {
      message: 'the picker, waiting for an answer',
    });
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    button.click();
    expect((await finished).detail.stopReason).to.equal('end_turn');
    await waitFor(() => assistantBubbles(el).length === 1, { message: 'the reply after the answer' });
    expect(assistantBubbles(el)[0]!.text).to.equal(`${AG_UI_TEXT.pageSays}pro`);
    const runs = await received(session);
    expect(runs).to.have.length(2);
    expect(runs[1]!.input.messages.at(-1)).to.deep.include({ role: 'tool', toolCallId: 'call-pick-1', content: 'pro' });
  });

  it('a new message whose request is refused keeps the interrupt open: the next message sends it back cancelled (rule 4)', async () => {
    const { el, session } = await chat('ag-ui-refused');
    const paused = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send(AG_UI_ASK.approve);
    await paused;
    const card = await waitFor(() => confirmCards(el)[0], { message: 'the confirmation card' });
    const refused = nextEvent<CustomEvent<ErrorDetail>>(el, 'agent-chat-error', { timeout: 10000 });
    void el.send(AG_UI_ASK.refused);
    expect((await refused).detail.status).to.equal(503);
    await waitFor(() => composerButton(el).textContent!.trim() === 'Send', { message: 'the refused run over' });
    const next = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    await el.send(AG_UI_TEXT.instead);
    expect((await next).detail.stopReason).to.equal('end_turn');
    await waitFor(() => card.status === 'cancelled', { message: 'the card settled as not answered' });
    const runs = await received(session);
    expect(runs, 'the refused request is not a run').to.have.length(2);
    expect(runs[1]!.input.resume).to.deep.equal([{ interruptId: 'interrupt-delete-1', status: 'cancelled' }]);
    expect(runs[1]!.input.messages.map((message) => [message.role, message.content])).to.deep.equal([
      ['user', AG_UI_ASK.approve],
      ['assistant', AG_UI_TEXT.asking],
      ['user', AG_UI_TEXT.instead],
    ]);
  });

  for (const [how, ask, content] of [
    ['Stop', AG_UI_ASK.slowTool, 'Not run: stopped'],
    ['RUN_ERROR', AG_UI_ASK.failTool, AG_UI_TEXT.failure],
  ] as const) {
    it(`after ${how} between a tool call and its result, the next run is sent a tool message for the call`, async () => {
      const { el, session } = await chat(`ag-ui-open-call-${how}`);
      const ended = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
      void el.send(ask);
      if (how === 'Stop') {
        await waitFor(() => toolChips(el).length === 1, { message: 'the tool chip' });
        composerButton(el).click();
      }
      expect((await ended).detail.stopReason).to.equal(how === 'Stop' ? 'cancelled' : 'error');
      const next = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
      await el.send('Go on');
      expect((await next).detail.stopReason).to.equal('end_turn');
      const runs = await received(session);
      const history = runs.at(-1)!.input.messages;
      expect(history.map((message) => message.role)).to.deep.equal(['user', 'assistant', 'tool', 'user']);
      expect(history[2]).to.deep.include({ role: 'tool', toolCallId: 'call-lookup-1', content });
    });
  }

  it("shows RUN_ERROR as the conversation's error, and tells the page", async () => {
    const { el, session } = await chat('ag-ui-error');
    const failed = nextEvent<CustomEvent<ErrorDetail>>(el, 'agent-chat-error', { timeout: 10000 });
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    await el.send(AG_UI_ASK.fail);
    expect((await failed).detail).to.deep.include({ message: AG_UI_TEXT.failure, code: 'model_overloaded' });
    expect((await finished).detail.stopReason).to.equal('error');
    await messageList(el).updateComplete;
    expect(assistantBubbles(el).map((bubble) => bubble.text)).to.deep.equal([AG_UI_TEXT.beforeFailure]);
    const lines = errorLines(el);
    expect(lines).to.have.length(1);
    expect(lines[0]!.text).to.equal(AG_UI_TEXT.failure);
    expect(composerButton(el).textContent!.trim()).to.equal('Send');

    // Retry runs the same message again: sent once, without what the failed run had added after it.
    const retry = await waitFor(() => lines[0]!.shadowRoot!.querySelector<HTMLButtonElement>('[part~="retry-button"]'), { message: 'Retry' });
    const retried = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    retry.click();
    expect((await retried).detail.stopReason).to.equal('error');
    expect(userBubbles(el)).to.have.length(1);
    const runs = await received(session);
    expect(runs).to.have.length(2);
    expect(runs[1]!.input.messages.map((message) => [message.role, message.content])).to.deep.equal([['user', AG_UI_ASK.fail]]);
  });

  it('Stop closes the request: the agent sees the connection go, the reply keeps what came', async () => {
    const { el, session } = await chat('ag-ui-stop');
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send(AG_UI_ASK.slow);
    await waitFor(() => (assistantBubbles(el)[0]?.text.length ?? 0) >= 12, { message: 'some streamed text' });
    const button = composerButton(el);
    expect(button.textContent!.trim()).to.equal('Stop');
    button.click();

    expect((await finished).detail.stopReason).to.equal('cancelled');
    await messageList(el).updateComplete;
    expect(statusLines(el).map((line) => line.text)).to.deep.equal(['Stopped by user']);
    expect(errorLines(el)).to.have.length(0);
    const shown = assistantBubbles(el)[0]!.text;
    expect(shown).to.match(/^word0 word1 /);
    expect(composerButton(el).textContent!.trim()).to.equal('Send');

    // The agent saw its client go before its run finished (AG-UI has no cancel request: closing is how one stops).
    let [run] = await received(session);
    for (let tries = 0; tries < 100 && !run?.closedEarly; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [run] = await received(session);
    }
    expect(run?.closedEarly).to.equal(true);
  });
});
