import { createContext } from '@lit/context';
import type { A2uiAction, Attachment, BranchPoint, CommandDescriptor, Context, Item, PendingCall, SessionResponse, Turn, Usage } from '@agent-chat/protocol';
import type { TurnLog } from '../core/turns/turn-log.js';
import type { ConfirmDecision } from './adapter.js';
import type { SendMessage } from '../transport/transport.js';

export interface SendOptions {
  /** \@mentioned items, given to the agent in full. */
  references?: readonly Item[];
  /** Items dropped onto the chat or attached by the host. */
  attachments?: readonly Attachment[];
  /** The name of the host event this message was sent for (seed 004's triggers). */
  trigger?: string;
  /** Merged over the adapter's context for this message only. */
  context?: Context;
  /** The user acted on an A2UI surface: the message is that act, and its text is ''. */
  action?: A2uiAction;
  /** A queued `high` message goes before the others. */
  urgent?: boolean;
}

/** A message written while a reply was streaming, waiting for its turn. */
export interface QueuedMessage {
  readonly id: string;
  readonly text: string;
}

/** Thrown by an action asked for while a reply streams: the conversation runs one reply at a time. */
export class ReplyBusy extends Error {}

/** What the presentational parts may do to the conversation. */
export interface ConversationActions {
  /** Sends now, or queues when a reply is streaming. Resolves when this message's reply has finished. */
  send(text: string, options?: SendOptions): Promise<void>;
  stop(): Promise<void>;
  clear(): Promise<void>;
  /** Take a queued message back before it is sent. */
  unqueue(id: string): void;
  /** The server's slash commands usable now, for the page's context (POST .../commands), asked anew each time. */
  commands(): Promise<readonly CommandDescriptor[]>;
  /**
   * Answer a pending call (the confirmation card): the turn goes on. Rejects with the server's message when the
   * answer is refused (an edited input that fails the tool's schema), so the card can say so and offer a retry.
   */
  decide(call: PendingCall, decision: ConfirmDecision): Promise<void>;
  /** Undo the last turn's changes; rejects with the server's error (404: nothing left to undo). */
  undo(): Promise<void>;
  /** Send the last user message again after it failed, as the same message (the error line's Retry). */
  retry(): Promise<void>;
  /**
   * A new reply to the last message in place of the last one (the message actions' Retry): what followed the message
   * goes from the screen, and the message runs again as a new turn, sent by `send` (POST /retry). Once the reply
   * ends, the stored session is read again (its versions). Rejects with ReplyBusy while a reply streams.
   */
  regenerate(send: SendMessage): Promise<void>;
  /**
   * Send `text` in place of the user message `turnId`, with its mentions and attachments, by `send` (POST /messages
   * with editOf): that message and all after it go from the screen. Once the reply ends, the stored session is read
   * again (its versions). Rejects with ReplyBusy while a reply streams.
   */
  replaceMessage(turnId: string, text: string, send: SendMessage): Promise<void>;
  /**
   * Show another stored state of this session in place of what is shown (another version at a branch point), as
   * `load` fetches it. Rejects with ReplyBusy when a reply streams, before the load or once it is in.
   */
  showStored(load: () => Promise<SessionResponse>): Promise<void>;
}

/**
 * The conversation as the parts see it: a snapshot object, replaced on every change, so a part subscribed
 * through @lit/context re-renders when (and only when) something changed. Its `turns` array is the exception
 * (see there).
 */
export interface ConversationSnapshot extends ConversationActions {
  readonly sessionId: string;
  /**
   * The turns so far. One array kept and changed in place while a reply streams (a delta replaces only its own
   * turn object), so publishing an event costs the same however long the history is; `turnsVersion` tells a
   * change. Clearing, switching session or reloading the history hands out a new array.
   */
  readonly turns: readonly Turn[];
  /** Moves on every change to `turns`. */
  readonly turnsVersion: number;
  /**
   * The sub-agents' turns, by the id of the call that started each (`parentCallId`), live and from the stored session
   * (`subagentTurns`) alike; none of them is in `turns`. One map, and one log a branch, changed in place like `turns`:
   * a branch's `version` tells a change.
   */
  readonly subagents: ReadonlyMap<string, TurnLog>;
  /**
   * The tokens used, by the id of the user turn they answered: the stored session's total of each turn, then each run
   * streamed here since (its `done`). A turn's usage is the sum of its entries.
   */
  readonly usage: readonly (readonly [string, Usage])[];
  /** @internal Moves only when a turn before the last user message changes (or the array is replaced). */
  readonly settledVersion: number;
  /** @internal Index in `turns` of the last user message (-1: none): where the live group starts. */
  readonly lastUserIndex: number;
  /** A run is in flight: the composer shows Stop. */
  readonly running: boolean;
  /** Stop was pressed; waiting for the server to confirm. */
  readonly stopping: boolean;
  /** The stored history is being fetched. */
  readonly loading: boolean;
  /** Calls the last run stopped for that nobody here has answered yet (confirmations). */
  readonly pending: readonly PendingCall[];
  /** POST /undo would be accepted now. */
  readonly undoable: boolean;
  /** The user turn whose changes it would undo: Undo is offered under that turn's reply, and no other. */
  readonly undoTurnId: string | undefined;
  readonly queued: readonly QueuedMessage[];
  /** Counters the frames watch: messages the user sent (or queued) here, events streamed, assistant messages received. */
  readonly sent: number;
  readonly activity: number;
  readonly received: number;
  /** Moves each time the host says its context changed (`el.contextChanged()`): the quick actions are asked again. */
  readonly contextVersion: number;
  /** Where the stored session branches (an edited message, a regenerated reply), as the last history read said. */
  readonly branches: readonly BranchPoint[] | undefined;
  /** Index in `turns` of the turn with this id (-1: none), without a search through a long history. */
  indexOf(turnId: string): number;
}

export const conversationContext = createContext<ConversationSnapshot>(Symbol('agent-chat-conversation'));
