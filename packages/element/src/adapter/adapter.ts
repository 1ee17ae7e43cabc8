import type { Context, Item, PendingCall, ToolCallTurn } from '@agent-chat/protocol';

/** A value, or a promise of one: the adapter's hooks may answer either way. */
export type MaybePromise<T> = T | Promise<T>;

/** One group of the \@mention list, e.g. `{ type: 'fact', label: 'Facts', items: [...] }`. */
export interface MentionGroup {
  type: string;
  label: string;
  items: readonly Item[];
}

/** A chip under the input that sends `text` when clicked. */
export interface QuickAction {
  label: string;
  text: string;
}

/** What the user decided about a call that needs confirmation; `input` with `edit`, `reason` with `deny`. */
export interface ConfirmDecision {
  action: 'approve' | 'edit' | 'deny';
  input?: unknown;
  reason?: string;
}

/**
 * Runs one `client` tool in the page. The input was checked against the tool's schema on the server, so a
 * host may destructure it directly: that is why it is `any` rather than `unknown`.
 */
export type ClientToolHandler = (input: any, call: PendingCall) => unknown;

/**
 * How a host page lends the element what only the page knows: its state, its items, its actions, its auth.
 * Set as a property (`el.adapter = {...}`); every member is optional and the element works with none.
 */
export interface AgentChatAdapter {
  /** The page's state, sent as `context` with every message and resume. */
  getContext?(): MaybePromise<Context | undefined>;
  /**
   * Items to offer after `@`, grouped by type; `query` is what follows the `@`. A flat list of items is taken
   * too, grouped by each item's `group` (or `type`).
   */
  mentionables?(query: string): MaybePromise<readonly MentionGroup[] | readonly (Item & { group?: string })[]>;
  /** Handlers of the server's `client` tools, by tool name. A throw becomes an error result the agent reads. */
  tools?: Readonly<Record<string, ClientToolHandler>>;
  /** Ask the user about a call that needs confirmation, instead of the built-in card. */
  confirm?(call: PendingCall): MaybePromise<ConfirmDecision>;
  /**
   * The host's server-side state changed (a write tool, a command, an undo), or a tool sent it part-way through a
   * long step (the server's `ctx.state`): the page can show each step as it lands instead of polling.
   */
  onStateChange?(state: unknown): void;
  /** The user clicked a referenced item (a mention chip). */
  onReference?(ref: Item): void;
  /** A label for a tool chip; return undefined to keep the server's. */
  labelFor?(call: ToolCallTurn): string | undefined;
  /** Headers for every request the element makes (auth); read each time, so tokens can rotate. */
  headers?(): MaybePromise<HeadersInit | undefined>;
  /** fetch's `credentials` for every request, e.g. `include` for cookies on another origin. */
  credentials?: RequestCredentials;
  /** Show images in the agent's markdown (`![alt](https://…)`, http and https only). Off by default: an image
   *  loads from wherever the model points, which tells that server the reader is there. */
  allowImages?: boolean;
  /** Chips under the input for the current page state. */
  quickActions?(context: Context | undefined): MaybePromise<readonly QuickAction[]>;
}
