// One bench stream, read by a client process: POST /sessions/<id>/messages with `{ text }`, then the SSE response
// to its end, judged by the stream's own protocol: ours (`event:` lines, ids, a `done` event) or the AI SDK's UI
// message stream (`data:` lines of JSON chunks, then `data: [DONE]`).
import { Agent, request, type IncomingMessage } from 'node:http';

export type Protocol = 'agent-chat' | 'ai-sdk';

const agent = new Agent({ keepAlive: false, maxSockets: Infinity });

export interface SseEvent {
  id: number | undefined;
  /** The `event:` field, or for the AI SDK the chunk's `type` (`[DONE]` for its last line). */
  type: string;
  data: string;
}

/** Splits an SSE body into events as chunks arrive. */
function sseParser(protocol: Protocol, onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let pending = '';
  return (chunk) => {
    pending += chunk;
    let end: number;
    while ((end = pending.indexOf('\n\n')) !== -1) {
      const block = pending.slice(0, end);
      pending = pending.slice(end + 2);
      const event: SseEvent = { id: undefined, type: 'message', data: '' };
      let fields = 0;
      for (const line of block.split('\n')) {
        if (line.startsWith('id: ')) event.id = Number(line.slice(4));
        else if (line.startsWith('event: ')) event.type = line.slice(7);
        else if (line.startsWith('data: ')) event.data += line.slice(6);
        else continue; // a comment (": still running") or an empty line
        fields++;
      }
      if (fields === 0) continue;
      if (protocol === 'ai-sdk') event.type = event.data === '[DONE]' ? '[DONE]' : String((JSON.parse(event.data) as { type?: unknown }).type);
      onEvent(event);
    }
  };
}

/** A text piece of the reply, in either protocol. */
const isPiece = (protocol: Protocol, event: SseEvent) => event.type === (protocol === 'ai-sdk' ? 'text-delta' : 'text_delta');

/**
 * What one stream did. `outcome` is 'ok' only for a 200 that ended as its protocol ends a finished reply, with every
 * piece (`pieces` as expected) and, for ours, ids without a hole.
 */
export interface StreamResult {
  outcome: string;
  events: number;
  pieces: number;
  bytes: number;
  startedAt: number;
  firstByteMs?: number;
  firstEventMs?: number;
  endMs?: number;
  /** Places where an event id did not follow the one before (ours only: the AI SDK's stream has no ids). */
  holes: number;
}

export interface ReadOptions {
  protocol?: Protocol;
  /** The reply's pieces: fewer is an error. */
  pieces?: number;
  /** Called with each event as it is parsed (the latency bench reads the stamps in it). */
  onEvent?: (event: SseEvent) => void;
  /** Called on the first event; it may pause the response (the slow reader). */
  onFirstEvent?: (response: IncomingMessage) => void;
}

function post(url: string, sessionId: string, text: string) {
  const body = JSON.stringify({ text });
  return request(`${url}/sessions/${sessionId}/messages`, {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  }).end(body);
}

/** Reads one stream to its end. */
export function readStream(url: string, sessionId: string, text: string, options: ReadOptions = {}) {
  const protocol = options.protocol ?? 'agent-chat';
  const result: StreamResult = { outcome: 'pending', events: 0, pieces: 0, bytes: 0, startedAt: performance.now(), holes: 0 };
  const since = () => performance.now() - result.startedAt;
  let lastId: number | undefined;
  let ended = false;
  let stopReason: string | undefined;
  let errorCode: string | undefined;
  const req = post(url, sessionId, text);
  const finished = new Promise<StreamResult>((resolve) => {
    const finish = (outcome: string) => {
      if (result.outcome !== 'pending') return;
      result.outcome = outcome;
      result.endMs = since();
      resolve(result);
    };
    req.on('error', (error: NodeJS.ErrnoException) => finish(`socket:${error.code ?? error.message}`));
    req.on('response', (response) => {
      result.firstByteMs = since();
      if (response.statusCode !== 200) {
        response.resume();
        return finish(`status:${response.statusCode}`);
      }
      response.setEncoding('utf8');
      const parse = sseParser(protocol, (event) => {
        result.events++;
        result.firstEventMs ??= since();
        if (isPiece(protocol, event)) result.pieces++;
        if (event.id !== undefined) {
          if (lastId !== undefined && event.id !== lastId + 1) result.holes++;
          lastId = event.id;
        }
        if (protocol === 'agent-chat' && event.type === 'done') {
          ended = true;
          stopReason = (JSON.parse(event.data) as { stopReason?: string }).stopReason;
        } else if (protocol === 'ai-sdk' && event.type === '[DONE]') {
          ended = true;
          stopReason = 'end_turn';
        } else if (event.type === 'error') {
          errorCode = (JSON.parse(event.data) as { code?: string }).code ?? 'unknown';
        }
        options.onEvent?.(event);
        if (result.events === 1) options.onFirstEvent?.(response);
      });
      response.on('data', (chunk: string) => {
        result.bytes += Buffer.byteLength(chunk);
        parse(chunk);
      });
      response.on('error', (error: NodeJS.ErrnoException) => finish(`socket:${error.code ?? error.message}`));
      response.on('close', () => {
        if (errorCode) finish(`error_event:${errorCode}`);
        else if (!ended) finish('no_done');
        else if (stopReason !== 'end_turn') finish(`done:${stopReason}`);
        else if (result.holes > 0) finish('id_hole');
        else if (options.pieces !== undefined && result.pieces !== options.pieces) finish(`pieces:${result.pieces}`);
        else finish('ok');
      });
    });
  });
  return { finished, result, abort: () => req.destroy(new Error('deadline')) };
}
