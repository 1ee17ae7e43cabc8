import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { ContextProvider } from '@lit/context';
import type { UploadedAttachment } from '@agent-chat/protocol';
import '../src/define.js';
import { defineConversationParts } from '../src/chunks/conversation-parts.js';
import type { AgentChat } from '../src/agent-chat.js';
import { conversationContext, type ConversationSnapshot, type SendOptions } from '../src/context/conversation-context.js';
import { draftContext } from '../src/context/draft-context.js';
import { DraftController } from '../src/conversation/draft-controller.js';
import type { Composer } from '../src/features/composer/composer.js';
import { scenario, uniqueSession } from './support/agent-server.js';
import { composer } from './support/dom.js';
import { TEST_USER_HEADER } from './support/thread-texts.js';
import { waitFor } from './support/wait.js';

// Issue 32.2: the composer has a place of its own for files. The uploads are the draft's, and Send waits while one is in
// flight because the composer's own template says so: nothing replaces its submit, inserts nodes in its shadow root
// or overrides its button.

defineConversationParts();

/** The draft and a conversation that records what is sent, for a composer on its own. */
class UploadsRoot extends LitElement {
  readonly draft = new DraftController();
  readonly sent: { text: string; options: SendOptions | undefined }[] = [];
  readonly #drafts = new ContextProvider(this, { context: draftContext, initialValue: this.draft.state });
  // The composer reads only these of the conversation.
  readonly #conversation = new ContextProvider(this, {
    context: conversationContext,
    initialValue: { running: false, send: async (text: string, options?: SendOptions) => void this.sent.push({ text, options }) } as unknown as ConversationSnapshot,
  });

  constructor() {
    super();
    this.draft.changed = (state) => this.#drafts.setValue(state);
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}
customElements.define('test-uploads-root', UploadsRoot);

const uploaded: UploadedAttachment = { id: 'up-1', uploadId: 'up-1', name: 'notes.txt', mediaType: 'text/plain', size: 9 };
const sendButton = (composer: Composer) => composer.shadowRoot!.querySelector<HTMLButtonElement>('button.send')!;

describe('the composer’s files', () => {
  it('holds Send while a file of the draft uploads, and sends it with the message once it is uploaded', async () => {
    const root = await fixture<UploadsRoot>(html`<test-uploads-root><agent-chat-composer></agent-chat-composer></test-uploads-root>`);
    const field = root.querySelector('agent-chat-composer')!;
    root.draft.setText('With a file');
    root.draft.addUpload({ key: 1, name: 'notes.txt', size: 9, mediaType: 'text/plain', preview: undefined, progress: 0.5, uploaded: undefined, error: undefined });
    await field.updateComplete;
    expect(sendButton(field).disabled, 'Send waits for the upload').to.equal(true);
    field.submit();
    expect(root.sent, 'Enter waits too').to.deep.equal([]);

    root.draft.updateUpload(1, { progress: 1, uploaded });
    await field.updateComplete;
    expect(sendButton(field).disabled).to.equal(false);
    sendButton(field).click();
    expect(root.sent).to.deep.equal([{ text: 'With a file', options: { references: [], attachments: [uploaded] } }]);
    expect(root.draft.state.uploads, 'the draft emptied').to.deep.equal([]);
  });

  it('draws the paperclip and the chips in its own template, and keeps its own submit', async () => {
    const user = uniqueSession('uploader');
    const el = await fixture<AgentChat>(html`<agent-chat
      endpoint=${await scenario('attachments')}
      session=${uniqueSession('own-place')}
      .adapter=${{ attachments: true, headers: () => ({ [TEST_USER_HEADER]: user }) }}
    ></agent-chat>`);
    const picker = await waitFor(() => composer(el).shadowRoot?.querySelector('agent-chat-file-picker'), { message: 'the paperclip' });
    const form = composer(el).shadowRoot!.querySelector('form')!;
    expect(picker.parentElement, 'first in the composer’s form').to.equal(form);
    expect(form.firstElementChild).to.equal(picker);
    expect(composer(el).shadowRoot!.querySelector('agent-chat-file-chips')?.nextElementSibling, 'the chips just above the form').to.equal(form);
    expect(Object.hasOwn(composer(el), 'submit'), 'submit is the class’s, not replaced').to.equal(false);
  });
});
