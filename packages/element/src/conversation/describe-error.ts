import { AgentHttpError } from '../transport/http-error.js';
import { StreamProtocolError } from '../transport/stream-event.js';

export interface DescribedError {
  message: string;
  code: string | undefined;
  status: number | undefined;
}

/** A failure as one line a user can act on, with the server's code kept for hosts and styling. */
export function describeError(error: unknown, endpoint: string): DescribedError {
  if (error instanceof AgentHttpError) {
    const message =
      error.status === 409
        ? `The conversation is busy (409 conflict): ${error.message}`
        : error.status === 401 || error.status === 403
          ? `Not allowed (${error.status}): ${error.message}`
          : error.message;
    return { message, code: error.code, status: error.status };
  }
  if (error instanceof StreamProtocolError) {
    return { message: error.message, code: 'protocol', status: undefined };
  }
  // fetch rejects with a TypeError when the request never got an answer (server down, CORS, offline).
  if (error instanceof TypeError) {
    return {
      message: `Could not reach the agent server at ${endpoint || '(no endpoint)'}: ${error.message}`,
      code: 'network',
      status: undefined,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message, code: undefined, status: undefined };
}
