import type { ReactiveController } from 'lit';
import type { CommandDescriptor, PendingCall, SessionResponse, ToolsResponse } from '@agent-chat/protocol';
import type { AgentChatAdapter, ConfirmDecision } from '../context/adapter.js';
import { AgentHttpError } from '../transport/http-error.js';
import type { AgentTransport, SendMessage } from '../transport/transport.js';
import { emit } from '../events.js';
import { load } from '../features/registry.js';
import { en, type AgentChatStrings } from '../i18n/strings.js';
import { regenerate, replaceMessage, showStored } from './branch-turns.js';
import { runTurn, sendMessage } from './run-turn.js';
import type { PendingAnswers } from './client-calls.js';
import type { ConversationSnapshot, SendOptions } from '../context/conversation-context.js';
import { ConversationModel, type ConversationHost, type QueueEntry } from './conversation-model.js';
import { describeError } from './describe-error.js';
import { idleWatch } from './idle-watch.js';
import { LOCAL, localStatusTurn, localTurnId } from '../core/turns/local-turns.js';
import { isUnusedSessionId } from './session-id.js';

export type { ConversationHost };

const NO_ADAPTER: AgentChatAdapter = {};

/**
 * One conversation with the agent server: its turns, the run in flight and the messages queued behind it,
 * stop, resume for the page's client tools, clear, undo. Owned by the shell element; hands an immutable
 * snapshot to the parts through @lit/context and fires the public DOM events on the host. Knows nothing of
 * layout or rendering.
 */
export class ConversationController implements ReactiveController {
  /** The host page's adapter: context, client tools, confirm, headers. Read at the moment each is needed. */
  adapter: AgentChatAdapter = NO_ADAPTER;

  readonly #conversation: ConversationModel;
  readonly #idleWatch: () => void;
  #needsLoad = false;
  #loadAbort: AbortController | undefined;
  #toolList: Promise<ToolsResponse> | undefined;

  /** `strings`: the element's texts, for the failures it words itself (the shell's table). */
  constructor(host: ConversationHost, strings: () => AgentChatStrings = () => en) {
    this.#conversation = new ConversationModel(
      host,
      strings,
      () => this.adapter,
      {
        send: (text, options) => this.send(text, options),
        stop: () => this.stop(),
        clear: () => this.clear(),
        unqueue: (id) => this.unqueue(id),
        commands: () => this.commands(),
        decide: (call, decision) => this.decide(call, decision),
        undo: () => this.undo(),
        retry: () => this.retry(),
        regenerate: (send) => this.regenerate(send),
        replaceMessage: (turnId, text, send) => this.replaceMessage(turnId, text, send),
        showStored: (load) => this.showStored(load),
        indexOf: (turnId) => this.#conversation.log.indexOf(turnId),
      },
      () => this.#idleWatch(),
    );
    this.#idleWatch = idleWatch(this.#conversation);
    host.addController(this);
  }

  /** The SSE id of the last event received; what a later resume will start after. */
  get lastEventId(): number {
    return this.#conversation.lastEventId;
  }

  set lastEventId(id: number) {
    this.#conversation.lastEventId = id;
  }

  get state(): ConversationSnapshot {
    return this.#conversation.snapshot;
  }

  hostConnected(): void {
    if (this.#needsLoad) void this.#load();
    this.#idleWatch();
  }

  hostDisconnected(): void {
    this.#idleWatch();
  }

  /**
   * Talk to this server about this session; another server (its endpoint, or the protocol it speaks) or another
   * session starts over from that session's stored history. `client` is the element's (ElementHost.client()).
   */
  configure(client: AgentTransport | undefined, sessionId: string): void {
    const conversation = this.#conversation;
    const current = conversation.client;
    if (client?.endpoint === current?.endpoint && client?.transport === current?.transport && sessionId === conversation.sessionId) return;
    // A reply streaming into the old conversation must not land in the new one, nor its queued messages.
    conversation.run?.abort.abort();
    conversation.run = undefined;
    this.#dropQueue();
    this.#loadAbort?.abort();
    if (client?.endpoint !== conversation.client?.endpoint) this.#toolList = undefined;
    conversation.client = client;
    conversation.sessionId = sessionId;
    conversation.forget();
    conversation.lastEventId = 0;
    this.#needsLoad = Boolean(client && sessionId);
    if (this.#needsLoad && conversation.host.isConnected) void this.#load();
    conversation.publish();
  }

  /**
   * Send a message and stream the reply into the turns; while another reply streams, the message waits in
   * the queue (seed 000: the input is never blocked). Resolves when this message's reply has finished.
   */
  send(text: string, options: SendOptions = {}): Promise<void> {
    const conversation = this.#conversation;
    const message = text.trim();
    if (!message && !options.action) return Promise.resolve();
    conversation.sent += 1;
    if (!conversation.run && conversation.queue.length === 0) return sendMessage(conversation, message, options);
    return new Promise<void>((done) => {
      const entry: QueueEntry = { id: localTurnId('queued'), text: message, options, done };
      if (options.urgent) conversation.queue.unshift(entry);
      else conversation.queue.push(entry);
      conversation.publish();
    });
  }

  /**
   * Send the last message again after it failed, as the same message: no second copy here, nor on the server (which
   * runs the agent again for the turn it stored, or takes the message as new if the first try never reached it).
   * The failure's own line goes; what the server stored of the failed try stays, as a reload would show it.
   */
  retry(): Promise<void> {
    const conversation = this.#conversation;
    const { log } = conversation;
    const last = log.at(log.lastUser);
    if (last?.type !== 'user' || conversation.run) return Promise.resolve();
    for (const turn of log.turns.slice(log.lastUser + 1)) if (turn.id.startsWith(LOCAL)) log.remove(turn);
    const options = { references: last.references, attachments: last.attachments, trigger: last.trigger, action: last.action };
    return runTurn(conversation, { message: { text: last.text, options, retry: last } }).then(() => undefined);
  }

  /** See ConversationActions.regenerate. */
  regenerate(send: SendMessage): Promise<void> {
    return regenerate(this.#conversation, send);
  }

  /** See ConversationActions.replaceMessage. */
  replaceMessage(turnId: string, text: string, send: SendMessage): Promise<void> {
    return replaceMessage(this.#conversation, turnId, text, send);
  }

  /** See ConversationActions.showStored. */
  showStored(load: () => Promise<SessionResponse>): Promise<void> {
    return showStored(this.#conversation, load);
  }

  /** The host's context changed (a stage, a selection): what depends on it, the quick actions, is asked again. */
  contextChanged(): void {
    this.#conversation.contextVersion += 1;
    this.#conversation.publish();
  }

  /** Take a queued message back; its send() resolves without sending. */
  unqueue(id: string): void {
    const conversation = this.#conversation;
    const entry = conversation.queue.find((candidate) => candidate.id === id);
    if (!entry) return;
    conversation.queue = conversation.queue.filter((candidate) => candidate !== entry);
    entry.done();
    conversation.publish();
  }

  /**
   * Stop the run in flight: POST /cancel so the server stops the model and tools, let its `done` arrive,
   * then close the stream. Resolves when the run has finished. Queued messages are still sent afterwards.
   */
  async stop(): Promise<void> {
    const run = this.#conversation.run;
    if (!run) return;
    await run.stop();
  }

  /** Stop any run, drop the queue, forget the conversation here and on the server. */
  async clear(): Promise<void> {
    const conversation = this.#conversation;
    this.#dropQueue();
    await this.stop();
    conversation.forget();
    conversation.publish();
    if (!conversation.client) return;
    try {
      await conversation.client.deleteSession(conversation.sessionId);
    } catch (error) {
      conversation.fail(error);
    }
  }

  /**
   * Restore the host's state from before the last writing turn (seed 000's one-level undo). Rejects with the
   * server's error (a 404 when there is nothing left to undo), which the undo button shows where it was pressed.
   */
  async undo(): Promise<void> {
    const conversation = this.#conversation;
    if (!conversation.client) throw new Error('agent-chat: set the endpoint attribute to the URL of the agent server');
    if (conversation.run) throw new Error('agent-chat: a reply is still streaming; undo when it has finished');
    try {
      const { state } = await conversation.client.undo(conversation.sessionId);
      conversation.undoTurnId = undefined;
      conversation.log.push(localStatusTurn('Changes undone', 'undone'));
      conversation.publish();
      conversation.notifyState(state);
    } catch (error) {
      const described = describeError(error, conversation.client.endpoint, conversation.strings());
      emit(conversation.host, 'agent-chat-error', { sessionId: conversation.sessionId, ...described });
      if (error instanceof AgentHttpError && error.status === 404) conversation.undoTurnId = undefined;
      conversation.publish();
      throw error;
    }
  }

  /** The commands usable now: the server decides from the page's context, as it will when one is sent. */
  async commands(): Promise<readonly CommandDescriptor[]> {
    const { client, sessionId } = this.#conversation;
    return client ? (await client.commands(sessionId, (await this.adapter.getContext?.()) ?? undefined)).commands : [];
  }

  /**
   * GET /tools, once per endpoint: the slash commands and the tool catalog both come from it. A failure is
   * forgotten, so the next ask tries again (the server may have been down, or the auth headers not yet set).
   */
  tools(): Promise<ToolsResponse> {
    const client = this.#conversation.client;
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
    const conversation = this.#conversation;
    if (conversation.run) throw new Error('agent-chat: a reply is still streaming; answer when it has finished');
    if (!conversation.pending.some((pending) => pending.toolCallId === call.toolCallId)) {
      throw new Error('agent-chat: this call is no longer waiting for an answer');
    }
    let answers: PendingAnswers;
    if (call.reason === 'client' && decision.action !== 'deny') {
      const edited = decision.action === 'edit';
      const input = edited ? decision.input : call.input;
      const { runClientTool } = await load('awaiting-input', conversation.host);
      const result = await runClientTool(call, input, this.adapter.tools?.[call.name]);
      answers = { decisions: [], results: [{ toolCallId: call.toolCallId, ...result, ...(edited ? { input } : {}) }] };
    } else {
      answers = { decisions: [(await load('awaiting-input', conversation.host)).toDecision(call, decision)], results: [] };
    }
    const refusal = await runTurn(conversation, { answers });
    if (refusal) throw refusal;
  }

  #dropQueue(): void {
    const dropped = this.#conversation.queue;
    this.#conversation.queue = [];
    for (const entry of dropped) entry.done();
  }

  async #load(): Promise<void> {
    const conversation = this.#conversation;
    const client = conversation.client;
    if (!client) return;
    this.#needsLoad = false;
    const abort = new AbortController();
    this.#loadAbort = abort;
    const sessionId = conversation.sessionId;
    conversation.loading = true;
    conversation.publish();
    conversation.loaded = (async () => {
      try {
        const session = isUnusedSessionId(sessionId)
          ? { sessionId, turns: [], pending: [], undoable: false, running: false, lastEventId: 0 }
          : await client.getSession(sessionId, abort.signal);
        if (abort.signal.aborted) return;
        // Anything already on screen was added by a send() made while the history was on its way; the
        // history may already hold it (under the id run_started gave it).
        const stored = new Set(session.turns.map((turn) => turn.id));
        conversation.restore(session, [...session.turns, ...conversation.log.turns.filter((turn) => !stored.has(turn.id))]);
        // A run in flight (another tab's, or this page's before a reload): follow it live.
        if (session.running && !conversation.run) void runTurn(conversation, { watch: true });
      } catch (error) {
        if (!abort.signal.aborted) conversation.fail(error, conversation.strings().loadFailed);
      } finally {
        if (this.#loadAbort === abort) {
          this.#loadAbort = undefined;
          conversation.loading = false;
          conversation.publish();
        }
      }
    })();
    return conversation.loaded;
  }
}
