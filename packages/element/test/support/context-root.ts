// A stand-in for the shell in tests of single parts: provides the contexts a part reads (the conversation, the
// tool catalog, the element host with its texts), so a part can be rendered and driven on its own.
import { LitElement, html } from 'lit';
import { ContextProvider } from '@lit/context';
import type { PendingCall, ToolDescriptor, Turn } from '@agent-chat/protocol';
import { conversationContext, type ConversationSnapshot } from '../../src/context/conversation-context.js';
import { elementHostContext, type ElementHost } from '../../src/context/element-host.js';
import { resolveTable } from '../../src/i18n/locales.js';
import type { CardStrings } from '../../src/features/cards/card-strings.js';
import type { AgentChatStrings } from '../../src/i18n/strings.js';
import { toolCatalogContext } from '../../src/context/tool-catalog-context.js';
import { NO_CATALOG } from '../../src/core/turns/tool-catalog.js';

export class TestContextRoot extends LitElement {
  readonly sent: string[] = [];
  /** The sessions a part asked the element to show (ElementHost.showSession). */
  readonly shownSessions: string[] = [];
  private readonly conversation = new ContextProvider(this, {
    context: conversationContext,
    initialValue: this.snapshot({}),
  });
  // As the shell's: no catalog until setTools answers.
  private readonly catalog = new ContextProvider(this, { context: toolCatalogContext, initialValue: NO_CATALOG });
  // The texts as the element resolves them (element/element-host-provider.ts): each table in the locale, under the overrides.
  private readonly host = new ContextProvider(this, { context: elementHostContext, initialValue: this.elementHost(undefined, undefined) });

  setConversation(state: { turns?: readonly Turn[]; running?: boolean; pending?: readonly PendingCall[]; undoable?: boolean }): void {
    this.conversation.setValue(this.snapshot(state));
  }

  setTools(tools: readonly ToolDescriptor[]): void {
    this.catalog.setValue(new Map(tools.map((tool) => [tool.name, tool])));
  }

  setStrings(locale: string | undefined, overrides?: Partial<AgentChatStrings & CardStrings>): void {
    this.host.setValue(this.elementHost(locale, overrides));
  }

  private elementHost(locale: string | undefined, overrides: Partial<AgentChatStrings & CardStrings> | undefined): ElementHost {
    const tables = new Map<object, Record<string, string>>();
    return {
      endpoint: '',
      sessionId: 'test',
      transport: 'agent-chat',
      locale,
      adapter: {},
      showUsage: false,
      texts: <T extends Record<string, string>>(base: T): T => {
        if (!tables.has(base)) tables.set(base, resolveTable(base, locale, overrides));
        return tables.get(base) as T;
      },
      client: () => undefined,
      showSession: (sessionId) => void this.shownSessions.push(sessionId),
      emit: () => {},
    };
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
