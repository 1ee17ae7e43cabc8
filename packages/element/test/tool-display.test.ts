import { expect, fixture, html } from '@open-wc/testing';
import type { ToolCallTurn, ToolResultTurn } from '@agent-chat/protocol';
import '../src/chunks/cards.js';
import type { ToolChip } from '../src/features/cards/tool-chip.js';
import { waitFor } from './support/wait.js';

// Issue 35, point 5: what a tool's result holds for the user only (an MCP result's content annotated
// `audience: ["user"]`, the tool_result's `display`) is drawn for the user, in the open under the chip, while the
// folded result keeps what the model read.

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const call: ToolCallTurn = { id: 't1', createdAt: 1, type: 'tool_call', toolCallId: 'c1', name: 'audiences', input: {}, kind: 'read', label: 'Finding flights' };
const result: ToolResultTurn = {
  id: 't2',
  createdAt: 2,
  type: 'tool_result',
  toolCallId: 'c1',
  name: 'audiences',
  output: 'Found 2 flights.',
  isError: false,
  display: [
    { type: 'text', text: 'Your booking reference is XK-42.' },
    { type: 'image', mediaType: 'image/png', size: 70, data: PNG },
  ],
};

describe('a tool result for the user only', () => {
  it('is drawn under the chip, text as text and the image as an image, without expanding the result', async () => {
    const chip = await fixture<ToolChip>(html`<agent-chat-tool-chip state="done" .call=${call} .result=${result}></agent-chat-tool-chip>`);
    await chip.updateComplete;
    const shown = chip.shadowRoot!.querySelector('agent-chat-tool-display')!;
    expect(shown, 'the display element').to.exist;
    await shown.updateComplete;
    const part = shown.shadowRoot!.querySelector('[part~="tool-display"]')!;
    expect(part.querySelector('.text')!.textContent).to.equal('Your booking reference is XK-42.');
    const img = part.querySelector('img')!;
    expect(img.getAttribute('src')).to.equal(`data:image/png;base64,${PNG}`);
    await waitFor(() => img.complete && img.naturalWidth === 1, { message: 'the image decoded' });
    // Visible while the result the model read stays folded away.
    expect(chip.shadowRoot!.querySelector('details')!.open).to.equal(false);
    expect((part as HTMLElement).offsetHeight).to.be.greaterThan(0);
    expect(chip.shadowRoot!.querySelector('[part~="tool-output"]')!.textContent).to.equal('Found 2 flights.');
  });

  it('a result without display parts draws none', async () => {
    const plain = { ...result, display: undefined };
    const chip = await fixture<ToolChip>(html`<agent-chat-tool-chip state="done" .call=${call} .result=${plain}></agent-chat-tool-chip>`);
    await chip.updateComplete;
    expect(chip.shadowRoot!.querySelector('agent-chat-tool-display')).to.equal(null);
    expect(chip.shadowRoot!.querySelector('[part~="tool-output"]')!.textContent).to.equal('Found 2 flights.');
  });
});
