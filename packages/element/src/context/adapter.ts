import type { TemplateResult } from 'lit';
import type { Catalog } from '@a2ui/web_core/v0_9';
import type { LitComponentApi } from '@a2ui/lit/v0_9';
import type { Context, Item, PendingCall, ToolCallTurn, ToolKind } from '@agent-chat/protocol';
import type { ToolStepState } from '../core/turns/display-items.js';

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
 * A tool call as the host's own view of it sees it (`renderTool`, `toolViews`): given again as its input streams,
 * then as it runs and ends.
 */
export interface ToolViewCall {
  toolCallId: string;
  name: string;
  kind: ToolKind | undefined;
  /** The server's label for the call ("Reading slide 2"); undefined while its input streams. */
  label: string | undefined;
  /**
   * The input: while `partial`, as much of its JSON as has arrived, parsed leniently (strings cut where the text
   * stops, unfinished objects and arrays closed; undefined before anything readable).
   */
  input: unknown;
  /** The input is still streaming (`status` is `streaming`). A call stopped part-way is not shown at all. */
  partial: boolean;
  /** The tool's output, once it has one: what the tool returned, or the error it failed with. */
  result: unknown;
  /**
   * `streaming` while the model writes the input, then the chip's states: `running`, `waiting` (for the page or the
   * user: a client tool's view answers with `respond`), `done`, `failed`, `stopped`, `interrupted`.
   */
  status: 'streaming' | ToolStepState;
  /**
   * For a `client` tool: answers it with `value`, which becomes the tool's result, as a handler's return value would
   * (the human-in-the-loop "respond" decision: a choice, a form, a date). A client tool with a view and no handler in
   * `tools` waits for it as a confirmation card does: the run ends, the call stays pending (across a reload too), and
   * the answer carries the turn on. Undefined for other tools and once the call has its result; once answered, or once
   * the call has its result, later calls (of a `respond` kept from earlier) do nothing.
   */
  respond?: (value: unknown) => void;
  /**
   * For a view that is a Node (placed once, never rendered again): `listener` hears each later change of the call,
   * so the host updates its node itself.
   */
  onUpdate(listener: (call: ToolViewCall) => void): void;
}

/**
 * What a tool view draws: a Lit TemplateResult (rendered again at each change), a Node (placed once; see
 * `onUpdate`), or a custom element's tag name (created once, given the call as its `.call` property at each change).
 * Nothing (undefined or null) keeps the default chip.
 */
export type ToolViewContent = TemplateResult | Node | string | null | undefined;

/** A link an MCP server's view (MCP Apps) asks the page to open (`ui/open-link`), and whose view asks. */
export interface ViewLink {
  url: string;
  /** The call the view was drawn for, and its tool. */
  toolCallId: string;
  tool: string;
  /** The MCP server that made the view, as the user reads its name. */
  server: string | undefined;
}

/** One tool's view: a renderer, or the tag name of a custom element that takes the call as `.call`. */
export type ToolView = string | ((call: ToolViewCall) => ToolViewContent);

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
  /**
   * The host's own view of a tool call, in place of its default chip (generative UI): called as the call's input
   * streams, then with its result. Return nothing to keep the chip. Drawn inside the element's shadow DOM: a
   * template brings its own `<style>`, or is a custom element with its own.
   */
  renderTool?(call: ToolViewCall): ToolViewContent;
  /** Views by tool name, used before `renderTool`: a renderer, or a custom element's tag name. */
  toolViews?: Readonly<Record<string, ToolView>>;
  /**
   * The host's own A2UI catalog (v0.9), offered to the agent's surfaces beside the basic one: a surface whose
   * createSurface names its `id` as `catalogId` is drawn from it. Build it as @a2ui/lit's basic catalog is built: a
   * `Catalog` of Lit components (`A2uiLitElement`s) and their property schemas.
   */
  a2uiCatalog?: Catalog<LitComponentApi>;
  /** A label for a tool chip; return undefined to keep the server's. */
  labelFor?(call: ToolCallTurn): string | undefined;
  /** Headers for every request the element makes (auth); read each time, so tokens can rotate. */
  headers?(): MaybePromise<HeadersInit | undefined>;
  /** fetch's `credentials` for every request, e.g. `include` for cookies on another origin. */
  credentials?: RequestCredentials;
  /** Show images in the agent's markdown (`![alt](https://…)`, http and https only). Off by default: an image
   *  loads from wherever the model points, which tells that server the reader is there. */
  allowImages?: boolean;
  /**
   * Let the user attach files (a paperclip, paste and drop of images, PDF and text): each is uploaded to the server's
   * `POST /uploads` and sent with the message. The server sets the types and sizes (GET /uploads); one that takes no
   * uploads shows no paperclip. Off by default, and the code for it loads only when it is on.
   */
  attachments?: boolean;
  /**
   * An MCP server's view (MCP Apps) asks to open a link: the page decides and opens it (a tab, its own router, a
   * confirmation first). Resolve true once it is opened, false to refuse it (the view is told it failed). Without it,
   * an http(s) link opens in a new tab, and only as the answer to the user's click in the view.
   */
  openViewLink?(link: ViewLink): MaybePromise<boolean>;
  /** Chips under the input for the current page state. */
  quickActions?(context: Context | undefined): MaybePromise<readonly QuickAction[]>;
}
