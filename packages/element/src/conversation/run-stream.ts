import type { InputRequest, PendingCall, SessionResponse, StopReason, Turn, Usage } from '@agent-chat/protocol';
import type { EventSourceMessage } from 'eventsource-parser';
import type { AgentTransport } from '../transport/transport.js';
import { toStreamEvent } from '../transport/stream-event.js';
import { emit } from '../events.js';
import { applyEvent } from '../core/turns/apply-event.js';
import type { AgentChatStrings } from '../i18n/strings.js';
import { isStoppedTurn, localStatusTurn, runLineId, stoppedTurn } from '../core/turns/local-turns.js';
import { ENDED_AWAY, reconnecting } from './reconnecting-stream.js';
import type { TurnLog } from '../core/turns/turn-log.js';
import { withInputRequest } from './input-requests.js';

/** How long Stop waits for the server's `done` before it stops listening regardless. */
const STOP_GRACE_MS = 3000;

/**
 * What a run stream reads and writes of the conversation it feeds (ConversationModel is one): the events applied to
 * its log, the state it publishes, and the run it is. An interface, so the model and its run read one way.
 */
export interface StreamedConversation {
  /** Where the run's events (`agent-chat-tool-call`, `agent-chat-error`) are dispatched. */
  readonly host: EventTarget;
  readonly strings: () => AgentChatStrings;
  readonly client: AgentTransport | undefined;
  readonly sessionId: string;
  readonly log: TurnLog;
  /** The turns of the sub-agent that call `callId` started (a `parentCallId`), apart from `log`. */
  branch(callId: string): TurnLog;
  /** Tokens used, by user turn; a run's `done` adds its own. */
  readonly usage: [string, Usage][];
  pending: readonly PendingCall[];
  /** What running calls asked the user; `input_request` and `input_answered` change it. */
  inputRequests: readonly InputRequest[];
  undoTurnId: string | undefined;
  run: RunStream | undefined;
  lastEventId: number;
  activity: number;
  received: number;
  restore(session: SessionResponse, turns?: readonly Turn[]): void;
  publishSoon(): void;
  publish(): void;
  notifyState(state: unknown, toolCallId?: string): void;
}

/**
 * The run of one turn as this page follows it: one connection (a turn that answers client tools follows several
 * streams through it), each stream's events applied to the conversation across dropped connections, and Stop (the
 * server's /cancel, then a grace period for its `done`). Says how each stream ended.
 */
export class RunStream {
  readonly abort = new AbortController();
  /** How the turn ended, once it has. */
  readonly finished: Promise<StopReason>;
  /** The server's run ended for input and the page is answering (client tools, confirm): nothing to cancel there. */
  answering = false;
  stopping = false;
  /** The server announced the current stream's run (run_started), so a cancel can find it. */
  #started = false;
  /** The current stream ended with `done`. */
  #sawDone = false;
  #cancelSent = false;
  #graceTimer: ReturnType<typeof setTimeout> | undefined;
  #settle!: (reason: StopReason) => void;
  readonly #conversation: StreamedConversation;
  readonly #sessionId: string;

  constructor(conversation: StreamedConversation) {
    this.#conversation = conversation;
    this.#sessionId = conversation.sessionId;
    this.finished = new Promise((resolve) => (this.#settle = resolve));
  }

  /** Before run_started the server may not know the run yet; the cancel is sent when it announces it. */
  stop(): Promise<StopReason> {
    if (!this.stopping) {
      this.stopping = true;
      const { client } = this.#conversation;
      this.#conversation.publish();
      if (this.answering) this.abort.abort();
      else if (this.#started && client) void this.#requestCancel(client);
      this.#graceTimer = setTimeout(() => this.abort.abort(), STOP_GRACE_MS);
    }
    return this.finished;
  }

  /** Apply one stream's events to the turns; returns how it ended. */
  async follow(client: AgentTransport, messages: AsyncGenerator<EventSourceMessage>, localUserId?: string): Promise<StopReason> {
    const conversation = this.#conversation;
    const { log, host } = conversation;
    const sessionId = this.#sessionId;
    const signal = this.abort.signal;
    this.#started = false;
    this.#sawDone = false;
    this.#cancelSent = false;
    let stopReason: StopReason = 'error';
    let line: Turn | undefined;
    const events = reconnecting({
      first: messages,
      reopen: (after) => client.follow(sessionId, after, signal),
      lastId: () => conversation.lastEventId,
      signal,
      onReconnecting: () => {
        if (line) return;
        line = localStatusTurn(conversation.strings().reconnecting, 'reconnecting');
        log.addToRun(line);
        conversation.publish();
      },
      onReconnected: () => {
        if (line) log.remove(line);
        line = undefined;
        conversation.publish();
      },
    });
    for await (const sse of events) {
      if (conversation.run !== this) break;
      if (sse === ENDED_AWAY) {
        // The run ended while the connection was down: the stored history says how.
        conversation.restore(await client.getSession(sessionId, signal));
        this.#sawDone = true;
        stopReason = conversation.pending.length > 0 ? 'awaiting_input' : 'end_turn';
        break;
      }
      if (sse.id && Number.isFinite(Number(sse.id))) conversation.lastEventId = Number(sse.id);
      const event = toStreamEvent(sse);
      if (!event) continue;
      // A sub-agent's events build its call's branch, never the conversation's own turns.
      const parent = 'parentCallId' in event ? event.parentCallId : undefined;
      if (event.type === 'text_delta' && !parent && log.indexOf(event.turnId) < 0) conversation.received += 1;
      conversation.activity += 1;
      applyEvent(parent ? conversation.branch(parent) : log, event);
      switch (event.type) {
        case 'run_started':
          this.#started = true;
          // What the last run waited for is answered (or dropped) now; a new awaiting_input says what is left.
          conversation.pending = [];
          // The stored id, so a history fetched later recognizes this turn instead of showing it twice.
          if (localUserId && event.userTurnId) renameTurn(log, localUserId, event.userTurnId);
          if (this.stopping) void this.#requestCancel(client);
          break;
        case 'tool_call':
          emit(host, 'agent-chat-tool-call', {
            sessionId,
            toolCallId: event.toolCallId,
            name: event.name,
            kind: event.kind,
            label: event.label,
            input: event.input,
          });
          break;
        case 'state':
          conversation.notifyState(event.state, event.toolCallId);
          break;
        case 'error':
          // A sub-agent's failure is its branch's (and its call's error result): the run goes on.
          if (!parent) emit(host, 'agent-chat-error', { sessionId, message: event.message, code: event.code, status: undefined });
          break;
        case 'awaiting_input':
          conversation.pending = event.calls;
          break;
        case 'input_request':
        case 'input_answered':
          conversation.inputRequests = withInputRequest(conversation.inputRequests, event);
          break;
        case 'done':
          this.#sawDone = true;
          stopReason = event.stopReason;
          conversation.undoTurnId = event.undoTurnId;
          if (event.usage) conversation.usage.push([log.at(log.lastUser)?.id ?? '', event.usage]);
          break;
      }
      if (event.type === 'text_delta' || event.type === 'thinking_delta') conversation.publishSoon();
      else conversation.publish();
      if (this.#sawDone) break;
    }
    if (!this.#sawDone) {
      if (!this.stopping) throw new Error(conversation.strings().errorStreamClosed);
      return this.markStopped();
    }
    return stopReason;
  }

  /** The turn's line for a stop the server did not write (or not yet), at `at` (TurnLog.addToRun). */
  markStopped(at = this.#conversation.log.runEnd): StopReason {
    const { log } = this.#conversation;
    if (!isStoppedTurn(log.at(at - 1))) log.addToRun(stoppedTurn(runLineId('stopped')), at);
    return 'cancelled';
  }

  /** The turn has ended: no more waiting for a `done`. */
  close(): void {
    clearTimeout(this.#graceTimer);
    // Stopped without the server's `done` (it never came, or /cancel failed): close the connection too.
    if (this.stopping && !this.#sawDone) this.abort.abort();
  }

  /** Tells whoever awaits `finished` how the turn ended (after the turn has told the page). */
  settle(stopReason: StopReason): void {
    this.#settle(stopReason);
  }

  async #requestCancel(client: AgentTransport): Promise<void> {
    if (this.#cancelSent) return;
    this.#cancelSent = true;
    try {
      await client.cancel(this.#sessionId);
    } catch {
      // The run already ended (409/404) or the server is unreachable: nothing more will come worth waiting for.
      this.abort.abort();
    }
  }
}

function renameTurn(log: TurnLog, from: string, to: string): void {
  const index = log.indexOf(from);
  const turn = log.at(index);
  if (turn) log.set(index, { ...turn, id: to });
}
