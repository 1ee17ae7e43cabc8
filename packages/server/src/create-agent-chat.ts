import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AgentChatEnv } from './http/env.js';
import { limitBody } from './http/body-limit.js';
import { closeUnreadBody } from './http/close-unread-body.js';
import { errorJson } from './http/errors.js';
import { cancelRoute } from './routes/cancel-route.js';
import { inputRequestRoute } from './routes/input-request-route.js';
import { commandsRoute } from './routes/commands-route.js';
import { messagesRoute } from './routes/messages-route.js';
import { resumeRoute } from './routes/resume-route.js';
import { streamRoute } from './routes/stream-route.js';
import { sessionListRoutes } from './routes/session-list-route.js';
import { sessionRoutes } from './routes/session-routes.js';
import { toolsRoute } from './routes/tools-route.js';
import { undoRoute } from './routes/undo-route.js';
import { branchRoute } from './routes/branch-route.js';
import { feedbackRoute, type FeedbackHook } from './routes/feedback-route.js';
import { retryRoute } from './routes/retry-route.js';
import { agUiRoute } from './ag-ui/ag-ui-route.js';
import { sandboxHostGuard, sandboxRoute } from './apps/sandbox-route.js';
import { viewRoutes } from './routes/view-routes.js';
import { createRuntime, type AgentChatOptions } from './runtime.js';
import { anonymousPrincipal, signingSecret } from './security/anonymous-principal.js';
import { originGuard } from './security/origin-guard.js';
import { principalMiddleware } from './security/principal.js';
import { rateLimit } from './security/rate-limit.js';
import { requireJson } from './security/require-json.js';
import { uploadsRoute } from './uploads/uploads-route.js';

export interface AgentChatAppOptions extends AgentChatOptions {
  /** The largest request body accepted, in bytes. Default 1 MiB. Same as `limits.bodyBytes`. */
  maxBodyBytes?: number;
  /**
   * Where a user's thumbs up or down on a reply goes (POST /sessions/:id/feedback): your analytics, a review queue.
   * Without it the feedback route answers 404. The server keeps no feedback itself.
   */
  onFeedback?: FeedbackHook;
}

/**
 * The agent as a Hono app, to mount under any path: `app.route('/api/agent', createAgentChat({ model, tools }))`.
 * Every answer that is not a stream is JSON; an error never carries a stack trace.
 */
export function createAgentChat(options: AgentChatAppOptions) {
  const runtime = createRuntime(options);
  const maxSize = runtime.limits.bodyBytes;
  const authorize = options.authorize ?? anonymousPrincipal(signingSecret(options.secret));
  // One principal check and one rate limit, shared by the upload routes (mounted ahead of the JSON checks) and the rest.
  const principal = principalMiddleware(authorize);
  const limitRate = options.rateLimit ? rateLimit(options.rateLimit) : undefined;
  // In this order: a browser of a foreign origin learns nothing; a body that is not JSON or too big is never read;
  // only then who is calling, and how often.
  const app = new Hono<AgentChatEnv>()
    .use(closeUnreadBody)
    // MCP Apps: on the sandbox origin, the sandbox page and nothing else.
    .route('/', runtime.apps ? sandboxRoute(runtime.apps) : new Hono<AgentChatEnv>())
    .use(runtime.apps ? sandboxHostGuard(runtime.apps) : (_c, next) => next())
    .use(originGuard(options.origins))
    // Multipart with a size limit of its own, so before the JSON-only guard and the JSON body limit.
    .route('/', uploadsRoute(runtime.uploads, limitRate ? [principal, limitRate] : [principal]))
    .use(requireJson)
    .use(limitBody(maxSize))
    .use(principal)
    .use(limitRate ?? ((_c, next) => next()))
    .route('/', messagesRoute(runtime))
    .route('/', resumeRoute(runtime))
    .route('/', streamRoute(runtime))
    .route('/', cancelRoute(runtime))
    .route('/', inputRequestRoute(runtime))
    .route('/', undoRoute(runtime))
    .route('/', retryRoute(runtime))
    .route('/', branchRoute(runtime))
    .route('/', feedbackRoute(runtime, options.onFeedback))
    .route('/', sessionRoutes(runtime))
    .route('/', sessionListRoutes(runtime))
    .route('/', toolsRoute(runtime))
    .route('/', commandsRoute(runtime))
    .route('/', runtime.apps ? viewRoutes(runtime, runtime.apps) : new Hono<AgentChatEnv>())
    .route('/', agUiRoute(runtime));

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
