import type { ToolCallTurn, Turn } from '@agent-chat/protocol';
import type { Tool, ToolRegistry } from '../tools/define-tool.js';
import type { ToolView } from '../tools/tool-view.js';
import type { SessionRecord } from '../session/session-record.js';

/** A call of the session drawn as a view, and the view its tool has now. */
export type FoundView =
  | { found: true; view: ToolView }
  | { found: false; field: 'toolCallId' | 'serverId' | 'tool'; message: string };

/**
 * The view of a call of this session (the agent's or a sub-agent's): the call must be stored with a `view`, and its
 * tool must still be offered with that same view (a server that dropped the tool or its view has no view to show).
 */
export function findView(session: SessionRecord, toolCallId: string, tools: ToolRegistry): FoundView {
  const call = findCall(session.turns, toolCallId) ?? findCall(session.subagentTurns ?? [], toolCallId);
  if (!call) return { found: false, field: 'toolCallId', message: `No tool call "${toolCallId}" in this session.` };
  if (!call.view) return { found: false, field: 'toolCallId', message: `The tool call "${toolCallId}" has no view.` };
  const view = findTool(tools, call.name)?.view;
  if (!view || view.resourceUri !== call.view.resourceUri) {
    return { found: false, field: 'toolCallId', message: `The view of the tool call "${toolCallId}" is no longer offered by its server.` };
  }
  return { found: true, view };
}

/**
 * The view of a call whose input may still stream (`view` on its tool_input_delta), named with its tool (`?tool=` on
 * GET view): not stored yet, it will have its tool's view, so a client draws it while the model writes the input.
 * Only its document is given so (the view's own requests wait for the call to be stored, as findView has them);
 * a call that is stored is findView's, whatever tool is named.
 */
export function findStreamingView(session: SessionRecord, toolCallId: string, tool: string, tools: ToolRegistry): FoundView {
  if (findCall(session.turns, toolCallId) ?? findCall(session.subagentTurns ?? [], toolCallId)) return findView(session, toolCallId, tools);
  const view = findTool(tools, tool)?.view;
  if (!view) return { found: false, field: 'tool', message: `No tool "${tool}" with a view.` };
  return { found: true, view };
}

/**
 * The view of a server a call of this session was drawn with, for a request that names the server and not the call
 * (an AG-UI client's `__proxiedMCPRequest`, as @ag-ui/mcp-apps-middleware's activities name it): the latest such call
 * whose view findView still finds. A server with no view in the session has none, whoever it is.
 */
export function findServerView(session: SessionRecord, isServer: (server: string | undefined) => boolean, tools: ToolRegistry): FoundView {
  const calls = [...session.turns, ...(session.subagentTurns ?? [])]
    .filter((turn): turn is ToolCallTurn => turn.type === 'tool_call' && turn.view !== undefined && isServer(turn.view.server))
    .sort((a, b) => b.createdAt - a.createdAt);
  for (const call of calls) {
    const found = findView(session, call.toolCallId, tools);
    if (found.found) return found;
  }
  return { found: false, field: 'serverId', message: 'No call of this thread was drawn with a view of that server.' };
}

function findCall(turns: readonly Turn[], toolCallId: string) {
  const turn = turns.find((candidate) => candidate.type === 'tool_call' && candidate.toolCallId === toolCallId);
  return turn?.type === 'tool_call' ? turn : undefined;
}

/** The tool of that name in the agent's tools or, nearest first, a sub-agent's. */
function findTool(registry: ToolRegistry, name: string): Tool | undefined {
  const seen = new Set<ToolRegistry>();
  for (let level = [registry]; level.length > 0; ) {
    const next: ToolRegistry[] = [];
    for (const agent of level) {
      if (seen.has(agent)) continue;
      seen.add(agent);
      const tool = agent.get(name);
      if (tool) return tool;
      for (const descriptor of agent.descriptors()) {
        const below = agent.get(descriptor.name)?.subagent?.tools;
        if (below) next.push(below);
      }
    }
    level = next;
  }
  return undefined;
}
