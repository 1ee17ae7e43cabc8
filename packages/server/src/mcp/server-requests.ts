import { ProtocolError, RELATED_TASK_META_KEY, type Client, type ClientCapabilities } from '@modelcontextprotocol/client';
import type { CallsInFlight, McpCaller } from './calls-in-flight.js';
import { answerElicitation } from './elicitation.js';
import { answerSampling, USER_REJECTED, type McpSamplingOptions } from './sampling.js';
import { APPS_EXTENSION, VIEW_MIME_TYPE } from './apps/view-meta.js';

/** What the client tells a server it can do: elicitation always, MCP Apps unless turned off; sampling only when the host said how. */
export function clientCapabilities(sampling: McpSamplingOptions | undefined, views = true): ClientCapabilities {
  return {
    elicitation: { form: {}, url: {} },
    ...(sampling ? { sampling: {} } : {}),
    // MCP Apps: the client draws the views servers declare for their tools (unless mcpTools' `views: false`).
    ...(views ? { extensions: { [APPS_EXTENSION]: { mimeTypes: [VIEW_MIME_TYPE] } } } : {}),
  };
}

export interface ServerRequestsOptions {
  calls: CallsInFlight;
  sampling: McpSamplingOptions | undefined;
  /** How the server is named in warnings: its URL or command line. */
  where: string;
}

/**
 * Answer what a server asks of this client while a tool call runs: `elicitation/create` (form or URL) and, when
 * declared, `sampling/createMessage`. Each goes to the user whose call it is (calls-in-flight.ts says which); one
 * that cannot be given to a call is declined, never shown to someone who may not be the one it is for.
 */
export function serveServerRequests(client: Client, options: ServerRequestsOptions): void {
  const { calls, sampling, where } = options;
  const serverName = (): string => {
    const info = client.getServerVersion();
    return info?.title ?? info?.name ?? where;
  };
  const callerFor = (what: string, meta: Record<string, unknown> | undefined): McpCaller | undefined => {
    const related = meta?.[RELATED_TASK_META_KEY] as { taskId?: unknown } | undefined;
    const found = calls.attribute(typeof related?.taskId === 'string' ? related.taskId : undefined);
    if ('call' in found) return found.call.caller;
    if (found.none === 'ambiguous') {
      console.warn(
        `[agent-chat] the MCP server ${where} sent ${what} while calls of more than one session were under way, with nothing to say which one it is for: it was declined. Give each user a connection of their own (one mcpTools per user) for a server that asks.`,
      );
    }
    return undefined;
  };

  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    const caller = callerFor('an elicitation request', request.params._meta);
    if (!caller) return { action: 'decline' };
    return answerElicitation(request.params, caller, serverName(), ctx.mcpReq.signal);
  });

  if (!sampling) return;
  client.setRequestHandler('sampling/createMessage', async (request, ctx) => {
    const caller = callerFor('a sampling request', request.params._meta);
    if (!caller) throw new ProtocolError(USER_REJECTED, 'Sampling request declined: no tool call of this client can be asked about it');
    return answerSampling(request.params, caller, sampling, serverName(), ctx.mcpReq.signal);
  });
}
