import type { Interrupt, ResumeEntry } from '@ag-ui/core';
import { answerInputRequestSchema, describeIssues, type AnswerInputRequest, type FieldIssue, type InputRequest, type InputRequestEvent } from '@agent-chat/protocol';

/** The interrupt reason of an input request: a running call asks the user (an MCP server's elicitation or sampling). */
export const INPUT_REQUEST = 'input_request';

const ANSWER_SCHEMA = {
  type: 'object',
  properties: {
    action: { enum: ['accept', 'decline', 'cancel'] },
    content: { type: 'object', description: "The form's values, with action 'accept'." },
  },
  required: ['action'],
};

/**
 * An input request as an AG-UI interrupt. Its id is the request's; `responseSchema` is the form's own schema for a
 * form (a client that builds forms from it answers with the values alone), else `{ action }`. Our card's details ride
 * in metadata under `agent-chat`. Unlike a confirmation, the call that asked is still running: the next AG-UI run
 * answers it and follows that same run on.
 */
export function inputRequestInterrupt(request: InputRequestEvent | InputRequest, subagentRunId?: string): Interrupt {
  return {
    id: request.requestId,
    reason: INPUT_REQUEST,
    message: request.message,
    toolCallId: request.toolCallId,
    responseSchema: request.kind === 'form' && request.schema ? request.schema : ANSWER_SCHEMA,
    ...(request.expiresAt !== undefined ? { expiresAt: new Date(request.expiresAt).toISOString() } : {}),
    ...(subagentRunId !== undefined ? { subagentRunId } : {}),
    metadata: {
      'agent-chat': {
        kind: request.kind,
        server: request.server,
        ...(request.url !== undefined ? { url: request.url } : {}),
        ...(request.sampling !== undefined ? { sampling: request.sampling } : {}),
      },
    },
  };
}

/**
 * A resume entry for an input request as our answer. `cancelled` is `cancel`. A resolved one carries
 * `{ action, content? }`; a payload without `action` is a form's values (accept), and a boolean approves or declines
 * (a URL or a sampling request). Only the shape is checked here; the values against the form, by the answer itself.
 */
export function inputAnswerFromResume(entry: ResumeEntry, at: string): AnswerInputRequest | FieldIssue {
  if (entry.status === 'cancelled') return { action: 'cancel' };
  const payload = entry.payload;
  const shape =
    payload === undefined || payload === true
      ? { action: 'accept' }
      : payload === false
        ? { action: 'decline' }
        : typeof payload === 'object' && payload !== null && !('action' in payload)
          ? { action: 'accept', content: payload }
          : payload;
  const parsed = answerInputRequestSchema.safeParse(shape);
  if (parsed.success) return parsed.data;
  const issue = describeIssues(parsed.error)[0];
  const field = issue && issue.field !== 'body' ? `${at}.payload.${issue.field}` : `${at}.payload`;
  return { field, message: issue ? issue.message.replace(/^[^:]*:/, `${field}:`) : `${field}: invalid answer` };
}
