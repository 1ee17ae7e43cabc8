import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../src/define.js';
import type { AgentChat } from '../src/agent-chat.js';
import { scenario, taggedRequests, uniqueSession } from './support/agent-server.js';
import { ITEM_MIME } from '../src/conversation/dropped-items.js';
import { assistantBubbles, badgeText, draftChips, frameOf, framePart, launcherButton, textarea } from './support/dom.js';
import { waitFor } from './support/wait.js';

// Issue 18: a page pays for what it shows. This file's page starts with nothing but the shell loaded, so its
// first test sees the chunks arrive one feature at a time (the resource entries are the page's own fetches).

/** Whether the page has fetched a module whose path holds `name` (the source module here, its chunk in dist/). */
function fetched(name: string): boolean {
  return performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.includes(name));
}

/** Whether the page has fetched the module of this frame (`floating`, `docked`, `drawer`, `ephemeral`). */
function fetchedFrame(frame: string): boolean {
  return fetched(`/frames/${frame}-frame.`);
}

/** Until the browser has painted and gone idle: what a closed launcher would load at idle, it has by then. */
function idle(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve())));
}


describe('<agent-chat> loads each feature when first needed (issue 18)', () => {
  it('a closed launcher loads the shell and asks nothing; a host run loads the conversation and shows unread; @ loads the autocomplete', async () => {
    const tag = uniqueSession('lazy');
    const session = uniqueSession('lazy');
    const endpoint = await scenario('echo');
    const el = await fixture<AgentChat>(html`<agent-chat
      mode="floating"
      endpoint=${endpoint}
      session=${session}
      storage-key=${tag}
      .adapter=${{ headers: () => ({ 'x-test-tag': tag }) }}
    ></agent-chat>`);
    await el.updateComplete;
    await idle();
    await idle();

    expect(el.frame).to.equal('floating');
    expect(el.opened).to.equal(false);
    expect(fetched('conversation-parts'), 'the conversation chunk, while closed').to.equal(false);
    expect(fetched('/chunks/autocomplete.'), 'the autocomplete chunk, while closed').to.equal(false);
    expect(el.shadowRoot!.querySelector('agent-chat-message-list'), 'no list while closed').to.equal(null);
    expect(await taggedRequests(tag), 'requests made by a closed widget').to.deep.equal([]);
    // The launcher is the shell's; its panel, the floating frame, came after the first paint. No other layout's frame.
    expect(launcherButton(el), 'the launcher').to.not.equal(null);
    expect(fetchedFrame('floating'), 'the floating panel, after the first paint').to.equal(true);
    for (const frame of ['docked', 'drawer', 'ephemeral']) expect(fetchedFrame(frame), `the ${frame} frame, on a floating page`).to.equal(false);

    // The host starts a run on the closed widget: the conversation loads, the history and the message go out,
    // and the reply counts as unread on the launcher.
    await el.send('hello while closed');
    expect(fetched('conversation-parts'), 'the conversation chunk, after send()').to.equal(true);
    const seen = (await taggedRequests(tag)).map((request) => `${request.method} ${request.path}`);
    expect(seen).to.include.members([`GET /api/echo/sessions/${session}`, `POST /api/echo/sessions/${session}/messages`]);
    await el.updateComplete;
    await waitFor(() => badgeText(el) === '1', { message: 'the unread badge for the host’s run' });
    expect(el.turns.length).to.be.greaterThan(1);

    el.open();
    await el.updateComplete;
    await waitFor(() => assistantBubbles(el).length === 1, { message: 'the reply, shown on open' });
    expect(fetched('/chunks/autocomplete.'), 'the autocomplete chunk, before any @').to.equal(false);
    expect(fetched('/chunks/cards.'), 'the cards chunk, in a plain text conversation').to.equal(false);
    expect(fetched('/chunks/subagent-tree'), 'the sub-agent tree’s chunk, in a plain text conversation').to.equal(false);
    expect(fetched('/chunks/quick-actions'), 'the quick actions chunk, without adapter.quickActions').to.equal(false);
    expect(fetched('/chunks/item-chips'), 'the item chips chunk, with no item to show').to.equal(false);

    textarea(el).focus();
    await sendKeys({ type: '@' });
    await waitFor(() => fetched('/chunks/autocomplete.'), { message: 'the autocomplete chunk, on the first @' });
  });

  it('what a host attaches to a closed widget, or drops on its launcher, waits for the conversation and is in the draft when it opens', async () => {
    const tag = uniqueSession('lazy-draft');
    const el = await fixture<AgentChat>(html`<agent-chat
      mode="floating"
      endpoint=${await scenario('echo')}
      session=${uniqueSession('lazy-draft')}
      storage-key=${tag}
      .adapter=${{ headers: () => ({ 'x-test-tag': tag }) }}
    ></agent-chat>`);
    el.attach({ id: 'doc-1', title: 'Chapter 12', type: 'document' });
    await el.updateComplete;
    expect(el.opened).to.equal(false);
    expect(await taggedRequests(tag), 'an attachment is no reason to ask the server').to.deep.equal([]);

    // Items dragged from the page onto the launcher: the drop is accepted, and it opens the chat.
    const data = new DataTransfer();
    data.setData(ITEM_MIME, JSON.stringify({ id: 'doc-2', title: 'My notes', type: 'notes' }));
    const drag = (type: string) => {
      const event = new DragEvent(type, { dataTransfer: data, bubbles: true, composed: true, cancelable: true });
      launcherButton(el)!.dispatchEvent(event);
      return event;
    };
    drag('dragenter');
    expect(drag('dragover').defaultPrevented, 'the drop is accepted').to.equal(true);
    drag('drop');
    expect(el.opened, 'a drop opens the chat').to.equal(true);
    await el.updateComplete;
    await waitFor(() => draftChips(el, 'attachment').length === 2, { message: 'both items in the draft' });
    expect(draftChips(el, 'attachment')).to.deep.equal(['Chapter 12document', 'My notesnotes']);
    expect(fetched('/chunks/item-chips'), 'the item chips chunk, once the draft has items').to.equal(true);
    localStorage.removeItem(`agent-chat:frame:${tag}`);
  });

  it('a docked page paints its frame, the docked one only', async () => {
    const storageKey = uniqueSession('lazy-docked');
    const el = await fixture<AgentChat>(html`<agent-chat mode="docked" endpoint=${await scenario('echo')} storage-key=${storageKey}></agent-chat>`);
    await frameOf(el)!.updateComplete;
    expect(framePart(el, 'panel'), 'the docked panel').to.not.equal(null);
    expect(fetched('/frames/docked-stand-in.'), 'the frame’s stand-in, which the first paint shows').to.equal(true);
    expect(fetchedFrame('docked')).to.equal(true);
    for (const frame of ['drawer', 'ephemeral']) expect(fetchedFrame(frame), `the ${frame} frame, on a docked page`).to.equal(false);
    el.remove();
    localStorage.removeItem(`agent-chat:frame:${storageKey}`);
  });

  it('an inline element loads the conversation on its own, with no call from the host', async () => {
    const el = await fixture<AgentChat>(html`<agent-chat endpoint=${await scenario('echo')} session=${uniqueSession('lazy-inline')}></agent-chat>`);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('agent-chat-composer'), 'the composer, inline').to.not.equal(null);
    await el.send('hi');
    await waitFor(() => assistantBubbles(el).length === 1, { message: 'the reply' });
  });
});
