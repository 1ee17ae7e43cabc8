import { createMiddleware } from 'hono/factory';

/**
 * An answer given before the request's body was read (413, 415, 403, 401, 429…) ends the connection. Otherwise
 * the rest of that body is still on the socket, and the client's next request on it fails as "other side closed".
 *
 * A 413 ends it too: the body limit stops reading part way (a chunked body has no length to refuse up front), so the
 * body counts as used while the rest of it is still on the socket (found by the route fuzz, on POST /uploads).
 *
 * Not for GET and HEAD: no route reads their body, and Node reads it off the socket itself after the answer, so the
 * connection stays usable. Closing instead would shut the socket on bytes still unread, which resets it, and a
 * client could lose the answer itself (a long history, found by the route fuzz).
 */
const BODY_NEVER_READ = new Set(['GET', 'HEAD']);

export const closeUnreadBody = createMiddleware(async (c, next) => {
  await next();
  if (BODY_NEVER_READ.has(c.req.method)) return;
  const hasBody = c.req.header('transfer-encoding') !== undefined || Number(c.req.header('content-length') ?? 0) > 0;
  if (hasBody && (!c.req.raw.bodyUsed || c.res.status === 413)) c.res.headers.set('connection', 'close');
});
