import { EventType, type AGUIEvent, type SubagentFinishedOutcome } from '@ag-ui/core';
import type { ToolCallEvent, ToolResultEvent, Turn } from '@agent-chat/protocol';
import { closeLane, newLane, type Lane } from './lanes.js';

/** Our own details on an AG-UI event or message, under one key (AG-UI reserves only `ag-ui`). */
export const META_KEY = 'agent-chat';

/** A call that started a sub-agent, as the session stored it: for a branch announced again on a later run. */
export interface SubagentCall {
  name: string;
  label?: string;
  parentCallId?: string;
}

interface OpenBranch {
  lane: Lane;
  parentCallId: string | undefined;
  /** The sub-agent's own `error` event: the words of its SUBAGENT_ERROR. */
  error?: { message: string; code?: string };
}

/**
 * Our sub-agent branches as AG-UI sub-agent runs. A call with `subagent: true` is announced with SUBAGENT_STARTED,
 * right after the parent's TOOL_CALL_END, so the call is whole when a client ties the run to it. The run's id
 * (`subagentRunId`) is the call's id: one per invocation, as AG-UI asks, and the same id our own events name as
 * `parentCallId`. The branch's events are attributed to it; a nested call's SUBAGENT_STARTED names the branch
 * above as `parentSubagentRunId`. The call's result ends the branch: SUBAGENT_ERROR when it failed, else
 * SUBAGENT_FINISHED, then the parent's TOOL_CALL_RESULT.
 */
export function subagentBranches(known: (toolCallId: string) => SubagentCall | undefined) {
  const open = new Map<string, OpenBranch>();
  // Branches ended in this run: AG-UI accepts events attributed to a finished sub-agent, but not a second start.
  const ended = new Map<string, Lane>();

  function announce(out: AGUIEvent[], id: string, call: SubagentCall, parentMessageId: string | undefined): Lane {
    const lane = newLane(id);
    open.set(id, { lane, parentCallId: call.parentCallId });
    out.push({
      type: EventType.SUBAGENT_STARTED,
      subagentRunId: id,
      name: call.name,
      ...(call.label ? { description: call.label } : {}),
      ...(call.parentCallId ? { parentSubagentRunId: call.parentCallId } : {}),
      parentToolCallId: id,
      ...(parentMessageId ? { parentMessageId } : {}),
    });
    return lane;
  }

  /**
   * Close a branch's open streams and end it; first the branches it started that are still open (their own results
   * end them before the branch's, so this is a run cut short), which end as `end` says too.
   */
  function close(out: AGUIEvent[], id: string, end: (id: string, branch: OpenBranch) => AGUIEvent): void {
    for (const [child, branch] of open) if (branch.parentCallId === id) close(out, child, end);
    const branch = open.get(id);
    if (!branch) return;
    closeLane(branch.lane, out);
    out.push(end(id, branch));
    open.delete(id);
    ended.set(id, branch.lane);
  }

  return {
    /**
     * The lane of an event's agent. A branch this stream has not announced began in an earlier run (one that
     * stopped for the user and is now resumed): it is announced again under the same id, which AG-UI has clients
     * read as its continuation, the branches above it first.
     */
    lane(out: AGUIEvent[], main: Lane, parentCallId: string | undefined): Lane {
      if (parentCallId === undefined) return main;
      const lane = open.get(parentCallId)?.lane ?? ended.get(parentCallId);
      if (lane) return lane;
      const call = known(parentCallId) ?? { name: 'subagent' };
      this.lane(out, main, call.parentCallId);
      return announce(out, parentCallId, call, undefined);
    },

    /** A call that starts a sub-agent, now whole: its run begins. */
    start(out: AGUIEvent[], call: ToolCallEvent, parentMessageId: string | undefined): void {
      if (open.has(call.toolCallId) || ended.has(call.toolCallId)) return;
      announce(out, call.toolCallId, { name: call.name, label: call.label, ...(call.parentCallId ? { parentCallId: call.parentCallId } : {}) }, parentMessageId);
    },

    /** A sub-agent's own `error` event: kept for its SUBAGENT_ERROR, since the run itself goes on. */
    failed(parentCallId: string, error: { message: string; code?: string }): void {
      const branch = open.get(parentCallId);
      if (branch) branch.error = error;
    },

    /**
     * A call's result. For a sub-agent's call it ends the branch: failed (`isError`) is SUBAGENT_ERROR; done, or
     * stopped with what it had found, is SUBAGENT_FINISHED with that result. AG-UI's sub-agent outcomes are only
     * `success` and `suspended`; a stop is neither a failure nor a wait, and the agent above reads the result and
     * goes on, so it is a success whose metadata says `stopped` (as RUN_FINISHED's result says a run was stopped).
     */
    end(out: AGUIEvent[], result: ToolResultEvent, content: string): void {
      if (!open.has(result.toolCallId)) return;
      const details = { ...(result.usage ? { usage: result.usage } : {}), ...(result.stopped ? { stopped: true } : {}) };
      const metadata = Object.keys(details).length > 0 ? { metadata: { [META_KEY]: details } } : {};
      close(out, result.toolCallId, (id, branch) => {
        if (id !== result.toolCallId) return stopped(id);
        return result.isError
          ? { type: EventType.SUBAGENT_ERROR, subagentRunId: id, message: branch.error?.message ?? content, code: branch.error?.code ?? 'subagent_failed', ...metadata }
          : { type: EventType.SUBAGENT_FINISHED, subagentRunId: id, outcome: { type: 'success' }, result: result.output ?? null, ...metadata };
      });
    },

    /**
     * The run ends with branches still open (AG-UI: every started sub-agent is closed before RUN_FINISHED). One the
     * run stopped for is `suspended`, naming the interrupts it raised itself; one a Stop cut short is a stopped one.
     */
    endAll(out: AGUIEvent[], outcome: (subagentRunId: string) => SubagentFinishedOutcome | undefined): void {
      for (const [id, branch] of open) {
        if (branch.parentCallId !== undefined && open.has(branch.parentCallId)) continue;
        close(out, id, (closing) => {
          const suspended = outcome(closing);
          return suspended ? { type: EventType.SUBAGENT_FINISHED, subagentRunId: closing, outcome: suspended } : stopped(closing);
        });
      }
    },

    /** Every open lane, for closing their streams before the run ends. */
    lanes(): Lane[] {
      return [...open.values()].map((branch) => branch.lane);
    },
  };
}

/** A branch the run ended before its call's result: it stopped with the run. */
function stopped(subagentRunId: string): AGUIEvent {
  return { type: EventType.SUBAGENT_FINISHED, subagentRunId, outcome: { type: 'success' }, metadata: { [META_KEY]: { stopped: true } } };
}

/** The sub-agent calls a session holds, by id: how a branch begun in an earlier run is named when it goes on. */
export function storedSubagentCalls(turns: readonly Turn[], subagentTurns: readonly Turn[] | undefined): (toolCallId: string) => SubagentCall | undefined {
  let calls: Map<string, SubagentCall> | undefined;
  return (toolCallId) => {
    calls ??= new Map(
      [...turns, ...(subagentTurns ?? [])].flatMap((turn) =>
        turn.type === 'tool_call' && turn.subagent
          ? [[turn.toolCallId, { name: turn.name, ...(turn.label ? { label: turn.label } : {}), ...(turn.parentCallId ? { parentCallId: turn.parentCallId } : {}) }] as const]
          : [],
      ),
    );
    return calls.get(toolCallId);
  };
}
