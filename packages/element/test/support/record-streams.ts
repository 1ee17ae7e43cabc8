import { createParser } from 'eventsource-parser';

/**
 * A wiretap on the page's fetch: keeps a copy of every event stream the element receives, so a test can
 * check what the server really sent (e.g. that `done` said `cancelled`), not only what the element made of it.
 */
export interface StreamRecorder {
  /** The full text of each event stream received so far, in order; each resolves when its stream ends. */
  readonly streams: Promise<string>[];
  restore(): void;
}

export function recordEventStreams(): StreamRecorder {
  const original = window.fetch;
  const streams: Promise<string>[] = [];
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const response = await original(...args);
    if (response.headers.get('content-type')?.includes('text/event-stream')) {
      // Read the copy from the start, so no chunk is left queued if the element later aborts the request.
      streams.push(readAll(response.clone()));
    }
    return response;
  };
  return { streams, restore: () => (window.fetch = original) };
}

async function readAll(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Aborted: what arrived before is the record.
  }
  return text;
}

export interface RecordedEvent {
  id: number | undefined;
  type: string;
  data: Record<string, unknown>;
}

/** The messages of a recorded SSE stream, with `data` parsed. */
export function eventsIn(streamText: string): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  const parser = createParser({
    onEvent(message) {
      const data = JSON.parse(message.data) as Record<string, unknown>;
      events.push({
        id: message.id === undefined ? undefined : Number(message.id),
        type: message.event ?? String(data.type),
        data,
      });
    },
  });
  parser.feed(streamText);
  return events;
}
