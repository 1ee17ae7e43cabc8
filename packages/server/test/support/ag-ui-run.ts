import { HttpAgent, type BaseEvent, type RunAgentParameters, type RunAgentResult } from '@ag-ui/client';
import { EventSchema } from '@ag-ui/core/schemas';
import { createAgentChat, type AgentChatAppOptions } from '../../src/index.js';
import type { Context } from 'hono';

/** Who is calling, from a bearer token: an AG-UI client sends headers, not our anonymous cookie. */
export const bearerPrincipal = (c: Context) => c.req.header('authorization')?.replace(/^Bearer /, '') || null;

export function agUiApp(options: Omit<AgentChatAppOptions, 'authorize'>) {
  return createAgentChat({ ...options, authorize: bearerPrincipal });
}

/** The official AG-UI client, on our endpoint, for one thread. */
export function agUiAgent(baseUrl: string, threadId: string, user = 'alice'): HttpAgent {
  return new HttpAgent({ url: `${baseUrl}/ag-ui`, threadId, headers: { authorization: `Bearer ${user}` } });
}

export interface AgUiRun extends RunAgentResult {
  events: BaseEvent[];
}

/**
 * One run through the client. The client checks the stream's order itself (its verifier rejects the run on an event
 * out of place), and every event it received is checked here against @ag-ui/core's schema.
 */
export async function runAgUi(agent: HttpAgent, params?: RunAgentParameters): Promise<AgUiRun> {
  const events: BaseEvent[] = [];
  const result = await agent.runAgent(params, {
    onEvent: ({ event }) => {
      events.push(event);
    },
  });
  for (const event of events) EventSchema.parse(event);
  return { ...result, events };
}

/** The event types in order, runs of the same delta event counted once (how many deltas is the model's business). */
export function eventTypes(events: readonly BaseEvent[]): string[] {
  const repeats = new Set(['TEXT_MESSAGE_CONTENT', 'REASONING_MESSAGE_CONTENT', 'TOOL_CALL_ARGS']);
  return events.map((event) => event.type as string).filter((type, i, all) => !(repeats.has(type) && all[i - 1] === type));
}

export function ofType<T extends BaseEvent>(events: readonly BaseEvent[], type: string): T[] {
  return events.filter((event) => event.type === type) as T[];
}
