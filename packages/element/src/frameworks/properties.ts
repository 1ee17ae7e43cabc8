// What the framework typings (react.ts, vue.ts) share: the element's public properties and its events, derived
// from the element itself so that a property added to `static properties` is typed in JSX and templates at once.
import type { AgentChat } from '../agent-chat.js';
import type { AgentChatEventMap } from '../events.js';

type Declarations = (typeof AgentChat)['properties'];

/**
 * The names of `<agent-chat>`'s public reactive properties: every entry of `AgentChat.properties` except
 * internal state (`state: true`). React and Vue set these as properties on the element (not attributes),
 * so objects such as `adapter` and `strings` pass through as they are.
 */
export type AgentChatPropertyName = {
  [K in keyof Declarations]: Declarations[K] extends { state: unknown } ? never : K;
}[keyof Declarations] &
  keyof AgentChat;

/** `<agent-chat>`'s public properties, each optional, typed and documented as on the element. */
export type AgentChatProperties = Partial<Pick<AgentChat, AgentChatPropertyName>>;

/** The element's events by name, each a `CustomEvent` with its detail type (see events.ts). */
export type AgentChatEvents = AgentChatEventMap;
