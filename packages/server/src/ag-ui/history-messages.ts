import type { Message } from '@ag-ui/core';
import { a2uiSurfaceId, type ToolCallTurn, type Turn } from '@agent-chat/protocol';
import { storedSurfaceOperations, type SurfaceOperations } from './a2ui-activity.js';
import { actionMessages } from './a2ui-action.js';
import { activityId, MCP_APPS_ACTIVITY, mcpAppContent } from './mcp-apps.js';

/**
 * A session's history as AG-UI messages, for MESSAGES_SNAPSHOT. Ids are our turn ids, so a client that sends the
 * snapshot back in its next RunAgentInput names messages the session already holds.
 *
 * One assistant message gathers a text turn and the tool calls that directly follow it (AG-UI hangs tool calls on
 * an assistant message); a call with no text before it opens its own message, named by its call id. The stream
 * mapper (map-events.ts) groups live events by the same rule, so the snapshot replaces what the client built
 * without moving anything. Status and error turns are our own notices and have no AG-UI message.
 *
 * The sub-agents' turns (`subagentTurns`) are messages too: AG-UI's snapshot is every message the producer owns,
 * each attributed by its `subagentRunId` (the call's id, as on the stream), and a client drops a message the
 * snapshot leaves out. A branch's messages follow the results of the step that called it, never between a call and
 * its result, so each agent's conversation stays one a model could read.
 *
 * A call drawn as a view (MCP Apps) has its `mcp-apps` activity message after its result, as the stream sent it
 * (map-events.ts): a client that reloads draws the view again from the snapshot.
 *
 * Each A2UI surface is one `a2ui-surface` activity message where it was first drawn, holding every message it was
 * sent, from every run (a2ui-activity.ts): a client that reloads draws the surfaces as they were last. A user's act
 * on a surface is the middleware's pair, a `log_a2ui_event` call and its result (a2ui-action.ts).
 */
export function historyMessages(turns: readonly Turn[], subagentTurns: readonly Turn[] = []): Message[] {
  const branches = new Map<string, Turn[]>();
  for (const turn of subagentTurns) {
    const id = turn.parentCallId ?? '';
    const branch = branches.get(id);
    if (branch) branch.push(turn);
    else branches.set(id, [turn]);
  }
  const surfaces = storedSurfaceOperations(turns);
  const messages = agentMessages(turns, undefined, branches, surfaces);
  // A branch whose call has no result yet (its run stopped for the user) is still the producer's.
  for (const [id, branch] of branches) if (id) messages.push(...agentMessages(branch, id, branches, surfaces));
  return messages;
}

/** One agent's turns as messages; each branch it started follows the results of its step, then is used up. */
function agentMessages(turns: readonly Turn[], subagentRunId: string | undefined, branches: Map<string, Turn[]>, surfaces: SurfaceOperations): Message[] {
  const tag = subagentRunId === undefined ? {} : { subagentRunId };
  const messages: Message[] = [];
  let open: Extract<Message, { role: 'assistant' }> | undefined;
  let answered: string[] = [];
  const viewCalls = new Map<string, ToolCallTurn>();
  // The surfaces' activities are placed at their first change; later changes are already in their content.
  const placed = new Set<string>();
  const flush = () => {
    for (const id of answered) {
      const branch = branches.get(id);
      branches.delete(id);
      if (branch) messages.push(...agentMessages(branch, id, branches, surfaces));
    }
    answered = [];
  };
  for (const turn of turns) {
    if (turn.type !== 'tool_result') flush();
    switch (turn.type) {
      case 'user':
        open = undefined;
        if (turn.action) {
          messages.push(...actionMessages(turn.id, turn.action, tag));
          break;
        }
        messages.push({ id: turn.id, role: 'user', content: turn.text, ...tag });
        break;
      case 'assistant_text':
        open = { id: turn.id, role: 'assistant', content: turn.text, ...tag };
        messages.push(open);
        break;
      case 'tool_call': {
        const call = { id: turn.toolCallId, type: 'function' as const, function: { name: turn.name, arguments: argumentsOf(turn.input) } };
        if (!open) {
          open = { id: turn.toolCallId, role: 'assistant', ...tag };
          messages.push(open);
        }
        open.toolCalls = [...(open.toolCalls ?? []), call];
        if (turn.view) viewCalls.set(turn.toolCallId, turn);
        break;
      }
      case 'tool_result':
        open = undefined;
        answered.push(turn.toolCallId);
        messages.push({
          id: turn.id,
          role: 'tool',
          toolCallId: turn.toolCallId,
          content: resultContent(turn.output),
          ...(turn.isError ? { error: resultContent(turn.output) } : {}),
          ...tag,
        });
        pushActivity(messages, viewCalls.get(turn.toolCallId), turn, tag);
        break;
      case 'thinking':
        open = undefined;
        // Redacted thinking has no words to show; it stays in our history for the provider, not in the client's.
        if (turn.text) messages.push({ id: turn.id, role: 'reasoning', content: turn.text, ...tag });
        break;
      case 'ui':
        open = undefined;
        for (const message of turn.messages) {
          const surfaceId = a2uiSurfaceId(message);
          if (placed.has(surfaceId)) continue;
          placed.add(surfaceId);
          messages.push(surfaces.message(surfaceId, tag));
        }
        break;
      default:
        open = undefined;
    }
  }
  flush();
  return messages;
}

/** The activity of a call drawn as a view, after its result (none when the run was stopped in the call). */
function pushActivity(messages: Message[], call: ToolCallTurn | undefined, result: Extract<Turn, { type: 'tool_result' }>, tag: { subagentRunId?: string }): void {
  if (!call?.view || result.stopped) return;
  const content = mcpAppContent(
    { toolCallId: call.toolCallId, input: call.input, view: call.view },
    { text: resultContent(result.output), isError: result.isError, ...(result.viewResult ? { viewResult: result.viewResult } : {}) },
  );
  messages.push({ id: activityId(call.toolCallId), role: 'activity', activityType: MCP_APPS_ACTIVITY, content, ...tag });
}

/** A call's input as AG-UI carries it: the JSON text of the arguments. */
export function argumentsOf(input: unknown): string {
  return JSON.stringify(input ?? {});
}

/** A tool's output as a tool message's content: text as it is, anything else as JSON. */
export function resultContent(output: unknown): string {
  return typeof output === 'string' ? output : JSON.stringify(output ?? null);
}
