import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import {
  encodeSseEvent,
  replyMessage,
  replyStreamEvents,
  type FakeErrorReply,
  type FakeReply,
  type SseEvent,
} from './fake-anthropic-reply.js';
import { validateMessagesRequest } from './validate-messages-request.js';

export { validateMessagesRequest } from './validate-messages-request.js';
export type { FakeContentBlock, FakeErrorReply, FakeMessageReply, FakeReply } from './fake-anthropic-reply.js';

/** The key the fake accepts unless told otherwise. */
export const FAKE_ANTHROPIC_API_KEY = 'sk-ant-fake-0123456789';

export type RecordedRequest = Record<string, unknown>;

/** Chooses the reply to a request from its body and its 0-based position among all requests. */
export type FakeResponder = (body: RecordedRequest, index: number) => FakeReply | undefined;

export interface FakeAnthropicOptions {
  /** Replies served in order, one per request, or a function of the request. */
  replies?: readonly FakeReply[] | FakeResponder;
  /** The only key accepted, by `x-api-key` or `authorization: Bearer`. Default FAKE_ANTHROPIC_API_KEY. */
  apiKey?: string;
  /** Characters per delta. Default 8. */
  chunkSize?: number;
  /** Milliseconds before each SSE event, so a test can stop mid-stream. Default 0. */
  delayMs?: number;
  /** Answer invalid requests with the API's 400, as the real one does. Default true. */
  validate?: boolean;
}

export interface FakeAnthropic {
  /** The server's origin, e.g. http://127.0.0.1:54321. */
  url: string;
  /** What to give the SDK as `baseURL` (it appends /v1/messages). */
  baseURL: string;
  /** Every request body received, in order, including those answered with an error. */
  requests: RecordedRequest[];
  /** Queue more replies (only when `replies` was not a function). */
  enqueue(...replies: FakeReply[]): void;
  /** How many streamed responses the client hung up on before their end. */
  readonly streamsCancelled: number;
  close(): Promise<void>;
}

/**
 * A local stand-in for Anthropic's `POST /v1/messages`: it checks the key and the request as the real API does,
 * and streams replies in the API's exact SSE grammar, so the real SDK can be tested against it offline.
 */
export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const apiKey = options.apiKey ?? FAKE_ANTHROPIC_API_KEY;
  const responder = typeof options.replies === 'function' ? options.replies : undefined;
  const queue: FakeReply[] = typeof options.replies === 'function' ? [] : [...(options.replies ?? [])];
  const requests: RecordedRequest[] = [];
  let streamsCancelled = 0;

  const app = new Hono();
  app.post('/v1/messages', async (c) => {
    const index = requests.length;
    const requestId = `req_fake_${index + 1}`;
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return errorResponse(requestId, 400, 'invalid_request_error', 'There was an issue with the format of your request: invalid JSON.');
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      return errorResponse(requestId, 400, 'invalid_request_error', 'Request body must be a JSON object.');
    }
    const request = body as RecordedRequest;
    requests.push(request);

    const key = c.req.header('x-api-key') ?? bearerToken(c.req.header('authorization'));
    if (!key) return errorResponse(requestId, 401, 'authentication_error', 'x-api-key header is required');
    if (key !== apiKey) return errorResponse(requestId, 401, 'authentication_error', 'invalid x-api-key');
    if (!c.req.header('anthropic-version')) {
      return errorResponse(requestId, 400, 'invalid_request_error', 'anthropic-version: header is required');
    }
    if (options.validate !== false) {
      const problem = validateMessagesRequest(request);
      if (problem) return errorResponse(requestId, 400, 'invalid_request_error', problem);
    }

    const reply = responder ? responder(request, index) : queue.shift();
    if (!reply) {
      // Not retryable, so a test that ran out of replies fails at once with this message.
      return errorResponse(requestId, 500, 'api_error', `fake-anthropic: no reply for request ${index + 1}`, { 'x-should-retry': 'false' });
    }
    if (isErrorReply(reply)) return errorResponse(requestId, reply.status, reply.error.type, reply.error.message, reply.headers);

    const model = String(request['model']);
    const id = `msg_fake_${index + 1}`;
    if (request['stream'] !== true) {
      return Response.json(replyMessage(reply, { id, model }), { headers: { 'request-id': requestId } });
    }
    const events = replyStreamEvents(reply, { id, model, chunkSize: reply.chunkSize ?? options.chunkSize ?? 8 });
    const stallAfter = reply.stallAfterEvents ?? (reply.stallAfterContent ? endOfContent(events) : undefined);
    const stream = sseStream(events, { delayMs: reply.delayMs ?? options.delayMs ?? 0, stallAfter, holdUntil: reply.holdUntil }, () => streamsCancelled++);
    return new Response(stream, {
      headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', 'request-id': requestId },
    });
  });

  const { server, port } = await listen(app.fetch);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseURL: url,
    requests,
    enqueue: (...replies) => {
      if (responder) throw new Error('startFakeAnthropic: replies come from a function; enqueue has no effect');
      queue.push(...replies);
    },
    get streamsCancelled() {
      return streamsCancelled;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets would hold close() open until they time out.
        server.closeAllConnections();
      }),
  };
}

function sseStream(
  events: readonly SseEvent[],
  pacing: { delayMs: number; stallAfter: number | undefined; holdUntil: PromiseLike<unknown> | undefined },
  onCancel: () => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  let cancelled = false;
  let wake = (): void => {};
  // Pull-driven, so nothing more is produced once the client has gone.
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pacing.stallAfter !== undefined && next >= pacing.stallAfter) {
        await new Promise<void>((resolve) => (wake = resolve));
        return;
      }
      if (next === 0 && pacing.holdUntil) await pacing.holdUntil;
      if (pacing.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, pacing.delayMs));
      if (cancelled) return;
      const event = events[next++];
      if (!event) return controller.close();
      controller.enqueue(encoder.encode(encodeSseEvent(event)));
    },
    cancel() {
      cancelled = true;
      wake();
      if (next < events.length) onCancel();
    },
  });
}

/** How many events come before the reply's end (its `message_delta`, or a stream `error`): all of its content. */
function endOfContent(events: readonly SseEvent[]): number {
  const stop = events.findIndex((event) => event.event === 'message_delta' || event.event === 'error');
  return stop === -1 ? events.length : stop;
}

function errorResponse(requestId: string, status: number, type: string, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { type: 'error', error: { type, message }, request_id: requestId },
    { status, headers: { 'request-id': requestId, ...headers } },
  );
}

function isErrorReply(reply: FakeReply): reply is FakeErrorReply {
  return 'status' in reply;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match?.[1];
}

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({ server: server as Server, port: info.port });
    });
  });
}
