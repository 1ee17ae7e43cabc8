// A third-party AG-UI agent's run (an AbstractAgent of @ag-ui/client, its middleware applied) served as the SSE
// response an AG-UI endpoint gives: @ag-ui/encoder's framing, every event checked against AG-UI's schemas first,
// a failed run as its RUN_ERROR. Shared by the test agents that stand behind the official middlewares.
import type { AbstractAgent } from '@ag-ui/client';
import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/core';
import { EventSchemas } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';

export function agentRunResponse(agent: AbstractAgent, input: RunAgentInput, signal: AbortSignal): Response {
  const encoder = new EventEncoder({ accept: 'text/event-stream' });
  const bytes = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: BaseEvent) => {
        if (!signal.aborted) controller.enqueue(bytes.encode(encoder.encodeSSE(EventSchemas.parse(event) as BaseEvent)));
      };
      // The page went away: the agent stops feeding a stream nobody reads.
      signal.addEventListener('abort', () => void agent.detachActiveRun(), { once: true });
      agent
        .runAgent(
          { runId: input.runId, tools: input.tools, context: input.context, ...(input.forwardedProps ? { forwardedProps: input.forwardedProps } : {}) },
          { onEvent: ({ event }) => send(event) },
        )
        .catch((error: unknown) => send({ type: EventType.RUN_ERROR, message: String(error) } as BaseEvent))
        .finally(() => {
          if (!signal.aborted) controller.close();
        });
    },
  });
  return new Response(body, { headers: { 'content-type': encoder.getContentType(), 'cache-control': 'no-cache' } });
}
