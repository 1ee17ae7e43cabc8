import { readAgentEvents, type ReceivedEvent } from '@agent-chat/server/testing';
import { expect } from 'vitest';

/** The reply of the scripted model in fixtures/app/agent-app.mjs, which these tests cannot import (it runs elsewhere). */
export const EXPECTED_REPLY = 'The packed server answers from its runtime.';
export const EXPECTED_TOOL = 'where_am_i';

/** POSTs one message to the fixture app's agent (mounted at /api) and reads the whole SSE stream, within 20 s. */
export async function runScriptedTurn(baseUrl: string, sessionId: string): Promise<ReceivedEvent[]> {
  const response = await fetch(`${baseUrl}/api/sessions/${sessionId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'Where do you run?' }),
    signal: AbortSignal.timeout(20_000),
  });
  expect(response.status, await peek(response)).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return readAgentEvents(response);
}

/** The scripted turn as it must arrive from any runtime: text, the tool call and its result there, the reply, done. */
export function expectScriptedTurn(events: readonly ReceivedEvent[], runtime: string): void {
  const types = events.map((event) => event.data.type);
  expect(types[0]).toBe('run_started');
  expect(types.at(-1)).toBe('done');
  const call = events.find((event) => event.data.type === 'tool_call')?.data;
  expect(call).toMatchObject({ type: 'tool_call', name: EXPECTED_TOOL, input: { detail: 'name' }, label: 'Checking where the server runs' });
  const result = events.find((event) => event.data.type === 'tool_result')?.data;
  // The tool names the runtime from its globals: proof that the tool, hence the server, ran there.
  expect(result).toMatchObject({ type: 'tool_result', name: EXPECTED_TOOL, isError: false, output: { runtime } });
  const text = events.flatMap((event) => (event.data.type === 'text_delta' ? [event.data.text] : [])).join('');
  expect(text).toBe(`Let me check. ${EXPECTED_REPLY}`);
  expect(events.at(-1)!.data).toMatchObject({ type: 'done', stopReason: 'end_turn' });
  // SSE ids increase by one from 1: nothing lost or reordered on the way.
  expect(events.map((event) => event.id)).toEqual(events.map((_, index) => index + 1));
}

async function peek(response: Response): Promise<string> {
  return response.ok ? '' : `${response.status}: ${await response.clone().text()}`;
}
