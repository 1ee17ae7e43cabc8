import type { Message, RunAgentInput } from '@ag-ui/core';
import { a2uiActionSchema, describeIssues, type A2uiAction, type FieldIssue } from '@agent-chat/protocol';
import { actionText } from '../model/turn-text.js';

/** The tool @ag-ui/a2ui-middleware shows a user's act as (`LOG_A2UI_EVENT_TOOL_NAME`). */
export const LOG_A2UI_EVENT = 'log_a2ui_event';

const FIELD = 'forwardedProps.a2uiAction.userAction';

/** The fields of the middleware's `userAction` we take; others (its `timestamp`) say nothing the model needs. */
const KEYS = ['surfaceId', 'name', 'sourceComponentId', 'context', 'dataModel'] as const;

/**
 * A user's act on a surface, where @ag-ui/a2ui-middleware's clients put it: `forwardedProps.a2uiAction.userAction`
 * (`{ name, surfaceId, sourceComponentId?, context?, timestamp? }`). The middleware, when the client runs it, also
 * appends a `log_a2ui_event` call and its result to the messages for the model; the session tells the model the act
 * itself (a user turn with `action`), so those messages are not read. Undefined when the input carries no act; an
 * issue naming the field when it carries a bad one.
 */
export function actionOfInput(input: RunAgentInput): { action: A2uiAction } | { issue: FieldIssue } | undefined {
  const forwarded: unknown = input.forwardedProps;
  const holder = isRecord(forwarded) ? forwarded['a2uiAction'] : undefined;
  if (holder === undefined) return undefined;
  if (!isRecord(holder) || !isRecord(holder['userAction'])) {
    const field = isRecord(holder) ? FIELD : 'forwardedProps.a2uiAction';
    return { issue: { field, message: `${field}: expected an object` } };
  }
  const given = holder['userAction'];
  const picked = Object.fromEntries(KEYS.filter((key) => given[key] !== undefined).map((key) => [key, given[key]]));
  const parsed = a2uiActionSchema.safeParse(picked);
  if (parsed.success) return { action: parsed.data };
  const issue = describeIssues(parsed.error)[0]!;
  const field = `${FIELD}.${issue.field}`;
  return { issue: { field, message: issue.message.startsWith(issue.field) ? `${FIELD}.${issue.message}` : `${field}: ${issue.message}` } };
}

/**
 * A stored act as AG-UI messages, the way the middleware shows one: an assistant message with a `log_a2ui_event`
 * call (the act as its arguments) and the call's result (the act as the model was told it). Not a user message: the
 * user wrote nothing, and a client would show an empty bubble. The ids derive from the turn's, so the same history
 * gives the same messages on every snapshot.
 */
export function actionMessages(turnId: string, action: A2uiAction, tag: { subagentRunId?: string }): Message[] {
  const toolCallId = `${turnId}.action`;
  return [
    { id: turnId, role: 'assistant', toolCalls: [{ id: toolCallId, type: 'function', function: { name: LOG_A2UI_EVENT, arguments: JSON.stringify(action) } }], ...tag },
    { id: `${turnId}.action-result`, role: 'tool', toolCallId, content: actionText(action), ...tag },
  ];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
