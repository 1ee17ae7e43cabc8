import { AnthropicError, APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { ModelError } from '../model.js';

/**
 * Any failure of an Anthropic call as a ModelError whose message a user can act on: the HTTP status, the API's
 * error type and message, and a hint. `secrets` (the key in use) are scrubbed from the text in case a proxy echoes them.
 */
export function toModelError(error: unknown, secrets: readonly string[] = []): ModelError {
  if (error instanceof ModelError) return error;
  const { message, status, code } = describe(error);
  return new ModelError(redact(message, secrets), { ...(status !== undefined ? { status } : {}), code, cause: error });
}

interface Description {
  message: string;
  status?: number;
  code: string;
}

function describe(error: unknown): Description {
  // Connection errors are APIErrors without a status, so they are told apart first.
  if (error instanceof APIConnectionTimeoutError) {
    return { message: 'The Anthropic API did not respond in time. Try again.', code: 'timeout' };
  }
  if (error instanceof APIConnectionError) {
    return { message: `Could not reach the Anthropic API (${rootCause(error)}). Check the network and the base URL.`, code: 'connection_error' };
  }
  if (error instanceof APIError) return describeApiError(error);
  if (error instanceof AnthropicError) return { message: `Anthropic client error: ${error.message}`, code: 'client_error' };
  const detail = error instanceof Error ? error.message : String(error);
  return { message: `The Anthropic model failed: ${detail}`, code: 'model_error' };
}

function describeApiError(error: APIError): Description {
  const status = typeof error.status === 'number' ? error.status : undefined;
  const type = error.type ?? undefined;
  const apiMessage = error.apiMessage ?? fallbackMessage(error);
  // An error event inside a 200 stream has no status of its own.
  const where = status !== undefined ? `${status}` : 'during streaming';
  const parts = [`Anthropic API error ${where}${type ? ` (${type})` : ''}: ${sentence(apiMessage)}`];
  const hint = hintFor(status, type);
  if (hint) parts.push(hint);
  if (error.requestID) parts.push(`[request ${error.requestID}]`);
  return { message: parts.join(' '), ...(status !== undefined ? { status } : {}), code: type ?? (status !== undefined ? `http_${status}` : 'api_error') };
}

function hintFor(status: number | undefined, type: string | undefined): string | undefined {
  if (type === 'overloaded_error' || status === 529) return "Anthropic's API is overloaded; try again in a moment.";
  if (type === 'rate_limit_error' || status === 429) return 'Rate limit reached; wait a moment and try again.';
  if (type === 'authentication_error' || status === 401) return 'Check the Anthropic API key (ANTHROPIC_API_KEY).';
  if (type === 'permission_error' || status === 403) return 'The API key is not allowed to use this model or feature.';
  if (type === 'not_found_error' || status === 404) return 'Check the model name and the base URL.';
  if (type === 'request_too_large' || status === 413) return 'The conversation is too large to send.';
  if (type === 'api_error' || (status !== undefined && status >= 500)) return 'Anthropic had an internal error; try again.';
  return undefined;
}

function fallbackMessage(error: APIError): string {
  // Without a parsed body the SDK's own message ("529 status code (no body)") is the best there is.
  return error.message.replace(/^\d{3}\s+/, '') || 'no details';
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The innermost message of an error chain: fetch's "fetch failed" hides the useful ECONNREFUSED below it. */
function rootCause(error: Error): string {
  let current: unknown = error;
  let detail = error.message;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    detail = current.message || (typeof code === 'string' ? code : detail);
    current = current.cause;
  }
  return detail;
}

function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    // Short strings would blank out ordinary words; real keys are long.
    if (secret.length >= 8) result = result.split(secret).join('[redacted]');
  }
  return result;
}
