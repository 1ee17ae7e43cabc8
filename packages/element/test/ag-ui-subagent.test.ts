// Issue 34.7, the element's half: <agent-chat transport="ag-ui"> on the agent-chat server's own POST /ag-ui, whose
// sub-agents stream as AG-UI 1.0 sub-agent runs (SUBAGENT_STARTED, events with their subagentRunId,
// SUBAGENT_FINISHED), draws the tree the element's own protocol draws, nested sub-agents included, and draws it
// again from the thread's MESSAGES_SNAPSHOT on a reload. AG-UI has no way to stop one sub-agent: no Stop per branch.
// Against the test server's `subagents` scenario (support/subagent-scenarios.ts).
import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { RunFinishDetail } from '../src/events.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, errorLines, shownText } from './support/dom.js';
import { node, openTree, parentOf, steps, subagents, toggleOf } from './support/subagent-dom.js';
import { SUBAGENTS } from './support/subagent-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

/** The tree the conversation draws once the agent has answered (searcher A drawn): its replies, and every top sub-agent's tree. */
async function drawnTree(el: AgentChat): Promise<string[]> {
  await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble) === SUBAGENTS.answer), { message: 'the agent’s answer' });
  await node(el, SUBAGENTS.label('A'));
  const lines = assistantBubbles(el).map((bubble) => `reply ${shownText(bubble)}`);
  for (const top of subagents(el).filter((each) => !parentOf(each))) lines.push(...(await openTree(top)));
  return lines;
}

describe('<agent-chat transport="ag-ui"> draws AG-UI sub-agent runs as the sub-agent tree (issue 34.7)', () => {
  it('a run with a sub-agent, nested too, draws the tree the element’s own protocol draws; the sub-agents are not the conversation’s turns; a reload draws it again', async () => {
    const endpoint = await scenario('subagents');
    const own = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('subagents-own')}></agent-chat>`);
    await own.send('Where is the answer?');
    const expected = await drawnTree(own);
    own.remove();

    const session = uniqueSession('ag-ui-subagents');
    const el = await fixture<AgentChat>(html`<agent-chat transport="ag-ui" endpoint=${`${endpoint}/ag-ui`} session=${session}></agent-chat>`);
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    await el.send('Where is the answer?');
    expect((await finished).detail.stopReason).to.equal('end_turn');
    const live = await drawnTree(el);
    expect(live).to.deep.equal(expected);
    expect(live).to.include(`  sub-agent Sub-agent ${SUBAGENTS.checkLabel}: done`);
    expect(el.turns.filter((turn) => turn.parentCallId !== undefined), 'sub-agents’ turns among the conversation’s').to.deep.equal([]);
    expect(errorLines(el).map((line) => line.text)).to.deep.equal([]);

    // Another element on the same thread: the thread's MESSAGES_SNAPSHOT draws the same tree.
    el.remove();
    const again = await fixture<AgentChat>(html`<agent-chat transport="ag-ui" endpoint=${`${endpoint}/ag-ui`} session=${session}></agent-chat>`);
    expect(await drawnTree(again)).to.deep.equal(expected);
    expect(again.turns.filter((turn) => turn.parentCallId !== undefined)).to.deep.equal([]);
  });

  it('a running sub-agent fills live but has no Stop of its own (AG-UI cannot stop one branch); the run’s Stop stops it', async () => {
    const endpoint = await scenario('subagents');
    const el = await fixture<AgentChat>(html`<agent-chat transport="ag-ui" endpoint=${`${endpoint}/ag-ui`} session=${uniqueSession('ag-ui-subagents-stop')}></agent-chat>`);
    const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish');
    void el.send('stop the slow one');
    const slow = await node(el, SUBAGENTS.label('SLOW'));
    toggleOf(slow).click();
    await waitFor(() => steps(slow).includes(`message ${SUBAGENTS.reading('SLOW')}`), { message: 'the running sub-agent’s text' });
    expect(slow.state).to.equal('running');
    expect(slow.shadowRoot!.querySelector('[part~="subagent-stop-button"]'), 'no Stop of its own').to.equal(null);
    // The other one ends while SLOW still runs.
    const other = await node(el, SUBAGENTS.label('B'));
    await waitFor(() => other.state === 'done', { message: 'the other sub-agent done' });
    expect(slow.state).to.equal('running');

    await el.stop();
    expect((await finished).detail.stopReason).to.equal('cancelled');
    await waitFor(() => slow.state !== 'running', { message: 'the sub-agent no longer running' });
  });
});
