import { expect, fixture, html } from '@open-wc/testing';
import type { Turn } from '@agent-chat/protocol';
import '../src/define.js';
import { defineTurnParts } from '../src/features/message-list/define-turn-parts.js';
import type { AgentChat } from '../src/agent-chat.js';
import { toDisplayItems } from '../src/core/turns/display-items.js';
import type { AgentTurn } from '../src/features/message-list/agent-turn.js';
import { groupTurns } from '../src/core/turns/turn-steps.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { deepAll, messageList, queuedBubbles } from './support/dom.js';
import { waitFor } from './support/wait.js';

describe('<agent-chat> keyed lists: an element keeps its own item when the list changes in the middle', () => {
  it('keeps each step on its own element when the tool catalog hides a step', async () => {
    const now = Date.now();
    const turns: Turn[] = [
      { id: 'u', createdAt: now, type: 'user', text: 'Go' },
      { id: 'c', createdAt: now, type: 'tool_call', toolCallId: 'k', name: 'audit_log', input: {}, kind: 'read', label: 'Audit' },
      { id: 'r', createdAt: now, type: 'tool_result', toolCallId: 'k', name: 'audit_log', output: 'ok', isError: false },
      { id: 't', createdAt: now, type: 'assistant_text', text: 'Done.' },
    ];
    // A turn on its own, outside a conversation: its parts are defined here (the shell alone does not define them).
    defineTurnParts();
    const turn = await fixture<AgentTurn>(html`<agent-chat-turn></agent-chat-turn>`);
    const items = toDisplayItems(turns, false);
    turn.group = groupTurns(items, { tools: new Map(), pending: [] })[0];
    await turn.updateComplete;
    const before = deepAll(turn.shadowRoot!, 'agent-chat-tool-chip, agent-chat-message');
    expect(before.map((element) => element.localName)).to.deep.equal(['agent-chat-tool-chip', 'agent-chat-message']);
    const bubble = before[1]!;

    const hidden = new Map([['audit_log', { name: 'audit_log', description: 'Audit', kind: 'read' as const, display: 'hidden' as const, needsConfirmation: false, inputSchema: {} }]]);
    turn.group = groupTurns(items, { tools: hidden, pending: [] })[0];
    await turn.updateComplete;
    const after = deepAll(turn.shadowRoot!, 'agent-chat-tool-chip, agent-chat-message');
    expect(after).to.have.length(1);
    expect(after[0], 'the text keeps its element').to.equal(bubble);
  });

  it('keeps the other queued messages on their elements when one is taken out of the queue', async () => {
    const endpoint = await scenario('paced');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('keyed-queue')}></agent-chat>`);
    const first = el.send('long wait');
    const a = el.send('first queued');
    const b = el.send('second queued');
    await waitFor(() => queuedBubbles(el).length === 2, { message: 'two queued messages' });
    const [, second] = queuedBubbles(el);
    queuedBubbles(el)[0]!.querySelector('button')!.click();
    await a;
    await messageList(el).updateComplete;
    const left = queuedBubbles(el);
    expect(left).to.have.length(1);
    expect(left[0], 'the second message keeps its element').to.equal(second);
    expect(left[0]!.textContent).to.contain('second queued');
    await first;
    await b;
  });
});
