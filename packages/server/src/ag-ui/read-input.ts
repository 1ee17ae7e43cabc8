import type { Message, RunAgentInput } from '@ag-ui/core';
import { describeIssues, sendMessageRequestSchema, type A2uiAction, type Context, type FieldIssue, type PendingCall, type Turn } from '@agent-chat/protocol';
import { actionOfInput } from './a2ui-action.js';
import { answersFromResume, emptyAnswers, type TracedAnswers } from './interrupts.js';

/**
 * What a RunAgentInput asks of the session: a new message (with answers to apply first, when it carries any), or
 * answers to the calls its last run stopped for.
 */
export type RunRequest =
  | { kind: 'message'; text: string; userTurnId: string | undefined; context: Context | undefined; answers: TracedAnswers; extras?: { action: A2uiAction } }
  | { kind: 'resume'; answers: TracedAnswers; context: Context | undefined };

/** A request we cannot serve: the status, and the field that says why. */
export interface InputProblem {
  status: 400 | 409;
  issue: FieldIssue;
}

const MAX_TURN_ID = 200;

/**
 * A RunAgentInput (already valid against @ag-ui/core's schema) as our request, given the session it runs on.
 * AG-UI sends the whole conversation each time; the session already holds it, so only what is new counts:
 * resume entries (answers to interrupts), tool messages answering calls the page runs, and the last user message
 * the session does not hold yet. Answers beside a new message are applied before it, as AG-UI's interrupt rules
 * have a client that moves on send them (each open interrupt resolved, or cancelled to drop it). `context`
 * (AG-UI's list of descriptions and values) becomes our page context's items, and a non-empty `state` rides along
 * as `context.state`.
 */
export function readRunInput(input: RunAgentInput, session: { turns: readonly Turn[]; pending: readonly PendingCall[] }): RunRequest | InputProblem {
  const context = pageContext(input);
  const known = new Set(session.turns.map((turn) => turn.id));
  const newUser = lastNewUserMessage(input.messages, known);
  const answers = emptyAnswers();

  if (input.resume && input.resume.length > 0) {
    if (session.pending.length === 0) {
      return conflict('resume', `resume: the thread "${input.threadId}" has no open interrupts: they were answered already.`);
    }
    const issue = answersFromResume(input.resume, session.pending, answers);
    if (issue) return { status: 400, issue };
  }
  const toolIssue = answersFromToolMessages(input.messages, session, answers);
  if (toolIssue) return { status: 400, issue: toolIssue };

  // A user's act on an A2UI surface (a2ui-action.ts) is the message: the user wrote nothing beside it.
  const act = actionOfInput(input);
  if (act && 'issue' in act) return { status: 400, issue: act.issue };
  if (act && newUser) {
    return bad('forwardedProps.a2uiAction', `forwardedProps.a2uiAction: a run answers either a new user message (messages.${newUser.index}) or an act on a surface, not both`);
  }
  if (act) {
    const uncovered = input.resume?.length ? uncoveredCalls(session.pending, answers) : [];
    if (uncovered.length > 0) return bad('resume', `resume: a run with an act on a surface answers every open interrupt (resolved, or cancelled to drop it); not answered: ${uncovered.map((id) => `"${id}"`).join(', ')}`);
    return { kind: 'message', text: '', userTurnId: undefined, context, answers, extras: { action: act.action } };
  }
  if (!newUser) {
    if (answers.decisions.length + answers.results.length > 0) return { kind: 'resume', answers, context };
    return bad('messages', 'messages: no new user message to answer (every user message is already in the thread), and nothing open to resume');
  }
  // A client that answers interrupts beside a new message answers them all: one it left out would otherwise be
  // dropped on its behalf, which AG-UI forbids (omission is not abandonment). A message alone still drops them.
  const uncovered = input.resume?.length ? uncoveredCalls(session.pending, answers) : [];
  if (uncovered.length > 0) {
    const ids = uncovered.map((id) => `"${id}"`).join(', ');
    return bad('resume', `resume: a run with a new user message answers every open interrupt (resolved, or cancelled to drop it); not answered: ${ids}`);
  }
  const { message, index } = newUser;
  // The message's id becomes its turn's: the next request names it again, and it must be found then, or the same
  // message would run a second time. An empty id also left a turn that feedback and edits could not name.
  if (message.id.length === 0 || message.id.length > MAX_TURN_ID) {
    return bad(`messages.${index}.id`, `messages.${index}.id: a user message's id must be 1 to ${MAX_TURN_ID} characters (got ${message.id.length})`);
  }
  const text = textOf(message.content);
  if (typeof text !== 'string') return bad(`messages.${index}.content.${text.part}`, `messages.${index}.content.${text.part}: only text parts are understood here (got "${text.type}")`);
  const parsed = sendMessageRequestSchema.safeParse({ text, ...(context ? { context } : {}) });
  if (!parsed.success) {
    const issue = describeIssues(parsed.error)[0]!;
    const field = issue.field.startsWith('text') ? `messages.${index}.content` : issue.field;
    return bad(field, issue.message.replace(issue.field, field));
  }
  return { kind: 'message', text: parsed.data.text, userTurnId: message.id, context, answers };
}

/** The waiting calls that neither a resume entry nor a tool message answers. */
function uncoveredCalls(pending: readonly PendingCall[], answers: TracedAnswers): string[] {
  const answered = new Set([...answers.decisions, ...answers.results].map((answer) => answer.toolCallId));
  return pending.map((call) => call.toolCallId).filter((id) => !answered.has(id));
}

/**
 * The last user message whose id the session does not hold: the one this run answers. A sub-agent's first message
 * (its prompt, attributed with `subagentRunId` in our snapshots) is the agent's, not the user's.
 */
function lastNewUserMessage(messages: readonly Message[], known: ReadonlySet<string>) {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role !== 'user' || message.subagentRunId !== undefined) continue;
    return known.has(message.id) ? undefined : { message, index };
  }
  return undefined;
}

/** Tool messages that answer a call the page runs (AG-UI's frontend tool path): our client results. */
function answersFromToolMessages(messages: readonly Message[], session: { turns: readonly Turn[]; pending: readonly PendingCall[] }, into: TracedAnswers): FieldIssue | undefined {
  const answered = new Set([...into.decisions, ...into.results].map((answer) => answer.toolCallId));
  const waiting = new Map(session.pending.map((call) => [call.toolCallId, call]));
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'tool' || !waiting.has(message.toolCallId) || answered.has(message.toolCallId)) continue;
    const at = `messages.${index}`;
    if (waiting.get(message.toolCallId)!.reason !== 'client') {
      return { field: `${at}.toolCallId`, message: `${at}.toolCallId: "${message.toolCallId}" waits for the user's approval: answer its interrupt with a resume entry` };
    }
    const text = textOf(message.content);
    if (typeof text !== 'string') return { field: `${at}.content.${text.part}`, message: `${at}.content.${text.part}: only text parts are understood here (got "${text.type}")` };
    into.results.push({ toolCallId: message.toolCallId, output: message.error ?? parseJson(text), ...(message.error !== undefined ? { isError: true } : {}) });
    into.from.results.push(at);
    answered.add(message.toolCallId);
  }
  return undefined;
}

function pageContext(input: RunAgentInput): Context | undefined {
  const items = input.context.map((entry, index) => ({ id: `context-${index + 1}`, type: 'context', title: entry.description, text: entry.value }));
  const state: unknown = input.state;
  const hasState = state !== undefined && state !== null && !(typeof state === 'object' && Object.keys(state).length === 0);
  if (items.length === 0 && !hasState) return undefined;
  return { ...(items.length > 0 ? { items } : {}), ...(hasState ? { state } : {}) };
}

/** A message's text; a part that is not text is named, since dropping it silently would change what was asked. */
function textOf(content: Message['content']): string | { part: number; type: string } {
  if (typeof content === 'string' || content === undefined) return content ?? '';
  if (!Array.isArray(content)) return JSON.stringify(content);
  let text = '';
  for (const [part, piece] of content.entries()) {
    if (piece.type !== 'text') return { part, type: piece.type };
    text += piece.text;
  }
  return text;
}

/** A page's tool output: JSON when it is JSON (as our own element sends it), else the text. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function bad(field: string, message: string): InputProblem {
  return { status: 400, issue: { field, message } };
}

function conflict(field: string, message: string): InputProblem {
  return { status: 409, issue: { field, message } };
}
