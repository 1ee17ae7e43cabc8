import type { Context, SendMessageRequest, StopReason, UserTurn } from '@agent-chat/protocol';
import type { EventSourceMessage } from 'eventsource-parser';
import { emit } from '../events.js';
import { load } from '../features/registry.js';
import { AgentHttpError } from '../transport/http-error.js';
import type { SendMessage } from '../transport/transport.js';
import type { PendingAnswers } from './client-calls.js';
import type { SendOptions } from '../context/conversation-context.js';
import { viewContexts } from '../context/view-context.js';
import type { ConversationModel } from './conversation-model.js';
import { localUserTurn } from '../core/turns/local-turns.js';
import { RunStream } from './run-stream.js';
import { markSessionUsed } from './session-id.js';

export interface TurnStart {
  /** `retry`: the failed message, sent again as it is on screen (and stored once: the body names it, `retryOf`). */
  message?: { text: string; options: SendOptions; retry?: UserTurn };
  answers?: PendingAnswers;
  /** Follow a run started elsewhere (another tab): its events after the history loaded. */
  watch?: boolean;
  /** How the message goes to the server: by default POST /messages; an edit or a regenerated reply goes otherwise. */
  send?: SendMessage;
}

// Consts rather than function declarations: the minifier (terser's hoist_funs) lifts declarations to the top of
// the chunk, far from the classes that call them, which cost the conversation ~150 bytes of gzip (build.mjs budgets).

/** A message's turn; resolves when it has finished. */
export const sendMessage = (conversation: ConversationModel, text: string, options: SendOptions): Promise<void> => {
  return runTurn(conversation, { message: { text, options } }).then(() => undefined);
};

/**
 * One turn of the agent, from a user message or from answers to pending calls, through every round of the
 * page's client tools, until it ends or stops; then the next queued message goes. Returns the server's refusal of
 * answers (not shown as an error line: the confirmation card shows it), if that is how it ended.
 */
export const runTurn = async (conversation: ConversationModel, start: TurnStart): Promise<AgentHttpError | undefined> => {
  const { client, sessionId, host, log } = conversation;
  const run = new RunStream(conversation);
  conversation.run = run;
  // Answers and host runs are sent too: the server has this session from now on.
  markSessionUsed(sessionId);
  const message = start.message;
  const userTurn = message ? (message.retry ?? localUserTurn(message.text, message.options)) : undefined;
  // A message leaves the calls waiting for an answer behind (the server refuses them once it takes the message), so
  // their cards go; if the message surely never reached the server, they are still waiting there, and come back.
  const waiting = conversation.pending;
  /** The request for the message was made; `sent`: the server took it (it answered with the run's stream). */
  let requested = false;
  let sent = false;
  if (userTurn) {
    if (!message?.retry) log.push(userTurn);
    conversation.pending = [];
  }
  conversation.publish();
  if (message && userTurn) {
    emit(host, 'agent-chat-run-start', { sessionId, text: message.text });
    emit(host, 'agent-chat-message-sent', {
      sessionId,
      text: message.text,
      references: userTurn.references ?? [],
      attachments: userTurn.attachments ?? [],
      trigger: message.options.trigger,
    });
  } else {
    emit(host, 'agent-chat-run-start', { sessionId, text: '', resumed: true });
  }

  let stopReason: StopReason = 'error';
  let refusal: AgentHttpError | undefined;
  try {
    if (!client) throw new Error('agent-chat: set the endpoint attribute to the URL of the agent server');
    // The history must be in place first: it is prepended to what this run adds.
    await conversation.loaded;
    let answers = start.answers;
    if (message && userTurn) {
      const context = await readContext(conversation, message.options.context);
      if (run.stopping) run.abort.abort();
      const body: SendMessageRequest = {
        text: message.text,
        ...(context ? { context } : {}),
        ...(userTurn.references ? { references: userTurn.references } : {}),
        ...(userTurn.attachments ? { attachments: userTurn.attachments } : {}),
        ...(message.options.trigger ? { trigger: message.options.trigger } : {}),
        // Left out of the JSON when undefined.
        action: userTurn.action,
        retryOf: message.retry?.id,
      };
      requested = true;
      const stream = await (start.send ? start.send(sessionId, body, run.abort.signal) : client.sendMessage(sessionId, body, run.abort.signal));
      sent = true;
      // A message retried after its send failed is the server's now.
      log.unsent.delete(userTurn.id);
      stopReason = await run.follow(client, stream, userTurn.id);
      answers = undefined;
    } else if (start.watch) {
      const stream = await client.follow(sessionId, conversation.lastEventId, run.abort.signal);
      stopReason = stream ? await run.follow(client, stream) : 'end_turn';
    } else {
      stopReason = 'awaiting_input';
    }
    // The run stopped for the page: run its client tools (and the host's confirm), then continue the turn.
    // A watched run's calls are answered by the page that started it (its client tools run there, once).
    while (stopReason === 'awaiting_input' && conversation.run === run && !run.stopping && !start.watch) {
      run.answering = true;
      answers ??= await (await load('awaiting-input', host)).answerPendingCalls(
        conversation.pending,
        conversation.adapter(),
        run.abort.signal,
      );
      if (answers.decisions.length + answers.results.length === 0) break;
      // The page's context as it is now, with what the message itself added (a trigger's payload) still over it.
      const resumeContext = await readContext(conversation, message?.options.context);
      let resumed: AsyncGenerator<EventSourceMessage>;
      try {
        resumed = await client.resume(sessionId, { ...answers, ...(resumeContext ? { context: resumeContext } : {}) }, run.abort.signal);
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
      stopReason = await run.follow(client, resumed);
    }
    run.answering = false;
    if (run.stopping && stopReason === 'awaiting_input') stopReason = run.markStopped();
  } catch (error) {
    if (conversation.run !== run) stopReason = 'cancelled'; // configure() moved to another conversation
    else {
      // Surely not taken: never asked for (the page's context failed, Stop came first), or refused by the server. A
      // request that failed on the way (the network, an abort mid-request) may have been taken: that is left as it
      // was, as a reload will show it.
      if (userTurn && !sent && (!requested || error instanceof AgentHttpError)) {
        // A retried message is already what it was: the server's, or unsent still.
        if (!message?.retry) log.unsent.add(userTurn.id);
        if (conversation.pending.length === 0) conversation.pending = waiting;
      }
      // The run's line goes with its turns (TurnLog.runEnd), but a message that never went keeps its own after it.
      const at = userTurn && log.unsent.has(userTurn.id) ? log.turns.length : log.runEnd;
      if (run.stopping && run.abort.signal.aborted) stopReason = run.markStopped(at);
      else conversation.fail(error, undefined, at);
    }
  } finally {
    run.close();
    const current = conversation.run === run;
    if (current) conversation.run = undefined;
    conversation.publish();
    emit(host, 'agent-chat-run-finish', { sessionId, stopReason });
    run.settle(stopReason);
    if (current) {
      const next = conversation.queue.shift();
      if (next) void sendMessage(conversation, next.text, next.options).then(next.done);
    }
  }
  return refusal;
};

/** The adapter's context, with the views' and a message's own additions over it. */
const readContext = async (conversation: ConversationModel, extra?: Context): Promise<Context | undefined> => {
  let base: Context | undefined;
  try {
    base = (await conversation.adapter().getContext?.()) ?? undefined;
  } catch (error) {
    throw new Error(`The page could not give its context (adapter.getContext): ${error instanceof Error ? error.message : String(error)}`);
  }
  // What the views drawn in this conversation told the model (MCP Apps), between the page's and the message's own.
  const views = viewContexts.get(conversation.sessionId);
  return extra || views ? { ...base, ...views, ...extra } : base;
};
