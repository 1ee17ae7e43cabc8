import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { frameOf, framePart } from './support/dom.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { waitFor } from './support/wait.js';

// Issue #20 (persona, seed 002): Clear asks before it throws the conversation away.

const question = (el: AgentChat) => frameOf(el)!.shadowRoot!.querySelector('.confirm-clear');
const buttons = (el: AgentChat) => [...frameOf(el)!.shadowRoot!.querySelectorAll<HTMLButtonElement>('header button')].map((b) => b.textContent!.trim());

describe('<agent-chat mode="ephemeral">: Clear', () => {
  it('asks first: Cancel keeps the conversation, Clear again clears it', async () => {
    const endpoint = await scenario('echo');
    const session = uniqueSession('eph-clear');
    const el = await fixture<AgentChat>(html`<agent-chat mode="ephemeral" hide-after="60000" endpoint=${endpoint} session=${session}></agent-chat>`);
    await el.send('Hello');
    await frameOf(el)!.updateComplete;
    expect(buttons(el)).to.deep.equal(['Clear', '×']);

    framePart<HTMLButtonElement>(el, 'clear-button')!.click();
    await waitFor(() => question(el), { message: 'the question' });
    expect(question(el)!.textContent).to.equal('Clear this conversation?');
    expect(question(el)!.getAttribute('role')).to.equal('alert');
    expect(buttons(el)).to.deep.equal(['Clear', 'Cancel', '×']);
    expect(frameOf(el)!.shadowRoot!.activeElement, 'the focus on the answer').to.equal(framePart(el, 'clear-button'));

    [...frameOf(el)!.shadowRoot!.querySelectorAll<HTMLButtonElement>('header button')].find((b) => b.textContent === 'Cancel')!.click();
    await waitFor(() => !question(el), { message: 'the question gone' });
    expect((await storedSession(endpoint, session)).turns.length, 'kept').to.be.greaterThan(0);

    framePart<HTMLButtonElement>(el, 'clear-button')!.click();
    await waitFor(() => question(el), { message: 'asked again' });
    framePart<HTMLButtonElement>(el, 'clear-button')!.click();
    await waitFor(() => !question(el), { message: 'answered' });
    // Cleared on the server: its history is empty.
    let left = -1;
    for (let tries = 0; tries < 40 && left !== 0; tries++) {
      left = (await storedSession(endpoint, session).catch(() => ({ turns: [] }))).turns.length;
      if (left !== 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(left, 'turns left on the server').to.equal(0);
  });
});
