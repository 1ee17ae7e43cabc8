import type { Interrupt, Message, ResumeEntry } from '@ag-ui/core';
import type { PendingCall } from '@agent-chat/protocol';

/**
 * What an AG-UI thread is on this page. An AG-UI agent keeps nothing for its client: each run is sent the whole
 * conversation (`messages`) and the state the last run left (`state`), and the run after an interrupt answers
 * every interrupt at once. The element's own server keeps all of this itself; here the transport does.
 */
export interface AgUiThread {
  messages: Message[];
  /** The agent's state from its last STATE_SNAPSHOT and STATE_DELTAs; sent back with the next run. */
  state: unknown;
  /** The tool calls seen, by id: a result or an interrupt names its call by id alone. */
  calls: Map<string, { name: string; args: string }>;
  /** The interrupts the last run ended with, and the pending call the element shows for each, by that call's id. */
  interrupts: Map<string, { interrupt: Interrupt; call: PendingCall }>;
  /** Answers given to some of those interrupts so far: AG-UI resumes with all of them at once (its rule 3). */
  answers: Map<string, ResumeEntry>;
  /** Frontend tool calls a finished run left to the page (its success outcome's pendingToolCallIds). */
  clientCalls: PendingCall[];
}

export function newThread(): AgUiThread {
  return { messages: [], state: undefined, calls: new Map(), interrupts: new Map(), answers: new Map(), clientCalls: [] };
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
