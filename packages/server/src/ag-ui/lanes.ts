import { EventType, type AGUIEvent } from '@ag-ui/core';

/**
 * What one agent has open in AG-UI: the main agent's, or one sub-agent run's. Sub-agents run at once and their
 * events interleave, so each keeps its own open text, reasoning and calls (AG-UI: "a client must track each
 * independently"), and closing one agent's streams never closes a sibling's or the parent's.
 */
export interface Lane {
  /** The sub-agent run this lane's events are attributed to; absent for the main agent. */
  readonly tag: { subagentRunId?: string };
  /** The text message being streamed. */
  text: string | undefined;
  /** The reasoning message being streamed. */
  reasoning: string | undefined;
  /** Calls whose input is streaming: open in AG-UI until their tool_call completes them. */
  readonly calls: Set<string>;
  /** The assistant message tool calls join (see history-messages.ts: the snapshot groups them by the same rule). */
  assistant: string | undefined;
}

export function newLane(subagentRunId: string | undefined): Lane {
  return { tag: subagentRunId === undefined ? {} : { subagentRunId }, text: undefined, reasoning: undefined, calls: new Set(), assistant: undefined };
}

export function closeText(lane: Lane, out: AGUIEvent[]): void {
  if (lane.text === undefined) return;
  out.push({ type: EventType.TEXT_MESSAGE_END, messageId: lane.text, ...lane.tag });
  lane.text = undefined;
}

export function closeReasoning(lane: Lane, out: AGUIEvent[]): void {
  if (lane.reasoning === undefined) return;
  const messageId = lane.reasoning;
  out.push({ type: EventType.REASONING_MESSAGE_END, messageId, ...lane.tag }, { type: EventType.REASONING_END, messageId, ...lane.tag });
  lane.reasoning = undefined;
}

export function closeCalls(lane: Lane, out: AGUIEvent[]): void {
  // A Stop mid-input leaves a call the model never finished: closed here; MESSAGES_SNAPSHOT then drops it.
  for (const toolCallId of lane.calls) out.push({ type: EventType.TOOL_CALL_END, toolCallId, ...lane.tag });
  lane.calls.clear();
}

export function closeLane(lane: Lane, out: AGUIEvent[]): void {
  closeText(lane, out);
  closeReasoning(lane, out);
  closeCalls(lane, out);
}
