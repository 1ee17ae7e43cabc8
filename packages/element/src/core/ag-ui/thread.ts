import type { Interrupt, Message, ResumeEntry } from '@ag-ui/core';
import type { A2uiAction, A2uiMessage, InputRequest, PendingCall, ToolKind, Usage, ViewResult } from '@agent-chat/protocol';

/**
 * A call's MCP Apps view as an `mcp-apps` activity told it (the format of @ag-ui/mcp-apps-middleware): its document,
 * on the MCP server the agent knows by `serverId` or else `serverHash`, and the MCP result the view is given. The
 * view's requests name that server to the agent (proxied runs); a reload draws the view again from this.
 */
export interface McpAppActivity {
  resourceUri: string;
  serverHash: string;
  serverId?: string;
  result: ViewResult;
}

/** A tool call seen on the thread: enough to show it again (a reload: snapshot-turns.ts) and to name its result. */
export interface ThreadCall {
  name: string;
  /** Its arguments' JSON text as streamed so far. */
  args: string;
  /** The call that started the sub-agent that made this call (absent for the agent's own calls). */
  parentCallId?: string;
  /** An agent-chat server's details (TOOL_CALL_END's metadata), or a sub-agent's description. */
  kind?: ToolKind;
  label?: string;
  /** The call started a sub-agent (SUBAGENT_STARTED named it, or the server's metadata). */
  subagent?: boolean;
  /** TOOL_CALL_END came: the call is whole. */
  ended?: boolean;
  /** How it ended beyond its content: a sub-agent's error or stop, its usage (SUBAGENT_*, or the result's metadata). */
  isError?: boolean;
  stopped?: boolean;
  usage?: Usage;
  /** The call is drawn as its MCP server's view (an `mcp-apps` activity named it). */
  app?: McpAppActivity;
}

/**
 * What an AG-UI thread is on this page. An AG-UI agent keeps nothing for its client: each run is sent the whole
 * conversation (`messages`) and the state the last run left (`state`), and the run after an interrupt answers
 * every interrupt at once. The element's own server keeps all of this itself; here the transport does.
 */
export interface AgUiThread {
  messages: Message[];
  /** The ids of the agent's last MESSAGES_SNAPSHOT, in its order: the order a reload shows (snapshot-turns.ts). */
  snapshot?: string[];
  /** The agent's state from its last STATE_SNAPSHOT and STATE_DELTAs; sent back with the next run. */
  state: unknown;
  /** The tool calls seen, by id: a result or an interrupt names its call by id alone. */
  calls: Map<string, ThreadCall>;
  /**
   * The sub-agent runs seen (SUBAGENT_STARTED), by `subagentRunId`: the call each hangs on, which the element's
   * events name as `parentCallId`. AG-UI does not say a run's id is its call's (an agent-chat server's is).
   */
  runs: Map<string, string>;
  /** The interrupts the last run ended with, and the pending call the element shows for each, by that call's id. */
  interrupts: Map<string, { interrupt: Interrupt; call: PendingCall }>;
  /** Answers given to some of those interrupts so far: AG-UI resumes with all of them at once (its rule 3). */
  answers: Map<string, ResumeEntry>;
  /** Frontend tool calls a finished run left to the page (its success outcome's pendingToolCallIds). */
  clientCalls: PendingCall[];
  /**
   * What running calls asked the user (input request interrupts), by request id, with the answer once given: the
   * call goes on when a resume answers it, so these are not `interrupts`, which end their calls' runs.
   */
  inputRequests: Map<string, InputRequest>;
  /** The A2UI messages applied for each `a2ui-surface` activity, by its message id (a2ui-activity.ts). */
  a2ui: Map<string, A2uiMessage[]>;
  /** The A2UI surfaces live in the conversation, whichever activity drew them. */
  liveSurfaces: Set<string>;
  /** How many `ui` events the activities gave: each one's turn id is new. */
  a2uiTurns: number;
  /** The user's act on a surface that the next run carries (run-input.ts), until it is sent. */
  action?: A2uiAction | undefined;
}

export function newThread(): AgUiThread {
  return { messages: [], state: undefined, calls: new Map(), runs: new Map(), interrupts: new Map(), answers: new Map(), clientCalls: [], inputRequests: new Map(), a2ui: new Map(), liveSurfaces: new Set(), a2uiTurns: 0 };
}

/** The call a sub-agent run hangs on: the one SUBAGENT_STARTED named, else (a run never announced) its own id. */
export function runCall(thread: AgUiThread, subagentRunId: string | null | undefined): string | undefined {
  if (subagentRunId === undefined || subagentRunId === null) return undefined;
  return thread.runs.get(subagentRunId) ?? subagentRunId;
}

// The threads of this page, by endpoint and thread id: every element (and every load of a conversation) on one
// thread shows the same one, as the element's own server keeps a session for all of them. Not kept past the page.
const threads = new Map<string, AgUiThread>();

/** The page's thread `threadId` on the agent at `endpoint`; `fresh` starts it over (Clear). */
export function threadOf(endpoint: string, threadId: string, fresh = false): AgUiThread {
  const key = `${endpoint} ${threadId}`;
  let thread = threads.get(key);
  if (!thread || fresh) threads.set(key, (thread = newThread()));
  return thread;
}

let counter = 0;

/** An id for what the element adds to the thread (a user message, a tool result, a run). */
export function agUiId(kind: string): string {
  counter += 1;
  return `${kind}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${counter}`;
}

/** A tool's arguments as the agent streamed them (a JSON text), as a value: the text itself when it is not JSON. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
