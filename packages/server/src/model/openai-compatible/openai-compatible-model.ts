import type { Model, ModelError, ModelEvent, ModelRequest } from '../model.js';
import type { ChatCompletionChunk, ChatCompletionsRequest } from './chat-completions-types.js';
import { ChunkMapper } from './chunk-mapper.js';
import { readSseMessages } from './read-sse-messages.js';
import { OPENAI_ATTACHMENT_TYPES, toOpenAIMessages } from './to-openai-messages.js';
import { readTurnUploads } from '../turn-uploads.js';
import { toOpenAITools } from './to-openai-tools.js';
import { connectionError, httpError, protocolError, streamError, type ErrorContext } from './to-model-error.js';
import { readEnv } from '../../read-env.js';

export interface OpenAICompatibleModelOptions {
  /** The model id as the server knows it, e.g. `gpt-4.1`, `llama3.1:8b` (Ollama), `Qwen/Qwen3-8B` (vLLM). */
  model: string;
  /**
   * The API root that `/chat/completions` is appended to. Default the OpenAI API, `https://api.openai.com/v1`;
   * e.g. `http://localhost:11434/v1` for Ollama, `http://localhost:8000/v1` for vLLM, `http://localhost:1234/v1` for LM Studio.
   */
  baseURL?: string;
  /** Sent as `Authorization: Bearer`. Default OPENAI_API_KEY; local servers need none, and then no header is sent. */
  apiKey?: string;
  /** Sent as `max_tokens`; left out by default, so the server's own limit applies. */
  maxTokens?: number;
  temperature?: number;
  /** Extra headers (e.g. an organization, or a gateway's own auth); they override the defaults. */
  headers?: Record<string, string>;
  /** The fetch to use, e.g. one with a proxy agent or for tests. Default the global fetch. */
  fetch?: typeof globalThis.fetch;
  /**
   * The media types this model reads: the uploads it takes, and the images of tool results it is sent. Default PNG,
   * JPEG, GIF and WebP images and plain text. `['text/plain']` (or `[]`) for a model without vision: an image upload
   * is refused before its run, and a tool's images stay named in its result's text instead of being sent.
   */
  attachmentTypes?: readonly string[];
}

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** A Model backed by an OpenAI Chat Completions API (OpenAI's, or a compatible server's), streamed. */
export function openAICompatibleModel(options: OpenAICompatibleModelOptions): Model {
  checkOptions(options);
  const baseURL = options.baseURL?.trim() || DEFAULT_OPENAI_BASE_URL;
  const endpoint = chatCompletionsURL(baseURL);
  // Read once, like the SDKs do: a key set in the environment later is not picked up mid-run.
  const apiKey = options.apiKey ?? readEnv('OPENAI_API_KEY');
  const headers = requestHeaders(apiKey, options.headers);
  const context: ErrorContext = {
    label: labelFor(endpoint),
    shownURL: shownURL(baseURL),
    secrets: secretsOf(apiKey, baseURL, options.headers),
  };
  const fetchImpl = options.fetch ?? globalThis.fetch;

  return {
    name: `openai-compatible:${options.model}`,
    attachmentTypes: options.attachmentTypes ?? OPENAI_ATTACHMENT_TYPES,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      if (request.signal.aborted) return;
      const body = JSON.stringify(await buildRequest(options, request));

      let response: Response;
      try {
        // The signal goes to fetch so that Stop closes the HTTP stream instead of letting it run on unread.
        response = await fetchImpl(endpoint, { method: 'POST', headers, body, signal: request.signal });
      } catch (error) {
        if (request.signal.aborted) return;
        throw connectionError(error, context);
      }

      try {
        yield* readResponse(response, context, request.signal);
      } catch (error) {
        // Reading a body whose request was aborted rejects with an AbortError: that is Stop, not a failure.
        if (request.signal.aborted) return;
        throw error;
      }
    },
  };
}

async function* readResponse(response: Response, context: ErrorContext, signal: AbortSignal): AsyncGenerator<ModelEvent> {
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw httpError(response.status, response.statusText, text, context);
  }
  const type = response.headers.get('content-type') ?? '';
  // A server that ignored `stream: true`, or a 200 that is really an error, answers with JSON instead of SSE.
  if (type.includes('application/json')) throw jsonInsteadOfStream(await response.text().catch(() => ''), context);
  if (type.includes('text/html')) {
    throw protocolError(`answered with an HTML page, not an event stream. Check the base URL (${context.shownURL}); most servers want it to end in /v1.`, 'not_a_stream', context);
  }
  if (!response.body) throw protocolError('answered without a body.', 'incomplete_stream', context);

  const mapper = new ChunkMapper();
  for await (const message of readSseMessages(response.body)) {
    if (signal.aborted) return;
    const data = message.data.trim();
    if (data === '[DONE]') {
      yield* mapper.finish();
      return;
    }
    if (data === '') continue;
    const chunk = parseChunk(data, context);
    if (chunk.error !== undefined && chunk.error !== null) throw streamError(chunk.error, context);
    yield* mapper.map(chunk);
  }
  if (signal.aborted) return;
  // Servers that end the body without `[DONE]` after a finish_reason still finished the response.
  if (mapper.finished) {
    yield* mapper.finish();
    return;
  }
  throw protocolError('ended the stream before the response was complete. Try again.', 'incomplete_stream', context);
}

function parseChunk(data: string, context: ErrorContext): ChatCompletionChunk {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    const excerpt = data.length > 120 ? `${data.slice(0, 120)}…` : data;
    throw protocolError(`sent a stream message that is not JSON (${excerpt}); the stream may have been cut off.`, 'malformed_stream', context);
  }
  if (chunk === null || typeof chunk !== 'object' || Array.isArray(chunk)) {
    throw protocolError('sent a stream message that is not a JSON object.', 'malformed_stream', context);
  }
  return chunk as ChatCompletionChunk;
}

function jsonInsteadOfStream(text: string, context: ErrorContext): ModelError {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === 'string' || (body.error !== null && typeof body.error === 'object')) {
      return streamError(body.error as Parameters<typeof streamError>[0], context);
    }
  } catch {
    // Not JSON after all: the generic message below says what was expected.
  }
  return protocolError('answered with JSON instead of an event stream; it may not support `stream: true`.', 'not_a_stream', context);
}

async function buildRequest(options: OpenAICompatibleModelOptions, request: ModelRequest): Promise<ChatCompletionsRequest> {
  const limits = [options.maxTokens, request.maxTokens].filter((n): n is number => n !== undefined);
  return {
    model: options.model,
    messages: await toOpenAIMessages(request.system, request.turns, await readTurnUploads(request.turns, request), options.attachmentTypes),
    // OpenAI rejects an empty `tools` list, so none is sent when no tool is offered.
    ...(request.tools.length > 0 ? { tools: toOpenAITools(request.tools) } : {}),
    stream: true,
    // Without it the stream carries no token counts at all.
    stream_options: { include_usage: true },
    ...(limits.length > 0 ? { max_tokens: Math.min(...limits) } : {}),
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
  };
}

function requestHeaders(apiKey: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'text/event-stream',
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    // Lower-cased so that a caller's `Authorization` replaces ours rather than being sent alongside it.
    ...Object.fromEntries(Object.entries(extra).map(([name, value]) => [name.toLowerCase(), value])),
  };
}

/** `{baseURL}/chat/completions`, keeping a query (Azure-style `?api-version=`) where it belongs: after the path. */
function chatCompletionsURL(baseURL: string): string {
  const url = new URL(baseURL);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/chat/completions`;
  return url.toString();
}

function labelFor(endpoint: string): string {
  const { host } = new URL(endpoint);
  return host === 'api.openai.com' ? 'the OpenAI API' : `the OpenAI-compatible server at ${host}`;
}

/** The base URL as it can be shown: credentials and query (which may hold a key) left out. */
function shownURL(baseURL: string): string {
  const url = new URL(baseURL);
  return `${url.origin}${url.pathname}`;
}

/** Everything that may carry a credential: the key, extra headers, and a password or query in the base URL. */
function secretsOf(apiKey: string | undefined, baseURL: string, headers: Record<string, string> = {}): string[] {
  const url = new URL(baseURL);
  const candidates = [apiKey, ...Object.values(headers), decodeURIComponent(url.password), ...url.searchParams.values()];
  return candidates.filter((value): value is string => typeof value === 'string' && value !== '');
}

/** Settings that would fail every request fail here, at start-up, instead. */
function checkOptions(options: OpenAICompatibleModelOptions): void {
  if (!options.model?.trim()) throw new TypeError('openAICompatibleModel: `model` is required (e.g. "gpt-4.1" or "llama3.1:8b")');
  if (options.baseURL !== undefined && options.baseURL.trim() !== '') {
    let url: URL;
    try {
      url = new URL(options.baseURL);
    } catch {
      throw new TypeError(`openAICompatibleModel: \`baseURL\` must be an absolute URL such as http://localhost:11434/v1, got "${options.baseURL}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`openAICompatibleModel: \`baseURL\` must be an http or https URL, got "${url.protocol}"`);
    }
  }
  const { maxTokens, temperature } = options;
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens < 1)) {
    throw new TypeError(`openAICompatibleModel: \`maxTokens\` must be a positive integer, got ${maxTokens}`);
  }
  if (temperature !== undefined && (!Number.isFinite(temperature) || temperature < 0)) {
    throw new TypeError(`openAICompatibleModel: \`temperature\` must be a number of 0 or more, got ${temperature}`);
  }
}
