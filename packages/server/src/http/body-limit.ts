import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AgentChatEnv } from './env.js';
import { errorJson } from './errors.js';

const tooLarge = (c: Context, maxBytes: number) =>
  errorJson(c, 413, 'payload_too_large', `body: larger than the ${maxBytes} bytes this server accepts`, { field: 'body' });

/**
 * A body whose declared length is past `maxBytes` is refused before anything reads it; one without a length
 * (chunked) is counted as it is read (readBodyText). The request is left as it came: wrapping it in a counting
 * stream (hono's bodyLimit) made a second Request with streams of its own, which lived as long as the run's event
 * stream: 9 KB for every stream in flight.
 */
export function limitBody(maxBytes: number) {
  return createMiddleware<AgentChatEnv>(async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && Number(length) > maxBytes) return tooLarge(c, maxBytes);
    await next();
  });
}

/**
 * The request's body as text, read up to `maxBytes`; past them, the reading stops and the answer is a 413. A body
 * with a length (limitBody has checked it, and Node's parser reads no more than it) is read as it is, which on
 * @hono/node-server makes no Web stream; a chunked one is counted through its stream.
 */
export async function readBodyText(c: Context, maxBytes: number): Promise<{ text: string } | { refused: Response }> {
  if (c.req.header('content-length') !== undefined) return { text: await c.req.text() };
  const body = c.req.raw.body;
  if (!body) return { text: '' };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { refused: tooLarge(c, maxBytes) };
    }
    chunks.push(read.value);
  }
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return { text: new TextDecoder().decode(whole) };
}
