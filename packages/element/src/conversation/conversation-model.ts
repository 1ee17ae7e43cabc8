import { ContextProvider } from '@lit/context';
import type { ReactiveControllerHost } from 'lit';
import type { InputRequest, PendingCall, SessionResponse, Turn, Usage } from '@agent-chat/protocol';
import type { AgentChatAdapter } from '../context/adapter.js';
import { emit } from '../events.js';
import { format, type AgentChatStrings } from '../i18n/strings.js';
import {
  conversationContext,
  type ConversationActions,
  type ConversationSnapshot,
  type QueuedMessage,
  type SendOptions,
} from '../context/conversation-context.js';
import { describeError } from './describe-error.js';
import { localErrorTurn } from '../core/turns/local-turns.js';
import type { RunStream, StreamedConversation } from './run-stream.js';
import type { AgentTransport } from '../transport/transport.js';
import { TurnLog } from '../core/turns/turn-log.js';
import { inputRequestsContext } from '../context/input-requests-context.js';
import { withInputRequest } from './input-requests.js';

/** The shortest time between two publishes of streamed deltas: 20 a second. */
const DELTA_MS = 50;

/** The element a conversation belongs to: the public events fire on it. */
export type ConversationHost = ReactiveControllerHost & HTMLElement;

export interface QueueEntry extends QueuedMessage {
  readonly options: SendOptions;
  readonly done: () => void;
}

/**
 * What one conversation holds on this page, shared by the controller and the classes that change it (the turn, its
 * run's stream, the idle watch), and how a change reaches the parts (an immutable snapshot through @lit/context) and
 * the host (DOM events, the adapter).
 */
export class ConversationModel implements StreamedConversation {
  readonly host: ConversationHost;
  /** The element's texts, for the failures it words itself (the shell's table). */
  readonly strings: () => AgentChatStrings;
  /** The host page's adapter, read at the moment it is needed (the page may replace it). */
  readonly adapter: () => AgentChatAdapter;
  client: AgentTransport | undefined;
  sessionId = '';
  /** One array changed in place per event (see TurnLog); `turns` in the snapshot is that array. */
  readonly log = new TurnLog();
  /**
   * Each sub-agent's turns, by the id of the call that started it (its events' and stored turns' `parentCallId`):
   * kept apart from `log`, changed in place the same way. The snapshot's `subagents`.
   */
  readonly subagents = new Map<string, TurnLog>();
  /** The tokens used, by the id of the user turn they answered: the stored session's, then each run's `done` here. */
  usage: [string, Usage][] = [];
  pending: readonly PendingCall[] = [];
  /**
   * What running calls asked the user (forms, links, sampling approvals), replaced on each change: the parts read it
   * through a context of its own (inputRequestsContext), which changes only then.
   */
  inputRequests: readonly InputRequest[] = [];
  /** The user turn whose changes the server would undo now (its last writing turn); undefined: nothing to undo. */
  undoTurnId: string | undefined;
  loading = false;
  /** The stored history on its way: a run's turns go after it. */
  loaded: Promise<void> = Promise.resolve();
  run: RunStream | undefined;
  queue: QueueEntry[] = [];
  /** The SSE id of the last event received; what a later resume will start after. */
  lastEventId = 0;
  sent = 0;
  activity = 0;
  received = 0;
  contextVersion = 0;
  /** The stored session's branch points (its versions), as the last history read said. */
  declare branches: SessionResponse['branches'];
  readonly #actions: ConversationActions & Pick<ConversationSnapshot, 'indexOf'>;
  /** Runs after every publish: what depends on the state without being drawn (the idle watch). */
  readonly #onPublish: () => void;
  readonly #provider: ContextProvider<typeof conversationContext, ConversationHost>;
  readonly #inputProvider: ContextProvider<typeof inputRequestsContext, ConversationHost>;
  /** The input requests the parts last heard of. */
  #shownRequests: readonly InputRequest[] | undefined;
  /** A publish of deltas waiting for its frame (publishSoon). */
  #frame: number | undefined;
  /** The time left before the next publish of deltas may be (publishSoon). */
  #wait: ReturnType<typeof setTimeout> | undefined;
  /** When the parts last heard of a change (performance.now()). */
  #published = -Infinity;
  #snapshot: ConversationSnapshot;

  constructor(
    host: ConversationHost,
    strings: () => AgentChatStrings,
    adapter: () => AgentChatAdapter,
    actions: ConversationActions & Pick<ConversationSnapshot, 'indexOf'>,
    onPublish: () => void,
  ) {
    this.host = host;
    this.strings = strings;
    this.adapter = adapter;
    this.#actions = actions;
    this.#onPublish = onPublish;
    this.#snapshot = this.#take();
    this.#provider = new ContextProvider(host, { context: conversationContext, initialValue: this.#snapshot });
    this.#inputProvider = new ContextProvider(host, { context: inputRequestsContext });
  }

  get snapshot(): ConversationSnapshot {
    return this.#snapshot;
  }

  /** No turns here any more: cleared, or another session. */
  forget(): void {
    this.log.reset([]);
    this.subagents.clear();
    this.usage = [];
    this.pending = [];
    this.inputRequests = [];
    this.undoTurnId = undefined;
  }

  /** A stored session in place of what this element holds; `turns` may add what is here but not yet stored. */
  restore(session: SessionResponse, turns: readonly Turn[] = session.turns): void {
    this.log.reset(turns);
    this.subagents.clear();
    for (const turn of session.subagentTurns ?? []) this.branch(turn.parentCallId!).push(turn);
    this.usage = Object.entries(session.usage ?? {});
    this.pending = session.pending;
    this.inputRequests = session.inputRequests ?? [];
    this.undoTurnId = session.undoTurnId;
    this.lastEventId = session.lastEventId;
    this.branches = session.branches;
  }

  /** The turns of the sub-agent started by the call `callId`: its events go there, not into `log`. */
  branch(callId: string): TurnLog {
    let branch = this.subagents.get(callId);
    if (!branch) this.subagents.set(callId, (branch = new TurnLog()));
    return branch;
  }

  /**
   * A streamed delta: the parts hear of it at the next animation frame, together with every delta that came before
   * it, so a fast stream costs one update of the parts per painted frame, not one per event. Any other change
   * publishes at once (and takes the deltas with it).
   */
  publishSoon(): void {
    if (this.#frame !== undefined || this.#wait !== undefined) return;
    // At most one publish of deltas per DELTA_MS: each costs a frame's style, layout and paint, about as much again
    // as the text it shows, and 20 updates a second read as smooth streaming. The wait is a timer, not frame after
    // frame asking whether it is time: a frame asked for runs the page's whole frame, with nothing to show.
    const wait = DELTA_MS - (performance.now() - this.#published);
    if (wait > 0) {
      this.#wait = setTimeout(() => {
        this.#wait = undefined;
        this.publishSoon();
      }, wait);
      return;
    }
    this.#frame = requestAnimationFrame(() => {
      this.#frame = undefined;
      this.publish();
    });
  }

  publish(): void {
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    clearTimeout(this.#wait);
    this.#frame = undefined;
    this.#wait = undefined;
    this.#published = performance.now();
    this.#snapshot = this.#take();
    this.#provider.setValue(this.#snapshot);
    if (this.inputRequests !== this.#shownRequests) {
      this.#shownRequests = this.inputRequests;
      this.#inputProvider.setValue({
        requests: this.inputRequests,
        take: (request) => {
          this.inputRequests = withInputRequest(this.inputRequests, request);
          this.publish();
        },
      });
    }
    this.host.requestUpdate();
    this.#onPublish();
  }

  /** Show a failure in the conversation (at `at`, by default the end) and tell the host: never fail silently. */
  fail(error: unknown, template = '{message}', at = this.log.turns.length): void {
    const described = describeError(error, this.client?.endpoint ?? '', this.strings());
    this.log.addToRun(localErrorTurn(format(template, { message: described.message }), described.code), at);
    this.publish();
    emit(this.host, 'agent-chat-error', { sessionId: this.sessionId, ...described });
  }

  /** `toolCallId`: the state a tool sent while it ran (ctx.state), rather than after a write, a command or an undo. */
  notifyState(state: unknown, toolCallId?: string): void {
    try {
      this.adapter().onStateChange?.(state);
    } catch (error) {
      console.error('[agent-chat] adapter.onStateChange failed:', error);
    }
    emit(this.host, 'agent-chat-state-change', { sessionId: this.sessionId, state, toolCallId });
  }

  #take(): ConversationSnapshot {
    return {
      sessionId: this.sessionId,
      turns: this.log.turns,
      turnsVersion: this.log.version,
      subagents: this.subagents,
      usage: this.usage,
      settledVersion: this.log.settled,
      lastUserIndex: this.log.lastUser,
      running: this.run !== undefined,
      stopping: this.run?.stopping ?? false,
      loading: this.loading,
      pending: this.pending,
      undoable: this.undoTurnId !== undefined,
      undoTurnId: this.undoTurnId,
      queued: this.queue.map(({ id, text }) => ({ id, text })),
      sent: this.sent,
      activity: this.activity,
      received: this.received,
      contextVersion: this.contextVersion,
      branches: this.branches,
      ...this.#actions,
    };
  }
}
