import { expect, fixture, html } from '@open-wc/testing';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { ToolChip } from '../src/features/cards/tool-chip.js';
import { scenario, storedSession, uniqueSession } from './support/agent-server.js';
import { CHIPS } from './support/card-texts.js';
import { assistantBubbles, thinkingBlocks, toolChips } from './support/dom.js';
import { nextEvent, waitFor } from './support/wait.js';

// Issue #20, point 9: an expanded tool chip shows what the tool was asked, as a readable list (a field's title, its
// value; nested objects and lists shown as such, not as raw JSON), as well as its result. And a turn that thinks
// twice (before a tool round and after it) shows one "Thought process", not two.

async function chat(session: string): Promise<AgentChat> {
  const endpoint = await scenario('cards');
  return fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${endpoint} session=${session}></agent-chat>`);
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The input's list as [title, value] pairs of its top level, a nested list's own pairs in brackets. */
function fields(list: Element): [string, string][] {
  const pairs: [string, string][] = [];
  for (const dt of Array.from(list.children).filter((child) => child.localName === 'dt')) {
    const dd = dt.nextElementSibling!;
    const nested = dd.querySelector(':scope > dl, :scope > ol');
    pairs.push([clean(dt.textContent), nested ? `[${nestedText(nested)}]` : clean(dd.textContent)]);
  }
  return pairs;
}
function nestedText(list: Element): string {
  if (list.localName === 'dl') return fields(list).map(([title, value]) => `${title}: ${value}`).join('; ');
  return Array.from(list.children, (item) => {
    const inner = item.querySelector(':scope > dl, :scope > ol');
    return inner ? `(${nestedText(inner)})` : clean(item.textContent);
  }).join(' ');
}

const EXPECTED: [string, string][] = [
  ['Order', 'A-17'],
  ['Include', 'items, carrier'],
  ['Address', '[City: Lyon; Zip: 69001]'],
  ['Lines', '[(Sku: X-1; Qty: 2) (Sku: Y-9; Qty: 1)]'],
  ['Gift', 'false'],
];

/** Expands the chip and reads its input list and its result. */
async function expand(chip: ToolChip): Promise<{ input: [string, string][]; inputText: string; output: string }> {
  await chip.updateComplete;
  const details = chip.shadowRoot!.querySelector('details')!;
  expect(details.open, 'collapsed at first').to.equal(false);
  chip.shadowRoot!.querySelector('summary')!.click();
  expect(details.open).to.equal(true);
  const region = chip.shadowRoot!.querySelector('.input')!;
  // The field's title is the schema's, which comes with the tool catalog (GET /tools); its name until then.
  await waitFor(() => region.querySelector('dt')?.textContent === 'Order', { message: 'the title from the catalog' });
  // Between the chip's summary (the call's label) and its result, in reading order.
  expect(region.previousElementSibling?.localName).to.equal('summary');
  expect(region.nextElementSibling?.getAttribute('part')).to.equal('tool-output');
  return {
    input: fields(region.querySelector('dl')!),
    inputText: clean(region.textContent),
    output: chip.shadowRoot!.querySelector('[part~="tool-output"]')!.textContent!,
  };
}

describe('tool chips show their input (real server)', () => {
  it('an expanded chip lists the input, nested values included, above the result; two thoughts are one row', async () => {
    const session = uniqueSession('chip-input');
    const el = await chat(session);
    const finished = nextEvent(el, 'agent-chat-run-finish', { timeout: 10000 });
    void el.send(CHIPS.ask);
    await finished;
    await waitFor(() => assistantBubbles(el).length === 1 && toolChips(el)[0]?.state === 'done', { message: 'the reply and the done chip' });

    const [chip, ...others] = toolChips(el);
    expect(others).to.have.length(0);
    const shown = await expand(chip!);
    expect(shown.input).to.deep.equal(EXPECTED);
    expect(shown.inputText, 'not raw JSON').not.to.match(/[{}"]/);
    expect(JSON.parse(shown.output)).to.deep.equal(CHIPS.result);

    // The server stored two thinking turns; the turn shows them as one row, in the order they came.
    const stored = await storedSession(el.endpoint, session);
    expect(stored.turns.filter((turn) => turn.type === 'thinking')).to.have.length(2);
    const blocks = thinkingBlocks(el);
    expect(blocks).to.have.length(1);
    expect(blocks[0]!.text).to.equal(`${CHIPS.thinking[0]}\n\n${CHIPS.thinking[1]}`);
    await blocks[0]!.updateComplete;
    expect(clean(blocks[0]!.shadowRoot!.querySelector('summary')!.textContent)).to.equal('Thought process');
    // Where the first thought was: before the chip.
    const steps = Array.from(blocks[0]!.parentNode!.children, (step) => step.localName);
    expect(steps.indexOf('agent-chat-thinking')).to.be.lessThan(steps.indexOf('agent-chat-tool-chip'));
    el.remove();

    // The same after a reload.
    const again = await chat(session);
    const reloaded = await waitFor(() => toolChips(again)[0], { message: 'the chip after a reload' });
    expect((await expand(reloaded)).input).to.deep.equal(EXPECTED);
    await waitFor(() => thinkingBlocks(again).length === 1, { message: 'one thought process after a reload' });
    expect(thinkingBlocks(again)[0]!.text).to.equal(`${CHIPS.thinking[0]}\n\n${CHIPS.thinking[1]}`);
  });
});
