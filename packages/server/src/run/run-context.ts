import type { Context, InputAnswer, PendingCall, StreamEvent, Usage } from '@agent-chat/protocol';
import type { CompressionPolicy } from '../context/compress-history.js';
import type { Model } from '../model/model.js';
import type { SessionRecord } from '../session/session-record.js';
import type { InputRequestSpec, ToolRegistry } from '../tools/define-tool.js';
import type { StateAdapter } from '../state-adapter.js';
import type { ToolImageKeeping } from './keep-tool-content.js';
import type { Prices } from './usage.js';
import type { RunBranches } from './run-branches.js';
import type { RunTurns } from './run-turns.js';

/** What a run needs from the agent's configuration. The loop knows no HTTP and no provider. */
export interface RunDeps {
  model: Model;
  tools: ToolRegistry;
  maxSteps: number;
  /** A model call that yields nothing for this long is abandoned with a `model_timeout` error. */
  modelIdleTimeoutMs: number;
  /** Tool results longer than this (characters of JSON) are cut before the model reads them. */
  toolResultChars: number;
  /** Where the images of tools' results are kept (keep-tool-content.ts). Default: inline, up to DEFAULT_LIMITS.toolImageBytes. */
  toolImages?: ToolImageKeeping;
  state: StateAdapter | undefined;
  compression: CompressionPolicy;
  /** The system prompt for this call, from the host's system text and the turn's context. */
  systemPrompt(session: SessionRecord, context: Context | undefined): Promise<string>;
  /** Sub-agent calls of one step run at most this many at once. */
  subagentConcurrency: number;
  /** What each model's tokens cost, for the usage's `cost`. */
  prices: Prices | undefined;
  /** How long an input request (ctx.requestInput) that names no wait of its own waits for the user. */
  inputRequestTimeoutMs?: number;
  /** Calls of a tool with a view name it (`view` on the tool_call): the app draws views (its `apps` option). */
  drawViews?: boolean;
  /** The largest view result kept with a call's result (limits.viewResultBytes). */
  viewResultBytes?: number;
}

/**
 * The input requests of one run, its sub-agents' included (run/input-requests.ts): each asked by a running tool call
 * and waiting for the one answer the run coordinator lets through, the user's from any instance or the run's own.
 */
export interface RunInputs {
  /** Ask for `toolCallId` of `run` (the run or one of its sub-agents) and wait for the answer; `label`: the call's. */
  ask(run: RunContext, toolCallId: string, label: string, spec: InputRequestSpec): Promise<InputAnswer>;
  /** The run ends: answer what is still open `ended`, each kept and announced, and stop listening. */
  end(): Promise<void>;
}

/**
 * One run: a stream of events over one session, which it mutates and commits as it goes. A sub-agent's run is a
 * RunContext too, over the same session, with a conversation (`turns`), a signal and usage of its own.
 */
export interface RunContext {
  deps: RunDeps;
  session: SessionRecord;
  /** The conversation this loop's model has: the session's turns, or a sub-agent's own. */
  turns: RunTurns;
  /** The sub-agents running in this run, by the call that started each: where Stop of one branch finds it. */
  branches: RunBranches;
  /** In a sub-agent's run: the call that started it. Undefined for the main agent. */
  parentCallId?: string;
  context: Context | undefined;
  signal: AbortSignal;
  emit(event: StreamEvent): void;
  /** Persist the session as it is now; awaited after each step so a crash loses no committed turn. */
  commit(): Promise<void>;
  /**
   * Awaited between events: lets the rest of the server in, and waits for a log that has fallen behind. Undefined
   * when there is nothing to wait for (most events): no promise is made for them.
   */
  pace(): Promise<void> | undefined;
  /**
   * The loop stops for these calls (the user's confirmation, the page's client tools). The run keeps them in the
   * session and says `awaiting_input`; a sub-agent hands them to its caller, and the whole run waits.
   */
  awaitInput(calls: PendingCall[]): Promise<void>;
  /** What the run's tool calls ask the user while they run; one for the run and its sub-agents. */
  inputs: RunInputs;
  usage: Usage;
}
