import type { BranchPoint, FeedbackRating, SessionResponse, Turn } from '@agent-chat/protocol';
import type { ElementHost } from '../../context/element-host.js';
import { AgentHttpError } from '../../transport/http-error.js';
import { readSseStream } from '../../transport/sse-stream.js';
import type { AgentTransport, SendMessage } from '../../transport/transport.js';

// The server's routes of the message actions (docs/protocol.md, message actions): how a regenerated reply and an
// edited message are sent (the conversation runs their turn, as any other: ConversationActions.regenerate and
// replaceMessage), how another version is read, and where a rating goes. Each asks the element for its client.

const post = (body: unknown, signal?: AbortSignal): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json' },
  body: JSON.stringify(body),
  ...(signal ? { signal } : {}),
});

const route = (sessionId: string, name: string) => `/sessions/${encodeURIComponent(sessionId)}/${name}`;

function clientOf(host: ElementHost): AgentTransport {
  const client = host.client();
  if (!client) throw new Error('agent-chat: set the endpoint attribute to the URL of the agent server');
  return client;
}

/** The turns of the reply to the user turn at `index`: up to the next user turn. */
export function replyTurns(turns: readonly Turn[], index: number): Turn[] {
  const reply: Turn[] = [];
  // Read in place: a copy of the rest of a long history, for each group drawn, on every update, would add up.
  for (let at = index + 1; at < turns.length && turns[at]!.type !== 'user'; at++) reply.push(turns[at]!);
  return reply;
}

/** The reply's text as markdown: its messages, one paragraph apart (tool steps are no text of its own). */
export function replyMarkdown(turns: readonly Turn[]): string {
  return turns.flatMap((turn) => (turn.type === 'assistant_text' && turn.text ? [turn.text] : [])).join('\n\n');
}

/** The branch point shown at one of these turns (the first turn of an alternative), if any. */
export function branchAt(branches: readonly BranchPoint[] | undefined, ids: readonly string[]): BranchPoint | undefined {
  return branches?.find((point) => ids.includes(point.turnId));
}

/** A streamed answer's events; an answer that is no stream (an error page) says so. */
function events(response: Response) {
  if (!response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    throw new AgentHttpError(response.status, 'Expected an event stream from the agent server');
  }
  return readSseStream(response.body);
}

/** POST /retry: a new reply to the last message, whose old reply becomes the previous version at that place. */
export function sendRetry(host: ElementHost): SendMessage {
  const client = clientOf(host);
  return async (sessionId, body, signal) => events(await client.request(route(sessionId, 'retry'), post({ context: body.context }, signal)));
}

/** POST /messages with editOf: the message in place of the user message `turnId`, whose branch becomes its previous version. */
export function sendEdit(host: ElementHost, turnId: string): SendMessage {
  const client = clientOf(host);
  return (sessionId, body, signal) => client.sendMessage(sessionId, { ...body, editOf: turnId }, signal);
}

/** POST /branch: the session with alternative `index` shown at the branch point `turnId`. */
export function readVersion(host: ElementHost, sessionId: string, turnId: string, index: number): () => Promise<SessionResponse> {
  const client = clientOf(host);
  return async () => (await (await client.request(route(sessionId, 'branch'), post({ turnId, index }))).json()) as SessionResponse;
}

/**
 * A rating of a reply: `agent-chat-feedback` on the element first (the page hears it whatever the server does with
 * it), then POST /feedback for the server's `onFeedback` hook. Rejects with the server's refusal.
 */
export async function sendFeedback(host: ElementHost, sessionId: string, turnId: string, rating: FeedbackRating, comment: string): Promise<void> {
  const text = comment.trim();
  const detail = { sessionId, turnId, rating, ...(text ? { comment: text } : {}) };
  host.emit('agent-chat-feedback', detail);
  const { sessionId: _sessionId, ...body } = detail;
  await clientOf(host).request(route(sessionId, 'feedback'), post(body));
}
