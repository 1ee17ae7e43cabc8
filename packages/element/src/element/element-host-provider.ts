// What every feature knows of <agent-chat>: the ElementHost (context/element-host.ts), provided from the element.
// In the conversation's chunk with the other contexts (element/shell-conversation.ts): no feature shows before it.
import { ContextProvider } from '@lit/context';
import type { ReactiveElement } from 'lit';
import type { AgentChatAdapter } from '../context/adapter.js';
import { elementHostContext, type ElementHost, type TransportName } from '../context/element-host.js';
import { rememberSessionId } from '../conversation/session-id.js';
import { emit, emitter } from '../events.js';
import { load } from '../features/registry.js';
import { LOCALE_REGISTERED, resolveTable } from '../i18n/locales.js';
import { lazyAgUiClient } from '../transport/ag-ui/lazy-client.js';
import { AgentClient, type AgentClientOptions } from '../transport/agent-client.js';
import type { AgentTransport } from '../transport/transport.js';

/** The element's fields its host is made of (AgentChat has them all; the shell is never imported here). */
export interface HostElement extends ReactiveElement {
  readonly endpoint: string;
  readonly sessionId: string;
  session: string | undefined;
  readonly transport: TransportName | undefined;
  readonly locale: string | undefined;
  readonly strings: Partial<Record<string, unknown>> | undefined;
  readonly adapter: AgentChatAdapter | undefined;
  readonly showUsage: boolean;
  readonly appsSandbox: string | undefined;
  focus(): void;
}

/**
 * Provides the element's ElementHost to every feature below it. The shell calls `update` when the fields it is made
 * of change (endpoint, session, transport, locale, strings, adapter, showUsage, appsSandbox); a locale registered later
 * updates it too.
 */
export class ElementHostProvider {
  readonly #element: HostElement;
  readonly #provider: ContextProvider<typeof elementHostContext>;

  constructor(element: HostElement) {
    this.#element = element;
    this.#provider = new ContextProvider(element, { context: elementHostContext, initialValue: this.#take() });
    // A locale's script may come after the element rendered (two script tags): the texts are resolved anew.
    const registered = () => {
      if (element.locale) this.update();
    };
    element.addController({
      hostConnected: () => addEventListener(LOCALE_REGISTERED, registered),
      hostDisconnected: () => removeEventListener(LOCALE_REGISTERED, registered),
    });
  }

  get value(): ElementHost {
    return this.#provider.value;
  }

  update(): void {
    this.#provider.setValue(this.#take());
  }

  /** The one place a client is made: every request the element and its features send goes through one. */
  readonly client = (): AgentTransport | undefined => {
    const element = this.#element;
    if (!element.endpoint) return undefined;
    const options: AgentClientOptions = {
      endpoint: element.endpoint,
      headers: () => element.adapter?.headers?.(),
      credentials: () => element.adapter?.credentials,
    };
    // An AG-UI agent rather than the element's own server: its code is a chunk of its own (transport/ag-ui/).
    return element.transport === 'ag-ui' ? lazyAgUiClient(options, () => load('ag-ui-transport', element)) : new AgentClient(options);
  };

  readonly #showSession = (sessionId: string): void => {
    const element = this.#element;
    if (sessionId !== element.sessionId) {
      element.session = sessionId;
      rememberSessionId(element.endpoint, sessionId);
      emit(element, 'agent-chat-thread-change', { sessionId });
    }
    void element.updateComplete.then(() => element.focus());
  };

  #take(): ElementHost {
    const element = this.#element;
    const { endpoint, sessionId, transport, locale, strings, adapter, showUsage, appsSandbox } = element;
    // Each table resolved once per value: a long history's parts all read the same object.
    const tables = new WeakMap<object, Record<string, string>>();
    return {
      endpoint,
      sessionId,
      transport: transport === 'ag-ui' ? 'ag-ui' : 'agent-chat',
      locale,
      adapter: adapter ?? {},
      showUsage,
      appsSandbox,
      texts: <T extends Record<string, string>>(base: T): T => {
        let table = tables.get(base) as T | undefined;
        if (!table) tables.set(base, (table = resolveTable(base, locale, strings)));
        return table;
      },
      client: this.client,
      showSession: this.#showSession,
      emit: emitter(element),
    };
  }
}
