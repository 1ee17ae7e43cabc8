import type { ContentPart, Message } from '@ag-ui/core';
import type { Confirmation, StopReason, StreamEvent, ToolKind, Usage } from '@agent-chat/protocol';
import { parseJson, type ThreadCall } from './thread.js';

// The element's own stream events as the AG-UI translation (translate.ts) and a thread's reload (snapshot-turns.ts)
// make them: their turn ids, and what an agent-chat server adds in its events' metadata.

/** The reason an agent-chat server's AG-UI endpoint gives a call the page must run (its client tools). */
export const CLIENT_TOOL_REASON = 'client_tool';

/** An agent-chat server's own details on an AG-UI event or interrupt, under this key of its metadata. */
export const OURS = 'agent-chat';

/** What an agent-chat server says of a call or a result in its metadata (others say none of it). */
export interface OurDetails {
  kind?: ToolKind;
  label?: string;
  subagent?: boolean;
  isError?: boolean;
  stopped?: boolean;
  usage?: Usage;
  confirmation?: Confirmation;
}

export function ours(event: { metadata?: unknown }): OurDetails {
  const metadata = event.metadata as Record<string, unknown> | undefined;
  const details = metadata?.[OURS];
  return typeof details === 'object' && details !== null ? (details as OurDetails) : {};
}

/** The `parentCallId` of an event of the sub-agent started by `callId` (none for the agent's own). */
export const under = (callId: string | undefined) => (callId === undefined ? {} : { parentCallId: callId });

/** The turn ids the element gives what an AG-UI run streams: one namespace per kind, so ids never collide. */
export const turnIds = {
  text: (messageId: string) => `ag-ui-text-${messageId}`,
  thinking: (messageId: string) => `ag-ui-thinking-${messageId}`,
  call: (toolCallId: string) => `ag-ui-call-${toolCallId}`,
  result: (toolCallId: string) => `ag-ui-result-${toolCallId}`,
};

export function doneEvent(stopReason: StopReason): StreamEvent {
  return { type: 'done', stopReason, hasWrites: false, undoable: false };
}

/** A tool message's content as text: AG-UI allows parts; the element shows the text ones. */
export function contentText(content: string | ContentPart[] | undefined): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * The thread's messages after a MESSAGES_SNAPSHOT, as AG-UI reconciles them: a message the snapshot has replaces the
 * one with its id where it is, one it does not have is dropped (the snapshot is the complete set), and the ones
 * new to this page go at the end, in the snapshot's order. Reasoning and activity messages the snapshot lacks are
 * kept: AG-UI leaves them to the consumer (an agent need not send them back).
 */
export function reconcile(held: readonly Message[], snapshot: readonly Message[]): Message[] {
  const byId = new Map(snapshot.map((message) => [message.id, message]));
  const kept = held.flatMap((message) => {
    const replaced = byId.get(message.id);
    if (replaced) return [replaced];
    return message.role === 'reasoning' || message.role === 'activity' ? [message] : [];
  });
  const known = new Set(held.map((message) => message.id));
  return [...kept, ...snapshot.filter((message) => !known.has(message.id))];
}

/**
 * A call as the element's tool_call event: an agent-chat server's kind and label, else a read named by its tool; its
 * view, when an `mcp-apps` activity gave it one.
 */
export function callEvent(toolCallId: string, call: ThreadCall): StreamEvent {
  return {
    type: 'tool_call',
    turnId: turnIds.call(toolCallId),
    toolCallId,
    name: call.name,
    kind: call.kind ?? 'read',
    label: call.label ?? call.name,
    input: parseJson(call.args),
    ...(call.subagent ? { subagent: true } : {}),
    ...(call.app ? { view: { resourceUri: call.app.resourceUri, ...(call.app.serverId ? { server: call.app.serverId } : {}) } } : {}),
    ...under(call.parentCallId),
  };
}

/** A call's result as the element's tool_result event, with how it ended as far as the thread knows (and its view's MCP result). */
export function resultEvent(toolCallId: string, call: ThreadCall | undefined, output: unknown): Extract<StreamEvent, { type: 'tool_result' }> {
  return {
    type: 'tool_result',
    turnId: turnIds.result(toolCallId),
    toolCallId,
    name: call?.name ?? 'tool',
    output,
    isError: Boolean(call?.isError),
    ...(call?.stopped ? { stopped: true } : {}),
    ...(call?.usage ? { usage: call.usage } : {}),
    ...(call?.app ? { viewResult: call.app.result } : {}),
  };
}
