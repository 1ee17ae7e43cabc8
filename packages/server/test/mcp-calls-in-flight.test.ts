// Which tool call a server's elicitation or sampling request is for (mcp/calls-in-flight.ts): never another
// session's. Review of issue 35.2: a request naming a task whose call has ended went to whoever was calling then.
import { describe, expect, it } from 'vitest';
import { callsInFlight, type McpCaller } from '../src/mcp/calls-in-flight.js';

const caller = (principal: string, sessionId: string): McpCaller => ({
  principal,
  sessionId,
  signal: new AbortController().signal,
  requestInput: async () => ({ action: 'cancel', by: 'ended' }),
  countUsage: () => {},
});

describe('calls in flight', () => {
  it('a request naming a task goes to the call that runs it', () => {
    const calls = callsInFlight();
    const ann = calls.enter(caller('ann', 's1'));
    const bob = calls.enter(caller('bob', 's1'));
    bob.call.taskIds.add('task-bob');
    const found = calls.attribute('task-bob');
    expect('call' in found && found.call).toBe(bob.call);
    ann.leave();
    bob.leave();
  });

  it("a request naming a task whose call has ended is nobody's, even with another session's call under way", () => {
    const calls = callsInFlight();
    const ann = calls.enter(caller('ann', 's1'));
    ann.call.taskIds.add('task-ann');
    // Ann's call ends (Stop, its timeout) while her task runs on at the server; Bob calls a tool of the same server.
    ann.leave();
    const bob = calls.enter(caller('bob', 's2'));
    expect(calls.attribute('task-ann')).toEqual({ none: 'idle' });
    // A request with no link still goes to the one session calling.
    const plain = calls.attribute(undefined);
    expect('call' in plain && plain.call).toBe(bob.call);
    bob.leave();
  });

  it('calls of two sessions and no link: nobody is asked', () => {
    const calls = callsInFlight();
    calls.enter(caller('ann', 's1'));
    calls.enter(caller('ann', 's2'));
    expect(calls.attribute(undefined)).toEqual({ none: 'ambiguous' });
  });
});
