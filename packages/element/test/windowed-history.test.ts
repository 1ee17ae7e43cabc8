import { expect, fixture, html } from '@open-wc/testing';
import type { Turn } from '@agent-chat/protocol';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import type { MessageList } from '../src/features/message-list/message-list.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { assistantBubbles, messageList } from './support/dom.js';
import { waitFor } from './support/wait.js';

/** Groups in the stored history: enough that most are many viewports away from the end. */
const GROUPS = 200;
const question = (i: number) => `Question ${i}: what about item ${i}?`;
const answer = (i: number) =>
  `Answer ${i}. Item ${i} is **fine**; here is why, at some length, so that each reply takes a few lines of the panel. `.repeat(2) +
  `\n\n- point one of ${i}\n- point two of ${i}`;

/** A stored conversation of GROUPS questions and answers, imported as the server's own history (PUT /sessions/:id). */
async function storeHistory(endpoint: string, sessionId: string): Promise<void> {
  const turns: Turn[] = [];
  for (let i = 0; i < GROUPS; i++) {
    turns.push({ id: `u${i}`, createdAt: i, type: 'user', text: question(i) });
    turns.push({ id: `a${i}`, createdAt: i, type: 'assistant_text', text: answer(i) });
  }
  const response = await fetch(`${endpoint}/sessions/${sessionId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ turns }),
  });
  if (!response.ok) throw new Error(`PUT history: ${response.status} ${await response.text()}`);
}

async function mountLong(name: string) {
  const endpoint = await scenario(name);
  const session = uniqueSession('window');
  await storeHistory(endpoint, session);
  const catalogs = () => performance.getEntriesByType('resource').filter((entry) => entry.name === `${endpoint}/tools`).length;
  const catalogsBefore = catalogs();
  const box = await fixture<HTMLDivElement>(html`<div style="height: 480px; display: flex">
    <agent-chat style="flex: 1" mode="inline" endpoint=${endpoint} session=${session}></agent-chat>
  </div>`);
  const el = box.querySelector('agent-chat') as AgentChat;
  // The fixture waited for the box, not for the element's conversation chunk.
  await el.updateComplete;
  await waitFor(() => assistantBubbles(el).some((bubble) => bubble.text.startsWith(`Answer ${GROUPS - 1}.`)), { message: 'the end of the history' });
  // The tool catalog (GET /tools, asked for with the history) regroups the finished groups once when it comes:
  // waited for here, so that what a test counts afterwards is what its reply does.
  await waitFor(() => catalogs() > catalogsBefore, { message: 'the tool catalog' });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const list = messageList(el) as MessageList;
  await list.updateComplete;
  // At the end once the list has followed its growth (after layout) and the stand-ins around the viewport have
  // their real size.
  await waitFor(() => atBottom(list), { message: 'opened at the latest message' });
  return { el, list };
}

const groupsOf = (list: MessageList) => Array.from(list.renderRoot.querySelectorAll<HTMLElement>('.group'));
const standIns = (list: MessageList) => groupsOf(list).filter((group) => group.classList.contains('later'));
const fullGroup = (list: MessageList, i: number) => groupsOf(list).find((group) => group.dataset['key'] === `u${i}` && !group.classList.contains('later'));
const atBottom = (list: MessageList) => list.scrollHeight - list.scrollTop - list.clientHeight <= 2;

/** Every node under `root`, through shadow roots. */
function countNodes(root: Node): number {
  let count = 1;
  for (const child of Array.from(root.childNodes)) count += countNodes(child);
  const shadow = (root as Element).shadowRoot;
  if (shadow) count += countNodes(shadow);
  return count;
}

describe('<agent-chat> a long history is windowed (real server)', () => {
  it('draws only the groups near the end in full, each other one as a stand-in of a few nodes that holds its text', async () => {
    const { list } = await mountLong('echo');
    expect(list.scrollHeight, 'the list scrolls').to.be.greaterThan(list.clientHeight * 5);

    const groups = groupsOf(list);
    expect(groups).to.have.length(GROUPS);
    const away = standIns(list);
    // A screen's worth and a margin in full; the rest, nearly all of it, stand-ins.
    expect(away.length).to.be.greaterThan(GROUPS - 30);
    const nodesPerStandIn = away.reduce((sum, group) => sum + countNodes(group), 0) / away.length;
    expect(nodesPerStandIn, 'DOM nodes per off-screen group').to.be.at.most(3);
    // Fully drawn groups cost far more: the stand-ins are what keeps the DOM small.
    const full = groups.filter((group) => !group.classList.contains('later'));
    const nodesPerFull = full.reduce((sum, group) => sum + countNodes(group), 0) / full.length;
    expect(nodesPerFull).to.be.greaterThan(nodesPerStandIn * 5);

    // Skipped by layout at first (so the history paints at once), then laid out when the page is idle: a skipped
    // element is left out of the accessibility tree.
    await waitFor(() => list.renderRoot.querySelectorAll('.fresh').length === 0, { message: 'every stand-in laid out' });
    // Their words are in the log (find-in-page, a screen reader reading it), and the log is still one role=log.
    expect(away[0]!.textContent).to.contain(question(0)).and.contain('Answer 0.');
    expect(list.renderRoot.querySelectorAll('[role="log"]')).to.have.length(1);
    expect(list.renderRoot.querySelector('[role="log"]')!.contains(away[0]!)).to.equal(true);
  });

  it('draws the old groups in full as the reader scrolls up to them, and puts the far ones away again', async () => {
    const { list } = await mountLong('echo');
    list.scrollTop = 0;
    const first = await waitFor(() => fullGroup(list, 0), { message: 'the first group drawn in full at the top' });
    await waitFor(() => first.querySelector('agent-chat-message'), { message: 'its message bubble' });
    // The end, many viewports away now, went back to stand-ins (but the live group, which is never put away).
    await waitFor(() => groupsOf(list).at(-2)!.classList.contains('later'), { message: 'the end put away' });
    expect(groupsOf(list).at(-1)!.classList.contains('later')).to.equal(false);
    // A stand-in that was drawn keeps its drawn height, so the scrollbar does not jump.
    const putAway = groupsOf(list).at(-2)!;
    expect(putAway.style.height).to.match(/^\d+(\.\d+)?px$/);
  });

  it('draws the groups above the viewport in idle time, before the reader scrolls to them, without drawing the whole history', async () => {
    const { list } = await mountLong('echo');
    const view = list.clientHeight;
    // Above the viewport by between one and three viewport heights: further than the list draws at once on a scroll.
    const ahead = () =>
      groupsOf(list).filter((group) => {
        const above = list.getBoundingClientRect().top - group.getBoundingClientRect().bottom;
        return above > view && above < 3 * view;
      });
    await waitFor(() => ahead().length > 0 && ahead().every((group) => !group.classList.contains('later')), {
      message: 'the groups up to three viewports above drawn in full, with no scroll',
    });
    // And no further: most of the history is still stand-ins.
    expect(standIns(list).length).to.be.greaterThan(GROUPS - 60);
  });

  it('keeps the groups it passed drawn while the reader scrolls, and puts them away once the scroll stops', async () => {
    const { list } = await mountLong('echo');
    // Scrolled up in steps, a frame apart, further than the list keeps groups drawn behind the reader.
    for (let step = 0; step < 12; step++) {
      list.scrollTop -= list.clientHeight;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    expect(groupsOf(list).at(-2)!.classList.contains('later'), 'the end, far behind, still drawn during the scroll').to.equal(false);
    await waitFor(() => groupsOf(list).at(-2)!.classList.contains('later'), { message: 'the end put away once the scroll stopped' });
  });

  it('keeps what the reader looks at in place while groups above it are drawn and a reply streams below, and Jump to latest brings them back down', async () => {
    const { el, list } = await mountLong('slow');
    // A slow reply starts at the end; the reader then scrolls up to read the history while it streams.
    const sent = el.send('One more');
    await waitFor(() => assistantBubbles(el).some((bubble) => bubble.text.length > 0 && bubble.hasAttribute('streaming')), { message: 'the reply streaming' });
    // Somewhere in the middle, then let the groups around it be drawn in full.
    list.scrollTop = list.scrollHeight / 2;
    await waitFor(() => {
      const shown = groupsOf(list).filter((group) => {
        const box = group.getBoundingClientRect();
        const view = list.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom;
      });
      return shown.length > 0 && shown.every((group) => !group.classList.contains('later'));
    }, { message: 'the groups in view drawn in full' });
    const anchor = groupsOf(list).find((group) => group.getBoundingClientRect().top >= list.getBoundingClientRect().top)!;
    const before = anchor.getBoundingClientRect().top;

    // Scrolling up a little draws stand-ins above the anchor in full (heights change above it): it must not move.
    list.scrollTop -= 40;
    const after40 = before + 40;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await list.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(Math.abs(anchor.getBoundingClientRect().top - after40), 'the anchor moved with the scroll only').to.be.at.most(2);
    // The reply goes on streaming below the fold: the view stays where the reader is.
    const during = anchor.getBoundingClientRect().top;
    expect(el.running, 'still streaming').to.equal(true);
    await sent;
    await list.updateComplete;
    expect(Math.abs(anchor.getBoundingClientRect().top - during), 'the view did not follow the reply').to.be.at.most(2);

    const jump = await waitFor(() => list.renderRoot.querySelector<HTMLButtonElement>('[part="jump-button"]'), { message: 'Jump to latest' });
    jump.click();
    await waitFor(() => atBottom(list), { message: 'back at the latest' });
    expect(assistantBubbles(el).at(-1)!.text).to.contain('This answer arrives slowly');
  });
  it('streams a reply below the long history touching only the live group: finished turns are not drawn again, and the list and the reply update at most once a frame', async () => {
    const { el, list } = await mountLong('slow');
    const turnProto = customElements.get('agent-chat-turn')!.prototype as unknown as { update(...args: unknown[]): void };
    const listProto = Object.getPrototypeOf(list) as { update(...args: unknown[]): void };
    const turnUpdate = turnProto.update;
    const listUpdate = listProto.update;
    const turnUpdates = new Map<object, number>();
    let listUpdates = 0;
    turnProto.update = function (this: object, ...args: unknown[]) {
      turnUpdates.set(this, (turnUpdates.get(this) ?? 0) + 1);
      return turnUpdate.apply(this, args);
    };
    listProto.update = function (this: object, ...args: unknown[]) {
      if (this === list) listUpdates++;
      return listUpdate.apply(this, args);
    };
    let frames = 0;
    let counting = true;
    const tick = () => {
      frames++;
      if (counting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const drawnBefore = [...list.renderRoot.querySelectorAll('agent-chat-turn')];
    try {
      await el.send('One more');
      await list.updateComplete;
    } finally {
      counting = false;
      turnProto.update = turnUpdate;
      listProto.update = listUpdate;
    }
    const reply = assistantBubbles(el).at(-1)!;
    expect(reply.text).to.contain('This answer arrives slowly');
    expect(drawnBefore.length, 'finished groups drawn in full').to.be.greaterThan(3);
    const counts = drawnBefore.map((turn) => turnUpdates.get(turn) ?? 0);
    // The one that was last is drawn once more when the new group comes below it (it is no longer the last); no
    // finished turn is drawn again for a delta.
    expect(counts.slice(0, -1), 'updates of the finished turns').to.deep.equal(counts.slice(0, -1).map(() => 0));
    expect(counts.at(-1), 'updates of the turn that was last').to.be.at.most(1);
    // The reply came in deltas of 4 characters, 50 ms apart (the slow scenario), over many frames.
    const deltas = Math.ceil(reply.text.length / 4);
    expect(frames, 'frames while it streamed').to.be.greaterThan(10);
    expect(listUpdates, 'list updates').to.be.within(1, frames);
    expect(reply.markdown.stats.updates, 'markdown updates of the reply').to.be.within(1, Math.min(frames, deltas));
  });

  it('a message sent from far up draws the groups at the end in full while its reply streams', async () => {
    const { el, list } = await mountLong('slow');
    list.scrollTop = 0;
    await waitFor(() => fullGroup(list, 0), { message: 'the top drawn in full' });
    await waitFor(() => fullGroup(list, GROUPS - 2) === undefined, { message: 'the end put away' });
    const finished = new Promise((resolve) => el.addEventListener('agent-chat-run-finish', resolve, { once: true }));
    void el.send('One more');
    await waitFor(() => assistantBubbles(el).at(-1)?.text.startsWith('This answer'), { message: 'the reply streaming' });
    // The list went down to the new message, and the groups just above it, on screen now, are drawn in full mid-reply.
    await waitFor(() => fullGroup(list, GROUPS - 1) && fullGroup(list, GROUPS - 2), { message: 'the end drawn in full, mid-reply' });
    expect(el.running, 'still streaming').to.equal(true);
    await finished;
  });

  it('while a reply streams, draws what the reader scrolls to but puts nothing away until the reply ends', async () => {
    const { el, list } = await mountLong('slow');
    // Far groups drawn while the history first laid out (the list starts at its top) are put away in idle time.
    await waitFor(() => fullGroup(list, 0) === undefined, { message: 'the top a stand-in before the reply' });
    const finished = new Promise((resolve) => el.addEventListener('agent-chat-run-finish', resolve, { once: true }));
    void el.send('One more');
    await waitFor(() => assistantBubbles(el).at(-1)?.text.startsWith('This answer'), { message: 'the reply streaming' });
    const versionBefore = list.window.version;
    list.scrollTop = 0;
    await waitFor(() => fullGroup(list, 0), { message: 'the first group drawn in full at the top, mid-reply' });
    // The end is many viewports away, but each group put away redraws the list: that waits for the reply's end.
    expect(fullGroup(list, GROUPS - 2), 'the end, while the reply streams').to.not.equal(undefined);
    expect(list.window.version, 'the window moved once or more for the top').to.be.greaterThan(versionBefore);
    await finished;
    await waitFor(() => fullGroup(list, GROUPS - 2) === undefined, { message: 'the end put away once the reply ended' });
    // Groups spaced by their own margins and held in pages (one restyle of a page's groups when one changes, not of
    // the history's): every group is still there, in order.
    expect(groupsOf(list).map((group) => group.dataset['key'])).to.deep.equal([...Array.from({ length: GROUPS }, (_, i) => `u${i}`), groupsOf(list).at(-1)!.dataset['key']]);
    expect(list.renderRoot.querySelectorAll('.page')).to.have.length(Math.ceil((GROUPS + 1) / 32));
  });
});
