import { expect, fixture, html } from '@open-wc/testing';
import type { PendingCall, ToolDescriptor, Turn } from '@agent-chat/protocol';
import '../src/define.js';
import { defineTurnParts } from '../src/features/message-list/define-turn-parts.js';
import { toDisplayItems } from '../src/core/turns/display-items.js';
import { groupTurns } from '../src/core/turns/turn-steps.js';
import type { TestContextRoot } from './support/context-root.js';
import './support/context-root.js';
import { XSS_VECTORS, armXssSpy, unsafeMarkup, xssCount } from './support/xss-vectors.js';

defineTurnParts();

const tools: ToolDescriptor[] = [
  {
    name: 'edit_item',
    description: 'Edit',
    kind: 'write',
    needsConfirmation: true,
    inputSchema: { type: 'object', properties: { id: { type: 'string' }, text: { type: 'string' } }, required: ['id'] },
  },
  { name: 'final_answer', description: 'Answer', kind: 'read', needsConfirmation: false, inputSchema: {}, display: 'answer' },
];

/** Every field of every step that shows model- or tool-supplied text, filled with `text`. */
function turnsShowing(text: string): { turns: Turn[]; pending: PendingCall } {
  const pending: PendingCall = {
    toolCallId: 'k9',
    name: 'edit_item',
    kind: 'write',
    input: { id: text, text },
    label: text,
    reason: 'confirm',
    preview: { title: text, before: 'Before', after: text, impact: [text] },
  };
  const turns: Turn[] = [
    { id: 'u', createdAt: 1, type: 'user', text: 'go' },
    { id: 'th', createdAt: 1, type: 'thinking', text },
    { id: 'c1', createdAt: 1, type: 'tool_call', toolCallId: 'k1', name: 'lookup', input: { q: text }, kind: 'read', label: text },
    { id: 'r1', createdAt: 1, type: 'tool_result', toolCallId: 'k1', output: text, isError: false },
    { id: 'c2', createdAt: 1, type: 'tool_call', toolCallId: 'k2', name: 'lookup', input: {}, kind: 'read', label: text },
    { id: 'r2', createdAt: 1, type: 'tool_result', toolCallId: 'k2', output: { error: text }, isError: true },
    { id: 's', createdAt: 1, type: 'status', text },
    { id: 'e', createdAt: 1, type: 'error', message: text, code: text },
    {
      id: 'c3',
      createdAt: 1,
      type: 'tool_call',
      toolCallId: 'k3',
      name: 'final_answer',
      kind: 'read',
      label: text,
      input: { summary: text, links: [{ title: text, url: '/safe' }, { title: text, url: text }], suggestions: [text] },
    },
    { id: 'r3', createdAt: 1, type: 'tool_result', toolCallId: 'k3', output: 'shown', isError: false },
    { id: 'c9', createdAt: 1, type: 'tool_call', toolCallId: 'k9', name: 'edit_item', input: pending.input, kind: 'write', label: text },
  ];
  return { turns, pending };
}

async function render(text: string): Promise<TestContextRoot> {
  const root = await fixture<TestContextRoot>(html`<test-context-root><agent-chat-turn></agent-chat-turn></test-context-root>`);
  root.setTools(tools);
  const { turns, pending } = turnsShowing(text);
  const turn = root.querySelector('agent-chat-turn')!;
  turn.group = groupTurns(toDisplayItems(turns, false, [pending]), { tools: new Map(tools.map((t) => [t.name, t])), pending: [pending] })[0];
  turn.decide = async () => {};
  await settle(root);
  // The card's edit form puts the text into inputs too.
  const card = turn.shadowRoot!.querySelector('agent-chat-confirm-card')!;
  card.shadowRoot!.querySelector<HTMLButtonElement>('[part~="card-edit"]')!.click();
  await settle(root);
  // Open every <details>, so nothing stays unrendered behind a toggle.
  for (const details of deepElements(root).filter((el): el is HTMLDetailsElement => el.localName === 'details')) details.open = true;
  await settle(root);
  return root;
}

/** Every element under `root`, through every open shadow root. */
function deepElements(root: Element | ShadowRoot): Element[] {
  const found: Element[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    found.push(el);
    if (el.shadowRoot) found.push(...deepElements(el.shadowRoot));
  }
  return found;
}

async function settle(root: Element): Promise<void> {
  for (let i = 0; i < 2; i++) {
    await Promise.all(deepElements(root).map((el) => (el as Partial<{ updateComplete: Promise<unknown> }>).updateComplete));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
}

/** Vectors per test, so each stays well inside the test timeout. */
const BATCH = 16;

describe('XSS corpus through the steps: tool results, labels, inputs, previews, answers, notices', () => {
  let baseline: Set<string>;
  before(async () => {
    // A short text and a long, multi-line one: the form edits the second in a textarea rather than an input.
    const benign = ['plain text', `${'a long and harmless line of text '.repeat(3)}\nand a second line`];
    baseline = new Set<string>();
    for (const text of benign) {
      const root = await render(text);
      for (const el of deepElements(root)) baseline.add(el.localName);
      root.remove();
    }
  });

  for (let start = 0; start < XSS_VECTORS.length; start += BATCH) {
    const batch = XSS_VECTORS.slice(start, start + BATCH);
    it(`runs no script and adds no element: vectors ${start + 1}–${start + batch.length}`, async () => {
      armXssSpy();
      const problems: string[] = [];
      for (const vector of batch) {
        const root = await render(vector.text);
        // The answer's summary is markdown: held to the markdown allow-list, like the agent's replies.
        const summaries = deepElements(root).filter((el) => el.matches('[part~="answer-summary"]'));
        for (const summary of summaries) problems.push(...unsafeMarkup(summary).map((problem) => `${vector.name}: summary ${problem}`));
        for (const el of deepElements(root)) {
          if (summaries.some((summary) => summary.contains(el) && summary !== el)) continue;
          if (!baseline.has(el.localName)) problems.push(`${vector.name}: a <${el.localName}> appeared`);
          for (const attribute of Array.from(el.attributes)) {
            if (attribute.name.startsWith('on')) problems.push(`${vector.name}: ${attribute.name} on <${el.localName}>`);
          }
          const href = el.getAttribute('href');
          if (href !== null && !['http:', 'https:'].includes(new URL(href, location.href).protocol)) {
            problems.push(`${vector.name}: href="${href}" on <${el.localName}> in ${(el.getRootNode() as ShadowRoot).host?.localName}`);
          }
        }
        root.remove();
      }
      // Give a late onerror or a timer a moment to fire.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([...new Set(problems)]).to.deep.equal([]);
      expect(xssCount()).to.equal(0);
    });
  }
});
