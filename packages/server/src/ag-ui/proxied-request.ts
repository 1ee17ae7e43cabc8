import { EventType, PROTOCOL_VERSION, type AGUIEvent, type RunAgentInput } from '@ag-ui/core';
import type { Context } from 'hono';
import { findServerView } from '../apps/find-view.js';
import { viewRequest } from '../apps/view-request.js';
import type { AgentChatEnv } from '../http/env.js';
import { sseText } from '../http/sse-stream.js';
import type { Runtime } from '../runtime.js';
import { loadOwnSession } from '../session/owned-session.js';
import { serverHash } from './mcp-apps.js';

/** Where an AG-UI client puts a view's own MCP request (@ag-ui/mcp-apps-middleware's `ProxiedMCPRequest`). */
const PROXIED = '__proxiedMCPRequest';

/** The view's MCP request a run carries instead of a message, if it carries one. */
export function proxiedRequestOf(input: RunAgentInput): unknown {
  const props: unknown = input.forwardedProps;
  return isRecord(props) && PROXIED in props ? props[PROXIED] : undefined;
}

/**
 * A run that carries a view's MCP request (`forwardedProps.__proxiedMCPRequest = { serverHash, serverId?, method,
 * params }`), answered as @ag-ui/mcp-apps-middleware answers it: RUN_STARTED, then RUN_FINISHED whose `result` is the
 * MCP server's result, or `{ error }` saying why there is none. No model runs and the thread is neither locked nor
 * changed: a view polling its server while the agent works is not a second run.
 *
 * It is checked as the view routes check theirs (routes/view-routes.ts), through the same code: the thread must be
 * the caller's and hold a call drawn with a view of that server (found by `serverId`, else by `serverHash`: the
 * activity's), and the request goes through that view, to its own server only, for tools the app may call that need
 * no approval (apps/view-request.ts). A refusal is a RUN_FINISHED with `result.error`, not a RUN_ERROR: it is the
 * answer to the view's request, which a client built for the middleware reads from `result` and hands to the view
 * as an error; the run itself did what it was asked.
 */
export async function answerProxiedRequest<E extends AgentChatEnv>(c: Context<E>, runtime: Pick<Runtime, 'store' | 'deps'>, input: RunAgentInput, request: unknown): Promise<Response> {
  const result = await proxiedResult(c, runtime, input, request);
  const ids = { threadId: input.threadId, runId: input.runId };
  const events: AGUIEvent[] = [
    { type: EventType.RUN_STARTED, ...ids, protocolVersion: PROTOCOL_VERSION },
    { type: EventType.RUN_FINISHED, ...ids, result },
  ];
  const body = events.map((event) => sseText({ data: JSON.stringify(event) })).join('');
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' } });
}

async function proxiedResult<E extends AgentChatEnv>(c: Context<E>, runtime: Pick<Runtime, 'store' | 'deps'>, input: RunAgentInput, request: unknown): Promise<unknown> {
  if (!isRecord(request) || typeof request['method'] !== 'string') {
    return { error: `forwardedProps.${PROXIED}.method: a view's request names its MCP method` };
  }
  const { method, params } = request;
  const serverId = typeof request['serverId'] === 'string' && request['serverId'] ? request['serverId'] : undefined;
  const hash = typeof request['serverHash'] === 'string' && request['serverHash'] ? request['serverHash'] : undefined;
  const unknown = { error: `Unknown server "${serverId ?? hash ?? ''}": no call of the thread "${input.threadId}" was drawn with a view of it.` };
  // Another owner's thread of this id is not the caller's: for them it holds no view, as one never started.
  const session = await loadOwnSession(runtime.store, c.get('sessionRef'));
  if (!session || (serverId === undefined && hash === undefined)) return unknown;
  // The server the activity named: by its id first, else by its hash, as the middleware looks servers up.
  let found = serverId === undefined ? undefined : findServerView(session, (server) => server === serverId, runtime.deps.tools);
  if (!found?.found && hash !== undefined) found = findServerView(session, (server) => serverHash(server ?? '') === hash, runtime.deps.tools);
  if (!found?.found) return unknown;
  const caller = { sessionId: c.get('sessionId'), principal: c.get('principal'), signal: c.req.raw.signal };
  const outcome = await viewRequest(found.view, method, params, caller);
  return outcome.ok ? outcome.result : { error: outcome.message };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
