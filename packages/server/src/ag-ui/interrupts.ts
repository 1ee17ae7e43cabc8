import type { Interrupt, ResumeEntry } from '@ag-ui/core';
import { clientResultSchema, decisionSchema, describeIssues, type FieldIssue, type PendingCall } from '@agent-chat/protocol';
import type { Answers } from '../run/answer-pending.js';

/** The interrupt reasons we send: a call the user must confirm, and one the page must run (when others ask first). */
export const APPROVAL = 'tool_approval';
export const CLIENT_TOOL = 'client_tool';

// What a resolved answer carries, as JSON Schema for a client that builds its own form.
const DECISION_SCHEMA = {
  type: 'object',
  properties: {
    action: { enum: ['approve', 'edit', 'deny'] },
    input: { description: "The edited input, with action 'edit'." },
    reason: { type: 'string' },
  },
  required: ['action'],
};
const RESULT_SCHEMA = {
  type: 'object',
  properties: { output: {}, isError: { type: 'boolean' }, input: { description: 'The input the page ran with, when edited.' } },
  required: ['output'],
};

/**
 * The calls a run stopped for, as AG-UI interrupts: one per call, its id the call's id (unique within the run).
 * Our card's details (the tool, its input, the preview) ride in metadata under `agent-chat`. A call a sub-agent
 * made carries that sub-agent run's id (its `parentCallId`, else `owner`'s), as AG-UI has an interrupt name the
 * sub-agent that raised it.
 */
export function interruptsFor(calls: readonly PendingCall[], owner: (toolCallId: string) => string | undefined = () => undefined): Interrupt[] {
  return calls.map((call) => ({
    id: call.toolCallId,
    ...attributed(call.parentCallId ?? owner(call.toolCallId)),
    reason: call.reason === 'confirm' ? APPROVAL : CLIENT_TOOL,
    message: call.label,
    toolCallId: call.toolCallId,
    responseSchema: call.reason === 'confirm' ? DECISION_SCHEMA : RESULT_SCHEMA,
    metadata: {
      'agent-chat': {
        name: call.name,
        kind: call.kind,
        input: call.input,
        ...(call.confirm ? { confirm: true } : {}),
        ...(call.preview ? { preview: call.preview } : {}),
        ...(call.confirmButton ? { confirmButton: call.confirmButton } : {}),
      },
    },
  }));
}

function attributed(subagentRunId: string | undefined): { subagentRunId?: string } {
  return subagentRunId === undefined ? {} : { subagentRunId };
}

/** Our answers, and for each the AG-UI field it came from (to name it in a 400). */
export interface TracedAnswers extends Answers {
  from: { decisions: string[]; results: string[] };
}

export function emptyAnswers(): TracedAnswers {
  return { decisions: [], results: [], from: { decisions: [], results: [] } };
}

/**
 * Resume entries as our decisions and results. An approval is resolved with `{ action, input?, reason? }`,
 * `{ approved, editedArgs?, reason? }` or a boolean, a client tool with `{ output, isError?, input? }`; a cancelled
 * entry refuses the call. Only
 * the shape is checked here; which calls may be answered how is checkAnswers' job.
 */
export function answersFromResume(entries: readonly ResumeEntry[], pending: readonly PendingCall[], into: TracedAnswers): FieldIssue | undefined {
  const byId = new Map(pending.map((call) => [call.toolCallId, call]));
  for (const [index, entry] of entries.entries()) {
    const at = `resume.${index}`;
    const call = byId.get(entry.interruptId);
    if (!call) return { field: `${at}.interruptId`, message: `${at}.interruptId: no open interrupt has id "${entry.interruptId}"` };
    if (entry.status === 'cancelled') {
      into.decisions.push({ toolCallId: call.toolCallId, action: 'deny', reason: 'The request was cancelled.' });
      into.from.decisions.push(at);
      continue;
    }
    const payload = entry.payload;
    if (call.reason === 'confirm') {
      const parsed = decisionSchema.safeParse({ ...decisionShape(payload), toolCallId: call.toolCallId });
      if (!parsed.success) return prefixed(`${at}.payload`, describeIssues(parsed.error)[0]);
      into.decisions.push(parsed.data);
      into.from.decisions.push(at);
    } else {
      const parsed = clientResultSchema.safeParse(typeof payload === 'object' && payload !== null ? { ...payload, toolCallId: call.toolCallId } : { output: payload, toolCallId: call.toolCallId });
      if (!parsed.success) return prefixed(`${at}.payload`, describeIssues(parsed.error)[0]);
      into.results.push(parsed.data);
      into.from.results.push(at);
    }
  }
  return undefined;
}

/**
 * An approval's answer in any of the shapes AG-UI clients send: ours (`{ action, input?, reason? }`), the common
 * `{ approved, editedArgs?, reason? }` (CopilotKit and others), or a bare boolean; nothing at all approves.
 */
function decisionShape(payload: unknown): Record<string, unknown> {
  if (payload === undefined || typeof payload === 'boolean') return { action: payload === false ? 'deny' : 'approve' };
  if (typeof payload !== 'object' || payload === null) return { action: payload };
  const answer = payload as Record<string, unknown>;
  if ('action' in answer || typeof answer['approved'] !== 'boolean') return answer;
  const { approved, editedArgs, reason } = answer;
  const action = !approved ? 'deny' : editedArgs !== undefined ? 'edit' : 'approve';
  return { action, ...(action === 'edit' ? { input: editedArgs } : {}), ...(reason !== undefined ? { reason } : {}) };
}

/** checkAnswers names our fields (`decisions.0.input`): say them as the AG-UI field they came from. */
export function tracedIssue(issue: FieldIssue, answers: TracedAnswers): FieldIssue {
  const match = /^(decisions|results)\.(\d+)(?:\.(.*))?$/.exec(issue.field);
  const origin = match ? answers.from[match[1] as 'decisions' | 'results'][Number(match[2])] : undefined;
  if (!match || !origin) return issue;
  const field = match[3] && match[3] !== 'toolCallId' ? `${origin}.${match[3] === 'input' && origin.startsWith('resume') ? 'payload.input' : match[3]}` : origin;
  return { field, message: issue.message.replace(issue.field, field) };
}

function prefixed(prefix: string, issue: FieldIssue | undefined): FieldIssue {
  const field = !issue || issue.field === 'body' ? prefix : `${prefix}.${issue.field}`;
  const message = issue ? issue.message.replace(/^[^:]*:/, `${field}:`) : `${field}: invalid answer`;
  return { field, message };
}
