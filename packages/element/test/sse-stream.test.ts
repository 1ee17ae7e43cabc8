import { expect } from '@open-wc/testing';
import type { EventSourceMessage } from 'eventsource-parser';
import { readSseStream } from '../src/transport/sse-stream.js';
import { StreamProtocolError, toStreamEvent } from '../src/transport/stream-event.js';

/** A body that delivers the text in the given pieces, as a network would, split anywhere. */
function body(...pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<EventSourceMessage[]> {
  const messages: EventSourceMessage[] = [];
  for await (const message of readSseStream(stream)) messages.push(message);
  return messages;
}

describe('readSseStream', () => {
  it('yields whole messages however the bytes are split, including inside a multi-byte character', async () => {
    const text = 'id: 1\nevent: text_delta\ndata: {"type":"text_delta","turnId":"t","text":"Olá ✓"}\n\nid: 2\nevent: done\ndata: {}\n\n';
    const bytes = new TextEncoder().encode(text);
    const check = bytes.indexOf(0xe2); // the first byte of ✓
    expect(check).to.be.greaterThan(0);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 7));
        controller.enqueue(bytes.slice(7, check + 1));
        controller.enqueue(bytes.slice(check + 1));
        controller.close();
      },
    });
    const messages = await collect(stream);
    expect(messages.map((m) => [m.id, m.event])).to.deep.equal([
      ['1', 'text_delta'],
      ['2', 'done'],
    ]);
    expect(JSON.parse(messages[0]!.data).text).to.equal('Olá ✓');
  });

  it('handles CRLF line ends and ignores comments (keep-alives)', async () => {
    const messages = await collect(body(': ping\r\n\r\nevent: status\r\ndata: {"type":"status"}\r\n\r\n'));
    expect(messages.map((m) => m.event)).to.deep.equal(['status']);
  });
});

describe('toStreamEvent', () => {
  it('parses the data and skips event types this element does not know', () => {
    expect(toStreamEvent({ event: 'status', data: '{"type":"status","turnId":"s","text":"Working"}' })).to.deep.equal({
      type: 'status',
      turnId: 's',
      text: 'Working',
    });
    expect(toStreamEvent({ event: 'something_new', data: '{"type":"something_new"}' })).to.equal(undefined);
  });

  it('reports unreadable data instead of dropping it', () => {
    expect(() => toStreamEvent({ event: 'done', data: '{not json' })).to.throw(StreamProtocolError, /unreadable "done" event/);
  });
});
