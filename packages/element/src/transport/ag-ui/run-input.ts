import type { Context as AgUiContext, ResumeEntry, RunAgentInput } from '@ag-ui/core';
import type { Context, SendMessageRequest, StreamEvent } from '@agent-chat/protocol';
import type { EventSourceMessage } from 'eventsource-parser';
import { agUiId, type AgUiThread } from '../../core/ag-ui/thread.js';
import { turnIds } from '../../core/ag-ui/translate.js';

// What the AG-UI client (ag-ui-client.ts) sends an agent, and the events of its own it puts in the element's stream.

/** The AG-UI protocol version this transport speaks (its interrupts and outcomes are 1.0's). */
const PROTOCOL_VERSION = '1.0';

/** Our event as the SSE message the conversation's stream reader expects. */
export const message = (event: StreamEvent): EventSourceMessage => ({ event: event.type, id: undefined, data: JSON.stringify(event) });

/** The page's context as AG-UI's: one entry per key, its value as text (AG-UI's context values are strings). */
export function toAgUiContext(context: Context | undefined, references: unknown): AgUiContext[] {
  const entries = Object.entries({ ...context, ...(references ? { references } : {}) }).filter(([, value]) => value !== undefined);
  return entries.map(([description, value]) => ({ description, value: typeof value === 'string' ? value : JSON.stringify(value) }));
}

/**
 * One run of the thread: its whole conversation and state, as AG-UI sends them each time, the answers `resume`, and
 * the act on a surface the new message is, if it is one (addMessage).
 */
export function runInput(thread: AgUiThread, threadId: string, context: AgUiContext[], resume: ResumeEntry[]): RunAgentInput {
  // An act goes with the one run it starts.
  const { action } = thread;
  thread.action = undefined;
  return {
    threadId,
    runId: agUiId('run'),
    protocolVersion: PROTOCOL_VERSION,
    ...(thread.state === undefined ? {} : { state: thread.state }),
    // Activities are the page's to draw, not the agent's to read (AG-UI's client leaves them out too).
    messages: thread.messages.filter((message) => message.role !== 'activity'),
    // The page's client tools come without schemas (adapter.tools holds only their handlers): none is offered.
    tools: [],
    context,
    ...(resume.length > 0 ? { resume } : {}),
    ...(action ? { forwardedProps: { a2uiAction: { userAction: action } } } : {}),
  };
}

/**
 * The new message on the thread: the user's words as a user message, or an act on an A2UI surface kept for the
 * run's `forwardedProps.a2uiAction.userAction`, where @ag-ui/a2ui-middleware's clients send it (the agent learns of
 * the act from there; a user message would be words the user never wrote).
 */
export function addMessage(thread: AgUiThread, body: Pick<SendMessageRequest, 'text' | 'action'>): void {
  if (body.action) thread.action = body.action;
  else thread.messages.push({ id: agUiId('user'), role: 'user', content: body.text });
}

/** A call a new message left unanswered, settled as the element's server settles one (`skip`). */
export function unanswered({ toolCallId, name, parentCallId }: { toolCallId: string; name: string; parentCallId?: string | undefined }): StreamEvent {
  return {
    type: 'tool_result',
    turnId: turnIds.result(toolCallId),
    toolCallId,
    name,
    output: 'Not answered',
    isError: false,
    confirmation: { action: 'skip' },
    ...(parentCallId ? { parentCallId } : {}),
  };
}
