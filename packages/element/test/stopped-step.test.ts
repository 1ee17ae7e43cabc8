import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { RunFinishDetail } from '../src/events.js';
import type { ToolChip } from '../src/features/cards/tool-chip.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { composerButton, deepAll, toolChips } from './support/dom.js';
import { STOPPING } from './support/stop-and-undo-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

// Issue #20, point 3: a write tool stopped part-way ("Stopped after 3 of 6 slides") is not "✓ done". Its result
// says `stopped`, and the chip shows that as an outcome of its own, live, after a reload, and in French.

/** What the chip says: its label, then its outcome. */
const chipText = (chip: ToolChip) => ['.label', '.state'].map((part) => chip.shadowRoot!.querySelector(part)?.textContent?.trim()).join(' ');
const glyph = (chip: ToolChip) => chip.shadowRoot!.querySelector('.glyph')?.textContent;
const outcomes = (el: AgentChat) => toolChips(el).map((chip) => [chip.call!.name, chip.state]);

async function chat(session: string, locale?: string): Promise<AgentChat> {
  const endpoint = await scenario('stopping');
  return fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${endpoint} session=${session} locale=${locale ?? 'en'}></agent-chat>`);
}

/** Sends the request, presses Stop once the third slide is done, and waits for the run to end. */
async function stopPartWay(el: AgentChat): Promise<void> {
  const finished = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
  void el.send('Rewrite every slide');
  // The tool's progress shows on its running chip (issue #20, point 6).
  await waitFor(() => toolChips(el).some((chip) => chip.progress === STOPPING.progress(STOPPING.doneBeforeStop)), { message: 'the third slide done' });
  const stop = composerButton(el);
  expect(stop.textContent!.trim()).to.equal('Stop');
  stop.click();
  expect((await finished).detail.stopReason).to.equal('cancelled');
}

describe('a stopped step (real server)', () => {
  it('shows a tool stopped part-way, and the call that never ran, as "stopped", not done or failed', async () => {
    const session = uniqueSession('stopped');
    const el = await chat(session);
    await stopPartWay(el);
    await waitFor(() => toolChips(el).length === 2 && toolChips(el).every((chip) => chip.state === 'stopped'), { message: 'two stopped chips' });
    expect(outcomes(el)).to.deep.equal([
      ['regenerate_slides', 'stopped'],
      ['read_deck', 'stopped'],
    ]);
    const [partial, notRun] = toolChips(el) as [ToolChip, ToolChip];
    await partial.updateComplete;
    expect(chipText(partial)).to.equal(`${STOPPING.writeLabel} stopped`);
    expect(chipText(notRun)).to.equal(`${STOPPING.readLabel} stopped`);
    expect(glyph(partial)).to.equal('■');
    expect(partial.getAttribute('state')).to.equal('stopped');

    // The result is there to read: the part of the work that was done.
    partial.shadowRoot!.querySelector('summary')!.click();
    await partial.updateComplete;
    expect(partial.shadowRoot!.querySelector('[part~="tool-output"]')!.textContent).to.equal(STOPPING.partial);

    // Not painted as a failure: the cross and the danger border are for errors.
    const border = getComputedStyle(partial.shadowRoot!.querySelector('.chip')!).borderColor;
    const failedChip = document.createElement('agent-chat-tool-chip') as ToolChip;
    failedChip.call = partial.call;
    failedChip.state = 'failed';
    document.body.append(failedChip);
    await failedChip.updateComplete;
    expect(border).not.to.equal(getComputedStyle(failedChip.shadowRoot!.querySelector('.chip')!).borderColor);
    failedChip.remove();

    // What the server stored says the same.
    const stored = await storedSession(el.endpoint, session);
    const results = stored.turns.filter((turn) => turn.type === 'tool_result');
    expect(results.map((turn) => turn.type === 'tool_result' && [turn.stopped, turn.isError])).to.deep.equal([
      [true, false],
      [true, true],
    ]);
  });

  it('looks the same after a reload, and has its own words in French', async () => {
    const session = uniqueSession('stopped-reload');
    const first = await chat(session);
    await stopPartWay(first);
    await waitFor(() => toolChips(first).every((chip) => chip.state === 'stopped') && toolChips(first).length === 2, { message: 'stopped live' });
    first.remove();

    const reloaded = await chat(session);
    await waitFor(() => toolChips(reloaded).length === 2, { message: 'the chips after a reload' });
    expect(outcomes(reloaded)).to.deep.equal([
      ['regenerate_slides', 'stopped'],
      ['read_deck', 'stopped'],
    ]);
    reloaded.remove();

    await import('../src/i18n/fr.js');
    const french = await chat(session, 'fr');
    const chip = await waitFor(() => toolChips(french)[0], { message: 'a chip in French' });
    await waitFor(() => chipText(chip).endsWith('arrêté'), { message: 'the French word for stopped' });
    expect(chipText(chip)).to.equal(`${STOPPING.writeLabel} arrêté`);
    expect(deepAll(french.shadowRoot!, 'agent-chat-tool-chip[state="done"]')).to.have.length(0);
  });
});
