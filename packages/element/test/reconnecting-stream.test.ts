import { expect } from '@open-wc/testing';
import type { EventSourceMessage } from 'eventsource-parser';
import { ENDED_AWAY, reconnecting } from '../src/conversation/reconnecting-stream.js';

async function* messages(list: EventSourceMessage[], thenFail?: string): AsyncGenerator<EventSourceMessage> {
  for (const message of list) yield message;
  if (thenFail) throw new TypeError(thenFail);
}
const event = (id: number, type = 'text_delta'): EventSourceMessage => ({ id: String(id), event: type, data: `{"type":"${type}"}` });

describe('reconnecting(): a run followed across dropped connections', () => {
  it('reopens after the last id seen, skips what was applied, and ends at done', async () => {
    let last = 0;
    const asked: number[] = [];
    const seen: string[] = [];
    const lines: string[] = [];
    for await (const message of reconnecting({
      first: messages([event(1), event(2)], 'network error'),
      reopen: async (after) => {
        asked.push(after);
        return messages([event(2), event(3), event(4, 'done')]);
      },
      lastId: () => last,
      signal: new AbortController().signal,
      onReconnecting: (attempt) => lines.push(`reconnecting ${attempt}`),
      onReconnected: () => lines.push('reconnected'),
      firstDelayMs: 1,
    })) {
      if (message === ENDED_AWAY) throw new Error('not expected');
      last = Number(message.id);
      seen.push(message.id!);
    }
    expect(seen).to.deep.equal(['1', '2', '3', '4']);
    expect(asked).to.deep.equal([2]);
    expect(lines).to.deep.equal(['reconnecting 1', 'reconnected']);
  });

  it('gives up after maxAttempts failed tries, with the last failure', async () => {
    let tries = 0;
    const run = async () => {
      for await (const message of reconnecting({
        first: messages([event(1)], 'dropped'),
        reopen: async () => {
          tries += 1;
          throw new TypeError('server unreachable');
        },
        lastId: () => 1,
        signal: new AbortController().signal,
        onReconnecting: () => {},
        onReconnected: () => {},
        maxAttempts: 3,
        firstDelayMs: 1,
      }))
        void message;
    };
    let failure: unknown;
    await run().catch((error: unknown) => (failure = error));
    expect(tries).to.equal(3);
    expect((failure as Error).message).to.equal('server unreachable');
  });

  it('says the run ended while away when the server has nothing more (204) or the events are gone', async () => {
    const outcomes: unknown[] = [];
    for (const reopen of [async () => undefined, async () => messages([{ event: 'error', data: '{"type":"error","code":"events_gone"}', id: '' }])]) {
      for await (const message of reconnecting({
        first: messages([event(1)], 'dropped'),
        reopen,
        lastId: () => 1,
        signal: new AbortController().signal,
        onReconnecting: () => {},
        onReconnected: () => {},
        firstDelayMs: 1,
      }))
        if (message === ENDED_AWAY) outcomes.push(message);
    }
    expect(outcomes).to.deep.equal([ENDED_AWAY, ENDED_AWAY]);
  });
});
