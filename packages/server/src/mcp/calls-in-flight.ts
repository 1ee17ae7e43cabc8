import type { ToolContext } from '../tools/define-tool.js';

/** What a request of the server needs of the tool call it is for: whose it is, a way to ask them, a meter. */
export type McpCaller = Pick<ToolContext, 'sessionId' | 'principal' | 'signal' | 'requestInput' | 'countUsage'>;

/** One `tools/call` under way on a connection, with the caller that made it. */
export interface CallInFlight {
  readonly caller: McpCaller;
  /** The tasks the server runs this call as: a request that names one of them is this call's. */
  readonly taskIds: Set<string>;
}

/** The call a server's request belongs to, or why there is none to give it to. */
export type Attribution = { call: CallInFlight } | { none: 'idle' | 'ambiguous' };

/**
 * The tool calls under way on one MCP connection, oldest first. The connection is shared by every session of the
 * app, and over stdio the spec gives a server's `elicitation/create` or `sampling/createMessage` no link to the call
 * that caused it: only a task's requests name it (`io.modelcontextprotocol/related-task`). So a request is given to
 * a call only when that cannot be wrong: the task it names, or the oldest call when every call under way is one
 * session's. Calls of two sessions at once and no link, or a task that no call under way runs: nobody is asked,
 * since a user must never see someone else's question.
 */
export interface CallsInFlight {
  /** Note a call; the returned function forgets it once its answer came (or it failed). */
  enter(caller: McpCaller): { call: CallInFlight; leave(): void };
  /** The call a server's request is for, from the task its `_meta` names, else from who is calling now. */
  attribute(taskId: string | undefined): Attribution;
}

export function callsInFlight(): CallsInFlight {
  const calls: CallInFlight[] = [];
  return {
    enter(caller) {
      const call: CallInFlight = { caller, taskIds: new Set() };
      calls.push(call);
      return {
        call,
        leave: () => {
          const at = calls.indexOf(call);
          if (at >= 0) calls.splice(at, 1);
        },
      };
    },
    attribute(taskId) {
      if (taskId !== undefined) {
        // A request that names a task is that task's call's, or nobody's: its call has ended (Stop, the timeout) while
        // the task runs on at the server, and another session's call under way now must never be shown it.
        const named = calls.find((call) => call.taskIds.has(taskId));
        return named ? { call: named } : { none: 'idle' };
      }
      const oldest = calls[0];
      if (!oldest) return { none: 'idle' };
      const whose = sessionOf(oldest.caller);
      return calls.every((call) => sessionOf(call.caller) === whose) ? { call: oldest } : { none: 'ambiguous' };
    },
  };
}

/** A session is its owner and its id together: two principals may use the same id. */
function sessionOf(caller: McpCaller): string {
  return JSON.stringify([caller.principal, caller.sessionId]);
}
