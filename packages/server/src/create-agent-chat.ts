import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { AgentChatEnv } from './http/env.js';
import { errorJson } from './http/errors.js';
import { cancelRoute } from './routes/cancel-route.js';
import { messagesRoute } from './routes/messages-route.js';
import { resumeRoute } from './routes/resume-route.js';
import { sessionRoutes } from './routes/session-routes.js';
import { toolsRoute } from './routes/tools-route.js';
import { undoRoute } from './routes/undo-route.js';
import { createRuntime, type AgentChatOptions } from './runtime.js';

export interface AgentChatAppOptions extends AgentChatOptions {
  /** The largest request body accepted, in bytes. Default 1 MiB. */
  maxBodyBytes?: number;
}

/**
 * The agent as a Hono app, to mount under any path: `app.route('/api/agent', createAgentChat({ model, tools }))`.
 * Every answer that is not a stream is JSON; an error never carries a stack trace.
 */
export function createAgentChat(options: AgentChatAppOptions) {
  const runtime = createRuntime(options);
  const maxSize = options.maxBodyBytes ?? 1024 * 1024;
  const app = new Hono<AgentChatEnv>()
    .use(
      bodyLimit({
        maxSize,
        onError: (c) => errorJson(c, 413, 'payload_too_large', `body: larger than the ${maxSize} bytes this server accepts`, { field: 'body' }),
      }),
    )
    .route('/', messagesRoute(runtime))
    .route('/', resumeRoute(runtime))
    .route('/', cancelRoute(runtime))
    .route('/', undoRoute(runtime))
    .route('/', sessionRoutes(runtime))
    .route('/', toolsRoute(runtime));

  app.notFound((c) => errorJson(c, 404, 'not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return errorJson(c, error.status === 401 ? 401 : 400, error.status === 401 ? 'unauthorized' : 'invalid_request', error.message || 'Bad request');
    }
    console.error('[agent-chat] request failed:', error);
    return errorJson(c, 500, 'internal', 'The server failed to handle this request.');
  });
  return app;
}

export type AgentChatApp = ReturnType<typeof createAgentChat>;
