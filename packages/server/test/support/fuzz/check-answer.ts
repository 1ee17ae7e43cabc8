import { readSse } from '../../../src/testing/read-sse.js';
import type { RawAnswer } from './raw-http.js';

export interface StreamedEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

export interface Verdict {
  problems: string[];
  /** A stream's events, in order, when the answer was one. */
  events?: StreamedEvent[];
}

/**
 * What a 2xx of the route is: `ours` (JSON, or our SSE ending with `done`), `ag-ui` (JSON refusals, or AG-UI's
 * SSE: `data:` lines only, from RUN_STARTED to one RUN_FINISHED or RUN_ERROR), `file` (an upload's bytes as stored).
 */
export type AnswerKind = 'ours' | 'ag-ui' | 'file';

/** A stack frame or a source path: an answer must never carry one. */
const LEAK = /\bat .+:\d+:\d+|\.ts:\d+|node_modules/;

/**
 * What every answer must be, whatever was asked: never a 5xx; a 4xx is JSON `{ error: { code, message } }` whose
 * message says what is wrong (a 400 also names the `field`, and its message mentions it); a 2xx is JSON, an empty
 * 204, or an SSE stream that starts with `run_started` and ends with one `done`; no error message leaks a stack.
 */
export async function checkAnswer(method: string, answer: RawAnswer, kind: AnswerKind = 'ours'): Promise<Verdict> {
  const problems: string[] = [];
  const { status } = answer;
  const type = String(answer.headers['content-type'] ?? '');
  const text = answer.body.toString('utf8');
  if (status >= 500) problems.push(`status ${status}`);
  if (status < 200 || status >= 500) return { problems: problems.length ? problems : [`status ${status}`] };
  // A HEAD answer has no body to check; a 204 (a preflight) must have none.
  if (method === 'HEAD') return { problems };
  if (status === 204 || status === 304) {
    if (text !== '') problems.push(`a ${status} with a body`);
    return { problems };
  }

  if (status >= 400) {
    if (!type.startsWith('application/json')) problems.push(`a ${status} that is not JSON (${type || 'no content-type'})`);
    const error = parseJson(text, problems)?.['error'] as Record<string, unknown> | undefined;
    if (!error || typeof error !== 'object') {
      problems.push(`a ${status} without { error }`);
      return { problems };
    }
    if (typeof error['code'] !== 'string' || error['code'] === '') problems.push(`a ${status} without error.code`);
    const message = error['message'];
    if (typeof message !== 'string' || message.trim().length < 8) problems.push(`a ${status} whose message says nothing: ${JSON.stringify(message)}`);
    else if (LEAK.test(message)) problems.push(`a ${status} whose message shows a stack frame or a source path`);
    // Issue 31: an error lists a handful of issues and stays small, whatever the request held.
    if (answer.body.length > 4096) problems.push(`a ${status} of ${answer.body.length} bytes (more than 4 KB)`);
    const issues = error['issues'];
    if (issues !== undefined && (!Array.isArray(issues) || issues.length > 5)) problems.push(`a ${status} listing ${Array.isArray(issues) ? issues.length : 'no list of'} issues (at most 5)`);
    if (status === 400) {
      const field = error['field'];
      if (typeof field !== 'string' || field === '') problems.push('a 400 that names no field');
      else if (typeof message === 'string' && !message.includes(field)) problems.push(`a 400 whose message does not mention its field "${field}"`);
    }
    return { problems };
  }

  if (kind === 'file' && status === 200) {
    if (answer.headers['x-content-type-options'] !== 'nosniff') problems.push('an upload served without nosniff');
    if (Number(answer.headers['content-length']) !== answer.body.length) problems.push('an upload whose content-length is not its size');
    return { problems };
  }
  if (kind === 'ag-ui' && type.startsWith('text/event-stream')) return checkAgUiStream(answer, problems);

  if (type.startsWith('text/event-stream')) {
    if (status !== 200) problems.push(`a stream with status ${status}`);
    const events = (await readSse(new Response(new Uint8Array(answer.body)))).map((message) => {
      const data = parseJson(message.data, problems) ?? {};
      return { id: Number(message.id), type: message.event ?? 'message', data };
    });
    const types = events.map((event) => event.type);
    if (types[0] !== 'run_started') problems.push(`a stream that starts with ${types[0] ?? 'nothing'}`);
    if (types.at(-1) !== 'done') problems.push(`a stream that ends with ${types.at(-1) ?? 'nothing'}, not done`);
    if (types.filter((name) => name === 'done').length > 1) problems.push('a stream with more than one done');
    if (events.some((event, index) => index > 0 && !(event.id > events[index - 1]!.id))) problems.push('stream event ids that do not increase');
    for (const event of events) {
      if (event.type !== event.data['type']) problems.push(`an SSE event "${event.type}" whose data says "${String(event.data['type'])}"`);
      if (event.type !== 'error') continue;
      if (event.data['code'] === 'internal') problems.push(`a run that failed on the server: ${String(event.data['message'])}`);
      if (LEAK.test(String(event.data['message']))) problems.push('an error event that shows a stack frame or a source path');
    }
    return { problems, events };
  }

  if (!type.startsWith('application/json')) problems.push(`a ${status} that is neither JSON nor a stream (${type || 'no content-type'})`);
  else parseJson(text, problems);
  return { problems };
}

/** An AG-UI run over SSE: RUN_STARTED first, one RUN_FINISHED or RUN_ERROR last, and no server failure in between. */
async function checkAgUiStream(answer: RawAnswer, problems: string[]): Promise<Verdict> {
  if (answer.status !== 200) problems.push(`a stream with status ${answer.status}`);
  const events = (await readSse(new Response(new Uint8Array(answer.body)))).map((message, index) => {
    const data = parseJson(message.data, problems) ?? {};
    return { id: index, type: String(data['type']), data };
  });
  const types = events.map((event) => event.type);
  const ends = types.filter((name) => name === 'RUN_FINISHED' || name === 'RUN_ERROR').length;
  if (types[0] !== 'RUN_STARTED') problems.push(`an AG-UI stream that starts with ${types[0] ?? 'nothing'}`);
  if (types.at(-1) !== 'RUN_FINISHED' && types.at(-1) !== 'RUN_ERROR') problems.push(`an AG-UI stream that ends with ${types.at(-1) ?? 'nothing'}, not RUN_FINISHED or RUN_ERROR`);
  if (ends > 1) problems.push('an AG-UI stream with more than one RUN_FINISHED or RUN_ERROR');
  for (const event of events) {
    if (event.type !== 'RUN_ERROR') continue;
    if (event.data['code'] === 'internal') problems.push(`an AG-UI run that failed on the server: ${String(event.data['message'])}`);
    if (LEAK.test(String(event.data['message']))) problems.push('a RUN_ERROR that shows a stack frame or a source path');
  }
  return { problems, events };
}

function parseJson(text: string, problems: string[]): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    problems.push(`a body that is not JSON: ${text.slice(0, 80)}`);
    return undefined;
  }
}
