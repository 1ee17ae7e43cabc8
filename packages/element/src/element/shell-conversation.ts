// The shell's side of a shown conversation, in the conversation's chunk (chunks/conversation-parts.ts): the
// contexts the conversation's parts read (the element host, with every text; the host's adapter; the draft), the
// draft itself, and the template that puts the message list and the composer into the panel. A closed launcher or
// an empty frame needs none of it, so the first paint carries neither @lit/context nor the full strings table.
import { ContextProvider } from '@lit/context';
import { html, nothing } from 'lit';
import { adapterContext } from '../context/adapter-context.js';
import { draftContext } from '../context/draft-context.js';
import type { DraftController } from '../conversation/draft-controller.js';
import { ElementHostProvider, type HostElement } from './element-host-provider.js';
import { need } from '../features/registry.js';
import { en, type AgentChatStrings } from '../i18n/strings.js';
import { COMPOSER_PARTS, LIST_PARTS } from '../ui/parts.js';

export { DraftController } from '../conversation/draft-controller.js';
export type { HostElement };

/** What the shell provides to the parts below it, from the moment the conversation is in place. */
export class ShellContexts {
  readonly host: ElementHostProvider;
  readonly #element: HostElement;
  readonly #adapter: ContextProvider<typeof adapterContext>;

  constructor(element: HostElement, draft: DraftController) {
    this.#element = element;
    this.host = new ElementHostProvider(element);
    this.#adapter = new ContextProvider(element, { context: adapterContext, initialValue: element.adapter ?? {} });
    const drafts = new ContextProvider(element, { context: draftContext, initialValue: draft.state });
    draft.changed = (state) => drafts.setValue(state);
  }

  /** The conversation's texts, in the element's language and with its overrides. */
  get texts(): AgentChatStrings {
    return this.host.value.texts(en);
  }

  /** The element's endpoint, session, transport, locale, strings or adapter changed: the parts hear of it. */
  update(): void {
    this.#adapter.setValue(this.#element.adapter ?? {});
    this.host.update();
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
