import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChatAdapter, QuickAction } from '../src/context/adapter.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { StateChangeDetail } from '../src/events.js';
import type { ToolChip } from '../src/features/cards/tool-chip.js';
import { agentServerUrl, scenario, uniqueSession } from './support/agent-server.js';
import { composer, statusLines, toolChips } from './support/dom.js';
import { PROGRESS } from './support/follow-page-texts.js';
import { waitFor } from './support/wait.js';

// Quick actions and state follow the page (issue #20, point 6): the host says its context changed and the chips are
// asked for again, with the same adapter; a tool's progress shows on its running step, and the state it sends part-way
// reaches the page as events, so the page need not poll.

/** The quick-action chips under the input, as a person reads them. */
const chipLabels = (el: AgentChat) =>
  Array.from(composer(el).shadowRoot?.querySelector('agent-chat-quick-actions')?.shadowRoot?.querySelectorAll('[part="quick-action"]') ?? []).map(
    (button) => button.textContent!.trim(),
  );

/** What a tool chip says: its label, then its state (or progress). */
const chipText = (chip: ToolChip) => ['.label', '.state'].map((part) => chip.shadowRoot!.querySelector(part)?.textContent?.trim()).join(' ');

describe('<agent-chat> follows the page (real server)', () => {
  it('asks adapter.quickActions again on el.contextChanged(), once, with the page’s new context and the same adapter', async () => {
    let stage = 1;
    const asked: unknown[] = [];
    const adapter: AgentChatAdapter = {
      getContext: () => ({ stage }),
      quickActions: (context): QuickAction[] => {
        asked.push(context?.['stage']);
        return [{ label: `Stage ${String(context?.['stage'])} shortcut`, text: 'go' }];
      },
    };
    const endpoint = await scenario('echo');
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${uniqueSession('context')} .adapter=${adapter}></agent-chat>`);
    await waitFor(() => chipLabels(el).join() === 'Stage 1 shortcut', { message: 'the first stage’s chip' });
    const before = asked.length;

    stage = 2;
    el.contextChanged();
    await waitFor(() => chipLabels(el).join() === 'Stage 2 shortcut', { message: 'the chip of the new stage' });
    expect(asked.slice(before)).to.deep.equal([2]);
    expect(el.adapter).to.equal(adapter);

    // Nothing else asks again: the chips stay as they are until the next change or reply.
    await el.updateComplete;
    expect(asked.slice(before)).to.deep.equal([2]);
  });

  it('shows a tool’s progress on its running step, never as lines, and hands the page each state the tool sends', async () => {
    const session = uniqueSession('progress');
    const endpoint = await scenario('progress');
    const fromAdapter: unknown[] = [];
    const el = await fixture<AgentChat>(
      html`<agent-chat endpoint=${endpoint} session=${session} .adapter=${{ onStateChange: (state: unknown) => fromAdapter.push(state) }}></agent-chat>`,
    );
    const states: StateChangeDetail[] = [];
    el.addEventListener('agent-chat-state-change', (event) => states.push(event.detail));
    const reply = el.send('Rewrite the slides');

    // The tool holds before its third slide: the chip shows how far it got, in place of "running".
    const chip = await waitFor(() => toolChips(el).find((candidate) => candidate.progress === PROGRESS.progress(2)), { message: 'the second slide’s progress' });
    await chip.updateComplete;
    expect(chip.state).to.equal('running');
    expect(chipText(chip)).to.equal(`${PROGRESS.label} ${PROGRESS.progress(2)}`);
    expect(statusLines(el)).to.have.length(0);
    expect(el.running).to.equal(true);
    // Each state the tool sent, with its call, while the run goes on.
    const id = chip.call!.toolCallId;
    expect(states.map((detail) => [detail.state, detail.toolCallId, detail.sessionId])).to.deep.equal([
      [{ slides: ['Rewritten 1', 'Slide 2', 'Slide 3'] }, id, session],
      [{ slides: ['Rewritten 1', 'Rewritten 2', 'Slide 3'] }, id, session],
    ]);
    expect(fromAdapter).to.deep.equal(states.map((detail) => detail.state));

    await fetch(`${await agentServerUrl()}/api/progress-release/${session}`, { method: 'POST' });
    await reply;
    await waitFor(() => chip.state === 'done', { message: 'the step done' });
    await chip.updateComplete;
    expect(chipText(chip)).to.equal(`${PROGRESS.label} done`);
    expect(statusLines(el)).to.have.length(0);
    const all = { slides: ['Rewritten 1', 'Rewritten 2', 'Rewritten 3'] };
    // The third from the tool, then the write's own snapshot (not a tool's: no call id).
    expect(states.slice(2).map((detail) => [detail.state, detail.toolCallId])).to.deep.equal([
      [all, id],
      [all, undefined],
    ]);

    // Reloaded, the stored progress is not drawn as lines either: the step is done.
    const reloaded = await fixture<AgentChat>(html`<agent-chat endpoint=${endpoint} session=${session}></agent-chat>`);
    const again = await waitFor(() => toolChips(reloaded)[0], { message: 'the reloaded chip' });
    await again.updateComplete;
    expect(reloaded.turns.filter((turn) => turn.type === 'status')).to.have.length(PROGRESS.slides);
    expect(chipText(again)).to.equal(`${PROGRESS.label} done`);
    expect(statusLines(reloaded)).to.have.length(0);
  });
});
