import type { Context as AgUiContext, ResumeEntry, RunAgentInput } from '@ag-ui/core';
import type { Context, StreamEvent } from '@agent-chat/protocol';
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

/** One run of the thread: its whole conversation and state, as AG-UI sends them each time, and the answers `resume`. */
export function runInput(thread: AgUiThread, threadId: string, context: AgUiContext[], resume: ResumeEntry[]): RunAgentInput {
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
  };
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
