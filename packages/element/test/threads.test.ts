import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { SessionListResponse } from '@agent-chat/protocol';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { ThreadChangeDetail } from '../src/events.js';
import type { ThreadList } from '../src/features/threads/thread-list.js';
import { axeViolations } from './support/axe.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, composer, shownText, textarea, userBubbles } from './support/dom.js';
import { echo } from './support/scenario-texts.js';
import { TEST_USER_HEADER } from './support/thread-texts.js';
import { nextEvent, waitFor } from './support/wait.js';

// The thread view (issue #21, point 1) in Chromium against the real agent server (test-server.ts, /api/threads):
// each test is a user of its own (the x-test-user header, sent through adapter.headers), so it sees only its own
// conversations, and no test sees another's.

const userHeaders = (user: string) => ({ [TEST_USER_HEADER]: user });

/** A conversation started on the server directly, as another tab of the same user would have. */
async function startConversation(endpoint: string, user: string, sessionId: string, text: string): Promise<void> {
  const response = await fetch(`${endpoint}/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...userHeaders(user) },
    body: JSON.stringify({ text }),
  });
  expect(response.status).to.equal(200);
  // The stream ends with done, after the session is stored.
  await response.text();
}

async function serverList(endpoint: string, user: string): Promise<SessionListResponse['sessions']> {
  const response = await fetch(`${endpoint}/sessions`, { headers: userHeaders(user) });
  expect(response.status).to.equal(200);
  return ((await response.json()) as SessionListResponse).sessions;
}

/** A user with `texts` as conversations, oldest first, the newest shown in a floating element with threads. */
async function setUp(texts: string[], mode = 'floating') {
  const endpoint = await scenario('threads');
  const user = uniqueSession('user');
  const ids = texts.map((_, index) => `${user}-c${index}`);
  for (const [index, text] of texts.entries()) await startConversation(endpoint, user, ids[index]!, text);
  const el = await fixture<AgentChat>(html`<agent-chat
    mode=${mode}
    open
    threads
    endpoint=${endpoint}
    session=${ids.at(-1)!}
    storage-key=${uniqueSession('threads-frame')}
    .adapter=${{ headers: () => userHeaders(user) }}
  ></agent-chat>`);
  await el.updateComplete;
  return { el, endpoint, user, ids };
}

function threadList(el: AgentChat): ThreadList {
  const part = el.shadowRoot!.querySelector('agent-chat-thread-list');
  if (!part) throw new Error('no thread view');
  return part;
}

const inList = <T extends Element = HTMLElement>(el: AgentChat, selector: string): T | null =>
  threadList(el).shadowRoot?.querySelector<T>(selector) ?? null;
const allInList = <T extends Element = HTMLElement>(el: AgentChat, selector: string): T[] =>
  Array.from(threadList(el).shadowRoot?.querySelectorAll<T>(selector) ?? []);

async function threadsButton(el: AgentChat): Promise<HTMLButtonElement> {
  return waitFor(() => el.shadowRoot!.querySelector('agent-chat-thread-list')?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="threads-button"]'), {
    message: 'the thread view’s button (its chunk loaded)',
  });
}

const rowTitles = (el: AgentChat) => allInList(el, '[part~="thread"] .title').map((title) => title.textContent!.trim());
const pickButtons = (el: AgentChat) => allInList<HTMLButtonElement>(el, '.pick');
/** The element focused inside the thread view's shadow root. */
const focusedInList = (el: AgentChat) => threadList(el).shadowRoot!.activeElement;

async function openList(el: AgentChat, count: number): Promise<void> {
  (await threadsButton(el)).click();
  await waitFor(() => pickButtons(el).length === count, { message: `${count} conversations listed` });
}

describe('threads', () => {
  it('lists the user’s conversations newest first, in the header, with the one shown marked', async () => {
    const { el, ids } = await setUp(['Plan the spring trip', 'What is a monad', 'Summarize the meeting notes']);
    const button = await threadsButton(el);
    // In the frame's header, first of its actions.
    expect(button.getRootNode()).to.equal(threadList(el).shadowRoot);
    expect(threadList(el).assignedSlot?.name).to.equal('header-actions');
    expect(button.getAttribute('aria-expanded')).to.equal('false');

    await openList(el, 3);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(rowTitles(el)).to.deep.equal(['Summarize the meeting notes', 'What is a monad', 'Plan the spring trip']);
    const current = pickButtons(el).filter((pick) => pick.getAttribute('aria-current') === 'true');
    expect(current.map((pick) => pick.querySelector('.title')!.textContent)).to.deep.equal(['Summarize the meeting notes']);
    expect(allInList(el, 'time').every((time) => time.textContent!.trim() !== '' && time.getAttribute('datetime'))).to.equal(true);
    // Focus goes to the conversation shown.
    await waitFor(() => focusedInList(el) === pickButtons(el)[0], { message: 'focus on the current conversation' });
    expect(el.sessionId).to.equal(ids[2]);
  });

  it('switches with the keyboard: arrows move, Enter opens one (its history loads), Escape closes', async () => {
    const { el, ids } = await setUp(['First conversation here', 'Second conversation here']);
    await waitFor(() => userBubbles(el).length === 1, { message: 'the shown conversation’s history' });
    await openList(el, 2);
    await waitFor(() => focusedInList(el) === pickButtons(el)[0], { message: 'focus on the list' });
    await sendKeys({ press: 'ArrowDown' });
    expect(focusedInList(el)).to.equal(pickButtons(el)[1]);
    await sendKeys({ press: 'ArrowDown' });
    expect(focusedInList(el), 'the last stays').to.equal(pickButtons(el)[1]);
    await sendKeys({ press: 'ArrowUp' });
    expect(focusedInList(el)).to.equal(pickButtons(el)[0]);
    await sendKeys({ press: 'End' });
    expect(focusedInList(el)).to.equal(pickButtons(el)[1]);

    const changed = nextEvent<CustomEvent<ThreadChangeDetail>>(el, 'agent-chat-thread-change');
    await sendKeys({ press: 'Enter' });
    expect((await changed).detail).to.deep.equal({ sessionId: ids[0] });
    expect(el.session).to.equal(ids[0]);
    expect(el.sessionId).to.equal(ids[0]);
    expect(inList(el, '.sheet'), 'the sheet closes').to.equal(null);
    await waitFor(() => userBubbles(el).length === 1 && shownText(userBubbles(el)[0]!).includes('First conversation here'), {
      message: 'the chosen conversation’s history',
    });
    expect(shownText(assistantBubbles(el)[0]!)).to.contain(echo('First conversation here'));
    // The composer has the focus, to go on with it.
    await waitFor(() => el.shadowRoot!.activeElement?.localName === 'agent-chat-composer', { message: 'focus in the composer' });

    // Escape closes the sheet and gives the focus back to its button; the panel stays open.
    await openList(el, 2);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => inList(el, '.sheet') === null, { message: 'the sheet closed' });
    expect(focusedInList(el)).to.equal(await threadsButton(el));
    expect(el.opened).to.equal(true);
  });

  it('the host sets the thread with `session`, and the list follows', async () => {
    const { el, ids } = await setUp(['Alpha conversation', 'Beta conversation']);
    el.session = ids[0];
    await waitFor(() => userBubbles(el).length === 1 && shownText(userBubbles(el)[0]!).includes('Alpha conversation'), {
      message: 'the host’s choice loaded',
    });
    await openList(el, 2);
    const current = pickButtons(el).find((pick) => pick.getAttribute('aria-current') === 'true');
    expect(current?.querySelector('.title')!.textContent).to.equal('Alpha conversation');
  });

  it('renames: the title is saved on the server and shown in place', async () => {
    const { el, endpoint, user, ids } = await setUp(['Old title words', 'Another one']);
    await openList(el, 2);
    const rename = allInList<HTMLButtonElement>(el, '[part~="thread-rename-button"]')[1]!;
    expect(rename.getAttribute('aria-label')).to.equal('Rename “Old title words”');
    rename.click();
    const input = await waitFor(() => inList<HTMLInputElement>(el, '[part~="thread-title-input"]'), { message: 'the title field' });
    await waitFor(() => focusedInList(el) === input, { message: 'focus in the title field' });
    expect(input.value).to.equal('Old title words');
    await sendKeys({ type: 'Trip to Lisbon' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => rowTitles(el)[1] === 'Trip to Lisbon', { message: 'the new title in the list' });
    expect((await serverList(endpoint, user)).find((session) => session.id === ids[0])?.title).to.equal('Trip to Lisbon');
    // Back on the row, and Escape leaves a rename without saving.
    await waitFor(() => focusedInList(el) === pickButtons(el)[1], { message: 'focus back on the row' });
    allInList<HTMLButtonElement>(el, '[part~="thread-rename-button"]')[1]!.click();
    await waitFor(() => focusedInList(el)?.localName === 'input', { message: 'the title field again' });
    await sendKeys({ type: ' and Porto' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => inList(el, 'input') === null, { message: 'the rename given up' });
    expect(rowTitles(el)[1]).to.equal('Trip to Lisbon');
    expect(inList(el, '.sheet'), 'Escape in the field closes only the rename').to.not.equal(null);
  });

  it('deletes after asking; deleting the conversation shown starts a new one', async () => {
    const { el, endpoint, user, ids } = await setUp(['Keep this one', 'Remove this one', 'The one shown']);
    await openList(el, 3);
    allInList<HTMLButtonElement>(el, '[part~="thread-delete-button"]')[1]!.click();
    await waitFor(() => inList(el, '.question')?.textContent === 'Delete “Remove this one” for good?', { message: 'the question' });
    // Keep is focused first: nothing is deleted by a stray Enter.
    expect(focusedInList(el)?.textContent?.trim()).to.equal('Keep');
    inList<HTMLButtonElement>(el, '[part~="thread-delete-confirm"]')!.click();
    await waitFor(() => allInList(el, '[part~="thread"]').length === 2, { message: 'the row gone' });
    expect(rowTitles(el)).to.deep.equal(['The one shown', 'Keep this one']);
    expect((await serverList(endpoint, user)).map((session) => session.id)).to.deep.equal([ids[2], ids[0]]);

    const changed = nextEvent<CustomEvent<ThreadChangeDetail>>(el, 'agent-chat-thread-change');
    allInList<HTMLButtonElement>(el, '[part~="thread-delete-button"]')[0]!.click();
    await waitFor(() => inList(el, '[part~="thread-delete-confirm"]'), { message: 'the question' })!.then((confirm) => (confirm as HTMLButtonElement).click());
    const { sessionId } = (await changed).detail;
    expect(sessionId).to.not.be.oneOf(ids);
    expect(el.session).to.equal(sessionId);
    await waitFor(() => userBubbles(el).length === 0, { message: 'an empty conversation' });
    expect((await serverList(endpoint, user)).map((session) => session.id)).to.deep.equal([ids[0]]);
  });

  it('starts a new conversation, which the list shows once it has a message, titled by its first words', async () => {
    const { el, endpoint, user, ids } = await setUp(['An older conversation']);
    await openList(el, 1);
    const changed = nextEvent<CustomEvent<ThreadChangeDetail>>(el, 'agent-chat-thread-change');
    inList<HTMLButtonElement>(el, '[part~="new-thread-button"]')!.click();
    const { sessionId } = (await changed).detail;
    expect(sessionId).to.not.equal(ids[0]);
    await waitFor(() => userBubbles(el).length === 0, { message: 'the new, empty conversation' });
    // A reload continues it: the element remembers it for the endpoint.
    expect(localStorage.getItem(`agent-chat:session:${endpoint}`)).to.equal(sessionId);

    // Written in the composer, which has the focus.
    await waitFor(() => composer(el).shadowRoot!.activeElement === textarea(el), { message: 'focus in the composer' });
    const finished = nextEvent(el, 'agent-chat-run-finish');
    await sendKeys({ type: 'Compare the three offers we received today and yesterday' });
    await sendKeys({ press: 'Enter' });
    await finished;
    const title = 'Compare the three offers we received today and…';
    await openList(el, 2);
    expect(rowTitles(el)).to.deep.equal([title, 'An older conversation']);
    expect((await serverList(endpoint, user))[0]).to.include({ id: sessionId, title });
    localStorage.removeItem(`agent-chat:session:${endpoint}`);
  });

  it('is owner-scoped: each user sees only their own conversations', async () => {
    const endpoint = await scenario('threads');
    const ann = uniqueSession('ann');
    const bob = uniqueSession('bob');
    await startConversation(endpoint, ann, `${ann}-1`, 'Ann’s first question');
    await startConversation(endpoint, ann, `${ann}-2`, 'Ann’s second question');
    await startConversation(endpoint, bob, `${bob}-1`, 'Bob’s only question');
    const make = (user: string, session: string) =>
      fixture<AgentChat>(html`<agent-chat
        mode="inline"
        threads
        endpoint=${endpoint}
        session=${session}
        .adapter=${{ headers: () => userHeaders(user) }}
      ></agent-chat>`);
    const annEl = await make(ann, `${ann}-2`);
    const bobEl = await make(bob, `${bob}-1`);
    await openList(annEl, 2);
    await openList(bobEl, 1);
    expect(rowTitles(annEl)).to.deep.equal(['Ann’s second question', 'Ann’s first question']);
    expect(rowTitles(bobEl)).to.deep.equal(['Bob’s only question']);
    // Bob cannot rename Ann's conversation: the server says it does not exist.
    const stolen = await fetch(`${endpoint}/sessions/${ann}-1`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...userHeaders(bob) },
      body: JSON.stringify({ title: 'Mine' }),
    });
    expect(stolen.status).to.equal(404);
  });

  it('inline, it draws a bar of its own atop the panel, and speaks French with locale="fr"', async () => {
    await import('../src/i18n/fr.js');
    const { el } = await setUp(['Une question en français'], 'inline');
    el.locale = 'fr';
    const button = await threadsButton(el);
    expect(threadList(el).hasAttribute('bar')).to.equal(true);
    expect(threadList(el).assignedSlot).to.equal(null);
    await openList(el, 1);
    expect(button.getAttribute('aria-label')).to.equal('Masquer les conversations');
    expect(inList(el, 'h2')!.textContent).to.equal('Conversations');
    expect(inList(el, '[part~="new-thread-button"]')!.textContent!.trim()).to.equal('Nouvelle conversation');
    expect(allInList(el, '[part~="thread-delete-button"]')[0]!.getAttribute('aria-label')).to.equal('Supprimer « Une question en français »');
    // The sheet lies over the whole panel, once it has slid in.
    await Promise.all(inList(el, '.sheet')!.getAnimations().map((animation) => animation.finished));
    const panel = el.shadowRoot!.querySelector('.panel')!.getBoundingClientRect();
    const sheet = inList(el, '.sheet')!.getBoundingClientRect();
    expect([sheet.top, sheet.left, sheet.width, sheet.height].map(Math.round)).to.deep.equal(
      [panel.top + 1, panel.left + 1, panel.width - 2, panel.height - 2].map(Math.round),
    );
  });

  it('docked, the sheet lies over the docked panel; in a drawer, Escape closes the sheet and not the drawer', async () => {
    const { el } = await setUp(['A docked conversation'], 'docked');
    await openList(el, 1);
    await Promise.all(inList(el, '.sheet')!.getAnimations().map((animation) => animation.finished));
    const frame = el.shadowRoot!.querySelector('agent-chat-docked-frame')!;
    const panel = frame.shadowRoot!.querySelector('[part~="panel"]')!.getBoundingClientRect();
    const sheet = inList(el, '.sheet')!.getBoundingClientRect();
    // Inside the panel's border (the docked panel has one on its inner side only).
    expect(sheet.top).to.equal(panel.top);
    expect(sheet.bottom).to.equal(panel.bottom);
    expect(sheet.width).to.be.within(panel.width - 1, panel.width);

    // A narrow window: the same element becomes a drawer, whose Escape would close it.
    el.breakpoint = 10_000;
    await el.updateComplete;
    await waitFor(() => el.shadowRoot!.querySelector('agent-chat-drawer-frame'), { message: 'the drawer' });
    el.open();
    await el.updateComplete;
    await openList(el, 1);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => inList(el, '.sheet') === null, { message: 'the sheet closed' });
    expect(el.opened, 'the drawer stays open').to.equal(true);
  });

  it('has no accessibility violations: closed, open, renaming, asking before a delete', async () => {
    const { el } = await setUp(['An accessible conversation', 'Another accessible one']);
    await threadsButton(el);
    expect(await axeViolations(el)).to.deep.equal([]);
    await openList(el, 2);
    expect(await axeViolations(el)).to.deep.equal([]);
    allInList<HTMLButtonElement>(el, '[part~="thread-rename-button"]')[0]!.click();
    await waitFor(() => inList(el, 'input'), { message: 'the title field' });
    expect(await axeViolations(el)).to.deep.equal([]);
    allInList<HTMLButtonElement>(el, '[part~="thread-delete-button"]')[0]!.click();
    await waitFor(() => inList(el, '.question'), { message: 'the question' });
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('a page without `threads` loads none of the thread view', async () => {
    const endpoint = await scenario('threads');
    const el = await fixture<AgentChat>(html`<agent-chat mode="inline" endpoint=${endpoint} session=${uniqueSession('plain')}></agent-chat>`);
    await el.updateComplete;
    await waitFor(() => el.shadowRoot!.querySelector('agent-chat-composer'), { message: 'the conversation' });
    expect(el.shadowRoot!.querySelector('agent-chat-thread-list')).to.equal(null);
  });
});
