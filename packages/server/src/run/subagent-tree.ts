import type { PendingCall, ToolCallTurn } from '@agent-chat/protocol';
import type { SessionRecord } from '../session/session-record.js';
import type { SubagentSpec } from '../tools/define-tool.js';
import type { Tool } from '../tools/define-tool.js';
import type { ToolRegistry } from '../tools/define-tool.js';

/**
 * Where each call of a session sits in its tree of agents: the branch it was made in (the call that started that
 * sub-agent; none for the main agent's), and the tools of that branch's agent, found by walking down from the main
 * agent's tools through each sub-agent's.
 */
export interface SubagentTree {
  call(toolCallId: string): ToolCallTurn | undefined;
  /** The branch a call was made in; undefined for the main agent's calls. */
  branchOf(toolCallId: string): string | undefined;
  /** How many branches a call is below the main agent. */
  depth(toolCallId: string): number;
  /** The sub-agent a call started, as its agent's tools define it. */
  specOf(toolCallId: string): SubagentSpec | undefined;
  /** The tool a pending call names, in the tools of the agent that made it. */
  toolOf(call: Pick<PendingCall, 'name' | 'parentCallId'>): Tool | undefined;
}

export function subagentTree(session: SessionRecord, tools: ToolRegistry): SubagentTree {
  const calls = new Map<string, ToolCallTurn>();
  for (const turn of [...session.turns, ...(session.subagentTurns ?? [])]) if (turn.type === 'tool_call') calls.set(turn.toolCallId, turn);
  const branchOf = (toolCallId: string) => calls.get(toolCallId)?.parentCallId;
  const registryOf = (branch: string | undefined, seen = 0): ToolRegistry | undefined => {
    if (branch === undefined) return tools;
    const call = calls.get(branch);
    // A history that loops (it cannot, as written here) must not hang the server.
    if (!call || seen > calls.size) return undefined;
    return registryOf(call.parentCallId, seen + 1)?.get(call.name)?.subagent?.tools;
  };
  return {
    call: (toolCallId) => calls.get(toolCallId),
    branchOf,
    depth(toolCallId) {
      let depth = 0;
      for (let branch = branchOf(toolCallId); branch !== undefined && depth <= calls.size; branch = branchOf(branch)) depth++;
      return depth;
    },
    specOf(toolCallId) {
      const call = calls.get(toolCallId);
      return call ? registryOf(call.parentCallId)?.get(call.name)?.subagent : undefined;
    },
    toolOf: (call) => registryOf(call.parentCallId)?.get(call.name),
  };
}

/** The branches that hold `pending` calls, and every branch above them (each waits for the one below), deepest first. */
export function waitingBranches(tree: SubagentTree, pending: readonly PendingCall[]): string[] {
  const branches = new Set<string>();
  for (const call of pending) for (let branch = call.parentCallId; branch !== undefined && !branches.has(branch); branch = tree.branchOf(branch)) branches.add(branch);
  return [...branches].sort((a, b) => tree.depth(b) - tree.depth(a));
}
