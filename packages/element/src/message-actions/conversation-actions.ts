import type { BranchPoint, FeedbackRating, SessionResponse, Turn } from '@agent-chat/protocol';
import type { ConversationModel } from '../conversation/conversation-model.js';
import { runTurn } from '../conversation/run-turn.js';
import { emit } from '../events.js';
import type { AgentClient } from '../transport/agent-client.js';
import { AgentHttpError } from '../transport/http-error.js';
import { readSseStream } from '../transport/sse-stream.js';

// What the message actions do to a conversation: the server's routes (docs/protocol.md, message actions) and the
// conversation's own run machinery (runTurn), so a retried reply or an edit streams, stops and queues like any reply.

const post = (body: unknown, signal?: AbortSignal): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json' },
  body: JSON.stringify(body),
  ...(signal ? { signal } : {}),
});

function route(model: ConversationModel, name: string): string {
  return `/sessions/${encodeURIComponent(model.sessionId)}/${name}`;
}

function clientOf(model: ConversationModel) {
  if (!model.client) throw new Error('agent-chat: set the endpoint attribute to the URL of the agent server');
  return model.client;
}

/**
 * After a branch was made, the stored session as it is now: its turns under their stored ids and its branch points,
 * unless another run (a queued message) has started since, whose own end reads it again.
 */
async function reread(model: ConversationModel): Promise<void> {
  if (model.run || !model.client) return;
  const sessionId = model.sessionId;
  const session = await model.client.getSession(sessionId);
  if (model.run || model.sessionId !== sessionId) return;
  model.restore(session);
  model.publish();
}

/** Thrown by an action asked for while a reply streams: the conversation runs one reply at a time. */
export class ReplyBusy extends Error {}

function idle(model: ConversationModel): void {
  if (model.run) throw new ReplyBusy('a reply is still coming');
}

/** The turns of the reply to the user turn at `index`: up to the next user turn. */
export function replyTurns(turns: readonly Turn[], index: number): Turn[] {
  const reply: Turn[] = [];
  // Read in place: a copy of the rest of a long history, for each group drawn, on every update, would add up.
  for (let at = index + 1; at < turns.length && turns[at]!.type !== 'user'; at++) reply.push(turns[at]!);
  return reply;
}

/** The reply's text as markdown: its messages, one paragraph apart (tool steps are no text of its own). */
export function replyMarkdown(turns: readonly Turn[]): string {
  return turns.flatMap((turn) => (turn.type === 'assistant_text' && turn.text ? [turn.text] : [])).join('\n\n');
}

/** The branch point shown at one of these turns (the first turn of an alternative), if any. */
export function branchAt(model: ConversationModel, ids: readonly string[]): BranchPoint | undefined {
  return model.branches?.find((point) => ids.includes(point.turnId));
}

/** A streamed answer's events; an answer that is no stream (an error page) says so. */
function events(response: Response) {
  if (!response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    throw new AgentHttpError(response.status, 'Expected an event stream from the agent server');
  }
  return readSseStream(response.body);
}

/**
 * Regenerate the last reply (POST /retry): it goes from the screen, the new one streams in its place, and the old
 * one becomes the previous version at that place. Resolves when the new reply has finished.
 */
export async function retryReply(model: ConversationModel): Promise<void> {
  const client = clientOf(model);
  const { log } = model;
  const last = log.at(log.lastUser);
  idle(model);
  if (last?.type !== 'user') return;
  log.reset(log.turns.slice(0, log.lastUser + 1));
  await runWith(model, { sendMessage: async (_sessionId, body, signal) => events(await client.request(route(model, 'retry'), post({ context: body.context }, signal))) }, () =>
    runTurn(model, { message: { text: last.text, options: {}, retry: last } }),
  );
  await reread(model);
}

type SendMessage = AgentClient['sendMessage'];

/**
 * Run `turn` (runTurn) with its message sent by `send` rather than POST /messages: the conversation's client is
 * replaced by one that differs in that alone for as long as runTurn takes to read it (synchronously, as it starts),
 * so the turn's stream, its client tools, Stop and the queue are the conversation's own, and the conversation's
 * code carries nothing of the message actions.
 */
async function runWith(model: ConversationModel, send: { sendMessage: SendMessage }, turn: () => Promise<unknown>): Promise<void> {
  const client = clientOf(model);
  model.client = new Proxy(client, {
    get: (target, key) => {
      if (key === 'sendMessage') return send.sendMessage;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  let running: Promise<unknown>;
  try {
    running = turn();
  } finally {
    model.client = client;
  }
  await running;
}

/**
 * Send `text` in place of the user message `turnId` (POST /messages with editOf): the conversation from that
 * message on goes from the screen, the edited message and its reply take its place, and the old branch becomes the
 * previous version of that message. The message's mentions and attachments go with it, as a retry's do. Resolves
 * when the reply has finished.
 */
export async function editMessage(model: ConversationModel, turnId: string, text: string): Promise<void> {
  const client = clientOf(model);
  const { log } = model;
  const index = log.indexOf(turnId);
  const old = log.at(index);
  idle(model);
  if (old?.type !== 'user' || !text.trim()) return;
  log.reset(log.turns.slice(0, index));
  await runWith(model, { sendMessage: (sessionId, body, signal) => client.sendMessage(sessionId, { ...body, editOf: turnId }, signal) }, () =>
    runTurn(model, { message: { text: text.trim(), options: { references: old.references, attachments: old.attachments } } }),
  );
  await reread(model);
}

/** Show alternative `index` at a branch point (POST /branch): the conversation from there is that version's. */
export async function showVersion(model: ConversationModel, turnId: string, index: number): Promise<void> {
  idle(model);
  const response = await clientOf(model).request(route(model, 'branch'), post({ turnId, index }));
  const session = (await response.json()) as SessionResponse;
  idle(model);
  model.restore(session);
  model.publish();
}

/**
 * A rating of a reply: `agent-chat-feedback` on the element first (the page hears it whatever the server does with
 * it), then POST /feedback for the server's `onFeedback` hook. Rejects with the server's refusal.
 */
export async function sendFeedback(model: ConversationModel, turnId: string, rating: FeedbackRating, comment: string): Promise<void> {
  const text = comment.trim();
  const detail = { sessionId: model.sessionId, turnId, rating, ...(text ? { comment: text } : {}) };
  emit(model.host, 'agent-chat-feedback', detail);
  const { sessionId: _sessionId, ...body } = detail;
  await clientOf(model).request(route(model, 'feedback'), post(body));
}
