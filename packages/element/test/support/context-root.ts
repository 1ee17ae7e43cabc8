// A stand-in for the shell in tests of single parts: provides the contexts a part reads (the conversation, the
// tool catalog, the strings), so a part can be rendered and driven on its own.
import { LitElement, html } from 'lit';
import { ContextProvider } from '@lit/context';
import type { PendingCall, ToolDescriptor, Turn } from '@agent-chat/protocol';
import { conversationContext, type ConversationSnapshot } from '../../src/conversation/conversation-context.js';
import { StringsProvider } from '../../src/i18n/strings-context.js';
import type { CardStrings } from '../../src/i18n/card-strings.js';
import type { AgentChatStrings } from '../../src/i18n/strings.js';
import { NO_CATALOG, toolCatalogContext } from '../../src/steps/tool-catalog.js';

export class TestContextRoot extends LitElement {
  readonly sent: string[] = [];
  /** Read, as the shell's are, by the parts that resolve a table of their own (the cards: i18n/card-texts.ts). */
  locale: string | undefined;
  strings: Partial<AgentChatStrings & CardStrings> | undefined;
  private readonly conversation = new ContextProvider(this, {
    context: conversationContext,
    initialValue: this.snapshot({}),
  });
  // As the shell's: no catalog until setTools answers.
  private readonly catalog = new ContextProvider(this, { context: toolCatalogContext, initialValue: NO_CATALOG });
  private readonly stringsProvider = new StringsProvider(this);

  setConversation(state: { turns?: readonly Turn[]; running?: boolean; pending?: readonly PendingCall[]; undoable?: boolean }): void {
    this.conversation.setValue(this.snapshot(state));
  }

  setTools(tools: readonly ToolDescriptor[]): void {
    this.catalog.setValue(new Map(tools.map((tool) => [tool.name, tool])));
  }

  setStrings(locale: string | undefined, overrides?: Partial<AgentChatStrings & CardStrings>): void {
    this.locale = locale;
    this.strings = overrides;
    this.stringsProvider.update(locale, overrides);
  }

  private snapshot(state: { turns?: readonly Turn[]; running?: boolean; pending?: readonly PendingCall[]; undoable?: boolean }) {
    const snapshot = {
      sessionId: 'test',
      turns: state.turns ?? [],
      running: state.running ?? false,
      stopping: false,
      loading: false,
      pending: state.pending ?? [],
      undoable: state.undoable ?? false,
      queued: [],
      sent: 0,
      activity: 0,
      received: 0,
      send: async (text: string) => {
        this.sent.push(text);
      },
      stop: async () => {},
      clear: async () => {},
      unqueue: () => {},
      commands: async () => [],
      // The conversation's element: this root, as the shell is (its locale and strings).
      model: { host: this },
    };
    // The snapshot grows with the conversation controller; the parts under test read only the fields above.
    return snapshot as unknown as ConversationSnapshot;
  }

  protected override render() {
    return html`<slot></slot>`;
  }
}

if (!customElements.get('test-context-root')) customElements.define('test-context-root', TestContextRoot);

declare global {
  interface HTMLElementTagNameMap {
    'test-context-root': TestContextRoot;
  }
}
