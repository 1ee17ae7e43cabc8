import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { ContextEvent } from '@lit/context';
import { conversationContext, type ConversationSnapshot } from '../src/context/conversation-context.js';
import type { RunFinishDetail, ToolCallDetail } from '../src/events.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, confirmCards, messageList, shownText, statusLines, toolChips } from './support/dom.js';
import { pageFailed, pageSays } from './support/scenario-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

async function chat(name: string, prefix: string) {
  const endpoint = await scenario(name);
  const session = uniqueSession(prefix);
  const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
  return { el, endpoint, session };
}

async function toolResult(endpoint: string, session: string) {
  const stored = await storedSession(endpoint, session);
  const result = stored.turns.find((turn) => turn.type === 'tool_result');
  if (result?.type !== 'tool_result') throw new Error('no tool result stored');
  return result;
}

describe('<agent-chat> client tools through the adapter (real server)', () => {
  it('runs the page’s handler and the run continues with its result, in one run for the host', async () => {
    const { el, endpoint, session } = await chat('client', 'client-ok');
    const calls: unknown[] = [];
    el.adapter = {
      getContext: () => ({ page: 'report' }),
      tools: {
        read_page: (input: { part: string }, call) => {
          calls.push([input, call.name, call.reason]);
          return { heading: 'Q3 report', part: input.part };
        },
      },
    };
    const starts: unknown[] = [];
    el.addEventListener('agent-chat-run-start', (e) => starts.push(e));
    const toolCall = nextEvent<CustomEvent<ToolCallDetail>>(el, 'agent-chat-tool-call');
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
    await el.send('title');
    expect((await toolCall).detail).to.deep.include({ name: 'read_page', kind: 'client', input: { part: 'title' } });
    expect((await finished).detail.stopReason).to.equal('end_turn');
    expect(starts).to.have.length(1);
    expect(calls).to.deep.equal([[{ part: 'title' }, 'read_page', 'client']]);

    await messageList(el).updateComplete;
    const output = { heading: 'Q3 report', part: 'title' };
    expect(assistantBubbles(el).map((b) => b.text)).to.deep.equal(['Asking the page.', pageSays(output)]);
    const chip = toolChips(el)[0]!;
    await chip.updateComplete;
    expect(chip.state).to.equal('done');
    const result = await toolResult(endpoint, session);
    expect(result).to.deep.include({ isError: false, output });
  });

  it('a throwing handler reaches the agent as an error result', async () => {
    const { el, endpoint, session } = await chat('client', 'client-throw');
    el.adapter = {
      tools: {
        read_page: () => {
          throw new Error('The page is busy');
        },
      },
    };
    await el.send('title');
    await waitFor(() => assistantBubbles(el).length === 2, { message: 'the reply after the error' });
    expect(assistantBubbles(el)[1]!.text).to.equal(pageFailed('The page is busy'));
    expect(await toolResult(endpoint, session)).to.deep.include({ isError: true, output: 'The page is busy' });
    await toolChips(el)[0]!.updateComplete;
    expect(toolChips(el)[0]!.state).to.equal('failed');
  });

  it('a missing handler is an error result too, never a hang', async () => {
    const { el, endpoint, session } = await chat('client', 'client-missing');
    await el.send('title');
    const result = await toolResult(endpoint, session);
    expect(result.isError).to.equal(true);
    expect(String(result.output)).to.contain('no handler for the client tool "read_page"');
  });

  it('Stop while the page’s handler runs ends the run as cancelled at once', async () => {
    const { el } = await chat('client', 'client-stop');
    let started = false;
    el.adapter = { tools: { read_page: () => ((started = true), new Promise(() => {})) } };
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
    void el.send('title');
    await waitFor(() => started, { message: 'the handler to start' });
    const stoppedAt = performance.now();
    await el.stop();
    // At once: not after the 3 s grace after which a Stop ends the run anyway. A generous bound (it takes some ms),
    // below the grace, rather than 1 s, which a busy machine can nearly spend on a frame.
    expect(performance.now() - stoppedAt).to.be.lessThan(2500);
    expect((await finished).detail.stopReason).to.equal('cancelled');
    await messageList(el).updateComplete;
    expect(statusLines(el).map((line) => line.text)).to.deep.equal(['Stopped by user']);
  });
});

describe('<agent-chat> calls that need confirmation', () => {
  it('adapter.confirm approves: the run resumes and the tool runs on the server', async () => {
    const { el, endpoint, session } = await chat('confirm', 'confirm-yes');
    const asked: string[] = [];
    el.adapter = {
      confirm: async (call) => {
        asked.push(`${call.name}:${call.reason}`);
        return { action: 'approve' };
      },
    };
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
    await el.send('delete it');
    expect((await finished).detail.stopReason).to.equal('end_turn');
    expect(asked).to.deep.equal(['delete_item:confirm']);
    expect(assistantBubbles(el).map((b) => b.text)).to.deep.equal(['Deleted F-1.']);
    expect(await toolResult(endpoint, session)).to.deep.include({ isError: false, output: { deleted: 'F-1' } });
  });

  it('adapter.confirm denies: the agent hears the refusal', async () => {
    const { el, endpoint, session } = await chat('confirm', 'confirm-no');
    el.adapter = { confirm: () => ({ action: 'deny', reason: 'Keep it' }) };
    await el.send('delete it');
    expect(assistantBubbles(el).map((b) => b.text)).to.deep.equal(['Not deleted.']);
    const result = await toolResult(endpoint, session);
    expect(result.isError).to.equal(true);
    expect(String(result.output)).to.contain('Keep it');
  });

  it('without adapter.confirm the call stays pending, shown as a confirmation card', async () => {
    const { el } = await chat('confirm', 'confirm-pending');
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
    await el.send('delete it');
    expect((await finished).detail.stopReason).to.equal('awaiting_input');
    const card = await waitFor(() => confirmCards(el)[0], { message: 'the confirmation card' });
    await card.updateComplete;
    expect(card.status).to.equal('pending');
    expect(shownText(card)).to.contain('Deleting F-1');
    expect(toolChips(el), 'the card, not a chip').to.have.length(0);
  });

  it('the confirmation card’s answer (decide) resumes the turn; a refused edit rejects and the call stays pending', async () => {
    const { el } = await chat('confirm', 'confirm-card');
    await el.send('delete it');
    // What the built-in card calls, through the conversation context, asked for as a part asks for it (kept current).
    const conversation = { state: undefined as unknown as ConversationSnapshot };
    messageList(el).dispatchEvent(new ContextEvent(conversationContext, messageList(el), (state: ConversationSnapshot) => (conversation.state = state), true));
    const [call] = conversation.state.pending;
    expect(call).to.deep.include({ name: 'delete_item', reason: 'confirm' });

    let refused: unknown;
    await conversation.state.decide(call!, { action: 'edit', input: { id: 5 } }).catch((error: unknown) => (refused = error));
    expect(String(refused)).to.contain('decisions.0.input');
    expect(conversation.state.pending).to.have.length(1);
    expect(el.running).to.equal(false);

    const starts: unknown[] = [];
    el.addEventListener('agent-chat-run-start', (e) => starts.push((e as CustomEvent).detail));
    await conversation.state.decide(call!, { action: 'edit', input: { id: 'F-9' } });
    expect(starts).to.deep.equal([{ sessionId: conversation.state.sessionId, text: '', resumed: true }]);
    expect(conversation.state.pending).to.have.length(0);
    expect(assistantBubbles(el).map((b) => b.text)).to.deep.equal(['Deleted F-1.']);
    // The card stays, answered.
    await waitFor(() => confirmCards(el)[0]?.status === 'applied', { message: 'the card to read applied' });
  });
});
