import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/** How the body goes on the wire: an honest Content-Length, chunked, or a Content-Length far larger than the body. */
export type Framing = 'length' | 'chunked' | 'lying-length';

export interface RawRequest {
  method: string;
  /** Sent as is: the caller encodes it (a browser or fetch would always percent-encode). */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  framing: Framing;
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What a lying Content-Length claims: more than any limit, so the server must refuse it before reading. */
export const LYING_LENGTH = 50 * 1024 * 1024;

/**
 * A client below fetch: any method Node's parser knows, any header value, bytes that are not UTF-8, chunked or
 * lying framing. An answer that never comes fails after `timeoutMs` instead of hanging the test.
 */
export function rawClient(baseUrl: string, timeoutMs = 15_000) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  function send(raw: RawRequest): Promise<RawAnswer> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...raw.headers };
      // A lying length leaves unread bytes promised on the socket: it gets a connection of its own.
      const alone = raw.framing === 'lying-length';
      if (raw.body && raw.framing === 'length') headers['content-length'] = String(raw.body.length);
      // Said outright: Node chunks a body by default only for some methods (not DELETE), and sends the rest unframed.
      if (raw.body && raw.framing === 'chunked') headers['transfer-encoding'] = 'chunked';
      if (alone) Object.assign(headers, { 'content-length': String(LYING_LENGTH), connection: 'close' });
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const outgoing = request({ host: hostname, port, method: raw.method, path: raw.path, headers, agent: alone ? false : agent });
      const timer = setTimeout(() => {
        outgoing.destroy();
        finish(() => reject(new Error(`no answer within ${timeoutMs} ms`)));
      }, timeoutMs);
      let answering = false;
      outgoing.on('response', (response) => {
        answering = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => finish(() => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) })));
        response.on('error', (error) => finish(() => reject(new Error(`the answer broke off: ${error.message}`))));
        response.on('close', () => finish(() => reject(new Error('the connection closed before the answer ended'))));
      });
      // Once an answer has begun, a write error (the server refused the body before reading it all) is no failure.
      outgoing.on('error', (error) => {
        if (!answering) finish(() => reject(new Error(`request failed before an answer: ${error.message}`)));
      });
      if (raw.body && raw.framing === 'chunked') {
        const middle = Math.floor(raw.body.length / 2);
        outgoing.write(raw.body.subarray(0, middle));
        outgoing.end(raw.body.subarray(middle));
      } else {
        outgoing.end(raw.body);
      }
    });
  }

  return { send, close: () => agent.destroy() };
}
