import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import '../src/i18n/fr.js'; // registers locale="fr", for the test of the French texts
import type { AgentChat } from '../src/agent-chat.js';
import type { FeedbackDetail, RunFinishDetail } from '../src/events.js';
import type { MessageActions } from '../src/features/message-actions/message-actions.js';
import { agentServerUrl, scenario, storedSession, taggedRequests, uniqueSession } from './support/agent-server.js';
import { axeViolations } from './support/axe.js';
import { assistantBubbles, deepAll, messageList, shownText, userBubbles } from './support/dom.js';
import { ACTIONS } from './support/message-action-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

// Issue #21 point 3 in Chromium against the real agent server (test-server.ts, /api/actions: the real
// @anthropic-ai/sdk against the fake Messages API, which records what the model was sent).

const TAG_HEADER = 'x-test-tag';

interface Record {
  histories: string[][];
  feedback: { turnId: string; rating: string; comment?: string }[];
  title: string | null;
}

/** What the server's fake Messages API was sent (the requests whose history holds `mark`), and the hook's calls. */
async function record(mark: string, sessionId: string): Promise<Record> {
  const response = await fetch(`${await agentServerUrl()}/api/actions-record?mark=${encodeURIComponent(mark)}&session=${encodeURIComponent(sessionId)}`);
  return (await response.json()) as Record;
}

async function chat(session: string, tag = session, locale = 'en'): Promise<AgentChat> {
  const endpoint = await scenario('actions');
  const el = await fixture<AgentChat>(html`<agent-chat
    locale=${locale}
    mode="inline"
    endpoint=${endpoint}
    session=${session}
    .adapter=${{ headers: () => ({ [TAG_HEADER]: tag }) }}
  ></agent-chat>`);
  await el.updateComplete;
  return el;
}

/** Waits for the run that `act` starts to end, as a reply. */
async function finished(el: AgentChat, act: () => unknown): Promise<void> {
  const done = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
  await act();
  expect((await done).detail.stopReason).to.equal('end_turn');
}

/** The action elements of the messages (`user`) or of their replies, in order. */
const actionsOf = (el: AgentChat, side: 'user' | 'reply' = 'user') =>
  deepAll<MessageActions>(messageList(el).shadowRoot!, 'agent-chat-message-actions').filter((element) => (side === 'reply') === (element.reply === 1));

/** The action element of the `index`th message, once its chunk is in and it has drawn its bars. */
async function actions(el: AgentChat, index: number, bar: 'user' | 'reply' = 'reply'): Promise<MessageActions> {
  return waitFor(
    () => {
      const element = actionsOf(el, bar)[index];
      return element?.shadowRoot?.querySelector(`.bar.${bar}`) ? element : undefined;
    },
    { message: `the actions of message ${index}` },
  );
}

function button(actions: MessageActions, selector: string): HTMLButtonElement {
  const found = actions.shadowRoot!.querySelector<HTMLButtonElement>(selector);
  if (!found) throw new Error(`no ${selector} in the message actions`);
  return found;
}

/** The pager's "n/m" on a bar, or undefined when it has none. */
function pager(actions: MessageActions, bar: 'user' | 'reply'): string | undefined {
  return actions.shadowRoot!.querySelector(`.bar.${bar} .pager span[aria-hidden]`)?.textContent?.trim();
}

/** The element focused now, through shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** A first message that wrote (so Undo is offered), and its Edit form open. */
async function editingAfterAWrite(session: string, title: string) {
  const el = await chat(session);
  await finished(el, () => el.send(`${ACTIONS.changePrefix}${title}`));
  await waitFor(() => deepAll(messageList(el).shadowRoot!, 'agent-chat-undo-bar').length === 1, { message: 'Undo offered' });
  const bar = await actions(el, 0, 'user');
  button(bar, '.bar.user .edit').click();
  const field = await waitFor(() => bar.shadowRoot!.querySelector<HTMLTextAreaElement>('.edit textarea'), { message: 'the edit form' });
  return { el, bar, field };
}

describe('message actions (real server)', () => {
  it('copies a message and a reply as markdown, and says Copied', async () => {
    const session = uniqueSession('copy');
    const el = await chat(session);
    await finished(el, () => el.send('copy **this** please'));
    const bar = await actions(el, 0);
    const message = await actions(el, 0, 'user');
    let copied: string | undefined;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (value: string) => ((copied = value), Promise.resolve()) },
    });
    try {
      button(message, '.bar.user .copy').click();
      await waitFor(() => copied !== undefined, { message: 'the message copied' });
      expect(copied).to.equal('copy **this** please');
      await waitFor(() => button(message, '.bar.user .copy').getAttribute('aria-label') === 'Copied', { message: 'Copied' });

      button(bar, '.bar.reply .copy').click();
      await waitFor(() => copied !== 'copy **this** please', { message: 'the reply copied' });
      expect(copied).to.equal(assistantBubbles(el)[0]!.text);
      expect(copied).to.match(/^Reply \d+ to: copy \*\*this\*\* please$/);
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
    }
  });

  it('retries the last reply: shows ‹ 2/2 ›, pages back to the first, and keeps both across a reload', async () => {
    const session = uniqueSession('retry');
    const mark = `retry me ${session}`;
    const el = await chat(session);
    await finished(el, () => el.send(mark));
    const first = assistantBubbles(el)[0]!.text;
    const bar = await actions(el, 0);
    expect(pager(bar, 'reply')).to.equal(undefined);

    // From the keyboard, and the focus is back on Retry once the new reply is in.
    button(bar, '.bar.reply .retry').focus();
    await finished(el, () => sendKeys({ press: 'Enter' }));
    await waitFor(() => pager(actionsOf(el, 'reply')[0]!, 'reply') === '2/2', { message: '‹ 2/2 › on the reply' });
    await waitFor(() => deepActive() === actionsOf(el, 'reply')[0]!.shadowRoot!.querySelector('.bar.reply .retry'), { message: 'the focus back on Retry' });
    const second = assistantBubbles(el)[0]!.text;
    expect(second).to.not.equal(first);
    expect(assistantBubbles(el)).to.have.length(1);
    // The model was asked again with the message alone: the replaced reply is no part of its history.
    const { histories } = await record(mark, session);
    expect(histories).to.have.length(2);
    expect(histories[1]).to.deep.equal([`user: ${mark}`]);

    button(actionsOf(el, 'reply')[0]!, '.bar.reply .previous').click();
    await waitFor(() => pager(actionsOf(el, 'reply')[0]!, 'reply') === '1/2', { message: '‹ 1/2 › after paging back' });
    expect(assistantBubbles(el).map((bubble) => bubble.text)).to.deep.equal([first]);
    expect(button(actionsOf(el, 'reply')[0]!, '.bar.reply .previous').disabled).to.equal(true);

    // A reload shows the version chosen, and the other is still one page away.
    el.remove();
    const again = await chat(session);
    await waitFor(() => assistantBubbles(again).length === 1, { message: 'the history' });
    expect(assistantBubbles(again)[0]!.text).to.equal(first);
    const reloaded = await actions(again, 0);
    await waitFor(() => pager(reloaded, 'reply') === '1/2', { message: '‹ 1/2 › after the reload' });
    button(reloaded, '.bar.reply .next').click();
    await waitFor(() => assistantBubbles(again)[0]?.text === second, { message: 'the second reply again' });
    expect(pager(actionsOf(again, 'reply')[0]!, 'reply')).to.equal('2/2');
  });

  it('edits a message: the model gets the branch, and the old branch is a page away', async () => {
    const session = uniqueSession('edit');
    const mark = `edit ${session}`;
    const el = await chat(session);
    await finished(el, () => el.send(`${mark} one`));
    await finished(el, () => el.send(`${mark} two`));
    const before = userBubbles(el).map((bubble) => bubble.text);
    const firstReply = assistantBubbles(el)[0]!.text;
    const bar = await actions(el, 1, 'user');

    // From the keyboard: the Edit button, Enter, the text, Enter.
    button(bar, '.bar.user .edit').focus();
    await sendKeys({ press: 'Enter' });
    const field = await waitFor(() => bar.shadowRoot!.querySelector<HTMLTextAreaElement>('.edit textarea'), { message: 'the edit form' });
    await waitFor(() => deepActive() === field, { message: 'the focus in the edit field' });
    expect(field.value).to.equal(`${mark} two`);
    field.select();
    await finished(el, async () => {
      await sendKeys({ type: `${mark} two, edited` });
      await sendKeys({ press: 'Enter' });
    });

    await waitFor(() => pager(actionsOf(el)[1]!, 'user') === '2/2', { message: '‹ 2/2 › on the edited message' });
    // The focus is on the edited message's Edit once its reply is in, not lost to the page.
    await waitFor(() => deepActive() === actionsOf(el)[1]!.shadowRoot!.querySelector('.bar.user .edit'), { message: 'the focus on Edit' });
    expect(userBubbles(el).map((bubble) => bubble.text)).to.deep.equal([`${mark} one`, `${mark} two, edited`]);
    const { histories } = await record(mark, session);
    expect(histories.at(-1)).to.deep.equal([`user: ${mark} one`, `assistant: ${firstReply}`, `user: ${mark} two, edited`]);
    const stored = await storedSession(await scenario('actions'), session);
    expect(stored.branches).to.deep.equal([{ turnId: stored.turns[2]!.id, index: 1, count: 2 }]);

    button(actionsOf(el)[1]!, '.bar.user .previous').click();
    await waitFor(() => userBubbles(el)[1]?.text === `${mark} two`, { message: 'the original message again' });
    expect(userBubbles(el).map((bubble) => bubble.text)).to.deep.equal(before);
    expect(pager(actionsOf(el)[1]!, 'user')).to.equal('1/2');
  });

  it('sends feedback to the server hook and fires agent-chat-feedback', async () => {
    const session = uniqueSession('feedback');
    const el = await chat(session);
    await finished(el, () => el.send('rate this'));
    const bar = await actions(el, 0);
    button(bar, '.bar.reply .thumb.down').click();
    const field = await waitFor(() => bar.shadowRoot!.querySelector<HTMLTextAreaElement>('.comment textarea'), { message: 'the comment form' });
    await waitFor(() => deepActive() === field, { message: 'the focus in the comment' });
    const event = nextEvent<CustomEvent<FeedbackDetail>>(el, 'agent-chat-feedback');
    await sendKeys({ type: 'too vague' });
    await sendKeys({ press: 'Enter' });
    const { detail } = await event;
    const stored = await storedSession(await scenario('actions'), session);
    const replyId = stored.turns[1]!.id;
    expect(detail).to.deep.equal({ sessionId: session, turnId: replyId, rating: 'down', comment: 'too vague' });
    // The hook has been called once the element shows the rating as given (after the server's answer).
    await waitFor(() => button(bar, '.bar.reply .thumb.down').getAttribute('aria-pressed') === 'true' && !bar.shadowRoot!.querySelector('.comment'), { message: 'the rating given' });
    await waitFor(() => shownText(bar).includes('Thanks for your feedback.'), { message: 'the thanks' });
    expect(deepActive()).to.equal(button(bar, '.bar.reply .thumb.down'));
    expect((await record('', session)).feedback).to.deep.equal([{ turnId: replyId, rating: 'down', comment: 'too vague' }]);
    expect(button(bar, '.bar.reply .thumb.up').getAttribute('aria-pressed')).to.equal('false');
  });

  it('offers to undo the writes of the reply it replaces first: Cancel, Undo and go on, Keep them and go on', async () => {
    const session = uniqueSession('undo-first');
    const el = await chat(session);
    await finished(el, () => el.send(`${ACTIONS.changePrefix}Alpha`));
    expect((await record('', session)).title).to.equal('Alpha');
    const bar = await actions(el, 0);
    await waitFor(() => deepAll(messageList(el).shadowRoot!, 'agent-chat-undo-bar').length === 1, { message: 'Undo offered' });

    // Cancelled (Escape): nothing is sent.
    button(bar, '.bar.reply .retry').click();
    const question = await waitFor(() => bar.shadowRoot!.querySelector('.ask'), { message: 'the question' });
    expect(shownText(question)).to.contain('Undo the changes this reply made first?');
    await waitFor(() => deepActive() === button(bar, '.ask .undo'), { message: 'the focus on the first answer' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !bar.shadowRoot!.querySelector('.ask'), { message: 'the question gone' });
    await waitFor(() => deepActive() === button(bar, '.bar.reply .retry'), { message: 'the focus back on Retry' });
    expect((await taggedRequests(session)).filter((request) => request.method === 'POST').map((request) => request.path.split('/').at(-1))).to.deep.equal(['messages']);

    // Undo and go on: the undo goes first, then the retry.
    button(bar, '.bar.reply .retry').click();
    await waitFor(() => bar.shadowRoot!.querySelector('.ask'), { message: 'the question again' });
    await finished(el, () => button(bar, '.ask .undo').click());
    const posts = (await taggedRequests(session)).filter((request) => request.method === 'POST').map((request) => request.path.split('/').at(-1));
    expect(posts).to.deep.equal(['messages', 'undo', 'retry']);
    await waitFor(() => pager(actionsOf(el, 'reply')[0]!, 'reply') === '2/2', { message: '‹ 2/2 ›' });

    // The retried reply wrote again; an edit now asks again, and Keep goes on without undoing.
    await waitFor(() => deepAll(messageList(el).shadowRoot!, 'agent-chat-undo-bar').length === 1, { message: 'Undo offered again' });
    const userBar = actionsOf(el)[0]!;
    button(userBar, '.bar.user .edit').click();
    const field = await waitFor(() => userBar.shadowRoot!.querySelector<HTMLTextAreaElement>('.edit textarea'), { message: 'the edit form' });
    field.value = `${ACTIONS.changePrefix}Beta`;
    button(userBar, '.edit .primary').click();
    await waitFor(() => userBar.shadowRoot!.querySelector('.ask.user'), { message: 'the question on the message' });
    await finished(el, () => button(userBar, '.ask .keep').click());
    const after = (await taggedRequests(session)).filter((request) => request.method === 'POST').map((request) => request.path.split('/').at(-1));
    expect(after).to.deep.equal(['messages', 'undo', 'retry', 'messages']);
    expect((await record('', session)).title).to.equal('Beta');

    // Paging back to the first version would put this one's writes aside too: asked first, and Cancel sends nothing.
    await waitFor(() => deepAll(messageList(el).shadowRoot!, 'agent-chat-undo-bar').length === 1, { message: 'Undo offered for the edit' });
    const edited = await waitFor(() => (pager(actionsOf(el)[0]!, 'user') === '2/2' ? actionsOf(el)[0] : undefined), { message: '‹ 2/2 › on the message' });
    button(edited, '.bar.user .previous').click();
    await waitFor(() => edited.shadowRoot!.querySelector('.ask.user'), { message: 'the question before paging' });
    button(edited, '.ask .cancel').click();
    await waitFor(() => !edited.shadowRoot!.querySelector('.ask'), { message: 'the question gone' });
    expect((await taggedRequests(session)).filter((request) => request.method === 'POST')).to.have.length(4);
    expect(pager(edited, 'user')).to.equal('2/2');
  });

  it('an edit whose question another message made stale comes back as a form with its text', async () => {
    const session = uniqueSession('stale-edit');
    const { el, bar, field } = await editingAfterAWrite(session, 'Delta');
    field.value = `${ACTIONS.changePrefix}Epsilon`;
    button(bar, '.edit .primary').click();
    await waitFor(() => bar.shadowRoot!.querySelector('.ask.user'), { message: 'the question on the message' });
    // The page sends another message before the question is answered.
    await finished(el, () => el.send('something else'));
    await waitFor(() => !bar.shadowRoot!.querySelector('.ask'), { message: 'the stale question gone' });
    expect(shownText(bar.shadowRoot!.querySelector('.note.user')!)).to.equal('The conversation has moved on since: try again.');
    const again = await waitFor(() => bar.shadowRoot!.querySelector<HTMLTextAreaElement>('.edit textarea'), { message: 'the edit form back' });
    expect(again.value).to.equal(`${ACTIONS.changePrefix}Epsilon`);
    expect((await record('', session)).title, 'nothing undone, nothing edited').to.equal('Delta');
  });

  it('keeps an edit that comes while a reply streams, and drops a retry’s question that another message made stale, saying why', async () => {
    const session = uniqueSession('busy');
    const { el, bar, field } = await editingAfterAWrite(session, 'Gamma');
    const replyBar = await actions(el, 0);
    field.value = 'edited while busy';
    button(replyBar, '.bar.reply .retry').click();
    await waitFor(() => replyBar.shadowRoot!.querySelector('.ask.reply'), { message: 'the question' });

    // Both land while the next message's reply streams (run-start is sent as its run begins, before any of it).
    const started = new Promise<void>((resolve) =>
      el.addEventListener(
        'agent-chat-run-start',
        () => {
          field.form!.requestSubmit();
          resolve();
        },
        { once: true },
      ),
    );
    await finished(el, async () => {
      void el.send('another message');
      await started;
      await bar.updateComplete;
      expect(bar.shadowRoot!.querySelector('.edit textarea')).to.equal(field);
      expect(field.value).to.equal('edited while busy');
      expect(button(bar, '.edit .primary').disabled).to.equal(true);
      expect(shownText(bar.shadowRoot!.querySelector('.note.user')!)).to.equal('A reply is still coming: try again once it ends.');
      // The retry's question was about the reply before this message: answered now, it would undo and retry the new
      // one. It goes, and says why.
      await replyBar.updateComplete;
      expect(replyBar.shadowRoot!.querySelector('.ask.reply')).to.equal(null);
      expect(shownText(replyBar.shadowRoot!.querySelector('.note.reply')!)).to.equal('The conversation has moved on since: try again.');
    });
    await waitFor(() => !button(bar, '.edit .primary').disabled, { message: 'Send again once the reply is in' });
    expect((await taggedRequests(session)).filter((request) => request.method === 'POST').map((request) => request.path.split('/').at(-1))).to.deep.equal(['messages', 'messages']);
  });

  it('shows its buttons on hover and on focus, and axe finds nothing on the bars and their forms', async () => {
    const session = uniqueSession('a11y');
    const el = await chat(session);
    await finished(el, () => el.send('check me'));
    const bar = await actions(el, 0);
    const message = await actions(el, 0, 'user');
    const copy = button(bar, '.bar.reply .copy');
    const opacity = () => getComputedStyle(copy).opacity;
        await waitFor(() => opacity() === '0' || bar.hover, { message: 'hidden at rest' });
    copy.focus();
    await waitFor(() => opacity() === '1', { message: 'shown on focus' });
    copy.blur();
    bar.hover = true;
    message.hover = true;
    await bar.updateComplete;
    await waitFor(() => opacity() === '1', { message: 'shown on hover' });
    expect(await axeViolations(bar)).to.deep.equal([]);
    expect(await axeViolations(message)).to.deep.equal([]);
    // In the DOM (so in the focus order and to a screen reader): the message, its bar, the reply, the reply's bar.
    const turn = messageList(el).shadowRoot!.querySelector('agent-chat-turn')!;
    expect(message.compareDocumentPosition(turn) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    expect(turn.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).to.not.equal(0);
    button(message, '.bar.user .edit').click();
    button(bar, '.bar.reply .thumb.up').click();
    await waitFor(() => message.shadowRoot!.querySelector('.edit textarea') && bar.shadowRoot!.querySelector('.comment textarea'), { message: 'both forms' });
    expect(await axeViolations(bar)).to.deep.equal([]);
    expect(await axeViolations(message)).to.deep.equal([]);
    // Escape closes a form, and the message is left as it was.
    const editField = message.shadowRoot!.querySelector<HTMLTextAreaElement>('.edit textarea')!;
    editField.focus();
    await waitFor(() => deepActive() === editField, { message: 'the focus in the edit field' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !message.shadowRoot!.querySelector('form.edit'), { message: 'the edit form closed' });
    await waitFor(() => deepActive() === button(message, '.bar.user .edit'), { message: 'the focus back on Edit' });
    expect(userBubbles(el).map((bubble) => bubble.text)).to.deep.equal(['check me']);
  });

  it('words its buttons in the element’s language', async () => {
    const session = uniqueSession('fr');
    const el = await chat(session, session, 'fr');
    await finished(el, () => el.send('bonjour'));
    const bar = await actions(el, 0);
    const message = await actions(el, 0, 'user');
    const labels = [message, bar].flatMap((element) => [...element.shadowRoot!.querySelectorAll('.bar button')].map((button) => button.getAttribute('aria-label')));
    expect(labels).to.deep.equal(['Copier', 'Modifier', 'Copier', 'Réessayer', 'Bonne réponse', 'Mauvaise réponse']);
    button(bar, '.bar.reply .thumb.up').click();
    const field = await waitFor(() => bar.shadowRoot!.querySelector<HTMLTextAreaElement>('.comment textarea'), { message: 'the comment form' });
    expect(field.getAttribute('aria-label')).to.equal('Commentaire (facultatif)');
    expect(shownText(bar.shadowRoot!.querySelector('.comment')!)).to.contain('Envoyer l’avis');
  });

  it('offers no second Retry on a reply that failed: its error line has the one that sends the message again', async () => {
    const session = uniqueSession('failed');
    const el = await chat(session);
    const done = nextEvent<CustomEvent<RunFinishDetail>>(el, 'agent-chat-run-finish', { timeout: 10000 });
    await el.send(`${ACTIONS.failOncePrefix}${session}`);
    expect((await done).detail.stopReason).to.equal('error');
    const bar = await actions(el, 0);
    expect(bar.shadowRoot!.querySelector('.bar.reply .retry')).to.equal(null);
    expect(bar.shadowRoot!.querySelector('.bar.reply .copy')).to.not.equal(null);
  });
});
