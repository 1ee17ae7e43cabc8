import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * A local stand-in for the OpenAI Chat Completions API (`POST /v1/chat/completions`): it checks the key and the
 * request as the real API does for tool use, and streams replies in the API's chunk grammar, so an adapter can be
 * tested against it over real HTTP, offline.
 */

/** One tool call in a reply. `arguments` is sent as JSON text: an object is stringified, a string is sent as is. */
export interface FakeToolCall {
  /** Left out of the stream when null, as some compatible servers do. Default `call_fake_<n>`. */
  id?: string | null;
  name: string;
  arguments?: unknown;
}

/** A successful (HTTP 200) streamed response. */
export interface FakeChatReply {
  /** Thinking text, streamed before the content in `reasoningField`. */
  reasoning?: string;
  /** Default `reasoning_content` (DeepSeek, vLLM); `reasoning` is OpenRouter's and Ollama's name. */
  reasoningField?: 'reasoning_content' | 'reasoning';
  text?: string;
  toolCalls?: readonly FakeToolCall[];
  /** Default `tool_calls` when tools are called, else `stop`; null sends no finish_reason at all. */
  finishReason?: string | null;
  /** Token counts for the usage chunk (sent only when the request asked for it). */
  usage?: { promptTokens: number; completionTokens: number };
  /** After the content, send this `error` chunk and end the body, as servers do when they fail mid-stream. */
  streamError?: { message: string; type?: string; code?: string | null };
  /** After the content, end the body with no finish_reason, usage or [DONE], as a dropped connection would. */
  truncate?: boolean;
  /** After the content, keep the response open without sending more, until the client hangs up. */
  hold?: boolean;
  /** Characters per content, reasoning and arguments piece, overriding the server's setting. */
  chunkSize?: number;
  /** Milliseconds before each SSE message, overriding the server's setting. */
  delayMs?: number;
}

/** An HTTP error with the API's error body (`{ error: { message, type, param, code } }`), or a raw body. */
export interface FakeErrorReply {
  status: number;
  error?: { message: string; type?: string; code?: string | null; param?: string | null };
  /** Sent instead of the JSON error body, e.g. the HTML page a wrong base URL would reach. */
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** A 200 response whose body is exactly these pieces, to play server quirks the grammar above cannot. */
export interface FakeRawReply {
  raw: readonly string[];
  contentType?: string;
}

export type FakeOpenAIReply = FakeChatReply | FakeErrorReply | FakeRawReply;

export interface RecordedOpenAIRequest {
  body: Record<string, unknown>;
  /** Lower-cased header names. */
  headers: Record<string, string>;
}

/** Chooses the reply to a request from its body and its 0-based position among all requests. */
export type FakeOpenAIResponder = (body: Record<string, unknown>, index: number) => FakeOpenAIReply | undefined;

export interface FakeOpenAIOptions {
  /** Replies served in order, one per request, or a function of the request. */
  replies?: readonly FakeOpenAIReply[] | FakeOpenAIResponder;
  /** When set, the only key accepted as `Authorization: Bearer`; when not, no key is needed (as on a local server). */
  apiKey?: string;
  /** Characters per piece. Default 5, so that anything but a tiny text spans several chunks. */
  chunkSize?: number;
  /** Milliseconds before each SSE message. Default 0. */
  delayMs?: number;
  /** Answer invalid requests with the API's 400, as the real one does. Default true. */
  validate?: boolean;
}

export interface FakeOpenAI {
  /** What to give an adapter as `baseURL`, e.g. http://127.0.0.1:54321/v1. */
  baseURL: string;
  /** Every request received, in order, including those answered with an error. */
  requests: RecordedOpenAIRequest[];
  /** Queue more replies (only when `replies` was not a function). */
  enqueue(...replies: FakeOpenAIReply[]): void;
  /** Forget the requests and any replies still queued, so one test's leftovers cannot answer the next. */
  reset(): void;
  /** How many streamed responses the client hung up on before their end. */
  readonly streamsCancelled: number;
  close(): Promise<void>;
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const responder = typeof options.replies === 'function' ? options.replies : undefined;
  const queue: FakeOpenAIReply[] = typeof options.replies === 'function' ? [] : [...(options.replies ?? [])];
  const requests: RecordedOpenAIRequest[] = [];
  let streamsCancelled = 0;

  const app = new Hono();
  app.post('/v1/chat/completions', async (c) => {
    const index = requests.length;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await c.req.text());
    } catch {
      return apiError(400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
    }
    if (!isRecord(parsed)) return apiError(400, 'The request body must be a JSON object.', 'invalid_request_error');
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => (headers[name] = value));
    requests.push({ body: parsed, headers });

    if (options.apiKey !== undefined) {
      const key = headers['authorization']?.match(/^Bearer\s+(.+)$/i)?.[1];
      if (!key) {
        return apiError(401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth.", 'invalid_request_error');
      }
      if (key !== options.apiKey) {
        return apiError(401, `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', 'invalid_api_key');
      }
    }
    if (options.validate !== false) {
      const problem = validateChatCompletionsRequest(parsed);
      if (problem) return apiError(400, problem.message, 'invalid_request_error', problem.code ?? null, problem.param ?? null);
    }

    const reply = responder ? responder(parsed, index) : queue.shift();
    if (!reply) return apiError(500, `fake-openai: no reply for request ${index + 1}`, 'server_error');
    if ('status' in reply) {
      if (reply.body !== undefined) {
        return new Response(reply.body, { status: reply.status, headers: { 'content-type': reply.contentType ?? 'text/plain', ...reply.headers } });
      }
      const error = reply.error ?? { message: 'fake error' };
      return apiError(reply.status, error.message, error.type ?? 'server_error', error.code ?? null, error.param ?? null, reply.headers);
    }
    if ('raw' in reply) {
      return new Response(bodyStream(reply.raw, 0, false, () => streamsCancelled++), {
        headers: { 'content-type': reply.contentType ?? 'text/event-stream; charset=utf-8' },
      });
    }

    const model = String(parsed['model']);
    const id = `chatcmpl-fake${index + 1}`;
    const chunkSize = reply.chunkSize ?? options.chunkSize ?? 5;
    // Only streaming is played; a test that forgets `stream: true` should fail loudly, not get a different shape.
    if (parsed['stream'] !== true) return apiError(400, 'fake-openai: only `stream: true` requests are supported', 'invalid_request_error');
    const includeUsage = isRecord(parsed['stream_options']) && parsed['stream_options']['include_usage'] === true;
    const messages = replyChunks(reply, { id, model, chunkSize, includeUsage, callPrefix: `call_fake_${index + 1}` });
    const stream = bodyStream(messages, reply.delayMs ?? options.delayMs ?? 0, reply.hold === true, () => streamsCancelled++);
    return new Response(stream, { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' } });
  });
  app.notFound(() => apiError(404, 'Invalid URL', 'invalid_request_error'));

  const { server, port } = await listen(app.fetch);
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => {
      if (responder) throw new Error('startFakeOpenAI: replies come from a function; enqueue has no effect');
      queue.push(...replies);
    },
    reset: () => {
      requests.length = 0;
      queue.length = 0;
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

interface ChunkContext {
  id: string;
  model: string;
  chunkSize: number;
  includeUsage: boolean;
  callPrefix: string;
}

/**
 * The SSE messages the API streams for a reply, in its order: a first chunk with the role, reasoning and content
 * pieces, tool calls (id, type and name in a call's first piece only, then its arguments in pieces keyed by
 * `index`), a chunk with an empty delta and the finish_reason, a usage chunk with no choices, `[DONE]`.
 */
export function replyChunks(reply: FakeChatReply, context: ChunkContext): string[] {
  const created = 1_700_000_000;
  // With include_usage every chunk carries `usage: null` but the last, as the API sends them.
  const usageField = context.includeUsage ? { usage: null } : {};
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    data({
      id: context.id,
      object: 'chat.completion.chunk',
      created,
      model: context.model,
      system_fingerprint: 'fp_fake',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...usageField,
    });

  const messages = [chunk({ role: 'assistant', content: '', refusal: null })];
  const field = reply.reasoningField ?? 'reasoning_content';
  for (const piece of pieces(reply.reasoning ?? '', context.chunkSize)) messages.push(chunk({ [field]: piece }));
  for (const piece of pieces(reply.text ?? '', context.chunkSize)) messages.push(chunk({ content: piece }));
  for (const [index, call] of (reply.toolCalls ?? []).entries()) {
    const id = call.id === undefined ? `${context.callPrefix}_${index}` : call.id;
    const args = argumentsText(call);
    messages.push(
      chunk({
        tool_calls: [{ index, ...(id !== null ? { id } : {}), type: 'function', function: { name: call.name, arguments: '' } }],
      }),
    );
    for (const piece of pieces(args, context.chunkSize)) messages.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  }
  if (reply.streamError) {
    messages.push(data({ error: { type: 'server_error', param: null, code: null, ...reply.streamError } }));
    return messages;
  }
  if (reply.truncate || reply.hold) return messages;
  const finishReason = reply.finishReason !== undefined ? reply.finishReason : reply.toolCalls?.length ? 'tool_calls' : 'stop';
  if (finishReason !== null) messages.push(chunk({}, finishReason));
  if (context.includeUsage) {
    const usage = replyUsage(reply);
    messages.push(
      data({
        id: context.id,
        object: 'chat.completion.chunk',
        created,
        model: context.model,
        system_fingerprint: 'fp_fake',
        choices: [],
        usage: { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.promptTokens + usage.completionTokens },
      }),
    );
  }
  messages.push('data: [DONE]\n\n');
  return messages;
}

export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_TOOL_CALL_ID_LENGTH = 40;
const ROLES = ['system', 'developer', 'user', 'assistant', 'tool'];

export interface RequestProblem {
  message: string;
  param?: string;
  code?: string;
}

/**
 * The checks the real API makes before running the model, worded like its 400s: the body's shape, the tools, and
 * the tool-use rules (every assistant `tool_calls` id answered by a `tool` message before the next user or
 * assistant message; a `tool` message only in answer to such a call). Pure, so a converted history can be checked
 * without a server.
 */
export function validateChatCompletionsRequest(body: unknown): RequestProblem | undefined {
  if (!isRecord(body)) return { message: 'The request body must be a JSON object.' };
  if (typeof body['model'] !== 'string' || body['model'] === '') return { message: 'you must provide a model parameter', param: 'model' };
  if (body['stream'] !== undefined && typeof body['stream'] !== 'boolean') {
    return { message: "Invalid type for 'stream': expected a boolean.", param: 'stream', code: 'invalid_type' };
  }
  for (const field of ['max_tokens', 'temperature']) {
    const value = body[field];
    if (value !== undefined && typeof value !== 'number') return { message: `Invalid type for '${field}': expected a number.`, param: field, code: 'invalid_type' };
  }
  return checkTools(body['tools']) ?? checkMessages(body['messages']);
}

function checkTools(tools: unknown): RequestProblem | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return { message: "Invalid type for 'tools': expected an array.", param: 'tools', code: 'invalid_type' };
  if (tools.length === 0) return { message: "Invalid 'tools': empty array. Expected an array with minimum length 1.", param: 'tools', code: 'empty_array' };
  for (const [index, tool] of tools.entries()) {
    const at = `tools[${index}]`;
    if (!isRecord(tool) || tool['type'] !== 'function') return { message: `Invalid value for '${at}.type': expected 'function'.`, param: `${at}.type` };
    const fn = tool['function'];
    if (!isRecord(fn)) return { message: `Missing required parameter: '${at}.function'.`, param: `${at}.function`, code: 'missing_required_parameter' };
    if (typeof fn['name'] !== 'string' || !TOOL_NAME_PATTERN.test(fn['name'])) {
      return { message: `Invalid '${at}.function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, param: `${at}.function.name`, code: 'invalid_value' };
    }
    const parameters = fn['parameters'];
    if (parameters !== undefined && (!isRecord(parameters) || parameters['type'] !== 'object')) {
      return { message: `Invalid schema for function '${fn['name']}': schema must be a JSON Schema of 'type: "object"'.`, param: `${at}.function.parameters`, code: 'invalid_function_parameters' };
    }
  }
  return undefined;
}

function checkMessages(messages: unknown): RequestProblem | undefined {
  if (messages === undefined) return { message: "Missing required parameter: 'messages'.", param: 'messages', code: 'missing_required_parameter' };
  if (!Array.isArray(messages)) return { message: "Invalid type for 'messages': expected an array.", param: 'messages', code: 'invalid_type' };
  if (messages.length === 0) return { message: "Invalid 'messages': empty array. Expected an array with minimum length 1.", param: 'messages', code: 'empty_array' };

  const seenCallIds = new Set<string>();
  // Calls of the latest assistant message still waiting for their tool message.
  let open: string[] = [];
  // Whether `tool` messages may come now: right after an assistant message with calls, or after another tool message.
  let answering = false;
  for (const [index, message] of messages.entries()) {
    const at = `messages[${index}]`;
    if (!isRecord(message)) return { message: `Invalid type for '${at}': expected an object.`, param: at, code: 'invalid_type' };
    const role = message['role'];
    if (typeof role !== 'string' || !ROLES.includes(role)) {
      return { message: `Invalid value: '${String(role)}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`, param: `${at}.role`, code: 'invalid_value' };
    }

    if (role === 'tool') {
      const id = message['tool_call_id'];
      if (typeof id !== 'string') return { message: `Missing required parameter: '${at}.tool_call_id'.`, param: `${at}.tool_call_id`, code: 'missing_required_parameter' };
      if (!answering || !open.includes(id)) {
        return { message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.", param: `${at}.role` };
      }
      if (typeof message['content'] !== 'string' && !Array.isArray(message['content'])) {
        return { message: `Invalid type for '${at}.content': expected one of a string or array of objects.`, param: `${at}.content`, code: 'invalid_type' };
      }
      open = open.filter((openId) => openId !== id);
      continue;
    }

    if (open.length > 0) return unanswered(open);
    answering = false;
    const content = message['content'];
    if (role === 'assistant') {
      const calls = message['tool_calls'];
      const hasCalls = Array.isArray(calls) && calls.length > 0;
      if (!hasCalls && (content === null || content === undefined)) {
        return { message: `Invalid value for '${at}.content': expected a string, got null.`, param: `${at}.content`, code: 'invalid_type' };
      }
      if (content !== null && content !== undefined && typeof content !== 'string' && !Array.isArray(content)) {
        return { message: `Invalid type for '${at}.content': expected one of a string or array of objects.`, param: `${at}.content`, code: 'invalid_type' };
      }
      if (calls !== undefined) {
        if (!Array.isArray(calls)) return { message: `Invalid type for '${at}.tool_calls': expected an array.`, param: `${at}.tool_calls`, code: 'invalid_type' };
        if (calls.length === 0) return { message: `Invalid '${at}.tool_calls': empty array. Expected an array with minimum length 1.`, param: `${at}.tool_calls`, code: 'empty_array' };
        for (const [callIndex, call] of calls.entries()) {
          const problem = checkCall(call, `${at}.tool_calls[${callIndex}]`, seenCallIds);
          if (problem) return problem;
          open.push(String((call as Record<string, unknown>)['id']));
        }
        answering = true;
      }
      continue;
    }
    if (typeof content !== 'string' && !Array.isArray(content)) {
      return { message: `Invalid type for '${at}.content': expected one of a string or array of objects.`, param: `${at}.content`, code: 'invalid_type' };
    }
  }
  if (open.length > 0) return unanswered(open);
  return undefined;
}

function checkCall(call: unknown, at: string, seen: Set<string>): RequestProblem | undefined {
  if (!isRecord(call)) return { message: `Invalid type for '${at}': expected an object.`, param: at, code: 'invalid_type' };
  const id = call['id'];
  if (typeof id !== 'string' || id === '') return { message: `Missing required parameter: '${at}.id'.`, param: `${at}.id`, code: 'missing_required_parameter' };
  if (id.length > MAX_TOOL_CALL_ID_LENGTH) {
    return {
      message: `Invalid '${at}.id': string too long. Expected a string with maximum length ${MAX_TOOL_CALL_ID_LENGTH}, but got a string with length ${id.length} instead.`,
      param: `${at}.id`,
      code: 'string_above_max_length',
    };
  }
  if (seen.has(id)) return { message: `Duplicate value for '${at}.id': '${id}' is used by another tool call.`, param: `${at}.id` };
  seen.add(id);
  if (call['type'] !== 'function') return { message: `Invalid value for '${at}.type': expected 'function'.`, param: `${at}.type` };
  const fn = call['function'];
  if (!isRecord(fn) || typeof fn['name'] !== 'string') return { message: `Missing required parameter: '${at}.function.name'.`, param: `${at}.function.name`, code: 'missing_required_parameter' };
  if (typeof fn['arguments'] !== 'string') {
    return { message: `Invalid type for '${at}.function.arguments': expected a string.`, param: `${at}.function.arguments`, code: 'invalid_type' };
  }
  return undefined;
}

function unanswered(ids: readonly string[]): RequestProblem {
  return {
    message: `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${ids.join(', ')}`,
    param: 'messages',
  };
}

function apiError(
  status: number,
  message: string,
  type: string,
  code: string | null = null,
  param: string | null = null,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ error: { message, type, param, code } }, { status, headers });
}

function bodyStream(messages: readonly string[], delayMs: number, hold: boolean, onCancel: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  let cancelled = false;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Pull-driven, so nothing more is produced once the client has gone.
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (cancelled) return;
      const message = messages[next++];
      if (message !== undefined) return controller.enqueue(encoder.encode(message));
      if (hold) return released;
      controller.close();
    },
    cancel() {
      cancelled = true;
      release();
      if (next < messages.length || hold) onCancel();
    },
  });
}

function replyUsage(reply: FakeChatReply): { promptTokens: number; completionTokens: number } {
  if (reply.usage) return reply.usage;
  const characters = (reply.text ?? '').length + (reply.reasoning ?? '').length + JSON.stringify(reply.toolCalls ?? []).length;
  return { promptTokens: 31, completionTokens: Math.max(1, Math.ceil(characters / 4)) };
}

function argumentsText(call: FakeToolCall): string {
  if (typeof call.arguments === 'string') return call.arguments;
  return JSON.stringify(call.arguments ?? {});
}

function pieces(text: string, size: number): string[] {
  const step = Math.max(1, size);
  const result: string[] = [];
  for (let i = 0; i < text.length; i += step) result.push(text.slice(i, i + step));
  return result;
}

function data(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}

/** As the API shows a wrong key: enough to recognise it, not enough to use it. */
function maskKey(key: string): string {
  return key.length <= 8 ? '*'.repeat(key.length) : `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({ server: server as Server, port: info.port });
    });
  });
}
