import { readAgentEvents, type ReceivedEvent } from '../../src/testing/read-agent-events.js';

/** Read a run's stream until `count` events have come, then drop the connection, as a reader that goes away does. */
export async function readThenDrop(response: Response, count: number): Promise<ReceivedEvent[]> {
  const abort = new AbortController();
  const seen: ReceivedEvent[] = [];
  await readAgentEvents(
    response,
    (event) => {
      seen.push(event);
      if (seen.length === count) abort.abort();
    },
    abort.signal,
  ).catch(() => undefined);
  return seen.slice(0, count);
}
