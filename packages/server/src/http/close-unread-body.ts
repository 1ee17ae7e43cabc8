import { createMiddleware } from 'hono/factory';

/**
 * An answer given before the request's body was read (413, 415, 403, 401, 429…) ends the connection. Otherwise
 * the rest of that body is still on the socket, and the client's next request on it fails as "other side closed".
 */
export const closeUnreadBody = createMiddleware(async (c, next) => {
  await next();
  const hasBody = c.req.header('transfer-encoding') !== undefined || Number(c.req.header('content-length') ?? 0) > 0;
  if (hasBody && !c.req.raw.bodyUsed) c.res.headers.set('connection', 'close');
});
