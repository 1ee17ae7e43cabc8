import type { StreamEvent } from '@agent-chat/protocol';
import { iterateSse } from './read-sse.js';

export interface ReceivedEvent {
  id: number;
  event: string;
  data: StreamEvent;
}

/** An agent run's events as they arrive, typed; `onEvent` sees each one first (to cancel mid-run, say); reading ends when `signal` aborts. */
export async function readAgentEvents(
  response: Response,
  onEvent?: (event: ReceivedEvent) => void,
  signal?: AbortSignal,
): Promise<ReceivedEvent[]> {
  const events: ReceivedEvent[] = [];
  for await (const message of iterateSse(response)) {
    const event = { id: Number(message.id), event: message.event ?? 'message', data: JSON.parse(message.data) as StreamEvent };
    events.push(event);
    onEvent?.(event);
    // Once the test has hung up itself, stop reading: Node's fetch does not always fail a body read after abort.
    if (signal?.aborted) break;
  }
  return events;
}
