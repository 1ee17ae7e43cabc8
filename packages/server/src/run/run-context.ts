import type { Context, StreamEvent, Turn, Usage } from '@agent-chat/protocol';
import type { CompressionPolicy } from '../context/compress-history.js';
import type { Model } from '../model/model.js';
import type { SessionRecord } from '../session/session-record.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import type { StateAdapter } from '../state-adapter.js';
import type { ToolImageKeeping } from './keep-tool-content.js';
import { newId } from './ids.js';

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
}

/** One run: a stream of events over one session, which it mutates and commits as it goes. */
export interface RunContext {
  deps: RunDeps;
  session: SessionRecord;
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
  usage: Usage;
}

type TurnBody = Turn extends infer T ? (T extends Turn ? Omit<T, 'id' | 'createdAt'> : never) : never;

/** Append a turn to the session with a fresh id and time; returns it so deltas can grow it in place. */
export function appendTurn<T extends TurnBody>(session: SessionRecord, body: T, id = newId('t')): T & { id: string; createdAt: number } {
  const turn = { ...body, id, createdAt: Date.now() };
  session.turns.push(turn as Turn);
  return turn;
}
