import { createContext } from '@lit/context';
import type { AgentChatAdapter } from './adapter.js';
import type { AgentChatEventMap } from '../events.js';
import type { AgentTransport, TransportName } from '../transport/transport.js';

export type { TransportName };

/**
 * `<agent-chat>` as a feature sees it, and the one way a feature reaches it (a feature never holds the element
 * itself). Provided by the shell with the conversation (element/element-host-provider.ts): a new value each time one of
 * its fields changes, so a feature subscribed to it redraws.
 */
export interface ElementHost {
  /** Where the agent server is mounted (`endpoint`); empty until the page sets it. */
  readonly endpoint: string;
  /** The conversation shown: `session`, or the one remembered for the endpoint. */
  readonly sessionId: string;
  /** What the element speaks to its endpoint (`transport`). */
  readonly transport: TransportName;
  /** The language of the element's texts (`locale`), as the page set it. */
  readonly locale: string | undefined;
  /** What the page lends the chat (`adapter`); an empty object when it set none. */
  readonly adapter: AgentChatAdapter;
  /** Tokens and cost are shown where the element has them (`show-usage`): per reply, per sub-agent. */
  readonly showUsage: boolean;
  /** The page's sandbox page for an AG-UI agent's MCP Apps views (`apps-sandbox`). */
  readonly appsSandbox?: string | undefined;
  /**
   * A table of texts (its English, e.g. `threadsEn`) in the element's language and with the page's `strings`
   * over it; the same object until either changes. Features read it through the Texts controller (i18n/texts.ts).
   */
  texts<T extends Record<string, string>>(base: T): T;
  /**
   * A client of the endpoint in the element's transport, with the adapter's headers and credentials read on each
   * request; undefined without an endpoint. A new one each call: an AG-UI client keeps its conversation's thread.
   */
  client(): AgentTransport | undefined;
  /**
   * Show another conversation (the thread view's pick, a new one): the element's `session` becomes it, it is
   * remembered for the endpoint, `agent-chat-thread-change` says so, and the composer takes the focus.
   */
  showSession(sessionId: string): void;
  /** Fire one of the element's public events (events.ts) on the element. */
  emit<K extends keyof AgentChatEventMap>(type: K, detail: AgentChatEventMap[K]['detail']): void;
}

export const elementHostContext = createContext<ElementHost>(Symbol('agent-chat-element-host'));
