import { ModelError } from '../model.js';
import type { ChatApiError } from './chat-completions-types.js';

/** Who failed, for messages: the server's name and the key and headers to keep out of them. */
export interface ErrorContext {
  /** "the OpenAI API" or "the OpenAI-compatible server at localhost:11434". */
  label: string;
  /** The base URL without credentials or query, safe to show. */
  shownURL: string;
  secrets: readonly string[];
}

const MAX_BODY_EXCERPT = 300;

/** A non-2xx answer as a ModelError that says the status, what the server said, and what to check. */
export function httpError(status: number, statusText: string, body: string, context: ErrorContext): ModelError {
  const parsed = describeBody(body);
  const said = parsed.message ?? (statusText || 'no details');
  // The code (`model_not_found`) says more than the type (`invalid_request_error`), which many errors share.
  const kind = parsed.code ?? parsed.type;
  const parts = [`${capitalize(context.label)} returned HTTP ${status}${kind ? ` (${kind})` : ''}: ${sentence(said)}`];
  const hint = hintFor(status, parsed.code ?? parsed.type);
  if (hint) parts.push(hint);
  return new ModelError(redact(parts.join(' '), context.secrets), { status, code: parsed.code ?? parsed.type ?? `http_${status}` });
}

/** An `error` object sent inside a 200 stream (the server failed after it started answering). */
export function streamError(error: ChatApiError | string, context: ErrorContext): ModelError {
  const parsed = typeof error === 'string' ? { message: error } : describeError(error);
  const kind = parsed.code ?? parsed.type;
  const message = `${capitalize(context.label)} failed while streaming${kind ? ` (${kind})` : ''}: ${sentence(parsed.message ?? 'no details')}`;
  return new ModelError(redact(message, context.secrets), { code: parsed.code ?? parsed.type ?? 'stream_error' });
}

/** fetch itself failed: nothing listens there, DNS, TLS, a reset connection. */
export function connectionError(error: unknown, context: ErrorContext): ModelError {
  const message =
    `Could not reach ${context.label} (${rootCause(error)}). ` +
    `Check that the server is running and that the base URL (${context.shownURL}) is right.`;
  return new ModelError(redact(message, context.secrets), { code: 'connection_error', cause: error });
}

/** Something unexpected in a response that otherwise looked fine; `what` completes "... sent ...". */
export function protocolError(what: string, code: string, context: ErrorContext): ModelError {
  return new ModelError(redact(`${capitalize(context.label)} ${what}`, context.secrets), { code });
}

interface ParsedError {
  message?: string;
  type?: string;
  code?: string;
}

/**
 * Servers word their error bodies differently: OpenAI and most others `{ error: { message, type, code } }`, some
 * `{ error: "..." }`, vLLM `{ object: "error", message }`, FastAPI-based ones `{ detail }`, and a wrong base URL
 * often lands on an HTML or plain-text page.
 */
function describeBody(body: string): ParsedError {
  const text = body.trim();
  if (text === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (text.startsWith('<')) return { message: 'an HTML page, not an API error; is the base URL the API itself (most end in /v1)?' };
    return { message: text.length > MAX_BODY_EXCERPT ? `${text.slice(0, MAX_BODY_EXCERPT)}…` : text };
  }
  if (!isRecord(json)) return {};
  const error = json['error'];
  if (typeof error === 'string') return { message: error };
  if (isRecord(error)) return describeError(error as ChatApiError);
  if (typeof json['message'] === 'string') return describeError(json as ChatApiError);
  const detail = json['detail'];
  if (typeof detail === 'string') return { message: detail };
  if (detail !== undefined) return { message: JSON.stringify(detail).slice(0, MAX_BODY_EXCERPT) };
  return {};
}

function describeError(error: ChatApiError): ParsedError {
  return {
    ...(typeof error.message === 'string' && error.message.trim() !== '' ? { message: error.message } : {}),
    ...(typeof error.type === 'string' && error.type !== '' ? { type: error.type } : {}),
    ...(typeof error.code === 'string' && error.code !== '' ? { code: error.code } : {}),
  };
}

function hintFor(status: number, code: string | undefined): string | undefined {
  if (code === 'context_length_exceeded') return 'The conversation is too long for this model; clear it to go on.';
  if (code === 'insufficient_quota') return 'The account has no quota left; check its plan and billing.';
  if (status === 401) return 'Check the API key (the `apiKey` option or OPENAI_API_KEY).';
  if (status === 403) return 'The API key is not allowed to use this model.';
  if (status === 404) return 'Check the model name and the base URL.';
  if (status === 413) return 'The conversation is too large to send.';
  if (status === 429) return 'Rate limit reached; wait a moment and try again.';
  if (status >= 500) return 'The server had an internal error; try again.';
  return undefined;
}

/** The innermost message of an error chain: fetch's "fetch failed" hides the useful ECONNREFUSED below it. */
function rootCause(error: unknown): string {
  let current: unknown = error;
  let detail = error instanceof Error ? error.message : String(error);
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    detail = current.message || (typeof code === 'string' ? code : detail);
    current = current.cause;
  }
  return detail;
}

/** Keys in use are scrubbed from every message, in case a server or proxy echoes them. */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    // Short strings would blank out ordinary words; real keys are long.
    if (secret.length >= 8) result = result.split(secret).join('[redacted]');
  }
  return result;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?…)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
