import type { SessionResponse } from '@agent-chat/protocol';
import { ReplyBusy } from '../context/conversation-context.js';
import type { SendMessage } from '../transport/transport.js';
import type { ConversationModel } from './conversation-model.js';
import { runTurn } from './run-turn.js';

// The conversation's branches (the message actions: a reply regenerated, a message edited, another version shown).
// Each puts aside the end of what is shown and goes on from there through the conversation's own turn (runTurn), so a
// new reply streams, stops and queues like any other; the route that makes the branch on the server is the caller's
// (`send`, `load`), so the conversation carries none of the message actions' code.

function idle(model: ConversationModel): void {
  if (model.run) throw new ReplyBusy('a reply is still coming');
}

/**
 * After a branch, the stored session as it is now: its turns under their stored ids and its branch points, unless
 * another run (a queued message) has started since, whose own end reads it again.
 */
async function reread(model: ConversationModel): Promise<void> {
  if (model.run || !model.client) return;
  const sessionId = model.sessionId;
  const session = await model.client.getSession(sessionId);
  if (model.run || model.sessionId !== sessionId) return;
  model.restore(session);
  model.publish();
}

/** ConversationActions.regenerate: the last message again, its old reply becoming the previous version. */
export async function regenerate(model: ConversationModel, send: SendMessage): Promise<void> {
  const { log } = model;
  const last = log.at(log.lastUser);
  idle(model);
  if (last?.type !== 'user') return;
  log.reset(log.turns.slice(0, log.lastUser + 1));
  await runTurn(model, { message: { text: last.text, options: {}, retry: last }, send });
  await reread(model);
}

/** ConversationActions.replaceMessage: `text` in place of the message `turnId`, the old branch its previous version. */
export async function replaceMessage(model: ConversationModel, turnId: string, text: string, send: SendMessage): Promise<void> {
  const { log } = model;
  const index = log.indexOf(turnId);
  const old = log.at(index);
  idle(model);
  if (old?.type !== 'user' || !text.trim()) return;
  log.reset(log.turns.slice(0, index));
  await runTurn(model, { message: { text: text.trim(), options: { references: old.references, attachments: old.attachments } }, send });
  await reread(model);
}

/** ConversationActions.showStored: another version of the session, as `load` reads it. */
export async function showStored(model: ConversationModel, load: () => Promise<SessionResponse>): Promise<void> {
  idle(model);
  const session = await load();
  idle(model);
  model.restore(session);
  model.publish();
}
