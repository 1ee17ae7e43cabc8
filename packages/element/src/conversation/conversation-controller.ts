import { ContextProvider } from '@lit/context';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { CommandDescriptor, Context, PendingCall, SendMessageRequest, StopReason, ToolsResponse, Turn } from '@agent-chat/protocol';
import type { EventSourceMessage } from 'eventsource-parser';
import type { AgentChatAdapter } from '../adapter/adapter.js';
import { AgentClient } from '../transport/agent-client.js';
import { toStreamEvent } from '../transport/stream-event.js';
import { emit } from '../events.js';
import { applyEvent } from './apply-event.js';
import { TurnLog } from './turn-log.js';
import type { ConfirmDecision } from '../adapter/adapter.js';
import { AgentHttpError } from '../transport/http-error.js';
import type { PendingAnswers } from './client-calls.js';

const awaitingInput = () => import('./awaiting-input.js');
import {
  conversationContext,
  type ConversationSnapshot,
  type QueuedMessage,
  type SendOptions,
} from './conversation-context.js';
import { describeError } from './describe-error.js';
import { isUnusedSessionId, markSessionUsed } from './session-id.js';
import { ENDED_AWAY, reconnecting } from './reconnecting-stream.js';
import { en, format, type AgentChatStrings } from '../i18n/strings.js';
import { isStoppedTurn, localErrorTurn, localStatusTurn, localTurnId, localUserTurn, stoppedTurn } from './local-turns.js';

/** The element a conversation controller belongs to. */
export type ConversationHost = ReactiveControllerHost & HTMLElement;

interface ActiveRun {
  readonly abort: AbortController;
  readonly finished: Promise<StopReason>;
  /** The server announced the current stream's run (run_started), so a cancel can find it. */
  started: boolean;
  /** The current stream ended with `done`. */
  sawDone: boolean;
  /** The server's run ended for input and the page is answering (client tools, confirm): nothing to cancel there. */
  answering: boolean;
  stopping: boolean;
  cancelSent: boolean;
  graceTimer: ReturnType<typeof setTimeout> | undefined;
}

interface QueueEntry extends QueuedMessage {
  readonly options: SendOptions;
  readonly done: () => void;
}

/** How long Stop waits for the server's `done` before it stops listening regardless. */
const STOP_GRACE_MS = 3000;
const NO_ADAPTER: AgentChatAdapter = {};

/**
 * One conversation with the agent server: its turns, the run in flight and the messages queued behind it,
 * stop, resume for the page's client tools, clear, undo. Owned by the shell element; hands an immutable
 * snapshot to the parts through @lit/context and fires the public DOM events on the host. Knows nothing of
 * layout or rendering.
 */
export class ConversationController implements ReactiveController {
  /** The SSE id of the last event received; what a later resume will start after. */
  lastEventId = 0;
  /** The host page's adapter: context, client tools, confirm, headers. Read at the moment each is needed. */
  adapter: AgentChatAdapter = NO_ADAPTER;

  readonly #host: ConversationHost;
  readonly #strings: () => AgentChatStrings;
  readonly #provider: ContextProvider<typeof conversationContext, ConversationHost>;
  #client: AgentClient | undefined;
  #sessionId = '';
  /** One array changed in place per event (see TurnLog); `turns` in the snapshot is that array. */
  readonly #log = new TurnLog();
  #pending: readonly PendingCall[] = [];
  #undoable = false;
  #loading = false;
  #needsLoad = false;
  #loaded: Promise<void> = Promise.resolve();
  #loadAbort: AbortController | undefined;
  #run: ActiveRun | undefined;
  #queue: QueueEntry[] = [];
  #sent = 0;
  #activity = 0;
  #received = 0;
  #toolList: Promise<ToolsResponse> | undefined;
  /** Waiting for the session's next run while a pending approval shows here and nothing runs (see #syncIdleWatch). */
  #idleWatch: AbortController | undefined;
  /** A publish waiting for the next animation frame (#publishSoon). */
  #frame: number | undefined;
  #current: ConversationSnapshot;

  /** `strings`: the element's texts, for the failures it words itself (the shell's table). */
  constructor(host: ConversationHost, strings: () => AgentChatStrings = () => en) {
    this.#host = host;
    this.#strings = strings;
    this.#current = this.#snapshot();
    this.#provider = new ContextProvider(host, { context: conversationContext, initialValue: this.#current });
    host.addController(this);
  }

  get state(): ConversationSnapshot {
    return this.#current;
  }

  hostConnected(): void {
    if (this.#needsLoad) void this.#load();
    this.#syncIdleWatch();
  }

  hostDisconnected(): void {
    this.#syncIdleWatch();
  }

  /** Talk to this endpoint about this session; a change starts over from that session's stored history. */
  configure(endpoint: string, sessionId: string): void {
    const client = endpoint
      ? new AgentClient({ endpoint, headers: () => this.adapter.headers?.(), credentials: () => this.adapter.credentials })
      : undefined;
    if (client?.endpoint === this.#client?.endpoint && sessionId === this.#sessionId) return;
    // A reply streaming into the old conversation must not land in the new one, nor its queued messages.
    this.#run?.abort.abort();
    this.#run = undefined;
    this.#dropQueue();
    this.#loadAbort?.abort();
    if (client?.endpoint !== this.#client?.endpoint) this.#toolList = undefined;
    this.#client = client;
    this.#sessionId = sessionId;
    this.#log.reset([]);
    this.#pending = [];
    this.#undoable = false;
    this.lastEventId = 0;
    this.#needsLoad = Boolean(client && sessionId);
    if (this.#needsLoad && this.#host.isConnected) void this.#load();
    this.#publish();
  }

  /**
   * Send a message and stream the reply into the turns; while another reply streams, the message waits in
   * the queue (seed 000: the input is never blocked). Resolves when this message's reply has finished.
   */
  send(text: string, options: SendOptions = {}): Promise<void> {
    const message = text.trim();
    if (!message) return Promise.resolve();
    this.#sent += 1;
    if (!this.#run && this.#queue.length === 0) return this.#runMessage(message, options);
    return new Promise<void>((done) => {
      const entry: QueueEntry = { id: localTurnId('queued'), text: message, options, done };
      if (options.urgent) this.#queue.unshift(entry);
      else this.#queue.push(entry);
      this.#publish();
    });
  }

  retry(): Promise<void> {
    const last = this.#log.at(this.#log.lastUser);
    return last?.type === 'user' ? this.send(last.text, { references: last.references, attachments: last.attachments }) : Promise.resolve();
  }

  /** Take a queued message back; its send() resolves without sending. */
  unqueue(id: string): void {
    const entry = this.#queue.find((candidate) => candidate.id === id);
    if (!entry) return;
    this.#queue = this.#queue.filter((candidate) => candidate !== entry);
    entry.done();
    this.#publish();
  }

  /**
   * Stop the run in flight: POST /cancel so the server stops the model and tools, let its `done` arrive,
   * then close the stream. Resolves when the run has finished. Queued messages are still sent afterwards.
   */
  async stop(): Promise<void> {
    const run = this.#run;
    if (!run) return;
    if (!run.stopping) {
      run.stopping = true;
      this.#publish();
      if (run.answering) run.abort.abort();
      // Before run_started the server may not know the run yet; the cancel is sent when it announces it.
      else if (run.started && this.#client) void this.#requestCancel(run, this.#client, this.#sessionId);
      run.graceTimer = setTimeout(() => run.abort.abort(), STOP_GRACE_MS);
    }
    await run.finished;
  }

  /** Stop any run, drop the queue, forget the conversation here and on the server. */
  async clear(): Promise<void> {
    this.#dropQueue();
    await this.stop();
    this.#log.reset([]);
    this.#pending = [];
    this.#undoable = false;
    this.#publish();
    if (!this.#client) return;
    try {
      await this.#client.deleteSession(this.#sessionId);
    } catch (error) {
      this.#fail(error);
    }
  }

  /**
   * Restore the host's state from before the last writing turn (seed 000's one-level undo). Rejects with the
   * server's error (a 404 when there is nothing left to undo), which the undo button shows where it was pressed.
   */
  async undo(): Promise<void> {
    if (!this.#client) throw new Error('agent-chat: set the endpoint attribute to the URL of the agent server');
    if (this.#run) throw new Error('agent-chat: a reply is still streaming; undo when it has finished');
    try {
      const { state } = await this.#client.undo(this.#sessionId);
      this.#undoable = false;
      this.#log.push(localStatusTurn('Changes undone', 'undone'));
      this.#publish();
      this.#notifyState(state);
    } catch (error) {
      const described = describeError(error, this.#client.endpoint, this.#strings());
      emit(this.#host, 'agent-chat-error', { sessionId: this.#sessionId, ...described });
      if (error instanceof AgentHttpError && error.status === 404) this.#undoable = false;
      this.#publish();
      throw error;
    }
  }

  commands(): Promise<readonly CommandDescriptor[]> {
    return this.#client ? this.tools().then((response) => response.commands) : Promise.resolve([]);
  }

  /**
   * GET /tools, once per endpoint: the slash commands and the tool catalog both come from it. A failure is
   * forgotten, so the next ask tries again (the server may have been down, or the auth headers not yet set).
   */
  tools(): Promise<ToolsResponse> {
    const client = this.#client;
    if (!client) return Promise.reject(new Error('agent-chat: no endpoint'));
    const list: Promise<ToolsResponse> = (this.#toolList ??= client.tools().catch((error: unknown) => {
      if (this.#toolList === list) this.#toolList = undefined;
      throw error;
    }));
    return list;
  }

  /**
   * Answer a call the run stopped for, from the confirmation card: a decision for a server tool; for a client
   * tool the page's handler runs first (with the edited input) unless the user refused. The turn then goes on
   * as a new stream. Rejects, with the server's message, when the answer was refused (the card says so and
   * offers a retry); resolves when the continued turn has finished.
   */
  async decide(call: PendingCall, decision: ConfirmDecision): Promise<void> {
    if (this.#run) throw new Error('agent-chat: a reply is still streaming; answer when it has finished');
    if (!this.#pending.some((pending) => pending.toolCallId === call.toolCallId)) {
      throw new Error('agent-chat: this call is no longer waiting for an answer');
    }
    let answers: PendingAnswers;
    if (call.reason === 'client' && decision.action !== 'deny') {
      const edited = decision.action === 'edit';
      const input = edited ? decision.input : call.input;
      const { runClientTool } = await awaitingInput();
      const result = await runClientTool(call, input, this.adapter.tools?.[call.name]);
      answers = { decisions: [], results: [{ toolCallId: call.toolCallId, ...result, ...(edited ? { input } : {}) }] };
    } else {
      answers = { decisions: [(await awaitingInput()).toDecision(call, decision)], results: [] };
    }
    const refusal = await this.#runTurn({ answers });
    if (refusal) throw refusal;
  }

  #runMessage(text: string, options: SendOptions): Promise<void> {
    return this.#runTurn({ message: { text, options } }).then(() => undefined);
  }

  /**
   * One turn of the agent, from a user message or from answers to pending calls, through every round of the
   * page's client tools, until it ends or stops. Returns the server's refusal of answers (not shown as an error
   * line: the confirmation card shows it), if that is how it ended.
   */
  async #runTurn(start: {
    message?: { text: string; options: SendOptions };
    answers?: PendingAnswers;
    /** Follow a run started elsewhere (another tab): its events after the history loaded. */
    watch?: boolean;
  }): Promise<AgentHttpError | undefined> {
    const client = this.#client;
    const sessionId = this.#sessionId;
    let resolveFinished: (reason: StopReason) => void = () => {};
    const run: ActiveRun = {
      abort: new AbortController(),
      finished: new Promise((resolve) => (resolveFinished = resolve)),
      started: false,
      sawDone: false,
      answering: false,
      stopping: false,
      cancelSent: false,
      graceTimer: undefined,
    };
    this.#run = run;
    // Answers and host runs are sent too: the server has this session from now on.
    markSessionUsed(sessionId);
    const message = start.message;
    const userTurn = message ? localUserTurn(message.text, message.options) : undefined;
    if (userTurn) {
      this.#log.push(userTurn);
      this.#pending = [];
    }
    this.#publish();
    if (message && userTurn) {
      emit(this.#host, 'agent-chat-run-start', { sessionId, text: message.text });
      emit(this.#host, 'agent-chat-message-sent', {
        sessionId,
        text: message.text,
        references: userTurn.references ?? [],
        attachments: userTurn.attachments ?? [],
        trigger: message.options.trigger,
      });
    } else {
      emit(this.#host, 'agent-chat-run-start', { sessionId, text: '', resumed: true });
    }

    let stopReason: StopReason = 'error';
    let refusal: AgentHttpError | undefined;
    try {
      if (!client) throw new Error('agent-chat: set the endpoint attribute to the URL of the agent server');
      // The history must be in place first: it is prepended to what this run adds.
      await this.#loaded;
      let answers = start.answers;
      if (message && userTurn) {
        const context = await this.#readContext(message.options.context);
        if (run.stopping) run.abort.abort();
        const body: SendMessageRequest = {
          text: message.text,
          ...(context ? { context } : {}),
          ...(userTurn.references ? { references: userTurn.references } : {}),
          ...(userTurn.attachments ? { attachments: userTurn.attachments } : {}),
          ...(message.options.trigger ? { trigger: message.options.trigger } : {}),
        };
        const stream = await client.sendMessage(sessionId, body, run.abort.signal);
        stopReason = await this.#follow(run, client, sessionId, stream, userTurn.id);
        answers = undefined;
      } else if (start.watch) {
        const stream = await client.follow(sessionId, this.lastEventId, run.abort.signal);
        stopReason = stream ? await this.#follow(run, client, sessionId, stream) : 'end_turn';
      } else {
        stopReason = 'awaiting_input';
      }
      // The run stopped for the page: run its client tools (and the host's confirm), then continue the turn.
      // A watched run's calls are answered by the page that started it (its client tools run there, once).
      while (stopReason === 'awaiting_input' && this.#run === run && !run.stopping && !start.watch) {
        run.answering = true;
        answers ??= await (await awaitingInput()).answerPendingCalls(this.#pending, this.adapter, run.abort.signal);
        if (answers.decisions.length + answers.results.length === 0) break;
        const resumeContext = await this.#readContext();
        let resumed: AsyncGenerator<EventSourceMessage>;
        try {
          resumed = await client.resume(
            sessionId,
            { ...answers, ...(resumeContext ? { context: resumeContext } : {}) },
            run.abort.signal,
          );
        } catch (error) {
          // The user's own answer, refused (a bad edit): theirs to fix, on the card that sent it.
          if (start.answers && answers === start.answers && error instanceof AgentHttpError) {
            refusal = error;
            stopReason = 'awaiting_input';
            break;
          }
          throw error;
        }
        answers = undefined;
        run.answering = false;
        stopReason = await this.#follow(run, client, sessionId, resumed);
      }
      run.answering = false;
      if (run.stopping && stopReason === 'awaiting_input') stopReason = this.#markStopped();
    } catch (error) {
      if (this.#run !== run) stopReason = 'cancelled'; // configure() moved to another conversation
      else if (run.stopping && run.abort.signal.aborted) stopReason = this.#markStopped();
      else this.#fail(error);
    } finally {
      clearTimeout(run.graceTimer);
      // Stopped without the server's `done` (it never came, or /cancel failed): close the connection too.
      if (run.stopping && !run.sawDone) run.abort.abort();
      const current = this.#run === run;
      if (current) this.#run = undefined;
      this.#publish();
      emit(this.#host, 'agent-chat-run-finish', { sessionId, stopReason });
      resolveFinished(stopReason);
      if (current) this.#sendNextQueued();
    }
    return refusal;
  }

  /** Apply one stream's events to the turns; returns how it ended. */
  async #follow(
    run: ActiveRun,
    client: AgentClient,
    sessionId: string,
    messages: AsyncGenerator<EventSourceMessage>,
    localUserId?: string,
  ): Promise<StopReason> {
    run.started = false;
    run.sawDone = false;
    run.cancelSent = false;
    let stopReason: StopReason = 'error';
    let line: Turn | undefined;
    const events = reconnecting({
      first: messages,
      reopen: (after) => client.follow(sessionId, after, run.abort.signal),
      lastId: () => this.lastEventId,
      signal: run.abort.signal,
      onReconnecting: () => {
        if (line) return;
        line = localStatusTurn(this.#strings().reconnecting, 'reconnecting');
        this.#log.push(line);
        this.#publish();
      },
      onReconnected: () => {
        if (line) this.#log.remove(line);
        line = undefined;
        this.#publish();
      },
    });
    for await (const sse of events) {
      if (this.#run !== run) break;
      if (sse === ENDED_AWAY) {
        // The run ended while the connection was down: the stored history says how.
        await this.#reload(client, sessionId, run.abort.signal);
        run.sawDone = true;
        stopReason = this.#pending.length > 0 ? 'awaiting_input' : 'end_turn';
        break;
      }
      if (sse.id && Number.isFinite(Number(sse.id))) this.lastEventId = Number(sse.id);
      const event = toStreamEvent(sse);
      if (!event) continue;
      if (event.type === 'text_delta' && this.#log.indexOf(event.turnId) < 0) this.#received += 1;
      this.#activity += 1;
      applyEvent(this.#log, event);
      switch (event.type) {
        case 'run_started':
          run.started = true;
          // What the last run waited for is answered (or dropped) now; a new awaiting_input says what is left.
          this.#pending = [];
          // The stored id, so a history fetched later recognizes this turn instead of showing it twice.
          if (localUserId && event.userTurnId) renameTurn(this.#log, localUserId, event.userTurnId);
          if (run.stopping) void this.#requestCancel(run, client, sessionId);
          break;
        case 'tool_call':
          emit(this.#host, 'agent-chat-tool-call', {
            sessionId,
            toolCallId: event.toolCallId,
            name: event.name,
            kind: event.kind,
            label: event.label,
            input: event.input,
          });
          break;
        case 'state':
          this.#notifyState(event.state);
          break;
        case 'error':
          emit(this.#host, 'agent-chat-error', { sessionId, message: event.message, code: event.code, status: undefined });
          break;
        case 'awaiting_input':
          this.#pending = event.calls;
          break;
        case 'done':
          run.sawDone = true;
          stopReason = event.stopReason;
          this.#undoable = event.undoable;
          break;
      }
      if (event.type === 'text_delta' || event.type === 'thinking_delta') this.#publishSoon();
      else this.#publish();
      if (run.sawDone) break;
    }
    if (!run.sawDone) {
      if (!run.stopping) throw new Error(this.#strings().errorStreamClosed);
      return this.#markStopped();
    }
    return stopReason;
  }

  /** The stored conversation, in place of what this element holds. */
  async #reload(client: AgentClient, sessionId: string, signal?: AbortSignal): Promise<void> {
    const session = await client.getSession(sessionId, signal);
    this.#log.reset(session.turns);
    this.#pending = session.pending;
    this.#undoable = session.undoable;
    this.lastEventId = session.lastEventId;
  }

  #sendNextQueued(): void {
    const next = this.#queue.shift();
    if (!next) return;
    void this.#runMessage(next.text, next.options).then(next.done);
  }

  #dropQueue(): void {
    const dropped = this.#queue;
    this.#queue = [];
    for (const entry of dropped) entry.done();
  }

  /** The adapter's context, with a message's own additions over it. */
  async #readContext(extra?: Context): Promise<Context | undefined> {
    let base: Context | undefined;
    try {
      base = (await this.adapter.getContext?.()) ?? undefined;
    } catch (error) {
      throw new Error(`The page could not give its context (adapter.getContext): ${error instanceof Error ? error.message : String(error)}`);
    }
    return extra ? { ...base, ...extra } : base;
  }

  #notifyState(state: unknown): void {
    try {
      this.adapter.onStateChange?.(state);
    } catch (error) {
      console.error('[agent-chat] adapter.onStateChange failed:', error);
    }
    emit(this.#host, 'agent-chat-state-change', { sessionId: this.#sessionId, state });
  }

  async #requestCancel(run: ActiveRun, client: AgentClient, sessionId: string): Promise<void> {
    if (run.cancelSent) return;
    run.cancelSent = true;
    try {
      await client.cancel(sessionId);
    } catch {
      // The run already ended (409/404) or the server is unreachable: nothing more will come worth waiting for.
      run.abort.abort();
    }
  }

  async #load(): Promise<void> {
    const client = this.#client;
    if (!client) return;
    this.#needsLoad = false;
    const abort = new AbortController();
    this.#loadAbort = abort;
    const sessionId = this.#sessionId;
    this.#loading = true;
    this.#publish();
    this.#loaded = (async () => {
      try {
        const session = isUnusedSessionId(sessionId)
          ? { sessionId, turns: [], pending: [], undoable: false, running: false, lastEventId: 0 }
          : await client.getSession(sessionId, abort.signal);
        if (abort.signal.aborted) return;
        // Anything already on screen was added by a send() made while the history was on its way; the
        // history may already hold it (under the id run_started gave it).
        const stored = new Set(session.turns.map((turn) => turn.id));
        this.#log.reset([...session.turns, ...this.#log.turns.filter((turn) => !stored.has(turn.id))]);
        this.#pending = session.pending;
        this.#undoable = session.undoable;
        this.lastEventId = session.lastEventId;
        // A run in flight (another tab's, or this page's before a reload): follow it live.
        if (session.running && !this.#run) void this.#runTurn({ watch: true });
      } catch (error) {
        if (!abort.signal.aborted) this.#fail(error, this.#strings().loadFailed);
      } finally {
        if (this.#loadAbort === abort) {
          this.#loadAbort = undefined;
          this.#loading = false;
          this.#publish();
        }
      }
    })();
    return this.#loaded;
  }

  #markStopped(): StopReason {
    if (!isStoppedTurn(this.#log.last)) {
      this.#log.push(stoppedTurn(`stopped-${this.#log.turns.length}`));
    }
    return 'cancelled';
  }

  /** Show a failure in the conversation and tell the host: never fail silently. */
  #fail(error: unknown, template = '{message}'): void {
    const described = describeError(error, this.#client?.endpoint ?? '', this.#strings());
    this.#log.push(localErrorTurn(format(template, { message: described.message }), described.code));
    this.#publish();
    emit(this.#host, 'agent-chat-error', { sessionId: this.#sessionId, ...described });
  }

  /**
   * A streamed delta: the parts hear of it at the next animation frame, together with every delta that came before
   * it, so a fast stream costs one update of the parts per painted frame, not one per event. Any other change
   * publishes at once (and takes the deltas with it).
   */
  #publishSoon(): void {
    this.#frame ??= requestAnimationFrame(() => {
      this.#frame = undefined;
      this.#publish();
    });
  }

  #publish(): void {
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
    this.#current = this.#snapshot();
    // Not yet set while the constructor builds the first snapshot.
    this.#provider?.setValue(this.#current);
    this.#host.requestUpdate();
    this.#syncIdleWatch();
  }

  /**
   * A pending approval shown here may be answered in another tab (or another device): while one shows, nothing runs
   * here and the element is on the page, wait for the session's next run and follow it, so the card gives way to the
   * outcome. Stopped as soon as this page runs something itself (an answer, a message), goes away, or changes
   * session. One connection per such element, and only while it shows a card.
   */
  #syncIdleWatch(): void {
    const client = this.#client;
    const wanted = Boolean(client) && this.#pending.length > 0 && !this.#run && !this.#loading && this.#host.isConnected;
    if (!wanted || !client) {
      this.#idleWatch?.abort();
      this.#idleWatch = undefined;
      return;
    }
    if (this.#idleWatch) return;
    const watch = new AbortController();
    this.#idleWatch = watch;
    const sessionId = this.#sessionId;
    void awaitingInput()
      .then(({ waitForNextRun }) =>
        waitForNextRun({
          open: (after, signal) => client.waitForRun(sessionId, after, signal),
          lastId: () => this.lastEventId,
          signal: watch.signal,
        }),
      )
      .catch(() => false)
      .then((started) => {
        if (this.#idleWatch !== watch) return;
        this.#idleWatch = undefined;
        watch.abort();
        // Followed from this page's last id, so the event that woke the wait is applied there.
        if (started && !this.#run) void this.#runTurn({ watch: true });
      });
  }

  #snapshot(): ConversationSnapshot {
    return {
      sessionId: this.#sessionId,
      turns: this.#log.turns,
      turnsVersion: this.#log.version,
      settledVersion: this.#log.settled,
      lastUserIndex: this.#log.lastUser,
      running: this.#run !== undefined,
      stopping: this.#run?.stopping ?? false,
      loading: this.#loading,
      pending: this.#pending,
      undoable: this.#undoable,
      queued: this.#queue.map(({ id, text }) => ({ id, text })),
      sent: this.#sent,
      activity: this.#activity,
      received: this.#received,
      send: this.#boundSend,
      stop: this.#boundStop,
      clear: this.#boundClear,
      unqueue: this.#boundUnqueue,
      commands: this.#boundCommands,
      decide: this.#boundDecide,
      undo: this.#boundUndo,
      retry: this.#boundRetry,
    };
  }

  readonly #boundSend = (text: string, options?: SendOptions) => this.send(text, options);
  readonly #boundStop = () => this.stop();
  readonly #boundClear = () => this.clear();
  readonly #boundUnqueue = (id: string) => this.unqueue(id);
  readonly #boundCommands = () => this.commands();
  readonly #boundDecide = (call: PendingCall, decision: ConfirmDecision) => this.decide(call, decision);
  readonly #boundUndo = () => this.undo();
  readonly #boundRetry = () => this.retry();
}

function renameTurn(log: TurnLog, from: string, to: string): void {
  const index = log.indexOf(from);
  const turn = log.at(index);
  if (turn) log.set(index, { ...turn, id: to });
}
