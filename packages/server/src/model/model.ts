import type { Context, Turn, Usage } from '@agent-chat/protocol';

/** A tool as a model sees it: a name, what it does, and its input as JSON Schema. */
export interface ModelToolSpec {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface ModelRequest {
  /** The host's system text with the page context in tagged sections: all a provider needs of the context. */
  system: string;
  /** The whole conversation as flat turns; each provider converts it to its own message format. */
  turns: readonly Turn[];
  /**
   * The page context of this turn as the page sent it (already rendered into `system`), for a model that reacts to
   * the page without parsing a prompt: a scripted demo.
   */
  context?: Context | undefined;
  tools: readonly ModelToolSpec[];
  /**
   * The most tokens this response may have, when it must be fewer than the model's own setting (an MCP server's
   * sampling request, capped by the host): a provider sends the smaller of the two.
   */
  maxTokens?: number | undefined;
  /** Aborted when the user stops the run; a model should stop streaming and return promptly. */
  signal: AbortSignal;
  /**
   * The bytes of an upload a user turn names (`attachments: [{ uploadId }]`), read when the provider's request is
   * built: turns keep only the reference. Set by the server when it takes uploads; undefined when the file is gone.
   */
  readUpload?: ((uploadId: string) => Promise<UploadBytes | undefined>) | undefined;
}

/** An upload as a model adapter reads it. */
export interface UploadBytes {
  name: string;
  mediaType: string;
  bytes: Uint8Array;
}

/**
 * Why a model's response ended, in Anthropic's terms (the adapters of other providers map theirs onto these).
 * `other` carries what the provider said, so an unexpected reason is reported, not swallowed.
 */
export type ModelStopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'pause_turn'
  | 'refusal'
  | 'context_window_exceeded'
  | 'other';

export type ModelEvent =
  | { type: 'text_delta'; text: string }
  | { type: 'thinking_delta'; text: string }
  /** The thinking block that the deltas built is complete; `signature` lets it be sent back. */
  | { type: 'thinking_end'; signature?: string }
  | { type: 'redacted_thinking'; data: string }
  /**
   * A piece of a tool call's input JSON as the model writes it (optional: a model may send only the whole call).
   * `id` is the one the call's `tool_call` will carry; the pieces joined are its input's text so far.
   */
  | { type: 'tool_input_delta'; id: string; name: string; delta: string }
  /** A complete tool call, emitted once its input has fully arrived. */
  | { type: 'tool_call'; id: string; name: string; input: unknown }
  | { type: 'stop'; reason: ModelStopReason; detail?: string; usage?: Usage };

/** One model response per call; the agent loop calls it again after running tools. */
export interface Model {
  readonly name: string;
  /**
   * The media types of uploads this model reads (`image/*` for every image). A message whose upload it cannot take is
   * refused with a 415 before its run starts. Unset: none.
   */
  readonly attachmentTypes?: readonly string[];
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}

/** A provider failure, with a message fit to show a user (no keys, no stack). */
export class ModelError extends Error {
  readonly status: number | undefined;
  readonly code: string;
  constructor(message: string, options: { status?: number; code?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'ModelError';
    this.status = options.status;
    this.code = options.code ?? 'model_error';
  }
}
