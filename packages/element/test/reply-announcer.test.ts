import { expect, fixture, html } from '@open-wc/testing';
import type { ToolDescriptor, Turn } from '@agent-chat/protocol';
import { define } from '../src/ui/define-element.js';
import { ReplyAnnouncer } from '../src/features/message-list/reply-announcer.js';
import type { TestContextRoot } from './support/context-root.js';
import './support/context-root.js';
import { waitFor } from './support/wait.js';

define('agent-chat-reply-announcer', ReplyAnnouncer);

const at = 1_700_000_000_000;
const answerTool: ToolDescriptor = {
  name: 'final_answer',
  description: 'The final answer',
  kind: 'read',
  needsConfirmation: false,
  display: 'answer',
  inputSchema: {},
};
const turns: Turn[] = [
  { id: 'u', createdAt: at, type: 'user', text: 'Rename the board' },
  { id: 't', createdAt: at, type: 'assistant_text', text: 'Renaming it now.' },
  { id: 'c', createdAt: at, type: 'tool_call', toolCallId: 'k', name: 'final_answer', input: { summary: 'The board is now called Q3 plan.' }, kind: 'read', label: 'Answer' },
];

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/**
 * "At once", counted in frames rather than ms (a busy machine may take 500 ms over a frame): a reply said without
 * waiting is in the announcement two frames after it finished (it is set in the next one), where one waiting for the
 * catalog would still wait for its one-second timer.
 */
async function expectSaidWithinTwoFrames(announcer: ReplyAnnouncer, text: string, message: string): Promise<void> {
  for (let frames = 0; frames < 2 && announcer.announcement !== text; frames++) await frame();
  expect(announcer.announcement, message).to.equal(text);
}

async function finishedReply(): Promise<{ root: TestContextRoot; announcer: ReplyAnnouncer }> {
  const root = await fixture<TestContextRoot>(html`<test-context-root><agent-chat-reply-announcer></agent-chat-reply-announcer></test-context-root>`);
  const announcer = root.querySelector('agent-chat-reply-announcer')!;
  root.setConversation({ turns: turns.slice(0, 1), running: true });
  root.setConversation({ turns, running: false });
  return { root, announcer };
}

describe('the reply announcer and the tool catalog', () => {
  it('a reply that finished before the catalog came says its answer card once the catalog is in', async () => {
    const { root, announcer } = await finishedReply();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(announcer.announcement, 'nothing said while the catalog is on its way').to.equal('');
    root.setTools([answerTool]);
    await waitFor(() => announcer.announcement === 'The board is now called Q3 plan.', { message: 'the answer card’s summary' });
  });

  it('a catalog that does not come: the reply is said without it, after a second, not before', async () => {
    const { announcer } = await finishedReply();
    const finishedAt = performance.now();
    await waitFor(() => announcer.announcement === 'Renaming it now.', { message: 'the reply’s text', timeout: 20000 });
    expect(performance.now() - finishedAt, 'said after the wait').to.be.greaterThan(900);
  });

  it('an answered catalog, even an empty one, says the reply at once; a failed or absent tool list is one', async () => {
    const { root, announcer } = await finishedReply();
    root.setTools([]);
    await expectSaidWithinTwoFrames(announcer, 'Renaming it now.', 'the reply, with no answer tool known');

    root.setConversation({ turns: turns.slice(0, 1), running: true });
    root.setConversation({ turns, running: false });
    await frame();
    await expectSaidWithinTwoFrames(announcer, 'Renaming it now.', 'the next reply, without waiting');
  });

  it('a reply left waiting is dropped when a new reply starts or the announcer leaves the page', async () => {
    const { root, announcer } = await finishedReply();
    root.setConversation({ turns: [...turns, { id: 'u2', createdAt: at, type: 'user', text: 'And now?' }], running: true });
    // Past the one-second catalog wait (timers fire in the order they are due), and the frame that would show what it said.
    const pastTheWait = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await frame();
      await frame();
    };
    await pastTheWait();
    expect(announcer.announcement, 'the old reply, once a new one started').to.equal('');

    const second = await finishedReply();
    second.announcer.remove();
    await pastTheWait();
    expect(second.announcer.announcement, 'after leaving the page').to.equal('');
  });
});
