import type { ActivityDeltaEvent, ActivitySnapshotEvent, Message } from '@ag-ui/core';
import type { A2uiMessage, StreamEvent, Turn } from '@agent-chat/protocol';
import { applyPatch, type PatchOperation } from './json-patch.js';
import type { AgUiThread } from './thread.js';

/** The activity type of A2UI surfaces (@ag-ui/a2ui-middleware's `A2UIActivityType`). */
export const A2UI_ACTIVITY = 'a2ui-surface';
/** Where an activity's content holds its v0.9 messages (the middleware's `A2UI_OPERATIONS_KEY`). */
const OPERATIONS = 'a2ui_operations';
const OPERATION_KEYS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;

/**
 * An `a2ui-surface` activity (ACTIVITY_SNAPSHOT or ACTIVITY_DELTA) as the element's `ui` events, so its a2ui feature
 * draws it as it draws a surface from the element's own server. An activity's content is the surface's messages so
 * far (`a2ui_operations`), each snapshot whole (the middleware's growing snapshots, an agent-chat server's one activity
 * per surface): only the messages not yet applied for that activity are sent, so an update changes the surface in
 * place. A snapshot that is not an extension of what was applied (the middleware sends a surface again once its data
 * is complete) deletes the activity's surfaces and draws them anew. Content without messages (the middleware's
 * `building`, `retrying` and `failed` states) draws nothing.
 */
export function a2uiActivityEvents(thread: AgUiThread, event: ActivitySnapshotEvent | ActivityDeltaEvent): StreamEvent[] {
  const content = activityContent(thread, event);
  if (!content) return [];
  const operations = operationsOf(content);
  if (!operations) return [];
  const applied = thread.a2ui.get(event.messageId) ?? [];
  const extending = applied.length <= operations.length && applied.every((message, index) => same(message, operations[index]));
  const fresh = extending ? operations.slice(applied.length) : [...deletions(applied), ...operations];
  thread.a2ui.set(event.messageId, operations);
  const messages = settled(fresh, thread.liveSurfaces);
  if (messages.length === 0) return [];
  const turnId = `${event.messageId}.ui-${thread.a2uiTurns}`;
  thread.a2uiTurns += 1;
  return [{ type: 'ui', turnId, toolCallId: event.messageId, messages }];
}

/**
 * The `ui` turns a thread's `a2ui-surface` activity messages tell (an agent-chat server's history has one per surface
 * where it was first drawn), for a reload: each activity's messages as one turn, which draws its surfaces as they
 * were last. What is applied is set to them, so the next live snapshot of an activity extends it.
 */
export function a2uiActivityTurn(thread: AgUiThread, message: Message, live: Set<string>): Omit<Extract<Turn, { type: 'ui' }>, 'createdAt'>[] {
  if (message.role !== 'activity' || message.activityType !== A2UI_ACTIVITY) return [];
  const operations = operationsOf(message.content);
  if (!operations) return [];
  thread.a2ui.set(message.id, operations);
  const messages = settled(operations, live);
  return messages.length > 0 ? [{ id: `${message.id}.ui`, type: 'ui', toolCallId: message.id, messages }] : [];
}

/** The activity's content after the event, kept on the thread as an activity message (the agent's next snapshot replaces it). */
function activityContent(thread: AgUiThread, event: ActivitySnapshotEvent | ActivityDeltaEvent): Record<string, unknown> | undefined {
  if (event.activityType !== A2UI_ACTIVITY) return undefined;
  let held = thread.messages.find((message): message is Extract<Message, { role: 'activity' }> => message.role === 'activity' && message.id === event.messageId);
  const before = held?.content ?? {};
  let content: Record<string, unknown>;
  if ('patch' in event) {
    try {
      content = applyPatch(before, event.patch as PatchOperation[]) as Record<string, unknown>;
    } catch (error) {
      // As a STATE_DELTA that does not apply: warned about and skipped; the agent's next snapshot sets it right.
      console.warn(`[agent-chat] AG-UI ACTIVITY_DELTA skipped: ${(error as Error).message}`);
      return undefined;
    }
  } else {
    // AG-UI: `replace: false` keeps an existing message's content; only a new one takes the snapshot's.
    if (held && event.replace === false) return undefined;
    content = event.content;
  }
  if (!held) thread.messages.push((held = { id: event.messageId, role: 'activity', activityType: A2UI_ACTIVITY, content }));
  held.content = content;
  return content;
}

/** The content's v0.9 messages, each with one operation on a named surface; undefined when it has none. */
function operationsOf(content: unknown): A2uiMessage[] | undefined {
  const list = isRecord(content) ? content[OPERATIONS] : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.filter((message): message is A2uiMessage => {
    if (!isRecord(message)) return false;
    const keys = OPERATION_KEYS.filter((key) => key in message);
    return keys.length === 1 && isRecord(message[keys[0]!]) && typeof (message[keys[0]!] as Record<string, unknown>)['surfaceId'] === 'string';
  });
}

function surfaceOf(message: A2uiMessage): string {
  const key = OPERATION_KEYS.find((name) => name in message)!;
  return ((message as Record<string, unknown>)[key] as { surfaceId: string }).surfaceId;
}

/** Deletes for the surfaces an activity's applied messages left live: it is drawn anew. */
function deletions(applied: readonly A2uiMessage[]): A2uiMessage[] {
  const live = new Set<string>();
  for (const message of applied) {
    if ('createSurface' in message) live.add(surfaceOf(message));
    else if ('deleteSurface' in message) live.delete(surfaceOf(message));
  }
  return [...live].map((surfaceId) => ({ version: 'v0.9', deleteSurface: { surfaceId } }));
}

/**
 * The messages as the conversation can apply them, given the surfaces live in it: a create for a surface another
 * activity drew (the middleware names activities by call, and a later call may draw the same surface) deletes it
 * first; a delete of a surface not live is dropped.
 */
function settled(messages: readonly A2uiMessage[], live: Set<string>): A2uiMessage[] {
  const out: A2uiMessage[] = [];
  for (const message of messages) {
    const surfaceId = surfaceOf(message);
    if ('createSurface' in message) {
      if (live.has(surfaceId)) out.push({ version: 'v0.9', deleteSurface: { surfaceId } });
      live.add(surfaceId);
    } else if ('deleteSurface' in message) {
      if (!live.delete(surfaceId)) continue;
    }
    out.push(message);
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
