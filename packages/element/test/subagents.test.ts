import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { SubagentNode } from '../src/features/subagent-tree/subagent-node.js';
import { scenario, taggedRequests, uniqueSession } from './support/agent-server.js';
import { axeViolations } from './support/axe.js';
import { assistantBubbles, deepAll, messageList, shownText } from './support/dom.js';
import { node, openTree, steps, toggleOf } from './support/subagent-dom.js';
import { SUBAGENTS } from './support/subagent-texts.js';
import { waitFor } from './support/wait.js';

// Issue 34.6: a sub-agent's call is a chip that opens into the live tree of its run, nested sub-agents included;
// each running branch has its own Stop; a reload draws the same tree from the session's subagentTurns; the tree is a
// disclosure per sub-agent, named for it and its state; usage shows only when asked for. Against the test server's
// `subagents` scenarios (support/subagent-scenarios.ts), which run defineSubagent on scripted models.

/** The element's focus, through the shadow roots it is inside. */
function deepFocus(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function fetched(name: string): boolean {
  return performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.includes(name));
}

describe('sub-agents in the conversation (issue 34.6)', () => {
  it('a sub-agent call draws as a chip that opens into its steps, nested sub-agents too; none of them is in the conversation’s turns; a reload draws the same tree', async () => {
    const endpoint = await scenario('subagents');
    const session = uniqueSession('subagents');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    expect(fetched('/chunks/subagent-tree'), 'the tree’s chunk before any sub-agent').to.equal(false);
    await el.send('Where is the answer?');
    await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble) === SUBAGENTS.answer), { message: 'the agent’s answer' });

    expect(el.turns.filter((turn) => turn.parentCallId !== undefined), 'sub-agents’ turns among the conversation’s').to.deep.equal([]);
    expect(el.turns.flatMap((turn) => (turn.type === 'assistant_text' ? [turn.text] : []))).to.deep.equal([SUBAGENTS.plan, SUBAGENTS.answer]);

    const searcher = await node(el, SUBAGENTS.label('A'));
    expect(fetched('/chunks/subagent-tree'), 'the tree’s chunk, once a sub-agent is drawn').to.equal(true);
    expect(toggleOf(searcher).getAttribute('aria-expanded'), 'closed at first').to.equal('false');
    const live = await openTree(searcher);
    expect(live).to.deep.equal([
      `Sub-agent ${SUBAGENTS.label('A')}: done`,
      '  thinking',
      `  message ${SUBAGENTS.reading('A')}`,
      '  tool Reading a page of A',
      `  sub-agent Sub-agent ${SUBAGENTS.checkLabel}: done`,
      `  message ${SUBAGENTS.found('A')}`,
      `  Sub-agent ${SUBAGENTS.checkLabel}: done`,
      `    message ${SUBAGENTS.quoteChecked}`,
    ]);
    expect(toggleOf(searcher).getAttribute('aria-expanded')).to.equal('true');

    // Another page on the same session: the stored subagentTurns draw the same tree.
    const again = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    await waitFor(() => assistantBubbles(again).length === 2, { message: 'the stored conversation' });
    expect(await openTree(await node(again, SUBAGENTS.label('A')))).to.deep.equal(live);
  });

  it('a sub-agent whose model fails shows failed in its branch; the element reports no run error and the agent answers', async () => {
    const endpoint = await scenario('subagents');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('subagents-fail')}></agent-chat>`);
    const errors: unknown[] = [];
    el.addEventListener('agent-chat-error', (event) => errors.push((event as CustomEvent).detail));
    await el.send('fail one searcher');
    await waitFor(() => assistantBubbles(el).some((bubble) => shownText(bubble) === SUBAGENTS.answer), { message: 'the agent’s answer' });
    const broken = await node(el, SUBAGENTS.label('BROKEN'));
    await waitFor(() => broken.state === 'failed', { message: 'the broken sub-agent failed' });
    expect((await node(el, SUBAGENTS.label('B'))).state).to.equal('done');
    expect(errors, 'a branch’s failure is not the run’s').to.deep.equal([]);
  });

  it('a running sub-agent fills live; its Stop posts the cancel with its call’s id, it shows stopped, and the rest of the run goes on', async () => {
    const endpoint = await scenario('subagents');
    const session = uniqueSession('subagents-stop');
    const tag = uniqueSession('subagents-stop-tag');
    const el = await fixture<AgentChat>(
      html`<agent-chat endpoint=${endpoint} session=${session} .adapter=${{ headers: () => ({ 'x-test-tag': tag }) }}></agent-chat>`,
    );
    const reply = el.send('stop the slow one');
    const slow = await node(el, SUBAGENTS.label('SLOW'));
    expect(slow.state).to.equal('running');
    toggleOf(slow).click();
    // Its text is drawn while it still runs: the tree follows the stream.
    await waitFor(() => steps(slow).includes(`message ${SUBAGENTS.reading('SLOW')}`), { message: 'the running sub-agent’s text' });
    expect(slow.state, 'still running').to.equal('running');

    const stop = slow.shadowRoot!.querySelector<HTMLButtonElement>('[part~="subagent-stop-button"]')!;
    expect(stop.getAttribute('aria-label')).to.equal(`Stop the sub-agent ${SUBAGENTS.label('SLOW')}`);
    stop.click();
    await waitFor(() => slow.state === 'stopped', { message: 'the sub-agent stopped' });
    expect(toggleOf(slow).getAttribute('aria-label')).to.equal(`Sub-agent ${SUBAGENTS.label('SLOW')}: stopped`);
    expect(shownText(slow.shadowRoot!.querySelector('[role="status"]')!), 'said once it stopped').to.equal(`Sub-agent ${SUBAGENTS.label('SLOW')}: stopped`);
    expect(slow.shadowRoot!.querySelector('[part~="subagent-stop-button"]'), 'no Stop once stopped').to.equal(null);

    await reply;
    expect(assistantBubbles(el).map(shownText)).to.include(SUBAGENTS.answer);
    expect((await node(el, SUBAGENTS.label('B'))).state, 'the other sub-agent').to.equal('done');
    expect(el.turns.some((turn) => turn.type === 'status' && turn.code === 'cancelled'), 'the run itself stopped').to.equal(false);
    const cancels = (await taggedRequests(tag)).filter((request) => request.path.endsWith('/cancel'));
    expect(cancels).to.deep.equal([
      { method: 'POST', path: `/api/subagents/sessions/${session}/cancel`, body: { toolCallId: slow.call!.toolCallId } },
    ]);
  });

  it('each sub-agent is a disclosure named for it and its state: Enter, → and ← open and close it, ← goes up to the sub-agent that started it; axe finds nothing', async () => {
    const endpoint = await scenario('subagents');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('subagents-keys')}></agent-chat>`);
    await el.send('Where is the answer?');
    const searcher = await node(el, SUBAGENTS.label('A'));
    const toggle = toggleOf(searcher);
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'true', { message: 'opened by Enter' });
    const group = searcher.shadowRoot!.querySelector<HTMLElement>('[part~="subagent-steps"]')!;
    expect(group.getAttribute('role')).to.equal('group');
    expect(group.getAttribute('aria-label')).to.equal(`Steps of ${SUBAGENTS.label('A')}`);
    expect(toggle.getAttribute('aria-controls')).to.equal(group.id);
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'false' && group.hidden, { message: 'closed by ←' });
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'true' && !group.hidden, { message: 'opened by →' });

    const checker = await node(el, SUBAGENTS.checkLabel);
    toggleOf(checker).focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => checker.open, { message: 'the nested sub-agent opened by →' });
    await sendKeys({ press: 'ArrowLeft' });
    await waitFor(() => !checker.open, { message: 'closed by ←' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(deepFocus(), '← on a closed sub-agent: the one that started it').to.equal(toggle);
    // Tab reaches the nested sub-agent from its parent, through the steps between.
    for (let presses = 0; presses < 10 && deepFocus() !== toggleOf(checker); presses++) await sendKeys({ press: 'Tab' });
    expect(deepFocus(), 'the nested sub-agent, by Tab').to.equal(toggleOf(checker));

    checker.open = true;
    await waitFor(() => steps(checker).length === 1, { message: 'the nested steps' });
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('usage shows only when asked for (show-usage): per sub-agent in the tree and per reply in its actions, from the stream and from the stored session', async () => {
    const endpoint = await scenario('subagents-usage');
    const session = uniqueSession('subagents-usage');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    await el.send('Where is the answer?');
    const searcher = await node(el, SUBAGENTS.label('A'));
    await openTree(searcher);
    const replyBar = () => deepAll(messageList(el).shadowRoot!, '[part~="reply-actions"]')[0];
    await waitFor(replyBar, { message: 'the reply’s actions' });
    expect(deepAll(messageList(el).shadowRoot!, '[part~="subagent-usage"], [part~="reply-usage"]'), 'usage, unasked').to.deep.equal([]);

    // Each model call: 1,200 in and 300 out, $0.0042. The searcher of A made two and its checker one; the reply, two more.
    el.showUsage = true;
    const usageOf = (target: SubagentNode) => target.shadowRoot!.querySelector('[part~="subagent-usage"]');
    await waitFor(() => usageOf(searcher), { message: 'the searcher’s usage' });
    expect(shownText(usageOf(searcher)!)).to.equal('3,600 in, 900 out tokens · $0.0126');
    expect(shownText(usageOf(await node(el, SUBAGENTS.checkLabel))!)).to.equal('1,200 in, 300 out tokens · $0.0042');
    const replyUsage = await waitFor(() => deepAll(messageList(el).shadowRoot!, '[part~="reply-usage"]')[0], { message: 'the reply’s usage' });
    expect(shownText(replyUsage)).to.equal('6,000 in, 1,500 out tokens · $0.021');
    expect(replyUsage.getAttribute('aria-label')).to.equal('This reply’s usage: 6,000 in, 1,500 out tokens · $0.021');

    // From the stored session (its usage per turn, its sub-agents' results) on another page.
    const again = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session} show-usage></agent-chat>`);
    const stored = await waitFor(() => deepAll(messageList(again).shadowRoot!, '[part~="reply-usage"]')[0], { message: 'the stored reply’s usage' });
    expect(shownText(stored)).to.equal('6,000 in, 1,500 out tokens · $0.021');
    const storedSearcher = await node(again, SUBAGENTS.label('A'));
    await waitFor(() => usageOf(storedSearcher), { message: 'the stored searcher’s usage' });
    expect(shownText(usageOf(storedSearcher)!)).to.equal('3,600 in, 900 out tokens · $0.0126');
  });
});
