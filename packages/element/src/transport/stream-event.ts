import type { StreamEvent, StreamEventType } from '@agent-chat/protocol';
import type { EventSourceMessage } from 'eventsource-parser';

/** Listed here rather than imported: the protocol package's values would pull zod into the browser. */
const KNOWN_TYPES: ReadonlySet<string> = new Set<StreamEventType>([
  'run_started',
  'text_delta',
  'thinking_delta',
  'tool_input_delta',
  'tool_call',
  'tool_result',
  'status',
  'state',
  'error',
  'awaiting_input',
  'input_request',
  'input_answered',
  'ui',
  'done',
]);

export class StreamProtocolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamProtocolError';
  }
}

/**
 * The StreamEvent an SSE message carries, or undefined for an event type this element does not know yet
 * (a newer server may add some; they are skipped, not fatal). The server is trusted to send the shape the
 * protocol describes: validating it here would need zod in the bundle.
 */
export function toStreamEvent(message: EventSourceMessage): StreamEvent | undefined {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    throw new StreamProtocolError(`The agent server sent an unreadable "${message.event ?? 'message'}" event`);
  }
  if (!data || typeof data !== 'object') {
    throw new StreamProtocolError(`The agent server sent a "${message.event ?? 'message'}" event without an object`);
  }
  const type = (data as { type?: unknown }).type ?? message.event;
  if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) return undefined;
  return { ...(data as object), type } as StreamEvent;
}
