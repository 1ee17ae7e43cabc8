import { describeIssues, viewReadResourceSchema, viewToolCallSchema } from '@agent-chat/protocol';
import type { z } from 'zod';
import type { ToolView, ViewCaller, ViewOutcome } from '../tools/tool-view.js';

/**
 * The MCP requests a view may send through its host, as @ag-ui/mcp-apps-middleware lets them through: its
 * `tools/call` and `resources/read` (to its own server), `ping`, and its log (`notifications/message`).
 */
export const VIEW_METHODS = ['tools/call', 'resources/read', 'ping', 'notifications/message'] as const;

/**
 * One request of a view, whichever way it came (the view routes, or an AG-UI run's `__proxiedMCPRequest`): its
 * params checked, then sent to the view's own server through the view, which refuses what the view may not call.
 * `ping` and the view's log are answered here: the host is what the view reaches, and a view's log is not its
 * server's business (it is taken and dropped).
 */
export async function viewRequest(view: ToolView, method: string, params: unknown, caller: ViewCaller): Promise<ViewOutcome> {
  switch (method) {
    case 'tools/call': {
      const parsed = checked(viewToolCallSchema, params);
      if (!parsed.ok) return parsed;
      return view.callTool(parsed.value.name, parsed.value.arguments ?? {}, caller);
    }
    case 'resources/read': {
      const parsed = checked(viewReadResourceSchema, params);
      if (!parsed.ok) return parsed;
      return view.readResource(parsed.value.uri, caller);
    }
    case 'ping':
    case 'notifications/message':
      return { ok: true, result: {} };
    default:
      return { ok: false, status: 400, field: 'method', message: `method: a view may send ${VIEW_METHODS.join(', ')}, not "${method}"` };
  }
}

function checked<S extends z.ZodType>(schema: S, params: unknown): { ok: true; value: z.infer<S> } | Extract<ViewOutcome, { ok: false }> {
  const parsed = schema.safeParse(params ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = describeIssues(parsed.error)[0]!;
  return { ok: false, status: 400, field: issue.field, message: issue.message };
}
