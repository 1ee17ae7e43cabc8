import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { EphemeralFrame } from '../src/features/frames/ephemeral-frame.js';
import { centerOf, composer, frameOf, framePart, suggestionOptions, textarea } from './support/dom.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { nextEvent, waitFor } from './support/wait.js';

// Issue #20, point 7: Escape closes a pinned ephemeral output panel (seed 002's PINNED stays until the user says so).

/** The frame's state as it is now (its reflected attribute follows with its next update). */
const stateOf = (el: AgentChat) => (frameOf(el) as EphemeralFrame).state;

/** An ephemeral chat with one exchange, its output pinned by a click on the panel's title. */
async function pinned(endpointName: string, session: string): Promise<AgentChat> {
  const endpoint = await scenario(endpointName);
  // Long enough that the click lands before the panel hides by itself.
  const el = await fixture<AgentChat>(html`<agent-chat mode="ephemeral" hide-after="5000" endpoint=${endpoint} session=${uniqueSession(session)}></agent-chat>`);
  await el.send('Hello');
  await el.updateComplete;
  await frameOf(el)!.updateComplete;
  await sendMouse({ type: 'click', position: centerOf(framePart(el, 'title')!) });
  expect(stateOf(el)).to.equal('PINNED');
  return el;
}

describe('<agent-chat mode="ephemeral">: Escape', () => {
  afterEach(() => resetMouse());

  it('closes the pinned output from the composer, which keeps the focus', async () => {
    const el = await pinned('echo', 'eph-escape');
    textarea(el).focus();
    const closed = nextEvent(el, 'agent-chat-close');
    await sendKeys({ press: 'Escape' });
    await closed;
    expect(stateOf(el)).to.equal('HIDDEN');
    expect(el.opened).to.equal(false);
    await el.updateComplete;
    await frameOf(el)!.updateComplete;
    expect(framePart(el, 'output')!.hidden).to.equal(true);
    expect(composer(el).shadowRoot!.activeElement).to.equal(textarea(el));
    // "Show output" pins it back, and Escape closes it again, the focus on the page.
    framePart<HTMLButtonElement>(el, 'show-output')!.click();
    expect(stateOf(el)).to.equal('PINNED');
    (document.activeElement as HTMLElement | null)?.blur();
    await sendKeys({ press: 'Escape' });
    expect(stateOf(el)).to.equal('HIDDEN');
  });

  it('closes it from inside the panel, and the focus goes to the composer rather than being lost with it', async () => {
    const el = await pinned('echo', 'eph-escape-inside');
    const clear = framePart<HTMLButtonElement>(el, 'clear-button')!;
    clear.focus();
    expect(frameOf(el)!.shadowRoot!.activeElement).to.equal(clear);
    await sendKeys({ press: 'Escape' });
    expect(stateOf(el)).to.equal('HIDDEN');
    await waitFor(() => composer(el).shadowRoot!.activeElement === textarea(el), { message: 'the focus in the composer' });
  });

  it('closes only the suggestion list when one is open; the next Escape closes the panel', async () => {
    const el = await pinned('commands', 'eph-escape-list');
    textarea(el).focus();
    await sendKeys({ type: '/' });
    await waitFor(() => suggestionOptions(el).length > 0, { message: 'the command list' });
    await sendKeys({ press: 'Escape' });
    expect(suggestionOptions(el)).to.have.length(0);
    expect(stateOf(el), 'the panel stays').to.equal('PINNED');
    await sendKeys({ press: 'Escape' });
    expect(stateOf(el)).to.equal('HIDDEN');
    expect(textarea(el).value, 'the draft is kept').to.equal('/');
  });

  it('leaves a hidden panel hidden and the page’s own Escape alone', async () => {
    const el = await pinned('echo', 'eph-escape-page');
    // The page handled this Escape (its own dialog closed): the panel is not the page's to close with it.
    const handled = (event: KeyboardEvent) => event.preventDefault();
    document.addEventListener('keydown', handled, { capture: true, once: true });
    await sendKeys({ press: 'Escape' });
    expect(stateOf(el)).to.equal('PINNED');
    await sendKeys({ press: 'Escape' });
    expect(stateOf(el)).to.equal('HIDDEN');
    await sendKeys({ press: 'Escape' });
    expect(stateOf(el)).to.equal('HIDDEN');
    expect(el.opened).to.equal(false);
  });
});
