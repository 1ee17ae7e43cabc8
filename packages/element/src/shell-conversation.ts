// The shell's side of a shown conversation, in the conversation's chunk (chunks/conversation-parts.ts): the
// contexts the conversation's parts read (every text, the host's adapter, the draft), the draft itself, and the
// template that puts the message list and the composer into the panel. A closed launcher or an empty frame needs
// none of it, so the first paint carries neither @lit/context nor the full strings table.
import { ContextProvider } from '@lit/context';
import { html, nothing, type ReactiveElement } from 'lit';
import type { AgentChatAdapter } from './adapter/adapter.js';
import { adapterContext } from './adapter/adapter-context.js';
import { draftContext } from './draft/draft-context.js';
import type { DraftController } from './draft/draft-controller.js';

export { DraftController } from './draft/draft-controller.js';
import { need } from './features/registry.js';
import { StringsProvider } from './i18n/strings-context.js';
import type { AgentChatStrings } from './i18n/strings.js';
import { COMPOSER_PARTS, LIST_PARTS } from './styles/parts.js';

/** What the shell provides to the parts below it, from the moment the conversation is in place. */
export class ShellContexts {
  /** The full table for the shell's `locale` and `strings`; the shell forwards each change (`update`). */
  readonly strings: StringsProvider;
  readonly #adapter: ContextProvider<typeof adapterContext>;

  constructor(host: ReactiveElement, draft: DraftController, adapter: AgentChatAdapter) {
    this.strings = new StringsProvider(host);
    this.#adapter = new ContextProvider(host, { context: adapterContext, initialValue: adapter });
    const drafts = new ContextProvider(host, { context: draftContext, initialValue: draft.state });
    draft.changed = (state) => drafts.setValue(state);
  }

  set adapter(adapter: AgentChatAdapter) {
    this.#adapter.setValue(adapter);
  }
}

/**
 * The message list and the composer, slotted into a frame's panel (or put in the inline panel), and with `threads`
 * the thread view's button, first among the header's actions. The host's slotted content goes on down into the
 * part that shows it (a slot assigned to a slot). The empty state's default is this slot's fallback: the list's
 * own would never show behind a forwarded slot.
 *
 * The thread view's element puts itself in the frame's header (or, inline, atop the panel) and forwards its parts
 * once its chunk, which `host` asks for, has defined it.
 */
export function conversationView(host: HTMLElement, t: AgentChatStrings, placeholder: string | undefined, locked: boolean, threads?: boolean) {
  if (threads) need('thread-list', host);
  return html`${threads ? html`<agent-chat-thread-list></agent-chat-thread-list>` : nothing}<agent-chat-message-list slot="messages" part="messages" exportparts=${LIST_PARTS}
      ><slot name="empty" slot="empty">${t.emptyConversation}</slot></agent-chat-message-list
    ><agent-chat-composer slot="composer" part="composer" exportparts=${COMPOSER_PARTS} .placeholder=${placeholder} .locked=${locked}
      ><slot name="footer" slot="footer"></slot
    ></agent-chat-composer>`;
}
