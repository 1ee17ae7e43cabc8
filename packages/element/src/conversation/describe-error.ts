import { en, format, type AgentChatStrings } from '../i18n/strings.js';
import { AgentHttpError } from '../transport/http-error.js';
import { StreamProtocolError } from '../transport/stream-event.js';

export interface DescribedError {
  message: string;
  code: string | undefined;
  status: number | undefined;
}

/** A failure as one line a user can act on, with the server's code kept for hosts and styling. */
export function describeError(error: unknown, endpoint: string, t: AgentChatStrings = en): DescribedError {
  // The server's message says what went wrong in words (a 409 says a reply is still running); the status
  // and code stay with it for hosts and styling.
  if (error instanceof AgentHttpError) return { message: error.message, code: error.code, status: error.status };
  if (error instanceof StreamProtocolError) {
    return { message: error.message, code: 'protocol', status: undefined };
  }
  // fetch rejects with a TypeError when the request never got an answer (server down, CORS, offline).
  if (error instanceof TypeError) {
    return { message: format(t.errorNetwork, { endpoint, message: error.message }), code: 'network', status: undefined };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, code: undefined, status: undefined };
}
