import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { ASK } from './support/rendering-texts.js';
import { XSS_VECTORS, armXssSpy, xssCount } from './support/xss-vectors.js';

/** Vectors per test, so each stays well inside the test timeout. */
const BATCH = 20;

/** Every element under `root`, through every open shadow root. */
function deepElements(root: Element | ShadowRoot): Element[] {
  const found: Element[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    found.push(el);
    if (el.shadowRoot) found.push(...deepElements(el.shadowRoot));
  }
  return found;
}

async function settle(el: AgentChat): Promise<void> {
  await Promise.all(deepElements(el.shadowRoot!).map((node) => (node as Partial<{ updateComplete: Promise<unknown> }>).updateComplete));
  await new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * One exchange showing `text` as the user's message, as a mention chip's label (in the draft and on the sent
 * message), as a tool's label and as its result (the echo_back tool returns what it is given).
 */
async function exchange(el: AgentChat, text: string, index: number): Promise<void> {
  const reference = { id: `X-${index}`, title: text };
  el.addReference(reference);
  await settle(el);
  await el.send(`${ASK.echo} ${text}`, { references: [reference] });
  await settle(el);
}

describe('XSS corpus end to end: user text, mention labels, tool labels and results from the real server', () => {
  let baseline: Set<string>;
  before(async () => {
    const endpoint = await scenario('rendering');
    const el = await fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${endpoint} session=${uniqueSession('xss-base')}></agent-chat>`);
    await exchange(el, 'plain text', 0);
    await exchange(el, `${'a long and harmless line '.repeat(4)}\nand another`, 1);
    // The chips and the message actions are chunks of their own that upgrade their tags when they arrive: the
    // baseline is what they draw once they have.
    await customElements.whenDefined('agent-chat-item-chips');
    await customElements.whenDefined('agent-chat-message-actions');
    await settle(el);
    baseline = new Set(deepElements(el.shadowRoot!).map((node) => node.localName));
  });

  for (let start = 0; start < XSS_VECTORS.length; start += BATCH) {
    const batch = XSS_VECTORS.slice(start, start + BATCH);
    it(`runs no script and adds no element: vectors ${start + 1}–${start + batch.length}`, async () => {
      armXssSpy();
      const endpoint = await scenario('rendering');
      const el = await fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${endpoint} session=${uniqueSession('xss-e2e')}></agent-chat>`);
      for (const [offset, vector] of batch.entries()) await exchange(el, vector.text, start + offset);
      expect(el.turns.filter((turn) => turn.type === 'tool_result')).to.have.length(batch.length);
      const problems = new Set<string>();
      for (const node of deepElements(el.shadowRoot!)) {
        // The agent's replies are markdown: B's corpus test holds them to the markdown allow-list.
        if (!baseline.has(node.localName) && !node.closest('.markdown')) problems.add(`a <${node.localName}> appeared`);
        for (const attribute of Array.from(node.attributes)) {
          if (attribute.name.startsWith('on')) problems.add(`${attribute.name} on <${node.localName}>`);
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([...problems]).to.deep.equal([]);
      expect(xssCount()).to.equal(0);
    });
  }
});
