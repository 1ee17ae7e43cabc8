/** A content block for the fake Messages API to return, in the API's own response shapes. */
export type FakeContentBlock =
  | { type: 'text'; text: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | {
      type: 'tool_use';
      id: string;
      name: string;
      input: unknown;
      /** JSON text to stream instead of `input`'s, to play a call cut off mid-input or a malformed one. */
      rawInput?: string;
    };

/** A successful (HTTP 200) response: these blocks, then the stop reason. */
export interface FakeMessageReply {
  content: readonly FakeContentBlock[];
  /** Any string, so unknown values can be played; `null` as the API would never send. Default: `tool_use` when a tool is called, else `end_turn`. */
  stopReason?: string | null;
  usage?: { inputTokens?: number; outputTokens?: number; cacheReadInputTokens?: number };
  /** After the content, send this SSE `error` event and end, as the API does when it fails mid-stream. */
  streamError?: { type: string; message: string };
  /** After the content, end the body with no `message_delta`/`message_stop`, as a dropped connection would. */
  truncate?: boolean;
  /** Characters per text, thinking and input delta, overriding the server's setting. */
  chunkSize?: number;
  /** Milliseconds before each SSE event, overriding the server's setting. */
  delayMs?: number;
  /**
   * The stream's first event waits until this settles: the model's answer, and so the run asking for it, is in
   * flight until a test says otherwise, however fast or slow the machine.
   */
  holdUntil?: PromiseLike<unknown>;
  /** Send only this many SSE events, then hold the connection open silently until the client leaves (a model gone quiet). */
  stallAfterEvents?: number;
  /**
   * Send every content block whole (a tool_use block's call is complete), then hold the connection open silently,
   * with no `message_delta` or `message_stop`: a model gone quiet between its content and its stop. Counts no events,
   * so it does not depend on the chunk size. `stallAfterEvents` wins when both are set.
   */
  stallAfterContent?: boolean;
}

/** An HTTP error response with the API's error body. */
export interface FakeErrorReply {
  status: number;
  error: { type: string; message: string };
  /** E.g. `retry-after-ms` or `x-should-retry`, which the SDK's retry logic reads. */
  headers?: Record<string, string>;
}

export type FakeReply = FakeMessageReply | FakeErrorReply;

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface ReplyContext {
  id: string;
  model: string;
  chunkSize: number;
}

/**
 * The SSE events the real API streams for a reply, in its order: `message_start`, per block a start, deltas and a
 * stop (with a `ping` after the first start), `message_delta` with the stop reason and output tokens, `message_stop`.
 */
export function replyStreamEvents(reply: FakeMessageReply, context: ReplyContext): SseEvent[] {
  const usage = replyUsage(reply);
  const events: SseEvent[] = [
    event('message_start', {
      message: {
        id: context.id,
        type: 'message',
        role: 'assistant',
        model: context.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.input,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: usage.cacheRead,
          output_tokens: 1,
        },
      },
    }),
  ];
  if (reply.content.length === 0) events.push(event('ping', {}));
  for (const [index, block] of reply.content.entries()) {
    events.push(event('content_block_start', { index, content_block: startShape(block) }));
    if (index === 0) events.push(event('ping', {}));
    for (const delta of blockDeltas(block, context.chunkSize)) events.push(event('content_block_delta', { index, delta }));
    events.push(event('content_block_stop', { index }));
  }
  if (reply.streamError) {
    events.push(event('error', { error: reply.streamError }));
    return events;
  }
  if (reply.truncate) return events;
  events.push(
    event('message_delta', {
      delta: { stop_reason: stopReasonOf(reply), stop_sequence: null },
      usage: { output_tokens: usage.output },
    }),
    event('message_stop', {}),
  );
  return events;
}

/** The complete Message the API returns when `stream` is not set. */
export function replyMessage(reply: FakeMessageReply, context: Omit<ReplyContext, 'chunkSize'>): Record<string, unknown> {
  const usage = replyUsage(reply);
  return {
    id: context.id,
    type: 'message',
    role: 'assistant',
    model: context.model,
    content: reply.content.map(({ ...block }) => {
      if (block.type !== 'tool_use') return block;
      const { rawInput: _raw, ...call } = block;
      return call;
    }),
    stop_reason: stopReasonOf(reply),
    stop_sequence: null,
    usage: { input_tokens: usage.input, cache_creation_input_tokens: 0, cache_read_input_tokens: usage.cacheRead, output_tokens: usage.output },
  };
}

export function stopReasonOf(reply: FakeMessageReply): string | null {
  if (reply.stopReason !== undefined) return reply.stopReason;
  return reply.content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn';
}

function replyUsage(reply: FakeMessageReply): { input: number; output: number; cacheRead: number } {
  const characters = reply.content.reduce((sum, block) => sum + JSON.stringify(block).length, 0);
  return {
    input: reply.usage?.inputTokens ?? 25,
    output: reply.usage?.outputTokens ?? Math.max(1, Math.ceil(characters / 4)),
    cacheRead: reply.usage?.cacheReadInputTokens ?? 0,
  };
}

function startShape(block: FakeContentBlock): Record<string, unknown> {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'thinking':
      return { type: 'thinking', thinking: '', signature: '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: {} };
  }
}

function blockDeltas(block: FakeContentBlock, chunkSize: number): Record<string, unknown>[] {
  switch (block.type) {
    case 'text':
      return chunks(block.text, chunkSize).map((text) => ({ type: 'text_delta', text }));
    case 'thinking':
      return [
        ...chunks(block.thinking, chunkSize).map((thinking) => ({ type: 'thinking_delta', thinking })),
        { type: 'signature_delta', signature: block.signature },
      ];
    case 'redacted_thinking':
      return [];
    case 'tool_use': {
      const json = block.rawInput ?? JSON.stringify(block.input);
      // The API's first input delta is always empty.
      return ['', ...chunks(json, chunkSize)].map((partial_json) => ({ type: 'input_json_delta', partial_json }));
    }
  }
}

function chunks(text: string, size: number): string[] {
  const step = Math.max(1, size);
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += step) parts.push(text.slice(i, i + step));
  return parts;
}

function event(type: string, fields: Record<string, unknown>): SseEvent {
  return { event: type, data: { type, ...fields } };
}

/** One event in the SSE wire format. */
export function encodeSseEvent({ event: type, data }: SseEvent): string {
  return `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}
