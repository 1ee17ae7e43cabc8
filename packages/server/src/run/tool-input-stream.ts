import type { ToolInputDeltaEvent, ToolView } from '@agent-chat/protocol';
import { newId } from './ids.js';

/** A call's input is sent on when this much time has passed since its last piece went out... */
const EVERY_MS = 50;
/** ...or this much text is held: a long input is a few events, not one per token. */
const EVERY_CHARS = 256;

interface StreamingCall {
  turnId: string;
  name: string;
  /** Its tool's view, said with every piece: a client that missed the first still draws it. */
  view: ToolView | undefined;
  held: string;
  sentAt: number;
}

/**
 * The tool inputs of one model step as they stream (`tool_input_delta`), throttled. Each call gets its turn id at
 * its first piece, so the `tool_call` that completes it lands on the turn its pieces built in the client. Nothing
 * here is stored: the history only ever gets the whole call.
 */
export class ToolInputStream {
  readonly #calls = new Map<string, StreamingCall>();
  readonly #emit: (event: ToolInputDeltaEvent) => void;
  readonly #viewOf: ((name: string) => ToolView | undefined) | undefined;

  /** `viewOf` names the view of a tool that has one (MCP Apps), so a client draws it while the input comes. */
  constructor(emit: (event: ToolInputDeltaEvent) => void, viewOf?: (name: string) => ToolView | undefined) {
    this.#emit = emit;
    this.#viewOf = viewOf;
  }

  /**
   * A piece of a call's input: sent now (the first piece always is, so the call shows at once), or held.
   */
  add(toolCallId: string, name: string, delta: string, now = performance.now()): void {
    let call = this.#calls.get(toolCallId);
    if (!call) {
      call = { turnId: newId('t'), name, view: undefined, held: '', sentAt: -Infinity };
      this.#calls.set(toolCallId, call);
    }
    if (name && (name !== call.name || !call.view)) call.view = this.#viewOf?.(name);
    if (name) call.name = name;
    call.held += delta;
    if (call.held.length >= EVERY_CHARS || now - call.sentAt >= EVERY_MS) this.#send(toolCallId, call, now);
  }

  /**
   * The call is complete: what is held goes out first (so a call's pieces, joined, are its whole input text), and
   * the turn id its pieces used is returned for its `tool_call`; undefined for a call that came whole.
   */
  finish(toolCallId: string): string | undefined {
    const call = this.#calls.get(toolCallId);
    if (!call) return undefined;
    this.#calls.delete(toolCallId);
    if (call.held) this.#send(toolCallId, call, performance.now());
    return call.turnId;
  }

  #send(toolCallId: string, call: StreamingCall, now: number): void {
    if (!call.held) return;
    this.#emit({ type: 'tool_input_delta', turnId: call.turnId, toolCallId, name: call.name, delta: call.held, ...(call.view ? { view: call.view } : {}) });
    call.held = '';
    call.sentAt = now;
  }
}
