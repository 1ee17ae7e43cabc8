import type { ErrorResponse } from '@agent-chat/protocol';

/** A non-2xx answer from the agent server, with the server's own code and message when it sent JSON. */
export class AgentHttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, message: string, code = `http_${status}`, field?: string) {
    super(message);
    this.name = 'AgentHttpError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** Turns an error response into an AgentHttpError, whether or not its body is the protocol's JSON. */
export async function readHttpError(response: Response): Promise<AgentHttpError> {
  const text = await response.text().catch(() => '');
  const status = response.status;
  try {
    const body = JSON.parse(text) as Partial<ErrorResponse>;
    const error = body.error;
    if (error && typeof error.message === 'string') {
      return new AgentHttpError(status, error.message, error.code ?? `http_${status}`, error.field);
    }
  } catch {
    // Not JSON (a proxy's HTML page, a bare 502): fall back to the status line below.
  }
  // An HTML error page says nothing useful in one line; its status text does.
  const isHtml = (response.headers.get('content-type') ?? '').includes('html');
  const detail = (isHtml ? '' : text.trim().slice(0, 200)) || response.statusText || 'no details';
  // Plain-text bodies such as "404 Not Found" already start with the status.
  return new AgentHttpError(status, detail.startsWith(String(status)) ? `HTTP ${detail}` : `HTTP ${status}: ${detail}`);
}
