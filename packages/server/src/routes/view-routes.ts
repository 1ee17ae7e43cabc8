import { viewReadResourceSchema, viewToolCallSchema, type ToolViewResponse } from '@agent-chat/protocol';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Apps } from '../apps/apps-options.js';
import { findStreamingView, findView } from '../apps/find-view.js';
import { viewRequest } from '../apps/view-request.js';
import { sandboxUrl } from '../apps/sandbox-route.js';
import { allowAttribute, allowedFeatures, cleanCsp, restrictedCsp, viewCspHeader } from '../apps/view-csp.js';
import type { AgentChatEnv } from '../http/env.js';
import { errorJson } from '../http/errors.js';
import { jsonBody } from '../http/json-body.js';
import { sessionIdParam } from '../http/session-id.js';
import type { Runtime } from '../runtime.js';
import { loadOwnSession } from '../session/owned-session.js';
import type { ToolView, ViewCaller, ViewOutcome } from '../tools/tool-view.js';
import { sessionNotFound } from './with-session.js';

const VIEW = '/sessions/:sessionId/calls/:toolCallId/view';

/**
 * A call's MCP Apps view (the app's `apps` option on): GET its document and where to draw it; POST the view's
 * `tools/call` and `resources/read`, to the server that made the view and nowhere else. All of them for the
 * session's owner only (another's session is a 404, as one that never was).
 */
export function viewRoutes(runtime: Pick<Runtime, 'store' | 'deps' | 'limits'>, apps: Apps) {
  /**
   * The view of the caller's call, or the 404 that says what is missing. `streamingTool`: the call may still be
   * streaming, not stored yet (GET's `?tool=`, see findStreamingView).
   */
  const viewOf = async <E extends AgentChatEnv>(c: Context<E>, streamingTool?: string): Promise<{ view: ToolView; caller: ViewCaller } | Response> => {
    const sessionId = c.get('sessionId');
    const session = await loadOwnSession(runtime.store, c.get('sessionRef'));
    if (!session) return sessionNotFound(c, sessionId);
    const toolCallId = c.req.param('toolCallId') ?? '';
    const found = streamingTool
      ? findStreamingView(session, toolCallId, streamingTool, runtime.deps.tools)
      : findView(session, toolCallId, runtime.deps.tools);
    if (!found.found) return errorJson(c, 404, 'not_found', found.message, { field: found.field });
    return { view: found.view, caller: { sessionId, principal: c.get('principal'), signal: c.req.raw.signal } };
  };

  return new Hono<AgentChatEnv>()
    .get(VIEW, sessionIdParam, async (c) => {
      const reached = await viewOf(c, c.req.query('tool'));
      if (reached instanceof Response) return reached;
      let document;
      try {
        document = await reached.view.document();
      } catch (error) {
        return errorJson(c, 502, 'internal', `The view could not be read from ${reached.view.server}: ${(error as Error).message}`);
      }
      const csp = restrictedCsp(cleanCsp(document.csp), apps.restrictCsp);
      const features = allowedFeatures(document.permissions);
      // The prefix this app is mounted under, so the sandbox page is asked for at the same path on its origin.
      const mountPath = c.req.routePath.slice(0, -VIEW.length);
      const body: ToolViewResponse = {
        toolCallId: c.req.param('toolCallId'),
        resourceUri: document.uri,
        mimeType: document.mimeType,
        html: document.html,
        ...(document.csp ? { csp: document.csp } : {}),
        ...(document.permissions ? { permissions: document.permissions } : {}),
        ...(document.domain !== undefined ? { domain: document.domain } : {}),
        ...(document.prefersBorder !== undefined ? { prefersBorder: document.prefersBorder } : {}),
        sandbox: {
          url: sandboxUrl(apps, mountPath, csp, features),
          origin: apps.sandboxOrigin,
          allow: allowAttribute(features),
          csp: viewCspHeader(csp),
        },
      };
      c.header('cache-control', 'no-store');
      return c.json(body);
    })
    .post(`${VIEW}/tools-call`, sessionIdParam, jsonBody(viewToolCallSchema, runtime.limits), async (c) => {
      const reached = await viewOf(c);
      if (reached instanceof Response) return reached;
      return answer(c, await viewRequest(reached.view, 'tools/call', c.get('body'), reached.caller));
    })
    .post(`${VIEW}/resources-read`, sessionIdParam, jsonBody(viewReadResourceSchema, runtime.limits), async (c) => {
      const reached = await viewOf(c);
      if (reached instanceof Response) return reached;
      return answer(c, await viewRequest(reached.view, 'resources/read', c.get('body'), reached.caller));
    });
}

/** The server's answer as it is (the view's bridge hands it to the view), or the refusal with its status. */
function answer<E extends AgentChatEnv>(c: Context<E>, outcome: ViewOutcome): Response {
  if (outcome.ok) return c.json(outcome.result as object);
  const code = outcome.status === 400 ? 'invalid_request' : outcome.status === 403 ? 'forbidden' : outcome.status === 404 ? 'not_found' : 'internal';
  return errorJson(c, outcome.status, code, outcome.message, outcome.field ? { field: outcome.field } : {});
}
